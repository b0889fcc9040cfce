/* gr_position_options: the options of the player to move in a play, in
 * the play's shape (the mode's record names the lister): every move with
 * its remoteness where the bounded search knows it, each term's moves in
 * Every-SG, none in Moore's Nim-k. What `grundy move` lists and `grundy
 * play` shows for `?` and `hint`. */
#include <string.h>
#include "core/internal.h"
#include "play/position_internal.h"
#include "play/solution_internal.h"

uint64_t gri_play_remote_limit(const gr_position *pos, const gr_play *play) {
    uint64_t lim = play->remote_limit ? play->remote_limit : GR_CHOICE_REMOTE_POSITIONS, ctx = gr_ctx_search_limit(pos->ctx);
    return ctx < lim ? ctx : lim;
}

/* the moves and their remoteness, kept until the search is known to have
 * finished (a search cut by its bound delivers nothing) */
typedef struct kept {
    gri_moves mv;
    gr_remoteness *after;
    size_t cap;
} kept;

static int keep(void *user, const gr_move *m, const gr_remoteness *after) {
    kept *k = user;
    if (!gri_grow(k->mv.al, (void **)&k->after, &k->cap, k->mv.n + 1, sizeof *k->after)) { k->mv.oom = 1; return 1; }
    k->after[k->mv.n] = *after;
    return gri_moves_collect(&k->mv, m);
}

typedef struct plain {
    gr_remote_move_fn fn;
    void *user;
} plain;

/* the remoteness of a move the search did not reach */
static gr_remoteness unknown(void) {
    gr_remoteness r = GR_SIZED(gr_remoteness);
    r.outcome = GR_OUTCOME_UNKNOWN;
    r.remoteness = GR_REMOTENESS_DRAW;
    r.method = "";
    return r;
}

static int unknown_remoteness(void *user, const gr_move *m) {
    plain *p = user;
    gr_remoteness r = unknown();
    return p->fn(p->user, m, &r);
}

gr_status gri_options_each_move(gr_position *pos, const gr_play *play, size_t max, gr_remote_move_fn fn, void *user,
                                int *complete, gr_error *err) {
    double secs = gr_ctx_time_limit(pos->ctx);
    uint64_t old = gr_ctx_search_limit(pos->ctx);
    gr_ctx_set_search_limit(pos->ctx, gri_play_remote_limit(pos, play));
    kept k = {{gri_ctx_alloc(pos->ctx), NULL, 0, 0, 0}, NULL, 0};
    int done = 1;
    gr_status st = gr_position_remoteness_moves(pos, !gri_play_mode_of(play->mode)->last_move_wins, max, keep, &k, &done, NULL);
    gr_ctx_set_search_limit(pos->ctx, old);
    if (k.mv.oom) st = GR_ENOMEM;
    if (st == GR_OK) {
        *complete = done;
        for (size_t i = 0; i < k.mv.n; i++)
            if (fn(user, &k.mv.list[i], &k.after[i])) break;
    }
    gri_moves_free(&k.mv);
    gri_free(k.mv.al, k.after);
    if (st == GR_ENOMEM) return gri_fail(err, GR_ENOMEM, "out of memory listing the options");
    if (st == GR_OK) return GR_OK;
    /* past the search's bounds: the moves without their remoteness */
    gr_ctx_set_time_limit(pos->ctx, secs);
    plain p = {fn, user};
    return gr_position_moves(pos, max, unknown_remoteness, &p, complete, err);
}

typedef struct renumber {
    gr_remote_move_fn fn;
    void *user;
    size_t term;
    int stopped;
} renumber;

static int as_term(void *user, const gr_move *m) {
    renumber *r = user;
    gr_move t = *m;
    t.component = r->term;
    gr_remoteness u = unknown();
    return r->stopped = r->fn(r->user, &t, &u) != 0;
}

/* each term as a position of its own, and its moves */
gr_status gri_options_per_term(gr_position *pos, const gr_play *play, size_t max, gr_remote_move_fn fn, void *user,
                               int *complete, gr_error *err) {
    (void)play;
    for (size_t i = 0; i < pos->nterms; i++) {
        gr_term_info t;
        gr_position *alone = NULL;
        gr_status st = gr_position_term(pos, i, &t);
        if (st != GR_OK) return gri_fail(err, st, "no term %zu", i);
        if ((st = gr_position_new(pos->ctx, &alone, err)) != GR_OK) return st;
        st = gr_position_add_term(alone, t.bare ? NULL : t.ruleset, t.args, t.nargs, err);
        int c = 1;
        renumber r = {fn, user, i, 0};
        if (st == GR_OK) st = gr_position_moves(alone, max, as_term, &r, &c, err);
        gr_position_free(alone);
        if (st != GR_OK) return st;
        if (!c) *complete = 0;
        if (r.stopped) break;
    }
    return GR_OK;
}

gr_status gri_options_none(gr_position *pos, const gr_play *play, size_t max, gr_remote_move_fn fn, void *user,
                           int *complete, gr_error *err) {
    (void)pos, (void)play, (void)max, (void)fn, (void)user, (void)err;
    *complete = 0;
    return GR_OK;
}
