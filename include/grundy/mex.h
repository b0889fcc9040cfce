/* mex: the least non-negative integer not in a set, the heart of every
 * Grundy value. A gr_mexset is a growable bitset of small values that can be
 * cleared cheaply between uses. */
/* Threads: a gr_mexset is used by one thread at a time; the functions keep
 * no other state. */
#ifndef GRUNDY_MEX_H
#define GRUNDY_MEX_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

typedef struct gr_mexset {
    uint64_t *words;
    size_t nwords;   /* allocated words */
    size_t used;     /* words that may hold set bits */
} gr_mexset;

void gr_mexset_init(gr_mexset *s);
void gr_mexset_clear(gr_mexset *s);          /* empties the set, keeps memory */
void gr_mexset_free(gr_mexset *s);
/* Adds v. Values above `cap` are ignored (they can never be the mex of a
 * set with at most cap elements), which bounds memory by the option count. */
GR_NODISCARD gr_status gr_mexset_add(gr_mexset *s, uint64_t v);
uint64_t gr_mexset_mex(const gr_mexset *s);

/* mex of an unsorted array of values; scratch-free, O(n) time and memory. */
GR_NODISCARD gr_status gr_mex_array(const uint64_t *vals, size_t n, uint64_t *out);

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
