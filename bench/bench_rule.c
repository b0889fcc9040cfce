/* rule[...] against the built-in family it re-expresses, in the same run:
 * G(0..N) through gr_ruleset_compute for each, values compared, and the
 * ratio printed (the target: a rule at most 3x the built-in). Also
 * a textbook mex table for the same game, as the baseline every benchmark
 * carries. Usage: bench_rule [N] (default 10^5). */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "benchutil.h"

static double run(gr_ctx *ctx, const char *spec, uint64_t n, uint64_t *out) {
    gr_ruleset *rs;
    gr_error err;
    double t0 = bench_now();
    if (gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) != GR_OK || gr_ruleset_values(rs, n, out, &err) != GR_OK) {
        fprintf(stderr, "%s: %s\n", spec, err.message);
        exit(1);
    }
    return bench_now() - t0;
}

/* textbook Grundy's game: mex over every unequal split */
static double textbook_grundy(uint64_t n, uint64_t *g) {
    double t0 = bench_now();
    unsigned char *seen = calloc(n + 2, 1);
    for (uint64_t m = 0; m < n; m++) {
        memset(seen, 0, 1024);
        for (uint64_t a = 1; 2 * a < m; a++) { uint64_t x = g[a] ^ g[m - a]; if (x < 1024) seen[x] = 1; }
        uint64_t v = 0;
        while (seen[v]) v++;
        g[m] = v;
    }
    free(seen);
    return bench_now() - t0;
}

int main(int argc, char **argv) {
    uint64_t n = argc > 1 ? strtoull(argv[1], NULL, 10) : 100000;
    struct { const char *rule, *builtin; } pairs[] = {
        {"rule[n -> n-k for k in 1..3]", "sub[1,2,3]"},
        {"rule[n -> a + (n-a) for a in 1..n-1 if a != n-a]", "grundy"},
    };
    uint64_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
    if (!a || !b || !c) return 1;
    printf("%-52s %10s %10s %8s %s\n", "rule", "rule s", "built-in s", "ratio", "values");
    for (size_t i = 0; i < 2; i++) {
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) return 1;
        double tr = run(ctx, pairs[i].rule, n, a);
        double tb = run(ctx, pairs[i].builtin, n, b);
        printf("%-52s %10.4f %10.4f %7.1fx %s (vs %s)\n", pairs[i].rule, tr, tb, tr / (tb > 1e-9 ? tb : 1e-9),
               memcmp(a, b, n * sizeof *a) ? "DIFFER" : "equal", pairs[i].builtin);
        gr_ctx_free(ctx);
    }
    uint64_t tn = n < 30000 ? n : 30000;
    double tt = textbook_grundy(tn, c);
    printf("textbook Grundy's game (mex over every split) to %llu: %.3f s; values %s\n", (unsigned long long)tn, tt,
           memcmp(a, c, tn * sizeof *a) ? "DIFFER" : "equal");
    free(a); free(b); free(c);
    return 0;
}
