/* Misère quotients (Plambeck 2005; Plambeck and Siegel 2008).
 *
 * Take a heap ruleset and the set A of all finite sums of its heaps of at
 * most N tokens. Two sums G and H are indistinguishable when G + X and H + X
 * have the same misère outcome for every X in A. The classes form a finite
 * or infinite commutative monoid, the misère quotient Q; the heaps map to
 * elements of Q (the pretending function), a sum maps to the product of its
 * heaps' elements, and the P-portion is the set of elements whose sums the
 * player to move loses. With Q in hand, a sum of any number of heaps up to N
 * is decided by multiplying table entries.
 *
 * grundy builds Q heap by heap. Each candidate is checked by a proof, not
 * trusted: a finite search over pairs (element, set of elements of the
 * options) that covers every sum of heaps up to N (docs/theory.md "Misère
 * quotients"). A candidate that fails is rebuilt from the smallest sum it
 * misjudges. When the quotient outgrows the bounds, the call stops with
 * GR_ELIMIT and says at which heap; it never returns an unproved table. */
/* Threads: computing a quotient fills its ruleset's tables (one thread at a
 * time per context); a computed gr_quotient is read-only, and its queries
 * may run from any number of threads. */
#ifndef GRUNDY_QUOTIENT_H
#define GRUNDY_QUOTIENT_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "ruleset.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

typedef struct gr_quotient gr_quotient;

/* Bounds of one computation. 0 in a field means its default. */
typedef struct gr_quotient_limits {
    size_t size;         /* sizeof(gr_quotient_limits): set by the caller (GR_SIZED) */
    uint32_t max_size;    /* largest quotient accepted (default 4096) */
    uint64_t max_states;  /* states one verification may visit (default 2^22) */
    uint64_t max_work;    /* states of all verifications plus elements of all
                             candidates (default: no bound) */
} gr_quotient_limits;

/* The misère quotient of the sums of heaps 0..max_heap of a heap ruleset
 * (whose moves leave at most three heaps). limits may be NULL. GR_EINVAL for
 * a ruleset that is not a heap game; GR_ELIMIT when a bound stops it (the
 * message names the last heap verified). Free with gr_quotient_free. */
GR_NODISCARD gr_status gr_quotient_compute(gr_ruleset *rs, uint64_t max_heap, const gr_quotient_limits *limits,
                                           gr_quotient **out, gr_error *err);
void gr_quotient_free(gr_quotient *q);

/* The same for the closure of the heaps 0..max_heap together with the nim
 * heaps *1..*nim (nim <= 64): misère Grundy values read off it, since
 * G⁻(X) = n iff X + *n is a misère P-position (docs/theory.md). */
GR_NODISCARD gr_status gr_quotient_compute_nim(gr_ruleset *rs, uint64_t max_heap, uint32_t nim,
                                               const gr_quotient_limits *limits, gr_quotient **out, gr_error *err);
/* the element of the nim heap *n (n <= nim; 0 for *0; UINT32_MAX past) */
uint32_t gr_quotient_nim(const gr_quotient *q, uint32_t n);

uint64_t gr_quotient_max_heap(const gr_quotient *q);
/* number of elements; element 0 is the identity (the empty sum) */
uint32_t gr_quotient_size(const gr_quotient *q);
uint32_t gr_quotient_mul(const gr_quotient *q, uint32_t x, uint32_t y);
int gr_quotient_is_p(const gr_quotient *q, uint32_t x);
/* Is the pretending function proved periodic, phi(n + per) = phi(n) for
 * every n >= pre? Then the quotient is that of every heap, of any size
 * (finite take-and-break codes and subtraction sets only). */
int gr_quotient_period(const gr_quotient *q, uint64_t *pre, uint64_t *per);
/* does the quotient decide sums with a heap of n tokens? */
int gr_quotient_covers(const gr_quotient *q, uint64_t n);
/* the element of a heap of n tokens (gr_quotient_covers(q, n) must hold) */
uint32_t gr_quotient_heap(const gr_quotient *q, uint64_t n);
/* the element x^k */
uint32_t gr_quotient_pow(const gr_quotient *q, uint32_t x, uint64_t k);
/* states the final verification visited (the size of its proof) */
uint64_t gr_quotient_verified_states(const gr_quotient *q);

/* A presentation. Generators are the heaps whose element is not a product of
 * earlier heaps' elements, named a, b, c, ... in heap order. Every element
 * has a normal form: the least exponent vector over the generators (by
 * total degree, then lexicographically) that multiplies to it. Relations
 * are u = v with u the minimal exponent vectors that are not normal forms
 * and v the normal form of their element: a complete rewriting system, so
 * they define Q, though not always with the fewest relations. */
size_t gr_quotient_generators(const gr_quotient *q);
/* the heap of generator i; with nim heaps adjoined, max_heap + j stands
 * for the nim heap *j */
uint64_t gr_quotient_generator_heap(const gr_quotient *q, size_t i);
/* the element of generator i */
uint32_t gr_quotient_generator_element(const gr_quotient *q, size_t i);
/* the normal form of x: gr_quotient_generators(q) exponents */
const uint32_t *gr_quotient_normal_form(const gr_quotient *q, uint32_t x);
size_t gr_quotient_relations(const gr_quotient *q);
/* relation i: lhs and rhs exponent vectors (gr_quotient_generators(q) each) */
void gr_quotient_relation(const gr_quotient *q, size_t i, const uint32_t **lhs, const uint32_t **rhs);

GR_API_END
#ifdef __cplusplus
}
#endif

#endif
