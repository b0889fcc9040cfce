/* A growable string buffer and array growth, so formatting code never has
 * to check every append: a failed allocation is remembered and reported once
 * at the end (gri_buf_take). */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"

int gri_grow(const gr_allocator *a, void **p, size_t *cap, size_t need, size_t sz) {
    if (need <= *cap) return 1;
    size_t nc = *cap ? *cap : 16;
    while (nc < need) {
        if (nc > SIZE_MAX / 2) return 0;
        nc *= 2;
    }
    if (nc > SIZE_MAX / sz) return 0;
    void *q = gri_realloc(a, *p, nc * sz);
    if (!q) return 0;
    *p = q;
    *cap = nc;
    return 1;
}

void gri_buf_init(gri_buf *b, const gr_allocator *a) {
    b->data = NULL;
    b->len = b->cap = 0;
    b->failed = 0;
    b->a = a;
}

void gri_buf_free(gri_buf *b) { gri_free(b->a, b->data); gri_buf_init(b, b->a); }

void gri_buf_put(gri_buf *b, const char *s, size_t n) {
    if (b->failed) return;
    if (n > SIZE_MAX - b->len - 1 || !gri_grow(b->a, (void **)&b->data, &b->cap, b->len + n + 1, 1)) {
        b->failed = 1;
        return;
    }
    if (n) memcpy(b->data + b->len, s, n);
    b->len += n;
    b->data[b->len] = '\0';
}

void gri_buf_puts(gri_buf *b, const char *s) { gri_buf_put(b, s, strlen(s)); }

void gri_buf_u64(gri_buf *b, uint64_t v) {
    char tmp[24];
    size_t i = sizeof tmp;
    do { tmp[--i] = (char)('0' + v % 10); v /= 10; } while (v);
    gri_buf_put(b, tmp + i, sizeof tmp - i);
}

gr_status gri_buf_take(gri_buf *b, char **out, size_t *len) {
    if (!b->failed && !b->data) gri_buf_put(b, "", 0);
    if (b->failed) { gri_buf_free(b); *out = NULL; if (len) *len = 0; return GR_ENOMEM; }
    *out = b->data;
    if (len) *len = b->len;
    gri_buf_init(b, b->a);
    return GR_OK;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

void gri_sort_u64(uint64_t *v, size_t n) { qsort(v, n, sizeof *v, cmp_u64); }
