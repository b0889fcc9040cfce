/* Proven periodicity: known periods from the literature are reproduced, and
 * for random games every proof the library makes from a prefix of the
 * sequence holds on the brute-force sequence far past that prefix (so no
 * prefix that merely looks periodic is ever reported as periodic). */
#include <string.h>
#include "grundy/grundy.h"
#include "grundy/experimental.h"
#include "brute.h"
#include "randrule.h"
#include "testutil.h"

static void known(const char *spec, uint64_t pre, uint64_t per) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    gr_period p = GR_SIZED(gr_period);
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    CHECK(gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) == GR_OK, "%s", err.message);
    CHECK(gr_ruleset_period(rs, 4096, &p, &err) == GR_OK, "%s", err.message);
    CHECK(p.found, "%s: no period proved in 4096 values", spec);
    CHECK(p.period == per, "%s: period %llu, literature %llu", spec, (unsigned long long)p.period, (unsigned long long)per);
    if (pre != UINT64_MAX)
        CHECK(p.preperiod == pre, "%s: preperiod %llu, expected %llu", spec, (unsigned long long)p.preperiod,
              (unsigned long long)pre);
    gr_ctx_free(ctx);
}

static void rule_of(const brule *b, gr_period_rule *rule, uint64_t *t) {
    if (b->kind == B_SUB) {
        *rule = GR_PERIOD_SUBTRACTION;
        *t = 0;
        for (int i = 0; i < b->nsub; i++) if ((uint64_t)b->sub[i] > *t) *t = (uint64_t)b->sub[i];
        return;
    }
    int s2 = 0, s3 = 0;
    *t = 0;
    for (int k = 0; k < b->nd; k++) {
        if (b->digit[k] & 4) s2 = 1;
        if (b->digit[k] & 8) s3 = 1;
        if (b->digit[k] && k > 0) *t = (uint64_t)k;
    }
    *rule = s3 ? GR_PERIOD_SPLIT3 : s2 ? GR_PERIOD_SPLIT2 : GR_PERIOD_NOSPLIT;
}

static void prefixes(uint64_t seed) {
    tu_rng r = {seed};
    uint64_t cases = 400 * tu_scale();
    long proofs = 0, tried = 0;
    enum { N = 600 };
    static unsigned g[N + 1];
    static uint32_t v[N + 1];
    for (uint64_t c = 0; c < cases; c++) {
        brule b;
        int n = N;
        if (c % 3 == 0) rand_sub(&r, &b, 40);
        else if (c % 3 == 1) rand_tb(&r, &b, 0, 0);
        else { rand_tb(&r, &b, 1, 0); n = 160; }
        brute_values(&b, n, g);
        for (int i = 0; i <= n; i++) v[i] = g[i];
        gr_period_rule rule;
        uint64_t t;
        rule_of(&b, &rule, &t);
        for (int len = 1; len <= n / 2; len++) {
            uint64_t pre, per;
            tried++;
            if (!gr_period_prove(v, (size_t)len, rule, t, &pre, &per)) continue;
            proofs++;
            int bad = -1;
            for (int i = (int)pre; i <= n && bad < 0; i++)
                if (v[i] != v[pre + (uint64_t)(i - (int)pre) % per]) bad = i;
            CHECK(bad < 0, "%s: prefix of %d proves period %llu from %llu, but G(%d) breaks it", b.spec, len,
                  (unsigned long long)per, (unsigned long long)pre, bad);
            /* the least period: no proper divisor works on the long sequence */
            for (uint64_t q = 1; q < per; q++) {
                if (per % q) continue;
                int ok = 1;
                for (int i = n / 2; i + (int)q <= n; i++) if (v[i] != v[i + (int)q]) ok = 0;
                CHECK(!ok, "%s: reported period %llu but %llu also holds", b.spec, (unsigned long long)per,
                      (unsigned long long)q);
            }
            break; /* longer prefixes prove the same thing */
        }
    }
    printf("prefix proofs: %llu games, %ld prefixes tried, %ld proofs checked against the brute force\n",
           (unsigned long long)cases, tried, proofs);
}

/* G(0..n) by the brute force, as the 32-bit values the provers read, and
 * the code's digits as bytes */
static void brute_u32(const brule *b, int n, uint32_t *v, uint8_t *dig) {
    unsigned *g = malloc((size_t)(n + 1) * sizeof *g);
    if (!g) abort();
    brute_values(b, n, g);
    for (int i = 0; i <= n; i++) v[i] = g[i];
    free(g);
    for (int i = 0; i < b->nd; i++) dig[i] = (uint8_t)b->digit[i];
}

/* An arithmetic period (pre, per, s) proved from a prefix of len values:
 * it must hold on all of v[0..N], with the least preperiod and no smaller
 * period holding on the tail. */
static void arith_check(const brule *b, const uint32_t *v, int N, int len, uint64_t pre, uint64_t per, uint64_t s) {
    int bad = -1;
    for (int i = (int)(pre + per); i <= N && bad < 0; i++)
        if (v[i] != v[i - (int)per] + s) bad = i;
    CHECK(bad < 0, "%s: prefix of %d proves G(n + %llu) = G(n) + %llu from %llu, but G(%d) breaks it", b->spec, len,
          (unsigned long long)per, (unsigned long long)s, (unsigned long long)pre, bad);
    CHECK(s >= 1, "%s: saltus 0", b->spec);
    if (pre > 0)
        CHECK(v[pre + per - 1] != v[pre - 1] + s, "%s: preperiod %llu is not the least", b->spec, (unsigned long long)pre);
    for (uint64_t q = 1; q < per; q++) {
        int ok = 1;
        long d0 = (long)v[N] - (long)v[N - (int)q];
        for (int i = N / 2; i <= N; i++) if ((long)v[i] - (long)v[i - (int)q] != d0) ok = 0;
        CHECK(!ok || d0 <= 0, "%s: reported period %llu but %llu also holds", b->spec, (unsigned long long)per,
              (unsigned long long)q);
    }
}

/* Arithmetic periodicity of codes that never split and whose last digit (2
 * or 3) repeats: every proof from a prefix must hold on a long brute-force
 * sequence, with the least period and the least preperiod. */
static void arith_prefixes(uint64_t seed) {
    tu_rng r = {seed};
    uint64_t cases = 150 * tu_scale();
    long proofs = 0, tried = 0;
    enum { N = 1500 };
    static uint32_t v[N + 1];
    uint8_t dig[16];
    for (uint64_t c = 0; c < cases; c++) {
        brule b;
        memset(&b, 0, sizeof b);
        b.kind = B_TB;
        b.nd = 2 + (int)tu_below(&r, 6);
        for (int i = 1; i < b.nd; i++) b.digit[i] = (int)tu_below(&r, 4);
        b.digit[b.nd - 1] = 2 + (int)tu_below(&r, 2);
        b.repeat = 1;
        brute_spec(&b);
        brute_u32(&b, N, v, dig);
        for (int len = 4; len <= N / 3; len++) {
            uint64_t pre, per, s;
            tried++;
            if (!gr_arith_prove(v, (size_t)len, dig, (size_t)b.nd, &pre, &per, &s)) continue;
            proofs++;
            arith_check(&b, v, N, len, pre, per, s);
            break;
        }
    }
    printf("arithmetic periodicity: %llu codes, %ld prefixes tried, %ld proofs checked against the brute force\n",
           (unsigned long long)cases, tried, proofs);
    CHECK(proofs * 2 >= (long)cases, "too few proofs (%ld of %llu) for the test to mean much", proofs,
          (unsigned long long)cases);
    /* known: nim (period 1, saltus 1, from 0), take at least two
     * (floor(n/2)), and a code that never splits and never repeats has no
     * arithmetic proof */
    static const struct { uint8_t d[6]; size_t nd; uint64_t pre, per, s; } known[] = {
        {{0, 3}, 2, 0, 1, 1}, {{0, 0, 3}, 3, 0, 2, 1}, {{0, 3, 3, 0, 3, 3}, 6, 0, 6, 3}};
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
        brule b;
        memset(&b, 0, sizeof b);
        b.kind = B_TB;
        b.nd = (int)known[k].nd;
        for (size_t i = 0; i < known[k].nd; i++) b.digit[i] = known[k].d[i];
        b.repeat = 1;
        brute_spec(&b);
        brute_u32(&b, 400, v, dig);
        uint64_t pre, per, s;
        CHECK(gr_arith_prove(v, 400, known[k].d, known[k].nd, &pre, &per, &s) && pre == known[k].pre &&
                  per == known[k].per && s == known[k].s,
              "%s: arithmetic period", b.spec);
    }
    /* Lasker's nim (4.3!) is arithmetic periodic, but it splits: the
     * argument does not cover it, so no proof is claimed */
    {
        brule b;
        memset(&b, 0, sizeof b);
        b.kind = B_TB;
        b.nd = 2;
        b.digit[0] = 4;
        b.digit[1] = 3;
        b.repeat = 1;
        brute_spec(&b);
        brute_u32(&b, 400, v, dig);
        uint64_t pre, per, s;
        CHECK(!gr_arith_prove(v, 400, dig, 2, &pre, &per, &s), "a splitting code gets no arithmetic proof");
    }
}

static void random_hex_code(tu_rng *r, brule *b, int favour3) {
    memset(b, 0, sizeof *b);
    b->kind = B_TB;
    b->nd = 2 + (int)tu_below(r, 2);
    int splits = 0;
    do {
        splits = 0;
        for (int i = 1; i < b->nd; i++) {
            b->digit[i] = (int)tu_below(r, 16);
            if (favour3 && tu_below(r, 3)) b->digit[i] |= 8; /* three-way splits: where arithmetic periodicity lives */
            if (b->digit[i] & 12) splits = 1;
        }
    } while (!splits || !b->digit[b->nd - 1]);
    brute_spec(b);
}

/* Arithmetic periodicity of codes that split (hexadecimal codes): every
 * proof from a prefix must hold on a long brute-force sequence, with the
 * least period and preperiod; the prefix length it reports as used must be
 * within the prefix. */
static void hex_check(const brule *b, const uint32_t *v, int N, int len, uint64_t pre, uint64_t per, uint64_t s,
                      uint64_t used) {
    arith_check(b, v, N, len, pre, per, s);
    CHECK((s & (s - 1)) == 0, "%s: saltus %llu is not a power of two", b->spec, (unsigned long long)s);
    CHECK(used >= 1 && used <= (uint64_t)len, "%s: proof used %llu values of %d", b->spec, (unsigned long long)used, len);
}

static void hex_prefixes(uint64_t seed) {
    tu_rng r = {seed};
    uint64_t cases = 60 * tu_scale();
    long proofs = 0, tried = 0;
    enum { N = 420 };
    static uint32_t v[N + 1];
    uint8_t dig[16];
    for (uint64_t c = 0; c < cases; c++) {
        brule b;
        random_hex_code(&r, &b, 1);
        brute_u32(&b, N, v, dig);
        for (int len = 8; len <= N / 2; len += 3) {
            uint64_t pre, per, s, used;
            tried++;
            if (!gr_hex_arith_prove(v, (size_t)len, dig, (size_t)b.nd, &pre, &per, &s, &used)) continue;
            proofs++;
            hex_check(&b, v, N, len, pre, per, s, used);
            break;
        }
    }
    printf("hexadecimal arithmetic periodicity: %llu codes, %ld prefixes tried, %ld proofs checked against the brute "
           "force\n",
           (unsigned long long)cases, tried, proofs);
    CHECK(proofs * 5 >= (long)cases, "too few proofs (%ld of %llu) for the test to mean much", proofs,
          (unsigned long long)cases);
    /* known sequences: 0.8 is floor((n-1)/3), 0.C floor((n-1)/2), 0.FF is n,
     * 0.0F floor(n/2), 0.A8 has saltus 2 and 0.28 period 53, saltus 16 */
    static const struct { int d[3]; int nd; uint64_t pre, per, s; } known[] = {
        {{0, 8}, 2, 1, 3, 1},        {{0, 12}, 2, 1, 2, 1},   {{0, 15, 15}, 3, 0, 1, 1},
        {{0, 0, 15}, 3, 0, 2, 1},    {{0, 10, 8}, 3, 1, 4, 2}, {{0, 2, 8}, 3, 1, 53, 16}};
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
        brule b;
        memset(&b, 0, sizeof b);
        b.kind = B_TB;
        b.nd = known[k].nd;
        for (int i = 0; i < b.nd; i++) b.digit[i] = known[k].d[i];
        brute_spec(&b);
        brute_u32(&b, N, v, dig);
        uint64_t pre = 0, per = 0, s = 0, used = 0;
        int ok = gr_hex_arith_prove(v, N, dig, (size_t)b.nd, &pre, &per, &s, &used);
        CHECK(ok && pre == known[k].pre && per == known[k].per && s == known[k].s,
              "%s: got %d (%llu, %llu, %llu)", b.spec, ok, (unsigned long long)pre, (unsigned long long)per,
              (unsigned long long)s);
        if (ok) hex_check(&b, v, N, N, pre, per, s, used);
    }
    /* Kenyon's game 0.3F is arithmetic periodic with saltus 3 (period 6):
     * the theorem needs a power of two, so nothing is claimed */
    {
        brule b;
        memset(&b, 0, sizeof b);
        b.kind = B_TB;
        b.nd = 3;
        b.digit[1] = 3;
        b.digit[2] = 15;
        brute_spec(&b);
        brute_u32(&b, 400, v, dig);
        CHECK(v[400] == v[394] + 3, "0.3F has saltus 3 at the end of the prefix");
        uint64_t pre, per, s, used = 7;
        CHECK(!gr_hex_arith_prove(v, 400, dig, 3, &pre, &per, &s, &used), "0.3F: no proof with saltus 3");
        CHECK(used == 0, "0.3F: no candidate to grow towards");
    }
}

/* The induction step itself: the prover is given the values of one code
 * and the rules of another (or of the same code), so that most candidates
 * are not the game's sequence. Whenever it accepts, the extension F must
 * satisfy F(N) = mex of the options of N under the rules, evaluated with F,
 * for every N from the reported prefix length on (checked to 320). */
static unsigned hex_F(const uint32_t *v, uint64_t pre, uint64_t per, uint64_t s, uint64_t n) {
    return (unsigned)(n < pre + per ? v[n] : v[pre + (n - pre) % per] + (n - pre) / per * s);
}

static void hex_steps(uint64_t seed) {
    tu_rng r = {seed};
    uint64_t cases = 100 * tu_scale();
    enum { N = 320 };
    static uint32_t v[N + 1];
    static unsigned f[N + 1];
    uint8_t dig[16];
    long accepted = 0, own = 0;
    for (uint64_t c = 0; c < cases; c++) {
        brule a, b;
        random_hex_code(&r, &a, 1);
        brute_u32(&a, N, v, dig);
        for (int k = 0; k < 4; k++) {
            if (k == 0) b = a;
            else random_hex_code(&r, &b, k < 2);
            for (int i = 0; i < b.nd; i++) dig[i] = (uint8_t)b.digit[i];
            uint64_t pre, per, s, used;
            if (!gr_hex_arith_prove(v, 200, dig, (size_t)b.nd, &pre, &per, &s, &used)) continue;
            accepted++;
            if (k == 0) own++;
            for (int i = 0; i <= N; i++) f[i] = hex_F(v, pre, per, s, (uint64_t)i);
            int bad = -1;
            for (int n = (int)used; n <= N && bad < 0; n++)
                if (brute_mex(&b, n, f) != f[n]) bad = n;
            CHECK(bad < 0, "rules %s, values of %s: proof (%llu, %llu, %llu) from %llu values, but the step fails at %d",
                  b.spec, a.spec, (unsigned long long)pre, (unsigned long long)per, (unsigned long long)s,
                  (unsigned long long)used, bad);
        }
    }
    printf("hexadecimal induction step: %llu value sequences under 4 rules each, %ld accepted (%ld under their own "
           "rules), each step checked to %d\n",
           (unsigned long long)cases, accepted, own, N);
}

static void unit(void) {
    /* a constant sequence is periodic from 0 once the window fits */
    uint32_t z[40] = {0};
    uint64_t pre = 9, per = 9;
    CHECK(gr_period_prove(z, 40, GR_PERIOD_SUBTRACTION, 3, &pre, &per) == 1 && pre == 0 && per == 1, "zeros");
    /* too short a prefix proves nothing */
    CHECK(gr_period_prove(z, 3, GR_PERIOD_SUBTRACTION, 3, &pre, &per) == 0, "short prefix");
    CHECK(gr_period_window_end(GR_PERIOD_SPLIT2, 2, 71, 12) == 2 * 71 + 12 + 2, "Guy-Smith window");
    CHECK(gr_period_window_end(GR_PERIOD_SPLIT2, 2, 0, 12) == 2 + 12 + 2, "window uses max(e,1)");
    CHECK(gr_period_window_end(GR_PERIOD_SPLIT3, 1, 5, 4) == 15 + 8 + 1, "three-way window");
    CHECK(gr_period_window_end(GR_PERIOD_NOSPLIT, 3, 0, 4) == 4, "no-split window");
    /* windows past 2^64 saturate rather than wrap to a small, covered one */
    CHECK(gr_period_window_end(GR_PERIOD_NOSPLIT, UINT64_MAX, 0, 4) == UINT64_MAX, "no-split window saturates");
    CHECK(gr_period_window_end(GR_PERIOD_SPLIT2, UINT64_MAX - 3, 5, 7) == UINT64_MAX, "split window saturates");
    CHECK(gr_period_window_end(GR_PERIOD_SPLIT3, 1, (uint64_t)1 << 63, 1) == UINT64_MAX, "three-way window saturates");
    CHECK(gr_period_prove(z, 40, GR_PERIOD_NOSPLIT, UINT64_MAX, &pre, &per) == 0, "no proof with a take near 2^64");
}

/* the prover as first written: every candidate period scanned in full */
static int naive_prove(const uint32_t *v, size_t n, gr_period_rule rule, uint64_t t, uint64_t *pre, uint64_t *per) {
    for (uint64_t p = 1; 2 * p <= n; p++) {
        uint64_t e = n - p;
        while (e > 0 && v[e - 1] == v[e - 1 + p]) e--;
        if (gr_period_window_end(rule, t, e, p) > n - p) continue;
        for (uint64_t q = 1; q <= p; q++) {
            if (p % q) continue;
            int ok = 1;
            for (uint64_t i = e; i < e + p && ok; i++) {
                uint64_t j = i + q;
                uint32_t a = v[i], b = j < e + p ? v[j] : v[e + (j - e) % p];
                ok = a == b;
            }
            if (!ok) continue;
            uint64_t eq = e;
            while (eq > 0) {
                uint64_t j = eq - 1 + q;
                if (v[eq - 1] != (j < e + p ? v[j] : v[e + (j - e) % p])) break;
                eq--;
            }
            *pre = eq;
            *per = q;
            return 1;
        }
    }
    return 0;
}

/* eventually periodic sequences with long preperiods, over small alphabets
 * (so that many shifts match for a while): the prover, which skips the
 * multiples of periods that failed, must agree with the full scan */
static void skipping(uint64_t seed) {
    tu_rng r = {seed};
    static uint32_t v[6000];
    uint64_t cases = 3000 * tu_scale(), proved = 0;
    static const gr_period_rule rules[] = {GR_PERIOD_SUBTRACTION, GR_PERIOD_NOSPLIT, GR_PERIOD_SPLIT2, GR_PERIOD_SPLIT3};
    for (uint64_t c = 0; c < cases; c++) {
        size_t n = 8 + (size_t)tu_below(&r, 5990);
        uint64_t q = 1 + tu_below(&r, 1 + tu_below(&r, 40)), e0 = tu_below(&r, n);
        uint32_t alpha = 1 + (uint32_t)tu_below(&r, 4);
        for (size_t i = 0; i < n; i++) v[i] = i < e0 + q ? (uint32_t)tu_below(&r, alpha) : v[i - q];
        /* a few late mismatches */
        if (tu_below(&r, 3) == 0) v[tu_below(&r, n)] ^= 1;
        gr_period_rule rule = rules[tu_below(&r, 4)];
        uint64_t t = tu_below(&r, 6);
        uint64_t p1 = 0, q1 = 0, p2 = 0, q2 = 0;
        int a = gr_period_prove(v, n, rule, t, &p1, &q1), b = naive_prove(v, n, rule, t, &p2, &q2);
        CHECK(a == b && (!a || (p1 == p2 && q1 == q2)), "case %llu (n %zu, rule %d, t %llu): prover %d (%llu, %llu), full scan %d (%llu, %llu)",
              (unsigned long long)c, n, (int)rule, (unsigned long long)t, a, (unsigned long long)p1, (unsigned long long)q1, b,
              (unsigned long long)p2, (unsigned long long)q2);
        proved += (uint64_t)a;
    }
    printf("prover against the full scan: %llu sequences, %llu proved\n", (unsigned long long)cases, (unsigned long long)proved);
}

int main(void) {
    uint64_t seed = tu_seed(1704);
    skipping(seed + 4);
    unit();
    known("kayles", 71, 12);
    known("tb[0.77]", 71, 12);
    known("dawson", 53, 34);       /* preperiod: the least e with G(n+34) = G(n) for all n >= e */
    known("tb[0.137]", 52, 34);
    known("sub[2,3,7]", UINT64_MAX, 5);
    known("sub[1,2,4]", 0, 3);
    known("sub[1..3]", 0, 4);
    prefixes(seed);
    arith_prefixes(seed + 1);
    hex_prefixes(seed + 2);
    hex_steps(seed + 3);
    return tu_finish("test_period");
}
