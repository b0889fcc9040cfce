/* The exact misère search (misere_search.c), shared by misère outcomes,
 * winning moves and genus values (misere.c).
 *
 * A sum is a run of records [hdr][args...], hdr = ruleset id << 32 | nargs.
 * Heaps are one record each (nargs 1); a state ruleset's term is one
 * record. Canonical: heaps of size 0 dropped, records sorted. */
#ifndef GRUNDY_MISERE_SEARCH_H
#define GRUNDY_MISERE_SEARCH_H

#include "core/internal.h"
#include "core/search.h"

typedef struct rec {
    const uint64_t *w;
    size_t n;
} rec;

typedef struct words {
    const gr_allocator *al;  /* where w lives */
    uint64_t *w;
    size_t n, cap;
} words;

typedef struct search {
    gr_ctx *ctx;
    int values;            /* 0: memo holds outcomes (1 mover wins, 0 not);
                              1: memo holds misère Grundy values */
    int misere;            /* for other clients (remoteness): misère play */
    gr_mexset mex;
    gri_search run;         /* canonical sum -> outcome or value */
    words child;           /* the child being written */
    rec *recs;
    size_t recs_cap;
    gr_error *err;
} search;

/* options listed per component before the search gives up */
#define SEARCH_MAX_OPTIONS ((uint64_t)1 << 20)

int gri_ms_cmp_rec(const void *a, const void *b);
int gri_ms_put(words *b, const uint64_t *w, size_t n);
gr_ruleset *gri_ms_rs_of(gr_ctx *ctx, uint64_t hdr);
/* splits w[0..n) into records */
size_t gri_ms_records(const uint64_t *w, size_t n, rec *out);
/* appends the canonical form of the records r[0..k) (sorted in place) */
int gri_ms_canon(gr_ctx *ctx, rec *r, size_t k, words *out);
/* values 0: the memo holds outcomes (1: the mover wins); 1: misère values */
gr_status gri_ms_init(search *s, gr_ctx *ctx, int values, gr_error *err);
/* the same search with other ops (gri_ms_children for the children); what
 * names it in the bound's message */
void gri_ms_init_ops(search *s, gr_ctx *ctx, const gri_search_ops *ops, const char *what, gr_error *err);
/* the children of a canonical sum: one per option of each distinct
 * component (ops.children of these searches) */
gr_status gri_ms_children(gri_search *run, const uint64_t *key, size_t len);
void gri_ms_free(search *s);
gr_status gri_ms_run(search *s, const uint64_t *key, size_t len, uint64_t *out);
gr_status gri_ms_wins(search *s, const uint64_t *key, size_t len, int *wins);
struct gr_position;
/* the canonical key of a whole position (heaps flattened) */
gr_status gri_ms_position_key(struct gr_position *pos, words *out, gr_error *err);

#endif
