/* A brute force for board and graph games, for the tests: the value of
 * every subset of a small universe of cells by a plain mex over its moves
 * (boardbrute.c), and the terms that write such subsets. */
#ifndef GRUNDY_TESTS_BOARDBRUTE_H
#define GRUNDY_TESTS_BOARDBRUTE_H

#include <stdint.h>

typedef struct bgame {
    int n;                 /* cells or vertices */
    int nm;
    uint32_t req[512], rem[512];
} bgame;

/* G of every subset of the cells (at most 2^n of them, n <= 24) into val */
void bb_brute(const bgame *g, uint8_t *val);

/* shapes as cell lists (row and column offsets) */
typedef struct shape { int n, r[4], c[4]; } shape;

/* every placement of the shapes inside an R x C grid, as moves */
void bb_place_moves(bgame *g, int R, int C, const shape *sh, int ns);
/* Node Kayles on an R x C grid */
void bb_node_grid_moves(bgame *g, int R, int C);
/* Node Kayles (node) and Arc Kayles (arc) on the graph of n vertices
 * whose neighbours are adj[] */
void bb_graph_moves(int n, const uint32_t *adj, bgame *node, bgame *arc);
/* the term name(rows) of subset s of an R x C grid ('.' empty, '#' not) */
void bb_board_text(const char *name, int R, int C, uint32_t s, char *out);
/* the graph term name(edges) of subset s of graph adj (labels 10 + i) */
void bb_graph_text(const char *name, int n, const uint32_t *adj, uint32_t s, char *out);

/* a random graph of n vertices (at most 16) into adj[]: each edge there
 * with a chance of p/8, p from 1 to 4 drawn once for the graph */
#include "testutil.h"
static inline void bb_random_graph(tu_rng *rng, int n, uint32_t *adj) {
    int p = 1 + (int)tu_below(rng, 4);
    for (int u = 0; u < n; u++) adj[u] = 0;
    for (int u = 0; u < n; u++)
        for (int v = u + 1; v < n; v++)
            if ((int)tu_below(rng, 8) < p) { adj[u] |= 1u << v; adj[v] |= 1u << u; }
}
/* a random graph of nmin to nmin + nspan - 1 vertices (bb_random_graph)
 * with its Node Kayles and Arc Kayles moves; its number of vertices */
static inline int bb_random_games(tu_rng *rng, int nmin, int nspan, uint32_t *adj, bgame *node, bgame *arc) {
    int n = nmin + (int)tu_below(rng, (uint64_t)nspan);
    bb_random_graph(rng, n, adj);
    bb_graph_moves(n, adj, node, arc);
    return n;
}

#endif
