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

#endif
