/* Green Hackenbush on any rooted multigraph: hackenbush(u-v[:w],...), the
 * root (ground) vertex 0 unless hackenbush[r] says r. A move lowers one
 * edge's weight by one; at 0 the edge is cut, and everything that loses its
 * way to the ground goes with it.
 *
 * Value, in linear time and without recursion:
 *  1. an iterative DFS from the ground finds the bridges (parallel edges are
 *     told apart by edge id, so two parallel edges form a cycle);
 *  2. the 2-edge-connected components are fused (the fusion principle): each
 *     of their edges becomes a loop worth 1, so a component contributes the
 *     parity of its edge count; a loop of weight w is worth w mod 2;
 *  3. the colon principle on the tree of components: a bridge of weight w
 *     over a part of value g contributes g + 1 when w = 1, g when w is even,
 *     g ^ 1 when w is odd and > 1 (docs/theory.md "Green Hackenbush: the colon principle" has the proof; tested
 *     against brute force).
 * A weighted edge on a cycle is refused: no rule is proved for it. */
#include <stdlib.h>
#include <string.h>
#include "core/family.h"
#include "lang/lex.h"
#include "io/edgefile.h"

/* the ground vertex (hackenbush[r]; 0 by default) */
#define ROOT(rs) (*(const uint64_t *)(rs)->data)

typedef struct hb {
    const gr_allocator *al;  /* the context's */
    size_t nv, ne;
    uint32_t *ea, *eb;       /* endpoints (vertex ids) */
    uint64_t *ew;
    size_t *off;             /* CSR: adjacency of vertex v in adj[off[v]..off[v+1]) */
    uint32_t *adj_v, *adj_e;
    uint32_t root;           /* id of the ground, or UINT32_MAX when absent */
} hb;

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void hb_free(hb *g) {
    const gr_allocator *al = g->al;
    if (!al) return; /* never built */
    gri_free(al, g->ea); gri_free(al, g->eb); gri_free(al, g->ew); gri_free(al, g->off); gri_free(al, g->adj_v); gri_free(al, g->adj_e);
}

static size_t find_label(const uint64_t *lab, size_t n, uint64_t x) {
    size_t lo = 0, hi = n;
    while (lo < hi) { size_t m = (lo + hi) / 2; if (lab[m] < x) lo = m + 1; else hi = m; }
    return lo < n && lab[lo] == x ? lo : SIZE_MAX;
}

static gr_status hb_build(const gr_allocator *al, const uint64_t *args, size_t n, uint64_t rootlab, hb *g, gr_error *err) {
    memset(g, 0, sizeof *g);
    g->al = al;
    g->ne = n / 3;
    size_t ne = g->ne;
    /* vertex numbers that are small enough index directly; others are
     * ranked by sorting */
    uint64_t maxlab = rootlab;
    for (size_t e = 0; e < ne; e++) {
        if (args[3 * e] > maxlab) maxlab = args[3 * e];
        if (args[3 * e + 1] > maxlab) maxlab = args[3 * e + 1];
    }
    int direct = maxlab < 4 * (uint64_t)ne + 16;
    size_t nlab = direct ? (size_t)maxlab + 1 : 2 * ne;
    uint64_t *lab = gri_malloc(al, (nlab + 1) * sizeof *lab);
    if (!lab) return gri_fail(err, GR_ENOMEM, "out of memory: hackenbush graph");
    size_t nv = 0;
    if (direct) {
        for (size_t i = 0; i < nlab; i++) lab[i] = i;
        nv = nlab;
    } else {
        for (size_t e = 0; e < ne; e++) { lab[2 * e] = args[3 * e]; lab[2 * e + 1] = args[3 * e + 1]; }
        qsort(lab, 2 * ne, sizeof *lab, cmp_u64);
        for (size_t i = 0; i < 2 * ne; i++) if (!nv || lab[nv - 1] != lab[i]) lab[nv++] = lab[i];
    }
    if (nv >= UINT32_MAX) { gri_free(al, lab); return gri_fail(err, GR_ELIMIT, "hackenbush: too many vertices"); }
    g->nv = nv;
    g->ea = gri_malloc(al, (ne + 1) * sizeof *g->ea);
    g->eb = gri_malloc(al, (ne + 1) * sizeof *g->eb);
    g->ew = gri_malloc(al, (ne + 1) * sizeof *g->ew);
    g->off = gri_calloc(al, nv + 2, sizeof *g->off);
    g->adj_v = gri_malloc(al, (2 * ne + 1) * sizeof *g->adj_v);
    g->adj_e = gri_malloc(al, (2 * ne + 1) * sizeof *g->adj_e);
    if (!g->ea || !g->eb || !g->ew || !g->off || !g->adj_v || !g->adj_e) { gri_free(al, lab); hb_free(g); return gri_fail(err, GR_ENOMEM, "out of memory"); }
    for (size_t e = 0; e < ne; e++) {
        g->ea[e] = (uint32_t)(direct ? args[3 * e] : find_label(lab, nv, args[3 * e]));
        g->eb[e] = (uint32_t)(direct ? args[3 * e + 1] : find_label(lab, nv, args[3 * e + 1]));
        g->ew[e] = args[3 * e + 2];
        g->off[g->ea[e] + 1]++;
        if (g->eb[e] != g->ea[e]) g->off[g->eb[e] + 1]++;
    }
    for (size_t v = 0; v < nv; v++) g->off[v + 1] += g->off[v];
    size_t *fill = gri_malloc(al, (nv + 1) * sizeof *fill);
    if (!fill) { gri_free(al, lab); hb_free(g); return gri_fail(err, GR_ENOMEM, "out of memory"); }
    memcpy(fill, g->off, nv * sizeof *fill);
    for (size_t e = 0; e < ne; e++) {
        uint32_t a = g->ea[e], b = g->eb[e];
        g->adj_v[fill[a]] = b; g->adj_e[fill[a]++] = (uint32_t)e;
        if (a != b) { g->adj_v[fill[b]] = a; g->adj_e[fill[b]++] = (uint32_t)e; }
    }
    gri_free(al, fill);
    size_t r = direct ? (size_t)rootlab : find_label(lab, nv, rootlab);
    g->root = r == SIZE_MAX ? UINT32_MAX : (uint32_t)r;
    gri_free(al, lab);
    return GR_OK;
}

static uint64_t over(uint64_t g, uint64_t w) { return w == 1 ? g + 1 : (w % 2 == 0 ? g : g ^ 1); }

/* The value of the graph; *reach (optional, size ne) marks edges still
 * attached to the ground. */
static gr_status hb_eval(const hb *g, uint64_t *value, unsigned char *reach, gr_error *err) {
    const gr_allocator *al = g->al;
    *value = 0;
    if (reach) memset(reach, 0, g->ne);
    if (g->root == UINT32_MAX) return GR_OK;
    size_t nv = g->nv, ne = g->ne;
    uint32_t *tin = gri_malloc(al, (nv + 1) * sizeof *tin), *low = gri_malloc(al, (nv + 1) * sizeof *low);
    uint32_t *pe = gri_malloc(al, (nv + 1) * sizeof *pe), *comp = gri_malloc(al, (nv + 1) * sizeof *comp);
    uint32_t *order = gri_malloc(al, (nv + 1) * sizeof *order);
    size_t *it = gri_malloc(al, (nv + 1) * sizeof *it);
    unsigned char *bridge = gri_calloc(al, ne + 1, 1);
    uint32_t *stack = gri_malloc(al, (nv + 1) * sizeof *stack);
    gr_status st = GR_OK;
    if (!tin || !low || !pe || !comp || !order || !it || !bridge || !stack) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto out; }
    for (size_t v = 0; v < nv; v++) { tin[v] = UINT32_MAX; comp[v] = UINT32_MAX; }
    /* 1. bridges: iterative DFS with edge ids */
    uint32_t timer = 0, nord = 0;
    size_t sp = 0;
    stack[sp++] = g->root;
    tin[g->root] = low[g->root] = timer++;
    pe[g->root] = UINT32_MAX;
    it[g->root] = g->off[g->root];
    order[nord++] = g->root;
    while (sp) {
        uint32_t v = stack[sp - 1];
        if (it[v] < g->off[v + 1]) {
            size_t k = it[v]++;
            uint32_t u = g->adj_v[k], e = g->adj_e[k];
            if (e == pe[v] || u == v) continue;
            if (tin[u] == UINT32_MAX) {
                tin[u] = low[u] = timer++;
                pe[u] = e;
                it[u] = g->off[u];
                stack[sp++] = u;
                order[nord++] = u;
            } else if (tin[u] < low[v]) {
                low[v] = tin[u];
            }
        } else {
            sp--;
            if (sp) {
                uint32_t p = stack[sp - 1];
                if (low[v] < low[p]) low[p] = low[v];
                if (low[v] > tin[p]) bridge[pe[v]] = 1;
            }
        }
    }
    /* 2. components: in preorder, a vertex joins its DFS parent's component
     * unless its tree edge is a bridge */
    uint32_t ncomp = 0;
    for (uint32_t i = 0; i < nord; i++) {
        uint32_t v = order[i];
        if (v == g->root || bridge[pe[v]]) comp[v] = ncomp++;
        else comp[v] = comp[g->ea[pe[v]] == v ? g->eb[pe[v]] : g->ea[pe[v]]];
    }
    uint64_t *val = gri_calloc(al, ncomp + 1, sizeof *val);
    if (!val) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto out; }
    /* attachment first, in full: callers rely on it even when the value is refused */
    if (reach)
        for (size_t e = 0; e < ne; e++) reach[e] = tin[g->ea[e]] != UINT32_MAX;
    for (size_t e = 0; e < ne; e++) {
        uint32_t a = g->ea[e], b = g->eb[e];
        if (tin[a] == UINT32_MAX) continue; /* not attached to the ground */
        if (bridge[e]) continue;
        if (a == b) { val[comp[a]] ^= g->ew[e] & 1; continue; }
        if (g->ew[e] != 1) {
            gri_free(al, val);
            st = gri_fail(err, GR_EUNPROVEN,
                         "hackenbush: an edge of weight %llu lies on a cycle; weighted edges are solved only as bridges",
                         (unsigned long long)g->ew[e]);
            goto out;
        }
        val[comp[a]] ^= 1;
    }
    /* 3. colon principle, children before parents: reverse preorder */
    for (uint32_t i = nord; i-- > 1;) {
        uint32_t v = order[i];
        if (!bridge[pe[v]]) continue;
        uint32_t p = g->ea[pe[v]] == v ? g->eb[pe[v]] : g->ea[pe[v]];
        val[comp[p]] ^= over(val[comp[v]], g->ew[pe[v]]);
    }
    *value = val[comp[g->root]];
    gri_free(al, val);
out:
    gri_free(al, tin); gri_free(al, low); gri_free(al, pe); gri_free(al, comp); gri_free(al, order); gri_free(al, it); gri_free(al, bridge); gri_free(al, stack);
    return st;
}

static gr_status hb_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err) {
    hb g;
    gr_status st = hb_build(gri_ctx_alloc(rs->ctx), args, n, ROOT(rs), &g, err);
    if (st != GR_OK) return st;
    st = hb_eval(&g, value, NULL, err);
    hb_free(&g);
    return st;
}

/* The position after lowering edge e (cutting it at weight 1), with
 * everything no longer attached to the ground dropped. */
static gr_status after_move(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t e, uint64_t *out, size_t *outn,
                            gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    uint64_t *tmp = gri_malloc(al, (n + 1) * sizeof *tmp);
    if (!tmp) return gri_fail(err, GR_ENOMEM, "out of memory");
    size_t k = 0;
    for (size_t f = 0; f < n / 3; f++) {
        if (f == e && args[3 * f + 2] == 1) continue;
        tmp[k++] = args[3 * f];
        tmp[k++] = args[3 * f + 1];
        tmp[k++] = args[3 * f + 2] - (f == e);
    }
    hb g;
    gr_status st = hb_build(gri_ctx_alloc(rs->ctx), tmp, k, ROOT(rs), &g, err);
    if (st == GR_OK) {
        unsigned char *reach = gri_malloc(al, g.ne + 1);
        uint64_t v;
        if (!reach) st = gri_fail(err, GR_ENOMEM, "out of memory");
        else {
            /* reachability only: a weighted cycle edge is no reason to fail here */
            gr_error e2;
            gr_status s2 = hb_eval(&g, &v, reach, &e2);
            if (s2 == GR_ENOMEM) st = gri_fail(err, s2, "out of memory");
            size_t m = 0;
            for (size_t f = 0; f < g.ne; f++)
                if (reach[f] || s2 != GR_OK) { out[m++] = tmp[3 * f]; out[m++] = tmp[3 * f + 1]; out[m++] = tmp[3 * f + 2]; }
            *outn = m;
            gri_free(al, reach);
        }
        hb_free(&g);
    }
    gri_free(al, tmp);
    return st;
}

#define HB_MOVES_MAX_EDGES 4096

/* which edges are attached to the ground (only those can be played) */
static gr_status attached(const gr_ruleset *rs, const uint64_t *args, size_t n, unsigned char **out, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    hb g;
    gr_status st = hb_build(gri_ctx_alloc(rs->ctx), args, n, ROOT(rs), &g, err);
    if (st != GR_OK) return st;
    unsigned char *reach = gri_malloc(al, g.ne + 1);
    if (!reach) { hb_free(&g); return gri_fail(err, GR_ENOMEM, "out of memory"); }
    uint64_t v;
    gr_error e2;
    if (hb_eval(&g, &v, reach, &e2) == GR_ENOMEM) { gri_free(al, reach); hb_free(&g); return gri_fail(err, GR_ENOMEM, "out of memory"); }
    hb_free(&g);
    *out = reach;
    return GR_OK;
}

static gr_status hb_options(gr_ruleset *rs, const uint64_t *args, size_t n, gri_optiter *it, gr_state_option_fn fn,
                        void *user, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    unsigned char *reach;
    gr_status st = attached(rs, args, n, &reach, err);
    if (st != GR_OK) return st;
    uint64_t *buf = gri_malloc(al, (n + 1) * sizeof *buf);
    if (!buf) { gri_free(al, reach); return gri_fail(err, GR_ENOMEM, "out of memory"); }
    for (size_t e = 0; e < n / 3 && st == GR_OK; e++) {
        if (!reach[e]) continue;
        if (it->max && it->seen >= it->max) { it->stopped = it->cut = 1; break; }
        size_t m;
        if ((st = after_move(rs, args, n, e, buf, &m, err)) != GR_OK) break;
        it->seen++;
        if (fn(user, buf, m)) { it->stopped = 1; break; }
    }
    gri_free(al, buf);
    gri_free(al, reach);
    return st;
}

static gr_status hb_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, gr_state_option_fn fn,
                         void *user, int *complete, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    unsigned char *reach;
    gr_status st = attached(rs, args, n, &reach, err);
    if (st != GR_OK) return st;
    uint64_t *buf = gri_malloc(al, (n + 1) * sizeof *buf);
    if (!buf) { gri_free(al, reach); return gri_fail(err, GR_ENOMEM, "out of memory"); }
    size_t ne = n / 3;
    if (ne > HB_MOVES_MAX_EDGES && complete) *complete = 0;
    for (size_t e = 0; e < ne && e < HB_MOVES_MAX_EDGES && st == GR_OK; e++) {
        if (!reach[e]) continue;
        size_t m;
        uint64_t v;
        if ((st = after_move(rs, args, n, e, buf, &m, err)) != GR_OK) break;
        if ((st = hb_value(rs, buf, m, &v, err)) != GR_OK) break;
        if (v == target && fn(user, buf, m)) break;
    }
    gri_free(al, buf);
    gri_free(al, reach);
    return st;
}

/* ---- graph files ---- */

/* ---- misère play: branches are nim heaps ----
 * A branch is a part of the graph that meets the ground: a component of
 * the graph without the ground vertex, with its edges to the ground (a
 * loop at the ground is a branch by itself). The term is the disjunctive
 * sum of its branches. A branch that meets the ground in one edge of
 * weight 1 is misère-equivalent to the nim heap of its normal-play value
 * (Lo, "Misère Hackenbush Flowers", 2013; proof in docs/theory.md: its
 * options are 0, by cutting that edge, and branches of the same kind, so
 * by induction it is {*0, *a, *b, ...}, which is *mex in misère play once
 * *0 is among the options). *ok is 0 when some branch meets the ground
 * otherwise (then misère play falls back to the search). */
static gr_status hb_misere_heaps(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t **vals, size_t *nvals,
                                 int *ok, gr_error *err) {
    *vals = NULL;
    *nvals = 0;
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    *ok = 1;
    hb g;
    gr_status st = hb_build(gri_ctx_alloc(rs->ctx), args, n, ROOT(rs), &g, err);
    if (st != GR_OK) return st;
    if (g.root == UINT32_MAX) { hb_free(&g); return GR_OK; } /* nothing touches the ground */
    size_t nv = g.nv, ne = g.ne;
    uint32_t *comp = gri_malloc(al, (nv + 1) * sizeof *comp), *queue = gri_malloc(al, (nv + 1) * sizeof *queue);
    uint32_t *ground = NULL, *ecomp = gri_malloc(al, (ne + 1) * sizeof *ecomp), *start = NULL;
    uint64_t *sub = gri_malloc(al, (n + 1) * sizeof *sub), *out = NULL;
    size_t ncomp = 0;
    if (!comp || !queue || !ecomp || !sub) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto done; }
    for (size_t v = 0; v < nv; v++) comp[v] = UINT32_MAX;
    /* the components of the graph without the ground, from the ground's neighbours */
    for (size_t k = g.off[g.root]; k < g.off[g.root + 1]; k++) {
        uint32_t s0 = g.adj_v[k];
        if (s0 == g.root || comp[s0] != UINT32_MAX) continue;
        size_t qh = 0, qt = 0;
        comp[s0] = (uint32_t)ncomp;
        queue[qt++] = s0;
        while (qh < qt) {
            uint32_t v = queue[qh++];
            for (size_t j = g.off[v]; j < g.off[v + 1]; j++) {
                uint32_t w = g.adj_v[j];
                if (w == g.root || comp[w] != UINT32_MAX) continue;
                comp[w] = (uint32_t)ncomp;
                queue[qt++] = w;
            }
        }
        ncomp++;
    }
    /* each edge's branch; loops at the ground are branches of their own */
    size_t nbr = ncomp;
    for (size_t e = 0; e < ne; e++) {
        uint32_t a = g.ea[e], b = g.eb[e];
        if (a == g.root && b == g.root) ecomp[e] = (uint32_t)nbr++;
        else ecomp[e] = comp[a == g.root ? b : a]; /* UINT32_MAX: not attached */
    }
    ground = gri_calloc(al, nbr + 1, sizeof *ground);
    start = gri_calloc(al, nbr + 2, sizeof *start);
    out = gri_malloc(al, (nbr + 1) * sizeof *out);
    if (!ground || !start || !out) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto done; }
    for (size_t e = 0; e < ne; e++) {
        if (ecomp[e] == UINT32_MAX) continue;
        start[ecomp[e] + 1]++;
        if (g.ea[e] == g.root || g.eb[e] == g.root) {
            ground[ecomp[e]]++;
            if (g.ew[e] != 1) ground[ecomp[e]] += 2; /* a weighted ground edge: not covered */
        }
    }
    for (size_t c = 0; c < nbr; c++)
        if (ground[c] != 1) { *ok = 0; goto done; }
    /* each branch alone, as a term, valued in normal play */
    for (size_t c = 0; c < nbr; c++) start[c + 1] += start[c];
    for (size_t e = 0; e < ne; e++) {
        if (ecomp[e] == UINT32_MAX) continue;
        size_t at = 3 * start[ecomp[e]]++;
        sub[at] = args[3 * e];
        sub[at + 1] = args[3 * e + 1];
        sub[at + 2] = args[3 * e + 2];
    }
    for (size_t c = nbr; c > 0; c--) start[c] = start[c - 1];
    start[0] = 0;
    for (size_t c = 0; c < nbr && st == GR_OK; c++)
        st = hb_value(rs, sub + 3 * start[c], 3 * (start[c + 1] - start[c]), &out[c], err);
    if (st == GR_OK) {
        *vals = out;
        *nvals = nbr;
        out = NULL;
    }
done:
    gri_free(al, comp); gri_free(al, queue); gri_free(al, ground); gri_free(al, ecomp); gri_free(al, start); gri_free(al, sub); gri_free(al, out);
    hb_free(&g);
    return st;
}

/* A graph file's text (edgefile.h), vertices numbered from the ground
 * (0, or 1 for 1-based files); errors name the file and the line. */
static gr_status hb_file_edges(const gr_ruleset *rs, const char *path, const char *buf, size_t len, uint64_t **out,
                               size_t *nwords, gr_error *err) {
    gri_edgefile f;
    gr_status st = gri_edgefile_parse(gri_ctx_alloc(rs->ctx), path, buf, len, ROOT(rs), GRI_EDGES_WEIGHTED, &f, err);
    *out = f.e;
    *nwords = (size_t)(3 * f.m);
    return st;
}

/* hackenbush(@FILE): the file named up to the ')' (s[at] is the '@') */
static gr_status hb_parse_file(const gr_ruleset *rs, const char *s, size_t n, size_t at, const gr_parse_opts *opts,
                               uint64_t **args, size_t *nargs, size_t *used, size_t *errpos, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    char *path, *text;
    size_t tlen, i;
    gr_status st = gri_lex_at_file(al, s, n, at, opts, &path, &text, &tlen, &i, errpos, err);
    if (!path) return st;
    if (st == GR_OK) st = hb_file_edges(rs, path, text, tlen, args, nargs, err);
    gri_free(&gri_libc_alloc, text); /* a reader's text is malloc'd (gr_read_fn) */
    gri_free(al, path);
    if (st == GR_OK && *nargs / 3 > UINT32_MAX / 3) st = gri_fail(err, GR_ELIMIT, "too many edges");
    if (st != GR_OK) { gri_free(al, *args); *args = NULL; return st; }
    *used = i + 1;
    return GR_OK;
}

/* Edges u-v[:w] (stored as (u, v, w) triples) or @FILE, through the ')' */
static gr_status hb_parse_args(const gr_ruleset *rs, const char *s, size_t n, int lines, const gr_parse_opts *opts,
                               uint64_t **args, size_t *nargs, size_t *used, size_t *errpos, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t i = 0, cap = 0;
    uint64_t *a = NULL;
    gr_status st = GR_OK;
    *args = NULL;
    *nargs = 0;
    gri_lex_arg_blanks(s, n, &i, lines);
    if (i < n && s[i] == '@') return hb_parse_file(rs, s, n, i, opts, args, nargs, used, errpos, err);
    if (i < n && s[i] == ')') { *used = i + 1; return GR_OK; } /* no edges */
    for (;;) {
        uint64_t e[3] = {0, 0, 1};
        gri_lex_arg_blanks(s, n, &i, lines);
        if ((st = gri_lex_arg_u64(s, n, &i, &e[0], errpos, err)) != GR_OK) break;
        gri_lex_arg_blanks(s, n, &i, lines);
        if (i >= n || s[i] != '-') {
            *errpos = i;
            st = gri_lex_found(s, n, i, "expected '-' between the ends of an edge (e.g. 0-1)", err);
            break;
        }
        i++;
        gri_lex_arg_blanks(s, n, &i, lines);
        if ((st = gri_lex_arg_u64(s, n, &i, &e[1], errpos, err)) != GR_OK) break;
        gri_lex_arg_blanks(s, n, &i, lines);
        if (i < n && s[i] == ':') {
            i++;
            gri_lex_arg_blanks(s, n, &i, lines);
            size_t wat = i;
            if ((st = gri_lex_arg_u64(s, n, &i, &e[2], errpos, err)) != GR_OK) break;
            if (e[2] == 0) { *errpos = wat; st = gri_fail(err, GR_EINVAL, "an edge needs weight >= 1"); break; }
            gri_lex_arg_blanks(s, n, &i, lines);
        }
        if (*nargs > UINT32_MAX - 3) { *errpos = i; st = gri_fail(err, GR_ELIMIT, "too many edges"); break; }
        if (!gri_grow(al, (void **)&a, &cap, *nargs + 3, sizeof *a)) { st = gri_fail(err, GR_ENOMEM, "out of memory reading the position"); break; }
        memcpy(a + *nargs, e, sizeof e);
        *nargs += 3;
        if (i < n && s[i] == ',') { i++; continue; }
        if (i < n && s[i] == ')') { *used = i + 1; *args = a; return GR_OK; }
        *errpos = i;
        st = gri_lex_found(s, n, i, "expected ',' or ')' after an edge", err);
        break;
    }
    gri_free(al, a);
    *nargs = 0;
    return st;
}

/* hackenbush(u-v,u-v:w,...) */
static void hb_write_term(const gr_ruleset *rs, const uint64_t *a, size_t n, gri_buf *b) {
    gri_buf_puts(b, rs->spec);
    gri_buf_puts(b, "(");
    for (size_t e = 0; e + 2 < n; e += 3) {
        if (e) gri_buf_puts(b, ",");
        gri_buf_u64(b, a[e]);
        gri_buf_puts(b, "-");
        gri_buf_u64(b, a[e + 1]);
        if (a[e + 2] != 1) { gri_buf_puts(b, ":"); gri_buf_u64(b, a[e + 2]); }
    }
    gri_buf_puts(b, ")");
}

static gr_status hb_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gri_buf *canon,
                          gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    uint64_t *root = gri_calloc(al, 1, sizeof *root);
    if (!root) return gri_fail(err, GR_ENOMEM, "out of memory");
    rs->data = root;
    if (!p) return GR_OK;
    size_t i = 0, ep = 0;
    while (i < n && p[i] == ' ') i++;
    gr_status st = gri_lex_u64(p, n, &i, root, &ep);
    while (i < n && p[i] == ' ') i++;
    if (st != GR_OK || i != n)
        return gri_fail_at(err, GR_EPARSE, line, col0 + (st != GR_OK ? ep : i),
                          "hackenbush[r] takes the number of the ground vertex");
    if (*root) gri_buf_u64(canon, *root);
    return GR_OK;
}

static void hb_free_data(gr_ruleset *rs) { gri_free(gri_ctx_alloc(rs->ctx), rs->data); }

static gr_status hb_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err) {
    if (n % 3) {
        *bad = 0;
        return gri_fail(err, GR_EINVAL, "%s takes edges as (u, v, weight) triples: %zu numbers is not a whole number of "
                        "them", rs->spec, n);
    }
    for (size_t e = 0; e + 2 < n; e += 3)
        if (args[e + 2] == 0) { *bad = e; return gri_fail(err, GR_EINVAL, "an edge needs weight >= 1"); }
    return GR_OK;
}

static const gri_play_hooks HB_PLAY = {
    .misere_heaps = hb_misere_heaps,
};

static const gri_term_syntax HB_SYNTAX = {.parse_args = hb_parse_args, .write_term = hb_write_term};

const gri_family gri_family_hackenbush = {
    .name = "hackenbush",
    .play = &HB_PLAY,
    .method = "Green Hackenbush: the colon principle (the branches at a vertex add as a nim sum, and a branch of value v hanging from an edge is worth 1 + v) and the fusion principle (the vertices of a cycle fuse into one, its edges become loops worth 1 each)",
    .flags = GR_FAM_PARAMS_OPTIONAL,
    .parse = hb_parse,
    .free = hb_free_data,
    .check = hb_check,
    .value = hb_value,
    .state_options = hb_options,
    .state_moves_to = hb_moves_to,
    .syntax = &HB_SYNTAX,
};
