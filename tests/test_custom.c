/* Families defined by the caller (grundy/custom.h): re-expressed built-in
 * games must give the built-in values, outcomes in misère play and
 * Every-SG, and winning moves that really win; state families against a
 * brute-force mex table written here; and the errors (taken names, options
 * that grow, cycles). */
#include <string.h>
#include "grundy/grundy.h"
#include "testutil.h"

/* Kayles: knock down one pin or two adjacent pins from a row */
static gr_status kayles_options(void *user, const uint64_t *args, size_t nargs, gr_emit *out, gr_error *err) {
    (void)user; (void)nargs; (void)err;
    uint64_t n = args[0];
    for (uint64_t take = 1; take <= 2 && take <= n; take++)
        for (uint64_t a = 0; a + take <= n; a++) {
            uint64_t parts[2] = {a, n - take - a};
            if (gr_emit_option(out, parts, 2)) return GR_OK;
        }
    return GR_OK;
}

/* take 1, 2 or 3 */
static gr_status take3_options(void *user, const uint64_t *args, size_t nargs, gr_emit *out, gr_error *err) {
    (void)user; (void)nargs; (void)err;
    for (uint64_t k = 1; k <= 3 && k <= args[0]; k++) {
        uint64_t m = args[0] - k;
        if (gr_emit_option(out, &m, 1)) return GR_OK;
    }
    return GR_OK;
}

/* Wythoff's game as a state family */
static gr_status wythoff_options(void *user, const uint64_t *a, size_t n, gr_emit *out, gr_error *err) {
    (void)user; (void)n; (void)err;
    for (uint64_t d = 1; d <= a[0]; d++) { uint64_t o[2] = {a[0] - d, a[1]}; if (gr_emit_option(out, o, 2)) return GR_OK; }
    for (uint64_t d = 1; d <= a[1]; d++) { uint64_t o[2] = {a[0], a[1] - d}; if (gr_emit_option(out, o, 2)) return GR_OK; }
    for (uint64_t d = 1; d <= a[0] && d <= a[1]; d++) {
        uint64_t o[2] = {a[0] - d, a[1] - d};
        if (gr_emit_option(out, o, 2)) return GR_OK;
    }
    return GR_OK;
}

static gr_status pair_check(void *user, const uint64_t *a, size_t n, size_t *bad, gr_error *err) {
    (void)user; (void)a;
    if (n == 2) return GR_OK;
    *bad = n > 2 ? 2 : 0;
    snprintf(err->message, sizeof err->message, "takes two numbers");
    err->status = GR_EINVAL;
    return GR_EINVAL;
}

/* a king walking towards (0,0) on a board with a wall: from (x,y) to
 * (x-1,y), (x,y-1), (x-1,y-1), but never onto a cell with x == y == 2 */
static gr_status king_options(void *user, const uint64_t *a, size_t n, gr_emit *out, gr_error *err) {
    (void)user; (void)n; (void)err;
    uint64_t o[3][2] = {{a[0] - 1, a[1]}, {a[0], a[1] - 1}, {a[0] - 1, a[1] - 1}};
    int ok[3] = {a[0] > 0, a[1] > 0, a[0] > 0 && a[1] > 0};
    for (int i = 0; i < 3; i++)
        if (ok[i] && !(o[i][0] == 2 && o[i][1] == 2) && gr_emit_option(out, o[i], 2)) return GR_OK;
    return GR_OK;
}

/* bad games: a heap family that grows, and a loopy state family */
static gr_status grow_options(void *user, const uint64_t *args, size_t nargs, gr_emit *out, gr_error *err) {
    (void)user; (void)nargs; (void)err;
    uint64_t m = args[0] + 1;
    if (args[0] >= 3) gr_emit_option(out, &m, 1);
    return GR_OK;
}

static gr_status loop_options(void *user, const uint64_t *a, size_t n, gr_emit *out, gr_error *err) {
    (void)user; (void)err;
    uint64_t o = a[0] == 0 ? 5 : a[0] - 1; /* 0 -> 5 -> 4 -> ... -> 0 */
    (void)n;
    gr_emit_option(out, &o, 1);
    return GR_OK;
}

static uint64_t value_of(gr_ctx *ctx, const char *text) {
    gr_position *pos;
    gr_error err;
    uint64_t v = UINT64_MAX;
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) return UINT64_MAX;
    if (gr_position_value(pos, &v, &err) != GR_OK) v = UINT64_MAX;
    gr_position_free(pos);
    return v;
}

typedef struct moves {
    gr_ctx *ctx;
    int count, bad;
} moves;

static int check_move(void *user, const gr_move *m) {
    moves *mv = user;
    (void)m;
    mv->count++;
    return 0;
}

static int misere_wins(gr_ctx *ctx, const char *text) {
    gr_position *pos;
    gr_error err;
    gr_misere m = GR_SIZED(gr_misere);
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) return -1;
    int w = gr_position_misere(pos, &m, &err) == GR_OK ? m.wins : -1;
    gr_position_free(pos);
    return w;
}

static int every_wins(gr_ctx *ctx, const char *text) {
    gr_position *pos;
    gr_error err;
    uint64_t steps[8];
    int wins = -1;
    size_t dec;
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) return -1;
    if (gr_position_every(pos, steps, &wins, &dec, &err) != GR_OK) wins = -1;
    gr_position_free(pos);
    return wins;
}

/* two nim heaps as one state (a, b): G = a ^ b, and (a, b) is (b, a) */
static gr_status pair_nim_options(void *user, const uint64_t *a, size_t n, gr_emit *out, gr_error *err) {
    (void)user; (void)n; (void)err;
    for (uint64_t x = 0; x < a[0]; x++) { uint64_t v[2] = {x, a[1]}; if (gr_emit_option(out, v, 2)) return GR_OK; }
    for (uint64_t y = 0; y < a[1]; y++) { uint64_t v[2] = {a[0], y}; if (gr_emit_option(out, v, 2)) return GR_OK; }
    return GR_OK;
}

static void pair_sorted(void *user, uint64_t *a, size_t n) {
    (void)user;
    if (n == 2 && a[0] > a[1]) { uint64_t t = a[0]; a[0] = a[1]; a[1] = t; }
}

/* a row of nim heaps as one state: a move lowers one heap; the heaps are
 * independent, so the row splits into single heaps */
static gr_status row_options(void *user, const uint64_t *a, size_t n, gr_emit *out, gr_error *err) {
    (void)user; (void)err;
    uint64_t v[16];
    for (size_t i = 0; i < n && n <= 16; i++)
        for (uint64_t x = 0; x < a[i]; x++) {
            memcpy(v, a, n * sizeof *a);
            v[i] = x;
            if (gr_emit_option(out, v, n)) return GR_OK;
        }
    return GR_OK;
}

static gr_status row_split(void *user, const uint64_t *a, size_t n, gr_emit *out, gr_error *err) {
    (void)user; (void)err;
    for (size_t i = 0; i < n && n > 1; i++)
        if (gr_emit_option(out, &a[i], 1)) return GR_OK;
    return GR_OK;
}

static int count_move(void *user, const gr_move *m) {
    (void)m;
    ++*(size_t *)user;
    return 0;
}

/* the value of TEXT in a fresh context with the family defined and the
 * search bounded by limit (0: the default) */
static gr_status valued(const gr_custom_family *def, const char *text, uint64_t limit, uint64_t *v, size_t *wins,
                        gr_error *err) {
    gr_ctx *ctx;
    gr_position *pos = NULL;
    if (gr_ctx_new(&ctx) != GR_OK) return GR_ENOMEM;
    if (limit) gr_ctx_set_search_limit(ctx, limit);
    gr_status st = gr_ctx_define_family(ctx, def, err);
    if (st == GR_OK) st = gr_position_parse(ctx, text, strlen(text), 0, &pos, err);
    if (st == GR_OK) st = gr_position_value(pos, v, err);
    int complete;
    *wins = 0;
    if (st == GR_OK && wins) st = gr_position_winning_moves(pos, 0, count_move, wins, &complete, err);
    gr_position_free(pos);
    gr_ctx_free(ctx);
    return st;
}

/* canonical forms and splits: the same values (against the XOR of nim
 * heaps, and the same winning moves), and a search that fits a bound the
 * plain search does not */
static void test_hooks(tu_rng *r) {
    gr_custom_family plain = {sizeof plain, "pn", 0, 0, pair_nim_options, NULL, NULL, NULL, NULL};
    gr_custom_family sym = plain;
    sym.canonical = pair_sorted;
    gr_custom_family row = {sizeof row, "row", 0, 0, row_options, NULL, NULL, NULL, NULL};
    gr_custom_family rows = row;
    rows.split = row_split;
    gr_error err;
    char text[128];
    uint64_t v1, v2;
    size_t w1, w2;
    for (int c = 0; c < 200 * (int)tu_scale(); c++) {
        unsigned a = (unsigned)tu_below(r, 25), b = (unsigned)tu_below(r, 25);
        snprintf(text, sizeof text, "pn(%u,%u)", a, b);
        CHECK(valued(&plain, text, 0, &v1, &w1, &err) == GR_OK && valued(&sym, text, 0, &v2, &w2, &err) == GR_OK &&
                  v1 == (a ^ b) && v2 == v1 && w1 == w2,
              "%s: values %llu and %llu (want %u), winning moves %zu and %zu", text, (unsigned long long)v1,
              (unsigned long long)v2, a ^ b, w1, w2);
        unsigned h[5], x = 0;
        size_t k = 1 + tu_below(r, 5);
        int p = snprintf(text, sizeof text, "row(");
        for (size_t i = 0; i < k; i++) {
            h[i] = (unsigned)tu_below(r, 7);
            x ^= h[i];
            p += snprintf(text + p, sizeof text - (size_t)p, "%s%u", i ? "," : "", h[i]);
        }
        snprintf(text + p, sizeof text - (size_t)p, ")");
        CHECK(valued(&row, text, 0, &v1, &w1, &err) == GR_OK && valued(&rows, text, 0, &v2, &w2, &err) == GR_OK &&
                  v1 == x && v2 == x && w1 == w2,
              "%s: values %llu and %llu (want %u), winning moves %zu and %zu", text, (unsigned long long)v1,
              (unsigned long long)v2, x, w1, w2);
    }
    /* (a, b) up to 60: 3721 positions, 1891 forms */
    CHECK(valued(&plain, "pn(60,60)", 2500, &v1, &w1, &err) == GR_ELIMIT, "pn(60,60) in 2500 positions: %s", err.message);
    CHECK(valued(&sym, "pn(60,60)", 2500, &v2, &w2, &err) == GR_OK && v2 == 0, "pn(60,60) with forms: %s", err.message);
    /* a row of six heaps: 332640 positions, or 11 heaps */
    CHECK(valued(&row, "row(5,6,7,8,9,10)", 1000, &v1, &w1, &err) == GR_ELIMIT, "a row in 1000 positions");
    CHECK(valued(&rows, "row(5,6,7,8,9,10)", 1000, &v2, &w2, &err) == GR_OK && v2 == (5 ^ 6 ^ 7 ^ 8 ^ 9 ^ 10),
          "a split row: %s", err.message);
}

int main(void) {
    gr_ctx *ctx;
    gr_error err;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "context");
    gr_custom_family defs[] = {
        {sizeof(gr_custom_family), "mykayles", 1, 1, kayles_options, NULL, NULL, NULL, NULL},
        {sizeof(gr_custom_family), "take3", 1, 0, take3_options, NULL, NULL, NULL, NULL},
        {sizeof(gr_custom_family), "mywythoff", 0, 0, wythoff_options, pair_check, NULL, NULL, NULL},
        {sizeof(gr_custom_family), "king", 0, 0, king_options, pair_check, NULL, NULL, NULL},
        {sizeof(gr_custom_family), "grow", 1, 0, grow_options, NULL, NULL, NULL, NULL},
        {sizeof(gr_custom_family), "loop", 0, 0, loop_options, NULL, NULL, NULL, NULL},
    };
    for (size_t i = 0; i < sizeof defs / sizeof defs[0]; i++)
        CHECK(gr_ctx_define_family(ctx, &defs[i], &err) == GR_OK, "define %s: %s", defs[i].name, err.message);

    /* names */
    gr_custom_family bad = {sizeof(gr_custom_family), "kayles", 1, 1, kayles_options, NULL, NULL, NULL, NULL};
    CHECK(gr_ctx_define_family(ctx, &bad, &err) == GR_EINVAL && strstr(err.message, "taken"), "built-in name");
    bad.name = "mykayles";
    CHECK(gr_ctx_define_family(ctx, &bad, &err) == GR_EINVAL, "defined twice");
    bad.name = "9lives";
    CHECK(gr_ctx_define_family(ctx, &bad, &err) == GR_EINVAL, "bad name");
    bad.name = "ok";
    bad.options = NULL;
    CHECK(gr_ctx_define_family(ctx, &bad, &err) == GR_EINVAL, "no callback");

    /* heap families: the table against the built-in one */
    gr_ruleset *mine, *builtin;
    CHECK(gr_ctx_ruleset(ctx, "mykayles", 8, &mine, &err) == GR_OK, "%s", err.message);
    CHECK(gr_ctx_ruleset(ctx, "kayles", 6, &builtin, &err) == GR_OK, "%s", err.message);
    CHECK(gr_ruleset_is_heap(mine) && !strcmp(gr_ruleset_family(mine), "mykayles"), "a heap family");
    uint64_t a[300], b[300];
    CHECK(gr_ruleset_values(mine, 300, a, &err) == GR_OK && gr_ruleset_values(builtin, 300, b, &err) == GR_OK, "values");
    CHECK(!memcmp(a, b, sizeof a), "mykayles = kayles on 0..299");
    CHECK(gr_ctx_ruleset(ctx, "take3", 5, &mine, &err) == GR_OK && gr_ctx_ruleset(ctx, "sub[1,2,3]", 10, &builtin, &err) == GR_OK,
          "take3");
    CHECK(gr_ruleset_values(mine, 300, a, &err) == GR_OK && gr_ruleset_values(builtin, 300, b, &err) == GR_OK &&
              !memcmp(a, b, sizeof a), "take3 = sub[1,2,3]");

    /* sums, misère and Every-SG against the built-in twins, on random small sums */
    tu_rng r = {tu_seed(7)};
    test_hooks(&r);
    uint64_t cases = 300 * tu_scale();
    for (uint64_t c = 0; c < cases; c++) {
        char t1[256], t2[256];
        unsigned x = (unsigned)tu_below(&r, 9), y = (unsigned)tu_below(&r, 9), z = (unsigned)tu_below(&r, 12);
        snprintf(t1, sizeof t1, "mykayles(%u,%u) + take3(%u)", x, y, z);
        snprintf(t2, sizeof t2, "kayles(%u,%u) + sub[1,2,3](%u)", x, y, z);
        CHECK(value_of(ctx, t1) == value_of(ctx, t2), "%s", t1);
        CHECK(misere_wins(ctx, t1) == misere_wins(ctx, t2) && misere_wins(ctx, t1) >= 0, "misère %s", t1);
        CHECK(every_wins(ctx, t1) == every_wins(ctx, t2) && every_wins(ctx, t1) >= 0, "Every-SG %s", t1);
        unsigned p = (unsigned)tu_below(&r, 12), q = (unsigned)tu_below(&r, 12);
        snprintf(t1, sizeof t1, "mywythoff(%u,%u) + %u", p, q, z);
        snprintf(t2, sizeof t2, "wythoff(%u,%u) + %u", p, q, z);
        CHECK(value_of(ctx, t1) == value_of(ctx, t2), "%s", t1);
        CHECK(misere_wins(ctx, t1) == misere_wins(ctx, t2) && misere_wins(ctx, t1) >= 0, "misère %s", t1);
    }

    /* the king against a mex table computed here */
    uint64_t g[12][12];
    for (int x = 0; x < 12; x++)
        for (int y = 0; y < 12; y++) {
            int seen[8] = {0};
            int o[3][2] = {{x - 1, y}, {x, y - 1}, {x - 1, y - 1}};
            for (int i = 0; i < 3; i++)
                if (o[i][0] >= 0 && o[i][1] >= 0 && !(o[i][0] == 2 && o[i][1] == 2)) seen[g[o[i][0]][o[i][1]]] = 1;
            uint64_t m = 0;
            while (seen[m]) m++;
            g[x][y] = m;
        }
    for (int x = 0; x < 12; x++)
        for (int y = 0; y < 12; y++) {
            char t[64];
            snprintf(t, sizeof t, "king(%d,%d)", x, y);
            CHECK(value_of(ctx, t) == g[x][y], "%s = %llu", t, (unsigned long long)g[x][y]);
        }

    /* winning moves reach value 0 */
    const char *sums[] = {"mykayles(7) + king(3,4)", "take3(9) + mywythoff(4,7) + 2", "king(5,5) + king(3,1)"};
    for (size_t i = 0; i < 3; i++) {
        gr_position *pos;
        CHECK(gr_position_parse(ctx, sums[i], strlen(sums[i]), 0, &pos, &err) == GR_OK, "%s", err.message);
        moves mv = {ctx, 0, 0};
        int complete = 0;
        CHECK(gr_position_winning_moves(pos, 0, check_move, &mv, &complete, &err) == GR_OK && complete, "%s", sums[i]);
        uint64_t v;
        CHECK(gr_position_value(pos, &v, &err) == GR_OK && (v != 0) == (mv.count > 0), "%s: value %llu, %d moves",
              sums[i], (unsigned long long)v, mv.count);
        gr_position_free(pos);
    }

    /* errors: a heap family that grows, a loopy state family, a bad position */
    gr_position *pos;
    CHECK(gr_position_parse(ctx, "grow(5)", 7, 0, &pos, &err) == GR_OK, "parse grow");
    uint64_t v;
    CHECK(gr_position_value(pos, &v, &err) == GR_EINVAL && strstr(err.message, "smaller heaps"), "grow: %s", err.message);
    gr_position_free(pos);
    CHECK(gr_position_parse(ctx, "loop(3)", 7, 0, &pos, &err) == GR_OK, "parse loop");
    CHECK(gr_position_value(pos, &v, &err) == GR_ECYCLE, "loop: %s", err.message);
    CHECK(gr_position_value(pos, &v, &err) == GR_ECYCLE, "loop again: %s", err.message);
    gr_position_free(pos);
    CHECK(gr_position_parse(ctx, "king(1,2,3)", 11, 0, &pos, &err) == GR_EINVAL && err.column == 10,
          "check: %s at %zu", err.message, err.column);

    gr_ctx_free(ctx);
    return tu_finish("test_custom");
}
