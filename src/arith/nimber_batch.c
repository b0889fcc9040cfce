/* Nimber products and inverses of whole arrays (gr_nim_mul_n, gr_nim_inv_n).
 *
 * The portable and carry-less paths call the scalar functions in a loop.
 * The 256-bit path (AVX2 and VPCLMULQDQ, detected at run time) works on
 * blocks of 32 words, because the scalar product is bound by its 24 byte-table
 * lookups (three basis changes) and these vectorize only one way: a block
 * is byte-sliced (register j holds byte j of the 32 words), and a basis
 * change is then 128 VPSHUFB lookups in 16-entry tables, one per input
 * nibble and output byte. The block goes back to word order for VPCLMULQDQ,
 * two products and their Barrett reductions per instruction, exactly as the
 * scalar code multiplies. The shuffle unit bounds the whole: 12 lookups per
 * product, plus the transposes.
 *
 * Inverses use Montgomery's trick in the polynomial basis: each of the 32
 * word positions of a block is a chain through up to 32 blocks; prefix
 * products along the chains, one inverse per chain (themselves by the trick
 * among the 32 chains, with one scalar inverse), then back along the chains.
 * That is three products per word and two basis changes. A zero is replaced
 * by 1 in the chain and its output cleared. */
#include <string.h>
#include "core/internal.h"
#include "arith/nimber_internal.h"

#ifdef GR_HAVE_CLMUL_CODE
#define GR_VEC __attribute__((target("avx2,pclmul,vpclmulqdq")))
/* Loops over the eight registers of a block are unrolled, also at -O2:
 * otherwise the arrays of registers live in memory (twice the time). */
#define UNROLL _Pragma("GCC unroll 8")
enum { BLOCK = 32, CHAINS = 32 /* blocks per chain in the inverse */ };

/* An 8x8 transpose of 16-bit words within each 128-bit lane of x[0..7]. */
GR_VEC static inline void transpose_words(__m256i x[8]) {
    __m256i u[8], v[8];
    UNROLL for (int i = 0; i < 4; i++) {
        u[2 * i] = _mm256_unpacklo_epi16(x[2 * i], x[2 * i + 1]);
        u[2 * i + 1] = _mm256_unpackhi_epi16(x[2 * i], x[2 * i + 1]);
    }
    UNROLL for (int i = 0; i < 2; i++)
        UNROLL for (int h = 0; h < 2; h++) {
            v[4 * i + 2 * h] = _mm256_unpacklo_epi32(u[4 * i + h], u[4 * i + h + 2]);
            v[4 * i + 2 * h + 1] = _mm256_unpackhi_epi32(u[4 * i + h], u[4 * i + h + 2]);
        }
    UNROLL for (int i = 0; i < 4; i++) {
        x[2 * i] = _mm256_unpacklo_epi64(v[i], v[i + 4]);
        x[2 * i + 1] = _mm256_unpackhi_epi64(v[i], v[i + 4]);
    }
}

/* Words in memory order (x[r] holds words 4r..4r+3) to byte-sliced form
 * (x[j] holds byte j of all 32): each lane first pairs the bytes of its
 * two words (byte j of both in word j), then the words transpose. */
GR_VEC static inline void slice(__m256i x[8]) {
    const __m256i pair = _mm256_setr_epi8(0, 8, 1, 9, 2, 10, 3, 11, 4, 12, 5, 13, 6, 14, 7, 15, 0, 8, 1, 9, 2, 10, 3,
                                          11, 4, 12, 5, 13, 6, 14, 7, 15);
    UNROLL for (int r = 0; r < 8; r++) x[r] = _mm256_shuffle_epi8(x[r], pair);
    transpose_words(x);
}

/* Byte-sliced form back to whole words, by interleaving bytes, then pairs,
 * then quads (no byte shuffle, unlike the inverse of slice). The words come
 * back with positions 4..7 and 16..19, and 12..15 and 24..27, exchanged:
 * an exchange that is its own inverse. A block goes through slice and
 * unslice twice (into the polynomial basis and back), so it ends in order. */
GR_VEC static inline void unslice(__m256i x[8]) {
    __m256i u[8], v[8];
    UNROLL for (int r = 0; r < 8; r += 2) {
        u[r] = _mm256_unpacklo_epi8(x[r], x[r + 1]);
        u[r + 1] = _mm256_unpackhi_epi8(x[r], x[r + 1]);
    }
    UNROLL for (int r = 0; r < 8; r += 4)
        UNROLL for (int h = 0; h < 2; h++) {
            v[r + h] = _mm256_unpacklo_epi16(u[r + h], u[r + h + 2]);
            v[r + h + 2] = _mm256_unpackhi_epi16(u[r + h], u[r + h + 2]);
        }
    UNROLL for (int r = 0; r < 4; r++) {
        x[r] = _mm256_unpacklo_epi32(v[r], v[r + 4]);
        x[r + 4] = _mm256_unpackhi_epi32(v[r], v[r + 4]);
    }
}

/* A linear map (its nibble tables) on byte-sliced words: y = map(x). */
GR_VEC static inline void sliced_map(const uint8_t nib[8][8][2][16], const __m256i x[8], __m256i y[8]) {
    const __m256i low = _mm256_set1_epi8(0x0f);
    __m256i acc[8];
    UNROLL for (int k = 0; k < 8; k++) acc[k] = _mm256_setzero_si256();
    /* one input byte at a time: unrolled, the sixteen nibble registers
     * would not fit beside the eight sums */
#pragma GCC unroll 1
    for (int j = 0; j < 8; j++) {
        __m256i lo = _mm256_and_si256(x[j], low), hi = _mm256_and_si256(_mm256_srli_epi16(x[j], 4), low);
        UNROLL for (int k = 0; k < 8; k++) {
            __m256i tl = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)nib[j][k][0]));
            __m256i th = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *)nib[j][k][1]));
            acc[k] = _mm256_xor_si256(acc[k], _mm256_xor_si256(_mm256_shuffle_epi8(tl, lo), _mm256_shuffle_epi8(th, hi)));
        }
    }
    UNROLL for (int k = 0; k < 8; k++) y[k] = acc[k];
}

/* A linear map on 32 words in memory order: y = map(x), x destroyed. */
GR_VEC static inline void block_map(const uint8_t nib[8][8][2][16], __m256i x[8], __m256i y[8]) {
    slice(x);
    sliced_map(nib, x, y);
    unslice(y);
}

/* Products of four pairs of polynomial-basis words, reduced as
 * gri_nim_poly_reduce does (k holds pmu and pq in each lane): the products
 * of the even words in the low qwords of *e, of the odd ones in *o. */
GR_VEC static inline void poly_mul_parts(__m256i x, __m256i y, __m256i k, __m256i *e, __m256i *o) {
    __m256i pe = _mm256_clmulepi64_epi128(x, y, 0x00), po = _mm256_clmulepi64_epi128(x, y, 0x11);
    pe = _mm256_xor_si256(pe, _mm256_clmulepi64_epi128(_mm256_xor_si256(pe, _mm256_clmulepi64_epi128(pe, k, 0x01)), k, 0x11));
    po = _mm256_xor_si256(po, _mm256_clmulepi64_epi128(_mm256_xor_si256(po, _mm256_clmulepi64_epi128(po, k, 0x01)), k, 0x11));
    *e = pe;
    *o = po;
}

/* The same four products in word order. */
GR_VEC static inline __m256i poly_mul4(__m256i x, __m256i y, __m256i k) {
    __m256i e, o;
    poly_mul_parts(x, y, k, &e, &o);
    return _mm256_unpacklo_epi64(e, o);
}

GR_VEC static inline __m256i barrett_constants(const gr_nim *t) {
    return _mm256_set_epi64x((long long)t->pq, (long long)t->pmu, (long long)t->pq, (long long)t->pmu);
}

GR_VEC static void mul_block(const gr_nim *t, const uint64_t *a, const uint64_t *b, uint64_t *out) {
    const __m256i k = barrett_constants(t);
    __m256i x[8], y[8], px[8], py[8];
    UNROLL for (int r = 0; r < 8; r++) {
        x[r] = _mm256_loadu_si256((const __m256i *)(a + 4 * r));
        y[r] = _mm256_loadu_si256((const __m256i *)(b + 4 * r));
    }
    block_map(t->nib_to_poly, x, px);
    block_map(t->nib_to_poly, y, py);
    /* the products straight into slice's paired form: interleaving the
     * bytes of the even and odd products is its first shuffle */
    UNROLL for (int r = 0; r < 8; r++) {
        __m256i e, o;
        poly_mul_parts(px[r], py[r], k, &e, &o);
        px[r] = _mm256_unpacklo_epi8(e, o);
    }
    transpose_words(px);
    sliced_map(t->nib_from_lo, px, x);
    unslice(x);
    UNROLL for (int r = 0; r < 8; r++) _mm256_storeu_si256((__m256i *)(out + 4 * r), x[r]);
}

GR_VEC static void mul_n_vec(const gr_nim *t, const uint64_t *a, const uint64_t *b, uint64_t *out, size_t n) {
    size_t i = 0;
    for (; i + BLOCK <= n; i += BLOCK) mul_block(t, a + i, b + i, out + i);
    size_t m = n - i;
    if (m > BLOCK / 4) { /* a padded block is cheaper than this many scalar products */
        uint64_t pa[BLOCK] = {0}, pb[BLOCK] = {0}, po[BLOCK];
        memcpy(pa, a + i, m * sizeof *pa);
        memcpy(pb, b + i, m * sizeof *pb);
        mul_block(t, pa, pb, po);
        memcpy(out + i, po, m * sizeof *po);
    } else {
        for (; i < n; i++) out[i] = gr_nim_mul(t, a[i], b[i]);
    }
}

/* Inverts the 32 polynomial-basis words v in place (none is 0), by the
 * trick again: prefix products, one scalar inverse, and back. */
GR_VEC static void inv_words(const gr_nim *t, uint64_t v[BLOCK]) {
    uint64_t pre[BLOCK], z = 0;
    pre[0] = v[0];
    for (int i = 1; i < BLOCK; i++) pre[i] = gri_nim_poly_mul(t, pre[i - 1], v[i]);
    if (gr_nim_inv(t, gri_nim_linear(t->from_lo, pre[BLOCK - 1]), &z, NULL) != GR_OK) z = 0; /* (never: no factor is 0) */
    z = gri_nim_linear(t->to_poly, z);
    for (int i = BLOCK - 1; i > 0; i--) {
        uint64_t vi = v[i];
        v[i] = gri_nim_poly_mul(t, z, pre[i - 1]);
        z = gri_nim_poly_mul(t, z, vi);
    }
    v[0] = z;
}

/* Inverses of m <= BLOCK * CHAINS words. Returns the index of the first 0
 * among them, or m when there is none. */
GR_VEC static size_t inv_chunk(const gr_nim *t, const uint64_t *a, uint64_t *out, size_t m) {
    const __m256i k = barrett_constants(t), one = _mm256_set1_epi64x(1);
    __m256i xs[CHAINS][8], ps[CHAINS][8], acc[8];
    uint32_t zeros[CHAINS];
    size_t steps = (m + BLOCK - 1) / BLOCK, first_zero = m;
    /* the words in the polynomial basis, zeros (and padding) made 1 */
    for (size_t s = 0; s < steps; s++) {
        uint64_t pad[BLOCK];
        const uint64_t *src = a + s * BLOCK;
        size_t have = m - s * BLOCK < BLOCK ? m - s * BLOCK : BLOCK;
        if (have < BLOCK) {
            for (size_t i = 0; i < BLOCK; i++) pad[i] = i < have ? src[i] : 1;
            src = pad;
        }
        uint32_t z = 0;
        __m256i w[8];
        UNROLL for (int r = 0; r < 8; r++) {
            __m256i x = _mm256_loadu_si256((const __m256i *)(src + 4 * r));
            __m256i is0 = _mm256_cmpeq_epi64(x, _mm256_setzero_si256());
            z |= (uint32_t)_mm256_movemask_pd(_mm256_castsi256_pd(is0)) << (4 * r);
            w[r] = _mm256_xor_si256(x, _mm256_and_si256(is0, one));
        }
        zeros[s] = z;
        if (z && first_zero == m) first_zero = s * BLOCK + (size_t)__builtin_ctz(z);
        block_map(t->nib_to_poly, w, xs[s]);
    }
    /* prefix products along the chains */
    UNROLL for (int r = 0; r < 8; r++) acc[r] = ps[0][r] = xs[0][r];
    for (size_t s = 1; s < steps; s++)
        UNROLL for (int r = 0; r < 8; r++) acc[r] = ps[s][r] = poly_mul4(acc[r], xs[s][r], k);
    uint64_t v[BLOCK];
    UNROLL for (int r = 0; r < 8; r++) _mm256_storeu_si256((__m256i *)(v + 4 * r), acc[r]);
    inv_words(t, v);
    UNROLL for (int r = 0; r < 8; r++) acc[r] = _mm256_loadu_si256((const __m256i *)(v + 4 * r));
    /* back along the chains: ps[s] becomes the inverse of xs[s] */
    for (size_t s = steps - 1; s > 0; s--)
        UNROLL for (int r = 0; r < 8; r++) {
            ps[s][r] = poly_mul4(acc[r], ps[s - 1][r], k);
            acc[r] = poly_mul4(acc[r], xs[s][r], k);
        }
    UNROLL for (int r = 0; r < 8; r++) ps[0][r] = acc[r];
    const __m256i bit = _mm256_setr_epi64x(1, 2, 4, 8);
    for (size_t s = 0; s < steps; s++) {
        __m256i y[8];
        block_map(t->nib_from_lo, ps[s], y);
        uint64_t res[BLOCK];
        UNROLL for (int r = 0; r < 8; r++) {
            __m256i w = y[r];
            if (zeros[s] >> (4 * r) & 15) {
                __m256i zb = _mm256_and_si256(_mm256_set1_epi64x((long long)(zeros[s] >> (4 * r) & 15)), bit);
                w = _mm256_andnot_si256(_mm256_cmpeq_epi64(zb, bit), w);
            }
            _mm256_storeu_si256((__m256i *)(res + 4 * r), w);
        }
        size_t have = m - s * BLOCK < BLOCK ? m - s * BLOCK : BLOCK;
        memcpy(out + s * BLOCK, res, have * sizeof *res);
    }
    return first_zero;
}

GR_VEC static size_t inv_n_vec(const gr_nim *t, const uint64_t *a, uint64_t *out, size_t n) {
    size_t first_zero = n;
    for (size_t i = 0; i < n; i += BLOCK * CHAINS) {
        size_t m = n - i < BLOCK * CHAINS ? n - i : BLOCK * CHAINS;
        size_t z = inv_chunk(t, a + i, out + i, m);
        if (z < m && first_zero == n) first_zero = i + z;
    }
    return first_zero;
}
#endif

void gr_nim_mul_n(const gr_nim *t, const uint64_t *a, const uint64_t *b, uint64_t *out, size_t n) {
#ifdef GR_HAVE_CLMUL_CODE
    if (t->path == GR_NIM_VPCLMUL) { mul_n_vec(t, a, b, out, n); return; }
#endif
    for (size_t i = 0; i < n; i++) out[i] = gr_nim_mul(t, a[i], b[i]);
}

gr_status gr_nim_inv_n(const gr_nim *t, const uint64_t *a, uint64_t *out, size_t n, gr_error *err) {
    size_t first_zero = n;
#ifdef GR_HAVE_CLMUL_CODE
    if (t->path == GR_NIM_VPCLMUL) first_zero = inv_n_vec(t, a, out, n);
    else
#endif
    {
        for (size_t i = 0; i < n; i++) {
            uint64_t x = a[i];
            if (!x) {
                out[i] = 0;
                if (first_zero == n) first_zero = i;
            } else if (gr_nim_inv(t, x, &out[i], NULL) != GR_OK) {
                out[i] = 0; /* (never: x != 0) */
            }
        }
    }
    if (first_zero < n) return gri_fail(err, GR_EINVAL, "0 has no inverse (element %zu)", first_zero);
    return GR_OK;
}
