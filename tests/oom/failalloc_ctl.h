/* Control of the counting allocator (failalloc.c). */
#ifndef GRUNDY_FAILALLOC_CTL_H
#define GRUNDY_FAILALLOC_CTL_H

/* allocation n (1-based) and all after it fail; 0: none fails */
void gr_failalloc_set(unsigned long n);
/* allocations since the last set */
unsigned long gr_failalloc_calls(void);
/* whether an allocation has failed since the last set */
int gr_failalloc_failed(void);

#endif
