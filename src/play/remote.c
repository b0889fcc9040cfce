/* Remoteness (include/grundy/remoteness.h): terminal 0; won: 1 + the least
 * remoteness among moves to lost positions; lost: 1 + the largest among
 * all moves. Lost means even in normal play and odd in misère play (a
 * terminal position is lost in normal play, won in misère play).
 *
 * A sum is searched whole (canonical sums, the shared search driver of
 * misere_search.c): remoteness has no addition rule. Single heaps of one
 * heap ruleset are kept in a table, filled upwards; a move that leaves one
 * smaller heap reads it, a move that splits is searched. A family may give
 * a single heap by formula (remote_alone). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/remoteness.h"
#include "core/internal.h"
#include "core/context_internal.h"
#include "core/family.h"
#include "play/misere_search.h"
#include "play/remote_loopy.h"
#include "play/position_internal.h"

/* lost iff the parity of r is the play's (0 normal, 1 misère) */
static inline int is_lost(uint64_t r, int misere) { return (int)(r & 1) == misere; }

/* the fold of a node's children: the least lost one, the largest one */
typedef struct fold {
    uint64_t lost_min, most;
    int any;
} fold;

static void fold_add(fold *f, uint64_t r, int misere) {
    if (is_lost(r, misere) && r < f->lost_min) f->lost_min = r;
    if (!f->any || r > f->most) f->most = r;
    f->any = 1;
}

static uint64_t fold_end(const fold *f) { return !f->any ? 0 : 1 + (f->lost_min != UINT64_MAX ? f->lost_min : f->most); }

static gr_status combine(gri_search *run, const uint64_t *key, size_t len, const uint64_t *ch, size_t chlen,
                         uint64_t *result) {
    (void)key;
    (void)len;
    search *s = run->user;
    fold f = {UINT64_MAX, 0, 0};
    for (size_t c = 0; c < chlen; c = gri_search_next(ch, c)) {
        uint64_t r = 0;
        (void)gri_search_known(run, ch + c + 1, (size_t)ch[c], &r);
        fold_add(&f, r, s->misere);
    }
    *result = fold_end(&f);
    return GR_OK;
}

/* a lost child of the least remoteness a lost position can have (0 in
 * normal play, 1 in misère play, where 0 is won) decides the node: no
 * other child can make it faster */
static inline uint64_t least_lost(int misere) { return (uint64_t)misere; }

static int cut(gri_search *run, uint64_t child, uint64_t *result) {
    search *s = run->user;
    if (child != least_lost(s->misere)) return 0;
    *result = child + 1;
    return 1;
}

static const gri_search_ops REMOTE_OPS = {gri_ms_children, cut, combine};

/* options listed per heap of the table before it gives up */
#define TABLE_MAX_OPTIONS ((uint64_t)1 << 20)

/* an evaluator: the sum search and the table of one heap ruleset */
typedef struct reval {
    gr_ctx *ctx;
    int misere;
    gr_error *err;
    search s;
    gr_ruleset *trs;       /* the table's ruleset (NULL: none yet) */
    uint64_t *t, tn, tcap; /* t[0..tn): its single heaps */
    int borrowed;          /* t is the caller's (not freed here) */
    uint64_t n;            /* the heap being filled */
    fold f;
    int cut;               /* the heap was decided before its last option */
    gr_status st;
    uint64_t key[64];      /* a split's canonical key */
    gri_retro retro;       /* a game with cycles: every position from the start, solved */
    int loopy;
} reval;

static void reval_init(reval *e, gr_ctx *ctx, int misere, gr_error *err) {
    memset(e, 0, sizeof *e);
    gri_ms_init_ops(&e->s, ctx, &REMOTE_OPS, "the remoteness search", err);
    e->s.misere = misere;
    e->ctx = ctx;
    e->misere = misere;
    e->err = err;
}

static void reval_free(reval *e) {
    gri_retro_free(&e->retro);
    gri_ms_free(&e->s);
    if (!e->borrowed) gri_free(gri_ctx_alloc(e->ctx), e->t);
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* an option of heap e->n: the heaps it leaves */
static int on_option(void *user, const uint64_t *h, size_t nh) {
    reval *e = user;
    if (nh <= 1 && (!nh || h[0] < e->n)) { /* the usual case: one smaller heap, or none */
        uint64_t r = nh ? e->t[h[0]] : 0;
        fold_add(&e->f, r, e->misere);
        return r == least_lost(e->misere) && (e->cut = 1); /* decided: stop */
    }
    uint64_t hs[32];
    size_t k = 0;
    for (size_t i = 0; i < nh; i++)
        if (h[i]) {
            if (k == 32) {
                e->st = gri_fail(e->err, GR_ELIMIT, "a move leaves more than 32 heaps: too many for the remoteness table");
                return 1;
            }
            hs[k++] = h[i];
        }
    uint64_t r = 0;
    if (k == 1 && hs[0] < e->n) {
        r = e->t[hs[0]];
    } else if (k) {
        qsort(hs, k, sizeof *hs, cmp_u64);
        uint64_t hdr = (uint64_t)e->trs->id << 32 | 1;
        for (size_t i = 0; i < k; i++) {
            e->key[2 * i] = hdr;
            e->key[2 * i + 1] = hs[i];
        }
        if ((e->st = gri_search_run(&e->s.run, e->key, 2 * k, &r)) != GR_OK) return 1;
    }
    fold_add(&e->f, r, e->misere);
    return r == least_lost(e->misere) && (e->cut = 1);
}

/* the table of rs's single heaps up to (excluding) upto */
static gr_status table_fill(reval *e, gr_ruleset *rs, uint64_t upto) {
    const gr_allocator *al = gri_ctx_alloc(e->ctx);
    if (e->trs && e->trs != rs) return gri_fail(e->err, GR_EINTERNAL, "the remoteness table holds another ruleset");
    if (upto > gr_ctx_table_limit(e->ctx))
        return gri_fail(e->err, GR_ELIMIT,
                        "%s: the remoteness of heap %llu needs a table of %llu heaps, past the table limit of %llu "
                        "(raise it with --table-limit)",
                        gr_ruleset_spec(rs), (unsigned long long)(upto - 1), (unsigned long long)upto,
                        (unsigned long long)gr_ctx_table_limit(e->ctx));
    e->trs = rs;
    if (upto <= e->tn) return GR_OK;
    if (upto > e->tcap) {
        if (e->borrowed) return gri_fail(e->err, GR_EINTERNAL, "the remoteness table outgrew its buffer");
        size_t cap = (size_t)e->tcap;
        if (!gri_grow(al, (void **)&e->t, &cap, (size_t)upto, sizeof *e->t))
            return gri_fail(e->err, GR_ENOMEM, "out of memory: a remoteness table of %llu heaps",
                            (unsigned long long)upto);
        e->tcap = cap;
    }
    /* the family's own table (a proved arithmetic period), from heap 0 */
    if (gri_play_of(rs)->remote_table && gri_play_of(rs)->remote_table(rs, upto, e->misere, e->t)) {
        e->tn = upto;
        return GR_OK;
    }
    gri_ticker tick;
    gri_ticker_start(&tick, e->ctx);
    for (uint64_t n = e->tn; n < upto; n++) {
        if (gri_tick(&tick)) {
            char what[GR_ERROR_MESSAGE_MAX / 2];
            snprintf(what, sizeof what, "the remoteness table of %s", gr_ruleset_spec(rs));
            gr_status st = gri_ctx_poll(e->ctx, e->err, what, n, "heaps");
            if (st != GR_OK) return st;
        }
        e->n = n;
        e->f = (fold){UINT64_MAX, 0, 0};
        e->st = GR_OK;
        e->cut = 0;
        int complete = 1;
        gr_status st = gri_rs_options_capped(rs, n, TABLE_MAX_OPTIONS, 0, on_option, e, &complete, e->err);
        if (st == GR_OK) st = e->st;
        if (st != GR_OK) return st;
        if (!complete && !e->cut)
            return gri_fail(e->err, GR_ELIMIT, "%s: heap %llu has more than %llu options: too many for the remoteness table",
                            gr_ruleset_spec(rs), (unsigned long long)n, (unsigned long long)TABLE_MAX_OPTIONS);
        e->t[n] = fold_end(&e->f);
        e->tn = n + 1;
    }
    return GR_OK;
}

/* the remoteness of the canonical sum key[0..len) */
static gr_status eval_key(reval *e, const uint64_t *key, size_t len, uint64_t *r, gr_outcome *oc,
                          const char **method) {
    *oc = GR_OUTCOME_UNKNOWN; /* from the parity */
    if (e->loopy && gri_retro_get(&e->retro, key, len, oc, r)) {
        *method = "retrograde";
        return GR_OK;
    }
    *oc = GR_OUTCOME_UNKNOWN;
    *method = "search";
    if (len == 2 && (key[0] & 0xffffffffu) == 1) {
        gr_ruleset *rs = gri_ms_rs_of(e->ctx, key[0]);
        if (gr_ruleset_is_heap(rs) && gri_play_of(rs)->remote_alone && gri_play_of(rs)->remote_alone(rs, key[1], e->misere, r)) {
            *method = "formula";
            return GR_OK;
        }
        if (gr_ruleset_is_heap(rs) && (!e->trs || e->trs == rs) && key[1] < gr_ctx_table_limit(e->ctx)) {
            gr_status st = table_fill(e, rs, key[1] + 1);
            if (st != GR_OK) return st;
            *r = e->t[key[1]];
            *method = "table";
            return GR_OK;
        }
    }
    if (len == 0) { /* no move: 0 by the definition */
        *r = 0;
        *method = "formula";
        return GR_OK;
    }
    return gri_search_run(&e->s.run, key, len, r);
}

static void fill_out(const reval *e, uint64_t r, gr_outcome oc, const char *method, gr_remoteness *out) {
    if (!out || out->size < sizeof *out) return;
    out->outcome = oc != GR_OUTCOME_UNKNOWN ? oc : is_lost(r, e->misere) ? GR_OUTCOME_P : GR_OUTCOME_N;
    out->remoteness = out->outcome == GR_OUTCOME_D ? GR_REMOTENESS_DRAW : r;
    out->method = method;
    out->searched = e->loopy ? e->retro.map.count : e->s.run.memo.count;
}

/* whether a term may have cycles: then the retrograde analysis */
static int has_loopy(const gr_position *pos) {
    for (size_t i = 0; i < pos->nterms; i++)
        if (gr_ruleset_is_loopy(pos->terms[i].rs)) return 1;
    return 0;
}

/* a game with cycles: lists and solves everything reachable from key (in
 * place of the last listing) */
static gr_status start_loopy(reval *e, const uint64_t *key, size_t len) {
    gri_retro_free(&e->retro);
    e->loopy = 0;
    gri_search_reset(&e->s.run); /* a search stopped by a cycle leaves marks */
    gr_status st = gri_retro_build(&e->retro, &e->s, key, len, e->misere, e->err);
    if (st == GR_OK) e->loopy = 1;
    return st;
}

/* The remoteness of pos. A position of a family that may loop, not in the
 * last listing, is listed and solved backwards; so is one whose search
 * meets a cycle (a rule is known to loop only once a cycle was met). */
static gr_status eval_position(reval *e, gr_position *pos, gr_remoteness *out) {
    const gr_allocator *al = gri_ctx_alloc(e->ctx);
    words key = {al, NULL, 0, 0};
    gr_status st = gri_ms_position_key(pos, &key, e->err);
    uint64_t r = 0;
    gr_outcome oc = GR_OUTCOME_UNKNOWN;
    const char *method = "search";
    if (st == GR_OK && has_loopy(pos) && !(e->loopy && gri_retro_get(&e->retro, key.w, key.n, &oc, &r)))
        st = start_loopy(e, key.w, key.n);
    if (st == GR_OK) st = eval_key(e, key.w, key.n, &r, &oc, &method);
    if (st == GR_ECYCLE && (st = start_loopy(e, key.w, key.n)) == GR_OK) st = eval_key(e, key.w, key.n, &r, &oc, &method);
    gri_free(al, key.w);
    if (st == GR_OK) fill_out(e, r, oc, method, out);
    return st;
}

static gr_status check_out(const gr_remoteness *out, gr_error *err) {
    if (!out || out->size < sizeof *out)
        return gri_fail(err, GR_EINVAL, "gr_remoteness: set its size (GR_SIZED(gr_remoteness))");
    return GR_OK;
}

gr_status gr_position_remoteness(gr_position *pos, int misere, gr_remoteness *out, gr_error *err) {
    if (!pos) return gri_fail(err, GR_EINVAL, "no position");
    gr_status st = check_out(out, err);
    if (st != GR_OK) return st;
    reval e;
    reval_init(&e, pos->ctx, misere != 0, err);
    st = eval_position(&e, pos, out);
    reval_free(&e);
    return st;
}

typedef struct mvctx {
    reval *e;
    gr_position *pos;
    gr_remote_move_fn fn;
    void *user;
    gr_status st;
    int stopped;
} mvctx;

static int on_move(void *user, const gr_move *move) {
    mvctx *m = user;
    gr_position *next = NULL;
    if ((m->st = gr_position_play(m->pos, move, &next, m->e->err)) != GR_OK) return 1;
    gr_remoteness after = GR_SIZED(gr_remoteness);
    m->st = eval_position(m->e, next, &after);
    gr_position_free(next);
    if (m->st != GR_OK) return 1;
    if (m->fn(m->user, move, &after)) {
        m->stopped = 1;
        return 1;
    }
    return 0;
}

gr_status gr_position_remoteness_moves(gr_position *pos, int misere, size_t max_moves, gr_remote_move_fn fn,
                                       void *user, int *complete, gr_error *err) {
    if (complete) *complete = 1;
    if (!pos || !fn) return gri_fail(err, GR_EINVAL, "no position or no callback");
    reval e;
    reval_init(&e, pos->ctx, misere != 0, err);
    mvctx m = {&e, pos, fn, user, GR_OK, 0};
    int all = 1;
    /* the position first: a game with cycles is then listed from it, and
     * every move's position is in that listing */
    gr_status st = eval_position(&e, pos, NULL);
    if (st == GR_OK) st = gr_position_moves(pos, max_moves, on_move, &m, &all, err);
    if (m.st != GR_OK) st = m.st;
    if (complete) *complete = all && !m.stopped;
    reval_free(&e);
    return st;
}

struct gr_remote_eval {
    reval e;
};

gr_status gr_remote_eval_new(gr_ctx *ctx, int misere, gr_remote_eval **out, gr_error *err) {
    if (!ctx || !out) return gri_fail(err, GR_EINVAL, "no context or no output");
    gr_remote_eval *r = gri_calloc(gri_ctx_alloc(ctx), 1, sizeof *r);
    if (!r) return gri_fail(err, GR_ENOMEM, "out of memory");
    reval_init(&r->e, ctx, misere != 0, err);
    *out = r;
    return GR_OK;
}

gr_status gr_remote_eval_position(gr_remote_eval *r, gr_position *pos, gr_remoteness *out, gr_error *err) {
    if (!r || !pos) return gri_fail(err, GR_EINVAL, "no evaluator or no position");
    if (pos->ctx != r->e.ctx) return gri_fail(err, GR_EINVAL, "the position belongs to another context");
    gr_status st = check_out(out, err);
    if (st != GR_OK) return st;
    reval *e = &r->e;
    e->err = e->s.err = e->s.run.err = err;
    st = eval_position(e, pos, out);
    /* a stopped search leaves marks on its path: forget it, keep the table */
    if (st != GR_OK) gri_search_reset(&e->s.run);
    return st;
}

void gr_remote_eval_free(gr_remote_eval *r) {
    if (!r) return;
    const gr_allocator *al = gri_ctx_alloc(r->e.ctx);
    reval_free(&r->e);
    gri_free(al, r);
}

gr_status gr_ruleset_remoteness(gr_ruleset *rs, uint64_t count, int misere, uint64_t *out, gr_error *err) {
    if (!rs || (count && !out)) return gri_fail(err, GR_EINVAL, "no ruleset or no output");
    if (!gr_ruleset_is_heap(rs))
        return gri_fail(err, GR_EINVAL, "%s: the remoteness table is for heap rulesets (give a position instead)",
                        gr_ruleset_spec(rs));
    reval e;
    reval_init(&e, rs->ctx, misere != 0, err);
    gr_status st = GR_OK;
    uint64_t n = 0;
    /* by formula where the family knows it, else the table (in out) */
    for (; n < count && gri_play_of(rs)->remote_alone && gri_play_of(rs)->remote_alone(rs, n, e.misere, &out[n]); n++) {}
    if (n < count) {
        e.t = out;
        e.tcap = count;
        e.borrowed = 1;
        st = table_fill(&e, rs, count);
    }
    reval_free(&e);
    return st;
}

static int remote_rank(gr_outcome o) { return o == GR_OUTCOME_P ? 0 : o == GR_OUTCOME_D ? 1 : 2; }

int gr_remoteness_cmp(const gr_remoteness *x, const gr_remoteness *y) {
    int xr = remote_rank(x->outcome), yr = remote_rank(y->outcome);
    if (xr != yr) return xr - yr;
    if (x->remoteness != y->remoteness)
        return xr == 0 ? (x->remoteness < y->remoteness ? -1 : 1) : (x->remoteness > y->remoteness ? -1 : 1);
    return 0;
}
