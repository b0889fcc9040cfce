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
#include "internal.h"
#include "context_internal.h"
#include "position_internal.h"
#include "family.h"

typedef struct evs {
    gr_ctx *ctx;
    gr_keymap memo;           /* [rs id, state...] -> step */
    uint64_t *arena;          /* children: [len][key...] */
    size_t alen, acap;
    gr_error *err;
    uint64_t work;            /* words of child keys written: bounded by 64 x the memo bound */
} evs;

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int aput(evs *e, const uint64_t *w, size_t n) {
    if (!gr_grow((void **)&e->arena, &e->acap, e->alen + n, sizeof *e->arena)) return 0;
    if (n) memcpy(e->arena + e->alen, w, n * sizeof *w);
    e->alen += n;
    return 1;
}

/* The value of a component key [id, state...]. */
static gr_status key_value(evs *e, const uint64_t *key, size_t len, uint64_t *v) {
    gr_ruleset *rs = e->ctx->rs[key[0]];
    if (!gr_ruleset_is_heap(rs)) return gr_state_value(rs, key + 1, len - 1, v, e->err);
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
    int oom;
} gen;

/* heap option: the key with heap `skip` replaced, zeros dropped, sorted */
static int on_heap(void *user, const uint64_t *h, size_t n) {
    gen *g = user;
    evs *e = g->e;
    e->work += g->len + n + 1;
    if (e->work > 64 * (uint64_t)e->memo.max) return 1;
    size_t at = e->alen;
    uint64_t zero = 0;
    if (!aput(e, &zero, 1) || !aput(e, g->key, 1)) { g->oom = 1; return 1; }
    for (size_t i = 1; i < g->len; i++)
        if (i != g->skip && !aput(e, &g->key[i], 1)) { g->oom = 1; return 1; }
    for (size_t i = 0; i < n; i++)
        if (h[i] && !aput(e, &h[i], 1)) { g->oom = 1; return 1; }
    qsort(e->arena + at + 2, e->alen - at - 2, sizeof *e->arena, cmp_u64);
    e->arena[at] = e->alen - at - 1;
    return 0;
}

static int on_state(void *user, const uint64_t *a, size_t n) {
    gen *g = user;
    evs *e = g->e;
    e->work += n + 2;
    if (e->work > 64 * (uint64_t)e->memo.max) return 1;
    uint64_t len = n + 1;
    if (!aput(e, &len, 1) || !aput(e, g->key, 1) || !aput(e, a, n)) { g->oom = 1; return 1; }
    return 0;
}

#define EVERY_MAX_OPTIONS ((uint64_t)1 << 20)

static gr_status children(evs *e, const uint64_t *key, size_t len) {
    gr_ruleset *rs = e->ctx->rs[key[0]];
    gen g = {e, key, len, 0, 0};
    gr_status st = GR_OK;
    int complete = 1;
    if (!gr_ruleset_is_heap(rs)) {
        gr_optiter it = {NULL, NULL, EVERY_MAX_OPTIONS, 0, 0, 0, 0};
        st = gr_state_options(rs, key + 1, len - 1, &it, on_state, &g, e->err);
        complete = !it.cut;
    } else {
        for (size_t i = 1; i < len && st == GR_OK && complete && !g.oom; i++) {
            if (i > 1 && key[i] == key[i - 1]) continue;
            g.skip = i;
            st = gr_rs_options_capped(rs, key[i], EVERY_MAX_OPTIONS, 0, on_heap, &g, &complete);
        }
    }
    if (st != GR_OK) return st;
    if (g.oom) return gr_fail(e->err, GR_ENOMEM, "out of memory in the Every-SG search");
    if (e->work > 64 * (uint64_t)e->memo.max)
        return gr_fail(e->err, GR_ELIMIT, "the Every-SG search exceeds its bound of %llu positions (raise the search limit)",
                       (unsigned long long)e->memo.max);
    if (!complete)
        return gr_fail(e->err, GR_ELIMIT, "a component has more than %llu options: too large for the Every-SG search",
                       (unsigned long long)EVERY_MAX_OPTIONS);
    return GR_OK;
}

typedef struct eframe {
    size_t key, keylen, ch_begin, ch_end, cursor;
} eframe;

/* step of the component key[0..len) (key not in the arena) */
static gr_status step_of(evs *e, const uint64_t *key, size_t len, uint64_t *step) {
    if (gr_keymap_get(&e->memo, key, len, step)) return GR_OK;
    size_t base = e->alen;
    uint64_t l = len;
    if (!aput(e, &l, 1) || !aput(e, key, len)) return gr_fail(e->err, GR_ENOMEM, "out of memory");
    eframe *stack = NULL;
    size_t depth = 0, cap = 0, next = base + 1;
    uint64_t *scratch = NULL;
    size_t scap = 0;
    gr_status st = GR_OK;
    for (;;) {
        if (!gr_grow((void **)&stack, &cap, depth + 1, sizeof *stack)) { st = gr_fail(e->err, GR_ENOMEM, "out of memory"); break; }
        eframe *f = &stack[depth++];
        f->key = next;
        f->keylen = (size_t)e->arena[next - 1];
        if (!gr_grow((void **)&scratch, &scap, f->keylen, sizeof *scratch)) { st = gr_fail(e->err, GR_ENOMEM, "out of memory"); break; }
        memcpy(scratch, e->arena + f->key, f->keylen * sizeof *scratch);
        f->ch_begin = e->alen;
        if ((st = children(e, scratch, f->keylen)) != GR_OK) break;
        f = &stack[depth - 1];
        f->ch_end = e->alen;
        f->cursor = f->ch_begin;
        int pushed = 0;
        while (depth && !pushed) {
            f = &stack[depth - 1];
            while (f->cursor < f->ch_end) {
                uint64_t sv;
                size_t cl = (size_t)e->arena[f->cursor];
                if (!gr_keymap_get(&e->memo, e->arena + f->cursor + 1, cl, &sv)) { next = f->cursor + 1; pushed = 1; break; }
                f->cursor += cl + 1;
            }
            if (pushed) break;
            uint64_t v, s = 0;
            if ((st = key_value(e, e->arena + f->key, f->keylen, &v)) != GR_OK) break;
            if (f->ch_begin != f->ch_end) {
                int have = 0;
                for (size_t c = f->ch_begin; c < f->ch_end; c += 1 + (size_t)e->arena[c]) {
                    size_t cl = (size_t)e->arena[c];
                    uint64_t cs, cv;
                    (void)gr_keymap_get(&e->memo, e->arena + c + 1, cl, &cs);
                    if ((st = key_value(e, e->arena + c + 1, cl, &cv)) != GR_OK) break;
                    if (v > 0 && cv != 0) continue;
                    if (!have || (v > 0 ? cs > s : cs < s)) s = cs;
                    have = 1;
                }
                if (st != GR_OK) break;
                s += 1;
            }
            gr_status ps = gr_keymap_put(&e->memo, e->arena + f->key, f->keylen, s);
            if (ps == GR_ELIMIT) {
                st = gr_fail(e->err, ps, "the Every-SG search exceeds its bound of %llu positions (raise the search limit)",
                             (unsigned long long)e->memo.max);
                break;
            }
            if (ps != GR_OK) { st = gr_fail(e->err, ps, "out of memory"); break; }
            e->alen = f->ch_begin;
            depth--;
        }
        if (st != GR_OK || !pushed) break;
    }
    free(stack);
    free(scratch);
    e->alen = base;
    if (st != GR_OK) return st;
    if (!gr_keymap_get(&e->memo, key, len, step)) return gr_fail(e->err, GR_EINTERNAL, "Every-SG search lost its root");
    return GR_OK;
}

/* the key of term i: [rs id, sorted non-zero heaps] or [rs id, args] */
static uint64_t *term_key(const gr_position *pos, size_t i, size_t *len) {
    const gr_term *t = &pos->terms[i];
    uint64_t *k = malloc((t->nargs + 1) * sizeof *k);
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
    const gr_term *t = &pos->terms[i];
    /* a single nim heap: 1 step to 0 (its only value-0 option), 0 when empty */
    if (gr_rs_has(t->rs, GR_FAM_NIM) && t->nargs == 1) { *step = pos->args[t->args] != 0; return GR_OK; }
    size_t len;
    uint64_t *k = term_key(pos, i, &len);
    if (!k) return gr_fail(e->err, GR_ENOMEM, "out of memory");
    gr_status st = step_of(e, k, len, step);
    free(k);
    return st;
}

gr_status gr_position_every(gr_position *pos, uint64_t *steps, int *wins, size_t *decisive, gr_error *err) {
    evs e = {pos->ctx, {0}, NULL, 0, 0, err, 0};
    gr_keymap_init(&e.memo, (size_t)gr_ctx_search_limit(pos->ctx));
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
    gr_keymap_free(&e.memo);
    free(e.arena);
    return st;
}

gr_status gr_position_every_move(gr_position *pos, gr_move_fn fn, void *user, gr_error *err) {
    evs e = {pos->ctx, {0}, NULL, 0, 0, err, 0};
    gr_keymap_init(&e.memo, (size_t)gr_ctx_search_limit(pos->ctx));
    gr_status st = GR_OK;
    for (size_t i = 0; i < pos->nterms && st == GR_OK; i++) {
        const gr_term *t = &pos->terms[i];
        if (gr_rs_has(t->rs, GR_FAM_NIM) && t->nargs == 1) {
            /* a single nim heap: straight to 0, its only option of value 0 */
            if (pos->args[t->args] == 0) continue;
            char *from = NULL;
            if (gr_position_term_format(pos, i, &from) != GR_OK) { st = gr_fail(err, GR_ENOMEM, "out of memory"); break; }
            gr_move m = {i, from, t->bare ? "0" : "nim(0)"};
            int stop = fn(user, &m);
            free(from);
            if (stop) break;
            continue;
        }
        size_t len;
        uint64_t *k = term_key(pos, i, &len);
        if (!k) { st = gr_fail(err, GR_ENOMEM, "out of memory"); break; }
        uint64_t v, s;
        st = key_value(&e, k, len, &v);
        if (st == GR_OK) st = step_of(&e, k, len, &s);
        if (st != GR_OK || s == 0) { free(k); continue; }
        /* the option that realizes the step: value 0 with the largest step
         * when v > 0, the smallest step when v = 0 */
        size_t base = e.alen;
        if ((st = children(&e, k, len)) != GR_OK) { free(k); break; }
        size_t end = e.alen, pick = SIZE_MAX;
        uint64_t ps = 0;
        for (size_t c = base; c < end && st == GR_OK; c += 1 + (size_t)e.arena[c]) {
            size_t cl = (size_t)e.arena[c];
            uint64_t cv, cs;
            uint64_t *ck = malloc(cl * sizeof *ck);
            if (!ck) { st = gr_fail(err, GR_ENOMEM, "out of memory"); break; }
            memcpy(ck, e.arena + c + 1, cl * sizeof *ck);
            st = key_value(&e, ck, cl, &cv);
            if (st == GR_OK) st = step_of(&e, ck, cl, &cs);
            free(ck);
            if (st != GR_OK) break;
            if (v > 0 && cv != 0) continue;
            if (pick == SIZE_MAX || (v > 0 ? cs > ps : cs < ps)) { pick = c; ps = cs; }
        }
        if (st == GR_OK && pick != SIZE_MAX) {
            gr_buf b;
            gr_buf_init(&b);
            size_t cl = (size_t)e.arena[pick];
            const uint64_t *ck = e.arena + pick + 1;
            if (t->bare) gr_buf_u64(&b, cl > 1 ? ck[1] : 0);
            else {
                gr_buf_puts(&b, gr_ruleset_spec(t->rs));
                gr_buf_puts(&b, "(");
                for (size_t j = 1; j < cl; j++) { if (j > 1) gr_buf_puts(&b, ","); gr_buf_u64(&b, ck[j]); }
                if (cl == 1) gr_buf_puts(&b, "0");
                gr_buf_puts(&b, ")");
            }
            char *to = NULL, *from = NULL;
            if (gr_buf_take(&b, &to, NULL) != GR_OK || gr_position_term_format(pos, i, &from) != GR_OK)
                st = gr_fail(err, GR_ENOMEM, "out of memory");
            else {
                gr_move m = {i, from, to};
                if (fn(user, &m)) { free(to); free(from); free(k); e.alen = base; break; }
            }
            free(to);
            free(from);
        }
        e.alen = base;
        free(k);
    }
    gr_keymap_free(&e.memo);
    free(e.arena);
    return st;
}
