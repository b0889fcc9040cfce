/* Conway's genus of one heap (gr_ruleset_genus, compound.h): gamma_k by
 * the exact misère search over the heap plus k heaps *2, or, past the
 * search, by the misère quotient with nim heaps adjoined
 * (misere_quotient.c). */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "core/rs.h"
#include "core/context_internal.h"
#include "play/misere_search.h"
#include "play/misere_quotient.h"
#include "play/misere_tame.h"

/* heaps up to this are tried by search first, larger ones by quotient */
#define GENUS_SEARCH_FIRST 24

gr_status gr_ruleset_genus(gr_ruleset *rs, uint64_t heap, size_t terms, gr_genus *out, gr_error *err) {
    if (!out || !GRI_SIZE_OK(out, gr_genus)) return GRI_SIZE_FAIL(err, gr_genus);
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    GRI_CLEAR_SIZED(out);
    if (!gr_ruleset_is_heap(rs)) return gri_fail(err, GR_EINVAL, "genus: %s is not a heap ruleset", rs->spec);
    if (terms == 0 || terms > GR_GENUS_MAX_TERMS)
        return gri_fail(err, GR_EINVAL, "genus: between 1 and %d terms", GR_GENUS_MAX_TERMS);
    gr_status st = gr_ruleset_value(rs, heap, &out->g, err);
    if (st != GR_OK) return st;
    int ok;
    if ((st = gri_tame_upto(rs, heap, &ok, err)) != GR_OK) return st;
    out->tame = ok;
    if (heap > GENUS_SEARCH_FIRST) {
        /* large heaps: the quotient first (the search would only fail slowly) */
        gr_error e2;
        gr_status qs = gri_genus_quotient(rs, heap, terms, out->gamma, &e2);
        if (qs == GR_ENOMEM) { if (err) *err = e2; return qs; }
        if (qs == GR_OK) { out->count = terms; out->method = "quotient"; return GR_OK; }
    }
    gr_ruleset *nim;
    if ((st = gr_ctx_ruleset(rs->ctx, "nim", 3, &nim, err)) != GR_OK) return st;
    search s;
    gri_ms_init(&s, rs->ctx, 1, err);
    words key = {gri_ctx_alloc(rs->ctx), NULL, 0, 0};
    out->method = "search";
    for (size_t k = 0; k < terms && st == GR_OK; k++) {
        /* gamma_k: the misère Grundy value of the heap plus k heaps of size 2 */
        words raw = {gri_ctx_alloc(rs->ctx), NULL, 0, 0};
        uint64_t r[2] = {(uint64_t)rs->id << 32 | 1, heap};
        int okw = gri_ms_put(&raw, r, 2);
        for (size_t j = 0; j < k && okw; j++) {
            uint64_t two[2] = {(uint64_t)nim->id << 32 | 1, 2};
            okw = gri_ms_put(&raw, two, 2);
        }
        rec recs[20];
        size_t nrec = okw ? gri_ms_records(raw.w, raw.n, recs) : 0;
        key.n = 0;
        if (!okw || !gri_ms_canon(rs->ctx, recs, nrec, &key)) st = gri_fail(err, GR_ENOMEM, "out of memory");
        gri_free(al, raw.w);
        if (st == GR_OK) st = gri_ms_run(&s, key.w, key.n, &out->gamma[k]);
    }
    gri_free(al, key.w);
    gri_ms_free(&s);
    out->count = terms;
    if (st == GR_ELIMIT && heap <= GENUS_SEARCH_FIRST && !gri_ctx_stopping(rs->ctx)) {
        /* past the search: the misère quotient with nim heaps adjoined */
        gr_error e2;
        gr_status qs = gri_genus_quotient(rs, heap, terms, out->gamma, &e2);
        if (qs == GR_OK) { out->method = "quotient"; return GR_OK; }
        if (qs == GR_ENOMEM) { if (err) *err = e2; return qs; }
    }
    return st;
}
