/* Closed forms on 64-bit positions: time per `solve` (parse, outcome, the
 * winning moves) of one random huge position of each ruleset, after the
 * first query of each ruleset (whose set-up cost is printed apart), and a
 * 10^5-term mixed sum. Baselines in the same run: Wythoff's P-test with
 * double floor(k*phi), the textbook way, timed and checked for wrong answers
 * against the exact test; and the seeds' HDU 2486 program, which rebuilds
 * the k-dynamic sequence on every query. */
#define _POSIX_C_SOURCE 199309L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "benchutil.h"

static int sink(void *u, const gr_move *m) { (void)m; ++*(int *)u; return 0; }

static uint64_t rng(uint64_t *s) {
    *s ^= *s << 13; *s ^= *s >> 7; *s ^= *s << 17;
    return *s;
}

static double solve_us(gr_ctx *ctx, const char *fmt, int reps, uint64_t *seed, int shift) {
    char text[256];
    double total = 0;
    for (int r = 0; r <= reps; r++) {
        uint64_t a = rng(seed) >> shift, b = rng(seed) >> shift;
        snprintf(text, sizeof text, fmt, (unsigned long long)a, (unsigned long long)b);
        double t0 = bench_now();
        gr_position *pos;
        gr_error err;
        int wins, known, n = 0, complete;
        uint64_t v;
        if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) { fprintf(stderr, "%s: %s\n", text, err.message); exit(1); }
        if (gr_position_outcome(pos, &wins, &known, &v, &err) != GR_OK ||
            gr_position_winning_moves(pos, 10, sink, &n, &complete, &err) != GR_OK) {
            fprintf(stderr, "%s: %s\n", text, err.message);
            exit(1);
        }
        gr_position_free(pos);
        if (r) total += bench_now() - t0; /* the first query pays the set-up */
    }
    return total / reps * 1e6;
}

static double first_ms(gr_ctx *ctx, const char *text) {
    double t0 = bench_now();
    gr_position *pos;
    gr_error err;
    int wins, known;
    uint64_t v;
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK ||
        gr_position_outcome(pos, &wins, &known, &v, &err) != GR_OK) { fprintf(stderr, "%s: %s\n", text, err.message); exit(1); }
    gr_position_free(pos);
    return (bench_now() - t0) * 1e3;
}

/* the seeds' HDU 2486 construction, per query */
static uint64_t textbook_dyn(uint64_t n, uint64_t k) {
    static uint64_t a[4000000], b[4000000];
    if (n <= k + 1) return 0;
    a[0] = b[0] = 1;
    size_t i = 0, j = 0;
    while (a[i] < n) {
        i++;
        a[i] = b[i - 1] + 1;
        while (a[j + 1] * k < a[i]) j++;
        b[i] = a[j] * k < a[i] ? b[j] + a[i] : a[i];
    }
    if (a[i] == n) return 0;
    uint64_t ans = 0;
    while (n) { if (n >= a[i]) { n -= a[i]; ans = a[i]; } i--; }
    return ans;
}

int main(void) {
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) return 1;
    uint64_t s = 88172645463325252ull;
    struct { const char *name, *fmt; int shift; } cases[] = {
        {"wythoff(a,b)", "wythoff(%llu,%llu)", 1},
        {"euclid(a,b)", "euclid(%llu,%llu)", 1},
        {"fib(n)", "fib(%llu)", 1},
        {"dyn[3](n)", "dyn[3](%llu)", 1},
        {"sub[1,2,k] (3 | k)", "sub[1,2,999999999999999999](%llu)", 1},
        {"divisor(n)", "divisor(%llu)", 1},
        {"pow2(n)", "pow2(%llu)", 1},
        {"lasker(n)", "lasker(%llu)", 1},
        {"tb[8.3!](n)", "tb[8.3!](%llu)", 1},
        {"bash[3,7](n)", "bash[3,7](%llu)", 1},
        {"kayles(n)", "kayles(%llu)", 1},
    };
    printf("ruleset                 first query   then per solve (parse, outcome, winning moves)\n");
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char text[128];
        snprintf(text, sizeof text, cases[c].fmt, (unsigned long long)(rng(&s) >> cases[c].shift), 0ull);
        double f = first_ms(ctx, text);
        double us = solve_us(ctx, cases[c].fmt, 2000, &s, cases[c].shift);
        printf("%-22s %9.3f ms   %9.2f us\n", cases[c].name, f, us);
    }
    /* coprime: the least prime factor (Pollard-Brent) and its rank, pi(p) by
     * Lucy-Hedgehog up to 10^10; random 63-bit heaps, then the worst case */
    {
        gr_ruleset *cp;
        gr_error e2;
        if (gr_ctx_ruleset(ctx, "coprime", 7, &cp, &e2) != GR_OK) return 1;
        int answered = 0, refused = 0;
        double t0 = bench_now();
        for (int i = 0; i < 2000; i++) {
            uint64_t v;
            if (gr_ruleset_value(cp, rng(&s) >> 1, &v, &e2) == GR_OK) answered++; else refused++;
        }
        double per = (bench_now() - t0) / 2000 * 1e6;
        uint64_t v;
        t0 = bench_now();
        if (gr_ruleset_value(cp, 9999999967ull, &v, &e2) != GR_OK) return 1;
        printf("%-22s random 63-bit heaps: %.1f us each, %d answered, %d refused (least prime factor past 10^10); "
               "the prime 9999999967: %.1f ms\n", "coprime(n)", per, answered, refused, (bench_now() - t0) * 1e3);
    }
    /* dyn with k = 10^6: the set-up builds ~3e7 terms */
    printf("%-22s %9.3f ms   %9.2f us\n", "dyn[1000000](n)", first_ms(ctx, "dyn[1000000](9223372036854775807)"),
           solve_us(ctx, "dyn[1000000](%llu)", 200, &s, 1));

    /* baseline 1: double floor(k*phi) */
    int wrong = 0, n = 2000000;
    double t0 = bench_now();
    volatile int sinkv = 0;
    for (int i = 0; i < n; i++) {
        uint64_t k = rng(&s) >> 34;
        uint64_t ak = (uint64_t)floor((double)k * (1 + sqrt(5.0)) / 2);
        sinkv += (int)(ak & 1);
    }
    double t_double = (bench_now() - t0) / n * 1e9;
    gr_ruleset *w;
    gr_error err;
    if (gr_ctx_ruleset(ctx, "wythoff", 7, &w, &err) != GR_OK) return 1;
    t0 = bench_now();
    for (int i = 0; i < 200000; i++) {
        uint64_t k = (rng(&s) >> 34) + 1;
        uint64_t ak = (uint64_t)floor((double)k * (1 + sqrt(5.0)) / 2);
        uint64_t args[2] = {ak, ak + k};
        int wins;
        if (gr_ruleset_state_outcome(w, args, 2, &wins, &err) != GR_OK) return 1;
        if (wins) wrong++; /* double said (ak, ak + k) is a P-position; the exact test disagrees */
    }
    double t_exact = (bench_now() - t0) / 200000 * 1e9;
    /* where doubles break: k = Fibonacci numbers, floor(F_m phi) = F_{m+1} - (m even) */
    int fwrong = 0, fcount = 0;
    uint64_t f0 = 1, f1 = 2;
    for (int m = 3; f1 < ((uint64_t)1 << 62); m++) {
        uint64_t fn = f0 + f1;
        uint64_t exact = fn - (m % 2 == 0);
        uint64_t dbl = (uint64_t)floor((double)f1 * (1 + sqrt(5.0)) / 2);
        fcount++;
        if (dbl != exact) fwrong++;
        uint64_t args[2] = {exact, exact + f1};
        int wins;
        if (gr_ruleset_state_outcome(w, args, 2, &wins, &err) != GR_OK || wins) { fprintf(stderr, "exact Wythoff test failed\n"); return 1; }
        f0 = f1;
        f1 = fn;
    }
    printf("wythoff P-test: exact %.0f ns, double floor(k*phi) %.0f ns (ratio %.1fx); double wrong on %d of 200000 random k < 2^30 "
           "and on %d of %d Fibonacci k < 2^62 (exact: right on all)\n",
           t_exact, t_double, t_exact / t_double, wrong, fwrong, fcount);

    /* baseline 2: the seeds' dyn program rebuilds its sequence per query */
    t0 = bench_now();
    uint64_t chk = 0;
    for (int i = 0; i < 200; i++) chk += textbook_dyn((rng(&s) >> 2) | 1, 1000);
    double t_text = (bench_now() - t0) / 200 * 1e6;
    gr_ruleset *d;
    if (gr_ctx_ruleset(ctx, "dyn[1000]", 9, &d, &err) != GR_OK) return 1;
    t0 = bench_now();
    for (int i = 0; i < 200; i++) {
        uint64_t args[1] = {(rng(&s) >> 2) | 1}, take;
        if (gr_ruleset_dyn_min_take(d, args, 1, &take, &err) != GR_OK) return 1;
        chk += take;
    }
    double t_lib = (bench_now() - t0) / 200 * 1e6;
    printf("dyn[1000] least winning take of a random 62-bit n: grundy %.2f us, the seeds' program %.0f us (ratio %.0fx) [%llu]\n",
           t_lib, t_text, t_text / t_lib, (unsigned long long)(chk & 1));

    /* a 10^5-term sum of mixed huge components */
    size_t terms = 100000, len = 0;
    char *big = malloc(terms * 64);
    const char *kinds[] = {"lasker", "pow2", "divisor", "tb[8.3!]", "bash[3,7]", "kayles", "sub[1,2,999999999999999999]"};
    for (size_t i = 0; i < terms; i++)
        len += (size_t)sprintf(big + len, "%s(%llu)\n", kinds[i % 7], (unsigned long long)(rng(&s) >> 1));
    t0 = bench_now();
    gr_position *pos;
    uint64_t v;
    int moves = 0, complete;
    if (gr_position_parse(ctx, big, len, GR_PARSE_LINES, &pos, &err) != GR_OK || gr_position_value(pos, &v, &err) != GR_OK ||
        gr_position_winning_moves(pos, 1, sink, &moves, &complete, &err) != GR_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    printf("a sum of 10^5 huge mixed components: parse, value and a winning move in %.3f s\n", bench_now() - t0);
    gr_position_free(pos);
    free(big);
    (void)sinkv;
    gr_ctx_free(ctx);
    return 0;
}
