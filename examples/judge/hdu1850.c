/* HDU 1850 "Being a Good Boy in Spring Festival"
 *
 * Nim with M piles of cards (1 < M <= 100, each pile up to 10^6). The
 * question is not who wins but in how many ways the first player can make a
 * winning first move (0 when the first player loses). Input: several cases,
 * each a line with M and a line with the M pile sizes; M = 0 ends the input.
 * Output: the number of winning first moves, one line per case.
 *
 * grundy feature: the piles become the sum "n1 + n2 + ..." of nim heaps and
 * gr_position_winning_moves lists every move to a position of value 0; the
 * program counts them (and refuses a list that was cut short). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "judge.h"

static int count_move(void *user, const gr_move *move) {
    (void)move;
    ++*(size_t *)user;
    return 0;
}

int main(void) {
    gr_ctx *ctx;
    gr_error err;
    sbuf text = {malloc(256), 0, 256};
    int m, rc = 0;
    if (!text.p || gr_ctx_new(&ctx) != GR_OK) {
        fprintf(stderr, "hdu1850: out of memory\n");
        free(text.p);
        return 1;
    }
    while (rc == 0 && scanf("%d", &m) == 1 && m != 0) {
        gr_position *pos;
        size_t count = 0;
        int complete;
        text.len = 0;
        for (int i = 0; i < m; i++) {
            unsigned long long n;
            if (scanf("%llu", &n) != 1) {
                fprintf(stderr, "hdu1850: expected %d pile sizes\n", m);
                rc = 1;
                break;
            }
            if (sb_printf(&text, i ? " + %llu" : "%llu", n) != 0) {
                fprintf(stderr, "hdu1850: out of memory\n");
                rc = 1;
                break;
            }
        }
        if (rc) break;
        if (gr_position_parse(ctx, text.p, text.len, 0, &pos, &err) != GR_OK) {
            fprintf(stderr, "hdu1850: %s\n", err.message);
            rc = 1;
            break;
        }
        gr_status s = gr_position_winning_moves(pos, 0, count_move, &count, &complete, &err);
        gr_position_free(pos);
        if (s != GR_OK || !complete) {
            fprintf(stderr, "hdu1850: %s\n", s != GR_OK ? err.message : "the move list was cut short");
            rc = 1;
            break;
        }
        printf("%zu\n", count);
    }
    free(text.p);
    gr_ctx_free(ctx);
    return rc;
}
