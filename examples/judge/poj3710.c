/* POJ 3710 "Christmas Game" (Green Hackenbush with cycles)
 *
 * Several drawings, each a tree rooted at node 1 to which simple polygons
 * ("gifts") are attached: every polygon touches the rest of the drawing in
 * one node and no edge lies on two polygons. Sally and Harry alternately cut
 * one edge of any drawing and remove what is no longer connected to its
 * root; Sally moves first and whoever cannot cut loses. Input: several cases
 * up to end of file; each starts with the number of drawings N (N < 100),
 * then per drawing a line "m k" (m < 100 nodes numbered 1..m, k < 500 edges)
 * and k lines "a b". Output: "Sally" or "Harry", the winner.
 *
 * grundy feature: Green Hackenbush on graphs with cycles. Each drawing is
 * the term "hackenbush[1](a-b,...)" (vertex 1 the ground) and the case is
 * their sum; gr_position_value applies the fusion principle (an odd cycle is
 * worth one edge, an even one nothing) and the colon principle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "judge.h"

int main(void) {
    gr_ctx *ctx;
    gr_error err;
    sbuf text = {malloc(256), 0, 256};
    int trees, rc = 0;
    if (!text.p || gr_ctx_new(&ctx) != GR_OK) {
        fprintf(stderr, "poj3710: out of memory\n");
        free(text.p);
        return 1;
    }
    while (rc == 0 && scanf("%d", &trees) == 1) {
        uint64_t v;
        int oom = 0;
        text.len = 0;
        for (int t = 0; rc == 0 && !oom && t < trees; t++) {
            int m, k;
            if (scanf("%d %d", &m, &k) != 2 || k < 0) {
                fprintf(stderr, "poj3710: expected \"nodes edges\" of drawing %d\n", t + 1);
                rc = 1;
                break;
            }
            oom = sb_printf(&text, t ? " + hackenbush[1](" : "hackenbush[1](");
            for (int i = 0; !oom && i < k; i++) {
                unsigned a, b;
                if (scanf("%u %u", &a, &b) != 2) {
                    fprintf(stderr, "poj3710: expected %d edges in drawing %d\n", k, t + 1);
                    rc = 1;
                    break;
                }
                oom = sb_printf(&text, i ? ",%u-%u" : "%u-%u", a, b);
            }
            if (!oom) oom = sb_printf(&text, ")");
        }
        if (rc) break;
        if (oom || (trees <= 0 && sb_printf(&text, "0") != 0)) {
            fprintf(stderr, "poj3710: out of memory\n");
            rc = 1;
            break;
        }
        if (judge_value(ctx, &text, &v, &err) != GR_OK) {
            fprintf(stderr, "poj3710: %s\n", err.message);
            rc = 1;
            break;
        }
        puts(v != 0 ? "Sally" : "Harry");
    }
    free(text.p);
    gr_ctx_free(ctx);
    return rc;
}
