/* HDU 2516 "取石子游戏" (Fibonacci nim)
 *
 * One pile of n stones (2 <= n < 2^31). The first player may take any number
 * of stones but not all of them; afterwards each player takes at least one
 * and at most twice what the opponent just took. Taking the last stone wins.
 * Input: one n per line, a line with 0 ends the input. Output: "First win"
 * when the first player wins, "Second win" otherwise.
 *
 * grundy feature: the state ruleset fib(n) (= dyn[2]), Fibonacci nim from
 * its first move. A won fib position beyond the value table has no known
 * Grundy value, so the program asks gr_position_outcome, which decides the
 * outcome of every 64-bit position by the Zeckendorf rule. */
#include <stdio.h>
#include <string.h>
#include "grundy/grundy.h"

int main(void) {
    gr_ctx *ctx;
    gr_error err;
    unsigned long long n;
    int rc = 0;
    if (gr_ctx_new(&ctx) != GR_OK) {
        fprintf(stderr, "hdu2516: out of memory\n");
        return 1;
    }
    while (scanf("%llu", &n) == 1 && n != 0) {
        char text[64];
        gr_position *pos;
        int wins, known;
        uint64_t v;
        snprintf(text, sizeof text, "fib(%llu)", n);
        if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) {
            fprintf(stderr, "hdu2516: %s: %s\n", text, err.message);
            rc = 1;
            break;
        }
        gr_status s = gr_position_outcome(pos, &wins, &known, &v, &err);
        gr_position_free(pos);
        if (s != GR_OK) {
            fprintf(stderr, "hdu2516: %s: %s\n", text, err.message);
            rc = 1;
            break;
        }
        puts(wins ? "First win" : "Second win");
    }
    gr_ctx_free(ctx);
    return rc;
}
