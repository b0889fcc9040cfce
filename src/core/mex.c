/* mex over small value sets. The public calls work on a caller's set
 * with the C library's allocator; the library's own sets (a ruleset's, a
 * search's) go through gri_mexset_add and gri_mexset_free with their
 * context's. */
/* mex over small value sets. Values larger than the number of elements
 * cannot be the mex, so the bitset never needs to grow past the option
 * count; callers that know that bound pass only such values. */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"

void gr_mexset_init(gr_mexset *s) { s->words = NULL; s->nwords = 0; s->used = 0; }

void gr_mexset_clear(gr_mexset *s) {
    if (s->used) memset(s->words, 0, s->used * sizeof *s->words);
    s->used = 0;
}

void gri_mexset_free(const gr_allocator *al, gr_mexset *s) { gri_free(al, s->words); gr_mexset_init(s); }
void gr_mexset_free(gr_mexset *s) { gri_mexset_free(&gri_libc_alloc, s); }

gr_status gr_mexset_add(gr_mexset *s, uint64_t v) { return gri_mexset_add(&gri_libc_alloc, s, v); }

gr_status gri_mexset_add(const gr_allocator *al, gr_mexset *s, uint64_t v) {
    uint64_t w = v >> 6;
    if (w >= s->nwords) {
        if (w > ((uint64_t)1 << 40)) return GR_ENOMEM;  /* absurd: 2^46 distinct values */
        size_t old = s->nwords;
        size_t cap = s->nwords;
        if (!gri_grow(al, (void **)&s->words, &cap, (size_t)w + 1, sizeof *s->words)) return GR_ENOMEM;
        memset(s->words + old, 0, (cap - old) * sizeof *s->words);
        s->nwords = cap;
    }
    s->words[w] |= (uint64_t)1 << (v & 63);
    if (w + 1 > s->used) s->used = (size_t)w + 1;
    return GR_OK;
}

uint64_t gr_mexset_mex(const gr_mexset *s) {
    for (size_t i = 0; i < s->used; i++)
        if (~s->words[i]) return ((uint64_t)i << 6) + (uint64_t)__builtin_ctzll(~s->words[i]);
    return (uint64_t)s->used << 6;
}

gr_status gr_mex_array(const uint64_t *vals, size_t n, uint64_t *out) {
    const gr_allocator *al = &gri_libc_alloc; /* no context: the C library's */
    /* Only values < n+1 matter: mark them in a byte array of n+1. */
    unsigned char *seen = gri_calloc(al, n + 1, 1);
    if (!seen) return GR_ENOMEM;
    for (size_t i = 0; i < n; i++)
        if (vals[i] <= n) seen[vals[i]] = 1;
    size_t m = 0;
    while (seen[m]) m++;
    gri_free(al, seen);
    *out = m;
    return GR_OK;
}
