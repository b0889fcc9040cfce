/* The nimber tables and the helpers shared by the scalar arithmetic
 * (nimber.c) and the batch kernels (nimber_batch.c): the gr_nim record, the
 * byte-table evaluation of a GF(2)-linear map, and the product in the
 * polynomial basis of GF(2^64) by carry-less multiplies. Private: nothing
 * here is exported. */
#ifndef GRUNDY_NIMBER_INTERNAL_H
#define GRUNDY_NIMBER_INTERNAL_H

#include <stdint.h>
#include "grundy/nimber.h"
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
#define GR_HAVE_CLMUL_CODE 1
#endif

struct gr_nim {
    gr_allocator al;            /* where this block came from */
    uint16_t log16[65536];
    uint16_t exp16[2 * 65535 + 2];
    uint64_t sq[8][256];        /* x -> x^2 */
    uint64_t sqrt_[8][256];     /* x -> sqrt(x) */
    uint64_t quad[8][256];      /* a -> a solution of x^2 + x = a (when one exists) */
    uint32_t h31[4][256];       /* c -> c ⊗ 2^31 for 32-bit c */
    uint16_t log8000;           /* log of 2^15 */
    /* the polynomial basis 1, α, ..., α^63 (α = 2^32) of GF(2^64):
     * to_poly maps a nimber to its coordinates, and a 128-bit polynomial
     * product lo + x^64 hi comes back as from_lo(lo) ^ from_hi(hi) */
    uint64_t to_poly[8][256];
    uint64_t from_lo[8][256];   /* polynomial (degree < 64) -> nimber */
    uint64_t from_hi[8][256];
    uint64_t pq, pmu;           /* P = x^64 + pq, floor(x^128 / P) = x^64 + pmu (Barrett) */
    /* for the inverse in the polynomial basis: x -> poly(x^(2^16)), and the
     * low 16 bits of from_lo */
    uint64_t to_frob16[8][256];
    uint16_t low16_lo[8][256];
    /* the batch kernels' form of to_poly and from_lo, for VPSHUFB on
     * byte-sliced words: nib[j][k][h][v] is byte k of the image of the
     * nibble v placed at nibble h (0 low, 1 high) of input byte j */
    uint8_t nib_to_poly[8][8][2][16];
    uint8_t nib_from_lo[8][8][2][16];
    /* discrete logarithms: a generator of the multiplicative group of
     * order 2^64 - 1 = 65535 * 641 * 65537 * 6700417, and baby-step tables
     * for its prime factors above 2^16 (the 65535 part comes from log16) */
    uint64_t gen;
    uint32_t log16_gen_inv;     /* (log16 of gen's norm to GF(2^16))^-1 mod 65535 */
    struct nim_bsgs {
        uint64_t p, m, giant;   /* order, baby steps, gamma^-m */
        uint32_t mask;
        uint64_t key[8192];     /* open addressing: gamma^j -> j + 1 (0 = empty) */
        uint32_t val[8192];
    } bs[3];
    int path;                   /* gr_nim_path */
    int has_clmul;              /* PCLMULQDQ (and SSE4.1) */
    int has_vpclmul;            /* AVX2 and VPCLMULQDQ as well */
};

/* A GF(2)-linear map on 64-bit words by eight byte tables (the images of
 * each byte value at each byte position). */
static inline uint64_t gri_nim_linear(const uint64_t tab[8][256], uint64_t x) {
    return tab[0][x & 0xff] ^ tab[1][(x >> 8) & 0xff] ^ tab[2][(x >> 16) & 0xff] ^ tab[3][(x >> 24) & 0xff] ^
           tab[4][(x >> 32) & 0xff] ^ tab[5][(x >> 40) & 0xff] ^ tab[6][(x >> 48) & 0xff] ^ tab[7][x >> 56];
}

#ifdef GR_HAVE_CLMUL_CODE
/* Barrett reduction of a 128-bit polynomial r modulo P, all in registers:
 * the qword selectors of the carry-less multiply pick r's high half. */
__attribute__((target("pclmul,sse4.1"))) static inline uint64_t gri_nim_poly_reduce(const gr_nim *t, __m128i r) {
    __m128i k = _mm_set_epi64x((long long)t->pq, (long long)t->pmu);
    __m128i m = _mm_clmulepi64_si128(r, k, 0x01);  /* high(r) * pmu */
    __m128i q = _mm_xor_si128(r, m);               /* high qword: the quotient */
    __m128i qq = _mm_clmulepi64_si128(q, k, 0x11); /* quotient * pq */
    return (uint64_t)_mm_cvtsi128_si64(_mm_xor_si128(r, qq));
}

/* The product of two words of the polynomial basis. */
__attribute__((target("pclmul,sse4.1"))) static inline uint64_t gri_nim_poly_mul(const gr_nim *t, uint64_t a, uint64_t b) {
    return gri_nim_poly_reduce(t, _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)a), _mm_cvtsi64_si128((long long)b), 0));
}
#endif

#endif
