/* Private helpers every module uses (status.c, buf.c): error filling,
 * checked arithmetic, growable arrays and a growable string buffer. Nothing
 * here is exported. */
#ifndef GRUNDY_INTERNAL_H
#define GRUNDY_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "grundy/grundy.h"
#include "grundy/experimental.h"

#if defined(__GNUC__) || defined(__clang__)
#define GR_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define GR_PRINTF(a, b)

#endif

/* Fills err (if not NULL) and returns st, so callers can `return gri_fail(...)`. */
gr_status gri_fail(gr_error *err, gr_status st, const char *fmt, ...) GR_PRINTF(3, 4);
/* Same with a 1-based line and column. */
gr_status gri_fail_at(gr_error *err, gr_status st, size_t line, size_t column, const char *fmt, ...)
    GR_PRINTF(5, 6);

/* whether a caller's struct that starts with its size holds all of type T
 * (GR_SIZED); and the failure to return when it does not. When a public
 * struct grows, its check compares with the struct's first size instead,
 * and the new fields are read only when the caller's size covers them. */
#define GRI_SIZE_OK(p, T) ((p)->size >= sizeof(T))
/* zeroes a caller's sized result struct, keeping its size */
#define GRI_CLEAR_SIZED(p)                                                                                             \
    do {                                                                                                               \
        size_t gri_keep_ = (p)->size;                                                                                  \
        memset((p), 0, sizeof *(p));                                                                                   \
        (p)->size = gri_keep_;                                                                                         \
    } while (0)
#define GRI_SIZE_FAIL(err, T) gri_fail(err, GR_EINVAL, #T " given without its size: set .size = sizeof(" #T ") (GR_SIZED)")

/* Memory (core/alloc.c): every allocation goes through a gr_allocator,
 * the context's (gri_ctx_alloc) or, for objects made without a context,
 * the C library's. gri_calloc checks n * sz for overflow. */
extern const gr_allocator gri_libc_alloc;
void *gri_malloc(const gr_allocator *a, size_t n);
void *gri_calloc(const gr_allocator *a, size_t n, size_t sz);
void *gri_realloc(const gr_allocator *a, void *p, size_t n);
void gri_free(const gr_allocator *a, void *p);
char *gri_strdup(const gr_allocator *a, const char *s);
/* a mex set in memory from an allocator (core/mex.c; the public
 * gr_mexset_add and gr_mexset_free use the C library's) */
gr_status gri_mexset_add(const gr_allocator *al, gr_mexset *s, uint64_t v);
void gri_mexset_free(const gr_allocator *al, gr_mexset *s);
/* A caller's allocator, checked (*a NULL: the C library's); GR_EINVAL when
 * its size or a function is missing (context.c). */
gr_status gri_alloc_check(const gr_allocator **a, gr_error *err);
/* the allocator of a context (the C library's for NULL) */
const gr_allocator *gri_ctx_alloc(const gr_ctx *ctx);

/* A growable NUL-terminated string, in memory from its allocator. */
typedef struct gri_buf {
    char *data;
    size_t len, cap;
    int failed;  /* an allocation failed; contents are unreliable */
    const gr_allocator *a;
} gri_buf;

void gri_buf_init(gri_buf *b, const gr_allocator *a);
void gri_buf_free(gri_buf *b);
void gri_buf_put(gri_buf *b, const char *s, size_t n);
void gri_buf_puts(gri_buf *b, const char *s);
void gri_buf_u64(gri_buf *b, uint64_t v);
/* Hands the buffer to the caller (never NULL unless failed). */
gr_status gri_buf_take(gri_buf *b, char **out, size_t *len);

/* Sorts ascending. */
void gri_sort_u64(uint64_t *v, size_t n);

/* Grows *p (of *cap elements of size sz) to hold at least need elements. */
int gri_grow(const gr_allocator *a, void **p, size_t *cap, size_t need, size_t sz);

static inline int gri_add_overflows(uint64_t a, uint64_t b, uint64_t *r) {
    return __builtin_add_overflow(a, b, r);
}
static inline int gri_mul_overflows(uint64_t a, uint64_t b, uint64_t *r) {
    return __builtin_mul_overflow(a, b, r);
}

/* entry i of an array of values w bytes wide (1, 2 or 4) */
static inline uint32_t gri_load_w(const void *p, unsigned w, size_t i) {
    switch (w) {
    case 1: return ((const uint8_t *)p)[i];
    case 2: return ((const uint16_t *)p)[i];
    default: return ((const uint32_t *)p)[i];
    }
}

/* the width (1, 2 or 4 bytes) an array needs for the value v */
static inline unsigned gri_width_for(uint64_t v) { return v <= UINT8_MAX ? 1 : v <= UINT16_MAX ? 2 : 4; }

static inline void gri_store_w(void *p, unsigned w, size_t i, uint32_t v) {
    switch (w) {
    case 1: ((uint8_t *)p)[i] = (uint8_t)v; break;
    case 2: ((uint16_t *)p)[i] = (uint16_t)v; break;
    default: ((uint32_t *)p)[i] = v; break;
    }
}

#endif
