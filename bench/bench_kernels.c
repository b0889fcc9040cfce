/* The take-and-break tables' vector kernels against the portable C path in
 * the same run: for tb[0.014], Officers tb[0.6] and tb[0.167] to N (default
 * 2^22; "quick": 2^20), the table computed with each path this CPU runs
 * (gr_ctx_set_kernels: portable, AVX2, AVX-512BW), one thread, R times
 * in turn, each round starting with the next path (default 3 rounds; the
 * best time of each path counts, since a shared machine's noise only adds
 * time). The values' hash must be the same on
 * every path (the bench fails otherwise); each path's time and its ratio
 * to the portable one are printed.
 *
 *   bench_kernels [quick] [N] [--only SPEC] [--reps R] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "benchutil.h"

static const char *const NAMES[] = {"auto", "portable", "AVX2", "AVX-512BW"};

/* the table of spec to n on path k: seconds (negative when the CPU lacks it), values' hash */
static double run(const char *spec, uint64_t n, gr_kernels k, uint64_t *hash) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK) return -2;
    if (gr_ctx_set_kernels(ctx, k, &err) != GR_OK) { gr_ctx_free(ctx); return -1; }
    if (gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) != GR_OK) { gr_ctx_free(ctx); return -2; }
    double t0 = bench_now();
    if (gr_ruleset_compute(rs, n, &err) != GR_OK) {
        fprintf(stderr, "%s: %s\n", spec, err.message);
        gr_ctx_free(ctx);
        return -2;
    }
    double t = bench_now() - t0;
    uint64_t h = 0xcbf29ce484222325ull, buf[4096];
    for (uint64_t i = 0; i < n; i += 4096) {
        size_t c = n - i < 4096 ? (size_t)(n - i) : 4096;
        if (gr_ruleset_values_range(rs, i, c, buf, &err) != GR_OK) { gr_ctx_free(ctx); return -2; }
        for (size_t j = 0; j < c; j++) h = (h ^ buf[j]) * 0x100000001b3ull;
    }
    *hash = h;
    gr_ctx_free(ctx);
    return t;
}

int main(int argc, char **argv) {
    uint64_t n = (uint64_t)1 << 22;
    const char *only = NULL;
    int reps = 3;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "quick")) n = (uint64_t)1 << 20;
        else if (!strcmp(argv[i], "--only") && i + 1 < argc) only = argv[++i];
        else if (!strcmp(argv[i], "--reps") && i + 1 < argc) reps = atoi(argv[++i]) > 0 ? atoi(argv[i]) : 1;
        else n = strtoull(argv[i], NULL, 0);
    }
    static const char *const specs[] = {"tb[0.014]", "tb[0.6]", "tb[0.167]"};
    int bad = 0;
    printf("kernels: each table to %llu on every path this CPU runs, one thread, best of %d\n", (unsigned long long)n,
           reps);
    for (size_t s = 0; s < sizeof specs / sizeof *specs; s++) {
        if (only && strcmp(only, specs[s])) continue;
        double best[4] = {0, 0, 0, 0};
        uint64_t hash[4] = {0, 0, 0, 0};
        for (int r = 0; r < reps; r++)
            for (int j = 0; j < 3; j++) {
                /* each repetition starts with the next path: no path always runs first or last */
                gr_kernels k = (gr_kernels)(GR_KERNELS_PORTABLE + (r + j) % 3);
                double t = run(specs[s], n, k, &hash[k]);
                if (t == -2) bad = 1;
                if (t >= 0 && (r == 0 || t < best[k])) best[k] = t;
                if (t < 0) best[k] = t;
            }
        if (best[GR_KERNELS_PORTABLE] <= 0) { bad = 1; continue; }
        for (gr_kernels k = GR_KERNELS_PORTABLE; k <= GR_KERNELS_AVX512; k++) {
            if (best[k] == -1) { printf("%-10s %-10s (not on this CPU)\n", specs[s], NAMES[k]); continue; }
            if (best[k] < 0) continue;
            if (hash[k] != hash[GR_KERNELS_PORTABLE]) {
                printf("%-10s %-10s VALUES DIFFER from the portable path\n", specs[s], NAMES[k]);
                bad = 1;
            }
            printf("%-10s %-10s %8.2f s  %6.2f M values/s  ", specs[s], NAMES[k], best[k], (double)n / best[k] / 1e6);
            if (k == GR_KERNELS_PORTABLE) printf("(baseline)\n");
            else printf("%.2fx the portable path\n", best[GR_KERNELS_PORTABLE] / best[k]);
        }
    }
    return bad;
}
