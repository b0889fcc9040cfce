/* Proven periodicity from a finite prefix. The window bounds are the
 * induction arguments written out in README "Proven periodicity": past the
 * window every option of n+p maps to an option of n with the same value
 * (the largest part shifted by p), and back. */
#include "internal.h"

uint64_t gr_period_window_end(gr_period_rule rule, uint64_t t, uint64_t e, uint64_t p) {
    uint64_t e1 = e ? e : 1;
    switch (rule) {
    case GR_PERIOD_SUBTRACTION: return e + t;
    case GR_PERIOD_NOSPLIT: return e1 + t;
    case GR_PERIOD_SPLIT2: return 2 * e1 + p + t;
    case GR_PERIOD_SPLIT3: return 3 * e1 + 2 * p + t;
    }
    return UINT64_MAX;
}

typedef struct vals {
    const void *p;
    unsigned w;
} vals;

static inline uint32_t at(vals v, uint64_t i) {
    switch (v.w) {
    case 1: return ((const uint8_t *)v.p)[i];
    case 2: return ((const uint16_t *)v.p)[i];
    default: return ((const uint32_t *)v.p)[i];
    }
}

/* value of the periodic extension at i (valid once (e, p) is proved) */
static uint32_t ext(vals v, uint64_t e, uint64_t p, uint64_t i) {
    return i < e + p ? at(v, i) : at(v, e + (i - e) % p);
}

int gr_period_prove_w(const void *values, unsigned width, size_t n, gr_period_rule rule, uint64_t t,
                      uint64_t *pre, uint64_t *per) {
    vals v = {values, width};
    for (uint64_t p = 1; 2 * p <= n; p++) {
        /* smallest e with v[i] == v[i+p] for every i in [e, n-p) */
        uint64_t e = n - p;
        while (e > 0 && at(v, e - 1) == at(v, e - 1 + p)) e--;
        uint64_t end = gr_period_window_end(rule, t, e, p);
        if (end > n - p) continue;  /* window not covered by the data */
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
    return 0;
}

int gr_period_prove(const uint32_t *v, size_t n, gr_period_rule rule, uint64_t t, uint64_t *pre, uint64_t *per) {
    return gr_period_prove_w(v, 4, n, rule, t, pre, per);
}
