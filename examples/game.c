/* The program of README's link line (cc examples/game.c ... pkg-config
 * ... grundy): the value of the position given as its argument, and who
 * wins. */
#include <stdio.h>
#include <string.h>
#include "grundy/grundy.h"

int main(int argc, char **argv) {
    const char *text = argc > 1 ? argv[1] : "kayles(10) + 3";
    gr_ctx *ctx;
    gr_position *pos;
    gr_error err;
    uint64_t v;
    if (gr_ctx_new(&ctx) != GR_OK) return 1;
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK || gr_position_value(pos, &v, &err) != GR_OK) {
        fprintf(stderr, "error: %s\n", err.message);
        gr_ctx_free(ctx);
        return 2;
    }
    printf("value %llu, the player to move %s\n", (unsigned long long)v, v ? "wins" : "loses");
    gr_position_free(pos);
    gr_ctx_free(ctx);
    return 0;
}
