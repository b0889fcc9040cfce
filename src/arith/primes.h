/* Number theory for 64-bit integers (primes.c): primality, factoring and
 * prime counting, used by the coprime and divisor families. */
#ifndef GRUNDY_PRIMES_H
#define GRUNDY_PRIMES_H

#include "core/internal.h"

#define GR_PRIME_PI_MAX ((uint64_t)10000000000) /* 10^10: pi(x) within about 0.1 s */

int gri_prime_is(uint64_t n);
uint64_t gri_prime_lpf(uint64_t n);
/* distinct prime factors p[0..k) with exponents e[], k returned (<= 15) */
int gri_prime_factor(uint64_t n, uint64_t *p, unsigned *e);
gr_status gri_prime_pi(const gr_allocator *al, uint64_t x, uint64_t *out, gr_error *err);

#endif
