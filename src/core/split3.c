/* Three-way splits for the dense tabulation (games/takebreak.c).
 *
 * A split of r into a + b + c with a the smallest part has a <= r/3, and
 * every pair b + c = r - a is in the row p2[r - a] = { G(b) ^ G(r - a - b) }.
 * Rows may hold pairs with a part below a too: those are splits with a
 * smaller least part, options all the same. So the options are the rows
 * p2[r - a], a = 1..r/3, each translated by XOR with G(a).
 *
 * A translation by x = 64 hi + lo moves whole words (word w to w ^ hi) and
 * then permutes the bits inside each word (bit j to j ^ lo). The rows are
 * moved word-wise into one accumulator per lo, four words at a time (a
 * fixed permutation of the four by hi & 3, the group by hi >> 2); at the
 * end each accumulator's bits are permuted once, by up to six masked swaps,
 * and ORed into the options. A heap costs (r/3) * words word operations
 * plus 64 * 6 * words, all sequential, instead of a bit at a time. */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "core/ticker.h"
#include "core/context_internal.h"
#include "core/sparse.h"
#include "core/split3.h"

/* row words for the current values: 2^bitlen(tabmax) bits, at least one word */
static size_t row_words(const gr_ruleset *rs) {
    unsigned b = gri_bitlen64(rs->tabmax);
    return b > 6 ? (size_t)1 << (b - 6) : 1;
}

gr_status gri_split3_ensure(gr_ruleset *rs, gri_split3 *p, size_t upto, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    p->al = al;
    size_t words = row_words(rs);
    size_t from = p->len;
    if (words > p->words) {
        gri_free(al, p->rows);
        p->rows = NULL;
        p->cap = p->len = 0;
        from = 0;
        p->words = words;
    }
    if (p->acc_words < 64 * words) {
        gri_free(al, p->acc);
        p->acc = gri_malloc(al, 64 * words * sizeof *p->acc);
        p->acc_words = p->acc ? 64 * words : 0;
        if (!p->acc) return gri_fail(err, GR_ENOMEM, "out of memory: three-way splits of %s", rs->spec);
    }
    if (upto <= from) return GR_OK;
    if (upto > ((size_t)1 << 27) / words)
        return gri_fail(err, GR_ELIMIT, "%s: the three-way split table would exceed 1 GiB at heap %zu", rs->spec, upto);
    if (!gri_grow(al, (void **)&p->rows, &p->cap, upto * words, sizeof *p->rows))
        return gri_fail(err, GR_ENOMEM, "out of memory: pair table of %s", rs->spec);
    /* a row costs m steps, and a wider table rebuilds every row: the time
     * limit is polled here, where one heap's value may take seconds */
    gri_ticker tk;
    gri_ticker_start(&tk, rs->ctx);
    for (size_t m = from; m < upto; m++) {
        gr_status st;
        if ((st = gri_tick_poll(&tk, rs->ctx, err, "the three-way splits' pair table", m, "rows")) != GR_OK) {
            p->len = m;
            return st;
        }
        uint64_t *row = p->rows + m * words;
        memset(row, 0, words * sizeof *row);
        gri_split_xors(rs, m, row);
    }
    p->len = upto;
    return GR_OK;
}

void gri_split3_free(gri_split3 *p) {
    if (!p->al) return; /* never filled: it holds nothing */
    const gr_allocator *al = p->al;
    gri_free(al, p->rows);
    gri_free(al, p->acc);
    memset(p, 0, sizeof *p);
}

/* acc[w] |= row[w ^ hi] for w < dw (row words a power of two, hi below
 * it; dw a multiple of 4 when the row has 4 words or more) */
#define GR_TRANSLATE(NAME, ATTR)                                                                                   \
    ATTR static void NAME(uint64_t *restrict acc, const uint64_t *restrict row, size_t dw, size_t hi) {            \
        if (dw < 4) {                                                                                              \
            for (size_t w = 0; w < dw; w++) acc[w] |= row[w ^ hi];                                                 \
            return;                                                                                                \
        }                                                                                                          \
        size_t g = hi >> 2, n = dw / 4;                                                                            \
        switch (hi & 3) {                                                                                          \
        case 0:                                                                                                    \
            for (size_t j = 0; j < n; j++)                                                                         \
                for (size_t i = 0; i < 4; i++) acc[4 * j + i] |= row[4 * (j ^ g) + i];                             \
            break;                                                                                                 \
        case 1:                                                                                                    \
            for (size_t j = 0; j < n; j++)                                                                         \
                for (size_t i = 0; i < 4; i++) acc[4 * j + i] |= row[4 * (j ^ g) + (i ^ 1)];                       \
            break;                                                                                                 \
        case 2:                                                                                                    \
            for (size_t j = 0; j < n; j++)                                                                         \
                for (size_t i = 0; i < 4; i++) acc[4 * j + i] |= row[4 * (j ^ g) + (i ^ 2)];                       \
            break;                                                                                                 \
        default:                                                                                                   \
            for (size_t j = 0; j < n; j++)                                                                         \
                for (size_t i = 0; i < 4; i++) acc[4 * j + i] |= row[4 * (j ^ g) + (i ^ 3)];                       \
            break;                                                                                                 \
        }                                                                                                          \
    }

/* bits[w] |= acc[w] with bit j moved to j ^ lo */
#define GR_PERMUTE(NAME, ATTR)                                                                                     \
    ATTR static void NAME(uint64_t *restrict bits, const uint64_t *restrict acc, size_t words, unsigned lo) {      \
        static const uint64_t keep[6] = {0x5555555555555555ull, 0x3333333333333333ull, 0x0f0f0f0f0f0f0f0full,     \
                                         0x00ff00ff00ff00ffull, 0x0000ffff0000ffffull, 0x00000000ffffffffull};     \
        for (size_t w = 0; w < words; w++) {                                                                       \
            uint64_t x = acc[w];                                                                                   \
            for (unsigned t = 0; t < 6; t++)                                                                       \
                if (lo >> t & 1) {                                                                                 \
                    unsigned s = 1u << t;                                                                          \
                    x = ((x & keep[t]) << s) | ((x >> s) & keep[t]);                                               \
                }                                                                                                  \
            bits[w] |= x;                                                                                          \
        }                                                                                                          \
    }

GR_TRANSLATE(translate_or, )
GR_PERMUTE(permute_or, )
#if GRI_SP_X86
#include <immintrin.h>
/* translate_or with the four words of a group in one register, permuted by
 * hi & 3 */
#define GR_T4(IMM)                                                                                                 \
    for (size_t j = 0; j < n; j++) {                                                                               \
        __m256i v = _mm256_permute4x64_epi64(_mm256_loadu_si256((const __m256i *)(row + 4 * (j ^ g))), IMM);      \
        __m256i *d = (__m256i *)(acc + 4 * j);                                                                     \
        _mm256_storeu_si256(d, _mm256_or_si256(_mm256_loadu_si256(d), v));                                        \
    }
__attribute__((target("avx2"))) static void translate_or_avx2(uint64_t *restrict acc, const uint64_t *restrict row,
                                                             size_t dw, size_t hi) {
    if (dw < 4) {
        translate_or(acc, row, dw, hi);
        return;
    }
    size_t g = hi >> 2, n = dw / 4;
    switch (hi & 3) {
    case 0: GR_T4(0xe4) break; /* words 0, 1, 2, 3 */
    case 1: GR_T4(0xb1) break; /* 1, 0, 3, 2 */
    case 2: GR_T4(0x4e) break; /* 2, 3, 0, 1 */
    default: GR_T4(0x1b) break; /* 3, 2, 1, 0 */
    }
}
#undef GR_T4
GR_PERMUTE(permute_or_avx2, __attribute__((target("avx2"))))
#endif

void gri_split3_options(const gr_ruleset *rs, gri_split3 *p, size_t r, uint64_t *bits, size_t upto) {
    size_t words = p->words;
    /* the destination words: those of values below upto, in whole groups */
    size_t dw = words;
    if (upto / 64 + 1 < dw) {
        dw = upto / 64 + 1;
        if (words >= 4) dw = (dw + 3) & ~(size_t)3;
        if (dw > words) dw = words;
    }
    /* the context or gri_sp_tune may ask for the portable code */
    int avx2 = (rs->sp.avx2 ? rs->sp.avx2 : gri_ctx_kernel_level(rs->ctx)) > 0;
    uint64_t used = 0;
    for (size_t a = 1; 3 * a <= r; a++) {
        uint32_t ga = gri_tab_at(rs, a);
        unsigned lo = ga & 63;
        uint64_t *acc = p->acc + (size_t)lo * words;
        if (!(used >> lo & 1)) {
            memset(acc, 0, dw * sizeof *acc);
            used |= (uint64_t)1 << lo;
        }
        const uint64_t *row = p->rows + (r - a) * words;
        if (avx2) {
#if GRI_SP_X86
            translate_or_avx2(acc, row, dw, ga >> 6);
#endif
        } else {
            translate_or(acc, row, dw, ga >> 6);
        }
    }
    for (; used; used &= used - 1) {
        unsigned lo = (unsigned)__builtin_ctzll(used);
        const uint64_t *acc = p->acc + (size_t)lo * words;
        if (avx2) {
#if GRI_SP_X86
            permute_or_avx2(bits, acc, dw, lo);
#endif
        } else {
            permute_or(bits, acc, dw, lo);
        }
    }
}
