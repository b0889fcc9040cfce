/* LightOJ 1355 "Game of CS" (Green Hackenbush with weighted edges)
 *
 * A tree on n nodes 0..n-1 (2 <= n <= 1000) rooted at 0, each edge of weight
 * w (1 <= w <= 10^9) made of w units. Emily (first) and Jolly alternately
 * colour one unit of an edge that can still be reached from the root along
 * edges that are not fully coloured; whoever cannot colour loses. So a move
 * lowers one edge's weight by one, and an edge at 0 cuts off its subtree.
 * Input: T, then per case n and n-1 lines "u v w". Output: "Case i: Emily"
 * when Emily wins, "Case i: Jolly" otherwise.
 *
 * grundy feature: weighted Green Hackenbush. The tree is the term
 * "hackenbush(u-v:w,...)" (vertex 0 the ground, ":w" a weight) and
 * gr_position_value applies the weighted colon principle (a bridge of
 * weight w over a part of value g adds g+1 for w = 1, g for even w and
 * g XOR 1 for odd w >= 3). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "judge.h"

int main(void) {
    gr_ctx *ctx;
    gr_error err;
    sbuf text;
    int t, rc = 0, go = judge_begin("lightoj1355", &t, &ctx, &text);
    if (go <= 0) return go < 0;
    for (int c = 1; rc == 0 && c <= t; c++) {
        uint64_t v;
        long n;
        if (scanf("%ld", &n) != 1 || n < 1) {
            fprintf(stderr, "lightoj1355: case %d: expected the number of nodes\n", c);
            rc = 1;
            break;
        }
        text.len = 0;
        int oom = sb_printf(&text, "hackenbush(");
        for (long i = 1; !oom && i < n; i++) {
            unsigned long u, x, w;
            if (scanf("%lu %lu %lu", &u, &x, &w) != 3) {
                fprintf(stderr, "lightoj1355: case %d: expected %ld lines \"u v w\"\n", c, n - 1);
                rc = 1;
                break;
            }
            oom = sb_printf(&text, i > 1 ? ",%lu-%lu:%lu" : "%lu-%lu:%lu", u, x, w);
        }
        if (rc) break;
        if (oom || sb_printf(&text, ")") != 0) {
            fprintf(stderr, "lightoj1355: out of memory\n");
            rc = 1;
            break;
        }
        if (judge_value(ctx, &text, &v, &err) != GR_OK) {
            fprintf(stderr, "lightoj1355: case %d: %s\n", c, err.message);
            rc = 1;
            break;
        }
        printf("Case %d: %s\n", c, v != 0 ? "Emily" : "Jolly");
    }
    free(text.p);
    gr_ctx_free(ctx);
    return rc;
}
