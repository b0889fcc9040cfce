/* Rules of 2 to 4 numbers made of whole lines (rule_internal.h): every
 * clause is `(x, y) -> (x-k, y) for k in 1..x`, or the like along another
 * direction d of 0s and 1s (`(x-k, y-k) for k in 1..min(x, y)`): its
 * options from p are all the points p - k*d down to the edge of the
 * quadrant. Wythoff's game is three such clauses, the rook's two. Filled
 * in the textbook's order (each number from 0 up, the last fastest), the
 * points before p on each of its lines are already valued, so the values
 * met on each line are kept as a bitset, one per line and direction, and
 * p's value is the least value in none of its lines' sets: a few words
 * ORed instead of one lookup per option, as a contestant's C does with
 * row and column sets (docs/theory.md has the proof; tests/test_rulefast.c
 * compares it with the memoized search). */
#include <limits.h>
#include <string.h>
#include "games/rule_internal.h"
#include "core/ticker.h"
#include "lang/ruleprog.h"

#define UNKNOWN UINT32_MAX

/* whether code c is [LOAD j] alone */
static int is_load(const code *c, unsigned j) { return c->n == 1 && c->v[0].op == OP_LOAD && c->v[0].arg == j; }

/* whether c is x_j - k: [LOAD j, LOAD k, SUB] */
static int is_minus(const code *c, unsigned j, unsigned k) {
    return c->n == 3 && c->v[0].op == OP_LOAD && c->v[0].arg == j && c->v[1].op == OP_LOAD && c->v[1].arg == k &&
           c->v[2].op == OP_SUB;
}

/* whether c is the min of the numbers in `set` (bit j: x_j), each once,
 * nested in any way: loads and MINs only, one fewer MIN than loads */
static int is_min_of(const code *c, unsigned set) {
    unsigned seen = 0, loads = 0, mins = 0;
    for (size_t i = 0; i < c->n; i++) {
        if (c->v[i].op == OP_LOAD) {
            uint64_t j = c->v[i].arg;
            if (j >= GRI_RULE_MAX_ARITY || !(set >> j & 1) || (seen >> j & 1)) return 0;
            seen |= 1u << j;
            loads++;
        } else if (c->v[i].op == OP_MIN) mins++;
        else return 0;
    }
    return seen == set && loads == mins + 1 && rule_code_depth(c) >= 1;
}

int gri_rule_lines_of(const gri_rule *r, unsigned *dirs, unsigned *nd) {
    unsigned a = r->arity;
    *nd = 0;
    if (a < 2 || r->nc == 0) return 0;
    for (size_t ci = 0; ci < r->nc; ci++) {
        const clause *cl = &r->c[ci];
        if (cl->nloops != 1 || cl->cond.n || cl->nparts != 1) return 0;
        const loop *l = &cl->loops[0];
        if (l->lo.n != 1 || l->lo.v[0].op != OP_CONST || l->lo.v[0].arg != 1) return 0;
        unsigned k = l->slot, d = 0;
        for (unsigned j = 0; j < a; j++) {
            if (is_minus(&cl->parts[0][j], j, k)) d |= 1u << j;
            else if (!is_load(&cl->parts[0][j], j)) return 0;
        }
        if (!d || !is_min_of(&l->hi, d)) return 0;
        unsigned q = 0;
        while (q < *nd && dirs[q] != d) q++;
        if (q == *nd) dirs[(*nd)++] = d; /* a direction written twice lists its options twice: one set */
    }
    return 1;
}

/* the cell where the line through c in direction d starts (c - m*d, m the
 * least of c's numbers along d), by the strides sx */
static uint64_t line_start(unsigned a, const uint64_t *sx, const uint64_t *c, unsigned d) {
    uint64_t m = UINT64_MAX, idx = 0;
    for (unsigned j = 0; j < a; j++)
        if (d >> j & 1 && c[j] < m) m = c[j];
    for (unsigned j = 0; j < a; j++) idx += (d >> j & 1 ? c[j] - m : c[j]) * sx[j];
    return idx;
}

gr_status gri_rule_lines_fill(gr_ruleset *rs, rule_dense *dn, const uint64_t *x, int *done, gr_error *err) {
    const gr_allocator *al = dn->al;
    unsigned a = dn->a, nd = dn->lines_nd;
    const unsigned *dirs = dn->lines_dirs;
    *done = 0;
    /* the cells at or below x, numbered by the strides sx */
    uint64_t longest = 0, cells = 1, sx[GRI_RULE_MAX_ARITY];
    for (unsigned j = a; j-- > 0;) {
        sx[j] = cells;
        cells *= x[j] + 1;
        if (x[j] > longest) longest = x[j];
    }
    /* the machine lists at most this many steps: past it, it stops with
     * an error, which the walk then meets as it does */
    if (longest > RULE_MAX_STEPS / gri_rule_of(rs)->nc) return GR_OK;
    /* a value is at most the options of a cell, at most nd lines' lengths */
    uint64_t words = (uint64_t)nd * longest / 64 + 1;
    /* the lines of direction d: the cells <= x with a number along d at 0 */
    uint64_t nlines = 0;
    for (unsigned q = 0; q < nd; q++) {
        uint64_t inner = 1;
        for (unsigned j = 0; j < a; j++) inner *= dirs[q] >> j & 1 ? x[j] : x[j] + 1;
        nlines += cells - inner;
    }
    /* room: the sets and the map to them in the bytes the largest dense table may take */
    uint64_t room = gri_ctx_dense_cells(rs->ctx) * 4;
    if (nlines >= UINT32_MAX || words > room / 8 / nlines || cells > room / 4 / nd) return GR_OK;
    uint64_t *sets = gri_calloc(al, (size_t)(nlines * words), sizeof *sets);
    uint32_t *slot = gri_malloc(al, (size_t)(cells * nd) * sizeof *slot); /* per start cell and direction: its set */
    if (!sets || !slot) {
        gri_free(al, sets);
        gri_free(al, slot);
        return GR_OK; /* no room: the other paths go on */
    }
    uint64_t used = 0, c[GRI_RULE_MAX_ARITY] = {0}, top = 0; /* top: the largest value so far */
    gri_ticker tk;
    gri_ticker_start(&tk, rs->ctx);
    gr_status st = GR_OK;
    uint64_t n = 0, here = 0; /* here: c's number by sx */
    for (;;) {
        uint64_t idx = 0;
        for (unsigned j = 0; j < a; j++) idx += c[j] * dn->stride[j];
        uint64_t *line[16];
        for (unsigned q = 0; q < nd; q++) {
            uint64_t s = line_start(a, sx, c, dirs[q]);
            uint32_t *sl = &slot[(size_t)(s * nd + q)];
            if (s == here) *sl = (uint32_t)used++; /* the line starts here */
            line[q] = sets + (size_t)*sl * words;
        }
        uint64_t v = dn->t[idx];
        if (v > GRI_DENSE_MAX_VALUE) {
            /* the least value in none of the sets (their words up to the largest value so far) */
            for (uint64_t w = 0;; w++) {
                uint64_t u = 0;
                if (w <= top / 64)
                    for (unsigned q = 0; q < nd; q++) u |= line[q][w];
                if (~u) { v = w * 64 + (uint64_t)__builtin_ctzll(~u); break; }
            }
            dn->t[idx] = (uint32_t)v;
            dn->filled++;
            dn->line_cells++;
            if (v > dn->maxval) dn->maxval = (uint32_t)v;
        }
        if (v > top) top = v;
        for (unsigned q = 0; q < nd; q++) line[q][v / 64] |= (uint64_t)1 << (v % 64);
        if ((st = gri_tick_poll(&tk, rs->ctx, err, "the table of a rule", ++n, "positions")) != GR_OK) break;
        here++;
        unsigned i = a;
        while (i-- > 0) {
            if (++c[i] <= x[i]) break;
            c[i] = 0;
        }
        if (i == UINT_MAX) { *done = 1; break; }
    }
    gri_free(al, sets);
    gri_free(al, slot);
    return st;
}
