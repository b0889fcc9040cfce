/* The sparse-space method and the split-scan kernels (sparse.c). */
#ifndef GRUNDY_SPARSE_H
#define GRUNDY_SPARSE_H

#include "rs.h"

/* gri_split_options: the XORs of every split a + b = sums[k] (a, b >= 1, and
 * a != b when unequal) into a cleared bitset (*bits, *words words) that is
 * wide enough for any XOR of table values; the caller may add more options
 * and take gri_bits_mex. gri_sp_start picks the mask from the table so far
 * (sets sp_on to 1, or -1 when out of memory); gri_sp_next appends the next
 * value given the non-split options `single` and the split sums. */
gr_status gri_split_options(gr_ruleset *rs, const size_t *sums, size_t nsums, int unequal, uint64_t **bits,
                           size_t *words, gr_error *err);
uint32_t gri_bits_mex(const uint64_t *bits, size_t words);
void gri_sp_start(gr_ruleset *rs);
gr_status gri_sp_next(gr_ruleset *rs, const uint64_t *single, size_t nsingle, const size_t *sums, size_t nsums,
                     int unequal, gr_error *err);
/* room for k split sums in rs->sp_sums */
gr_status gri_sp_sums(gr_ruleset *rs, size_t k, gr_error *err);

#endif
