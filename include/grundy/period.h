/* Proving eventual periodicity of a Grundy sequence from a finite prefix.
 *
 * A sequence computed from a rule in which heap n's options depend on values
 * at most `t` below n (a subtraction game) is periodic with preperiod e and
 * period p for ever once G(n + p) = G(n) holds for n in [e, e + t); a
 * take-and-break code without splits needs [e, e' + t), e' = max(e, 1),
 * since removing k from a heap of exactly k is a different move.
 * For take-and-break games the Guy-Smith periodicity theorem gives a longer
 * window: [e, 2e' + p + t) when a move may split a heap into two, and
 * [e, 3e' + 2p + t) when it may split into three, with e' = max(e, 1) and t
 * the most tokens one move removes (t >= 0: splitting without removal is
 * t = 0). See docs/theory.md "Proven periodicity" for the derivation. */
/* Threads: pure functions of their arguments: any thread, in parallel. */
#ifndef GRUNDY_PERIOD_H
#define GRUNDY_PERIOD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

typedef enum gr_period_rule {
    GR_PERIOD_SUBTRACTION = 1,  /* subtraction game: n -> n - s for s <= n */
    GR_PERIOD_SPLIT2 = 2,       /* take-and-break, splits into at most two heaps */
    GR_PERIOD_SPLIT3 = 3,       /* take-and-break, splits into at most three heaps */
    GR_PERIOD_NOSPLIT = 4,      /* take-and-break that never splits: like a
                                   subtraction game, but whether a move may
                                   empty the heap depends on the digit */
    GR_PERIOD_ALLBUT = 5        /* a code that never splits and whose last
                                   digit (2 or 3) repeats for ever, e.g. the
                                   all-but subtraction games: arithmetic
                                   periodicity (gr_arith_prove) */
} gr_period_rule;

/* End (exclusive) of the window over which G(n+p) = G(n) must be checked. */
uint64_t gr_period_window_end(gr_period_rule rule, uint64_t t, uint64_t e, uint64_t p);

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
