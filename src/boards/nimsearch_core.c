/* The board search's machinery (nimsearch_internal.h): the solver and its
 * levels of scratch, the keys of parts (with a cache), the table, the
 * parts and options of a position, the poll of the time limit. The search
 * itself is nimsearch.c. */
#include <stdlib.h>
#include "boards/nimsearch_core.h"
#include "core/context_internal.h"

/* each level of the search works on fewer cells than the one four levels
 * up (nimsearch.c): this is never reached */
#define MAX_DEPTH (4 * GRB_MAX_CELLS + 16)

/* A part's key is asked for again and again (the same options are looked
 * up at many nodes), and a grid's key costs a pass per symmetry: the last
 * key of each of 2^16 slots, chosen by a hash of the part's cells, is kept
 * with those cells. */
#define KCACHE_BITS 16

typedef struct grb_kslot {
    uint64_t cells[GRB_WORDS];
    uint64_t key[GRB_TENT_INLINE];
    uint64_t klen;
} grb_kslot;


static void drop_levels(grb_solver *sv);

gr_status grb_solver_init(grb_solver *sv, const grb_game *g, const gr_allocator *al, unsigned how, size_t tt_max,
                          gr_error *err) {
    memset(sv, 0, sizeof *sv);
    sv->g = g;
    sv->moves_cap = g ? g->nmoves : 0;
    sv->al = al;
    sv->how = how;
    sv->tt_max = tt_max < 64 ? 64 : tt_max;
    sv->what = "the board search";
    sv->one_word = g && g->grid64 && !(how & GRB_NO_SYMMETRY);
    sv->tt = &sv->own;
    return grb_table_init(&sv->own, al, sv->tt_max, err);
}

void grb_solver_free(grb_solver *sv) {
    grb_table_free(&sv->own);
    gri_free(sv->al, sv->kcache);
    drop_levels(sv);
    gri_free(sv->al, sv->levels);
    memset(sv, 0, sizeof *sv);
}

static void drop_levels(grb_solver *sv) {
    for (size_t i = 0; i < sv->nlevels; i++) {
        if (!sv->levels[i]) continue;
        gri_free(sv->al, sv->levels[i]->moves);
        gri_free(sv->al, sv->levels[i]->order);
        gri_free(sv->al, sv->levels[i]->kat);
        gri_free(sv->al, sv->levels[i]->kbuf);
        gri_free(sv->al, sv->levels[i]);
        sv->levels[i] = NULL;
    }
}

gr_status grb_solver_use(grb_solver *sv, const grb_game *g, int fresh, gr_error *err) {
    (void)err;
    if (g->nmoves > sv->moves_cap) {
        drop_levels(sv);
        sv->moves_cap = g->nmoves;
    }
    if (fresh && (sv->how & GRB_NO_SYMMETRY)) grb_table_clear(sv->tt);
    /* cells mean other places in another game: the cached keys go */
    if (fresh && sv->kcache) memset(sv->kcache, 0, ((size_t)1 << KCACHE_BITS) * sizeof *sv->kcache);
    sv->g = g;
    sv->one_word = g->grid64 && !(sv->how & GRB_NO_SYMMETRY);
    return GR_OK;
}

gr_status grb_sv_oom(grb_solver *sv) {
    if (sv->depth >= MAX_DEPTH)
        return gri_fail(sv->err, GR_EINTERNAL, "%s went deeper than %d levels", sv->what, MAX_DEPTH);
    return gri_fail(sv->err, GR_ENOMEM, "out of memory in %s", sv->what);
}

/* the scratch of the next level down (NULL: out of memory) */
grb_level *grb_sv_push(grb_solver *sv) {
    size_t d = sv->depth;
    if (d >= MAX_DEPTH) return NULL; /* cannot happen: see MAX_DEPTH (grb_sv_oom says so) */
    if (d >= sv->nlevels) {
        size_t cap = sv->nlevels;
        if (!gri_grow(sv->al, (void **)&sv->levels, &cap, d + 1, sizeof *sv->levels)) return NULL;
        for (size_t i = sv->nlevels; i < cap; i++) sv->levels[i] = NULL;
        sv->nlevels = cap;
    }
    grb_level *lv = sv->levels[d];
    if (!lv) {
        lv = gri_calloc(sv->al, 1, sizeof *lv);
        if (!lv) return NULL;
        if (sv->moves_cap < sv->g->nmoves) sv->moves_cap = sv->g->nmoves;
        lv->moves = gri_calloc(sv->al, sv->moves_cap + 1, sizeof *lv->moves);
        lv->order = gri_calloc(sv->al, sv->moves_cap + 1, sizeof *lv->order);
        lv->kat = gri_calloc(sv->al, sv->moves_cap + 1, sizeof *lv->kat);
        if (!lv->moves || !lv->order || !lv->kat) {
            gri_free(sv->al, lv->moves);
            gri_free(sv->al, lv->order);
            gri_free(sv->al, lv->kat);
            gri_free(sv->al, lv);
            return NULL;
        }
        sv->levels[d] = lv;
    }
    sv->depth++;
    return lv;
}

/* ---- the table ---- */

size_t grb_sv_key(grb_solver *sv, const grb_set *part, uint64_t *key) {
    if (sv->how & GRB_NO_SYMMETRY) {
        memcpy(key, part->w, sizeof part->w);
        return GRB_WORDS;
    }
    /* graphs, and grids of at most 64 cells (a few operations a key), go without the cache */
    if (sv->g->keykind != GRB_KEY_GRID || sv->g->ncells <= 64) return grb_key(sv->g, part, key);
    if (!sv->kcache && !(sv->kcache = gri_calloc(sv->al, (size_t)1 << KCACHE_BITS, sizeof *sv->kcache)))
        return grb_key(sv->g, part, key); /* no room for the cache: go without */
    uint64_t h = 0;
    for (int k = 0; k < GRB_WORDS; k++) h = (h ^ part->w[k]) * 0x9e3779b97f4a7c15u;
    grb_kslot *e = &sv->kcache[h >> (64 - KCACHE_BITS)];
    if (e->klen && !memcmp(e->cells, part->w, sizeof e->cells)) {
        memcpy(key, e->key, e->klen * sizeof *key);
        return (size_t)e->klen;
    }
    size_t n = grb_key(sv->g, part, key);
    if (n <= GRB_TENT_INLINE) {
        memcpy(e->cells, part->w, sizeof e->cells);
        memcpy(e->key, key, n * sizeof *key);
        e->klen = n;
    }
    return n;
}

void grb_sv_tt_get(const grb_solver *sv, const uint64_t *key, size_t klen, uint64_t *nim, uint64_t *a, uint64_t *b) {
    unsigned v;
    grb_table_read(sv->tt, key, klen, grb_table_hash(key, klen), &v, a, b);
    *nim = v == GRB_NIM_UNKNOWN ? UNKNOWN : v;
}

void grb_sv_counted(grb_solver *sv) {
    if (sv->made) grb_table_counted(sv->tt, sv->made);
    sv->made = 0;
}

gr_status grb_sv_tt_put(grb_solver *sv, const uint64_t *key, size_t klen, uint64_t v, uint64_t or_a, uint64_t or_b) {
    unsigned nim = v == UNKNOWN ? GRB_NIM_UNKNOWN : (unsigned)v;
    int r = grb_table_put(sv->tt, key, klen, grb_table_hash(key, klen), nim, or_a, or_b);
    if (r < 0) return grb_sv_oom(sv);
    if (r && ++sv->made >= 1024) grb_sv_counted(sv);
    return GR_OK;
}

/* ---- parts and options ---- */


/* whether the Arc Kayles reductions apply (a pair game of one word, not turned off) */
static int reduces(const grb_solver *sv) {
    return sv->g->grid64 && sv->g->live == GRB_LIVE_PAIR && !(sv->how & GRB_NO_REDUCE);
}

/* s's parts into out[] (with GRB_NO_SPLIT, all of them as one) */
size_t grb_sv_parts(const grb_solver *sv, const grb_set *s, grb_set *out) {
    grb_set r;
    if (reduces(sv)) {
        r = *s;
        r.w[0] = grb_pair_reduce64(sv->g, s->w[0]);
        s = &r;
    }
    size_t n = grb_parts(sv->g, s, out);
    if (n > 1 && (sv->how & GRB_NO_SPLIT)) {
        for (size_t i = 1; i < n; i++)
            for (int k = 0; k < GRB_WORDS; k++) out[0].w[k] |= out[i].w[k];
        n = 1;
    }
    return n;
}

gr_status grb_sv_step(grb_solver *sv) {
    sv->nodes++;
    if (sv->budget && sv->nodes > sv->budget) {
        sv->budget_hit = 1;
        return gri_fail(sv->err, GR_ELIMIT, "%s passed its budget", sv->what);
    }
    if (sv->team && __atomic_load_n(&sv->team->stop, __ATOMIC_ACQUIRE))
        return gri_fail(sv->err, GR_ELIMIT, "%s was stopped (another thread has the value)", sv->what);
    if (sv->progress && sv->nodes >= sv->next_progress) {
        sv->next_progress = sv->nodes + (1u << 14);
        if (sv->progress(sv->progress_user, sv->nodes, grb_table_count(sv->tt)))
            return gri_fail(sv->err, GR_ELIMIT, "%s was interrupted after %llu positions", sv->what,
                            (unsigned long long)sv->nodes);
    }
    if (!sv->ctx || !gri_ctx_polled(sv->ctx)) return GR_OK;
    if (!sv->tick_on) { gri_ticker_start(&sv->tick, sv->ctx); sv->tick_on = 1; }
    return gri_tick_poll(&sv->tick, sv->ctx, sv->err, sv->what, sv->nodes, "positions");
}


/* the option of part c by move m, into o */
void grb_sv_option(const grb_solver *sv, const grb_set *c, uint32_t m, grb_set *o) {
    const grb_set *rem = &sv->g->rem[m];
    for (int k = 0; k < GRB_WORDS; k++) o->w[k] = c->w[k] & ~rem->w[k];
}

/* how many options ahead of the one looked up are keyed, their slots fetched */
#define AHEAD 2

/* room in lv's buffer for one more part's entry (a word of the key's
 * length and the part's cells, its hash, its key of up to klen_max words)
 * at *at; NULL: out of memory */
static uint64_t *key_room(grb_solver *sv, grb_level *lv, size_t at, size_t klen_max) {
    if (lv->kcap - at < 2 + klen_max &&
        !gri_grow(sv->al, (void **)&lv->kbuf, &lv->kcap, at + 2 + klen_max, sizeof *lv->kbuf))
        return NULL;
    return lv->kbuf + at;
}

/* completes the entry w of a part of `cells` cells whose key of klen words
 * is written, and fetches its table slot ahead; the words it takes */
static size_t key_done(const grb_solver *sv, uint64_t *w, size_t klen, size_t cells) {
    w[0] = (uint64_t)klen | (uint64_t)cells << 8;
    w[1] = grb_table_hash(w + 2, klen);
    grb_table_prefetch(sv->tt, w[1]);
    return 2 + klen;
}

/* keys option i's parts into lv's buffer, from lv->kat[i] on (set by the
 * option before, or to 0 for the first), fetching their slots ahead */
static gr_status scan_one(grb_solver *sv, grb_level *lv, const grb_set *c, size_t i) {
    const grb_game *g = sv->g;
    size_t at = lv->kat[i];
    if (sv->one_word) { /* the same in words: the option, its parts, their keys */
        uint64_t o = c->w[0] & ~g->rem[lv->moves[i]].w[0];
        if (reduces(sv)) o = grb_pair_reduce64(g, o);
        for (uint64_t live = grb_live64(g, o); live;) {
            uint64_t part = sv->how & GRB_NO_SPLIT ? live : grb_part64(g, &live);
            if (sv->how & GRB_NO_SPLIT) live = 0;
            uint64_t *w = key_room(sv, lv, at, 2);
            if (!w) return grb_sv_oom(sv);
            at += key_done(sv, w, grb_key64(g, part, w + 2), grb_bits(part));
        }
    } else {
        grb_set o;
        grb_sv_option(sv, c, lv->moves[i], &o);
        size_t np = grb_sv_parts(sv, &o, lv->parts);
        for (size_t p = 0; p < np; p++) {
            uint64_t *w = key_room(sv, lv, at, GRB_KEY_WORDS);
            if (!w) return grb_sv_oom(sv);
            at += key_done(sv, w, grb_sv_key(sv, &lv->parts[p], w + 2), grb_count(&lv->parts[p]));
        }
    }
    lv->kat[i + 1] = at;
    return GR_OK;
}

/* an option's value when every part of it is in the table (1), else 0
 * with *cost, how hard it looks (the sum of its parts' squared sizes) */
int grb_sv_known(grb_solver *sv, grb_level *lv, const grb_set *c, size_t nm, size_t i, uint64_t *value,
                 uint64_t *cost, gr_status *st) {
    if (i == 0) lv->scanned = lv->kat[0] = 0;
    while (lv->scanned < nm && lv->scanned <= i + AHEAD) {
        if ((*st = scan_one(sv, lv, c, lv->scanned)) != GR_OK) return 0;
        lv->scanned++;
    }
    uint64_t x = 0, cs = 0;
    int all = 1;
    for (size_t at = lv->kat[i]; at < lv->kat[i + 1];) {
        const uint64_t *w = lv->kbuf + at;
        size_t klen = (size_t)(w[0] & 0xff);
        unsigned nim;
        uint64_t fa, fb;
        grb_table_read(sv->tt, w + 2, klen, w[1], &nim, &fa, &fb);
        if (nim == GRB_NIM_UNKNOWN) {
            uint64_t n = w[0] >> 8;
            all = 0;
            cs += n * n;
        } else x ^= nim;
        at += 2 + klen;
    }
    *value = x;
    *cost = cs;
    return all;
}

/* the bits [at, at + n) of s (n <= 64) */
static uint64_t set_bits(const grb_set *s, size_t at, size_t n) {
    size_t k = at >> 6, o = at & 63;
    uint64_t x = s->w[k] >> o;
    if (o && k + 1 < GRB_WORDS) x |= s->w[k + 1] << (64 - o);
    return n >= 64 ? x : x & (((uint64_t)1 << n) - 1);
}

static size_t last_cell(const grb_set *s) {
    for (int k = GRB_WORDS - 1; k >= 0; k--)
        if (s->w[k]) return (size_t)k * 64 + 63 - (size_t)__builtin_clzll(s->w[k]);
    return 0;
}

/* The middle of the box around part c, to rank its moves by (see
 * grb_sv_order; docs/boards.md has the measures): moves near the middle
 * first, as they come nearest to cutting the part in two. The part's own
 * box rather than the board's: both walked as many positions on the empty
 * boards measured, and the part's box centres the order on a part that
 * lies off the board's middle. */
void grb_sv_box(const grb_solver *sv, const grb_set *c, grb_box *b) {
    const grb_game *g = sv->g;
    b->on = 0;
    if (!g->geo) return;
    size_t first = grb_next(c, SIZE_MAX), C = g->cols;
    if (first == SIZE_MAX) return;
    size_t r0 = first / C, r1 = last_cell(c) / C;
    uint64_t cols = 0;
    for (size_t r = r0; r <= r1; r++) cols |= set_bits(c, r * C, C);
    b->on = 1;
    b->cr = (unsigned)(r0 + r1);
    b->cc = (unsigned)((size_t)__builtin_ctzll(cols) + 63 - (size_t)__builtin_clzll(cols));
}

void grb_sv_sort(const grb_solver *sv, uint64_t *a, size_t n) {
    (void)sv;
    for (size_t i = 1; i < n; i++) { /* by insertion: the lists are short */
        uint64_t x = a[i];
        size_t j = i;
        for (; j > 0 && a[j - 1] > x; j--) a[j] = a[j - 1];
        a[j] = x;
    }
}


/* ---- the walk through a level's options (nimsearch_core.h) ---- */

/* The levels down to which a team's threads mark options and put off
 * those another is in (a level per question: part -> has an option -> is
 * of a value -> has an option ...). Measured on Cram 5 x 8 and 4 x 11
 * against 6, 8, 12, 16, 20 and 30 (docs/boards.md): deeper, the marks
 * written cost more than the work they spare; shallower, the threads meet
 * in the same subtrees. */
#define WALK_DEPTH 10

static uint64_t cells_hash(const grb_set *o) {
    uint64_t h = 0x9e3779b97f4a7c15u;
    for (int k = 0; k < GRB_WORDS; k++) h = (h ^ o->w[k]) * 0xff51afd7ed558ccdu;
    h ^= h >> 31;
    return h | 1; /* never 0, the empty slot (the slot is chosen by the bits above) */
}

void grb_walk_start(const grb_solver *sv, grb_walk *w, size_t n) {
    w->i = 0;
    w->n = n;
    w->nlate = w->j = 0;
    w->h = 0;
    w->track = sv->team && sv->team->busy && sv->depth <= WALK_DEPTH;
}

void grb_walk_end(grb_solver *sv, grb_walk *w) {
    if (!w->h) return;
    uint64_t *slot = &sv->team->busy[(w->h >> 1 & sv->team->busy_mask) * 8];
    uint64_t mine = w->h;
    /* cleared only when it is still this option's mark */
    __atomic_compare_exchange_n(slot, &mine, 0, 0, __ATOMIC_RELEASE, __ATOMIC_RELAXED);
    w->h = 0;
}

int grb_walk_next(grb_solver *sv, grb_level *lv, grb_walk *w, const grb_set *c, size_t *i, grb_set *o) {
    grb_walk_end(sv, w);
    for (;;) {
        size_t at;
        int late = w->i >= w->n;
        if (!late) at = w->i++;
        else if (w->j < w->nlate) at = lv->moves[w->j++];
        else return 0;
        if (lv->order[at] == UINT64_MAX) continue;
        grb_sv_option(sv, c, (uint32_t)lv->order[at], o);
        if (w->track) {
            uint64_t h = cells_hash(o);
            uint64_t *slot = &sv->team->busy[(h >> 1 & sv->team->busy_mask) * 8];
            if (!late && __atomic_load_n(slot, __ATOMIC_RELAXED) == h) {
                lv->moves[w->nlate++] = (uint32_t)at; /* another thread is in it: later */
                continue;
            }
            __atomic_store_n(slot, h, __ATOMIC_RELAXED);
            w->h = h;
        }
        *i = at;
        return 1;
    }
}
