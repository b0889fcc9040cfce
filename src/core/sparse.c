/* The sparse-space method, shared by take-and-break codes (games/takebreak.c),
 * Grundy's game (games/grundygame.c) and rules with splits (games/rule.c),
 * and the split-scan kernels on the typed value table.
 *
 * Classes. For a mask m, a domain flag dom and the parity p of the split
 * removals, position i has class bit
 *     c(i) = parity(G(i) & m) ^ dom ((i ^ p) & 1),
 * and the positions with c(i) = 0 are listed (kept in sp_rare). For a split
 * a + b = r, c(a) ^ c(b) = parity(x & m) ^ dom (r & 1) with x = G(a) ^ G(b).
 * When that is 1 one part is listed and the other is not, so every such
 * option x is found by scanning the listed positions as either part. When
 * it is 0 ("needed" values) x may also come from two unlisted parts.
 *
 * One step (heap n): flag the single-heap options and the XOR of every split
 * with a listed part. The least unflagged value that is not needed at any
 * split sum, c, is certainly not an option. Unflagged needed values below c
 * still need a witness: one pass over the splits a = 1, 2, ... of all sums
 * together, in blocks, removes those it makes and stops when none is left.
 * The answer is the least needed value left, else c. Witnesses are dense
 * among small a, so the pass is short except when the answer itself is a
 * needed value; with m, dom and p as chosen below, that happens exactly when
 * position n is listed, and listed positions are few.
 *
 * Choosing the class (sparse_class.c). sp_cnt counts the positions by x = (G(i) << 1) |
 * ((i ^ p) & 1) (the low 12 value bits). For s = (m << 1) | dom the listed
 * count is #{x : parity(x & s) = 0} = (len + H[s]) / 2, H the Walsh-Hadamard
 * transform of the counts, so every mask is scored at once in
 * O(b 2^b). dom is offered only when every split removal has the same
 * parity p: otherwise the frequent answers would be needed values at the
 * sums of one parity. The class is chosen at the switch and reviewed when
 * the table has doubled, when a value needs another bit, and after a listed
 * answer (whose step has already read every split); it changes only for a
 * clear gain (at most 7/8 of the current count), by one pass over the
 * table into a new list. The values are those of the definition whatever
 * the class: it only decides how much is scanned. */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "core/rs.h"
#include "core/sparse.h"
#include "core/sparse_kernels.h"

/* the pass compares the missing values one by one while there are at most
 * this many, and flags every split XOR past it */
#define DEFAULT_K0 6
/* the same with AVX2 and two-byte values */
#define K0_AVX2_16 12


static inline size_t popcount64(uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
    return (size_t)((x * 0x0101010101010101ull) >> 56);
}



/* room for the option bitset, the byte flags and the missing set:
 * 2^bitlen(tabmax) bits each (plus a word), and at least 256 */
static gr_status sp_bits(gr_ruleset *rs, uint32_t vmax, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t words = ((size_t)1 << gri_bitlen64(vmax)) / 64 + 1;
    if (words < 4) words = 4;
    if (words > rs->sp.bwords) {
        uint64_t *b = gri_realloc(al, rs->sp.bits, words * sizeof *b);
        if (b) rs->sp.bits = b;
        uint64_t *nd = b ? gri_realloc(al, rs->sp.need, words * sizeof *nd) : NULL;
        if (nd) rs->sp.need = nd;
        uint8_t *f = nd ? gri_realloc(al, rs->sp.flag, words * 64 + 1) : NULL;
        if (f) rs->sp.flag = f;
        uint32_t *wt = f ? gri_realloc(al, rs->sp.wit, words * 64 * sizeof *wt) : NULL;
        if (!wt) return gri_fail(err, GR_ENOMEM, "out of memory: option set of %s", rs->spec);
        memset(wt + rs->sp.bwords * 64, 0, (words - rs->sp.bwords) * 64 * sizeof *wt);
        rs->sp.wit = wt;
        rs->sp.bwords = words;
    }
    rs->sp.bused = words;
    return GR_OK;
}

gr_status gri_split_options(gr_ruleset *rs, const size_t *sums, size_t nsums, int unequal, uint64_t **bits,
                           size_t *words, gr_error *err) {
    gr_status st = sp_bits(rs, rs->tabmax, err);
    if (st != GR_OK) return st;
    memset(rs->sp.bits, 0, rs->sp.bused * sizeof *rs->sp.bits);
    for (size_t k = 0; k < nsums; k++) {
        if (sums[k] < 2) continue;
        switch (rs->tw) {
        case 1: add_all_8((const uint8_t *)rs->tab, sums[k], unequal, rs->sp.bits); break;
        case 2: add_all_16((const uint16_t *)rs->tab, sums[k], unequal, rs->sp.bits); break;
        default: add_all_32((const uint32_t *)rs->tab, sums[k], unequal, rs->sp.bits); break;
        }
    }
    *bits = rs->sp.bits;
    *words = rs->sp.bused;
    return GR_OK;
}

/* the reversed table is never allocated shorter than this */
#define REV_MIN 4096

/* Brings the reversed table up to date with the table. */
static gr_status rev_sync(gr_ruleset *rs, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t len = rs->len;
    /* sp_revm > len: for every sum r <= len the offset sp_revm - 1 - r
     * below is a valid index (r = len is Grundy's game's own heap) */
    if (rs->sp.revw != rs->tw || rs->sp.revm <= len) {
        size_t m = 2 * len > REV_MIN ? 2 * len : REV_MIN;
        /* rebuilt whole: free first, so old and new are never both resident */
        gri_free(al, rs->sp.rev);
        rs->sp.rev = NULL;
        rs->sp.revm = 0;
        void *p = gri_malloc(al, m * rs->tw);
        if (!p) return gri_fail(err, GR_ENOMEM, "out of memory: reversed table of %s", rs->spec);
        rs->sp.rev = p;
        rs->sp.revm = m;
        rs->sp.revw = rs->tw;
        rs->sp.revlen = 0;
    }
    for (size_t i = rs->sp.revlen; i < len; i++) {
        size_t j = rs->sp.revm - 1 - i;
        gri_store_w(rs->sp.rev, rs->tw, j, gri_tab_at(rs, i));
    }
    rs->sp.revlen = len;
    return GR_OK;
}


/* ---- one step ---- */


/* The splits of r whose listed part has an index in [i, end) (every such
 * part is below r): into the set `bits` (one-byte values with AVX2) or the
 * byte flags. */
static void flag_range(const gr_ruleset *rs, const gri_sp_view *vw, size_t r, size_t i, size_t end, uint64_t *bits,
                       uint8_t *flag) {
    if (i >= end) return;
    size_t rr = r - vw->hi_base; /* hi[rr - a] = G(r - a) */
    switch (vw->tw) {
    case 1:
#ifdef GR_SP_AVX2
        if (rs->sp.avx2 > 0) {
            onehot_listed_avx2((const uint8_t *)vw->hi, rs->sp.rare, rs->sp.rval, i, end, rr, bits);
            break;
        }
#endif
        (void)bits;
        flag_listed_8((const uint8_t *)vw->hi, rs->sp.rare, rs->sp.rval, i, end, rr, flag);
        break;
    case 2: flag_listed_16((const uint16_t *)vw->hi, rs->sp.rare, rs->sp.rval, i, end, rr, flag); break;
    default: flag_listed_32((const uint32_t *)vw->hi, rs->sp.rare, rs->sp.rval, i, end, rr, flag); break;
    }
}

static inline size_t max_sz(size_t a, size_t b) { return a > b ? a : b; }
static inline size_t min_sz(size_t a, size_t b) { return a < b ? a : b; }

/* every split of r with a listed part (parts 1..r-1; not the equal split when
 * unequal) whose index in the list is in [lo, hi) */
static void flag_listed(const gr_ruleset *rs, const gri_sp_view *vw, size_t r, int unequal, size_t lo, size_t hi,
                        uint64_t *bits, uint8_t *flag) {
    size_t i = max_sz(lo, rs->sp.nrare && rs->sp.rare[0] == 0), end = min_sz(hi, gri_sp_list_lower(rs, r));
    if (unequal && r % 2 == 0) {
        size_t mid = gri_sp_list_lower(rs, r / 2);
        flag_range(rs, vw, r, i, min_sz(mid, end), bits, flag);
        if (mid < end && rs->sp.rare[mid] == r / 2) mid++;
        flag_range(rs, vw, r, max_sz(mid, i), end, bits, flag);
    } else {
        flag_range(rs, vw, r, i, end, bits, flag);
    }
}

/* the splits of every sum whose listed part's index is in [lo, hi), as
 * flag_listed; with one-byte values and AVX2, two adjacent sums (removals k
 * and k + 1) share one scan. Returns which value classes are needed
 * (needp of the step). */
static unsigned scan_sums(const gr_ruleset *rs, const gri_sp_view *vw, const size_t *sums, size_t nsums, int unequal,
                          size_t lo, size_t hi, uint64_t *bits, uint8_t *flag) {
    unsigned needp = 0;
    int direct = vw->tw == 1 && rs->sp.avx2 > 0;
    (void)direct;
    for (size_t s = 0; s < nsums; s++) {
        if (sums[s] < 2) continue;
        needp |= 1u << (rs->sp.dom & (unsigned)(sums[s] & 1));
#ifdef GR_SP_AVX2
        if (direct && !unequal && s + 1 < nsums && sums[s + 1] + 1 == sums[s] && sums[s + 1] >= 2) {
            size_t r = sums[s], i = max_sz(lo, rs->sp.nrare && rs->sp.rare[0] == 0);
            size_t end1 = gri_sp_list_lower(rs, r - 1), e1 = min_sz(end1, hi);
            if (i < e1) {
                gri_sp_pcache *pc = vw->pc;
                const uint8_t *g = vw->hi;
                if (!pc) {
                    onehot_listed2_avx2(g, rs->sp.rare, rs->sp.rval, i, e1, r - vw->hi_base, bits);
                } else {
                    /* sum r - 1 from the last heap when it was its r */
                    uint64_t cur[4] = {0, 0, 0, 0};
                    onehot_listed_avx2(g, rs->sp.rare, rs->sp.rval, i, e1, r - vw->hi_base, cur);
                    if (pc->r != r - 1 || pc->i != i || pc->e != e1 || pc->gen != rs->sp.gen) {
                        memset(pc->bits, 0, sizeof pc->bits);
                        onehot_listed_avx2(g, rs->sp.rare, rs->sp.rval, i, e1, r - 1 - vw->hi_base, pc->bits);
                    }
                    for (int q = 0; q < 4; q++) {
                        bits[q] |= cur[q] | pc->bits[q];
                        pc->bits[q] = cur[q];
                    }
                    pc->r = r;
                    pc->i = i;
                    pc->e = e1;
                    pc->gen = rs->sp.gen;
                }
            }
            /* position r - 1, when listed, splits r only */
            flag_range(rs, vw, r, max_sz(end1, i), min_sz(gri_sp_list_lower(rs, r), hi), bits, flag);
            needp |= 1u << (rs->sp.dom & (unsigned)((r - 1) & 1));
            s++;
            continue;
        }
#endif
        flag_listed(rs, vw, sums[s], unequal, lo, hi, bits, flag);
    }
    return needp;
}

static void flag_block(const gri_sp_view *vw, size_t r, size_t lo, size_t hi, uint8_t *flag) {
    size_t off = vw->rev_top - r; /* rev[off + a] = G(r - a) */
    switch (vw->tw) {
    case 1: flag_block_8((const uint8_t *)vw->lo, (const uint8_t *)vw->rev + off, lo, hi, flag); break;
    case 2: flag_block_16((const uint16_t *)vw->lo, (const uint16_t *)vw->rev + off, lo, hi, flag); break;
    default: flag_block_32((const uint32_t *)vw->lo, (const uint32_t *)vw->rev + off, lo, hi, flag); break;
    }
}

static uint64_t hit_block(const gr_ruleset *rs, const gri_sp_view *vw, size_t r, size_t lo, size_t hi,
                          const uint32_t *vals, size_t k) {
    (void)rs; /* read by the AVX2 paths only */
    size_t off = vw->rev_top - r;
    switch (vw->tw) {
    case 1: {
        const uint8_t *g = vw->lo, *rv = (const uint8_t *)vw->rev + off;
#ifdef GR_SP_AVX2
        if (rs->sp.avx2 > 0 && hi - lo == BLOCK) return hit64_avx2(g + lo, rv + lo, vals, k);
        if (rs->sp.avx2 > 0) return hit_block_8_avx2(g, rv, lo, hi, vals, k);
#endif
        return hit_block_8(g, rv, lo, hi, vals, k);
    }
    case 2: {
        const uint16_t *g = vw->lo, *rv = (const uint16_t *)vw->rev + off;
#ifdef GR_SP_AVX2
        if (rs->sp.avx2 == 2 && hi - lo == BLOCK) return hit64_16_avx512(g + lo, rv + lo, vals, k);
        if (rs->sp.avx2 > 0 && hi - lo == BLOCK) return hit64_16_avx2(g + lo, rv + lo, vals, k);
        if (rs->sp.avx2 > 0) return hit_block_16_avx2(g, rv, lo, hi, vals, k);
#endif
        return hit_block_16(g, rv, lo, hi, vals, k);
    }
    default: return hit_block_32((const uint32_t *)vw->lo, (const uint32_t *)vw->rev + off, lo, hi, vals, k);
    }
}


/* the makeable missing values as a list (when there are at most 64) */
static size_t missing_list(const uint64_t *need, size_t mw, uint64_t vcap, uint32_t vals[64]) {
    size_t nv = 0;
    for (size_t w = 0; w < mw; w++)
        for (uint64_t b = need[w] & gri_sp_makeable(vcap, w); b; b &= b - 1) vals[nv++] = (uint32_t)(64 * w + (size_t)__builtin_ctzll(b));
    return nv;
}

/* the end of the block of splits from a0 of a sum whose top is top */
static inline size_t block_end(size_t top, size_t a0) { return top + 1 < a0 + BLOCK ? top + 1 : a0 + BLOCK; }

int gri_sp_pass_lookup(const gr_ruleset *rs, unsigned tw, uint32_t vmax) {
#ifdef GR_SP_AVX2
    return rs->sp.avx2 > 0 && tw == 2 && vmax < 1024 && !rs->sp.k0;
#else
    (void)rs, (void)tw, (void)vmax;
    return 0;
#endif
}

/* Where the lookup pass starts. A heap's pass ends when its last missing
 * value is found, and some blocks find values sooner than others. Counted
 * over stretches of 16384 heaps each (tb[0.014] to 2^22, W = 2^18), the
 * blocks read a heap from start block 0, 16, 32, 64, 96 and 128 were 56,
 * 50, 47, 46, 46 and 49.5, the same in every stretch; Officers to 2^20
 * read 43.5 from block 0, 34.1 from 64 and 47.5 from 128. Which start is
 * best is the game's, so it is measured: a round gives each candidate
 * every GRI_PCANDS-th heap, GRI_PCAL heaps each, counts the blocks they
 * read, and the fewest wins until the next round, GRI_PROUND heaps on.
 * Only heaps with more whole blocks than the last candidate's start are
 * counted (below that, candidates are alike). The order of the blocks
 * changes only how soon the set empties, never the values; the counts are
 * deterministic, so the choice is too. (The lookup pass is x86's only.) */
#ifdef GR_SP_AVX2
static const size_t pcands[] = {0, 32, 64, 96, 128};
#define GRI_PCANDS (sizeof pcands / sizeof *pcands)
#define GRI_PCAL 8192
#define GRI_PROUND ((size_t)1 << 22)

static size_t pass_start(const gr_ruleset *rs) {
    if (rs->sp.pforce) return rs->sp.pforce - 1;
    return rs->sp.pchosen ? rs->sp.pstart : pcands[rs->sp.pheaps % GRI_PCANDS];
}

/* after a heap whose pass read `blocks` of its nb whole blocks */
static void pass_count(gr_ruleset *rs, size_t blocks, size_t nb) {
    if (rs->sp.pforce || nb <= pcands[GRI_PCANDS - 1]) return;
    if (rs->sp.pchosen) {
        if (++rs->sp.pheaps < GRI_PROUND) return;
        rs->sp.pheaps = 0; /* a new round */
        rs->sp.pchosen = 0;
        memset(rs->sp.pblocks, 0, sizeof rs->sp.pblocks);
        return;
    }
    rs->sp.pblocks[rs->sp.pheaps % GRI_PCANDS] += blocks;
    if (++rs->sp.pheaps < GRI_PCAL * GRI_PCANDS) return;
    rs->sp.pheaps = 0;
    rs->sp.pchosen = 1;
    size_t best = 0;
    for (size_t i = 1; i < GRI_PCANDS; i++)
        if (rs->sp.pblocks[i] < rs->sp.pblocks[best]) best = i;
    rs->sp.pstart = pcands[best];
}
#endif

void gri_sp_force_start(gr_ruleset *rs, size_t start) { rs->sp.pforce = start == SIZE_MAX ? 0 : start + 1; }

/* The pass: removes from the missing set (words 0..nw-1) every value some
 * split makes: first each value where it was last witnessed, then the
 * splits a = 1, 2, ... of all sums together, in blocks, until none is
 * missing. Values no split can make stay missing, uncounted. Returns the
 * first split it did not read. */
static size_t sp_pass(gr_ruleset *rs, const gri_sp_view *vw, const size_t *sums, size_t nsums, int unequal, size_t nw) {
    uint64_t *need = rs->sp.need;
    uint32_t *wit = rs->sp.wit;
    size_t k0 = rs->sp.k0                        ? rs->sp.k0 - 1
                : rs->sp.avx2 > 0 && vw->tw == 1 ? 64
                : rs->sp.avx2 > 0 && vw->tw == 2 ? K0_AVX2_16
                                                 : DEFAULT_K0;
    if (k0 > 64) k0 = 64;
    size_t maxtop = 0;
    for (size_t s = 0; s < nsums; s++)
        if (gri_pass_top(vw, sums[s], unequal) > maxtop) maxtop = gri_pass_top(vw, sums[s], unequal);
    uint64_t vcap = (uint64_t)1 << gri_bitlen64(vw->umax);
    size_t mw = (size_t)((vcap + 63) / 64), k = 0;
    if (mw > nw) mw = nw;
    for (size_t w = 0; w < mw; w++) k += popcount64(need[w] & gri_sp_makeable(vcap, w));
#ifdef GR_SP_AVX2
    if (gri_sp_pass_lookup(rs, vw->tw, vw->vmax)) {
        /* with AVX2 or AVX-512BW, two-byte values below 1024 and the pass
         * untuned: each split against the whole set at once (pass16_*) */
        if (!k) return 1;
        _Alignas(64) uint64_t set[16] = {0};
        for (size_t w = 0; w < mw && w < 16; w++) set[w] = need[w] & gri_sp_makeable(vcap, w);
        /* the whole blocks the kernels read from `start` on: those of the
         * one sum, when nothing is skipped but whole blocks from the first
         * (window_spec.c: the stepping thread read them) */
        size_t start = pass_start(rs), blocks = 0, first = 0;
        int prefix = vw->skip_lo >= vw->skip_hi || (vw->skip_lo == 1 && (vw->skip_hi - 1) % BLOCK == 0);
        size_t nb = nsums == 1 && prefix && maxtop >= BLOCK ? (maxtop - BLOCK) / BLOCK + 1 : 0;
        if (nb && vw->skip_lo < vw->skip_hi) first = (vw->skip_hi - 1) / BLOCK;
        if (first >= nb) nb = first = 0;
        size_t end =
            rs->sp.avx2 == 2
                ? pass16_avx512(vw, sums, nsums, unequal, maxtop, set, need, wit, k, nb, first, start, &blocks)
                : pass16_avx2(vw, sums, nsums, unequal, maxtop, set, need, wit, k, nb, first, start, &blocks);
        pass_count(rs, blocks, nb);
        return end;
    }
#endif
    uint32_t vals[64];
    size_t nv = k && k <= k0 ? missing_list(need, mw, vcap, vals) : 0; /* the missing values while k <= k0 */
    size_t a0 = 1;
    for (; a0 <= maxtop && k; a0 += BLOCK) {
        /* the splits [skip_lo, skip_hi) are in the view's extra options already */
        if (a0 >= vw->skip_lo && a0 < vw->skip_hi && (a0 = vw->skip_hi) > maxtop) break;
        if (a0 == 1 + BLOCK) {
            /* after the first block: each value left where it was last
             * witnessed, when that is further on */
            k = 0;
            for (size_t w = 0; w < mw; w++)
                for (uint64_t b = need[w] & gri_sp_makeable(vcap, w); b; b &= b - 1) {
                    uint32_t v = (uint32_t)(64 * w + (size_t)__builtin_ctzll(b));
                    size_t lo = wit[v];
                    int hit = 0;
                    for (size_t s = 0; lo >= a0 && s < nsums && !hit; s++) {
                        size_t top = gri_pass_top(vw, sums[s], unequal);
                        if (top >= lo) hit = hit_block(rs, vw, sums[s], lo, block_end(top, lo), &v, 1) != 0;
                    }
                    if (hit) need[w] &= ~((uint64_t)1 << (v & 63));
                    else k++;
                }
            nv = k && k <= k0 ? missing_list(need, mw, vcap, vals) : 0;
            if (!k) break;
        }
        if (k <= k0) {
            uint64_t hits = 0;
            for (size_t s = 0; s < nsums; s++) {
                size_t top = gri_pass_top(vw, sums[s], unequal);
                if (top >= a0) hits |= hit_block(rs, vw, sums[s], a0, block_end(top, a0), vals, nv);
            }
            if (!hits) continue;
            size_t m = 0;
            for (size_t q = 0; q < nv; q++) {
                uint32_t v = vals[q];
                if (hits >> q & 1) {
                    wit[v] = (uint32_t)a0;
                    need[v >> 6] &= ~((uint64_t)1 << (v & 63));
                } else {
                    vals[m++] = v;
                }
            }
            k = nv = m;
        } else {
            for (size_t s = 0; s < nsums; s++) {
                size_t top = gri_pass_top(vw, sums[s], unequal);
                if (top >= a0) flag_block(vw, sums[s], a0, block_end(top, a0), rs->sp.flag);
            }
            k = 0;
            for (size_t w = 0; w < mw; w++)
                if (need[w]) {
                    uint64_t got = need[w] & gri_sp_fold(rs->sp.flag + 64 * w);
                    for (uint64_t b = got; b; b &= b - 1) wit[64 * w + (size_t)__builtin_ctzll(b)] = (uint32_t)a0;
                    need[w] &= ~got;
                    k += popcount64(need[w] & gri_sp_makeable(vcap, w));
                }
            nv = k && k <= k0 ? missing_list(need, mw, vcap, vals) : 0;
        }
    }
    return a0;
}

gr_status gri_sp_scan(gr_ruleset *rs, const gri_sp_view *vw, const uint64_t *single, size_t nsingle,
                      const size_t *sums, size_t nsums, int unequal, gri_sp_out *out, gr_error *err) {
    gr_status st = sp_bits(rs, vw->vmax, err);
    if (st != GR_OK) return st;
    size_t words = rs->sp.bused, lim = words * 64;
    uint8_t *flag = rs->sp.flag;
    /* the options found so far: in sp_bits (one-byte values with AVX2: the
     * listed scan fills the set directly) or as byte flags, folded a word at
     * a time when read */
    int direct = vw->tw == 1 && rs->sp.avx2 > 0;
    if (direct) {
        memset(rs->sp.bits, 0, words * sizeof *rs->sp.bits);
    } else {
        memset(flag, 0, lim);
        for (size_t i = 0; i < nsingle; i++)
            if (single[i] < lim) flag[single[i]] = 1;
    }
    /* which value classes are needed: parity(x & m) = dom (r & 1) at some sum */
    unsigned needp = scan_sums(rs, vw, sums, nsums, unequal, 0, vw->list_end, rs->sp.bits, flag);
    /* (after the listed scan: its wide loads of the set would stall on
     * narrow stores just before them) */
    if (direct)
        for (size_t i = 0; i < nsingle; i++)
            if (single[i] < lim) rs->sp.bits[single[i] >> 6] |= (uint64_t)1 << (single[i] & 63);
    /* c: the least unflagged value that is not needed; the missing set: the
     * unflagged needed values below it */
    uint64_t *need = rs->sp.need;
    size_t nw = 0, k = 0;
    uint32_t v = (uint32_t)lim;
    for (size_t w = 0; w < words; w++) {
        uint64_t found = direct ? rs->sp.bits[w] : gri_sp_fold(flag + 64 * w);
        if (w < vw->extra_words) found |= vw->extra[w];
        uint64_t even = gri_parity32((uint32_t)(64 * w) & rs->sp.mask) ? ~rs->sp.z : rs->sp.z; /* parity(v & m) = 0 */
        uint64_t needed = ((needp & 1) ? even : 0) | ((needp & 2) ? ~even : 0);
        uint64_t cand = ~found & ~needed, miss = ~found & needed;
        nw = w + 1;
        if (cand) {
            unsigned j = (unsigned)__builtin_ctzll(cand);
            need[w] = miss & (((uint64_t)1 << j) - 1);
            k += (size_t)popcount64(need[w]);
            v = (uint32_t)(64 * w + j);
            break;
        }
        need[w] = miss;
        k += (size_t)popcount64(miss);
    }
    out->c = out->value = v;
    out->need_words = nw;
    out->missing = k;
    out->pass_end = 0;
    out->decided = 1;
    return GR_OK;
}

/* after the pass: heap n's value, the least value left missing, else c */
static void sp_answer(const gr_ruleset *rs, const gri_sp_view *vw, const size_t *sums, size_t nsums, int unequal,
                      gri_sp_out *out) {
    const uint64_t *need = rs->sp.need;
    size_t nw = out->need_words;
    uint32_t v = out->c;
    for (size_t w = 0; w < nw; w++)
        if (need[w]) { v = (uint32_t)(64 * w + (size_t)__builtin_ctzll(need[w])); break; }
    /* a value left missing is the answer only when every split was read */
    if (v < 64 * nw && (need[v >> 6] >> (v & 63) & 1) && v < ((uint64_t)1 << gri_bitlen64(vw->umax)))
        for (size_t s = 0; s < nsums; s++)
            if (gri_pass_top(vw, sums[s], unequal) < gri_split_top(sums[s], unequal)) out->decided = 0;
    out->value = v;
}

gr_status gri_sp_step(gr_ruleset *rs, const gri_sp_view *vw, const uint64_t *single, size_t nsingle,
                      const size_t *sums, size_t nsums, int unequal, gri_sp_out *out, gr_error *err) {
    gr_status st = gri_sp_scan(rs, vw, single, nsingle, sums, nsums, unequal, out, err);
    if (st != GR_OK || !out->missing) return st;
    /* the pass may flag: it finds the scan's options there, or nothing */
    if (vw->tw == 1 && rs->sp.avx2 > 0) memset(rs->sp.flag, 0, rs->sp.bused * 64);
    out->pass_end = sp_pass(rs, vw, sums, nsums, unequal, out->need_words);
    sp_answer(rs, vw, sums, nsums, unequal, out);
    return GR_OK;
}

void gri_sp_pass_part(gr_ruleset *rs, const gri_sp_view *vw, const size_t *sums, size_t nsums, int unequal,
                      gri_sp_out *out) {
    if (!out->missing) return;
    if (vw->tw == 1 && rs->sp.avx2 > 0) memset(rs->sp.flag, 0, rs->sp.bused * 64);
    sp_pass(rs, vw, sums, nsums, unequal, out->need_words);
    size_t k = 0;
    for (size_t w = 0; w < out->need_words; w++) k += popcount64(rs->sp.need[w]);
    out->missing = k;
}

int gri_sp_verify(gr_ruleset *rs, const gri_sp_view *vw, const size_t *sums, size_t nsums, int unequal,
                  const uint64_t *need, size_t nw) {
    memcpy(rs->sp.need, need, nw * sizeof *need);
    memset(rs->sp.flag, 0, nw * 64);
    sp_pass(rs, vw, sums, nsums, unequal, nw);
    for (size_t w = 0; w < nw; w++)
        if (rs->sp.need[w]) return 0;
    return 1;
}

gr_status gri_sp_next(gr_ruleset *rs, const uint64_t *single, size_t nsingle, const size_t *sums, size_t nsums,
                     int unequal, gr_error *err) {
    size_t n = rs->len;
    if (n >= UINT32_MAX)
        return gri_fail(err, GR_ELIMIT, "%s: the sparse-space method lists positions below 2^32 - 1 only (heap %zu)",
                        rs->spec, n);
    /* values appended by other means (gr_ruleset_seed) since the last call */
    for (size_t i = rs->sp.upto; i < n; i++)
        if (!gri_sp_note(rs, gri_tab_at(rs, i), i)) return gri_fail(err, GR_ENOMEM, "out of memory: listed positions");
    gr_status st = rev_sync(rs, err);
    if (st != GR_OK) return st;
    gri_sp_view vw = {rs->tab, rs->tab, rs->sp.rev, n ? n : 1, 0, rs->sp.revm - 1, rs->tw, rs->tabmax, SIZE_MAX, NULL, 0,
                      0, 0, &rs->sp.pc, rs->sp.umax};
    gri_sp_out o;
    if ((st = gri_sp_step(rs, &vw, single, nsingle, sums, nsums, unequal, &o, err)) != GR_OK) return st;
    if (!o.decided) return gri_fail(err, GR_EINTERNAL, "%s: heap %zu left undecided with the whole table", rs->spec, n);
    if ((st = gri_rs_push(rs, o.value, err)) != GR_OK) return st;
    if (!gri_sp_note(rs, o.value, n)) return gri_fail(err, GR_ENOMEM, "out of memory: listed positions");
    return GR_OK;
}

void gri_sp_far(const gr_ruleset *rs, const gri_sp_view *vw, const size_t *sums, size_t nsums, int unequal, size_t lo,
                size_t pass_lo, size_t pass_hi, uint64_t *bits, size_t words, uint8_t *flag) {
    int direct = vw->tw == 1 && rs->sp.avx2 > 0;
    memset(bits, 0, words * sizeof *bits);
    if (!direct || pass_lo < pass_hi) memset(flag, 0, words * 64);
    scan_sums(rs, vw, sums, nsums, unequal, lo, SIZE_MAX, bits, flag);
    for (size_t s = 0; s < nsums && pass_lo < pass_hi; s++) {
        size_t top = gri_pass_top(vw, sums[s], unequal);
        if (sums[s] >= 2 && top >= pass_lo) flag_block(vw, sums[s], pass_lo, min_sz(top + 1, pass_hi), flag);
    }
    if (!direct || pass_lo < pass_hi)
        for (size_t w = 0; w < words; w++) bits[w] |= gri_sp_fold(flag + 64 * w);
}

void gri_split_xors(const gr_ruleset *rs, size_t r, uint64_t *bits) {
    if (r < 2) return;
    switch (rs->tw) {
    case 1: add_all_8((const uint8_t *)rs->tab, r, 0, bits); break;
    case 2: add_all_16((const uint16_t *)rs->tab, r, 0, bits); break;
    default: add_all_32((const uint32_t *)rs->tab, r, 0, bits); break;
    }
}

uint32_t gri_bits_mex(const uint64_t *bits, size_t words) {
    for (size_t i = 0; i < words; i++)
        if (~bits[i]) return (uint32_t)((i << 6) + (size_t)__builtin_ctzll(~bits[i]));
    return (uint32_t)(words << 6);
}

gr_status gri_sp_sums(gr_ruleset *rs, size_t k, gr_error *err) {
    if (k <= rs->sp.scap) return GR_OK;
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t *p = gri_realloc(al, rs->sp.sums, k * sizeof *p);
    if (!p) return gri_fail(err, GR_ENOMEM, "out of memory");
    rs->sp.sums = p;
    rs->sp.scap = k;
    return GR_OK;
}
