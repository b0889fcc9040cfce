/* Every-SG in the play-mode table: each term's step count, the decisive
 * term, and the one winning move (a move in every term that can move). */
#include "core/internal.h"
#include "play/position_internal.h"
#include "play/solution_internal.h"

gr_status gri_solve_every(gr_position *pos, const gr_play *play, size_t max, gri_solution *s, gr_error *err) {
    (void)play;
    (void)max;
    gr_solution *p = &s->pub;
    s->steps = gri_calloc(s->al, pos->nterms ? pos->nterms : 1, sizeof *s->steps);
    if (!s->steps) return gri_fail(err, GR_ENOMEM, "out of memory");
    p->nsteps = pos->nterms;
    gr_status st = gr_position_value(pos, &p->value, err);
    gr_outcome wins = GR_OUTCOME_P;
    if (st == GR_OK) st = gr_position_every(pos, s->steps, &wins, &p->decisive, err);
    if (st != GR_OK) return st;
    p->outcome = wins ? GR_OUTCOME_N : GR_OUTCOME_P;
    if (p->outcome == GR_OUTCOME_N) st = gr_position_every_move(pos, gri_moves_collect, &s->win, err);
    return st;
}
