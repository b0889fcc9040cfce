/* The counting allocator behind failalloc.h: allocation number fail_at
 * (1-based; 0 never) and every later one fail until the test resets it. */
#include <stdlib.h>
#include "failalloc_ctl.h"

static unsigned long calls, fail_at;

void gr_failalloc_set(unsigned long n) { calls = 0; fail_at = n; }
unsigned long gr_failalloc_calls(void) { return calls; }
int gr_failalloc_failed(void) { return fail_at && calls >= fail_at; }

static int fail_now(void) { return ++calls >= fail_at && fail_at; }

void *gr_failalloc_malloc(size_t n) { return fail_now() ? NULL : malloc(n); }
void *gr_failalloc_calloc(size_t k, size_t n) { return fail_now() ? NULL : calloc(k, n); }
void *gr_failalloc_realloc(void *p, size_t n) { return fail_now() ? NULL : realloc(p, n); }
