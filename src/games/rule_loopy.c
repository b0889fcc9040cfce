/* rule[...] in loopy mode (rule_internal.h): once a rule's game is found
 * not to be well-founded, its terms are valued on the graph of positions
 * they reach. */
#include <stdlib.h>
#include <string.h>
#include "games/rule_internal.h"
#include "core/context_internal.h"
#include "core/ticker.h"

/* ---- loopy mode: generalized values on the graph of positions ----
 * A vertex is a whole term: a sum of positions, kept as a sorted list of
 * positions (a multiset: one-number rules' heaps, or tuples), so moves
 * that split are followed as well; the empty sum is vertex 0. */

int gri_rule_is_loopy(const gr_ruleset *rs) { return ((const rule_data *)rs->data)->loopy; }

/* a cap on the positions of one vertex (one sum) */
#define LOOPY_MAX_PARTS 64

typedef struct explore {
    gr_ruleset *rs;
    rule_data *d;
    unsigned arity;
    uint32_t from;          /* the vertex whose moves are listed */
    const uint64_t *sum;    /* its positions (a copy) */
    size_t nsum;            /* how many */
    size_t which;           /* the position that moves */
    uint64_t *scratch;      /* room for a new sum */
    gr_status st;
    gr_error *err;
} explore;

static gr_status add_edge(rule_data *d, uint32_t from, uint32_t to, gr_error *err) {
    const gr_allocator *al = d->al;
    if (d->ne == d->ecap) {
        size_t cap = d->ecap ? 2 * d->ecap : 64;
        uint32_t *f = gri_realloc(al, d->efrom, cap * sizeof *f);
        if (f) d->efrom = f;
        uint32_t *t = f ? gri_realloc(al, d->eto, cap * sizeof *t) : NULL;
        if (t) d->eto = t;
        if (!f || !t) return gri_fail(err, GR_ENOMEM, "out of memory exploring a loopy game");
        d->ecap = cap;
    }
    d->efrom[d->ne] = from;
    d->eto[d->ne++] = to;
    return GR_OK;
}

/* sorts a sum of n positions of a words each (insertion sort: sums are short) */
static void sort_sum(uint64_t *w, size_t n, unsigned a) {
    uint64_t tmp[4];
    for (size_t i = 1; i < n; i++) {
        memcpy(tmp, w + i * a, a * sizeof *w);
        size_t j = i;
        while (j > 0 && memcmp(w + (j - 1) * a, tmp, a * sizeof *w) > 0) {
            /* memcmp on words is not numeric order, but any fixed order makes the key canonical */
            memcpy(w + j * a, w + (j - 1) * a, a * sizeof *w);
            j--;
        }
        memcpy(w + j * a, tmp, a * sizeof *w);
    }
}

/* the vertex of a sorted sum, added (unexplored) when new */
static gr_status vertex_of(explore *x, const uint64_t *sum, size_t n, uint32_t *v) {
    if (!n) { *v = 0; return GR_OK; }
    size_t id = gri_keymap_find(&x->d->lkeys, sum, n * x->arity);
    if (id == SIZE_MAX) {
        gr_status st = gri_keymap_add(&x->d->lkeys, sum, n * x->arity, 0, &id);
        if (st == GR_ELIMIT)
            return gri_fail(x->err, GR_ELIMIT, "%s: the game does not end (it is loopy, or grows without bound) and its graph "
                            "of positions exceeds the bound of %llu positions (raise it with --search-limit)",
                            x->rs->spec, (unsigned long long)gr_ctx_search_limit(x->rs->ctx));
        if (st != GR_OK) return gri_fail(x->err, st, "out of memory exploring a loopy game");
    }
    *v = (uint32_t)id + 1;
    return GR_OK;
}

static int on_explore(void *user, const uint64_t *parts, size_t np) {
    explore *x = user;
    unsigned a = x->arity;
    size_t m = 0;
    for (size_t j = 0; j < x->nsum; j++) {
        if (j == x->which) continue;
        memcpy(x->scratch + m * a, x->sum + j * a, a * sizeof *parts);
        m++;
    }
    for (size_t k = 0; k < np; k++) {
        if (a == 1 && !parts[k]) continue; /* an empty heap is nothing */
        if (m == LOOPY_MAX_PARTS) {
            x->st = gri_fail(x->err, GR_ELIMIT, "%s: the game does not end: a position grew to more than %d parts (a "
                             "'+' at the top of a result splits: n+1 is two heaps, (n+1) is arithmetic)", x->rs->spec,
                             LOOPY_MAX_PARTS);
            return 1;
        }
        memcpy(x->scratch + m * a, parts + k * a, a * sizeof *parts);
        m++;
    }
    sort_sum(x->scratch, m, a);
    uint32_t to;
    if ((x->st = vertex_of(x, x->scratch, m, &to)) != GR_OK) return 1;
    if ((x->st = add_edge(x->d, x->from, to, x->err)) != GR_OK) return 1;
    return 0;
}

/* the term's sum, sorted, in out (room for LOOPY_MAX_PARTS positions) */
static gr_status term_sum(const gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *out, size_t *m, gr_error *err) {
    unsigned a = gri_rule_arity(gri_rule_of(rs));
    if (n / a > LOOPY_MAX_PARTS)
        return gri_fail(err, GR_ELIMIT, "%s: a loopy game's term has at most %d positions", rs->spec, LOOPY_MAX_PARTS);
    *m = 0;
    for (size_t i = 0; i + a <= n; i += a) {
        if (a == 1 && !args[i]) continue; /* a heap of 0 is no heap, as a move's result */
        memcpy(out + *m * a, args + i, a * sizeof *args);
        (*m)++;
    }
    sort_sum(out, *m, a);
    return GR_OK;
}

/* the half-explored graph is dropped: start afresh next time */
static gr_status drop_graph(rule_data *d, gr_status st) {
    gri_keymap_free(&d->lkeys);
    d->lkeys_ready = 0;
    d->ne = 0;
    gri_lgraph_free(&d->lg);
    d->lg_n = 0;
    return st;
}

/* makes sure the term's vertex and all it reaches are explored, and the
 * graph solved; *v is the term's vertex */
static gr_status loopy_ready(gr_ruleset *rs, const uint64_t *args, size_t n, uint32_t *v, gr_error *err) {
    rule_data *d = rs->data;
    unsigned a = gri_rule_arity(d->rule);
    if (!d->lkeys_ready) {
        gri_keymap_init(&d->lkeys, (size_t)gr_ctx_search_limit(rs->ctx), d->al);
        d->lkeys_ready = 1;
    }
    uint64_t sum[LOOPY_MAX_PARTS * 4], scratch[(LOOPY_MAX_PARTS + 1) * 4], cur[LOOPY_MAX_PARTS * 4];
    size_t m = 0;
    gr_status st = term_sum(rs, args, n, sum, &m, err);
    if (st != GR_OK) return st;
    explore x = {rs, d, a, 0, cur, 0, 0, scratch, GR_OK, err};
    size_t next = d->lkeys.count; /* entries below are explored */
    if ((st = vertex_of(&x, sum, m, v)) != GR_OK) return st;
    gri_ticker tk;
    gri_ticker_start(&tk, rs->ctx);
    for (; next < d->lkeys.count; next++) {
        size_t len = d->lkeys.len[next];
        memcpy(cur, d->lkeys.words + d->lkeys.off[next], len * sizeof *cur);
        x.from = (uint32_t)next + 1;
        x.nsum = len / a;
        /* one listing may take up to RULE_MAX_STEPS steps: the time limit is
         * checked before each position is explored (found by fuzz_rule: a
         * rule whose positions each list c*c options ran past it) */
        if ((st = gri_tick_poll(&tk, rs->ctx, err, "the loopy game's graph", next, "positions")) != GR_OK)
            return drop_graph(d, st);
        for (x.which = 0; x.which < x.nsum; x.which++) {
            if (x.which && !memcmp(cur + (x.which - 1) * a, cur + x.which * a, a * sizeof *cur)) continue;
            st = gri_rule_options(d->rule, cur + x.which * a, RULE_MAX_STEPS, on_explore, &x, err);
            if (st == GR_OK) st = x.st;
            if (st != GR_OK) return drop_graph(d, st);
        }
    }
    uint32_t nv = (uint32_t)d->lkeys.count + 1;
    if (nv == d->lg_n) return GR_OK;
    gri_lgraph_free(&d->lg);
    d->lg_n = 0;
    st = gri_lgraph_build(&d->lg, gri_ctx_alloc(rs->ctx), nv, d->efrom, d->eto, d->ne, err);
    if (st == GR_OK) d->lg_n = nv;
    return st;
}

gr_status gri_rule_gvalue(gr_ruleset *rs, const uint64_t *args, size_t n, gri_gv *out, gr_error *err) {
    uint32_t v;
    gr_status st = loopy_ready(rs, args, n, &v, err);
    if (st != GR_OK) return st;
    const rule_data *d = rs->data;
    gri_ltally t = {0, 0, 0, 0};
    gri_ltally_add(&d->lg, &t, v);
    gri_ltally_gv(&d->lg, &t, out);
    return GR_OK;
}

gr_status gri_rule_gvalue_options(gr_ruleset *rs, const uint64_t *args, size_t n, gri_gv_option_fn fn, void *user,
                                     gr_error *err) {
    uint32_t v;
    gr_status st = loopy_ready(rs, args, n, &v, err);
    if (st != GR_OK) return st;
    const rule_data *d = rs->data;
    const gri_lgraph *g = &d->lg;
    gri_ltally t = {0, 0, 0, 0};
    gri_ltally_add(g, &t, v);
    for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++) {
        uint32_t w = g->adj[e];
        gri_gv gv;
        gri_ltally_gv_moved(g, &t, v, w, &gv);
        const uint64_t *sum = w ? d->lkeys.words + d->lkeys.off[w - 1] : NULL;
        if (fn(user, sum, w ? d->lkeys.len[w - 1] : 0, &gv)) break;
    }
    return GR_OK;
}

/* a state rule's term holding a sum of positions: spec(p1) + spec(p2) */
void gri_rule_write_args(const gr_ruleset *rs, const uint64_t *args, size_t n, gri_buf *b) {
    unsigned a = gri_rule_arity(gri_rule_of(rs));
    for (size_t k = 0; k + a <= n; k += a) {
        if (k) gri_buf_puts(b, " + ");
        gri_buf_puts(b, rs->spec);
        gri_buf_puts(b, "(");
        for (unsigned j = 0; j < a; j++) {
            if (j) gri_buf_puts(b, ",");
            gri_buf_u64(b, args[k + j]);
        }
        gri_buf_puts(b, ")");
    }
}

void gri_rule_loopy_free(rule_data *d) {
    const gr_allocator *al = d->al;
    if (d->lkeys_ready) gri_keymap_free(&d->lkeys);
    gri_free(al, d->efrom);
    gri_free(al, d->eto);
    gri_lgraph_free(&d->lg);
}
