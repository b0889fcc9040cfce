/* Private helpers every module uses (status.c, buf.c): error filling,
 * checked arithmetic, growable arrays and a growable string buffer. Nothing
 * here is exported. */
#ifndef GRUNDY_INTERNAL_H
#define GRUNDY_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
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

/* A growable NUL-terminated string. */
typedef struct gr_buf {
    char *data;
    size_t len, cap;
    int failed;  /* an allocation failed; contents are unreliable */
} gr_buf;

void gri_buf_init(gr_buf *b);
void gri_buf_free(gr_buf *b);
void gri_buf_put(gr_buf *b, const char *s, size_t n);
void gri_buf_puts(gr_buf *b, const char *s);
void gri_buf_u64(gr_buf *b, uint64_t v);
/* Hands the buffer to the caller (never NULL unless failed). */
gr_status gri_buf_take(gr_buf *b, char **out, size_t *len);

/* Sorts ascending. */
void gri_sort_u64(uint64_t *v, size_t n);

/* Grows *p (of *cap elements of size sz) to hold at least need elements. */
int gri_grow(void **p, size_t *cap, size_t need, size_t sz);

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

static inline void gri_store_w(void *p, unsigned w, size_t i, uint32_t v) {
    switch (w) {
    case 1: ((uint8_t *)p)[i] = (uint8_t)v; break;
    case 2: ((uint16_t *)p)[i] = (uint16_t)v; break;
    default: ((uint32_t *)p)[i] = v; break;
    }
}

#endif
