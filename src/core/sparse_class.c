/* The sparse-space method, the choice of class (see sparse.c for the
 * method): value counts by (low value bits, position parity), every class
 * scored at once by a Walsh-Hadamard transform, the schedule of reviews,
 * and the rebuild of the listed positions. */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "core/rs.h"
#include "core/sparse_class.h"

/* the counts keep this many low value bits */
#define MAX_CB 12

static inline void sp_count(gr_ruleset *rs, uint32_t v, size_t i) {
    rs->sp.cnt[((v & ((1u << rs->sp.cb) - 1)) << 1) | ((i ^ rs->sp.pp) & 1)]++;
}

/* Counts with cb value bits (cb grows only: the old indices keep their
 * meaning, as every value so far had no bit at cb or above). */
static int sp_counts_widen(gr_ruleset *rs, unsigned cb) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t oldn = rs->sp.cnt ? (size_t)2 << rs->sp.cb : 0, n = (size_t)2 << cb;
    if (rs->sp.cnt && n <= oldn) return 1;
    uint32_t *c = gri_realloc(al, rs->sp.cnt, n * sizeof *c);
    if (!c) return 0;
    memset(c + oldn, 0, (n - oldn) * sizeof *c);
    rs->sp.cnt = c;
    int64_t *w = gri_realloc(al, rs->sp.wh, n * sizeof *w);
    if (!w) return 0; /* the counts are wider already: harmless */
    rs->sp.wh = w;
    rs->sp.cb = cb;
    return 1;
}

static void sp_set_class(gr_ruleset *rs, uint32_t mask, unsigned dom) {
    rs->sp.mask = mask;
    rs->sp.dom = dom;
    uint64_t z = 0;
    for (unsigned j = 0; j < 64; j++) z |= (uint64_t)!gri_parity32(j & mask & 63) << j;
    rs->sp.z = z;
}

/* The list for class (mask, dom), by one pass over the classified positions;
 * swapped in only when complete. 0 when out of memory (the old list stays). */
static int sp_rebuild(gr_ruleset *rs, uint32_t mask, unsigned dom, size_t expect) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t cap = expect + 16;
    uint32_t *list = gri_malloc(al, cap * sizeof *list), *lval = gri_malloc(al, cap * sizeof *lval);
    if (!list || !lval) {
        gri_free(al, list);
        gri_free(al, lval);
        return 0;
    }
    uint32_t old_mask = rs->sp.mask;
    unsigned old_dom = rs->sp.dom;
    sp_set_class(rs, mask, dom);
    size_t k = 0;
    uint32_t umax = 0;
    for (size_t i = 0; i < rs->sp.upto; i++) {
        uint32_t v = gri_tab_at(rs, i);
        if (gri_sp_class(rs, v, i)) {
            if (v > umax) umax = v;
            continue;
        }
        if (k == cap) { /* the counts promised fewer: not expected, but safe */
            size_t c1 = cap, c2 = cap;
            if (!gri_grow(al, (void **)&list, &c1, k + 1, sizeof *list) || !gri_grow(al, (void **)&lval, &c2, k + 1, sizeof *lval)) {
                gri_free(al, list);
                gri_free(al, lval);
                sp_set_class(rs, old_mask, old_dom);
                return 0;
            }
            cap = c1 < c2 ? c1 : c2;
        }
        list[k] = (uint32_t)i;
        lval[k++] = v;
    }
    gri_free(al, rs->sp.rare);
    gri_free(al, rs->sp.rval);
    rs->sp.rare = list;
    rs->sp.rval = lval;
    rs->sp.cap = rs->sp.vcap = cap;
    rs->sp.nrare = k;
    rs->sp.umax = umax;
    rs->sp.gen++;
    return 1;
}

static uint64_t sp_rand(gr_ruleset *rs) {
    uint64_t x = rs->sp.rng;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return rs->sp.rng = x;
}

/* Scores every class by the transform of the counts and moves to the best
 * one when it is clearly better (always when `force`). 0 when out of memory
 * and forced. */
static int sp_choose(gr_ruleset *rs, int force) {
    size_t nx = (size_t)2 << rs->sp.cb;
    int64_t *h = rs->sp.wh;
    for (size_t x = 0; x < nx; x++) h[x] = rs->sp.cnt[x];
    for (size_t len = 1; len < nx; len <<= 1)
        for (size_t i = 0; i < nx; i += 2 * len)
            for (size_t j = i; j < i + len; j++) {
                int64_t u = h[j], v = h[j + len];
                h[j] = u + v;
                h[j + len] = u - v;
            }
    int64_t total = h[0];
    size_t cur = ((size_t)rs->sp.mask << 1) | rs->sp.dom;
    int cur_ok = !force && cur != 0 && cur < nx && (!(cur & 1) || rs->sp.p < 2);
    size_t best = cur_ok ? cur : 0;
    int64_t bestc = cur_ok ? (total + h[cur]) / 2 : INT64_MAX, curc = bestc;
    if (rs->sp.rng && !force) {
        /* tests: any allowed class, at random */
        do best = (size_t)(sp_rand(rs) % nx);
        while (best == 0 || ((best & 1) && rs->sp.p >= 2));
        bestc = (total + h[best]) / 2;
    } else {
        for (size_t s = 1; s < nx; s++) {
            if ((s & 1) && rs->sp.p >= 2) continue;
            int64_t c = (total + h[s]) / 2;
            if (c < bestc) { bestc = c; best = s; }
        }
        if (cur_ok && (best == cur || bestc * 8 > curc * 7)) { rs->sp.chosen_at = rs->sp.upto; return 1; }
    }
    rs->sp.chosen_at = rs->sp.upto;
    if (!sp_rebuild(rs, (uint32_t)(best >> 1), (unsigned)(best & 1), (size_t)bestc)) return !force;
    if (!force) rs->sp.switches++;
    return 1;
}

/* A value v at position i joins the counts (wider counts when it needs more
 * bits, and a review of the class) and, when listed, the list. */
int gri_sp_note(gr_ruleset *rs, uint32_t v, size_t i) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    int review = 0;
    if (gri_bitlen64(v) > rs->sp.vbits) {
        unsigned vb = gri_bitlen64(v), cb = vb < MAX_CB ? vb : MAX_CB;
        if (cb > rs->sp.cb && !sp_counts_widen(rs, cb)) return 0;
        rs->sp.vbits = vb;
        review = 1;
    }
    int listed = !gri_sp_class(rs, v, i);
    if (listed && (!gri_grow(al, (void **)&rs->sp.rare, &rs->sp.cap, rs->sp.nrare + 1, sizeof *rs->sp.rare) ||
                   !gri_grow(al, (void **)&rs->sp.rval, &rs->sp.vcap, rs->sp.nrare + 1, sizeof *rs->sp.rval)))
        return 0;
    /* nothing fails past this point: a retry never counts a value twice */
    if (listed) {
        rs->sp.rare[rs->sp.nrare] = (uint32_t)i;
        rs->sp.rval[rs->sp.nrare++] = v;
    } else if (v > rs->sp.umax) {
        rs->sp.umax = v;
    }
    sp_count(rs, v, i);
    rs->sp.upto = i + 1;
    size_t len = i + 1, nx = (size_t)2 << rs->sp.cb;
    if (rs->sp.every) review = len % rs->sp.every == 0;
    else if (len >= 2 * rs->sp.chosen_at) review = 1;
    /* a listed answer read every split: a transform is cheap beside that */
    else if (listed && len >= 4 * (rs->sp.cb + 1) * nx) review = 1;
    return review ? sp_choose(rs, 0) : 1;
}

void gri_sp_start(gr_ruleset *rs, unsigned removals) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    if (rs->sp.avx2 == 0) rs->sp.avx2 = gri_ctx_kernel_level(rs->ctx);
    rs->sp.p = (removals & 3) == 3 ? 2 : (removals & 3) == 2; /* 2: both parities */
    rs->sp.pp = rs->sp.p == 1;
    unsigned vb = gri_bitlen64(rs->tabmax);
    rs->sp.vbits = vb ? vb : 1;
    gri_free(al, rs->sp.cnt);
    rs->sp.cnt = NULL;
    rs->sp.cb = 0;
    if (!sp_counts_widen(rs, rs->sp.vbits < MAX_CB ? rs->sp.vbits : MAX_CB) || !rs->sp.wh) { rs->sp.on = -1; return; }
    for (size_t i = 0; i < rs->len; i++) sp_count(rs, gri_tab_at(rs, i), i);
    rs->sp.upto = rs->len;
    rs->sp.nrare = 0;
    rs->sp.gen++;
    if (!sp_choose(rs, 1)) { rs->sp.on = -1; return; }
    rs->sp.on = 1;
}

int gri_sp_restore(gr_ruleset *rs, unsigned removals, uint32_t mask, unsigned dom) {
    gri_sp_start(rs, removals);
    if (rs->sp.on != 1) return 0;
    if ((rs->sp.mask != mask || rs->sp.dom != dom) && !sp_rebuild(rs, mask, dom, rs->sp.nrare)) {
        rs->sp.on = -1;
        return 0;
    }
    return 1;
}

void gri_sp_tune(gr_ruleset *rs, unsigned k0, size_t every, uint64_t seed, int portable) {
    rs->sp.k0 = k0 + 1;
    /* portable 1: the portable kernels; 2: AVX2 without AVX-512 */
    int level = gri_ctx_kernel_level(rs->ctx);
    rs->sp.avx2 = portable == 1 ? -1 : portable == 2 && level > 1 ? 1 : level;
    rs->sp.every = every;
    rs->sp.rng = seed;
}

size_t gri_sp_switches(const gr_ruleset *rs) { return rs->sp.switches; }

gr_status gr_ruleset_split_class(const gr_ruleset *rs, gr_split_class *out, gr_error *err) {
    if (!out || out->size < sizeof *out) return GRI_SIZE_FAIL(err, gr_split_class);
    if (rs->sp.on != 1)
        return gri_fail(err, GR_EINVAL, "%s: the sparse-space method is not in use (no class of listed positions)",
                        rs->spec);
    out->mask = rs->sp.mask;
    out->dom = rs->sp.dom;
    out->shift = rs->sp.dom ? rs->sp.pp : 0;
    out->listed = rs->sp.nrare;
    return GR_OK;
}
