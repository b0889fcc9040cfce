/* A hash map from word vectors to 64-bit values (keymap.c), for the exact
 * searches. */
#ifndef GRUNDY_KEYMAP_H
#define GRUNDY_KEYMAP_H

#include "core/internal.h"

typedef struct gri_keymap {
    uint64_t *words;
    size_t nwords, wcap;
    size_t *off;
    uint32_t *len;
    uint64_t *val;
    size_t count, cap, max;
    size_t *index;
    size_t icap;
    const gr_allocator *al;
} gri_keymap;
void gri_keymap_init(gri_keymap *m, size_t max_entries, const gr_allocator *al);
void gri_keymap_free(gri_keymap *m);
int gri_keymap_get(const gri_keymap *m, const uint64_t *key, size_t n, uint64_t *val);
gr_status gri_keymap_put(gri_keymap *m, const uint64_t *key, size_t n, uint64_t val); /* GR_ELIMIT past max */
/* the entry of a key (its value is m->val[id]), or SIZE_MAX */
size_t gri_keymap_find(const gri_keymap *m, const uint64_t *key, size_t n);
/* a new entry (the key must be absent), its id in *id */
gr_status gri_keymap_add(gri_keymap *m, const uint64_t *key, size_t n, uint64_t val, size_t *id);

#endif
