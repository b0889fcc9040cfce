/* Normal play in the play-mode table: the value's XOR (or the one term of
 * unknown value), and a sum with a loopy term of infinite value, which is
 * won or a draw by Smith's rule (then the moves that keep the draw). */
#include <string.h>
#include "core/internal.h"
#include "core/family.h"
#include "play/position_internal.h"
#include "play/solution_internal.h"
#include "grundy/loopy.h"

static int has_loopy_term(const gr_position *pos) {
    for (size_t i = 0; i < pos->nterms; i++)
        if (gr_ruleset_is_loopy(pos->terms[i].rs)) return 1;
    return 0;
}

/* a sum of infinite value: N or D (*done 0 when its value is finite) */
static gr_status solve_loopy(gr_position *pos, size_t max, gri_solution *s, int *done, gr_error *err) {
    gr_gvalue gv = GR_SIZED(gr_gvalue);
    *done = 0;
    gr_status st = gr_position_gvalue(pos, &gv, err);
    if (st != GR_OK || !gv.infinite) return st;
    *done = 1;
    gr_solution *p = &s->pub;
    p->infinite = 1;
    p->has_value = 0;
    p->method = "generalized-sg";
    s->K = gri_malloc(s->al, (gv.nK ? gv.nK : 1) * sizeof *s->K);
    if (!s->K) return gri_fail(err, GR_ENOMEM, "out of memory");
    if (gv.nK) memcpy(s->K, gv.K, gv.nK * sizeof *s->K);
    p->nK = gv.nK;
    gr_outcome oc;
    if ((st = gr_position_loopy_outcome(pos, &oc, err)) != GR_OK) return st;
    p->outcome = oc == GR_OUTCOME_N ? GR_OUTCOME_N : oc == GR_OUTCOME_D ? GR_OUTCOME_D : GR_OUTCOME_P;
    if (p->outcome == GR_OUTCOME_N)
        return gr_position_winning_moves(pos, max, gri_moves_collect, &s->win, &p->moves_complete, err);
    p->draw_moves_complete = 1;
    if (p->outcome == GR_OUTCOME_P) return GR_OK;
    return gr_position_draw_moves(pos, max, gri_moves_collect, &s->draw, &p->draw_moves_complete, err);
}

gr_status gri_solve_normal(gr_position *pos, const gr_play *play, size_t max, gri_solution *s, gr_error *err) {
    (void)play;
    gr_solution *p = &s->pub;
    gr_outcome wins = GR_OUTCOME_P;
    int known = 1;
    gr_status st = gr_position_outcome(pos, &wins, &known, &p->value, err);
    /* a loopy game: an infinite value is shown as such, and a draw is an outcome */
    if ((st == GR_OK || st == GR_ECYCLE) && has_loopy_term(pos)) {
        int done = 0;
        gr_status st2 = solve_loopy(pos, max, s, &done, err);
        if (st2 != GR_OK || done) return st2;
    }
    if (st != GR_OK) return st;
    p->outcome = wins ? GR_OUTCOME_N : GR_OUTCOME_P;
    p->has_value = known;
    if (!known) p->method = "formula";
    st = gr_position_winning_moves(pos, max, gri_moves_collect, &s->win, &p->moves_complete, err);
    if (st != GR_OK) return st;
    /* one term whose moves take tokens: the least winning take */
    if (pos->nterms == 1 && p->outcome == GR_OUTCOME_N && !gr_ruleset_is_heap(pos->terms[0].rs)) {
        gr_error e;
        const gri_term *t = &pos->terms[0];
        if (gr_ruleset_least_winning_take(t->rs, pos->args + t->args, t->nargs, &p->min_first_take, &e) == GR_OK)
            p->has_min_first_take = 1;
    }
    return GR_OK;
}
