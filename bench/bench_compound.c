/* Compound play at scale: a misère nim sum of 10^6 random 64-bit heaps,
 * Moore's Nim-3 on 10^6 such heaps, and staircase nim with 10^6 pieces.
 * Each is timed through the library (parse, outcome, one winning move)
 * against the textbook loop of the seeds on the same numbers. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "benchutil.h"

static int take_one(void *user, const gr_move *m) {
    (void)m;
    ++*(int *)user;
    return 0;
}

static uint64_t rng(uint64_t *s) {
    *s = *s * 6364136223846793005ull + 1442695040888963407ull;
    return *s >> 1;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static char *text_of(const uint64_t *v, size_t n, const char *pre, const char *sep, const char *post, size_t *len) {
    char *t = malloc(n * 24 + 64);
    size_t p = (size_t)sprintf(t, "%s", pre);
    for (size_t i = 0; i < n; i++) p += (size_t)sprintf(t + p, "%s%llu", i ? sep : "", (unsigned long long)v[i]);
    p += (size_t)sprintf(t + p, "%s", post);
    *len = p;
    return t;
}

int main(void) {
    size_t n = 1000000;
    uint64_t s = 99, *h = malloc(n * sizeof *h);
    for (size_t i = 0; i < n; i++) h[i] = rng(&s);
    gr_ctx *ctx;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK) return 1;

    /* misère nim */
    size_t len;
    char *t = text_of(h, n, "", "\n", "\n", &len);
    double t0 = bench_now();
    gr_position *pos;
    gr_misere m = GR_SIZED(gr_misere);
    int moves = 0, complete;
    if (gr_position_parse(ctx, t, len, GR_PARSE_LINES, &pos, &err) != GR_OK || gr_position_misere(pos, &m, &err) != GR_OK ||
        gr_position_misere_moves(pos, 1, take_one, &moves, &complete, &err) != GR_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    double tl = bench_now() - t0;
    t0 = bench_now();
    /* the seeds' Anti-Nim loop */
    uint64_t x = 0;
    size_t full = 0, lonely = 0;
    for (size_t i = 0; i < n; i++) { x ^= h[i]; if (h[i] == 1) lonely++; else if (h[i] > 1) full++; }
    int wins = full ? x != 0 : lonely % 2 == 0;
    double tb = bench_now() - t0;
    if (wins != m.wins) { fprintf(stderr, "misère results differ\n"); return 1; }
    printf("misère nim, 10^6 heaps: grundy %.3f s (parse, outcome by %s, %d winning move), textbook loop %.4f s on parsed numbers\n",
           tl, m.method, moves, tb);
    gr_position_free(pos);

    /* Moore's Nim-3 */
    t0 = bench_now();
    int w3;
    moves = 0;
    if (gr_position_parse(ctx, t, len, GR_PARSE_LINES, &pos, &err) != GR_OK || gr_position_moore(pos, 3, 0, &w3, &err) != GR_OK ||
        gr_position_moore_move(pos, 3, 0, take_one, &moves, &err) != GR_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    tl = bench_now() - t0;
    t0 = bench_now();
    int p = 1;
    for (int b = 0; b < 64; b++) {
        uint64_t c = 0;
        for (size_t i = 0; i < n; i++) c += h[i] >> b & 1;
        if (c % 4) p = 0;
    }
    tb = bench_now() - t0;
    if (p == w3) { fprintf(stderr, "Moore results differ\n"); return 1; }
    printf("Moore's Nim-3, 10^6 heaps: grundy %.3f s (parse, outcome, a move changing %d heaps), textbook bit count %.4f s\n",
           tl, moves, tb);
    gr_position_free(pos);
    free(t);

    /* staircase nim with 10^6 pieces on distinct cells */
    uint64_t *cells = malloc(n * sizeof *cells);
    for (size_t i = 0; i < n; i++) cells[i] = (i + 1) * 1000 + rng(&s) % 997;
    for (size_t i = n - 1; i > 0; i--) { size_t j = (size_t)(rng(&s) % (i + 1)); uint64_t q = cells[i]; cells[i] = cells[j]; cells[j] = q; }
    t = text_of(cells, n, "staircase(", ",", ")", &len);
    t0 = bench_now();
    if (gr_position_parse(ctx, t, len, 0, &pos, &err) != GR_OK) return 1;
    double tparse = bench_now() - t0;
    gr_position_free(pos);
    t0 = bench_now();
    uint64_t v;
    moves = 0;
    if (gr_position_parse(ctx, t, len, 0, &pos, &err) != GR_OK || gr_position_value(pos, &v, &err) != GR_OK ||
        gr_position_winning_moves(pos, 1, take_one, &moves, &complete, &err) != GR_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    tl = bench_now() - t0;
    t0 = bench_now();
    /* POJ 1704: sort, pair pieces from the right, XOR the gaps */
    qsort(cells, n, sizeof *cells, cmp_u64);
    uint64_t y = 0;
    for (size_t i = n; i >= 2; i -= 2) y ^= cells[i - 1] - cells[i - 2] - 1;
    if (n % 2) y ^= cells[0] - 1;
    tb = bench_now() - t0;
    if (y != v) { fprintf(stderr, "staircase results differ\n"); return 1; }
    printf("staircase nim, 10^6 pieces: grundy %.3f s (parse %.3f s, value, %d winning move), textbook sort-and-pair %.3f s (ratio %.2fx)\n",
           tl, tparse, moves, tb, tl / tb);
    gr_position_free(pos);
    free(t);
    free(cells);
    free(h);
    gr_ctx_free(ctx);
    return 0;
}
