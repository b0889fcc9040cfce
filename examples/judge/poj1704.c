/* POJ 1704 "Georgia and Bob" (staircase nim)
 *
 * N chessmen (1 <= N <= 1000) stand on distinct cells 1, 2, 3, ... of a row
 * (cell numbers up to 10000). A move shifts one chessman left by at least
 * one cell, without jumping over another chessman, sharing its cell, or
 * leaving the row; whoever cannot move loses. Georgia moves first. Input:
 * T, then per case a line with N and a line with the N cells (in any
 * order). Output: "Georgia will win" or "Bob will win" (the game is finite
 * and determined, so the statement's "Not sure" never occurs).
 *
 * grundy feature: the state ruleset staircase(p1,...,pn), staircase nim in
 * disguise (the gaps between pieces are the steps; the value is the XOR of
 * the odd steps), asked with gr_position_value. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "judge.h"

int main(void) {
    gr_ctx *ctx;
    gr_error err;
    sbuf text;
    int t, rc = 0, go = judge_begin("poj1704", &t, &ctx, &text);
    if (go <= 0) return go < 0;
    while (rc == 0 && t-- > 0) {
        uint64_t v;
        int n;
        if (scanf("%d", &n) != 1 || n < 1) {
            fprintf(stderr, "poj1704: expected the number of chessmen\n");
            rc = 1;
            break;
        }
        text.len = 0;
        int oom = sb_printf(&text, "staircase(");
        for (int i = 0; !oom && i < n; i++) {
            unsigned long long p;
            if (scanf("%llu", &p) != 1) {
                fprintf(stderr, "poj1704: expected %d cells\n", n);
                rc = 1;
                break;
            }
            oom = sb_printf(&text, i ? ",%llu" : "%llu", p);
        }
        if (rc) break;
        if (oom || sb_printf(&text, ")") != 0) {
            fprintf(stderr, "poj1704: out of memory\n");
            rc = 1;
            break;
        }
        if (judge_value(ctx, &text, &v, &err) != GR_OK) {
            fprintf(stderr, "poj1704: %s\n", err.message);
            rc = 1;
            break;
        }
        puts(v != 0 ? "Georgia will win" : "Bob will win");
    }
    free(text.p);
    gr_ctx_free(ctx);
    return rc;
}
