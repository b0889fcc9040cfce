/* Misère quotients, internal: the monoid records the builder, the verifier
 * and the presentation share (quotient.c, mq_build.c, mq_present.c). */
#ifndef GRUNDY_MQ_H
#define GRUNDY_MQ_H

#include <stddef.h>
#include <stdint.h>
#include "grundy/status.h"

/* The options of heaps 0..n: option j of heap h is parts[j][0..nparts[j])
 * for start[h] <= j < start[h + 1]; hb[h] is the heap's birthday (the
 * longest play from it), which bounds the order of the proofs. */
typedef struct mq_opts {
    uint32_t n;
    uint32_t *start;
    uint32_t (*parts)[3];
    uint8_t *nparts;
    uint64_t *hb;
    struct gr_ctx *ctx;   /* the proof polls its time limit (NULL: none) */
} mq_opts;

/* A finite commutative monoid with identity 0, its P-portion, and the
 * element of each heap 0..n. */
typedef struct mq_mon {
    const gr_allocator *al; /* where its tables live (set when built) */
    uint32_t q;
    uint32_t *mul;   /* q * q */
    uint8_t *isp;
    uint32_t *phi;   /* n + 1 */
    uint32_t n;
} mq_mon;

void gri_mq_free(mq_mon *m);

/* A heap given a free cyclic coordinate: counts 0..m+p-1, with
 * m + p + i = m + i. */
typedef struct mq_coord {
    uint32_t heap, m, p;
} mq_coord;

/* A sum the candidate must judge right (or GR_EUNPROVEN, quietly). */
typedef struct mq_probe {
    const uint32_t *word;
    size_t len;
    int want_p;
} mq_probe;

/* Builds a candidate for heaps 1..n from base b (b->n is n - 1 or n; heap n
 * must have a coordinate when b does not cover it): the heaps of E get free
 * cyclic coordinates, the others keep their elements of b; each element of
 * the product is marked P or N from the options of its least-birthday sum,
 * and the product is reduced by indistinguishability. GR_ELIMIT when the
 * product would exceed max_m elements or the result max_q. */
gr_status gri_mq_candidate(const mq_mon *b, const mq_opts *o, uint32_t n, const mq_coord *E, size_t ne,
                           const mq_probe *probe, uint64_t max_m, uint32_t max_q, mq_mon *out, gr_error *err);

/* The elements of heap h's options in m, distinct and ascending, into buf
 * (room for the heap's number of options, or m->q if fewer); seen is m->q zero bytes, left zero. Their number. */
size_t gri_mq_option_set(const mq_mon *m, const mq_opts *o, uint32_t h, uint32_t *buf, uint8_t *seen);

/* The proof (mq_verify.c): ok, or the cheapest sum it misjudges (word: its
 * heaps) and the outcome that sum really has. GR_ELIMIT past max_states. */
typedef struct mq_verdict {
    int ok;
    uint32_t *word;
    size_t len;
    int truth_p;
    uint64_t states;
} mq_verdict;

gr_status gri_mq_verify(const mq_mon *m, const mq_opts *o, uint64_t max_states, mq_verdict *out, gr_error *err);

/* The presentation of a verified quotient (mq_present.c). */
typedef struct mq_pres {
    const gr_allocator *al;
    size_t ngen;
    uint64_t *gen_heap;
    uint32_t *nf;      /* q * ngen */
    size_t nrel;
    uint32_t *rel;     /* nrel * 2 * ngen: lhs then rhs */
} mq_pres;

gr_status gri_mq_present(const mq_mon *m, const mq_opts *o, mq_pres *out, gr_error *err);
void gri_mq_pres_free(mq_pres *p);

#endif
