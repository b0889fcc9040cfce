/* Solved loopy game graphs (lgraph.h). */
#include <stdlib.h>
#include <string.h>
#include "core/lgraph.h"

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

void gri_lgraph_free(gri_lgraph *g) {
    if (!g->al) return; /* never built: it holds nothing */
    const gr_allocator *al = g->al;
    gri_free(al, g->off); gri_free(al, g->adj); gri_free(al, g->val); gri_free(al, g->cnt); gri_free(al, g->kof); gri_free(al, g->kv);
    memset(g, 0, sizeof *g);
}

gr_status gri_lgraph_build(gri_lgraph *g, const gr_allocator *al, uint32_t n, const uint32_t *from, const uint32_t *to,
                          size_t m, gr_error *err) {
    memset(g, 0, sizeof *g);
    g->al = al;
    if (n == UINT32_MAX || m >= UINT32_MAX) return gri_fail(err, GR_ELIMIT, "a graph has fewer than 2^32-1 vertices and edges");
    g->n = n;
    g->off = gri_calloc(al, (size_t)n + 1, sizeof *g->off);
    g->adj = gri_malloc(al, (m ? m : 1) * sizeof *g->adj);
    g->val = gri_malloc(al, (n ? (size_t)n : 1) * sizeof *g->val);
    g->cnt = gri_malloc(al, (n ? (size_t)n : 1) * sizeof *g->cnt);
    g->kof = gri_malloc(al, ((size_t)n + 1) * sizeof *g->kof);
    if (!g->off || !g->adj || !g->val || !g->cnt || !g->kof) return gri_fail(err, GR_ENOMEM, "out of memory building a graph");
    for (size_t e = 0; e < m; e++) g->off[from[e] + 1]++;
    for (uint32_t v = 0; v < n; v++) g->off[v + 1] += g->off[v];
    for (size_t e = 0; e < m; e++) g->adj[g->off[from[e]]++] = to[e];
    for (uint32_t v = n; v > 0; v--) g->off[v] = g->off[v - 1];
    g->off[0] = 0;
    /* a repeated edge is the same move: keep one of each */
    uint32_t kept = 0;
    for (uint32_t v = 0; v < n; v++) {
        uint32_t lo = g->off[v], hi = g->off[v + 1], first = kept;
        qsort(g->adj + lo, hi - lo, sizeof *g->adj, cmp_u32);
        for (uint32_t e = lo; e < hi; e++)
            if (kept == first || g->adj[kept - 1] != g->adj[e]) g->adj[kept++] = g->adj[e];
        g->off[v] = first;
    }
    g->off[n] = kept;
    gr_status st = gri_loopy_solve(al, n, g->off, g->adj, g->val, g->cnt, err);
    if (st != GR_OK) return st;
    /* the K sets of the infinite vertices */
    size_t total = 0;
    for (uint32_t v = 0; v < n; v++)
        if (g->val[v] == GR_LOOPY_INFINITE) total += g->off[v + 1] - g->off[v];
    g->kv = gri_malloc(al, (total ? total : 1) * sizeof *g->kv);
    if (!g->kv) return gri_fail(err, GR_ENOMEM, "out of memory building a graph");
    uint32_t k = 0;
    for (uint32_t v = 0; v < n; v++) {
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
    g->kof[n] = k;
    return GR_OK;
}

void gri_ltally_add(const gri_lgraph *g, gri_ltally *t, uint32_t v) {
    if (g->val[v] == GR_LOOPY_INFINITE) {
        t->ninf++;
        t->inf2 = t->inf;
        t->inf = v;
    } else {
        t->x ^= g->val[v];
    }
}

static void gv_of(const gri_lgraph *g, uint64_t x, size_t ninf, uint32_t inf, gri_gv *out) {
    out->K = NULL;
    out->nK = 0;
    out->Kxor = 0;
    out->infinite = ninf > 0;
    out->value = ninf ? 0 : x;
    if (ninf != 1) return; /* finite, or ∞(∅) */
    out->K = g->kv + g->kof[inf];
    out->nK = g->kof[inf + 1] - g->kof[inf];
    out->Kxor = x;
}

void gri_ltally_gv(const gri_lgraph *g, const gri_ltally *t, gri_gv *out) { gv_of(g, t->x, t->ninf, t->inf, out); }

void gri_ltally_gv_moved(const gri_lgraph *g, const gri_ltally *t, uint32_t from, uint32_t to, gri_gv *out) {
    uint64_t x = t->x;
    size_t ninf = t->ninf;
    uint32_t inf = t->inf;
    if (g->val[from] == GR_LOOPY_INFINITE) {
        ninf--;
        /* with two infinite tokens, the one left is the other */
        if (ninf == 1 && from == t->inf) inf = t->inf2;
    } else {
        x ^= g->val[from];
    }
    if (g->val[to] == GR_LOOPY_INFINITE) { ninf++; inf = to; }
    else x ^= g->val[to];
    gv_of(g, x, ninf, inf, out);
}
