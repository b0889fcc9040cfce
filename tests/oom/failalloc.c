/* A counting allocator handed to the library through its allocator hook
 * (gr_ctx_new_ex, gr_engine_new_ex): allocation number fail_at (1-based;
 * 0 never) and every later one fail until the test resets it. Each block
 * carries a header with a mark, so a block freed or resized here that the
 * hook did not give out is caught (foreign), and the blocks still out are
 * counted (live): after a context is freed none may be left. */
#include <stdint.h>
#include <stdlib.h>
#include "failalloc_ctl.h"

#define MARK 0x6772756e6479ull /* "grundy" */

typedef struct header {
    uint64_t mark;
    uint64_t size;
} header;

typedef struct counter {
    unsigned long calls, fail_at, foreign;
    long live;
} counter;

static counter state;

void gr_failalloc_set(unsigned long n) { state.calls = 0; state.fail_at = n; state.foreign = 0; }
unsigned long gr_failalloc_calls(void) { return state.calls; }
int gr_failalloc_failed(void) { return state.fail_at && state.calls >= state.fail_at; }
long gr_failalloc_live(void) { return state.live; }
unsigned long gr_failalloc_foreign(void) { return state.foreign; }

static int fail_now(counter *c) { return ++c->calls >= c->fail_at && c->fail_at; }

static header *own(counter *c, void *p) {
    header *h = (header *)p - 1;
    if (h->mark != MARK) { c->foreign++; if (getenv("FAILALLOC_ABORT")) abort(); return NULL; }
    return h;
}

static void *hook_malloc(void *user, size_t n) {
    counter *c = user;
    if (fail_now(c)) return NULL;
    header *h = malloc(sizeof *h + n);
    if (!h) return NULL;
    h->mark = MARK;
    h->size = n;
    c->live++;
    return h + 1;
}

static void *hook_realloc(void *user, void *p, size_t n) {
    counter *c = user;
    header *h = own(c, p);
    if (!h || fail_now(c)) return NULL;
    header *g = realloc(h, sizeof *g + n);
    if (!g) return NULL;
    g->size = n;
    return g + 1;
}

static void hook_free(void *user, void *p) {
    counter *c = user;
    if (!p) return;
    header *h = own(c, p);
    if (!h) return; /* not ours: counted, and left alone */
    h->mark = 0;
    c->live--;
    free(h);
}

const gr_allocator *gr_failalloc(void) {
    static gr_allocator a;
    a = (gr_allocator){sizeof a, hook_malloc, hook_realloc, hook_free, &state};
    return &a;
}
