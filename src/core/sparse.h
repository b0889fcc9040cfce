/* The sparse-space method and the split-scan kernels (sparse.c). */
#ifndef GRUNDY_SPARSE_H
#define GRUNDY_SPARSE_H

#include "rs.h"

/* gri_split_options: the XORs of every split a + b = sums[k] (a, b >= 1, and
 * a != b when unequal) into a cleared bitset (*bits, *words words) that is
 * wide enough for any XOR of table values; the caller may add more options
 * and take gri_bits_mex. gri_sp_start picks the class from the table so far
 * (sets sp_on to 1, or -1 when out of memory); gri_sp_next appends the next
 * value given the non-split options `single` and the split sums. */
gr_status gri_split_options(gr_ruleset *rs, const size_t *sums, size_t nsums, int unequal, uint64_t **bits,
                           size_t *words, gr_error *err);
uint32_t gri_bits_mex(const uint64_t *bits, size_t words);
/* ORs G(a) ^ G(r - a) for every a in [1, r - 1] into bits (wide enough for
 * any XOR of table values) */
void gri_split_xors(const gr_ruleset *rs, size_t r, uint64_t *bits);
/* p: the parity of every split removal (the heap minus a split sum), 2 when
 * they differ */
void gri_sp_start(gr_ruleset *rs, unsigned p);
gr_status gri_sp_next(gr_ruleset *rs, const uint64_t *single, size_t nsingle, const size_t *sums, size_t nsums,
                     int unequal, gr_error *err);
/* room for k split sums in rs->sp_sums */
gr_status gri_sp_sums(gr_ruleset *rs, size_t k, gr_error *err);
/* Tests and benchmarks: the pass compares missing values one by one while
 * at most k0 are left (else flags every split); every > 0 reviews the class
 * every `every` values, picking one at random when seed != 0; portable
 * turns the AVX2 kernels off. */
void gri_sp_tune(gr_ruleset *rs, unsigned k0, size_t every, uint64_t seed, int portable);
/* how many times the class changed after the first choice */
size_t gri_sp_switches(const gr_ruleset *rs);

#endif
