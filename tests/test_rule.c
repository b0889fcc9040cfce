/* The rule language, rule[...]: every example of the issue against a brute
 * force written here from the game's own description (not from the rule
 * text), thousands of random rules against a direct evaluation of the same
 * moves, the arithmetic (floor division, overflow, short-circuit), sums in
 * normal and misère play, and compile errors with their columns. */
#include <string.h>
#include "grundy/grundy.h"
#include "testutil.h"

static gr_ctx *ctx;

static gr_status value(const char *text, uint64_t *v, gr_error *err) {
    gr_position *pos;
    gr_status st = gr_position_parse(ctx, text, strlen(text), 0, &pos, err);
    if (st != GR_OK) return st;
    st = gr_position_value(pos, v, err);
    gr_position_free(pos);
    return st;
}

static uint64_t val(const char *text) {
    uint64_t v = UINT64_MAX;
    gr_error err;
    if (value(text, &v, &err) != GR_OK) { fprintf(stderr, "%s: %s\n", text, err.message); return UINT64_MAX; }
    return v;
}

static uint64_t mex(const int *seen, int n) {
    int m = 0;
    while (m < n && seen[m]) m++;
    return (uint64_t)m;
}

/* G(0..N) of a one-number rule */
static int seq(const char *spec, uint64_t n, uint64_t *out) {
    gr_ruleset *rs;
    gr_error err;
    if (gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) != GR_OK) { fprintf(stderr, "%s: %s\n", spec, err.message); return 0; }
    if (gr_ruleset_values(rs, n, out, &err) != GR_OK) { fprintf(stderr, "%s: %s\n", spec, err.message); return 0; }
    return 1;
}

#define N1 400

static void heap_examples(void) {
    uint64_t g[N1], want[N1];
    int seen[N1 + 2];
    /* take at least one, at most half */
    CHECK(seq("rule[n -> n-k for k in 1..n/2]", N1, g), "take half");
    for (int n = 0; n < N1; n++) {
        memset(seen, 0, sizeof seen);
        for (int k = 1; k <= n / 2; k++) seen[want[n - k]] = 1;
        want[n] = mex(seen, N1 + 2);
    }
    CHECK(!memcmp(g, want, sizeof g), "take at most half");
    /* take 1, 2 or 3 */
    CHECK(seq("rule[n -> n-k for k in 1..3]", N1, g), "take 3");
    for (int n = 0; n < N1; n++) CHECK(g[n] == (uint64_t)(n % 4), "take 1..3 at %d: %llu", n, (unsigned long long)g[n]);
    /* Grundy's game: split into two unequal heaps */
    CHECK(seq("rule[n -> a + (n-a) for a in 1..n-1 if a != n-a]", N1, g), "grundy");
    for (int n = 0; n < N1; n++) {
        memset(seen, 0, sizeof seen);
        for (int a = 1; 2 * a < n; a++) {
            uint64_t x = want[a] ^ want[n - a];
            if (x < N1) seen[x] = 1;
        }
        want[n] = mex(seen, N1 + 2);
    }
    CHECK(!memcmp(g, want, sizeof g), "Grundy's game");
    /* the same against the built-in families */
    uint64_t b[N1];
    gr_ruleset *rs;
    gr_error err;
    CHECK(gr_ctx_ruleset(ctx, "grundy", 6, &rs, &err) == GR_OK && gr_ruleset_values(rs, N1, b, &err) == GR_OK &&
              !memcmp(b, g, sizeof b), "Grundy's game = grundy");
}

#define W 14

static void state_examples(void) {
    char t[512];
    /* the box game (HDU 1729): box of size s with c stones; add k stones, 1 <= k <= c^2, to at most s */
    static uint64_t box[W + 1][W + 1];
    for (int s = 0; s <= W; s++)
        for (int c = s; c >= 0; c--) {
            int seen[64] = {0};
            for (int k = 1; k <= c * c && c + k <= s; k++) seen[box[s][c + k]] = 1;
            box[s][c] = mex(seen, 64);
        }
    for (int s = 0; s <= W; s++)
        for (int c = 0; c <= s; c++) {
            snprintf(t, sizeof t, "rule[(s,c) -> (s,c+k) for k in 1..c*c if c+k <= s](%d,%d)", s, c);
            CHECK(val(t) == box[s][c], "%s = %llu", t, (unsigned long long)box[s][c]);
        }
    /* the cutting game (POJ 2311): cut a w x h sheet into two, no side below 2 */
    static uint64_t cut[W + 1][W + 1];
    for (int w = 2; w <= W; w++)
        for (int h = 2; h <= W; h++) {
            int seen[256] = {0};
            for (int i = 2; i <= w - 2; i++) seen[cut[i][h] ^ cut[w - i][h]] = 1;
            for (int j = 2; j <= h - 2; j++) seen[cut[w][j] ^ cut[w][h - j]] = 1;
            cut[w][h] = mex(seen, 256);
        }
    for (int w = 2; w <= 10; w++)
        for (int h = 2; h <= 10; h++) {
            snprintf(t, sizeof t,
                     "rule[(w,h) -> (i,h) + (w-i,h) for i in 2..w-2; (w,h) -> (w,j) + (w,h-j) for j in 2..h-2](%d,%d)", w, h);
            CHECK(val(t) == cut[w][h], "%s = %llu", t, (unsigned long long)cut[w][h]);
        }
    /* a king walking to the corner */
    static uint64_t king[W + 1][W + 1];
    for (int x = 0; x <= W; x++)
        for (int y = 0; y <= W; y++) {
            int seen[8] = {0};
            if (x) seen[king[x - 1][y]] = 1;
            if (y) seen[king[x][y - 1]] = 1;
            if (x && y) seen[king[x - 1][y - 1]] = 1;
            king[x][y] = mex(seen, 8);
        }
    for (int x = 0; x <= W; x++)
        for (int y = 0; y <= W; y++) {
            snprintf(t, sizeof t, "rule[(x,y) -> (x-1,y); (x,y) -> (x,y-1); (x,y) -> (x-1,y-1)](%d,%d)", x, y);
            CHECK(val(t) == king[x][y], "%s", t);
        }
}

/* random one-number rules: "take k from lo..hi if k % m != r" and "remove
 * d and split the rest in two (unequal when u)", against the same moves
 * evaluated here */
static void random_rules(void) {
    tu_rng r = {tu_seed(2024)};
    uint64_t cases = 400 * tu_scale();
    enum { N = 120 };
    for (uint64_t c = 0; c < cases; c++) {
        unsigned lo = 1 + (unsigned)tu_below(&r, 4), hi = lo + (unsigned)tu_below(&r, 6), m = 1 + (unsigned)tu_below(&r, 4),
                 rr = (unsigned)tu_below(&r, 4), d = (unsigned)tu_below(&r, 3), u = (unsigned)tu_below(&r, 2),
                 two = (unsigned)tu_below(&r, 2);
        char spec[256];
        int len = snprintf(spec, sizeof spec, "rule[n -> n-k for k in %u..%u if k %% %u != %u", lo, hi, m, rr);
        if (two)
            len += snprintf(spec + len, sizeof spec - (size_t)len, "; n -> a + (n-%u-a) for a in 1..(n-%u)/2%s", d, d,
                            u ? " if a != n-a-" : "");
        if (two && u) len += snprintf(spec + len, sizeof spec - (size_t)len, "%u", d);
        snprintf(spec + len, sizeof spec - (size_t)len, "]");
        uint64_t g[N], want[N];
        CHECK(seq(spec, N, g), "%s", spec);
        for (int n = 0; n < N; n++) {
            int seen[2 * N] = {0};
            for (unsigned k = lo; k <= hi && (int)k <= n; k++)
                if (k % m != rr) seen[want[n - (int)k]] = 1;
            if (two && n - (int)d >= 0)
                for (int a = 1; a <= (n - (int)d) / 2; a++) {
                    int b = n - (int)d - a;
                    if (b < 0 || (u && a == b)) continue;
                    seen[want[a] ^ want[b]] = 1;
                }
            want[n] = mex(seen, 2 * N);
        }
        CHECK(!memcmp(g, want, sizeof g), "%s", spec);
    }
}

/* Rules the kernels take (subtractions and splits): through the sparse-space
 * method (switched on early), and with periods proved on a short table and
 * used far past it, against a brute force of the same moves. */
static void kernel_rules(void) {
    tu_rng r = {tu_seed(77)};
    uint64_t cases = 60 * tu_scale();
    enum { N = 1500 };
    static uint64_t want[N];
    static unsigned char seen[4096];
    unsigned proved = 0;
    for (uint64_t c = 0; c < cases; c++) {
        unsigned hi = 1 + (unsigned)tu_below(&r, 4), skip = (unsigned)tu_below(&r, 5), d1 = (unsigned)tu_below(&r, 3),
                 d2 = (unsigned)tu_below(&r, 3), u = c % 4 == 3, two = (unsigned)tu_below(&r, 2);
        char spec[256];
        int len = snprintf(spec, sizeof spec, "rule[n -> n-k for k in 1..%u if k != %u; n -> a + (n-%u-a) for a in 1..n-%u-1%s",
                           hi, skip, d1, d1, u ? " if a != n-a-" : "");
        if (u) len += snprintf(spec + len, sizeof spec - (size_t)len, "%u", d1);
        if (two && !u) len += snprintf(spec + len, sizeof spec - (size_t)len, "; n -> a + (n-%u-a) for a in 1..(n-%u)/2", d2, d2);
        snprintf(spec + len, sizeof spec - (size_t)len, "]");
        for (int n = 0; n < N; n++) {
            memset(seen, 0, sizeof seen);
            for (unsigned k = 1; k <= hi && (int)k <= n; k++)
                if (k != skip) seen[want[n - (int)k]] = 1;
            unsigned ds[2] = {d1, d2};
            for (unsigned t = 0; t < (two && !u ? 2u : 1u); t++)
                for (int a = 1; n - (int)ds[t] - a >= 1; a++) {
                    int b = n - (int)ds[t] - a;
                    if (u && a == b) continue;
                    seen[want[a] ^ want[b]] = 1;
                }
            int m = 0;
            while (seen[m]) m++;
            want[n] = (uint64_t)m;
        }
        /* the sparse-space method from heap 64 on */
        gr_ctx *c2;
        gr_ruleset *rs;
        gr_error err;
        uint64_t g[600];
        CHECK(gr_ctx_new(&c2) == GR_OK, "ctx");
        gr_ctx_set_sparse_start(c2, 64);
        CHECK(gr_ctx_ruleset(c2, spec, strlen(spec), &rs, &err) == GR_OK && gr_ruleset_values(rs, 600, g, &err) == GR_OK,
              "%s: %s", spec, err.message);
        CHECK(!memcmp(g, want, sizeof g), "%s (sparse)", spec);
        gr_ctx_free(c2);
        /* a period proved within a short table answers every heap to N */
        CHECK(gr_ctx_new(&c2) == GR_OK, "ctx");
        gr_ctx_set_table_limit(c2, 300);
        CHECK(gr_ctx_ruleset(c2, spec, strlen(spec), &rs, &err) == GR_OK, "%s", err.message);
        gr_period per = GR_SIZED(gr_period);
        gr_status st = gr_ruleset_period(rs, 300, &per, &err);
        CHECK(u ? st == GR_EINVAL : st == GR_OK, "%s: period status %s", spec, gr_status_name(st));
        if (st == GR_OK && per.found) {
            proved++;
            for (uint64_t n = 0; n < N; n++) {
                uint64_t v;
                CHECK(gr_ruleset_value(rs, n, &v, &err) == GR_OK && v == want[n], "%s(%llu) past the period: %s", spec,
                      (unsigned long long)n, err.message);
            }
        }
        gr_ctx_free(c2);
    }
    CHECK(proved >= cases / 4, "only %u periods proved", proved);
    /* splits capped by a bound are not all the splits: no theorem, and the
     * values past the cap come from the machine */
    gr_ctx *c3;
    gr_ruleset *rs3;
    gr_error e3;
    gr_period p3 = GR_SIZED(gr_period);
    const char *capped = "rule[n -> n-k for k in 1..2; n -> a + (n-1-a) for a in 1..min((n-1)/2, 40)]";
    CHECK(gr_ctx_new(&c3) == GR_OK && gr_ctx_ruleset(c3, capped, strlen(capped), &rs3, &e3) == GR_OK, "capped");
    CHECK(gr_ruleset_period(rs3, 1000, &p3, &e3) == GR_EINVAL, "capped splits: no periodicity theorem");
    uint64_t gc[300];
    CHECK(gr_ruleset_values(rs3, 300, gc, &e3) == GR_OK, "capped values");
    for (int n = 0; n < 300; n++) {
        memset(seen, 0, sizeof seen);
        for (int k = 1; k <= 2 && k <= n; k++) seen[gc[n - k]] = 1;
        for (int a = 1; a <= (n - 1) / 2 && a <= 40; a++) seen[gc[a] ^ gc[n - 1 - a]] = 1;
        int m = 0;
        while (seen[m]) m++;
        CHECK(gc[n] == (uint64_t)m, "capped rule at %d", n);
    }
    gr_ctx_free(c3);
    printf("kernel rules: %llu rules, %u periods proved and checked to %d\n", (unsigned long long)cases, proved, N);
}

static void arithmetic(void) {
    /* the value of a heap rule n -> (expression) tells the expression: G(e) for a one-move chain;
     * simpler: a state rule whose only option is (expression, 0) from (x, 1) has value 1 iff the
     * option exists, i.e. iff the expression is >= 0; so test conditions instead */
    struct { const char *cond; int holds; } c[] = {
        {"-7 / 2 == -4", 1}, {"-7 % 2 == 1", 1}, {"7 / -2 == -4", 1}, {"7 % -2 == -1", 1}, {"7 / 2 == 3", 1},
        {"gcd(12, 18) == 6", 1}, {"gcd(0, 5) == 5", 1}, {"min(3, -4) == -4", 1}, {"max(3, -4) == 3", 1},
        {"3 | 12", 1}, {"5 | 12", 0}, {"0 | 0", 1}, {"0 | 3", 0}, {"not 1 < 2", 0}, {"1 < 2 and 2 < 3", 1},
        {"1 > 2 or 2 < 3", 1}, {"not (1 > 2 or 3 < 2)", 1}, {"(1 + 2) * 3 == 9", 1}, {"1 + 2 * 3 == 7", 1},
        {"2 * 3 - 4 - 1 == 1", 1}, {"- 3 + 5 == 2", 1}, {"18446744073709551615 == 18446744073709551615", 1},
        {"0 == 0 or 1 / 0 == 1", 1}, {"1 == 0 and 1 / 0 == 1", 0}, {"10 != 10", 0}, {"4 >= 4 and 4 <= 4", 1},
    };
    for (size_t i = 0; i < sizeof c / sizeof c[0]; i++) {
        char t[256];
        snprintf(t, sizeof t, "rule[(x,y) -> (x-1,y) if %s](1,0)", c[i].cond);
        CHECK(val(t) == (uint64_t)c[i].holds, "%s", c[i].cond);
    }
    /* overflow and division by zero are errors naming the clause */
    uint64_t v;
    gr_error err;
    CHECK(value("rule[(x,y) -> (x-1,y); (x,y) -> (x*y*y*y, 0) if x > 0](1,4294967296)", &v, &err) == GR_ERANGE &&
              strstr(err.message, "clause 2") && strstr(err.message, "overflows"), "overflow: %s", err.message);
    CHECK(value("rule[(x,y) -> (x-1,y) if 18446744073709551615 + 1 > 0](1,0)", &v, &err) == GR_ERANGE, "overflow +: %s",
          err.message);
    CHECK(value("rule[(x,y) -> (x / y, 0)](4,0)", &v, &err) == GR_EINVAL && strstr(err.message, "division by zero"),
          "div 0: %s", err.message);
    /* negative entries are not moves; '0' ends the component */
    CHECK(val("rule[n -> n-5](3)") == 0, "n-5 from 3 is no move");
    CHECK(val("rule[(x,y) -> 0 if x > 0](3,3)") == 1 && val("rule[(x,y) -> 0 if x > 0](0,3)") == 0, "0 result");
}

static void sums_and_play(void) {
    tu_rng r = {tu_seed(99)};
    for (int i = 0; i < 200; i++) {
        unsigned a = (unsigned)tu_below(&r, 12), b = (unsigned)tu_below(&r, 12), c = (unsigned)tu_below(&r, 9);
        char t1[256], t2[256];
        snprintf(t1, sizeof t1, "rule[n -> n-k for k in 1..3](%u,%u) + rule[n -> a + (n-a) for a in 1..n-1 if a != n-a](%u)",
                 a, b, c);
        snprintf(t2, sizeof t2, "sub[1,2,3](%u,%u) + grundy(%u)", a, b, c);
        CHECK(val(t1) == val(t2), "%s", t1);
        gr_position *p1, *p2;
        gr_error err;
        gr_misere m1 = GR_SIZED(gr_misere), m2 = GR_SIZED(gr_misere);
        CHECK(gr_position_parse(ctx, t1, strlen(t1), 0, &p1, &err) == GR_OK && gr_position_parse(ctx, t2, strlen(t2), 0, &p2, &err) == GR_OK,
              "parse");
        CHECK(gr_position_misere(p1, &m1, &err) == GR_OK && gr_position_misere(p2, &m2, &err) == GR_OK && m1.wins == m2.wins,
              "misère %s", t1);
        gr_position_free(p1);
        gr_position_free(p2);
    }
}

/* the winning moves of a misère sum, each as the sorted heaps of the whole
 * position it leaves (the first number of each state part, or each heap),
 * sorted and written one per line into out */
typedef struct afters {
    gr_position *pos;
    int state;             /* parts are (n, 0) states, else heaps */
    char lines[64][96];
    size_t n;
} afters;

static int cmp_u64v(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int cmp_line(const void *a, const void *b) { return strcmp(a, b); }

static int on_after(void *user, const gr_move *m) {
    afters *f = user;
    uint64_t h[32];
    size_t k = 0;
    for (size_t i = 0; i < gr_position_count(f->pos); i++) {
        gr_term_info t;
        if (i == m->component || gr_position_term(f->pos, i, &t) != GR_OK) continue;
        if (t.args[0] && k < 32) h[k++] = t.args[0];
    }
    for (size_t p = 0; p < m->nparts; p++)
        if (f->state) { if (m->parts[p].args[0] && k < 32) h[k++] = m->parts[p].args[0]; }
        else for (size_t j = 0; j < m->parts[p].nargs; j++) if (m->parts[p].args[j] && k < 32) h[k++] = m->parts[p].args[j];
    qsort(h, k, sizeof *h, cmp_u64v);
    if (f->n == 64) return 1;
    int at = 0;
    f->lines[f->n][0] = 0;
    for (size_t j = 0; j < k; j++) at += snprintf(f->lines[f->n] + at, sizeof f->lines[0] - (size_t)at, "%llu,", (unsigned long long)h[j]);
    f->n++;
    return 0;
}

/* a state rule whose moves leave sums, in misère play: Grundy's game
 * written as states (n, 0) whose moves cut one into two, against the
 * built-in heap game (its misère answers come from the quotient or the
 * search, both tested against brute force): the same outcomes, and the
 * same positions after the winning moves */
static void state_sums_misere(void) {
    tu_rng r = {tu_seed(31)};
    static const char *G = "rule[(n,z) -> (a,0) + (n-a,0) for a in 1..n-1 if a != n-a]";
    int cases = 150 * (int)tu_scale(), won = 0;
    for (int c = 0; c < cases; c++) {
        char t1[512], t2[256];
        int p1 = 0, p2 = 0;
        size_t k = 1 + tu_below(&r, 3);
        for (size_t i = 0; i < k; i++) {
            unsigned n = 1 + (unsigned)tu_below(&r, 11);
            p1 += snprintf(t1 + p1, sizeof t1 - (size_t)p1, "%s%s(%u,0)", i ? " + " : "", G, n);
            p2 += snprintf(t2 + p2, sizeof t2 - (size_t)p2, "%sgrundy(%u)", i ? " + " : "", n);
        }
        gr_position *a = NULL, *b = NULL;
        gr_error err;
        gr_misere m1 = GR_SIZED(gr_misere), m2 = GR_SIZED(gr_misere);
        CHECK(gr_position_parse(ctx, t1, strlen(t1), 0, &a, &err) == GR_OK &&
                  gr_position_parse(ctx, t2, strlen(t2), 0, &b, &err) == GR_OK, "parse %s", t2);
        CHECK(gr_position_misere(a, &m1, &err) == GR_OK && gr_position_misere(b, &m2, &err) == GR_OK &&
                  m1.wins == m2.wins, "misère outcome of %s as states: %d, as heaps %d (%s)", t2, (int)m1.wins,
              (int)m2.wins, err.message);
        static afters fa, fb;
        fa.pos = a; fa.state = 1; fa.n = 0;
        fb.pos = b; fb.state = 0; fb.n = 0;
        int ca, cb;
        CHECK(gr_position_misere_moves(a, 0, on_after, &fa, &ca, &err) == GR_OK &&
                  gr_position_misere_moves(b, 0, on_after, &fb, &cb, &err) == GR_OK, "moves of %s: %s", t2, err.message);
        qsort(fa.lines, fa.n, sizeof fa.lines[0], cmp_line);
        qsort(fb.lines, fb.n, sizeof fb.lines[0], cmp_line);
        size_t ua = 0, ub = 0;
        for (size_t i = 0; i < fa.n; i++) if (!ua || strcmp(fa.lines[i], fa.lines[ua - 1])) memmove(fa.lines[ua++], fa.lines[i], sizeof fa.lines[0]);
        for (size_t i = 0; i < fb.n; i++) if (!ub || strcmp(fb.lines[i], fb.lines[ub - 1])) memmove(fb.lines[ub++], fb.lines[i], sizeof fb.lines[0]);
        int same = ua == ub;
        for (size_t i = 0; same && i < ua; i++) same = !strcmp(fa.lines[i], fb.lines[i]);
        CHECK(same, "winning moves of %s: %zu distinct as states, %zu as heaps", t2, ua, ub);
        won += m1.wins == GR_OUTCOME_N;
        gr_position_free(a);
        gr_position_free(b);
    }
    printf("state sums in misère play: %d sums of Grundy's game as states, %d won, same outcomes and moves as heaps\n",
           cases, won);
    gr_position *p = NULL;
    gr_error err;
    uint64_t steps[2];
    gr_outcome o;
    size_t dec;
    char t[256];
    snprintf(t, sizeof t, "%s(7,0)", G);
    CHECK(gr_position_parse(ctx, t, strlen(t), 0, &p, &err) == GR_OK &&
              gr_position_every(p, steps, &o, &dec, &err) == GR_EINVAL && strstr(err.message, "not in Every-SG"),
          "Every-SG refuses a move to a sum, saying so: %s", err.message);
    gr_position_free(p);
}

static void errors(void) {
    static const struct { const char *text; gr_status st; size_t col; const char *msg; } bad[] = {
        {"rule[n -> m](3)", GR_EPARSE, 11, "unknown name 'm'"},
        {"rule[n -> n-1; (a,b) -> (a,b)](3)", GR_EPARSE, 16, "its pattern has 2 numbers"},
        {"rule[(a,b) -> (a-1)](3,3)", GR_EPARSE, 19, "expected ','"},
        {"rule[n => n-1](3)", GR_EPARSE, 8, "expected '->'"},
        {"rule[n -> n-k for k in 1..3 if k](3)", GR_EPARSE, 32, "a condition is needed"},
        {"rule[n -> n-1 if n < 1 < 2](3)", GR_EPARSE, 24, "expected 'for', 'if', ';'"},
        {"rule[n -> n-k for n in 1..3](3)", GR_EPARSE, 19, "already bound"},
        {"rule[(a,b,c,d,e) -> 0](3)", GR_EPARSE, 15, "at most 4"},
        {"rule[](3)", GR_EPARSE, 6, "at least one clause"},
        {"rule[n -> n # 1](3)", GR_EPARSE, 13, "expected"},
        {"rule[n -> n-99999999999999999999](3)", GR_ERANGE, 13, "does not fit"},
        {"rule[n -> n+1](3)", GR_ELIMIT, 0, "the game does not end"},
        {"rule[n -> (n+1) if n < 9; n -> n-1](3)", GR_ECYCLE, 0, "infinite value"},
        {"rule[n -> (n+1); n -> n-1](3)", GR_ELIMIT, 0, "exceeds the bound"},
        {"rule[(a,b) -> (a+1,b) if a < 5; (a,b) -> (a-1,b)](3,1)", GR_ECYCLE, 0, "loopy"},
        {"rule[(a,b) -> (a-1,b)](3)", GR_EINVAL, 0, "2 numbers"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint64_t v;
        gr_error err;
        gr_status st = value(bad[i].text, &v, &err);
        CHECK(st == bad[i].st && strstr(err.message, bad[i].msg) && (!bad[i].col || err.column == bad[i].col),
              "%s: status %s, column %zu, '%s'", bad[i].text, gr_status_name(st), err.column, err.message);
    }
    /* a very deep expression is refused, not a stack overflow */
    char deep[1200];
    size_t k = (size_t)snprintf(deep, sizeof deep, "rule[n -> ");
    for (int i = 0; i < 500; i++) deep[k++] = '(';
    deep[k++] = 'n';
    for (int i = 0; i < 500; i++) deep[k++] = ')';
    snprintf(deep + k, sizeof deep - k, "](3)");
    uint64_t v;
    gr_error err;
    CHECK(value(deep, &v, &err) == GR_EPARSE && strstr(err.message, "nested too deeply"), "deep: %s", err.message);
    /* found by review: values waiting on the machine's stack at every level
     * (min(n, n + n*(...)) 60 deep) are refused, not a stack overflow; and a
     * stop passed outward that would be too deep is dropped, not run */
    char wide[2048];
    k = (size_t)snprintf(wide, sizeof wide, "rule[n -> ");
    for (int i = 0; i < 60; i++) k += (size_t)snprintf(wide + k, sizeof wide - k, "min(n, n + n*");
    k += (size_t)snprintf(wide + k, sizeof wide - k, "1");
    for (int i = 0; i < 60; i++) wide[k++] = ')';
    snprintf(wide + k, sizeof wide - k, "](3)");
    CHECK(value(wide, &v, &err) == GR_EPARSE && strstr(err.message, "nested too deeply"), "wide: %s", err.message);
    /* n - (1 + 1*(1 + 1*(... 1*j))) for k in 1..n for j in (1 + 1*(... 1*k))..n */
    char t2[4400];
    size_t q = (size_t)snprintf(t2, sizeof t2, "rule[n -> n - (1 + ");
    for (int i = 0; i < 57; i++) q += (size_t)snprintf(t2 + q, sizeof t2 - q, "1*(1 + ");
    q += (size_t)snprintf(t2 + q, sizeof t2 - q, "1*j");
    for (int i = 0; i < 58; i++) t2[q++] = ')';
    q += (size_t)snprintf(t2 + q, sizeof t2 - q, " for k in 1..n for j in (1 + ");
    for (int i = 0; i < 57; i++) q += (size_t)snprintf(t2 + q, sizeof t2 - q, "1*(1 + ");
    q += (size_t)snprintf(t2 + q, sizeof t2 - q, "1*k");
    for (int i = 0; i < 58; i++) t2[q++] = ')';
    snprintf(t2 + q, sizeof t2 - q, "..n]");
    uint64_t g6[6];
    CHECK(seq(t2, 6, g6) && !g6[0] && !g6[5], "a deep stop passed outward");
    /* found by review: a box whose size overflows is no dense table (the
     * search then runs, here into its time limit), never a wrong value */
    gr_ctx *big;
    CHECK(gr_ctx_new(&big) == GR_OK, "ctx");
    gr_ctx_set_search_limit(big, (uint64_t)1 << 60);
    gr_ctx_set_time_limit(big, 0.5);
    gr_position *bp;
    const char *bt = "rule[(x,y) -> (x-1,y)](2147483647,2147483647)";
    CHECK(gr_position_parse(big, bt, strlen(bt), 0, &bp, &err) == GR_OK, "parse");
    gr_status bs = gr_position_value(bp, &v, &err);
    CHECK(bs == GR_ELIMIT || (bs == GR_OK && v == 1), "%s: %s %llu", bt, gr_status_name(bs), (unsigned long long)v);
    gr_position_free(bp);
    gr_ctx_free(big);
}

/* a heap of 0 is no heap: no moves, G(0) = 0, whatever the rule lists
 * for n = 0; and a long rule's error keeps its reason */
static void heap_zero_and_long_errors(void) {
    uint64_t g[7];
    CHECK(seq("rule[n -> 0; n -> n-1]", 6, g) && g[0] == 0 && g[1] == 1 && g[2] == 2 && g[3] == 1 && g[4] == 2 && g[5] == 1,
          "n -> 0; n -> n-1");
    CHECK(val("rule[n -> 0 if n == 0](0)") == 0, "a move listed at 0 is no move");
    CHECK(val("rule[n -> (n)](0)") == 0 && val("rule[n -> (n)](0,0)") == 0, "a self-loop at 0 is no move");
    CHECK(seq("rule[n -> n-n/d for d in 2..3 if d | n]", 7, g) && g[0] == 0 && g[1] == 0 && g[2] == 1 && g[3] == 0 &&
              g[4] == 0 && g[5] == 0 && g[6] == 1, "d | 0 lists no move at 0");
    uint64_t v;
    gr_error err;
    /* the loop is found at heap 1, the first heap with a move */
    gr_ruleset *rs;
    CHECK(gr_ctx_ruleset(ctx, "rule[n -> (n)]", 14, &rs, &err) == GR_OK && gr_ruleset_values(rs, 3, g, &err) == GR_ECYCLE &&
              strstr(err.message, "rule[n -> (n)](1)"), "loopy at 1: %s", err.message);
    /* a heap rule listed at 0 from a sum: no options */
    gr_position *pos;
    const char *sum = "rule[n -> (n+1) if n < 3; n -> n-1](0) + 1";
    CHECK(gr_position_parse(ctx, sum, strlen(sum), 0, &pos, &err) == GR_OK && gr_position_value(pos, &v, &err) == GR_OK &&
              v == 1, "%s: %s", sum, err.message);
    gr_position_free(pos);
    /* 41 clauses: the message is shortened inside the brackets, the reason kept */
    char big[1024];
    size_t k = (size_t)snprintf(big, sizeof big, "rule[");
    for (int i = 0; i < 40; i++) k += (size_t)snprintf(big + k, sizeof big - k, "n -> n-1; ");
    snprintf(big + k, sizeof big - k, "n -> (n+1)]");
    CHECK(gr_ctx_ruleset(ctx, big, strlen(big), &rs, &err) == GR_OK && gr_ruleset_values(rs, 6, g, &err) == GR_ECYCLE &&
              strstr(err.message, "not a smaller one") && strstr(err.message, " ... ") && !strncmp(err.message, "rule[n -> n-1;", 14),
          "long rule: %s", err.message);
}

int main(void) {
    CHECK(gr_ctx_new(&ctx) == GR_OK, "context");
    heap_zero_and_long_errors();
    heap_examples();
    state_examples();
    random_rules();
    kernel_rules();
    arithmetic();
    sums_and_play();
    state_sums_misere();
    errors();
    gr_ctx_free(ctx);
    return tu_finish("test_rule");
}
