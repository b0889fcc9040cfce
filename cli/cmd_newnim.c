/* grundy newnim HEAPS [--json]: New Nim, the least total the first player
 * must remove to be sure to win (-1 when they cannot). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "json.h"

int cmd_newnim(const cli_opts *o) {
    const char *source = NULL;
    int rc;
    gr_ctx *ctx = NULL;
    gr_position *pos = NULL;
    gr_error err;
    uint64_t *heaps = NULL;
    unsigned char *removed = NULL;
    if ((rc = cli_setup(o, &ctx, 0)) != 0) goto out;
    /* heaps are written as a position of bare numbers: "3 4 5" or "3 + 4 + 5" */
    if ((rc = cli_load_position(o, ctx, 1, &pos, &source)) != 0) goto out;
    size_t n = gr_position_count(pos);
    heaps = malloc((n ? n : 1) * sizeof *heaps);
    removed = malloc(n ? n : 1);
    if (!heaps || !removed) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    for (size_t i = 0; i < n; i++) {
        gr_term_info t;
        if (gr_position_term(pos, i, &t) != GR_OK) { rc = 1; goto out; }
        heaps[i] = t.args[0];
        if (!t.bare) { fprintf(stderr, "grundy: error: newnim takes heap sizes (numbers), term %zu is not one\n", i + 1); rc = 2; goto out; }
    }
    int wins;
    uint64_t hi, lo;
    if (gr_newnim(heaps, n, &wins, &hi, &lo, removed, &err) != GR_OK) { rc = cli_report(&err, NULL, 0); goto out; }
    char num[GR_U128_DIGITS];
    if (!wins) strcpy(num, "-1");
    else gr_u128_format(hi, lo, num);
    if (o->json) {
        json_writer w;
        json_init(&w, stdout);
        json_object_begin(&w);
        json_key(&w, "heaps");
        json_uint(&w, n);
        json_key(&w, "wins");
        json_bool(&w, wins);
        json_key(&w, "cost");
        json_number(&w, num);
        json_key(&w, "remove");
        json_array_begin(&w);
        for (size_t i = 0; i < n && wins; i++) {
            if (!removed[i]) continue;
            json_object_begin(&w);
            json_key(&w, "index");
            json_uint(&w, i);
            json_key(&w, "heap");
            json_uint(&w, heaps[i]);
            json_object_end(&w);
        }
        json_array_end(&w);
        json_object_end(&w);
        json_line_end(&w);
    } else {
        printf("%s\n", num);
    }
out:
    free(heaps);
    free(removed);
    gr_position_free(pos);
    gr_ctx_free(ctx);
    return rc;
}
