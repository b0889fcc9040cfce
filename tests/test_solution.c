/* gr_position_solve against the game tree, in every play mode: for random
 * small sums of terms of many families, the outcome the solution reports,
 * each winning move it lists (played out), and in normal and misère play
 * the whole set of winning moves are compared with a search of the game
 * tree built from gr_position_moves alone (no Grundy value, no SJ rule,
 * genus, quotient or step function). Every-SG: the tree's moves are one
 * move in every term that can move; Moore's Nim-k: 1 to k heaps lowered.
 * Seed printed; GRUNDY_TEST_SEED and GRUNDY_TEST_SCALE as everywhere. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "testutil.h"

#include "gametree.h"

/* Every-SG: tries one move in each term that can move, terms i.. */
static int every_wins(gr_ctx *ctx, const char *text);
static int every_try(gr_ctx *ctx, gr_position *pos, const mlist *l, size_t term, size_t nterms, gr_move *pick,
                     size_t npick) {
    if (term == nterms) {
        char *after = NULL;
        if (gr_position_format_moves(pos, pick, npick, &after, NULL) != GR_OK) abort();
        int w = !every_wins(ctx, after);
        free(after);
        return w;
    }
    int any = 0;
    for (size_t i = 0; i < l->n; i++) {
        if (l->comp[i] != term) continue;
        any = 1;
        pick[npick] = (gr_move){term, "", l->to[i], 0, NULL};
        if (every_try(ctx, pos, l, term + 1, nterms, pick, npick + 1)) return 1;
    }
    return any ? 0 : every_try(ctx, pos, l, term + 1, nterms, pick, npick);
}

static int every_wins(gr_ctx *ctx, const char *text) {
    char key[4096];
    gr_position *pos;
    mlist *l;
    int known;
    if (node(ctx, text, 'e', key, sizeof key, &pos, &l, &known)) return known;
    gr_move pick[8];
    size_t n = gr_position_count(pos);
    int wins = l->n ? every_try(ctx, pos, l, 0, n, pick, 0) : 0;
    mlist_free(l);
    free(l);
    gr_position_free(pos);
    memo_put(key, wins);
    return wins;
}

/* Moore's Nim-k on heaps h[0..n) (n <= 4): lower 1 to k of them */
static int moore_wins(const int *h, int n, int k, int misere);
static int moore_try(int *h, int n, int k, int misere, int i, int changed) {
    if (i == n) return changed && !moore_wins(h, n, k, misere);
    if (moore_try(h, n, k, misere, i + 1, changed)) return 1;
    if (changed == k) return 0;
    int keep = h[i];
    for (int v = 0; v < keep; v++) {
        h[i] = v;
        int w = moore_try(h, n, k, misere, i + 1, changed + 1);
        h[i] = keep;
        if (w) return 1;
    }
    return 0;
}

/* known answers: [k - 1][misere][n - 1][heaps in base 6], 0 unknown, else 1 + wins */
static signed char moore_memo[3][2][4][1296];

static int moore_wins(const int *h, int n, int k, int misere) {
    int total = 0, c[4], at = 0;
    for (int i = 0; i < n; i++) { total += h[i]; c[i] = h[i]; at = at * 6 + h[i]; }
    if (!total) return misere;
    signed char *m = &moore_memo[k - 1][misere][n - 1][at];
    if (!*m) *m = (signed char)(1 + moore_try(c, n, k, misere, 0, 0));
    return *m - 1;
}

/* ---------- random positions ---------- */

/* one term of a random family; *nim set for a bare nim heap */
static void rand_term(tu_rng *r, char *out, size_t n, int *nim) {
    static const char *const heaps[] = {"kayles", "dawson", "lasker", "tb[0.137]", "tb[0.6]", "sub[1,3]",
                                        "divisor", "coprime", "pow2", "grundy", "bash[2,3]",
                                        "rule[n -> n-k for k in 1..3]"};
    static const char *const graphs[] = {"0-1,1-2", "0-1,1-2,0-3", "0-1,0-2,2-3,2-4", "0-1,1-2,2-0"};
    int a = (int)tu_below(r, 7), b = (int)tu_below(r, 5);
    *nim = 0;
    switch (tu_below(r, 15)) {
    case 0: case 1: *nim = 1; snprintf(out, n, "%d", a); break;
    case 2: case 3: case 4: {
        const char *h = heaps[tu_below(r, sizeof heaps / sizeof heaps[0])];
        if (tu_below(r, 3)) snprintf(out, n, "%s(%d)", h, a + 1);
        else snprintf(out, n, "%s(%d,%d)", h, a / 2 + 1, b);
        break;
    }
    case 5: snprintf(out, n, "wythoff(%d,%d)", a % 5, b); break;
    case 6: snprintf(out, n, tu_below(r, 2) ? "fib(%d)" : "dyn[2](%d)", a + 1); break;
    case 7: snprintf(out, n, "euclid(%d,%d)", a + 1, b + 1); break;
    case 8: snprintf(out, n, "stairs(%d,%d)", a % 4, b % 4); break;
    case 9: snprintf(out, n, "hackenbush(%s)", graphs[tu_below(r, 4)]); break;
    case 10: snprintf(out, n, "graph[0>1,1>2,0>2,2>3](%d)", a % 4); break;
    case 11: snprintf(out, n, "staircase(%d,%d)", a % 3 + 1, a % 3 + 2 + b % 3); break;
    case 12: snprintf(out, n, tu_below(r, 2) ? "arckayles(0-1,1-2,2-3,%d-4)" : "arckayles(0-1,0-2,0-%d)", b % 3 + 1);
        break;
    case 13: snprintf(out, n, tu_below(r, 2) ? "place[xx; rotate](2,%d)" : "place[x; xx](1,%d)", b % 3 + 1); break;
    default: snprintf(out, n, tu_below(r, 2) ? "cram(2,%d)" : "nodekayles(0-1,1-2,2-3,%d-4)", b % 3 + 1); break;
    }
}

/* ---------- the checks ---------- */

static gr_solution *solve(gr_position *pos, gr_play_mode mode, uint64_t k, int misere, const char *text) {
    gr_play p = GR_SIZED(gr_play);
    p.mode = mode;
    p.k = k;
    p.misere = misere;
    gr_solution *s = NULL;
    gr_error err;
    gr_status st = gr_position_solve(pos, &p, &s, &err);
    CHECK(st == GR_OK, "solve '%s' in mode %d: %s", text, (int)mode, err.message);
    return st == GR_OK ? s : NULL;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }
static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* a position's text with each heap term's heaps sorted (kayles(3,2) and
 * kayles(2,3) are one game; gr_position_moves lists a move once per heap
 * size, the solution once per heap) */
static char *canonical(gr_ctx *ctx, const char *text) {
    gr_position *p = parse(ctx, text);
    size_t cap = strlen(text) + 64, len = 0;
    char *out = malloc(cap);
    if (!out) abort();
    out[0] = 0;
    gr_term_info t;
    for (size_t i = 0; gr_position_term(p, i, &t) == GR_OK; i++) {
        char *one = NULL;
        if (t.bare || !gr_ruleset_is_heap(t.ruleset)) {
            if (gr_position_term_format(p, i, &one) != GR_OK) abort();
        } else {
            uint64_t h[64];
            size_t n = t.nargs < 64 ? t.nargs : 64;
            memcpy(h, t.args, n * sizeof *h);
            qsort(h, n, sizeof *h, cmp_u64);
            if (gr_ruleset_term_format(t.ruleset, h, n, &one, NULL) != GR_OK) abort();
        }
        size_t need = len + strlen(one) + 4;
        if (need > cap) { cap = need * 2; out = realloc(out, cap); if (!out) abort(); }
        len += (size_t)sprintf(out + len, "%s%s", i ? " + " : "", one);
        free(one);
    }
    gr_position_free(p);
    return out;
}

/* how often each method answered */
static const char *methods[16];
static long method_count[16];
static void count_method(const char *m) {
    size_t i = 0;
    while (i < 15 && methods[i] && strcmp(methods[i], m)) i++;
    methods[i] = m;
    method_count[i]++;
}

/* normal or misère: the outcome, and the winning moves as a set */
static void check_plain(gr_ctx *ctx, gr_position *pos, const char *text, int misere, long *moves) {
    gr_solution *s = solve(pos, misere ? GR_PLAY_MISERE : GR_PLAY_NORMAL, 0, 0, text);
    if (!s) return;
    int wins = tree_wins(ctx, text, misere);
    count_method(s->method);
    CHECK(s->outcome == (wins ? GR_OUTCOME_N : GR_OUTCOME_P), "%s play of '%s': solve says %c, the tree %c (method %s)",
          misere ? "misère" : "normal", text, s->outcome == GR_OUTCOME_N ? 'N' : 'P', wins ? 'N' : 'P', s->method);
    CHECK(!strcmp(s->play, misere ? "misere" : "normal") && s->moves_complete && !s->one_move, "'%s': play, complete",
          text);
    /* the tree's winning moves, and the solution's, as sorted lists of positions */
    mlist *l = malloc(sizeof *l);
    if (!l) abort();
    all_moves(pos, l);
    char *tw[MAXMOVES], *sw[MAXMOVES];
    size_t nt = 0, ns = 0;
    for (size_t i = 0; i < l->n; i++)
        if (!tree_wins(ctx, l->after[i], misere)) tw[nt++] = canonical(ctx, l->after[i]);
    for (size_t i = 0; i < s->nmoves && ns < MAXMOVES; i++) {
        char *after = NULL;
        if (gr_position_format_after(pos, &s->moves[i], &after, NULL) == GR_OK) sw[ns++] = canonical(ctx, after);
        free(after);
    }
    qsort(tw, nt, sizeof *tw, cmp_str);
    qsort(sw, ns, sizeof *sw, cmp_str);
    /* the tree lists a move once per way to make it (either of two equal
     * heaps), and so may the solution: compared as sets */
    char *us_[MAXMOVES];
    size_t ut = 0, us = 0;
    char *ut_[MAXMOVES];
    for (size_t i = 0; i < nt; i++) if (!ut || strcmp(tw[i], ut_[ut - 1])) ut_[ut++] = tw[i];
    for (size_t i = 0; i < ns; i++) if (!us || strcmp(sw[i], us_[us - 1])) us_[us++] = sw[i];
    int same = ut == us;
    for (size_t i = 0; same && i < ut; i++) same = !strcmp(ut_[i], us_[i]);
    CHECK(same, "%s play of '%s': solve lists %zu winning moves (%s...), the tree %zu (%s...)",
          misere ? "misère" : "normal", text, us, us ? us_[0] : "", ut, ut ? ut_[0] : "");
    *moves += (long)us;
    for (size_t i = 0; i < ns; i++) free(sw[i]);
    for (size_t i = 0; i < nt; i++) free(tw[i]);
    mlist_free(l);
    free(l);
    gr_solution_free(s);
}

/* grundy's move in normal or misère play: the fastest win, or the longest loss */
static void check_choice(gr_ctx *ctx, gr_position *pos, const char *text, int misere, long *chosen) {
    gr_play p = GR_SIZED(gr_play);
    p.mode = misere ? GR_PLAY_MISERE : GR_PLAY_NORMAL;
    gr_choice *c = NULL;
    gr_error err;
    CHECK(gr_position_choose_move(pos, &p, &c, &err) == GR_OK, "choose in '%s': %s", text, err.message);
    if (!c) return;
    mlist *l = malloc(sizeof *l);
    if (!l) abort();
    all_moves(pos, l);
    int wins = tree_wins(ctx, text, misere);
    if (!l->n) CHECK(c->nmoves == 0, "'%s' has no move, grundy chose one", text);
    else {
        char *after = NULL;
        CHECK(c->nmoves == 1 && gr_position_format_after(pos, &c->moves[0], &after, NULL) == GR_OK, "'%s': one move",
              text);
        int legal = 0, want = -1;
        for (size_t i = 0; after && i < l->n; i++) {
            legal |= !strcmp(l->after[i], after);
            int r = tree_remoteness(ctx, l->after[i], misere), lost = !tree_wins(ctx, l->after[i], misere);
            if (wins && lost && (want < 0 || r < want)) want = r;
            if (!wins && r > want) want = r;
        }
        int got = after ? tree_remoteness(ctx, after, misere) : -2;
        CHECK(legal, "%s play of '%s': grundy's move to '%s' is not a move", misere ? "misère" : "normal", text,
              after ? after : "?");
        CHECK(c->has_remoteness && c->reason == (wins ? GR_CHOICE_FASTEST_WIN : GR_CHOICE_LONGEST) &&
                  c->after.remoteness == (uint64_t)got && got == want &&
                  c->after.outcome == (after && tree_wins(ctx, after, misere) ? GR_OUTCOME_N : GR_OUTCOME_P),
              "%s play of '%s': grundy moves to '%s' (reason %d, remoteness %llu), the tree %d, best %d",
              misere ? "misère" : "normal", text, after ? after : "?", (int)c->reason,
              (unsigned long long)c->after.remoteness, got, want);
        free(after);
        (*chosen)++;
    }
    mlist_free(l);
    free(l);
    gr_choice_free(c);
}

/* a position as the multiset check_move compares: each non-empty heap of
 * a heap term with its ruleset, each state term with its arguments */
static char *form_key(gr_ctx *ctx, const char *text) {
    gr_position *p = parse(ctx, text);
    char *items[256];
    size_t n = 0, len = 1;
    gr_term_info t;
    for (size_t i = 0; gr_position_term(p, i, &t) == GR_OK; i++) {
        const char *spec = gr_ruleset_spec(t.ruleset);
        int heap = gr_ruleset_is_heap(t.ruleset);
        for (size_t k = 0; k < (heap ? t.nargs : 1) && n < 256; k++) {
            char buf[512];
            size_t used = (size_t)snprintf(buf, sizeof buf, "%s%c", spec, heap ? ':' : '#');
            if (heap) {
                if (!t.args[k]) continue;
                snprintf(buf + used, sizeof buf - used, "%llu", (unsigned long long)t.args[k]);
            } else
                for (size_t a = 0; a < t.nargs && used < sizeof buf - 24; a++)
                    used += (size_t)snprintf(buf + used, sizeof buf - used, "%llu,", (unsigned long long)t.args[a]);
            items[n] = malloc(strlen(buf) + 1);
            if (!items[n]) abort();
            strcpy(items[n], buf);
            len += strlen(buf) + 1;
            n++;
        }
    }
    qsort(items, n, sizeof *items, cmp_str);
    char *out = malloc(len);
    if (!out) abort();
    out[0] = 0;
    for (size_t i = 0; i < n; i++) { strcat(out, items[i]); strcat(out, "|"); free(items[i]); }
    gr_position_free(p);
    return out;
}

/* gr_position_check_move in normal or misère play: every listed move is
 * legal, the position itself is not, and random positions (a term redrawn,
 * two moves at once) are legal exactly when they are some move's result */
static void check_moves_checked(gr_ctx *ctx, tu_rng *r, gr_position *pos, const char *text, int misere, long *n_ok,
                                long *n_bad) {
    gr_play p = GR_SIZED(gr_play);
    p.mode = misere ? GR_PLAY_MISERE : GR_PLAY_NORMAL;
    mlist *l = malloc(sizeof *l);
    if (!l) abort();
    all_moves(pos, l);
    char **keys = malloc((l->n + 1) * sizeof *keys);
    if (!keys) abort();
    for (size_t i = 0; i < l->n; i++) keys[i] = form_key(ctx, l->after[i]);
    char cands[8][1024];
    size_t nc = 0;
    for (size_t i = 0; i < l->n && nc < 3; i++) snprintf(cands[nc++], sizeof cands[0], "%s", l->after[tu_below(r, l->n)]);
    snprintf(cands[nc++], sizeof cands[0], "%s", text);
    /* two moves in two terms */
    for (size_t i = 0; i < l->n && nc < 5; i++)
        for (size_t j = i + 1; j < l->n && nc < 5; j++) {
            if (l->comp[i] == l->comp[j] || tu_below(r, 3)) continue;
            gr_move two[2] = {{l->comp[i], "", l->to[i], 0, NULL}, {l->comp[j], "", l->to[j], 0, NULL}};
            char *a = NULL;
            if (gr_position_format_moves(pos, two, 2, &a, NULL) == GR_OK) snprintf(cands[nc++], sizeof cands[0], "%s", a);
            free(a);
        }
    /* a term redrawn at random */
    while (nc < 8) {
        size_t n = gr_position_count(pos), at = tu_below(r, n), len = 0;
        char *one = NULL;
        for (size_t i = 0; i < n; i++) {
            char term[256];
            int nim;
            if (i == at) rand_term(r, term, sizeof term, &nim);
            else {
                if (gr_position_term_format(pos, i, &one) != GR_OK) abort();
                snprintf(term, sizeof term, "%s", one);
                free(one);
            }
            len += (size_t)snprintf(cands[nc] + len, sizeof cands[0] - len, "%s%s", i ? " + " : "", term);
        }
        nc++;
    }
    for (size_t k = 0; k < nc; k++) {
        char *key = form_key(ctx, cands[k]);
        int want = 0;
        for (size_t i = 0; i < l->n && !want; i++) want = !strcmp(keys[i], key);
        gr_position *cand = parse(ctx, cands[k]);
        gr_move_check mc = GR_SIZED(gr_move_check);
        gr_error err;
        CHECK(gr_position_check_move(pos, &p, cand, &mc, &err) == GR_OK, "check '%s' -> '%s': %s", text, cands[k],
              err.message);
        CHECK(mc.legal == want && (mc.legal ? mc.after != NULL : mc.why[0] != 0),
              "%s play of '%s': the move to '%s' is %s, check_move says %s (%s)", misere ? "misère" : "normal", text,
              cands[k], want ? "legal" : "not legal", mc.legal ? "legal" : "not", mc.why);
        if (mc.legal && mc.after) {
            char *ka = form_key(ctx, mc.after);
            CHECK(!strcmp(ka, key), "'%s': check_move's position '%s' is not the move's", text, mc.after);
            free(ka);
        }
        if (mc.legal) (*n_ok)++;
        else (*n_bad)++;
        free(mc.after);
        free(key);
        gr_position_free(cand);
    }
    for (size_t i = 0; i < l->n; i++) free(keys[i]);
    free(keys);
    mlist_free(l);
    free(l);
}

/* the one move of Every-SG or Moore play is legal there */
static void check_one_move_legal(gr_ctx *ctx, gr_position *pos, const gr_play *p, const gr_solution *s,
                                 const char *text) {
    if (s->outcome != GR_OUTCOME_N || !s->nmoves) return;
    char *after = NULL;
    if (gr_position_format_moves(pos, s->moves, s->nmoves, &after, NULL) != GR_OK) abort();
    gr_position *cand = parse(ctx, after);
    gr_move_check mc = GR_SIZED(gr_move_check);
    gr_error err;
    CHECK(gr_position_check_move(pos, p, cand, &mc, &err) == GR_OK && mc.legal,
          "play %s of '%s': the winning move to '%s' is refused: %s", s->play, text, after, mc.why);
    free(mc.after);
    gr_position_free(cand);
    /* the position itself is no move */
    CHECK(gr_position_check_move(pos, p, pos, &mc, &err) == GR_OK && !mc.legal, "play %s of '%s': no move is legal",
          s->play, text);
    free(after);
}

/* grundy's move in Every-SG and Moore play: the winning move when there is one */
static void check_choice_one(gr_position *pos, const gr_play *p, const gr_solution *s, const char *text) {
    gr_choice *c = NULL;
    gr_error err;
    CHECK(gr_position_choose_move(pos, p, &c, &err) == GR_OK, "choose in '%s': %s", text, err.message);
    if (!c) return;
    if (s->outcome == GR_OUTCOME_N && s->nmoves) {
        int same = c->nmoves == s->nmoves && c->reason == GR_CHOICE_WINS;
        for (size_t i = 0; same && i < c->nmoves; i++)
            same = c->moves[i].component == s->moves[i].component && !strcmp(c->moves[i].to, s->moves[i].to);
        CHECK(same, "play %s of '%s': grundy's move is not the winning move", s->play, text);
    } else {
        CHECK(c->reason == GR_CHOICE_LEAVES_MOST, "play %s of '%s': a lost position's move leaves the most", s->play,
              text);
    }
    gr_choice_free(c);
}

static void check_every(gr_ctx *ctx, gr_position *pos, const char *text, long *moves) {
    gr_solution *s = solve(pos, GR_PLAY_EVERY, 0, 0, text);
    if (!s) return;
    int wins = every_wins(ctx, text);
    CHECK(s->outcome == (wins ? GR_OUTCOME_N : GR_OUTCOME_P) && s->nsteps == gr_position_count(pos) && s->one_move,
          "Every-SG of '%s': solve says %c, the tree %c", text, s->outcome == GR_OUTCOME_N ? 'N' : 'P', wins ? 'N' : 'P');
    if (wins && s->outcome == GR_OUTCOME_N) {
        /* one move in each term that can move, to a position the tree calls lost */
        mlist *l = malloc(sizeof *l);
        if (!l) abort();
        all_moves(pos, l);
        for (size_t t = 0; t < gr_position_count(pos); t++) {
            int movable = 0, moved = 0;
            for (size_t i = 0; i < l->n; i++) movable |= l->comp[i] == t;
            for (size_t i = 0; i < s->nmoves; i++) moved += s->moves[i].component == t;
            CHECK(moved == movable, "Every-SG of '%s': term %zu can move %d, moved %d times", text, t, movable, moved);
        }
        char *after = NULL;
        CHECK(gr_position_format_moves(pos, s->moves, s->nmoves, &after, NULL) == GR_OK, "format");
        CHECK(after && !every_wins(ctx, after), "Every-SG of '%s': the move to '%s' does not win", text,
              after ? after : "?");
        free(after);
        mlist_free(l);
        free(l);
        (*moves)++;
    } else CHECK(s->nmoves == 0, "Every-SG of '%s': a lost position has no winning move", text);
    gr_play p = GR_SIZED(gr_play);
    p.mode = GR_PLAY_EVERY;
    check_choice_one(pos, &p, s, text);
    check_one_move_legal(ctx, pos, &p, s, text);
    gr_solution_free(s);
}

static void check_moore(gr_ctx *ctx, gr_position *pos, const char *text, const int *h, int n, int k, int misere, long *moves) {
    gr_solution *s = solve(pos, GR_PLAY_MOORE, (uint64_t)k, misere, text);
    if (!s) return;
    int wins = moore_wins(h, n, k, misere);
    CHECK(s->outcome == (wins ? GR_OUTCOME_N : GR_OUTCOME_P) && s->k == (uint64_t)k &&
              !strcmp(s->play, misere ? "misere-moore" : "moore"),
          "Nim-%d%s of '%s': solve says %c, the tree %c", k, misere ? " (misère)" : "", text,
          s->outcome == GR_OUTCOME_N ? 'N' : 'P', wins ? 'N' : 'P');
    int total = 0;
    for (int i = 0; i < n; i++) total += h[i];
    if (!total) CHECK(s->nmoves == 0, "Nim-%d of '%s': no move from an empty position", k, text);
    else if (wins && s->outcome == GR_OUTCOME_N) {
        int after[4], lowered = 0;
        memcpy(after, h, sizeof after);
        for (size_t i = 0; i < s->nmoves; i++) {
            size_t c = s->moves[i].component;
            int v = atoi(s->moves[i].to);
            CHECK(c < (size_t)n && v < h[c], "Nim-%d of '%s': move %s -> %s", k, text, s->moves[i].from, s->moves[i].to);
            if (c < (size_t)n) after[c] = v;
            lowered++;
        }
        CHECK(lowered >= 1 && lowered <= k && !moore_wins(after, n, k, misere), "Nim-%d%s of '%s': the move does not win",
              k, misere ? " (misère)" : "", text);
        (*moves)++;
    }
    gr_play p = GR_SIZED(gr_play);
    p.mode = GR_PLAY_MOORE;
    p.k = (uint64_t)k;
    p.misere = misere;
    if (total) check_choice_one(pos, &p, s, text);
    check_one_move_legal(ctx, pos, &p, s, text);
    gr_solution_free(s);
}

int main(void) {
    uint64_t seed = tu_seed(0x501f7e);
    tu_rng r = {seed};
    uint64_t cases = 2000 * tu_scale();
    long plain = 0, every = 0, moore = 0, chosen = 0, legal = 0, illegal = 0;
    gr_ctx *ctx;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "context");
    for (uint64_t c = 0; c < cases; c++) {
        char text[1024] = "";
        size_t len = 0;
        int nterms = 1 + (int)tu_below(&r, 3), all_nim = 1, h[4];
        for (int i = 0; i < nterms; i++) {
            char term[256];
            int nim;
            rand_term(&r, term, sizeof term, &nim);
            all_nim &= nim;
            h[i] = atoi(term);
            len += (size_t)snprintf(text + len, sizeof text - len, "%s%s", i ? " + " : "", term);
        }
        gr_position *pos = parse(ctx, text);
        if (memo_used > GT_MEMO_SLOTS / 4) memo_reset();
        check_plain(ctx, pos, text, 0, &plain);
        check_plain(ctx, pos, text, 1, &plain);
        check_choice(ctx, pos, text, 0, &chosen);
        check_choice(ctx, pos, text, 1, &chosen);
        check_moves_checked(ctx, &r, pos, text, (int)(c & 1), &legal, &illegal);
        if (nterms <= 2) check_every(ctx, pos, text, &every);
        gr_position_free(pos);
        /* Moore: nim heaps only */
        int n = 1 + (int)tu_below(&r, 4), k = 1 + (int)tu_below(&r, 3), mis = (int)tu_below(&r, 2);
        len = 0;
        for (int i = 0; i < n; i++) {
            h[i] = (int)tu_below(&r, 6);
            len += (size_t)snprintf(text + len, sizeof text - len, "%s%d", i ? " + " : "", h[i]);
        }
        pos = parse(ctx, text);
        check_moore(ctx, pos, text, h, n, k, mis, &moore);
        gr_position_free(pos);
        (void)all_nim;
    }
    /* a mode that does not exist, Moore without k, and a term Moore does not take */
    gr_position *pos = parse(ctx, "kayles(3) + 2");
    gr_play p = GR_SIZED(gr_play);
    gr_solution *s = NULL;
    gr_error err;
    p.mode = (gr_play_mode)9;
    CHECK(gr_position_solve(pos, &p, &s, &err) == GR_EINVAL && !s && strstr(err.message, "no play mode"), "mode 9");
    p.mode = GR_PLAY_MOORE;
    CHECK(gr_position_solve(pos, &p, &s, &err) == GR_EINVAL && !s && strstr(err.message, "k >= 1"), "k 0: %s",
          err.message);
    p.k = 2;
    CHECK(gr_position_solve(pos, &p, &s, &err) == GR_EINVAL && !s, "Moore of kayles");
    p.size = 0;
    CHECK(gr_position_solve(pos, &p, &s, &err) == GR_EINVAL && strstr(err.message, "GR_SIZED"), "unsized play");
    CHECK(gr_position_solve(pos, NULL, &s, &err) == GR_OK && s && s->outcome == GR_OUTCOME_N && s->value == 1,
          "NULL play is normal play");
    gr_solution_free(s);
    gr_position_free(pos);
    memo_reset();
    gr_ctx_free(ctx);
    printf("solution: %llu sums; %ld normal and misère winning moves, %ld Every-SG and %ld Moore moves, %ld of "
           "grundy's moves by remoteness checked\n", (unsigned long long)cases, plain, every, moore, chosen);
    printf("  check_move: %ld legal and %ld illegal moves told apart\n", legal, illegal);
    for (size_t i = 0; i < 16 && methods[i]; i++) printf("  method %s: %ld\n", methods[i], method_count[i]);
    return tu_finish("solution");
}
