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
#include "boards/nimsearch_internal.h"
#include "core/context_internal.h"

#define MAX_DEPTH (3 * GRB_MAX_CELLS + 8)

static void drop_levels(grb_solver *sv);

gr_status grb_solver_init(grb_solver *sv, const grb_game *g, const gr_allocator *al, unsigned how, size_t tt_max,
                          gr_error *err) {
    memset(sv, 0, sizeof *sv);
    sv->g = g;
    sv->moves_cap = g ? g->nmoves : 0;
    sv->al = al;
    sv->how = how;
    sv->tt_max = tt_max < 1024 ? 1024 : tt_max;
    sv->what = "the board search";
    return grb_table_init(&sv->tt, al, sv->tt_max, err);
}

void grb_solver_free(grb_solver *sv) {
    grb_table_free(&sv->tt);
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
    if (fresh && (sv->how & GRB_NO_SYMMETRY)) grb_table_clear(&sv->tt);
    sv->g = g;
    return GR_OK;
}

gr_status grb_sv_oom(grb_solver *sv) { return gri_fail(sv->err, GR_ENOMEM, "out of memory in %s", sv->what); }

/* the scratch of the next level down (NULL: out of memory) */
grb_level *grb_sv_push(grb_solver *sv) {
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

size_t grb_sv_key(const grb_solver *sv, const grb_set *part, uint64_t *key) {
    if (sv->how & GRB_NO_SYMMETRY) {
        memcpy(key, part->w, sizeof part->w);
        return GRB_WORDS;
    }
    return grb_key(sv->g, part, key);
}

void grb_sv_tt_get(const grb_solver *sv, const uint64_t *key, size_t klen, uint64_t *nim, uint64_t *a, uint64_t *b) {
    const grb_tent *e = grb_table_find(&sv->tt, key, klen);
    *nim = !e || e->nim == GRB_NIM_UNKNOWN ? UNKNOWN : e->nim;
    *a = e ? e->a : 0;
    *b = e ? e->b : 0;
}

grb_tent *grb_sv_tt_entry(grb_solver *sv, const uint64_t *key, size_t klen) {
    grb_tent *e = grb_table_get(&sv->tt, key, klen);
    if (!e) grb_sv_oom(sv);
    return e;
}

gr_status grb_sv_tt_set_nim(grb_solver *sv, const uint64_t *key, size_t klen, uint64_t v) {
    grb_tent *e = grb_sv_tt_entry(sv, key, klen);
    if (!e) return GR_ENOMEM;
    e->nim = (uint16_t)v;
    return GR_OK;
}

static gr_status tt_set_fact(grb_solver *sv, const uint64_t *key, size_t klen, uint64_t j, int yes) {
    if (j >= 64) return GR_OK;
    grb_tent *e = grb_sv_tt_entry(sv, key, klen);
    if (!e) return GR_ENOMEM;
    if (yes) e->a |= (uint64_t)1 << j;
    else e->b |= (uint64_t)1 << j;
    return GR_OK;
}

/* ---- the search ---- */


/* s's parts into out[] (with GRB_NO_SPLIT, all of them as one) */
size_t grb_sv_parts(const grb_solver *sv, const grb_set *s, grb_set *out) {
    size_t n = grb_parts(sv->g, s, out);
    if (n > 1 && (sv->how & GRB_NO_SPLIT)) {
        for (size_t i = 1; i < n; i++)
            for (int k = 0; k < GRB_WORDS; k++) out[0].w[k] |= out[i].w[k];
        n = 1;
    }
    return n;
}

gr_status grb_sv_step(grb_solver *sv) {
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
void grb_sv_option(const grb_solver *sv, const grb_set *c, uint32_t m, grb_set *o) {
    const grb_set *rem = &sv->g->rem[m];
    for (int k = 0; k < GRB_WORDS; k++) o->w[k] = c->w[k] & ~rem->w[k];
}

/* an option's value when every part of it is in the table (1), else 0
 * with *cost, how hard it looks (the sum of its parts' squared sizes) */
int grb_sv_known(grb_solver *sv, const grb_set *parts, size_t np, uint64_t *key, uint64_t *value,
                        uint64_t *cost) {
    uint64_t x = 0, c = 0;
    int all = 1;
    for (size_t p = 0; p < np; p++) {
        size_t klen = grb_sv_key(sv, &parts[p], key);
        uint64_t nim, has, no;
        grb_sv_tt_get(sv, key, klen, &nim, &has, &no);
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

int grb_sv_by_cost(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* whether some option of part c (key[0..klen)) has value j: first the
 * options the table values whole (an enhanced transposition cutoff), then
 * the others, those that look easiest first */
static gr_status has_option(grb_solver *sv, const grb_set *c, const uint64_t *key, size_t klen, uint64_t j,
                            int *yes) {
    uint64_t nim, has, no;
    grb_sv_tt_get(sv, key, klen, &nim, &has, &no);
    *yes = 0;
    if (nim != UNKNOWN && j <= nim) { *yes = j < nim; return GR_OK; }
    if (j < 64 && ((has | no) >> j & 1)) { *yes = (int)(has >> j & 1); return GR_OK; }
    gr_status st = grb_sv_step(sv);
    if (st != GR_OK) return st;
    grb_level *lv = grb_sv_push(sv);
    if (!lv) return grb_sv_oom(sv);
    size_t nm = grb_moves(sv->g, c, lv->moves), nu = 0;
    for (size_t i = 0; i < nm && !*yes; i++) {
        grb_set o;
        grb_sv_option(sv, c, lv->moves[i], &o);
        size_t np = grb_sv_parts(sv, &o, lv->parts);
        uint64_t x, cost;
        if (grb_sv_known(sv, lv->parts, np, lv->key, &x, &cost)) *yes = x == j;
        else lv->order[nu++] = cost << 32 | lv->moves[i];
    }
    if (!*yes) qsort(lv->order, nu, sizeof *lv->order, grb_sv_by_cost);
    for (size_t i = 0; i < nu && !*yes && st == GR_OK; i++) {
        grb_set o;
        grb_sv_option(sv, c, (uint32_t)lv->order[i], &o);
        size_t np = grb_sv_parts(sv, &o, lv->parts);
        size_t big = 0;
        for (size_t p = 1; p < np; p++)
            if (grb_count(&lv->parts[p]) > grb_count(&lv->parts[big])) big = p;
        uint64_t want = j;
        for (size_t p = 0; p < np && st == GR_OK; p++) {
            if (p == big) continue;
            uint64_t pv;
            if ((st = grb_sv_part_nim(sv, &lv->parts[p], &pv)) == GR_OK) want ^= pv;
        }
        if (st == GR_OK) st = is_value(sv, &lv->parts[big], want, yes);
    }
    sv->depth--;
    if (st == GR_OK) st = tt_set_fact(sv, key, klen, j, *yes);
    return st;
}

/* the value of part c by the mex of all its options' values */
gr_status grb_sv_plain_mex(grb_solver *sv, const grb_set *c, uint64_t *v) {
    gr_status st = grb_sv_step(sv);
    if (st != GR_OK) return st;
    grb_level *lv = grb_sv_push(sv);
    if (!lv) return grb_sv_oom(sv);
    uint64_t seen[4] = {0}; /* option values below 256 */
    size_t nm = grb_moves(sv->g, c, lv->moves);
    for (size_t i = 0; i < nm && st == GR_OK; i++) {
        grb_set o = *c;
        const grb_set *rem = &sv->g->rem[lv->moves[i]];
        for (int k = 0; k < GRB_WORDS; k++) o.w[k] &= ~rem->w[k];
        size_t np = grb_sv_parts(sv, &o, lv->parts);
        uint64_t x = 0;
        for (size_t p = 0; p < np && st == GR_OK; p++) {
            uint64_t pv;
            if ((st = grb_sv_part_nim(sv, &lv->parts[p], &pv)) == GR_OK) x ^= pv;
        }
        if (st == GR_OK && x < 256) seen[x / 64] |= (uint64_t)1 << (x % 64);
    }
    sv->depth--;
    uint64_t m = 0;
    while (m < 256 && (seen[m / 64] >> (m % 64) & 1)) m++;
    *v = m; /* at most the number of moves, fewer than 256 */
    return st;
}

gr_status grb_sv_part_nim(grb_solver *sv, const grb_set *c, uint64_t *v) {
    grb_level *lv = grb_sv_push(sv);
    if (!lv) return grb_sv_oom(sv);
    size_t klen = grb_sv_key(sv, c, lv->key);
    uint64_t nim, has, no;
    gr_status st = GR_OK;
    grb_sv_tt_get(sv, lv->key, klen, &nim, &has, &no);
    if (nim == UNKNOWN) {
        if (sv->how & GRB_PLAIN_MEX) st = grb_sv_plain_mex(sv, c, &nim);
        else if (grb_mirror_zero(sv->g, c)) nim = 0;
        else if (!(sv->how & GRB_LV)) st = grb_sv_aspire(sv, c, lv->key, klen, &nim);
        else {
            for (nim = 0; st == GR_OK; nim++) {
                int yes;
                if ((st = has_option(sv, c, lv->key, klen, nim, &yes)) != GR_OK || !yes) break;
            }
        }
        if (st == GR_OK) st = grb_sv_tt_set_nim(sv, lv->key, klen, nim);
    }
    sv->depth--;
    *v = nim;
    return st;
}

static gr_status is_value(grb_solver *sv, const grb_set *c, uint64_t v, int *yes) {
    grb_level *lv = grb_sv_push(sv);
    if (!lv) return grb_sv_oom(sv);
    size_t klen = grb_sv_key(sv, c, lv->key);
    uint64_t nim, has, no;
    gr_status st = GR_OK;
    *yes = 0;
    grb_sv_tt_get(sv, lv->key, klen, &nim, &has, &no);
    if (nim != UNKNOWN) { *yes = nim == v; goto done; }
    if (v < 64 && (has >> v & 1)) goto done;
    if (sv->how & GRB_PLAIN_MEX) {
        if ((st = grb_sv_part_nim(sv, c, &nim)) == GR_OK) *yes = nim == v;
        goto done;
    }
    /* a value is at most the number of moves */
    if (v > grb_moves(sv->g, c, lv->moves)) goto done;
    int opt;
    if ((st = has_option(sv, c, lv->key, klen, v, &opt)) != GR_OK || opt) goto done;
    for (uint64_t i = 0; i < v; i++) {
        if ((st = has_option(sv, c, lv->key, klen, i, &opt)) != GR_OK) goto done;
        if (!opt) { st = grb_sv_tt_set_nim(sv, lv->key, klen, i); goto done; }
    }
    *yes = 1;
    st = grb_sv_tt_set_nim(sv, lv->key, klen, v);
done:
    sv->depth--;
    return st;
}


gr_status grb_solve(grb_solver *sv, const grb_set *s, uint64_t *value, gr_error *err) {
    sv->err = err;
    sv->depth = 0;
    grb_level *lv = grb_sv_push(sv);
    if (!lv) return grb_sv_oom(sv);
    size_t np = grb_sv_parts(sv, s, lv->parts);
    uint64_t x = 0;
    gr_status st = GR_OK;
    for (size_t p = 0; p < np && st == GR_OK; p++) {
        uint64_t v;
        if ((st = grb_sv_part_nim(sv, &lv->parts[p], &v)) == GR_OK) x ^= v;
    }
    sv->depth = 0;
    if (st == GR_OK) *value = x;
    return st;
}
