/* Loopy games: the generalized Sprague-Grundy function of a finite directed
 * graph that may have cycles (Smith 1966; Fraenkel and Yesha 1986).
 *
 * A token on a vertex moves along an out-edge; the player who cannot move
 * loses; a play that never ends is a draw. Every vertex gets either a
 * finite value g (it behaves like a nim heap of g in every sum) or an
 * infinite value written ∞(K), where K is the set of finite values among
 * its followers. Sums follow Smith's rule:
 *
 *   g + h = g XOR h;   g + ∞(K) = ∞(K XOR g);   ∞(K) + ∞(L) = ∞(∅)
 *
 * and a position of value g is won by the player to move when g != 0, lost
 * when g = 0; a position of value ∞(K) is won when 0 is in K and a draw
 * otherwise. On a graph without cycles every value is finite and these are
 * the ordinary Grundy values. */
/* Threads: gr_loopy_solve keeps no state and may run on separate graphs in
 * parallel; the position calls follow position.h (one thread at a time per
 * context). */
#ifndef GRUNDY_LOOPY_H
#define GRUNDY_LOOPY_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

/* value[v] for a vertex whose value is infinite */
#define GR_LOOPY_INFINITE UINT32_MAX

/* A generalized Sprague-Grundy value: finite (value), or ∞(K) with K the
 * ascending finite values K[0..nK). */
typedef struct gr_gvalue {
    size_t size;         /* sizeof(gr_gvalue): set by the caller (GR_SIZED) */
    int infinite;
    uint64_t value;
    const uint64_t *K;
    size_t nK;
} gr_gvalue;

/* The generalized Sprague-Grundy function of the graph with n vertices
 * whose followers of v are adj[off[v] .. off[v+1]) (off has n + 1 entries,
 * off[0] = 0; a self-loop and repeated edges are allowed). value[v] gets the
 * finite value of v or GR_LOOPY_INFINITE. counter (optional, may be NULL)
 * gets, for a vertex of finite value, the order in which the algorithm
 * fixed it: a player who wins moves, after each reply that raises a value
 * or goes to an infinite one, back to the same value at a smaller counter,
 * so the win comes in finite time (counter is UINT32_MAX for infinite
 * vertices). Time O((n + m) * (largest value + 2)) at most, memory O(n + m);
 * no recursion. GR_EINVAL for a malformed off/adj, GR_ENOMEM. */
GR_NODISCARD gr_status gr_loopy_solve(uint32_t n, const uint32_t *off, const uint32_t *adj, uint32_t *value,
                                      uint32_t *counter, gr_error *err);

/* Whether positions of the ruleset may have infinite values (graph[...]:
 * the graph may have cycles). */
int gr_ruleset_is_loopy(const gr_ruleset *rs);

/* ---- sums with loopy terms (graph[...] on a graph with cycles) ----
 * Terms of the other families have finite values and enter by them. */

/* The generalized value of term i, and of the whole sum by Smith's rule.
 * out->K points into the position: valid while it lives, until the next
 * gvalue call on it. */
GR_NODISCARD gr_status gr_position_term_gvalue(gr_position *pos, size_t i, gr_gvalue *out, gr_error *err);
GR_NODISCARD gr_status gr_position_gvalue(gr_position *pos, gr_gvalue *out, gr_error *err);

/* P, N or D for any position whose terms' values are known (for a sum
 * without loopy terms: P or N by the XOR). */
GR_NODISCARD gr_status gr_position_loopy_outcome(gr_position *pos, gr_outcome *out, gr_error *err);

/* From a draw (D): moves to positions that are still a draw, the moves
 * that keep the game going without losing (none from P or N). Every such
 * move of a loopy term is listed; in a term of an ordinary family only the
 * moves that lower its value are, so *complete is 0 when such a term could
 * also be raised. gr_position_winning_moves lists the winning moves of a
 * won loopy sum (the one infinite term moves to the value that makes every
 * value finite with XOR 0). */
GR_NODISCARD gr_status gr_position_draw_moves(gr_position *pos, size_t max_moves, gr_move_fn fn, void *user,
                                              int *complete, gr_error *err);

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
