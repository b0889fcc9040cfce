/* Misère quotients: the time to build (and prove) the quotient of Kayles and
 * Dawson's Kayles to growing heap bounds; then sums of 10^5 heaps decided
 * with a winning move. Baseline in the same run: the exact memoized misère
 * search (the textbook method: every position of the sum, by its options)
 * on sums small enough for it, against the quotient on the same sums. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "benchutil.h"

static uint64_t rng(uint64_t *s) { *s ^= *s << 13; *s ^= *s >> 7; *s ^= *s << 17; return *s; }

static void build(const char *spec, uint64_t to) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    gr_quotient *q;
    if (gr_ctx_new(&ctx) != GR_OK || gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) != GR_OK) exit(1);
    double t0 = bench_now();
    gr_status st = gr_quotient_compute(rs, to, NULL, &q, &err);
    double t = bench_now() - t0;
    if (st != GR_OK) {
        printf("quotient %-10s heaps 0..%-5llu stops after %.2f s: %s\n", spec, (unsigned long long)to, t, err.message);
    } else {
        uint64_t pre, per;
        int periodic = gr_quotient_period(q, &pre, &per);
        printf("quotient %-10s heaps 0..%-5llu %4u elements, proof %6llu states, %.3f s%s\n", spec,
               (unsigned long long)to, gr_quotient_size(q), (unsigned long long)gr_quotient_verified_states(q), t,
               periodic ? " (periodic: every heap)" : "");
        gr_quotient_free(q);
    }
    gr_ctx_free(ctx);
}

static int count_move(void *user, const gr_move *m) {
    (void)m;
    ++*(size_t *)user;
    return 1;
}

/* decides text; returns the seconds, the method and the outcome */
static double decide(gr_ctx *ctx, const char *text, const char **method, int *wins, size_t *moves) {
    gr_position *pos;
    gr_error err;
    gr_misere m = GR_SIZED(gr_misere);
    int complete;
    *moves = 0;
    double t0 = bench_now();
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK || gr_position_misere(pos, &m, &err) != GR_OK ||
        (m.wins && gr_position_misere_moves(pos, 1, count_move, moves, &complete, &err) != GR_OK)) {
        fprintf(stderr, "%s\n", err.message);
        exit(1);
    }
    double t = bench_now() - t0;
    *method = m.method;
    *wins = m.wins;
    gr_position_free(pos);
    return t;
}

static char *random_sum(const char *name, size_t heaps, uint64_t maxh, uint64_t *s) {
    size_t cap = heaps * 24 + 64, len = 0;
    char *text = malloc(cap);
    len += (size_t)snprintf(text, cap, "%s(", name);
    for (size_t i = 0; i < heaps; i++)
        len += (size_t)snprintf(text + len, cap - len, "%s%llu", i ? "," : "", (unsigned long long)(1 + rng(s) % maxh));
    snprintf(text + len, cap - len, ")");
    return text;
}

int main(void) {
    uint64_t s = 88172645463325252ull;
    static const uint64_t KB[] = {100, 168, 1000, 4000};
    for (size_t i = 0; i < sizeof KB / sizeof KB[0]; i++) build("kayles", KB[i]);
    static const uint64_t DB[] = {20, 25, 30, 33, 34};
    for (size_t i = 0; i < sizeof DB / sizeof DB[0]; i++) build("tb[0.07]", DB[i]);

    /* baseline: the search on small sums (a mixed spelling of Kayles,
     * kayles + tb[0.77], keeps the quotient out), the quotient on the same */
    double ts = 0, tq = 0;
    int agree = 1;
    for (int r = 0; r < 20; r++) {
        char a[256], b[256];
        uint64_t h[7];
        for (int i = 0; i < 7; i++) h[i] = 1 + rng(&s) % 7;
        snprintf(a, sizeof a, "kayles(%llu,%llu,%llu,%llu,%llu,%llu) + tb[0.77](%llu)", (unsigned long long)h[0],
                 (unsigned long long)h[1], (unsigned long long)h[2], (unsigned long long)h[3], (unsigned long long)h[4],
                 (unsigned long long)h[5], (unsigned long long)h[6]);
        snprintf(b, sizeof b, "kayles(%llu,%llu,%llu,%llu,%llu,%llu,%llu)", (unsigned long long)h[0],
                 (unsigned long long)h[1], (unsigned long long)h[2], (unsigned long long)h[3], (unsigned long long)h[4],
                 (unsigned long long)h[5], (unsigned long long)h[6]);
        gr_ctx *c1, *c2;
        if (gr_ctx_new(&c1) != GR_OK || gr_ctx_new(&c2) != GR_OK) return 1;
        const char *m1, *m2;
        int w1, w2;
        size_t mv;
        ts += decide(c1, a, &m1, &w1, &mv);
        tq += decide(c2, b, &m2, &w2, &mv);
        if (w1 != w2 || strcmp(m1, "search") || strcmp(m2, "quotient")) agree = 0;
        gr_ctx_free(c1);
        gr_ctx_free(c2);
    }
    printf("20 sums of 7 Kayles heaps <= 7: search %.3f s, quotient (fresh context each, build included) %.3f s, "
           "ratio %.1fx, %s\n", ts, tq, ts / (tq > 1e-9 ? tq : 1e-9), agree ? "same outcomes" : "OUTCOMES DIFFER");

    static const struct { const char *name; uint64_t maxh; } BIG[] = {
        {"kayles", 100}, {"kayles", 1000000000000000000ull}, {"tb[0.07]", 25}, {"tb[0.07]", 30}};
    for (size_t i = 0; i < sizeof BIG / sizeof BIG[0]; i++) {
        char *text = random_sum(BIG[i].name, 100000, BIG[i].maxh, &s);
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) return 1;
        const char *method;
        int wins;
        size_t moves;
        double t = decide(ctx, text, &method, &wins, &moves);
        /* again in the same context: the quotient is kept with the ruleset */
        free(text);
        text = random_sum(BIG[i].name, 100000, BIG[i].maxh, &s);
        int wins2;
        size_t moves2;
        double t2 = decide(ctx, text, &method, &wins2, &moves2);
        printf("10^5 %s heaps <= %llu: %.3f s (parse, quotient built, outcome %c by %s, %zu winning move); another "
               "sum, quotient kept: %.3f s (%c, %zu move)\n", BIG[i].name, (unsigned long long)BIG[i].maxh, t,
               wins ? 'N' : 'P', method, moves, t2, wins2 ? 'N' : 'P', moves2);
        gr_ctx_free(ctx);
        free(text);
    }
    return 0;
}
