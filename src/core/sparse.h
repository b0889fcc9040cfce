/* The sparse-space method and the split-scan kernels (sparse.c). */
#ifndef GRUNDY_SPARSE_H
#define GRUNDY_SPARSE_H

#include "core/rs.h"
#include "core/sparse_class.h"

/* gri_split_options: the XORs of every split a + b = sums[k] (a, b >= 1, and
 * a != b when unequal) into a cleared bitset (*bits, *words words) that is
 * wide enough for any XOR of table values; the caller may add more options
 * and take gri_bits_mex. Once gri_sp_start (sparse_class.h) has chosen a
 * class, gri_sp_next appends the next value given the non-split options
 * `single` and the split sums. */
gr_status gri_split_options(gr_ruleset *rs, const size_t *sums, size_t nsums, int unequal, uint64_t **bits,
                           size_t *words, gr_error *err);
uint32_t gri_bits_mex(const uint64_t *bits, size_t words);
/* ORs G(a) ^ G(r - a) for every a in [1, r - 1] into bits (wide enough for
 * any XOR of table values) */
void gri_split_xors(const gr_ruleset *rs, size_t r, uint64_t *bits);
gr_status gri_sp_next(gr_ruleset *rs, const uint64_t *single, size_t nsingle, const size_t *sums, size_t nsums,
                     int unequal, gr_error *err);
/* room for k split sums in rs->sp_sums */
gr_status gri_sp_sums(gr_ruleset *rs, size_t k, gr_error *err);


#endif
