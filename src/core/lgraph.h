/* A solved loopy game graph (lgraph.c), shared by the families whose
 * positions may repeat (graph[...], loopy rules): followers in CSR form
 * (repeated edges kept once), each vertex's generalized Sprague-Grundy
 * value (gr_loopy_solve), and for each infinite vertex its K, the finite
 * values among its followers, ascending. */
#ifndef GRUNDY_LGRAPH_H
#define GRUNDY_LGRAPH_H

#include "core/family.h"

typedef struct gri_lgraph {
    uint32_t n;
    uint32_t *off, *adj;  /* followers of v: adj[off[v] .. off[v+1]) */
    uint32_t *val;        /* value, or GR_LOOPY_INFINITE */
    uint32_t *cnt;        /* the solver's counter */
    uint32_t *kof, *kv;   /* K of v: kv[kof[v] .. kof[v+1]) (empty when finite) */
    const gr_allocator *al;
} gri_lgraph;

/* Builds and solves the graph of n vertices and the m moves from[i] ->
 * to[i] (g is reset first; on failure it holds what was built, for
 * gri_lgraph_free). */
gr_status gri_lgraph_build(gri_lgraph *g, const gr_allocator *al, uint32_t n, const uint32_t *from, const uint32_t *to,
                          size_t m, gr_error *err);
void gri_lgraph_free(gri_lgraph *g);
/* gr_loopy_solve with its scratch memory from al */
gr_status gri_loopy_solve(const gr_allocator *al, uint32_t n, const uint32_t *off, const uint32_t *adj, uint32_t *value,
                         uint32_t *counter, gr_error *err);

/* The value of tokens on vertices: the finite XOR x of the finite ones,
 * how many are infinite (ninf) and, when ninf is 1, which (inf). */
typedef struct gri_ltally {
    uint64_t x;
    size_t ninf;
    uint32_t inf, inf2;   /* the last two infinite vertices seen */
} gri_ltally;
void gri_ltally_add(const gri_lgraph *g, gri_ltally *t, uint32_t v);
/* the generalized value of the tallied tokens */
void gri_ltally_gv(const gri_lgraph *g, const gri_ltally *t, gri_gv *out);
/* ... after one token moves from `from` to `to` */
void gri_ltally_gv_moved(const gri_lgraph *g, const gri_ltally *t, uint32_t from, uint32_t to, gri_gv *out);

#endif
