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
#include "family.h"
#include "lang/lex.h"
#include "io/edgefile.h"

typedef struct gdata {
    uint64_t base;
    uint32_t n;
    uint32_t *off, *adj;  /* followers, CSR */
    uint32_t *val;        /* generalized Sprague-Grundy value, GR_LOOPY_INFINITE */
    uint32_t *cnt;        /* the solver's counter (for finite values) */
    /* K of each infinite vertex: the finite values of its followers,
     * ascending, kv[kof[v] .. kof[v+1]) (empty for finite vertices) */
    uint32_t *kof, *kv;
} gdata;

#define G(rs) ((const gdata *)(rs)->data)

static void g_free(gr_ruleset *rs) {
    gdata *g = rs->data;
    if (!g) return;
    free(g->off); free(g->adj); free(g->val); free(g->cnt); free(g->kof); free(g->kv);
    free(g);
    rs->data = NULL;
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* builds the CSR from m (u, v) pairs numbered from base, and solves it */
static gr_status build(gdata *g, uint64_t n, const uint64_t *pairs, uint64_t m, gr_error *err) {
    if (n >= UINT32_MAX || m >= UINT32_MAX) return gri_fail(err, GR_ELIMIT, "a graph has fewer than 2^32-1 vertices and edges");
    g->n = (uint32_t)n;
    g->off = calloc((size_t)n + 1, sizeof *g->off);
    g->adj = malloc((m ? (size_t)m : 1) * sizeof *g->adj);
    g->val = malloc((n ? (size_t)n : 1) * sizeof *g->val);
    g->cnt = malloc((n ? (size_t)n : 1) * sizeof *g->cnt);
    if (!g->off || !g->adj || !g->val || !g->cnt) return gri_fail(err, GR_ENOMEM, "out of memory building a graph");
    for (uint64_t e = 0; e < m; e++) g->off[pairs[2 * e] - g->base + 1]++;
    for (uint32_t v = 0; v < g->n; v++) g->off[v + 1] += g->off[v];
    for (uint64_t e = 0; e < m; e++) g->adj[g->off[pairs[2 * e] - g->base]++] = (uint32_t)(pairs[2 * e + 1] - g->base);
    for (uint32_t v = g->n; v > 0; v--) g->off[v] = g->off[v - 1];
    g->off[0] = 0;
    /* a repeated edge is the same move: keep one of each */
    uint32_t kept = 0;
    for (uint32_t v = 0; v < g->n; v++) {
        uint32_t lo = g->off[v], hi = g->off[v + 1], first = kept;
        qsort(g->adj + lo, hi - lo, sizeof *g->adj, cmp_u32);
        for (uint32_t e = lo; e < hi; e++)
            if (kept == first || g->adj[kept - 1] != g->adj[e]) g->adj[kept++] = g->adj[e];
        g->off[v] = first;
    }
    g->off[g->n] = kept;
    gr_status st = gr_loopy_solve(g->n, g->off, g->adj, g->val, g->cnt, err);
    if (st != GR_OK) return st;
    /* the K sets of the infinite vertices */
    size_t total = 0;
    for (uint32_t v = 0; v < g->n; v++)
        if (g->val[v] == GR_LOOPY_INFINITE) total += g->off[v + 1] - g->off[v];
    g->kof = malloc(((size_t)g->n + 1) * sizeof *g->kof);
    g->kv = malloc((total ? total : 1) * sizeof *g->kv);
    if (!g->kof || !g->kv) return gri_fail(err, GR_ENOMEM, "out of memory building a graph");
    uint32_t k = 0;
    for (uint32_t v = 0; v < g->n; v++) {
        g->kof[v] = k;
        if (g->val[v] != GR_LOOPY_INFINITE) continue;
        uint32_t first = k;
        for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++)
            if (g->val[g->adj[e]] != GR_LOOPY_INFINITE) g->kv[k++] = g->val[g->adj[e]];
        qsort(g->kv + first, k - first, sizeof *g->kv, cmp_u32);
        uint32_t w = first;
        for (uint32_t j = first; j < k; j++)
            if (w == first || g->kv[w - 1] != g->kv[j]) g->kv[w++] = g->kv[j];
        k = w;
    }
    g->kof[g->n] = k;
    return GR_OK;
}

/* inline edges "u>v, ..." from p[i..n) */
static gr_status inline_edges(gdata *g, const char *p, size_t n, size_t i, size_t line, size_t col0, gr_buf *canon,
                              gr_error *err) {
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
        if (u < g->base || v < g->base) {
            st = gri_fail_at(err, GR_ERANGE, line, col0 + i, "vertex 0 in a graph numbered from 1");
            goto out;
        }
        if (u - g->base >= GRI_EDGEFILE_MAX || v - g->base >= GRI_EDGEFILE_MAX || m >= GRI_EDGEFILE_MAX) {
            st = gri_fail_at(err, GR_ELIMIT, line, col0 + i, "a graph written inline has at most %llu vertices and edges",
                             (unsigned long long)GRI_EDGEFILE_MAX);
            goto out;
        }
        if (!gri_grow((void **)&pairs, &cap, 2 * m + 2, sizeof *pairs)) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto out; }
        pairs[2 * m] = u;
        pairs[2 * m + 1] = v;
        m++;
        if (u - g->base + 1 > top) top = u - g->base + 1;
        if (v - g->base + 1 > top) top = v - g->base + 1;
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
    st = build(g, top, pairs, m, err);
out:
    free(pairs);
    return st;
}

static gr_status g_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, const gr_parse_opts *opts,
                         gr_buf *canon, gr_error *err) {
    gdata *g = calloc(1, sizeof *g);
    if (!g) return gri_fail(err, GR_ENOMEM, "out of memory");
    rs->data = g;
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
            g->base = b;
            if (b) gri_buf_puts(canon, "1,");
            i = k + 1;
            gri_lex_blanks(p, n, &i);
        }
    }
    if (i < n && p[i] == '@') {
        size_t at = i++, pe = n;
        while (pe > i && (p[pe - 1] == ' ' || p[pe - 1] == '\t')) pe--;
        if (pe == i) return gri_fail_at(err, GR_EPARSE, line, col0 + at, "expected a file name after '@'");
        char *path = malloc(pe - i + 1);
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
        if (st == GR_OK) st = gri_edgefile_parse(path, text, tlen, g->base, GRI_EDGES_PAIRS, &f, &e2);
        free(text);
        free(path);
        if (st == GR_OK) st = build(g, f.n, f.e, f.m, &e2);
        free(f.e);
        if (st != GR_OK) return gri_fail_at(err, st, line, col0 + at, "%s", e2.message);
        return GR_OK;
    }
    return inline_edges(g, p, n, i, line, col0, canon, err);
}

static gr_status g_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err) {
    const gdata *g = G(rs);
    for (size_t k = 0; k < n; k++)
        if (args[k] < g->base || args[k] - g->base >= g->n) {
            *bad = k;
            if (!g->n) return gri_fail(err, GR_ERANGE, "vertex %llu is not in the graph (it has no vertices)", (unsigned long long)args[k]);
            return gri_fail(err, GR_ERANGE, "vertex %llu is not in the graph (vertices %llu..%llu)", (unsigned long long)args[k],
                            (unsigned long long)g->base, (unsigned long long)(g->base + g->n - 1));
        }
    return GR_OK;
}

static uint32_t vertex(const gdata *g, uint64_t a) { return (uint32_t)(a - g->base); }

/* the tokens' finite XOR, the number of infinite tokens and the last one */
static void tally(const gdata *g, const uint64_t *args, size_t n, uint64_t *x, size_t *ninf, uint32_t *inf) {
    *x = 0;
    *ninf = 0;
    for (size_t k = 0; k < n; k++) {
        uint32_t v = vertex(g, args[k]), gv = g->val[v];
        if (gv == GR_LOOPY_INFINITE) { (*ninf)++; *inf = v; }
        else *x ^= gv;
    }
}

static gr_status g_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err) {
    const gdata *g = G(rs);
    size_t ninf;
    uint32_t inf = 0;
    tally(g, args, n, value, &ninf, &inf);
    if (ninf)
        return gri_fail(err, GR_ECYCLE, "%s: the token on vertex %llu has an infinite value: the game is loopy and may be a "
                                        "draw (ask for its outcome: grundy solve)",
                        rs->spec, (unsigned long long)(inf + g->base));
    return GR_OK;
}

/* the value of the term's tokens with token k moved to w (k = n: none moved) */
static void gv_of(const gdata *g, uint64_t x, size_t ninf, uint32_t inf, uint32_t from, uint32_t to, gri_gv *out) {
    out->K = NULL;
    out->nK = 0;
    out->Kxor = 0;
    if (from != UINT32_MAX) {
        if (g->val[from] == GR_LOOPY_INFINITE) ninf--;
        else x ^= g->val[from];
        if (g->val[to] == GR_LOOPY_INFINITE) { ninf++; inf = to; }
        else x ^= g->val[to];
    }
    out->infinite = ninf > 0;
    out->value = ninf ? 0 : x;
    if (ninf != 1) return; /* finite, or ∞(∅) */
    out->K = g->kv + g->kof[inf];
    out->nK = g->kof[inf + 1] - g->kof[inf];
    out->Kxor = x;
}

static gr_status g_gvalue(gr_ruleset *rs, const uint64_t *args, size_t n, gri_gv *out, gr_error *err) {
    const gdata *g = G(rs);
    (void)err;
    size_t ninf;
    uint32_t inf = 0;
    uint64_t x;
    tally(g, args, n, &x, &ninf, &inf);
    gv_of(g, x, ninf, inf, UINT32_MAX, 0, out);
    return GR_OK;
}

/* whether token k stands where an earlier token stands (same options) */
static int repeated(const uint64_t *args, size_t n, size_t k) {
    if (n > 16) return k && args[k - 1] == args[k];
    for (size_t j = 0; j < k; j++)
        if (args[j] == args[k]) return 1;
    return 0;
}

/* every move of the term: one token along one edge */
static gr_status each_move(const gdata *g, const uint64_t *args, size_t n, gr_optiter *it, gr_state_option_fn fn,
                           void *user, gr_error *err) {
    uint64_t *buf = malloc((n ? n : 1) * sizeof *buf);
    if (!buf) return gri_fail(err, GR_ENOMEM, "out of memory");
    memcpy(buf, args, n * sizeof *buf);
    for (size_t k = 0; k < n; k++) {
        if (repeated(args, n, k)) continue;
        uint32_t v = vertex(g, args[k]);
        for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++) {
            if (it && it->max && it->seen >= it->max) { it->stopped = it->cut = 1; goto done; }
            if (it) it->seen++;
            buf[k] = g->adj[e] + g->base;
            if (fn(user, buf, n)) { if (it) it->stopped = 1; goto done; }
        }
        buf[k] = args[k];
    }
done:
    free(buf);
    return GR_OK;
}

static gr_status g_options(gr_ruleset *rs, const uint64_t *args, size_t n, gr_optiter *it, gr_state_option_fn fn,
                           void *user, gr_error *err) {
    return each_move(G(rs), args, n, it, fn, user, err);
}

/* the moves to a position of finite value target */
static gr_status g_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, gr_state_option_fn fn,
                            void *user, int *complete, gr_error *err) {
    const gdata *g = G(rs);
    (void)complete;
    size_t ninf;
    uint32_t inf = 0;
    uint64_t x;
    tally(g, args, n, &x, &ninf, &inf);
    if (ninf > 1) return GR_OK; /* one move leaves an infinite token */
    uint64_t *buf = malloc((n ? n : 1) * sizeof *buf);
    if (!buf) return gri_fail(err, GR_ENOMEM, "out of memory");
    memcpy(buf, args, n * sizeof *buf);
    for (size_t k = 0; k < n; k++) {
        if (repeated(args, n, k)) continue;
        uint32_t v = vertex(g, args[k]);
        if (ninf && v != inf) continue;
        uint64_t want = ninf ? target ^ x : target ^ x ^ g->val[v];
        for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++) {
            if (g->val[g->adj[e]] != want) continue;
            buf[k] = g->adj[e] + g->base;
            if (fn(user, buf, n)) goto done;
        }
        buf[k] = args[k];
    }
done:
    free(buf);
    return GR_OK;
}

/* every option with its value; with one infinite token among several, a
 * move of another token leaves that one the only infinite token */
static gr_status g_gvalue_options(gr_ruleset *rs, const uint64_t *args, size_t n, gri_gv_option_fn fn, void *user,
                                  gr_error *err) {
    const gdata *g = G(rs);
    size_t ninf;
    uint32_t inf = 0;
    uint64_t x;
    tally(g, args, n, &x, &ninf, &inf);
    uint64_t *buf = malloc((n ? n : 1) * sizeof *buf);
    if (!buf) return gri_fail(err, GR_ENOMEM, "out of memory");
    memcpy(buf, args, n * sizeof *buf);
    for (size_t k = 0; k < n; k++) {
        if (repeated(args, n, k)) continue;
        uint32_t v = vertex(g, args[k]);
        /* with two infinite tokens, moving one leaves the other: find it */
        uint32_t other = inf;
        if (ninf == 2 && g->val[v] == GR_LOOPY_INFINITE)
            for (size_t j = 0; j < n; j++)
                if (j != k && g->val[vertex(g, args[j])] == GR_LOOPY_INFINITE) { other = vertex(g, args[j]); break; }
        for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++) {
            gri_gv gv;
            gv_of(g, x, ninf, other, v, g->adj[e], &gv);
            buf[k] = g->adj[e] + g->base;
            if (fn(user, buf, n, &gv)) goto done;
        }
        buf[k] = args[k];
    }
done:
    free(buf);
    return GR_OK;
}

const gr_family gri_family_graph = {
    .name = "graph",
    .flags = GR_FAM_PARAMS_REQUIRED | GR_FAM_ARGS_SET | GR_FAM_LOOPY,
    .example = "graph[0>1,1>2] or graph[@FILE]",
    .parse_files = g_parse,
    .free = g_free,
    .check = g_check,
    .value = g_value,
    .gvalue = g_gvalue,
    .gvalue_options = g_gvalue_options,
    .state_options = g_options,
    .state_moves_to = g_moves_to,
};
