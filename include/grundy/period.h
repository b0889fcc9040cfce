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
 * t = 0). See README "Proven periodicity" for the derivation. */
#ifndef GRUNDY_PERIOD_H
#define GRUNDY_PERIOD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

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

/* Looks for the smallest period p with the smallest preperiod e that the
 * prefix v[0..n) proves under `rule`. Returns 1 and sets *pre, *per when
 * found, 0 otherwise. O(n) per candidate period in the worst case. */
int gr_period_prove(const uint32_t *v, size_t n, gr_period_rule rule, uint64_t t,
                    uint64_t *pre, uint64_t *per);

/* Arithmetic periodicity, G(n + p) = G(n) + s (s >= 1) for every n >= e,
 * of a take-and-break code that never splits and whose last digit repeats
 * for ever: digit[0..ndigits-1] are the digits (digit[0], splitting
 * without removal, must be 0),
 * digit[ndigits-1] repeats and must have bit 2 set (leave one heap), so the
 * options of a large heap include every earlier value. The proof
 * (README "Arithmetic periodicity") checks the prefix v[0..n): the
 * relation over [e + p, n), then three conditions on the values that keep
 * the induction going for ever. Returns 1 with the smallest such p (and its
 * least e) when proved, 0 otherwise. */
int gr_arith_prove(const uint32_t *v, size_t n, const uint8_t *digit, size_t ndigits, uint64_t *pre, uint64_t *per,
                   uint64_t *saltus);

/* Arithmetic periodicity, G(n + p) = G(n) + s for every n >= e, of a
 * finite take-and-break code whose moves may split a heap into two or three
 * (hexadecimal codes: digit bit 4 leaves two heaps, bit 8 three), e.g.
 * 0.8, 0.C, 0.FF, 0.A8. digit[0..ndigits-1] are the digits, digit[0] for
 * removing nothing. The proof (README "Arithmetic periodicity of splitting
 * codes") needs the saltus of some period to be a power of two and checks
 * the prefix v[0..n): the relation, a residue condition that keeps options
 * with two or more large parts away from G(n), and one window of heaps
 * beyond which the options repeat raised by the saltus. Returns 1 with the
 * smallest period (its least preperiod and saltus) when proved, 0
 * otherwise; *need (may be NULL) is then the prefix length that the best
 * candidate holding over at least the second half of v would need (0:
 * none), and on success the prefix length the proof used. */
int gr_hex_arith_prove(const uint32_t *v, size_t n, const uint8_t *digit, size_t ndigits, uint64_t *pre,
                       uint64_t *per, uint64_t *saltus, uint64_t *need);

#ifdef __cplusplus
}
#endif
#endif
