/* graph[GRAPH](v1, v2, ...): tokens on the vertices of a directed graph; a
 * move takes one token along one edge; a token on a vertex with no edge out
 * cannot move. The tokens of one term are one component (they are a sum,
 * so its value is the sum of the tokens' values).
 *
 *   GRAPH := [BASE ','] ( '@' FILE | EDGE { ',' EDGE } )     EDGE := u '>' v
 *
 * BASE is 0 (the default) or 1: how the file and the tokens number the
 * vertices. A file is "n m" then m lines "u v" (edgefile.h); inline edges
 * number the vertices 0 .. the largest named. The graph is solved once,
 * when the ruleset is made: gr_loopy_solve gives each vertex its finite
 * value or ∞ (the graph may have cycles and self-loops: a self-loop is a
 * move that changes nothing, so a token there can always keep the game
 * going). */
#include <stdlib.h>
#include <string.h>
#include "core/family.h"
#include "lang/lex.h"
#include "io/edgefile.h"
#include "core/lgraph.h"

typedef struct gdata {
    const gr_allocator *al;  /* the context's */
    uint64_t base;
    uint64_t n;           /* vertices, as declared (numbered base .. base + n - 1) */
    gri_lgraph g;         /* the vertices some edge names, in ascending order */
    uint32_t *lab;        /* lab[i]: the 0-based number of solved vertex i (NULL: all, i = number) */
} gdata;

#define G(rs) ((const gdata *)(rs)->data)

static void g_free(gr_ruleset *rs) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    gdata *d = rs->data;
    if (!d) return;
    gri_lgraph_free(&d->g);
    gri_free(al, d->lab);
    gri_free(al, d);
    rs->data = NULL;
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* builds and solves the graph from m (u, v) pairs numbered from base.
 * Only the vertices an edge names are solved (a vertex no edge names is a
 * dead end of value 0), so memory follows the edges, not the vertex
 * numbers. */
static gr_status build(gdata *d, uint64_t n, const uint64_t *pairs, uint64_t m, gr_error *err) {
    if (n >= UINT32_MAX || m >= UINT32_MAX / 2) return gri_fail(err, GR_ELIMIT, "a graph has fewer than 2^31 vertices and edges");
    const gr_allocator *al = d->al;
    d->n = n;
    uint32_t *from = gri_malloc(al, (m ? (size_t)m : 1) * sizeof *from), *to = gri_malloc(al, (m ? (size_t)m : 1) * sizeof *to);
    /* a graph whose vertex numbers are not much more than its edges is
     * solved whole; a sparse one only on the vertices its edges name */
    int sparse = n > 8 * m + 1024;
    uint32_t *lab = sparse ? gri_malloc(al, (2 * (size_t)m + 1) * sizeof *lab) : NULL;
    gr_status st = GR_OK;
    if (!from || !to || (sparse && !lab)) st = gri_fail(err, GR_ENOMEM, "out of memory building a graph");
    size_t nl = 0;
    for (uint64_t e = 0; st == GR_OK && e < m; e++) {
        from[e] = (uint32_t)(pairs[2 * e] - d->base);
        to[e] = (uint32_t)(pairs[2 * e + 1] - d->base);
        if (!sparse) continue;
        lab[nl++] = from[e];
        lab[nl++] = to[e];
    }
    if (st == GR_OK && !sparse) {
        st = gri_lgraph_build(&d->g, al, (uint32_t)n, from, to, (size_t)m, err);
    } else if (st == GR_OK) {
        qsort(lab, nl, sizeof *lab, cmp_u32);
        size_t w = 0;
        for (size_t i = 0; i < nl; i++)
            if (!w || lab[w - 1] != lab[i]) lab[w++] = lab[i];
        nl = w;
        if (nl == n) {
            gri_free(al, lab); /* every vertex is named: vertex i is number i */
            lab = NULL;
        } else {
            d->lab = lab;
            for (uint64_t e = 0; e < m; e++) {
                /* every end is named, so it is found */
                from[e] = (uint32_t)((uint32_t *)bsearch(&from[e], lab, nl, sizeof *lab, cmp_u32) - lab);
                to[e] = (uint32_t)((uint32_t *)bsearch(&to[e], lab, nl, sizeof *lab, cmp_u32) - lab);
            }
            lab = NULL;
        }
        st = gri_lgraph_build(&d->g, al, (uint32_t)nl, from, to, (size_t)m, err);
    }
    gri_free(al, lab);
    gri_free(al, from);
    gri_free(al, to);
    return st;
}

/* inline edges "u>v, ..." from p[i..n) */
static gr_status inline_edges(gdata *d, const char *p, size_t n, size_t i, size_t line, size_t col0, gri_buf *canon,
                              gr_error *err) {
    const gr_allocator *al = d->al;
    uint64_t *pairs = NULL, top = 0;
    size_t m = 0, cap = 0;
    gr_status st = GR_OK;
    for (;;) {
        uint64_t u, v;
        gri_lex_blanks(p, n, &i);
        if ((st = gri_lex_param_u64(p, n, &i, line, col0, &u, err)) != GR_OK) goto out;
        gri_lex_blanks(p, n, &i);
        if (i >= n || p[i] != '>') {
            st = gri_fail_at(err, GR_EPARSE, line, col0 + i, "expected '>' in an edge u>v (a move from u to v)");
            goto out;
        }
        i++;
        gri_lex_blanks(p, n, &i);
        if ((st = gri_lex_param_u64(p, n, &i, line, col0, &v, err)) != GR_OK) goto out;
        if (u < d->base || v < d->base) {
            st = gri_fail_at(err, GR_ERANGE, line, col0 + i, "vertex 0 in a graph numbered from 1");
            goto out;
        }
        if (u - d->base >= GRI_EDGEFILE_MAX || v - d->base >= GRI_EDGEFILE_MAX || m >= GRI_EDGEFILE_MAX) {
            st = gri_fail_at(err, GR_ELIMIT, line, col0 + i, "a graph written inline has at most %llu vertices and edges",
                             (unsigned long long)GRI_EDGEFILE_MAX);
            goto out;
        }
        if (!gri_grow(al, (void **)&pairs, &cap, 2 * m + 2, sizeof *pairs)) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto out; }
        pairs[2 * m] = u;
        pairs[2 * m + 1] = v;
        m++;
        if (u - d->base + 1 > top) top = u - d->base + 1;
        if (v - d->base + 1 > top) top = v - d->base + 1;
        if (m > 1) gri_buf_puts(canon, ",");
        gri_buf_u64(canon, u);
        gri_buf_puts(canon, ">");
        gri_buf_u64(canon, v);
        gri_lex_blanks(p, n, &i);
        if (i >= n) break;
        if (p[i] != ',') {
            st = gri_fail_at(err, GR_EPARSE, line, col0 + i, "expected ',' or ']' after an edge");
            goto out;
        }
        i++;
    }
    st = build(d, top, pairs, m, err);
out:
    gri_free(al, pairs);
    return st;
}

static gr_status g_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, const gr_parse_opts *opts,
                         gri_buf *canon, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    gdata *d = gri_calloc(al, 1, sizeof *d);
    if (!d) return gri_fail(err, GR_ENOMEM, "out of memory");
    d->al = al;
    rs->data = d;
    size_t i = 0;
    gri_lex_blanks(p, n, &i);
    if (i >= n)
        return gri_fail_at(err, GR_EPARSE, line, col0 + i, "graph needs its edges: graph[@FILE] or graph[0>1,1>2]");
    /* a base: a number followed by ',' (not by '>') */
    if (p[i] >= '0' && p[i] <= '9') {
        size_t j = i;
        while (j < n && p[j] >= '0' && p[j] <= '9') j++;
        size_t k = j;
        gri_lex_blanks(p, n, &k);
        if (k < n && p[k] == ',') {
            uint64_t b;
            gr_status st = gri_lex_param_u64(p, n, &i, line, col0, &b, err);
            if (st != GR_OK) return st;
            if (b > 1) return gri_fail_at(err, GR_EPARSE, line, col0 + j - 1, "a graph numbers its vertices from 0 or 1");
            d->base = b;
            if (b) gri_buf_puts(canon, "1,");
            i = k + 1;
            gri_lex_blanks(p, n, &i);
        }
    }
    if (i < n && p[i] == '@') {
        size_t at = i++, pe = n;
        while (pe > i && (p[pe - 1] == ' ' || p[pe - 1] == '\t')) pe--;
        if (pe == i) return gri_fail_at(err, GR_EPARSE, line, col0 + at, "expected a file name after '@'");
        char *path = gri_malloc(al, pe - i + 1);
        if (!path) return gri_fail(err, GR_ENOMEM, "out of memory");
        memcpy(path, p + i, pe - i);
        path[pe - i] = '\0';
        gri_buf_puts(canon, "@");
        gri_buf_puts(canon, path);
        char *text = NULL;
        size_t tlen = 0;
        gr_error e2;
        gri_edgefile f = {0, 0, NULL};
        gr_status st;
        if (!opts || !opts->read_file)
            st = gri_fail(&e2, GR_EINVAL, "'@%s': reading files is not enabled for this parse (no file reader given)", path);
        else
            st = opts->read_file(opts->user, path, &text, &tlen, &e2);
        if (st == GR_OK) st = gri_edgefile_parse(d->al, path, text, tlen, d->base, GRI_EDGES_PAIRS, &f, &e2);
        gri_free(&gri_libc_alloc, text); /* a reader's text is malloc'd (gr_read_fn) */
        gri_free(al, path);
        if (st == GR_OK) st = build(d, f.n, f.e, f.m, &e2);
        gri_free(al, f.e);
        if (st != GR_OK) return gri_fail_at(err, st, line, col0 + at, "%s", e2.message);
        return GR_OK;
    }
    return inline_edges(d, p, n, i, line, col0, canon, err);
}

static gr_status g_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err) {
    const gdata *d = G(rs);
    for (size_t k = 0; k < n; k++)
        if (args[k] < d->base || args[k] - d->base >= d->n) {
            *bad = k;
            if (!d->n)
                return gri_fail(err, GR_ERANGE, "vertex %llu is not in the graph (it has no vertices)", (unsigned long long)args[k]);
            return gri_fail(err, GR_ERANGE, "vertex %llu is not in the graph (vertices %llu..%llu)", (unsigned long long)args[k],
                            (unsigned long long)d->base, (unsigned long long)(d->base + d->n - 1));
        }
    return GR_OK;
}

/* the solved vertex of a token, or UINT32_MAX for a vertex no edge names
 * (a dead end: value 0, no move) */
static uint32_t vertex(const gdata *d, uint64_t a) {
    uint32_t x = (uint32_t)(a - d->base);
    if (!d->lab) return x;
    const uint32_t *at = bsearch(&x, d->lab, d->g.n, sizeof *d->lab, cmp_u32);
    return at ? (uint32_t)(at - d->lab) : UINT32_MAX;
}

/* the number (as written) of solved vertex v */
static uint64_t label(const gdata *d, uint32_t v) { return (d->lab ? d->lab[v] : v) + d->base; }

static gri_ltally tally(const gdata *d, const uint64_t *args, size_t n) {
    gri_ltally t = {0, 0, 0, 0};
    for (size_t k = 0; k < n; k++) {
        uint32_t v = vertex(d, args[k]);
        if (v != UINT32_MAX) gri_ltally_add(&d->g, &t, v);
    }
    return t;
}

static gr_status g_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err) {
    const gdata *d = G(rs);
    gri_ltally t = tally(d, args, n);
    *value = t.x;
    if (t.ninf)
        return gri_fail(err, GR_ECYCLE, "%s: the token on vertex %llu has an infinite value: the game is loopy and may be a "
                                        "draw (ask for its outcome: grundy solve)",
                        rs->spec, (unsigned long long)label(d, t.inf));
    return GR_OK;
}

static gr_status g_gvalue(gr_ruleset *rs, const uint64_t *args, size_t n, gri_gv *out, gr_error *err) {
    (void)err;
    const gdata *d = G(rs);
    gri_ltally t = tally(d, args, n);
    gri_ltally_gv(&d->g, &t, out);
    return GR_OK;
}

/* whether token k stands where an earlier token stands (same options) */
static int repeated(const uint64_t *args, size_t n, size_t k) {
    if (n > 16) return k && args[k - 1] == args[k];
    for (size_t j = 0; j < k; j++)
        if (args[j] == args[k]) return 1;
    return 0;
}

/* Every move of the term, one token along one edge, with the value it
 * leaves; fn returns nonzero to stop. */
static gr_status each_move(const gdata *d, const uint64_t *args, size_t n, gri_gv_option_fn fn, void *user,
                           gr_error *err) {
    const gr_allocator *al = d->al;
    gri_ltally t = tally(d, args, n);
    uint64_t *buf = gri_malloc(al, (n ? n : 1) * sizeof *buf);
    if (!buf) return gri_fail(err, GR_ENOMEM, "out of memory");
    memcpy(buf, args, n * sizeof *buf);
    const gri_lgraph *g = &d->g;
    for (size_t k = 0; k < n; k++) {
        if (repeated(args, n, k)) continue;
        uint32_t v = vertex(d, args[k]);
        if (v == UINT32_MAX) continue; /* a dead end */
        for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++) {
            gri_gv gv;
            gri_ltally_gv_moved(g, &t, v, g->adj[e], &gv);
            buf[k] = label(d, g->adj[e]);
            if (fn(user, buf, n, &gv)) goto done;
        }
        buf[k] = args[k];
    }
done:
    gri_free(al, buf);
    return GR_OK;
}

typedef struct plain {
    gri_optiter *it;
    gr_state_option_fn fn;
    void *user;
    uint64_t target;      /* moves_to: the value wanted */
} plain;

static int on_any(void *user, const uint64_t *args, size_t n, const gri_gv *gv) {
    (void)gv;
    plain *p = user;
    if (p->it->max && p->it->seen >= p->it->max) { p->it->stopped = p->it->cut = 1; return 1; }
    p->it->seen++;
    if (p->fn(p->user, args, n)) { p->it->stopped = 1; return 1; }
    return 0;
}

static gr_status g_options(gr_ruleset *rs, const uint64_t *args, size_t n, gri_optiter *it, gr_state_option_fn fn,
                           void *user, gr_error *err) {
    plain p = {it, fn, user, 0};
    return each_move(G(rs), args, n, on_any, &p, err);
}

static int on_target(void *user, const uint64_t *args, size_t n, const gri_gv *gv) {
    plain *p = user;
    if (gv->infinite || gv->value != p->target) return 0;
    return p->fn(p->user, args, n);
}

/* the moves to a position of finite value target */
static gr_status g_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, gr_state_option_fn fn,
                            void *user, int *complete, gr_error *err) {
    (void)complete;
    plain p = {NULL, fn, user, target};
    return each_move(G(rs), args, n, on_target, &p, err);
}

static gr_status g_gvalue_options(gr_ruleset *rs, const uint64_t *args, size_t n, gri_gv_option_fn fn, void *user,
                                  gr_error *err) {
    return each_move(G(rs), args, n, fn, user, err);
}

static const gri_loopy_hooks GRAPH_LOOPY = {.gvalue = g_gvalue, .gvalue_options = g_gvalue_options};

const gri_family gri_family_graph = {
    .name = "graph",
    .method = "the generalized Sprague-Grundy function of the graph (a value, or ∞ with its set K for positions that can draw), computed once for every vertex; tokens add as a nim sum (by Smith's rule when a value is infinite)",
    .flags = GR_FAM_PARAMS_REQUIRED | GR_FAM_ARGS_SET | GR_FAM_LOOPY,
    .example = "graph[0>1,1>2] or graph[@FILE]",
    .parse_files = g_parse,
    .free = g_free,
    .check = g_check,
    .value = g_value,
    .loopy = &GRAPH_LOOPY,
    .state_options = g_options,
    .state_moves_to = g_moves_to,
};
