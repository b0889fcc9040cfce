/* Graph files, shared by hackenbush(@FILE) and graph[@FILE]: a first line
 * "n m" (vertices, edges), then m lines "u v" (with weights: "u v [w]",
 * w >= 1, default 1), vertices numbered base .. base + n - 1. Errors name
 * the file and the line. */
#ifndef GRUNDY_EDGEFILE_H
#define GRUNDY_EDGEFILE_H

#include "core/internal.h"

/* a file lists at most this many edges and vertices */
#define GRI_EDGEFILE_MAX ((uint64_t)1 << 28)

typedef struct gri_edgefile {
    uint64_t n, m;
    uint64_t *e;   /* m records of (u, v) or, with weights, (u, v, w); malloc'd */
} gri_edgefile;

/* what the lines hold: "u v" or "u v [w]" */
enum { GRI_EDGES_PAIRS = 2, GRI_EDGES_WEIGHTED = 3 };

gr_status gri_edgefile_parse(const gr_allocator *al, const char *path, const char *buf, size_t len, uint64_t base, int kind, gri_edgefile *out,
                            gr_error *err);

#endif
