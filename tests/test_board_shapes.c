/* Board shapes (issue 53: one-row boards of 64 cells crashed, a shift by
 * the row length of 64). Every board shape R x C of 1 to 64 cells (the
 * one-word path of boards/board.c) and every shape past the word up to
 * 256 cells, each board family on random positions against a brute force
 * written here; one-row and one-column boards, of every length up to 64,
 * empty and randomly filled, against the take-and-break codes they are;
 * rows of 64 cells on boards of 2 to 4 rows (past the word). */
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "testutil.h"

#define MAXK 12 /* empty cells of a brute-forced position */

/* how a family moves, on the empty cells of a grid */
enum { DOMINO, HDOMINO, VDOMINO, NODE, PIN };

typedef struct family {
    const char *name;
    int kind;
    const char *row_code, *col_code; /* the code of one row and of one column (NULL: none, see test_lines) */
} family;

static const family FAMS[] = {
    {"cram", DOMINO, "dawson", "dawson"},
    {"arckayles[grid]", DOMINO, "dawson", "dawson"},
    {"place[xx; x/x]", DOMINO, "dawson", "dawson"},
    {"place[xx]", HDOMINO, "dawson", NULL},
    {"place[x/x]", VDOMINO, NULL, "dawson"},
    {"nodekayles[grid]", NODE, "tb[0.137]", "tb[0.137]"},
    {"place[x; xx]", PIN, "kayles", NULL},
};
#define NFAMS (sizeof FAMS / sizeof FAMS[0])

/* the moves of a family on k cells at (r[i], c[i]), as masks (req, rem) */
static int moves_of(int kind, int k, const int *r, const int *c, uint32_t *req, uint32_t *rem) {
    int n = 0;
    for (int i = 0; i < k; i++) {
        if (kind == NODE || kind == PIN) {
            uint32_t m = 1u << i;
            for (int j = 0; j < k; j++)
                if (abs(r[i] - r[j]) + abs(c[i] - c[j]) == 1 && kind == NODE) m |= 1u << j;
            req[n] = kind == NODE ? 1u << i : m;
            rem[n++] = m;
        }
        for (int j = 0; j < k; j++) {
            int h = r[j] == r[i] && c[j] == c[i] + 1, v = c[j] == c[i] && r[j] == r[i] + 1;
            if ((kind == DOMINO && (h || v)) || (kind == HDOMINO && h) || (kind == VDOMINO && v) || (kind == PIN && h)) {
                req[n] = rem[n] = 1u << i | 1u << j;
                n++;
            }
        }
    }
    return n;
}

/* the value of every subset of the k cells (a subset's subsets come first) */
static int brute_value(int kind, int k, const int *r, const int *c, uint8_t *val) {
    uint32_t req[4 * MAXK], rem[4 * MAXK];
    int nm = moves_of(kind, k, r, c, req, rem);
    for (uint32_t s = 0; s < (1u << k); s++) {
        uint64_t seen = 0;
        for (int m = 0; m < nm; m++)
            if ((req[m] & s) == req[m]) seen |= (uint64_t)1 << val[s & ~rem[m]];
        uint8_t v = 0;
        while (seen >> v & 1) v++;
        val[s] = v;
    }
    return val[(1u << k) - 1];
}

static int value_of(gr_ctx *ctx, const char *text, uint64_t *v) {
    gr_position *pos;
    gr_error err;
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) {
        CHECK(0, "%.120s: %s", text, err.message);
        return -1;
    }
    gr_status st = gr_position_value(pos, v, &err);
    CHECK(st == GR_OK, "%.120s: %s", text, err.message);
    gr_position_free(pos);
    return st == GR_OK ? 0 : -1;
}

/* NAME(rows): cell (r, c) empty when bit r * C + c of the set is */
static void board_text(const char *name, int R, int C, const uint8_t *empty, char *out) {
    out += sprintf(out, "%s(", name);
    for (int r = 0; r < R; r++) {
        if (r) *out++ = '/';
        for (int c = 0; c < C; c++) *out++ = empty[r * C + c] ? '.' : '#';
    }
    strcpy(out, ")");
}

/* k empty cells of an R x C board: a blob grown from a random cell, with
 * a random cell anywhere now and then */
static void random_cells(tu_rng *rng, int R, int C, int k, uint8_t *empty, int *r, int *c) {
    memset(empty, 0, (size_t)(R * C));
    int n = 0;
    while (n < k) {
        int x;
        if (n == 0 || tu_below(rng, 5) == 0) x = (int)tu_below(rng, (uint64_t)(R * C));
        else {
            int from = (int)tu_below(rng, (uint64_t)n), d = (int)tu_below(rng, 4);
            int rr = r[from] + (d == 0) - (d == 1), cc = c[from] + (d == 2) - (d == 3);
            if (rr < 0 || rr >= R || cc < 0 || cc >= C) continue;
            x = rr * C + cc;
        }
        if (empty[x]) continue;
        empty[x] = 1;
        r[n] = x / C;
        c[n] = x % C;
        n++;
    }
}

/* random positions of each family on the shape R x C against the brute force */
static void check_shape(gr_ctx *ctx, tu_rng *rng, int R, int C, int positions, const int *fams, int nf) {
    static uint8_t val[1u << MAXK];
    static char text[64 * 65 + 64];
    uint8_t empty[256];
    int r[MAXK], c[MAXK];
    for (int p = 0; p < positions; p++) {
        int cells = R * C, k = 1 + (int)tu_below(rng, (uint64_t)(cells < MAXK ? cells : MAXK));
        random_cells(rng, R, C, k, empty, r, c);
        for (int f = 0; f < nf; f++) {
            const family *F = &FAMS[fams[f]];
            board_text(F->name, R, C, empty, text);
            int want = brute_value(F->kind, k, r, c, val);
            uint64_t got = 999;
            if (value_of(ctx, text, &got) == 0)
                CHECK(got == (uint64_t)want, "%.200s (%d x %d): %llu, brute force %d", text, R, C,
                      (unsigned long long)got, want);
        }
    }
}

static void test_shapes(gr_ctx *ctx, tu_rng *rng, uint64_t scale) {
    int all[NFAMS];
    for (size_t f = 0; f < NFAMS; f++) all[f] = (int)f;
    /* one word: every shape, every family */
    for (int R = 1; R <= 64; R++)
        for (int C = 1; R * C <= 64; C++) check_shape(ctx, rng, R, C, (int)(8 * scale), all, (int)NFAMS);
    /* past the word: every shape up to 256 cells, every family */
    for (int R = 1; R <= 64; R++)
        for (int C = 1; C <= 64 && R * C <= 256; C++)
            if (R * C > 64) check_shape(ctx, rng, R, C, (int)(2 * scale), all, (int)NFAMS);
}

/* the XOR of code(run) over the runs of empty cells of a line (NULL code:
 * the family has no move along the line, and its cells are its parts) */
static uint64_t runs_value(gr_ctx *ctx, const char *code, int kind, const uint8_t *empty, int n) {
    uint64_t x = 0;
    for (int i = 0; i < n;) {
        if (!empty[i]) { i++; continue; }
        int j = i;
        while (j < n && empty[j]) j++;
        if (code) {
            char t[64];
            uint64_t v = 0;
            snprintf(t, sizeof t, "%s(%d)", code, j - i);
            if (value_of(ctx, t, &v) == 0) x ^= v;
        } else if (kind == PIN) x ^= (uint64_t)(j - i) & 1; /* pins one at a time */
        i = j;
    }
    return x;
}

/* one line of n cells (a row: 1 x n, or a column: n x 1) with the cells
 * empty[] against the codes */
static void check_line(gr_ctx *ctx, const family *F, int column, const uint8_t *empty, int n) {
    static char text[64 * 3 + 64];
    char *p = text + sprintf(text, "%s(", F->name);
    for (int i = 0; i < n; i++) {
        if (column && i) *p++ = '/';
        *p++ = empty[i] ? '.' : '#';
    }
    strcpy(p, ")");
    uint64_t got = 999, want = runs_value(ctx, column ? F->col_code : F->row_code, F->kind, empty, n);
    if (value_of(ctx, text, &got) == 0)
        CHECK(got == want, "%.220s: %llu, the code's runs %llu", text, (unsigned long long)got, (unsigned long long)want);
}

static void test_lines(gr_ctx *ctx, tu_rng *rng, uint64_t scale) {
    uint8_t empty[64];
    for (size_t f = 0; f < NFAMS; f++) {
        const family *F = &FAMS[f];
        for (int column = 0; column <= 1; column++)
            for (int n = 1; n <= 64; n++) {
                /* empty, then the cases: n empty cells then the rest
                 * filled, the other way round, and one filled cell at each end */
                for (int form = 0; form < (n == 64 ? 4 : 3); form++) {
                    for (int i = 0; i < 64; i++)
                        empty[i] = form == 0 ? i < n : form == 1 ? i < n : form == 2 ? i >= 64 - n : (i > 0 && i < 63);
                    check_line(ctx, F, column, empty, form == 0 ? n : 64);
                }
                /* random fillings */
                for (uint64_t t = 0; t < 6 * scale; t++) {
                    unsigned dens = 1 + (unsigned)tu_below(rng, 8);
                    for (int i = 0; i < n; i++) empty[i] = tu_below(rng, 9) < dens + 1;
                    check_line(ctx, F, column, empty, n);
                }
            }
    }
    /* rows of 64 cells past the word: 2 to 4 rows, one of them with
     * empty cells, the others filled (the value is that row's) */
    static char text[4 * 66 + 64];
    for (size_t f = 0; f < NFAMS; f++) {
        const family *F = &FAMS[f];
        if (!F->row_code) continue;
        for (int R = 2; R <= 4; R++)
            for (uint64_t t = 0; t < 4 * scale; t++) {
                int row = (int)tu_below(rng, (uint64_t)R);
                unsigned dens = 1 + (unsigned)tu_below(rng, 8);
                for (int i = 0; i < 64; i++) empty[i] = tu_below(rng, 9) < dens + 1;
                char *p = text + sprintf(text, "%s(", F->name);
                for (int r = 0; r < R; r++) {
                    if (r) *p++ = '/';
                    for (int i = 0; i < 64; i++) *p++ = r == row && empty[i] ? '.' : '#';
                }
                strcpy(p, ")");
                uint64_t got = 999, want = runs_value(ctx, F->row_code, F->kind, empty, 64);
                if (value_of(ctx, text, &got) == 0)
                    CHECK(got == want, "%.300s: %llu, the row's runs %llu", text, (unsigned long long)got,
                          (unsigned long long)want);
            }
    }
}

int main(void) {
    tu_rng rng = {tu_seed(53)};
    uint64_t scale = tu_scale();
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) return 1;
    test_lines(ctx, &rng, scale);
    test_shapes(ctx, &rng, scale);
    gr_ctx_free(ctx);
    return tu_finish("board_shapes");
}
