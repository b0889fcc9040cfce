/* The nimber of a board or graph position (docs/boards.md): a position is
 * the sum of its independent parts (board.c), each valued once under its
 * key (boardkey.c) in a transposition table (btable.c). A part's value is
 * the least k that no option has. By default it is found by Beling's
 * aspiration (for k = 0, 1, ...: is some option of value k?), where an
 * option is asked only whether its value is k: its parts but the largest
 * are valued, folded into k, and the largest is asked whether its value is
 * in a set, by Beling and Rogalski's candidate sets (in_set). The
 * value-by-value method of Lemoine and Viennot (GRB_LV) and the plain mex
 * (GRB_PLAIN_MEX) are kept to compare with. A part that is its own mirror
 * image, with no move blocking its mirror move, is worth 0 (board.c).
 * Every fact in the table is exact (a value; the values a part does not
 * have; options of a value found or missing), so any entry may be
 * forgotten at any time.
 *
 * The calls recurse: a level works on the same cells as the one above it
 * at most three times in a row (part value -> aspiration -> option test,
 * or set test -> option test), then on fewer (a part of an option), so the
 * depth is at most four levels per cell of the universe, GRB_MAX_CELLS at
 * most, whatever the input. Each level's scratch (its moves, its parts, its key) lives in a
 * block allocated on first use, not on the C stack. */
#include <stdlib.h>
#include "boards/nimsearch.h"

static gr_status is_value(grb_solver *sv, const grb_set *c, uint64_t v, int *yes);
static gr_status part_nim(grb_solver *sv, const grb_set *c, uint64_t *v);
static gr_status plain_mex(grb_solver *sv, const grb_set *c, uint64_t *v);
static gr_status in_set(grb_solver *sv, const grb_set *c, const uint64_t *key, size_t klen, uint64_t want, uint64_t *v);
static gr_status aspire(grb_solver *sv, const grb_set *c, const uint64_t *key, size_t klen, uint64_t *v);

/* An option split into parts[0..np) (np >= 1): the largest part's index
 * in *big, and the XOR of the others' values in *x (each valued in full:
 * they are the small ones). */
static gr_status fold_small_parts(grb_solver *sv, const grb_set *parts, size_t np, size_t *big, uint64_t *x) {
    size_t b = 0;
    for (size_t q = 1; q < np; q++)
        if (grb_count(&parts[q]) > grb_count(&parts[b])) b = q;
    gr_status st = GR_OK;
    uint64_t acc = 0;
    for (size_t q = 0; q < np && st == GR_OK; q++) {
        if (q == b) continue;
        uint64_t pv;
        if ((st = part_nim(sv, &parts[q], &pv)) == GR_OK) acc ^= pv;
    }
    *big = b;
    *x = acc;
    return st;
}

static gr_status tt_set_fact(grb_solver *sv, const uint64_t *key, size_t klen, uint64_t j, int yes) {
    if (j >= 64) return GR_OK;
    uint64_t bit = (uint64_t)1 << j;
    return grb_sv_tt_put(sv, key, klen, UNKNOWN, yes ? bit : 0, yes ? 0 : bit);
}

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
    grb_box box;
    grb_sv_box(sv, c, &box);
    for (size_t i = 0; i < nm && !*yes && st == GR_OK; i++) {
        uint64_t x, cost;
        if (grb_sv_known(sv, lv, c, nm, i, &x, &cost, &st)) *yes = x == j;
        else lv->order[nu++] = grb_sv_order(sv, &box, cost, lv->moves[i]);
    }
    if (!*yes) grb_sv_sort(sv, lv->order, nu);
    grb_walk w;
    grb_walk_start(sv, &w, *yes ? 0 : nu);
    size_t i;
    grb_set o;
    while (!*yes && st == GR_OK && grb_walk_next(sv, lv, &w, c, &i, &o)) {
        size_t np = grb_sv_parts(sv, &o, lv->parts);
        size_t big;
        uint64_t x;
        if ((st = fold_small_parts(sv, lv->parts, np, &big, &x)) == GR_OK) st = is_value(sv, &lv->parts[big], j ^ x, yes);
    }
    grb_walk_end(sv, &w);
    sv->depth--;
    if (st == GR_OK) st = tt_set_fact(sv, key, klen, j, *yes);
    return st;
}

/* the value of part c by the mex of all its options' values */
static gr_status plain_mex(grb_solver *sv, const grb_set *c, uint64_t *v) {
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
    grb_level *lv = grb_sv_push(sv);
    if (!lv) return grb_sv_oom(sv);
    size_t klen = grb_sv_key(sv, c, lv->key);
    uint64_t nim, has, no;
    gr_status st = GR_OK;
    grb_sv_tt_get(sv, lv->key, klen, &nim, &has, &no);
    if (nim == UNKNOWN) {
        if (sv->how & GRB_PLAIN_MEX) st = plain_mex(sv, c, &nim);
        else if (grb_mirror_zero(sv->g, c)) nim = 0;
        else if (!(sv->how & GRB_LV)) st = aspire(sv, c, lv->key, klen, &nim);
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
        if ((st = part_nim(sv, c, &nim)) == GR_OK) *yes = nim == v;
        goto done;
    }
    /* a value is at most the number of moves */
    if (v > grb_count_moves(sv->g, c, lv->moves)) goto done;
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

/* The candidates: the values 0..62 in the word p, and nbig more of 63 and
 * up, not told apart (a part with m >= 63 moves starts with m - 62 of
 * them; the sets asked about hold values below 63 only, so which large
 * value a candidate is never matters). */
typedef struct cands {
    uint64_t p;
    size_t nbig;
} cands;

/* the candidates less the largest, as far as they are small */
static uint64_t cands_rest(const cands *k) { return k->nbig ? k->p : k->p & ~top_bit(k->p); }

static void cands_take_top(cands *k) {
    if (k->nbig) k->nbig--;
    else k->p &= ~top_bit(k->p);
}

/* takes value v (or, when v is not among the candidates less the largest, the largest) away */
static void cands_take(cands *k, uint64_t v) {
    if (v < 63 && (cands_rest(k) >> v & 1)) k->p &= ~((uint64_t)1 << v);
    else cands_take_top(k);
}

static gr_status note_not_in(grb_solver *sv, const uint64_t *key, size_t klen, uint64_t r) {
    return grb_sv_tt_put(sv, key, klen, UNKNOWN, r, 0);
}

static gr_status in_set(grb_solver *sv, const grb_set *c, const uint64_t *key, size_t klen, uint64_t want,
                        uint64_t *v) {
    uint64_t nim, has, no;
    grb_sv_tt_get(sv, key, klen, &nim, &has, &no);
    if (nim != UNKNOWN) { *v = nim; return GR_OK; }
    if (grb_mirror_zero(sv->g, c)) {
        *v = 0;
        return grb_sv_tt_set_nim(sv, key, klen, 0);
    }
    want &= ~has; /* the values it is known not to have */
    /* nor those past the longest play */
    size_t bound = grb_value_bound(sv->g, grb_count(c));
    if (bound < 63) want &= ((uint64_t)2 << bound) - 1;
    *v = NOT_IN;
    if (!want) return GR_OK;
    gr_status st = grb_sv_step(sv);
    if (st != GR_OK) return st;
    grb_level *lv = grb_sv_push(sv);
    if (!lv) return grb_sv_oom(sv);
    size_t nm = grb_moves(sv->g, c, lv->moves), nu = 0;
    grb_box box;
    grb_sv_box(sv, c, &box);
    cands k = {nm >= 63 ? ~(uint64_t)0 >> 1 : ((uint64_t)1 << (nm + 1)) - 1, nm >= 63 ? nm - 62 : 0};
    if (k.nbig && (want >> 63 & 1)) { /* asked about 63 among many: the value by aspiration */
        sv->depth--;
        if ((st = aspire(sv, c, key, klen, &nim)) == GR_OK && (st = grb_sv_tt_set_nim(sv, key, klen, nim)) == GR_OK) *v = nim;
        return st;
    }
    uint64_t r = want & k.p;
    int exact = 1, stopped = !(k.p & r);
    for (size_t i = 0; i < nm && !stopped && st == GR_OK; i++) {
        uint64_t x, cost;
        if (grb_sv_known(sv, lv, c, nm, i, &x, &cost, &st)) cands_take(&k, x);
        else lv->order[nu++] = grb_sv_order(sv, &box, cost, lv->moves[i]);
        stopped = !(k.p & r);
    }
    if (!stopped) grb_sv_sort(sv, lv->order, nu);
    uint64_t cap = upto(r);
    grb_walk w;
    grb_walk_start(sv, &w, stopped ? 0 : nu);
    size_t i;
    grb_set o;
    while (!stopped && st == GR_OK && grb_walk_next(sv, lv, &w, c, &i, &o)) {
        size_t np = grb_sv_parts(sv, &o, lv->parts);
        size_t big;
        uint64_t x;
        if ((st = fold_small_parts(sv, lv->parts, np, &big, &x)) != GR_OK) break;
        uint64_t ask = cands_rest(&k) & cap, got = NOT_IN;
        if (x >= 64) /* past the sets' reach: the part's value in full */
            st = part_nim(sv, &lv->parts[big], &got);
        else if ((ask = xor_set(ask, x)) != 0) {
            grb_level *sub = grb_sv_push(sv);
            if (!sub) { st = grb_sv_oom(sv); break; }
            size_t sk = grb_sv_key(sv, &lv->parts[big], sub->key);
            st = in_set(sv, &lv->parts[big], sub->key, sk, ask, &got);
            sv->depth--;
        }
        if (st != GR_OK) break;
        if (got == NOT_IN) { cands_take_top(&k); exact = 0; }
        else cands_take(&k, got ^ x);
        stopped = !(k.p & r);
    }
    grb_walk_end(sv, &w);
    sv->depth--;
    if (st != GR_OK) return st;
    /* every option took one candidate away: one is left, the value when
     * every option's was known, or when it is at most R's largest (a
     * large one left: the value is 63 or more, not in R) */
    uint64_t p = k.p;
    int single = k.nbig == 0 && p && !(p & (p - 1));
    if (stopped && !(exact && nu == 0 && single)) return note_not_in(sv, key, klen, want);
    if (k.nbig || (!exact && !(p & cap))) return note_not_in(sv, key, klen, want);
    *v = (uint64_t)__builtin_ctzll(p);
    return grb_sv_tt_set_nim(sv, key, klen, *v);
}

/* whether option o's value is `want` (1 with *yes), found through in_set
 * on its largest part; *v its value when that came out (else NOT_IN) */
static gr_status option_in(grb_solver *sv, grb_level *lv, const grb_set *o, uint64_t want, uint64_t *v) {
    size_t np = grb_sv_parts(sv, o, lv->parts);
    *v = NOT_IN;
    if (np == 0) { *v = 0; return GR_OK; }
    size_t big;
    uint64_t x;
    gr_status st = fold_small_parts(sv, lv->parts, np, &big, &x);
    if (st != GR_OK) return st;
    if ((want ^ x) >= 64) { /* past the sets' reach: the part's value in full */
        uint64_t bv;
        if ((st = part_nim(sv, &lv->parts[big], &bv)) == GR_OK) *v = bv ^ x;
        return st;
    }
    grb_level *sub = grb_sv_push(sv);
    if (!sub) return grb_sv_oom(sv);
    size_t sk = grb_sv_key(sv, &lv->parts[big], sub->key);
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
    gr_status st = grb_sv_step(sv);
    if (st != GR_OK) return st;
    grb_level *lv = grb_sv_push(sv);
    if (!lv) return grb_sv_oom(sv);
    size_t nm = grb_moves(sv->g, c, lv->moves), nu = 0;
    grb_box box;
    grb_sv_box(sv, c, &box);
    uint64_t seen[4] = {0}; /* option values below 256 */
    for (size_t i = 0; i < nm && st == GR_OK; i++) {
        uint64_t x, cost;
        if (grb_sv_known(sv, lv, c, nm, i, &x, &cost, &st)) {
            if (x < 256) seen[x / 64] |= (uint64_t)1 << (x % 64);
        } else lv->order[nu++] = grb_sv_order(sv, &box, cost, lv->moves[i]);
    }
    grb_sv_sort(sv, lv->order, nu);
    uint64_t res = 0;
    for (;; res++) {
        if (res < 256 && (seen[res / 64] >> (res % 64) & 1)) continue;
        int found = 0;
        grb_walk w; /* (skips the options whose values are known) */
        grb_walk_start(sv, &w, nu);
        size_t i;
        grb_set o;
        while (!found && st == GR_OK && grb_walk_next(sv, lv, &w, c, &i, &o)) {
            uint64_t got;
            if ((st = option_in(sv, lv, &o, res, &got)) != GR_OK || got == NOT_IN) continue;
            lv->order[i] = UINT64_MAX;
            if (got == res) found = 1;
            else if (got < 256) seen[got / 64] |= (uint64_t)1 << (got % 64);
        }
        grb_walk_end(sv, &w);
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
    grb_level *lv = grb_sv_push(sv);
    if (!lv) return grb_sv_oom(sv);
    size_t np = grb_sv_parts(sv, s, lv->parts);
    uint64_t x = 0;
    gr_status st = GR_OK;
    for (size_t p = 0; p < np && st == GR_OK; p++) {
        uint64_t v = 0;
        if ((st = part_nim(sv, &lv->parts[p], &v)) == GR_OK) x ^= v;
    }
    sv->depth = 0;
    if (st == GR_OK) *value = x;
    return st;
}

gr_status grb_ask(grb_solver *sv, const grb_set *s, uint64_t k, int *yes, gr_error *err) {
    sv->err = err;
    sv->depth = 0;
    *yes = 0;
    grb_level *lv = grb_sv_push(sv);
    if (!lv) return grb_sv_oom(sv);
    size_t np = grb_sv_parts(sv, s, lv->parts);
    gr_status st = GR_OK;
    if (!np) *yes = k == 0; /* no move: value 0 */
    else {
        size_t big;
        uint64_t x;
        if ((st = fold_small_parts(sv, lv->parts, np, &big, &x)) == GR_OK)
            st = is_value(sv, &lv->parts[big], k ^ x, yes);
    }
    sv->depth = 0;
    return st;
}
