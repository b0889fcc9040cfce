/* HDU 3094 "A tree game" (Green Hackenbush on one rooted tree)
 *
 * A tree on N vertices (N up to 10^5) rooted at vertex 1. Alice and Bob
 * alternately remove one edge together with everything no longer connected
 * to the root, Alice first; whoever has no edge to remove loses. Input: T,
 * then per case a line with N and N-1 lines "x y" (an edge). Output: "Alice"
 * or "Bob", the winner.
 *
 * grundy feature: a Green Hackenbush term. The tree becomes
 * "hackenbush[1](x-y,...)" (hackenbush[r] makes vertex r the ground) and
 * gr_position_value computes its value by the colon principle, in linear
 * time and without recursion, so a path of 10^5 edges is fine. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "judge.h"

int main(void) {
    gr_ctx *ctx;
    gr_error err;
    sbuf text;
    int t, rc = 0, go = judge_begin("hdu3094", &t, &ctx, &text);
    if (go <= 0) return go < 0;
    while (rc == 0 && t-- > 0) {
        uint64_t v;
        long n;
        if (scanf("%ld", &n) != 1 || n < 1) {
            fprintf(stderr, "hdu3094: expected the number of vertices\n");
            rc = 1;
            break;
        }
        text.len = 0;
        int oom = sb_printf(&text, "hackenbush[1](");
        for (long i = 1; !oom && i < n; i++) {
            unsigned long x, y;
            if (scanf("%lu %lu", &x, &y) != 2) {
                fprintf(stderr, "hdu3094: expected %ld edges\n", n - 1);
                rc = 1;
                break;
            }
            oom = sb_printf(&text, i > 1 ? ",%lu-%lu" : "%lu-%lu", x, y);
        }
        if (rc) break;
        if (oom || sb_printf(&text, ")") != 0) {
            fprintf(stderr, "hdu3094: out of memory\n");
            rc = 1;
            break;
        }
        if (judge_value(ctx, &text, &v, &err) != GR_OK) {
            fprintf(stderr, "hdu3094: %s\n", err.message);
            rc = 1;
            break;
        }
        puts(v != 0 ? "Alice" : "Bob");
    }
    free(text.p);
    gr_ctx_free(ctx);
    return rc;
}
