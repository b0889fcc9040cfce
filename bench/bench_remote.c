/* Remoteness tables of single heaps against the value tables of the same
 * games (the target: within 2x), and against the textbook
 * remoteness recursion written here for a subtraction set (each heap from
 * its options' entries), in the same run, values of both compared.
 * "bench_remote quick" uses smaller sizes. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "benchutil.h"

/* the textbook table for sub[S]: won iff some option is lost (even) */
static void textbook_sub(const unsigned *s, size_t ns, uint64_t n, uint64_t *r) {
    for (uint64_t h = 0; h < n; h++) {
        uint64_t lost = UINT64_MAX, most = 0;
        int any = 0;
        for (size_t i = 0; i < ns; i++) {
            if (s[i] > h) continue;
            uint64_t x = r[h - s[i]];
            any = 1;
            if (x % 2 == 0 && x < lost) lost = x;
            if (x > most) most = x;
        }
        r[h] = !any ? 0 : 1 + (lost != UINT64_MAX ? lost : most);
    }
}

static double best_of(int runs, double (*fn)(void *), void *arg) {
    double best = 1e30;
    for (int i = 0; i < runs; i++) {
        double t = fn(arg);
        if (t < best) best = t;
    }
    return best;
}

typedef struct job {
    const char *spec;
    uint64_t n;
    uint64_t *out;
    int remote;
} job;

static double run_job(void *arg) {
    job *j = arg;
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    gr_ctx_set_table_limit(ctx, j->n + 1);
    if (gr_ctx_ruleset(ctx, j->spec, strlen(j->spec), &rs, &err) != GR_OK) {
        fprintf(stderr, "%s: %s\n", j->spec, err.message);
        exit(1);
    }
    double t0 = bench_now();
    gr_status st = j->remote ? gr_ruleset_remoteness(rs, j->n, 0, j->out, &err) : gr_ruleset_values(rs, j->n, j->out, &err);
    double t = bench_now() - t0;
    if (st != GR_OK) {
        fprintf(stderr, "%s: %s\n", j->spec, err.message);
        exit(1);
    }
    gr_ctx_free(ctx);
    return t;
}

int main(int argc, char **argv) {
    int quick = argc > 1 && !strcmp(argv[1], "quick");
    uint64_t n = quick ? 100000 : 1000000;
    int runs = quick ? 1 : 5;
    static const struct { const char *spec; unsigned s[8]; size_t ns; } games[] = {
        {"sub[1,3,4]", {1, 3, 4}, 3},
        {"sub[2,5,7,11,13]", {2, 5, 7, 11, 13}, 5},
        {"pow2", {0}, 0},
        {"divisor", {0}, 0},
    };
    uint64_t *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b);
    if (!a || !b) return 1;
    printf("%-18s %9s %10s %10s %7s %10s %7s\n", "game", "heaps", "values s", "remote s", "ratio", "textbook s",
           "ratio");
    int bad = 0;
    for (size_t g = 0; g < sizeof games / sizeof games[0]; g++) {
        uint64_t m = !strcmp(games[g].spec, "divisor") ? n / 10 : n;
        job jv = {games[g].spec, m, a, 0}, jr = {games[g].spec, m, b, 1};
        double tv = best_of(runs, run_job, &jv), tr = best_of(runs, run_job, &jr);
        printf("%-18s %9llu %10.4f %10.4f %6.2fx", games[g].spec, (unsigned long long)m, tv, tr, tr / tv);
        if (games[g].ns) {
            double tt = 1e30;
            for (int i = 0; i < runs; i++) {
                double t0 = bench_now();
                textbook_sub(games[g].s, games[g].ns, m, a);
                double t = bench_now() - t0;
                if (t < tt) tt = t;
            }
            int same = !memcmp(a, b, (size_t)m * sizeof *a);
            if (!same) bad = 1;
            printf(" %10.4f %6.2fx%s\n", tt, tr / tt, same ? "" : "  DIFFERENT VALUES");
        } else {
            printf(" %10s %7s\n", "-", "-");
        }
    }
    free(a);
    free(b);
    printf("ratio: the remoteness table's time over the value table's (target: at most 2), and over the textbook\n"
           "recursion for a subtraction set (values compared)\n");
    return bad;
}
