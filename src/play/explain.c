/* gr_position_explain: the explanation of a position in a play mode, as
 * data. Each term's value (or why it has none), the XOR of the values and
 * the term a winning move changes, and the play's own solution; the steps
 * come from the mode's record. */
#include <string.h>
#include "core/internal.h"
#include "grundy/loopy.h"
#include "play/position_internal.h"
#include "play/solution_internal.h"

typedef struct gri_explanation {
    gr_explanation pub;
    const gr_allocator *al;
    uint64_t *values;
    gr_term_kind *kinds;
    gri_moves normal;
    gr_solution *sol;
} gri_explanation;

static const gr_explain_step BEYOND_STEPS[] = {GR_STEP_BEYOND};

void gr_explanation_free(gr_explanation *pub) {
    if (!pub) return;
    gri_explanation *e = (gri_explanation *)pub;
    gri_free(e->al, e->values);
    gri_free(e->al, e->kinds);
    gri_moves_free(&e->normal);
    gr_solution_free(e->sol);
    gri_free(e->al, e);
}

typedef struct first_in {
    gri_moves *mv;
    size_t term;
} first_in;

static int first_in_term(void *user, const gr_move *m) {
    first_in *f = user;
    if (m->component != f->term) return 0;
    gri_moves_collect(f->mv, m);
    return 1;
}

/* each term's value or kind; *first the error of the first term with no value */
static gr_status term_values(gr_position *pos, gri_explanation *e, gr_error *first, gr_error *err) {
    gr_explanation *p = &e->pub;
    p->beyond = p->nterms;
    for (size_t i = 0; i < p->nterms; i++) {
        gr_error te;
        gr_status st = gr_position_term_value(pos, i, &e->values[i], &te);
        e->kinds[i] = GR_TERM_FINITE;
        if (st == GR_OK) continue;
        gr_term_info t;
        if (gr_position_term(pos, i, &t) != GR_OK) return gri_fail(err, GR_EINVAL, "no term %zu", i);
        if (st == GR_ECYCLE && gr_ruleset_is_loopy(t.ruleset)) e->kinds[i] = GR_TERM_INFINITE;
        else if (st == GR_EUNPROVEN && !gr_ruleset_is_heap(t.ruleset)) e->kinds[i] = GR_TERM_UNKNOWN;
        else {
            if (err) *err = te;
            return st;
        }
        if (p->beyond == p->nterms) {
            p->beyond = i;
            *first = te;
        }
        e->values[i] = 0;
    }
    return GR_OK;
}

gr_status gr_position_explain(gr_position *pos, const gr_play *play, gr_explanation **out, gr_error *err) {
    if (out) *out = NULL;
    if (!pos || !out) return gri_fail(err, GR_EINVAL, "no position or no place for the explanation");
    gr_play normal;
    const gri_play_mode *m = NULL;
    gr_status st = gri_play_read(play, &normal, &play, &m, err);
    if (st != GR_OK) return st;
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    gri_explanation *e = gri_calloc(al, 1, sizeof *e);
    if (!e) return gri_fail(err, GR_ENOMEM, "out of memory");
    e->al = e->normal.al = al;
    gr_explanation *p = &e->pub;
    p->size = sizeof *p;
    p->nterms = pos->nterms;
    e->values = gri_calloc(al, p->nterms ? p->nterms : 1, sizeof *e->values);
    e->kinds = gri_calloc(al, p->nterms ? p->nterms : 1, sizeof *e->kinds);
    if (!e->values || !e->kinds) {
        gr_explanation_free(p);
        return gri_fail(err, GR_ENOMEM, "out of memory");
    }
    p->values = e->values;
    p->kinds = e->kinds;
    gr_error first;
    double secs = gr_ctx_time_limit(pos->ctx);
    if ((st = term_values(pos, e, &first, err)) != GR_OK) {
        gr_explanation_free(p);
        return st;
    }
    gr_play one = *play;
    one.size = sizeof one;
    one.max_moves = 1;
    if (p->beyond < p->nterms) {
        if (!m->explains_beyond) { /* the play needs every value */
            if (err) *err = first;
            gr_explanation_free(p);
            return first.status;
        }
        p->steps = BEYOND_STEPS;
        p->nsteps = 1;
        p->move_term = p->nterms;
        p->high_bit = -1;
        gr_ctx_set_time_limit(pos->ctx, secs);
        if (gr_position_solve(pos, &one, &e->sol, NULL) != GR_OK) e->sol = NULL;
        p->solution = e->sol;
        *out = p;
        return GR_OK;
    }
    p->steps = m->steps;
    p->nsteps = m->nsteps;
    for (size_t i = 0; i < p->nterms; i++) p->nim_sum ^= e->values[i];
    p->high_bit = p->nim_sum ? 63 - __builtin_clzll(p->nim_sum) : -1;
    p->move_term = p->nterms;
    for (size_t i = 0; p->nim_sum && i < p->nterms && p->move_term == p->nterms; i++)
        if ((e->values[i] >> p->high_bit) & 1) p->move_term = i;
    if (p->move_term < p->nterms) {
        p->move_to_value = e->values[p->move_term] ^ p->nim_sum;
        first_in f = {&e->normal, p->move_term};
        int complete;
        gr_ctx_set_time_limit(pos->ctx, secs);
        if (gr_position_winning_moves(pos, 0, first_in_term, &f, &complete, NULL) == GR_OK && e->normal.n)
            p->normal_move = &e->normal.list[0];
        if (e->normal.oom) st = gri_fail(err, GR_ENOMEM, "out of memory");
    }
    gr_ctx_set_time_limit(pos->ctx, secs);
    if (st == GR_OK) st = gr_position_solve(pos, &one, &e->sol, err);
    if (st != GR_OK) {
        gr_explanation_free(p);
        return st;
    }
    p->solution = e->sol;
    *out = p;
    return GR_OK;
}
