/* libFuzzer target for the game-language parser and everything a parsed
 * position reaches: value, writing back, winning moves, loopy outcomes. Bounds are small so
 * that no input can make one run slow. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"

static int count_move(void *user, const gr_move *m) {
    (void)m;
    return ++*(int *)user > 4;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 4096) return 0;
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) return 0;
    gr_ctx_set_table_limit(ctx, 300);
    gr_ctx_set_search_limit(ctx, 3000);
    gr_ctx_set_time_limit(ctx, 3); /* bounded time: every computation below stops by itself */
    for (unsigned flags = 0; flags <= GR_PARSE_LINES; flags++) {
        gr_position *pos = NULL;
        gr_error err;
        if (gr_position_parse(ctx, (const char *)data, size, flags, &pos, &err) != GR_OK) {
            if (err.message[0] == '\0' || pos != NULL) abort(); /* every error says something */
            continue;
        }
        char *s = NULL;
        if (gr_position_format(pos, &s, NULL) == GR_OK) {
            /* what is written back parses again to the same text */
            gr_position *again = NULL;
            if (gr_position_parse(ctx, s, strlen(s), 0, &again, &err) != GR_OK) abort();
            char *s2 = NULL;
            if (gr_position_format(again, &s2, NULL) == GR_OK && strcmp(s, s2)) abort();
            free(s2);
            gr_position_free(again);
        }
        free(s);
        /* loopy games: the generalized value and the outcome agree */
        gr_gvalue gv = GR_SIZED(gr_gvalue);
        if (gr_position_gvalue(pos, &gv, &err) == GR_OK) {
            gr_outcome o;
            if (gr_position_loopy_outcome(pos, &o, &err) != GR_OK) abort();
            if (!gv.infinite && (o == GR_OUTCOME_D || (o == GR_OUTCOME_N) != (gv.value != 0))) abort();
            if (gv.infinite && o == GR_OUTCOME_P) abort();
            int n = 0, complete;
            if (o == GR_OUTCOME_D && gr_position_draw_moves(pos, 4, count_move, &n, &complete, &err) != GR_OK &&
                !err.message[0])
                abort();
        } else if (!err.message[0]) {
            abort();
        }
        uint64_t v;
        if (gr_position_value(pos, &v, &err) == GR_OK && gr_position_count(pos) < 64) {
            int n = 0, complete;
            if (gr_position_winning_moves(pos, 4, count_move, &n, &complete, &err) != GR_OK && !err.message[0]) abort();
            /* compound play on small sums */
            gr_misere m = GR_SIZED(gr_misere);
            if (gr_position_misere(pos, &m, &err) != GR_OK && !err.message[0]) abort();
            n = 0;
            if (gr_position_misere_moves(pos, 4, count_move, &n, &complete, &err) != GR_OK && !err.message[0]) abort();
            uint64_t steps[64];
            int wins;
            size_t dec;
            if (gr_position_every(pos, steps, &wins, &dec, &err) != GR_OK && !err.message[0]) abort();
            if (gr_position_moore(pos, 2, 1, &wins, &err) != GR_OK && !err.message[0]) abort();
        }
        gr_position_free(pos);
    }
    /* the same bytes as a ruleset spec */
    gr_ruleset *rs;
    gr_error err;
    if (gr_ctx_ruleset(ctx, (const char *)data, size, &rs, &err) == GR_OK) {
        uint64_t vals[40];
        if (gr_ruleset_values(rs, 40, vals, &err) != GR_OK && !err.message[0]) abort();
        /* its misère quotient, small: a monoid with identity 0, the empty
         * sum an N-position, every heap an element */
        gr_quotient *q = NULL;
        gr_quotient_limits lim = {sizeof(gr_quotient_limits), 64, 2000, 20000};
        if (gr_quotient_compute(rs, 10, &lim, &q, &err) == GR_OK) {
            uint32_t n = gr_quotient_size(q);
            if (n == 0 || gr_quotient_is_p(q, 0)) abort();
            for (uint64_t h = 0; h <= 10; h++)
                if (gr_quotient_heap(q, h) >= n) abort();
            for (uint32_t x = 0; x < n; x++)
                if (gr_quotient_mul(q, 0, x) != x) abort();
            gr_quotient_free(q);
        } else if (!err.message[0] || q) {
            abort();
        }
    }
    gr_ctx_free(ctx);
    return 0;
}
