/* Outcomes and winning moves of sums in normal play: the values' XOR,
 * the one term of unknown value (a large won wythoff, euclid or dyn
 * position), and sums with loopy terms (loopyplay.c). */
#include <stdlib.h>
#include "core/internal.h"
#include "play/position_internal.h"
#include "core/family.h"

/* a state option, reported as a move */
static int on_state(void *user, const uint64_t *args, size_t n) { return gri_movesink_after(user, args, n, 1); }

gr_status gr_position_outcome(gr_position *pos, gr_outcome *wins, int *known, uint64_t *value, gr_error *err) {
    gr_error local;
    gr_status st = gr_position_value(pos, value, &local);
    if (st == GR_OK) { *known = 1; *wins = *value != 0; return GR_OK; }
    if (st == GR_ECYCLE) {
        /* a loopy term of infinite value: won, or a draw */
        gr_outcome o;
        if (gr_position_loopy_outcome(pos, &o, NULL) != GR_OK) { if (err) *err = local; return st; }
        if (o == GR_OUTCOME_N) { *known = 0; *wins = 1; return GR_OK; }
        if (o != GR_OUTCOME_D) { if (err) *err = local; return st; }
        return gri_fail(err, GR_ECYCLE, "the position is a draw (outcome D): neither player can force a win");
    }
    if (st != GR_EUNPROVEN) { if (err) *err = local; return st; }
    uint64_t rest = 0, v;
    size_t unknown = 0, which = 0;
    for (size_t i = 0; i < pos->nterms; i++) {
        st = gr_position_term_value(pos, i, &v, err);
        if (st == GR_OK) { rest ^= v; continue; }
        if (st != GR_EUNPROVEN || gr_ruleset_is_heap(pos->terms[i].rs)) return st;
        unknown++;
        which = i;
    }
    if (unknown == 1 && rest == 0) {
        /* the unknown term is won, so its value is not 0, and the sum's is not */
        int w;
        const gri_term *t = &pos->terms[which];
        if ((st = gri_state_outcome(t->rs, pos->args + t->args, t->nargs, &w, err)) != GR_OK) return st;
        if (w) { *known = 0; *wins = 1; return GR_OK; }
    }
    if (err) *err = local;
    return GR_EUNPROVEN;
}

gr_status gr_position_winning_moves(gr_position *pos, size_t max_moves, gr_move_fn fn, void *user, int *complete,
                                    gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    if (complete) *complete = 1;
    int handled = 0;
    gr_status st = gri_loopy_winning_moves(pos, max_moves, fn, user, complete, &handled, err);
    if (st != GR_OK || handled) return st;
    uint64_t total;
    int wins, known;
    st = gr_position_outcome(pos, &wins, &known, &total, err);
    if (st != GR_OK || !wins) return st;
    if (!known) {
        /* one won term of unknown value, the rest of value 0: the moves in
         * that term to a lost position win; moves elsewhere cannot be judged */
        gri_movesink sink = {pos, 0, 0, max_moves, 0, 0, fn, user, GR_OK, err, NULL};
        for (size_t i = 0; i < pos->nterms; i++) {
            uint64_t v;
            gr_error e2;
            if (gr_position_term_value(pos, i, &v, &e2) == GR_OK) continue;
            gri_term *t = &pos->terms[i];
            sink.term = i;
            int all = 1;
            st = gri_state_moves_to(t->rs, pos->args + t->args, t->nargs, 0, on_state, &sink, &all, err);
            if (st == GR_OK) st = sink.st;
            gri_free(al, sink.from);
            if (complete) *complete = all && !sink.cut && pos->nterms == 1;
            return st;
        }
        return st;
    }
    gri_movesink sink = {pos, 0, 0, max_moves, 0, 0, fn, user, GR_OK, err, NULL};
    uint64_t huge_seen = 0;
    int partial = 0;
    for (size_t i = 0; i < pos->nterms && !sink.cut && st == GR_OK; i++) {
        uint64_t g;
        if ((st = gr_position_term_value(pos, i, &g, err)) != GR_OK) break;
        if (gri_rs_loopy(pos->terms[i].rs)) st = gri_loopy_term_moves_to(&sink, i, total ^ g);
        else st = gri_term_moves_to(&sink, i, g, total ^ g, &huge_seen, &partial);
    }
    if (complete) *complete = !sink.cut && !partial;
    return st;
}
