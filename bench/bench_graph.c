/* Games on graphs: gr_loopy_solve and the graph[@FILE] family at 10^6
 * vertices and edges, each against a textbook algorithm in the same run.
 *
 *   acyclic:  the textbook topological order (Kahn) and a mex per vertex;
 *   cyclic:   the textbook fixed point of Smith's labelling, by repeated
 *             sweeps over every vertex until nothing changes (one stage per
 *             value), on a smaller graph since it is quadratic;
 *   end to end: a file of n vertices and m edges read, solved and a sum of
 *             tokens on it answered (outcome and a winning or draw-keeping
 *             move), as `grundy solve 'graph[@FILE](...)'` does.
 * Values are compared with the baseline and the ratio printed.
 * Usage: bench_graph [N] [M] (default 10^6 and 10^6). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "benchutil.h"

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;
static uint64_t rnd(void) {
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

typedef struct graph {
    uint32_t n, m;
    uint32_t *from, *to;
    uint32_t *off, *adj;
} graph;

/* m random edges; acyclic: each goes to a smaller vertex */
static void make(graph *g, uint32_t n, uint32_t m, int acyclic) {
    g->n = n;
    g->m = m;
    g->from = malloc(m * sizeof *g->from);
    g->to = malloc(m * sizeof *g->to);
    g->off = calloc((size_t)n + 1, sizeof *g->off);
    g->adj = malloc(m * sizeof *g->adj);
    if (!g->from || !g->to || !g->off || !g->adj) { fprintf(stderr, "out of memory\n"); exit(1); }
    for (uint32_t e = 0; e < m; e++) {
        uint32_t u = 1 + (uint32_t)(rnd() % (n - 1));
        g->from[e] = u;
        g->to[e] = acyclic ? (uint32_t)(rnd() % u) : (uint32_t)(rnd() % n);
        g->off[u + 1]++;
    }
    for (uint32_t v = 0; v < n; v++) g->off[v + 1] += g->off[v];
    uint32_t *fill = malloc(((size_t)n + 1) * sizeof *fill);
    memcpy(fill, g->off, ((size_t)n + 1) * sizeof *fill);
    for (uint32_t e = 0; e < m; e++) g->adj[fill[g->from[e]]++] = g->to[e];
    free(fill);
}

static void drop(graph *g) { free(g->from); free(g->to); free(g->off); free(g->adj); }

/* textbook, acyclic: Kahn's order over the reversed graph, then the mex */
static double textbook_dag(const graph *g, uint32_t *val) {
    double t0 = bench_now();
    uint32_t n = g->n, *outdeg = malloc(n * sizeof *outdeg), *queue = malloc(n * sizeof *queue);
    uint32_t *roff = calloc((size_t)n + 1, sizeof *roff), *radj = malloc(g->m * sizeof *radj);
    unsigned char *seen = calloc((size_t)g->m + 2, 1);
    for (uint32_t e = 0; e < g->m; e++) roff[g->adj[e] + 1]++;
    for (uint32_t v = 0; v < n; v++) roff[v + 1] += roff[v];
    for (uint32_t v = 0; v < n; v++)
        for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++) radj[roff[g->adj[e]]++] = v;
    for (uint32_t v = n; v > 0; v--) roff[v] = roff[v - 1];
    roff[0] = 0;
    uint32_t qh = 0, qt = 0;
    for (uint32_t v = 0; v < n; v++) {
        outdeg[v] = g->off[v + 1] - g->off[v];
        if (!outdeg[v]) queue[qt++] = v;
    }
    while (qh < qt) {
        uint32_t v = queue[qh++];
        for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++) seen[val[g->adj[e]]] = 1;
        uint32_t x = 0;
        while (seen[x]) x++;
        val[v] = x;
        for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++) seen[val[g->adj[e]]] = 0;
        for (uint32_t e = roff[v]; e < roff[v + 1]; e++)
            if (!--outdeg[radj[e]]) queue[qt++] = radj[e];
    }
    free(outdeg); free(queue); free(roff); free(radj); free(seen);
    return bench_now() - t0;
}

/* textbook, cyclic: stage i labels i every unlabelled vertex whose
 * followers show 0..i-1, none labelled i, and whose every unlabelled
 * follower has a follower labelled i; sweeps repeat until nothing changes */
#define UNL UINT32_MAX
static double textbook_loopy(const graph *g, uint32_t *val) {
    double t0 = bench_now();
    uint32_t n = g->n;
    unsigned char *mark = malloc(n);
    uint32_t *fix = malloc((size_t)n * sizeof *fix), nfix = 0;
    for (uint32_t v = 0; v < n; v++) val[v] = UNL;
    for (uint32_t stage = 0;; stage++) {
        int any_candidate = 0;
        for (int changed = 1; changed;) {
            changed = 0;
            /* which vertices have a follower labelled `stage` */
            for (uint32_t v = 0; v < n; v++) {
                mark[v] = 0;
                for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++)
                    if (val[g->adj[e]] == stage) { mark[v] = 1; break; }
            }
            for (uint32_t v = 0; v < n; v++) {
                if (val[v] != UNL || mark[v]) continue;
                /* followers show 0..stage-1 */
                uint64_t shown = 0;
                uint32_t need = stage < 64 ? stage : 64;
                for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++) {
                    uint32_t w = val[g->adj[e]];
                    if (w < need) shown |= 1ull << w;
                }
                if (need && shown != (need == 64 ? ~0ull : (1ull << need) - 1)) continue;
                any_candidate = 1;
                int ok = 1;
                for (uint32_t e = g->off[v]; e < g->off[v + 1] && ok; e++)
                    if (val[g->adj[e]] == UNL && !mark[g->adj[e]]) ok = 0;
                if (ok) fix[nfix++] = v;
            }
            /* labelled after the sweep: the marks above stay true during it */
            for (uint32_t k = 0; k < nfix; k++) val[fix[k]] = stage;
            changed = nfix > 0;
            nfix = 0;
        }
        if (!any_candidate || stage > 64) break;
    }
    for (uint32_t v = 0; v < n; v++)
        if (val[v] == UNL) val[v] = GR_LOOPY_INFINITE;
    free(mark);
    free(fix);
    return bench_now() - t0;
}

static double ours(const graph *g, uint32_t *val) {
    double t0 = bench_now();
    gr_error err;
    if (gr_loopy_solve(g->n, g->off, g->adj, val, NULL, &err) != GR_OK) { fprintf(stderr, "%s\n", err.message); exit(1); }
    return bench_now() - t0;
}

static void compare(const char *what, const graph *g, double tb, const uint32_t *a, double to, const uint32_t *b) {
    uint32_t inf = 0, top = 0;
    for (uint32_t v = 0; v < g->n; v++) {
        if (b[v] == GR_LOOPY_INFINITE) inf++;
        else if (b[v] > top) top = b[v];
    }
    printf("%-28s n=%-8u m=%-8u textbook %8.3f s  grundy %8.3f s  ratio %6.1fx  values %s (largest %u, infinite %u)\n", what,
           g->n, g->m, tb, to, tb / (to > 1e-9 ? to : 1e-9), memcmp(a, b, g->n * sizeof *a) ? "DIFFER" : "equal", top,
           inf);
}

static int count_move(void *user, const gr_move *m) {
    (void)m;
    ++*(size_t *)user;
    return 0;
}

/* the file, the parse (which solves the graph) and one solve of a sum */
static void end_to_end(const graph *g, uint32_t tokens) {
    char path[] = "/tmp/bench-graph-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f) { fprintf(stderr, "cannot write a temporary file\n"); exit(1); }
    fprintf(f, "%u %u\n", g->n, g->m);
    for (uint32_t e = 0; e < g->m; e++) fprintf(f, "%u %u\n", g->from[e], g->to[e]);
    fclose(f);
    size_t cap = 64 + 12 * (size_t)tokens + strlen(path);
    char *text = malloc(cap);
    size_t len = (size_t)snprintf(text, cap, "graph[@%s](", path);
    for (uint32_t k = 0; k < tokens; k++) len += (size_t)snprintf(text + len, cap - len, "%s%u", k ? "," : "", (uint32_t)(rnd() % g->n));
    snprintf(text + len, cap - len, ")");
    gr_ctx *ctx;
    gr_position *pos;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK) exit(1);
    gr_parse_opts opts = {sizeof(gr_parse_opts), gr_read_file, NULL};
    double t0 = bench_now();
    if (gr_position_parse_ex(ctx, text, strlen(text), 0, &opts, &pos, &err) != GR_OK) { fprintf(stderr, "%s\n", err.message); exit(1); }
    double t1 = bench_now();
    gr_outcome o;
    int complete;
    size_t moves = 0;
    if (gr_position_loopy_outcome(pos, &o, &err) != GR_OK) { fprintf(stderr, "%s\n", err.message); exit(1); }
    gr_status st = GR_OK;
    if (o == GR_OUTCOME_D) st = gr_position_draw_moves(pos, 1, count_move, &moves, &complete, &err);
    else if (o == GR_OUTCOME_N) st = gr_position_winning_moves(pos, 1, count_move, &moves, &complete, &err);
    if (st != GR_OK) { fprintf(stderr, "%s\n", err.message); exit(1); }
    double t2 = bench_now();
    printf("end to end: read + solve the file %.3f s, outcome %c of %u tokens and %zu move %.3f s, total %.3f s\n",
           t1 - t0, "PND"[o], tokens, moves, t2 - t1, t2 - t0);
    gr_position_free(pos);
    gr_ctx_free(ctx);
    remove(path);
    free(text);
}

int main(int argc, char **argv) {
    uint32_t n = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 1000000;
    uint32_t m = argc > 2 ? (uint32_t)strtoul(argv[2], NULL, 10) : 1000000;
    uint32_t *a = malloc((size_t)n * sizeof *a), *b = malloc((size_t)n * sizeof *b);
    if (!a || !b || n < 2) return 1;
    graph g;
    make(&g, n, m, 1);
    double tb = textbook_dag(&g, a), to = ours(&g, b);
    compare("acyclic", &g, tb, a, to, b);
    end_to_end(&g, 1000);
    drop(&g);
    make(&g, n, m, 0);
    to = ours(&g, b);
    printf("%-28s n=%-8u m=%-8u grundy %8.3f s\n", "cyclic (no baseline)", n, m, to);
    end_to_end(&g, 1000);
    drop(&g);
    /* the quadratic textbook fixed point, on a graph it can finish */
    uint32_t sn = n < 20000 ? n : 20000, sm = 2 * sn;
    make(&g, sn, sm, 0);
    tb = textbook_loopy(&g, a);
    to = ours(&g, b);
    compare("cyclic", &g, tb, a, to, b);
    drop(&g);
    free(a);
    free(b);
    return 0;
}
