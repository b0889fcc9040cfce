/* How board and graph positions are written (gridterm.c, graphterm.c).
 *
 * A grid position is the words [R, C, row 0, ..., row R-1], bit c of a
 * row set when cell (r, c) is empty; it is written "R,C" (an empty board)
 * or as its rows, '.' an empty cell and '#' a filled one, split by '/'
 * ("..#./....").
 *
 * A graph position is [n, label 0, ..., label n-1, row 0, ..., row n-1]:
 * its vertices' labels, ascending, and bit j of row i set when vertices i
 * and j are joined; it is written as edges "u-v" and lone vertices "w",
 * split by ',' ("0-1,1-2,5"), or read from a graph file, "@FILE" (the
 * format of graph[...]: a line "n m", then m lines "u v", vertices 0 to
 * n-1).
 *
 * The parsers read the text after a term's '(' through its ')': *used the
 * bytes read, *errpos the offset a failure is about (lines: a newline ends
 * the term). */
#ifndef GRUNDY_BOARD_TERMS_H
#define GRUNDY_BOARD_TERMS_H

#include "core/internal.h"

#define GRB_GRAPH_MAX 64 /* vertices of a graph position */

gr_status grb_grid_parse(const gr_allocator *al, const char *s, size_t n, int lines, uint64_t **args, size_t *nargs,
                         size_t *used, size_t *errpos, gr_error *err);
/* the text between the parentheses */
void grb_grid_write(const uint64_t *args, size_t n, gri_buf *b);
gr_status grb_grid_check(const uint64_t *args, size_t n, size_t *bad, gr_error *err);

gr_status grb_graph_parse(const gr_allocator *al, const char *s, size_t n, int lines, const gr_parse_opts *opts,
                          uint64_t **args, size_t *nargs, size_t *used, size_t *errpos, gr_error *err);
void grb_graph_write(const uint64_t *args, size_t n, gri_buf *b);
gr_status grb_graph_check(const uint64_t *args, size_t n, size_t *bad, gr_error *err);

#endif
