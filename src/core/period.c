/* Proven periodicity from a finite prefix. The window bounds are the
 * induction arguments written out in docs/theory.md "Proven periodicity": past the
 * window every option of n+p maps to an option of n with the same value
 * (the largest part shifted by p), and back. */
#include <stdlib.h>
#include "core/internal.h"
#include "core/tbcode.h"
#include "core/provers.h"

/* a x + b y + c, saturating at UINT64_MAX (a window past 2^64 is never
 * covered: it must not wrap to a small one) */
static uint64_t lin_sat(uint64_t a, uint64_t x, uint64_t b, uint64_t y, uint64_t c) {
    uint64_t u, v, r;
    if (gri_mul_overflows(a, x, &u) || gri_mul_overflows(b, y, &v) || gri_add_overflows(u, v, &r) ||
        gri_add_overflows(r, c, &r))
        return UINT64_MAX;
    return r;
}

uint64_t gr_period_window_end(gr_period_rule rule, uint64_t t, uint64_t e, uint64_t p) {
    uint64_t e1 = e ? e : 1;
    switch (rule) {
    case GR_PERIOD_SUBTRACTION: return lin_sat(1, e, 0, 0, t);
    case GR_PERIOD_NOSPLIT: return lin_sat(1, e1, 0, 0, t);
    case GR_PERIOD_ALLBUT: return UINT64_MAX; /* not a window: see gr_arith_prove */
    case GR_PERIOD_SPLIT2: return lin_sat(2, e1, 1, p, t);
    case GR_PERIOD_SPLIT3: return lin_sat(3, e1, 2, p, t);
    }
    return UINT64_MAX;
}

typedef struct vals {
    const void *p;
    unsigned w;
} vals;

static inline uint32_t at(vals v, uint64_t i) { return gri_load_w(v.p, v.w, (size_t)i); }

/* value of the periodic extension at i (valid once (e, p) is proved) */
static uint32_t ext(vals v, uint64_t e, uint64_t p, uint64_t i) {
    return i < e + p ? at(v, i) : at(v, e + (i - e) % p);
}

int gri_period_prove_w(const gr_allocator *al, const void *values, unsigned width, size_t n, gr_period_rule rule, uint64_t t,
                      uint64_t *pre, uint64_t *per) {
    vals v = {values, width};
    /* Multiples of a failed p fail too, so they are skipped: with e the
     * least start for p and i = e - 1 its mismatch, v[i + p] = v[i + mp]
     * (period p from e on) so i is a mismatch for mp as long as i + mp < n;
     * mp then has the same least start, and a longer window (window ends
     * grow with the period), which the data cover even less. (With e = 0
     * the sequence has period mp from 0 as well.) Without this, a long
     * preperiod made every multiple of the period rescan it: quadratic. */
    uint64_t *skip = NULL;
    size_t half = n / 2;
    for (uint64_t p = 1; 2 * p <= n; p++) {
        if (skip && (skip[p >> 6] >> (p & 63) & 1)) continue;
        if (gr_period_window_end(rule, t, 0, p) > n - p) break; /* no e fits, nor for larger p */
        /* smallest e with v[i] == v[i+p] for every i in [e, n-p) */
        uint64_t e = n - p;
        while (e > 0 && at(v, e - 1) == at(v, e - 1 + p)) e--;
        uint64_t end = gr_period_window_end(rule, t, e, p);
        if (end > n - p) {
            /* window not covered by the data; after a long scan, rule out
             * the multiples (without the table when out of memory: slower,
             * same answer) */
            if (n - p - e >= 256) {
                if (!skip) skip = gri_calloc(al, half / 64 + 1, sizeof *skip);
                if (skip)
                    /* (e >= 1 here: with e = 0, p either fits or the loop has stopped) */
                    for (uint64_t m = 2 * p; m <= half && e - 1 + m < n; m += p) skip[m >> 6] |= (uint64_t)1 << (m & 63);
            }
            continue;
        }
        gri_free(al, skip);
        /* here e + p <= end + p <= n, so ext() reads only computed values */
        /* (e, p) is proved. The least period q divides p; test the divisors
         * against the periodic extension, which is now known for ever. */
        for (uint64_t q = 1; q < p; q++) {
            if (p % q) continue;
            int ok = 1;
            for (uint64_t i = e; i < e + p && ok; i++)
                if (ext(v, e, p, i) != ext(v, e, p, i + q)) ok = 0;
            if (!ok) continue;
            uint64_t eq = e;
            while (eq > 0 && at(v, eq - 1) == ext(v, e, p, eq - 1 + q)) eq--;
            *pre = eq;
            *per = q;
            return 1;
        }
        *pre = e;
        *per = p;
        return 1;
    }
    gri_free(al, skip);
    return 0;
}

int gr_period_prove(const uint32_t *v, size_t n, gr_period_rule rule, uint64_t t, uint64_t *pre, uint64_t *per) {
    return gri_period_prove_w(&gri_libc_alloc, v, 4, n, rule, t, pre, per);
}

/* ---- arithmetic periodicity (docs/theory.md "Arithmetic periodicity") ----
 * Let u = ndigits - 1, the first removal whose digit repeats, and d the
 * repeating digit. For a heap m > u the options are
 *   T(m) = Z  u  { G(r) : 1 <= r <= m - u }  u  { G(m - k) : 1 <= k < u, digit k has bit 2 }
 * (Z = {0} when d has bit 1: take the whole heap). Suppose G(m) = G(m - p) + s
 * for e + p <= m < n'. With C = Z u {G(r) : 1 <= r < e} and
 * D = C u {G(r) : e <= r < e + p}, the options split as T(n') = C u X and
 * T(n' + p) = D u (X + s), X being the values at positions >= e. Then
 * mex(D u (X + s)) = mex(C u X) + s when (a) every value below s is in D,
 * (b) mex(C u X) + s is not in D, and (c) every w in C that is not in X has
 * w + s in D. The checks below make (a)-(c) hold for every heap past the
 * prefix, so the relation holds for ever by induction. */
int gri_arith_prove_w(const gr_allocator *al, const void *values, unsigned width, size_t n, const uint8_t *digit, size_t ndigits, uint64_t *pre,
                     uint64_t *per, uint64_t *saltus) {
    vals v = {values, width};
    if (ndigits < 2) return 0;
    size_t u = ndigits - 1;
    unsigned d = digit[u];
    if (!(d & TB_LEAVE_ONE) || (d & ~(unsigned)(TB_LEAVE_NONE | TB_LEAVE_ONE)) || digit[0]) return 0; /* digit[0]: splits without removal */
    for (size_t k = 1; k < u; k++) if (digit[k] & ~3u) return 0;
    for (uint64_t p = 1; 4 * p <= n; p++) {
        if (at(v, n - 1) <= at(v, n - 1 - p)) continue;
        uint64_t s = at(v, n - 1) - at(v, n - 1 - p);
        /* the least e with G(m) = G(m - p) + s for every m in [e + p, n) */
        uint64_t m = n - 1;
        while (m >= p + 1 && (uint64_t)at(v, m - 1) == (uint64_t)at(v, m - 1 - p) + s) m--;
        uint64_t e0 = m - p, e = e0; /* G(m') = G(m' - p) + s for m' >= m = e0 + p */
        if (e < 1) e = 1;            /* the argument below starts at position 1 */
        /* the induction needs every heap it proves (>= n) to use only
         * positions covered by the relation or by C and D: n - p >= e + u + 1 */
        if (n < e + p + u + 1 + p) continue;
        /* C and D as bitmaps over their values */
        uint64_t dmax = 0;
        for (uint64_t r = 1; r < e + p; r++) if (at(v, r) > dmax) dmax = at(v, r);
        size_t words = (size_t)(dmax / 64 + 2);
        uint64_t *inD = gri_calloc(al, words, sizeof *inD), *inC = gri_calloc(al, words, sizeof *inC);
        if (!inD || !inC) { gri_free(al, inD); gri_free(al, inC); return 0; }
#define SETB(b, x) ((b)[(x) >> 6] |= (uint64_t)1 << ((x) & 63))
#define HASB(b, x) ((x) <= dmax && ((b)[(x) >> 6] >> ((x) & 63) & 1))
        if (d & TB_LEAVE_NONE) { SETB(inD, 0); SETB(inC, 0); }
        for (uint64_t r = 1; r < e + p; r++) {
            SETB(inD, at(v, r));
            if (r < e) SETB(inC, at(v, r));
        }
        int ok = 1;
        /* (a) [0, s) in D */
        for (uint64_t x = 0; x < s && ok; x++) ok = HASB(inD, x);
        /* (b) every heap n' >= n - p has G(n') >= vmin, and vmin + s > max D */
        uint64_t vmin = UINT64_MAX;
        for (uint64_t r = n - p; r < n; r++) if (at(v, r) < vmin) vmin = at(v, r);
        if (ok && vmin + s <= dmax) ok = 0;
        /* (c) each w in C absent from the values at e..n-p-u has w + s in D */
        if (ok) {
            uint64_t *seen = gri_calloc(al, words, sizeof *seen);
            if (!seen) { gri_free(al, inD); gri_free(al, inC); return 0; }
            for (uint64_t r = e; r + u + p <= n; r++) if (at(v, r) <= dmax) SETB(seen, at(v, r));
            for (uint64_t w = 0; w <= dmax && ok; w++)
                if (HASB(inC, w) && !HASB(seen, w) && !HASB(inD, w + s)) ok = 0;
            gri_free(al, seen);
        }
#undef SETB
#undef HASB
        gri_free(al, inD);
        gri_free(al, inC);
        if (!ok) continue;
        *pre = e0;
        *per = p;
        *saltus = s;
        return 1;
    }
    return 0;
}

int gr_arith_prove(const uint32_t *v, size_t n, const uint8_t *digit, size_t ndigits, uint64_t *pre, uint64_t *per,
                   uint64_t *saltus) {
    return gri_arith_prove_w(&gri_libc_alloc, v, 4, n, digit, ndigits, pre, per, saltus);
}
