/* libFuzzer target for the graph and Hackenbush file formats: the input is
 * the content of the file that a `hackenbush(@f)`, `hackenbush[1](@f)` or
 * `graph[@f](...)` term names, served by a reader callback (no disk). Each
 * parse either fails with a message or gives a position whose value,
 * outcome and winning moves can be asked for without a crash; small bounds
 * keep every run short. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"

typedef struct file {
    const uint8_t *data;
    size_t size;
} file;

static gr_status serve(void *user, const char *path, char **text, size_t *len, gr_error *err) {
    (void)path;
    (void)err;
    const file *f = user;
    *text = malloc(f->size ? f->size : 1);
    if (!*text) return GR_ENOMEM;
    if (f->size) memcpy(*text, f->data, f->size);
    *len = f->size;
    return GR_OK;
}

static int count_move(void *user, const gr_move *m) {
    (void)m;
    return ++*(int *)user > 4;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const char *const terms[] = {"hackenbush(@f)", "hackenbush[1](@f)", "graph[@f](0)", "graph[@f](0,1) + 1",
                                        "hackenbush(@f) + kayles(3)"};
    if (size > 65536) return 0;
    file f = {data, size};
    gr_parse_opts opts = {sizeof(gr_parse_opts), serve, &f};
    for (size_t t = 0; t < sizeof terms / sizeof terms[0]; t++) {
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) return 0;
        gr_ctx_set_table_limit(ctx, 300);
        gr_ctx_set_search_limit(ctx, 3000);
        gr_ctx_set_time_limit(ctx, 2.0);
        gr_position *pos = NULL;
        gr_error err;
        gr_error_clear(&err);
        if (gr_position_parse_ex(ctx, terms[t], strlen(terms[t]), 0, &opts, &pos, &err) != GR_OK) {
            if (err.message[0] == '\0' || pos != NULL) abort(); /* every error says something */
            gr_ctx_free(ctx);
            continue;
        }
        uint64_t v;
        int wins, known, complete, n = 0;
        gr_status st = gr_position_outcome(pos, &wins, &known, &v, &err);
        if (st != GR_OK && err.message[0] == '\0') abort();
        if (st == GR_OK && gr_position_winning_moves(pos, 5, count_move, &n, &complete, &err) != GR_OK &&
            err.message[0] == '\0')
            abort();
        gr_gvalue gv = GR_SIZED(gr_gvalue);
        if (gr_position_gvalue(pos, &gv, &err) == GR_OK) {
            gr_outcome oc;
            if (gr_position_loopy_outcome(pos, &oc, &err) == GR_OK && !gv.infinite && (oc == GR_OUTCOME_D))
                abort(); /* a finite value is never a draw */
        }
        char *s = NULL;
        if (gr_position_format(pos, &s, NULL) == GR_OK && !s) abort();
        free(s);
        gr_position_free(pos);
        gr_ctx_free(ctx);
    }
    return 0;
}
