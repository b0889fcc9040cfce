/* A game of your own, from C: two families registered in a context and
 * then used like built-in rulesets.
 *
 *   half(n):   take at least one and at most half of the tokens (a heap
 *              family: half(7) + half(3,4) is a sum of heaps);
 *   king(x,y): a king walks left, down or diagonally towards the corner
 *              (0,0) (a state family: the two numbers are one position).
 *
 * It prints G(0..20) of half, a table of king values, and the winning
 * moves of a sum that mixes both with a built-in game. */
#include <stdio.h>
#include <string.h>
#include "grundy/grundy.h"

static gr_status half_options(void *user, const uint64_t *args, size_t nargs, gr_emit *out, gr_error *err) {
    (void)user; (void)nargs; (void)err;
    uint64_t n = args[0];
    for (uint64_t k = 1; k <= n / 2; k++) {
        uint64_t left = n - k;
        if (gr_emit_option(out, &left, 1)) break;
    }
    return GR_OK;
}

static gr_status king_options(void *user, const uint64_t *a, size_t n, gr_emit *out, gr_error *err) {
    (void)user; (void)n; (void)err;
    uint64_t moves[3][2] = {{a[0] - 1, a[1]}, {a[0], a[1] - 1}, {a[0] - 1, a[1] - 1}};
    int legal[3] = {a[0] > 0, a[1] > 0, a[0] > 0 && a[1] > 0};
    for (int i = 0; i < 3; i++)
        if (legal[i] && gr_emit_option(out, moves[i], 2)) break;
    return GR_OK;
}

static gr_status king_check(void *user, const uint64_t *a, size_t n, size_t *bad, gr_error *err) {
    (void)user; (void)a;
    if (n == 2) return GR_OK;
    *bad = n > 2 ? 2 : 0;
    err->status = GR_EINVAL;
    snprintf(err->message, sizeof err->message, "king takes two coordinates, e.g. king(3,5)");
    return GR_EINVAL;
}

static int print_move(void *user, const gr_move *m) {
    (void)user;
    printf("  term %zu: %s -> %s\n", m->component + 1, m->from, m->to);
    return 0;
}

int main(void) {
    gr_ctx *ctx;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK) return 1;
    gr_custom_family half = {sizeof(gr_custom_family), "half", 1, 0, half_options, NULL, NULL, NULL, NULL};
    gr_custom_family king = {sizeof(gr_custom_family), "king", 0, 0, king_options, king_check, NULL, NULL, NULL};
    if (gr_ctx_define_family(ctx, &half, &err) != GR_OK || gr_ctx_define_family(ctx, &king, &err) != GR_OK) {
        fprintf(stderr, "error: %s\n", err.message);
        gr_ctx_free(ctx);
        return 1;
    }

    gr_ruleset *rs;
    uint64_t g[21];
    if (gr_ctx_ruleset(ctx, "half", 4, &rs, &err) != GR_OK || gr_ruleset_values(rs, 21, g, &err) != GR_OK) {
        fprintf(stderr, "error: %s\n", err.message);
        gr_ctx_free(ctx);
        return 1;
    }
    printf("half:");
    for (int n = 0; n <= 20; n++) printf(" %llu", (unsigned long long)g[n]);
    printf("\nking(x,y), x down, y across:\n");
    for (int x = 0; x < 6; x++) {
        for (int y = 0; y < 6; y++) {
            char text[32];
            gr_position *pos;
            uint64_t v = 0;
            snprintf(text, sizeof text, "king(%d,%d)", x, y);
            if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) return 1;
            if (gr_position_value(pos, &v, &err) != GR_OK) return 1;
            printf(" %llu", (unsigned long long)v);
            gr_position_free(pos);
        }
        printf("\n");
    }

    const char *text = "half(9) + king(3,5) + kayles(4)";
    gr_position *pos;
    uint64_t v;
    int complete;
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK || gr_position_value(pos, &v, &err) != GR_OK) {
        fprintf(stderr, "error: %s\n", err.message);
        gr_ctx_free(ctx);
        return 1;
    }
    printf("%s has value %llu; winning moves:\n", text, (unsigned long long)v);
    if (gr_position_winning_moves(pos, 0, print_move, NULL, &complete, &err) != GR_OK) return 1;
    gr_position_free(pos);
    gr_ctx_free(ctx);
    return 0;
}
