/* The field of nimbers on 64-bit words (and 128-bit products).
 *
 * Addition is XOR. Multiplication is the nim product: x ⊗ y = mex of
 * (a⊗b) ^ (a⊗y) ^ (x⊗b) over a < x, b < y; the nimbers below 2^(2^k) form
 * the field GF(2^(2^k)). The portable path multiplies by a Karatsuba tower
 * 64 -> 32 -> 16 bits, with GF(2^16) products from log/exp tables; the
 * carry-less path multiplies in a polynomial basis (see below). Squares,
 * square roots and the solution of x^2 + x = a are GF(2)-linear maps done by
 * byte tables; inverses use norms to subfields. The tables (about 700 KiB) live
 * in a gr_nim object built once and read-only afterwards, so one object can
 * serve any number of threads. */
#ifndef GRUNDY_NIMBER_H
#define GRUNDY_NIMBER_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

typedef struct gr_nim gr_nim;

GR_NODISCARD gr_status gr_nim_new(gr_nim **out);
void gr_nim_free(gr_nim *t); /* accepts NULL */

static inline uint64_t gr_nim_add(uint64_t a, uint64_t b) { return a ^ b; }
uint64_t gr_nim_mul(const gr_nim *t, uint64_t a, uint64_t b);
uint64_t gr_nim_sqr(const gr_nim *t, uint64_t a);
uint64_t gr_nim_sqrt(const gr_nim *t, uint64_t a);          /* the unique s with s ⊗ s = a */
uint64_t gr_nim_pow(const gr_nim *t, uint64_t a, uint64_t e); /* a^0 = 1, also for a = 0 */
GR_NODISCARD gr_status gr_nim_inv(const gr_nim *t, uint64_t a, uint64_t *out, gr_error *err); /* EINVAL for 0 */
GR_NODISCARD gr_status gr_nim_div(const gr_nim *t, uint64_t a, uint64_t b, uint64_t *out, gr_error *err);
/* x ⊗ x ^ x = a: GR_ENOSOLUTION when there is none (a has trace 1); else
 * *x is the solution with bit 0 clear and x ^ 1 is the other. */
GR_NODISCARD gr_status gr_nim_solve_quadratic(const gr_nim *t, uint64_t a, uint64_t *x, gr_error *err);

/* Discrete logarithm in the multiplicative group (order 2^64 - 1): the e
 * in [0, 2^64 - 2] with gr_nim_generator(t)^e = a, by Pohlig-Hellman over
 * 2^64 - 1 = 65535 * 641 * 65537 * 6700417 (GF(2^16) logs from a table,
 * baby-step giant-step for the rest, about 50 µs). The generator is the
 * least nimber above 2^32 that generates the group: 2^32 + 6. EINVAL for 0. */
uint64_t gr_nim_generator(const gr_nim *t);
GR_NODISCARD gr_status gr_nim_log(const gr_nim *t, uint64_t a, uint64_t *e, gr_error *err);

/* 128-bit nimbers as (hi, lo) word pairs: three 64-bit products (Karatsuba). */
void gr_nim_mul128(const gr_nim *t, uint64_t ahi, uint64_t alo, uint64_t bhi, uint64_t blo, uint64_t *rhi,
                   uint64_t *rlo);

/* Batches: out[i] = a[i] ⊗ b[i] for i < n, and out[i] = a[i]^-1. The
 * results are exactly those of gr_nim_mul and gr_nim_inv. out may be the
 * same array as a (or b) but must not overlap them otherwise; n = 0 is
 * allowed. gr_nim_inv_n writes every out[i]: the inverse where a[i] != 0
 * and 0 where a[i] == 0; it returns GR_EINVAL when some a[i] is 0 (the
 * message names the first such index), else GR_OK. */
void gr_nim_mul_n(const gr_nim *t, const uint64_t *a, const uint64_t *b, uint64_t *out, size_t n);
GR_NODISCARD gr_status gr_nim_inv_n(const gr_nim *t, const uint64_t *a, uint64_t *out, size_t n, gr_error *err);

/* Code paths for the product. The portable path works everywhere; the
 * carry-less-multiply path (x86 PCLMULQDQ, detected at run time) maps both
 * factors to a polynomial basis of GF(2^64), multiplies there, and maps
 * back. The 256-bit path (x86 AVX2 and VPCLMULQDQ) computes single products
 * as the carry-less one, and batches 32 words at a time: the basis changes
 * by VPSHUFB on byte-sliced words, two products per VPCLMULQDQ. All give
 * identical results (tested). gr_nim_new picks the fastest the CPU has;
 * gr_nim_set_path returns GR_EINVAL for a path the CPU lacks. */
typedef enum gr_nim_path {
    GR_NIM_PORTABLE = 0,
    GR_NIM_CLMUL = 1,
    GR_NIM_VPCLMUL = 2
} gr_nim_path;
gr_nim_path gr_nim_get_path(const gr_nim *t);
GR_NODISCARD gr_status gr_nim_set_path(gr_nim *t, gr_nim_path path);

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
