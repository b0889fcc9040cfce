/* grundy play: whether a typed move is legal, and why not. A move is
 * checked by what it changes: the terms of the position before and after
 * are compared by canonical keys, and only what differs is checked against
 * the options the library lists (a heap's options for heap rulesets, a
 * term's moves for the others), so a huge nim heap or a long sum is
 * checked at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "play.h"
#include "solve.h"

/* ---- a small string builder ---- */
typedef struct sb {
    char *s;
    size_t n, cap;
    int oom;
} sb;

static void sb_put(sb *b, const char *s) {
    size_t k = strlen(s);
    if (b->oom) return;
    if (b->n + k + 1 > b->cap) {
        size_t nc = b->cap ? b->cap : 64;
        while (nc < b->n + k + 1) nc *= 2;
        char *p = realloc(b->s, nc);
        if (!p) { b->oom = 1; return; }
        b->s = p;
        b->cap = nc;
    }
    memcpy(b->s + b->n, s, k + 1);
    b->n += k;
}

static void sb_u64(sb *b, uint64_t v) {
    char t[24];
    snprintf(t, sizeof t, "%llu", (unsigned long long)v);
    sb_put(b, t);
}

static char *sb_take(sb *b) {
    if (!b->s && !b->oom) sb_put(b, "");
    if (b->oom) { free(b->s); return NULL; }
    return b->s;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* the non-empty heaps of a heap term, ascending (malloc'd; NULL when out of memory) */
static uint64_t *sorted_heaps(const gr_term_info *t, size_t *m) {
    uint64_t *h = malloc((t->nargs ? t->nargs : 1) * sizeof *h);
    if (!h) return NULL;
    *m = 0;
    for (size_t k = 0; k < t->nargs; k++)
        if (t->args[k]) h[(*m)++] = t->args[k];
    qsort(h, *m, sizeof *h, cmp_u64);
    return h;
}

char *play_term_key(gr_position *pos, size_t i) {
    gr_term_info t;
    if (gr_position_term(pos, i, &t) != GR_OK) return NULL;
    sb b = {0};
    if (gr_ruleset_is_heap(t.ruleset)) {
        size_t m;
        uint64_t *h = sorted_heaps(&t, &m);
        if (!h) return NULL;
        if (m) {
            sb_put(&b, gr_ruleset_spec(t.ruleset));
            for (size_t k = 0; k < m; k++) { sb_put(&b, k ? "," : "("); sb_u64(&b, h[k]); }
            sb_put(&b, ")");
        }
        free(h);
    } else {
        sb_put(&b, gr_ruleset_spec(t.ruleset));
        sb_put(&b, "(");
        for (size_t k = 0; k < t.nargs; k++) { if (k) sb_put(&b, ","); sb_u64(&b, t.args[k]); }
        sb_put(&b, ")");
    }
    return sb_take(&b);
}

/* the keys of every term (NULL when out of memory) */
static char **term_keys(gr_position *pos, size_t *n) {
    *n = gr_position_count(pos);
    char **k = calloc(*n ? *n : 1, sizeof *k);
    if (!k) return NULL;
    for (size_t i = 0; i < *n; i++)
        if (!(k[i] = play_term_key(pos, i))) {
            for (size_t j = 0; j < i; j++) free(k[j]);
            free(k);
            return NULL;
        }
    return k;
}

static void free_keys(char **k, size_t n) {
    if (!k) return;
    for (size_t i = 0; i < n; i++) free(k[i]);
    free(k);
}

char *play_key(gr_position *pos) {
    size_t n;
    char **k = term_keys(pos, &n);
    if (!k) return NULL;
    qsort(k, n, sizeof *k, cmp_str);
    sb b = {0};
    int first = 1;
    for (size_t i = 0; i < n; i++) {
        if (!k[i][0]) continue;
        if (!first) sb_put(&b, " + ");
        sb_put(&b, k[i]);
        first = 0;
    }
    free_keys(k, n);
    return sb_take(&b);
}

/* the key of a position text; NULL when it does not parse (why set) */
static char *text_key(play_game *g, const char *text, char *why, size_t wl) {
    gr_position *p = NULL;
    gr_error err;
    if (cli_parse(g->ctx, text, strlen(text), 0, &p, &err) != GR_OK) {
        snprintf(why, wl, "%s", err.message);
        return NULL;
    }
    char *k = play_key(p);
    gr_position_free(p);
    if (!k) snprintf(why, wl, "out of memory");
    return k;
}

uint64_t play_size(play_game *g, const char *text) {
    gr_position *p = NULL;
    gr_error err;
    if (cli_parse(g->ctx, text, strlen(text), 0, &p, &err) != GR_OK) return 0;
    uint64_t s = 0, parts = 0;
    for (size_t i = 0; i < gr_position_count(p); i++) {
        gr_term_info t;
        if (gr_position_term(p, i, &t) != GR_OK) continue;
        for (size_t k = 0; k < t.nargs; k++) s = s + t.args[k] < s ? UINT64_MAX : s + t.args[k];
        parts += t.nargs;
    }
    gr_position_free(p);
    /* more tokens first, then more parts */
    return s >= (UINT64_MAX >> 8) ? UINT64_MAX : s << 8 | (parts < 255 ? parts : 255);
}

int play_term_moves(play_game *g, size_t i, size_t max, cli_moves *mv, int *complete, char *why, size_t wl) {
    char *text = NULL;
    gr_position *p = NULL;
    gr_error err;
    int rc = -1;
    if (gr_position_term_format(g->pos, i, &text) != GR_OK) { snprintf(why, wl, "out of memory"); return -1; }
    if (cli_parse(g->ctx, text, strlen(text), 0, &p, &err) != GR_OK ||
        gr_position_moves(p, max, cli_moves_collect, mv, complete, &err) != GR_OK) {
        snprintf(why, wl, "%s", err.message);
        goto out;
    }
    if (mv->oom) { snprintf(why, wl, "out of memory"); goto out; }
    for (size_t k = 0; k < mv->n; k++) mv->list[k].component = i;
    rc = 0;
out:
    gr_position_free(p);
    free(text);
    return rc;
}

/* ---- one term's move ---- */

static void heaps_text(char *out, size_t ol, const uint64_t *h, size_t n) {
    size_t used = 0;
    out[0] = '\0';
    if (!n) { snprintf(out, ol, "nothing"); return; }
    for (size_t k = 0; k < n && used + 24 < ol; k++)
        used += (size_t)snprintf(out + used, ol - used, "%s%llu", k ? "," : "", (unsigned long long)h[k]);
}

/* Of two ascending heap lists, the heaps one has and the other has not
 * (as multisets; empty heaps are skipped): oa[0..*ra) and ob[0..*rb),
 * ascending, with room for na and nb heaps */
static void cancel_common(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, uint64_t *oa, size_t *ra,
                          uint64_t *ob, size_t *rb) {
    size_t x = 0, y = 0;
    *ra = *rb = 0;
    while (x < na || y < nb) {
        if (x < na && !a[x]) x++;
        else if (y < nb && !b[y]) y++;
        else if (x < na && y < nb && a[x] == b[y]) { x++; y++; }
        else if (y >= nb || (x < na && a[x] < b[y])) oa[(*ra)++] = a[x++];
        else ob[(*rb)++] = b[y++];
    }
}

/* A heap term whose heaps go from t's to u's (u NULL: none left): legal
 * when one heap changed, to heaps that are one of its options. */
static int check_heap_term(size_t i, const gr_term_info *t, const gr_term_info *u, char *why, size_t wl) {
    size_t na, nb = 0;
    uint64_t *a = sorted_heaps(t, &na), *b = NULL;
    gr_term_info none = {t->ruleset, NULL, 0, 0};
    if (a) b = sorted_heaps(u ? u : &none, &nb);
    if (!a || !b) { free(a); free(b); snprintf(why, wl, "out of memory"); return -1; }
    /* cancel the heaps both have */
    size_t ra, rb;
    uint64_t *oa = malloc((na ? na : 1) * sizeof *oa), *ob = malloc((nb ? nb : 1) * sizeof *ob);
    if (!oa || !ob) { free(a); free(b); free(oa); free(ob); snprintf(why, wl, "out of memory"); return -1; }
    cancel_common(a, na, b, nb, oa, &ra, ob, &rb);
    int rc = 0;
    char ht[96];
    const char *spec = gr_ruleset_spec(t->ruleset);
    if (ra == 0) {
        heaps_text(ht, sizeof ht, ob, rb);
        snprintf(why, wl, "term %zu only gains heaps (%s): a move changes one heap", i + 1, ht);
    } else if (ra > 1) {
        snprintf(why, wl, "%zu heaps of term %zu change: a move changes one heap", ra, i + 1);
    } else if (rb > 3) {
        heaps_text(ht, sizeof ht, ob, rb);
        snprintf(why, wl, "a heap of %llu cannot become %s: a move leaves at most three heaps",
                 (unsigned long long)oa[0], ht);
    } else {
        /* decided from the rule for nim, take-and-break, Grundy's game and
         * coprime heaps of any size; by listing the options for the rest */
        int yes = 0;
        gr_error err;
        gr_status st = gr_ruleset_is_option(t->ruleset, oa[0], ob, rb, PLAY_LIST_MAX, &yes, &err);
        if (st == GR_OK && yes) {
            rc = 1;
        } else if (st == GR_OK) {
            heaps_text(ht, sizeof ht, ob, rb);
            if (!strcmp(gr_ruleset_family(t->ruleset), "nim"))
                snprintf(why, wl, "a nim heap of %llu cannot become %s: a move takes one or more tokens from one heap",
                         (unsigned long long)oa[0], ht);
            else
                snprintf(why, wl, "in %s a heap of %llu cannot become %s: that is not one of its options "
                         "(type ? to list the moves)", spec, (unsigned long long)oa[0], ht);
        } else if (st == GR_EUNPROVEN) {
            snprintf(why, wl, "grundy cannot check this move: a heap of %llu has more options than the %zu it lists",
                     (unsigned long long)oa[0], PLAY_LIST_MAX);
        } else {
            snprintf(why, wl, "%s", err.message);
            rc = -1;
        }
    }
    free(a); free(b); free(oa); free(ob);
    return rc;
}

/* Term i of the position becomes `to` (a term, a sum, or "0"), whose
 * position cand[idx[0..nidx)] are the terms (cand may be NULL when nidx
 * is 0). 1 legal, 0 not (why), -1 failure. */
static int check_term(play_game *g, size_t i, gr_position *cand, const size_t *idx, size_t nidx, const char *to,
                      char *why, size_t wl) {
    gr_term_info t, u;
    if (gr_position_term(g->pos, i, &t) != GR_OK) { snprintf(why, wl, "no term %zu", i + 1); return -1; }
    if (gr_ruleset_is_heap(t.ruleset) && nidx <= 1) {
        if (nidx && gr_position_term(cand, idx[0], &u) != GR_OK) { snprintf(why, wl, "no term"); return -1; }
        if (!nidx || (gr_ruleset_is_heap(u.ruleset) && !strcmp(gr_ruleset_spec(u.ruleset), gr_ruleset_spec(t.ruleset))))
            return check_heap_term(i, &t, nidx ? &u : NULL, why, wl);
        snprintf(why, wl, "term %zu is a %s term: a move does not turn it into a %s term", i + 1,
                 gr_ruleset_spec(t.ruleset), gr_ruleset_spec(u.ruleset));
        return 0;
    }
    /* a state term (or a heap term said to split into several): its moves,
     * listed; a move leaves terms of its own ruleset */
    for (size_t k = 0; k < nidx; k++) {
        if (gr_position_term(cand, idx[k], &u) != GR_OK) { snprintf(why, wl, "no term"); return -1; }
        if (strcmp(gr_ruleset_spec(u.ruleset), gr_ruleset_spec(t.ruleset))) {
            snprintf(why, wl, "term %zu is a %s term: a move does not turn it into a %s term", i + 1,
                     gr_ruleset_spec(t.ruleset), gr_ruleset_spec(u.ruleset));
            return 0;
        }
    }
    char *want = text_key(g, to, why, wl);
    if (!want) return -1;
    cli_moves mv = {0};
    int complete = 1, rc = 0;
    if (play_term_moves(g, i, PLAY_LIST_MAX, &mv, &complete, why, wl) != 0) rc = -1;
    for (size_t k = 0; rc == 0 && k < mv.n; k++) {
        char *key = text_key(g, mv.list[k].to, why, wl);
        if (!key) { rc = -1; break; }
        if (!strcmp(key, want)) rc = 1;
        free(key);
    }
    if (rc == 0) {
        char *from = NULL;
        if (gr_position_term_format(g->pos, i, &from) != GR_OK) { snprintf(why, wl, "out of memory"); rc = -1; }
        else if (complete)
            snprintf(why, wl, "%.200s cannot become %.200s: that is not one of its moves (type ? to list them)", from, to);
        else
            snprintf(why, wl, "grundy cannot check this move: %.200s has more moves than the %zu it lists", from,
                     PLAY_LIST_MAX);
        free(from);
    }
    free(want);
    cli_moves_free(&mv);
    return rc;
}

/* the terms of cand[idx..] written back, joined by " + " ("0" for none) */
static char *join_terms(gr_position *cand, const size_t *idx, size_t n) {
    sb b = {0};
    for (size_t k = 0; k < n; k++) {
        char *s = NULL;
        if (gr_position_term_format(cand, idx[k], &s) != GR_OK) { free(b.s); return NULL; }
        if (k) sb_put(&b, " + ");
        sb_put(&b, s);
        free(s);
    }
    if (!n) sb_put(&b, "0");
    return sb_take(&b);
}

typedef struct keyed {
    char *key;
    size_t i;
} keyed;

static int cmp_keyed(const void *a, const void *b) {
    const keyed *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* the terms of the position and of cand that the other has not (as
 * multisets of keys): their indices into *old_out and *new_out (malloc'd) */
static int diff_terms(gr_position *pos, gr_position *cand, size_t **old_out, size_t *nold, size_t **new_out,
                      size_t *nnew) {
    size_t n, m;
    char **ka = term_keys(pos, &n), **kb = ka ? term_keys(cand, &m) : NULL;
    keyed *a = kb ? malloc((n ? n : 1) * sizeof *a) : NULL, *b = a ? malloc((m ? m : 1) * sizeof *b) : NULL;
    size_t *oo = b ? malloc((n ? n : 1) * sizeof *oo) : NULL, *on = oo ? malloc((m ? m : 1) * sizeof *on) : NULL;
    if (!on) {
        free_keys(ka, n); free_keys(kb, kb ? m : 0); free(a); free(b); free(oo);
        return -1;
    }
    for (size_t i = 0; i < n; i++) a[i] = (keyed){ka[i], i};
    for (size_t i = 0; i < m; i++) b[i] = (keyed){kb[i], i};
    qsort(a, n, sizeof *a, cmp_keyed);
    qsort(b, m, sizeof *b, cmp_keyed);
    size_t x = 0, y = 0;
    *nold = *nnew = 0;
    while (x < n || y < m) {
        int c = x >= n ? 1 : y >= m ? -1 : strcmp(a[x].key, b[y].key);
        if (c == 0) { x++; y++; }
        else if (c < 0) { if (a[x].key[0]) oo[(*nold)++] = a[x].i; x++; }
        else { if (b[y].key[0]) on[(*nnew)++] = b[y].i; y++; }
    }
    free_keys(ka, n);
    free_keys(kb, m);
    free(a);
    free(b);
    *old_out = oo;
    *new_out = on;
    return 0;
}

gr_status play_winning(play_game *g, size_t max, cli_moves *mv, int *wins, gr_error *err) {
    gr_ctx_set_time_limit(g->ctx, g->seconds);
    int complete;
    gr_status st;
    *wins = 0;
    switch (g->mode) {
    case PLAY_MISERE:
        st = gr_position_misere_moves(g->pos, max, cli_moves_collect, mv, &complete, err);
        *wins = mv->n > 0;
        return st;
    case PLAY_EVERY: {
        size_t n = gr_position_count(g->pos), decisive;
        uint64_t *steps = malloc((n ? n : 1) * sizeof *steps);
        if (!steps) {
            *err = (gr_error){GR_ENOMEM, 0, 0, "out of memory"};
            return GR_ENOMEM;
        }
        st = gr_position_every(g->pos, steps, wins, &decisive, err);
        free(steps);
        if (st == GR_OK && *wins) st = gr_position_every_move(g->pos, cli_moves_collect, mv, err);
        return st;
    }
    case PLAY_MOORE:
        st = gr_position_moore(g->pos, g->k, g->misere, wins, err);
        if (st == GR_OK && *wins) st = gr_position_moore_move(g->pos, g->k, g->misere, cli_moves_collect, mv, err);
        return st;
    default:
        st = gr_position_winning_moves(g->pos, max, cli_moves_collect, mv, &complete, err);
        *wins = mv->n > 0;
        return st;
    }
}

/* A move grundy could not list: legal all the same when it is one of the
 * winning moves the library finds directly (the hint's moves, in a huge
 * heap). 1 when it is, 0 when not, -1 on failure. */
static int among_winning(play_game *g, gr_position *cand) {
    char *want = play_key(cand), why[256];
    cli_moves mv = {0};
    int wins, rc = want ? 0 : -1;
    gr_error err;
    gr_status st = want ? play_winning(g, 4096, &mv, &wins, &err) : GR_ENOMEM;
    for (size_t k = 0; st == GR_OK && rc == 0 && k < mv.n; k++) {
        char *text = NULL, *key = NULL;
        if (gr_position_format_after(g->pos, &mv.list[k], &text, NULL) == GR_OK && (key = text_key(g, text, why, sizeof why)))
            rc = !strcmp(key, want);
        free(text);
        free(key);
    }
    cli_moves_free(&mv);
    free(want);
    return rc;
}

/* normal and misère play: one term changes */
static int check_single(play_game *g, gr_position *cand, char **after, char *why, size_t wl) {
    size_t *oo = NULL, *on = NULL, no, nn;
    if (diff_terms(g->pos, cand, &oo, &no, &on, &nn) != 0) { snprintf(why, wl, "out of memory"); return -1; }
    int rc = 0;
    if (!no && !nn) {
        snprintf(why, wl, "that is the position as it stands: a move must change it");
    } else if (!no) {
        snprintf(why, wl, "that only adds terms to the position: a move changes one term");
    } else if (no > 1) {
        snprintf(why, wl, "that changes %zu terms (terms %zu and %zu%s): a move changes one term", no, oo[0] + 1,
                 oo[1] + 1, no > 2 ? ", ..." : "");
    } else {
        char *to = join_terms(cand, on, nn);
        if (!to) { snprintf(why, wl, "out of memory"); rc = -1; }
        else rc = check_term(g, oo[0], cand, on, nn, to, why, wl);
        if (rc == 0 && strstr(why, "grundy cannot check") && among_winning(g, cand) == 1) rc = 1;
        if (rc == 1) {
            char *from = NULL;
            rc = -1;
            if (gr_position_term_format(g->pos, oo[0], &from) == GR_OK) {
                gr_move mv = {.component = oo[0], .from = from, .to = to};
                if (gr_position_format_after(g->pos, &mv, after, NULL) == GR_OK) rc = 1;
            }
            if (rc != 1) snprintf(why, wl, "out of memory");
            free(from);
        }
        free(to);
    }
    free(oo);
    free(on);
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
    gr_move *mv = calloc(n ? n : 1, sizeof *mv);
    if (!mv) { snprintf(why, wl, "out of memory"); return -1; }
    size_t nm = 0;
    int rc = 1;
    for (size_t i = 0; i < n && rc == 1; i++) {
        char *ka = play_term_key(g->pos, i), *kb = play_term_key(cand, i), *from = NULL, *to = NULL;
        if (!ka || !kb) { rc = -1; snprintf(why, wl, "out of memory"); }
        else if (!strcmp(ka, kb)) {
            cli_moves one = {0};
            int complete;
            if (play_term_moves(g, i, 1, &one, &complete, why, wl) != 0) rc = -1;
            else if (one.n) {
                snprintf(why, wl, "term %zu must move too: in Every-SG the player moves in every term that can move",
                         i + 1);
                rc = 0;
            }
            cli_moves_free(&one);
        } else {
            size_t idx = i;
            if (gr_position_term_format(cand, i, &to) != GR_OK || gr_position_term_format(g->pos, i, &from) != GR_OK) {
                rc = -1;
                snprintf(why, wl, "out of memory");
            } else {
                char sub[400];
                rc = check_term(g, i, cand, &idx, kb[0] ? 1 : 0, to, sub, sizeof sub);
                if (rc == 0) snprintf(why, wl, "term %zu: %s", i + 1, sub);
                else if (rc < 0) snprintf(why, wl, "%s", sub);
                else { mv[nm++] = (gr_move){.component = i, .from = from, .to = to}; from = to = NULL; }
            }
        }
        free(ka); free(kb); free(from); free(to);
    }
    if (rc == 1 && gr_position_format_moves(g->pos, mv, nm, after, NULL) != GR_OK) { rc = -1; snprintf(why, wl, "out of memory"); }
    for (size_t k = 0; k < nm; k++) { free((char *)mv[k].from); free((char *)mv[k].to); }
    free(mv);
    return rc;
}

/* one nim heap per term into h[]; 0 when some term is not (*bad names it) */
static int nim_heaps(gr_position *p, uint64_t *h, size_t *bad) {
    for (size_t i = 0; i < gr_position_count(p); i++) {
        gr_term_info t;
        if (gr_position_term(p, i, &t) != GR_OK || strcmp(gr_ruleset_family(t.ruleset), "nim") || t.nargs > 1) {
            *bad = i;
            return 0;
        }
        h[i] = t.nargs ? t.args[0] : 0;
    }
    return 1;
}

/* Moore's Nim-k: from 1 to k heaps get smaller */
static int check_moore(play_game *g, gr_position *cand, char **after, char *why, size_t wl) {
    size_t n = gr_position_count(g->pos), m = gr_position_count(cand), bad = 0, na, nb;
    uint64_t *a = malloc((n + 1) * sizeof *a), *b = malloc((m + 1) * sizeof *b), *ra = malloc((n + 1) * sizeof *ra);
    uint64_t *rb = malloc((n + m + 1) * sizeof *rb); /* the new heaps, padded to as many as the old */
    int rc = -1;
    if (!a || !b || !ra || !rb) { snprintf(why, wl, "out of memory"); goto out; }
    if (!nim_heaps(g->pos, a, &bad)) { snprintf(why, wl, "term %zu is not a nim heap", bad + 1); goto out; }
    rc = 0;
    if (!nim_heaps(cand, b, &bad)) {
        snprintf(why, wl, "term %zu is not a nim heap: Moore's Nim-k is played on nim heaps", bad + 1);
        goto out;
    }
    qsort(a, n, sizeof *a, cmp_u64);
    qsort(b, m, sizeof *b, cmp_u64);
    cancel_common(a, n, b, m, ra, &na, rb, &nb);
    if (!na && !nb) { snprintf(why, wl, "that is the position as it stands: a move must change it"); goto out; }
    if (nb > na || !na) { snprintf(why, wl, "that adds heaps: a move only takes tokens"); goto out; }
    if (na > g->k) {
        snprintf(why, wl, "that changes %zu heaps: in Nim-%llu a move takes from 1 to %llu heaps", na,
                 (unsigned long long)g->k, (unsigned long long)g->k);
        goto out;
    }
    /* pad the new heaps with zeros and match both in order: a heap must get smaller */
    memmove(rb + (na - nb), rb, nb * sizeof *rb);
    for (size_t k = 0; k < na - nb; k++) rb[k] = 0;
    for (size_t k = 0; k < na; k++)
        if (rb[k] >= ra[k]) { snprintf(why, wl, "a heap can only get smaller: a move takes tokens"); goto out; }
    /* the position as the player wrote it (the same heaps in any order) */
    rc = gr_position_format(cand, after, NULL) == GR_OK ? 1 : -1;
    if (rc < 0) snprintf(why, wl, "out of memory");
out:
    free(a); free(b); free(ra); free(rb);
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

/* `i: TERM; j: TERM`: the position they leave (malloc'd), or NULL with why */
static char *apply_terms(play_game *g, const char *s, char *why, size_t wl, int *failed) {
    size_t n = gr_position_count(g->pos), nm = 0, cap = 0;
    gr_move *mv = NULL;
    char *out = NULL, *copy = malloc(strlen(s) + 1);
    *failed = 1;
    if (!copy) { snprintf(why, wl, "out of memory"); return NULL; }
    strcpy(copy, s);
    for (char *p = copy, *next; p; p = next) {
        next = strchr(p, ';');
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
