/* HDU 3197 "Game" (Green Hackenbush on a forest)
 *
 * A forest on n nodes 0..n-1 given by parents: p[i] is the parent of node i,
 * or -1 when i is the root of its tree. Players alternately cut one edge and
 * remove whatever is no longer connected to its tree's root; whoever cannot
 * cut loses. Input: several cases up to end of file, each a line with n and
 * a line with p[0..n-1]. Output: "YES" when the first player wins, "NO"
 * otherwise.
 *
 * grundy feature: one Green Hackenbush term for the whole forest. Every root
 * is fused into the ground (vertex 0 of "hackenbush(...)") and node i
 * becomes vertex i+1; fusing the roots changes nothing, since the trees
 * then only share the ground, and gr_position_value gives the value (the
 * XOR of the trees' values). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "judge.h"

int main(void) {
    gr_ctx *ctx;
    gr_error err;
    sbuf text = {malloc(256), 0, 256};
    long *parent = NULL;
    long n;
    int rc = 0;
    if (!text.p || gr_ctx_new(&ctx) != GR_OK) {
        fprintf(stderr, "hdu3197: out of memory\n");
        free(text.p);
        return 1;
    }
    while (rc == 0 && scanf("%ld", &n) == 1) {
        uint64_t v;
        long *grown;
        if (n < 0 || !(grown = realloc(parent, (size_t)(n + 1) * sizeof *parent))) {
            fprintf(stderr, "hdu3197: bad node count %ld\n", n);
            rc = 1;
            break;
        }
        parent = grown;
        for (long i = 0; i < n; i++) {
            if (scanf("%ld", &parent[i]) != 1 || parent[i] < -1 || parent[i] >= n) {
                fprintf(stderr, "hdu3197: expected %ld parents in -1..%ld\n", n, n - 1);
                rc = 1;
                break;
            }
        }
        if (rc) break;
        text.len = 0;
        int oom = sb_printf(&text, "hackenbush(");
        int first = 1;
        for (long i = 0; !oom && i < n; i++) {
            if (parent[i] < 0) continue;
            long up = parent[parent[i]] < 0 ? 0 : parent[i] + 1; /* a root is the ground */
            oom = sb_printf(&text, first ? "%ld-%ld" : ",%ld-%ld", i + 1, up);
            first = 0;
        }
        if (oom || sb_printf(&text, ")") != 0) {
            fprintf(stderr, "hdu3197: out of memory\n");
            rc = 1;
            break;
        }
        if (judge_value(ctx, &text, &v, &err) != GR_OK) {
            fprintf(stderr, "hdu3197: %s\n", err.message);
            rc = 1;
            break;
        }
        puts(v != 0 ? "YES" : "NO");
    }
    free(parent);
    free(text.p);
    gr_ctx_free(ctx);
    return rc;
}
