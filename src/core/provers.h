/* The period provers on tables of 1-, 2- or 4-byte values (period.c,
 * hexarith.c), as the value table stores them. */
#ifndef GRUNDY_PROVERS_H
#define GRUNDY_PROVERS_H

#include "core/internal.h"

/* gr_period_prove on values of `width` bytes each (1, 2 or 4) */
int gri_period_prove_w(const gr_allocator *al, const void *values, unsigned width, size_t n, gr_period_rule rule, uint64_t t,
                      uint64_t *pre, uint64_t *per);
int gri_arith_prove_w(const gr_allocator *al, const void *values, unsigned width, size_t n, const uint8_t *digit, size_t ndigits, uint64_t *pre,
                     uint64_t *per, uint64_t *saltus);
int gri_hex_arith_prove_w(const gr_allocator *al, const void *values, unsigned width, size_t n, const uint8_t *digit, size_t ndigits,
                         uint64_t *pre, uint64_t *per, uint64_t *saltus, uint64_t *need);

#endif
