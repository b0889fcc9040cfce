/* grundy value POSITION: the Grundy value of a position (a sum of terms). */
#include <stdio.h>
#include <stdlib.h>
#include "cli.h"

int cmd_value(const cli_opts *o) {
    cli_input in;
    gr_ctx *ctx = NULL;
    gr_position *pos = NULL;
    gr_error err;
    gr_error_clear(&err);
    int rc = cli_load_input(o, &in);
    if (rc) return rc;
    if ((rc = cli_setup(o, &ctx)) != 0) goto out;
    uint64_t v;
    if (cli_parse(ctx, in.text, in.len, in.flags, &pos, &err) != GR_OK ||
        gr_position_value(pos, &v, &err) != GR_OK) {
        rc = cli_report(&err, in.source, in.source != NULL);
        goto out;
    }
    printf("%llu\n", (unsigned long long)v);
out:
    gr_position_free(pos);
    gr_ctx_free(ctx);
    free(in.text);
    return rc;
}
