/* The sparse-space method and the split-scan kernels (sparse.c), and the
 * batches of listed scans (sparse_batch.c). */
#ifndef GRUNDY_SPARSE_H
#define GRUNDY_SPARSE_H

#include <string.h>
#include "core/rs.h"
#include "core/sparse_class.h"

/* the first index in the list at or past position a */
static inline size_t gri_sp_list_lower(const gr_ruleset *rs, size_t a) {
    size_t lo = 0, hi = rs->sp.nrare;
    if (!hi || rs->sp.rare[hi - 1] < a) return hi;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (rs->sp.rare[mid] < a) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* 64 byte flags (each 0 or 1) as the bits of one word */
static inline uint64_t gri_sp_fold(const uint8_t *f) {
    uint64_t w = 0;
    for (int k = 0; k < 8; k++) {
        uint64_t u;
        memcpy(&u, f + 8 * k, 8);
        w |= ((u * 0x0102040810204080ull) >> 56) << (8 * k);
    }
    return w;
}

/* gri_split_options: the XORs of every split a + b = sums[k] (a, b >= 1, and
 * a != b when unequal) into a cleared bitset (*bits, *words words) that is
 * wide enough for any XOR of table values; the caller may add more options
 * and take gri_bits_mex. Once gri_sp_start (sparse_class.h) has chosen a
 * class, gri_sp_next appends the next value given the non-split options
 * `single` and the split sums. */
gr_status gri_split_options(gr_ruleset *rs, const size_t *sums, size_t nsums, int unequal, uint64_t **bits,
                           size_t *words, gr_error *err);
uint32_t gri_bits_mex(const uint64_t *bits, size_t words);
/* ORs G(a) ^ G(r - a) for every a in [1, r - 1] into bits (wide enough for
 * any XOR of table values) */
void gri_split_xors(const gr_ruleset *rs, size_t r, uint64_t *bits);
/* Where a step reads the values: G(x) = lo[x] for x < lo_len (the pass's
 * smaller parts), G(x) = hi[x - hi_base] for hi_base <= x < n (the listed
 * scan's partners), and G(x) = rev[rev_top - x] for the same x (the pass's
 * larger parts, reversed so that a block of splits reads forward). tw: the
 * width of all three; vmax: the largest of G(0..n-1), resident or not. The
 * listed positions must all be at most n - hi_base - (the largest split
 * removal). The full table is lo = hi = rev's source with hi_base = 0. */
typedef struct gri_sp_view {
    const void *lo, *hi, *rev;
    size_t lo_len, hi_base, rev_top;
    unsigned tw;
    uint32_t vmax;
    /* the listed scan reads the listed positions of index below list_end
     * only (SIZE_MAX: all); extra[0..extra_words) are more options, the
     * splits with the other listed parts (gri_sp_far) */
    size_t list_end;
    const uint64_t *extra;
    size_t extra_words;
    /* the pass skips the splits a in [skip_lo, skip_hi), whose XORs extra
     * holds (block starts: 1 + 64 j) */
    size_t skip_lo, skip_hi;
    /* the caller's cache of the listed scan (NULL: none); one per thread */
    gri_sp_pcache *pc;
    /* the largest value of an unlisted position (vmax will do): a split of
     * two unlisted parts makes less than 2^bitlen(umax), and every split
     * with a listed part is in the listed scan, so a value from there up
     * that the scan did not find is no option */
    uint32_t umax;
} gri_sp_view;
/* the values of a missing set that the pass can make: below vcap =
 * 2^bitlen(umax), in word w */
static inline uint64_t gri_sp_makeable(uint64_t vcap, size_t w) {
    return 64 * (uint64_t)(w + 1) <= vcap ? ~(uint64_t)0 : ((uint64_t)1 << (vcap - 64 * (uint64_t)w)) - 1;
}

/* the largest smaller part of a split of r (a <= r - a; a < r - a when
 * unequal) */
static inline size_t gri_split_top(size_t r, int unequal) { return r < 2 ? 0 : unequal ? (r - 1) / 2 : r / 2; }

/* the largest smaller part of a split of r that the pass reads: both parts
 * resident (a below lo_len, r - a at or past hi_base) */
static inline size_t gri_pass_top(const gri_sp_view *vw, size_t r, int unequal) {
    size_t top = gri_split_top(r, unequal);
    if (top >= vw->lo_len) top = vw->lo_len - 1;
    if (top > r - vw->hi_base) top = r - vw->hi_base;
    return top;
}

/* What a step found. value: heap n's value, unless decided is 0: then it
 * depends on splits the view does not hold (the pass reads only splits with
 * both parts resident), and c with the missing set (rs->sp.need, words
 * 0..need_words-1, the values the pass did not find) is where a slow pass
 * goes on from. pass_end: the first split the pass did not read (0: none). */
typedef struct gri_sp_out {
    uint32_t value, c;
    int decided;
    size_t need_words, pass_end;
    size_t missing;             /* after gri_sp_scan: the values in the missing set */
} gri_sp_out;
/* The pass tests each split against the whole missing set (a lookup per
 * split, AVX2 or AVX-512BW, two-byte values below 1024, untuned): it stops
 * as soon as the set is empty, so another thread reading a fixed range of
 * its splits ahead of it does not pay (window_mt.c). */
int gri_sp_pass_lookup(const gr_ruleset *rs, unsigned tw, uint32_t vmax);
/* tests: the lookup pass starts from block `start` always (SIZE_MAX: as
 * chosen by the rounds again) */
void gri_sp_force_start(gr_ruleset *rs, size_t start);
/* The listed scan of heap n alone: out->c (and value, the answer when
 * out->missing is 0), and the missing set the pass would test (rs->sp.need,
 * out->need_words words). */
gr_status gri_sp_scan(gr_ruleset *rs, const gri_sp_view *vw, const uint64_t *single, size_t nsingle,
                      const size_t *sums, size_t nsums, int unequal, gri_sp_out *out, gr_error *err);
/* The pass after gri_sp_scan, on the splits the view holds (a shorter
 * lo_len: the first ones only): the values it finds leave rs->sp.need, and
 * out->missing counts those left. */
void gri_sp_pass_part(gr_ruleset *rs, const gri_sp_view *vw, const size_t *sums, size_t nsums, int unequal,
                      gri_sp_out *out);
/* The pass on a missing set `need` of nw words from gri_sp_scan: 1 when a
 * split the view holds makes each of its values (heap n's value is then the
 * scan's c), else 0 (gri_sp_step decides); the view may skip splits a
 * gri_sp_pass_part has read. rs may be a copy of the record
 * with sp_need, sp_wit and sp_flag of its own, sized for 64 * nw values, so
 * that another thread may run it while the step runs. */
int gri_sp_verify(gr_ruleset *rs, const gri_sp_view *vw, const size_t *sums, size_t nsums, int unequal,
                  const uint64_t *need, size_t nw);
/* Heap n, the first after the view's values. The class stays as it is. */
gr_status gri_sp_step(gr_ruleset *rs, const gri_sp_view *vw, const uint64_t *single, size_t nsingle,
                      const size_t *sums, size_t nsums, int unequal, gri_sp_out *out, gr_error *err);
/* Into bits[0..words) (words >= 4, and 64 * words above every XOR of two
 * values), the XORs of the splits of the sums whose listed part has index
 * lo or more, and of the splits a in [pass_lo, pass_hi) that the pass
 * would read; flag: scratch of 64 * words bytes. Reads the view and the
 * list only, so that another thread may run it while the step runs. */
void gri_sp_far(const gr_ruleset *rs, const gri_sp_view *vw, const size_t *sums, size_t nsums, int unequal, size_t lo,
                size_t pass_lo, size_t pass_hi, uint64_t *bits, size_t words, uint8_t *flag);
/* gri_sp_far without the pass part for the heaps n0 .. n0 + nh - 1 at
 * once (sums: heap n0's; heap n0 + k's are each plus k): heap n0 + k's set
 * into bits[k * words ..]; flag: scratch of gri_sp_batch_rows(sums, nsums,
 * nh) * 64 * words bytes. Each listed part of index lo or more must be
 * below every sum, and every partner a known value. */
size_t gri_sp_batch_rows(const size_t *sums, size_t nsums, size_t nh);
void gri_sp_far_batch(const gr_ruleset *rs, const gri_sp_view *vw, const size_t *sums, size_t nsums, int unequal,
                      size_t lo, size_t nh, uint64_t *bits, size_t words, uint8_t *flag);
gr_status gri_sp_next(gr_ruleset *rs, const uint64_t *single, size_t nsingle, const size_t *sums, size_t nsums,
                     int unequal, gr_error *err);
/* room for k split sums in rs->sp.sums */
gr_status gri_sp_sums(gr_ruleset *rs, size_t k, gr_error *err);


#endif
