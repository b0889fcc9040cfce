/* A minimal use of the library: parse a sum, take its value, list winning moves. */
#include <stdio.h>
#include <string.h>
#include "grundy/grundy.h"

static int print_move(void *user, const gr_move *m) {
    (void)user;
    printf("  in term %zu: %s -> %s\n", m->component, m->from, m->to);
    return 0;
}

int main(void) {
    const char *text = "kayles(7) + sub[1,2,4](10) + 5";
    gr_ctx *ctx;
    gr_position *pos;
    gr_error err;
    uint64_t v;
    int complete;
    if (gr_ctx_new(&ctx) != GR_OK) return 1;
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK ||
        gr_position_value(pos, &v, &err) != GR_OK) {
        fprintf(stderr, "error: %s\n", err.message);
        gr_ctx_free(ctx);
        return 1;
    }
    printf("%s has value %llu\n", text, (unsigned long long)v);
    if (gr_position_winning_moves(pos, 0, print_move, NULL, &complete, &err) != GR_OK) return 1;
    gr_position_free(pos);
    gr_ctx_free(ctx);
    return 0;
}
