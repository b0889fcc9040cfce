/* The sparse-space step's kernels (included by sparse.c only): one per
 * table width (1, 2 or 4 bytes a value), and on x86 the AVX2 and AVX-512BW
 * ones, chosen at run time by the ruleset's sp_avx2 (gr_ctx_set_kernels).
 * Every kernel gives the same answer (tests/test_sparse.c). */
#ifndef GRUNDY_SPARSE_KERNELS_H
#define GRUNDY_SPARSE_KERNELS_H

#include <stddef.h>
#include <stdint.h>
#include "core/cpu.h"

/* splits of each sum per block of the pass */
#define BLOCK 64

/* ---- kernels, one per table width ----
 * add_all: every split a + b = r (a, b >= 1; a != b when unequal) into the
 *          bitset `bits` (wide enough for any XOR of two table values);
 * flag_listed: flag[G(a) ^ G(r - a)] = 1 for the listed a = list[i],
 *          i in [i, end), whose values are lval[i];
 * flag_block: flag[g[a] ^ rv[a]] = 1 for a in [lo, hi), rv[a] = G(r - a). */
#define GR_SP_KERNELS(T, S)                                                                                        \
    static void add_all_##S(const T *g, size_t r, int unequal, uint64_t *bits) {                                   \
        size_t top = gri_split_top(r, unequal);                                                                    \
        for (size_t a = 1; a <= top; a++) {                                                                        \
            uint32_t x = (uint32_t)(g[a] ^ g[r - a]);                                                              \
            bits[x >> 6] |= (uint64_t)1 << (x & 63);                                                               \
        }                                                                                                          \
    }                                                                                                              \
    static void flag_listed_##S(const T *g, const uint32_t *list, const uint32_t *lval, size_t i, size_t end,      \
                                size_t r, uint8_t *flag) {                                                         \
        for (; i + 4 <= end; i += 4) {                                                                             \
            size_t x0 = lval[i] ^ g[r - list[i]], x1 = lval[i + 1] ^ g[r - list[i + 1]];                           \
            size_t x2 = lval[i + 2] ^ g[r - list[i + 2]], x3 = lval[i + 3] ^ g[r - list[i + 3]];                   \
            flag[x0] = 1;                                                                                          \
            flag[x1] = 1;                                                                                          \
            flag[x2] = 1;                                                                                          \
            flag[x3] = 1;                                                                                          \
        }                                                                                                          \
        for (; i < end; i++) flag[lval[i] ^ g[r - list[i]]] = 1;                                                   \
    }                                                                                                              \
    static void flag_block_##S(const T *g, const T *rv, size_t lo, size_t hi, uint8_t *flag) {                     \
        for (size_t a = lo; a < hi; a++) flag[(T)(g[a] ^ rv[a])] = 1;                                              \
    }                                                                                                              \

/* hit_block: which of vals[0..k) equal some g[a] ^ rv[a], a in [lo, hi)
 * (bit q for vals[q]). The block is read without early exits so that the
 * compares vectorize (ATTR: a target for a wider vector unit). */
#define GR_SP_HIT(T, S, ATTR)                                                                                      \
    ATTR static uint64_t hit_block_##S(const T *g, const T *rv, size_t lo, size_t hi, const uint32_t *vals,         \
                                       size_t k) {                                                                 \
        T x[BLOCK];                                                                                                \
        size_t len = hi - lo;                                                                                      \
        for (size_t j = 0; j < len; j++) x[j] = (T)(g[lo + j] ^ rv[lo + j]);                                       \
        uint64_t hits = 0;                                                                                         \
        for (size_t q = 0; q < k; q++) {                                                                           \
            T tv = (T)vals[q], h = 0; /* of the table's width, so that the compares vectorize at full width */    \
            for (size_t j = 0; j < len; j++) h |= (T)(x[j] == tv);                                                 \
            hits |= (uint64_t)(h != 0) << q;                                                                       \
        }                                                                                                          \
        return hits;                                                                                               \
    }

GR_SP_KERNELS(uint8_t, 8)
GR_SP_KERNELS(uint16_t, 16)
GR_SP_KERNELS(uint32_t, 32)
GR_SP_HIT(uint8_t, 8, )
GR_SP_HIT(uint16_t, 16, )
GR_SP_HIT(uint32_t, 32, )

#if GRI_SP_X86
#include <immintrin.h>
#define GR_SP_AVX2 1
/* With AVX2 (detected at run time) and one-byte values: the same compares
 * 32 at a time, and the listed scan into a 256-bit set held in registers
 * (a variable shift makes each XOR's one-hot word in its 64-bit lane), which
 * beats byte stores to a flag array on the machines measured. */
GR_SP_HIT(uint8_t, 8_avx2, __attribute__((target("avx2"))))
GR_SP_HIT(uint16_t, 16_avx2, __attribute__((target("avx2"))))

/* hit_block for a whole block of one-byte values */
__attribute__((target("avx2"))) static uint64_t hit64_avx2(const uint8_t *g, const uint8_t *rv, const uint32_t *vals,
                                                          size_t k) {
    __m256i x0 = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)g), _mm256_loadu_si256((const __m256i *)rv));
    __m256i x1 = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(g + 32)),
                                  _mm256_loadu_si256((const __m256i *)(rv + 32)));
    uint64_t hits = 0;
    for (size_t q = 0; q < k; q++) {
        __m256i t = _mm256_set1_epi8((char)vals[q]);
        __m256i e = _mm256_or_si256(_mm256_cmpeq_epi8(x0, t), _mm256_cmpeq_epi8(x1, t));
        hits |= (uint64_t)!_mm256_testz_si256(e, e) << q;
    }
    return hits;
}

/* the same for a whole block of two-byte values: the XORs in four 256-bit
 * registers, each missing value compared with all of them */
__attribute__((target("avx2"))) static uint64_t hit64_16_avx2(const uint16_t *g, const uint16_t *rv,
                                                             const uint32_t *vals, size_t k) {
    __m256i x[4];
    for (int i = 0; i < 4; i++)
        x[i] = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(g + 16 * i)),
                                _mm256_loadu_si256((const __m256i *)(rv + 16 * i)));
    uint64_t hits = 0;
    for (size_t q = 0; q < k; q++) {
        __m256i t = _mm256_set1_epi16((short)vals[q]);
        __m256i e = _mm256_or_si256(_mm256_or_si256(_mm256_cmpeq_epi16(x[0], t), _mm256_cmpeq_epi16(x[1], t)),
                                    _mm256_or_si256(_mm256_cmpeq_epi16(x[2], t), _mm256_cmpeq_epi16(x[3], t)));
        hits |= (uint64_t)!_mm256_testz_si256(e, e) << q;
    }
    return hits;
}

/* and with AVX-512BW (sp_avx2 == 2): two 512-bit registers, compares into
 * mask registers */
__attribute__((target("avx512f,avx512bw"))) static uint64_t hit64_16_avx512(const uint16_t *g, const uint16_t *rv,
                                                                          const uint32_t *vals, size_t k) {
    __m512i x0 = _mm512_xor_si512(_mm512_loadu_si512((const void *)g), _mm512_loadu_si512((const void *)rv));
    __m512i x1 = _mm512_xor_si512(_mm512_loadu_si512((const void *)(g + 32)), _mm512_loadu_si512((const void *)(rv + 32)));
    uint64_t hits = 0;
    for (size_t q = 0; q < k; q++) {
        __m512i t = _mm512_set1_epi16((short)vals[q]);
        __mmask32 m = _mm512_cmpeq_epi16_mask(x0, t) | _mm512_cmpeq_epi16_mask(x1, t);
        hits |= (uint64_t)(m != 0) << q;
    }
    return hits;
}

/* The splits of the pass's block from a0 of sum r, for pass16_*: G(a0 + j)
 * = (*ga)[j] and G(r - a0 - j) = (*rv)[j] for j below the count returned
 * (at most BLOCK; 0: the sum has no split there). */
static inline size_t pass16_block(const gri_sp_view *vw, size_t r, int unequal, size_t a0, const uint16_t **ga,
                                  const uint16_t **rv) {
    size_t top = gri_pass_top(vw, r, unequal);
    if (top < a0) return 0;
    *ga = (const uint16_t *)vw->lo + a0;
    *rv = (const uint16_t *)vw->rev + (vw->rev_top - r) + a0;
    return top + 1 - a0 < BLOCK ? top + 1 - a0 : BLOCK;
}

/* pass16_avx512's lookup of a block's 64 XORs x0, x1 in the set b0, b1:
 * the lanes that hold a missing value */
__attribute__((target("avx512f,avx512bw"), always_inline)) static inline uint64_t pass16_look(__m512i x0, __m512i x1,
                                                                                             __m512i b0, __m512i b1) {
    const __m512i low = _mm512_set1_epi16(15), one = _mm512_set1_epi16(1);
    __m512i w0 = _mm512_permutex2var_epi16(b0, _mm512_srli_epi16(x0, 4), b1);
    __m512i w1 = _mm512_permutex2var_epi16(b0, _mm512_srli_epi16(x1, 4), b1);
    return (uint64_t)_mm512_test_epi16_mask(_mm512_srlv_epi16(w0, _mm512_and_si512(x0, low)), one) |
           (uint64_t)_mm512_test_epi16_mask(_mm512_srlv_epi16(w1, _mm512_and_si512(x1, low)), one) << 32;
}

/* and the values of those lanes removed: from the set (in the registers b0,
 * b1 and in memory, where a later lane of the same value finds it gone),
 * from need, witnessed at a0; 1 when none is left. (Each lane's removal
 * reads only its own lane and the set in memory, so the lanes of a block
 * overlap; comparing each value made with the block's other lanes instead
 * chained every removal to the one before.) */
__attribute__((target("avx512f,avx512bw"), always_inline)) static inline int pass16_take(
    uint64_t m, const uint16_t *ga, const uint16_t *rv, __m512i *b0, __m512i *b1, uint64_t *set, uint64_t *need,
    uint32_t *wit, size_t a0, size_t *k) {
    for (; m; m &= m - 1) {
        size_t j = (size_t)__builtin_ctzll(m);
        uint32_t x = (uint32_t)(ga[j] ^ rv[j]);
        uint64_t bit = (uint64_t)1 << (x & 63);
        if (!(set[x >> 6] & bit)) continue; /* made by an earlier lane */
        set[x >> 6] &= ~bit;
        need[x >> 6] &= ~bit;
        wit[x] = (uint32_t)a0;
        if (!--*k) return 1;
        uint32_t at = 1u << ((x >> 4) & 31), hi = x >> 9; /* the word's lane, and which register */
        short b = (short)(1 << (x & 15));
        *b0 = _mm512_andnot_si512(_mm512_maskz_set1_epi16((__mmask32)(at & (hi - 1)), b), *b0);
        *b1 = _mm512_andnot_si512(_mm512_maskz_set1_epi16((__mmask32)(at & (0u - hi)), b), *b1);
    }
    return 0;
}

/* The pass (sparse.c) with two-byte values and every XOR below 1024: the
 * blocks of 64 splits of each sum from a = 1, in sp_pass's order, until the
 * set of missing values (1024 bits in 16 words, the same bits as in need)
 * is empty. Each split is tested against the whole set at once: a table
 * lookup per lane (word x >> 4 of the set, held in two registers, by a
 * two-register permute, then bit x & 15), so the cost does not grow with
 * the set. Each value made is removed (from set, its copy in memory, and
 * need; wit[x] = the block). nb > 0 (sp_pass: one sum, nothing
 * skipped but the first `first` blocks): that sum's whole blocks from
 * `first` to nb - 1 go first by a shorter loop (no masks, no per-block
 * bounds), from block `start` (when it is one of them) to the last and then
 * from block `first` (the order changes only how soon the set empties);
 * *blocks counts the whole blocks read. Returns the end of the
 * last block read. */
__attribute__((target("avx512f,avx512bw"))) static size_t pass16_avx512(const gri_sp_view *vw, const size_t *sums,
                                                                      size_t nsums, int unequal, size_t maxtop,
                                                                      uint64_t *set, uint64_t *need,
                                                                      uint32_t *wit, size_t k, size_t nb,
                                                                      size_t first, size_t start, size_t *blocks) {
    __m512i b0 = _mm512_loadu_si512((const void *)set), b1 = _mm512_loadu_si512((const void *)(set + 8));
    size_t a0 = 1;
    if (nb) {
        const uint16_t *g = vw->lo, *rv = (const uint16_t *)vw->rev + (vw->rev_top - sums[0]);
        size_t j = start < nb && start >= first ? start : first;
        for (size_t q = first; q < nb; q++, j = j + 1 < nb ? j + 1 : first) {
            size_t a = 1 + BLOCK * j;
            __m512i x0 = _mm512_xor_si512(_mm512_loadu_si512((const void *)(g + a)),
                                          _mm512_loadu_si512((const void *)(rv + a)));
            __m512i x1 = _mm512_xor_si512(_mm512_loadu_si512((const void *)(g + a + 32)),
                                          _mm512_loadu_si512((const void *)(rv + a + 32)));
            uint64_t m = pass16_look(x0, x1, b0, b1);
            if (m && pass16_take(m, g + a, rv + a, &b0, &b1, set, need, wit, a, &k)) {
                *blocks += q - first + 1;
                return a + BLOCK;
            }
        }
        *blocks += nb - first;
        a0 = 1 + BLOCK * nb;
    }
    for (; a0 <= maxtop; a0 += BLOCK) {
        if (a0 >= vw->skip_lo && a0 < vw->skip_hi && (a0 = vw->skip_hi) > maxtop) break;
        for (size_t s = 0; s < nsums; s++) {
            const uint16_t *ga, *rv;
            size_t len = pass16_block(vw, sums[s], unequal, a0, &ga, &rv);
            if (!len) continue;
            uint64_t lm = len == BLOCK ? ~(uint64_t)0 : ((uint64_t)1 << len) - 1;
            __m512i x0 = _mm512_xor_si512(_mm512_maskz_loadu_epi16((__mmask32)lm, ga),
                                          _mm512_maskz_loadu_epi16((__mmask32)lm, rv));
            __m512i x1 = _mm512_xor_si512(_mm512_maskz_loadu_epi16((__mmask32)(lm >> 32), ga + 32),
                                          _mm512_maskz_loadu_epi16((__mmask32)(lm >> 32), rv + 32));
            uint64_t m = pass16_look(x0, x1, b0, b1) & lm;
            if (m && pass16_take(m, ga, rv, &b0, &b1, set, need, wit, a0, &k)) return a0 + BLOCK;
        }
    }
    return a0;
}

/* pass16_avx512 with AVX2 only: eight splits at a time in 32-bit lanes,
 * the set as 32 dwords in four registers (dword x >> 5 by vpermd in each,
 * two blends on bits 3 and 4 of that index, then bit x & 31; two registers
 * and one blend while the values are below 512, `wide` 0); a lane that
 * repeats a value just made is skipped against the set kept in memory.
 * pass16_8: the n8 splits from ga, rv (n8 <= 8) of the block from a0;
 * 1 when no value is left. */
__attribute__((target("avx2"), always_inline)) static inline int pass16_8(const uint16_t *ga, const uint16_t *rv,
                                                                         size_t n8, __m256i b[4], uint64_t *set,
                                                                         uint64_t *need, uint32_t *wit, size_t a0,
                                                                         size_t *k, const int wide) {
    const __m256i ids = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7), c31 = _mm256_set1_epi32(31);
    __m256i x;
    if (n8 == 8) {
        x = _mm256_xor_si256(_mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)ga)),
                             _mm256_cvtepu16_epi32(_mm_loadu_si128((const __m128i *)rv)));
    } else {
        uint32_t t[8] = {0};
        for (size_t j = 0; j < n8; j++) t[j] = (uint32_t)(ga[j] ^ rv[j]);
        x = _mm256_loadu_si256((const __m256i *)t);
    }
    __m256i i = _mm256_srli_epi32(x, 5);
    __m256 s3 = _mm256_castsi256_ps(_mm256_slli_epi32(i, 28)), s4 = _mm256_castsi256_ps(_mm256_slli_epi32(i, 27));
    __m256 t01 = _mm256_blendv_ps(_mm256_castsi256_ps(_mm256_permutevar8x32_epi32(b[0], i)),
                                  _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(b[1], i)), s3);
    __m256i w = _mm256_castps_si256(t01);
    if (wide) {
        __m256 t23 = _mm256_blendv_ps(_mm256_castsi256_ps(_mm256_permutevar8x32_epi32(b[2], i)),
                                      _mm256_castsi256_ps(_mm256_permutevar8x32_epi32(b[3], i)), s3);
        w = _mm256_castps_si256(_mm256_blendv_ps(t01, t23, s4));
    }
    unsigned m8 = (unsigned)_mm256_movemask_ps(
        _mm256_castsi256_ps(_mm256_slli_epi32(_mm256_srlv_epi32(w, _mm256_and_si256(x, c31)), 31)));
    for (m8 &= (1u << n8) - 1; m8; m8 &= m8 - 1) {
        size_t j = (size_t)__builtin_ctz(m8);
        uint32_t v = (uint32_t)(ga[j] ^ rv[j]);
        uint64_t bit = (uint64_t)1 << (v & 63);
        if (!(set[v >> 6] & bit)) continue; /* made by an earlier lane */
        set[v >> 6] &= ~bit;
        need[v >> 6] &= ~bit;
        wit[v] = (uint32_t)a0;
        if (!--*k) return 1;
        __m256i clr = _mm256_and_si256(_mm256_cmpeq_epi32(ids, _mm256_set1_epi32((int)((v >> 5) & 7))),
                                       _mm256_set1_epi32((int)(1u << (v & 31))));
        b[v >> 8] = _mm256_andnot_si256(clr, b[v >> 8]);
    }
    return 0;
}

/* nb > 0: one sum's nb whole blocks first by a shorter loop, from block
 * `start`, as in pass16_avx512 */
__attribute__((target("avx2"), always_inline)) static inline size_t pass16_avx2_(const gri_sp_view *vw,
                                                                                const size_t *sums, size_t nsums,
                                                                                int unequal, size_t maxtop,
                                                                                uint64_t *set, uint64_t *need,
                                                                                uint32_t *wit, size_t k, size_t nb,
                                                                                size_t first, size_t start,
                                                                                size_t *blocks,
                                                                                const int wide) {
    __m256i b[4];
    for (int q = 0; q < 4; q++) b[q] = _mm256_loadu_si256((const __m256i *)(set + 4 * q));
    size_t a0 = 1;
    if (nb) {
        const uint16_t *g = vw->lo, *rv = (const uint16_t *)vw->rev + (vw->rev_top - sums[0]);
        size_t j = start < nb && start >= first ? start : first;
        for (size_t q = first; q < nb; q++, j = j + 1 < nb ? j + 1 : first) {
            size_t a = 1 + BLOCK * j;
            for (size_t o = 0; o < BLOCK; o += 8)
                if (pass16_8(g + a + o, rv + a + o, 8, b, set, need, wit, a, &k, wide)) {
                    *blocks += q - first + 1;
                    return a + BLOCK;
                }
        }
        *blocks += nb - first;
        a0 = 1 + BLOCK * nb;
    }
    for (; a0 <= maxtop; a0 += BLOCK) {
        if (a0 >= vw->skip_lo && a0 < vw->skip_hi && (a0 = vw->skip_hi) > maxtop) break;
        for (size_t s = 0; s < nsums; s++) {
            const uint16_t *ga, *rv;
            size_t len = pass16_block(vw, sums[s], unequal, a0, &ga, &rv);
            for (size_t o = 0; o < len; o += 8)
                if (pass16_8(ga + o, rv + o, len - o < 8 ? len - o : 8, b, set, need, wit, a0, &k, wide))
                    return a0 + BLOCK;
        }
    }
    return a0;
}

__attribute__((target("avx2"))) static size_t pass16_avx2(const gri_sp_view *vw, const size_t *sums, size_t nsums,
                                                         int unequal, size_t maxtop, uint64_t *set, uint64_t *need,
                                                         uint32_t *wit, size_t k, size_t nb, size_t first,
                                                         size_t start, size_t *blocks) {
    /* (Officers to 2^19 with --kernels avx2: 2.84 s against 3.19 s with the
     * byte flags and compares; .014 3.07 s against 3.13 s) */
    if (vw->vmax < 512) return pass16_avx2_(vw, sums, nsums, unequal, maxtop, set, need, wit, k, nb, first, start, blocks, 0);
    return pass16_avx2_(vw, sums, nsums, unequal, maxtop, set, need, wit, k, nb, first, start, blocks, 1);
}

/* the 256-bit set {x} (x < 256): 1 << (x - 64 j) in lane j, where the
 * shift is out of range (and gives 0) in every other lane */
__attribute__((target("avx2"))) static inline __m256i onehot(uint32_t x) {
    return _mm256_sllv_epi64(_mm256_set1_epi64x(1),
                             _mm256_sub_epi64(_mm256_set1_epi64x((long long)x), _mm256_set_epi64x(192, 128, 64, 0)));
}

__attribute__((target("avx2"))) static void onehot_listed_avx2(const uint8_t *g, const uint32_t *list,
                                                              const uint32_t *lval, size_t i, size_t end, size_t r,
                                                              uint64_t out[4]) {
    __m256i acc0 = _mm256_loadu_si256((const __m256i *)out), acc1 = _mm256_setzero_si256();
    for (; i + 2 <= end; i += 2) {
        acc0 = _mm256_or_si256(acc0, onehot(lval[i] ^ g[r - list[i]]));
        acc1 = _mm256_or_si256(acc1, onehot(lval[i + 1] ^ g[r - list[i + 1]]));
    }
    if (i < end) acc0 = _mm256_or_si256(acc0, onehot(lval[i] ^ g[r - list[i]]));
    _mm256_storeu_si256((__m256i *)out, _mm256_or_si256(acc0, acc1));
}

/* the same for the two sums r and r - 1 at once: one 16-bit load holds
 * G(r - 1 - a) (low byte) and G(r - a) (high byte) */
__attribute__((target("avx2"))) static void onehot_listed2_avx2(const uint8_t *g, const uint32_t *list,
                                                               const uint32_t *lval, size_t i, size_t end, size_t r,
                                                               uint64_t out[4]) {
    __m256i acc0 = _mm256_loadu_si256((const __m256i *)out), acc1 = _mm256_setzero_si256();
    for (; i < end; i++) {
        uint16_t w;
        memcpy(&w, g + (r - 1 - list[i]), 2);
        acc0 = _mm256_or_si256(acc0, onehot(lval[i] ^ (uint32_t)(w >> 8)));
        acc1 = _mm256_or_si256(acc1, onehot(lval[i] ^ (uint32_t)(w & 0xff)));
    }
    _mm256_storeu_si256((__m256i *)out, _mm256_or_si256(acc0, acc1));
}
#endif

#endif
