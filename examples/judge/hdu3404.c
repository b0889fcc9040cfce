/* HDU 3404 "Switch lights" (a 2-D coin-turning game)
 *
 * Some lights of a grid are on, given by their coordinates (x, y). A move
 * picks a light (x, y) that is on and a cell (a, b) with a < x and b < y,
 * and switches the four corners (a, b), (a, y), (x, b), (x, y) of that
 * rectangle; whoever cannot move loses. The game is the product of two
 * one-dimensional games, so a light at (x, y) is worth the nim product
 * x (*) y and a position is worth the XOR of its lights. Input: T, then per
 * case N and N lines "x y". Output: "Have a try, lxhgww." when the first
 * player wins, "Don't waste your time." otherwise.
 *
 * grundy feature: the nimber field, gr_nim_mul (each light is the term
 * prod(x,y) of the game language; the product is asked of the field
 * directly since that is all the term's value is). */
#include <stdio.h>
#include "grundy/grundy.h"

int main(void) {
    gr_nim *field;
    int t, rc = 0;
    if (scanf("%d", &t) != 1) return 0;
    if (gr_nim_new(&field) != GR_OK) {
        fprintf(stderr, "hdu3404: out of memory\n");
        return 1;
    }
    while (rc == 0 && t-- > 0) {
        long n;
        uint64_t v = 0;
        if (scanf("%ld", &n) != 1 || n < 0) {
            fprintf(stderr, "hdu3404: expected the number of lights\n");
            rc = 1;
            break;
        }
        for (long i = 0; i < n; i++) {
            unsigned long long x, y;
            if (scanf("%llu %llu", &x, &y) != 2) {
                fprintf(stderr, "hdu3404: expected %ld lines \"x y\"\n", n);
                rc = 1;
                break;
            }
            v ^= gr_nim_mul(field, x, y);
        }
        if (rc) break;
        puts(v != 0 ? "Have a try, lxhgww." : "Don't waste your time.");
    }
    gr_nim_free(field);
    return rc;
}
