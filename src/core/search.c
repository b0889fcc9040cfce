/* The shared depth-first search driver (see search.h). A frame's children
 * live in one LIFO arena, so memory follows the depth of the search, not
 * the size of the game. A key is memoized as busy when its frame is pushed
 * and gets its result when the frame is popped; meeting a busy key again
 * means the game has a cycle. */
#include <stdlib.h>
#include <string.h>
#include "core/search.h"
#include "core/keymap.h"
#include "core/context_internal.h"

/* the time limit polled by elapsed work (ticker.h): a position whose
 * options are costly to list (a huge divisor heap is factored) counts as
 * much as it takes */
static gr_status tick(gri_search *s) {
    if (!s->ctx) return GR_OK;
    if (!s->tick_on) {
        gri_ticker_start(&s->tick, s->ctx);
        s->tick_on = 1;
    }
    return gri_tick_poll(&s->tick, s->ctx, s->err, s->what, s->memo.count, "positions");
}

typedef struct gri_search_frame {
    size_t id;                 /* memo entry */
    size_t key, keylen;        /* arena offsets of the key */
    size_t ch_begin, ch_end, cursor;
} gri_search_frame;

void gri_search_init(gri_search *s, const gri_search_ops *ops, void *user, size_t max_positions, const char *what,
                    const char *hint, const gr_allocator *al, gr_error *err) {
    memset(s, 0, sizeof *s);
    s->ops = ops;
    s->user = user;
    s->what = what;
    s->hint = hint;
    s->err = err;
    gri_keymap_init(&s->memo, max_positions, al);
    /* the bound counts distinct positions, what an answer reports as
     * searched; the children held along the path are bounded for memory,
     * and the time limit bounds the work */
    s->max_work = 0;
    s->max_arena = 64 * (uint64_t)max_positions;
}

void gri_search_free(gri_search *s) {
    const gr_allocator *al = s->memo.al;
    gri_keymap_free(&s->memo);
    gri_free(al, s->arena);
    gri_free(al, s->scratch);
    gri_free(al, s->stack);
    s->arena = s->scratch = NULL;
    s->stack = NULL;
}

void gri_search_reset(gri_search *s) {
    size_t max = s->memo.max;
    const gr_allocator *al = s->memo.al;
    gri_keymap_free(&s->memo);
    gri_keymap_init(&s->memo, max, al);
    s->alen = 0;
    s->depth = 0;
    s->work = 0;
}

gr_status gri_search_limit_error(gri_search *s) {
    return gri_fail(s->err, GR_ELIMIT, "%s exceeds its bound of %llu positions (%s)", s->what,
                   (unsigned long long)s->memo.max, s->hint);
}

static int put(gri_search *s, const uint64_t *w, size_t n) {
    if (!gri_grow(s->memo.al, (void **)&s->arena, &s->acap, s->alen + n, sizeof *s->arena)) return 0;
    if (n) memcpy(s->arena + s->alen, w, n * sizeof *w);
    s->alen += n;
    return 1;
}

gr_status gri_search_child(gri_search *s, const uint64_t *key, size_t len) {
    uint64_t l = len;
    s->work += len + 1;
    if (s->max_work && s->work > s->max_work) return gri_search_limit_error(s);
    if (s->max_arena && s->alen + len + 1 > s->max_arena) return gri_search_limit_error(s);
    gr_status st = tick(s);
    if (st != GR_OK) return st;
    if (!put(s, &l, 1) || !put(s, key, len)) return gri_fail(s->err, GR_ENOMEM, "out of memory in %s", s->what);
    return GR_OK;
}

gr_status gri_search_marker(gri_search *s) {
    uint64_t m = GR_SEARCH_MARKER;
    s->work += 1;
    if (s->max_work && s->work > s->max_work) return gri_search_limit_error(s);
    if (!put(s, &m, 1)) return gri_fail(s->err, GR_ENOMEM, "out of memory in %s", s->what);
    return GR_OK;
}

int gri_search_known(const gri_search *s, const uint64_t *key, size_t len, uint64_t *result) {
    return gri_keymap_get(&s->memo, key, len, result) && *result != GR_SEARCH_BUSY;
}

/* Pushes the frame of the key at arena offset `at` (length at[-1]):
 * memoizes it as busy and writes its children. */
static gr_status push(gri_search *s, size_t at) {
    gr_status st0 = tick(s);
    if (st0 != GR_OK) return st0;
    if (!gri_grow(s->memo.al, (void **)&s->stack, &s->stack_cap, s->depth + 1, sizeof *s->stack))
        return gri_fail(s->err, GR_ENOMEM, "out of memory in %s", s->what);
    gri_search_frame *f = &s->stack[s->depth];
    f->key = at;
    f->keylen = (size_t)s->arena[at - 1];
    gr_status st = gri_keymap_add(&s->memo, s->arena + at, f->keylen, GR_SEARCH_BUSY, &f->id);
    if (st == GR_ELIMIT) return gri_search_limit_error(s);
    if (st != GR_OK) return gri_fail(s->err, st, "out of memory in %s", s->what);
    s->depth++;
    /* copy the key out: writing children may move the arena */
    if (!gri_grow(s->memo.al, (void **)&s->scratch, &s->scap, f->keylen ? f->keylen : 1, sizeof *s->scratch))
        return gri_fail(s->err, GR_ENOMEM, "out of memory in %s", s->what);
    memcpy(s->scratch, s->arena + at, f->keylen * sizeof *s->scratch);
    f->ch_begin = s->alen;
    if ((st = s->ops->children(s, s->scratch, f->keylen)) != GR_OK) return st;
    f = &s->stack[s->depth - 1];
    f->ch_end = s->alen;
    f->cursor = f->ch_begin;
    return GR_OK;
}

static gr_status run(gri_search *s, const uint64_t *key, size_t len) {
    size_t base = s->alen;
    uint64_t l = len;
    if (!put(s, &l, 1) || !put(s, key, len)) return gri_fail(s->err, GR_ENOMEM, "out of memory in %s", s->what);
    gr_status st = push(s, base + 1);
    while (st == GR_OK && s->depth) {
        gri_search_frame *f = &s->stack[s->depth - 1];
        int decided = 0, pushed = 0;
        uint64_t result = 0;
        while (f->cursor < f->ch_end) {
            /* a frame may have 10^6 children to look up */
            if ((st = tick(s)) != GR_OK) break;
            size_t cl = (size_t)s->arena[f->cursor];
            if (s->arena[f->cursor] != GR_SEARCH_MARKER) {
                size_t id = gri_keymap_find(&s->memo, s->arena + f->cursor + 1, cl);
                if (id == SIZE_MAX) { st = push(s, f->cursor + 1); pushed = 1; break; }
                uint64_t cv = s->memo.val[id];
                if (cv == GR_SEARCH_BUSY)
                    return gri_fail(s->err, GR_ECYCLE, "the game is not finite: a position can be reached from itself");
                if (s->ops->cut && s->ops->cut(s, cv, &result)) { decided = 1; break; }
            }
            f->cursor = gri_search_next(s->arena, f->cursor);
        }
        if (st != GR_OK) break;
        if (pushed) continue;
        if (!decided)
            st = s->ops->combine(s, s->arena + f->key, f->keylen, s->arena + f->ch_begin, f->ch_end - f->ch_begin,
                                 &result);
        if (st != GR_OK) break;
        s->memo.val[f->id] = result;
        s->alen = f->ch_begin;
        s->depth--;
    }
    s->alen = base;
    s->depth = 0;
    return st;
}

gr_status gri_search_run(gri_search *s, const uint64_t *key, size_t len, uint64_t *result) {
    if (gri_search_known(s, key, len, result)) return GR_OK;
    gr_status st = run(s, key, len);
    if (st != GR_OK) return st;
    if (!gri_search_known(s, key, len, result)) return gri_fail(s->err, GR_EINTERNAL, "%s lost its root", s->what);
    return GR_OK;
}

gr_status gri_search_mex(gri_search *s, const uint64_t *ch, size_t chlen, gr_mexset *mex, uint64_t *result) {
    int grouped = chlen && ch[0] == GR_SEARCH_MARKER;
    size_t nopt = 0;
    for (size_t c = 0; c < chlen; c = gri_search_next(ch, c)) nopt += !grouped || ch[c] == GR_SEARCH_MARKER;
    gr_mexset_clear(mex);
    uint64_t x = 0;
    int open = 0;
    for (size_t c = 0; c <= chlen; c = c < chlen ? gri_search_next(ch, c) : c + 1) {
        int ends = c == chlen || ch[c] == GR_SEARCH_MARKER;
        if (ends || !grouped) {
            if (!grouped && c < chlen) {
                uint64_t v = 0;
                (void)gri_search_known(s, ch + c + 1, (size_t)ch[c], &v);
                x = v;
                open = 1;
            }
            /* an option is complete: its XOR goes into the mex set */
            if (open && x <= nopt && gri_mexset_add(s->memo.al, mex, x) != GR_OK)
                return gri_fail(s->err, GR_ENOMEM, "out of memory computing mex");
            x = 0;
            open = grouped && c < chlen;
            continue;
        }
        uint64_t v = 0;
        (void)gri_search_known(s, ch + c + 1, (size_t)ch[c], &v);
        x ^= v;
    }
    *result = gr_mexset_mex(mex);
    return GR_OK;
}

gr_status gri_search_value(gri_search *s, int *ready, const gri_search_ops *ops, void *user, size_t max_positions,
                           gr_ctx *ctx, const char *what, const uint64_t *key, size_t len, uint64_t *result, gr_error *err) {
    if (!*ready) {
        gri_search_init(s, ops, user, max_positions, what, "raise the search limit", gri_ctx_alloc(ctx), err);
        s->ctx = ctx;
        *ready = 1;
    }
    s->err = err;
    gr_status st = gri_search_run(s, key, len, result);
    if (st != GR_OK) gri_search_reset(s);
    return st;
}
