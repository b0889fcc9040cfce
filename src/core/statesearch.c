/* The state families' operations and their shared search. Calls on a
 * state ruleset go through here (gri_state_value and its siblings): to the
 * family's own operation when it has one, else to the shared search, which
 * a family that lists a position's options (state_children) gets without
 * wiring a search of its own (custom families and rules on 2 to 4 numbers
 * use it). The search is the generic one (search.c): memoized per ruleset,
 * an explicit stack, the context's search limit, time limit and interrupt;
 * with the family's canonical and split hooks it memoizes forms and parts. */
#include <string.h>
#include "core/internal.h"
#include "core/rs.h"
#include "core/family.h"
#include "core/search.h"
#include "core/context_internal.h"

gr_status gri_rs_search_combine(gri_search *s, const uint64_t *key, size_t len, const uint64_t *ch, size_t chlen,
                                uint64_t *result) {
    (void)key; (void)len;
    return gri_search_mex(s, ch, chlen, &((gr_ruleset *)s->user)->mex, result);
}

gr_status gri_state_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err) {
    if (!rs->fam->value) return gri_state_search_value(rs, args, n, value, err);
    return rs->fam->value(rs, args, n, value, err);
}

gr_status gri_state_outcome(gr_ruleset *rs, const uint64_t *args, size_t n, int *wins, gr_error *err) {
    if (rs->fam->outcome) return rs->fam->outcome(rs, args, n, wins, err);
    uint64_t v = 0;
    gr_status st = gri_state_value(rs, args, n, &v, err);
    *wins = v != 0;
    return st;
}

gr_status gri_state_options(gr_ruleset *rs, const uint64_t *args, size_t n, gri_optiter *it, gr_state_option_fn fn,
                           void *user, gr_error *err) {
    return rs->fam->state_options(rs, args, n, it, fn, user, err);
}

gr_status gri_state_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, gr_state_option_fn fn,
                            void *user, int *complete, gr_error *err) {
    if (complete) *complete = 1;
    if (!rs->fam->state_moves_to) return gri_state_listed_moves_to(rs, args, n, target, fn, user, complete, err);
    return rs->fam->state_moves_to(rs, args, n, target, fn, user, complete, err);
}

static gr_status shared_children(gri_search *s, const uint64_t *key, size_t len) {
    gr_ruleset *rs = s->user;
    return rs->fam->state_children(rs, s, key, len);
}

static const gri_search_ops SHARED_OPS = {shared_children, NULL, gri_rs_search_combine};

/* a part of a position, canonical, handed on */
typedef struct part_sink {
    gr_ruleset *rs;
    int (*take)(struct part_sink *p, const uint64_t *w, size_t n);
    gri_search *s;       /* children: the search they go to */
    uint64_t value;      /* the root: the XOR of its parts' values */
    const char *what;
    gr_status st;
    gr_error *err;
} part_sink;

static int take_part(void *user, const uint64_t *w, size_t n) {
    part_sink *p = user;
    uint64_t c[GRI_STATE_MAX_WORDS];
    if (n > GRI_STATE_MAX_WORDS) {
        p->st = gri_fail(p->err, GR_EINVAL, "%s: a part of %zu words (at most %d)", p->rs->spec, n, GRI_STATE_MAX_WORDS);
        return 1;
    }
    for (size_t k = 0; k < n; k++) c[k] = w[k];
    if (p->rs->fam->canonical) p->rs->fam->canonical(p->rs, c, n);
    return p->take(p, c, n);
}

/* the position's parts (itself alone when it does not split), each canonical */
static gr_status each_part(part_sink *p, const uint64_t *w, size_t n) {
    size_t np = 0;
    p->st = GR_OK;
    if (p->rs->fam->split) {
        gr_status st = p->rs->fam->split(p->rs, w, n, take_part, p, &np, p->err);
        if (st != GR_OK) return st;
        if (p->st != GR_OK || np > 1) return p->st;
        if (np == 1) return p->st; /* the one part was handed on already */
    }
    take_part(p, w, n);
    return p->st;
}

static int child_part(part_sink *p, const uint64_t *w, size_t n) {
    p->st = gri_search_child(p->s, w, n);
    return p->st != GR_OK;
}

gr_status gri_state_child(gr_ruleset *rs, gri_search *s, const uint64_t *words, size_t n) {
    /* no form and no parts to find: the position as it is (the hot path of a rule's search) */
    if (!rs->fam->canonical && !rs->fam->split) return gri_search_child(s, words, n);
    part_sink p = {rs, child_part, s, 0, NULL, GR_OK, s->err};
    return each_part(&p, words, n);
}

static int value_part(part_sink *p, const uint64_t *w, size_t n) {
    uint64_t v;
    p->st = gri_search_value(p->rs->ssearch, &p->rs->ssearch_ready, &SHARED_OPS, p->rs, (size_t)p->rs->ctx->search_limit,
                             p->rs->ctx, p->what, w, n, &v, p->err);
    p->value ^= v;
    return p->st != GR_OK;
}

gr_status gri_state_search_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err) {
    if (!rs->fam->state_children) return gri_fail(err, GR_EINTERNAL, "%s has no way to find its values", rs->spec);
    if (!rs->ssearch && !(rs->ssearch = gri_calloc(gri_ctx_alloc(rs->ctx), 1, sizeof *rs->ssearch)))
        return gri_fail(err, GR_ENOMEM, "out of memory");
    const char *what = rs->fam->search_what ? rs->fam->search_what : "the search of a state game";
    part_sink p = {rs, value_part, NULL, 0, what, GR_OK, err};
    gr_status st = each_part(&p, args, n);
    if (st == GR_OK) *value = p.value;
    return st;
}

void gri_state_search_free(gr_ruleset *rs) {
    if (!rs->ssearch) return;
    if (rs->ssearch_ready) gri_search_free(rs->ssearch);
    gri_free(gri_ctx_alloc(rs->ctx), rs->ssearch);
    rs->ssearch = NULL;
    rs->ssearch_ready = 0;
}

/* the options, each as [n][args...], gathered before any is valued (valuing
 * one may list options again) */
typedef struct gathered {
    const gr_allocator *al;
    uint64_t *w;
    size_t len, cap;
    int oom;
} gathered;

static int gather(void *user, const uint64_t *args, size_t n) {
    gathered *g = user;
    if (!gri_grow(g->al, (void **)&g->w, &g->cap, g->len + n + 1, sizeof *g->w)) { g->oom = 1; return 1; }
    g->w[g->len] = n;
    for (size_t k = 0; k < n; k++) g->w[g->len + 1 + k] = args[k];
    g->len += n + 1;
    return 0;
}

/* an option of the target's value, by its value in full */
static gr_status valued_is(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, int *yes, gr_error *err) {
    uint64_t v;
    gr_status st = gri_state_value(rs, args, n, &v, err);
    *yes = st == GR_OK && v == target;
    return st;
}

gr_status gri_state_listed_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target,
                                   gr_state_option_fn fn, void *user, int *complete, gr_error *err) {
    return gri_state_moves_to_by(rs, args, n, target, valued_is, fn, user, complete, err);
}

gr_status gri_state_moves_to_by(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, gri_is_value_fn is,
                                gr_state_option_fn fn, void *user, int *complete, gr_error *err) {
    gathered g = {gri_ctx_alloc(rs->ctx), NULL, 0, 0, 0};
    gri_optiter it = {0};
    if (complete) *complete = 1;
    gr_status st = gri_state_options(rs, args, n, &it, gather, &g, err);
    if (st == GR_OK && g.oom) st = gri_fail(err, GR_ENOMEM, "out of memory");
    for (size_t c = 0; st == GR_OK && c < g.len; c += 1 + (size_t)g.w[c]) {
        int yes = 0;
        if ((st = is(rs, g.w + c + 1, (size_t)g.w[c], target, &yes, err)) != GR_OK) break;
        if (yes && fn(user, g.w + c + 1, (size_t)g.w[c])) {
            if (complete) *complete = 0;
            break;
        }
    }
    gri_free(g.al, g.w);
    return st;
}
