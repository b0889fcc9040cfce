/* Canonical labelling of graph regions by nauty (graphcanon.c). */
#ifndef GRUNDY_BOARDS_GRAPHCANON_H
#define GRUNDY_BOARDS_GRAPHCANON_H

#include "boards/board.h"

/* The key of a part of a graph game of at most 64 vertices (n > 1) by
 * canonical labelling with nauty (graphcanon.c): its number of vertices
 * and the canonical graph's rows, 1 + n words; 0 when the build has no
 * nauty (grb_have_canon says which). */
size_t grb_graph_canon(const grb_game *g, const grb_set *part, uint64_t *key);
int grb_have_canon(void);
/* The canonical form of the graph on vertices 0..n-1 (1 <= n <= 64; bit j
 * of rows[i] set when i and j are joined): out[i] the rows of the
 * canonical graph (the same bit order) and lab[i] the vertex that becomes
 * its vertex i. 0 when the build has no nauty. */
int grb_canon_rows(const uint64_t *rows, int n, uint64_t *out, int *lab);

#endif
