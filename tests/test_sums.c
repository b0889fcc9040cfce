/* Sums against a full game-tree search (no Sprague-Grundy theorem in the
 * brute force): for thousands of random small sums of mixed rulesets the
 * library's value is 0 exactly when the player to move loses, and its
 * winning moves are exactly the moves to losing positions. Larger sums are
 * checked against the XOR of brute-force heap values. */
#include <stdio.h>
#include <string.h>
#include "grundy/grundy.h"
#include "brute.h"
#include "randrule.h"
#include "testutil.h"
#include "moves.h"

typedef struct term {
    int rule;
    int nh;
    int h[3];
    int bare;
} term;

static int flatten(const term *t, int nt, bheap *out) {
    int k = 0;
    for (int i = 0; i < nt; i++)
        for (int j = 0; j < t[i].nh; j++) out[k++] = (bheap){t[i].rule, t[i].h[j]};
    return k;
}

/* "i:h1,h2,..." with the heaps sorted */
static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
static void heaps_key(char *out, int ti, int *h, int m) {
    qsort(h, (size_t)m, sizeof *h, cmp_int);
    int p = sprintf(out, "%d:", ti);
    for (int k = 0; k < m; k++) p += sprintf(out + p, "%s%d", k ? "," : "", h[k]);
}
static int cmp_key(const void *a, const void *b) { return strcmp(a, b); }
static size_t sort_unique(char (*k)[64], size_t n) {
    qsort(k, n, sizeof *k, cmp_key);
    size_t d = 0;
    for (size_t i = 0; i < n; i++)
        if (!d || strcmp(k[d - 1], k[i])) memmove(k[d++], k[i], sizeof *k);
    return d;
}

static void test_small_sums(uint64_t seed) {
    tu_rng r = {seed};
    uint64_t cases = 2500 * tu_scale();
    long moves_checked = 0, pcount = 0, all_moves = 0;
    static movelist ml;
    for (uint64_t c = 0; c < cases; c++) {
        brule rules[3];
        int nr = 1 + (int)tu_below(&r, 3);
        for (int i = 0; i < nr; i++) {
            rand_rule(&r, &rules[i]);
            if (rules[i].kind == B_TB) rules[i].repeat = 0, brute_spec(&rules[i]);
        }
        term t[4];
        int nt = 1 + (int)tu_below(&r, 4), budget = 16;
        char text[1024];
        int p = 0;
        for (int i = 0; i < nt; i++) {
            t[i].rule = (int)tu_below(&r, (uint64_t)nr);
            t[i].nh = tu_below(&r, 4) == 0 ? 2 : 1;
            int maxh = rules[t[i].rule].kind == B_NIM ? 6 : 9;
            for (int j = 0; j < t[i].nh; j++) {
                int h = budget > 0 ? (int)tu_below(&r, (uint64_t)(maxh < budget ? maxh : budget) + 1) : 0;
                budget -= h;
                t[i].h[j] = h;
            }
            t[i].bare = rules[t[i].rule].kind == B_NIM && t[i].nh == 1 && tu_below(&r, 2);
            if (i) p += sprintf(text + p, " + ");
            if (t[i].bare) p += sprintf(text + p, "%d", t[i].h[0]);
            else {
                p += sprintf(text + p, "%s(", rules[t[i].rule].spec);
                for (int j = 0; j < t[i].nh; j++) p += sprintf(text + p, "%s%d", j ? "," : "", t[i].h[j]);
                p += sprintf(text + p, ")");
            }
        }
        bheap hs[16];
        int nh = flatten(t, nt, hs);
        brute_reset();
        int win = brute_wins(rules, hs, nh);

        gr_ctx *ctx;
        gr_position *pos;
        gr_error err;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) {
            CHECK(0, "parse '%s': %s", text, err.message);
            gr_ctx_free(ctx);
            continue;
        }
        uint64_t v;
        CHECK(gr_position_value(pos, &v, &err) == GR_OK, "%s: %s", text, err.message);
        CHECK((v != 0) == win, "case %llu '%s': value %llu but the game tree says the mover %s", (unsigned long long)c,
              text, (unsigned long long)v, win ? "wins" : "loses");
        if (!win) pcount++;

        /* every move (gr_position_moves): as a set of (term, heaps left),
         * the options the brute force lists */
        static char want[8192][64], got[8192][64];
        size_t nwant = 0, ngot = 0;
        {
            bopt ob[4096];
            for (int i = 0; i < nt; i++)
                for (int j = 0; j < t[i].nh; j++) {
                    int cnt = brute_options(&rules[t[i].rule], t[i].h[j], ob, 4096);
                    for (int k = 0; k < cnt && nwant < 8192; k++) {
                        int hh[8], m = 0;
                        for (int q = 0; q < t[i].nh; q++) {
                            if (q == j) { for (int z = 0; z < ob[k].n; z++) if (ob[k].h[z]) hh[m++] = ob[k].h[z]; }
                            else if (t[i].h[q]) hh[m++] = t[i].h[q];
                        }
                        heaps_key(want[nwant++], i, hh, m);
                    }
                }
            ml.n = 0;
            int all = 0;
            CHECK(gr_position_moves(pos, 0, collect, &ml, &all, &err) == GR_OK && all, "'%s': %s", text, err.message);
            for (size_t w = 0; w < ml.n && w < MOVELIST_MAX && ngot < 8192; w++) {
                int hh[8];
                int m = term_heaps(ml.to[w], hh);
                heaps_key(got[ngot++], (int)ml.comp[w], hh, m);
            }
            nwant = sort_unique(want, nwant);
            ngot = sort_unique(got, ngot);
            int same = nwant == ngot;
            for (size_t k = 0; same && k < nwant; k++) same = !strcmp(want[k], got[k]);
            CHECK(same, "case %llu '%s': gr_position_moves lists %zu distinct moves, the brute force %zu",
                  (unsigned long long)c, text, ngot, nwant);
            all_moves += (long)ngot;
        }

        /* winning moves: every move the brute force finds to a losing position */
        long expect = 0;
        bopt o[4096];
        for (int i = 0; i < nt; i++)
            for (int j = 0; j < t[i].nh; j++) {
                int cnt = brute_options(&rules[t[i].rule], t[i].h[j], o, 4096);
                for (int k = 0; k < cnt; k++) {
                    term u[4];
                    memcpy(u, t, sizeof u);
                    /* replace heap j of term i by the option's heaps */
                    int hh[6], m = 0;
                    for (int q = 0; q < t[i].nh; q++) {
                        if (q == j) for (int z = 0; z < o[k].n; z++) hh[m++] = o[k].h[z];
                        else hh[m++] = t[i].h[q];
                    }
                    bheap nx[20];
                    int nn = 0;
                    for (int q = 0; q < nt; q++) {
                        if (q == i) for (int z = 0; z < m; z++) nx[nn++] = (bheap){t[i].rule, hh[z]};
                        else for (int z = 0; z < u[q].nh; z++) nx[nn++] = (bheap){u[q].rule, u[q].h[z]};
                    }
                    if (!brute_wins(rules, nx, nn)) expect++;
                }
            }
        ml.n = 0;
        int complete = 0;
        CHECK(gr_position_winning_moves(pos, 0, collect, &ml, &complete, &err) == GR_OK, "%s", err.message);
        CHECK(complete, "'%s': small position's moves not complete", text);
        CHECK((long)ml.n == expect, "case %llu '%s': %zu winning moves listed, brute force finds %ld",
              (unsigned long long)c, text, ml.n, expect);
        for (size_t w = 0; w < ml.n && w < MOVELIST_MAX; w++) {
            size_t ci = ml.comp[w];
            int hh[8];
            int m = term_heaps(ml.to[w], hh);
            bheap nx[20];
            int nn = 0;
            for (int q = 0; q < nt; q++) {
                if ((size_t)q == ci) for (int z = 0; z < m; z++) nx[nn++] = (bheap){t[q].rule, hh[z]};
                else for (int z = 0; z < t[q].nh; z++) nx[nn++] = (bheap){t[q].rule, t[q].h[z]};
            }
            CHECK(!brute_wins(rules, nx, nn), "'%s': move in term %zu to '%s' does not reach a losing position", text,
                  ci, ml.to[w]);
            moves_checked++;
        }
        gr_position_free(pos);
        gr_ctx_free(ctx);
    }
    brute_reset();
    printf("small sums: %llu positions searched (%ld P-positions), %ld winning moves verified, "
           "%ld moves listed by gr_position_moves matched the brute force's options\n",
           (unsigned long long)cases, pcount, moves_checked, all_moves);
}

static void test_big_sums(uint64_t seed) {
    tu_rng r = {seed ^ 0xb16};
    uint64_t cases = 300 * tu_scale();
    static char text[1 << 16];
    unsigned g[4][64];
    for (uint64_t c = 0; c < cases; c++) {
        brule rules[4];
        for (int i = 0; i < 4; i++) {
            rand_rule(&r, &rules[i]);
            brute_values(&rules[i], 40, g[i]);
        }
        int nt = 1 + (int)tu_below(&r, 60), p = 0;
        unsigned x = 0;
        for (int i = 0; i < nt; i++) {
            int ri = (int)tu_below(&r, 4), h = (int)tu_below(&r, 41);
            if (rules[ri].kind == B_TB) for (int k = 0; k < rules[ri].nd; k++) if (rules[ri].digit[k] & 8 && h > 30) h = 30;
            p += sprintf(text + p, "%s%s(%d)", i ? " + " : "", rules[ri].spec, h);
            x ^= g[ri][h];
        }
        gr_ctx *ctx;
        gr_position *pos;
        gr_error err;
        uint64_t v = 0;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        CHECK(gr_position_parse(ctx, text, (size_t)p, 0, &pos, &err) == GR_OK, "parse: %s", err.message);
        CHECK(gr_position_value(pos, &v, &err) == GR_OK, "%s", err.message);
        CHECK(v == x, "sum of %d terms: library %llu, XOR of brute-force values %u", nt, (unsigned long long)v, x);
        gr_position_free(pos);
        gr_ctx_free(ctx);
    }
    printf("large sums: %llu sums of up to 60 terms checked\n", (unsigned long long)cases);
}

int main(void) {
    uint64_t seed = tu_seed(7102);
    test_small_sums(seed);
    test_big_sums(seed);
    return tu_finish("test_sums");
}
