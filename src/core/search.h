/* One bounded, iterative, memoized depth-first search over positions
 * written as word vectors ("keys"), shared by the exact misère search, the
 * Every-SG search and the public engine (engine.h). A client says how a
 * key's children are found and how a key's result follows from its
 * children's; the driver owns the memo, the explicit stack (never C
 * recursion, so chains of any length are fine), the work bound and cycle
 * detection.
 *
 * Bounds: at most max_positions keys are memoized, so the bound counts the
 * distinct positions an answer reports as searched; the children held
 * along the path total at most 64 x max_positions words (max_arena, for
 * memory); a client may also bound the children written over the whole
 * search (max_work, 0 after init: none). Past any of them the search stops
 * with GR_ELIMIT and "WHAT exceeds its bound of N positions (HINT)". When ctx
 * is set, its time limit and interrupt callback are polled every few
 * thousand steps (a step: a position pushed counts 64, a child written 1). */
#ifndef GRUNDY_SEARCH_H
#define GRUNDY_SEARCH_H

#include "core/internal.h"
#include "core/ticker.h"
#include "core/keymap.h"

typedef struct gri_search gri_search;

typedef struct gri_search_ops {
    /* Appends the children of key[0..len) with gri_search_child (key is a
     * copy that stays valid during the call), and markers with
     * gri_search_marker: a marker is passed to combine but never searched
     * (the engine uses markers to group an option's components). */
    gr_status (*children)(gri_search *s, const uint64_t *key, size_t len);
    /* optional: a child's result that decides the node at once (1, with
     * *result); the remaining children are then not searched */
    int (*cut)(gri_search *s, uint64_t child, uint64_t *result);
    /* Every child is known: the node's result. The children are ch[0..chlen)
     * as [len][key...] records (a marker is the one word GR_SEARCH_MARKER;
     * gri_search_next steps over either); gri_search_known gives their
     * results. */
    gr_status (*combine)(gri_search *s, const uint64_t *key, size_t len, const uint64_t *ch, size_t chlen,
                         uint64_t *result);
} gri_search_ops;

struct gri_search {
    const gri_search_ops *ops;
    void *user;               /* the client's state */
    const char *what, *hint;  /* for the bound's message */
    gri_keymap memo;           /* key -> result (GR_SEARCH_BUSY while on the path) */
    uint64_t work;            /* words of children written so far */
    uint64_t max_work;        /* bound on work (0: none) */
    uint64_t max_arena;       /* bound on the children held along the path, in words (0: none) */
    uint64_t *arena;          /* per frame: its children as [len][key...] */
    size_t alen, acap;
    uint64_t *scratch;        /* the key whose children are being written */
    size_t scap;
    struct gri_search_frame *stack;
    size_t depth, stack_cap;
    gr_error *err;
    gr_ctx *ctx;              /* its time limit and interrupt are polled (NULL: none) */
    gri_ticker tick;          /* the poll by elapsed work, started at the first step */
    int tick_on;
};

#define GR_SEARCH_BUSY UINT64_MAX
#define GR_SEARCH_MARKER UINT64_MAX

/* the offset of the record after the one at ch[c] */
static inline size_t gri_search_next(const uint64_t *ch, size_t c) {
    return ch[c] == GR_SEARCH_MARKER ? c + 1 : c + 1 + (size_t)ch[c];
}

void gri_search_init(gri_search *s, const gri_search_ops *ops, void *user, size_t max_positions, const char *what,
                    const char *hint, const gr_allocator *al, gr_error *err);
void gri_search_free(gri_search *s);
/* Forgets every memoized key (after an error, whose path marks would stay). */
void gri_search_reset(gri_search *s);

/* The result of key[0..len), searching what is not memoized yet. */
gr_status gri_search_run(gri_search *s, const uint64_t *key, size_t len, uint64_t *result);

/* From children(): one child. GR_ELIMIT (with the message) past the work
 * bound, GR_ENOMEM when out of memory. */
gr_status gri_search_child(gri_search *s, const uint64_t *key, size_t len);

/* From children(): a marker. */
gr_status gri_search_marker(gri_search *s);

/* The result of key[0..len) from a search that a caller keeps for reuse:
 * set up on first use (*ready, with ops, user and max_positions), and
 * reset after an error so the busy marks of the failed run do not poison
 * later calls. */
gr_status gri_search_value(gri_search *s, int *ready, const gri_search_ops *ops, void *user, size_t max_positions,
                           gr_ctx *ctx, const char *what, const uint64_t *key, size_t len, uint64_t *result, gr_error *err);

/* A memoized result (0 when the key is unknown or on the search path). */
int gri_search_known(const gri_search *s, const uint64_t *key, size_t len, uint64_t *result);

/* The mex of a node's options from its children ch[0..chlen): options
 * grouped by markers are sums (the XOR of their positions' values);
 * without markers each child is one option. */
gr_status gri_search_mex(gri_search *s, const uint64_t *ch, size_t chlen, gr_mexset *mex, uint64_t *result);

/* the GR_ELIMIT error of this search */
gr_status gri_search_limit_error(gri_search *s);

#endif
