/* The exact misère search: sums written canonically (records sorted,
 * empty heaps dropped) and searched by the shared driver (core/search.c)
 * for outcomes or misère Grundy values. */
#include <stdlib.h>
#include <string.h>
#include "play/misere_search.h"
#include "core/context_internal.h"
#include "play/position_internal.h"
#include "core/family.h"

/* ---------- canonical sums for the search ---------- */
/* A sum is a run of records [hdr][args...], hdr = ruleset id << 32 | nargs.
 * Heaps are one record each (nargs 1); a state ruleset's term is one record.
 * Canonical: heaps of size 0 dropped, records sorted. */

int gri_ms_cmp_rec(const void *a, const void *b) {
    const rec *x = a, *y = b;
    size_t n = x->n < y->n ? x->n : y->n;
    for (size_t i = 0; i < n; i++)
        if (x->w[i] != y->w[i]) return x->w[i] < y->w[i] ? -1 : 1;
    return x->n < y->n ? -1 : x->n > y->n;
}

int gri_ms_put(words *b, const uint64_t *w, size_t n) {
    if (!gri_grow(b->al, (void **)&b->w, &b->cap, b->n + n, sizeof *b->w)) return 0;
    if (n) memcpy(b->w + b->n, w, n * sizeof *w);
    b->n += n;
    return 1;
}

gr_ruleset *gri_ms_rs_of(gr_ctx *ctx, uint64_t hdr) { return ctx->rs[hdr >> 32]; }

/* Splits w[0..n) into records (at most cap). */
size_t gri_ms_records(const uint64_t *w, size_t n, rec *out) {
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        size_t len = 1 + (size_t)(w[i] & 0xffffffffu);
        out[k].w = w + i;
        out[k].n = len;
        k++;
        i += len;
    }
    return k;
}

static int is_zero_heap(gr_ctx *ctx, const rec *r) {
    return gr_ruleset_is_heap(gri_ms_rs_of(ctx, r->w[0])) && r->w[1] == 0;
}

/* Writes the canonical form of the records into out (appending). */
int gri_ms_canon(gr_ctx *ctx, rec *r, size_t k, words *out) {
    qsort(r, k, sizeof *r, gri_ms_cmp_rec);
    for (size_t i = 0; i < k; i++)
        if (!is_zero_heap(ctx, &r[i]) && !gri_ms_put(out, r[i].w, r[i].n)) return 0;
    return 1;
}

/* ---------- the search ---------- */

typedef struct child_ctx {
    search *s;
    const rec *all;
    size_t nrec, skip;     /* the record being replaced */
    uint64_t hdr;          /* for heap options: the ruleset header (nargs 1) */
    int heap;
    gr_status st;
    words tmp;             /* the option's own records */
} child_ctx;

/* Emits one child: all records but `skip`, plus the option's records. */
static int emit_child(child_ctx *c) {
    const gr_allocator *al = gri_ctx_alloc(c->s->ctx);
    search *s = c->s;
    size_t total = c->nrec - 1;
    rec local[64];
    rec *r = local;
    size_t extra = 0;
    for (size_t i = 0; i < c->tmp.n; i += 1 + (size_t)(c->tmp.w[i] & 0xffffffffu)) extra++;
    if (total + extra > 64) {
        if (!gri_grow(al, (void **)&s->recs, &s->recs_cap, total + extra, sizeof *s->recs)) { c->st = GR_ENOMEM; return 1; }
        r = s->recs;
    }
    size_t k = 0;
    for (size_t i = 0; i < c->nrec; i++) if (i != c->skip) r[k++] = c->all[i];
    k += gri_ms_records(c->tmp.w, c->tmp.n, r + k);
    s->child.n = 0;
    if (!gri_ms_canon(s->ctx, r, k, &s->child)) { c->st = GR_ENOMEM; return 1; }
    gr_status st = gri_search_child(&s->run, s->child.w, s->child.n);
    if (st != GR_OK) { c->st = st; return 1; }
    return 0;
}

static int heap_child(void *user, const uint64_t *h, size_t n) {
    child_ctx *c = user;
    c->tmp.n = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t rec2[2] = {c->hdr, h[i]};
        if (!gri_ms_put(&c->tmp, rec2, 2)) { c->st = GR_ENOMEM; return 1; }
    }
    return emit_child(c);
}

/* an option that is a sum of states: the record replaced by one per part
 * (of its own width: an option may have another number of arguments,
 * dyn(n) -> dyn(n,c)) */
static int state_sum_child(void *user, const uint64_t *parts, size_t np, size_t width) {
    child_ctx *c = user;
    c->tmp.n = 0;
    uint64_t hdr = (c->hdr & ~(uint64_t)0xffffffffu) | width;
    for (size_t k = 0; k < np; k++)
        if (!gri_ms_put(&c->tmp, &hdr, 1) || !gri_ms_put(&c->tmp, parts + k * width, width)) {
            c->st = GR_ENOMEM;
            return 1;
        }
    return emit_child(c);
}

/* an option that is one position: a sum of one part */
static int state_child(void *user, const uint64_t *a, size_t n) { return state_sum_child(user, a, 1, n); }

/* The children of key[0..len): one per option of each distinct component. */
gr_status gri_ms_children(gri_search *run, const uint64_t *key, size_t len) {
    search *s = run->user;
    const gr_allocator *al = gri_ctx_alloc(s->ctx);
    size_t nrec = 0;
    for (size_t i = 0; i < len; i += 1 + (size_t)(key[i] & 0xffffffffu)) nrec++;
    rec *all = gri_malloc(al, (nrec ? nrec : 1) * sizeof *all);
    if (!all) return gri_fail(s->err, GR_ENOMEM, "out of memory");
    gri_ms_records(key, len, all);
    child_ctx c = {s, all, nrec, 0, 0, 0, GR_OK, {al, NULL, 0, 0}};
    gr_status st = GR_OK;
    for (size_t i = 0; i < nrec && st == GR_OK; i++) {
        if (i && gri_ms_cmp_rec(&all[i], &all[i - 1]) == 0) continue; /* same component, same moves */
        gr_ruleset *rs = gri_ms_rs_of(s->ctx, all[i].w[0]);
        c.skip = i;
        c.hdr = all[i].w[0];
        int complete = 1;
        if (gr_ruleset_is_heap(rs)) {
            st = gri_rs_options_capped(rs, all[i].w[1], SEARCH_MAX_OPTIONS, 0, heap_child, &c, &complete, s->err);
        } else {
            gri_optiter it = {.max = SEARCH_MAX_OPTIONS};
            if (rs->fam->state_sums)
                st = rs->fam->state_sums(rs, all[i].w + 1, all[i].n - 1, &it, state_sum_child, &c, s->err);
            else
                st = gri_state_options(rs, all[i].w + 1, all[i].n - 1, &it, state_child, &c, s->err);
            complete = !it.cut;
        }
        if (st == GR_OK && c.st == GR_ENOMEM) st = gri_fail(s->err, c.st, "out of memory in the misère search");
        else if (st == GR_OK && c.st != GR_OK) st = c.st; /* the bound, with its message */
        if (st == GR_OK && !complete)
            st = gri_fail(s->err, GR_ELIMIT, "a component has more than %llu options: too large for exact search",
                         (unsigned long long)SEARCH_MAX_OPTIONS);
    }
    gri_free(al, c.tmp.w);
    gri_free(al, all);
    return st;
}

/* outcomes: a child the mover can move to that is lost decides the node */
static int cut_outcome(gri_search *run, uint64_t child, uint64_t *result) {
    (void)run;
    if (child != 0) return 0;
    *result = 1;
    return 1;
}

/* every child known: no move wins (misère value 1); for outcomes, all
 * children won means lost; for values, the mex */
static gr_status combine(gri_search *run, const uint64_t *key, size_t len, const uint64_t *ch, size_t chlen,
                         uint64_t *result) {
    (void)key; (void)len;
    search *s = run->user;
    if (!chlen) { *result = 1; return GR_OK; }
    if (!s->values) { *result = 0; return GR_OK; }
    return gri_search_mex(run, ch, chlen, &s->mex, result);
}

static const gri_search_ops OUTCOME_OPS = {gri_ms_children, cut_outcome, combine};
static const gri_search_ops VALUE_OPS = {gri_ms_children, NULL, combine};

void gri_ms_init_ops(search *s, gr_ctx *ctx, const gri_search_ops *ops, const char *what, gr_error *err) {
    memset(s, 0, sizeof *s);
    s->ctx = ctx;
    s->err = err;
    s->child.al = gri_ctx_alloc(ctx);
    gr_mexset_init(&s->mex);
    gri_search_init(&s->run, ops, s, (size_t)gr_ctx_search_limit(ctx), what, "raise the search limit",
                   gri_ctx_alloc(ctx), err);
    s->run.ctx = ctx;
}

gr_status gri_ms_init(search *s, gr_ctx *ctx, int values, gr_error *err) {
    gri_ms_init_ops(s, ctx, values ? &VALUE_OPS : &OUTCOME_OPS, "the exact misère search", err);
    s->values = values;
    return GR_OK;
}

void gri_ms_free(search *s) {
    const gr_allocator *al = gri_ctx_alloc(s->ctx);
    gri_search_free(&s->run);
    gri_mexset_free(al, &s->mex);
    gri_free(al, s->child.w);
    gri_free(al, s->recs);
}

/* The outcome (1: the mover wins) or, for a value search, the misère
 * Grundy value of the canonical sum key[0..len). */
gr_status gri_ms_run(search *s, const uint64_t *key, size_t len, uint64_t *out) {
    return gri_search_run(&s->run, key, len, out);
}

gr_status gri_ms_wins(search *s, const uint64_t *key, size_t len, int *wins) {
    uint64_t v = 0;
    gr_status st = gri_ms_run(s, key, len, &v);
    *wins = s->values ? v != 0 : (int)v;
    return st;
}

/* Builds the canonical key of the whole position (heaps flattened). */
gr_status gri_ms_position_key(gr_position *pos, words *out, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    words raw = {al, NULL, 0, 0};
    size_t nrec = 0;
    for (size_t i = 0; i < pos->nterms; i++) {
        gri_term *t = &pos->terms[i];
        const uint64_t *a = pos->args + t->args;
        if (gr_ruleset_is_heap(t->rs)) {
            for (uint32_t k = 0; k < t->nargs; k++) {
                uint64_t r[2] = {(uint64_t)t->rs->id << 32 | 1, a[k]};
                if (!gri_ms_put(&raw, r, 2)) goto oom;
                nrec++;
            }
        } else {
            uint64_t hdr = (uint64_t)t->rs->id << 32 | t->nargs;
            if (!gri_ms_put(&raw, &hdr, 1) || !gri_ms_put(&raw, a, t->nargs)) goto oom;
            nrec++;
        }
    }
    rec *r = gri_malloc(al, (nrec ? nrec : 1) * sizeof *r);
    if (!r) goto oom;
    gri_ms_records(raw.w, raw.n, r);
    int ok = gri_ms_canon(pos->ctx, r, nrec, out);
    gri_free(al, r);
    gri_free(al, raw.w);
    if (!ok) return gri_fail(err, GR_ENOMEM, "out of memory");
    return GR_OK;
oom:
    gri_free(al, raw.w);
    return gri_fail(err, GR_ENOMEM, "out of memory");
}

