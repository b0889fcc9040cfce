/* Experimental API: not part of the stable interface (grundy.h does not
 * include it), and may change between minor versions. It holds the period
 * provers on raw value arrays, which the library uses on its own tables
 * (gr_ruleset_period is the stable way to ask for a period) and the tests
 * use to check the proofs on made-up sequences. */
/* Threads: pure functions of their arguments: any thread, in parallel. */
#ifndef GRUNDY_EXPERIMENTAL_H
#define GRUNDY_EXPERIMENTAL_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "period.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

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
 * (docs/theory.md "Arithmetic periodicity") checks the prefix v[0..n): the
 * relation over [e + p, n), then three conditions on the values that keep
 * the induction going for ever. Returns 1 with the smallest such p (and its
 * least e) when proved, 0 otherwise. */
int gr_arith_prove(const uint32_t *v, size_t n, const uint8_t *digit, size_t ndigits, uint64_t *pre, uint64_t *per,
                   uint64_t *saltus);

/* Arithmetic periodicity, G(n + p) = G(n) + s for every n >= e, of a
 * finite take-and-break code whose moves may split a heap into two or three
 * (hexadecimal codes: digit bit 4 leaves two heaps, bit 8 three), e.g.
 * 0.8, 0.C, 0.FF, 0.A8. digit[0..ndigits-1] are the digits, digit[0] for
 * removing nothing. The proof (docs/theory.md "Arithmetic periodicity of splitting
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

/* The nim product by the definition's recursion over Fermat 2-powers,
 * without tables: the reference the fast paths are tested against (slow;
 * gr_nim_mul is the product to use). */
uint64_t gr_nim_mul_ref(uint64_t a, uint64_t b);

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
