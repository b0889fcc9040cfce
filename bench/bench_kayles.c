/* Kayles values G(n) for every n up to 10^5 through the library (which
 * proves the period 12 on the fly), against the textbook table: mex over
 * all splits for every n, as in the seeds. Prints both times and the ratio. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "benchutil.h"

static unsigned *textbook(size_t n) {
    unsigned *sg = calloc(n + 1, sizeof *sg);
    unsigned char vis[256];
    for (size_t i = 1; i <= n; i++) {
        memset(vis, 0, sizeof vis);
        for (size_t k = 1; k <= 2 && k <= i; k++)
            for (size_t a = 0; a <= (i - k) / 2; a++) vis[sg[a] ^ sg[i - k - a]] = 1;
        unsigned m = 0;
        while (vis[m]) m++;
        sg[i] = m;
    }
    return sg;
}

int main(int argc, char **argv) {
    size_t n = argc > 1 ? (size_t)strtoull(argv[1], NULL, 10) : 100000;
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK || gr_ctx_ruleset(ctx, "kayles", 6, &rs, &err) != GR_OK) return 1;
    double t0 = bench_now();
    uint64_t sum = 0, v;
    for (size_t i = 0; i <= n; i++) {
        if (gr_ruleset_value(rs, i, &v, &err) != GR_OK) { fprintf(stderr, "%s\n", err.message); return 1; }
        sum += v;
    }
    double t_lib = bench_now() - t0;
    t0 = bench_now();
    unsigned *sg = textbook(n);
    double t_base = bench_now() - t0;
    uint64_t sum2 = 0;
    for (size_t i = 0; i <= n; i++) sum2 += sg[i];
    free(sg);
    gr_ctx_free(ctx);
    if (sum != sum2) { fprintf(stderr, "bench_kayles: results differ\n"); return 1; }
    printf("kayles G(0..%zu): grundy %.4f s, textbook table %.4f s, ratio %.0fx (checksum %llu)\n", n, t_lib, t_base,
           t_base / (t_lib > 1e-9 ? t_lib : 1e-9), (unsigned long long)sum);
    return 0;
}
