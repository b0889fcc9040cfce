/* Force-included (-include) into a test-only build of the library sources:
 * every malloc, calloc and realloc of the library goes through a counting
 * allocator that the out-of-memory test can tell to fail at the N-th call
 * (the pattern of Lua's ltests memory control). The library itself has no
 * hook and no global state: only this build of it does. */
#ifndef GRUNDY_FAILALLOC_H
#define GRUNDY_FAILALLOC_H

#include <stdlib.h>
#include <string.h>

void *gr_failalloc_malloc(size_t n);
void *gr_failalloc_calloc(size_t k, size_t n);
void *gr_failalloc_realloc(void *p, size_t n);

#define malloc gr_failalloc_malloc
#define calloc gr_failalloc_calloc
#define realloc gr_failalloc_realloc

#endif
