/* wythoff, euclid and dyn[k]/fib against the brute force: Grundy values of
 * small positions by mex over the rules, outcomes by the full game tree for
 * every position in a range, least winning takes, and the exact Wythoff
 * formula at Fibonacci indices far past double precision. The tables of
 * wythoff (its incremental mex) and euclid grow with the positions asked:
 * random positions in fresh contexts, in random order and under random
 * search limits, against the textbook mex over every option. */
#include <string.h>
#include "grundy/grundy.h"
#include "testutil.h"

static gr_ctx *ctx;
static uint64_t run_seed;

static gr_ruleset *rs_of(const char *spec) {
    gr_ruleset *rs;
    gr_error err;
    if (gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) != GR_OK) { fprintf(stderr, "%s\n", err.message); abort(); }
    return rs;
}

typedef struct lst { int n; uint64_t a[64][2]; } lst;
static int grab(void *user, const gr_move *m) {
    lst *l = user;
    const char *p = strchr(m->to, '(');
    if (p && l->n < 64) {
        l->a[l->n][0] = strtoull(p + 1, (char **)&p, 10);
        l->a[l->n][1] = *p == ',' ? strtoull(p + 1, NULL, 10) : UINT64_MAX;
        l->n++;
    }
    return 0;
}

/* Winning moves from 3000 random huge positions of a two-coordinate state
 * ruleset: the position is won exactly when it has winning moves, each is a
 * legal move, and each leads to a lost position. Coordinates are 64-bit
 * words shifted right by minshift plus up to spread - 1 more bits. */
typedef int (*legal_fn)(uint64_t x, uint64_t y, uint64_t nx, uint64_t ny);

static long huge_moves(gr_ruleset *rs, const char *name, uint64_t seed, unsigned minshift, unsigned spread,
                       legal_fn legal) {
    gr_error err;
    tu_rng rng = {seed};
    long n = 0;
    for (int c = 0; c < 3000; c++) {
        uint64_t x = tu_next(&rng) >> (minshift + tu_below(&rng, spread));
        uint64_t y = tu_next(&rng) >> (minshift + tu_below(&rng, spread));
        char text[80];
        snprintf(text, sizeof text, "%s(%llu,%llu)", name, (unsigned long long)x, (unsigned long long)y);
        gr_position *pos;
        CHECK(gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) == GR_OK, "parse");
        lst l = {0};
        int complete, wins;
        CHECK(gr_position_winning_moves(pos, 0, grab, &l, &complete, &err) == GR_OK, "%s: %s", text, err.message);
        uint64_t args[2] = {x, y};
        CHECK(gr_ruleset_state_outcome(rs, args, 2, &wins, &err) == GR_OK && wins == (l.n > 0),
              "%s: won iff it has winning moves (%d)", text, l.n);
        for (int i = 0; i < l.n; i++) {
            uint64_t nx = l.a[i][0], ny = l.a[i][1];
            CHECK(legal(x, y, nx, ny), "%s -> (%llu,%llu) is not a move", text, (unsigned long long)nx, (unsigned long long)ny);
            uint64_t na[2] = {nx, ny};
            CHECK(gr_ruleset_state_outcome(rs, na, 2, &wins, &err) == GR_OK && !wins, "%s -> not a lost position", text);
        }
        gr_position_free(pos);
        n++;
    }
    return n;
}

static int wythoff_legal(uint64_t x, uint64_t y, uint64_t nx, uint64_t ny) {
    return (nx < x && ny == y) || (nx == x && ny < y) || (nx < x && ny < y && x - nx == y - ny);
}

static int euclid_legal(uint64_t x, uint64_t y, uint64_t nx, uint64_t ny) {
    return (ny == y && nx < x && y && (x - nx) % y == 0 && x >= y) || (nx == x && ny < y && x && (y - ny) % x == 0 && y >= x);
}

/* The textbook tables: each value the mex over every option */
enum { RW = 240 };
static unsigned wy_book[RW][RW], eu_book[RW][RW];

static void textbook(void) {
    for (int a = 0; a < RW; a++)
        for (int b = 0; b < RW; b++) {
            static unsigned char seen[3 * RW + 1];
            memset(seen, 0, sizeof seen);
            for (int d = 1; d <= a; d++) seen[wy_book[a - d][b]] = 1;
            for (int d = 1; d <= b; d++) seen[wy_book[a][b - d]] = 1;
            for (int d = 1; d <= a && d <= b; d++) seen[wy_book[a - d][b - d]] = 1;
            unsigned m = 0;
            while (seen[m]) m++;
            wy_book[a][b] = m;
            memset(seen, 0, sizeof seen);
            if (a && b) {
                if (a >= b) for (int x = a - b; x >= 0; x -= b) seen[eu_book[x][b]] = 1;
                else for (int y = b - a; y >= 0; y -= a) seen[eu_book[a][y]] = 1;
            }
            m = 0;
            while (seen[m]) m++;
            eu_book[a][b] = m;
        }
}

/* Rounds of 40 random positions below RW x RW, each round in a fresh
 * context (so the table starts from another first position and grows in
 * another order), a third of them under a search limit too small for the
 * whole box: those positions must be refused (GR_EUNPROVEN) unless lost. */
static long random_tables(const char *spec, unsigned (*book)[RW]) {
    long n = 0;
    tu_rng rng = {run_seed ^ (spec[0] == 'w' ? 1 : 2)};
    uint64_t rounds = 100 * tu_scale();
    for (uint64_t r = 0; r < rounds; r++) {
        gr_ctx *c;
        gr_ruleset *rs;
        gr_error err;
        CHECK(gr_ctx_new(&c) == GR_OK && gr_ctx_ruleset(c, spec, strlen(spec), &rs, &err) == GR_OK, "%s", spec);
        uint64_t limit = tu_below(&rng, 3) == 0 ? 1 + tu_below(&rng, RW * RW / 16) : 0;
        if (limit) gr_ctx_set_search_limit(c, limit);
        for (int q = 0; q < 40; q++) {
            /* small positions, thin ones and any in the box */
            unsigned k = (unsigned)tu_below(&rng, 3);
            uint64_t span = k == 0 ? 16 : RW;
            uint64_t a = tu_below(&rng, span), b = tu_below(&rng, k == 1 ? 4 : span);
            if (tu_below(&rng, 2)) { uint64_t t = a; a = b; b = t; }
            uint64_t args[2] = {a, b}, v = UINT64_MAX;
            gr_status st = gr_ruleset_state_value(rs, args, 2, &v, &err);
            int fits = !limit || (a + 1) * (b + 1) <= 16 * limit;
            if (fits || book[a][b] == 0)
                CHECK(st == GR_OK && v == book[a][b], "%s(%llu,%llu) = %llu, textbook %u (search limit %llu): %s", spec,
                      (unsigned long long)a, (unsigned long long)b, (unsigned long long)v, book[a][b],
                      (unsigned long long)limit, st == GR_OK ? "" : err.message);
            else
                CHECK(st == GR_EUNPROVEN && strstr(err.message, "raise the search limit"),
                      "%s(%llu,%llu) past the bound: %s", spec, (unsigned long long)a, (unsigned long long)b,
                      st == GR_OK ? "answered" : err.message);
            n++;
        }
        gr_ctx_free(c);
    }
    return n;
}

static void wythoff(void) {
    enum { W = 60 };
    static unsigned g[W][W];
    for (int a = 0; a < W; a++)
        for (int b = 0; b < W; b++) {
            unsigned char seen[512] = {0};
            for (int d = 1; d <= a; d++) seen[g[a - d][b]] = 1;
            for (int d = 1; d <= b; d++) seen[g[a][b - d]] = 1;
            for (int d = 1; d <= a && d <= b; d++) seen[g[a - d][b - d]] = 1;
            unsigned m = 0;
            while (seen[m]) m++;
            g[a][b] = m;
        }
    gr_ruleset *rs = rs_of("wythoff");
    gr_error err;
    long n = 0;
    for (int a = 0; a < W; a++)
        for (int b = 0; b < W; b++) {
            uint64_t args[2] = {(uint64_t)a, (uint64_t)b}, v;
            int wins;
            CHECK(gr_ruleset_state_value(rs, args, 2, &v, &err) == GR_OK && v == g[a][b], "wythoff(%d,%d) = %llu, brute %u", a, b,
                  (unsigned long long)v, g[a][b]);
            CHECK(gr_ruleset_state_outcome(rs, args, 2, &wins, &err) == GR_OK && wins == (g[a][b] != 0), "wythoff(%d,%d) outcome", a, b);
            n++;
        }
    /* P-positions by the Beatty construction, k up to 200000 */
    static unsigned char used[600000];
    int a = 0;
    for (int k = 0; k < 200000; k++) {
        while (used[a]) a++;
        used[a] = 1;
        if (a + k < 600000) used[a + k] = 1;
        uint64_t p[2] = {(uint64_t)a, (uint64_t)(a + k)}, q[2] = {(uint64_t)a + 1, (uint64_t)(a + k)};
        int wins;
        CHECK(gr_ruleset_state_outcome(rs, p, 2, &wins, &err) == GR_OK && !wins, "wythoff(%d,%d) is a P-position", a, a + k);
        if (k) CHECK(gr_ruleset_state_outcome(rs, q, 2, &wins, &err) == GR_OK && wins, "wythoff(%d,%d) is N", a + 1, a + k);
        n += 2;
    }
    /* Fibonacci indices: floor(F_m * phi) = F_{m+1} - (m even), exact far past doubles */
    uint64_t f[95];
    f[0] = 0; f[1] = 1;
    for (int m = 2; m < 93; m++) f[m] = f[m - 1] + f[m - 2];
    for (int m = 2; m + 1 < 93; m++) {
        uint64_t k = f[m], ak = f[m + 1] - (m % 2 == 0);
        if (ak > UINT64_MAX - k) break;
        uint64_t p[2] = {ak, ak + k}, q[2] = {ak + 1, ak + k + 1}, r[2] = {ak - 1, ak + k - 1};
        int wins;
        CHECK(gr_ruleset_state_outcome(rs, p, 2, &wins, &err) == GR_OK && !wins, "wythoff(F: %llu,%llu) must be P",
              (unsigned long long)p[0], (unsigned long long)p[1]);
        CHECK(gr_ruleset_state_outcome(rs, q, 2, &wins, &err) == GR_OK && wins, "shifted up is N");
        CHECK(gr_ruleset_state_outcome(rs, r, 2, &wins, &err) == GR_OK && wins, "shifted down is N");
        n += 3;
    }
    /* winning moves from huge N positions reach P positions, and are real moves */
    n += huge_moves(rs, "wythoff", 77, 1, 40, wythoff_legal);
    printf("wythoff: %ld checks of values, P-positions and huge winning moves\n", n);
}

static void euclid(void) {
    enum { W = 300 };
    static unsigned char win[W][W];
    static unsigned g[64][64];
    for (int s = 0; s < 2 * W; s++)
        for (int a = 0; a < W; a++) {
            int b = s - a;
            if (b < 0 || b >= W) continue;
            int w = 0;
            if (a && b) {
                if (a >= b) for (int m = a - b; m >= 0 && !w; m -= b) w = !win[m][b];
                else for (int m = b - a; m >= 0 && !w; m -= a) w = !win[a][m];
            }
            win[a][b] = (unsigned char)w;
            if (a < 64 && b < 64) {
                unsigned char seen[128] = {0};
                if (a && b) {
                    if (a >= b) for (int m = a - b; m >= 0; m -= b) seen[g[m][b]] = 1;
                    else for (int m = b - a; m >= 0; m -= a) seen[g[a][m]] = 1;
                }
                unsigned v = 0;
                while (seen[v]) v++;
                g[a][b] = v;
            }
        }
    gr_ruleset *rs = rs_of("euclid");
    gr_error err;
    long n = 0;
    for (int a = 0; a < W; a++)
        for (int b = 0; b < W; b++) {
            uint64_t args[2] = {(uint64_t)a, (uint64_t)b}, v;
            int wins;
            CHECK(gr_ruleset_state_outcome(rs, args, 2, &wins, &err) == GR_OK && wins == win[a][b], "euclid(%d,%d) outcome", a, b);
            if (a < 64 && b < 64)
                CHECK(gr_ruleset_state_value(rs, args, 2, &v, &err) == GR_OK && v == g[a][b], "euclid(%d,%d) = %llu, brute %u", a,
                      b, (unsigned long long)v, g[a][b]);
            n++;
        }
    /* huge positions: the winning move is legal and leads to a lost position */
    n += huge_moves(rs, "euclid", 78, 0, 60, euclid_legal);
    printf("euclid: %ld positions checked\n", n);
}

static void dyn(void) {
    enum { N = 2000 };
    static unsigned char win[N + 1][N + 1]; /* win[n][c], c <= n */
    long n_checked = 0;
    for (int k = 1; k <= 10; k++) {
        for (int n = 0; n <= N; n++) {
            win[n][0] = 0;
            for (int c = 1; c <= n; c++) {
                int r = n - c, nc = c * k < r ? c * k : r;
                win[n][c] = win[n][c - 1] || !win[r][nc];
            }
        }
        char spec[32];
        snprintf(spec, sizeof spec, k == 2 && (k & 1) == 0 ? "fib" : "dyn[%d]", k);
        gr_ruleset *rs = rs_of(spec);
        gr_error err;
        for (int n = 0; n <= N; n++) {
            for (int c = 0; c <= n; c += (n > 300 ? 7 : 1)) {
                uint64_t args[2] = {(uint64_t)n, (uint64_t)c}, take;
                int wins;
                CHECK(gr_ruleset_state_outcome(rs, args, 2, &wins, &err) == GR_OK && wins == win[n][c], "%s(%d,%d)", spec, n, c);
                CHECK(gr_ruleset_least_winning_take(rs, args, 2, &take, &err) == GR_OK, "min take");
                int least = 0;
                for (int t = 1; t <= c && !least; t++) {
                    int r = n - t, nc = t * k < r ? t * k : r;
                    if (!win[r][nc]) least = t;
                }
                CHECK((int)take == least, "%s(%d,%d): least winning take %llu, brute force %d", spec, n, c,
                      (unsigned long long)take, least);
                n_checked++;
            }
            /* the first move: 1..n-1 */
            uint64_t one[1] = {(uint64_t)n};
            int wins;
            int want = n >= 2 ? win[n][n - 1] : 0;
            CHECK(gr_ruleset_state_outcome(rs, one, 1, &wins, &err) == GR_OK && wins == want, "%s(%d)", spec, n);
        }
        /* values of small positions against a brute mex */
        static unsigned g[64][64];
        for (int n = 0; n < 64; n++)
            for (int c = 0; c <= n; c++) {
                unsigned char seen[80] = {0};
                for (int t = 1; t <= c; t++) {
                    int r = n - t, nc = t * k < r ? t * k : r;
                    seen[g[r][nc]] = 1;
                }
                unsigned v = 0;
                while (seen[v]) v++;
                g[n][c] = v;
                uint64_t args[2] = {(uint64_t)n, (uint64_t)c}, lv;
                CHECK(gr_ruleset_state_value(rs, args, 2, &lv, &err) == GR_OK && lv == v, "%s(%d,%d) = %llu, brute %u", spec, n,
                      c, (unsigned long long)lv, v);
            }
    }
    /* 64-bit ends: the sequence stops cleanly at 2^64 - 1 */
    gr_error err;
    gr_ruleset *rs = rs_of("dyn[1]");
    uint64_t big[1] = {(uint64_t)1 << 63}, take;
    int wins;
    CHECK(gr_ruleset_state_outcome(rs, big, 1, &wins, &err) == GR_OK && !wins, "dyn[1]: powers of two are lost");
    uint64_t odd[1] = {((uint64_t)1 << 63) + 12};
    CHECK(gr_ruleset_least_winning_take(rs, odd, 1, &take, &err) == GR_OK && take == 4, "dyn[1]: take the lowest bit");
    uint64_t top[1] = {UINT64_MAX};
    CHECK(gr_ruleset_state_outcome(rs_of("fib"), top, 1, &wins, &err) == GR_OK, "fib(2^64-1)");
    printf("dyn: %ld (n, c) positions for k = 1..10 checked against the game tree\n", n_checked);
}

int main(void) {
    run_seed = tu_seed(57);
    if (gr_ctx_new(&ctx) != GR_OK) return 1;
    wythoff();
    euclid();
    dyn();
    textbook();
    long w = random_tables("wythoff", wy_book), e = random_tables("euclid", eu_book);
    printf("random tables: %ld wythoff and %ld euclid positions against the textbook mex\n", w, e);
    gr_ctx_free(ctx);
    return tu_finish("test_state");
}
