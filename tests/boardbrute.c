/* The brute force of boardbrute.h. */
#include <stdio.h>
#include <string.h>
#include "boardbrute.h"

/* G of every subset of the cells, by mex over the moves (subsets come first) */
void bb_brute(const bgame *g, uint8_t *val) {
    for (uint32_t s = 0; s < (1u << g->n); s++) {
        uint64_t seen = 0;
        for (int m = 0; m < g->nm; m++)
            if ((g->req[m] & s) == g->req[m]) seen |= (uint64_t)1 << val[s & ~g->rem[m]];
        uint8_t v = 0;
        while (seen >> v & 1) v++;
        val[s] = v;
    }
}

/* every placement inside R x C, each set of cells once */
void bb_place_moves(bgame *g, int R, int C, const shape *sh, int ns) {
    g->n = R * C;
    g->nm = 0;
    for (int k = 0; k < ns; k++)
        for (int r0 = 0; r0 < R; r0++)
            for (int c0 = 0; c0 < C; c0++) {
                uint32_t m = 0;
                int ok = 1;
                for (int i = 0; i < sh[k].n; i++) {
                    int r = r0 + sh[k].r[i], c = c0 + sh[k].c[i];
                    if (r >= R || c >= C) ok = 0;
                    else m |= 1u << (r * C + c);
                }
                if (!ok) continue;
                int dup = 0;
                for (int j = 0; j < g->nm; j++) dup |= g->req[j] == m;
                if (dup) continue;
                g->req[g->nm] = g->rem[g->nm] = m;
                g->nm++;
            }
}

void bb_node_grid_moves(bgame *g, int R, int C) {
    g->n = R * C;
    g->nm = 0;
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++) {
            int v = r * C + c;
            uint32_t m = 1u << v;
            if (r) m |= 1u << (v - C);
            if (r + 1 < R) m |= 1u << (v + C);
            if (c) m |= 1u << (v - 1);
            if (c + 1 < C) m |= 1u << (v + 1);
            g->req[g->nm] = 1u << v;
            g->rem[g->nm++] = m;
        }
}

void bb_graph_moves(int n, const uint32_t *adj, bgame *node, bgame *arc) {
    node->n = arc->n = n;
    node->nm = arc->nm = 0;
    for (int u = 0; u < n; u++) {
        node->req[node->nm] = 1u << u;
        node->rem[node->nm++] = adj[u] | 1u << u;
        for (int v = u + 1; v < n; v++)
            if (adj[u] >> v & 1) { arc->req[arc->nm] = arc->rem[arc->nm] = 1u << u | 1u << v; arc->nm++; }
    }
}

/* board term text of subset s of an R x C grid */
void bb_board_text(const char *name, int R, int C, uint32_t s, char *out) {
    out += sprintf(out, "%s(", name);
    for (int r = 0; r < R; r++) {
        if (r) *out++ = '/';
        for (int c = 0; c < C; c++) *out++ = (s >> (r * C + c) & 1) ? '.' : '#';
    }
    strcpy(out, ")");
}

/* graph term text of subset s of graph adj (labels 10 + i) */
void bb_graph_text(const char *name, int n, const uint32_t *adj, uint32_t s, char *out) {
    out += sprintf(out, "%s(", name);
    int first = 1;
    for (int u = 0; u < n; u++) {
        if (!(s >> u & 1)) continue;
        int lone = 1;
        for (int v = 0; v < n; v++) {
            if (!(adj[u] >> v & 1) || !(s >> v & 1)) continue;
            lone = 0;
            if (v > u) { out += sprintf(out, "%s%d-%d", first ? "" : ",", 10 + u, 10 + v); first = 0; }
        }
        if (lone) { out += sprintf(out, "%s%d", first ? "" : ",", 10 + u); first = 0; }
    }
    strcpy(out, ")");
}
