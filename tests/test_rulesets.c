/* Heap rulesets against the literature and against the brute force:
 * golden sequences (OEIS A002186 Kayles, A002187 Dawson's Chess, A002188
 * Grundy's game), Lasker's Nim formula, and thousands of random rules whose
 * library values must equal the brute-force mex values. */
#include <string.h>
#include "grundy/grundy.h"
#include "brute.h"
#include "randrule.h"
#include "testutil.h"

static void lib_values(gr_ctx *ctx, const char *spec, uint64_t n, uint64_t *out) {
    gr_ruleset *rs;
    gr_error err;
    gr_status st = gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err);
    CHECK(st == GR_OK, "ruleset %s: %s", spec, err.message);
    if (st != GR_OK) { memset(out, 0xff, n * sizeof *out); return; }
    st = gr_ruleset_values(rs, n, out, &err);
    CHECK(st == GR_OK, "values %s: %s", spec, err.message);
}

static void golden(gr_ctx *ctx, const char *spec, const unsigned *want, size_t n) {
    uint64_t got[128];
    lib_values(ctx, spec, n, got);
    for (size_t i = 0; i < n; i++)
        CHECK(got[i] == want[i], "%s: G(%zu) = %llu, literature says %u", spec, i, (unsigned long long)got[i], want[i]);
}

static void test_golden(void) {
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    /* OEIS A002186 (Kayles), n = 0.. */
    static const unsigned kayles[] = {0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7,
                                      4, 1, 2, 8, 5, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7,
                                      4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7,
                                      4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7};
    golden(ctx, "kayles", kayles, sizeof kayles / sizeof kayles[0]);
    golden(ctx, "tb[0.77]", kayles, sizeof kayles / sizeof kayles[0]);
    /* OEIS A002187 (Dawson's Chess, octal 0.137) */
    static const unsigned dchess[] = {0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0, 5, 2, 2, 3, 3, 0, 1, 1, 3,
                                      0, 2, 1, 1, 0, 4, 5, 2, 7, 4, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4,
                                      4, 5, 5, 2};
    golden(ctx, "tb[0.137]", dchess, sizeof dchess / sizeof dchess[0]);
    /* Dawson's Kayles 0.07 is Dawson's Chess shifted by one */
    unsigned dk[sizeof dchess / sizeof dchess[0] + 1];
    dk[0] = 0;
    memcpy(dk + 1, dchess, sizeof dchess);
    golden(ctx, "dawson", dk, sizeof dk / sizeof dk[0]);
    /* OEIS A002188 (Grundy's game) */
    static const unsigned gg[] = {0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0,
                                  4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5,
                                  4, 1, 0, 2, 1, 0, 2, 1, 5, 2, 1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3,
                                  2, 4, 3, 2, 4, 3, 2, 4, 5};
    golden(ctx, "grundy", gg, sizeof gg / sizeof gg[0]);
    /* Lasker's Nim: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3 */
    enum { NL = 1500 };
    static uint64_t lv[NL];
    lib_values(ctx, "lasker", NL, lv);
    for (uint64_t n = 1; n < NL; n++) {
        uint64_t f = (n % 4 == 3) ? n + 1 : (n % 4 == 0) ? n - 1 : n;
        CHECK(lv[n] == f, "lasker G(%llu) = %llu, formula %llu", (unsigned long long)n, (unsigned long long)lv[n],
              (unsigned long long)f);
    }
    /* nim and the 64-bit end */
    gr_ruleset *nim;
    gr_error err;
    uint64_t v;
    CHECK(gr_ctx_ruleset(ctx, "nim", 3, &nim, &err) == GR_OK, "nim");
    CHECK(gr_ruleset_value(nim, UINT64_MAX, &v, &err) == GR_OK && v == UINT64_MAX, "nim(2^64-1)");
    /* a huge Kayles heap comes from the proved period 12 */
    gr_ruleset *k;
    CHECK(gr_ctx_ruleset(ctx, "kayles", 6, &k, &err) == GR_OK, "kayles");
    static const unsigned kp[12] = {4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7};
    for (uint64_t n = UINT64_MAX - 30; n != 0; n++) {
        CHECK(gr_ruleset_value(k, n, &v, &err) == GR_OK, "kayles(%llu): %s", (unsigned long long)n, err.message);
        CHECK(v == kp[n % 12], "kayles(%llu) = %llu, want %u", (unsigned long long)n, (unsigned long long)v, kp[n % 12]);
    }
    gr_ctx_free(ctx);
}

static void test_random(uint64_t seed) {
    tu_rng r = {seed};
    uint64_t cases = 3000 * tu_scale();
    long compared = 0;
    unsigned g[256];
    uint64_t lv[256];
    for (uint64_t c = 0; c < cases; c++) {
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        brule b;
        rand_rule(&r, &b);
        int n = b.kind == B_TB && (b.digit[0] & 8 || b.nd > 0) ? 48 : 120;
        for (int i = 0; i < b.nd; i++) if (b.digit[i] & 8) n = 36;
        if (b.kind == B_NIM || b.kind == B_COPRIME || b.kind == B_DIVISOR) n = 120;
        brute_values(&b, n, g);
        lib_values(ctx, b.spec, (uint64_t)n + 1, lv);
        for (int i = 0; i <= n; i++) {
            CHECK(lv[i] == g[i], "case %llu %s: G(%d) library %llu, brute force %u", (unsigned long long)c, b.spec, i,
                  (unsigned long long)lv[i], g[i]);
            compared++;
        }
        gr_ctx_free(ctx);
    }
    printf("random rulesets: %llu rules, %ld values compared with brute force\n", (unsigned long long)cases, compared);
}

/* Values past a proved period, compared with the brute force far beyond
 * where the period was found: a wrong proof would show here. */
static void test_period_values(uint64_t seed) {
    tu_rng r = {seed ^ 0x5eed};
    uint64_t cases = 300 * tu_scale();
    long proved = 0, compared = 0;
    enum { N = 700 };
    static unsigned g[N + 1];
    static uint64_t lv[N + 1];
    for (uint64_t c = 0; c < cases; c++) {
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        gr_ctx_set_table_limit(ctx, 300);
        brule b;
        if (c % 2) rand_sub(&r, &b, 12);
        else rand_tb(&r, &b, 0, 0);
        gr_ruleset *rs;
        gr_error err;
        if (gr_ctx_ruleset(ctx, b.spec, strlen(b.spec), &rs, &err) != GR_OK) { CHECK(0, "%s", err.message); continue; }
        gr_period p = GR_SIZED(gr_period);
        CHECK(gr_ruleset_period(rs, 300, &p, &err) == GR_OK, "period %s", err.message);
        if (p.found) {
            proved++;
            brute_values(&b, N, g);
            for (int i = 0; i <= N; i++) {
                uint64_t v;
                CHECK(gr_ruleset_value(rs, (uint64_t)i, &v, &err) == GR_OK, "%s", err.message);
                CHECK(v == g[i], "%s (pre %llu per %llu): G(%d) = %llu, brute force %u", b.spec,
                      (unsigned long long)p.preperiod, (unsigned long long)p.period, i, (unsigned long long)v, g[i]);
                compared++;
            }
        } else {
            /* no proof: a heap past the table limit must be refused, not guessed */
            uint64_t v;
            gr_status st = gr_ruleset_value(rs, 100000, &v, &err);
            CHECK(st == GR_EUNPROVEN, "%s: heap 100000 without a period gave status %s", b.spec, gr_status_name(st));
        }
        (void)lv;
        gr_ctx_free(ctx);
    }
    printf("periods: %llu rules, %ld proved, %ld values past the proof compared\n", (unsigned long long)cases, proved,
           compared);
}

/* the heaps of a move, empty ones dropped, ascending */
static size_t norm_heaps(const uint64_t *in, size_t k, uint64_t *out) {
    size_t m = 0;
    for (size_t i = 0; i < k; i++)
        if (in[i]) out[m++] = in[i];
    for (size_t i = 1; i < m; i++)
        for (size_t j = i; j > 0 && out[j - 1] > out[j]; j--) { uint64_t t = out[j]; out[j] = out[j - 1]; out[j - 1] = t; }
    return m;
}

/* whether the brute force lists heaps[0..k) among heap n's options */
static int brute_has(const bopt *opts, int no, const uint64_t *heaps, size_t k) {
    uint64_t want[8], got[8], h[3];
    size_t m = norm_heaps(heaps, k, want);
    for (int i = 0; i < no; i++) {
        for (int j = 0; j < opts[i].n; j++) h[j] = (uint64_t)opts[i].h[j];
        if (norm_heaps(h, (size_t)opts[i].n, got) == m && !memcmp(got, want, m * sizeof *got)) return 1;
    }
    return 0;
}

/* gr_ruleset_is_option against the brute force's options on random rules
 * and heaps: every option is one; random heaps, and options changed by one
 * token, are one exactly when the brute force lists them. The families that
 * decide from their rule (nim, take-and-break codes, Grundy's game, coprime)
 * must answer with a listing bound of one option. */
static void test_is_option(uint64_t seed) {
    tu_rng r = {seed ^ 0x150f};
    uint64_t cases = 1500 * tu_scale();
    long yes = 0, no = 0;
    static bopt opts[8192];
    for (uint64_t c = 0; c < cases; c++) {
        gr_ctx *ctx;
        gr_ruleset *rs;
        gr_error err;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        brule b;
        rand_rule(&r, &b);
        int hex = b.digit[0] & 8;
        for (int i = 0; i < b.nd; i++) hex |= b.digit[i] & 8;
        int n = (int)tu_below(&r, hex ? 28 : 41);
        int nopt = brute_options(&b, n, opts, 8192);
        if (gr_ctx_ruleset(ctx, b.spec, strlen(b.spec), &rs, &err) != GR_OK) {
            CHECK(0, "ruleset %s: %s", b.spec, err.message);
            gr_ctx_free(ctx);
            continue;
        }
        int decides = b.kind == B_NIM || b.kind == B_TB || b.kind == B_GRUNDY || b.kind == B_COPRIME;
        uint64_t bound = decides ? 1 : 0;
        for (int i = 0; i < nopt; i++) {
            uint64_t h[3] = {0, 0, 0};
            for (int j = 0; j < opts[i].n; j++) h[j] = (uint64_t)opts[i].h[j];
            int y = -1;
            gr_status st = gr_ruleset_is_option(rs, (uint64_t)n, h, (size_t)opts[i].n, bound, &y, &err);
            CHECK(st == GR_OK && y == 1, "case %llu %s: heap %d -> option %d of %d not recognized (status %d)",
                  (unsigned long long)c, b.spec, n, i, nopt, (int)st);
            yes++;
        }
        for (int t = 0; t < 24; t++) {
            uint64_t h[4] = {0, 0, 0, 0};
            size_t k;
            if (nopt && t % 2) {
                /* an option with one heap one token larger or smaller, or a heap added */
                const bopt *o = &opts[tu_below(&r, (uint64_t)nopt)];
                k = (size_t)o->n;
                for (size_t j = 0; j < k; j++) h[j] = (uint64_t)o->h[j];
                if (k && tu_below(&r, 3)) {
                    size_t j = (size_t)tu_below(&r, k);
                    h[j] = tu_below(&r, 2) ? h[j] + 1 : h[j] - 1;
                } else {
                    h[k++] = 1 + tu_below(&r, 3);
                }
            } else {
                k = (size_t)tu_below(&r, 5);
                for (size_t j = 0; j < k; j++) h[j] = tu_below(&r, (uint64_t)n + 2);
            }
            int want = brute_has(opts, nopt, h, k), y = -1;
            gr_status st = gr_ruleset_is_option(rs, (uint64_t)n, h, k, bound, &y, &err);
            CHECK(st == GR_OK && y == want, "case %llu %s: heap %d -> %llu,%llu,%llu,%llu (%zu heaps): library %d (status %d), brute force %d",
                  (unsigned long long)c, b.spec, n, (unsigned long long)h[0], (unsigned long long)h[1],
                  (unsigned long long)h[2], (unsigned long long)h[3], k, y, (int)st, want);
            if (want) yes++; else no++;
        }
        gr_ctx_free(ctx);
    }
    printf("is_option: %llu random rules, %ld options and %ld non-options checked against the brute force\n",
           (unsigned long long)cases, yes, no);
}

typedef struct huge_case {
    const char *spec;
    uint64_t n;
    uint64_t h[3];
    size_t k;
    int want;
} huge_case;

/* 64-bit heaps, answered without listing (bound 1); each answer worked out
 * by hand from the rule */
static void test_is_option_huge(void) {
    const uint64_t T = 1000000000000ull, M = UINT64_MAX, H = 1ull << 63;
    const huge_case cs[] = {
        {"kayles", T, {1, T - 3}, 2, 1},        /* take 2 from the middle */
        {"kayles", T, {T - 3, 1}, 2, 1},        /* the same, in any order */
        {"kayles", T, {5, T - 9}, 2, 0},        /* takes 4 */
        {"kayles", T, {T - 1}, 1, 1},
        {"kayles", T, {T - 2}, 1, 1},
        {"kayles", T, {T - 3}, 1, 0},
        {"kayles", T, {0}, 0, 0},               /* cannot take a whole huge heap */
        {"kayles", M, {M - 1}, 1, 1},
        {"kayles", M, {M, M}, 2, 0},            /* more than the heap (the sum wraps) */
        {"dawson", T, {T - 1}, 1, 0},           /* 0.07: always two tokens */
        {"dawson", T, {T - 2}, 1, 1},
        {"dawson", T, {4, T - 6}, 2, 1},        /* take 2, split */
        {"dawson", T, {4, T - 7}, 2, 0},        /* takes 3 */
        {"tb[0.137]", T, {T - 1}, 1, 0},        /* one token only from a heap of 1 */
        {"tb[0.137]", T, {4, T - 7}, 2, 1},     /* take 3, split */
        {"tb[0.137]", T, {4, T - 6}, 2, 0},     /* take 2, split: not in 0.137 */
        {"nim", T, {0}, 0, 1},
        {"nim", T, {T - 1}, 1, 1},
        {"nim", T, {T}, 1, 0},
        {"nim", T, {1, 2}, 2, 0},
        {"grundy", T, {1, T - 1}, 2, 1},
        {"grundy", T, {T / 2, T / 2}, 2, 0},    /* equal heaps */
        {"grundy", T, {1, T - 2}, 2, 0},        /* removes a token */
        {"coprime", T, {T - 1}, 1, 1},          /* take 1 */
        {"coprime", T, {T - 2}, 1, 0},          /* gcd(10^12, 2) = 2 */
        {"coprime", T, {T - 3}, 1, 1},
        {"coprime", T, {0}, 0, 1},              /* the whole heap */
        {"lasker", H, {0}, 0, 1},
        {"lasker", H, {H / 2, H / 2}, 2, 1},    /* split without taking */
        {"lasker", H, {1, 1, H - 2}, 3, 0},
        {"tb[0.F]", M, {1, 2, M - 4}, 3, 1},    /* take 1, split into three */
        {"tb[0.F]", M, {1, 2, M - 3}, 3, 0},    /* takes nothing */
    };
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    for (size_t i = 0; i < sizeof cs / sizeof cs[0]; i++) {
        gr_ruleset *rs;
        gr_error err;
        int y = -1;
        gr_status st = gr_ctx_ruleset(ctx, cs[i].spec, strlen(cs[i].spec), &rs, &err);
        if (st == GR_OK) st = gr_ruleset_is_option(rs, cs[i].n, cs[i].h, cs[i].k, 1, &y, &err);
        CHECK(st == GR_OK && y == cs[i].want, "%s(%llu) -> %llu,%llu,%llu: got %d (status %d), want %d", cs[i].spec,
              (unsigned long long)cs[i].n, (unsigned long long)cs[i].h[0], (unsigned long long)cs[i].h[1],
              (unsigned long long)cs[i].h[2], y, (int)st, cs[i].want);
    }
    /* a family that lists: past the bound the answer is refused, not guessed */
    gr_ruleset *rs;
    gr_error err;
    int y = -1;
    if (gr_ctx_ruleset(ctx, "rule[n -> (n-k) for k in 1..n]", 30, &rs, &err) == GR_OK) {
        uint64_t h = 1;
        gr_status st = gr_ruleset_is_option(rs, T, &h, 1, 1000, &y, &err);
        CHECK(st == GR_EUNPROVEN && strstr(err.message, "more options than the 1000 listed"), "a rule past the bound: status %d, %s",
              (int)st, err.message);
        h = T - 1;
        st = gr_ruleset_is_option(rs, T, &h, 1, 1000, &y, &err);
        CHECK(st == GR_OK && y == 1, "a rule's first option: status %d, %d", (int)st, y);
    } else {
        CHECK(0, "rule: %s", err.message);
    }
    gr_ctx_free(ctx);
}

int main(void) {
    uint64_t seed = tu_seed(20261122);
    test_golden();
    test_random(seed);
    test_period_values(seed);
    test_is_option(seed);
    test_is_option_huge();
    return tu_finish("test_rulesets");
}
