/* Two-coordinate state rulesets with closed-form outcomes.
 *
 * wythoff(a,b): take any number from one heap, or the same number from both.
 *   The lost positions are (a_k, a_k + k) with a_k = floor(k*phi). grundy
 *   decides a_k = x exactly in integers: x = floor(k*phi) iff
 *   2x - k < k*sqrt(5) < 2x + 2 - k, compared by squaring in 256-bit
 *   arithmetic, so every 64-bit position is exact (floating point is already
 *   wrong at k = 102334155).
 * euclid(a,b): subtract a positive multiple of the smaller number from the
 *   larger, staying >= 0; whoever reaches 0 wins. With a >= b > 0: b | a or
 *   a >= 2b wins (Euclid's game theorem: from a >= 2b one of a mod b and
 *   a mod b + b is a loss for the opponent); otherwise the one move is forced,
 *   to (b, a - b). That is an iterated subtraction, done in O(log) steps.
 * Grundy values come from a table of the positions (x, y) with x <= a and
 * y <= b, of at most 16 x the search limit cells (a rule's dense table has
 * the same bound; 2^24 by default) and 4096 a side; past it only lost
 * positions have a known value (0). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/family.h"
#include "core/context_internal.h"
#include "core/ticker.h"

extern const gri_family gri_family_wythoff, gri_family_euclid;

__extension__ typedef unsigned __int128 u128;
__extension__ typedef __int128 i128;

/* ---- 256-bit helpers ---- */

static void mul_128(u128 a, u128 b, uint64_t r[4]) {
    uint64_t a0 = (uint64_t)a, a1 = (uint64_t)(a >> 64), b0 = (uint64_t)b, b1 = (uint64_t)(b >> 64);
    u128 p00 = (u128)a0 * b0, p01 = (u128)a0 * b1, p10 = (u128)a1 * b0, p11 = (u128)a1 * b1;
    r[0] = (uint64_t)p00;
    u128 mid = (p00 >> 64) + (uint64_t)p01 + (uint64_t)p10;
    r[1] = (uint64_t)mid;
    u128 hi = (mid >> 64) + (p01 >> 64) + (p10 >> 64) + (uint64_t)p11;
    r[2] = (uint64_t)hi;
    r[3] = (uint64_t)((hi >> 64) + (p11 >> 64));
}

static void times5(uint64_t r[4]) {
    u128 c = 0;
    for (int i = 0; i < 4; i++) {
        u128 v = (u128)r[i] * 5 + c;
        r[i] = (uint64_t)v;
        c = v >> 64;
    }
}

static int cmp_256(const uint64_t x[4], const uint64_t y[4]) {
    for (int i = 3; i >= 0; i--)
        if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
}

/* x == floor(k * phi)? (k >= 1; x, k < 2^64) */
static int is_floor_phi(u128 x, u128 k) {
    uint64_t k5[4], l2[4], u2[4];
    mul_128(k, k, k5);
    times5(k5);
    i128 L = (i128)(2 * x) - (i128)k, U = (i128)(2 * x + 2) - (i128)k;
    if (L >= 0) {
        mul_128((u128)L, (u128)L, l2);
        if (cmp_256(l2, k5) >= 0) return 0;
    }
    if (U <= 0) return 0;
    mul_128((u128)U, (u128)U, u2);
    return cmp_256(k5, u2) < 0;
}

static const long double PHI = 1.6180339887498948482045868343656381L;

/* floor(j * phi) exactly; 0 with *over set when it is 2^64 or more */
static uint64_t floor_phi(uint64_t j, int *over) {
    *over = 0;
    if (j == 0) return 0;
    long double est = (long double)j * PHI;
    if (est > 1.9e19L) { *over = 1; return 0; }
    u128 x0 = (u128)est;
    for (i128 d = -3; d <= 3; d++) {
        i128 x = (i128)x0 + d;
        if (x < 0) continue;
        if (is_floor_phi((u128)x, j)) {
            if ((u128)x > UINT64_MAX) { *over = 1; return 0; }
            return (uint64_t)x;
        }
    }
    *over = 1; /* unreachable with a correct estimate */
    return 0;
}

static int wythoff_lost(uint64_t a, uint64_t b) {
    uint64_t x = a < b ? a : b, y = a < b ? b : a, k = y - x;
    if (k == 0) return x == 0;
    return is_floor_phi(x, k);
}

/* v = floor(j phi) (lower, returns 1) or v = floor(j phi) + j (upper, 0); v >= 1 */
static int wythoff_index(uint64_t v, uint64_t *j) {
    long double lo = (long double)v / PHI, up = (long double)v / (PHI * PHI);
    int over;
    for (int d = -3; d <= 3; d++) {
        long double c = lo + d;
        if (c < 1) continue;
        uint64_t jj = (uint64_t)c;
        if (floor_phi(jj, &over) == v && !over) { *j = jj; return 1; }
    }
    for (int d = -3; d <= 3; d++) {
        long double c = up + d;
        if (c < 1) continue;
        uint64_t jj = (uint64_t)c;
        uint64_t f = floor_phi(jj, &over);
        if (!over && f + jj == v && f <= v) { *j = jj; return 0; }
    }
    *j = 0;
    return -1;
}

/* ---- euclid ---- */

static int euclid_wins(uint64_t a, uint64_t b) {
    int flip = 0;
    for (;;) {
        uint64_t x = a > b ? a : b, y = a > b ? b : a;
        if (y == 0) return flip;            /* no move: the mover loses */
        if (x % y == 0 || x / y >= 2) return !flip;
        a = y;
        b = x - y;                          /* the forced move */
        flip = !flip;
    }
}

/* ---- shared ---- */

static gr_status pair_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err) {
    (void)args;
    if (n != 2) {
        *bad = n > 2 ? 2 : 0;
        return gri_fail(err, GR_EINVAL, "%s takes two numbers, e.g. %s(3,5)", rs->spec, rs->spec);
    }
    return GR_OK;
}

static gr_status pair_outcome(gr_ruleset *rs, const uint64_t *args, size_t n, int *wins, gr_error *err) {
    (void)err; (void)n;
    *wins = rs->fam == &gri_family_wythoff ? !wythoff_lost(args[0], args[1]) : euclid_wins(args[0], args[1]);
    return GR_OK;
}

/* The value table holds the box of positions (a, b) with a < st_h and
 * b < st_w, st_tab[a * st_w + b], as large as the positions asked so far
 * need (a side grows at least twofold; the box is then built again): at
 * most GR_STATE_TABLE_SIDE_MAX a side and gri_ctx_dense_cells cells in
 * all, the bound of a rule's dense table. */
static int table_holds(const gr_ruleset *rs, uint64_t h, uint64_t w) {
    return h <= GR_STATE_TABLE_SIDE_MAX && w <= GR_STATE_TABLE_SIDE_MAX && h * w <= gri_ctx_dense_cells(rs->ctx);
}

/* Wythoff's table row by row in O(h w) steps: the value of (a, b) is
 * the mex of three sets, the values left of it in its row, above it in its
 * column and up-left on its diagonal, each kept as a bitset as the table
 * fills, with its own mex (which only grows). The mex of the union is at
 * least the largest of the three, so the search starts there and is
 * mostly one word. (The textbook mex over every option costs O(h w (h + w)):
 * 7 s for 1001 x 1001; tests/test_state.c compares the two, and
 * bench/bench_wythoff.c times them.) The mex of a + b + min(a, b) options
 * is at most h + w + min(h, w), which sizes the bitsets. */
typedef struct wy_set {
    uint64_t *bits;
    uint32_t low; /* the least value not in the set */
} wy_set;

static uint32_t wy_absent_from(const uint64_t *bits, uint32_t from) {
    size_t w = from / 64;
    uint64_t m = bits[w] | ((((uint64_t)1) << (from % 64)) - 1);
    while (m == UINT64_MAX) m = bits[++w];
    return (uint32_t)(w * 64 + (size_t)__builtin_ctzll(~m));
}

static void wy_put(wy_set *set, uint32_t v) {
    set->bits[v / 64] |= (uint64_t)1 << (v % 64);
    if (v == set->low) set->low = wy_absent_from(set->bits, v);
}

static gr_status wythoff_fill(gr_ruleset *rs, uint32_t *t, size_t h, size_t w, gri_ticker *tk, const char *what,
                              gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t words = (h + w + (h < w ? h : w)) / 64 + 2, nsets = 1 + w + (h + w - 1);
    uint64_t *bits = gri_calloc(al, nsets * words, sizeof *bits);
    wy_set *sets = gri_calloc(al, nsets, sizeof *sets);
    if (!bits || !sets) {
        gri_free(al, bits);
        gri_free(al, sets);
        return gri_fail(err, GR_ENOMEM, "out of memory: %s value table", rs->spec);
    }
    for (size_t i = 0; i < nsets; i++) sets[i].bits = bits + i * words;
    wy_set *row = &sets[0], *col = &sets[1], *diag = &sets[1 + w]; /* diag[b - a + h - 1] */
    gr_status stop = GR_OK;
    for (size_t a = 0; a < h && stop == GR_OK; a++) {
        memset(row->bits, 0, words * sizeof *row->bits);
        row->low = 0;
        for (size_t b = 0; b < w; b++) {
            if ((stop = gri_tick_poll(tk, rs->ctx, err, what, a * w + b, "positions")) != GR_OK) break;
            wy_set *c = &col[b], *d = &diag[b + h - 1 - a];
            uint32_t from = row->low > c->low ? row->low : c->low;
            if (d->low > from) from = d->low;
            size_t k = from / 64;
            uint64_t m = row->bits[k] | c->bits[k] | d->bits[k] | ((((uint64_t)1) << (from % 64)) - 1);
            while (m == UINT64_MAX) { k++; m = row->bits[k] | c->bits[k] | d->bits[k]; }
            uint32_t v = (uint32_t)(k * 64 + (size_t)__builtin_ctzll(~m));
            t[a * w + b] = v;
            wy_put(row, v);
            wy_put(c, v);
            wy_put(d, v);
        }
    }
    gri_free(al, bits);
    gri_free(al, sets);
    return stop;
}

/* Euclid's table by the textbook mex: a cell has at most max/min options,
 * so the table costs O(h w log(h + w)). Row by row: every option of (a, b)
 * has a smaller a, or the same a and a smaller b. */
static gr_status euclid_fill(gr_ruleset *rs, uint32_t *t, size_t h, size_t w, gri_ticker *tk, const char *what,
                             gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    gr_mexset ms;
    gr_mexset_init(&ms);
    gr_status st = GR_OK;
    for (size_t a = 0; a < h && st == GR_OK; a++)
        for (size_t b = 0; b < w && st == GR_OK; b++) {
            if ((st = gri_tick_poll(tk, rs->ctx, err, what, a * w + b, "positions")) != GR_OK) break;
            gr_mexset_clear(&ms);
            if (a && b) {
                if (a >= b) for (size_t m = a; m >= b && st == GR_OK; m -= b) st = gri_mexset_add(al, &ms, t[(m - b) * w + b]);
                else for (size_t m = b; m >= a && st == GR_OK; m -= a) st = gri_mexset_add(al, &ms, t[a * w + m - a]);
                if (st != GR_OK) st = gri_fail(err, GR_ENOMEM, "out of memory: %s value table", rs->spec);
            }
            if (st == GR_OK) t[a * w + b] = (uint32_t)gr_mexset_mex(&ms);
        }
    gri_mexset_free(al, &ms);
    return st;
}

/* a side grown for `need`: at least twice what it was, at most the largest */
static size_t grown(size_t have, size_t need) {
    if (need <= have) return have;
    size_t g = have * 2 < 64 ? 64 : have * 2;
    if (g > GR_STATE_TABLE_SIDE_MAX) g = GR_STATE_TABLE_SIDE_MAX;
    return g > need ? g : need;
}

/* a table that holds (a, b), which table_holds(a + 1, b + 1) allows */
static gr_status build_table(gr_ruleset *rs, uint64_t a, uint64_t b, gr_error *err) {
    if (rs->st_tab && a < rs->st_h && b < rs->st_w) return GR_OK;
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t h = grown(rs->st_h, (size_t)a + 1), w = grown(rs->st_w, (size_t)b + 1);
    /* past the bound: the box the asked position needs, and no more */
    if (!table_holds(rs, h, w)) { h = (size_t)a + 1 > rs->st_h ? (size_t)a + 1 : rs->st_h; w = (size_t)b + 1 > rs->st_w ? (size_t)b + 1 : rs->st_w; }
    if (!table_holds(rs, h, w)) { h = (size_t)a + 1; w = (size_t)b + 1; }
    uint32_t *t = gri_malloc(al, h * w * sizeof *t);
    if (!t) return gri_fail(err, GR_ENOMEM, "out of memory: %s value table", rs->spec);
    gri_ticker tk;
    gri_ticker_start(&tk, rs->ctx);
    char what[GR_ERROR_MESSAGE_MAX / 2];
    snprintf(what, sizeof what, "the table of %s's small positions", rs->spec);
    gr_status st = rs->fam == &gri_family_wythoff ? wythoff_fill(rs, t, h, w, &tk, what, err)
                                                  : euclid_fill(rs, t, h, w, &tk, what, err);
    if (st != GR_OK) { gri_free(al, t); return st; }
    gri_free(al, rs->st_tab);
    rs->st_tab = t;
    rs->st_h = h;
    rs->st_w = w;
    return GR_OK;
}

static gr_status pair_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err) {
    uint64_t a = args[0], b = args[1];
    if (a < GR_STATE_TABLE_SIDE_MAX && b < GR_STATE_TABLE_SIDE_MAX && table_holds(rs, a + 1, b + 1)) {
        gr_status st = build_table(rs, a, b, err);
        if (st != GR_OK) return st;
        *value = rs->st_tab[a * rs->st_w + b];
        return GR_OK;
    }
    int wins;
    (void)pair_outcome(rs, args, n, &wins, err);
    if (!wins) { *value = 0; return GR_OK; }
    if (a >= GR_STATE_TABLE_SIDE_MAX || b >= GR_STATE_TABLE_SIDE_MAX)
        return gri_fail(err, GR_EUNPROVEN,
                        "%s(%llu,%llu): the position is won (N), but its Grundy value is known only below %d in each "
                        "number (the largest table)",
                        rs->spec, (unsigned long long)a, (unsigned long long)b, GR_STATE_TABLE_SIDE_MAX);
    return gri_fail(err, GR_EUNPROVEN,
                    "%s(%llu,%llu): the position is won (N), but its Grundy value needs a table of %llu x %llu cells, "
                    "more than 16 x the search limit of %llu (raise the search limit)",
                    rs->spec, (unsigned long long)a, (unsigned long long)b, (unsigned long long)a + 1,
                    (unsigned long long)b + 1, (unsigned long long)gr_ctx_search_limit(rs->ctx));
}

static int emit2(gri_optiter *it, gr_state_option_fn fn, void *user, uint64_t a, uint64_t b) {
    if (it->max && it->seen >= it->max) { it->stopped = it->cut = 1; return 1; }
    it->seen++;
    uint64_t o[2] = {a, b};
    if (fn(user, o, 2)) { it->stopped = 1; return 1; }
    return 0;
}

static gr_status pair_options(gr_ruleset *rs, const uint64_t *args, size_t n, gri_optiter *it, gr_state_option_fn fn,
                              void *user, gr_error *err) {
    (void)n; (void)err;
    uint64_t a = args[0], b = args[1];
    if (rs->fam == &gri_family_wythoff) {
        for (uint64_t d = 1; d <= a; d++) if (emit2(it, fn, user, a - d, b)) return GR_OK;
        for (uint64_t d = 1; d <= b; d++) if (emit2(it, fn, user, a, b - d)) return GR_OK;
        for (uint64_t d = 1; d <= a && d <= b; d++) if (emit2(it, fn, user, a - d, b - d)) return GR_OK;
        return GR_OK;
    }
    if (!a || !b) return GR_OK;
    if (a >= b) { for (uint64_t m = a; m >= b; m -= b) if (emit2(it, fn, user, m - b, b)) return GR_OK; }
    else { for (uint64_t m = b; m >= a; m -= a) if (emit2(it, fn, user, a, m - a)) return GR_OK; }
    return GR_OK;
}

typedef struct target_scan {
    gr_ruleset *rs;
    uint64_t target;
    gr_state_option_fn fn;
    void *user;
} target_scan;

static int scan_target(void *user, const uint64_t *o, size_t n) {
    (void)n;
    target_scan *ts = user;
    uint64_t v = ts->rs->st_tab[o[0] * ts->rs->st_w + o[1]];
    return v == ts->target ? ts->fn(ts->user, o, 2) : 0;
}

static gr_status pair_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, gr_state_option_fn fn,
                               void *user, int *complete, gr_error *err) {
    uint64_t a = args[0], b = args[1];
    if (a < GR_STATE_TABLE_SIDE_MAX && b < GR_STATE_TABLE_SIDE_MAX && table_holds(rs, a + 1, b + 1)) {
        gr_status st = build_table(rs, a, b, err);
        if (st != GR_OK) return st;
        target_scan ts = {rs, target, fn, user};
        gri_optiter it = {0};
        return pair_options(rs, args, n, &it, scan_target, &ts, err);
    }
    if (target != 0) {
        /* values of large positions are unknown: nothing can be listed */
        if (complete) *complete = 0;
        return GR_OK;
    }
    uint64_t o[2];
    if (rs->fam == &gri_family_euclid) {
        if (!euclid_wins(a, b)) return GR_OK;
        int swap = a < b;
        uint64_t x = swap ? b : a, y = swap ? a : b, nx;
        if (x % y == 0) nx = 0;
        else if (x / y >= 2) nx = euclid_wins(y, x % y) ? x % y + y : x % y;
        else nx = x - y;
        o[0] = swap ? y : nx;
        o[1] = swap ? nx : y;
        fn(user, o, 2);
        return GR_OK;
    }
    /* wythoff: the moves to lost positions, by the formulas */
    if (wythoff_lost(a, b)) return GR_OK;
    uint64_t got[4][2];
    int ngot = 0, stop = 0;
    int swap = a > b;
    uint64_t x = swap ? b : a, y = swap ? a : b;
#define OUT(nx, ny)                                                                           \
    do {                                                                                      \
        uint64_t ox = swap ? (ny) : (nx), oy = swap ? (nx) : (ny);                             \
        int dup = 0;                                                                          \
        for (int q = 0; q < ngot; q++) dup |= got[q][0] == ox && got[q][1] == oy;             \
        if (!dup && !stop && wythoff_lost(ox, oy)) {                                          \
            got[ngot][0] = ox; got[ngot][1] = oy; ngot++;                                     \
            o[0] = ox; o[1] = oy;                                                             \
            stop = fn(user, o, 2);                                                            \
        }                                                                                     \
    } while (0)
    int over;
    uint64_t k = y - x;
    if (k > 0) {
        uint64_t ak = floor_phi(k, &over);
        if (!over && ak < x) OUT(ak, ak + k);
    } else if (x > 0) {
        OUT(0, 0);
    }
    uint64_t j;
    if (x > 0) {
        int lower = wythoff_index(x, &j);
        if (lower == 1 && x + j < y) OUT(x, x + j);
        if (lower == 0) { uint64_t aj = floor_phi(j, &over); if (!over && aj < y) OUT(x, aj); }
    } else {
        OUT(0, 0); /* (0, y): take all of y */
    }
    if (y > 0 && wythoff_index(y, &j) == 0) {
        uint64_t aj = floor_phi(j, &over);
        if (!over && aj < x) OUT(aj, y);
    }
#undef OUT
    return GR_OK;
}

const gri_family gri_family_wythoff = {
    .name = "wythoff",
    .cert = GRI_CERT_PAIR,
    .method = "mex over the options for small positions (a table); the P-positions are the Wythoff pairs (floor(k·phi), floor(k·phi²))",
    .check = pair_check,
    .value = pair_value,
    .outcome = pair_outcome,
    .state_options = pair_options,
    .state_moves_to = pair_moves_to,
};

const gri_family gri_family_euclid = {
    .name = "euclid",
    .cert = GRI_CERT_PAIR,
    .method = "mex over the options for small positions (a table); the outcome of any position by the rule: with a >= b > 0 the mover wins iff b divides a, or a >= 2b, or the forced move to (b, a-b) loses",
    .check = pair_check,
    .value = pair_value,
    .outcome = pair_outcome,
    .state_options = pair_options,
    .state_moves_to = pair_moves_to,
};
