/* Nimber arithmetic: agreement with the mex definition for x, y < 64, known
 * vectors, the fast product against the reference recursion on random
 * words, the field axioms, inverses, squares and roots, powers, the
 * quadratic x^2 + x = a against the trace, 128-bit products, the batch
 * products and inverses against the scalar ones on every code path, and the
 * prod coins of the 2-D / 3-D coin-turning games against a brute-force mex. */
#include <string.h>
#include "grundy/grundy.h"
#include "grundy/experimental.h"
#include "testutil.h"
#include "moves.h"

static uint64_t trace(const gr_nim *t, uint64_t a) {
    uint64_t s = 0, x = a;
    for (int i = 0; i < 64; i++) { s ^= x; x = gr_nim_sqr(t, x); }
    return s;
}

/* every code path, the portable one first */
static const gr_nim_path PATHS[3] = {GR_NIM_PORTABLE, GR_NIM_CLMUL, GR_NIM_VPCLMUL};
static const char *const PATH_NAMES[3] = {"portable", "carry-less multiply", "256-bit carry-less multiply"};

/* a word for the batch tests: edge values, powers of two, small words,
 * words of every length, and full random words */
static uint64_t batch_word(tu_rng *r) {
    static const uint64_t edge[] = {0, 1, 2, 3, 255, 256, 65535, 65536, 0xffffffffu, (uint64_t)1 << 32,
                                    ((uint64_t)1 << 63) - 1, (uint64_t)1 << 63, UINT64_MAX - 1, UINT64_MAX};
    switch (tu_below(r, 8)) {
    case 0: return edge[tu_below(r, sizeof edge / sizeof edge[0])];
    case 1: return (uint64_t)1 << tu_below(r, 64);
    case 2: return tu_below(r, 16);
    case 3: return tu_next(r) >> tu_below(r, 64);
    default: return tu_next(r);
    }
}

enum { BATCH_MAX = 5200, GUARD = 4 };
static const uint64_t SENTINEL = 0x5a5a5a5a5a5a5a5aull;

/* gr_nim_mul_n on a + oa, b + ob into out + oo (offsets of 0 or 1 word,
 * so that 32-byte vectors meet unaligned pointers) against gr_nim_mul of
 * the reference object; the words around out are not touched */
static void check_mul_n(const gr_nim *t, const gr_nim *ref, tu_rng *r, size_t n, size_t oa, size_t ob, size_t oo,
                        const char *name) {
    static uint64_t a[BATCH_MAX + 1], b[BATCH_MAX + 1], out[BATCH_MAX + 2 * GUARD + 1];
    for (size_t i = 0; i < n; i++) { a[oa + i] = batch_word(r); b[ob + i] = batch_word(r); }
    for (size_t i = 0; i < n + 2 * GUARD + 1; i++) out[i] = SENTINEL;
    uint64_t *o = out + GUARD + oo;
    gr_nim_mul_n(t, a + oa, b + ob, o, n);
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) bad += o[i] != gr_nim_mul(ref, a[oa + i], b[ob + i]);
    CHECK(bad == 0, "%s: %zu of %zu batch products differ (offsets %zu %zu %zu)", name, bad, n, oa, ob, oo);
    for (size_t i = 0; i < GUARD; i++)
        CHECK(out[i] == SENTINEL && o[n + i] == SENTINEL, "%s: mul_n of %zu words wrote outside out", name, n);
}

/* gr_nim_inv_n on n words with zeros at the given positions (sorted,
 * ascending; nz of them), out == a when alias */
static void check_inv_n(const gr_nim *t, const gr_nim *ref, tu_rng *r, size_t n, const size_t *zeros, size_t nz, int alias,
                        size_t oa, const char *name) {
    static uint64_t a[BATCH_MAX + 1], keep[BATCH_MAX], out[BATCH_MAX + 2 * GUARD];
    size_t z = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t w = batch_word(r);
        if (z < nz && zeros[z] == i) { w = 0; z++; }
        else if (!w) w = 1 + tu_below(r, 100);
        a[oa + i] = keep[i] = w;
    }
    for (size_t i = 0; i < n + 2 * GUARD; i++) out[i] = SENTINEL;
    uint64_t *o = alias ? a + oa : out + GUARD;
    gr_error err;
    gr_error_clear(&err);
    gr_status st = gr_nim_inv_n(t, a + oa, o, n, &err);
    if (nz) {
        char want[64];
        snprintf(want, sizeof want, "0 has no inverse (element %zu)", zeros[0]);
        CHECK(st == GR_EINVAL && !strcmp(err.message, want), "%s: inv_n with a 0 at %zu: status %d, '%s'", name, zeros[0],
              (int)st, err.message);
    } else {
        CHECK(st == GR_OK, "%s: inv_n of %zu nonzero words: status %d, '%s'", name, n, (int)st, err.message);
    }
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t v = 0;
        if (!keep[i]) bad += o[i] != 0;
        else bad += gr_nim_inv(ref, keep[i], &v, NULL) != GR_OK || o[i] != v;
    }
    CHECK(bad == 0, "%s: %zu of %zu batch inverses differ (%zu zeros, alias %d, offset %zu)", name, bad, n, nz, alias, oa);
    if (!alias)
        for (size_t i = 0; i < GUARD; i++)
            CHECK(out[i] == SENTINEL && o[n + i] == SENTINEL, "%s: inv_n of %zu words wrote outside out", name, n);
}

/* Batches against single products and inverses, on every path the CPU has:
 * random words (cases of them on the fastest path, a tenth on the others),
 * every length up to 67 (every tail of a 32-word block), lengths about the
 * 1024-word chunks of the inverse, unaligned pointers, out == a and
 * out == b, and zeros among the words to invert. */
static void test_batch(tu_rng *r, uint64_t cases) {
    gr_nim *t, *ref;
    if (gr_nim_new(&t) != GR_OK || gr_nim_new(&ref) != GR_OK) { CHECK(0, "gr_nim_new"); return; }
    gr_nim_path fastest = gr_nim_get_path(t);
    CHECK(gr_nim_set_path(ref, GR_NIM_PORTABLE) == GR_OK, "portable path");
    for (int p = 0; p < 3; p++) {
        const char *name = PATH_NAMES[p];
        if (gr_nim_set_path(t, PATHS[p]) != GR_OK) { printf("batches, path %s: not on this CPU\n", name); continue; }
        uint64_t n_rand = PATHS[p] == fastest ? cases : cases / 10;
        printf("batches, path %s: %llu random pairs, lengths 0..67, offsets, aliases, inverses\n", name,
               (unsigned long long)n_rand);
        /* random pairs in batches of 4096: against this path's own single
         * product (on the portable object for a tenth of them) */
        static uint64_t a[4096], b[4096], out[4096];
        size_t bad = 0, bad_ref = 0;
        for (uint64_t done = 0; done < n_rand; done += 4096) {
            size_t m = n_rand - done < 4096 ? (size_t)(n_rand - done) : 4096;
            for (size_t i = 0; i < m; i++) { a[i] = batch_word(r); b[i] = batch_word(r); }
            gr_nim_mul_n(t, a, b, out, m);
            for (size_t i = 0; i < m; i++) bad += out[i] != gr_nim_mul(t, a[i], b[i]);
            if (done % 40960 == 0)
                for (size_t i = 0; i < m; i++) bad_ref += out[i] != gr_nim_mul(ref, a[i], b[i]);
        }
        CHECK(bad == 0 && bad_ref == 0, "%s: %zu batch products differ from the path's own, %zu from the portable one",
              name, bad, bad_ref);
        /* every length, offsets, and out == a, out == b, out == a == b */
        for (size_t n = 0; n <= 67; n++) {
            for (size_t off = 0; off < 8; off++) check_mul_n(t, ref, r, n, off & 1, off >> 1 & 1, off >> 2 & 1, name);
            for (size_t i = 0; i < n; i++) { a[i] = batch_word(r); b[i] = batch_word(r); }
            uint64_t c[68], d[68];
            memcpy(c, a, n * sizeof *c);
            memcpy(d, b, n * sizeof *d);
            gr_nim_mul_n(t, c, b, c, n);
            gr_nim_mul_n(t, a, d, d, n);
            size_t bad_alias = 0;
            for (size_t i = 0; i < n; i++)
                bad_alias += c[i] != gr_nim_mul(ref, a[i], b[i]) || d[i] != gr_nim_mul(ref, a[i], b[i]);
            memcpy(c, a, n * sizeof *c);
            gr_nim_mul_n(t, c, c, c, n);
            for (size_t i = 0; i < n; i++) bad_alias += c[i] != gr_nim_sqr(ref, a[i]);
            CHECK(bad_alias == 0, "%s: %zu aliased batch products of %zu wrong", name, bad_alias, n);
        }
        static const size_t longer[] = {1000, 1023, 1024, 1025, 2047, 2048, 2080, 3100, BATCH_MAX};
        for (size_t k = 0; k < sizeof longer / sizeof longer[0]; k++) check_mul_n(t, ref, r, longer[k], 1, 0, 1, name);
        /* inverses: every length, no zeros, then zeros in places */
        for (size_t n = 0; n <= 67; n++) {
            check_inv_n(t, ref, r, n, NULL, 0, 0, n & 1, name);
            check_inv_n(t, ref, r, n, NULL, 0, 1, 0, name);
            if (n) { /* one zero, and a second one when it falls inside */
                size_t zs[2] = {tu_below(r, n), 0};
                zs[1] = zs[0] + 1 + tu_below(r, n);
                check_inv_n(t, ref, r, n, zs, zs[1] < n ? 2 : 1, n & 1, 0, name);
            }
        }
        for (size_t k = 0; k < sizeof longer / sizeof longer[0]; k++) {
            size_t n = longer[k], last = n - 1, zs[4] = {0, 31, 1023, 0}, nz = n > 1024 ? 3 : 2;
            zs[nz++] = n - 1; /* the first, 31, 1023 (of the first chunk) and the last */
            check_inv_n(t, ref, r, n, NULL, 0, 0, 1, name);
            check_inv_n(t, ref, r, n, &last, 1, 1, 0, name);
            check_inv_n(t, ref, r, n, zs, nz, 0, 0, name);
        }
        {
            static size_t all[64];
            for (size_t i = 0; i < 64; i++) all[i] = i;
            check_inv_n(t, ref, r, 64, all, 64, 0, 0, name); /* every word 0 */
        }
        uint64_t n_inv = n_rand / 20;
        size_t bi = 0;
        for (uint64_t done = 0; done < n_inv; done += 4096) {
            size_t m = n_inv - done < 4096 ? (size_t)(n_inv - done) : 4096;
            for (size_t i = 0; i < m; i++) a[i] = batch_word(r) | ((uint64_t)1 << tu_below(r, 64));
            if (gr_nim_inv_n(t, a, out, m, NULL) != GR_OK) bi++;
            for (size_t i = 0; i < m; i++) {
                uint64_t v = 0;
                bi += gr_nim_inv(t, a[i], &v, NULL) != GR_OK || v != out[i];
            }
        }
        CHECK(bi == 0, "%s: %zu of %llu random batch inverses differ", name, bi, (unsigned long long)n_inv);
        uint64_t x = 7;
        CHECK(gr_nim_inv_n(t, &x, &x, 0, NULL) == GR_OK && x == 7, "%s: an empty batch", name);
    }
    gr_nim_free(ref);
    gr_nim_free(t);
}

int main(void) {
    uint64_t seed = tu_seed(5);
    tu_rng r = {seed};
    uint64_t cases = 200000 * tu_scale();
    gr_nim *t;
    gr_error err;
    if (gr_nim_new(&t) != GR_OK) return 1;

    /* the definition: x ⊗ y = mex { (a⊗b) ^ (a⊗y) ^ (x⊗b) : a < x, b < y } */
    static unsigned d[64][64];
    for (int x = 0; x < 64; x++)
        for (int y = 0; y < 64; y++) {
            unsigned char seen[256] = {0};
            for (int a = 0; a < x; a++)
                for (int b = 0; b < y; b++) seen[d[a][b] ^ d[a][y] ^ d[x][b]] = 1;
            unsigned m = 0;
            while (seen[m]) m++;
            d[x][y] = m;
            CHECK(gr_nim_mul(t, (uint64_t)x, (uint64_t)y) == m, "%d ⊗ %d = %llu, by mex %u", x, y,
                  (unsigned long long)gr_nim_mul(t, (uint64_t)x, (uint64_t)y), m);
            CHECK(gr_nim_mul_ref((uint64_t)x, (uint64_t)y) == m, "reference %d ⊗ %d", x, y);
        }
    /* every code path the CPU has gives the same products and inverses as
     * the portable one */
    gr_nim *pt, *ft;
    if (gr_nim_new(&pt) != GR_OK || gr_nim_new(&ft) != GR_OK) return 1;
    CHECK(gr_nim_set_path(pt, GR_NIM_PORTABLE) == GR_OK && gr_nim_get_path(pt) == GR_NIM_PORTABLE, "portable path");
    /* (the 256-bit path multiplies single words with the carry-less code;
     * its batches are compared in test_batch) */
    static const gr_nim_path fast[1] = {GR_NIM_CLMUL};
    static const char *const fast_name[1] = {"carry-less multiply"};
    CHECK(gr_nim_set_path(pt, (gr_nim_path)7) == GR_EINVAL, "an unknown path is refused");
    for (int f = 0; f < 1; f++) {
        if (gr_nim_set_path(ft, fast[f]) != GR_OK) { printf("code path %s: not on this CPU\n", fast_name[f]); continue; }
        printf("code path %s: compared with the portable path\n", fast_name[f]);
        for (int c = 0; c < 200000; c++) {
            uint64_t a = tu_next(&r), b = tu_next(&r) >> tu_below(&r, 64);
            CHECK(gr_nim_mul(pt, a, b) == gr_nim_mul(ft, a, b), "paths differ on %llx ⊗ %llx", (unsigned long long)a, (unsigned long long)b);
            /* inverses too (each path has its own method); small words reach the subfields */
            uint64_t ia = 0, ib = 0, x = (c & 1) ? a : a >> tu_below(&r, 64);
            if (x) {
                CHECK(gr_nim_inv(pt, x, &ia, NULL) == GR_OK && gr_nim_inv(ft, x, &ib, NULL) == GR_OK && ia == ib &&
                          gr_nim_mul_ref(x, ia) == 1,
                      "inverse paths differ on %llx: %llx, %llx", (unsigned long long)x, (unsigned long long)ia,
                      (unsigned long long)ib);
            }
        }
    }
    gr_nim_free(ft);
    gr_nim_free(pt);
    test_batch(&r, 1000000 * tu_scale());
    /* known vectors */
    CHECK(gr_nim_mul(t, 2, 2) == 3, "2⊗2 = 3");
    CHECK(gr_nim_mul(t, (uint64_t)1 << 32, (uint64_t)1 << 32) == ((uint64_t)1 << 32) + ((uint64_t)1 << 31), "2^32⊗2^32");
    CHECK(gr_nim_mul(t, 0x123456789abcdef0ull, 0x76) == 0x84946b8cf1e11ef9ull, "0x123456789abcdef0 ⊗ 0x76");
    CHECK(gr_nim_mul(t, 16, 16) == 24, "16⊗16 = 24");

    long n = 0;
    for (uint64_t c = 0; c < cases; c++) {
        uint64_t a = tu_next(&r), b = tu_next(&r), e = tu_next(&r);
        if (c % 4 == 1) a >>= tu_below(&r, 64);
        if (c % 4 == 2) b >>= tu_below(&r, 64);
        uint64_t ab = gr_nim_mul(t, a, b);
        if (c < 20000) CHECK(ab == gr_nim_mul_ref(a, b), "fast %llx ⊗ %llx != reference", (unsigned long long)a, (unsigned long long)b);
        CHECK(ab == gr_nim_mul(t, b, a), "commutative");
        CHECK(gr_nim_mul(t, ab, e) == gr_nim_mul(t, a, gr_nim_mul(t, b, e)), "associative");
        CHECK(gr_nim_mul(t, a, b ^ e) == (ab ^ gr_nim_mul(t, a, e)), "distributive");
        CHECK(gr_nim_mul(t, a, 1) == a && gr_nim_mul(t, a, 0) == 0, "identities");
        CHECK(gr_nim_sqr(t, a) == gr_nim_mul(t, a, a), "square");
        uint64_t s = gr_nim_sqrt(t, a);
        CHECK(gr_nim_mul(t, s, s) == a, "sqrt(%llx)^2", (unsigned long long)a);
        if (a) {
            uint64_t ia, q;
            CHECK(gr_nim_inv(t, a, &ia, &err) == GR_OK && gr_nim_mul(t, a, ia) == 1, "inverse of %llx", (unsigned long long)a);
            CHECK(gr_nim_div(t, ab, a, &q, &err) == GR_OK && q == b, "division");
        }
        if (c < 2000) {
            CHECK(gr_nim_pow(t, a, 0) == 1 && gr_nim_pow(t, a, 1) == a && gr_nim_pow(t, a, 5) == gr_nim_mul(t, gr_nim_sqr(t, gr_nim_sqr(t, a)), a),
                  "powers");
            CHECK(!a || gr_nim_pow(t, a, UINT64_MAX) == 1, "a^(2^64-1) = 1");
            uint64_t x;
            gr_status st = gr_nim_solve_quadratic(t, a, &x, &err);
            uint64_t tr = trace(t, a);
            CHECK(tr <= 1, "trace in {0,1}");
            CHECK((st == GR_OK) == (tr == 0), "x^2+x=%llx solvable iff trace 0", (unsigned long long)a);
            if (st == GR_OK) CHECK((gr_nim_sqr(t, x) ^ x) == a && (gr_nim_sqr(t, x ^ 1) ^ x ^ 1) == a && !(x & 1), "quadratic root");
            else CHECK(st == GR_ENOSOLUTION, "no-solution status");
        }
        /* 128-bit: the embedding and commutativity */
        uint64_t hi, lo, hi2, lo2;
        gr_nim_mul128(t, 0, a, 0, b, &hi, &lo);
        CHECK(hi == 0 && lo == ab, "64-bit words embed in 128");
        gr_nim_mul128(t, a, b, e, a ^ b, &hi, &lo);
        gr_nim_mul128(t, e, a ^ b, a, b, &hi2, &lo2);
        CHECK(hi == hi2 && lo == lo2, "128-bit commutative");
        n++;
    }
    uint64_t hi, lo;
    gr_nim_mul128(t, 1, 0, 1, 0, &hi, &lo);
    CHECK(hi == 1 && lo == (uint64_t)1 << 63, "2^64 ⊗ 2^64 = 2^64 + 2^63");
    /* 128-bit associativity on a few */
    for (int c = 0; c < 2000; c++) {
        uint64_t a[2] = {tu_next(&r), tu_next(&r)}, b[2] = {tu_next(&r), tu_next(&r)}, e[2] = {tu_next(&r), tu_next(&r)};
        uint64_t x1, x0, y1, y0, z1, z0, w1, w0;
        gr_nim_mul128(t, a[0], a[1], b[0], b[1], &x1, &x0);
        gr_nim_mul128(t, x1, x0, e[0], e[1], &y1, &y0);
        gr_nim_mul128(t, b[0], b[1], e[0], e[1], &z1, &z0);
        gr_nim_mul128(t, a[0], a[1], z1, z0, &w1, &w0);
        CHECK(y1 == w1 && y0 == w0, "128-bit associative");
    }
    CHECK(gr_nim_inv(t, 0, &hi, &err) == GR_EINVAL, "0 has no inverse");
    /* discrete logarithms: g^e -> e, a -> e with g^e = a, the subfield
     * GF(2^16) (logs divisible by (2^64-1)/(2^16-1)), and 0 */
    {
        uint64_t g = gr_nim_generator(t), e = 0, nlog = 300 * tu_scale();
        static const uint64_t pf[7] = {3, 5, 17, 257, 641, 65537, 6700417};
        for (int i = 0; i < 7; i++) CHECK(gr_nim_pow(t, g, UINT64_MAX / pf[i]) != 1, "the generator has full order (%llu)", (unsigned long long)pf[i]);
        CHECK(gr_nim_log(t, 1, &e, NULL) == GR_OK && e == 0, "log 1 = 0");
        CHECK(gr_nim_log(t, g, &e, NULL) == GR_OK && e == 1, "log g = 1");
        CHECK(gr_nim_log(t, 0, &e, &err) == GR_EINVAL && strstr(err.message, "0 has no logarithm"), "log 0");
        for (uint64_t c = 0; c < nlog; c++) {
            uint64_t x = tu_next(&r) % UINT64_MAX, a = gr_nim_pow(t, g, x);
            CHECK(gr_nim_log(t, a, &e, NULL) == GR_OK && e == x, "log g^%llu = %llu", (unsigned long long)x, (unsigned long long)e);
            a = tu_next(&r) >> tu_below(&r, 64);
            if (!a) continue;
            CHECK(gr_nim_log(t, a, &e, NULL) == GR_OK && gr_nim_pow(t, g, e) == a, "g^log(%llx) = it", (unsigned long long)a);
            if (a < 65536) CHECK(e % (UINT64_MAX / 65535) == 0, "log of the subfield element %llu", (unsigned long long)a);
        }
    }
    gr_nim_free(t);

    /* prod coins: a brute-force mex of the 2-D coin-turning game equals x ⊗ y,
     * and every listed winning move of a small sum reaches value 0 */
    gr_ctx *ctx;
    long moves = 0;
    if (gr_ctx_new(&ctx) != GR_OK) return 1;
    for (int c = 0; c < 300; c++) {
        char text[128];
        int x1 = (int)tu_below(&r, 40), y1 = (int)tu_below(&r, 40), x2 = (int)tu_below(&r, 12), y2 = (int)tu_below(&r, 12),
            z2 = (int)tu_below(&r, 12);
        snprintf(text, sizeof text, "prod(%d,%d) + prod(%d,%d,%d)", x1, y1, x2, y2, z2);
        gr_position *pos;
        uint64_t v;
        CHECK(gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) == GR_OK && gr_position_value(pos, &v, &err) == GR_OK,
              "%s", err.message);
        CHECK(v == (d[x1][y1] ^ d[d[x2][y2]][z2]), "%s value", text);
        movecheck mv = {pos, ctx, 0, 0};
        int complete;
        CHECK(gr_position_winning_moves(pos, 0, check_move, &mv, &complete, &err) == GR_OK, "%s", err.message);
        CHECK(mv.bad == 0 && (v == 0) == (mv.ok == 0), "%s: %ld winning moves, %ld wrong", text, mv.ok, mv.bad);
        moves += mv.ok;
        gr_position_free(pos);
    }
    gr_ctx_free(ctx);
    printf("nimbers: %ld random words through the field axioms; %ld prod winning moves verified\n", n, moves);
    return tu_finish("test_nimber");
}
