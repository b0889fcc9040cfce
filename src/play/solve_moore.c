/* Moore's Nim-k (and Anti-Nim-k) in the play-mode table: nim heaps only;
 * the one winning move changes from 1 to k heaps. */
#include "core/internal.h"
#include "play/solution_internal.h"

gr_status gri_solve_moore(gr_position *pos, const gr_play *play, size_t max, gri_solution *s, gr_error *err) {
    (void)max;
    gr_solution *p = &s->pub;
    p->k = play->k;
    gr_outcome wins = GR_OUTCOME_P;
    gr_status st = gr_position_moore(pos, play->k, play->misere != 0, &wins, err);
    if (st != GR_OK) return st;
    p->outcome = wins ? GR_OUTCOME_N : GR_OUTCOME_P;
    if (p->outcome == GR_OUTCOME_N &&
        (st = gr_position_moore_move(pos, play->k, play->misere != 0, gri_moves_collect, &s->win, err)) != GR_OK)
        return st;
    return gr_position_value(pos, &p->value, err);
}
