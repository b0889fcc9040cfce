/* The nimber of a board or graph position, by the method of Lemoine and
 * Viennot: a position is the sum of its independent parts (board.c), each
 * valued once under its key (boardkey.c) in a transposition table; a
 * part's value is the least j for which no option has value j, and whether
 * an option O has value j is decided without valuing O in full: O's parts
 * but the largest are valued, folded into j, and the largest L must then
 * have value exactly j' -- which fails as soon as one option of L is found
 * with value j' (usually the first few tried), and otherwise needs only
 * the values below j'. Every fact the search learns is exact (an option of
 * value j exists, or none does; the value is v), so the table may be
 * emptied at any time: it is, when it holds tt_max entries.
 *
 * The calls recurse: each level works on a strictly smaller set of cells
 * than the one above it or on the same set one step further (part value ->
 * option test -> value test of a smaller part), so the depth is at most
 * three per cell of the universe, GRB_MAX_CELLS at most, whatever the
 * input. Each level's scratch (its moves, its parts, its key) lives in a
 * block allocated on first use, not on the C stack. */
#include <stdlib.h>
#include "boards/nimsearch.h"
#include "core/context_internal.h"

#define UNKNOWN UINT64_MAX
#define MAX_DEPTH (3 * GRB_MAX_CELLS + 8)

static void drop_levels(grb_solver *sv);

struct grb_level {
    uint64_t key[GRB_KEY_WORDS];
    uint32_t *moves;
    uint64_t *order;     /* options to search: cost << 32 | move */
    grb_set parts[GRB_MAX_CELLS];
};

gr_status grb_solver_init(grb_solver *sv, const grb_game *g, const gr_allocator *al, unsigned how, size_t tt_max,
                          gr_error *err) {
    memset(sv, 0, sizeof *sv);
    sv->g = g;
    sv->moves_cap = g ? g->nmoves : 0;
    sv->al = al;
    sv->how = how;
    sv->tt_max = tt_max < 1024 ? 1024 : tt_max;
    sv->what = "the board search";
    gri_keymap_init(&sv->tt, sv->tt_max, al);
    (void)err;
    return GR_OK;
}

void grb_solver_free(grb_solver *sv) {
    gri_keymap_free(&sv->tt);
    gri_free(sv->al, sv->has);
    gri_free(sv->al, sv->no);
    gri_free(sv->al, sv->ne);
    drop_levels(sv);
    gri_free(sv->al, sv->levels);
    memset(sv, 0, sizeof *sv);
}

static void drop_levels(grb_solver *sv) {
    for (size_t i = 0; i < sv->nlevels; i++) {
        if (!sv->levels[i]) continue;
        gri_free(sv->al, sv->levels[i]->moves);
        gri_free(sv->al, sv->levels[i]->order);
        gri_free(sv->al, sv->levels[i]);
        sv->levels[i] = NULL;
    }
}

gr_status grb_solver_use(grb_solver *sv, const grb_game *g, int fresh, gr_error *err) {
    (void)err;
    if (g->nmoves > sv->moves_cap) {
        drop_levels(sv);
        sv->moves_cap = g->nmoves;
    }
    if (fresh && (sv->how & GRB_NO_SYMMETRY)) {
        gri_keymap_free(&sv->tt);
        gri_keymap_init(&sv->tt, sv->tt_max, sv->al);
    }
    sv->g = g;
    return GR_OK;
}

static gr_status oom(grb_solver *sv) { return gri_fail(sv->err, GR_ENOMEM, "out of memory in %s", sv->what); }

/* the scratch of the next level down (NULL: out of memory) */
static grb_level *push(grb_solver *sv) {
    size_t d = sv->depth;
    if (d >= MAX_DEPTH) return NULL; /* cannot happen: see the top of the file */
    if (d >= sv->nlevels) {
        size_t cap = sv->nlevels;
        if (!gri_grow(sv->al, (void **)&sv->levels, &cap, d + 1, sizeof *sv->levels)) return NULL;
        for (size_t i = sv->nlevels; i < cap; i++) sv->levels[i] = NULL;
        sv->nlevels = cap;
    }
    grb_level *lv = sv->levels[d];
    if (!lv) {
        lv = gri_calloc(sv->al, 1, sizeof *lv);
        if (!lv) return NULL;
        if (sv->moves_cap < sv->g->nmoves) sv->moves_cap = sv->g->nmoves;
        lv->moves = gri_calloc(sv->al, sv->moves_cap + 1, sizeof *lv->moves);
        lv->order = gri_calloc(sv->al, sv->moves_cap + 1, sizeof *lv->order);
        if (!lv->moves || !lv->order) {
            gri_free(sv->al, lv->moves);
            gri_free(sv->al, lv->order);
            gri_free(sv->al, lv);
            return NULL;
        }
        sv->levels[d] = lv;
    }
    sv->depth++;
    return lv;
}

/* ---- the table ---- */

static size_t key_of(const grb_solver *sv, const grb_set *part, uint64_t *key) {
    if (sv->how & GRB_NO_SYMMETRY) {
        memcpy(key, part->w, sizeof part->w);
        return GRB_WORDS;
    }
    return grb_key(sv->g, part, key);
}

static void tt_get(const grb_solver *sv, const uint64_t *key, size_t klen, uint64_t *nim, uint64_t *has, uint64_t *no) {
    size_t id = gri_keymap_find(&sv->tt, key, klen);
    if (id == SIZE_MAX) { *nim = UNKNOWN; *has = *no = 0; return; }
    *nim = sv->tt.val[id];
    *has = sv->has[id];
    *no = sv->no[id];
}

/* the entry of key, added when absent (the table emptied first when full) */
static gr_status tt_entry(grb_solver *sv, const uint64_t *key, size_t klen, size_t *id) {
    *id = gri_keymap_find(&sv->tt, key, klen);
    if (*id != SIZE_MAX) return GR_OK;
    gr_status st = gri_keymap_add(&sv->tt, key, klen, UNKNOWN, id);
    if (st == GR_ELIMIT) {
        gri_keymap_free(&sv->tt);
        gri_keymap_init(&sv->tt, sv->tt_max, sv->al);
        sv->flushes++;
        st = gri_keymap_add(&sv->tt, key, klen, UNKNOWN, id);
    }
    if (st != GR_OK) return oom(sv);
    if (*id >= sv->fcap) {
        size_t c1 = sv->fcap, c2 = sv->fcap, c3 = sv->fcap;
        if (!gri_grow(sv->al, (void **)&sv->has, &c1, *id + 1, sizeof *sv->has) ||
            !gri_grow(sv->al, (void **)&sv->no, &c2, *id + 1, sizeof *sv->no) ||
            !gri_grow(sv->al, (void **)&sv->ne, &c3, *id + 1, sizeof *sv->ne))
            return oom(sv);
        sv->fcap = c1 < c2 ? c1 : c2;
        if (c3 < sv->fcap) sv->fcap = c3;
    }
    sv->has[*id] = sv->no[*id] = sv->ne[*id] = 0;
    return GR_OK;
}

static gr_status tt_set_nim(grb_solver *sv, const uint64_t *key, size_t klen, uint64_t v) {
    size_t id;
    gr_status st = tt_entry(sv, key, klen, &id);
    if (st == GR_OK) sv->tt.val[id] = v;
    return st;
}

static gr_status tt_set_fact(grb_solver *sv, const uint64_t *key, size_t klen, uint64_t j, int yes) {
    if (j >= 64) return GR_OK;
    size_t id;
    gr_status st = tt_entry(sv, key, klen, &id);
    if (st == GR_OK) {
        if (yes) sv->has[id] |= (uint64_t)1 << j;
        else sv->no[id] |= (uint64_t)1 << j;
    }
    return st;
}

/* ---- the search ---- */

static gr_status part_nim(grb_solver *sv, const grb_set *c, uint64_t *v);
static gr_status in_set(grb_solver *sv, const grb_set *c, const uint64_t *key, size_t klen, uint64_t want,
                        uint64_t *v);
static gr_status aspire(grb_solver *sv, const grb_set *c, const uint64_t *key, size_t klen, uint64_t *v);

/* s's parts into out[] (with GRB_NO_SPLIT, all of them as one) */
static size_t parts_of(const grb_solver *sv, const grb_set *s, grb_set *out) {
    size_t n = grb_parts(sv->g, s, out);
    if (n > 1 && (sv->how & GRB_NO_SPLIT)) {
        for (size_t i = 1; i < n; i++)
            for (int k = 0; k < GRB_WORDS; k++) out[0].w[k] |= out[i].w[k];
        n = 1;
    }
    return n;
}

static gr_status step(grb_solver *sv) {
    sv->nodes++;
    if (sv->progress && sv->nodes >= sv->next_progress) {
        sv->next_progress = sv->nodes + (1u << 20);
        if (sv->progress(sv->progress_user, sv->nodes, sv->tt.count))
            return gri_fail(sv->err, GR_ELIMIT, "%s was interrupted after %llu positions", sv->what,
                            (unsigned long long)sv->nodes);
    }
    if (!sv->ctx || !gri_ctx_polled(sv->ctx)) return GR_OK;
    if (!sv->tick_on) { gri_ticker_start(&sv->tick, sv->ctx); sv->tick_on = 1; }
    return gri_tick_poll(&sv->tick, sv->ctx, sv->err, sv->what, sv->nodes, "positions");
}

static gr_status is_value(grb_solver *sv, const grb_set *c, uint64_t v, int *yes);

/* the option of part c by move m, into o */
static void option_of(const grb_solver *sv, const grb_set *c, uint32_t m, grb_set *o) {
    const grb_set *rem = &sv->g->rem[m];
    for (int k = 0; k < GRB_WORDS; k++) o->w[k] = c->w[k] & ~rem->w[k];
}

/* an option's value when every part of it is in the table (1), else 0
 * with *cost, how hard it looks (the sum of its parts' squared sizes) */
static int known_option(grb_solver *sv, const grb_set *parts, size_t np, uint64_t *key, uint64_t *value,
                        uint64_t *cost) {
    uint64_t x = 0, c = 0;
    int all = 1;
    for (size_t p = 0; p < np; p++) {
        size_t klen = key_of(sv, &parts[p], key);
        uint64_t nim, has, no;
        tt_get(sv, key, klen, &nim, &has, &no);
        if (nim == UNKNOWN) {
            uint64_t n = grb_count(&parts[p]);
            all = 0;
            c += n * n;
        } else x ^= nim;
    }
    *value = x;
    *cost = c;
    return all;
}

static int by_cost(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* whether some option of part c (key[0..klen)) has value j: first the
 * options the table values whole (an enhanced transposition cutoff), then
 * the others, those that look easiest first */
static gr_status has_option(grb_solver *sv, const grb_set *c, const uint64_t *key, size_t klen, uint64_t j,
                            int *yes) {
    uint64_t nim, has, no;
    tt_get(sv, key, klen, &nim, &has, &no);
    *yes = 0;
    if (nim != UNKNOWN && j <= nim) { *yes = j < nim; return GR_OK; }
    if (j < 64 && ((has | no) >> j & 1)) { *yes = (int)(has >> j & 1); return GR_OK; }
    gr_status st = step(sv);
    if (st != GR_OK) return st;
    grb_level *lv = push(sv);
    if (!lv) return oom(sv);
    size_t nm = grb_moves(sv->g, c, lv->moves), nu = 0;
    for (size_t i = 0; i < nm && !*yes; i++) {
        grb_set o;
        option_of(sv, c, lv->moves[i], &o);
        size_t np = parts_of(sv, &o, lv->parts);
        uint64_t x, cost;
        if (known_option(sv, lv->parts, np, lv->key, &x, &cost)) *yes = x == j;
        else lv->order[nu++] = cost << 32 | lv->moves[i];
    }
    if (!*yes) qsort(lv->order, nu, sizeof *lv->order, by_cost);
    for (size_t i = 0; i < nu && !*yes && st == GR_OK; i++) {
        grb_set o;
        option_of(sv, c, (uint32_t)lv->order[i], &o);
        size_t np = parts_of(sv, &o, lv->parts);
        size_t big = 0;
        for (size_t p = 1; p < np; p++)
            if (grb_count(&lv->parts[p]) > grb_count(&lv->parts[big])) big = p;
        uint64_t want = j;
        for (size_t p = 0; p < np && st == GR_OK; p++) {
            if (p == big) continue;
            uint64_t pv;
            if ((st = part_nim(sv, &lv->parts[p], &pv)) == GR_OK) want ^= pv;
        }
        if (st == GR_OK) st = is_value(sv, &lv->parts[big], want, yes);
    }
    sv->depth--;
    if (st == GR_OK) st = tt_set_fact(sv, key, klen, j, *yes);
    return st;
}

/* the value of part c by the mex of all its options' values */
static gr_status plain_mex(grb_solver *sv, const grb_set *c, uint64_t *v) {
    gr_status st = step(sv);
    if (st != GR_OK) return st;
    grb_level *lv = push(sv);
    if (!lv) return oom(sv);
    uint64_t seen[4] = {0}; /* option values below 256 */
    size_t nm = grb_moves(sv->g, c, lv->moves);
    for (size_t i = 0; i < nm && st == GR_OK; i++) {
        grb_set o = *c;
        const grb_set *rem = &sv->g->rem[lv->moves[i]];
        for (int k = 0; k < GRB_WORDS; k++) o.w[k] &= ~rem->w[k];
        size_t np = parts_of(sv, &o, lv->parts);
        uint64_t x = 0;
        for (size_t p = 0; p < np && st == GR_OK; p++) {
            uint64_t pv;
            if ((st = part_nim(sv, &lv->parts[p], &pv)) == GR_OK) x ^= pv;
        }
        if (st == GR_OK && x < 256) seen[x / 64] |= (uint64_t)1 << (x % 64);
    }
    sv->depth--;
    uint64_t m = 0;
    while (m < 256 && (seen[m / 64] >> (m % 64) & 1)) m++;
    *v = m; /* at most the number of moves, fewer than 256 */
    return st;
}

static gr_status part_nim(grb_solver *sv, const grb_set *c, uint64_t *v) {
    grb_level *lv = push(sv);
    if (!lv) return oom(sv);
    size_t klen = key_of(sv, c, lv->key);
    uint64_t nim, has, no;
    gr_status st = GR_OK;
    tt_get(sv, lv->key, klen, &nim, &has, &no);
    if (nim == UNKNOWN) {
        if (sv->how & GRB_PLAIN_MEX) st = plain_mex(sv, c, &nim);
        else if (!(sv->how & GRB_LV)) st = aspire(sv, c, lv->key, klen, &nim);
        else {
            for (nim = 0; st == GR_OK; nim++) {
                int yes;
                if ((st = has_option(sv, c, lv->key, klen, nim, &yes)) != GR_OK || !yes) break;
            }
        }
        if (st == GR_OK) st = tt_set_nim(sv, lv->key, klen, nim);
    }
    sv->depth--;
    *v = nim;
    return st;
}

static gr_status is_value(grb_solver *sv, const grb_set *c, uint64_t v, int *yes) {
    grb_level *lv = push(sv);
    if (!lv) return oom(sv);
    size_t klen = key_of(sv, c, lv->key);
    uint64_t nim, has, no;
    gr_status st = GR_OK;
    *yes = 0;
    tt_get(sv, lv->key, klen, &nim, &has, &no);
    if (nim != UNKNOWN) { *yes = nim == v; goto done; }
    if (v < 64 && (has >> v & 1)) goto done;
    if (sv->how & GRB_PLAIN_MEX) {
        if ((st = part_nim(sv, c, &nim)) == GR_OK) *yes = nim == v;
        goto done;
    }
    /* a value is at most the number of moves */
    if (v > grb_moves(sv->g, c, lv->moves)) goto done;
    int opt;
    if ((st = has_option(sv, c, lv->key, klen, v, &opt)) != GR_OK || opt) goto done;
    for (uint64_t i = 0; i < v; i++) {
        if ((st = has_option(sv, c, lv->key, klen, i, &opt)) != GR_OK) goto done;
        if (!opt) { st = tt_set_nim(sv, lv->key, klen, i); goto done; }
    }
    *yes = 1;
    st = tt_set_nim(sv, lv->key, klen, v);
done:
    sv->depth--;
    return st;
}


/* ---- Beling and Rogalski: a value asked for within a set ----
 * in_set(c, R) gives c's value when it is in R (and may give it when it is
 * not), else NOT_IN. The value is the least of 0..m (m moves) that no
 * option has; P holds the candidates still open. Each option takes one
 * candidate away: its own value when that is in P but not P's largest,
 * else the largest (the value may be anything outside, and taking the
 * largest keeps the count right: the mex is never the largest of P while
 * an option is left whose value is not in P). So each option is asked
 * only whether its value lies in P less its largest, capped at R's
 * largest; when P no longer meets R the answer is NOT_IN at once. The
 * table keeps exact values, and the values a part is proved not to have. */

#define NOT_IN UINT64_MAX
#define ALL_SMALL (~(uint64_t)0)

/* {s ^ x : s in set} for x < 64 */
static uint64_t xor_set(uint64_t set, uint64_t x) {
    static const uint64_t low[6] = {0x5555555555555555u, 0x3333333333333333u, 0x0f0f0f0f0f0f0f0fu,
                                    0x00ff00ff00ff00ffu, 0x0000ffff0000ffffu, 0x00000000ffffffffu};
    for (unsigned b = 0; b < 6; b++)
        if (x >> b & 1) set = (set & low[b]) << (1u << b) | ((set >> (1u << b)) & low[b]);
    return set;
}

static uint64_t top_bit(uint64_t x) { return (uint64_t)1 << (63 - __builtin_clzll(x)); }
static uint64_t upto(uint64_t x) { return x ? (top_bit(x) << 1) - 1 : 0; } /* bits up to x's largest */

/* takes value v (or, when v is not in P less its largest, the largest) out of P */
static uint64_t take(uint64_t p, uint64_t v) {
    uint64_t top = top_bit(p);
    if (v < 64 && ((p & ~top) >> v & 1)) return p & ~((uint64_t)1 << v);
    return p & ~top;
}

static gr_status note_not_in(grb_solver *sv, const uint64_t *key, size_t klen, uint64_t r) {
    size_t id;
    gr_status st = tt_entry(sv, key, klen, &id);
    if (st == GR_OK) sv->ne[id] |= r;
    return st;
}

static gr_status in_set(grb_solver *sv, const grb_set *c, const uint64_t *key, size_t klen, uint64_t want,
                        uint64_t *v) {
    uint64_t nim, has, no;
    tt_get(sv, key, klen, &nim, &has, &no);
    if (nim != UNKNOWN) { *v = nim; return GR_OK; }
    size_t id = gri_keymap_find(&sv->tt, key, klen);
    if (id != SIZE_MAX) want &= ~sv->ne[id];
    *v = NOT_IN;
    if (!want) return GR_OK;
    gr_status st = step(sv);
    if (st != GR_OK) return st;
    grb_level *lv = push(sv);
    if (!lv) return oom(sv);
    size_t nm = grb_moves(sv->g, c, lv->moves), nu = 0;
    if (nm >= 63) { /* values past 63: the plain method */
        sv->depth--;
        if ((st = plain_mex(sv, c, &nim)) == GR_OK && (st = tt_set_nim(sv, key, klen, nim)) == GR_OK) *v = nim;
        return st;
    }
    uint64_t p = ((uint64_t)1 << (nm + 1)) - 1, r = want & p;
    int exact = 1, stopped = !(p & r);
    for (size_t i = 0; i < nm && !stopped; i++) {
        grb_set o;
        option_of(sv, c, lv->moves[i], &o);
        size_t np = parts_of(sv, &o, lv->parts);
        uint64_t x, cost;
        if (known_option(sv, lv->parts, np, lv->key, &x, &cost)) p = take(p, x);
        else lv->order[nu++] = cost << 32 | lv->moves[i];
        stopped = !(p & r);
    }
    if (!stopped) qsort(lv->order, nu, sizeof *lv->order, by_cost);
    uint64_t cap = upto(r);
    for (size_t i = 0; i < nu && !stopped && st == GR_OK; i++) {
        grb_set o;
        option_of(sv, c, (uint32_t)lv->order[i], &o);
        size_t np = parts_of(sv, &o, lv->parts);
        size_t big = 0;
        for (size_t q = 1; q < np; q++)
            if (grb_count(&lv->parts[q]) > grb_count(&lv->parts[big])) big = q;
        uint64_t x = 0;
        for (size_t q = 0; q < np && st == GR_OK; q++) {
            if (q == big) continue;
            uint64_t pv;
            if ((st = part_nim(sv, &lv->parts[q], &pv)) == GR_OK) x ^= pv;
        }
        if (st != GR_OK) break;
        uint64_t ask = p & ~top_bit(p) & cap, got = NOT_IN;
        if (x < 64 && (ask = xor_set(ask, x)) != 0) {
            grb_level *sub = push(sv);
            if (!sub) { st = oom(sv); break; }
            size_t sk = key_of(sv, &lv->parts[big], sub->key);
            st = in_set(sv, &lv->parts[big], sub->key, sk, ask, &got);
            sv->depth--;
        }
        if (st != GR_OK) break;
        if (got == NOT_IN) { p &= ~top_bit(p); exact = 0; }
        else p = take(p, got ^ x);
        stopped = !(p & r);
    }
    sv->depth--;
    if (st != GR_OK) return st;
    /* every option taken one candidate away: one is left, the value when
     * every option's was known, or when it is at most R's largest */
    if (stopped && !(exact && nu == 0 && p && !(p & (p - 1)))) return note_not_in(sv, key, klen, want);
    if (!exact && !(p & cap)) return note_not_in(sv, key, klen, want);
    *v = (uint64_t)__builtin_ctzll(p);
    return tt_set_nim(sv, key, klen, *v);
}

/* whether option o's value is `want` (1 with *yes), found through in_set
 * on its largest part; *v its value when that came out (else NOT_IN) */
static gr_status option_in(grb_solver *sv, grb_level *lv, const grb_set *o, uint64_t want, uint64_t *v) {
    size_t np = parts_of(sv, o, lv->parts);
    *v = NOT_IN;
    if (np == 0) { *v = 0; return GR_OK; }
    size_t big = 0;
    for (size_t q = 1; q < np; q++)
        if (grb_count(&lv->parts[q]) > grb_count(&lv->parts[big])) big = q;
    uint64_t x = 0;
    gr_status st = GR_OK;
    for (size_t q = 0; q < np && st == GR_OK; q++) {
        if (q == big) continue;
        uint64_t pv;
        if ((st = part_nim(sv, &lv->parts[q], &pv)) == GR_OK) x ^= pv;
    }
    if (st != GR_OK || (want ^ x) >= 64) return st;
    grb_level *sub = push(sv);
    if (!sub) return oom(sv);
    size_t sk = key_of(sv, &lv->parts[big], sub->key);
    uint64_t got;
    st = in_set(sv, &lv->parts[big], sub->key, sk, (uint64_t)1 << (want ^ x), &got);
    sv->depth--;
    if (st == GR_OK && got != NOT_IN) *v = got ^ x;
    return st;
}

/* a part's value by aspiration (Beling): for each candidate in turn, is
 * some option of that value? Each option is asked only whether its value
 * is the candidate; an option whose value comes out is not asked again */
static gr_status aspire(grb_solver *sv, const grb_set *c, const uint64_t *key, size_t klen, uint64_t *v) {
    gr_status st = step(sv);
    if (st != GR_OK) return st;
    grb_level *lv = push(sv);
    if (!lv) return oom(sv);
    size_t nm = grb_moves(sv->g, c, lv->moves), nu = 0;
    uint64_t seen[4] = {0}; /* option values below 256 */
    for (size_t i = 0; i < nm; i++) {
        grb_set o;
        option_of(sv, c, lv->moves[i], &o);
        size_t np = parts_of(sv, &o, lv->parts);
        uint64_t x, cost;
        if (known_option(sv, lv->parts, np, lv->key, &x, &cost)) {
            if (x < 256) seen[x / 64] |= (uint64_t)1 << (x % 64);
        } else lv->order[nu++] = cost << 32 | lv->moves[i];
    }
    qsort(lv->order, nu, sizeof *lv->order, by_cost);
    uint64_t res = 0;
    for (;; res++) {
        if (res < 256 && (seen[res / 64] >> (res % 64) & 1)) continue;
        int found = 0;
        for (size_t i = 0; i < nu && !found && st == GR_OK; i++) {
            if (lv->order[i] == UINT64_MAX) continue; /* its value is known */
            grb_set o;
            uint64_t got;
            option_of(sv, c, (uint32_t)lv->order[i], &o);
            if ((st = option_in(sv, lv, &o, res, &got)) != GR_OK || got == NOT_IN) continue;
            lv->order[i] = UINT64_MAX;
            if (got == res) found = 1;
            else if (got < 256) seen[got / 64] |= (uint64_t)1 << (got % 64);
        }
        if (st != GR_OK || !found) break;
    }
    sv->depth--;
    if (st != GR_OK) return st;
    *v = res;
    (void)key; (void)klen;
    return GR_OK;
}

gr_status grb_solve(grb_solver *sv, const grb_set *s, uint64_t *value, gr_error *err) {
    sv->err = err;
    sv->depth = 0;
    grb_level *lv = push(sv);
    if (!lv) return oom(sv);
    size_t np = parts_of(sv, s, lv->parts);
    uint64_t x = 0;
    gr_status st = GR_OK;
    for (size_t p = 0; p < np && st == GR_OK; p++) {
        uint64_t v;
        if ((st = part_nim(sv, &lv->parts[p], &v)) == GR_OK) x ^= v;
    }
    sv->depth = 0;
    if (st == GR_OK) *value = x;
    return st;
}
