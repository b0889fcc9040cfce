/* The generic memoized SG engine. States get dense ids in order of
 * discovery; an open-addressing index maps a state's words to its id, so
 * growing the index never moves a state. Evaluation is a depth-first walk
 * on an explicit stack of frames; each frame keeps its options in a shared
 * LIFO arena, so memory is proportional to the stack, not to the game. */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

enum { ST_BUSY = 1, ST_DONE = 2 };

struct gr_optsink {
    gr_engine *e;
    gr_status st;
};

typedef struct frame {
    size_t id;
    size_t opt_begin;   /* arena offset of this frame's options */
    size_t opt_end;
    size_t cursor;      /* arena offset of the next word to look at */
} frame;

struct gr_engine {
    size_t words;
    gr_options_fn options;
    void *user;
    size_t max_states;

    /* states by id */
    uint64_t *keys;     /* count * words */
    uint64_t *vals;
    unsigned char *state;
    size_t count, cap;
    size_t keys_cap;    /* in words */

    /* index: slot -> id + 1 (0 = empty) */
    size_t *index;
    size_t index_cap;   /* power of two */

    /* option arena: per option, a word holding the component count, then the components */
    uint64_t *arena;
    size_t arena_len, arena_cap;

    frame *stack;
    size_t depth, stack_cap;

    gr_mexset mex;
    struct gr_optsink sink;
};

static uint64_t hash_words(const uint64_t *w, size_t n) {
    uint64_t h = 0x9e3779b97f4a7c15ull ^ n;
    for (size_t i = 0; i < n; i++) {
        uint64_t x = w[i] + 0x9e3779b97f4a7c15ull * (i + 1);
        x ^= x >> 30; x *= 0xbf58476d1ce4e5b9ull;
        x ^= x >> 27; x *= 0x94d049bb133111ebull;
        x ^= x >> 31;
        h = (h ^ x) * 0x100000001b3ull;
        h ^= h >> 29;
    }
    return h;
}

static int index_rebuild(gr_engine *e, size_t ncap) {
    size_t *idx = calloc(ncap, sizeof *idx);
    if (!idx) return 0;
    for (size_t id = 0; id < e->count; id++) {
        size_t s = (size_t)hash_words(e->keys + id * e->words, e->words) & (ncap - 1);
        while (idx[s]) s = (s + 1) & (ncap - 1);
        idx[s] = id + 1;
    }
    free(e->index);
    e->index = idx;
    e->index_cap = ncap;
    return 1;
}

/* Returns the id of state, or SIZE_MAX when absent. */
static size_t lookup(const gr_engine *e, const uint64_t *st) {
    size_t s = (size_t)hash_words(st, e->words) & (e->index_cap - 1);
    for (;;) {
        size_t v = e->index[s];
        if (!v) return SIZE_MAX;
        if (!memcmp(e->keys + (v - 1) * e->words, st, e->words * sizeof *st)) return v - 1;
        s = (s + 1) & (e->index_cap - 1);
    }
}

static gr_status insert(gr_engine *e, const uint64_t *st, size_t *id, gr_error *err) {
    if (e->count >= e->max_states)
        return gr_fail(err, GR_ELIMIT, "state limit of %zu memoized positions reached", e->max_states);
    if ((e->count + 1) * 2 > e->index_cap && !index_rebuild(e, e->index_cap * 2))
        return gr_fail(err, GR_ENOMEM, "out of memory growing the position index");
    size_t c = e->cap;
    if (!gr_grow((void **)&e->vals, &c, e->count + 1, sizeof *e->vals))
        return gr_fail(err, GR_ENOMEM, "out of memory memoizing positions");
    c = e->cap;
    if (!gr_grow((void **)&e->state, &c, e->count + 1, 1))
        return gr_fail(err, GR_ENOMEM, "out of memory memoizing positions");
    if (!gr_grow((void **)&e->keys, &e->keys_cap, (e->count + 1) * e->words, sizeof *e->keys))
        return gr_fail(err, GR_ENOMEM, "out of memory memoizing positions");
    e->cap = c;
    memcpy(e->keys + e->count * e->words, st, e->words * sizeof *st);
    e->vals[e->count] = 0;
    e->state[e->count] = ST_BUSY;
    size_t s = (size_t)hash_words(st, e->words) & (e->index_cap - 1);
    while (e->index[s]) s = (s + 1) & (e->index_cap - 1);
    e->index[s] = e->count + 1;
    *id = e->count++;
    return GR_OK;
}

gr_status gr_optsink_add(gr_optsink *sink, const uint64_t *components, size_t count) {
    gr_engine *e = sink->e;
    if (sink->st != GR_OK) return sink->st;
    size_t n = 1 + count * e->words;
    if (count > (SIZE_MAX / 8 - e->arena_len) / (e->words + 1) ||
        !gr_grow((void **)&e->arena, &e->arena_cap, e->arena_len + n, sizeof *e->arena)) {
        sink->st = GR_ENOMEM;
        return GR_ENOMEM;
    }
    e->arena[e->arena_len] = count;
    if (count) memcpy(e->arena + e->arena_len + 1, components, count * e->words * sizeof *components);
    e->arena_len += n;
    return GR_OK;
}

gr_status gr_engine_new(const gr_engine_config *cfg, gr_engine **out, gr_error *err) {
    *out = NULL;
    if (!cfg || !cfg->options || cfg->state_words == 0 || cfg->state_words > 1024)
        return gr_fail(err, GR_EINVAL, "engine needs an options callback and 1..1024 state words");
    gr_engine *e = calloc(1, sizeof *e);
    if (!e) return gr_fail(err, GR_ENOMEM, "out of memory");
    e->words = cfg->state_words;
    e->options = cfg->options;
    e->user = cfg->user;
    e->max_states = cfg->max_states ? cfg->max_states : ((size_t)1 << 22);
    gr_mexset_init(&e->mex);
    if (!index_rebuild(e, 64)) { free(e); return gr_fail(err, GR_ENOMEM, "out of memory"); }
    *out = e;
    return GR_OK;
}

void gr_engine_free(gr_engine *e) {
    if (!e) return;
    free(e->keys); free(e->vals); free(e->state); free(e->index);
    free(e->arena); free(e->stack);
    gr_mexset_free(&e->mex);
    free(e);
}

void gr_engine_reset(gr_engine *e) {
    e->count = 0;
    e->arena_len = 0;
    e->depth = 0;
    memset(e->index, 0, e->index_cap * sizeof *e->index);
}

size_t gr_engine_size(const gr_engine *e) { return e->count; }

/* Creates the frame for a fresh (BUSY) state: asks the game for its options. */
static gr_status push_frame(gr_engine *e, size_t id, gr_error *err) {
    if (!gr_grow((void **)&e->stack, &e->stack_cap, e->depth + 1, sizeof *e->stack))
        return gr_fail(err, GR_ENOMEM, "out of memory: search stack");
    frame *f = &e->stack[e->depth++];
    f->id = id;
    f->opt_begin = e->arena_len;
    /* The callback may not see a pointer into keys that a later insert
     * could move; inserts happen only between callbacks, so this is safe. */
    e->sink.e = e;
    e->sink.st = GR_OK;
    gr_error local;
    gr_error_clear(&local);
    gr_status st = e->options(e->user, e->keys + id * e->words, &e->sink, &local);
    if (st == GR_OK && e->sink.st != GR_OK) st = e->sink.st;
    if (st != GR_OK) {
        if (local.status != GR_OK) {
            if (err) *err = local;
            return local.status;
        }
        if (st == GR_ENOMEM) return gr_fail(err, st, "out of memory: option list");
        return gr_fail(err, st, "the options callback failed (%s)", gr_status_name(st));
    }
    f = &e->stack[e->depth - 1];
    f->opt_end = e->arena_len;
    f->cursor = f->opt_begin;
    return GR_OK;
}

static gr_status finish_frame(gr_engine *e, frame *f, gr_error *err) {
    gr_mexset_clear(&e->mex);
    size_t p = f->opt_begin, nopt = 0;
    while (p < f->opt_end) nopt++, p += 1 + (size_t)e->arena[p] * e->words;
    p = f->opt_begin;
    while (p < f->opt_end) {
        size_t cnt = (size_t)e->arena[p++];
        uint64_t x = 0;
        for (size_t c = 0; c < cnt; c++, p += e->words) {
            size_t id = lookup(e, e->arena + p);
            if (id == SIZE_MAX || e->state[id] != ST_DONE)
                return gr_fail(err, GR_EINTERNAL, "engine: option value missing");
            x ^= e->vals[id];
        }
        if (x <= nopt && gr_mexset_add(&e->mex, x) != GR_OK)
            return gr_fail(err, GR_ENOMEM, "out of memory computing mex");
    }
    e->vals[f->id] = gr_mexset_mex(&e->mex);
    e->state[f->id] = ST_DONE;
    e->arena_len = f->opt_begin;
    e->depth--;
    return GR_OK;
}

static gr_status run(gr_engine *e, const uint64_t *state, uint64_t *value, gr_error *err) {
    size_t id = lookup(e, state);
    if (id != SIZE_MAX && e->state[id] == ST_DONE) { *value = e->vals[id]; return GR_OK; }
    gr_status st;
    if ((st = insert(e, state, &id, err)) != GR_OK) return st;
    size_t root = id;
    if ((st = push_frame(e, id, err)) != GR_OK) return st;
    while (e->depth) {
        frame *f = &e->stack[e->depth - 1];
        int descended = 0;
        while (f->cursor < f->opt_end) {
            size_t at = f->cursor;
            /* at points either at a count word or inside components; walk by options */
            size_t cnt = (size_t)e->arena[at];
            size_t c = 0, q = at + 1;
            for (; c < cnt; c++, q += e->words) {
                size_t cid = lookup(e, e->arena + q);
                if (cid == SIZE_MAX) {
                    /* copy the state out of the arena: insert may not move it, but
                     * push_frame appends to the arena and may realloc it */
                    if ((st = insert(e, e->arena + q, &cid, err)) != GR_OK) return st;
                    if ((st = push_frame(e, cid, err)) != GR_OK) return st;
                    descended = 1;
                    break;
                }
                if (e->state[cid] == ST_BUSY)
                    return gr_fail(err, GR_ECYCLE, "the game is not finite: a position can be reached from itself");
            }
            if (descended) break;
            f->cursor = q;
        }
        if (descended) continue;
        if ((st = finish_frame(e, f, err)) != GR_OK) return st;
    }
    *value = e->vals[root];
    return GR_OK;
}

gr_status gr_engine_value(gr_engine *e, const uint64_t *state, uint64_t *value, gr_error *err) {
    gr_status st = run(e, state, value, err);
    if (st != GR_OK) gr_engine_reset(e); /* BUSY marks would poison later calls */
    return st;
}

gr_status gr_engine_sum_value(gr_engine *e, const uint64_t *states, size_t count, uint64_t *value,
                              gr_error *err) {
    uint64_t x = 0, v;
    for (size_t i = 0; i < count; i++) {
        gr_status st = gr_engine_value(e, states + i * e->words, &v, err);
        if (st != GR_OK) return st;
        x ^= v;
    }
    *value = x;
    return GR_OK;
}
