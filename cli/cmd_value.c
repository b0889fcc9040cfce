/* grundy value POSITION: the Grundy value of a position (a sum of terms). */
#include <stdio.h>
#include <stdlib.h>
#include "cert_value.h"
#include "solve.h"
#include "farm.h"

int cmd_value(const cli_opts *o) {
    const char *source = NULL;
    gr_ctx *ctx = NULL;
    gr_position *pos = NULL;
    gr_ruleset *brs = NULL;
    gr_error err;
    gr_error_clear(&err);
    int rc;
    /* a value is of normal play; the other plays answer who wins, in solve */
    if (o->misere || o->every) {
        fprintf(stderr, "grundy: error: value gives the normal-play value; for %s play ask 'grundy solve %s POSITION'\n",
                o->misere ? "misère" : "Every-SG", o->misere ? "--misere" : "--every");
        return 2;
    }
    if ((rc = cli_setup(o, &ctx, CLI_DEFAULT_SECONDS)) != 0) goto out;
    uint64_t v;
    if ((rc = cli_load_position(o, ctx, 0, &pos, &source)) != 0) goto out;
    if ((rc = cli_board_table_load(o, pos, &brs)) != 0) goto out;
    if (o->mpi && (rc = cli_mpi_board(o, ctx, pos, 0)) != 0) goto out;
    cli_progress prog;
    cli_progress_attach(&prog, o, pos);
    cli_board_saver saver;
    cli_board_saver_start(&saver, o, ctx, brs);
    gr_status st;
    do st = gr_position_value(pos, &v, &err);
    while (cli_board_saver_again(&saver, st, &err));
    cli_board_saver_stop(&saver);
    cli_progress_detach(&prog);
    if (st == GR_ECYCLE && cli_has_loopy_term(pos) && o->certificate) {
        fprintf(stderr, "grundy: error: a position can be reached from itself: a loopy game has no value "
                        "certificate\n");
        rc = 2;
        goto out;
    }
    if (st == GR_ECYCLE && cli_has_loopy_term(pos)) {
        /* a loopy sum of infinite value: ∞{K} */
        gr_gvalue gv = GR_SIZED(gr_gvalue);
        if (gr_position_gvalue(pos, &gv, &err) != GR_OK) { rc = cli_report(&err, source, source != NULL); goto out; }
        if (gv.infinite) {
            cli_print_infinite(gv.K, gv.nK, 0);
            printf("\n");
            goto out;
        }
        v = gv.value;
        st = GR_OK;
    }
    if (st != GR_OK) {
        rc = cli_report(&err, source, source != NULL);
        goto out;
    }
    /* the certificate first: a term it does not cover is refused before the value is printed */
    if (o->certificate && (rc = cli_value_certificate_write(o->certificate, pos)) != 0) goto out;
    printf("%llu\n", (unsigned long long)v);
out:
    rc = cli_board_table_save(o, brs, rc); /* also when the run stopped: a long search resumes from it */
    gr_position_free(pos);
    gr_ctx_free(ctx);
    return rc;
}
