/* Every-SG: in each turn the player moves in every component that still
 * can. A component is one term as written (a take-and-break term that
 * split stays one component). Each term gets its step number by an
 * iterative memoized search over the term's own positions (sorted heaps,
 * or a state ruleset's arguments): step = 0 at the end; for value > 0 the
 * winner prolongs, 1 + max step over options of value 0; for value 0 the
 * loser hurries, 1 + min step over all options. The sum is decided by the
 * term with the largest step (seeds: Jia Zhihao's Every-SG theorem). */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "core/context_internal.h"
#include "play/position_internal.h"
#include "core/family.h"
#include "core/search.h"

typedef struct evs {
    gr_ctx *ctx;
    gri_search s;              /* [rs id, state...] -> step */
    uint64_t *child;          /* the child being written */
    size_t ccap;
    gr_error *err;
} evs;

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The value of a component key [id, state...]. */
static gr_status key_value(evs *e, const uint64_t *key, size_t len, uint64_t *v) {
    gr_ruleset *rs = e->ctx->rs[key[0]];
    if (!gr_ruleset_is_heap(rs)) return gri_state_value(rs, key + 1, len - 1, v, e->err);
    uint64_t x = 0, g;
    for (size_t i = 1; i < len; i++) {
        gr_status st = gr_ruleset_value(rs, key[i], &g, e->err);
        if (st != GR_OK) return st;
        x ^= g;
    }
    *v = x;
    return GR_OK;
}

typedef struct gen {
    evs *e;
    const uint64_t *key;
    size_t len, skip;
    gr_status st;
} gen;

/* heap option: the key with heap `skip` replaced, zeros dropped, sorted */
static int on_heap(void *user, const uint64_t *h, size_t n) {
    gen *g = user;
    evs *e = g->e;
    const gr_allocator *al = gri_ctx_alloc(g->e->ctx);
    if (!gri_grow(al, (void **)&e->child, &e->ccap, g->len + n, sizeof *e->child)) {
        g->st = gri_fail(e->err, GR_ENOMEM, "out of memory in the Every-SG search");
        return 1;
    }
    size_t k = 0;
    e->child[k++] = g->key[0];
    for (size_t i = 1; i < g->len; i++)
        if (i != g->skip) e->child[k++] = g->key[i];
    for (size_t i = 0; i < n; i++)
        if (h[i]) e->child[k++] = h[i];
    qsort(e->child + 1, k - 1, sizeof *e->child, cmp_u64);
    g->st = gri_search_child(&e->s, e->child, k);
    return g->st != GR_OK;
}

static int on_state(void *user, const uint64_t *a, size_t n) {
    gen *g = user;
    evs *e = g->e;
    const gr_allocator *al = gri_ctx_alloc(g->e->ctx);
    if (!gri_grow(al, (void **)&e->child, &e->ccap, n + 1, sizeof *e->child)) {
        g->st = gri_fail(e->err, GR_ENOMEM, "out of memory in the Every-SG search");
        return 1;
    }
    e->child[0] = g->key[0];
    memcpy(e->child + 1, a, n * sizeof *a);
    g->st = gri_search_child(&e->s, e->child, n + 1);
    return g->st != GR_OK;
}

#define EVERY_MAX_OPTIONS ((uint64_t)1 << 20)

static gr_status children(gri_search *s, const uint64_t *key, size_t len) {
    evs *e = s->user;
    gr_ruleset *rs = e->ctx->rs[key[0]];
    gen g = {e, key, len, 0, GR_OK};
    gr_status st = GR_OK;
    int complete = 1;
    if (!gr_ruleset_is_heap(rs)) {
        gri_optiter it = {.max = EVERY_MAX_OPTIONS};
        st = gri_state_options(rs, key + 1, len - 1, &it, on_state, &g, e->err);
        complete = !it.cut;
    } else {
        for (size_t i = 1; i < len && st == GR_OK && complete && g.st == GR_OK; i++) {
            if (i > 1 && key[i] == key[i - 1]) continue;
            g.skip = i;
            st = gri_rs_options_capped(rs, key[i], EVERY_MAX_OPTIONS, 0, on_heap, &g, &complete, e->err);
        }
    }
    if (st != GR_OK) return st;
    if (g.st != GR_OK) return g.st;
    if (!complete)
        return gri_fail(e->err, GR_ELIMIT, "a component has more than %llu options: too large for the Every-SG search",
                       (unsigned long long)EVERY_MAX_OPTIONS);
    return GR_OK;
}

/* step = 0 at the end; for value > 0, 1 + max step over options of value
 * 0; for value 0, 1 + min step over all options */
static gr_status combine(gri_search *s, const uint64_t *key, size_t len, const uint64_t *ch, size_t chlen,
                         uint64_t *step) {
    evs *e = s->user;
    uint64_t v, best = 0;
    gr_status st = key_value(e, key, len, &v);
    if (st != GR_OK) return st;
    int have = 0;
    for (size_t c = 0; c < chlen; c += 1 + (size_t)ch[c]) {
        size_t cl = (size_t)ch[c];
        uint64_t cs = 0, cv;
        (void)gri_search_known(s, ch + c + 1, cl, &cs);
        if ((st = key_value(e, ch + c + 1, cl, &cv)) != GR_OK) return st;
        if (v > 0 && cv != 0) continue;
        if (!have || (v > 0 ? cs > best : cs < best)) best = cs;
        have = 1;
    }
    *step = chlen ? best + 1 : 0;
    return GR_OK;
}

static const gri_search_ops EVERY_OPS = {children, NULL, combine};

static void evs_init(evs *e, gr_ctx *ctx, gr_error *err) {
    memset(e, 0, sizeof *e);
    e->ctx = ctx;
    e->err = err;
    gri_search_init(&e->s, &EVERY_OPS, e, (size_t)gr_ctx_search_limit(ctx), "the Every-SG search",
                   "raise the search limit", gri_ctx_alloc(ctx), err);
    e->s.ctx = ctx;
}

static void evs_free(evs *e) {
    const gr_allocator *al = gri_ctx_alloc(e->ctx);
    gri_search_free(&e->s);
    gri_free(al, e->child);
}

static gr_status step_of(evs *e, const uint64_t *key, size_t len, uint64_t *step) {
    return gri_search_run(&e->s, key, len, step);
}

/* the key of term i: [rs id, sorted non-zero heaps] or [rs id, args] */
static uint64_t *term_key(const gr_position *pos, size_t i, size_t *len) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    const gri_term *t = &pos->terms[i];
    uint64_t *k = gri_malloc(al, (t->nargs + 1) * sizeof *k);
    if (!k) return NULL;
    k[0] = t->rs->id;
    size_t n = 1;
    for (uint32_t j = 0; j < t->nargs; j++) {
        uint64_t a = pos->args[t->args + j];
        if (gr_ruleset_is_heap(t->rs) && a == 0) continue;
        k[n++] = a;
    }
    if (gr_ruleset_is_heap(t->rs)) qsort(k + 1, n - 1, sizeof *k, cmp_u64);
    *len = n;
    return k;
}

static gr_status term_step(evs *e, gr_position *pos, size_t i, uint64_t *step) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    const gri_term *t = &pos->terms[i];
    /* a single heap whose family knows its Every-SG by formula (nim) */
    uint64_t to;
    if (t->nargs == 1 && gri_play_of(t->rs)->every_alone && gri_play_of(t->rs)->every_alone(t->rs, pos->args[t->args], step, &to))
        return GR_OK;
    size_t len;
    uint64_t *k = term_key(pos, i, &len);
    if (!k) return gri_fail(e->err, GR_ENOMEM, "out of memory");
    gr_status st = step_of(e, k, len, step);
    gri_free(al, k);
    return st;
}

gr_status gr_position_every(gr_position *pos, uint64_t *steps, gr_outcome *wins, size_t *decisive, gr_error *err) {
    evs e;
    evs_init(&e, pos->ctx, err);
    gr_status st = GR_OK;
    uint64_t best = 0;
    size_t arg = 0;
    for (size_t i = 0; i < pos->nterms && st == GR_OK; i++) {
        st = term_step(&e, pos, i, &steps[i]);
        if (st == GR_OK && (i == 0 || steps[i] > best)) { best = steps[i]; arg = i; }
    }
    if (st == GR_OK) {
        uint64_t v = 0;
        if (pos->nterms) st = gr_position_term_value(pos, arg, &v, err);
        *wins = pos->nterms && best > 0 && v != 0;
        if (decisive) *decisive = arg;
    }
    evs_free(&e);
    return st;
}

gr_status gr_position_every_move(gr_position *pos, gr_move_fn fn, void *user, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    evs e;
    evs_init(&e, pos->ctx, err);
    gr_status st = GR_OK;
    for (size_t i = 0; i < pos->nterms && st == GR_OK; i++) {
        const gri_term *t = &pos->terms[i];
        uint64_t step, left;
        if (t->nargs == 1 && gri_play_of(t->rs)->every_alone && gri_play_of(t->rs)->every_alone(t->rs, pos->args[t->args], &step, &left)) {
            /* a single heap known by formula (nim: straight to 0) */
            if (step == 0) continue;
            char *from = NULL;
            gri_buf b;
            gri_buf_init(&b, al);
            if (!t->bare) { gri_buf_puts(&b, gr_ruleset_spec(t->rs)); gri_buf_puts(&b, "("); }
            gri_buf_u64(&b, left);
            if (!t->bare) gri_buf_puts(&b, ")");
            char *text = NULL;
            if (gri_buf_take(&b, &text, NULL) != GR_OK || gr_position_term_format(pos, i, &from) != GR_OK) {
                gri_free(al, text);
                st = gri_fail(err, GR_ENOMEM, "out of memory");
                break;
            }
            int stop = gri_move_call(pos->ctx, i, from, text, fn, user, &st, err);
            gri_free(al, from);
            gri_free(al, text);
            if (stop) break;
            continue;
        }
        size_t len;
        uint64_t *k = term_key(pos, i, &len);
        if (!k) { st = gri_fail(err, GR_ENOMEM, "out of memory"); break; }
        uint64_t v, s;
        st = key_value(&e, k, len, &v);
        if (st == GR_OK) st = step_of(&e, k, len, &s);
        if (st != GR_OK || s == 0) { gri_free(al, k); continue; }
        /* the option that realizes the step: value 0 with the largest step
         * when v > 0, the smallest step when v = 0 */
        size_t base = e.s.alen;
        if ((st = children(&e.s, k, len)) != GR_OK) { gri_free(al, k); break; }
        size_t end = e.s.alen, pick = SIZE_MAX;
        uint64_t ps = 0;
        for (size_t c = base; c < end && st == GR_OK; c += 1 + (size_t)e.s.arena[c]) {
            size_t cl = (size_t)e.s.arena[c];
            uint64_t cv, cs;
            uint64_t *ck = gri_malloc(al, cl * sizeof *ck);
            if (!ck) { st = gri_fail(err, GR_ENOMEM, "out of memory"); break; }
            memcpy(ck, e.s.arena + c + 1, cl * sizeof *ck);
            st = key_value(&e, ck, cl, &cv);
            if (st == GR_OK) st = step_of(&e, ck, cl, &cs);
            gri_free(al, ck);
            if (st != GR_OK) break;
            if (v > 0 && cv != 0) continue;
            if (pick == SIZE_MAX || (v > 0 ? cs > ps : cs < ps)) { pick = c; ps = cs; }
        }
        if (st == GR_OK && pick != SIZE_MAX) {
            gri_buf b;
            gri_buf_init(&b, al);
            size_t cl = (size_t)e.s.arena[pick];
            const uint64_t *ck = e.s.arena + pick + 1;
            if (t->bare) gri_buf_u64(&b, cl > 1 ? ck[1] : 0);
            else if (!gr_ruleset_is_heap(t->rs)) {
                /* a state term as the parser reads it (edges, a family's
                 * own syntax; "0" when the move ended it) */
                gri_term_write_after(&b, pos, t, 0, ck + 1, cl - 1, 1);
            } else {
                gri_buf_puts(&b, gr_ruleset_spec(t->rs));
                gri_buf_puts(&b, "(");
                for (size_t j = 1; j < cl; j++) { if (j > 1) gri_buf_puts(&b, ","); gri_buf_u64(&b, ck[j]); }
                if (cl == 1) gri_buf_puts(&b, "0");
                gri_buf_puts(&b, ")");
            }
            char *to = NULL, *from = NULL;
            if (gri_buf_take(&b, &to, NULL) != GR_OK || gr_position_term_format(pos, i, &from) != GR_OK)
                st = gri_fail(err, GR_ENOMEM, "out of memory");
            else {
                if (gri_move_call(pos->ctx, i, from, to, fn, user, &st, err)) { gri_free(al, to); gri_free(al, from); gri_free(al, k); e.s.alen = base; break; }
            }
            gri_free(al, to);
            gri_free(al, from);
        }
        e.s.alen = base;
        gri_free(al, k);
    }
    evs_free(&e);
    return st;
}
