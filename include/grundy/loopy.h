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
#ifndef GRUNDY_LOOPY_H
#define GRUNDY_LOOPY_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

/* value[v] for a vertex whose value is infinite */
#define GR_LOOPY_INFINITE UINT32_MAX

/* The outcome of a position: the player to move loses (P), wins (N), or
 * neither can force a win (D, a draw: only in loopy games). */
typedef enum gr_outcome { GR_OUTCOME_P = 0, GR_OUTCOME_N = 1, GR_OUTCOME_D = 2 } gr_outcome;

/* A generalized Sprague-Grundy value: finite (value), or ∞(K) with K the
 * ascending finite values K[0..nK). */
typedef struct gr_gvalue {
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

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
