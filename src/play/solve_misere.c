/* Misère play in the play-mode table: the exact methods of misere.c
 * (formula, SJ theorem, genus, quotient, search), the outcome and its
 * winning moves from one search, and what the SJ rule says beside them. */
#include "core/internal.h"
#include "play/solution_internal.h"

gr_status gri_solve_misere(gr_position *pos, const gr_play *play, size_t max, gri_solution *s, gr_error *err) {
    (void)play;
    gr_solution *p = &s->pub;
    gr_misere m = GR_SIZED(gr_misere);
    gr_status st = gri_misere_solve(pos, &m, max, gri_moves_collect, &s->win, &p->moves_complete, err);
    if (st != GR_OK) return st;
    p->outcome = m.wins ? GR_OUTCOME_N : GR_OUTCOME_P;
    p->sj = m.sj_wins ? GR_OUTCOME_N : GR_OUTCOME_P;
    p->method = m.method;
    p->value = m.value;
    p->searched = m.searched;
    return GR_OK;
}
