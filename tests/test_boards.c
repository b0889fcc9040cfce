/* Board and graph games (grundy/board.h): every value against a plain mex
 * brute force (boardbrute.c; random boards up to 4 x 4 with blocked cells,
 * random graphs up to 12 vertices), in every way the search can run (the
 * default sets, value by value, the textbook mex, without regions, without
 * symmetry); one-row boards and paths against the take-and-break codes
 * they are; the options a position lists against its value; bad terms. */
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "testutil.h"
#include "boardbrute.h"

#define MAXC 16

/* ways to run the search */
static const unsigned HOW[] = {0, GR_BOARD_SETS, GR_BOARD_PLAIN_MEX, GR_BOARD_NO_SPLIT, GR_BOARD_NO_SYMMETRY,
                               GR_BOARD_NO_SPLIT | GR_BOARD_NO_SYMMETRY | GR_BOARD_SETS | GR_BOARD_NO_REDUCE,
                               GR_BOARD_NO_REDUCE, GR_BOARD_SETS | GR_BOARD_NO_REDUCE};
#define NHOW (sizeof HOW / sizeof HOW[0])

typedef struct runner {
    gr_ctx *ctx[NHOW];
} runner;

static void runner_init(runner *r, const char *spec) {
    for (size_t h = 0; h < NHOW; h++) {
        gr_ruleset *rs;
        gr_error err;
        CHECK(gr_ctx_new(&r->ctx[h]) == GR_OK, "ctx");
        CHECK(gr_ctx_ruleset(r->ctx[h], spec, strlen(spec), &rs, &err) == GR_OK, "%s: %s", spec, err.message);
        gr_board_config cfg = GR_SIZED(gr_board_config);
        cfg.flags = HOW[h];
        cfg.table_entries = h == 1 ? 64 : 0; /* a small table: full, entries replaced all the time */
        CHECK(gr_ruleset_board_config(rs, &cfg, &err) == GR_OK, "config: %s", err.message);
    }
}

static void runner_free(runner *r) {
    for (size_t h = 0; h < NHOW; h++) gr_ctx_free(r->ctx[h]);
}

/* the value of term text in each way; all must be want */
static void check_all(runner *r, const char *text, int want) {
    for (size_t h = 0; h < NHOW; h++) {
        gr_position *pos;
        gr_error err;
        uint64_t v = 999;
        if (gr_position_parse(r->ctx[h], text, strlen(text), 0, &pos, &err) != GR_OK) {
            CHECK(0, "%s: %s", text, err.message);
            continue;
        }
        gr_status st = gr_position_value(pos, &v, &err);
        CHECK(st == GR_OK && (int)v == want, "%s (way %zu): %llu, brute force %d", text, h, (unsigned long long)v, want);
        gr_position_free(pos);
    }
}

static void test_boards_random(tu_rng *rng, uint64_t scale) {
    static const shape DOM[] = {{2, {0, 0}, {0, 1}}, {2, {0, 1}, {0, 0}}};
    static const shape KAY[] = {{1, {0}, {0}}, {2, {0, 0}, {0, 1}}};
    static const shape TRI[] = {{3, {0, 0, 0}, {0, 1, 2}}, {3, {0, 1, 2}, {0, 0, 0}}};
    /* the L tromino in its four quarter turns */
    static const shape ELL[] = {{3, {0, 0, 1}, {0, 1, 0}}, {3, {0, 0, 1}, {0, 1, 1}}, {3, {0, 1, 1}, {1, 0, 1}},
                                {3, {0, 1, 1}, {0, 0, 1}}};
    /* a skew domino pair, no turns: its only symmetry is the half turn */
    static const shape SKEW[] = {{2, {0, 1}, {0, 1}}};
    struct { const char *spec; const shape *sh; int ns; int node; } games[] = {
        {"cram", DOM, 2, 0},          {"place[x; xx]", KAY, 2, 0},     {"place[xxx; x/x/x]", TRI, 2, 0},
        {"place[xx/x.; rotate]", ELL, 4, 0}, {"place[x./.x]", SKEW, 1, 0}, {"arckayles[grid]", DOM, 2, 0},
        {"nodekayles[grid]", NULL, 0, 1},
    };
    static uint8_t val[1u << MAXC];
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        runner r;
        runner_init(&r, games[gi].spec);
        const char *name = games[gi].spec;
        char nm[32];
        size_t len = strcspn(name, "[");
        memcpy(nm, name, len);
        nm[len] = 0;
        if (strchr(name, '[')) snprintf(nm, sizeof nm, "%s", name);
        for (int R = 1; R <= 4; R++)
            for (int C = 1; C <= 4; C++) {
                bgame g;
                if (games[gi].node) bb_node_grid_moves(&g, R, C);
                else bb_place_moves(&g, R, C, games[gi].sh, games[gi].ns);
                bb_brute(&g, val);
                uint64_t cases = 6 * scale;
                for (uint64_t k = 0; k < cases; k++) {
                    uint32_t full = (1u << (R * C)) - 1, s = full;
                    if (k) s = (uint32_t)tu_next(rng) & (uint32_t)tu_next(rng) & full;
                    if (k == 1) s = full & ~(uint32_t)(1u << tu_below(rng, (uint64_t)R * C)); /* one blocked */
                    char text[128];
                    bb_board_text(nm, R, C, s, text);
                    check_all(&r, text, val[s]);
                }
            }
        runner_free(&r);
    }
}

/* Cram and Arc Kayles on 4 x 5 and 5 x 4 boards (20 cells: regions with
 * the leaves, the vertices with two leaves and the cells between them
 * that the Arc Kayles reductions take away) at densities 1/4 to 3/4 */
static void test_reduce_boards(tu_rng *rng, uint64_t scale) {
    static const shape DOM[] = {{2, {0, 0}, {0, 1}}, {2, {0, 1}, {0, 0}}};
    static uint8_t val[1u << 20];
    const char *names[] = {"cram", "arckayles[grid]"};
    for (int gi = 0; gi < 2; gi++) {
        runner r;
        runner_init(&r, names[gi]);
        for (int R = 4; R <= 5; R++) {
            int C = 9 - R;
            bgame g;
            bb_place_moves(&g, R, C, DOM, 2);
            bb_brute(&g, val);
            for (uint64_t k = 0; k < 40 * scale; k++) {
                uint32_t full = (1u << 20) - 1, a = (uint32_t)tu_next(rng) & full, b = (uint32_t)tu_next(rng) & full;
                uint32_t s = k % 3 == 0 ? a & b : k % 3 == 1 ? a : a | b;
                char text[128];
                bb_board_text(names[gi], R, C, s, text);
                check_all(&r, text, val[s]);
            }
        }
        runner_free(&r);
    }
}

/* the value a value certificate of text claims (gr_board_value_certificate),
 * or -1 */
static int cert_value(gr_ctx *ctx, const char *text) {
    gr_position *pos;
    gr_error err;
    gr_term_info t;
    char *out = NULL;
    size_t len = 0;
    int v = -1;
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) return -1;
    if (gr_position_term(pos, 0, &t) == GR_OK &&
        gr_board_value_certificate(t.ruleset, t.args, t.nargs, 0, &out, &len, &err) == GR_OK) {
        const char *p = strstr(out, "\nvalue ");
        if (p && strlen(out) == len) v = atoi(p + 7);
        gr_free(out);
    }
    gr_position_free(pos);
    return v;
}

static void test_graphs_random(tu_rng *rng, uint64_t scale) {
    static uint8_t val[1u << 12];
    runner nr, ar;
    runner_init(&nr, "nodekayles");
    runner_init(&ar, "arckayles");
    for (uint64_t k = 0; k < 60 * scale; k++) {
        int n = 1 + (int)tu_below(rng, 12);
        uint32_t adj[12] = {0};
        int p = 1 + (int)tu_below(rng, 6); /* edge chance p/8 */
        for (int u = 0; u < n; u++)
            for (int v = u + 1; v < n; v++)
                if ((int)tu_below(rng, 8) < p) { adj[u] |= 1u << v; adj[v] |= 1u << u; }
        bgame ng, ag;
        bb_graph_moves(n, adj, &ng, &ag);
        uint32_t full = (1u << n) - 1, s = k % 3 ? full : (uint32_t)tu_next(rng) & full;
        char text[512];
        bb_brute(&ng, val);
        bb_graph_text("nodekayles", n, adj, s, text);
        check_all(&nr, text, val[s]);
        int cv = cert_value(nr.ctx[0], text);
        CHECK(cv == val[s], "%s: the value certificate says %d, brute force %d", text, cv, val[s]);
        bb_brute(&ag, val);
        bb_graph_text("arckayles", n, adj, s, text);
        check_all(&ar, text, val[s]);
        cv = cert_value(ar.ctx[0], text);
        CHECK(cv == val[s], "%s: the value certificate says %d, brute force %d", text, cv, val[s]);
    }
    runner_free(&nr);
    runner_free(&ar);
}

static uint64_t value_of(gr_ctx *ctx, const char *text) {
    gr_position *pos;
    gr_error err;
    uint64_t v = 999;
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) { CHECK(0, "%s: %s", text, err.message); return v; }
    if (gr_position_value(pos, &v, &err) != GR_OK) CHECK(0, "%s: %s", text, err.message);
    gr_position_free(pos);
    return v;
}

/* one row: Cram is Dawson's Kayles (tb[0.07]), place[x; xx] is Kayles,
 * Node Kayles on a path is Dawson's chess (tb[0.137]), on a grid or as edges */
static void test_rows(void) {
    gr_ctx *ctx;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
    for (int n = 1; n <= 40; n++) {
        char a[96], b[400];
        snprintf(a, sizeof a, "tb[0.07](%d)", n);
        snprintf(b, sizeof b, "cram(1,%d)", n);
        CHECK(value_of(ctx, a) == value_of(ctx, b), "cram(1,%d)", n);
        snprintf(b, sizeof b, "cram(%d,1)", n);
        CHECK(value_of(ctx, a) == value_of(ctx, b), "cram(%d,1)", n);
        snprintf(a, sizeof a, "kayles(%d)", n);
        snprintf(b, sizeof b, "place[x; xx](1,%d)", n);
        CHECK(value_of(ctx, a) == value_of(ctx, b), "place[x; xx](1,%d)", n);
        snprintf(a, sizeof a, "tb[0.137](%d)", n);
        snprintf(b, sizeof b, "nodekayles[grid](1,%d)", n);
        CHECK(value_of(ctx, a) == value_of(ctx, b), "nodekayles[grid](1,%d)", n);
        char *p = b + sprintf(b, "nodekayles(");
        for (int i = 0; i + 1 < n; i++) p += sprintf(p, "%s%d-%d", i ? "," : "", i, i + 1);
        if (n == 1) p += sprintf(p, "0");
        strcpy(p, ")");
        CHECK(value_of(ctx, a) == value_of(ctx, b), "%s", b);
    }
    /* published: Node Kayles on 3 x n (OEIS A316632, n = 1..10 here), 2 x n alternates 1, 0 */
    static const int A316632[] = {2, 1, 1, 0, 3, 3, 2, 2, 2, 3};
    for (int n = 1; n <= 10; n++) {
        char b[64];
        snprintf(b, sizeof b, "nodekayles[grid](3,%d)", n);
        CHECK(value_of(ctx, b) == (uint64_t)A316632[n - 1], "%s", b);
        snprintf(b, sizeof b, "nodekayles[grid](2,%d)", n);
        CHECK(value_of(ctx, b) == (uint64_t)(n % 2), "%s", b);
    }
    /* regions of 63 moves or more (candidates past one word): Node Kayles on
     * 3 x 22..24 by the default sets against the value-by-value method, each
     * in a fresh context */
    for (int n = 22; n <= 24; n++) {
        char b[64];
        uint64_t v[2];
        snprintf(b, sizeof b, "nodekayles[grid](3,%d)", n);
        for (int lv = 0; lv <= 1; lv++) {
            gr_ctx *c2;
            gr_ruleset *rs;
            gr_error err;
            CHECK(gr_ctx_new(&c2) == GR_OK && gr_ctx_ruleset(c2, "nodekayles[grid]", 16, &rs, &err) == GR_OK, "rs");
            gr_board_config cfg = GR_SIZED(gr_board_config);
            cfg.flags = lv ? GR_BOARD_LV : GR_BOARD_SETS;
            CHECK(gr_ruleset_board_config(rs, &cfg, &err) == GR_OK, "config");
            v[lv] = value_of(c2, b);
            gr_ctx_free(c2);
        }
        CHECK(v[0] == v[1], "%s: %llu by sets, %llu value by value", b, (unsigned long long)v[0], (unsigned long long)v[1]);
    }
    /* published Cram values (beling/impartial-games) */
    CHECK(value_of(ctx, "cram(4,5)") == 2, "cram(4,5)");
    CHECK(value_of(ctx, "cram(5,6)") == 2, "cram(5,6)");
    CHECK(value_of(ctx, "cram(4,7)") == 3, "cram(4,7)");
    /* in sums with other games */
    CHECK(value_of(ctx, "cram(3,3) + kayles(4) + nodekayles(0-1)") == 0, "sum");
    gr_ctx_free(ctx);
}

static int mex_of(void *user, const uint64_t *args, size_t n) {
    void **u = user;
    gr_ruleset *rs = u[0];
    uint64_t *seen = u[1], v;
    gr_error err;
    if (gr_ruleset_state_value(rs, args, n, &v, &err) != GR_OK) { CHECK(0, "option: %s", err.message); return 1; }
    if (v < 64) *seen |= (uint64_t)1 << v;
    return 0;
}

static int mex_of2(void *user, const uint64_t *args, size_t n) {
    struct { gr_ruleset *rs; uint64_t *seen; } *u = user;
    uint64_t v;
    gr_error err;
    if (gr_ruleset_state_value(u->rs, args, n, &v, &err) != GR_OK) { CHECK(0, "option: %s", err.message); return 1; }
    if (v < 128) u->seen[v / 64] |= (uint64_t)1 << (v % 64);
    return 0;
}

/* the options listed are the game's: their mex is the value */
static void test_options(tu_rng *rng) {
    const char *specs[] = {"cram", "nodekayles", "arckayles", "place[xx/x.; rotate]"};
    const char *terms[] = {"cram(..#./..../...#)", "nodekayles(0-1,1-2,2-3,3-0,4,2-5)", "arckayles(0-1,1-2,2-3,3-4,4-0,1-5)",
                           "place[xx/x.; rotate](.#../..../....)"};
    gr_ctx *ctx;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
    for (size_t i = 0; i < 4; i++) {
        gr_position *pos;
        gr_error err;
        uint64_t v;
        if (gr_position_parse(ctx, terms[i], strlen(terms[i]), 0, &pos, &err) != GR_OK) { CHECK(0, "%s", err.message); continue; }
        CHECK(gr_position_value(pos, &v, &err) == GR_OK, "%s", err.message);
        gr_term_info t;
        CHECK(gr_position_term(pos, 0, &t) == GR_OK, "term");
        uint64_t seen = 0;
        void *u[2] = {t.ruleset, &seen};
        int complete = 0;
        CHECK(gr_ruleset_state_options(t.ruleset, t.args, t.nargs, 0, mex_of, u, &complete, &err) == GR_OK, "%s", err.message);
        uint64_t m = 0;
        while (seen >> m & 1) m++;
        CHECK(m == v, "%s: mex of the options %llu, value %llu", terms[i], (unsigned long long)m, (unsigned long long)v);
        gr_position_free(pos);
        (void)specs;
    }
    (void)rng;
    gr_ctx_free(ctx);
}

/* values past 63 (the candidate sets hold 64): the helper's case of issue
 * 32 -- a full row of 64 cells and one cell below, with every row shape
 * of 1 to 63 cells and the vertical domino; the value must be the mex of
 * its options' (it was once given as 64, the value of one of them) */
static void test_big_values(void) {
    static char spec[4200], term[4400];
    char *p = spec + sprintf(spec, "place[");
    for (int k = 1; k <= 63; k++) {
        for (int i = 0; i < k; i++) *p++ = 'x';
        p += sprintf(p, "; ");
    }
    strcpy(p, "x/x]");
    p = term + sprintf(term, "%s(", spec);
    for (int i = 0; i < 64; i++) *p++ = '.';
    *p++ = '/';
    *p++ = '.';
    for (int i = 1; i < 64; i++) *p++ = '#';
    strcpy(p, ")");
    gr_ctx *ctx;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
    gr_position *pos;
    gr_error err;
    uint64_t v = 0;
    if (gr_position_parse(ctx, term, strlen(term), 0, &pos, &err) != GR_OK) { CHECK(0, "%s", err.message); gr_ctx_free(ctx); return; }
    CHECK(gr_position_value(pos, &v, &err) == GR_OK, "%s", err.message);
    gr_term_info t;
    CHECK(gr_position_term(pos, 0, &t) == GR_OK, "term");
    uint64_t seen[2] = {0, 0};
    struct { gr_ruleset *rs; uint64_t *seen; } u = {t.ruleset, seen};
    int complete = 0;
    CHECK(gr_ruleset_state_options(t.ruleset, t.args, t.nargs, 0, mex_of2, &u, &complete, &err) == GR_OK, "%s", err.message);
    uint64_t m = 0;
    while (m < 128 && (seen[m / 64] >> (m % 64) & 1)) m++;
    CHECK(m == v && v > 64, "a value past 63: mex of the options %llu, value %llu", (unsigned long long)m, (unsigned long long)v);
    gr_position_free(pos);
    gr_ctx_free(ctx);
}

typedef struct prog { int calls, bad; uint64_t last; int stop_at; } prog;

static int on_progress(void *user, uint64_t done, uint64_t total) {
    prog *p = user;
    p->calls++;
    if (total != 0 || done < p->last) p->bad = 1;
    p->last = done;
    return p->stop_at && p->calls >= p->stop_at;
}

/* a long search calls the ruleset's progress callback with the positions
 * so far (total 0: not known), and a nonzero return stops it */
static void test_progress(void) {
    for (int stop = 0; stop <= 1; stop++) {
        gr_ctx *ctx;
        gr_ruleset *rs;
        gr_error err;
        CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
        CHECK(gr_ctx_ruleset(ctx, "cram", 4, &rs, &err) == GR_OK, "cram");
        prog p = {0, 0, 0, stop};
        gr_ruleset_set_progress(rs, on_progress, &p);
        gr_position *pos;
        uint64_t v = 0;
        CHECK(gr_position_parse(ctx, "cram(4,7)", 9, 0, &pos, &err) == GR_OK, "parse");
        gr_status st = gr_position_value(pos, &v, &err);
        if (stop) CHECK(st == GR_ELIMIT && strstr(err.message, "interrupted"), "stopped: %d %s", (int)st, err.message);
        else CHECK(st == GR_OK && v == 3 && p.calls >= 2 && !p.bad, "progress: %d calls, value %llu", p.calls, (unsigned long long)v);
        gr_position_free(pos);
        gr_ctx_free(ctx);
    }
}

/* a full table: new entries replace old ones, and the values stay right */
static void test_small_table(void) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
    CHECK(gr_ctx_ruleset(ctx, "cram", 4, &rs, &err) == GR_OK, "cram");
    gr_board_config cfg = GR_SIZED(gr_board_config);
    cfg.table_entries = 64;
    CHECK(gr_ruleset_board_config(rs, &cfg, &err) == GR_OK, "config");
    CHECK(value_of(ctx, "cram(4,5)") == 2 && value_of(ctx, "cram(3,7)") == 1, "values with a full table");
    gr_board_stats bs = GR_SIZED(gr_board_stats);
    CHECK(gr_ruleset_board_stats(rs, &bs, &err) == GR_OK && bs.replaced > 0 && bs.entries <= 128,
          "replaced %llu, entries %llu", (unsigned long long)bs.replaced, (unsigned long long)bs.entries);
    cfg.table_entries = (uint64_t)1 << 41;
    CHECK(gr_ruleset_board_config(rs, &cfg, &err) == GR_EINVAL, "a table past 2^40");
    cfg.table_entries = 0;
    cfg.flags = 1u << 9;
    CHECK(gr_ruleset_board_config(rs, &cfg, &err) == GR_EINVAL, "unknown flags");
    gr_ruleset *kay;
    CHECK(gr_ctx_ruleset(ctx, "kayles", 6, &kay, &err) == GR_OK, "kayles");
    cfg.flags = 0;
    CHECK(gr_ruleset_board_config(kay, &cfg, &err) == GR_EINVAL, "kayles is not a board game");
    CHECK(gr_ruleset_board_is_grid(rs) == 1 && gr_ruleset_board_is_grid(kay) == 0, "is_grid");
    gr_ctx_free(ctx);
}

/* a saved table loads into a fresh search, which then needs (almost) no
 * positions; a table of another game or cut short is refused */
static void test_save_load(void) {
    char *data = NULL;
    size_t len = 0;
    gr_error err;
    for (int lv = 0; lv <= 1; lv++) {
        gr_ctx *a, *b;
        gr_ruleset *ra, *rb;
        CHECK(gr_ctx_new(&a) == GR_OK && gr_ctx_new(&b) == GR_OK, "ctx");
        CHECK(gr_ctx_ruleset(a, "cram", 4, &ra, &err) == GR_OK && gr_ctx_ruleset(b, "cram", 4, &rb, &err) == GR_OK, "rs");
        gr_board_config cfg = GR_SIZED(gr_board_config);
        cfg.flags = lv ? GR_BOARD_LV : GR_BOARD_SETS;
        CHECK(gr_ruleset_board_config(ra, &cfg, &err) == GR_OK, "config");
        CHECK(value_of(a, "cram(4,5)") == 2, "cram(4,5)");
        CHECK(gr_ruleset_board_save(ra, &data, &len, &err) == GR_OK && len > 100, "save: %s", err.message);
        CHECK(gr_ruleset_board_load(rb, data, len, &err) == GR_OK, "load: %s", err.message);
        CHECK(value_of(b, "cram(4,5)") == 2, "cram(4,5) from the table");
        gr_board_stats bs = GR_SIZED(gr_board_stats);
        CHECK(gr_ruleset_board_stats(rb, &bs, &err) == GR_OK && bs.positions == 0, "positions after loading: %llu",
              (unsigned long long)bs.positions);
        /* the same cut short at 16 places, and another game */
        for (size_t cut = 0; cut < len; cut += len / 16 + 1) {
            gr_ctx *c;
            gr_ruleset *rc;
            CHECK(gr_ctx_new(&c) == GR_OK && gr_ctx_ruleset(c, "cram", 4, &rc, &err) == GR_OK, "rs");
            CHECK(gr_ruleset_board_load(rc, data, cut, &err) == GR_EPARSE, "a table cut at %zu loaded", cut);
            gr_ctx_free(c);
        }
        /* one byte changed anywhere past the header: the checksum refuses it */
        for (size_t at = 40; at < len; at += len / 16 + 1) {
            gr_ctx *c;
            gr_ruleset *rc;
            CHECK(gr_ctx_new(&c) == GR_OK && gr_ctx_ruleset(c, "cram", 4, &rc, &err) == GR_OK, "rs");
            data[at] ^= 0x10;
            CHECK(gr_ruleset_board_load(rc, data, len, &err) == GR_EPARSE, "a table changed at byte %zu loaded", at);
            data[at] ^= 0x10;
            gr_ctx_free(c);
        }
        /* format 2 (no checksum) is still read */
        {
            gr_ctx *c;
            gr_ruleset *rc;
            CHECK(gr_ctx_new(&c) == GR_OK && gr_ctx_ruleset(c, "cram", 4, &rc, &err) == GR_OK, "rs");
            CHECK(!memcmp(data, "grundy board table 3\n", 21), "the format line");
            data[19] = '2';
            CHECK(gr_ruleset_board_load(rc, data, len - 8, &err) == GR_OK, "format 2: %s", err.message);
            CHECK(value_of(c, "cram(4,5)") == 2, "cram(4,5) from a format-2 table");
            data[19] = '3';
            gr_ctx_free(c);
        }
        gr_ruleset *nk;
        CHECK(gr_ctx_ruleset(b, "nodekayles", 10, &nk, &err) == GR_OK, "nodekayles");
        CHECK(gr_ruleset_board_load(nk, data, len, &err) == GR_EINVAL && strstr(err.message, "not of nodekayles"), "%s",
              err.message);
        gr_free(data);
        data = NULL;
        gr_ctx_free(a);
        gr_ctx_free(b);
    }
}

/* value certificates: other games refused, the entry bound kept */
static void test_cert_errors(void) {
    gr_ctx *ctx;
    gr_position *pos;
    gr_error err;
    gr_term_info t;
    char *out = NULL;
    size_t len = 0;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
    const char *texts[] = {"kayles(5)", "place[xxx](2,4)", "cram(4,4)"};
    const gr_status want[] = {GR_EINVAL, GR_EINVAL, GR_ELIMIT};
    for (int i = 0; i < 3; i++) {
        CHECK(gr_position_parse(ctx, texts[i], strlen(texts[i]), 0, &pos, &err) == GR_OK, "%s", texts[i]);
        CHECK(gr_position_term(pos, 0, &t) == GR_OK, "%s", texts[i]);
        gr_status st = gr_board_value_certificate(t.ruleset, t.args, t.nargs, 10, &out, &len, &err);
        CHECK(st == want[i] && !out, "%s: status %d (%s)", texts[i], (int)st, st == GR_OK ? "" : err.message);
        gr_position_free(pos);
    }
    gr_ctx_free(ctx);
}

static void test_errors(void) {
    const char *bad[] = {"cram()", "cram(0,3)", "cram(3,0)", "cram(65,1)", "cram(17,17)", "cram(..#/..)", "cram(..x/...)",
                         "cram(../)", "cram(3,)", "cram(-1,2)", "nodekayles(0-0)", "nodekayles(0-)", "nodekayles(0-1,,2)",
                         "place[]", "place[xx; y]", "place[../..]", "place[xx; rotate; spin]", "nodekayles[grd](2,2)",
                         "cram[x](2,2)"};
    gr_ctx *ctx;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gr_position *pos = NULL;
        gr_error err;
        err.message[0] = 0;
        gr_status st = gr_position_parse(ctx, bad[i], strlen(bad[i]), 0, &pos, &err);
        CHECK(st != GR_OK && err.message[0], "%s was accepted", bad[i]);
        if (st == GR_OK) gr_position_free(pos);
    }
    /* 65 vertices */
    char big[1024], *p = big + sprintf(big, "nodekayles(");
    for (int i = 0; i < 65; i++) p += sprintf(p, "%s%d", i ? "," : "", i);
    strcpy(p, ")");
    gr_position *pos = NULL;
    gr_error err;
    CHECK(gr_position_parse(ctx, big, strlen(big), 0, &pos, &err) != GR_OK, "65 vertices accepted");
    gr_position_free(pos);
    gr_ctx_free(ctx);
}

int main(void) {
    tu_rng rng = {tu_seed(32)};
    uint64_t scale = tu_scale();
    test_boards_random(&rng, scale);
    test_graphs_random(&rng, scale);
    test_reduce_boards(&rng, scale);
    test_rows();
    test_options(&rng);
    test_big_values();
    test_progress();
    test_small_table();
    test_save_load();
    test_errors();
    test_cert_errors();
    return tu_finish("boards");
}
