/* The transposition table of the board search (btable.c): keys of up to
 * GRB_TENT_INLINE words sit in the entry itself (every grid key does:
 * 256 cells are 4 words and a header), longer ones (large graphs) in an
 * arena beside it. Open addressing in buckets of 4 slots (aligned, 256
 * bytes), 64-byte entries, a second bucket for a key whose first is full;
 * doubled when half full, up to a bound; past it (or when both buckets
 * are full) a new entry replaces the least worth keeping of the two
 * buckets (every fact in the table is exact, so forgetting one is always
 * safe).
 *
 * Shared (grb_table_share): threads search with one table. It is made at
 * its bound at once (the system gives its pages as they are touched) and
 * no longer grows; each bucket has a lock, taken by every read and write
 * of it (both buckets' when the first is full), so an entry is never seen
 * half written; long keys go in an arena
 * of fixed size, and an entry that finds no room there is not kept. */
#ifndef GRUNDY_BOARDS_BTABLE_H
#define GRUNDY_BOARDS_BTABLE_H

#include "core/internal.h"

#define GRB_TENT_INLINE 5
#define GRB_NIM_UNKNOWN 0xffffu

typedef struct grb_tent {
    uint64_t key[GRB_TENT_INLINE]; /* the key, or key[0] its offset in the arena */
    uint64_t a, b;     /* facts: values it is proved not to have (a); the
                          value-by-value method's options found (a) and
                          missing (b), bit j for value j < 64 */
    uint32_t check;    /* the hash's high half */
    uint16_t nim;      /* the value, or GRB_NIM_UNKNOWN */
    uint8_t klen;      /* key words; 0: an empty slot */
    uint8_t spare;     /* the part's cells (capped at 255), for the replacement */
} grb_tent;

typedef struct grb_table {
    const gr_allocator *al;
    grb_tent *slot;    /* 64-byte aligned, in the block raw */
    void *raw;
    size_t mask;       /* slots - 1 (a power of two) */
    size_t count;      /* entries held */
    size_t max_slots;  /* the bound */
    uint64_t *arena;   /* long keys */
    size_t alen, acap;
    uint64_t flushes;  /* times it was emptied */
    uint64_t replaced; /* entries that gave way to new ones */
    int shared;        /* threads share it (grb_table_share) */
    unsigned char *locks; /* shared: a lock per bucket */
} grb_table;

/* asks the processor to fetch the slot of a key of hash h ahead of a lookup */
static inline void grb_table_prefetch(const grb_table *t, uint64_t h) { __builtin_prefetch(&t->slot[(size_t)h & t->mask & ~(size_t)3]); }

/* max_entries: entries held at most (the slots are the next power of two
 * above 4/3 of it) */
gr_status grb_table_init(grb_table *t, const gr_allocator *al, size_t max_entries, gr_error *err);
void grb_table_free(grb_table *t);
uint64_t grb_table_hash(const uint64_t *key, size_t klen);
/* What the table knows of key (of hash h): 1 with its value (nim,
 * GRB_NIM_UNKNOWN when none) and facts (a, b); 0 when it has no entry
 * (all three cleared). */
int grb_table_read(const grb_table *t, const uint64_t *key, size_t klen, uint64_t h, unsigned *nim, uint64_t *a,
                   uint64_t *b);
/* Adds to key's entry, made when absent: its value when nim is not
 * GRB_NIM_UNKNOWN, and the facts or_a, or_b. Making an entry may move or
 * forget others. 0, or -1 out of memory (a shared table never fails: an
 * entry it has no room for is not kept). A shared table does not count
 * its entries itself (a count that every thread writes would pass from
 * core to core at each new entry): it gives 1 for a new entry, not one in
 * place of another, and the threads add their tallies (grb_table_counted). */
int grb_table_put(grb_table *t, const uint64_t *key, size_t klen, uint64_t h, unsigned nim, uint64_t or_a,
                  uint64_t or_b);
/* forgets every entry (not while it is shared by running threads) */
void grb_table_clear(grb_table *t);
/* Makes the table ready for threads: its slots at the bound at once,
 * locks, an arena of fixed size. It stays so (grb_table_unshare ends the
 * locking once the threads are done). */
gr_status grb_table_share(grb_table *t, gr_error *err);
void grb_table_unshare(grb_table *t);
static inline void grb_table_counted(grb_table *t, size_t n) { __atomic_fetch_add(&t->count, n, __ATOMIC_RELAXED); }
/* the entries held (also while threads write: then those the threads have told) */
static inline size_t grb_table_count(const grb_table *t) { return __atomic_load_n(&t->count, __ATOMIC_RELAXED); }

/* the longest key (a graph of 64 vertices: its size and 64 rows) */
#define GRB_KEY_MAX 65
/* Every entry, appended to b: a count, then per entry a word of its key's
 * length (bits 0-7) and value (bits 8-23, 0xffff: unknown), its two fact
 * words (0 unless facts), its key; words little-endian. */
void grb_table_export(const grb_table *t, int facts, gri_buf *b);
/* The entry of key alone, as an entry of an export (with its facts), appended to b: 1, or 0 when the
 * table has none (nothing appended). */
int grb_table_export_key(const grb_table *t, const uint64_t *key, size_t klen, gri_buf *b);
/* Adds the entries of an export (its facts only when facts); GR_EPARSE
 * with *bad the byte offset of what is wrong. */
gr_status grb_table_import(grb_table *t, const unsigned char *p, size_t n, int facts, size_t *bad, gr_error *err);

#endif
