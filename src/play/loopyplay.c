/* Sums with loopy terms: generalized values by Smith's rule, the outcome
 * (P, N or D), the winning moves of a won sum with an infinite term, and
 * the moves that keep a draw. Terms of ordinary families are finite and
 * enter by their Grundy values. */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "play/position_internal.h"
#include "core/family.h"

static int is_loopy(const gri_term *t) { return gri_rs_loopy(t->rs); }

static gr_status term_gv(gr_position *pos, size_t i, gri_gv *out, gr_error *err) {
    const gri_term *t = &pos->terms[i];
    if (is_loopy(t)) return gri_loopy_of(t->rs)->gvalue(t->rs, pos->args + t->args, t->nargs, out, err);
    memset(out, 0, sizeof *out);
    gr_status st = gr_position_term_value(pos, i, &out->value, err);
    /* a family that has just found its game loopy (a rule with a cycle) */
    if (st == GR_ECYCLE && is_loopy(t)) return gri_loopy_of(t->rs)->gvalue(t->rs, pos->args + t->args, t->nargs, out, err);
    return st;
}

/* the sum's terms in short: the finite XOR, how many are infinite, and
 * the value of the last infinite one */
typedef struct tally {
    uint64_t x;
    size_t ninf, which, first;
    gri_gv inf, inf0;  /* the last and the first infinite term's value */
} tally;

static gr_status sum_tally(gr_position *pos, tally *t, gr_error *err) {
    memset(t, 0, sizeof *t);
    /* a loopy rule explores its graph as terms are valued, and a larger
     * graph is solved anew (moving the K sets): every term is valued once
     * first, so the K sets kept below stay where they are */
    for (size_t i = 0; i < pos->nterms; i++) {
        const gri_term *tm = &pos->terms[i];
        if (!gri_loopy_of(tm->rs)->is_loopy) continue;
        gri_gv g;
        gr_status st = term_gv(pos, i, &g, err);
        if (st != GR_OK) return st;
    }
    for (size_t i = 0; i < pos->nterms; i++) {
        gri_gv g;
        gr_status st = term_gv(pos, i, &g, err);
        if (st != GR_OK) return st;
        if (g.infinite) {
            if (!t->ninf++) { t->first = i; t->inf0 = g; }
            t->which = i;
            t->inf = g;
        }
        else t->x ^= g.value;
    }
    return GR_OK;
}

/* a generalized value handed out: K written out XORed and sorted in pos->kbuf */
static gr_status publish(gr_position *pos, const gri_gv *g, uint64_t shift, gr_gvalue *out, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    GRI_CLEAR_SIZED(out);
    out->infinite = g->infinite;
    out->value = g->infinite ? 0 : g->value;
    if (!g->infinite || !g->nK) return GR_OK;
    if (!gri_grow(al, (void **)&pos->kbuf, &pos->kcap, g->nK, sizeof *pos->kbuf)) return gri_fail(err, GR_ENOMEM, "out of memory");
    for (size_t k = 0; k < g->nK; k++) pos->kbuf[k] = g->K[k] ^ g->Kxor ^ shift;
    gri_sort_u64(pos->kbuf, g->nK);
    out->K = pos->kbuf;
    out->nK = g->nK;
    return GR_OK;
}

gr_status gr_position_term_gvalue(gr_position *pos, size_t i, gr_gvalue *out, gr_error *err) {
    if (!out || !GRI_SIZE_OK(out, gr_gvalue)) return GRI_SIZE_FAIL(err, gr_gvalue);
    if (i >= pos->nterms) return gri_fail(err, GR_EINVAL, "no term %zu in a sum of %zu", i, pos->nterms);
    gri_gv g;
    gr_status st = term_gv(pos, i, &g, err);
    if (st != GR_OK) return st;
    return publish(pos, &g, 0, out, err);
}

gr_status gr_position_gvalue(gr_position *pos, gr_gvalue *out, gr_error *err) {
    if (!out || !GRI_SIZE_OK(out, gr_gvalue)) return GRI_SIZE_FAIL(err, gr_gvalue);
    tally t;
    gr_status st = sum_tally(pos, &t, err);
    if (st != GR_OK) return st;
    gri_gv g = {0, t.x, NULL, 0, 0};
    if (t.ninf == 1) return publish(pos, &t.inf, t.x, out, err);
    if (t.ninf > 1) g.infinite = 1; /* ∞(∅) */
    return publish(pos, &g, 0, out, err);
}

/* outcome of a sum: finite XOR x with no infinite term; or one infinite
 * term of value inf with the others' XOR x; or two or more infinite */
static gr_outcome outcome_of(size_t ninf, uint64_t x, const gri_gv *inf) {
    if (!ninf) return x ? GR_OUTCOME_N : GR_OUTCOME_P;
    if (ninf > 1) return GR_OUTCOME_D;
    return gri_gv_has(inf, x) ? GR_OUTCOME_N : GR_OUTCOME_D;
}

gr_status gr_position_loopy_outcome(gr_position *pos, gr_outcome *out, gr_error *err) {
    tally t;
    gr_status st = sum_tally(pos, &t, err);
    if (st != GR_OK) return st;
    *out = outcome_of(t.ninf, t.x, &t.inf);
    return GR_OK;
}

static int has_loopy_term(const gr_position *pos) {
    for (size_t i = 0; i < pos->nterms; i++)
        if (is_loopy(&pos->terms[i])) return 1;
    return 0;
}

/* the options of a loopy term of finite value target */
typedef struct targeted {
    gri_movesink *sink;
    uint64_t target;
} targeted;

static int on_target(void *user, const uint64_t *args, size_t n, const gri_gv *gv) {
    targeted *t = user;
    if (gv->infinite || gv->value != t->target) return 0;
    return gri_movesink_after(t->sink, args, n, 1);
}

gr_status gri_loopy_term_moves_to(gri_movesink *sink, size_t i, uint64_t target) {
    const gr_allocator *al = gri_ctx_alloc(sink->pos->ctx);
    gr_position *pos = sink->pos;
    const gri_term *tm = &pos->terms[i];
    targeted t = {sink, target};
    sink->term = i;
    gr_status st = gri_loopy_of(tm->rs)->gvalue_options(tm->rs, pos->args + tm->args, tm->nargs, on_target, &t, sink->err);
    if (st == GR_OK) st = sink->st;
    gri_free(al, sink->from);
    sink->from = NULL;
    return st;
}

gr_status gri_loopy_winning_moves(gr_position *pos, size_t max_moves, gr_move_fn fn, void *user, int *complete,
                                  int *handled, gr_error *err) {
    *handled = 0;
    if (!has_loopy_term(pos)) return GR_OK;
    tally t;
    gr_status st = sum_tally(pos, &t, err);
    if (st != GR_OK || !t.ninf) return st; /* all finite: normal play's moves */
    *handled = 1;
    if (outcome_of(t.ninf, t.x, &t.inf) != GR_OUTCOME_N) return GR_OK;
    /* won: the one infinite term moves to the finite value x, leaving a
     * sum of finite values with XOR 0 (no other move wins) */
    gri_movesink sink = {pos, t.which, 0, max_moves, 0, 0, fn, user, GR_OK, err, NULL};
    st = gri_loopy_term_moves_to(&sink, t.which, t.x);
    if (complete) *complete = !sink.cut;
    return st;
}

/* ---- moves that keep a draw ---- */

typedef struct drawer {
    gri_movesink sink;
    size_t ninf;      /* infinite terms other than the one moving */
    uint64_t x;       /* finite XOR of the terms other than the one moving */
    gri_gv inf;       /* the other infinite term, when ninf == 1 */
} drawer;

static int on_gv_option(void *user, const uint64_t *args, size_t n, const gri_gv *gv) {
    drawer *d = user;
    gr_outcome o = gv->infinite ? outcome_of(d->ninf + 1, d->x, gv) : outcome_of(d->ninf, d->x ^ gv->value, &d->inf);
    if (o != GR_OUTCOME_D) return 0;
    return gri_movesink_after(&d->sink, args, n, 1);
}

/* Targets tried for a term of ordinary (finite) value a: new values a' < a
 * (every one is an option, by the mex) that keep the sum drawn; at most
 * this many. */
#define DRAW_TARGETS 16

gr_status gr_position_draw_moves(gr_position *pos, size_t max_moves, gr_move_fn fn, void *user, int *complete,
                                 gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    if (complete) *complete = 1;
    tally t;
    gr_status st = sum_tally(pos, &t, err);
    if (st != GR_OK) return st;
    if (outcome_of(t.ninf, t.x, &t.inf) != GR_OUTCOME_D) return GR_OK;
    drawer d = {{pos, 0, 0, max_moves, 0, 0, fn, user, GR_OK, err, NULL}, 0, 0, {0, 0, NULL, 0, 0}};
    int partial = 0;
    uint64_t huge_seen = 0;
    for (size_t i = 0; i < pos->nterms && !d.sink.cut && st == GR_OK; i++) {
        const gri_term *tm = &pos->terms[i];
        gri_gv g;
        if ((st = term_gv(pos, i, &g, err)) != GR_OK) break;
        /* the rest of the sum without term i */
        d.ninf = t.ninf - (g.infinite ? 1 : 0);
        d.x = g.infinite ? t.x : t.x ^ g.value;
        if (d.ninf == 1) d.inf = !g.infinite || i == t.first ? t.inf : t.inf0; /* the other infinite term */
        d.sink.term = i;
        if (is_loopy(tm)) {
            st = gri_loopy_of(tm->rs)->gvalue_options(tm->rs, pos->args + tm->args, tm->nargs, on_gv_option, &d, err);
            if (st == GR_OK) st = d.sink.st;
            gri_free(al, d.sink.from);
            d.sink.from = NULL;
            continue;
        }
        /* an ordinary term of value a: moves to values a' < a found
         * directly; moves that raise it (not in nim) are not listed */
        uint64_t a = g.value, tried = 0, to = 0;
        if (!gri_rs_has(tm->rs, GR_FAM_SMALLER_HEAPS)) partial = 1;
        for (; to < a && !d.sink.cut && st == GR_OK; to++) {
            if (outcome_of(d.ninf, d.x ^ to, &d.inf) != GR_OUTCOME_D) continue;
            if (tried++ == DRAW_TARGETS) { partial = 1; break; }
            st = gri_term_moves_to(&d.sink, i, a, to, &huge_seen, &partial);
        }
    }
    if (complete) *complete = !d.sink.cut && !partial;
    return st;
}
