/* Memory: the one place the library calls the C library's allocator. A
 * context made with gr_ctx_new_ex carries the caller's gr_allocator and
 * every other module allocates through gri_malloc and its siblings with it
 * (tests/alloc_test.py checks that no other file calls malloc, calloc,
 * realloc, free or strdup). */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "core/context_internal.h"

static void *libc_malloc(void *user, size_t n) { (void)user; return malloc(n); }
static void *libc_realloc(void *user, void *p, size_t n) { (void)user; return realloc(p, n); }
static void libc_free(void *user, void *p) { (void)user; free(p); }

const gr_allocator gri_libc_alloc = {sizeof(gr_allocator), libc_malloc, libc_realloc, libc_free, NULL};

void *gri_malloc(const gr_allocator *a, size_t n) { return a->malloc(a->user, n ? n : 1); }

void *gri_calloc(const gr_allocator *a, size_t n, size_t sz) {
    if (sz && n > SIZE_MAX / sz) return NULL;
    size_t t = n * sz;
    void *p = a->malloc(a->user, t ? t : 1);
    if (p) memset(p, 0, t);
    return p;
}

void *gri_realloc(const gr_allocator *a, void *p, size_t n) {
    if (!p) return gri_malloc(a, n);
    return a->realloc(a->user, p, n ? n : 1);
}

void gri_free(const gr_allocator *a, void *p) {
    if (p) a->free(a->user, p);
}

char *gri_strdup(const gr_allocator *a, const char *s) {
    size_t n = strlen(s) + 1;
    char *c = gri_malloc(a, n);
    if (c) memcpy(c, s, n);
    return c;
}

const gr_allocator *gri_ctx_alloc(const gr_ctx *ctx) { return ctx ? &ctx->alloc : &gri_libc_alloc; }
