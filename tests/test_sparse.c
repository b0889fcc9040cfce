/* The sparse-space method against the naive mex: for dozens of random
 * take-and-break codes (including Kayles, Dawson's, 0.16 and 0.106) every
 * value up to 4000 must be the same whether the table switches to the
 * sparse method at 32 values or never. */
#include <string.h>
#include "grundy/grundy.h"
#include "brute.h"
#include "randrule.h"
#include "testutil.h"

static long compared;

/* seed: a prefix loaded into both tables before computing (NULL: none) */
static void compare_seeded(const char *spec, uint64_t n, const uint64_t *seed, uint64_t nseed);
static void compare(const char *spec, uint64_t n) { compare_seeded(spec, n, NULL, 0); }

static void compare_seeded(const char *spec, uint64_t n, const uint64_t *seed, uint64_t nseed) {
    gr_ctx *a, *b;
    gr_ruleset *ra, *rb;
    gr_error err;
    if (gr_ctx_new(&a) != GR_OK || gr_ctx_new(&b) != GR_OK) abort();
    gr_ctx_set_sparse_start(a, 32);
    gr_ctx_set_sparse_start(b, UINT64_MAX);
    uint64_t *va = malloc(n * sizeof *va), *vb = malloc(n * sizeof *vb);
    CHECK(gr_ctx_ruleset(a, spec, strlen(spec), &ra, &err) == GR_OK && gr_ctx_ruleset(b, spec, strlen(spec), &rb, &err) == GR_OK,
          "%s", err.message);
    if (nseed)
        CHECK(gr_ruleset_seed(ra, seed, nseed, &err) == GR_OK && gr_ruleset_seed(rb, seed, nseed, &err) == GR_OK, "%s", err.message);
    CHECK(gr_ruleset_values(ra, n, va, &err) == GR_OK && gr_ruleset_values(rb, n, vb, &err) == GR_OK, "%s", err.message);
    for (uint64_t i = 0; i < n; i++) {
        CHECK(va[i] == vb[i], "%s: G(%llu) sparse %llu, naive %llu", spec, (unsigned long long)i, (unsigned long long)va[i],
              (unsigned long long)vb[i]);
        compared++;
    }
    free(va);
    free(vb);
    gr_ctx_free(a);
    gr_ctx_free(b);
}

int main(void) {
    uint64_t seed = tu_seed(1616);
    tu_rng r = {seed};
    static const char *known[] = {"tb[0.16]", "tb[0.106]", "kayles", "dawson", "tb[0.137]", "tb[0.04]", "tb[0.06]",
                                  "tb[0.14]", "tb[0.34]", "tb[0.44]", "tb[4.4]", "tb[0.164]", "tb[0.56]",
                                  "grundy"};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) compare(known[i], 4000);
    uint64_t cases = 40 * tu_scale();
    for (uint64_t c = 0; c < cases; c++) {
        brule b;
        rand_tb(&r, &b, 0, 0);
        compare(b.spec, 2500);
    }
    /* the method is exact for any table, not just the game's own: a made-up
     * prefix with values of 2 and 4 bytes makes the sparse scan widen its
     * table (and rebuild its reversed copy) mid-run */
    {
        static const char *wide[] = {"tb[0.16]", "grundy", "tb[0.106]"};
        uint64_t pre[40];
        for (uint64_t i = 0; i < 40; i++) pre[i] = (i * 7) % 13;
        pre[5] = 300;
        pre[9] = 70000;
        for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) compare_seeded(wide[i], 3000, pre, 40);
        /* and mid-run: 1000 values by each method (1 byte each), then wide
         * made-up values appended, then on to 3000 */
        for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) {
            gr_ctx *a, *b;
            gr_ruleset *ra, *rb;
            gr_error err;
            static uint64_t va[3000], vb[3000];
            if (gr_ctx_new(&a) != GR_OK || gr_ctx_new(&b) != GR_OK) abort();
            gr_ctx_set_sparse_start(a, 32);
            gr_ctx_set_sparse_start(b, UINT64_MAX);
            CHECK(gr_ctx_ruleset(a, wide[i], strlen(wide[i]), &ra, &err) == GR_OK &&
                      gr_ctx_ruleset(b, wide[i], strlen(wide[i]), &rb, &err) == GR_OK, "%s", err.message);
            CHECK(gr_ruleset_values(ra, 1000, va, &err) == GR_OK && gr_ruleset_values(rb, 1000, vb, &err) == GR_OK, "%s", err.message);
            va[1000] = 300; va[1001] = 5; va[1002] = 70000; va[1003] = 1;
            CHECK(gr_ruleset_seed(ra, va, 1004, &err) == GR_OK && gr_ruleset_seed(rb, va, 1004, &err) == GR_OK, "%s", err.message);
            CHECK(gr_ruleset_values(ra, 3000, va, &err) == GR_OK && gr_ruleset_values(rb, 3000, vb, &err) == GR_OK, "%s", err.message);
            long bad = 0;
            for (int k = 0; k < 3000; k++) bad += va[k] != vb[k];
            CHECK(bad == 0, "%s with wide values appended mid-run: %ld values differ", wide[i], bad);
            compared += 3000;
            gr_ctx_free(a);
            gr_ctx_free(b);
        }
    }
    /* the value table stores 1, 2 or 4 bytes per value and widens as values
     * grow: seed values that cross both bounds, in three stages, and read
     * every one back (also through ranges) */
    {
        gr_ctx *c;
        gr_ruleset *rs;
        gr_error err;
        enum { NV = 3000 };
        static uint64_t vals[NV], back[NV];
        for (uint64_t i = 0; i < NV; i++) vals[i] = i < 1000 ? i % 256 : i < 2000 ? (i * 37) % 65536 : i * 1000003 % 4000000000u;
        if (gr_ctx_new(&c) != GR_OK) abort();
        CHECK(gr_ctx_ruleset(c, "kayles", 6, &rs, &err) == GR_OK, "kayles");
        CHECK(gr_ruleset_seed(rs, vals, 1000, &err) == GR_OK && gr_ruleset_seed(rs, vals, 2000, &err) == GR_OK &&
                  gr_ruleset_seed(rs, vals, NV, &err) == GR_OK,
              "seeding values of 1, 2 and 4 bytes");
        CHECK(gr_ruleset_values(rs, NV, back, &err) == GR_OK && !memcmp(vals, back, sizeof vals), "values read back after widening");
        CHECK(gr_ruleset_values_range(rs, 990, 20, back, &err) == GR_OK && !memcmp(vals + 990, back, 20 * sizeof *back),
              "a range across the first width bound");
        uint64_t big = (uint64_t)1 << 32;
        CHECK(gr_ruleset_seed(rs, &big, 1, &err) == GR_OK, "seeding no more than the table holds is a no-op");
        CHECK(gr_ruleset_append(rs, &big, 1, &err) == GR_ERANGE, "a value of 2^32 does not fit the table");
        uint64_t more[3] = {7, 70000, 1};
        CHECK(gr_ruleset_append(rs, more, 3, &err) == GR_OK && gr_ruleset_values_range(rs, NV, 3, back, &err) == GR_OK &&
                  back[0] == 7 && back[1] == 70000 && back[2] == 1,
              "appended values read back");
        gr_ctx_free(c);
    }
    printf("sparse space: %zu known and %llu random codes, %ld values equal to the naive mex\n",
           sizeof known / sizeof known[0], (unsigned long long)cases, compared);
    return tu_finish("test_sparse");
}
