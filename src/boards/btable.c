/* The board search's transposition table (btable.h). */
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE */
#include "boards/btable.h"
#if defined(__linux__)
#include <sys/mman.h>
#endif
#include "core/spin.h"

#define FIRST_SLOTS 4096u

uint64_t grb_table_hash(const uint64_t *key, size_t klen) {
    uint64_t h = 0x9e3779b97f4a7c15u * (klen + 1);
    for (size_t i = 0; i < klen; i++) {
        h ^= key[i];
        h *= 0xbf58476d1ce4e5b9u;
        h ^= h >> 31;
    }
    h *= 0x94d049bb133111ebu;
    return h ^ (h >> 29);
}

static const uint64_t *key_of(const grb_table *t, const grb_tent *e) {
    return e->klen <= GRB_TENT_INLINE ? e->key : t->arena + e->key[0];
}

_Static_assert(sizeof(grb_tent) == 64, "a table entry is one cache line");

/* n zeroed slots aligned to 64 bytes (an entry in one cache line); the
 * block to free in *raw. A large table starts on a 2 MB boundary and asks
 * the system for huge pages (Linux, where transparent huge pages are on
 * request): its slots are touched at random, and with 4 KB pages each
 * touch of a new page is a fault and most lookups miss the TLB */
#define HUGE_PAGE ((size_t)2 << 20)
static grb_tent *alloc_slots(const gr_allocator *al, size_t n, void **raw) {
    if (n > (SIZE_MAX - HUGE_PAGE) / sizeof(grb_tent) - 1) return NULL;
    size_t bytes = n * sizeof(grb_tent), align = bytes >= 2 * HUGE_PAGE ? HUGE_PAGE : 64;
    /* zeroed here, after the advice: a calloc of memory freed before
     * clears it page by page */
    unsigned char *p = gri_malloc(al, bytes + align);
    *raw = p;
    if (!p) return NULL;
    uintptr_t a = ((uintptr_t)p + align - 1) & ~(uintptr_t)(align - 1);
#ifdef MADV_HUGEPAGE
    if (align == HUGE_PAGE) (void)madvise((void *)a, bytes & ~(HUGE_PAGE - 1), MADV_HUGEPAGE);
#endif
    grb_tent *slots = (grb_tent *)(void *)(p + (a - (uintptr_t)p));
    memset(slots, 0, bytes);
    return slots;
}

gr_status grb_table_init(grb_table *t, const gr_allocator *al, size_t max_entries, gr_error *err) {
    memset(t, 0, sizeof *t);
    t->al = al;
    size_t want = max_entries / 3 * 4 + 4, slots = 64;
    while (slots < want && slots < ((size_t)1 << (sizeof(size_t) > 4 ? 40 : 30))) slots *= 2;
    t->max_slots = slots;
    size_t first = slots < FIRST_SLOTS ? slots : FIRST_SLOTS;
    t->slot = alloc_slots(al, first, &t->raw);
    if (!t->slot) return gri_fail(err, GR_ENOMEM, "out of memory for the board search's table");
    t->mask = first - 1;
    return GR_OK;
}

void grb_table_free(grb_table *t) {
    gri_free(t->al, t->raw);
    gri_free(t->al, t->locks);
    gri_free(t->al, t->arena);
    memset(t, 0, sizeof *t);
}

void grb_table_clear(grb_table *t) {
    memset(t->slot, 0, (t->mask + 1) * sizeof *t->slot);
    t->count = 0;
    t->alen = 0;
    t->flushes++;
}

/* A key lives in the first free slot of the bucket of WINDOW slots its
 * hash names, or when that bucket is full, of a second bucket named by
 * other bits of the hash (slots never empty again, except all at once, so
 * a key is in its second bucket only when its first is full): a lookup
 * stops at the first free slot. The table doubles when half its slots
 * are taken. When both buckets are full below that (rare), or at the
 * bound, the new entry replaces the one of the eight least worth keeping
 * (facts before values, then the smallest part): every entry is an exact
 * fact, so forgetting one only costs the time to learn it again. (It
 * doubled at three quarters, and at the first full bucket: with buckets
 * of 4 that came at an eighth or less of the slots taken, and on Cram 4 x
 * 9 the system's zeroing of the pages took most of the time.) */
#define WINDOW 4

static int same_key(const uint64_t *a, const uint64_t *b, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

static size_t bucket_of(const grb_table *t, uint64_t h) { return (size_t)h & t->mask & ~(size_t)(WINDOW - 1); }

/* the second bucket: other bits of the hash, never the first bucket */
static size_t bucket2_of(const grb_table *t, uint64_t h) {
    size_t b = bucket_of(t, h >> 23 | h << 41);
    return b == bucket_of(t, h) ? b ^ WINDOW : b;
}

static void lock_one(const grb_table *t, size_t base) {
    unsigned char *l = &t->locks[base / WINDOW];
    unsigned spins = 0;
    while (__atomic_exchange_n(l, 1, __ATOMIC_ACQUIRE))
        while (__atomic_load_n(l, __ATOMIC_RELAXED)) gri_spin(&spins);
}

static void unlock_one(const grb_table *t, size_t base) { __atomic_store_n(&t->locks[base / WINDOW], 0, __ATOMIC_RELEASE); }

/* A shared table's locks for key of hash h: the first bucket's, and the
 * second's as well when the first is full (both taken in the order of
 * their places, so two threads never wait on each other). *both says
 * which were taken. Nothing for a table that is not shared. */
static void lock_key(const grb_table *t, uint64_t h, int *both) {
    *both = 0;
    if (!t->shared) return;
    size_t b1 = bucket_of(t, h);
    lock_one(t, b1);
    if (!t->slot[b1 + WINDOW - 1].klen) return;
    size_t b2 = bucket2_of(t, h);
    unlock_one(t, b1);
    lock_one(t, b1 < b2 ? b1 : b2);
    lock_one(t, b1 < b2 ? b2 : b1);
    *both = 1;
}

static void unlock_key(const grb_table *t, uint64_t h, int both) {
    if (!t->shared) return;
    unlock_one(t, bucket_of(t, h));
    if (both) unlock_one(t, bucket2_of(t, h));
}

/* one bucket's probe: the key's slot (*found), or the first free slot, or SIZE_MAX (full) */
static size_t probe1(const grb_table *t, size_t i, const uint64_t *key, size_t klen, uint32_t check, int *found) {
    for (int k = 0; k < WINDOW; k++, i++) {
        const grb_tent *e = &t->slot[i];
        if (!e->klen) { *found = 0; return i; }
        if (e->check == check && e->klen == klen && same_key(key_of(t, e), key, klen)) {
            *found = 1;
            return i;
        }
    }
    *found = 0;
    return SIZE_MAX;
}

static size_t probe(const grb_table *t, const uint64_t *key, size_t klen, uint64_t h, int *found) {
    uint32_t check = (uint32_t)(h >> 32);
    size_t i = probe1(t, bucket_of(t, h), key, klen, check, found);
    if (i != SIZE_MAX) return i;
    return probe1(t, bucket2_of(t, h), key, klen, check, found); /* SIZE_MAX: both are full */
}

int grb_table_read(const grb_table *t, const uint64_t *key, size_t klen, uint64_t h, unsigned *nim, uint64_t *a,
                   uint64_t *b) {
    int found, both;
    lock_key(t, h, &both);
    size_t i = probe(t, key, klen, h, &found);
    if (found) {
        const grb_tent *e = &t->slot[i];
        *nim = e->nim;
        *a = e->a;
        *b = e->b;
    } else {
        *nim = GRB_NIM_UNKNOWN;
        *a = *b = 0;
    }
    unlock_key(t, h, both);
    return found;
}

/* how much an entry is worth keeping */
static unsigned worth(const grb_tent *e) { return (e->nim != GRB_NIM_UNKNOWN ? 512u : 0u) + e->spare; }

/* the free slot for hash h in slots s of a table of mask+1 slots (first bucket, then second), or SIZE_MAX */
static size_t free_slot(const grb_table *t, const grb_tent *s, uint64_t h) {
    size_t j = bucket_of(t, h);
    for (int r = 0; r < 2; r++, j = bucket2_of(t, h))
        for (int k = 0; k < WINDOW; k++)
            if (!s[j + k].klen) return j + k;
    return SIZE_MAX;
}

/* moves every entry into n zeroed slots (0: out of memory); an entry whose
 * buckets are both full there is dropped */
static int rehash(grb_table *t, size_t n) {
    void *oldraw = t->raw, *raw;
    grb_tent *old = t->slot, *s = alloc_slots(t->al, n, &raw);
    if (!s) return 0;
    t->raw = raw;
    size_t oldn = t->mask + 1;
    t->slot = s;
    t->mask = n - 1;
    t->count = 0;
    for (size_t i = 0; i < oldn; i++) {
        if (!old[i].klen) continue;
        size_t j = free_slot(t, s, grb_table_hash(key_of(t, &old[i]), old[i].klen));
        if (j == SIZE_MAX) continue;
        s[j] = old[i];
        t->count++;
    }
    gri_free(t->al, oldraw);
    return 1;
}

/* the slot for a new entry of key (hash h) not in the table, whose probe
 * gave i: grown or replaced as needed; SIZE_MAX when out of memory */
static size_t new_slot(grb_table *t, const uint64_t *key, size_t klen, uint64_t h, size_t i) {
    if (!t->shared && (t->count + 1) * 2 > t->mask + 1 && t->mask + 1 < t->max_slots) {
        if (!rehash(t, (t->mask + 1) * 2)) return SIZE_MAX;
        int found;
        i = probe(t, key, klen, h, &found);
    }
    if (i == SIZE_MAX) { /* both buckets full: the least worth of the eight goes */
        size_t j = bucket_of(t, h), j2 = bucket2_of(t, h);
        i = j;
        for (int k = 0; k < 2 * WINDOW; k++) {
            size_t at = k < WINDOW ? j + k : j2 + k - WINDOW;
            if (worth(&t->slot[at]) < worth(&t->slot[i])) i = at;
        }
        if (t->shared) __atomic_fetch_add(&t->replaced, 1, __ATOMIC_RELAXED);
        else t->count--, t->replaced++;
    }
    return i;
}

/* writes key into the fresh entry *ep (of hash h); 0, or -1 when the key
 * finds no room (out of memory, or a shared table's arena full) */
static int fill(grb_table *t, grb_tent **ep, const uint64_t *key, size_t klen, uint64_t h) {
    grb_tent *e = *ep;
    memset(e, 0, sizeof *e);
    if (klen <= GRB_TENT_INLINE) memcpy(e->key, key, klen * sizeof *key);
    else if (t->shared) {
        size_t at = __atomic_fetch_add(&t->alen, klen, __ATOMIC_RELAXED);
        if (at > t->acap || t->acap - at < klen) return -1;
        memcpy(t->arena + at, key, klen * sizeof *key);
        e->key[0] = at;
    } else {
        /* long keys (large graphs) are not reclaimed when replaced: the
         * arena is emptied with the table when it outgrows the slots */
        if (t->alen + klen > 8 * (t->mask + 1)) grb_table_clear(t), e = *ep = &t->slot[bucket_of(t, h)];
        if (!gri_grow(t->al, (void **)&t->arena, &t->acap, t->alen + klen, sizeof *t->arena)) return -1;
        memcpy(t->arena + t->alen, key, klen * sizeof *key);
        e->key[0] = t->alen;
        t->alen += klen;
    }
    e->klen = (uint8_t)klen;
    unsigned cells = 0; /* a measure of the part's size: the bits of its key past the first word */
    for (size_t k = 1; k < klen; k++) cells += (unsigned)__builtin_popcountll(key[k]);
    e->spare = (uint8_t)(cells > 255 ? 255 : cells);
    e->check = (uint32_t)(h >> 32);
    e->nim = GRB_NIM_UNKNOWN;
    if (!t->shared) t->count++;
    return 0;
}

int grb_table_put(grb_table *t, const uint64_t *key, size_t klen, uint64_t h, unsigned nim, uint64_t or_a,
                  uint64_t or_b) {
    int found, both, rc = 0;
    lock_key(t, h, &both);
    size_t i = probe(t, key, klen, h, &found);
    grb_tent *e = found ? &t->slot[i] : NULL;
    if (!found && (i = new_slot(t, key, klen, h, i)) != SIZE_MAX) {
        e = &t->slot[i];
        if (t->shared && !t->slot[i].klen) rc = 1; /* a new entry, not one in place of another */
        if (fill(t, &e, key, klen, h)) {
            if (t->shared) memset(e, 0, sizeof *e), rc = 0; /* no room for its key: not kept */
            e = NULL;
        }
    }
    if (e) {
        if (nim != GRB_NIM_UNKNOWN) e->nim = (uint16_t)nim;
        e->a |= or_a;
        e->b |= or_b;
    } else if (!t->shared) rc = -1;
    unlock_key(t, h, both);
    return rc;
}

gr_status grb_table_share(grb_table *t, gr_error *err) {
    if (t->shared) return GR_OK;
    if (t->mask + 1 < t->max_slots && !rehash(t, t->max_slots))
        return gri_fail(err, GR_ENOMEM, "out of memory for the board search's shared table");
    if (!t->locks && !(t->locks = gri_calloc(t->al, (t->mask + 1) / WINDOW, 1)))
        return gri_fail(err, GR_ENOMEM, "out of memory for the board search's shared table");
    /* long keys: an arena of two words a slot, made now, never moved */
    size_t want = 2 * (t->mask + 1);
    if (t->acap < want && !gri_grow(t->al, (void **)&t->arena, &t->acap, want, sizeof *t->arena))
        return gri_fail(err, GR_ENOMEM, "out of memory for the board search's shared table");
    t->shared = 1;
    return GR_OK;
}

void grb_table_unshare(grb_table *t) {
    t->shared = 0;
    if (t->alen > t->acap) t->alen = t->acap; /* what did not fit was not kept */
}

/* ---- saving and loading (btable.h) ---- */

static void put_u64(gri_buf *b, uint64_t v) {
    char w[8];
    for (int k = 0; k < 8; k++) w[k] = (char)(v >> (8 * k) & 0xff);
    gri_buf_put(b, w, 8);
}

static uint64_t get_u64(const unsigned char *p) {
    uint64_t v = 0;
    for (int k = 7; k >= 0; k--) v = v << 8 | p[k];
    return v;
}

/* one entry as an export writes it: its key's length and value, its two fact words, its key */
static void put_entry(gri_buf *b, const uint64_t *key, size_t klen, unsigned nim, uint64_t fa, uint64_t fb) {
    put_u64(b, (uint64_t)klen | (uint64_t)nim << 8);
    put_u64(b, fa);
    put_u64(b, fb);
    for (size_t k = 0; k < klen; k++) put_u64(b, key[k]);
}

void grb_table_export(const grb_table *t, int facts, gri_buf *b) {
    put_u64(b, t->count);
    for (size_t i = 0; i <= t->mask; i++) {
        const grb_tent *e = &t->slot[i];
        if (!e->klen) continue;
        put_entry(b, key_of(t, e), e->klen, e->nim, facts ? e->a : 0, facts ? e->b : 0);
    }
}

int grb_table_export_key(const grb_table *t, const uint64_t *key, size_t klen, gri_buf *b) {
    unsigned nim;
    uint64_t a, bb;
    if (!grb_table_read(t, key, klen, grb_table_hash(key, klen), &nim, &a, &bb)) return 0;
    put_entry(b, key, klen, nim, a, bb);
    return 1;
}

gr_status grb_table_import(grb_table *t, const unsigned char *p, size_t n, int facts, size_t *bad, gr_error *err) {
    size_t at = 0;
    if (n < 8) { *bad = 0; return gri_fail(err, GR_EPARSE, "the table ends before its count of entries"); }
    uint64_t count = get_u64(p);
    at = 8;
    for (uint64_t i = 0; i < count; i++) {
        *bad = at;
        if (n - at < 24) return gri_fail(err, GR_EPARSE, "the table ends in entry %llu of %llu", (unsigned long long)i + 1, (unsigned long long)count);
        uint64_t head = get_u64(p + at), a = get_u64(p + at + 8), bb = get_u64(p + at + 16);
        size_t klen = (size_t)(head & 0xff);
        uint64_t nim = head >> 8 & 0xffff;
        if (klen == 0 || klen > GRB_KEY_MAX || head >> 24)
            return gri_fail(err, GR_EPARSE, "entry %llu of the table is malformed", (unsigned long long)i + 1);
        at += 24;
        if ((n - at) / 8 < klen) return gri_fail(err, GR_EPARSE, "the table ends in entry %llu of %llu", (unsigned long long)i + 1, (unsigned long long)count);
        uint64_t key[GRB_KEY_MAX];
        for (size_t k = 0; k < klen; k++) key[k] = get_u64(p + at + 8 * k);
        at += 8 * klen;
        if (grb_table_put(t, key, klen, grb_table_hash(key, klen), (unsigned)nim, facts ? a : 0, facts ? bb : 0) < 0)
            return gri_fail(err, GR_ENOMEM, "out of memory loading the table");
    }
    *bad = at;
    if (at != n) return gri_fail(err, GR_EPARSE, "%zu bytes after the table's last entry", n - at);
    return GR_OK;
}
