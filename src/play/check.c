/* gr_position_check_move: whether a position the player wrote is one legal
 * move of the play away. The forms of the position before and after
 * (form.c) are compared, and only what differs is checked against the
 * rules (a heap's options, decided from the rule where the family can; a
 * term's moves, compared as data), so a huge nim heap or a long sum is
 * checked at once and a heap may split into any number of heaps. Each
 * check answers 1 (legal), 0 (not: why is written) or -1 (failed: err). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "play/position_internal.h"
#include "play/solution_internal.h"
#include "play/form.h"

typedef struct chk {
    gr_position *pos;
    const gr_play *play;
    const gr_allocator *al;
    char *why;
    size_t wl;
    gr_error *err;
} chk;

/* what a checked move turns its term into: parts[0..n), owned by block
 * (a heap's replacement) or hold (a state term's move) */
typedef struct replacement {
    const gr_term_info *parts;
    size_t n;
    void *block;
    gri_moves hold;
} replacement;

static void rep_free(chk *c, replacement *r) {
    gri_free(c->al, r->block);
    gri_moves_free(&r->hold);
    r->block = NULL;
    r->parts = NULL;
}

static int oom(chk *c) {
    gri_fail(c->err, GR_ENOMEM, "out of memory checking a move");
    return -1;
}

static int cmp_written(const void *a, const void *b) {
    const gri_item *x = a, *y = b;
    if (x->term != y->term) return x->term < y->term ? -1 : 1;
    return x->at < y->at ? -1 : x->at > y->at;
}

static int cmp_size(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

/* term t of a heap ruleset with heap `at` replaced by the heaps h[0..k)
 * (no heap left: a nim heap of 0, as the library writes a term that ends) */
static int heap_replacement(chk *c, const gr_term_info *t, size_t at, const uint64_t *h, size_t k, replacement *r) {
    size_t m = t->nargs - 1 + k;
    gr_term_info *p = gri_malloc(c->al, sizeof *p + (m ? m : 1) * sizeof(uint64_t));
    if (!p) return -1;
    uint64_t *a = (uint64_t *)(p + 1);
    size_t j = 0;
    for (size_t x = 0; x < t->nargs; x++) {
        if (x != at) { a[j++] = t->args[x]; continue; }
        for (size_t y = 0; y < k; y++) a[j++] = h[y];
    }
    if (m) p[0] = (gr_term_info){t->ruleset, a, m, t->bare && m == 1};
    else { a[0] = 0; p[0] = (gr_term_info){NULL, a, 1, 1}; }
    r->block = p;
    r->parts = p;
    r->n = 1;
    return 0;
}

static void heaps_text(char *out, size_t ol, const gri_form *f) {
    size_t used = 0;
    out[0] = '\0';
    if (!f->n) { snprintf(out, ol, "nothing"); return; }
    for (size_t k = 0; k < f->n && used + 24 < ol; k++)
        used += (size_t)snprintf(out + used, ol - used, "%s%llu", k ? "," : "", (unsigned long long)f->items[k].args[0]);
}

/* the items of a form as a position, written back (NULL on failure) */
static char *form_text(chk *c, const gri_form *f) {
    gr_position *p = NULL;
    char *out = NULL;
    gr_status st = gr_position_new(c->pos->ctx, &p, NULL);
    for (size_t k = 0; st == GR_OK && k < f->n; k++)
        st = gr_position_add_term(p, f->items[k].rs, f->items[k].args, f->items[k].nargs, NULL);
    if (st == GR_OK && gr_position_format(p, &out, NULL) != GR_OK) out = NULL;
    gr_position_free(p);
    return out;
}

/* every move of term i alone, as moves of term i (complete as gr_position_moves) */
static gr_status term_moves(chk *c, size_t i, size_t max, gri_moves *mv, int *complete) {
    gr_term_info t;
    gr_position *p = NULL;
    gr_status st = gr_position_term(c->pos, i, &t);
    if (st == GR_OK) st = gr_position_new(c->pos->ctx, &p, c->err);
    if (st == GR_OK) st = gr_position_add_term(p, t.bare ? NULL : t.ruleset, t.args, t.nargs, c->err);
    if (st == GR_OK) st = gr_position_moves(p, max, gri_moves_collect, mv, complete, c->err);
    if (st == GR_OK && mv->oom) st = gri_fail(c->err, GR_ENOMEM, "out of memory listing moves");
    for (size_t k = 0; k < mv->n; k++) mv->list[k].component = i;
    gr_position_free(p);
    return st;
}

/* every item of nw is of old's ruleset (and a heap when old is) */
static int same_ruleset(chk *c, const gri_item *old, const gri_form *nw) {
    for (size_t k = 0; k < nw->n; k++)
        if ((old->heap && !nw->items[k].heap) || strcmp(nw->items[k].spec, old->spec)) {
            snprintf(c->why, c->wl, "term %zu is a %s term: a move does not turn it into a %s term", old->term + 1,
                     old->spec, nw->items[k].spec);
            return 0;
        }
    return 1;
}

/* a heap `old` becomes the heaps in nw: one of its options */
static int check_heap(chk *c, const gri_item *old, const gri_form *nw, replacement *r) {
    if (!same_ruleset(c, old, nw)) return 0;
    uint64_t *h = gri_malloc(c->al, (nw->n ? nw->n : 1) * sizeof *h);
    gri_item *w = gri_malloc(c->al, (nw->n ? nw->n : 1) * sizeof *w);
    if (!h || !w) { gri_free(c->al, h); gri_free(c->al, w); return oom(c); }
    /* the heaps in the order they were written (is_option sorts them itself) */
    if (nw->n) memcpy(w, nw->items, nw->n * sizeof *w);
    qsort(w, nw->n, sizeof *w, cmp_written);
    for (size_t k = 0; k < nw->n; k++) h[k] = w[k].args[0];
    gri_free(c->al, w);
    uint64_t n = old->args[0];
    int yes = 0, rc = 0;
    char ht[96];
    gr_error e;
    gr_status st = gr_ruleset_is_option(old->rs, n, h, nw->n, GR_CHECK_LIST_MAX, &yes, &e);
    heaps_text(ht, sizeof ht, nw);
    if (st == GR_OK && yes) {
        gr_term_info t;
        rc = gr_position_term(c->pos, old->term, &t) == GR_OK && heap_replacement(c, &t, old->at, h, nw->n, r) == 0 ? 1
                                                                                                               : oom(c);
    } else if (st == GR_OK) {
        if (!strcmp(gr_ruleset_family(old->rs), "nim"))
            snprintf(c->why, c->wl, "a nim heap of %llu cannot become %s: a move takes one or more tokens from one heap",
                     (unsigned long long)n, ht);
        else
            snprintf(c->why, c->wl, "in %s a heap of %llu cannot become %s: that is not one of its options "
                     "(type ? to list the moves)", old->spec, (unsigned long long)n, ht);
    } else if (st == GR_EUNPROVEN) {
        snprintf(c->why, c->wl, "grundy cannot check this move: a heap of %llu has more options than the %zu it lists",
                 (unsigned long long)n, GR_CHECK_LIST_MAX);
        rc = 2;
    } else {
        if (c->err) *c->err = e;
        rc = -1;
    }
    gri_free(c->al, h);
    return rc;
}

/* a state term `old` becomes the items in nw: one of its moves leaves them */
static int check_state(chk *c, const gri_item *old, const gri_form *nw, replacement *r) {
    if (!same_ruleset(c, old, nw)) return 0;
    gri_moves mv = {c->al, NULL, 0, 0, 0};
    int complete = 1, rc = 0;
    if (term_moves(c, old->term, GR_CHECK_LIST_MAX, &mv, &complete) != GR_OK) rc = -1;
    for (size_t k = 0; rc == 0 && k < mv.n; k++) {
        gri_form f;
        if (gri_form_of_terms(c->al, mv.list[k].parts, mv.list[k].nparts, &f) != 0) { rc = oom(c); break; }
        if (gri_form_equal(&f, nw)) {
            r->hold.al = c->al;
            if (gri_moves_collect(&r->hold, &mv.list[k])) rc = oom(c);
            else {
                rc = 1;
                r->parts = r->hold.list[0].parts;
                r->n = r->hold.list[0].nparts;
            }
        }
        gri_form_free(&f);
    }
    if (rc == 0) {
        char *from = NULL, *to = form_text(c, nw);
        if (!to || gr_position_term_format(c->pos, old->term, &from) != GR_OK) rc = oom(c);
        else if (complete)
            snprintf(c->why, c->wl, "%.200s cannot become %.200s: that is not one of its moves (type ? to list them)",
                     from, to);
        else {
            snprintf(c->why, c->wl, "grundy cannot check this move: %.200s has more moves than the %zu it lists", from,
                     GR_CHECK_LIST_MAX);
            rc = 2;
        }
        gri_free(c->al, from);
        gri_free(c->al, to);
    }
    gri_moves_free(&mv);
    return rc;
}

/* 1, 0, -1 as above, and 2: not checkable (why says so) */
static int check_item(chk *c, const gri_item *old, const gri_form *nw, replacement *r) {
    return old->heap ? check_heap(c, old, nw, r) : check_state(c, old, nw, r);
}

/* a move grundy could not list: legal when it is one of the winning moves
 * the library finds directly (in a huge heap); 1, 0 or -1 */
static int among_winning(chk *c, const gri_form *want, char **after) {
    gr_play p = *c->play;
    p.size = sizeof p;
    p.max_moves = 4096;
    gr_solution *s = NULL;
    int rc = 0;
    if (gr_position_solve(c->pos, &p, &s, NULL) != GR_OK) return 0;
    for (size_t k = 0; rc == 0 && k < s->nmoves; k++) {
        gr_position *next = NULL;
        gri_form f;
        if (gr_position_play(c->pos, &s->moves[k], &next, c->err) != GR_OK) rc = -1;
        else if (gri_form_of(c->al, next, &f) != 0) rc = oom(c);
        else {
            if (gri_form_equal(&f, want)) rc = gr_position_format(next, after, NULL) == GR_OK ? 1 : oom(c);
            gri_form_free(&f);
        }
        gr_position_free(next);
    }
    gr_solution_free(s);
    return rc;
}

/* the position with term i replaced by r's parts, written back */
static int after_replacing(chk *c, size_t i, const replacement *r, char **after) {
    gr_move mv = {.component = i, .nparts = r->n, .parts = r->parts};
    gr_position *next = NULL;
    gr_status st = gr_position_play(c->pos, &mv, &next, c->err);
    if (st == GR_OK && gr_position_format(next, after, NULL) != GR_OK) st = GR_ENOMEM;
    gr_position_free(next);
    return st == GR_OK ? 1 : st == GR_ENOMEM ? oom(c) : -1;
}

/* the forms before and after, and what each has that the other has not */
static void forms_free(gri_form *a, gri_form *b, gri_form *oa, gri_form *ob) {
    gri_form_free(a);
    gri_form_free(b);
    gri_form_free(oa);
    gri_form_free(ob);
}

/* the terms the changed items belong to, ascending and distinct, into t */
static size_t changed_terms(const gri_form *f, size_t *t) {
    size_t n = 0;
    for (size_t k = 0; k < f->n; k++) t[n++] = f->items[k].term;
    qsort(t, n, sizeof *t, cmp_size);
    size_t m = 0;
    for (size_t k = 0; k < n; k++)
        if (!m || t[m - 1] != t[k]) t[m++] = t[k];
    return m;
}

/* a move that leaves a term as it stands (a loop, as graph[0>0] has):
 * 1 with *after the position, 0 when there is none, -1 on failure */
static int loop_move(chk *c, char **after) {
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < c->pos->nterms; i++) {
        gri_moves mv = {c->al, NULL, 0, 0, 0};
        gri_form a = {c->al, NULL, 0};
        gr_term_info t;
        int complete = 1;
        if (gr_position_term(c->pos, i, &t) != GR_OK || term_moves(c, i, GR_CHECK_LIST_MAX, &mv, &complete) != GR_OK)
            rc = -1;
        else if (gri_form_of_terms(c->al, &t, 1, &a))
            rc = oom(c);
        for (size_t k = 0; rc == 0 && k < mv.n; k++) {
            gri_form b = {c->al, NULL, 0};
            if (gri_form_of_terms(c->al, mv.list[k].parts, mv.list[k].nparts, &b)) rc = oom(c);
            else if (gri_form_equal(&a, &b)) rc = gr_position_format(c->pos, after, NULL) == GR_OK ? 1 : oom(c);
            gri_form_free(&b);
        }
        gri_form_free(&a);
        gri_moves_free(&mv);
    }
    return rc;
}

/* normal and misère play: one heap or one state term changes */
static int check_single(chk *c, gr_position *cand, char **after) {
    gri_form a = {c->al, NULL, 0}, b = a, oa = a, ob = a;
    size_t *terms = NULL;
    int rc;
    if (gri_form_of(c->al, c->pos, &a) || gri_form_of(c->al, cand, &b) || gri_form_diff(&a, &b, &oa, &ob) ||
        !(terms = gri_malloc(c->al, (oa.n ? oa.n : 1) * sizeof *terms))) {
        rc = oom(c);
        goto out;
    }
    rc = 0;
    size_t nt = changed_terms(&oa, terms);
    if (!oa.n && !ob.n) {
        rc = loop_move(c, after);
        if (rc == 0) snprintf(c->why, c->wl, "that is the position as it stands: a move must change it");
    } else if (!oa.n) {
        snprintf(c->why, c->wl, "that only adds terms to the position: a move changes one term");
    } else if (nt > 1) {
        snprintf(c->why, c->wl, "that changes %zu terms (terms %zu and %zu%s): a move changes one term", nt,
                 terms[0] + 1, terms[1] + 1, nt > 2 ? ", ..." : "");
    } else if (oa.n > 1) {
        snprintf(c->why, c->wl, "%zu heaps of term %zu change: a move changes one heap", oa.n, terms[0] + 1);
    } else {
        replacement r = {NULL, 0, NULL, {c->al, NULL, 0, 0, 0}};
        rc = check_item(c, &oa.items[0], &ob, &r);
        if (rc == 1) rc = after_replacing(c, oa.items[0].term, &r, after);
        else if (rc == 2) rc = among_winning(c, &b, after);
        rep_free(c, &r);
    }
out:
    gri_free(c->al, terms);
    forms_free(&a, &b, &oa, &ob);
    return rc;
}

/* Every-SG, term i: it may stay as it is when it has no move, else its
 * change is one of its moves (*r set when it changed) */
static int check_every_term(chk *c, gr_position *cand, size_t i, replacement *r) {
    gr_term_info t, u;
    gri_form a = {c->al, NULL, 0}, b = a, oa = a, ob = a;
    int rc;
    if (gr_position_term(c->pos, i, &t) != GR_OK || gr_position_term(cand, i, &u) != GR_OK ||
        gri_form_of_terms(c->al, &t, 1, &a) || gri_form_of_terms(c->al, &u, 1, &b) || gri_form_diff(&a, &b, &oa, &ob)) {
        rc = oom(c);
        goto out;
    }
    if (!oa.n && !ob.n) {
        gri_moves one = {c->al, NULL, 0, 0, 0};
        int complete;
        rc = term_moves(c, i, 1, &one, &complete) != GR_OK ? -1 : one.n ? 0 : 1;
        if (!rc)
            snprintf(c->why, c->wl, "term %zu must move too: in Every-SG the player moves in every term that can move",
                     i + 1);
        gri_moves_free(&one);
    } else if (oa.n != 1) {
        snprintf(c->why, c->wl, "term %zu: %s", i + 1, oa.n ? "a move changes one heap" : "a move does not only add heaps");
        rc = 0;
    } else {
        /* the form was made from term i alone: its items say term 0 */
        gri_item it = oa.items[0];
        it.term = i;
        char sub[400];
        char *keep = c->why;
        size_t kl = c->wl;
        c->why = sub;
        c->wl = sizeof sub;
        sub[0] = 0;
        rc = check_item(c, &it, &ob, r);
        c->why = keep;
        c->wl = kl;
        if (rc == 0 || rc == 2) snprintf(c->why, c->wl, "term %zu: %s", i + 1, sub);
        if (rc == 2) rc = 0;
    }
out:
    forms_free(&a, &b, &oa, &ob);
    return rc;
}

/* Every-SG: every term that can move moves, in place */
static int check_every(chk *c, gr_position *cand, char **after) {
    size_t n = gr_position_count(c->pos);
    if (gr_position_count(cand) != n) {
        snprintf(c->why, c->wl, "write every term of the position in order (%zu terms), or `i: TERM; j: TERM` for the "
                 "terms that change", n);
        return 0;
    }
    gr_position *next = NULL;
    if (gr_position_new(c->pos->ctx, &next, c->err) != GR_OK) return -1;
    int rc = 1;
    gr_status st = GR_OK;
    for (size_t i = 0; i < n && rc == 1 && st == GR_OK; i++) {
        replacement r = {NULL, 0, NULL, {c->al, NULL, 0, 0, 0}};
        gr_term_info t = {0};
        rc = check_every_term(c, cand, i, &r);
        if (rc == 1 && !r.parts && gr_position_term(c->pos, i, &t) == GR_OK) { r.parts = &t; r.n = 1; }
        for (size_t k = 0; rc == 1 && k < r.n && st == GR_OK; k++) {
            const gr_term_info *p = &r.parts[k];
            st = gr_position_add_term(next, p->bare ? NULL : p->ruleset, p->args, p->nargs, c->err);
        }
        rep_free(c, &r);
    }
    if (st != GR_OK) rc = -1;
    if (rc == 1 && gr_position_format(next, after, NULL) != GR_OK) rc = oom(c);
    gr_position_free(next);
    return rc;
}

/* the heaps of a position, all nim heaps: 1, 0 when one is not (*bad its term), -1 */
static int nim_form(chk *c, gr_position *p, gri_form *f, size_t *bad) {
    for (size_t i = 0; i < gr_position_count(p); i++) {
        gr_term_info t;
        if (gr_position_term(p, i, &t) != GR_OK || strcmp(gr_ruleset_family(t.ruleset), "nim") || t.nargs > 1) {
            *bad = i;
            return 0;
        }
    }
    return gri_form_of(c->al, p, f) == 0 ? 1 : oom(c);
}

/* Moore's Nim-k: from 1 to k heaps get smaller */
static int check_moore(chk *c, gr_position *cand, char **after) {
    gri_form a = {c->al, NULL, 0}, b = a, oa = a, ob = a;
    size_t bad = 0;
    uint64_t k = c->play->k;
    int rc = nim_form(c, c->pos, &a, &bad);
    if (rc <= 0) {
        if (!rc) gri_fail(c->err, GR_EINVAL, "term %zu is not a nim heap: Moore's Nim-k is played on nim heaps", bad + 1);
        rc = -1;
        goto out;
    }
    if (!(rc = nim_form(c, cand, &b, &bad))) {
        snprintf(c->why, c->wl, "term %zu is not a nim heap: Moore's Nim-k is played on nim heaps", bad + 1);
        goto out;
    }
    if (rc < 0) goto out;
    if (gri_form_diff(&a, &b, &oa, &ob)) { rc = oom(c); goto out; }
    rc = 0;
    if (!oa.n && !ob.n) { snprintf(c->why, c->wl, "that is the position as it stands: a move must change it"); goto out; }
    if (ob.n > oa.n || !oa.n) { snprintf(c->why, c->wl, "that adds heaps: a move only takes tokens"); goto out; }
    if (oa.n > k) {
        snprintf(c->why, c->wl, "that changes %zu heaps: in Nim-%llu a move takes from 1 to %llu heaps", oa.n,
                 (unsigned long long)k, (unsigned long long)k);
        goto out;
    }
    /* the new heaps padded with empty ones, matched in order with the old
     * (both ascending): each must get smaller */
    for (size_t j = 0; j < oa.n; j++) {
        uint64_t nw = j < oa.n - ob.n ? 0 : ob.items[j - (oa.n - ob.n)].args[0];
        if (nw >= oa.items[j].args[0]) {
            snprintf(c->why, c->wl, "a heap can only get smaller: a move takes tokens");
            goto out;
        }
    }
    /* the position as the player wrote it (the same heaps in any order) */
    rc = gr_position_format(cand, after, NULL) == GR_OK ? 1 : oom(c);
out:
    forms_free(&a, &b, &oa, &ob);
    return rc;
}

gr_status gr_position_check_move(gr_position *pos, const gr_play *play, gr_position *next, gr_move_check *out,
                                 gr_error *err) {
    if (!out || !GRI_SIZE_OK(out, gr_move_check)) return GRI_SIZE_FAIL(err, gr_move_check);
    GRI_CLEAR_SIZED(out);
    if (!pos || !next) return gri_fail(err, GR_EINVAL, "no position or no move to check");
    if (pos->ctx != next->ctx) return gri_fail(err, GR_EINVAL, "the move's position belongs to another context");
    gr_play normal;
    gr_status rs = gri_play_read(play, &normal, &play, NULL, err);
    if (rs != GR_OK) return rs;
    gr_error e;
    gr_error_clear(&e);
    chk c = {pos, play, gri_ctx_alloc(pos->ctx), out->why, sizeof out->why, &e};
    char *after = NULL;
    gr_move_shape shape = gri_play_mode_of(play->mode)->shape;
    int rc = shape == GR_MOVE_EVERY_TERM ? check_every(&c, next, &after)
           : shape == GR_MOVE_UP_TO_K    ? check_moore(&c, next, &after)
                                         : check_single(&c, next, &after);
    if (rc < 0) {
        gri_free(c.al, after);
        out->why[0] = 0;
        if (e.status == GR_OK) gri_fail(&e, GR_EINTERNAL, "checking the move failed");
        if (err) *err = e;
        return e.status;
    }
    out->legal = rc == 1;
    if (out->legal) {
        out->after = after;
        out->why[0] = 0;
    } else gri_free(c.al, after);
    return GR_OK;
}
