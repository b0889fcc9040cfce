/* Control of the counting allocator (failalloc.c), given to the library
 * through its allocator hook. */
#ifndef GRUNDY_FAILALLOC_CTL_H
#define GRUNDY_FAILALLOC_CTL_H

#include "grundy/grundy.h"

/* the allocator to hand to gr_ctx_new_ex and gr_engine_new_ex */
const gr_allocator *gr_failalloc(void);
/* allocation n (1-based) and all after it fail; 0: none fails */
void gr_failalloc_set(unsigned long n);
/* allocations since the last set */
unsigned long gr_failalloc_calls(void);
/* whether an allocation has failed since the last set */
int gr_failalloc_failed(void);
/* blocks given out and not yet returned */
long gr_failalloc_live(void);
/* frees and resizes of blocks the hook never gave out */
unsigned long gr_failalloc_foreign(void);

#endif
