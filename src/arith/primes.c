/* Number theory for the coprime ruleset (G(n) = rank of the least prime
 * factor of n, plus one): deterministic Miller-Rabin for 64-bit numbers,
 * Pollard-Brent factoring, and prime counting pi(x) by the Lucy-Hedgehog
 * method in O(x^(3/4)) time and O(sqrt x) memory, bounded by
 * GR_PRIME_PI_MAX so that no query runs long. */
#include <stdlib.h>
#include "arith/primes.h"

__extension__ typedef unsigned __int128 u128;

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m) { return (uint64_t)((u128)a * b % m); }

static uint64_t powmod(uint64_t a, uint64_t e, uint64_t m) {
    uint64_t r = 1 % m;
    a %= m;
    while (e) {
        if (e & 1) r = mulmod(r, a, m);
        a = mulmod(a, a, m);
        e >>= 1;
    }
    return r;
}

int gri_prime_is(uint64_t n) {
    if (n < 2) return 0;
    static const uint64_t small[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
    for (int i = 0; i < 12; i++) {
        if (n == small[i]) return 1;
        if (n % small[i] == 0) return 0;
    }
    uint64_t d = n - 1;
    int s = 0;
    while (!(d & 1)) { d >>= 1; s++; }
    /* these twelve bases are exact for every n < 2^64 */
    for (int i = 0; i < 12; i++) {
        uint64_t x = powmod(small[i], d, n);
        if (x == 1 || x == n - 1) continue;
        int comp = 1;
        for (int r = 1; r < s && comp; r++) {
            x = mulmod(x, x, n);
            if (x == n - 1) comp = 0;
        }
        if (comp) return 0;
    }
    return 1;
}

static uint64_t gcd64(uint64_t a, uint64_t b) {
    while (b) { uint64_t t = a % b; a = b; b = t; }
    return a;
}

/* a non-trivial factor of an odd composite n */
static uint64_t pollard(uint64_t n) {
    for (uint64_t c = 1;; c++) {
        uint64_t y = 2, x = 2, g = 1, q = 1, ys = 2;
        uint64_t r = 1, m = 128;
        do {
            x = y;
            for (uint64_t i = 0; i < r; i++) y = (mulmod(y, y, n) + c) % n;
            uint64_t k = 0;
            do {
                ys = y;
                for (uint64_t i = 0; i < m && i < r - k; i++) {
                    y = (mulmod(y, y, n) + c) % n;
                    q = mulmod(q, x > y ? x - y : y - x, n);
                }
                g = gcd64(q, n);
                k += m;
            } while (k < r && g == 1);
            r *= 2;
        } while (g == 1);
        if (g == n) {
            do {
                ys = (mulmod(ys, ys, n) + c) % n;
                g = gcd64(x > ys ? x - ys : ys - x, n);
            } while (g == 1);
        }
        if (g != n) return g;
    }
}

int gri_prime_factor(uint64_t n, uint64_t *p, unsigned *e) {
    int k = 0;
    for (uint64_t q = 2; q < 1000 && q * q <= n; q++)
        if (n % q == 0) {
            p[k] = q; e[k] = 0;
            while (n % q == 0) { n /= q; e[k]++; }
            k++;
        }
    uint64_t stack[128];
    int top = 0;
    if (n > 1) stack[top++] = n;
    while (top) {
        uint64_t m = stack[--top];
        if (gri_prime_is(m)) {
            int j = 0;
            while (j < k && p[j] != m) j++;
            if (j == k) { p[k] = m; e[k] = 0; k++; }
            e[j]++;
            continue;
        }
        uint64_t f = pollard(m);
        stack[top++] = f;
        stack[top++] = m / f;
    }
    return k;
}

uint64_t gri_prime_lpf(uint64_t n) {
    if (n < 2) return n;
    for (uint64_t p = 2; p < 1000 && p * p <= n; p++) if (n % p == 0) return p;
    if (gri_prime_is(n)) return n;
    /* split until primes; keep the least */
    uint64_t stack[128], best = UINT64_MAX;
    int top = 0;
    stack[top++] = n;
    while (top) {
        uint64_t m = stack[--top];
        if (gri_prime_is(m)) { if (m < best) best = m; continue; }
        uint64_t f = pollard(m);
        stack[top++] = f;
        stack[top++] = m / f;
    }
    return best;
}

static uint64_t isqrt64(uint64_t x) {
    uint64_t r = 0;
    for (int b = 31; b >= 0; b--) {
        uint64_t c = r | ((uint64_t)1 << b);
        if (c <= x / c) r = c;
    }
    return r;
}

gr_status gri_prime_pi(const gr_allocator *al, uint64_t x, uint64_t *out, gr_error *err) {
    if (x > GR_PRIME_PI_MAX)
        return gri_fail(err, GR_EUNPROVEN, "counting the primes up to %llu is beyond grundy's bound of %llu",
                       (unsigned long long)x, (unsigned long long)GR_PRIME_PI_MAX);
    if (x < 2) { *out = 0; return GR_OK; }
    uint64_t r = isqrt64(x);
    /* lo[v] = count for v <= r, hi[i] = count for x / i (i <= r) */
    uint64_t *lo = gri_malloc(al, (r + 2) * sizeof *lo), *hi = gri_malloc(al, (r + 2) * sizeof *hi);
    if (!lo || !hi) { gri_free(al, lo); gri_free(al, hi); return gri_fail(err, GR_ENOMEM, "out of memory counting primes"); }
    for (uint64_t v = 1; v <= r; v++) lo[v] = v - 1;
    for (uint64_t i = 1; i <= r; i++) hi[i] = x / i - 1;
    for (uint64_t p = 2; p <= r; p++) {
        if (lo[p] == lo[p - 1]) continue; /* not prime */
        uint64_t sp = lo[p - 1], p2 = p * p;
        for (uint64_t i = 1; i <= r && x / i >= p2; i++) {
            uint64_t v = x / i, vp = v / p;
            uint64_t cnt = i * p <= r ? hi[i * p] : lo[vp];
            hi[i] -= cnt - sp;
        }
        for (uint64_t v = r; v >= p2; v--) lo[v] -= lo[v / p] - sp;
    }
    *out = hi[1];
    gri_free(al, lo);
    gri_free(al, hi);
    return GR_OK;
}
