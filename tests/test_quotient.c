/* Misère quotients against the brute-force game-tree search: random heap
 * rules (take-and-break codes, subtraction sets, nim, Grundy's game, ...),
 * random sums of their heaps; the monoid laws, reducedness and the
 * presentation; the published size Q_30(0.07) = 360; solve --misere by the
 * quotient; bounds and errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "brute.h"
#include "randrule.h"
#include "testutil.h"

static gr_ruleset *ruleset(gr_ctx *ctx, const char *spec) {
    gr_ruleset *rs = NULL;
    gr_error err;
    if (gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) != GR_OK) {
        fprintf(stderr, "%s: %s\n", spec, err.message);
        exit(1);
    }
    return rs;
}

static uint32_t word_element(const gr_quotient *q, const uint32_t *e) {
    uint32_t x = 0;
    for (size_t g = 0; g < gr_quotient_generators(q); g++)
        x = gr_quotient_mul(q, x, gr_quotient_pow(q, gr_quotient_generator_element(q, g), e[g]));
    return x;
}

/* associativity, commutativity, identity, reducedness, presentation */
static void check_structure(const gr_quotient *q, const char *spec) {
    uint32_t n = gr_quotient_size(q);
    int ok = 1;
    for (uint32_t x = 0; x < n && ok; x++) {
        if (gr_quotient_mul(q, 0, x) != x) ok = 0;
        for (uint32_t y = 0; y < n && ok; y++) {
            if (gr_quotient_mul(q, x, y) != gr_quotient_mul(q, y, x)) ok = 0;
            if (n <= 64)
                for (uint32_t z = 0; z < n && ok; z++)
                    if (gr_quotient_mul(q, gr_quotient_mul(q, x, y), z) != gr_quotient_mul(q, x, gr_quotient_mul(q, y, z)))
                        ok = 0;
        }
    }
    CHECK(ok, "%s: the table is not a commutative monoid", spec);
    CHECK(!gr_quotient_is_p(q, 0), "%s: the empty sum must be an N-position in misère play", spec);
    /* every two elements are told apart by some third */
    int reduced = 1;
    for (uint32_t x = 0; x < n && reduced; x++)
        for (uint32_t y = x + 1; y < n && reduced; y++) {
            int apart = 0;
            for (uint32_t z = 0; z < n && !apart; z++)
                apart = gr_quotient_is_p(q, gr_quotient_mul(q, x, z)) != gr_quotient_is_p(q, gr_quotient_mul(q, y, z));
            if (!apart) reduced = 0;
        }
    CHECK(reduced, "%s: two elements are indistinguishable", spec);
    for (uint32_t x = 0; x < n; x++)
        CHECK(word_element(q, gr_quotient_normal_form(q, x)) == x, "%s: the normal form of %u is wrong", spec, x);
    for (size_t i = 0; i < gr_quotient_relations(q); i++) {
        const uint32_t *l, *r;
        gr_quotient_relation(q, i, &l, &r);
        CHECK(word_element(q, l) == word_element(q, r), "%s: relation %zu does not hold", spec, i);
    }
}

static void random_rules(uint64_t seed) {
    tu_rng rng = {seed};
    int rules = (int)(40 * tu_scale()), built = 0, cases = 0;
    for (int i = 0; i < rules; i++) {
        brule b;
        rand_rule(&rng, &b);
        int N = 4 + (int)tu_below(&rng, 11);
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) exit(1);
        gr_ruleset *rs = ruleset(ctx, b.spec);
        gr_quotient *q;
        gr_error err;
        /* small bounds keep the test quick; the few rules they stop are skipped */
        gr_quotient_limits lim = {sizeof(gr_quotient_limits), 256, (uint64_t)1 << 16, 0};
        gr_status st = gr_quotient_compute(rs, (uint64_t)N, &lim, &q, &err);
        if (st == GR_ELIMIT) { gr_ctx_free(ctx); continue; }
        CHECK(st == GR_OK, "%s to %d: %s", b.spec, N, err.message);
        if (st != GR_OK) { gr_ctx_free(ctx); continue; }
        built++;
        check_structure(q, b.spec);
        for (int c = 0; c < 75; c++) {
            bheap h[6];
            int k = 1 + (int)tu_below(&rng, 5), tot = 0;
            uint32_t x = 0;
            for (int j = 0; j < k; j++) {
                h[j].rule = 0;
                h[j].size = (int)tu_below(&rng, (uint64_t)N + 1);
                if (tot + h[j].size > 30) h[j].size = 0;
                tot += h[j].size;
                x = gr_quotient_mul(q, x, gr_quotient_heap(q, (uint64_t)h[j].size));
            }
            int wins = brute_wins_misere(&b, h, k);
            CHECK(wins == !gr_quotient_is_p(q, x), "%s: a sum of %d heaps (first %d) misjudged", b.spec, k, h[0].size);
            cases++;
        }
        brute_reset();
        gr_quotient_free(q);
        gr_ctx_free(ctx);
    }
    CHECK(built * 10 >= rules * 9, "only %d of %d quotients were built", built, rules);
    printf("random rules: %d quotients, %d sums checked against the search\n", built, cases);
}

/* exhaustive: every sum of up to 4 heaps of size <= N */
static void exhaustive(const char *spec, brule *b, int N) {
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) exit(1);
    gr_quotient *q;
    gr_error err;
    gr_status st = gr_quotient_compute(ruleset(ctx, spec), (uint64_t)N, NULL, &q, &err);
    CHECK(st == GR_OK, "%s: %s", spec, err.message);
    if (st != GR_OK) { gr_ctx_free(ctx); return; }
    check_structure(q, spec);
    int cases = 0;
    for (int a = 0; a <= N; a++)
        for (int c = a; c <= N; c++)
            for (int d = c; d <= N; d++)
                for (int e = d; e <= N && a + c + d + e <= 30; e++) {
                    bheap h[4] = {{0, a}, {0, c}, {0, d}, {0, e}};
                    uint32_t x = 0;
                    for (int j = 0; j < 4; j++) x = gr_quotient_mul(q, x, gr_quotient_heap(q, (uint64_t)h[j].size));
                    CHECK(brute_wins_misere(b, h, 4) == !gr_quotient_is_p(q, x), "%s(%d,%d,%d,%d) misjudged", spec, a, c, d, e);
                    cases++;
                }
    brute_reset();
    printf("%s: quotient of heaps 0..%d has %u elements; %d sums checked\n", spec, N, gr_quotient_size(q), cases);
    gr_quotient_free(q);
    gr_ctx_free(ctx);
}

static uint32_t size_of(const char *spec, uint64_t N) {
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) exit(1);
    gr_quotient *q;
    gr_error err;
    uint32_t n = 0;
    if (gr_quotient_compute(ruleset(ctx, spec), N, NULL, &q, &err) == GR_OK) {
        n = gr_quotient_size(q);
        gr_quotient_free(q);
    } else {
        fprintf(stderr, "%s: %s\n", spec, err.message);
    }
    gr_ctx_free(ctx);
    return n;
}

static void published(void) {
    /* Siegel (2007, miseregames.wordpress.com, "Some MisereSolver questions
     * answered"): Q_30(0.07) has 360 elements */
    CHECK(size_of("tb[0.07]", 30) == 360, "Q_30(0.07) should have 360 elements");
    /* misère Nim: heaps 0..1 give Z2; 0..3 the tame quotient T2 (6
     * elements: 1, a, b, ab, b^2, ab^2); heaps 0..7 add a third generator */
    CHECK(size_of("nim", 1) == 2, "misère Nim heaps <= 1");
    CHECK(size_of("nim", 3) == 6, "misère Nim heaps <= 3 is T2");
    CHECK(size_of("nim", 7) == 10, "misère Nim heaps <= 7");
}

/* solve --misere by the quotient: method and moves */
static void via_position(void) {
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) exit(1);
    brule kay;
    memset(&kay, 0, sizeof kay);
    kay.kind = B_TB; kay.nd = 3; kay.digit[1] = 7; kay.digit[2] = 7;
    brute_spec(&kay);
    tu_rng rng = {7};
    int checked = 0;
    for (int c = 0; c < 300; c++) {
        char text[256];
        int k = 1 + (int)tu_below(&rng, 5), p = 0, tot = 0;
        bheap h[6];
        p += snprintf(text + p, sizeof text - (size_t)p, "kayles(");
        for (int j = 0; j < k; j++) {
            h[j].rule = 0;
            h[j].size = 1 + (int)tu_below(&rng, 14);
            if (tot + h[j].size > 30) h[j].size = 1;
            tot += h[j].size;
            p += snprintf(text + p, sizeof text - (size_t)p, "%s%d", j ? "," : "", h[j].size);
        }
        snprintf(text + p, sizeof text - (size_t)p, ")");
        gr_position *pos;
        gr_error err;
        if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) { CHECK(0, "%s", err.message); continue; }
        gr_misere m = GR_SIZED(gr_misere);
        if (gr_position_misere(pos, &m, &err) != GR_OK) { CHECK(0, "%s", err.message); gr_position_free(pos); continue; }
        CHECK(!strcmp(m.method, "quotient"), "%s: method %s", text, m.method);
        CHECK(m.wins == brute_wins_misere(&kay, h, k), "%s misjudged", text);
        checked++;
        gr_position_free(pos);
    }
    brute_reset();
    printf("kayles sums by solve --misere: %d\n", checked);
    gr_ctx_free(ctx);
}

/* The periodic extension (docs/theory.md "Misère quotients: periodicity")
 * against quotients computed directly to a larger bound: the same outcomes
 * on random sums of heaps beyond the first bound, and the same size. */
static void periodic_extension(uint64_t seed) {
    static const char *const SPECS[] = {"kayles", "sub[1,2,4]", "sub[2,3]", "tb[0.31]", "tb[0.51]", "tb[0.34]",
                                        "tb[0.15]", "tb[4.3]"};
    tu_rng rng = {seed ^ 0x5eed};
    int proved = 0;
    for (size_t s = 0; s < sizeof SPECS / sizeof SPECS[0]; s++) {
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) exit(1);
        gr_ruleset *rs = ruleset(ctx, SPECS[s]);
        gr_quotient *a = NULL, *b = NULL;
        gr_error err;
        uint64_t pre, per, n1 = 180, n2 = 420;
        if (gr_quotient_compute(rs, n1, NULL, &a, &err) != GR_OK || !gr_quotient_period(a, &pre, &per)) {
            gr_quotient_free(a);
            gr_ctx_free(ctx);
            continue;
        }
        proved++;
        if (!strncmp(SPECS[s], "sub[", 4)) {
            /* beyond the bound, against the search itself */
            brule br;
            memset(&br, 0, sizeof br);
            br.kind = B_SUB;
            for (const char *p = SPECS[s] + 4; *p && *p != ']'; p++)
                if (*p >= '0' && *p <= '9') br.sub[br.nsub++] = *p - '0';
            brute_spec(&br);
            for (int c = 0; c < 300; c++) {
                bheap h[3] = {{0, 0}, {0, 0}, {0, (int)tu_below(&rng, 12)}};
                uint32_t x = gr_quotient_heap(a, (uint64_t)h[2].size);
                for (int j = 0; j < 2; j++) {
                    h[j].rule = 0;
                    h[j].size = (int)n1 + (int)tu_below(&rng, 60);
                    x = gr_quotient_mul(a, x, gr_quotient_heap(a, (uint64_t)h[j].size));
                }
                CHECK(brute_wins_misere(&br, h, 3) == !gr_quotient_is_p(a, x), "%s: (%d,%d,%d) beyond the bound",
                      SPECS[s], h[0].size, h[1].size, h[2].size);
            }
            brute_reset();
        }
        CHECK(gr_quotient_covers(a, 1000000) && gr_quotient_heap(a, n1 + 1 + per) == gr_quotient_heap(a, n1 + 1),
              "%s: the periodic extension", SPECS[s]);
        if (gr_quotient_compute(rs, n2, NULL, &b, &err) != GR_OK) { CHECK(0, "%s to %llu: %s", SPECS[s], (unsigned long long)n2, err.message); gr_quotient_free(a); gr_ctx_free(ctx); continue; }
        CHECK(gr_quotient_size(a) == gr_quotient_size(b), "%s: sizes %u and %u", SPECS[s], gr_quotient_size(a), gr_quotient_size(b));
        for (int c = 0; c < 2000; c++) {
            uint32_t x = 0, y = 0;
            int k = 1 + (int)tu_below(&rng, 6);
            for (int j = 0; j < k; j++) {
                uint64_t h = tu_below(&rng, n2 + 1);
                x = gr_quotient_mul(a, x, gr_quotient_heap(a, h));
                y = gr_quotient_mul(b, y, gr_quotient_heap(b, h));
            }
            CHECK(gr_quotient_is_p(a, x) == gr_quotient_is_p(b, y), "%s: the extension misjudges a sum", SPECS[s]);
        }
        gr_quotient_free(a);
        gr_quotient_free(b);
        gr_ctx_free(ctx);
    }
    CHECK(proved >= 4, "only %d periodic quotients", proved);
    printf("periodic extensions checked: %d rulesets\n", proved);
}

/* Misère Grundy values read off the quotient with nim heaps adjoined
 * (G⁻(X) = n iff X + *n is a misère P-position) against the search's
 * misère Grundy value, on random rules: the genus terms H + k*2. */
static void misere_values(uint64_t seed) {
    tu_rng rng = {seed ^ 0x9e11};
    int checked = 0, rules = (int)(25 * tu_scale());
    for (int i = 0; i < rules; i++) {
        brule b[2];
        rand_rule(&rng, &b[0]);
        memset(&b[1], 0, sizeof b[1]);
        b[1].kind = B_NIM;
        brute_spec(&b[1]);
        int N = 3 + (int)tu_below(&rng, 8);
        uint32_t M = 2 + (uint32_t)tu_below(&rng, 3);
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) exit(1);
        gr_quotient *q;
        gr_error err;
        gr_quotient_limits lim = {sizeof(gr_quotient_limits), 256, (uint64_t)1 << 16, 0};
        if (gr_quotient_compute_nim(ruleset(ctx, b[0].spec), (uint64_t)N, M, &lim, &q, &err) != GR_OK) {
            gr_ctx_free(ctx);
            continue;
        }
        check_structure(q, b[0].spec);
        for (int h = 0; h <= N; h++)
            for (int k = 0; k <= 2; k++) {
                bheap hs[4] = {{0, h}, {1, 2}, {1, 2}, {1, 0}};
                uint32_t x = gr_quotient_heap(q, (uint64_t)h);
                for (int j = 0; j < k; j++) x = gr_quotient_mul(q, x, gr_quotient_nim(q, 2));
                unsigned v = brute_misere_value(b, hs, 1 + k);
                for (uint32_t n = 0; n <= M; n++) {
                    int p = gr_quotient_is_p(q, gr_quotient_mul(q, x, gr_quotient_nim(q, n)));
                    CHECK(p == (v == n), "%s: heap %d + %d*2 has misère value %u; the quotient says %s for *%u", b[0].spec,
                          h, k, v, p ? "P" : "N", n);
                }
                checked++;
            }
        brute_reset();
        gr_quotient_free(q);
        gr_ctx_free(ctx);
    }
    CHECK(checked > 100, "only %d misère values checked", checked);
    printf("misère Grundy values from quotients with nim heaps: %d checked\n", checked);
}

static void errors(void) {
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) exit(1);
    gr_quotient *q = NULL;
    gr_error err;
    gr_ruleset *w = ruleset(ctx, "wythoff");
    CHECK(gr_quotient_compute(w, 5, NULL, &q, &err) == GR_EINVAL && !q, "wythoff is not a heap game");
    gr_quotient_limits lim = {sizeof(gr_quotient_limits), 50, 0, 0};
    gr_status st = gr_quotient_compute(ruleset(ctx, "tb[0.07]"), 30, &lim, &q, &err);
    CHECK(st == GR_ELIMIT && !q, "a bound of 50 elements must stop Q_30(0.07)");
    CHECK(strstr(err.message, "proved up to heap 24") != NULL, "the message names the last heap: %s", err.message);
    CHECK(gr_quotient_compute(ruleset(ctx, "kayles"), 200000, NULL, &q, &err) == GR_ERANGE, "heap bound too large");
    gr_ctx_free(ctx);
}

int main(void) {
    uint64_t seed = tu_seed(20261123);
    published();
    errors();
    brule b;
    memset(&b, 0, sizeof b);
    b.kind = B_TB; b.nd = 3; b.digit[2] = 7;   /* 0.07 */
    brute_spec(&b);
    exhaustive("tb[0.07]", &b, 14);
    b.digit[1] = 7;                              /* 0.77 */
    exhaustive("kayles", &b, 12);
    b.digit[1] = 1; b.digit[2] = 3; b.nd = 4; b.digit[3] = 7; /* 0.137 */
    exhaustive("tb[0.137]", &b, 14);
    via_position();
    periodic_extension(seed);
    misere_values(seed);
    random_rules(seed);
    return tu_finish("quotient");
}
