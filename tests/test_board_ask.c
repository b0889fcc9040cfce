/* The pieces a search spread over processes is made of (board.h, the
 * CLI's --mpi), against a plain mex brute force (boardbrute.c) on random
 * boards of up to 20 cells (Cram, Node Kayles on grids, a placement game)
 * and random graphs (Node and Arc Kayles):
 * - gr_ruleset_board_ask says yes exactly for the value (asked for every k
 *   up to one past it, in a table that is kept and in a fresh one);
 * - gr_ruleset_board_parts: the parts' values XOR to the value, each part
 *   takes gr_ruleset_board_note_value, the whole only when it is one part;
 * - gr_ruleset_board_key: terms of equal keys have equal values, a board
 *   and its mirror image have one key (Node Kayles, the placement game), the cost is the sum of the parts'
 *   squared cells;
 * - gr_ruleset_board_save_state after an ask, loaded into a fresh search,
 *   answers the same ask there without a search;
 * - the winning moves of a board (found by asking each option) are the
 *   brute force's moves to a position of value 0;
 * - gr_ruleset_board_options gives one option per move, the position it
 *   leaves, in rising order. */
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "testutil.h"
#include "boardbrute.h"

static uint8_t val[1u << 20];

typedef struct term {
    gr_ctx *ctx;
    gr_position *pos;
    gr_term_info t;
} term;

static int term_open(term *x, gr_ctx *ctx, const char *text) {
    gr_error err;
    x->ctx = ctx;
    x->pos = NULL;
    if (gr_position_parse(ctx, text, strlen(text), 0, &x->pos, &err) != GR_OK) {
        CHECK(0, "%s: %s", text, err.message);
        return 0;
    }
    if (gr_position_term(x->pos, 0, &x->t) != GR_OK) { CHECK(0, "%s: no term", text); return 0; }
    return 1;
}

static uint64_t positions_of(gr_ruleset *rs) {
    gr_board_stats bs = GR_SIZED(gr_board_stats);
    gr_error err;
    CHECK(gr_ruleset_board_stats(rs, &bs, &err) == GR_OK, "stats");
    return bs.positions;
}

/* a subset of an R x C grid from a term's args */
static uint32_t grid_subset(const uint64_t *args, size_t n) {
    uint32_t s = 0;
    size_t R = (size_t)args[0], C = (size_t)args[1];
    CHECK(n == 2 + R, "grid args");
    for (size_t r = 0; r < R && r + 2 < n; r++)
        for (size_t c = 0; c < C; c++)
            if (args[2 + r] >> c & 1) s |= 1u << (r * C + c);
    return s;
}

typedef struct parts_seen {
    uint32_t s[32];
    size_t n;
    int grid;
} parts_seen;

static int take_part(void *user, const uint64_t *args, size_t n) {
    parts_seen *p = user;
    if (p->n < 32 && p->grid) p->s[p->n] = grid_subset(args, n);
    p->n++;
    return 0;
}

typedef struct win_count {
    size_t n;
} win_count;

/* the options in the search's order: how many, in rising order, each a grid subset */
typedef struct in_order {
    size_t n;
    uint64_t last;
    int rising, grid;
    uint32_t s[512];
} in_order;

static int take_ordered(void *user, const uint64_t *args, size_t n, uint64_t order) {
    in_order *o = user;
    if (o->n && order <= o->last) o->rising = 0;
    o->last = order;
    if (o->grid && o->n < 512) o->s[o->n] = grid_subset(args, n);
    o->n++;
    return 0;
}

static int count_win(void *user, const gr_move *m) {
    (void)m;
    ((win_count *)user)->n++;
    return 0;
}

/* every check on the subset s (text its term; val holds the game's values) */
static void check_subset(gr_ctx *kept, const char *spec, const char *text, const bgame *g, uint32_t s, int grid) {
    gr_error err;
    term x;
    if (!term_open(&x, kept, text)) return;
    gr_ruleset *rs = x.t.ruleset;
    uint64_t want = val[s];
    /* ask, in the kept table */
    for (uint64_t k = 0; k <= want + 1; k++) {
        int yes = -1;
        CHECK(gr_ruleset_board_ask(rs, x.t.args, x.t.nargs, k, &yes, &err) == GR_OK, "%s: ask: %s", text, err.message);
        CHECK(yes == (k == want), "%s: asked %llu: %d (value %llu)", text, (unsigned long long)k, yes,
              (unsigned long long)want);
    }
    /* ask in a fresh table, then its entries carried to another fresh one */
    gr_ctx *a, *b;
    CHECK(gr_ctx_new(&a) == GR_OK && gr_ctx_new(&b) == GR_OK, "ctx");
    term xa, xb;
    if (term_open(&xa, a, text) && term_open(&xb, b, text)) {
        uint64_t k = want ^ (s & 1); /* the value, or a value it is not */
        int ya = -1, yb = -1;
        CHECK(gr_ruleset_board_ask(xa.t.ruleset, xa.t.args, xa.t.nargs, k, &ya, &err) == GR_OK, "ask: %s", err.message);
        CHECK(ya == (k == want), "%s: fresh ask %llu: %d", text, (unsigned long long)k, ya);
        char *blob = NULL;
        size_t bl = 0;
        CHECK(gr_ruleset_board_save_state(xa.t.ruleset, xa.t.args, xa.t.nargs, &blob, &bl, &err) == GR_OK, "save: %s",
              err.message);
        CHECK(gr_ruleset_board_load(xb.t.ruleset, blob, bl, &err) == GR_OK, "%s: load: %s", text, err.message);
        gr_free(blob);
        uint64_t before = positions_of(xb.t.ruleset);
        CHECK(gr_ruleset_board_ask(xb.t.ruleset, xb.t.args, xb.t.nargs, k, &yb, &err) == GR_OK, "ask: %s", err.message);
        CHECK(yb == ya, "%s: the loaded entries answer %d, not %d", text, yb, ya);
        CHECK(positions_of(xb.t.ruleset) == before, "%s: the loaded entries did not answer the ask (%llu positions)",
              text, (unsigned long long)(positions_of(xb.t.ruleset) - before));
        gr_position_free(xa.pos);
        gr_position_free(xb.pos);
    }
    gr_ctx_free(a);
    gr_ctx_free(b);
    /* parts */
    parts_seen ps = {{0}, 0, grid};
    CHECK(gr_ruleset_board_parts(rs, x.t.args, x.t.nargs, take_part, &ps, &err) == GR_OK, "parts: %s", err.message);
    if (grid) {
        uint64_t xv = 0;
        for (size_t p = 0; p < ps.n && p < 32; p++) xv ^= val[ps.s[p]];
        CHECK(xv == want, "%s: %zu parts of values XOR %llu, not %llu", text, ps.n, (unsigned long long)xv,
              (unsigned long long)want);
    }
    gr_ctx *c;
    CHECK(gr_ctx_new(&c) == GR_OK, "ctx");
    term xc;
    if (term_open(&xc, c, text)) {
        gr_status st = gr_ruleset_board_note_value(xc.t.ruleset, xc.t.args, xc.t.nargs, want, &err);
        CHECK((st == GR_OK) == (ps.n <= 1), "%s: note_value of %zu parts: %d", text, ps.n, (int)st);
        if (st == GR_OK) {
            uint64_t v = 999, before = positions_of(xc.t.ruleset);
            CHECK(gr_position_value(xc.pos, &v, &err) == GR_OK && v == want, "%s: noted %llu, valued %llu", text,
                  (unsigned long long)want, (unsigned long long)v);
            CHECK(positions_of(xc.t.ruleset) == before, "%s: a noted value was searched again", text);
        }
        gr_position_free(xc.pos);
    }
    gr_ctx_free(c);
    /* the options in the search's order: one per move, the order rising,
     * each the position a move leaves */
    in_order io = {0, 0, 1, grid, {0}};
    CHECK(gr_ruleset_board_options(rs, x.t.args, x.t.nargs, take_ordered, &io, &err) == GR_OK, "options: %s", err.message);
    size_t legal = 0;
    for (int m = 0; m < g->nm; m++)
        if ((g->req[m] & s) == g->req[m]) {
            if (grid && legal < io.n && legal < 512) {
                int found = 0;
                for (size_t i = 0; i < io.n && i < 512 && !found; i++) found = io.s[i] == (s & ~g->rem[m]);
                CHECK(found, "%s: a move's position is not among the ordered options", text);
            }
            legal++;
        }
    CHECK(io.n == legal && io.rising, "%s: %zu ordered options (rising: %d), %zu moves", text, io.n, io.rising, legal);
    /* winning moves: to a position of value 0 */
    size_t brute = 0;
    if (want)
        for (int m = 0; m < g->nm; m++)
            if ((g->req[m] & s) == g->req[m] && val[s & ~g->rem[m]] == 0) brute++;
    win_count wc = {0};
    int complete = 0;
    CHECK(gr_position_winning_moves(x.pos, 0, count_win, &wc, &complete, &err) == GR_OK, "%s: winning moves: %s",
          text, err.message);
    CHECK(wc.n == brute && complete, "%s: %zu winning moves, the brute force has %zu", text, wc.n, brute);
    (void)spec;
    gr_position_free(x.pos);
}

static void key_of(gr_ctx *ctx, const char *text, char **key, size_t *len, uint64_t *cost) {
    term x;
    gr_error err;
    *key = NULL;
    if (!term_open(&x, ctx, text)) return;
    CHECK(gr_ruleset_board_key(x.t.ruleset, x.t.args, x.t.nargs, key, len, cost, &err) == GR_OK, "%s: key: %s", text,
          err.message);
    gr_position_free(x.pos);
}

static void test_boards(tu_rng *rng, uint64_t cases) {
    static const shape DOM[] = {{2, {0, 0}, {0, 1}}, {2, {0, 1}, {0, 0}}};
    static const shape ELL[] = {{3, {0, 0, 1}, {0, 1, 0}}, {3, {0, 0, 1}, {0, 1, 1}}, {3, {0, 1, 1}, {1, 0, 1}},
                                {3, {0, 1, 1}, {0, 0, 1}}};
    struct { const char *spec; const shape *sh; int ns; int node; } games[] = {
        {"cram", DOM, 2, 0}, {"nodekayles[grid]", NULL, 0, 1}, {"place[xx/x.; rotate]", ELL, 4, 0},
    };
    static const int SIZES[][2] = {{4, 4}, {3, 5}, {4, 5}, {2, 9}};
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        gr_ctx *kept;
        CHECK(gr_ctx_new(&kept) == GR_OK, "ctx");
        for (size_t si = 0; si < sizeof SIZES / sizeof SIZES[0]; si++) {
            int R = SIZES[si][0], C = SIZES[si][1];
            bgame g;
            if (games[gi].node) bb_node_grid_moves(&g, R, C);
            else bb_place_moves(&g, R, C, games[gi].sh, games[gi].ns);
            bb_brute(&g, val);
            uint32_t full = (1u << (R * C)) - 1;
            for (uint64_t k = 0; k < cases; k++) {
                uint32_t a = (uint32_t)tu_next(rng) & full;
                uint32_t s = k == 0 ? full : k % 2 ? a : a | (uint32_t)tu_next(rng);
                s &= full;
                char text[160], mtext[160];
                bb_board_text(games[gi].spec, R, C, s, text);
                check_subset(kept, games[gi].spec, text, &g, s, 1);
                /* keys: the mirror image (columns reversed) has the same key; equal keys, equal values */
                uint32_t m = 0, o = (uint32_t)tu_next(rng) & full;
                for (int r = 0; r < R; r++)
                    for (int c = 0; c < C; c++)
                        if (s >> (r * C + c) & 1) m |= 1u << (r * C + (C - 1 - c));
                char *k1, *k2, *k3;
                size_t l1 = 0, l2 = 0, l3 = 0;
                uint64_t c1 = 0, c2 = 0, c3 = 0;
                bb_board_text(games[gi].spec, R, C, m, mtext);
                key_of(kept, text, &k1, &l1, &c1);
                key_of(kept, mtext, &k2, &l2, &c2);
                bb_board_text(games[gi].spec, R, C, o, mtext);
                key_of(kept, mtext, &k3, &l3, &c3);
                if (k1 && k2 && k3) {
                    /* (Cram's regions lose cells that cannot change a value, a
                     * leaf of two at a vertex, say, and which one goes may
                     * depend on the orientation: there a mirror image may
                     * keep a key of its own) */
                    if (strcmp(games[gi].spec, "cram"))
                        CHECK(l1 == l2 && !memcmp(k1, k2, l1) && c1 == c2, "%s: its mirror image has another key", text);
                    if (l1 == l3 && !memcmp(k1, k3, l1))
                        CHECK(val[s] == val[o], "%s and %s: one key, values %d and %d", text, mtext, val[s], val[o]);
                    CHECK(c1 <= (uint64_t)(R * C) * (uint64_t)(R * C), "%s: cost %llu", text, (unsigned long long)c1);
                }
                gr_free(k1);
                gr_free(k2);
                gr_free(k3);
            }
        }
        gr_ctx_free(kept);
    }
}

static void test_graphs(tu_rng *rng, uint64_t cases) {
    gr_ctx *kept;
    CHECK(gr_ctx_new(&kept) == GR_OK, "ctx");
    for (uint64_t k = 0; k < cases; k++) {
        uint32_t adj[16];
        bgame ng, ag;
        int n = bb_random_games(rng, 6, 9, adj, &ng, &ag); /* 6 to 14 vertices */
        uint32_t full = (1u << n) - 1;
        char text[1024];
        bb_brute(&ng, val);
        bb_graph_text("nodekayles", n, adj, full, text);
        check_subset(kept, "nodekayles", text, &ng, full, 0);
        bb_brute(&ag, val);
        bb_graph_text("arckayles", n, adj, full, text);
        check_subset(kept, "arckayles", text, &ag, full, 0);
    }
    gr_ctx_free(kept);
}

/* what is refused */
static void test_errors(void) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
    CHECK(gr_ctx_ruleset(ctx, "kayles", 6, &rs, &err) == GR_OK, "kayles");
    uint64_t args[1] = {5};
    int yes;
    CHECK(gr_ruleset_board_ask(rs, args, 1, 0, &yes, &err) == GR_EINVAL, "ask of kayles");
    CHECK(gr_ruleset_board_note_value(rs, args, 1, 0, &err) == GR_EINVAL, "note of kayles");
    term x;
    if (term_open(&x, ctx, "cram(..../..../....)")) {
        CHECK(gr_ruleset_board_note_value(x.t.ruleset, x.t.args, x.t.nargs, 70000, &err) == GR_EINVAL, "a huge note");
        gr_position_free(x.pos);
    }
    if (term_open(&x, ctx, "cram(#.#/###/#.#)")) { /* no move: value 0 only */
        CHECK(gr_ruleset_board_note_value(x.t.ruleset, x.t.args, x.t.nargs, 1, &err) == GR_EINVAL, "note 1 of an end");
        CHECK(gr_ruleset_board_note_value(x.t.ruleset, x.t.args, x.t.nargs, 0, &err) == GR_OK, "note 0 of an end");
        CHECK(gr_ruleset_board_ask(x.t.ruleset, x.t.args, x.t.nargs, 0, &yes, &err) == GR_OK && yes, "an end is 0");
        gr_position_free(x.pos);
    }
    gr_ctx_free(ctx);
}

int main(void) {
    tu_rng rng = {tu_seed(58)};
    uint64_t scale = tu_scale();
    test_boards(&rng, 25 * scale);
    test_graphs(&rng, 60 * scale);
    test_errors();
    return tu_finish("board_ask");
}
