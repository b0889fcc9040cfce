/* Families the caller defines (grundy/custom.h): one gri_family table per
 * registration, whose operations call the caller's options callback. A
 * heap family gets a value table like any built-in heap family (G(n) = mex
 * over the options, whose heaps are all smaller than n); a state family's
 * values come from the shared search driver (core/search.c), memoized per
 * ruleset and bounded by the context's search limit. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "core/family.h"
#include "core/context_internal.h"
#include "core/search.h"
#include "grundy/custom.h"

#define CUSTOM_NAME_MAX 32
#define CUSTOM_MAX_WORDS 64   /* heaps one option leaves, or words of a state */

typedef struct custom_reg {
    gri_family_entry entry;    /* first: the context frees the block through it */
    gri_family fam;
    gr_custom_family def;
    char name[CUSTOM_NAME_MAX + 1];
} custom_reg;

static const custom_reg *reg_of(const gr_ruleset *rs) {
    return (const custom_reg *)(const void *)((const char *)rs->fam - offsetof(custom_reg, fam));
}

/* ---- the emitter handed to the caller's callback ---- */

struct gr_emit {
    int (*take)(gr_emit *e, const uint64_t *vals, size_t n);
    gr_status st;             /* set when the listing failed */
    gr_error *err;
    const gr_ruleset *rs;
    void *sink;               /* the receiver of this listing */
    uint64_t from;            /* heap families: the heap whose options these are */
};

int gr_emit_option(gr_emit *e, const uint64_t *vals, size_t n) {
    if (e->st != GR_OK) return 1;
    if (n > CUSTOM_MAX_WORDS || (!n && !gri_rs_has(e->rs, GR_FAM_HEAP))) {
        e->st = gri_fail(e->err, GR_EINVAL, "%s: an option has %zu %s (a custom family allows %s)", e->rs->spec, n,
                        gri_rs_has(e->rs, GR_FAM_HEAP) ? "heaps" : "words",
                        gri_rs_has(e->rs, GR_FAM_HEAP) ? "at most 64 heaps" : "1 to 64 words");
        return 1;
    }
    return e->take(e, vals, n);
}

/* ---- heap families ---- */

static int heap_splits(const gr_ruleset *rs) { return reg_of(rs)->def.splits != 0; }

/* next: the XOR of each option's heaps goes into the mex set */
static int take_value(gr_emit *e, const uint64_t *h, size_t n) {
    gr_ruleset *rs = e->sink;
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        if (!h[i]) continue;
        if (h[i] >= e->from) {
            e->st = gri_fail(e->err, GR_EINVAL,
                            "%s(%llu): an option leaves a heap of %llu, but the options of a heap family must leave smaller heaps",
                            rs->spec, (unsigned long long)e->from, (unsigned long long)h[i]);
            return 1;
        }
        x ^= gri_tab_at(rs, (size_t)h[i]);
    }
    if (gr_mexset_add(&rs->mex, x) != GR_OK) {
        e->st = gri_fail(e->err, GR_ENOMEM, "out of memory computing mex");
        return 1;
    }
    return 0;
}

static gr_status heap_next(gr_ruleset *rs, gr_error *err) {
    const custom_reg *r = reg_of(rs);
    uint64_t n = rs->len;
    gr_emit e = {take_value, GR_OK, err, rs, rs, n};
    gr_mexset_clear(&rs->mex);
    gr_status st = r->def.options(r->def.user, &n, 1, &e, err);
    if (st != GR_OK) return st;
    if (e.st != GR_OK) return e.st;
    return gri_rs_push(rs, gr_mexset_mex(&rs->mex), err);
}

/* options: the non-empty heaps go to the iterator */
static int take_heaps(gr_emit *e, const uint64_t *h, size_t n) {
    uint64_t keep[CUSTOM_MAX_WORDS];
    size_t k = 0;
    for (size_t i = 0; i < n; i++) if (h[i]) keep[k++] = h[i];
    return gri_optiter_emit(e->sink, keep, k);
}

static void heap_options(const gr_ruleset *rs, uint64_t n, gri_optiter *it) {
    const custom_reg *r = reg_of(rs);
    gr_error local;
    gr_emit e = {take_heaps, GR_OK, &local, rs, it, n};
    /* the table's computation has run the callback on every smaller heap
     * already, so an error here would have been reported there */
    if (r->def.options(r->def.user, &n, 1, &e, &local) != GR_OK || e.st != GR_OK) it->cut = 1;
}

/* ---- state families ---- */

static int take_child(gr_emit *e, const uint64_t *a, size_t n) {
    gr_ruleset *rs = (gr_ruleset *)e->rs;
    /* with a split, an option may be a sum of parts: each option is marked */
    if (rs->fam->split && (e->st = gri_search_marker(e->sink)) != GR_OK) return 1;
    e->st = gri_state_child(rs, e->sink, a, n);
    return e->st != GR_OK;
}

static void state_canonical(const gr_ruleset *rs, uint64_t *args, size_t n) {
    const custom_reg *r = reg_of(rs);
    r->def.canonical(r->def.user, args, n);
}

typedef struct split_sink {
    gr_state_option_fn fn;
    void *user;
    size_t n;
} split_sink;

static int take_split(gr_emit *e, const uint64_t *a, size_t n) {
    split_sink *k = e->sink;
    k->n++;
    return k->fn(k->user, a, n) ? 1 : 0;
}

static gr_status state_split(const gr_ruleset *rs, const uint64_t *args, size_t n, gr_state_option_fn fn, void *user,
                             size_t *nparts, gr_error *err) {
    const custom_reg *r = reg_of(rs);
    split_sink k = {fn, user, 0};
    gr_emit e = {take_split, GR_OK, err, rs, &k, 0};
    gr_status st = r->def.split(r->def.user, args, n, &e, err);
    *nparts = k.n;
    return st != GR_OK ? st : e.st;
}

/* the options as children of the shared search (core/statesearch.c), which
 * values the family: a custom state family wires no search of its own */
static gr_status state_children(gr_ruleset *rs, gri_search *s, const uint64_t *key, size_t len) {
    const custom_reg *r = reg_of(rs);
    gr_emit e = {take_child, GR_OK, s->err, rs, s, 0};
    gr_status st = r->def.options(r->def.user, key, len, &e, s->err);
    return st != GR_OK ? st : e.st;
}

static gr_status state_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err) {
    const custom_reg *r = reg_of(rs);
    if (n > CUSTOM_MAX_WORDS) {
        *bad = CUSTOM_MAX_WORDS;
        return gri_fail(err, GR_EINVAL, "%s takes at most %d numbers", rs->spec, CUSTOM_MAX_WORDS);
    }
    return r->def.check ? r->def.check(r->def.user, args, n, bad, err) : GR_OK;
}

typedef struct forward {
    gri_optiter *it;
    gr_state_option_fn fn;
    void *user;
} forward;

static int take_forward(gr_emit *e, const uint64_t *a, size_t n) {
    forward *f = e->sink;
    if (f->it->max && f->it->seen >= f->it->max) { f->it->stopped = f->it->cut = 1; return 1; }
    f->it->seen++;
    if (f->fn(f->user, a, n)) { f->it->stopped = 1; return 1; }
    return 0;
}

static gr_status state_options(gr_ruleset *rs, const uint64_t *args, size_t n, gri_optiter *it, gr_state_option_fn fn,
                               void *user, gr_error *err) {
    const custom_reg *r = reg_of(rs);
    forward f = {it, fn, user};
    gr_emit e = {take_forward, GR_OK, err, rs, &f, 0};
    gr_status st = r->def.options(r->def.user, args, n, &e, err);
    return st != GR_OK ? st : e.st;
}

/* ---- registration ---- */

static int name_ok(const char *s) {
    size_t n = strlen(s);
    if (!n || n > CUSTOM_NAME_MAX || (s[0] >= '0' && s[0] <= '9')) return 0;
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_')) return 0;
    return 1;
}

gr_status gr_ctx_define_family(gr_ctx *ctx, const gr_custom_family *def, gr_error *err) {
    if (!def || !GRI_SIZE_OK(def, gr_custom_family)) return GRI_SIZE_FAIL(err, gr_custom_family);
    const gr_allocator *al = gri_ctx_alloc(ctx);
    if (!def || !def->name || !def->options)
        return gri_fail(err, GR_EINVAL, "a custom family needs a name and an options callback");
    if (!name_ok(def->name))
        return gri_fail(err, GR_EINVAL, "'%.40s' is not a family name: use 1 to %d of a-z, 0-9 and _, not starting with a digit",
                       def->name, CUSTOM_NAME_MAX);
    size_t len = strlen(def->name);
    if (gri_registry_find(def->name, len) || gri_ctx_custom_find(ctx, def->name, len))
        return gri_fail(err, GR_EINVAL, "the family name '%s' is taken", def->name);
    custom_reg *r = gri_calloc(al, 1, sizeof *r);
    if (!r) return gri_fail(err, GR_ENOMEM, "out of memory");
    memcpy(r->name, def->name, len + 1);
    /* as much of the caller's struct as it has: fields it lacks stay 0 */
    memcpy(&r->def, def, def->size < sizeof r->def ? def->size : sizeof r->def);
    r->def.name = r->name;
    r->fam.name = r->name;
    if (def->heap) {
        r->fam.flags = GR_FAM_HEAP;
        r->fam.splits = heap_splits;
        r->fam.next = heap_next;
        r->fam.options = heap_options;
    } else {
        /* values and winning moves come from the shared search */
        r->fam.check = state_check;
        r->fam.state_children = state_children;
        r->fam.search_what = "the search of a custom family";
        if (r->def.canonical) r->fam.canonical = state_canonical;
        if (r->def.split) r->fam.split = state_split;
        r->fam.state_options = state_options;
    }
    r->entry.name = r->name;
    r->entry.family = &r->fam;
    r->entry.preset = NULL;
    if (!gri_ctx_custom_add(ctx, &r->entry)) { gri_free(al, r); return gri_fail(err, GR_ENOMEM, "out of memory"); }
    return GR_OK;
}
