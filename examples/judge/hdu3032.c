/* HDU 3032 "Nim or not Nim?" (Lasker's nim)
 *
 * Nim on N heaps (1 <= N <= 10^6, 1 <= s[i] <= 2^31 - 1) where a move either
 * takes any positive number of objects from one heap or splits one heap into
 * two smaller non-empty heaps; taking the last object wins. Alice moves
 * first. Input: T, then per case a line with N and a line with the N heap
 * sizes. Output: "Alice" or "Bob", the winner.
 *
 * grundy feature: the take-and-break ruleset lasker (= tb[4.3!]), whose
 * closed form answers any 64-bit heap. With up to 10^6 heaps per case the
 * program asks gr_ruleset_value heap by heap and XORs the values (the
 * Sprague-Grundy theorem), instead of building a 10^6-term position. */
#include <stdio.h>
#include "grundy/grundy.h"

int main(void) {
    gr_ctx *ctx;
    gr_ruleset *lasker;
    gr_error err;
    int t, rc = 0;
    if (scanf("%d", &t) != 1) return 0;
    if (gr_ctx_new(&ctx) != GR_OK) {
        fprintf(stderr, "hdu3032: out of memory\n");
        return 1;
    }
    if (gr_ctx_ruleset(ctx, "lasker", 6, &lasker, &err) != GR_OK) {
        fprintf(stderr, "hdu3032: lasker: %s\n", err.message);
        gr_ctx_free(ctx);
        return 1;
    }
    while (rc == 0 && t-- > 0) {
        long n;
        uint64_t x = 0;
        if (scanf("%ld", &n) != 1 || n < 0) {
            fprintf(stderr, "hdu3032: expected the number of heaps\n");
            rc = 1;
            break;
        }
        for (long i = 0; i < n; i++) {
            unsigned long long s;
            uint64_t g;
            if (scanf("%llu", &s) != 1) {
                fprintf(stderr, "hdu3032: expected %ld heap sizes\n", n);
                rc = 1;
                break;
            }
            if (gr_ruleset_value(lasker, s, &g, &err) != GR_OK) {
                fprintf(stderr, "hdu3032: %s\n", err.message);
                rc = 1;
                break;
            }
            x ^= g;
        }
        if (rc) break;
        puts(x != 0 ? "Alice" : "Bob");
    }
    gr_ctx_free(ctx);
    return rc;
}
