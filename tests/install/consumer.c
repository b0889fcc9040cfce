/* A program that uses an installed grundy: Kayles G(0..7) and a nim sum. */
#include <stdio.h>
#include <grundy/grundy.h>

int main(void) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    uint64_t v[8];
    if (gr_ctx_new(&ctx) != GR_OK) return 1;
    if (gr_ctx_ruleset(ctx, "kayles", 6, &rs, &err) != GR_OK || gr_ruleset_values(rs, 8, v, &err) != GR_OK) {
        fprintf(stderr, "%s\n", err.message);
        return 1;
    }
    for (int i = 0; i < 8; i++) printf("%llu%c", (unsigned long long)v[i], i == 7 ? '\n' : ' ');
    gr_ctx_free(ctx);
    return 0;
}
