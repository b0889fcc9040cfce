/* Positions from data: 10^6 kayles heaps (and 10^6 bare nim heaps) built
 * with gr_position_add_term and solved (value and one winning move),
 * against the same position written out as text and parsed, the only way
 * before gr_position_new; and against the textbook loop (per-heap values
 * XORed by hand, which gives no moves). Prints the times and the ratios. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "benchutil.h"

#define N 1000000

static int first_move(void *user, const gr_move *m) {
    *(size_t *)user = m->component;
    return 1;
}

static int solve(gr_position *pos, uint64_t *v) {
    gr_error err;
    size_t comp = 0;
    int complete;
    if (gr_position_value(pos, v, &err) != GR_OK ||
        gr_position_winning_moves(pos, 1, first_move, &comp, &complete, &err) != GR_OK) {
        fprintf(stderr, "bench_position: %s\n", err.message);
        return 1;
    }
    return 0;
}

int main(void) {
    static uint64_t heaps[N];
    uint64_t s = 12345;
    for (size_t i = 0; i < N; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        heaps[i] = (s >> 33) % 5000;
    }
    for (int bare = 0; bare < 2; bare++) {
        const char *name = bare ? "nim" : "kayles";
        gr_ctx *ctx;
        gr_ruleset *rs = NULL;
        gr_error err;
        if (gr_ctx_new(&ctx) != GR_OK || gr_ctx_ruleset(ctx, name, strlen(name), &rs, &err) != GR_OK) return 1;
        if (bare) rs = NULL;
        /* warm the table, so each method pays only for its own path */
        uint64_t g;
        if (!bare && gr_ruleset_value(rs, 4999, &g, &err) != GR_OK) return 1;

        double t0 = bench_now();
        gr_position *pos;
        if (gr_position_new(ctx, &pos, &err) != GR_OK) return 1;
        for (size_t i = 0; i < N; i++)
            if (gr_position_add_term(pos, rs, &heaps[i], 1, &err) != GR_OK) { fprintf(stderr, "%s\n", err.message); return 1; }
        uint64_t v1;
        if (solve(pos, &v1)) return 1;
        double t_data = bench_now() - t0;
        gr_position_free(pos);

        t0 = bench_now();
        size_t cap = (size_t)N * 20, len = 0;
        char *text = malloc(cap);
        if (!text) return 1;
        for (size_t i = 0; i < N; i++)
            len += (size_t)snprintf(text + len, cap - len, bare ? "%s%llu" : "%skayles(%llu)", i ? " + " : "",
                                    (unsigned long long)heaps[i]);
        uint64_t v2;
        if (gr_position_parse(ctx, text, len, 0, &pos, &err) != GR_OK) { fprintf(stderr, "%s\n", err.message); return 1; }
        if (solve(pos, &v2)) return 1;
        double t_text = bench_now() - t0;
        gr_position_free(pos);
        free(text);

        t0 = bench_now();
        uint64_t v3 = 0;
        for (size_t i = 0; i < N; i++) {
            if (bare) { v3 ^= heaps[i]; continue; }
            if (gr_ruleset_value(rs, heaps[i], &g, &err) != GR_OK) return 1;
            v3 ^= g;
        }
        double t_loop = bench_now() - t0;
        if (v1 != v2 || v1 != v3) { fprintf(stderr, "bench_position: values differ\n"); return 1; }
        printf("%-7s 10^6 heaps: as data %.3f s, as text %.3f s (%.1fx the data path), value only by hand %.3f s; value %llu\n",
               name, t_data, t_text, t_text / t_data, t_loop, (unsigned long long)v1);
        gr_ctx_free(ctx);
    }
    return 0;
}
