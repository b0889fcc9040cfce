/* The rules of each play as data (gr_play_describe), the options of the
 * player to move (gr_position_options) against the game tree, and the
 * families whose plays test_solution.c cannot tree-search: prod coins
 * (normal play only) and loopy graphs with draws (retrograde analysis of
 * every reachable position). For random small sums: the options are every
 * move, in gr_position_moves's order, each with the outcome and
 * remoteness of the position it leaves as the tree has them; Every-SG
 * lists each term's own moves; Moore none. A loopy sum's solution (won,
 * lost or drawn), its winning and drawing moves, grundy's chosen move and
 * the check of each listed move agree with the retrograde analysis.
 * Seed printed; GRUNDY_TEST_SEED and GRUNDY_TEST_SCALE as everywhere. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "gametree.h"
#include "testutil.h"

static gr_play play_of(gr_play_mode mode, uint64_t k, int misere) {
    gr_play p = GR_SIZED(gr_play);
    p.mode = mode;
    p.k = k;
    p.misere = misere;
    return p;
}

static void check_rules(void) {
    static const struct {
        gr_play_mode mode;
        int misere;
        const char *name, *mode_name;
        int last_wins;
        gr_move_shape shape;
        int remote;
        const char *says;
    } want[] = {
        {GR_PLAY_NORMAL, 0, "normal", "normal", 1, GR_MOVE_ONE_TERM, 1, "last move wins"},
        {GR_PLAY_MISERE, 0, "misere", "misere", 0, GR_MOVE_ONE_TERM, 1, "last move loses"},
        {GR_PLAY_EVERY, 0, "every", "every", 1, GR_MOVE_EVERY_TERM, 0, "every term"},
        {GR_PLAY_MOORE, 0, "moore", "moore", 1, GR_MOVE_UP_TO_K, 0, "the last move wins"},
        {GR_PLAY_MOORE, 1, "misere-moore", "moore", 0, GR_MOVE_UP_TO_K, 0, "the last move loses"},
    };
    gr_error err;
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        gr_play p = play_of(want[i].mode, 3, want[i].misere);
        gr_play_rules r = GR_SIZED(gr_play_rules);
        CHECK(gr_play_describe(&p, &r, &err) == GR_OK, "describe %s: %s", want[i].name, err.message);
        CHECK(!strcmp(r.name, want[i].name) && !strcmp(r.mode_name, want[i].mode_name) &&
                  r.last_move_wins == want[i].last_wins && r.shape == want[i].shape &&
                  r.has_remoteness == want[i].remote && strstr(r.rule, want[i].says) &&
                  r.anti == (want[i].misere && want[i].mode == GR_PLAY_MOORE) &&
                  r.k == (want[i].shape == GR_MOVE_UP_TO_K ? 3u : 0u),
              "the rules of %s: %s, %s, last wins %d, shape %d, remoteness %d, anti %d, k %llu, '%s'", want[i].name,
              r.name, r.mode_name, r.last_move_wins, (int)r.shape, r.has_remoteness, r.anti,
              (unsigned long long)r.k, r.rule);
    }
    gr_play_rules r = GR_SIZED(gr_play_rules);
    CHECK(gr_play_describe(NULL, &r, &err) == GR_OK && !strcmp(r.name, "normal"), "NULL is normal play");
    gr_play p = play_of((gr_play_mode)9, 0, 0);
    CHECK(gr_play_describe(&p, &r, &err) == GR_EINVAL && strstr(err.message, "no play mode"), "mode 9");
    p = play_of(GR_PLAY_MOORE, 0, 0);
    CHECK(gr_play_describe(&p, &r, &err) == GR_EINVAL && strstr(err.message, "k >= 1"), "Moore, k 0");
    r.size = 0;
    CHECK(gr_play_describe(NULL, &r, &err) == GR_EINVAL && strstr(err.message, "GR_SIZED"), "unsized rules");
}

/* ---------- options ---------- */

typedef struct opts {
    gr_position *pos;
    size_t n;
    size_t comp[MAXMOVES];
    char *after[MAXMOVES];
    gr_remoteness r[MAXMOVES];
} opts;

static int on_option(void *user, const gr_move *m, const gr_remoteness *after) {
    opts *o = user;
    if (o->n == MAXMOVES) return 1;
    char *a = NULL;
    if (gr_position_format_after(o->pos, m, &a, NULL) != GR_OK) abort();
    o->comp[o->n] = m->component;
    o->after[o->n] = a;
    o->r[o->n++] = *after;
    return 0;
}

static void opts_free(opts *o) {
    for (size_t i = 0; i < o->n; i++) free(o->after[i]);
    o->n = 0;
}

static void rand_term(tu_rng *r, char *out, size_t n) {
    static const char *const heaps[] = {"kayles", "dawson", "sub[1,3]", "grundy", "tb[0.6]"};
    int a = (int)tu_below(r, 6), b = (int)tu_below(r, 4);
    switch (tu_below(r, 7)) {
    case 0: snprintf(out, n, "%d", a); break;
    case 1: case 2: snprintf(out, n, "%s(%d)", heaps[tu_below(r, 5)], a + 1); break;
    case 3: snprintf(out, n, "wythoff(%d,%d)", a % 4, b); break;
    case 4: snprintf(out, n, "staircase(%d,%d)", b % 2 + 1, b % 2 + 2 + a % 3); break;
    case 5: snprintf(out, n, "arckayles(0-1,1-2,%d-3)", b % 3); break;
    default: snprintf(out, n, "cram(2,%d)", b % 3 + 1); break;
    }
}

/* the options of pos in the play into *o (every one listed), and its moves into *l */
static void options_and_moves(gr_position *pos, const gr_play *p, const char *text, opts **o, mlist **l) {
    *o = calloc(1, sizeof **o);
    *l = malloc(sizeof **l);
    if (!*o || !*l) abort();
    (*o)->pos = pos;
    int complete = 0;
    gr_error err;
    CHECK(gr_position_options(pos, p, 0, on_option, *o, &complete, &err) == GR_OK && complete,
          "options of '%s' in mode %d: %s", text, (int)p->mode, err.message);
    all_moves(pos, *l);
}

/* normal and misère play: every move, with its remoteness as the tree has it */
static void check_options_one(gr_ctx *ctx, gr_position *pos, const char *text, int misere, long *n_opts) {
    gr_play p = play_of(misere ? GR_PLAY_MISERE : GR_PLAY_NORMAL, 0, 0);
    opts *o;
    mlist *l;
    options_and_moves(pos, &p, text, &o, &l);
    CHECK(o->n == l->n, "'%s' (%s): %zu options, %zu moves", text, misere ? "misère" : "normal", o->n, l->n);
    for (size_t i = 0; i < o->n && i < l->n; i++) {
        int wins = tree_wins(ctx, l->after[i], misere), rem = tree_remoteness(ctx, l->after[i], misere);
        CHECK(!strcmp(o->after[i], l->after[i]) && o->comp[i] == l->comp[i], "'%s': option %zu is '%s', move '%s'",
              text, i, o->after[i], l->after[i]);
        CHECK(o->r[i].outcome == (wins ? GR_OUTCOME_N : GR_OUTCOME_P) && o->r[i].remoteness == (uint64_t)rem,
              "%s play of '%s': the option '%s' is %d at %llu, the tree %c at %d", misere ? "misère" : "normal", text,
              o->after[i], (int)o->r[i].outcome, (unsigned long long)o->r[i].remoteness, wins ? 'N' : 'P', rem);
    }
    *n_opts += (long)o->n;
    opts_free(o);
    mlist_free(l);
    free(o);
    free(l);
}

/* Every-SG: each term's moves, as the term alone has them; Moore: none */
static void check_options_every(gr_ctx *ctx, gr_position *pos, const char *text) {
    gr_play p = play_of(GR_PLAY_EVERY, 0, 0);
    opts *o;
    mlist *l;
    /* every move of one term is an option of that term, and the other way round */
    options_and_moves(pos, &p, text, &o, &l);
    int complete = 0;
    gr_error err;
    CHECK(o->n == l->n, "Every-SG '%s': %zu options, %zu moves", text, o->n, l->n);
    for (size_t i = 0; i < o->n && i < l->n; i++)
        CHECK(o->comp[i] == l->comp[i] && !strcmp(o->after[i], l->after[i]), "Every-SG '%s': option %zu", text, i);
    opts_free(o);
    p = play_of(GR_PLAY_MOORE, 2, 0);
    CHECK(gr_position_options(pos, &p, 0, on_option, o, &complete, &err) == GR_OK && !complete && !o->n,
          "Moore lists no options");
    mlist_free(l);
    free(o);
    free(l);
    (void)ctx;
}

/* ---------- explanations ---------- */

/* the explanation in normal or misère play (or Every-SG): its steps, the
 * XOR and its term, the normal-play move, and the play's move, against the
 * tree; grundy's chosen move agrees with it */
static void check_explain(gr_ctx *ctx, gr_position *pos, const char *text, gr_play_mode mode, long *n_explained) {
    static const gr_explain_step last[] = {GR_STEP_SUM, GR_STEP_MISERE, GR_STEP_EVERY};
    gr_play p = play_of(mode, 0, 0);
    gr_explanation *e = NULL;
    gr_error err;
    CHECK(gr_position_explain(pos, &p, &e, &err) == GR_OK && e, "explain '%s' in mode %d: %s", text, (int)mode,
          err.message);
    if (!e) return;
    size_t n = gr_position_count(pos);
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) x ^= e->values[i];
    CHECK(e->nterms == n && e->beyond == n && e->nsteps == (mode == GR_PLAY_NORMAL ? 2u : 3u) &&
              e->steps[0] == GR_STEP_TERMS && e->steps[e->nsteps - 1] == last[mode] && e->nim_sum == x && e->solution,
          "'%s' (mode %d): %zu terms, %zu steps, XOR %llu", text, (int)mode, e->nterms, e->nsteps,
          (unsigned long long)e->nim_sum);
    /* the XOR against the tree; the term with its highest bit, and a move there to the value that makes it 0 */
    CHECK(!x == !tree_wins(ctx, text, 0), "'%s': XOR %llu, the normal-play tree says %d", text, (unsigned long long)x,
          tree_wins(ctx, text, 0));
    if (x) {
        size_t t = e->move_term;
        CHECK(t < n && e->high_bit == 63 - __builtin_clzll(x) && ((e->values[t] >> e->high_bit) & 1) &&
                  e->move_to_value == (e->values[t] ^ x),
              "'%s': the move's term %zu, bit %d", text, t, e->high_bit);
        for (size_t i = 0; i < t && t < n; i++)
            CHECK(!((e->values[i] >> e->high_bit) & 1), "'%s': term %zu before the move's has the bit", text, i);
        CHECK(e->normal_move != NULL, "'%s': a normal-play move is listed", text);
        if (e->normal_move) {
            char *a = NULL;
            if (gr_position_format_after(pos, e->normal_move, &a, NULL) != GR_OK) abort();
            CHECK(e->normal_move->component == t && !tree_wins(ctx, a, 0), "'%s': the normal move to '%s' wins", text, a);
            free(a);
        }
    } else {
        CHECK(e->move_term == n && e->high_bit == -1 && !e->normal_move, "'%s': XOR 0, no move", text);
    }
    /* the play's own answer: the outcome and the explained move */
    const gr_solution *s = e->solution;
    if (mode != GR_PLAY_EVERY) {
        int misere = mode == GR_PLAY_MISERE, wins = tree_wins(ctx, text, misere);
        CHECK(s->outcome == (wins ? GR_OUTCOME_N : GR_OUTCOME_P), "'%s' (%s): explained outcome", text,
              misere ? "misère" : "normal");
        mlist *l = malloc(sizeof *l);
        if (!l) abort();
        all_moves(pos, l); /* a won position with no move: misère play's end */
        CHECK(!wins || s->nmoves == (l->n ? 1u : 0u), "'%s': one explained move", text);
        mlist_free(l);
        free(l);
        gr_choice *c = NULL;
        CHECK(gr_position_choose_move(pos, &p, &c, &err) == GR_OK, "choose '%s': %s", text, err.message);
        if (wins && s->nmoves == 1 && c && c->nmoves == 1) {
            char *a = NULL, *b = NULL;
            if (gr_position_format_after(pos, &s->moves[0], &a, NULL) != GR_OK ||
                gr_position_format_after(pos, &c->moves[0], &b, NULL) != GR_OK)
                abort();
            /* both win: the explained one and grundy's (the fastest of the winning ones) */
            CHECK(!tree_wins(ctx, a, misere) && !tree_wins(ctx, b, misere),
                  "'%s' (%s): the explained move to '%s' and grundy's to '%s' both win", text,
                  misere ? "misère" : "normal", a, b);
            free(a);
            free(b);
        }
        gr_choice_free(c);
    } else {
        gr_solution *t = NULL;
        CHECK(gr_position_solve(pos, &p, &t, &err) == GR_OK && t && t->outcome == s->outcome &&
                  (s->outcome != GR_OUTCOME_N || s->nmoves == t->nmoves),
              "'%s': Every-SG explained as solved", text);
        gr_solution_free(t);
    }
    gr_explanation_free(e);
    (*n_explained)++;
}

/* ---------- loopy sums and prod coins ---------- */

static const char *const LOOPY[] = {"graph[0>1,1>0,1>2]", "graph[0>1,1>2,2>0,2>3]", "graph[0>1,1>0,0>2,2>3,3>2,3>4]",
                                    "graph[0>0,0>1]", "graph[0>1,1>2,2>1,0>3]"};

static char after_val(gr_ctx *ctx, const char *text, gr_position *pos, const gr_move *m) {
    char *a = NULL;
    if (gr_position_format_after(pos, m, &a, NULL) != GR_OK) abort();
    char v = loopy_outcome(ctx, text, a);
    free(a);
    return v;
}

static void check_loopy(gr_ctx *ctx, tu_rng *r, long *n_loopy, long *n_moves) {
    char text[512];
    const char *g = LOOPY[tu_below(r, sizeof LOOPY / sizeof LOOPY[0])];
    int v = (int)tu_below(r, 4), heap = (int)tu_below(r, 4);
    if (tu_below(r, 2)) snprintf(text, sizeof text, "%s(%d) + %d", g, v % 2, heap);
    else snprintf(text, sizeof text, "%s(%d,%d) + kayles(%d)", g, v % 2, (v + 1) % 2, heap);
    gr_position *pos = parse(ctx, text);
    char want = loopy_outcome(ctx, text, text);
    CHECK(want, "'%s': the retrograde analysis fits", text);
    gr_solution *s = NULL;
    gr_error err;
    CHECK(gr_position_solve(pos, NULL, &s, &err) == GR_OK, "solve '%s': %s", text, err.message);
    if (s && want) {
        char got = s->outcome == GR_OUTCOME_N ? 'N' : s->outcome == GR_OUTCOME_P ? 'P' : 'D';
        CHECK(got == want, "'%s': solve says %c (%s), the analysis %c", text, got, s->method, want);
        for (size_t k = 0; k < s->nmoves; k++)
            CHECK(after_val(ctx, text, pos, &s->moves[k]) == 'P', "'%s': winning move %zu leaves a lost position", text,
                  k);
        for (size_t k = 0; k < s->ndraw_moves; k++)
            CHECK(after_val(ctx, text, pos, &s->draw_moves[k]) == 'D', "'%s': drawing move %zu keeps the draw", text, k);
        CHECK(want != 'N' || s->nmoves, "'%s' is won: a winning move is listed", text);
        CHECK(want != 'D' || s->ndraw_moves, "'%s' is a draw: a drawing move is listed", text);
        *n_moves += (long)(s->nmoves + s->ndraw_moves);
        /* the explanation: BEYOND exactly when a term has no finite value, with the same outcome */
        gr_explanation *e = NULL;
        CHECK(gr_position_explain(pos, NULL, &e, &err) == GR_OK && e, "explain '%s': %s", text, err.message);
        if (e) {
            int beyond = 0;
            for (size_t i = 0; i < e->nterms; i++) beyond |= e->kinds[i] != GR_TERM_FINITE;
            CHECK(beyond == (e->beyond < e->nterms) && (beyond ? e->nsteps == 1 && e->steps[0] == GR_STEP_BEYOND
                                                               : e->nsteps == 2 && e->steps[1] == GR_STEP_SUM),
                  "'%s': the explanation's steps", text);
            CHECK(e->solution && e->solution->outcome == s->outcome, "'%s': the explanation's outcome", text);
        }
        gr_explanation_free(e);
        gr_play mp = play_of(GR_PLAY_MISERE, 0, 0);
        if (gr_position_explain(pos, &mp, &e, &err) == GR_OK) {
            int finite = 1;
            for (size_t i = 0; i < e->nterms; i++) finite &= e->kinds[i] == GR_TERM_FINITE;
            CHECK(finite, "'%s': misère play explained with a term of no value", text);
            gr_explanation_free(e);
        }
        gr_choice *c = NULL;
        CHECK(gr_position_choose_move(pos, NULL, &c, &err) == GR_OK, "choose in '%s': %s", text, err.message);
        mlist *l = malloc(sizeof *l);
        if (!l) abort();
        all_moves(pos, l);
        if (c && !l->n) CHECK(c->nmoves == 0, "'%s' has no move: grundy chooses none", text);
        else if (c && c->nmoves == 1) {
            char a = after_val(ctx, text, pos, &c->moves[0]);
            CHECK(want == 'N' ? a == 'P' : want == 'D' ? a == 'D' : a == 'N', "'%s' (%c): grundy's move leaves %c", text,
                  want, a);
            /* grundy's move is a legal move */
            char *after = NULL;
            if (gr_position_format_after(pos, &c->moves[0], &after, NULL) != GR_OK) abort();
            gr_position *next = parse(ctx, after);
            gr_move_check mc = GR_SIZED(gr_move_check);
            CHECK(gr_position_check_move(pos, NULL, next, &mc, &err) == GR_OK && mc.legal,
                  "'%s': grundy's move to '%s' checks as legal (%s)", text, after, mc.why);
            free(mc.after);
            gr_position_free(next);
            free(after);
        } else {
            CHECK(c && c->nmoves == 1, "'%s': grundy chooses one move", text);
        }
        gr_choice_free(c);
        /* every move checks as legal (a loop too: the position as it stands) */
        for (size_t k = 0; k < l->n; k++) {
            gr_position *next = parse(ctx, l->after[k]);
            gr_move_check mc = GR_SIZED(gr_move_check);
            CHECK(gr_position_check_move(pos, NULL, next, &mc, &err) == GR_OK && mc.legal,
                  "'%s': the move to '%s' checks as legal (%s)", text, l->after[k], mc.why);
            free(mc.after);
            gr_position_free(next);
        }
        mlist_free(l);
        free(l);
    }
    gr_solution_free(s);
    gr_position_free(pos);
    (*n_loopy)++;
}

/* prod coins: normal play only (a move turns several coins) */
static void check_prod(gr_ctx *ctx, tu_rng *r, long *n_prod) {
    char text[128];
    int x = 1 + (int)tu_below(r, 2), y = 1 + (int)tu_below(r, 2), h = (int)tu_below(r, 3);
    snprintf(text, sizeof text, "prod(%d,%d) + %d", x, y, h);
    gr_position *pos = parse(ctx, text);
    gr_solution *s = NULL;
    gr_error err;
    CHECK(gr_position_solve(pos, NULL, &s, &err) == GR_OK, "solve '%s': %s", text, err.message);
    int wins = tree_wins(ctx, text, 0);
    if (s) {
        CHECK(s->outcome == (wins ? GR_OUTCOME_N : GR_OUTCOME_P), "'%s': solve %d, the tree %d", text,
              (int)s->outcome, wins);
        for (size_t k = 0; k < s->nmoves; k++) {
            char *a = NULL;
            if (gr_position_format_after(pos, &s->moves[k], &a, NULL) != GR_OK) abort();
            CHECK(!tree_wins(ctx, a, 0), "'%s': the winning move to '%s' leaves a lost position", text, a);
            free(a);
        }
    }
    gr_solution_free(s);
    gr_play p = play_of(GR_PLAY_MISERE, 0, 0);
    CHECK(gr_position_solve(pos, &p, &s, &err) == GR_EINVAL && strstr(err.message, "normal play only"),
          "'%s' in misère play is refused: %s", text, err.message);
    gr_position_free(pos);
    (*n_prod)++;
}

int main(void) {
    uint64_t seed = tu_seed(0x0b710e5);
    tu_rng r = {seed};
    uint64_t cases = 1000 * tu_scale();
    long n_opts = 0, n_loopy = 0, n_moves = 0, n_prod = 0, n_explained = 0;
    gr_ctx *ctx;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "context");
    check_rules();
    for (uint64_t c = 0; c < cases; c++) {
        char text[512];
        size_t len = 0;
        int nterms = 1 + (int)tu_below(&r, 2);
        for (int i = 0; i < nterms; i++) {
            char term[128];
            rand_term(&r, term, sizeof term);
            len += (size_t)snprintf(text + len, sizeof text - len, "%s%s", i ? " + " : "", term);
        }
        if (memo_used > GT_MEMO_SLOTS / 4) memo_reset();
        gr_position *pos = parse(ctx, text);
        check_options_one(ctx, pos, text, (int)(c & 1), &n_opts);
        check_options_every(ctx, pos, text);
        check_explain(ctx, pos, text, (gr_play_mode)(c % 3), &n_explained);
        gr_position_free(pos);
        check_loopy(ctx, &r, &n_loopy, &n_moves);
        check_prod(ctx, &r, &n_prod);
    }
    memo_reset();
    gr_ctx_free(ctx);
    printf("play_options: %llu sums, %ld options with their remoteness, %ld explained; %ld loopy sums (%ld moves), "
           "%ld prod sums\n", (unsigned long long)cases, n_opts, n_explained, n_loopy, n_moves, n_prod);
    return tu_finish("play_options");
}
