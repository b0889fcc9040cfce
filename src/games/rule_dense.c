/* Dense tables for rules of 2 to 4 numbers (rule_internal.h): the values
 * of every position in a box [0, dim[0]) x ... x [0, dim[a-1]) kept in one
 * array, 4 bytes a cell, as the textbook fills a table. A position's value
 * is found by a depth-first walk over the positions it reaches, with an
 * explicit stack (never C recursion): a cell whose options are all known
 * gets their mex; one with unknown options pushes them and is evaluated
 * again after them. So the order in which moves go (to smaller or larger
 * numbers) does not matter, only that they stay in the box: a move out of
 * it grows the box (twice over, to at most 16 x the search limit cells,
 * at most 16 times for one position) and the walk
 * starts again, keeping every value found. A cell reached again while its
 * own options are being found is a cycle: the dense path gives up, and
 * the memoized search (which also finds loopy games) takes over, as it
 * does for a box too large or a value past 2^32 - 3. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "games/rule_internal.h"
#include "core/context_internal.h"
#include "core/ticker.h"

#define UNKNOWN UINT32_MAX
#define GREY (UINT32_MAX - 1) /* its options are being found */
#define MAX_VALUE (UINT32_MAX - 2)
#define PEND 64               /* unknown options pushed at a time */

void gri_rule_dense_free(rule_data *d) {
    const gr_allocator *al = d->al;
    gri_free(al, d->dn.t);
    gri_free(al, d->dn.stack);
    gri_free(al, d->dn.marks.v);
    memset(&d->dn, 0, sizeof d->dn);
    d->dn.al = al;
}

static uint64_t cell_of(const rule_dense *dn, const uint64_t *x) {
    uint64_t idx = 0;
    for (unsigned i = 0; i < dn->a; i++) idx += x[i] * dn->stride[i];
    return idx;
}

/* a box that holds the current one and want[] (coordinates + 1); 0 when
 * it would pass the bound (or out of memory) */
static int grow(rule_dense *dn, const uint64_t *want, uint64_t limit) {
    const gr_allocator *al = dn->al;
    uint64_t dim[GRI_RULE_MAX_ARITY], cells = 1;
    for (unsigned i = 0; i < dn->a; i++) {
        dim[i] = dn->t ? dn->dim[i] : 0;
        if (want[i] > dim[i]) {
            /* twice at least, so a table asked cell by cell, or a walk
             * that keeps leaving the box, grows in few steps */
            uint64_t g = dim[i] > UINT64_MAX / 2 ? UINT64_MAX : dim[i] * 2;
            dim[i] = want[i] > g ? want[i] : g;
        }
        if (!dim[i] || dim[i] > limit || cells > limit / dim[i]) return 0;
        cells *= dim[i];
    }
    if (cells > SIZE_MAX / sizeof(uint32_t)) return 0;
    uint32_t *t = gri_malloc(al, cells * sizeof *t);
    if (!t) return 0;
    uint64_t stride[GRI_RULE_MAX_ARITY];
    stride[dn->a - 1] = 1;
    for (unsigned i = dn->a - 1; i > 0; i--) stride[i - 1] = stride[i] * dim[i];
    for (uint64_t c = 0; c < cells; c++) t[c] = UNKNOWN;
    if (dn->t) {
        /* the values found so far move to their new cells */
        uint64_t x[GRI_RULE_MAX_ARITY] = {0};
        for (uint64_t c = 0; c < dn->cells; c++) {
            uint32_t v = dn->t[c];
            if (v <= MAX_VALUE) {
                uint64_t idx = 0;
                for (unsigned i = 0; i < dn->a; i++) idx += x[i] * stride[i];
                t[idx] = v;
            }
            for (unsigned i = dn->a; i-- > 0;) {
                if (++x[i] < dn->dim[i]) break;
                x[i] = 0;
            }
        }
    }
    gri_free(al, dn->t);
    dn->t = t;
    dn->cells = cells;
    memcpy(dn->dim, dim, sizeof dim);
    memcpy(dn->stride, stride, sizeof stride);
    return 1;
}

/* one evaluation of a cell: its options as the rule lists them */
typedef struct cellrun {
    rule_dense *dn;
    uint64_t mark;
    int need, cycle, outside;
    uint64_t want[GRI_RULE_MAX_ARITY];
} cellrun;

static int on_option(void *user, const uint64_t *parts, size_t np) {
    cellrun *c = user;
    rule_dense *dn = c->dn;
    unsigned a = dn->a;
    uint64_t x = 0;
    int known = 1;
    for (size_t k = 0; k < np; k++) {
        const uint64_t *p = parts + k * a;
        int in = 1;
        for (unsigned i = 0; i < a; i++)
            if (p[i] >= dn->dim[i]) {
                in = 0;
                if (p[i] >= c->want[i]) c->want[i] = p[i] + 1;
            }
        if (!in) { c->outside = 1; continue; }
        uint64_t idx = cell_of(dn, p);
        uint32_t v = dn->t[idx];
        if (v == GREY) { c->cycle = 1; return 1; }
        if (v == UNKNOWN) {
            known = 0;
            c->need = 1;
            if (dn->npend < PEND) dn->pend[dn->npend++] = idx;
            continue;
        }
        x ^= v;
    }
    if (known && !c->outside) dn->marks.v[x & (dn->marks.cap - 1)] = c->mark;
    /* the whole listing runs, as the search's does, so that an error in it
     * is met at the same point of the walk */
    return 0;
}

static int push(rule_dense *dn, uint64_t idx) {
    const gr_allocator *al = dn->al;
    if (!gri_grow(al, (void **)&dn->stack, &dn->scap, dn->sp + 1, sizeof *dn->stack)) return 0;
    dn->stack[dn->sp++] = idx;
    return 1;
}

/* native code for the cells once the machine has evaluated enough of them
 * to be worth compiling for (and while the box's numbers stay where the
 * native code's arithmetic is proved to fit) */
static int native_on(gr_ruleset *rs, rule_dense *dn) {
    rule_data *d = rs->data;
    if (d->native < 0 || (dn->machine_cells < rs->ctx->native_from && dn->machine_steps < RULE_NATIVE_STEPS)) return 0;
    for (unsigned i = 0; i < dn->a; i++)
        if (dn->dim[i] - 1 > GRI_NATIVE_MAX_HEAP) return 0;
    return gri_rule_native_ready(rs);
}

/* the walk from cell idx; GR_OK with *gave_up set when the dense path
 * cannot go on, or when the box must grow (then *want is set) */
/* one evaluation of cell idx (marked as on the path): by native code, or
 * by the machine when the native code asks or is not there; c says what
 * was found, *nv is the native value (or GRI_NATIVE_ASK) */
static gr_status evaluate(gr_ruleset *rs, rule_dense *dn, uint64_t idx, cellrun *c, int64_t *nv, gr_error *err) {
    unsigned a = dn->a;
    uint64_t x[GRI_RULE_MAX_ARITY], rest = idx;
    for (unsigned i = 0; i < a; i++) { x[i] = rest / dn->stride[i]; rest %= dn->stride[i]; }
    memset(c, 0, sizeof *c);
    c->dn = dn;
    c->mark = ++dn->marks.mark;
    dn->npend = 0;
    /* on the path from now on: an option back to it is a cycle (a
     * position that moves to itself is found at once) */
    dn->t[idx] = GREY;
    *nv = GRI_NATIVE_ASK;
    if (native_on(rs, dn)) {
        int64_t xs[GRI_RULE_MAX_ARITY];
        for (unsigned i = 0; i < a; i++) xs[i] = (int64_t)x[i];
        gri_native_cell_env env = {dn->t, {0}, {0}, dn->marks.v, dn->marks.cap, c->mark, RULE_MAX_STEPS, dn->pend, 0};
        memcpy(env.dim, dn->dim, sizeof env.dim);
        memcpy(env.stride, dn->stride, sizeof env.stride);
        *nv = ((rule_data *)rs->data)->ncell(xs, &env);
        dn->npend = env.npend;
        if (*nv == GRI_NATIVE_NEED) c->need = 1;
        else if (*nv == GRI_NATIVE_CYCLE) c->cycle = 1;
    }
    if (*nv != GRI_NATIVE_ASK) {
        dn->native_cells++;
        return GR_OK;
    }
    dn->npend = 0;
    dn->machine_cells++;
    uint64_t steps = 0;
    gr_status st = gri_rule_options_counted(gri_rule_of(rs), x, RULE_MAX_STEPS, on_option, c, &steps, err);
    dn->machine_steps += steps;
    return st;
}

/* the mex of an evaluation that found every option; 0 when it does not fit */
static int mex_of(rule_dense *dn, const cellrun *c, int64_t nv, uint64_t *m) {
    *m = 0;
    if (nv >= 0) *m = (uint64_t)nv;
    else {
        while (*m < dn->marks.cap && dn->marks.v[*m] == c->mark) (*m)++;
        if (*m == dn->marks.cap) return 0;
    }
    return *m <= MAX_VALUE;
}

/* cell idx gets value m, found by native code or (nv GRI_NATIVE_ASK) the machine */
static void valued(rule_dense *dn, uint64_t idx, uint64_t m, int64_t nv) {
    dn->t[idx] = (uint32_t)m;
    if (m > dn->maxval) dn->maxval = (uint32_t)m;
    dn->filled++;
    if (nv == GRI_NATIVE_ASK) dn->valued_machine++;
    else dn->valued_native++;
}

static gr_status walk(gr_ruleset *rs, rule_dense *dn, uint64_t root, int *gave_up, int *regrow, uint64_t *want,
                      gr_error *err) {
    unsigned a = dn->a;
    dn->sp = 0;
    if (!push(dn, root)) return gri_fail(err, GR_ENOMEM, "out of memory");
    uint64_t evals = 0;
    /* a cell may have thousands of options: polled by elapsed work */
    gri_ticker tk;
    gri_ticker_start(&tk, rs->ctx);
    while (dn->sp) {
        uint64_t idx = dn->stack[dn->sp - 1];
        if (dn->t[idx] <= MAX_VALUE) { dn->sp--; continue; }
        gr_status st = gri_tick_poll(&tk, rs->ctx, err, "the table of a rule", ++evals, "positions");
        if (st != GR_OK) return st;
        if (!gri_rule_marks_room(dn->al, &dn->marks, dn->maxval, (uint64_t)1 << 26)) { *gave_up = 1; return GR_OK; }
        cellrun c;
        int64_t nv;
        if ((st = evaluate(rs, dn, idx, &c, &nv, err)) != GR_OK) return st;
        if (c.cycle) { *gave_up = 1; return GR_OK; }
        if (c.outside) {
            for (unsigned i = 0; i < a; i++) want[i] = c.want[i] > dn->dim[i] ? c.want[i] : dn->dim[i];
            *regrow = 1;
            return GR_OK;
        }
        if (c.need) {
            /* the first unknown option on top: the walk goes through the
             * options in the order the rule lists them, as the search does */
            for (unsigned k = dn->npend; k-- > 0;) {
                uint64_t p = dn->pend[k];
                if (dn->t[p] == UNKNOWN && !push(dn, p)) return gri_fail(err, GR_ENOMEM, "out of memory");
            }
            continue;
        }
        uint64_t m;
        if (!mex_of(dn, &c, nv, &m)) { *gave_up = 1; return GR_OK; }
        valued(dn, idx, m, nv);
        dn->sp--;
    }
    return GR_OK;
}

/* What one listing of position x's options tells the prefill, guesses
 * about speed only (the values are the same either way):
 * - whether it is likely to pay: every number of x moves in some option
 *   (a game that never changes a number, such as (x,y) -> (x-k,y),
 *   reaches a thin slice of the box, and the walk alone is cheaper);
 * - the orders between the numbers that x and all its options keep (bit
 *   i * GRI_RULE_MAX_ARITY + j: x_i >= x_j), a guess at the part of the
 *   box the game stays in: 3-row Chomp from (N, N, N) keeps a >= b >= c,
 *   a sixth of the cube. The prefill skips the cells outside, and one
 *   that is needed after all is evaluated by the walk. */
typedef struct survey {
    const uint64_t *x;
    unsigned a, moved, keep;
} survey;

static int on_survey(void *user, const uint64_t *parts, size_t np) {
    survey *v = user;
    for (size_t k = 0; k < np; k++) {
        const uint64_t *p = parts + k * v->a;
        for (unsigned i = 0; i < v->a; i++) {
            if (p[i] != v->x[i]) v->moved |= 1u << i;
            for (unsigned j = 0; j < v->a; j++)
                if (p[i] < p[j]) v->keep &= ~(1u << (i * GRI_RULE_MAX_ARITY + j));
        }
    }
    return v->moved == (1u << v->a) - 1 && v->keep == 0;
}

/* whether every number of x moves (0 also when the listing fails), and the orders kept in *keep */
static int survey_of(gr_ruleset *rs, const rule_dense *dn, const uint64_t *x, unsigned *keep) {
    survey v = {x, dn->a, 0, 0};
    for (unsigned i = 0; i < dn->a; i++)
        for (unsigned j = 0; j < dn->a; j++)
            if (i != j && x[i] >= x[j]) v.keep |= 1u << (i * GRI_RULE_MAX_ARITY + j);
    gr_error quiet;
    *keep = 0;
    if (gri_rule_options(gri_rule_of(rs), x, RULE_MAX_STEPS, on_survey, &v, &quiet) != GR_OK) return 0;
    *keep = v.keep;
    return v.moved == (1u << dn->a) - 1;
}

/* whether cell c keeps the orders */
static int in_order(unsigned a, unsigned keep, const uint64_t *c) {
    for (unsigned i = 0; keep && i < a; i++)
        for (unsigned j = 0; j < a; j++)
            if (keep >> (i * GRI_RULE_MAX_ARITY + j) & 1 && c[i] < c[j]) return 0;
    return 1;
}

/* The cells from c along the last number that the prefill would value
 * one by one next (unknown, keeping the orders, at most x's last number),
 * valued by the native code's row function in one call: how many it
 * valued (0: none, or no row function; the cell where it stopped is then
 * the prefill's to evaluate as before). The same values: each cell runs
 * the cell's code with a mark of its own, on the path while it is found,
 * and the first that is not simply a value is left for the cell-by-cell
 * path. */
static uint64_t native_row(gr_ruleset *rs, rule_dense *dn, const uint64_t *c, const uint64_t *x, unsigned keep) {
    rule_data *d = rs->data;
    unsigned a = dn->a;
    if (!d->nrow || !native_on(rs, dn)) return 0;
    if (!gri_rule_marks_room(dn->al, &dn->marks, dn->maxval, (uint64_t)1 << 26)) return 0;
    uint64_t idx = cell_of(dn, c), k = 0, y[GRI_RULE_MAX_ARITY];
    memcpy(y, c, a * sizeof *c);
    while (y[a - 1] <= x[a - 1] && dn->t[idx + k] == UNKNOWN && in_order(a, keep, y)) k++, y[a - 1]++;
    if (!k) return 0;
    int64_t xs[GRI_RULE_MAX_ARITY];
    for (unsigned i = 0; i < a; i++) xs[i] = (int64_t)c[i];
    gri_native_cell_env env = {dn->t, {0}, {0}, dn->marks.v, dn->marks.cap, dn->marks.mark, RULE_MAX_STEPS, dn->pend, 0};
    memcpy(env.dim, dn->dim, sizeof env.dim);
    memcpy(env.stride, dn->stride, sizeof env.stride);
    /* values up to half keep the marks' room (cap > twice the largest value) */
    uint64_t half = (dn->marks.cap - 2) / 2;
    if (half > MAX_VALUE) half = MAX_VALUE;
    uint64_t r = d->nrow(xs, &env, k, dn->t, idx, half);
    dn->marks.mark = env.mark;
    dn->npend = 0;
    for (uint64_t i = 0; i < r; i++)
        if (dn->t[idx + i] > dn->maxval) dn->maxval = dn->t[idx + i];
    dn->filled += r;
    dn->native_cells += r;
    dn->valued_native += r;
    return r;
}

/* Before the first walk of a box: the cells at or below x in every
 * number (those that keep the orders x and its options keep), in the
 * order of the textbook's loops, each evaluated once. A game whose moves
 * go to smaller numbers finds every option known, so no cell is evaluated
 * twice (a walk evaluates a cell whose options are unknown once more
 * after them). The first cell that is not simply a value (an option
 * unknown or out of the box, an error: the cell may not even be reachable
 * from x) ends it quietly, or, when cells were skipped, starts it again
 * with none skipped; the walk then does the rest, and reports what it
 * meets. */
static void prefill(gr_ruleset *rs, rule_dense *dn, const uint64_t *x, unsigned keep) {
    unsigned a = dn->a;
    uint64_t c[GRI_RULE_MAX_ARITY] = {0};
    gr_error quiet;
    gri_ticker tk;
    gri_ticker_start(&tk, rs->ctx);
    for (;;) {
        uint64_t idx = cell_of(dn, c);
        if (dn->t[idx] == UNKNOWN && in_order(a, keep, c)) {
            if (gri_tick(&tk) && gri_ctx_poll(rs->ctx, NULL, "", 0, "") != GR_OK) return;
            uint64_t run = native_row(rs, dn, c, x, keep);
            if (run) {
                c[a - 1] += run - 1; /* the last cell valued: the step below goes past it */
                goto next;
            }
            cellrun r;
            int64_t nv;
            uint64_t m;
            if (!gri_rule_marks_room(dn->al, &dn->marks, dn->maxval, (uint64_t)1 << 26) || evaluate(rs, dn, idx, &r, &nv, &quiet) != GR_OK || r.cycle || r.outside || r.need ||
                !mex_of(dn, &r, nv, &m)) {
                dn->t[idx] = UNKNOWN;
                if (!keep) return;
                keep = 0; /* the guess was wrong here: every cell, from the first */
                memset(c, 0, sizeof c);
                continue;
            }
            valued(dn, idx, m, nv);
        }
    next:;
        unsigned i = a;
        while (i-- > 0) {
            if (++c[i] <= x[i]) break;
            c[i] = 0;
        }
        if (i == UINT_MAX) return;
    }
}

/* GREY marks left by a walk that stopped go back to unknown */
static void clear_grey(rule_dense *dn) {
    for (size_t k = 0; k < dn->sp; k++)
        if (dn->t[dn->stack[k]] == GREY) dn->t[dn->stack[k]] = UNKNOWN;
    dn->sp = 0;
}

gr_status gri_rule_dense_value(gr_ruleset *rs, const uint64_t *x, uint64_t *value, int *done, gr_error *err) {
    rule_data *d = rs->data;
    rule_dense *dn = &d->dn;
    *done = 0;
    if (dn->off) return GR_OK;
    dn->a = gri_rule_arity(d->rule);
    uint64_t limit = gri_ctx_dense_cells(rs->ctx);
    uint64_t want[GRI_RULE_MAX_ARITY];
    int in = dn->t != NULL;
    for (unsigned i = 0; i < dn->a; i++) {
        want[i] = x[i] < UINT64_MAX ? x[i] + 1 : x[i];
        if (dn->t && x[i] >= dn->dim[i]) in = 0;
    }
    unsigned regrows = 0;
    for (;;) {
        if (!in && !grow(dn, want, limit)) { dn->off = 1; return GR_OK; }
        in = 1;
        uint64_t root = cell_of(dn, x);
        if (dn->t[root] <= MAX_VALUE) {
            *value = dn->t[root];
            *done = 1;
            return GR_OK;
        }
        if (!dn->lines_tried) {
            dn->lines_tried = 1;
            if (!gri_rule_lines_of(d->rule, dn->lines_dirs, &dn->lines_nd)) dn->lines_nd = 0;
        }
        if (dn->lines_nd && !dn->no_lines) {
            int filled;
            gr_status st = gri_rule_lines_fill(rs, dn, x, &filled, err);
            if (st != GR_OK) return st;
            if (dn->t[root] <= MAX_VALUE) continue;
        }
        if (!dn->prefilled) {
            dn->prefilled = 1;
            unsigned keep;
            if (survey_of(rs, dn, x, &keep)) prefill(rs, dn, x, keep);
            if (dn->t[root] <= MAX_VALUE) continue;
        }
        /* a game whose positions keep growing out of the box is better
         * left to the search, whose bound counts positions */
        if (++regrows > 16) { dn->off = 1; return GR_OK; }
        int gave_up = 0, regrow = 0;
        gr_status st = walk(rs, dn, root, &gave_up, &regrow, want, err);
        clear_grey(dn);
        if (st != GR_OK) return st;
        if (gave_up) { dn->off = 1; return GR_OK; }
        if (regrow) { in = 0; continue; }
    }
}
