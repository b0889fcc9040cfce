/* Remoteness against brute force: sums of up to four terms of random heap
 * rules (normal and misère play) against the game-tree search of brute.c;
 * single heaps (the table, and nim's formula) likewise; Wythoff positions
 * against a recursion written here; every listed move's remoteness
 * consistent with the position's; and games played out, grundy's best move
 * against a delaying opponent, lasting exactly the remoteness. */
#include <string.h>
#include "grundy/grundy.h"
#include "brute.h"
#include "randrule.h"
#include "testutil.h"
#include "moves.h"
#include "loopy_graph.h"

typedef struct term { int rule, nh, h[3]; } term;

/* a random sum of 1..4 terms, at most `budget` tokens in all */
static int build(tu_rng *r, brule *rules, int nr, term *t, char *text, int budget) {
    int nt = 1 + (int)tu_below(r, 4), p = 0;
    for (int i = 0; i < nt; i++) {
        t[i].rule = (int)tu_below(r, (uint64_t)nr);
        t[i].nh = tu_below(r, 4) == 0 ? 2 : 1;
        for (int j = 0; j < t[i].nh; j++) {
            int h = budget > 0 ? (int)tu_below(r, (uint64_t)(budget < 9 ? budget : 9) + 1) : 0;
            budget -= h;
            t[i].h[j] = h;
        }
        p += sprintf(text + p, "%s%s(", i ? " + " : "", rules[t[i].rule].spec);
        for (int j = 0; j < t[i].nh; j++) p += sprintf(text + p, "%s%d", j ? "," : "", t[i].h[j]);
        p += sprintf(text + p, ")");
    }
    return nt;
}

static void rand_rules(tu_rng *r, brule *rules, int nr) {
    int style = (int)tu_below(r, 3);
    for (int i = 0; i < nr; i++) {
        if (style == 0) { memset(&rules[i], 0, sizeof rules[i]); rules[i].kind = B_NIM; brute_spec(&rules[i]); }
        else if (style == 1) rand_sub(r, &rules[i], 5);
        else { rand_rule(r, &rules[i]); if (rules[i].kind == B_TB) { rules[i].repeat = 0; brute_spec(&rules[i]); } }
    }
}

/* the moves with the remoteness of what each leaves */
typedef struct rlist {
    size_t n;
    uint64_t r[MOVELIST_MAX];
    gr_outcome o[MOVELIST_MAX];
} rlist;

static int on_rmove(void *user, const gr_move *m, const gr_remoteness *after) {
    (void)m;
    rlist *l = user;
    if (l->n < MOVELIST_MAX) {
        l->r[l->n] = after->remoteness;
        l->o[l->n] = after->outcome;
    }
    l->n++;
    return 0;
}

/* the rule: terminal 0; won 1 + least lost child; lost 1 + largest child */
static uint64_t fold(const rlist *l, int misere) {
    if (!l->n) return 0;
    uint64_t lost = UINT64_MAX, most = 0;
    for (size_t i = 0; i < l->n && i < MOVELIST_MAX; i++) {
        int is_lost = (int)(l->r[i] & 1) == misere;
        if (is_lost && l->r[i] < lost) lost = l->r[i];
        if (l->r[i] > most) most = l->r[i];
    }
    return 1 + (lost != UINT64_MAX ? lost : most);
}

static void test_sums(uint64_t seed) {
    tu_rng r = {seed};
    uint64_t cases = 3000 * tu_scale();
    long moves = 0;
    static rlist l;
    for (uint64_t c = 0; c < cases; c++) {
        brule rules[3];
        int nr = 1 + (int)tu_below(&r, 3);
        rand_rules(&r, rules, nr);
        term t[4];
        char text[512];
        int nt = build(&r, rules, nr, t, text, 12);
        bheap hs[16];
        int nh = 0;
        for (int i = 0; i < nt; i++)
            for (int j = 0; j < t[i].nh; j++) hs[nh++] = (bheap){t[i].rule, t[i].h[j]};
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        gr_position *pos = tu_parse(ctx, text);
        if (!pos) { gr_ctx_free(ctx); continue; }
        for (int mis = 0; mis < 2; mis++) {
            brute_reset();
            int want = brute_remoteness(rules, hs, nh, mis);
            int wins = mis ? brute_wins_misere(rules, hs, nh) : brute_wins(rules, hs, nh);
            gr_remoteness rm = GR_SIZED(gr_remoteness);
            gr_error err;
            CHECK(gr_position_remoteness(pos, mis, &rm, &err) == GR_OK, "%s: %s", text, err.message);
            CHECK(rm.remoteness == (uint64_t)want, "case %llu '%s' (%s): remoteness %llu by %s, game tree %d",
                  (unsigned long long)c, text, mis ? "misère" : "normal", (unsigned long long)rm.remoteness, rm.method,
                  want);
            /* the parity says who wins, as the game tree does */
            CHECK(rm.outcome == (wins ? GR_OUTCOME_N : GR_OUTCOME_P), "case %llu '%s' (%s): outcome %d, game tree %d",
                  (unsigned long long)c, text, mis ? "misère" : "normal", (int)rm.outcome, wins);
            /* every move's remoteness, folded by the rule, gives the position's */
            l.n = 0;
            int complete = 0;
            CHECK(gr_position_remoteness_moves(pos, mis, 0, on_rmove, &l, &complete, &err) == GR_OK, "%s: %s", text,
                  err.message);
            CHECK(complete && l.n <= MOVELIST_MAX, "'%s': moves incomplete", text);
            CHECK(fold(&l, mis) == rm.remoteness, "case %llu '%s' (%s): moves fold to %llu, position %llu",
                  (unsigned long long)c, text, mis ? "misère" : "normal", (unsigned long long)fold(&l, mis),
                  (unsigned long long)rm.remoteness);
            for (size_t i = 0; i < l.n && i < MOVELIST_MAX; i++)
                CHECK(l.o[i] == ((int)(l.r[i] & 1) == mis ? GR_OUTCOME_P : GR_OUTCOME_N), "'%s': a move's outcome",
                      text);
            moves += (long)l.n;
        }
        gr_position_free(pos);
        gr_ctx_free(ctx);
    }
    brute_reset();
    printf("sums: %llu random sums of 1 to 4 terms, normal and misère, %ld moves checked\n",
           (unsigned long long)cases, moves);
}

/* the table of single heaps, and nim's formula */
static void test_tables(uint64_t seed) {
    tu_rng r = {seed ^ 0x5151};
    uint64_t cases = 500 * tu_scale();
    for (uint64_t c = 0; c < cases; c++) {
        brule rules[1];
        rand_rules(&r, rules, 1);
        int n = rules[0].kind == B_TB || rules[0].kind == B_GRUNDY ? 14 : 40; /* a split leaves a sum */
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        gr_ruleset *rs;
        gr_error err;
        if (gr_ctx_ruleset(ctx, rules[0].spec, strlen(rules[0].spec), &rs, &err) != GR_OK) {
            CHECK(0, "ruleset '%s': %s", rules[0].spec, err.message);
            gr_ctx_free(ctx);
            continue;
        }
        for (int mis = 0; mis < 2; mis++) {
            uint64_t got[64];
            CHECK(gr_ruleset_remoteness(rs, (uint64_t)n + 1, mis, got, &err) == GR_OK, "%s: %s", rules[0].spec,
                  err.message);
            brute_reset();
            for (int h = 0; h <= n; h++) {
                bheap one = {0, h};
                int want = brute_remoteness(rules, &one, 1, mis);
                CHECK(got[h] == (uint64_t)want, "%s heap %d (%s): table %llu, game tree %d", rules[0].spec, h,
                      mis ? "misère" : "normal", (unsigned long long)got[h], want);
            }
        }
        gr_ctx_free(ctx);
    }
    brute_reset();
    /* nim by formula, far past any table */
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    brule nim = {0};
    nim.kind = B_NIM;
    brute_spec(&nim);
    for (int h = 0; h <= 30; h++)
        for (int mis = 0; mis < 2; mis++) {
            char text[32];
            snprintf(text, sizeof text, "%d", h);
            gr_position *pos = tu_parse(ctx, text);
            if (!pos) continue;
            gr_remoteness rm = GR_SIZED(gr_remoteness);
            gr_error err;
            CHECK(gr_position_remoteness(pos, mis, &rm, &err) == GR_OK, "%s: %s", text, err.message);
            bheap one = {0, h};
            int want = brute_remoteness(&nim, &one, 1, mis);
            CHECK(rm.remoteness == (uint64_t)want && !strcmp(rm.method, "formula"),
                  "nim heap %d (%s): %llu by %s, game tree %d", h, mis ? "misère" : "normal",
                  (unsigned long long)rm.remoteness, rm.method, want);
            gr_position_free(pos);
        }
    brute_reset();
    gr_position *big = tu_parse(ctx, "1000000000000");
    gr_remoteness rm = GR_SIZED(gr_remoteness);
    gr_error err;
    CHECK(big && gr_position_remoteness(big, 1, &rm, &err) == GR_OK && rm.remoteness == 2, "a huge nim heap, misère");
    gr_position_free(big);
    gr_ctx_free(ctx);
    printf("tables: %llu random heap rules, heaps to 14 (rules that split) or 40, and nim heaps to 30 by formula\n",
           (unsigned long long)cases);
}

/* long subtraction tables (where sub[S]'s proved arithmetic period fills
 * the table) against the definition, heap by heap */
static void test_sub_long(uint64_t seed) {
    tu_rng r = {seed ^ 0x7e7e};
    uint64_t cases = 400 * tu_scale();
    enum { N = 3000 };
    static uint64_t want[N], got[N];
    long filled = 0;
    for (uint64_t c = 0; c < cases; c++) {
        unsigned set[6];
        int ns = 1 + (int)tu_below(&r, 5), p = 0;
        char spec[96];
        p = sprintf(spec, "sub[");
        unsigned last = 0;
        for (int i = 0; i < ns; i++) {
            last += 1 + (unsigned)tu_below(&r, 7);
            set[i] = last;
            p += sprintf(spec + p, "%s%u", i ? "," : "", last);
        }
        sprintf(spec + p, "]");
        int mis = (int)tu_below(&r, 2);
        for (int n = 0; n < N; n++) {
            uint64_t lost = UINT64_MAX, most = 0;
            int any = 0;
            for (int i = 0; i < ns; i++) {
                if ((int)set[i] > n) continue;
                uint64_t x = want[n - (int)set[i]];
                any = 1;
                if ((int)(x % 2) == mis && x < lost) lost = x;
                if (x > most) most = x;
            }
            want[n] = !any ? 0 : 1 + (lost != UINT64_MAX ? lost : most);
        }
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        gr_ctx_set_table_limit(ctx, N);
        gr_ruleset *rs;
        gr_error err;
        CHECK(gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) == GR_OK, "%s: %s", spec, err.message);
        CHECK(gr_ruleset_remoteness(rs, N, mis, got, &err) == GR_OK, "%s: %s", spec, err.message);
        int n = 0;
        while (n < N && got[n] == want[n]) n++;
        CHECK(n == N, "%s (%s): heap %d has remoteness %llu, the definition %llu", spec, mis ? "misère" : "normal", n,
              n < N ? (unsigned long long)got[n] : 0ull, n < N ? (unsigned long long)want[n] : 0ull);
        filled++;
        gr_ctx_free(ctx);
    }
    printf("sub_long: %ld random subtraction sets, heaps to %d, against the definition\n", filled, N - 1);
}

/* Wythoff by a recursion written here: a move takes from one pile or the
 * same from both */
#define WN 14
static int wy[WN][WN][2];

static int wythoff_rem(int a, int b, int mis) {
    if (wy[a][b][mis] >= 0) return wy[a][b][mis];
    int lost = -1, most = 0, any = 0;
    for (int k = 1; k <= a || k <= b; k++) {
        int opts[3][2] = {{a - k, b}, {a, b - k}, {a - k, b - k}};
        for (int q = 0; q < 3; q++) {
            if (opts[q][0] < 0 || opts[q][1] < 0) continue;
            int x = wythoff_rem(opts[q][0], opts[q][1], mis);
            any = 1;
            if ((x % 2 == 0) == !mis && (lost < 0 || x < lost)) lost = x;
            if (x > most) most = x;
        }
    }
    return wy[a][b][mis] = !any ? 0 : 1 + (lost >= 0 ? lost : most);
}

static void test_wythoff(void) {
    memset(wy, -1, sizeof wy);
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    long n = 0;
    for (int a = 0; a < WN; a++)
        for (int b = 0; b < WN; b++)
            for (int mis = 0; mis < 2; mis++) {
                char text[64];
                snprintf(text, sizeof text, "wythoff(%d,%d)", a, b);
                gr_position *pos = tu_parse(ctx, text);
                if (!pos) continue;
                gr_remoteness rm = GR_SIZED(gr_remoteness);
                gr_error err;
                CHECK(gr_position_remoteness(pos, mis, &rm, &err) == GR_OK, "%s: %s", text, err.message);
                CHECK(rm.remoteness == (uint64_t)wythoff_rem(a, b, mis), "%s (%s): %llu, recursion %d", text,
                      mis ? "misère" : "normal", (unsigned long long)rm.remoteness, wythoff_rem(a, b, mis));
                gr_position_free(pos);
                n++;
            }
    gr_ctx_free(ctx);
    printf("wythoff: %ld positions against the recursion\n", n);
}

/* A game played out: each side takes the move grundy ranks best (to a lost
 * position, the least remoteness; from a lost position, the largest): the
 * winner hurries, the loser delays, and the game lasts exactly the
 * remoteness of its start. */
typedef struct nth { size_t want, seen; gr_position *next; gr_position *from; } nth;

static int take_nth(void *user, const gr_move *m, const gr_remoteness *after) {
    (void)after;
    nth *t = user;
    if (t->seen++ != t->want) return 0;
    gr_error err;
    if (gr_position_play(t->from, m, &t->next, &err) != GR_OK) t->next = NULL;
    return 1;
}

static void test_play(uint64_t seed) {
    tu_rng r = {seed ^ 0x9a9a};
    uint64_t cases = 500 * tu_scale();
    static rlist l;
    long plies = 0;
    for (uint64_t c = 0; c < cases; c++) {
        brule rules[3];
        int nr = 1 + (int)tu_below(&r, 3);
        rand_rules(&r, rules, nr);
        term t[4];
        char text[512];
        build(&r, rules, nr, t, text, 12);
        int mis = (int)tu_below(&r, 2);
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        gr_position *pos = tu_parse(ctx, text);
        if (!pos) { gr_ctx_free(ctx); continue; }
        gr_remoteness rm = GR_SIZED(gr_remoteness);
        gr_error err;
        CHECK(gr_position_remoteness(pos, mis, &rm, &err) == GR_OK, "%s: %s", text, err.message);
        uint64_t played = 0;
        while (pos) {
            l.n = 0;
            if (gr_position_remoteness_moves(pos, mis, 0, on_rmove, &l, NULL, &err) != GR_OK || l.n > MOVELIST_MAX) {
                CHECK(0, "'%s': moves: %s", text, err.message);
                break;
            }
            if (!l.n) break;
            /* the player to move: a move to a lost position of least
             * remoteness when there is one, else the largest */
            size_t best = 0;
            int have_lost = 0;
            for (size_t i = 0; i < l.n; i++) {
                int lost = l.o[i] == GR_OUTCOME_P;
                if (lost && (!have_lost || l.r[i] < l.r[best])) { best = i; have_lost = 1; }
                else if (!have_lost && l.r[i] > l.r[best]) best = i;
            }
            nth tn = {best, 0, NULL, pos};
            CHECK(gr_position_remoteness_moves(pos, mis, 0, take_nth, &tn, NULL, &err) == GR_OK && tn.next,
                  "'%s': play", text);
            gr_position_free(pos);
            pos = tn.next;
            played++;
        }
        gr_position_free(pos);
        CHECK(played == rm.remoteness, "case %llu '%s' (%s): played %llu moves, remoteness %llu", (unsigned long long)c,
              text, mis ? "misère" : "normal", (unsigned long long)played, (unsigned long long)rm.remoteness);
        plies += (long)played;
        gr_ctx_free(ctx);
    }
    printf("play: %llu games played out, %ld moves, each as long as its remoteness\n", (unsigned long long)cases,
           plies);
}

/* Loopy: tokens on a random directed graph (cycles, self-loops) plus a nim
 * heap, solved here in rounds: round k fixes every position of remoteness
 * k (won: a move to a lost position of remoteness k - 1; lost: every move
 * to a won position, the largest of remoteness k - 1); what no round fixes
 * is a draw. */
#define LH 3
enum { L_UNK = 0, L_WON, L_LOST };
typedef struct lstate { int tok[2], h; } lstate;

static int lindex(const lstate *x, int k, int n) {
    int t0 = x->tok[0], t1 = k == 2 ? x->tok[1] : 0;
    if (k == 2 && t0 > t1) { int t = t0; t0 = t1; t1 = t; }
    return ((t0 * n) + t1) * LH + x->h;
}

static void test_loopy(uint64_t seed) {
    tu_rng r = {seed ^ 0x1007};
    uint64_t cases = 300 * tu_scale();
    long draws = 0, checked = 0;
    for (uint64_t c = 0; c < cases; c++) {
        graph g;
        random_graph(&r, &g, 0);
        if (!g.m) continue;
        uint32_t top = 0;
        for (uint32_t e = 0; e < g.m; e++) top = g.adj[e] > top ? g.adj[e] : top;
        for (uint32_t v = 0; v < g.n; v++) if (g.off[v + 1] > g.off[v] && v > top) top = v;
        int n = (int)top + 1;
        char edges[512];
        size_t len = 0;
        for (uint32_t v = 0; v < g.n; v++)
            for (uint32_t e = g.off[v]; e < g.off[v + 1]; e++)
                len += (size_t)snprintf(edges + len, sizeof edges - len, "%s%u>%u", len ? "," : "", v, g.adj[e]);
        int k = 1 + (int)tu_below(&r, 2), mis = (int)tu_below(&r, 2);
        int S = n * n * LH;
        int st[NMAX * NMAX * LH], rem[NMAX * NMAX * LH];
        memset(st, 0, sizeof st);
        memset(rem, 0, sizeof rem);
        /* the rounds */
        for (int round = 0;; round++) {
            int changed = 0, nst[NMAX * NMAX * LH], nrem[NMAX * NMAX * LH];
            memcpy(nst, st, sizeof nst);
            memcpy(nrem, rem, sizeof nrem);
            for (int a = 0; a < n; a++)
                for (int b = (k == 2 ? a : 0); b < (k == 2 ? n : 1); b++)
                    for (int h = 0; h < LH; h++) {
                        lstate x = {{a, b}, h};
                        int i = lindex(&x, k, n);
                        if (st[i] != L_UNK) continue;
                        int any = 0, lost_prev = 0, all_won = 1, most = -1;
                        for (int t = 0; t < k; t++)
                            for (uint32_t e = g.off[x.tok[t]]; x.tok[t] < (int)g.n && e < g.off[x.tok[t] + 1]; e++) {
                                lstate y = x;
                                y.tok[t] = (int)g.adj[e];
                                int j = lindex(&y, k, n);
                                any = 1;
                                if (st[j] == L_LOST && rem[j] == round - 1) lost_prev = 1;
                                if (st[j] != L_WON) all_won = 0;
                                else if (rem[j] > most) most = rem[j];
                            }
                        for (int h2 = 0; h2 < h; h2++) {
                            lstate y = x;
                            y.h = h2;
                            int j = lindex(&y, k, n);
                            any = 1;
                            if (st[j] == L_LOST && rem[j] == round - 1) lost_prev = 1;
                            if (st[j] != L_WON) all_won = 0;
                            else if (rem[j] > most) most = rem[j];
                        }
                        if (!any) {
                            if (round == 0) { nst[i] = mis ? L_WON : L_LOST; nrem[i] = 0; changed = 1; }
                        } else if (lost_prev) {
                            nst[i] = L_WON; nrem[i] = round; changed = 1;
                        } else if (all_won && most == round - 1) {
                            nst[i] = L_LOST; nrem[i] = round; changed = 1;
                        }
                    }
            memcpy(st, nst, sizeof st);
            memcpy(rem, nrem, sizeof rem);
            if (!changed && round > 0) break;
        }
        (void)S;
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        for (int q = 0; q < 12; q++) {
            lstate x = {{(int)tu_below(&r, (uint64_t)n), (int)tu_below(&r, (uint64_t)n)}, (int)tu_below(&r, LH)};
            int i = lindex(&x, k, n);
            char text[700];
            if (k == 2) snprintf(text, sizeof text, "graph[%s](%d,%d) + %d", edges, x.tok[0], x.tok[1], x.h);
            else snprintf(text, sizeof text, "graph[%s](%d) + %d", edges, x.tok[0], x.h);
            gr_position *pos = tu_parse(ctx, text);
            if (!pos) continue;
            gr_remoteness rm = GR_SIZED(gr_remoteness);
            gr_error err;
            CHECK(gr_position_remoteness(pos, mis, &rm, &err) == GR_OK, "%s: %s", text, err.message);
            gr_outcome want = st[i] == L_WON ? GR_OUTCOME_N : st[i] == L_LOST ? GR_OUTCOME_P : GR_OUTCOME_D;
            CHECK(rm.outcome == want && (want == GR_OUTCOME_D ? rm.remoteness == GR_REMOTENESS_DRAW
                                                               : rm.remoteness == (uint64_t)rem[i]),
                  "case %llu '%s' (%s): %d %llu, rounds say %d %d", (unsigned long long)c, text,
                  mis ? "misère" : "normal", (int)rm.outcome, (unsigned long long)rm.remoteness, (int)want, rem[i]);
            /* normal play: the outcome is the loopy solver's (generalized values) */
            if (!mis) {
                gr_outcome lo;
                CHECK(gr_position_loopy_outcome(pos, &lo, &err) == GR_OK && lo == want, "'%s': loopy outcome %d, rounds %d",
                      text, (int)lo, (int)want);
            }
            draws += want == GR_OUTCOME_D;
            checked++;
            gr_position_free(pos);
        }
        gr_ctx_free(ctx);
    }
    printf("loopy: %ld positions of random graphs with a nim heap, %ld draws, against the rounds\n", checked, draws);
}

/* one evaluator for many positions (its memo kept) gives what a fresh
 * call gives, also after a call that hit the search's bound */
static void test_eval(uint64_t seed) {
    tu_rng r = {seed ^ 0xe7a1};
    long n = 0;
    for (int mis = 0; mis < 2; mis++) {
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        gr_remote_eval *ev;
        gr_error err;
        CHECK(gr_remote_eval_new(ctx, mis, &ev, &err) == GR_OK, "eval_new: %s", err.message);
        for (uint64_t c = 0; c < 300 * tu_scale(); c++) {
            char text[128];
            snprintf(text, sizeof text, "kayles(%d) + sub[1,3,4](%d) + wythoff(%d,%d)", (int)tu_below(&r, 7),
                     (int)tu_below(&r, 9), (int)tu_below(&r, 5), (int)tu_below(&r, 5));
            gr_position *pos = tu_parse(ctx, text);
            if (!pos) continue;
            gr_remoteness a = GR_SIZED(gr_remoteness), b = GR_SIZED(gr_remoteness);
            CHECK(gr_remote_eval_position(ev, pos, &a, &err) == GR_OK, "%s: %s", text, err.message);
            CHECK(gr_position_remoteness(pos, mis, &b, &err) == GR_OK, "%s: %s", text, err.message);
            CHECK(a.outcome == b.outcome && a.remoteness == b.remoteness, "%s (%s): evaluator %llu, fresh %llu", text,
                  mis ? "misère" : "normal", (unsigned long long)a.remoteness, (unsigned long long)b.remoteness);
            gr_position_free(pos);
            n++;
        }
        gr_remote_eval_free(ev);
        gr_ctx_free(ctx);
    }
    /* the bounds are the context's when the evaluator is made; past them
     * a call fails, and the evaluator goes on */
    gr_ctx *ctx;
    gr_remote_eval *ev;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    gr_ctx_set_search_limit(ctx, 200);
    CHECK(gr_remote_eval_new(ctx, 0, &ev, &err) == GR_OK, "eval_new: %s", err.message);
    gr_position *big = tu_parse(ctx, "kayles(12) + kayles(11) + wythoff(9,9)"), *small = tu_parse(ctx, "3 + 3");
    gr_remoteness rb = GR_SIZED(gr_remoteness), rs = GR_SIZED(gr_remoteness);
    CHECK(big && gr_remote_eval_position(ev, big, &rb, &err) == GR_ELIMIT && strstr(err.message, "200 positions"),
          "the bound is reported: %s", err.message);
    CHECK(small && gr_remote_eval_position(ev, small, &rs, &err) == GR_OK && rs.remoteness == 6,
          "after the bound: %s", err.message);
    gr_position_free(big);
    gr_position_free(small);
    gr_remote_eval_free(ev);
    gr_ctx_free(ctx);
    /* one evaluator through positions with and without cycles, each listing
     * with its own bound: a rule known to loop only once a cycle is met,
     * a graph with cycles, plain sums, again and again */
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    gr_ctx_set_search_limit(ctx, 60);
    CHECK(gr_remote_eval_new(ctx, 0, &ev, &err) == GR_OK, "eval_new: %s", err.message);
    static const struct { const char *text; gr_outcome o; uint64_t r; } seqn[] = {
        {"rule[n -> (n+1) if n < 3; n -> (n-1) if n > 0](1)", GR_OUTCOME_N, 1},
        {"3 + 3", GR_OUTCOME_P, 6},
        {"graph[1>2,2>1,2>3,3>4](1,3)", GR_OUTCOME_D, GR_REMOTENESS_DRAW},
        {"graph[1>2,2>1,2>3](1)", GR_OUTCOME_P, 2},
        {"kayles(4) + 1", GR_OUTCOME_P, 4},
    };
    for (int round = 0; round < 40; round++)
        for (size_t i = 0; i < sizeof seqn / sizeof seqn[0]; i++) {
            gr_position *p = tu_parse(ctx, seqn[i].text);
            gr_remoteness rr = GR_SIZED(gr_remoteness);
            CHECK(p && gr_remote_eval_position(ev, p, &rr, &err) == GR_OK && rr.outcome == seqn[i].o &&
                      rr.remoteness == seqn[i].r,
                  "round %d '%s': %d %llu (%s)", round, seqn[i].text, (int)rr.outcome,
                  (unsigned long long)rr.remoteness, err.message);
            gr_position_free(p);
        }
    gr_remote_eval_free(ev);
    gr_ctx_free(ctx);
    printf("eval: %ld positions through one evaluator per play, as fresh calls give\n", n);
}

static void test_errors(void) {
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    gr_error err;
    gr_remoteness small = {0};
    gr_position *pos = tu_parse(ctx, "kayles(5)");
    CHECK(pos && gr_position_remoteness(pos, 0, &small, &err) == GR_EINVAL, "an unsized record is refused");
    gr_position_free(pos);
    /* a sum too large for the search says so */
    gr_ctx_set_search_limit(ctx, 1000);
    pos = tu_parse(ctx, "kayles(30) + kayles(29) + kayles(28)");
    gr_remoteness rm = GR_SIZED(gr_remoteness);
    CHECK(pos && gr_position_remoteness(pos, 0, &rm, &err) == GR_ELIMIT && strstr(err.message, "search limit"),
          "the search's bound: %s", err.message);
    gr_position_free(pos);
    gr_ctx_free(ctx);
}

int main(void) {
    uint64_t seed = tu_seed(34);
    test_sums(seed);
    test_tables(seed);
    test_sub_long(seed);
    test_wythoff();
    test_play(seed);
    test_loopy(seed);
    test_eval(seed);
    test_errors();
    return tu_finish("test_remoteness");
}
