/* Why a position's answer is what it is, as data: the steps an
 * explanation takes in a play mode, each term's value, the XOR and the
 * term a winning move changes, and the play's own solution. `grundy
 * explain` and the web page write these steps in words (English or
 * Chinese); a program can write its own.
 *
 *   gr_explanation *e;
 *   if (gr_position_explain(pos, &play, &e, &err) == GR_OK) {
 *       for (size_t i = 0; i < e->nsteps; i++) switch (e->steps[i]) { ... }
 *       gr_explanation_free(e);
 *   }
 *
 * The steps of each play (the play-mode table says them):
 *   normal      TERMS, SUM              (a loopy term of infinite value, or a
 *                                        state term of unknown value: BEYOND)
 *   misere      TERMS, SUM, MISERE
 *   every       TERMS, SUM, EVERY
 *   moore       TERMS, SUM, MOORE
 * Remoteness (gr_position_remoteness) is an option of the plays whose rules
 * say has_remoteness; a renderer adds that step itself. */
/* Threads: as for positions (position.h). An explanation does not refer to
 * the position: it may outlive it (not the context). */
#ifndef GRUNDY_EXPLAIN_H
#define GRUNDY_EXPLAIN_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "position.h"
#include "solution.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

typedef enum gr_explain_step {
    GR_STEP_TERMS = 0,   /* each term and its value (values[], kinds[]) */
    GR_STEP_SUM = 1,     /* the XOR of the values (Sprague-Grundy): nim_sum, high_bit,
                            move_term, move_to_value, normal_move */
    GR_STEP_BEYOND = 2,  /* a term whose value is infinite (a loopy term that can
                            draw: Smith's rule) or not known (a won state term): the
                            whole explanation, from kinds[] and the solution */
    GR_STEP_MISERE = 3,  /* misère play: the solution's method, sj and searched, and its move */
    GR_STEP_EVERY = 4,   /* Every-SG: the solution's steps and decisive term, and its move */
    GR_STEP_MOORE = 5    /* Moore's Nim-k: the values' binary columns mod k+1, and the move */
} gr_explain_step;

typedef enum gr_term_kind {
    GR_TERM_FINITE = 0,   /* values[i] is the term's Grundy value */
    GR_TERM_INFINITE = 1, /* a loopy term of infinite value (it can draw) */
    GR_TERM_UNKNOWN = 2   /* a won state term whose value grundy does not know */
} gr_term_kind;

typedef struct gr_explanation {
    size_t size;                  /* sizeof(gr_explanation), set by the library */
    const gr_explain_step *steps; /* in order */
    size_t nsteps;
    size_t nterms;
    const uint64_t *values;       /* each term's normal-play value (0 where not finite) */
    const gr_term_kind *kinds;
    size_t beyond;                /* the first term that is not finite (nterms: none) */
    /* GR_STEP_SUM: the XOR of the values; its highest set bit (-1 when the
     * XOR is 0); the first term with that bit (nterms when the XOR is 0),
     * the value it changes to (values[move_term] ^ nim_sum), and one
     * normal-play move that does it (NULL when none is listed) */
    uint64_t nim_sum;
    int high_bit;
    size_t move_term;
    uint64_t move_to_value;
    const gr_move *normal_move;
    /* the play's solution (gr_position_solve, one winning move listed);
     * NULL only in GR_STEP_BEYOND, when the outcome is not known */
    const gr_solution *solution;
} gr_explanation;

/* Explains pos in the play (NULL: normal play). On success *out is the
 * explanation (free it with gr_explanation_free); on failure *out is NULL
 * and err says why, as gr_position_solve's errors, or the error of a term
 * whose value the play needs (misère, Every-SG and Moore play need every
 * term's value). */
GR_NODISCARD gr_status gr_position_explain(gr_position *pos, const gr_play *play, gr_explanation **out,
                                           gr_error *err);
void gr_explanation_free(gr_explanation *e); /* accepts NULL */

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
