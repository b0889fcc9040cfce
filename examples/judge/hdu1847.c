/* HDU 1847 "Good Luck in CET-4 Everybody!"
 *
 * A pile of n cards (1 <= n <= 1000); Kiki and Cici alternately take a power
 * of two (1, 2, 4, 8, ...) cards, Kiki first, and whoever takes the last card
 * wins. Input: one n per line until end of file. Output: "Kiki" when the
 * first player wins, "Cici" otherwise, one line per n.
 *
 * grundy feature: the built-in heap ruleset pow2 (take a power of two);
 * each n is parsed as the position "pow2(n)" and gr_position_value decides
 * it (pow2 has the closed form G(n) = n mod 3, so any 64-bit n works). */
#include <stdio.h>
#include <string.h>
#include "grundy/grundy.h"

int main(void) {
    gr_ctx *ctx;
    gr_error err;
    unsigned long long n;
    int rc = 0;
    if (gr_ctx_new(&ctx) != GR_OK) {
        fprintf(stderr, "hdu1847: out of memory\n");
        return 1;
    }
    while (scanf("%llu", &n) == 1) {
        char text[64];
        gr_position *pos;
        uint64_t v;
        snprintf(text, sizeof text, "pow2(%llu)", n);
        if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) {
            fprintf(stderr, "hdu1847: %s: %s\n", text, err.message);
            rc = 1;
            break;
        }
        gr_status s = gr_position_value(pos, &v, &err);
        gr_position_free(pos);
        if (s != GR_OK) { /* the message names the term */
            fprintf(stderr, "hdu1847: %s\n", err.message);
            rc = 1;
            break;
        }
        puts(v != 0 ? "Kiki" : "Cici");
    }
    gr_ctx_free(ctx);
    return rc;
}
