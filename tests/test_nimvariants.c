/* Moore's Nim-k (and Anti-Nim-k), New Nim and staircase nim against brute
 * forces written from each game's rules: exhaustive searches of small
 * positions, random cases with a fixed seed (GRUNDY_TEST_SEED,
 * GRUNDY_TEST_SCALE). Split from test_compound.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "testutil.h"
#include "moves.h"


static int moore_memo[2][4][8 * 8 * 8 * 8 * 2];

static int mkey(const int *h, int n) {
    int s[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) s[i] = h[i];
    for (int a = 0; a < 4; a++) for (int b = a + 1; b < 4; b++) if (s[b] < s[a]) { int x = s[a]; s[a] = s[b]; s[b] = x; }
    return ((s[0] * 8 + s[1]) * 8 + s[2]) * 8 + s[3];
}

static int moore_brute(int *h, int n, int k, int mis);

static int moore_rec(int *h, int n, int k, int mis, int i, int changed) {
    if (i == n) return changed && !moore_brute(h, n, k, mis);
    if (moore_rec(h, n, k, mis, i + 1, changed)) return 1;
    if (changed == k) return 0;
    int save = h[i];
    for (int v = 0; v < save; v++) {
        h[i] = v;
        int w = moore_rec(h, n, k, mis, i + 1, changed + 1);
        h[i] = save;
        if (w) return 1;
    }
    return 0;
}

static int moore_brute(int *h, int n, int k, int mis) {
    int key = mkey(h, n);
    int *slot = &moore_memo[mis][k][key];
    if (*slot) return *slot - 1;
    int any = 0;
    for (int i = 0; i < n; i++) any |= h[i] > 0;
    int w = any ? moore_rec(h, n, k, mis, 0, 0) : mis;
    *slot = w + 1;
    return w;
}

static void test_moore(uint64_t seed) {
    tu_rng r = {seed ^ 0x3003};
    uint64_t cases = 3000 * tu_scale();
    long moves = 0;
    static movelist ml;
    memset(moore_memo, 0, sizeof moore_memo);
    for (uint64_t c = 0; c < cases; c++) {
        int n = 1 + (int)tu_below(&r, 4), k = 1 + (int)tu_below(&r, 3), mis = (int)tu_below(&r, 2), h[4];
        char text[128];
        int p = 0;
        for (int i = 0; i < n; i++) {
            h[i] = (int)tu_below(&r, tu_below(&r, 3) ? 8 : 2);
            p += sprintf(text + p, "%s%d", i ? " + " : "", h[i]);
        }
        int bw = moore_brute(h, n, k, mis);
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        gr_position *pos = tu_parse(ctx, text);
        int w;
        gr_error err;
        CHECK(gr_position_moore(pos, (uint64_t)k, mis, &w, &err) == GR_OK, "%s", err.message);
        CHECK(w == bw, "'%s' Nim-%d%s: library %s, game tree %s", text, k, mis ? " misère" : "", w ? "N" : "P",
              bw ? "N" : "P");
        int any = 0;
        for (int i = 0; i < n; i++) any |= h[i] > 0;
        if (w && any) { /* (a misère win with no heap left needs no move) */
            ml.n = 0;
            CHECK(gr_position_moore_move(pos, (uint64_t)k, mis, collect, &ml, &err) == GR_OK, "%s", err.message);
            int nh[4];
            memcpy(nh, h, sizeof nh);
            for (size_t m = 0; m < ml.n; m++) nh[ml.comp[m]] = atoi(ml.to[m]);
            int changed = 0, legal = 1;
            for (int i = 0; i < n; i++) {
                if (nh[i] != h[i]) changed++;
                if (nh[i] > h[i]) legal = 0;
            }
            CHECK(legal && changed >= 1 && changed <= k, "'%s' Nim-%d: illegal move (%d heaps changed)", text, k, changed);
            CHECK(!moore_brute(nh, n, k, mis), "'%s' Nim-%d%s: the move does not reach a losing position", text, k,
                  mis ? " misère" : "");
            moves++;
        }
        gr_position_free(pos);
        gr_ctx_free(ctx);
    }
    printf("moore: %llu positions, %ld winning moves verified\n", (unsigned long long)cases, moves);
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    gr_position *pos = tu_parse(ctx, "3 + kayles(4)");
    int w;
    gr_error err;
    CHECK(gr_position_moore(pos, 2, 0, &w, &err) == GR_EINVAL && strstr(err.message, "kayles(4)"), "non-nim refused: %s",
          err.message);
    gr_position_free(pos);
    gr_ctx_free(ctx);
}

/* ---------- New Nim ---------- */

static void test_newnim(uint64_t seed) {
    tu_rng r = {seed ^ 0x4e4e};
    uint64_t cases = 3000 * tu_scale();
    for (uint64_t c = 0; c < cases; c++) {
        int n = 1 + (int)tu_below(&r, 6);
        uint64_t h[6];
        for (int i = 0; i < n; i++) h[i] = tu_below(&r, 16);
        long best = -1;
        for (int a = 0; a < (1 << n) - 1; a++) { /* a = removed by the first player, not all */
            int ok = 1;
            int rest = ((1 << n) - 1) & ~a;
            for (int b = rest; ; b = (b - 1) & rest) { /* b = heaps the second player keeps: non-empty subsets */
                if (b) {
                    uint64_t x = 0;
                    for (int i = 0; i < n; i++) if (b >> i & 1) x ^= h[i];
                    if (x == 0) { ok = 0; break; }
                }
                if (!b) break;
            }
            if (!ok) continue;
            long cost = 0;
            for (int i = 0; i < n; i++) if (a >> i & 1) cost += (long)h[i];
            if (best < 0 || cost < best) best = cost;
        }
        int wins;
        uint64_t hi, lo;
        unsigned char rem[6];
        gr_error err;
        CHECK(gr_newnim(h, (size_t)n, &wins, &hi, &lo, rem, &err) == GR_OK, "newnim");
        long got = wins ? (long)lo : -1;
        CHECK(got == best && hi == 0, "newnim case %llu: library %ld, brute force %ld", (unsigned long long)c, got, best);
        long rc = 0;
        for (int i = 0; i < n; i++) if (rem[i]) rc += (long)h[i];
        CHECK(!wins || rc == got, "newnim: removed heaps sum to %ld, cost %ld", rc, got);
    }
    printf("newnim: %llu heap sets checked against all opening rounds\n", (unsigned long long)cases);
}

/* ---------- staircase ---------- */

static unsigned stair_sg(int *p, int n, int lim);

static unsigned stair_sg(int *p, int n, int lim) {
    /* pieces sorted ascending at p[0..n); brute mex over all moves */
    unsigned char seen[64] = {0};
    for (int i = 0; i < n; i++) {
        int lo = i ? p[i - 1] + 1 : 1;
        for (int to = lo; to < p[i]; to++) {
            int save = p[i];
            p[i] = to;
            unsigned v = stair_sg(p, n, lim);
            p[i] = save;
            if (v < 64) seen[v] = 1;
        }
    }
    unsigned m = 0;
    while (seen[m]) m++;
    return m;
}

static void test_staircase(uint64_t seed) {
    tu_rng r = {seed ^ 0x5a5a};
    uint64_t cases = 1000 * tu_scale();
    for (uint64_t c = 0; c < cases; c++) {
        int n = 1 + (int)tu_below(&r, 3), p[3], q = 0;
        while (q < n) {
            int x = 1 + (int)tu_below(&r, 9), dup = 0;
            for (int i = 0; i < q; i++) dup |= p[i] == x;
            if (!dup) p[q++] = x;
        }
        char text[64];
        int t = sprintf(text, "staircase(");
        for (int i = 0; i < n; i++) t += sprintf(text + t, "%s%d", i ? "," : "", p[i]);
        sprintf(text + t, ")");
        int s[3];
        memcpy(s, p, sizeof s);
        for (int a = 0; a < n; a++) for (int b = a + 1; b < n; b++) if (s[b] < s[a]) { int x = s[a]; s[a] = s[b]; s[b] = x; }
        unsigned bv = stair_sg(s, n, 0);
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        gr_position *pos = tu_parse(ctx, text);
        uint64_t v;
        gr_error err;
        CHECK(gr_position_value(pos, &v, &err) == GR_OK && v == bv, "%s: library %llu, brute force %u", text,
              (unsigned long long)v, bv);
        /* stairs: the same game written as coins on steps */
        char st[64];
        int u = sprintf(st, "stairs(");
        for (int i = n - 1; i >= 0; i--) u += sprintf(st + u, "%s%d", i < n - 1 ? "," : "", s[i] - (i ? s[i - 1] : 0) - 1);
        sprintf(st + u, ")");
        gr_position *p2 = tu_parse(ctx, st);
        CHECK(gr_position_value(p2, &v, &err) == GR_OK && v == bv, "%s: library %llu, brute force %u", st,
              (unsigned long long)v, bv);
        gr_position_free(p2);
        gr_position_free(pos);
        gr_ctx_free(ctx);
    }
    printf("staircase: %llu positions compared with the brute force\n", (unsigned long long)cases);
}

int main(void) {
    uint64_t seed = tu_seed(33);
    test_moore(seed);
    test_newnim(seed);
    test_staircase(seed);
    return tu_finish("test_nimvariants");
}
