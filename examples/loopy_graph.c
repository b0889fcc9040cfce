/* Loopy games: the generalized Sprague-Grundy values of a small directed
 * graph with a cycle and a self-loop (gr_loopy_solve), then a sum of
 * tokens on it as a position: its value, its outcome (P, N or D) and the
 * moves to play. */
#include <stdio.h>
#include <string.h>
#include "grundy/grundy.h"

static int print_move(void *user, const gr_move *m) {
    printf("  %s: term %zu: %s -> %s\n", (const char *)user, m->component + 1, m->from, m->to);
    return 0;
}

static void print_value(const char *what, const gr_gvalue *g) {
    if (!g->infinite) { printf("%s = %llu\n", what, (unsigned long long)g->value); return; }
    printf("%s = infinite, K = {", what);
    for (size_t i = 0; i < g->nK; i++) printf("%s%llu", i ? "," : "", (unsigned long long)g->K[i]);
    printf("}\n");
}

int main(void) {
    /* 0 -> 1 -> 2 -> 0 (a cycle), 2 -> 3 (a dead end), 4 -> 4 and 4 -> 3 */
    uint32_t off[] = {0, 1, 2, 4, 4, 6}, adj[] = {1, 2, 0, 3, 4, 3};
    uint32_t val[5];
    gr_error err;
    if (gr_loopy_solve(5, off, adj, val, NULL, &err) != GR_OK) { fprintf(stderr, "%s\n", err.message); return 1; }
    for (uint32_t v = 0; v < 5; v++) {
        if (val[v] == GR_LOOPY_INFINITE) printf("vertex %u: infinite\n", v);
        else printf("vertex %u: %u\n", v, val[v]);
    }

    /* the same graph in the game language, with tokens, plus a nim heap */
    const char *texts[] = {"graph[0>1,1>2,2>0,2>3,4>4,4>3](0) + 2", "graph[0>1,1>2,2>0,2>3,4>4,4>3](4) + 1",
                           "graph[0>1,1>2,2>0,2>3,4>4,4>3](4)"};
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) return 1;
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        gr_position *pos;
        gr_gvalue g = GR_SIZED(gr_gvalue);
        gr_outcome o;
        int complete;
        if (gr_position_parse(ctx, texts[i], strlen(texts[i]), 0, &pos, &err) != GR_OK ||
            gr_position_gvalue(pos, &g, &err) != GR_OK || gr_position_loopy_outcome(pos, &o, &err) != GR_OK) {
            fprintf(stderr, "%s: %s\n", texts[i], err.message);
            gr_ctx_free(ctx);
            return 1;
        }
        print_value(texts[i], &g);
        printf("  outcome %c\n", "PND"[o]);
        gr_status st = GR_OK;
        if (o == GR_OUTCOME_N) st = gr_position_winning_moves(pos, 0, print_move, "wins", &complete, &err);
        if (o == GR_OUTCOME_D) st = gr_position_draw_moves(pos, 0, print_move, "keeps the draw", &complete, &err);
        gr_position_free(pos);
        if (st != GR_OK) { fprintf(stderr, "%s\n", err.message); gr_ctx_free(ctx); return 1; }
    }
    gr_ctx_free(ctx);
    return 0;
}
