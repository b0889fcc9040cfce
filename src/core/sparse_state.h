/* The sparse-space method's part of a ruleset record (sparse.c,
 * sparse_class.c, sparse_batch.c, split3.c and the windowed runs read
 * it): the listed positions past the switch, the class that lists them,
 * the option bitsets and the tuning knobs. A ruleset that never uses the
 * method leaves it zeroed; gri_rs_free frees its buffers. */
#ifndef GRUNDY_SPARSE_STATE_H
#define GRUNDY_SPARSE_STATE_H

#include <stddef.h>
#include <stdint.h>

/* The XORs of one split sum r with the listed positions of index in [i, e)
 * (one-byte values: a 256-bit set). Consecutive heaps share a sum when the
 * splits remove k and k + 1 (heap n's sum r is heap n + 1's r - 1), so the
 * listed scan keeps its last set for the next heap. r = 0: none; gen: the
 * list it was made from (rs->sp.gen). */
typedef struct gri_sp_pcache {
    size_t r, i, e, gen;
    uint64_t bits[4];
} gri_sp_pcache;

typedef struct gri_sparse {
    int on;                /* 0 not yet, 1 on, -1 not applicable */
    uint32_t mask;         /* the class: listed iff parity(G(i) & mask) ^ dom ((i ^ pp) & 1) = 0 */
    unsigned dom;
    unsigned p, pp;        /* parity of the split removals (2: mixed); pp = p & 1, 0 when mixed */
    unsigned vbits;        /* bit length of the largest value counted */
    unsigned cb;           /* value bits the counts keep: min(vbits, 12) */
    size_t upto;           /* positions 0..upto-1 are classified and counted */
    uint32_t *rare;        /* listed positions, ascending */
    uint32_t *rval;        /* their values */
    size_t nrare, cap, vcap;
    uint32_t umax;         /* the largest value of an unlisted position (a split of two makes less than 2^bitlen) */
    uint32_t *cnt;         /* positions by ((G & low cb bits) << 1) | ((i ^ pp) & 1) */
    int64_t *wh;           /* scratch for the counts' Walsh-Hadamard transform */
    uint64_t z;            /* bit j set when parity(j & mask & 63) = 0 */
    size_t chosen_at;      /* table length when the class was last chosen */
    size_t switches;       /* classes chosen after the first (tests read it) */
    uint64_t *bits;        /* option bitset, 2^bitlen(tabmax) bits */
    uint64_t *need;        /* candidates still without a witness, same width */
    uint8_t *flag;         /* byte flags of the options, 64 per word, and one spare */
    uint32_t *wit;         /* per value: the block where it was last witnessed (0: none) */
    size_t bwords, bused;
    size_t *sums;          /* heap totals that split, for the current n */
    size_t scap;
    /* the table reversed, for witness scans that read both parts forwards:
     * rev[revm - 1 - i] = G(i) for i < revlen, width revw */
    void *rev;
    size_t revm, revlen;
    unsigned revw;
    /* tuning and test knobs (gri_sp_tune): the pass compares values one by
     * one while at most k0 are missing; with `every` > 0 the class is
     * chosen again each `every` values, at random when rng != 0 */
    unsigned k0;
    size_t s3_full;        /* three-way heaps whose mex needed every word (tests read it) */
    int avx2;              /* 1: use the AVX2 kernels, 2: and AVX-512BW's; -1: neither (tests) */
    /* the lookup pass's first block (sparse.c, pass_start): rounds count the
     * blocks read from each candidate start over the same number of heaps */
    size_t pstart;         /* the start in force between rounds */
    int pchosen;           /* 0: a round is counting (heap h tries candidate h % GRI_PCANDS); 1: chosen */
    size_t pheaps;         /* heaps counted in the round, or since it */
    uint64_t pblocks[8];   /* blocks read, per candidate */
    size_t pforce;         /* tests (gri_sp_force_start): 1 + the start always used; 0: chosen */
    gri_sp_pcache pc;      /* the full table's listed scan, carried from heap to heap */
    size_t gen;            /* counts the lists made (a cache of an older list is stale) */
    size_t every;
    uint64_t rng;
} gri_sparse;

#endif
