/* Remoteness: how long the game lasts under perfect play, when the winner
 * hurries and the loser delays (Steinhaus; Winning Ways, chapter 9).
 *
 *   a terminal position (no move) has remoteness 0;
 *   a won position: 1 + the least remoteness among its moves to lost
 *       positions;
 *   a lost position: 1 + the largest remoteness among its moves.
 *
 * In normal play a terminal position is lost, so the lost positions are
 * exactly those of even remoteness; in misère play a terminal position is
 * won (remoteness 0 still), and the lost ones are those of odd remoteness.
 *
 * Remoteness does not add up over a sum the way Grundy values do: a sum's
 * is computed exactly by the bounded search over canonical sums (the
 * context's search limit and time limit apply; past them GR_ELIMIT). A
 * single heap of a ruleset whose moves leave one heap is read from a
 * table, and a family may know its single heaps by formula (nim).
 *
 * A game with cycles (graph[...] on a graph with cycles, loopy rules) may
 * be a draw: every position reachable from the start is listed (at most
 * the search limit) and solved backwards from the terminal positions
 * ("retrograde"); won and lost positions get their remoteness, the rest
 * are draws (outcome GR_OUTCOME_D). */
#ifndef GRUNDY_REMOTENESS_H
#define GRUNDY_REMOTENESS_H

#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

/* the remoteness of a draw (it has none) */
#define GR_REMOTENESS_DRAW UINT64_MAX

typedef struct gr_remoteness {
    size_t size;          /* sizeof(gr_remoteness): set by the caller (GR_SIZED) */
    gr_outcome outcome;   /* GR_OUTCOME_N: the player to move wins; P: loses; D: a draw */
    uint64_t remoteness;  /* moves left under perfect play (GR_REMOTENESS_DRAW for a draw) */
    const char *method;   /* "formula", "table", "search" or "retrograde" */
    uint64_t searched;    /* positions the search memoized or the retrograde analysis listed (0: none) */
} gr_remoteness;

/* The remoteness of the whole sum, in normal play (misere 0) or misère
 * play (misere 1). */
GR_NODISCARD gr_status gr_position_remoteness(gr_position *pos, int misere, gr_remoteness *out, gr_error *err);

/* Called per move with the remoteness of the position the move leaves
 * (its outcome is for the player then to move); return nonzero to stop. */
typedef int (*gr_remote_move_fn)(void *user, const gr_move *move, const gr_remoteness *after);

/* grundy's order of what moves leave (< 0: x is better for the player
 * who moves there): a lost position first, the smallest remoteness first
 * (a fast win); then a draw; then a won position, the largest remoteness
 * first (the loser makes the game last). */
int gr_remoteness_cmp(const gr_remoteness *x, const gr_remoteness *y);

/* Every move of the sum (as gr_position_moves lists them) with the
 * remoteness of the position it leaves. Visits at most max_moves (0: no
 * bound); *complete (may be NULL) is 1 when every move was visited. */
GR_NODISCARD gr_status gr_position_remoteness_moves(gr_position *pos, int misere, size_t max_moves,
                                                    gr_remote_move_fn fn, void *user, int *complete,
                                                    gr_error *err);

/* The remoteness of the single heaps 0..count-1 of a heap ruleset, alone,
 * into out[0..count). A move that splits a heap leaves a sum, which is
 * searched (the search limit applies). */
GR_NODISCARD gr_status gr_ruleset_remoteness(gr_ruleset *rs, uint64_t count, int misere, uint64_t *out,
                                             gr_error *err);

/* An evaluator that keeps what its searches learned between calls (one
 * context, one play): for many positions of one game, such as a table of
 * two-number positions. It takes the context's search limit when it is
 * made; a call past it fails with GR_ELIMIT and the next goes on. Not for
 * two threads at once. */
typedef struct gr_remote_eval gr_remote_eval;
GR_NODISCARD gr_status gr_remote_eval_new(gr_ctx *ctx, int misere, gr_remote_eval **out, gr_error *err);
GR_NODISCARD gr_status gr_remote_eval_position(gr_remote_eval *e, gr_position *pos, gr_remoteness *out, gr_error *err);
void gr_remote_eval_free(gr_remote_eval *e); /* accepts NULL */

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
