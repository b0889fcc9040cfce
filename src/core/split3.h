/* Three-way splits for the dense tabulation of take-and-break codes
 * (split3.c): the options of splitting a heap of r into three non-empty
 * heaps, as a bitset. */
#ifndef GRUNDY_SPLIT3_H
#define GRUNDY_SPLIT3_H

#include "core/rs.h"

/* p2 rows: row m holds { G(b) ^ G(m - b) : 1 <= b < m } in `words` words
 * (a power of two, enough for any XOR of table values); acc is scratch */
typedef struct gri_split3 {
    uint64_t *rows;
    size_t len, cap, words;
    uint64_t *acc;
    size_t acc_words;
    const gr_allocator *al;  /* set by the first gri_split3_ensure */
} gri_split3;

/* rows 0..upto-1, refilled when the values need more words */
gr_status gri_split3_ensure(gr_ruleset *rs, gri_split3 *p, size_t upto, gr_error *err);
/* ORs the XOR of every split of r into three non-empty heaps into bits
 * (at least p->words words), at least those below `upto` (a bound that
 * saves reading whole rows: SIZE_MAX for all); rows up to r - 1 must be
 * there */
void gri_split3_options(const gr_ruleset *rs, gri_split3 *p, size_t r, uint64_t *bits, size_t upto);
void gri_split3_free(gri_split3 *p);

#endif
