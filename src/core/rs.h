/* The ruleset record and its value table (ruleset.c): what the families,
 * the sparse kernels and the play modes share. Nothing here is exported. */
#ifndef GRUNDY_RS_H
#define GRUNDY_RS_H

#include "core/internal.h"
#include "core/ticker.h"
#include "core/sparse_state.h"


struct gri_family;

struct gr_ruleset {
    const struct gri_family *fam; /* its operations (family.h) */
    void *data;               /* the family's own data (its parameters, caches) */
    struct gri_search *ssearch; /* the shared search of a state family (statesearch.c), made on first use */
    int ssearch_ready;
    char *spec;               /* as written back */
    gr_ctx *ctx;              /* owner: limits */
    size_t id;                /* index in the owner's registry */

    /* misère: tameness (see misere.c) of heaps 0..nl_len-1, and where it broke */
    uint8_t *nl_firm;
    size_t nl_len, nl_cap;
    int nl_broken;
    /* misère: heaps 0..sj_len-1 have "value 0 => terminal"; sj_broken when not */
    size_t sj_len;
    int sj_broken;

    /* misère: the quotient of heaps 0..mq_upto (misere_quotient.c), owned
     * here and freed through mq_free; mq_failed: the largest heap bound
     * for which building it failed (0: none) */
    void *mq;
    void (*mq_free)(void *);
    uint64_t mq_failed;

    /* the sparse-space method's state (sparse.c; core/sparse_state.h) */
    gri_sparse sp;

    /* the time limit's poll in tabulations, kept between calls: a
     * table grown a value at a time is polled too (issue 30) */
    gri_ticker tick;

    /* progress of long tabulations */
    gr_progress_fn progress;
    void *progress_user;
    uint64_t progress_total;

    /* state families with two coordinates: values of positions (a, b)
     * with a < st_h and b < st_w, in st_tab[a * st_w + b] (wythoff, euclid),
     * or of (n, c) with c <= n < st_w (dyn, a triangle) */
    size_t st_w, st_h;

    /* value table G(0..len-1), tw bytes per value (1, 2 or 4): as narrow as
     * the values allow, widened when a value outgrows it (read it with
     * gri_tab_at; the scan kernels in sparse.c take the typed array) */
    void *tab;
    unsigned tw;
    size_t len, cap;          /* cap in values */
    uint32_t tabmax;          /* largest value in the table */
    /* state families (dyn, wythoff, euclid): their own 2-D value table */
    uint32_t *st_tab;

    gr_mexset mex;            /* scratch for the next value */

    /* proven period, if any */
    int periodic;
    uint64_t pre, per;
    uint64_t saltus;          /* G(n + per) = G(n) + saltus past pre (0: periodic) */
    uint64_t arith_end;       /* the prefix length the arithmetic proof used */
    uint64_t period_tried_at;  /* table length at the last proof attempt */
};

/* The context's sparse-space threshold (context.c). */
uint64_t gri_ctx_sparse_start_of(const gr_ctx *ctx);
/* the kernels the context's tables use: 2 AVX-512BW, 1 AVX2, -1 portable */
int gri_ctx_kernel_level(const gr_ctx *ctx);

/* A ruleset of family fam with its data (owned from here on, even on
 * failure) and spec (taken from the buffer), not interned in the context:
 * the caller owns it (gri_rs_free). */
struct gri_family;
gr_status gri_rs_create(gr_ctx *ctx, const struct gri_family *fam, void *data, gri_buf *spec, gr_ruleset **out,
                       gr_error *err);
void gri_rs_free(gr_ruleset *rs);
/* room for `need` values in the value table */
gr_status gri_rs_reserve(gr_ruleset *rs, size_t need, gr_error *err);
/* the table at least w bytes per value (1, 2 or 4) */
gr_status gri_rs_widen(gr_ruleset *rs, unsigned w, gr_error *err);

/* Computes table entries up to (excluding) `upto`, by the definition. */
gr_status gri_rs_extend(gr_ruleset *rs, size_t upto, gr_error *err);

/* gr_ruleset_options with a cap on the smaller parts of splits: for a heap
 * past a proven period's start, parts up to pre + per already show every
 * value an option can have; the listing is then marked incomplete. */
gr_status gri_rs_options_capped(const gr_ruleset *rs, uint64_t n, uint64_t max_options, uint64_t split_cap,
                               gr_heap_option_fn fn, void *user, int *complete, gr_error *err);

/* The state families' operations, through the family table (statesearch.c). */
struct gri_optiter;
gr_status gri_state_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err);
gr_status gri_state_outcome(gr_ruleset *rs, const uint64_t *args, size_t n, int *wins, gr_error *err);
gr_status gri_state_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target,
                            gr_state_option_fn fn, void *user, int *complete, gr_error *err);
gr_status gri_state_options(gr_ruleset *rs, const uint64_t *args, size_t n, struct gri_optiter *it,
                           gr_state_option_fn fn, void *user, gr_error *err);
/* heap families: options of value `want` found directly (see family.h) */
int gri_rs_moves_to(const gr_ruleset *rs, uint64_t n, uint64_t want, struct gri_optiter *it, int *complete);

/* The shared search of a state family with state_children (statesearch.c):
 * a position's value, memoized per ruleset under the context's search
 * limit; the options of value target, listed and valued; the search freed
 * with the ruleset. */
gr_status gri_state_search_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err);
gr_status gri_state_listed_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target,
                                   gr_state_option_fn fn, void *user, int *complete, gr_error *err);
/* the same with each option's question put to is (*yes: its value is the
 * target), for a family that answers it more cheaply than by the value */
typedef gr_status (*gri_is_value_fn)(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, int *yes,
                                     gr_error *err);
gr_status gri_state_moves_to_by(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, gri_is_value_fn is,
                                gr_state_option_fn fn, void *user, int *complete, gr_error *err);
void gri_state_search_free(gr_ruleset *rs);
/* For a family's state_children: writes the position words[0..n) as a
 * child of the shared search, in its canonical form and split into its
 * parts when the family has those hooks (GRI_STATE_MAX_WORDS at most). */
#define GRI_STATE_MAX_WORDS 64
gr_status gri_state_child(gr_ruleset *rs, struct gri_search *s, const uint64_t *words, size_t n);

/* A search's combine for a ruleset's own search (s->user is the ruleset):
 * the mex over the options, each the XOR of its positions' values. */
struct gri_search;
gr_status gri_rs_search_combine(struct gri_search *s, const uint64_t *key, size_t len, const uint64_t *ch, size_t chlen,
                                uint64_t *result);

/* Appends to a table, keeping tabmax (and widening the table as needed). */
gr_status gri_rs_push(gr_ruleset *rs, uint64_t v, gr_error *err);
/* Appends the mex of rs->mex, the options gathered by a family's next();
 * st is how gathering them went (GR_ENOMEM from gr_mexset_add). */
gr_status gri_rs_push_mex(gr_ruleset *rs, gr_status st, gr_error *err);

static inline uint32_t gri_tab_at(const gr_ruleset *rs, size_t i) { return gri_load_w(rs->tab, rs->tw, i); }

#endif
