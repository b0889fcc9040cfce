/* The sparse-space method's classes (sparse_class.c): which positions are
 * listed, and when the class is chosen again. The step and its kernels
 * are in sparse.c (sparse.h). */
#ifndef GRUNDY_SPARSE_CLASS_H
#define GRUNDY_SPARSE_CLASS_H

#include "core/rs.h"

#include "core/cpu.h"

/* parity of the set bits, without a library call on CPUs without POPCNT */
static inline unsigned gri_parity32(uint32_t x) {
    x ^= x >> 16;
    x ^= x >> 8;
    x ^= x >> 4;
    return (0x6996u >> (x & 15)) & 1;
}

static inline unsigned gri_bitlen64(uint64_t v) { return v ? 64u - (unsigned)__builtin_clzll(v) : 0u; }

/* the class bit of position i with value v: 0 when listed */
static inline unsigned gri_sp_class(const gr_ruleset *rs, uint32_t v, size_t i) {
    return gri_parity32(v & rs->sp.mask) ^ (rs->sp.dom & (unsigned)((i ^ rs->sp.pp) & 1));
}

/* Chooses the first class from the table so far (sets sp_on to 1, or -1
 * when out of memory). removals: the parities of the split removals (the
 * heap minus a split sum), bit 0 for an even one and bit 1 for an odd one. */
void gri_sp_start(gr_ruleset *rs, unsigned removals);
/* gri_sp_start with the class (mask, dom) instead of the best one (a
 * saved run's class); 0 when out of memory. */
int gri_sp_restore(gr_ruleset *rs, unsigned removals, uint32_t mask, unsigned dom);
/* A value v at position i joins the counts and, when listed, the list;
 * the class may be reviewed. 0 when out of memory (nothing counted). */
int gri_sp_note(gr_ruleset *rs, uint32_t v, size_t i);
/* Tests and benchmarks: the pass compares missing values one by one while
 * at most k0 are left (else flags every split); every > 0 reviews the class
 * every `every` values, picking one at random when seed != 0; portable 1
 * turns the vector kernels off, 2 keeps AVX2's but not AVX-512's. */
void gri_sp_tune(gr_ruleset *rs, unsigned k0, size_t every, uint64_t seed, int portable);
/* how many times the class changed after the first choice */
size_t gri_sp_switches(const gr_ruleset *rs);

#endif
