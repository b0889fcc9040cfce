/* Long Grundy sequences: grundy's tabulation (sparse-space method, proven
 * periods) against the textbook mex table of the seeds (every split of
 * every heap) in the same run.
 *
 * For each game: grundy's time to the N (each game in a child
 * process, so its peak memory is its own), the checksum (sum, max, first
 * position of the max), and on a smaller N both methods, their values
 * compared, and the ratio. "bench_seq quick" uses smaller sizes. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <ctype.h>
#include "grundy/grundy.h"
#include "benchutil.h"

/* the textbook table: G(n) = mex of every option, by the code's digits
 * (hexadecimal: up to three heaps) or Grundy's game (two unequal heaps) */
static void textbook(const char *spec, uint64_t n, uint32_t *g) {
    int grundy_game = !strcmp(spec, "grundy");
    const char *code = strchr(spec, '.');
    unsigned digit[16] = {0};
    size_t nd = 0;
    if (!grundy_game) {
        if (!strcmp(spec, "kayles")) code = ".77";
        if (!strcmp(spec, "dawson")) code = ".07";
        digit[nd++] = 0;
        for (const char *c = code + 1; isxdigit((unsigned char)*c) && nd < 16; c++)
            digit[nd++] = (unsigned)(isdigit((unsigned char)*c) ? *c - '0' : toupper((unsigned char)*c) - 'A' + 10);
    }
    unsigned char *seen = calloc(1 << 16, 1);
    for (uint64_t m = 0; m < n; m++) {
        uint32_t hi = 0;
        if (grundy_game) {
            for (uint64_t a = 1; 2 * a < m; a++) { uint32_t x = g[a] ^ g[m - a]; seen[x] = 1; if (x > hi) hi = x; }
        } else {
            for (size_t k = 1; k < nd && k <= m; k++) {
                uint64_t r = m - k;
                if ((digit[k] & 1) && r == 0) seen[0] = 1;
                if ((digit[k] & 2) && r >= 1) { seen[g[r]] = 1; if (g[r] > hi) hi = g[r]; }
                if (digit[k] & 4)
                    for (uint64_t a = 1; 2 * a <= r; a++) { uint32_t x = g[a] ^ g[r - a]; seen[x] = 1; if (x > hi) hi = x; }
                if (digit[k] & 8) /* three heaps a <= b <= c */
                    for (uint64_t a = 1; 3 * a <= r; a++)
                        for (uint64_t b = a; a + 2 * b <= r; b++) {
                            uint32_t x = g[a] ^ g[b] ^ g[r - a - b];
                            seen[x] = 1;
                            if (x > hi) hi = x;
                        }
            }
        }
        uint32_t v = 0;
        while (seen[v]) v++;
        g[m] = v;
        memset(seen, 0, (size_t)hi + 1);
    }
    free(seen);
}

typedef struct result {
    double seconds;
    uint64_t sum, max, argmax;
    long peak_kb; /* the child's peak memory growth during the run */
    int ok;
} result;

/* grundy's values G(0..n-1) in a child: its time, checksum and peak memory */
static result run_grundy(const char *spec, uint64_t n) {
    int fd[2];
    result res = {0, 0, 0, 0, 0, 0};
    if (pipe(fd) != 0) return res;
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        gr_ctx *ctx;
        gr_ruleset *rs;
        gr_error err;
        result r = {0, 0, 0, 0, 0, 0};
        struct rusage ru0, ru1;
        getrusage(RUSAGE_SELF, &ru0);
        double t0 = bench_now();
        if (gr_ctx_new(&ctx) == GR_OK && gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) == GR_OK &&
            gr_ruleset_compute(rs, n, &err) == GR_OK) {
            static uint64_t buf[1 << 16];
            r.ok = 1;
            for (uint64_t base = 0; base < n && r.ok; base += 1 << 16) {
                uint64_t k = n - base < (1 << 16) ? n - base : (1 << 16);
                if (gr_ruleset_values_range(rs, base, k, buf, &err) != GR_OK) { r.ok = 0; break; }
                for (uint64_t i = 0; i < k; i++) {
                    r.sum += buf[i];
                    if (buf[i] > r.max) { r.max = buf[i]; r.argmax = base + i; }
                }
            }
            r.seconds = bench_now() - t0; /* computed and read out, a chunk at a time */
            getrusage(RUSAGE_SELF, &ru1);
            r.peak_kb = ru1.ru_maxrss - ru0.ru_maxrss;
        }
        if (write(fd[1], &r, sizeof r) != (ssize_t)sizeof r) _exit(1);
        _exit(0);
    }
    close(fd[1]);
    if (read(fd[0], &res, sizeof res) != (ssize_t)sizeof res) res.ok = 0;
    close(fd[0]);
    int status;
    waitpid(pid, &status, 0);
    return res;
}

int main(int argc, char **argv) {
    int quick = argc > 1 && !strcmp(argv[1], "quick");
    struct {
        const char *spec;
        uint64_t n, small;
        double target;
    } games[] = {
        {"tb[0.16]", 10000001, 40000, 4.0},
        {"tb[0.106]", 10000001, 40000, 2.0},
        {"grundy", 1000001, 100000, 10.0},
        {"kayles", 10000001, 20000, 1.0},
        {"dawson", 10000001, 20000, 1.0},
        /* arithmetic periodic hexadecimal codes: no target in issue 7 */
        {"tb[0.28]", 10000001, 1500, 0},
        {"tb[0.A8]", 10000001, 1500, 0},
    };
    printf("%-10s %10s %9s %8s %10s %7s %9s | %8s %9s %9s %8s\n", "game", "N", "grundy s", "target", "sum", "max",
           "bytes/val", "small N", "textbook", "grundy", "ratio");
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        uint64_t n = quick ? games[i].n / 20 : games[i].n, small = quick ? games[i].small / 4 : games[i].small;
        result r = run_grundy(games[i].spec, n);
        if (!r.ok) { fprintf(stderr, "bench_seq: %s failed\n", games[i].spec); return 1; }
        /* both methods on the smaller N, values compared */
        uint32_t *g = malloc(small * sizeof *g);
        uint64_t *v = malloc(small * sizeof *v);
        double t0 = bench_now();
        textbook(games[i].spec, small, g);
        double t_text = bench_now() - t0;
        gr_ctx *ctx;
        gr_ruleset *rs;
        gr_error err;
        t0 = bench_now();
        if (gr_ctx_new(&ctx) != GR_OK || gr_ctx_ruleset(ctx, games[i].spec, strlen(games[i].spec), &rs, &err) != GR_OK ||
            gr_ruleset_values(rs, small, v, &err) != GR_OK)
            return 1;
        double t_fast = bench_now() - t0;
        for (uint64_t k = 0; k < small; k++)
            if (v[k] != g[k]) { fprintf(stderr, "bench_seq: %s differs from the textbook at %llu\n", games[i].spec, (unsigned long long)k); return 1; }
        gr_ctx_free(ctx);
        free(g);
        free(v);
        char target[16] = "-";
        if (games[i].target > 0) snprintf(target, sizeof target, "%.1f", games[i].target);
        printf("%-10s %10llu %9.3f %8s %10llu %3llu@%-6llu %6.2f | %8llu %8.3fs %8.4fs %7.0fx\n", games[i].spec,
               (unsigned long long)(n - 1), r.seconds, target, (unsigned long long)r.sum, (unsigned long long)r.max,
               (unsigned long long)r.argmax, (double)r.peak_kb * 1024.0 / (double)n, (unsigned long long)small, t_text,
               t_fast, t_text / (t_fast > 1e-6 ? t_fast : 1e-6));
    }
    printf("grundy s: G(0..N) by gr_ruleset_compute and read out by gr_ruleset_values_range, one run; bytes/val: the growth of peak memory in that run, over N.\n"
           "textbook: the mex of every option of every heap, on the smaller N (values compared).\n");
    return 0;
}
