/* Board and graph games by the nimber search (docs/boards.md): Cram values
 * of the published table (rows x columns) and Node Kayles on 3 x n grids
 * (OEIS A316632), each checked against the published value and timed.
 * Baseline in the same run: the textbook method (every option valued, then
 * the mex; same regions and table) on the boards it finishes in seconds,
 * with the ratio. `bench_boards threads [T [BOARD]]`: Cram 5 x 8, 4 x 11 and Node
 * Kayles 3 x 28 on one thread and on T (default 2), the ratio and the
 * positions each thread walked. Usage: bench_boards [quick|full]; quick (the default)
 * runs the boards up to 5 x 7 and 3 x 16 (about a minute), full the whole
 * published table and 3 x 20 (hours: 5 x 8 alone took 7 minutes). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "benchutil.h"

typedef struct cell { int r, c, v, full; } cell;

/* beling/impartial-games (2025), Cram nimbers */
static const cell CRAM[] = {
    {4, 4, 0, 0}, {4, 5, 2, 0}, {4, 6, 0, 0}, {4, 7, 3, 0}, {4, 8, 0, 0}, {4, 9, 1, 0}, {4, 10, 0, 0},
    {4, 11, 1, 1}, {4, 12, 0, 1}, {4, 13, 3, 1}, {4, 14, 0, 1}, {4, 15, 4, 1},
    {5, 5, 0, 0}, {5, 6, 2, 0}, {5, 7, 1, 0}, {5, 8, 1, 1}, {5, 9, 1, 1}, {5, 10, 2, 1}, {5, 11, 0, 1}, {5, 12, 3, 1},
    {6, 6, 0, 0}, {6, 7, 5, 1}, {6, 8, 0, 1}, {6, 9, 1, 1}, {6, 10, 0, 1}, {6, 12, 0, 1},
    {7, 7, 1, 1}, {7, 8, 3, 1}, {7, 9, 1, 1},
};
/* OEIS A316632: Node Kayles on 3 x n, n = 1..16 */
static const int A316632[] = {2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3};

static int solve(gr_ctx *ctx, const char *spec, const char *term, unsigned flags, uint64_t *v, double *secs,
                 uint64_t *positions);

/* bench_boards threads [T [BOARD]]: each board (or only BOARD) on one
 * thread and on T (default 2), fresh each time, the ratio and the
 * positions each thread walked */
static int threads_bench(unsigned T, const char *only) {
    static const struct { const char *spec, *term; int v; } B[] = {
        {"cram", "cram(5,8)", 1}, {"cram", "cram(4,11)", 1}, {"nodekayles[grid]", "nodekayles[grid](3,28)", 5},
    };
    printf("%-24s %5s %9s %9s %7s  %s\n", "board", "value", "1 thread", "T threads", "ratio", "positions: 1 thread | each of T");
    int bad = 0;
    for (size_t i = 0; i < sizeof B / sizeof B[0]; i++) {
        if (only && strcmp(only, B[i].term)) continue;
        double secs[2] = {0, 0};
        uint64_t v[2] = {0, 0};
        gr_board_stats bs[2];
        for (int k = 0; k < 2; k++) {
            gr_ctx *ctx;
            gr_ruleset *rs;
            gr_error err;
            if (gr_ctx_new(&ctx) != GR_OK) return 1;
            gr_ctx_set_time_limit(ctx, 3600);
            gr_ctx_set_threads(ctx, k ? T : 1);
            uint64_t pos = 0;
            if (solve(ctx, B[i].spec, B[i].term, 0, &v[k], &secs[k], &pos)) return 1;
            bs[k] = (gr_board_stats)GR_SIZED(gr_board_stats);
            if (gr_ctx_ruleset(ctx, B[i].spec, strlen(B[i].spec), &rs, &err) != GR_OK ||
                gr_ruleset_board_stats(rs, &bs[k], &err) != GR_OK) return 1;
            gr_ctx_free(ctx);
        }
        printf("%-24s %5llu %8.2fs %8.2fs %6.2fx  %llu |", B[i].term, (unsigned long long)v[1], secs[0], secs[1],
               secs[1] > 0 ? secs[0] / secs[1] : 0, (unsigned long long)bs[0].positions);
        for (unsigned t = 0; t < bs[1].threads; t++) printf(" %llu", (unsigned long long)bs[1].thread_positions[t]);
        int wrong = (int)v[0] != B[i].v || (int)v[1] != B[i].v;
        printf("%s\n", wrong ? "  WRONG" : "");
        bad |= wrong;
        fflush(stdout);
    }
    return bad;
}

static int solve(gr_ctx *ctx, const char *spec, const char *term, unsigned flags, uint64_t *v, double *secs,
                 uint64_t *positions) {
    gr_ruleset *rs;
    gr_error err;
    if (gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) != GR_OK) { fprintf(stderr, "%s: %s\n", spec, err.message); return 1; }
    gr_board_config cfg = GR_SIZED(gr_board_config);
    cfg.flags = flags;
    if (flags && gr_ruleset_board_config(rs, &cfg, &err) != GR_OK) { fprintf(stderr, "%s\n", err.message); return 1; }
    gr_position *pos;
    if (gr_position_parse(ctx, term, strlen(term), 0, &pos, &err) != GR_OK) { fprintf(stderr, "%s: %s\n", term, err.message); return 1; }
    double t0 = bench_now();
    gr_status st = gr_position_value(pos, v, &err);
    *secs = bench_now() - t0;
    gr_position_free(pos);
    if (st != GR_OK) { fprintf(stderr, "%s: %s\n", term, err.message); return 1; }
    gr_board_stats bs = GR_SIZED(gr_board_stats);
    if (gr_ruleset_board_stats(rs, &bs, &err) == GR_OK) *positions = bs.positions;
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "threads")) return threads_bench(argc > 2 ? (unsigned)atoi(argv[2]) : 2, argc > 3 ? argv[3] : NULL);
    int full = argc > 1 && !strcmp(argv[1], "full"), bad = 0;
    printf("Cram, one fresh search per board (published value in brackets)\n");
    printf("%-8s %5s %10s %12s %12s %8s\n", "board", "value", "seconds", "positions", "mex seconds", "ratio");
    for (size_t i = 0; i < sizeof CRAM / sizeof CRAM[0]; i++) {
        const cell *c = &CRAM[i];
        if (c->full && !full) continue;
        char term[64];
        snprintf(term, sizeof term, "cram(%d,%d)", c->r, c->c);
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) return 1;
        gr_ctx_set_time_limit(ctx, 3600);
        uint64_t v = 0, pos = 0, v2 = 0, pos2 = 0;
        double s = 0, s2 = 0;
        if (solve(ctx, "cram", term, 0, &v, &s, &pos)) return 1;
        gr_ctx_free(ctx);
        int base = c->r * c->c <= 25;
        if (base) {
            if (gr_ctx_new(&ctx) != GR_OK) return 1;
            if (solve(ctx, "cram", term, GR_BOARD_PLAIN_MEX, &v2, &s2, &pos2)) return 1;
            gr_ctx_free(ctx);
            if (v2 != v) { printf("MISMATCH: plain mex gives %llu\n", (unsigned long long)v2); bad = 1; }
        }
        printf("%dx%-6d %5llu [%d] %8.3f %12llu", c->r, c->c, (unsigned long long)v, c->v, s, (unsigned long long)pos);
        if (base && pos == 0) printf(" %12.3f %8s", s2, "mirror"); /* no search: no ratio */
        else if (base) printf(" %12.3f %7.1fx", s2, s > 0 ? s2 / s : 0);
        printf("%s\n", (int)v == c->v ? "" : "  WRONG");
        if ((int)v != c->v) bad = 1;
        fflush(stdout);
    }
    printf("\nNode Kayles on 3 x n, one search for n = 1..%d in turn (A316632 in brackets)\n", full ? 20 : 16);
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) return 1;
    gr_ctx_set_time_limit(ctx, 3600);
    double total = 0;
    for (int n = 1; n <= (full ? 20 : 16); n++) {
        char term[64];
        snprintf(term, sizeof term, "nodekayles[grid](3,%d)", n);
        uint64_t v = 0, pos = 0;
        double s = 0;
        if (solve(ctx, "nodekayles[grid]", term, 0, &v, &s, &pos)) return 1;
        total += s;
        int want = n <= 16 ? A316632[n - 1] : -1;
        printf("3x%-3d %3llu", n, (unsigned long long)v);
        if (want >= 0) printf(" [%d]", want);
        printf(" %8.3f s, %8.3f s so far%s\n", s, total, want >= 0 && (int)v != want ? "  WRONG" : "");
        if (want >= 0 && (int)v != want) bad = 1;
        fflush(stdout);
    }
    gr_ctx_free(ctx);
    return bad;
}
