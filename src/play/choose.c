/* gr_position_choose_move: grundy's move in a play mode (what `play`
 * plays and `move` prints). By remoteness where its bounded search knows
 * every move (normal and misère play), else the mode's winning move, a
 * move that keeps a loopy game's draw, or the move that leaves the most. */
#include <stdio.h>
#include <string.h>
#include "core/internal.h"
#include "play/position_internal.h"
#include "play/solution_internal.h"

/* moves listed to choose among, at most */
#define CHOOSE_LIST_MAX ((size_t)1 << 18)

typedef struct gri_choice {
    gr_choice pub;
    gri_moves mv;
} gri_choice;

void gr_choice_free(gr_choice *pub) {
    if (!pub) return;
    gri_choice *c = (gri_choice *)pub;
    gri_moves_free(&c->mv);
    gri_free(c->mv.al, c);
}

typedef struct best_remote {
    gri_moves *mv;        /* the best move so far: mv->list[0] */
    gr_remoteness after;
    size_t seen;
} best_remote;

static int on_remote(void *user, const gr_move *m, const gr_remoteness *after) {
    best_remote *b = user;
    if (b->seen++ && gr_remoteness_cmp(after, &b->after) >= 0) return 0;
    gri_moves_free(b->mv);
    b->after = *after;
    return gri_moves_collect(b->mv, m);
}

/* by remoteness: 1 when chosen, 0 when not known within the bounds, -1 out of memory */
static int by_remoteness(gr_position *pos, const gr_play *play, gri_choice *c, double secs) {
    const gri_play_mode *m = gri_play_mode_of(play->mode);
    if (!m || !m->has_remoteness) return 0;
    uint64_t old = gr_ctx_search_limit(pos->ctx);
    gr_ctx_set_search_limit(pos->ctx, gri_play_remote_limit(pos, play));
    gr_ctx_set_time_limit(pos->ctx, secs);
    best_remote b = {&c->mv, {0}, 0};
    int complete = 0;
    gr_status st = gr_position_remoteness_moves(pos, !m->last_move_wins, CHOOSE_LIST_MAX, on_remote, &b,
                                                &complete, NULL);
    gr_ctx_set_search_limit(pos->ctx, old);
    if (c->mv.oom) return -1;
    if (st != GR_OK || !complete || !c->mv.n) {
        gri_moves_free(&c->mv);
        return 0;
    }
    gr_outcome o = b.after.outcome;
    c->pub.reason = o == GR_OUTCOME_P ? GR_CHOICE_FASTEST_WIN : o == GR_OUTCOME_D ? GR_CHOICE_KEEPS_DRAW : GR_CHOICE_LONGEST;
    c->pub.has_remoteness = 1;
    c->pub.after = b.after;
    return 1;
}

/* what a position or a move's parts hold: tokens (the sum of the
 * arguments, saturating), then arguments; more leaves more to play */
typedef struct count {
    uint64_t tokens, parts;
} count;

static uint64_t add_sat(uint64_t a, uint64_t b) { return a + b < a ? UINT64_MAX : a + b; }

static count count_of(const gr_term_info *t, size_t n) {
    count c = {0, 0};
    for (size_t i = 0; i < n; i++) {
        for (size_t k = 0; k < t[i].nargs; k++) c.tokens = add_sat(c.tokens, t[i].args[k]);
        c.parts += t[i].nargs;
    }
    return c;
}

static uint64_t size_of(count c) {
    return c.tokens >= (UINT64_MAX >> 8) ? UINT64_MAX : c.tokens << 8 | (c.parts < 255 ? c.parts : 255);
}

typedef struct largest {
    gr_position *pos;
    int per_term;         /* Every-SG: the largest move of each term */
    count total;          /* the whole position's */
    uint64_t *size;
    unsigned char *have;
    gri_moves keep;       /* copies of the moves that were the largest so far */
} largest;

/* Every-SG: the size of the term's replacement; otherwise of the whole
 * position after the move */
static uint64_t after_size(const largest *l, const gr_move *m) {
    count now = count_of(m->parts, m->nparts);
    if (l->per_term) return size_of(now);
    gr_term_info t = {0};
    if (l->total.tokens == UINT64_MAX || now.tokens == UINT64_MAX || gr_position_term(l->pos, m->component, &t) != GR_OK)
        return UINT64_MAX;
    count was = count_of(&t, 1);
    count after = {add_sat(l->total.tokens - was.tokens, now.tokens), l->total.parts - was.parts + now.parts};
    return size_of(after);
}

static int on_any(void *user, const gr_move *m) {
    largest *l = user;
    size_t slot = l->per_term ? m->component : 0;
    uint64_t s = after_size(l, m);
    if (l->have[slot] && s <= l->size[slot]) return 0;
    l->have[slot] = 1;
    l->size[slot] = s;
    return gri_moves_collect(&l->keep, m) != 0;
}

/* no winning move: the move that leaves the most (in each term in Every-SG;
 * Moore: one token from the largest heap) */
static gr_status leaves_most(gr_position *pos, const gr_play *play, gri_choice *c, gr_error *err) {
    gr_move_shape shape = gri_play_mode_of(play->mode)->shape;
    if (shape == GR_MOVE_UP_TO_K) {
        size_t best = 0;
        uint64_t bh = 0;
        for (size_t i = 0; i < pos->nterms; i++) {
            const gri_term *t = &pos->terms[i];
            if (t->nargs && pos->args[t->args] > bh) { bh = pos->args[t->args]; best = i; }
        }
        if (!bh) return GR_OK;
        char from[24], to[24];
        snprintf(from, sizeof from, "%llu", (unsigned long long)bh);
        snprintf(to, sizeof to, "%llu", (unsigned long long)(bh - 1));
        gr_status st = GR_OK;
        if (gri_move_call(pos->ctx, best, from, to, gri_moves_collect, &c->mv, &st, err) < 0) return st;
        return GR_OK;
    }
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    int per_term = shape == GR_MOVE_EVERY_TERM;
    size_t slots = per_term ? (pos->nterms ? pos->nterms : 1) : 1;
    largest l = {pos, per_term, {0, 0}, NULL, NULL, {al, NULL, 0, 0, 0}};
    gr_term_info t;
    for (size_t i = 0; gr_position_term(pos, i, &t) == GR_OK; i++) {
        count d = count_of(&t, 1);
        l.total.tokens = add_sat(l.total.tokens, d.tokens);
        l.total.parts += d.parts;
    }
    l.size = gri_calloc(al, slots, sizeof *l.size);
    l.have = gri_calloc(al, slots, 1);
    if (!l.size || !l.have) {
        gri_free(al, l.size);
        gri_free(al, l.have);
        return gri_fail(err, GR_ENOMEM, "out of memory");
    }
    int complete;
    gr_status st = gr_position_moves(pos, CHOOSE_LIST_MAX, on_any, &l, &complete, err);
    /* the last copy kept for each slot is its largest move */
    for (size_t s = 0; st == GR_OK && s < slots; s++) {
        if (!l.have[s]) continue;
        for (size_t k = l.keep.n; k-- > 0;) {
            if (l.per_term ? l.keep.list[k].component != s : 0) continue;
            gri_moves_collect(&c->mv, &l.keep.list[k]);
            break;
        }
    }
    if (st == GR_OK && (l.keep.oom || c->mv.oom)) st = gri_fail(err, GR_ENOMEM, "out of memory");
    gri_moves_free(&l.keep);
    gri_free(al, l.size);
    gri_free(al, l.have);
    return st;
}

gr_status gr_position_choose_move(gr_position *pos, const gr_play *play, gr_choice **out, gr_error *err) {
    if (out) *out = NULL;
    if (!pos || !out) return gri_fail(err, GR_EINVAL, "no position or no place for the choice");
    gr_play normal;
    gr_status rs = gri_play_read(play, &normal, &play, NULL, err);
    if (rs != GR_OK) return rs;
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    gri_choice *c = gri_calloc(al, 1, sizeof *c);
    if (!c) return gri_fail(err, GR_ENOMEM, "out of memory");
    c->mv.al = al;
    c->pub.size = sizeof c->pub;
    double secs = gr_ctx_time_limit(pos->ctx);
    gr_status st = GR_OK;
    int r = by_remoteness(pos, play, c, secs);
    if (r < 0) st = gri_fail(err, GR_ENOMEM, "out of memory");
    if (r == 0) {
        gr_play one = *play;
        one.size = sizeof one;
        one.max_moves = 1;
        gr_solution *s = NULL;
        gr_ctx_set_time_limit(pos->ctx, secs);
        st = gr_position_solve(pos, &one, &s, err);
        c->pub.reason = GR_CHOICE_WINS;
        for (size_t k = 0; st == GR_OK && s->outcome == GR_OUTCOME_N && k < s->nmoves; k++)
            gri_moves_collect(&c->mv, &s->moves[k]);
        if (st == GR_OK && !c->mv.n && s->outcome == GR_OUTCOME_D) {
            if (s->ndraw_moves) gri_moves_collect(&c->mv, &s->draw_moves[0]);
            c->pub.reason = GR_CHOICE_KEEPS_DRAW;
        }
        gr_solution_free(s);
        if (st == GR_OK && !c->mv.n) {
            gr_ctx_set_time_limit(pos->ctx, secs);
            st = leaves_most(pos, play, c, err);
            c->pub.reason = GR_CHOICE_LEAVES_MOST;
        }
        if (st == GR_OK && c->mv.oom) st = gri_fail(err, GR_ENOMEM, "out of memory");
    }
    if (st != GR_OK) {
        gr_choice_free(&c->pub);
        return st;
    }
    c->pub.moves = c->mv.list;
    c->pub.nmoves = c->mv.n;
    *out = &c->pub;
    return GR_OK;
}
