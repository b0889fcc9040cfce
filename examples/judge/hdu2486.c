/* HDU 2486 "A simple stone game" (k-times dynamic subtraction)
 *
 * One pile of n stones (2 <= n <= 10^8). The first player takes between 1
 * and n-1 stones; afterwards a player takes at least one and at most k times
 * what the opponent took last (1 <= k <= 10^5). Taking the last stone wins.
 * Input: t, then t lines "n k". Output per case: "Case i: lose" when the
 * first player loses, else "Case i: m" with m the least winning first take.
 *
 * grundy feature: the state ruleset dyn[k](n) and gr_ruleset_dyn_min_take,
 * which returns the least winning take (0 for a lost position) from the
 * tutorials' a/b sequence; the ruleset and arguments come from the parsed
 * term through gr_position_term. */
#include <stdio.h>
#include <string.h>
#include "grundy/grundy.h"

int main(void) {
    gr_ctx *ctx;
    gr_error err;
    int t, rc = 0;
    if (scanf("%d", &t) != 1) return 0;
    if (gr_ctx_new(&ctx) != GR_OK) {
        fprintf(stderr, "hdu2486: out of memory\n");
        return 1;
    }
    for (int c = 1; c <= t; c++) {
        unsigned long long n, k;
        char text[96];
        gr_position *pos;
        gr_term_info term;
        uint64_t take = 0;
        if (scanf("%llu %llu", &n, &k) != 2) {
            fprintf(stderr, "hdu2486: case %d: expected \"n k\"\n", c);
            rc = 1;
            break;
        }
        snprintf(text, sizeof text, "dyn[%llu](%llu)", k, n);
        if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) {
            fprintf(stderr, "hdu2486: %s: %s\n", text, err.message);
            rc = 1;
            break;
        }
        gr_status s = gr_position_term(pos, 0, &term);
        if (s == GR_OK)
            s = gr_ruleset_dyn_min_take(term.ruleset, term.args, term.nargs, &take, &err);
        else
            snprintf(err.message, sizeof err.message, "no term");
        gr_position_free(pos);
        if (s != GR_OK) {
            fprintf(stderr, "hdu2486: %s: %s\n", text, err.message);
            rc = 1;
            break;
        }
        if (take == 0)
            printf("Case %d: lose\n", c);
        else
            printf("Case %d: %llu\n", c, (unsigned long long)take);
    }
    gr_ctx_free(ctx);
    return rc;
}
