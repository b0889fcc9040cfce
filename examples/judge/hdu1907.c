/* HDU 1907 "John" (misère nim)
 *
 * N colours of sweets (1 <= N <= 47), Ai sweets of colour i (1 <= Ai <=
 * 4747). John and his brother alternately eat any positive number of sweets
 * of one colour, John first; whoever eats the very last sweet loses. Input:
 * T, then per case a line with N and a line with the N counts. Output:
 * "John" when John (the first player) wins, "Brother" otherwise.
 *
 * grundy feature: misère play. The counts become the nim sum "A1 + A2 + ..."
 * and gr_position_misere decides it exactly (for nim heaps by the SJ
 * theorem, i.e. the Anti-Nim rule). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "judge.h"

int main(void) {
    gr_ctx *ctx;
    gr_error err;
    sbuf text;
    int t, rc = 0, go = judge_begin("hdu1907", &t, &ctx, &text);
    if (go <= 0) return go < 0;
    while (rc == 0 && t-- > 0) {
        gr_position *pos;
        gr_misere m = GR_SIZED(gr_misere);
        int n;
        text.len = 0;
        if (scanf("%d", &n) != 1 || n < 1) {
            fprintf(stderr, "hdu1907: expected the number of colours\n");
            rc = 1;
            break;
        }
        for (int i = 0; i < n; i++) {
            unsigned long long a;
            if (scanf("%llu", &a) != 1) {
                fprintf(stderr, "hdu1907: expected %d counts\n", n);
                rc = 1;
                break;
            }
            if (sb_printf(&text, i ? " + %llu" : "%llu", a) != 0) {
                fprintf(stderr, "hdu1907: out of memory\n");
                rc = 1;
                break;
            }
        }
        if (rc) break;
        if (gr_position_parse(ctx, text.p, text.len, 0, &pos, &err) != GR_OK) {
            fprintf(stderr, "hdu1907: %s\n", err.message);
            rc = 1;
            break;
        }
        gr_status s = gr_position_misere(pos, &m, &err);
        gr_position_free(pos);
        if (s != GR_OK) {
            fprintf(stderr, "hdu1907: %s\n", err.message);
            rc = 1;
            break;
        }
        puts(m.wins ? "John" : "Brother");
    }
    free(text.p);
    gr_ctx_free(ctx);
    return rc;
}
