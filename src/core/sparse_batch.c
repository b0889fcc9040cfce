/* The listed scan of 32 (nh) heaps at once (sparse.h gri_sp_far_batch): a
 * windowed run's far sets, made by its helper thread (window_mt.c) or by
 * one thread for itself (window.c own_batch). A listed position's partners
 * for consecutive sums are consecutive values, read a word at a time. */
#include <stdint.h>
#include <string.h>
#include "core/internal.h"
#include "core/rs.h"
#include "core/sparse.h"

static inline size_t max_sz(size_t a, size_t b) { return a > b ? a : b; }

/* one listed position p (value u) for the heaps k < nh of a batch:
 * flag[k * lim + (u ^ G(r0 + k - p))] = 1, the partners read forward */
#define GR_SP_BATCH(T, S)                                                                                          \
    static void batch_one_##S(const T *g, uint32_t u, size_t nh, size_t lim, uint8_t *flag) {                    \
        for (size_t k = 0; k < nh; k++) flag[k * lim + (uint32_t)(u ^ g[k])] = 1;                                  \
    }
GR_SP_BATCH(uint8_t, 8)
GR_SP_BATCH(uint16_t, 16)
GR_SP_BATCH(uint32_t, 32)

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define GR_SP_ROWS 1
/* batch_one_8 and batch_one_16 for nh a multiple of 8 / tw (tw the value
 * width, 1 or 2, a constant where it is inlined): 8 / tw partners to an
 * 8-byte load, their XORs in one word. Each listed position's nh flags are
 * as many stores as before, but the loads and XORs are a fraction.
 * Measured with two-byte values on tb[0.014]'s list to 2^21 (2036 listed
 * positions, nh = 32, this file's AVX-512 machine, the listed scans of
 * 2^20 heaps in alternated chunks): 1.15-1.2x the per-heap scan
 * (flag_listed_16), which the generic loop only equals, and 4.4x the
 * AVX-512 kernel it replaces (the partners' 32 XORs by one 64-byte store,
 * read back two bytes at a time, which stalled on every read). */
static inline void batch_rows(const void *g, unsigned tw, uint32_t u, size_t nh, size_t lim, uint8_t *flag) {
    const unsigned per = 8 / tw, bits = 8 * tw;
    const uint64_t mask = tw == 1 ? 0xff : 0xffff;
    const uint64_t uu = (uint64_t)u * (tw == 1 ? 0x0101010101010101ull : 0x0001000100010001ull);
    for (size_t q = 0; q < nh; q += per, flag += per * lim) {
        uint64_t a;
        memcpy(&a, (const uint8_t *)g + q * tw, 8);
        a ^= uu;
        for (unsigned k = 0; k < per; k++) flag[k * lim + (a >> (bits * k) & mask)] = 1;
    }
}
#endif

/* the least sum into *lo; the number of rows (0 without sums) */
static size_t sums_rows(const size_t *sums, size_t nsums, size_t nh, size_t *lo) {
    size_t hi = 0;
    *lo = SIZE_MAX;
    for (size_t s = 0; s < nsums; s++) {
        if (sums[s] < *lo) *lo = sums[s];
        if (sums[s] > hi) hi = sums[s];
    }
    return nsums ? hi - *lo + nh : 0;
}

size_t gri_sp_batch_rows(const size_t *sums, size_t nsums, size_t nh) {
    size_t lo;
    return sums_rows(sums, nsums, nh, &lo);
}

/* The rows are the sums R = rmin .. rmin + nr - 1 that some heap of the
 * batch splits (heap n0 + k splits sums[s] + k): row R - rmin holds the
 * XORs of R's splits with a listed part, made once even when several heaps
 * split R (.167's sums n - 2 and n - 3: 33 rows for 32 heaps, not 64).
 * Heap k's set is then the OR of its sums' rows. */
void gri_sp_far_batch(const gr_ruleset *rs, const gri_sp_view *vw, const size_t *sums, size_t nsums, int unequal,
                      size_t lo, size_t nh, uint64_t *bits, size_t words, uint8_t *flag) {
    size_t lim = words * 64, rmin, nr = sums_rows(sums, nsums, nh, &rmin);
    memset(bits, 0, nh * words * sizeof *bits);
    if (!nr) return;
    memset(flag, 0, nr * lim);
    const uint32_t *list = rs->sp.rare, *lval = rs->sp.rval;
    size_t rmax = rmin + nr - 1, i = max_sz(lo, rs->sp.nrare && list[0] == 0), end = gri_sp_list_lower(rs, rmin);
    size_t end2 = gri_sp_list_lower(rs, rmax);
    for (; i < end2; i++) {
        size_t p = list[i];
        if (i >= end || (unequal && 2 * p >= rmin && 2 * p <= rmax)) {
            /* a part p that only the later rows' sums pass, or a row
             * R = 2p (p + p is no option when unequal): row by row */
            for (size_t k = 0; k < nr; k++)
                if (rmin + k > p && !(unequal && rmin + k == 2 * p))
                    flag[k * lim + (lval[i] ^ gri_load_w(vw->hi, vw->tw, rmin + k - p - vw->hi_base))] = 1;
            continue;
        }
        size_t off = rmin - p - vw->hi_base; /* hi[off + k] = G(rmin + k - p) */
        size_t done = 0;                     /* rows made by the kernels below */
#ifdef GR_SP_ROWS
        if (vw->tw == 2) done = nr & ~(size_t)3, batch_rows((const uint16_t *)vw->hi + off, 2, lval[i], done, lim, flag);
        else if (vw->tw == 1) done = nr & ~(size_t)7, batch_rows((const uint8_t *)vw->hi + off, 1, lval[i], done, lim, flag);
#endif
        uint8_t *f = flag + done * lim;
        switch (vw->tw) {
        case 1: batch_one_8((const uint8_t *)vw->hi + off + done, lval[i], nr - done, lim, f); break;
        case 2: batch_one_16((const uint16_t *)vw->hi + off + done, lval[i], nr - done, lim, f); break;
        default: batch_one_32((const uint32_t *)vw->hi + off + done, lval[i], nr - done, lim, f); break;
        }
    }
    /* each row folded into its own first words (a word's flags are read
     * before its bits are written over them: word w's bits land in word
     * w / 8's flags, already folded) */
    for (size_t k = 0; k < nr; k++)
        for (size_t w = 0; w < words; w++) {
            uint64_t x = gri_sp_fold(flag + k * lim + 64 * w);
            memcpy(flag + k * lim + 8 * w, &x, 8);
        }
    for (size_t k = 0; k < nh; k++)
        for (size_t s = 0; s < nsums; s++) {
            const uint8_t *row = flag + (sums[s] + k - rmin) * lim;
            for (size_t w = 0; w < words; w++) {
                uint64_t x;
                memcpy(&x, row + 8 * w, 8);
                bits[k * words + w] |= x;
            }
        }
}
