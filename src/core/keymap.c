/* A hash map from word vectors to 64-bit values, for the exact searches
 * (misère outcomes of sums, Every-SG steps). Keys are copied into one
 * growing arena; entries get dense ids so rehashing moves nothing. */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "core/keymap.h"

static uint64_t hash_key(const uint64_t *k, size_t n) {
    uint64_t h = 0x243f6a8885a308d3ull ^ n;
    for (size_t i = 0; i < n; i++) {
        h ^= k[i] + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdull;
        h ^= h >> 33;
    }
    /* a last full mix: the slot is the hash's low bits, and without it the
     * high bits of the last word (cells 49 to 63 of a board row) never
     * reached them, so keys differing there shared a slot and a search
     * of such keys took time quadratic in its positions */
    h *= 0xc4ceb9fe1a85ec53ull;
    h ^= h >> 29;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 32;
    return h;
}

void gri_keymap_init(gri_keymap *m, size_t max_entries, const gr_allocator *al) {
    memset(m, 0, sizeof *m);
    m->max = max_entries;
    m->al = al;
}

void gri_keymap_free(gri_keymap *m) {
    gri_free(m->al, m->words); gri_free(m->al, m->off); gri_free(m->al, m->len); gri_free(m->al, m->val); gri_free(m->al, m->index);
    memset(m, 0, sizeof *m);
}

size_t gri_keymap_find(const gri_keymap *m, const uint64_t *key, size_t n) {
    if (!m->icap) return SIZE_MAX;
    size_t s = (size_t)hash_key(key, n) & (m->icap - 1);
    for (;;) {
        size_t e = m->index[s];
        if (!e) return SIZE_MAX;
        e--;
        if (m->len[e] == n && (!n || !memcmp(m->words + m->off[e], key, n * sizeof *key))) return e;
        s = (s + 1) & (m->icap - 1);
    }
}

int gri_keymap_get(const gri_keymap *m, const uint64_t *key, size_t n, uint64_t *val) {
    size_t e = gri_keymap_find(m, key, n);
    if (e == SIZE_MAX) return 0;
    *val = m->val[e];
    return 1;
}

static int rehash(gri_keymap *m, size_t ncap) {
    size_t *idx = gri_calloc(m->al, ncap, sizeof *idx);
    if (!idx) return 0;
    for (size_t e = 0; e < m->count; e++) {
        size_t s = (size_t)hash_key(m->words + m->off[e], m->len[e]) & (ncap - 1);
        while (idx[s]) s = (s + 1) & (ncap - 1);
        idx[s] = e + 1;
    }
    gri_free(m->al, m->index);
    m->index = idx;
    m->icap = ncap;
    return 1;
}

gr_status gri_keymap_put(gri_keymap *m, const uint64_t *key, size_t n, uint64_t val) {
    size_t id;
    return gri_keymap_add(m, key, n, val, &id);
}

gr_status gri_keymap_add(gri_keymap *m, const uint64_t *key, size_t n, uint64_t val, size_t *id) {
    if (m->count >= m->max) return GR_ELIMIT;
    if ((m->count + 1) * 2 > m->icap && !rehash(m, m->icap ? m->icap * 2 : 1024)) return GR_ENOMEM;
    size_t c1 = m->cap, c2 = m->cap, c3 = m->cap;
    if (!gri_grow(m->al, (void **)&m->off, &c1, m->count + 1, sizeof *m->off) ||
        !gri_grow(m->al, (void **)&m->len, &c2, m->count + 1, sizeof *m->len) ||
        !gri_grow(m->al, (void **)&m->val, &c3, m->count + 1, sizeof *m->val) ||
        !gri_grow(m->al, (void **)&m->words, &m->wcap, m->nwords + n, sizeof *m->words))
        return GR_ENOMEM;
    m->cap = c1;
    if (n) memcpy(m->words + m->nwords, key, n * sizeof *key);
    m->off[m->count] = m->nwords;
    m->len[m->count] = (uint32_t)n;
    m->val[m->count] = val;
    m->nwords += n;
    size_t s = (size_t)hash_key(key, n) & (m->icap - 1);
    while (m->index[s]) s = (s + 1) & (m->icap - 1);
    *id = m->count;
    m->index[s] = ++m->count;
    return GR_OK;
}
