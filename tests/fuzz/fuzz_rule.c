/* libFuzzer target for the rule language: the input is what stands between
 * the brackets of rule[...]. Every refusal has a message. A one-number rule
 * that compiles is checked against its own definition: G(n) for n <= 40, as
 * the table computes it (through the take-and-break kernels when the rule
 * has their shape), equals the mex of the options the rule lists, each the
 * XOR of its parts' values. The spec written back compiles to a ruleset
 * with the same values. Rules of 2 to 4 numbers are asked for a value and
 * an outcome. Small bounds keep every run short. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { N = 41 };

typedef struct mexer {
    const uint64_t *g;
    uint64_t n;
    unsigned char seen[4096]; /* values of options seen (a value may well exceed N) */
    int beyond; /* an option with a part >= n: not a well-founded check */
} mexer;

static int add_option(void *user, const uint64_t *heaps, size_t nheaps) {
    mexer *m = user;
    uint64_t x = 0;
    for (size_t k = 0; k < nheaps; k++) {
        if (heaps[k] >= m->n) { m->beyond = 1; return 1; }
        x ^= m->g[heaps[k]];
    }
    if (x < sizeof m->seen) m->seen[x] = 1;
    return 0;
}

static gr_ctx *small_ctx(void) {
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) return NULL;
    gr_ctx_set_table_limit(ctx, 300);
    gr_ctx_set_search_limit(ctx, 3000);
    gr_ctx_set_time_limit(ctx, 2.0);
    return ctx;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size > 2048) return 0;
    char *spec = malloc(size + 7);
    if (!spec) return 0;
    memcpy(spec, "rule[", 5);
    memcpy(spec + 5, data, size);
    spec[size + 5] = ']';
    spec[size + 6] = '\0';
    gr_ctx *ctx = small_ctx();
    if (!ctx) { free(spec); return 0; }
    gr_ruleset *rs;
    gr_error err;
    gr_error_clear(&err);
    if (gr_ctx_ruleset(ctx, spec, size + 6, &rs, &err) != GR_OK) {
        if (!err.message[0]) abort();
        gr_ctx_free(ctx);
        free(spec);
        return 0;
    }
    if (gr_ruleset_is_heap(rs)) {
        uint64_t g[N];
        if (gr_ruleset_values(rs, N, g, &err) == GR_OK) {
            /* each value is the mex of its options, by the rule's own listing */
            for (uint64_t n = 0; n < N; n++) {
                mexer m;
                memset(&m, 0, sizeof m);
                m.g = g;
                m.n = n;
                int complete = 0;
                if (gr_ruleset_options(rs, n, 100000, add_option, &m, &complete, &err) != GR_OK) break;
                if (m.beyond || !complete) break;
                uint64_t mex = 0;
                while (mex < sizeof m.seen && m.seen[mex]) mex++;
                if (mex < sizeof m.seen && mex != g[n]) abort();
            }
            /* written back, the rule compiles to the same game */
            const char *back = gr_ruleset_spec(rs);
            gr_ctx *ctx2 = small_ctx();
            gr_ruleset *rs2;
            if (ctx2) {
                uint64_t g2[N];
                if (gr_ctx_ruleset(ctx2, back, strlen(back), &rs2, &err) != GR_OK) abort();
                if (gr_ruleset_values(rs2, N, g2, &err) == GR_OK && memcmp(g, g2, sizeof g)) abort();
                gr_ctx_free(ctx2);
            }
        } else if (!err.message[0]) {
            abort();
        }
    } else {
        /* a state rule: a short sum of small positions */
        static const char *const sums[] = {"(1,2)", "(3,1) + 2", "(2,2,2)", "(1,1,1,1)"};
        for (size_t k = 0; k < sizeof sums / sizeof sums[0]; k++) {
            size_t n = strlen(spec) + strlen(sums[k]) + 1;
            char *text = malloc(n);
            if (!text) break;
            memcpy(text, spec, strlen(spec));
            memcpy(text + strlen(spec), sums[k], strlen(sums[k]) + 1);
            gr_position *pos = NULL;
            if (gr_position_parse(ctx, text, n - 1, 0, &pos, &err) == GR_OK) {
                uint64_t v;
                int wins, known;
                gr_status st = gr_position_outcome(pos, &wins, &known, &v, &err);
                if (st != GR_OK && !err.message[0]) abort();
                if (st == GR_OK && known && (wins != (v != 0))) abort();
                gr_position_free(pos);
            } else if (!err.message[0]) {
                abort();
            }
            free(text);
        }
    }
    gr_ctx_free(ctx);
    free(spec);
    return 0;
}
