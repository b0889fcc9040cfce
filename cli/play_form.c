/* grundy play: positions compared as data. A position's form is the
 * multiset of its heaps (each heap of a heap ruleset's term on its own, with
 * its ruleset; empty heaps dropped) and of its state terms (a ruleset and
 * its arguments), so kayles(3,5), kayles(5,3) and kayles(3) + kayles(5) are
 * one form, and a move is read off as the items one form has and the other
 * has not. Nothing here writes or parses text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "play.h"
#include "solve.h"

static int cmp_u64s(const uint64_t *a, size_t na, const uint64_t *b, size_t nb) {
    if (na != nb) return na < nb ? -1 : 1;
    for (size_t k = 0; k < na; k++)
        if (a[k] != b[k]) return a[k] < b[k] ? -1 : 1;
    return 0;
}

/* items ordered by ruleset, heaps before state terms, then arguments */
static int cmp_item(const play_item *x, const play_item *y) {
    int c = strcmp(x->spec, y->spec);
    if (c) return c;
    if (x->heap != y->heap) return x->heap ? -1 : 1;
    return cmp_u64s(x->args, x->nargs, y->args, y->nargs);
}

static int cmp_item_q(const void *a, const void *b) { return cmp_item(a, b); }

int play_form_of_terms(const gr_term_info *t, size_t n, play_form *f) {
    size_t count = 0;
    f->items = NULL;
    f->n = 0;
    for (size_t i = 0; i < n; i++) count += gr_ruleset_is_heap(t[i].ruleset) ? t[i].nargs : 1;
    if (!(f->items = malloc((count ? count : 1) * sizeof *f->items))) return -1;
    for (size_t i = 0; i < n; i++) {
        const char *spec = gr_ruleset_spec(t[i].ruleset);
        if (!gr_ruleset_is_heap(t[i].ruleset)) {
            f->items[f->n++] = (play_item){spec, t[i].ruleset, 0, t[i].args, t[i].nargs, i, 0};
            continue;
        }
        for (size_t k = 0; k < t[i].nargs; k++)
            if (t[i].args[k]) f->items[f->n++] = (play_item){spec, t[i].ruleset, 1, t[i].args + k, 1, i, k};
    }
    qsort(f->items, f->n, sizeof *f->items, cmp_item_q);
    return 0;
}

int play_form_of(gr_position *pos, play_form *f) {
    size_t n = gr_position_count(pos);
    gr_term_info *t = malloc((n ? n : 1) * sizeof *t);
    if (!t) return -1;
    for (size_t i = 0; i < n; i++)
        if (gr_position_term(pos, i, &t[i]) != GR_OK) { free(t); return -1; }
    int rc = play_form_of_terms(t, n, f);
    free(t);
    return rc;
}

void play_form_free(play_form *f) {
    free(f->items);
    f->items = NULL;
    f->n = 0;
}

int play_form_diff(const play_form *a, const play_form *b, play_form *only_a, play_form *only_b) {
    only_a->n = only_b->n = 0;
    only_a->items = malloc((a->n ? a->n : 1) * sizeof *only_a->items);
    only_b->items = malloc((b->n ? b->n : 1) * sizeof *only_b->items);
    if (!only_a->items || !only_b->items) { play_form_free(only_a); play_form_free(only_b); return -1; }
    size_t x = 0, y = 0;
    while (x < a->n || y < b->n) {
        int c = x >= a->n ? 1 : y >= b->n ? -1 : cmp_item(&a->items[x], &b->items[y]);
        if (c == 0) { x++; y++; }
        else if (c < 0) only_a->items[only_a->n++] = a->items[x++];
        else only_b->items[only_b->n++] = b->items[y++];
    }
    return 0;
}

int play_form_equal(const play_form *a, const play_form *b) {
    if (a->n != b->n) return 0;
    for (size_t i = 0; i < a->n; i++)
        if (cmp_item(&a->items[i], &b->items[i])) return 0;
    return 1;
}

play_count play_count_terms(const gr_term_info *t, size_t n) {
    play_count c = {0, 0};
    for (size_t i = 0; i < n; i++) {
        for (size_t k = 0; k < t[i].nargs; k++) c.tokens = c.tokens + t[i].args[k] < c.tokens ? UINT64_MAX : c.tokens + t[i].args[k];
        c.parts += t[i].nargs;
    }
    return c;
}

uint64_t play_count_size(play_count c) {
    /* more tokens first, then more parts */
    return c.tokens >= (UINT64_MAX >> 8) ? UINT64_MAX : c.tokens << 8 | (c.parts < 255 ? c.parts : 255);
}

int play_count_after(gr_position *pos, play_count total, const gr_move *m, play_count *out) {
    gr_term_info t;
    if (total.tokens == UINT64_MAX || !m->parts || gr_position_term(pos, m->component, &t) != GR_OK) return -1;
    play_count was = play_count_terms(&t, 1), now = play_count_terms(m->parts, m->nparts);
    if (now.tokens == UINT64_MAX) return -1;
    *out = (play_count){total.tokens - was.tokens, total.parts - was.parts};
    out->tokens = out->tokens + now.tokens < out->tokens ? UINT64_MAX : out->tokens + now.tokens;
    out->parts += now.parts;
    return 0;
}

play_count play_count_of(gr_position *pos) {
    play_count c = {0, 0};
    for (size_t i = 0; i < gr_position_count(pos); i++) {
        gr_term_info t;
        if (gr_position_term(pos, i, &t) != GR_OK) continue;
        play_count d = play_count_terms(&t, 1);
        c.tokens = c.tokens + d.tokens < c.tokens ? UINT64_MAX : c.tokens + d.tokens;
        c.parts += d.parts;
    }
    return c;
}

gr_status play_term_alone(gr_ctx *ctx, gr_position *pos, size_t i, gr_position **out, gr_error *err) {
    gr_term_info t;
    gr_status st = gr_position_term(pos, i, &t);
    if (st != GR_OK) { *err = (gr_error){st, 0, 0, "no such term"}; return st; }
    if ((st = gr_position_new(ctx, out, err)) != GR_OK) return st;
    if ((st = gr_position_add_term(*out, t.bare ? NULL : t.ruleset, t.args, t.nargs, err)) != GR_OK) {
        gr_position_free(*out);
        *out = NULL;
    }
    return st;
}

int play_term_moves(play_game *g, size_t i, size_t max, cli_moves *mv, int *complete, char *why, size_t wl) {
    gr_position *p = NULL;
    gr_error err;
    int rc = -1;
    if (play_term_alone(g->ctx, g->pos, i, &p, &err) != GR_OK || gr_position_moves(p, max, cli_moves_collect, mv, complete, &err) != GR_OK)
        snprintf(why, wl, "%s", err.message);
    else if (mv->oom)
        snprintf(why, wl, "out of memory");
    else
        rc = 0;
    for (size_t k = 0; k < mv->n; k++) mv->list[k].component = i;
    gr_position_free(p);
    return rc;
}
