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
        gr_period p;
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

int main(void) {
    uint64_t seed = tu_seed(20261122);
    test_golden();
    test_random(seed);
    test_period_values(seed);
    return tu_finish("test_rulesets");
}
