/* The small random graphs the loopy-game tests share (test_loopy.c, the
 * solver; test_loopy_play.c, the graph family in positions). */
#ifndef GRUNDY_TEST_LOOPY_GRAPH_H
#define GRUNDY_TEST_LOOPY_GRAPH_H

#include "testutil.h"

#define NMAX 9
#define MMAX 40

typedef struct graph {
    uint32_t n, m;
    uint32_t off[NMAX + 1], adj[MMAX];
} graph;

static void random_graph(tu_rng *r, graph *g, int acyclic) {
    g->n = 1 + (uint32_t)tu_below(r, NMAX);
    uint32_t deg_max = 1 + (uint32_t)tu_below(r, 4);
    g->m = 0;
    g->off[0] = 0;
    for (uint32_t v = 0; v < g->n; v++) {
        uint32_t d = (uint32_t)tu_below(r, deg_max + 1);
        for (uint32_t k = 0; k < d && g->m < MMAX; k++) {
            if (acyclic) {
                if (!v) break;
                g->adj[g->m++] = (uint32_t)tu_below(r, v);
            } else {
                g->adj[g->m++] = (uint32_t)tu_below(r, g->n); /* self-loops and repeats too */
            }
        }
        g->off[v + 1] = g->m;
    }
}

#endif
