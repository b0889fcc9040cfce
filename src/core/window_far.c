/* What a windowed run reads beyond its head and window, from the caller's
 * values (gr_window_set_values):
 *
 *   the slow pass: at a heap the kept values cannot decide, the splits the
 *       step could not read, a ∈ (pass_top, r/2], read in chunks, until
 *       every missing value is found (the answer is then c) or none is
 *       left to read (the least missing value is the answer, a new rare
 *       value);
 *   far listed positions: a listed position a* found during the run is too
 *       far out for the window's kernels (a* + kmax > W); its splits'
 *       XORs G(a*) ^ G(r - a*) join each heap's options here, the partners
 *       r - a* read in order through a cache.
 *
 * Both read exactly the splits of the definition, so the values stay those
 * of the full table (docs/theory.md "Windowed runs"). */
#include <stdlib.h>
#include <string.h>
#include "core/sparse.h"
#include "core/window_far.h"

/* values per read of the caller's values: the slow pass's, and a far
 * position's partners' */
#define CHUNK 65536
#define PCHUNK 16384
/* rare positions found past the window at most (each costs every heap a
 * read of its partner) */
#define FAR_MAX 256

void gr_window_set_values(gr_window *w, gr_window_values_fn fn, void *user) {
    w->values = fn;
    w->values_user = user;
}

static gr_status no_values(gr_window *w, gr_error *err) {
    if (!w->values)
        return gri_fail(err, GR_ELIMIT,
                        "%s: heap %llu needs values the run no longer keeps (the partners of a rare value past the "
                        "window): keep them with --out FILE, or use the full table", w->rs->spec,
                        (unsigned long long)w->n);
    return gri_fail(err, GR_ELIMIT, "%s: the values before the window could not be read (at heap %llu)", w->rs->spec,
                    (unsigned long long)w->n);
}

/* G(lo..lo+len-1), all below n: from the head, the window, the values not
 * yet handed out or the caller (those handed out) */
static int fill(gr_window *w, uint64_t lo, size_t len, uint32_t *out) {
    size_t i = 0;
    while (i < len) {
        uint64_t x = lo + i;
        if (x < w->head) {
            out[i++] = gri_tab_at(w->rs, (size_t)x);
        } else if (x >= w->base) {
            out[i++] = gri_win_at(w, x);
        } else if (x >= w->emitted) {
            out[i++] = w->out[x - w->emitted]; /* computed, not yet handed out */
        } else {
            size_t k = len - i;
            if (x + k > w->emitted) k = (size_t)(w->emitted - x);
            if (!w->values || w->values(w->values_user, x, k, out + i)) return 0;
            i += k;
        }
    }
    return 1;
}

gr_status gri_wfar_add(gr_window *w, uint64_t pos, uint32_t v, gr_error *err) {
    w->free_wfar = gri_wfar_free;
    if (w->nfar >= FAR_MAX)
        return gri_fail(err, GR_ELIMIT,
                        "%s: heap %llu is the %dth rare position past the window: this code's rare values keep "
                        "coming, which a windowed run does not suit (a larger --window, or the full table)",
                        w->rs->spec, (unsigned long long)pos, FAR_MAX + 1);
    uint32_t *cache = gri_malloc(gri_ctx_alloc(w->rs->ctx), PCHUNK * sizeof *cache);
    if (!cache || !gri_grow(gri_ctx_alloc(w->rs->ctx), (void **)&w->farpos, &w->far_cap, w->nfar + 1,
                            sizeof *w->farpos)) {
        gri_free(gri_ctx_alloc(w->rs->ctx), cache);
        return gri_fail(err, GR_ENOMEM, "out of memory: listed positions");
    }
    w->farpos[w->nfar++] = (gri_far_pos){pos, 0, v, 0, cache}; /* len 0: nothing cached */
    return GR_OK;
}

/* G(p) for the partner p of far position f (p below n) */
static int partner(gr_window *w, gri_far_pos *f, uint64_t p, uint32_t *v) {
    if (p < w->head || p >= w->base) {
        *v = p < w->head ? gri_tab_at(w->rs, (size_t)p) : gri_win_at(w, p);
        return 1;
    }
    uint64_t lo = f->lo;
    if (p - lo >= f->len) {
        /* partners come in order: the next PCHUNK from p (a few back, for
         * the other sums) */
        lo = p >= 64 ? p - 64 : 0;
        if (lo < w->head) lo = w->head;
        size_t len = PCHUNK;
        if (lo + len > w->base) len = (size_t)(w->base - lo);
        if (!fill(w, lo, len, f->cache)) return 0;
        f->lo = lo;
        f->len = len;
    }
    *v = f->cache[p - lo];
    return 1;
}

/* the high far positions' splits of r with a listed partner (lazy) */
static void pair_options(gr_window *w, uint64_t r, uint64_t *bits, uint64_t set[4]) {
    /* the first pair of sum >= r: the sums read go up by one a heap, so a
     * cursor walks forward; a sum below the cursor's searches again */
    size_t lo = w->pcur; /* (at most npairs: both are reset together in make_pairs) */
    if (lo > 0 && w->pairs[lo - 1].r >= r) {
        size_t hi = lo;
        lo = 0;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (w->pairs[mid].r < r) lo = mid + 1;
            else hi = mid;
        }
    }
    while (lo < w->npairs && w->pairs[lo].r < r) lo++;
    w->pcur = lo;
    for (; lo < w->npairs && w->pairs[lo].r == r; lo++) {
        uint32_t x = w->pairs[lo].x;
        if (set) set[x >> 6] |= (uint64_t)1 << (x & 63);
        else bits[x >> 6] |= (uint64_t)1 << (x & 63);
    }
}

/* {G(a*) ^ G(r - a*)} over the far positions a* into bits (one-byte
 * values: set 256 bits wide, bits may be NULL); lazy: those of value
 * below vcap, and the pairs */
static int sum_options(gr_window *w, uint64_t r, uint64_t *bits, uint64_t set[4], int lazy) {
    uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    uint32_t vcap = w->pairs_cap_v;
    for (size_t i = 0; i < w->nfar; i++) {
        gri_far_pos *f = &w->farpos[i];
        uint64_t a = f->pos;
        if (r <= a || (lazy && f->val >= vcap)) continue;
        if (w->wr.unequal && 2 * a == r) continue;
        uint32_t g;
        uint64_t p = r - a;
        if (p - f->lo < f->len) g = f->cache[p - f->lo]; /* the usual case: cached */
        else if (!partner(w, f, p, &g)) return 0;
        uint32_t x = g ^ f->val;
        if (!set) {
            bits[x >> 6] |= (uint64_t)1 << (x & 63);
            continue;
        }
        /* in registers: no store to load chain from one XOR to the next */
        uint64_t b = (uint64_t)1 << (x & 63);
        unsigned q = x >> 6;
        s0 |= q == 0 ? b : 0;
        s1 |= q == 1 ? b : 0;
        s2 |= q == 2 ? b : 0;
        s3 |= q == 3 ? b : 0;
    }
    if (set) {
        set[0] = s0;
        set[1] = s1;
        set[2] = s2;
        set[3] = s3;
    }
    if (lazy) pair_options(w, r, bits, set);
    return 1;
}

/* pairs at most (beyond, every heap reads every far position) */
#define PAIRS_MAX ((size_t)1 << 20)

static int by_sum(const void *x, const void *y) {
    const gri_far_pair *a = x, *b = y;
    return a->r < b->r ? -1 : a->r > b->r;
}

/* the pairs of the listed positions now, for vcap; 0 when lazy does not
 * apply (no high far position, or too many pairs), -1 out of memory */
static int make_pairs(gr_window *w, uint32_t vcap) {
    const gr_ruleset *rs = w->rs;
    if (w->pairs_cap_v == vcap && w->pairs_nrare == rs->sp.nrare && w->pairs_nfar == w->nfar)
        return w->nhigh && w->npairs <= PAIRS_MAX;
    w->pairs_cap_v = vcap;
    w->pairs_nrare = rs->sp.nrare;
    w->pairs_nfar = w->nfar;
    w->nfs = 0; /* the kept sets were of other pairs */
    w->npairs = 0;
    w->pcur = 0;
    w->nhigh = 0;
    for (size_t i = 0; i < w->nfar; i++) w->nhigh += w->farpos[i].val >= vcap;
    size_t nl = rs->sp.nrare + w->nfar;
    if (!w->nhigh || w->nhigh > PAIRS_MAX / (nl ? nl : 1)) return 0;
    if (!gri_grow(gri_ctx_alloc(rs->ctx), (void **)&w->pairs, &w->pairs_cap, w->nhigh * nl, sizeof *w->pairs))
        return -1;
    for (size_t i = 0; i < w->nfar; i++) {
        const gri_far_pos *f = &w->farpos[i];
        if (f->val < vcap) continue;
        for (size_t j = 0; j < nl; j++) {
            uint64_t l = j < rs->sp.nrare ? rs->sp.rare[j] : w->farpos[j - rs->sp.nrare].pos;
            uint32_t v = j < rs->sp.nrare ? rs->sp.rval[j] : w->farpos[j - rs->sp.nrare].val;
            if (l == 0 || (l == f->pos && w->wr.unequal)) continue; /* no part of a split is 0 */
            w->pairs[w->npairs++] = (gri_far_pair){f->pos + l, f->val ^ v};
        }
    }
    qsort(w->pairs, w->npairs, sizeof *w->pairs, by_sum);
    return 1;
}

gr_status gri_wfar_options(gr_window *w, const size_t *sums, size_t ns, uint64_t *bits, int full, int *skipped,
                           gr_error *err) {
    int lazy = 0;
    if (!full) {
        lazy = make_pairs(w, (uint32_t)1 << gri_bitlen64(w->umax));
        if (lazy < 0) return gri_fail(err, GR_ENOMEM, "out of memory: listed positions");
    }
    *skipped = lazy;
    if (lazy && w->nhigh == w->nfar) {
        /* every far position is high: its splits are the pairs, no partner
         * is read (.167 past 2^30: its three far positions of value 64) */
        for (size_t s = 0; s < ns; s++) pair_options(w, sums[s], bits, NULL);
        return GR_OK;
    }
    if (w->vmax >= 256 || ns > GRI_FAR_SUMS) {
        for (size_t s = 0; s < ns; s++)
            if (!sum_options(w, sums[s], bits, NULL, lazy)) return no_values(w, err);
        return GR_OK;
    }
    /* one-byte values: each sum's set is kept for the next heap, where the
     * sums are one more (so that removals k and k + 1 read each partner once) */
    const gri_far_sum *last = w->fs[w->fcur];
    gri_far_sum *next = w->fs[w->fcur ^ 1];
    for (size_t s = 0; s < ns; s++) {
        gri_far_sum *e = &next[s];
        e->r = sums[s];
        e->nfar = w->nfar;
        e->lazy = lazy;
        size_t j = 0;
        while (j < w->nfs && (last[j].r != e->r || last[j].nfar != e->nfar || last[j].lazy != lazy)) j++;
        if (j < w->nfs) memcpy(e->bits, last[j].bits, sizeof e->bits);
        else if (!sum_options(w, e->r, NULL, e->bits, lazy)) return no_values(w, err);
        for (int q = 0; q < 4; q++) bits[q] |= e->bits[q];
    }
    w->fcur ^= 1;
    w->nfs = ns;
    return GR_OK;
}

/* umax from every value (a state saved before umax was kept): one read of
 * G(head..n-1) */
static gr_status exact_umax(gr_window *w, gr_error *err) {
    gr_ruleset *rs = w->rs;
    uint32_t m = rs->sp.umax;
    for (uint64_t lo = w->head; lo < w->n; lo += CHUNK) {
        size_t len = w->n - lo < CHUNK ? (size_t)(w->n - lo) : CHUNK;
        if (!fill(w, lo, len, w->slow_a)) return no_values(w, err);
        for (size_t j = 0; j < len; j++)
            if (w->slow_a[j] > m && gri_sp_class(rs, w->slow_a[j], (size_t)(lo + j))) m = w->slow_a[j];
        gr_status st = gri_window_poll(w, err);
        if (st != GR_OK) return st;
    }
    w->umax = m;
    w->umax_exact = 1;
    return GR_OK;
}

gr_status gri_wfar_settle(gr_window *w, const gri_sp_view *vw, const size_t *sums, size_t ns, gri_sp_out *out,
                          gr_error *err) {
    gr_ruleset *rs = w->rs;
    if (!w->values)
        return gri_fail(err, GR_ELIMIT,
                        "%s: heap %llu is not decided by the values kept (it may be a new rare value, which needs "
                        "every split: keep the values with --out FILE, or use the full table)",
                        rs->spec, (unsigned long long)w->n);
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    w->free_wfar = gri_wfar_free;
    if (!w->slow_a && (!(w->slow_a = gri_malloc(al, CHUNK * sizeof *w->slow_a)) ||
                       !(w->slow_b = gri_malloc(al, CHUNK * sizeof *w->slow_b))))
        return gri_fail(err, GR_ENOMEM, "out of memory");
    if (!w->umax_exact) {
        gr_status st = exact_umax(w, err);
        if (st != GR_OK) return st;
    }
    uint64_t *need = rs->sp.need;
    size_t nw = out->need_words, k = 0;
    /* the missing values two unlisted parts can make (below 2^bitlen of
     * their largest value); the others stay missing */
    uint64_t vcap = (uint64_t)1 << gri_bitlen64(w->umax);
    for (size_t i = 0; i < nw && 64 * (uint64_t)i < vcap; i++)
        k += (size_t)__builtin_popcountll(need[i] & gri_sp_makeable(vcap, i));
    for (size_t s = 0; s < ns && k; s++) {
        uint64_t r = sums[s], top = gri_split_top((size_t)r, w->wr.unequal);
        for (uint64_t a0 = gri_pass_top(vw, (size_t)r, w->wr.unequal) + 1; a0 <= top && k; a0 += CHUNK) {
            size_t len = top + 1 - a0 < CHUNK ? (size_t)(top + 1 - a0) : CHUNK;
            /* G(a0..a0+len-1), and G(r-a0-len+1..r-a0) read backwards */
            if (!fill(w, a0, len, w->slow_a) || !fill(w, r - a0 - len + 1, len, w->slow_b)) return no_values(w, err);
            gr_status st = gri_window_poll(w, err);
            if (st != GR_OK) return st;
            for (size_t j = 0; j < len && k; j++) {
                uint32_t x = w->slow_a[j] ^ w->slow_b[len - 1 - j];
                if (x < 64 * nw && x < vcap && (need[x >> 6] >> (x & 63) & 1)) {
                    need[x >> 6] &= ~((uint64_t)1 << (x & 63));
                    k--;
                }
            }
        }
    }
    uint32_t v = out->c;
    for (size_t i = 0; i < nw; i++)
        if (need[i]) {
            uint32_t m = (uint32_t)(64 * i + (size_t)__builtin_ctzll(need[i]));
            if (m < v) v = m;
            break;
        }
    w->slow_heaps++;
    out->value = v;
    out->decided = 1;
    return GR_OK;
}

void gri_wfar_free(gr_window *w) {
    const gr_allocator *al = gri_ctx_alloc(w->rs->ctx);
    for (size_t i = 0; i < w->nfar; i++) gri_free(al, w->farpos[i].cache);
    gri_free(al, w->farpos);
    gri_free(al, w->pairs);
    gri_free(al, w->slow_a);
    gri_free(al, w->slow_b);
}
