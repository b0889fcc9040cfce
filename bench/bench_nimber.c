/* Nimber arithmetic throughput: ns per product over 10^7 random pairs, per
 * inverse and per square root, and per product and inverse of the batch
 * functions on batches of 10^6, against the textbook recursion of the seeds
 * (four recursive products per level over Fermat 2-powers) in the same run.
 * With the grundy binary as argument, also `grundy nim mul -` on 10^6 lines. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "grundy/grundy.h"
#include "grundy/experimental.h"
#include "benchutil.h"

/* the seeds' Nim_Multi / Nim_Multi_Power, widened to 64 bits */
static uint64_t tb_power(uint64_t x, uint64_t y);
static uint64_t tb_mul(uint64_t x, uint64_t y) {
    if (x < y) { uint64_t t = x; x = y; y = t; }
    if (x < 2) return x & y;
    int a = 0;
    while (!(x >> (1u << a) < (uint64_t)1 << (1u << a) && (a == 5 || x < (uint64_t)1 << (1u << (a + 1))))) a++;
    for (a = 0; a < 6; a++) if (x < ((a == 5) ? UINT64_MAX : ((uint64_t)1 << (1u << (a + 1)))) && x >= (uint64_t)1 << (1u << a)) break;
    uint64_t m = (uint64_t)1 << (1u << a);
    uint64_t p = x / m, q = x % m, s = y / m, t = y % m;
    uint64_t c1 = tb_mul(p, s), c2 = tb_mul(p, t) ^ tb_mul(q, s), c3 = tb_mul(q, t);
    return (m * (c1 ^ c2)) ^ c3 ^ tb_power(m / 2, c1);
}
static uint64_t tb_power(uint64_t x, uint64_t y) { /* x a power of two */
    if (x < 2) return x & y ? y : (x ? y : 0);
    int a = 0;
    for (a = 0; a < 6; a++) if (x < ((a == 5) ? UINT64_MAX : ((uint64_t)1 << (1u << (a + 1)))) && x >= (uint64_t)1 << (1u << a)) break;
    uint64_t m = (uint64_t)1 << (1u << a);
    uint64_t p = x / m, s = y / m, t = y % m;
    uint64_t d1 = tb_power(p, s), d2 = tb_power(p, t);
    return (m * (d1 ^ d2)) ^ tb_power(m / 2, d1);
}

static uint64_t rng(uint64_t *s) { *s ^= *s << 13; *s ^= *s >> 7; *s ^= *s << 17; return *s; }

int main(int argc, char **argv) {
    gr_nim *t;
    double t0 = bench_now();
    if (gr_nim_new(&t) != GR_OK) return 1;
    double t_build = bench_now() - t0;
    size_t n = 10000000;
    uint64_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), s = 1234567, x = 0;
    for (size_t i = 0; i < n; i++) { a[i] = rng(&s); b[i] = rng(&s); }
    /* each figure is the best of REPS runs: this machine is shared, and the
     * minimum is the least disturbed estimate of the cost. Every code path
     * the CPU has is measured; the default (fastest) one is restored. */
    enum { REPS = 5, NPATHS = 3 };
    static const gr_nim_path paths[NPATHS] = {GR_NIM_VPCLMUL, GR_NIM_CLMUL, GR_NIM_PORTABLE};
    static const char *const names[NPATHS] = {"256-bit carry-less multiply", "carry-less multiply", "portable"};
    double t_mul[NPATHS] = {0}, t_inv[NPATHS] = {0}, t_mul_n[NPATHS] = {0}, t_inv_n[NPATHS] = {0}, t_sqrt = 1e30;
    gr_nim_path dflt = gr_nim_get_path(t);
    gr_error err;
    size_t ni = 2000000, nbatch = 1000000; /* single inverses; batch length */
    uint64_t *odd = malloc(nbatch * sizeof *odd), *out = malloc(nbatch * sizeof *out);
    for (size_t i = 0; i < nbatch; i++) odd[i] = a[i] | 1;
    for (int rep = 0; rep < REPS; rep++) {
        for (int p = 0; p < NPATHS; p++) {
            if (gr_nim_set_path(t, paths[p]) != GR_OK) continue;
            t0 = bench_now();
            for (size_t i = 0; i < n; i++) x ^= gr_nim_mul(t, a[i], b[i]);
            double d = (bench_now() - t0) / n * 1e9;
            t_mul[p] = rep ? fmin(t_mul[p], d) : d;
            t0 = bench_now();
            for (size_t i = 0; i < ni; i++) { uint64_t v; if (gr_nim_inv(t, a[i] | 1, &v, &err) == GR_OK) x ^= v; }
            d = (bench_now() - t0) / ni * 1e9;
            t_inv[p] = rep ? fmin(t_inv[p], d) : d;
            /* the batch functions, on 10^6 words (a different slice each time) */
            size_t off = (size_t)rep * nbatch % (n - nbatch);
            t0 = bench_now();
            gr_nim_mul_n(t, a + off, b + off, out, nbatch);
            d = (bench_now() - t0) / nbatch * 1e9;
            t_mul_n[p] = rep ? fmin(t_mul_n[p], d) : d;
            x ^= out[nbatch / 2];
            t0 = bench_now();
            if (gr_nim_inv_n(t, odd, out, nbatch, &err) != GR_OK) return 1;
            d = (bench_now() - t0) / nbatch * 1e9;
            t_inv_n[p] = rep ? fmin(t_inv_n[p], d) : d;
            x ^= out[nbatch / 2];
        }
        t0 = bench_now();
        for (size_t i = 0; i < n; i++) x ^= gr_nim_sqrt(t, a[i]);
        t_sqrt = fmin(t_sqrt, (bench_now() - t0) / n * 1e9);
    }
    if (gr_nim_set_path(t, dflt) != GR_OK) return 1;
    size_t nb = 20000;
    t0 = bench_now();
    uint64_t y = 0;
    for (size_t i = 0; i < nb; i++) y ^= tb_mul(a[i], b[i]);
    double t_tb = (bench_now() - t0) / nb * 1e9;
    uint64_t z = 0;
    for (size_t i = 0; i < nb; i++) z ^= gr_nim_mul(t, a[i], b[i]);
    if (y != z) { fprintf(stderr, "bench_nimber: textbook and fast products differ\n"); return 1; }
    t0 = bench_now();
    for (size_t i = 0; i < nb; i++) y ^= gr_nim_mul_ref(a[i], b[i]);
    double t_ref = (bench_now() - t0) / nb * 1e9;
    /* the textbook inverse: x^(2^64 - 2) by square-and-multiply on the textbook product */
    size_t nt = 200;
    t0 = bench_now();
    for (size_t i = 0; i < nt; i++) {
        uint64_t base = a[i] | 1, e = ~(uint64_t)1, acc = 1;
        while (e) { if (e & 1) acc = tb_mul(acc, base); base = tb_mul(base, base); e >>= 1; }
        y ^= acc;
    }
    double t_tb_inv = (bench_now() - t0) / nt * 1e9;
    printf("tables built in %.1f ms\n", t_build * 1e3);
    printf("textbook recursion (the seeds' Nim_Multi, 64-bit): %.0f ns per product; reference Karatsuba recursion %.0f ns\n", t_tb, t_ref);
    printf("textbook inverse x^(2^64-2) by square-and-multiply: %.0f ns\n", t_tb_inv);
    for (int p = 0; p < NPATHS; p++) {
        if (t_mul[p] <= 0) { printf("%s path: not on this CPU\n", names[p]); continue; }
        printf("%s path%s: multiply %.1f ns per product (10^7 random pairs, ratio to the textbook %.0fx); inverse %.1f ns (ratio %.0fx)\n",
               names[p], paths[p] == dflt ? " (default)" : "", t_mul[p], t_tb / t_mul[p], t_inv[p], t_tb_inv / t_inv[p]);
        printf("  batches of 10^6: gr_nim_mul_n %.2f ns per product (%.1fx the single products, ratio to the textbook %.0fx); "
               "gr_nim_inv_n %.2f ns per inverse (%.1fx the single inverses, ratio %.0fx)\n",
               t_mul_n[p], t_mul[p] / t_mul_n[p], t_tb / t_mul_n[p], t_inv_n[p], t_inv[p] / t_inv_n[p], t_tb_inv / t_inv_n[p]);
    }
    printf("square root: %.1f ns [%llu]\n", t_sqrt, (unsigned long long)((x ^ y) & 1));
    /* discrete log: no textbook method reaches a group of order 2^64 - 1 */
    size_t nl = 2000;
    t0 = bench_now();
    for (size_t i = 0; i < nl; i++) { uint64_t e; if (gr_nim_log(t, a[i] | 1, &e, &err) == GR_OK) x ^= e; }
    printf("discrete log: %.1f us [%llu]\n", (bench_now() - t0) / nl * 1e6, (unsigned long long)(x & 1));
    if (argc > 1) {
        char path[] = "/tmp/grundy_nim_XXXXXX";
        int fd = mkstemp(path);
        FILE *f = fdopen(fd, "w");
        for (size_t i = 0; i < 1000000; i++) fprintf(f, "%llu %llu\n", (unsigned long long)a[i], (unsigned long long)b[i]);
        fclose(f);
        char cmd[4096];
        snprintf(cmd, sizeof cmd, "%s nim mul - < %s > /dev/null", argv[1], path);
        t0 = bench_now();
        int rc = system(cmd);
        printf("grundy nim mul - on 10^6 lines, end to end: %.3f s (exit %d)\n", bench_now() - t0, rc);
        remove(path);
    }
    free(a);
    free(b);
    free(odd);
    free(out);
    gr_nim_free(t);
    return 0;
}
