/* Long Grundy sequences: grundy's tabulation (sparse-space method, proven
 * periods) against the textbook mex table of the seeds (every split of
 * every heap) in the same run.
 *
 * For each game: grundy's time to the issue's N (each game in a child
 * process, so its peak memory is its own; the best of several runs, the
 * machine being noisy), the checksum (sum, max, first position of the max)
 * or the proved period next to the published one, and on a smaller N both
 * methods, their values compared, and the ratio. Then the time per value
 * at 10^5, 10^6 and 10^7 for tb[0.106] and Grundy's game, so that the
 * growth shows. "bench_seq quick" uses smaller sizes and one run;
 * "bench_seq --runs R" sets the runs (default 5; rows over 20 s run once). */
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
    int found;                 /* period mode: a period was proved */
    uint64_t pre, per, checked;
} result;

/* grundy's values G(0..n-1) in a child: its time, checksum and peak memory;
 * with `period`, gr_ruleset_period up to n instead (tables doubling until
 * a period is proved) */
static result run_grundy(const char *spec, uint64_t n, int period) {
    int fd[2];
    result res = {0};
    if (pipe(fd) != 0) return res;
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        gr_ctx *ctx;
        gr_ruleset *rs;
        gr_error err;
        result r = {0};
        struct rusage ru0, ru1;
        getrusage(RUSAGE_SELF, &ru0);
        double t0 = bench_now();
        gr_period pd = GR_SIZED(gr_period);
        if (period) {
            if (gr_ctx_new(&ctx) == GR_OK && gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) == GR_OK &&
                gr_ruleset_period(rs, n, &pd, &err) == GR_OK) {
                r.ok = 1;
                r.found = pd.found;
                r.pre = pd.preperiod;
                r.per = pd.period;
                r.checked = pd.checked;
                r.seconds = bench_now() - t0;
                getrusage(RUSAGE_SELF, &ru1);
                r.peak_kb = ru1.ru_maxrss - ru0.ru_maxrss;
            }
        } else if (gr_ctx_new(&ctx) == GR_OK && gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) == GR_OK &&
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

/* the best of `runs` runs (one when the first takes over 20 s) */
static result best_of(const char *spec, uint64_t n, int period, int runs, int *done) {
    result best = run_grundy(spec, n, period);
    *done = 1;
    for (int k = 1; k < runs && best.ok && best.seconds < 20; k++, (*done)++) {
        result r = run_grundy(spec, n, period);
        if (r.ok && r.seconds < best.seconds) best = r;
    }
    return best;
}

/* the textbook table on `small` values against grundy's, compared; its time
 * and grundy's */
static int versus_textbook(const char *spec, uint64_t small, double *t_text, double *t_fast) {
    uint32_t *g = malloc(small * sizeof *g);
    uint64_t *v = malloc(small * sizeof *v);
    if (!g || !v) return 0;
    double t0 = bench_now();
    textbook(spec, small, g);
    *t_text = bench_now() - t0;
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    t0 = bench_now();
    if (gr_ctx_new(&ctx) != GR_OK || gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) != GR_OK ||
        gr_ruleset_values(rs, small, v, &err) != GR_OK)
        return 0;
    *t_fast = bench_now() - t0;
    for (uint64_t k = 0; k < small; k++)
        if (v[k] != g[k]) {
            fprintf(stderr, "bench_seq: %s differs from the textbook at %llu\n", spec, (unsigned long long)k);
            return 0;
        }
    gr_ctx_free(ctx);
    free(g);
    free(v);
    return 1;
}

int main(int argc, char **argv) {
    int quick = 0, runs = 5;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "quick")) quick = 1;
        else if (!strcmp(argv[i], "--runs") && i + 1 < argc) runs = atoi(argv[++i]);
    }
    if (quick) runs = 1;
    if (runs < 1) runs = 1;
    /* period rows: N is the table length that proves the published period
     * (pre, per), tables doubling from the start */
    struct {
        const char *spec;
        uint64_t n, small;
        double target;
        int period;
        uint64_t pre, per; /* published (period rows) */
    } games[] = {
        {"tb[0.16]", 10000001, 40000, 4.0, 0, 0, 0},
        {"tb[0.106]", 10000001, 40000, 1.0, 0, 0, 0},
        {"grundy", 1000001, 100000, 3.0, 0, 0, 0},
        {"kayles", 10000001, 20000, 1.0, 0, 0, 0},
        {"dawson", 10000001, 20000, 1.0, 0, 0, 0},
        {"tb[0.354]", 4194304, 40000, 2.0, 0, 0, 0},
        /* a three-way splitting code whose values grow (about n / 2.2) */
        {"tb[0.38]", 20001, 1500, 10.0, 0, 0, 0},
        /* arithmetic periodic hexadecimal codes: no target in issue 7 */
        {"tb[0.28]", 10000001, 1500, 0, 0, 0, 0},
        {"tb[0.A8]", 10000001, 1500, 0, 0, 0, 0},
        /* periods of the solved games of the published tables */
        {"tb[0.156]", 8192, 8192, 2.0, 1, 3479, 349},
        {"tb[0.644]", 8192, 8192, 2.0, 1, 3256, 442},
        {"tb[0.127]", 131072, 40000, 2.0, 1, 46578, 4},
        {"tb[0.16]", 524288, 40000, 2.0, 1, 105351, 149459},
        {"tb[0.56]", 1048576, 40000, 2.0, 1, 326640, 144},
        {"tb[0.376]", 8388608, 40000, 80.0, 1, 2268248, 4},
    };
    printf("%-10s %10s %9s %8s %4s %-26s %9s | %8s %9s %9s %8s\n", "game", "N", "grundy s", "target", "runs",
           "checksum / period", "bytes/val", "small N", "textbook", "grundy", "ratio");
    for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) {
        uint64_t n = games[i].n, small = games[i].small;
        if (quick && !games[i].period) {
            n /= 20;
            small /= 4;
        }
        if (quick && games[i].period && n > 1048576) continue; /* .376: minutes of quick budget */
        int done;
        result r = best_of(games[i].spec, n, games[i].period, runs, &done);
        if (!r.ok) { fprintf(stderr, "bench_seq: %s failed\n", games[i].spec); return 1; }
        double t_text, t_fast;
        if (!versus_textbook(games[i].spec, small, &t_text, &t_fast)) return 1;
        char target[16] = "-", what[64];
        if (games[i].target > 0) snprintf(target, sizeof target, "%.1f", games[i].target);
        if (games[i].period)
            snprintf(what, sizeof what, "%s%llu+%llu (pub. %llu+%llu)", r.found ? "" : "none ", (unsigned long long)r.pre,
                     (unsigned long long)r.per, (unsigned long long)games[i].pre, (unsigned long long)games[i].per);
        else
            snprintf(what, sizeof what, "%llu %llu@%llu", (unsigned long long)r.sum, (unsigned long long)r.max,
                     (unsigned long long)r.argmax);
        printf("%-10s %10llu %9.3f %8s %4d %-26s %9.2f | %8llu %8.3fs %8.4fs %7.0fx\n", games[i].spec,
               (unsigned long long)(games[i].period ? r.checked : n - 1), r.seconds, target, done, what,
               (double)r.peak_kb * 1024.0 / (double)n, (unsigned long long)small, t_text, t_fast,
               t_text / (t_fast > 1e-6 ? t_fast : 1e-6));
        if (games[i].period && (!r.found || r.pre != games[i].pre || r.per != games[i].per)) {
            fprintf(stderr, "bench_seq: %s: the proved period differs from the published one\n", games[i].spec);
            return 1;
        }
    }
    printf("grundy s: G(0..N) by gr_ruleset_compute and read out by gr_ruleset_values_range (period rows: gr_ruleset_period,\n"
           "tables doubling until the period is proved; N = values checked), best of the runs; bytes/val: the growth of\n"
           "peak memory in that run, over N. textbook: the mex of every option of every heap, on the smaller N (values\n"
           "compared); ratio: textbook over grundy on that N.\n\n");
    /* scaling: time per value as N grows tenfold */
    static const char *const scale[] = {"tb[0.106]", "grundy"};
    printf("%-10s %10s %9s %12s\n", "game", "N", "grundy s", "ns/value");
    for (size_t i = 0; i < 2; i++)
        for (uint64_t n = 100000; n <= (quick ? 1000000u : 10000000u); n *= 10) {
            int done;
            result r = best_of(scale[i], n, 0, n >= 10000000 ? 1 : runs, &done);
            if (!r.ok) { fprintf(stderr, "bench_seq: %s failed\n", scale[i]); return 1; }
            printf("%-10s %10llu %9.3f %12.1f\n", scale[i], (unsigned long long)n, r.seconds, r.seconds * 1e9 / (double)n);
        }
    return 0;
}
