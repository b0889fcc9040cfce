/* Misère play. Four exact methods, tried in this order:
 *
 * sj-theorem: every component is a heap of a ruleset in which every heap of
 *   Grundy value 0 (up to the largest heap present) has no move, and no move
 *   splits a heap. Then "every component has value 0" means "no move is
 *   left", so the SJ theorem's game is misère play and its verdict holds.
 *
 * genus: every component is a heap of a ruleset that is tame up to the
 *   largest heap present, in this sense. Call a heap fickle if its value is
 *   0 or 1 and every option is a sum of fickle heaps, firm otherwise; a sum
 *   is firm if some heap in it is. Tame means, for every firm heap X with
 *   value v:
 *     (L1) if v <= 1, X has no all-fickle option of value 1 ^ v;
 *     (L2) for each r in {0,1} other than v, X has an all-fickle option of
 *          value 1 ^ r or a firm option of value r.
 *   Then for every sum S of such heaps: the mover loses iff (S all fickle and
 *   value 1) or (S firm and value 0), exactly as in misère Nim. Proof by
 *   induction on S (docs/theory.md "Misère play of tame heaps"); nim heaps are tame (L2 by moving
 *   to 0 or 1), so this covers the Anti-Nim rule of the seeds.
 *
 * quotient: every component is a heap of one ruleset whose misère quotient
 *   (src/misere, proved there) covers the largest heap: misere_quotient.c.
 *
 * search: a memoized search over sums written canonically (sorted records
 *   of components, heaps flattened), iterative, bounded by the context's
 *   search limit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "core/ticker.h"
#include "core/context_internal.h"
#include "play/position_internal.h"
#include "core/family.h"
#include "play/misere_search.h"
#include "play/misere_quotient.h"
#include "play/misere_tame.h"

/* whether heap h is firm, once its ruleset is known tame up to h */
static int heap_firm(const gr_ruleset *rs, uint64_t h) {
    int sj;
    return gri_play_of(rs)->misere_firm ? gri_play_of(rs)->misere_firm(rs, h, &sj) : rs->nl_firm[h];
}

static int sj_verdict(uint64_t x, size_t big) { return (x != 0 && big > 0) || (x == 0 && big == 0); }
static int genus_verdict(uint64_t x, size_t firm) { return !((firm == 0 && x == 1) || (firm > 0 && x == 0)); }

/* ---------- the position level ---------- */

/* Whether term i (a state term) is proved misère-equivalent to a sum of
 * nim heaps, and how many of them are firm (size > 1). */
static gr_status nim_heaps_args(gr_ruleset *rs, const uint64_t *args, size_t n, size_t *firm, int *ok, gr_error *err) {
    *firm = 0;
    *ok = 0;
    if (!gri_play_of(rs)->misere_heaps) return GR_OK;
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    uint64_t *vals;
    size_t nv;
    gr_status st = gri_play_of(rs)->misere_heaps(rs, args, n, &vals, &nv, ok, err);
    if (st != GR_OK) return st;
    for (size_t k = 0; k < nv; k++) *firm += vals[k] > 1;
    gri_free(al, vals);
    return GR_OK;
}

static gr_status nim_heaps_of(gr_position *pos, size_t i, size_t *firm, int *ok, gr_error *err) {
    const gri_term *t = &pos->terms[i];
    return nim_heaps_args(t->rs, pos->args + t->args, t->nargs, firm, ok, err);
}

/* Summary of the position for the formula methods. */
typedef struct summary {
    uint64_t x;          /* XOR of all heap values */
    size_t big;          /* heaps of value > 1 (SJ) */
    size_t firm;         /* firm heaps (genus) */
    int all_heaps;
    int sj_ok, tame_ok;
} summary;

static gr_status summarize(gr_position *pos, summary *sm, gr_error *err) {
    memset(sm, 0, sizeof *sm);
    sm->all_heaps = 1;
    sm->sj_ok = sm->tame_ok = 1;
    gr_status st = gr_position_value(pos, &sm->x, err);
    if (st != GR_OK) return st;
    /* largest heap per ruleset, then the certificates */
    for (size_t i = 0; i < pos->nterms; i++) {
        gri_term *t = &pos->terms[i];
        if (gr_ruleset_is_heap(t->rs)) continue;
        sm->all_heaps = 0;
        sm->sj_ok = 0;
        /* a term proved misère-equivalent to nim heaps (hackenbush
         * branches) is tame: its firm heaps are those of size > 1 */
        size_t firm;
        int ok;
        if ((st = nim_heaps_of(pos, i, &firm, &ok, err)) != GR_OK) return st;
        if (!ok) sm->tame_ok = 0;
        else sm->firm += firm;
    }
    for (size_t i = 0; i < pos->nterms && (sm->sj_ok || sm->tame_ok); i++) {
        gri_term *t = &pos->terms[i];
        if (!gr_ruleset_is_heap(t->rs)) continue;
        uint64_t m = 0;
        for (uint32_t k = 0; k < t->nargs; k++) if (pos->args[t->args + k] > m) m = pos->args[t->args + k];
        int ok;
        if (sm->sj_ok) {
            if ((st = gri_sj_upto(t->rs, m, &ok, err)) != GR_OK) return st;
            if (!ok) sm->sj_ok = 0;
        }
        if (sm->tame_ok) {
            if ((st = gri_tame_upto(t->rs, m, &ok, err)) != GR_OK) return st;
            if (!ok) sm->tame_ok = 0;
        }
    }
    for (size_t i = 0; i < pos->nterms; i++) {
        gri_term *t = &pos->terms[i];
        if (!gr_ruleset_is_heap(t->rs)) continue;
        for (uint32_t k = 0; k < t->nargs; k++) {
            uint64_t h = pos->args[t->args + k], v;
            if ((st = gr_ruleset_value(t->rs, h, &v, err)) != GR_OK) return st;
            if (v > 1) sm->big++;
            if (sm->tame_ok) {
                int firm = heap_firm(t->rs, h);
                if (firm) sm->firm++;
            }
        }
    }
    return GR_OK;
}


/* One heap alone whose family knows its misère outcome by formula (HDU
 * 2897 for bash[p,q]). */
static int single_formula(const gr_position *pos, uint64_t *n, const gr_ruleset **rs, int *lost) {
    if (pos->nterms != 1 || pos->terms[0].nargs != 1) return 0;
    const gr_ruleset *r = pos->terms[0].rs;
    if (!gr_ruleset_is_heap(r) || !gri_play_of(r)->misere_alone) return 0;
    *n = pos->args[pos->terms[0].args];
    *rs = r;
    return gri_play_of(r)->misere_alone(r, *n, lost);
}

/* the outcome, with the exact search (if it comes to that) in s */
static gr_status misere_with(gr_position *pos, gr_misere *out, search *s, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    summary sm;
    uint64_t bn;
    const gr_ruleset *brs;
    int lost;
    if (single_formula(pos, &bn, &brs, &lost)) {
        GRI_CLEAR_SIZED(out);
        gr_status st = gr_position_value(pos, &out->value, err);
        if (st != GR_OK) return st;
        out->wins = !lost;
        out->sj_wins = sj_verdict(out->value, out->value > 1);
        out->method = "formula";
        return GR_OK;
    }
    gr_status st = summarize(pos, &sm, err);
    if (st != GR_OK) return st;
    GRI_CLEAR_SIZED(out);
    out->value = sm.x;
    out->sj_wins = sj_verdict(sm.x, sm.big);
    if (!sm.all_heaps) {
        /* the SJ verdict needs every component's value */
        out->sj_wins = 0;
        uint64_t x = 0, v;
        size_t big = 0;
        for (size_t i = 0; i < pos->nterms; i++) {
            gri_term *t = &pos->terms[i];
            if (gr_ruleset_is_heap(t->rs)) {
                for (uint32_t k = 0; k < t->nargs; k++) {
                    if ((st = gr_ruleset_value(t->rs, pos->args[t->args + k], &v, err)) != GR_OK) return st;
                    x ^= v;
                    big += v > 1;
                }
            } else {
                if ((st = gr_position_term_value(pos, i, &v, err)) != GR_OK) return st;
                x ^= v;
                big += v > 1;
            }
        }
        out->sj_wins = sj_verdict(x, big);
    }
    if (sm.sj_ok) { out->wins = out->sj_wins; out->method = "sj-theorem"; return GR_OK; }
    if (sm.tame_ok) { out->wins = genus_verdict(sm.x, sm.firm); out->method = "genus"; return GR_OK; }
    const gr_quotient *mq;
    if ((st = gri_misere_quotient(pos, &mq, err)) != GR_OK) return st;
    if (mq) {
        out->wins = !gr_quotient_is_p(mq, gri_mq_position_element(pos, mq));
        out->method = "quotient";
        return GR_OK;
    }
    words key = {gri_ctx_alloc(pos->ctx), NULL, 0, 0};
    st = gri_ms_position_key(pos, &key, err);
    int wins = 0;
    if (st == GR_OK) st = gri_ms_wins(s, key.w, key.n, &wins);
    if (st == GR_ELIMIT && err && gri_mq_refused(pos) && !gri_ctx_stopping(pos->ctx)) {
        char why[GR_ERROR_MESSAGE_MAX];
        snprintf(why, sizeof why, "%s", err->message);
        st = gri_fail(err, GR_ELIMIT, "%s; its heaps' misère quotient was not proved within its bounds either", why);
    }
    out->wins = wins;
    out->method = "search";
    out->searched = s->run.memo.count;
    gri_free(al, key.w);
    return st;
}

gr_status gr_position_misere(gr_position *pos, gr_misere *out, gr_error *err) {
    if (!out || !GRI_SIZE_OK(out, gr_misere)) return GRI_SIZE_FAIL(err, gr_misere);
    search s;
    gri_ms_init(&s, pos->ctx, 0, err);
    gr_status st = misere_with(pos, out, &s, err);
    gri_ms_free(&s);
    return st;
}

/* ---------- misère winning moves ---------- */

typedef struct mm {
    size_t width;        /* a state option that is a sum: its parts' width (0: one position) */
    summary sm;
    int method;          /* 0 sj, 1 genus, 2 search, 3 quotient */
    search *s;
    const gr_quotient *q;
    uint32_t rest;       /* quotient: the element of the other heaps */
    uint64_t gh;         /* value of the heap being moved (or of the state term) */
    size_t firm_h;       /* is it firm (genus; for a state term: its firm nim heaps) */
    gri_movesink out;     /* the position, and where its moves go */
} mm;

/* Outcome for the next player after replacing the moving component: by
 * formula (sj, genus) from the option's heaps, or by search. */
static int mm_loses_after_heaps(mm *w, const uint64_t *h, size_t n, int *loses) {
    const gri_term *t = &w->out.pos->terms[w->out.term];
    if (w->method == 3) {
        uint32_t e = w->rest;
        for (size_t i = 0; i < n; i++) e = gr_quotient_mul(w->q, e, gr_quotient_heap(w->q, h[i]));
        *loses = gr_quotient_is_p(w->q, e);
        return 0;
    }
    uint64_t x = w->sm.x ^ w->gh, v;
    size_t big = w->sm.big - (w->gh > 1), firm = w->sm.firm - (size_t)w->firm_h;
    for (size_t i = 0; i < n; i++) {
        if ((w->out.st = gr_ruleset_value(t->rs, h[i], &v, w->out.err)) != GR_OK) return 1;
        x ^= v;
        big += v > 1;
        if (w->method == 1) firm += heap_firm(t->rs, h[i]);
    }
    if (w->method == 0) *loses = !sj_verdict(x, big);
    else *loses = !genus_verdict(x, firm);
    return 0;
}

/* child key for the search: the position's records with one replaced */
static gr_status mm_child_key(mm *w, const uint64_t *vals, size_t n, int state, words *out) {
    /* rebuild from the terms: simplest and exact */
    gr_position *pos = w->out.pos;
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    words raw = {al, NULL, 0, 0};
    size_t nrec = 0;
    for (size_t i = 0; i < pos->nterms; i++) {
        gri_term *t = &pos->terms[i];
        const uint64_t *a = pos->args + t->args;
        uint64_t hdr1 = (uint64_t)t->rs->id << 32 | 1;
        if (i == w->out.term && state) {
            /* the term becomes one position, or a sum of parts of w->width words */
            size_t width = w->width ? w->width : n, np = w->width ? n / w->width : 1;
            uint64_t hdr = (uint64_t)t->rs->id << 32 | width;
            for (size_t k = 0; k < np; k++) {
                if (!gri_ms_put(&raw, &hdr, 1) || !gri_ms_put(&raw, vals + k * width, width)) goto oom;
                nrec++;
            }
            continue;
        }
        if (!gr_ruleset_is_heap(t->rs)) {
            uint64_t hdr = (uint64_t)t->rs->id << 32 | t->nargs;
            if (!gri_ms_put(&raw, &hdr, 1) || !gri_ms_put(&raw, a, t->nargs)) goto oom;
            nrec++;
            continue;
        }
        for (uint32_t k = 0; k < t->nargs; k++) {
            if (i == w->out.term && k == w->out.heap) {
                for (size_t j = 0; j < n; j++) {
                    uint64_t r[2] = {hdr1, vals[j]};
                    if (!gri_ms_put(&raw, r, 2)) goto oom;
                    nrec++;
                }
                continue;
            }
            uint64_t r[2] = {hdr1, a[k]};
            if (!gri_ms_put(&raw, r, 2)) goto oom;
            nrec++;
        }
    }
    rec *r = gri_malloc(al, (nrec ? nrec : 1) * sizeof *r);
    if (!r) goto oom;
    gri_ms_records(raw.w, raw.n, r);
    out->n = 0;
    int ok = gri_ms_canon(pos->ctx, r, nrec, out);
    gri_free(al, r);
    gri_free(al, raw.w);
    return ok ? GR_OK : gri_fail(w->out.err, GR_ENOMEM, "out of memory");
oom:
    gri_free(al, raw.w);
    return gri_fail(w->out.err, GR_ENOMEM, "out of memory");
}

static int mm_option(mm *w, const uint64_t *vals, size_t n, int state) {
    int loses = 0;
    if ((w->method < 2 || w->method == 3) && !state) {
        if (mm_loses_after_heaps(w, vals, n, &loses)) return 1;
    } else if (w->method == 1 && state && !w->width) {
        /* a state term of nim heaps (genus): the option's heaps */
        const gri_term *t = &w->out.pos->terms[w->out.term];
        size_t firm;
        int ok;
        uint64_t v;
        if ((w->out.st = nim_heaps_args(t->rs, vals, n, &firm, &ok, w->out.err)) != GR_OK) return 1;
        if ((w->out.st = gri_state_value(t->rs, vals, n, &v, w->out.err)) != GR_OK) return 1;
        if (!ok) { w->out.st = gri_fail(w->out.err, GR_EINTERNAL, "an option left the nim-heap form"); return 1; }
        loses = !genus_verdict(w->sm.x ^ w->gh ^ v, w->sm.firm - (size_t)w->firm_h + firm);
    } else {
        const gr_allocator *al = gri_ctx_alloc(w->out.pos->ctx);
        words ck = {al, NULL, 0, 0};
        if ((w->out.st = mm_child_key(w, vals, n, state, &ck)) != GR_OK) return 1;
        int wins;
        w->out.st = gri_ms_wins(w->s, ck.w, ck.n, &wins);
        gri_free(al, ck.w);
        if (w->out.st != GR_OK) return 1;
        loses = !wins;
    }
    if (!loses) return 0;
    if (w->width) return gri_movesink_after_sum(&w->out, vals, n / w->width, w->width);
    return gri_movesink_after(&w->out, vals, n, state);
}

static int mm_heap_option(void *user, const uint64_t *h, size_t n) { return mm_option(user, h, n, 0); }
static int mm_state_option(void *user, const uint64_t *a, size_t n) { return mm_option(user, a, n, 1); }

/* a state option that may be a sum (state_sums) */
static int mm_state_sum(void *user, const uint64_t *parts, size_t np, size_t width) {
    mm *w = user;
    w->width = width ? width : 1;
    int stop = mm_option(w, parts, np * w->width, 1);
    w->width = 0;
    return stop;
}

typedef struct alone_moves {
    const gr_position *pos;
    const gr_ruleset *rs;
    gr_move_fn fn;
    void *user;
    gr_status st;
    gr_error *err;
    char *from;
} alone_moves;

/* one heap m written as the whole position after the move */
static int on_alone_move(void *user, const uint64_t *h, size_t n) {
    alone_moves *am = user;
    const gr_allocator *al = gri_ctx_alloc(am->pos->ctx);
    gri_buf b;
    gri_buf_init(&b, al);
    gri_buf_puts(&b, gr_ruleset_spec(am->rs));
    gri_buf_puts(&b, "(");
    gri_buf_u64(&b, n ? h[0] : 0);
    gri_buf_puts(&b, ")");
    char *to;
    if (gri_buf_take(&b, &to, NULL) != GR_OK) { am->st = gri_fail(am->err, GR_ENOMEM, "out of memory"); return 1; }
    int stop = gri_move_call(am->rs->ctx, 0, am->from, to, am->fn, am->user, &am->st, am->err);
    gri_free(al, to);
    return stop != 0;
}

/* the moves that win in misère play, the outcome res found with the search s
 * (whose memo they share) */
static gr_status moves_with(gr_position *pos, const gr_misere *res_, search *sp, size_t max_moves, gr_move_fn fn,
                            void *user, int *complete, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    const gr_misere res = *res_;
    gr_status st = GR_OK;
    if (complete) *complete = 1;
    if (!res.wins) return st;
    uint64_t bn;
    const gr_ruleset *brs;
    int lost;
    if (single_formula(pos, &bn, &brs, &lost)) {
        /* the family lists the options that are lost */
        alone_moves am = {pos, brs, fn, user, GR_OK, err, NULL};
        if (gr_position_term_format(pos, 0, &am.from) != GR_OK) return gri_fail(err, GR_ENOMEM, "out of memory");
        gri_optiter it = {.fn = on_alone_move, .user = &am, .max = max_moves};
        gri_play_of(brs)->misere_alone_moves(brs, bn, &it);
        gri_free(al, am.from);
        if (complete && (it.cut || it.stopped)) *complete = 0;
        return am.st;
    }
    mm w;
    memset(&w, 0, sizeof w);
    w.out.pos = pos;
    w.out.max = max_moves;
    w.out.fn = fn;
    w.out.user = user;
    w.out.err = err;
    if ((st = summarize(pos, &w.sm, err)) != GR_OK) return st;
    w.method = !strcmp(res.method, "sj-theorem") ? 0 : !strcmp(res.method, "genus") ? 1
             : !strcmp(res.method, "quotient") ? 3 : 2;
    /* quotient: suffix products, so the other heaps' element is prefix * suffix */
    uint32_t *suffix = NULL, prefix = 0;
    size_t nheaps = 0, at = 0;
    if (w.method == 3) {
        if ((st = gri_misere_quotient(pos, &w.q, err)) != GR_OK) return st;
        if (!w.q) return gri_fail(err, GR_EINTERNAL, "the misère quotient went missing");
        for (size_t i = 0; i < pos->nterms; i++) nheaps += pos->terms[i].nargs;
        suffix = gri_malloc(al, (nheaps + 1) * sizeof *suffix);
        if (!suffix) return gri_fail(err, GR_ENOMEM, "out of memory");
        suffix[nheaps] = 0;
        size_t j = nheaps;
        for (size_t i = pos->nterms; i-- > 0;)
            for (uint32_t k = pos->terms[i].nargs; k-- > 0;) {
                j--;
                suffix[j] = gr_quotient_mul(w.q, suffix[j + 1], gr_quotient_heap(w.q, pos->args[pos->terms[i].args + k]));
            }
    }
    w.s = sp;
    int partial = 0;
    for (size_t i = 0; i < pos->nterms && !w.out.cut && st == GR_OK; i++) {
        gri_term *t = &pos->terms[i];
        w.out.term = i;
        if (gr_position_term_format(pos, i, &w.out.from) != GR_OK) { st = gri_fail(err, GR_ENOMEM, "out of memory"); break; }
        if (!gr_ruleset_is_heap(t->rs)) {
            if (w.method == 1) {
                /* the term's own value and firm heaps, replaced by each option's */
                size_t firm;
                int ok;
                if ((st = gr_position_term_value(pos, i, &w.gh, err)) != GR_OK) break;
                if ((st = nim_heaps_of(pos, i, &firm, &ok, err)) != GR_OK) break;
                w.firm_h = firm;
            }
            gri_optiter it = {.max = SEARCH_MAX_OPTIONS};
            if (t->rs->fam->state_sums)
                st = t->rs->fam->state_sums(t->rs, pos->args + t->args, t->nargs, &it, mm_state_sum, &w, err);
            else
                st = gri_state_options(t->rs, pos->args + t->args, t->nargs, &it, mm_state_option, &w, err);
            if (st == GR_OK) st = w.out.st;
            if (it.cut && !w.out.cut) partial = 1;
        } else {
            for (uint32_t k = 0; k < t->nargs && !w.out.cut && st == GR_OK; k++) {
                uint64_t h = pos->args[t->args + k];
                w.out.heap = k;
                if (w.method == 3) {
                    w.rest = gr_quotient_mul(w.q, prefix, suffix[at + 1]);
                    prefix = gr_quotient_mul(w.q, prefix, gr_quotient_heap(w.q, h));
                    at++;
                }
                if ((st = gr_ruleset_value(t->rs, h, &w.gh, err)) != GR_OK) break;
                w.firm_h = w.method == 1 ? heap_firm(t->rs, h) : 0;
                if (gri_rs_has(t->rs, GR_FAM_SMALLER_HEAPS) && w.method < 2) {
                    /* a nim heap: only targets 0, 1 and h ^ value can matter */
                    uint64_t cand[3] = {0, 1, w.sm.x ^ w.gh ^ 0};
                    cand[2] = w.sm.x ^ w.gh; /* makes the value 0 */
                    for (int c = 0; c < 3 && !w.out.cut && w.out.st == GR_OK; c++) {
                        uint64_t m = cand[c];
                        if (m >= h || (c == 2 && m <= 1)) continue;
                        mm_option(&w, &m, m ? 1 : 0, 0);
                    }
                    st = w.out.st;
                    continue;
                }
                int all = 1;
                st = gri_rs_options_capped(t->rs, h, SEARCH_MAX_OPTIONS, 0, mm_heap_option, &w, &all, err);
                if (st == GR_OK) st = w.out.st;
                if (!all && !w.out.cut) partial = 1;
            }
        }
        gri_free(al, w.out.from);
        w.out.from = NULL;
    }
    gri_free(al, w.out.from);
    gri_free(al, suffix);
    if (complete) *complete = !w.out.cut && !partial;
    return st;
}

gr_status gri_misere_solve(gr_position *pos, gr_misere *out, size_t max_moves, gr_move_fn fn, void *user,
                           int *complete, gr_error *err) {
    search s;
    gri_ms_init(&s, pos->ctx, 0, err);
    gr_status st = misere_with(pos, out, &s, err);
    if (complete) *complete = 1;
    if (st == GR_OK) st = moves_with(pos, out, &s, max_moves, fn, user, complete, err);
    if (out->method && !strcmp(out->method, "search")) out->searched = s.run.memo.count;
    gri_ms_free(&s);
    return st;
}

gr_status gr_position_misere_moves(gr_position *pos, size_t max_moves, gr_move_fn fn, void *user, int *complete,
                                   gr_error *err) {
    gr_misere res = GR_SIZED(gr_misere);
    return gri_misere_solve(pos, &res, max_moves, fn, user, complete, err);
}
