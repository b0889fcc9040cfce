/* The key of a region of a graph game by canonical labelling (board.h,
 * grb_graph_canon): the subgraph the region induces, relabelled by nauty
 * (Debian's libnauty, the 64-bit one-word build: WORDSIZE 64, MAXN 64, so
 * a graph of at most 64 vertices is a row of one word per vertex), so
 * that isomorphic regions share one key. Built only when CMake found
 * nauty (GRUNDY_HAVE_NAUTY); else the caller keeps its order-preserving
 * relabelling. nauty is built with thread-local workspaces, so calls from
 * several threads are safe; given a valid graph it neither prints nor
 * exits. */
#include "boards/graphcanon.h"

#ifdef GRUNDY_HAVE_NAUTY
#include <nauty.h>

int grb_have_canon(void) { return 1; }

size_t grb_graph_canon(const grb_game *g, const grb_set *part, uint64_t *key) {
    uint8_t id[GRB_MAX_CELLS];
    int n = 0;
    GRB_EACH(v, part) id[v] = (uint8_t)n++;
    graph gg[MAXN], cg[MAXN];
    int lab[MAXN], ptn[MAXN], orbits[MAXN];
    const int m = 1;
    EMPTYGRAPH(gg, m, n);
    GRB_EACH(v, part) {
        GRB_EACH(u, &g->nbr[v]) if (u > v && grb_has(part, u)) ADDONEEDGE(gg, id[v], id[u], m);
    }
    DEFAULTOPTIONS_GRAPH(options);
    options.getcanon = TRUE;
    statsblk stats;
    densenauty(gg, lab, ptn, orbits, &options, &stats, m, n, cg);
    key[0] = (uint64_t)n;
    for (int i = 0; i < n; i++) key[1 + i] = (uint64_t)cg[i];
    return 1 + (size_t)n;
}

int grb_canon_rows(const uint64_t *rows, int n, uint64_t *out, int *lab) {
    graph gg[MAXN], cg[MAXN];
    int ptn[MAXN], orbits[MAXN];
    const int m = 1;
    EMPTYGRAPH(gg, m, n);
    for (int i = 0; i < n; i++)
        for (uint64_t r = rows[i] & ~(((uint64_t)2 << i) - 1); r; r &= r - 1) ADDONEEDGE(gg, i, __builtin_ctzll(r), m);
    DEFAULTOPTIONS_GRAPH(options);
    options.getcanon = TRUE;
    statsblk stats;
    densenauty(gg, lab, ptn, orbits, &options, &stats, m, n, cg);
    for (int i = 0; i < n; i++) {
        uint64_t r = 0;
        for (int j = 0; j < n; j++)
            if (ISELEMENT(GRAPHROW(cg, i, m), j)) r |= (uint64_t)1 << j;
        out[i] = r;
    }
    return 1;
}
#else
int grb_have_canon(void) { return 0; }

int grb_canon_rows(const uint64_t *rows, int n, uint64_t *out, int *lab) {
    (void)rows, (void)n, (void)out, (void)lab;
    return 0;
}

size_t grb_graph_canon(const grb_game *g, const grb_set *part, uint64_t *key) {
    (void)g, (void)part, (void)key;
    return 0;
}
#endif
