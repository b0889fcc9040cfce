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

static void compare(const char *spec, uint64_t n) {
    gr_ctx *a, *b;
    gr_ruleset *ra, *rb;
    gr_error err;
    if (gr_ctx_new(&a) != GR_OK || gr_ctx_new(&b) != GR_OK) abort();
    gr_ctx_set_sparse_start(a, 32);
    gr_ctx_set_sparse_start(b, UINT64_MAX);
    uint64_t *va = malloc(n * sizeof *va), *vb = malloc(n * sizeof *vb);
    CHECK(gr_ctx_ruleset(a, spec, strlen(spec), &ra, &err) == GR_OK && gr_ctx_ruleset(b, spec, strlen(spec), &rb, &err) == GR_OK,
          "%s", err.message);
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
                                  "tb[0.14]", "tb[0.34]", "tb[0.44]", "tb[4.4]", "tb[0.164]", "tb[0.56]"};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) compare(known[i], 4000);
    uint64_t cases = 40 * tu_scale();
    for (uint64_t c = 0; c < cases; c++) {
        brule b;
        rand_tb(&r, &b, 0, 0);
        compare(b.spec, 2500);
    }
    printf("sparse space: %zu known and %llu random codes, %ld values equal to the naive mex\n",
           sizeof known / sizeof known[0], (unsigned long long)cases, compared);
    return tu_finish("test_sparse");
}
