/* Codeforces 1194D "1-2-K Game"
 *
 * A chip stands on cell n of a strip of cells 0..n (0 <= n <= 10^9); Alice
 * and Bob alternately move it 1, 2 or k cells to the left (3 <= k <= 10^9),
 * never past cell 0, Alice first; whoever cannot move loses. That is a
 * subtraction game with the set {1, 2, k} on a heap of n. Input: T (up to
 * 100), then T lines "n k". Output: "Alice" or "Bob", the winner.
 *
 * grundy feature: the subtraction ruleset sub[1,2,k], asked through the
 * position "sub[1,2,k](n)" and gr_position_value. For k beyond the value
 * table grundy proves the period of one huge subtraction element (for
 * 1-2-K it is k + 1 when 3 divides k) instead of tabulating 10^9 values. */
#include <stdio.h>
#include <string.h>
#include "grundy/grundy.h"

int main(void) {
    gr_ctx *ctx;
    gr_error err;
    int t, rc = 0;
    if (scanf("%d", &t) != 1) return 0;
    if (gr_ctx_new(&ctx) != GR_OK) {
        fprintf(stderr, "cf1194d: out of memory\n");
        return 1;
    }
    while (t-- > 0) {
        unsigned long long n, k;
        char text[96];
        gr_position *pos;
        uint64_t v;
        if (scanf("%llu %llu", &n, &k) != 2) {
            fprintf(stderr, "cf1194d: expected \"n k\"\n");
            rc = 1;
            break;
        }
        snprintf(text, sizeof text, "sub[1,2,%llu](%llu)", k, n);
        if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) {
            fprintf(stderr, "cf1194d: %s: %s\n", text, err.message);
            rc = 1;
            break;
        }
        gr_status s = gr_position_value(pos, &v, &err);
        gr_position_free(pos);
        if (s != GR_OK) { /* the message names the term */
            fprintf(stderr, "cf1194d: %s\n", err.message);
            rc = 1;
            break;
        }
        puts(v != 0 ? "Alice" : "Bob");
    }
    gr_ctx_free(ctx);
    return rc;
}
