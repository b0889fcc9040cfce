/* HDU 5795 "A Simple Nim"
 *
 * Nim on n heaps of candies (1 <= n <= 10^6, 1 <= s[i] <= 10^9) where a move
 * either takes any positive number of candies from one heap or splits one
 * heap into three smaller non-empty heaps; taking the last candy wins.
 * Input: T, then per case a line with n and a line with the n heap sizes.
 * Output: "First player wins." or "Second player wins.".
 *
 * grundy feature: the take-and-break code tb[8.3!] (digit 8 before the point:
 * split into three without removing; 3! after it: take any number), whose
 * closed form (G(8k+7) = 8k+8, G(8k+8) = 8k+7, else G(n) = n) answers any
 * heap. Heaps are valued one by one with gr_ruleset_value and XORed, since a
 * case may hold 10^6 of them. */
#include <stdio.h>
#include "grundy/grundy.h"

int main(void) {
    gr_ctx *ctx;
    gr_ruleset *split3;
    gr_error err;
    int t, rc = 0;
    if (scanf("%d", &t) != 1) return 0;
    if (gr_ctx_new(&ctx) != GR_OK) {
        fprintf(stderr, "hdu5795: out of memory\n");
        return 1;
    }
    if (gr_ctx_ruleset(ctx, "tb[8.3!]", 8, &split3, &err) != GR_OK) {
        fprintf(stderr, "hdu5795: tb[8.3!]: %s\n", err.message);
        gr_ctx_free(ctx);
        return 1;
    }
    while (rc == 0 && t-- > 0) {
        long n;
        uint64_t x = 0;
        if (scanf("%ld", &n) != 1 || n < 0) {
            fprintf(stderr, "hdu5795: expected the number of heaps\n");
            rc = 1;
            break;
        }
        for (long i = 0; i < n; i++) {
            unsigned long long s;
            uint64_t g;
            if (scanf("%llu", &s) != 1) {
                fprintf(stderr, "hdu5795: expected %ld heap sizes\n", n);
                rc = 1;
                break;
            }
            if (gr_ruleset_value(split3, s, &g, &err) != GR_OK) {
                fprintf(stderr, "hdu5795: %s\n", err.message);
                rc = 1;
                break;
            }
            x ^= g;
        }
        if (rc) break;
        puts(x != 0 ? "First player wins." : "Second player wins.");
    }
    gr_ctx_free(ctx);
    return rc;
}
