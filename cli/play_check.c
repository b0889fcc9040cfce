/* grundy play: whether a typed move is legal, and why not. A move is
 * checked by what it changes, as data: the forms of the position before
 * and after (play_form.c) are compared, and only what differs is checked
 * against the rules (a heap's options for heap rulesets, decided from the
 * rule itself where the family can; a term's moves, compared as data, for
 * the others), so a huge nim heap or a long sum is checked at once and a
 * heap may split into any number of heaps. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "play.h"
#include "solve.h"

static int cmp_written(const void *a, const void *b) {
    const play_item *x = a, *y = b;
    if (x->term != y->term) return x->term < y->term ? -1 : 1;
    return x->at < y->at ? -1 : x->at > y->at;
}

static int cmp_size(const void *a, const void *b) {
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

/* what a checked move turns its term into: parts[0..n) in one block with
 * their arguments (free(parts) frees all) */
typedef struct replacement {
    gr_term_info *parts;
    size_t n;
} replacement;

/* one part in a block: term t of a heap ruleset with heap `at` replaced by
 * the heaps h[0..k) (no heap left: a nim heap of 0, as the library writes
 * a term that ends) */
static int heap_replacement(const gr_term_info *t, size_t at, const uint64_t *h, size_t k, replacement *r) {
    size_t m = t->nargs - 1 + k;
    r->parts = malloc(sizeof *r->parts + (m ? m : 1) * sizeof(uint64_t));
    if (!r->parts) return -1;
    uint64_t *a = (uint64_t *)(r->parts + 1);
    size_t j = 0;
    for (size_t x = 0; x < t->nargs; x++) {
        if (x != at) { a[j++] = t->args[x]; continue; }
        for (size_t y = 0; y < k; y++) a[j++] = h[y];
    }
    r->n = 1;
    if (m) r->parts[0] = (gr_term_info){t->ruleset, a, m, t->bare && m == 1};
    else { a[0] = 0; r->parts[0] = (gr_term_info){NULL, a, 1, 1}; }
    return 0;
}

static void heaps_text(char *out, size_t ol, const play_form *f) {
    size_t used = 0;
    out[0] = '\0';
    if (!f->n) { snprintf(out, ol, "nothing"); return; }
    for (size_t k = 0; k < f->n && used + 24 < ol; k++)
        used += (size_t)snprintf(out + used, ol - used, "%s%llu", k ? "," : "", (unsigned long long)f->items[k].args[0]);
}

/* the items of a form as a position, written back (malloc'd; NULL on failure) */
static char *form_text(play_game *g, const play_form *f) {
    gr_position *p = NULL;
    gr_error err;
    char *out = NULL;
    gr_status st = gr_position_new(g->ctx, &p, &err);
    for (size_t k = 0; st == GR_OK && k < f->n; k++)
        st = gr_position_add_term(p, f->items[k].rs, f->items[k].args, f->items[k].nargs, &err);
    if (st == GR_OK && gr_position_format(p, &out, NULL) != GR_OK) out = NULL;
    gr_position_free(p);
    return out;
}

/* whether every item of nw is of old's ruleset (and a heap when old is):
 * a move leaves terms of its own game; else why says so */
static int same_ruleset(const play_item *old, const play_form *nw, char *why, size_t wl) {
    for (size_t k = 0; k < nw->n; k++)
        if ((old->heap && !nw->items[k].heap) || strcmp(nw->items[k].spec, old->spec)) {
            snprintf(why, wl, "term %zu is a %s term: a move does not turn it into a %s term", old->term + 1, old->spec,
                     nw->items[k].spec);
            return 0;
        }
    return 1;
}

/* A heap `old` of term old->term becomes the heaps in nw: legal when they
 * are one of its options. 1 legal (*r set), 0 not (why), -1 failure. */
static int check_heap(play_game *g, const play_item *old, const play_form *nw, replacement *r, char *why, size_t wl) {
    if (!same_ruleset(old, nw, why, wl)) return 0;
    uint64_t *h = malloc((nw->n ? nw->n : 1) * sizeof *h);
    if (!h) { snprintf(why, wl, "out of memory"); return -1; }
    /* the heaps in the order they were written (is_option sorts them itself) */
    play_item *w = malloc((nw->n ? nw->n : 1) * sizeof *w);
    if (!w) { free(h); snprintf(why, wl, "out of memory"); return -1; }
    memcpy(w, nw->items, nw->n * sizeof *w);
    qsort(w, nw->n, sizeof *w, cmp_written);
    for (size_t k = 0; k < nw->n; k++) h[k] = w[k].args[0];
    free(w);
    uint64_t n = old->args[0];
    int yes = 0, rc = 0;
    char ht[96];
    gr_error err;
    /* decided from the rule for nim, take-and-break, Grundy's game and
     * coprime heaps of any size; by listing the options for the rest */
    gr_status st = gr_ruleset_is_option(old->rs, n, h, nw->n, PLAY_LIST_MAX, &yes, &err);
    heaps_text(ht, sizeof ht, nw);
    if (st == GR_OK && yes) {
        gr_term_info t;
        rc = gr_position_term(g->pos, old->term, &t) == GR_OK && heap_replacement(&t, old->at, h, nw->n, r) == 0 ? 1 : -1;
        if (rc < 0) snprintf(why, wl, "out of memory");
    } else if (st == GR_OK) {
        if (!strcmp(gr_ruleset_family(old->rs), "nim"))
            snprintf(why, wl, "a nim heap of %llu cannot become %s: a move takes one or more tokens from one heap",
                     (unsigned long long)n, ht);
        else
            snprintf(why, wl, "in %s a heap of %llu cannot become %s: that is not one of its options "
                     "(type ? to list the moves)", old->spec, (unsigned long long)n, ht);
    } else if (st == GR_EUNPROVEN) {
        snprintf(why, wl, "grundy cannot check this move: a heap of %llu has more options than the %zu it lists",
                 (unsigned long long)n, PLAY_LIST_MAX);
    } else {
        snprintf(why, wl, "%s", err.message);
        rc = -1;
    }
    free(h);
    return rc;
}

/* A state term `old` becomes the items in nw: legal when one of its moves
 * leaves exactly them. 1 legal (*r set), 0 not (why), -1 failure. */
static int check_state(play_game *g, const play_item *old, const play_form *nw, replacement *r, char *why, size_t wl) {
    if (!same_ruleset(old, nw, why, wl)) return 0;
    cli_moves mv = {0};
    int complete = 1, rc = 0;
    if (play_term_moves(g, old->term, PLAY_LIST_MAX, &mv, &complete, why, wl) != 0) rc = -1;
    for (size_t k = 0; rc == 0 && k < mv.n; k++) {
        play_form f;
        if (play_form_of_terms(mv.list[k].parts, mv.list[k].nparts, &f) != 0) {
            snprintf(why, wl, "out of memory");
            rc = -1;
            break;
        }
        if (play_form_equal(&f, nw)) {
            rc = 1;
            *r = (replacement){(gr_term_info *)mv.list[k].parts, mv.list[k].nparts};
            mv.list[k].parts = NULL;
        }
        play_form_free(&f);
    }
    if (rc == 0) {
        char *from = NULL, *to = form_text(g, nw);
        if (!to || gr_position_term_format(g->pos, old->term, &from) != GR_OK) { snprintf(why, wl, "out of memory"); rc = -1; }
        else if (complete)
            snprintf(why, wl, "%.200s cannot become %.200s: that is not one of its moves (type ? to list them)", from, to);
        else
            snprintf(why, wl, "grundy cannot check this move: %.200s has more moves than the %zu it lists", from,
                     PLAY_LIST_MAX);
        free(from);
        free(to);
    }
    cli_moves_free(&mv);
    return rc;
}

/* one item changes into the items of nw */
static int check_item(play_game *g, const play_item *old, const play_form *nw, replacement *r, char *why, size_t wl) {
    return old->heap ? check_heap(g, old, nw, r, why, wl) : check_state(g, old, nw, r, why, wl);
}

gr_play play_of_game(const play_game *g, size_t max) {
    gr_play p = GR_SIZED(gr_play);
    p.mode = g->mode == PLAY_MISERE ? GR_PLAY_MISERE : g->mode == PLAY_EVERY ? GR_PLAY_EVERY
           : g->mode == PLAY_MOORE ? GR_PLAY_MOORE : GR_PLAY_NORMAL;
    p.k = g->k;
    p.misere = g->mode == PLAY_MOORE && g->misere;
    p.max_moves = max;
    return p;
}

gr_status play_winning(play_game *g, size_t max, cli_moves *mv, int *wins, gr_error *err) {
    gr_ctx_set_time_limit(g->ctx, g->seconds);
    gr_play p = play_of_game(g, max);
    gr_solution *s = NULL;
    *wins = 0;
    gr_status st = gr_position_solve(g->pos, &p, &s, err);
    if (st != GR_OK) return st;
    *wins = s->outcome == GR_OUTCOME_N && s->nmoves > 0;
    for (size_t k = 0; k < s->nmoves && !mv->oom; k++) cli_moves_collect(mv, &s->moves[k]);
    gr_solution_free(s);
    return mv->oom ? (*err = (gr_error){GR_ENOMEM, 0, 0, "out of memory"}, GR_ENOMEM) : GR_OK;
}

/* A move grundy could not list: legal all the same when it is one of the
 * winning moves the library finds directly (the hint's moves, in a huge
 * heap). 1 when it is (*after the position), 0 when not, -1 on failure. */
static int among_winning(play_game *g, const play_form *want, char **after) {
    cli_moves mv = {0};
    int wins, rc = 0;
    gr_error err;
    gr_status st = play_winning(g, 4096, &mv, &wins, &err);
    for (size_t k = 0; st == GR_OK && rc == 0 && k < mv.n; k++) {
        gr_position *next = NULL;
        play_form f;
        if (gr_position_play(g->pos, &mv.list[k], &next, &err) != GR_OK || play_form_of(next, &f) != 0) rc = -1;
        else {
            if (play_form_equal(&f, want)) rc = gr_position_format(next, after, NULL) == GR_OK ? 1 : -1;
            play_form_free(&f);
        }
        gr_position_free(next);
    }
    cli_moves_free(&mv);
    return rc;
}

/* the position with term i replaced by r's parts, written back */
static int after_replacing(play_game *g, size_t i, const replacement *r, char **after) {
    gr_move mv = {.component = i, .nparts = r->n, .parts = r->parts};
    gr_position *next = NULL;
    gr_error err;
    int rc = gr_position_play(g->pos, &mv, &next, &err) == GR_OK && gr_position_format(next, after, NULL) == GR_OK;
    gr_position_free(next);
    return rc ? 1 : -1;
}

/* the terms the changed items belong to, ascending and distinct, into t */
static size_t changed_terms(const play_form *f, size_t *t) {
    size_t n = 0;
    for (size_t k = 0; k < f->n; k++) t[n++] = f->items[k].term;
    qsort(t, n, sizeof *t, cmp_size);
    size_t m = 0;
    for (size_t k = 0; k < n; k++)
        if (!m || t[m - 1] != t[k]) t[m++] = t[k];
    return m;
}

/* normal and misère play: one heap or one state term changes */
static int check_single(play_game *g, gr_position *cand, char **after, char *why, size_t wl) {
    play_form a = {0}, b = {0}, oa = {0}, ob = {0};
    size_t *terms = NULL;
    int rc = -1;
    if (play_form_of(g->pos, &a) || play_form_of(cand, &b) || play_form_diff(&a, &b, &oa, &ob) ||
        !(terms = malloc((oa.n ? oa.n : 1) * sizeof *terms))) {
        snprintf(why, wl, "out of memory");
        goto out;
    }
    rc = 0;
    size_t nt = changed_terms(&oa, terms);
    if (!oa.n && !ob.n) {
        snprintf(why, wl, "that is the position as it stands: a move must change it");
    } else if (!oa.n) {
        snprintf(why, wl, "that only adds terms to the position: a move changes one term");
    } else if (nt > 1) {
        snprintf(why, wl, "that changes %zu terms (terms %zu and %zu%s): a move changes one term", nt, terms[0] + 1,
                 terms[1] + 1, nt > 2 ? ", ..." : "");
    } else if (oa.n > 1) {
        snprintf(why, wl, "%zu heaps of term %zu change: a move changes one heap", oa.n, terms[0] + 1);
    } else {
        replacement r = {0};
        rc = check_item(g, &oa.items[0], &ob, &r, why, wl);
        if (rc == 1) rc = after_replacing(g, oa.items[0].term, &r, after);
        else if (rc == 0 && strstr(why, "grundy cannot check")) rc = among_winning(g, &b, after) ? 1 : 0;
        if (rc < 0) snprintf(why, wl, "out of memory");
        free(r.parts);
    }
out:
    free(terms);
    play_form_free(&a); play_form_free(&b); play_form_free(&oa); play_form_free(&ob);
    return rc;
}

/* Every-SG, term i: 1 when it may stay as it is (it has no move) or its
 * change is one of its moves (*r set when it changed), 0 not, -1 failure */
static int check_every_term(play_game *g, gr_position *cand, size_t i, replacement *r, char *why, size_t wl) {
    gr_term_info t, u;
    play_form a = {0}, b = {0}, oa = {0}, ob = {0};
    int rc = -1;
    if (gr_position_term(g->pos, i, &t) != GR_OK || gr_position_term(cand, i, &u) != GR_OK ||
        play_form_of_terms(&t, 1, &a) || play_form_of_terms(&u, 1, &b) || play_form_diff(&a, &b, &oa, &ob)) {
        snprintf(why, wl, "out of memory");
        goto out;
    }
    if (!oa.n && !ob.n) {
        cli_moves one = {0};
        int complete;
        rc = play_term_moves(g, i, 1, &one, &complete, why, wl) != 0 ? -1 : one.n ? 0 : 1;
        if (!rc) snprintf(why, wl, "term %zu must move too: in Every-SG the player moves in every term that can move", i + 1);
        cli_moves_free(&one);
    } else if (oa.n != 1) {
        snprintf(why, wl, "term %zu: %s", i + 1, oa.n ? "a move changes one heap" : "a move does not only add heaps");
        rc = 0;
    } else {
        /* the form was made from term i alone: its items say term 0 */
        play_item it = oa.items[0];
        it.term = i;
        char sub[400];
        rc = check_item(g, &it, &ob, r, sub, sizeof sub);
        if (rc == 0) snprintf(why, wl, "term %zu: %s", i + 1, sub);
        else if (rc < 0) snprintf(why, wl, "%s", sub);
    }
out:
    play_form_free(&a); play_form_free(&b); play_form_free(&oa); play_form_free(&ob);
    return rc;
}

/* Every-SG: every term that can move moves, in place */
static int check_every(play_game *g, gr_position *cand, char **after, char *why, size_t wl) {
    size_t n = gr_position_count(g->pos);
    if (gr_position_count(cand) != n) {
        snprintf(why, wl, "write every term of the position in order (%zu terms), or `i: TERM; j: TERM` for the "
                 "terms that change", n);
        return 0;
    }
    gr_position *next = NULL;
    gr_error err;
    int rc = 1, built = gr_position_new(g->ctx, &next, &err) == GR_OK;
    for (size_t i = 0; i < n && rc == 1 && built; i++) {
        replacement r = {0};
        gr_term_info t = {0};
        rc = check_every_term(g, cand, i, &r, why, wl);
        if (rc == 1 && !r.parts && gr_position_term(g->pos, i, &t) == GR_OK) r = (replacement){NULL, 1};
        for (size_t k = 0; rc == 1 && k < r.n && built; k++) {
            const gr_term_info *p = r.parts ? &r.parts[k] : &t;
            built = gr_position_add_term(next, p->bare ? NULL : p->ruleset, p->args, p->nargs, &err) == GR_OK;
        }
        free(r.parts);
    }
    if (rc == 1 && (!built || gr_position_format(next, after, NULL) != GR_OK)) {
        snprintf(why, wl, "out of memory");
        rc = -1;
    }
    gr_position_free(next);
    return rc;
}

/* the heaps of a form, all nim heaps; 0 when one is not (*bad its term) */
static int nim_form(gr_position *p, play_form *f, size_t *bad) {
    for (size_t i = 0; i < gr_position_count(p); i++) {
        gr_term_info t;
        if (gr_position_term(p, i, &t) != GR_OK || strcmp(gr_ruleset_family(t.ruleset), "nim") || t.nargs > 1) {
            *bad = i;
            return 0;
        }
    }
    return play_form_of(p, f) == 0 ? 1 : -1;
}

/* Moore's Nim-k: from 1 to k heaps get smaller */
static int check_moore(play_game *g, gr_position *cand, char **after, char *why, size_t wl) {
    play_form a = {0}, b = {0}, oa = {0}, ob = {0};
    size_t bad = 0;
    int rc = nim_form(g->pos, &a, &bad);
    if (rc <= 0) {
        if (!rc) snprintf(why, wl, "term %zu is not a nim heap", bad + 1);
        rc = -1;
        goto out;
    }
    if (!(rc = nim_form(cand, &b, &bad))) {
        snprintf(why, wl, "term %zu is not a nim heap: Moore's Nim-k is played on nim heaps", bad + 1);
        goto out;
    }
    if (rc < 0 || play_form_diff(&a, &b, &oa, &ob)) { rc = -1; snprintf(why, wl, "out of memory"); goto out; }
    rc = 0;
    if (!oa.n && !ob.n) { snprintf(why, wl, "that is the position as it stands: a move must change it"); goto out; }
    if (ob.n > oa.n || !oa.n) { snprintf(why, wl, "that adds heaps: a move only takes tokens"); goto out; }
    if (oa.n > g->k) {
        snprintf(why, wl, "that changes %zu heaps: in Nim-%llu a move takes from 1 to %llu heaps", oa.n,
                 (unsigned long long)g->k, (unsigned long long)g->k);
        goto out;
    }
    /* the new heaps padded with empty ones, matched in order with the old
     * (both ascending): each must get smaller */
    for (size_t k = 0; k < oa.n; k++) {
        uint64_t nw = k < oa.n - ob.n ? 0 : ob.items[k - (oa.n - ob.n)].args[0];
        if (nw >= oa.items[k].args[0]) { snprintf(why, wl, "a heap can only get smaller: a move takes tokens"); goto out; }
    }
    /* the position as the player wrote it (the same heaps in any order) */
    rc = gr_position_format(cand, after, NULL) == GR_OK ? 1 : -1;
    if (rc < 0) snprintf(why, wl, "out of memory");
out:
    play_form_free(&a); play_form_free(&b); play_form_free(&oa); play_form_free(&ob);
    return rc;
}

/* `#N`: the N-th move gr_position_moves lists */
static int pick_listed(play_game *g, const char *s, char **after, char *why, size_t wl) {
    uint64_t want;
    if (cli_parse_u64(s, &want) != 0 || !want) { snprintf(why, wl, "`#N` needs a move number N from the list `?` shows"); return 0; }
    if (g->mode == PLAY_EVERY || g->mode == PLAY_MOORE) {
        snprintf(why, wl, "`#N` picks a move of one term; here write the position, or `i: TERM; j: TERM`");
        return 0;
    }
    cli_moves mv = {0};
    int complete = 1, rc = 0;
    gr_error err;
    if (gr_position_moves(g->pos, want <= PLAY_LIST_MAX ? (size_t)want : PLAY_LIST_MAX, cli_moves_collect, &mv,
                          &complete, &err) != GR_OK) {
        snprintf(why, wl, "%s", err.message);
        rc = -1;
    } else if (mv.oom) {
        snprintf(why, wl, "out of memory");
        rc = -1;
    } else if (want > mv.n) {
        snprintf(why, wl, "there is no move #%llu: `?` lists the moves", (unsigned long long)want);
    } else {
        rc = gr_position_format_after(g->pos, &mv.list[want - 1], after, NULL) == GR_OK ? 1 : -1;
        if (rc < 0) snprintf(why, wl, "out of memory");
    }
    cli_moves_free(&mv);
    return rc;
}

/* the first ';' outside brackets (a rule's clauses are joined by ';' too) */
static char *top_semicolon(char *p) {
    int depth = 0;
    for (; *p; p++) {
        if (*p == '[' || *p == '(') depth++;
        else if ((*p == ']' || *p == ')') && depth) depth--;
        else if (*p == ';' && !depth) return p;
    }
    return NULL;
}

/* `i: TERM; j: TERM`: the position they leave (malloc'd), or NULL with why */
static char *apply_terms(play_game *g, const char *s, char *why, size_t wl, int *failed) {
    size_t n = gr_position_count(g->pos), nm = 0, cap = 0;
    gr_move *mv = NULL;
    char *out = NULL, *copy = malloc(strlen(s) + 1);
    *failed = 1;
    if (!copy) { snprintf(why, wl, "out of memory"); return NULL; }
    strcpy(copy, s);
    for (char *p = copy, *next; p; p = next) {
        next = top_semicolon(p);
        if (next) *next++ = '\0';
        while (isspace((unsigned char)*p)) p++;
        if (!*p) continue;
        char *colon = strchr(p, ':');
        uint64_t i = 0;
        if (colon) *colon = '\0';
        char *end = colon ? colon : p + strlen(p);
        while (end > p && isspace((unsigned char)end[-1])) *--end = '\0';
        if (!colon || cli_parse_u64(p, &i) != 0) {
            *failed = 0;
            snprintf(why, wl, "write a move as `i: TERM` (term i becomes TERM), several joined by ';'");
            goto out;
        }
        if (i < 1 || i > n) {
            *failed = 0;
            snprintf(why, wl, "there is no term %llu: the position has %zu term%s", (unsigned long long)i, n, n == 1 ? "" : "s");
            goto out;
        }
        char *term = colon + 1;
        while (isspace((unsigned char)*term)) term++;
        /* the term alone must parse: its errors name its own columns */
        gr_position *tp = NULL;
        gr_error err;
        if (cli_parse(g->ctx, term, strlen(term), 0, &tp, &err) != GR_OK) {
            *failed = 0;
            snprintf(why, wl, "%s: at column %zu: %s", term, err.column, err.message);
            goto out;
        }
        gr_position_free(tp);
        if (nm == cap) {
            size_t nc = cap ? cap * 2 : 4;
            gr_move *nl = realloc(mv, nc * sizeof *nl);
            if (!nl) { snprintf(why, wl, "out of memory"); goto out; }
            mv = nl;
            cap = nc;
        }
        mv[nm++] = (gr_move){.component = (size_t)i - 1, .from = "", .to = term};
    }
    if (gr_position_format_moves(g->pos, mv, nm, &out, NULL) != GR_OK) { snprintf(why, wl, "out of memory"); goto out; }
    *failed = 0;
out:
    free(mv);
    free(copy);
    return out;
}

int play_check(play_game *g, const char *typed, char **after, char *why, size_t wl) {
    *after = NULL;
    while (isspace((unsigned char)*typed)) typed++;
    if (*typed == '#') return pick_listed(g, typed + 1, after, why, wl);
    const char *p = typed;
    while (isdigit((unsigned char)*p)) p++;
    while (isspace((unsigned char)*p) && p > typed) p++;
    char *text = NULL;
    if (p > typed && *p == ':') {
        int failed;
        if (!(text = apply_terms(g, typed, why, wl, &failed))) return failed ? -1 : 0;
    } else {
        text = malloc(strlen(typed) + 1);
        if (!text) { snprintf(why, wl, "out of memory"); return -1; }
        strcpy(text, typed);
    }
    gr_position *cand = NULL;
    gr_error err;
    int rc;
    if (cli_parse(g->ctx, text, strlen(text), 0, &cand, &err) != GR_OK) {
        snprintf(why, wl, "not a position: at column %zu: %s", err.column, err.message);
        rc = 0;
    } else if (g->mode == PLAY_EVERY) {
        rc = check_every(g, cand, after, why, wl);
    } else if (g->mode == PLAY_MOORE) {
        rc = check_moore(g, cand, after, why, wl);
    } else {
        rc = check_single(g, cand, after, why, wl);
    }
    gr_position_free(cand);
    free(text);
    if (rc != 1) { free(*after); *after = NULL; }
    return rc;
}
