/* The board search on several threads (gr_ctx_set_threads): the same
 * values on 1, 2 and 4 threads as a plain mex brute force (boardbrute.c)
 * on random boards of up to 20 cells (Cram, Arc Kayles and Node Kayles on
 * grids, a placement game) and random graphs (Node and Arc Kayles), with
 * the default table, a tiny one (entries replaced all the time while the
 * threads share it) and the sets method; the published values of Cram and
 * of Node Kayles on 3 x n grids; the per-thread counts. Built a second time
 * under ThreadSanitizer (board_threads_tsan), with "quick": fewer cases. */
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "testutil.h"
#include "boardbrute.h"

static const unsigned THREADS[] = {1, 2, 4};
#define NT (sizeof THREADS / sizeof THREADS[0])
#define NWAYS 3 /* the default; a table of 64 entries; the sets method */

typedef struct runner {
    gr_ctx *ctx[NT][NWAYS];
} runner;

static int quick; /* under ThreadSanitizer: fewer cases, smaller tables */

static void runner_init(runner *r, const char *spec) {
    for (size_t t = 0; t < NT; t++)
        for (size_t w = 0; w < NWAYS; w++) {
            gr_ruleset *rs;
            gr_error err;
            CHECK(gr_ctx_new(&r->ctx[t][w]) == GR_OK, "ctx");
            gr_ctx_set_threads(r->ctx[t][w], THREADS[t]);
            CHECK(gr_ctx_threads(r->ctx[t][w]) == THREADS[t], "threads");
            CHECK(gr_ctx_ruleset(r->ctx[t][w], spec, strlen(spec), &rs, &err) == GR_OK, "%s: %s", spec, err.message);
            gr_board_config cfg = GR_SIZED(gr_board_config);
            cfg.flags = w == 2 ? GR_BOARD_SETS : 0;
            cfg.table_entries = w == 1 ? 64 : quick ? 1u << 16 : 0;
            CHECK(gr_ruleset_board_config(rs, &cfg, &err) == GR_OK, "config: %s", err.message);
        }
}

static void runner_free(runner *r) {
    for (size_t t = 0; t < NT; t++)
        for (size_t w = 0; w < NWAYS; w++) gr_ctx_free(r->ctx[t][w]);
}

static uint64_t value_in(gr_ctx *ctx, const char *text, int *ok) {
    gr_position *pos;
    gr_error err;
    uint64_t v = 999;
    *ok = 0;
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) { CHECK(0, "%s: %s", text, err.message); return v; }
    if (gr_position_value(pos, &v, &err) == GR_OK) *ok = 1;
    else CHECK(0, "%s: %s", text, err.message);
    gr_position_free(pos);
    return v;
}

static void check_all(runner *r, const char *text, int want) {
    for (size_t t = 0; t < NT; t++)
        for (size_t w = 0; w < NWAYS; w++) {
            int ok;
            uint64_t v = value_in(r->ctx[t][w], text, &ok);
            CHECK(ok && v == (uint64_t)want, "%s (%u threads, way %zu): %llu, brute force %d", text, THREADS[t], w,
                  (unsigned long long)v, want);
        }
}

static void test_boards(tu_rng *rng, uint64_t cases) {
    static const shape DOM[] = {{2, {0, 0}, {0, 1}}, {2, {0, 1}, {0, 0}}};
    static const shape ELL[] = {{3, {0, 0, 1}, {0, 1, 0}}, {3, {0, 0, 1}, {0, 1, 1}}, {3, {0, 1, 1}, {1, 0, 1}},
                                {3, {0, 1, 1}, {0, 0, 1}}};
    struct { const char *spec; const shape *sh; int ns; int node; } games[] = {
        {"cram", DOM, 2, 0}, {"arckayles[grid]", DOM, 2, 0}, {"nodekayles[grid]", NULL, 0, 1},
        {"place[xx/x.; rotate]", ELL, 4, 0},
    };
    static uint8_t val[1u << 20];
    static const int SIZES[][2] = {{4, 4}, {3, 5}, {4, 5}, {5, 4}, {2, 10}};
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        runner r;
        runner_init(&r, games[gi].spec);
        for (size_t si = 0; si < sizeof SIZES / sizeof SIZES[0]; si++) {
            int R = SIZES[si][0], C = SIZES[si][1];
            bgame g;
            if (games[gi].node) bb_node_grid_moves(&g, R, C);
            else bb_place_moves(&g, R, C, games[gi].sh, games[gi].ns);
            bb_brute(&g, val);
            for (uint64_t k = 0; k < cases; k++) {
                uint32_t full = (1u << (R * C)) - 1, a = (uint32_t)tu_next(rng) & full;
                uint32_t s = k == 0 ? full : k % 3 == 0 ? a & (uint32_t)tu_next(rng) : k % 3 == 1 ? a : a | (uint32_t)tu_next(rng);
                s &= full;
                char text[160];
                bb_board_text(games[gi].spec, R, C, s, text);
                check_all(&r, text, val[s]);
            }
        }
        runner_free(&r);
    }
}

static void test_graphs(tu_rng *rng, uint64_t cases) {
    static uint8_t val[1u << 16];
    runner nr, ar;
    runner_init(&nr, "nodekayles");
    runner_init(&ar, "arckayles");
    for (uint64_t k = 0; k < cases; k++) {
        uint32_t adj[16];
        bgame ng, ag;
        int n = bb_random_games(rng, 8, 9, adj, &ng, &ag); /* 8 to 16 vertices */
        uint32_t full = (1u << n) - 1;
        char text[1024];
        bb_brute(&ng, val);
        bb_graph_text("nodekayles", n, adj, full, text);
        check_all(&nr, text, val[full]);
        bb_brute(&ag, val);
        bb_graph_text("arckayles", n, adj, full, text);
        check_all(&ar, text, val[full]);
    }
    runner_free(&nr);
    runner_free(&ar);
}

/* published values, each in a fresh context per thread count; the counts
 * per thread add up */
static void test_published(void) {
    static const struct { const char *term; uint64_t v; } PUB[] = {
        /* Cram (the table of beling/impartial-games) */
        {"cram(4,5)", 2}, {"cram(5,5)", 0}, {"cram(5,6)", 2}, {"cram(4,7)", 3},
        /* Node Kayles on 3 x n (OEIS A316632) */
        {"nodekayles[grid](3,8)", 2}, {"nodekayles[grid](3,11)", 3}, {"nodekayles[grid](3,12)", 5},
        {"nodekayles[grid](3,13)", 2},
    };
    size_t n = sizeof PUB / sizeof PUB[0];
    for (size_t i = 0; i < n; i++) {
        if (quick && i % 4) continue;
        for (size_t t = 0; t < NT; t++) {
            gr_ctx *ctx;
            CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
            gr_ctx_set_threads(ctx, THREADS[t]);
            int ok;
            uint64_t v = value_in(ctx, PUB[i].term, &ok);
            CHECK(ok && v == PUB[i].v, "%s on %u threads: %llu, published %llu", PUB[i].term, THREADS[t],
                  (unsigned long long)v, (unsigned long long)PUB[i].v);
            const char *open = strchr(PUB[i].term, '(');
            gr_ruleset *rs;
            gr_error err;
            CHECK(gr_ctx_ruleset(ctx, PUB[i].term, (size_t)(open - PUB[i].term), &rs, &err) == GR_OK, "rs");
            gr_board_stats bs = GR_SIZED(gr_board_stats);
            CHECK(gr_ruleset_board_stats(rs, &bs, &err) == GR_OK, "stats");
            CHECK(bs.threads == THREADS[t], "%s: %u threads reported, %u asked", PUB[i].term, bs.threads, THREADS[t]);
            uint64_t sum = 0;
            for (unsigned k = 0; k < bs.threads; k++) sum += bs.thread_positions[k];
            CHECK(sum == bs.positions && bs.positions > 0, "%s: threads' positions add to %llu, not %llu", PUB[i].term,
                  (unsigned long long)sum, (unsigned long long)bs.positions);
            gr_ctx_free(ctx);
        }
    }
    /* bounds of the setting */
    gr_ctx *ctx;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
    CHECK(gr_ctx_threads(ctx) == 1, "one thread by default");
    gr_ctx_set_threads(ctx, 0);
    CHECK(gr_ctx_threads(ctx) == 1, "0 is 1");
    gr_ctx_set_threads(ctx, 1000);
    CHECK(gr_ctx_threads(ctx) == GR_MAX_THREADS, "capped");
    gr_ctx_free(ctx);
}

int main(int argc, char **argv) {
    quick = argc > 1 && !strcmp(argv[1], "quick");
    tu_rng rng = {tu_seed(55)};
    uint64_t scale = tu_scale();
    test_boards(&rng, (quick ? 2 : 12) * scale);
    test_graphs(&rng, (quick ? 5 : 40) * scale);
    test_published();
    return tu_finish("board_threads");
}
