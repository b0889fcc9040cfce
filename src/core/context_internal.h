/* The context record (context.c): its limits, its interned rulesets and the
 * families the caller defined; read by spec parsing and the families. */
#ifndef GRUNDY_CONTEXT_INTERNAL_H
#define GRUNDY_CONTEXT_INTERNAL_H

#include "core/internal.h"

struct gr_ctx {
    gr_allocator alloc;  /* where all of the context's memory comes from */
    uint64_t table_limit;
    uint64_t search_limit;
    gr_nim *nim;        /* nimber tables, built on first use (gri_ctx_nim, arith/nimber.c) */
    void (*nim_free)(gr_nim *);
    uint64_t sparse_start; /* take-and-break tables switch to the sparse-space method here */
    gr_kernels kernels;    /* the vector kernels asked for (gr_ctx_set_kernels) */
    gr_ruleset **rs;
    size_t nrs, rs_cap;
    size_t *map;       /* slot -> index + 1 into rs */
    size_t map_cap;
    /* families defined by the caller (games/custom.c): each a malloc'd
     * block that starts with its registry entry */
    struct gri_family_entry **custom;
    size_t ncustom, custom_cap;
    /* the time bound (gr_ctx_set_time_limit) and the interrupt callback */
    double time_limit;        /* seconds, 0: none */
    uint64_t deadline_ns;     /* on the monotonic clock */
    gr_interrupt_fn interrupt;
    void *interrupt_user;
    /* native code for rules (gr_ctx_set_native): NULL when off */
    char *native_cc, *native_dir;
    uint64_t native_from;  /* table length from which rules compile (tests lower it) */
    unsigned threads;      /* gr_ctx_set_threads (0: 1) */
};

/* Whether to stop: the time limit has passed or the interrupt callback
 * asks for it. Then GR_ELIMIT with "the time limit of S s was reached in
 * WHAT, after DONE UNIT" (or "WHAT was interrupted after ..."); else GR_OK.
 * A clock read: call it every few thousand steps, not on every one. */
gr_status gri_ctx_poll(gr_ctx *ctx, gr_error *err, const char *what, uint64_t done, const char *unit);
/* the monotonic clock, in nanoseconds */
uint64_t gri_now_ns(void);
/* true when there is anything to poll for */
static inline int gri_ctx_polled(const gr_ctx *ctx) { return ctx && (ctx->deadline_ns || ctx->interrupt); }
/* After a GR_ELIMIT that a caller would answer by trying another method:
 * true when the time limit or the interrupt caused it, so the caller
 * passes the error on instead (and records no failure of the method). */
static inline int gri_ctx_stopping(gr_ctx *ctx) {
    return gri_ctx_polled(ctx) && gri_ctx_poll(ctx, NULL, "", 0, "") != GR_OK;
}

/* The cells one dense value table of a game whose positions are several
 * numbers (a rule's, wythoff's, euclid's) may hold: 16 times the search
 * limit. One bound for all of them, so that a built-in game and the same
 * game written as a rule answer the same positions. */
uint64_t gri_ctx_dense_cells(const gr_ctx *ctx);

/* A family the caller defined, by name (NULL when none). */
const struct gri_family_entry *gri_ctx_custom_find(const gr_ctx *ctx, const char *name, size_t len);
/* Takes ownership of a custom family's block (0 when out of memory). */
int gri_ctx_custom_add(gr_ctx *ctx, struct gri_family_entry *block);

gr_ruleset *gri_ctx_find(gr_ctx *ctx, const char *spec);
/* the context's nimber tables (NULL when out of memory); defined with the
 * nimber field in arith/nimber.c, which sets nim_free */
const gr_nim *gri_ctx_nim(gr_ctx *ctx);
int gri_ctx_add(gr_ctx *ctx, gr_ruleset *rs);

/* Parses a ruleset spec NAME ['[' PARAMS ']'] at spec[0..len); errors are
 * reported at `line` and column col0 + offset; a family whose parameters
 * name a file reads it with opts (may be NULL: refused). */
struct gr_parse_opts;
gr_status gri_ctx_ruleset_at(gr_ctx *ctx, const char *spec, size_t len, size_t line, size_t col0,
                            const struct gr_parse_opts *opts, gr_ruleset **out, gr_error *err);

#endif
