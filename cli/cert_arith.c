/* Arithmetic periods of the all-but codes (`tb[0.d1..du!]`: never split,
 * the last digit repeats and leaves one heap) in a certificate: the
 * conditions of docs/theory.md "Arithmetic periodicity", checked on the
 * certificate's values by this file's own loops. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cert_arith.h"

int cli_allbut_digits(const char *spec, unsigned char *digit, uint64_t *u) {
    size_t l = strlen(spec);
    if (l < 8 || strncmp(spec, "tb[0.", 5) || strcmp(spec + l - 2, "!]")) return -1;
    uint64_t k = 0;
    digit[0] = 0;
    for (const char *p = spec + 5; p < spec + l - 2; p++) {
        int d = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'A' && *p <= 'F' ? *p - 'A' + 10 : -1;
        if (d < 0 || d > 3 || k >= 63) return -1; /* a split: not this theorem's */
        digit[++k] = (unsigned char)d;
    }
    if (!k || !(digit[k] & 2)) return -1;
    *u = k;
    return 0;
}

int cli_code_digits(const char *spec, uint8_t *digit, size_t *n) {
    size_t l = strlen(spec), k = 0;
    if (l < 7 || strncmp(spec, "tb[", 3) || spec[4] != '.' || spec[l - 1] != ']') return -1;
    for (const char *p = spec + 3; p < spec + l - 1; p++) {
        if (p == spec + 4) continue;
        int d = *p >= '0' && *p <= '9' ? *p - '0' : *p >= 'A' && *p <= 'F' ? *p - 'A' + 10 : -1;
        if (d < 0 || k == 64) return -1;
        digit[k++] = (uint8_t)d;
    }
    *n = k;
    return 0;
}

static int bad_value(cert_reader *r, uint64_t n, uint64_t g, uint64_t want, unsigned line) {
    char msg[160];
    r->line = line; /* the values line */
    snprintf(msg, sizeof msg, "G(%llu) is %llu by the mex of its options, not %llu", (unsigned long long)n,
             (unsigned long long)g, (unsigned long long)want);
    return cert_fail(r, "%s", msg);
}

int cli_allbut_check(cert_reader *r, const char *spec, uint64_t e0, uint64_t p, uint64_t s, uint64_t N,
                     const uint32_t *v, unsigned line) {
    unsigned char digit[64];
    uint64_t u;
    if (cli_allbut_digits(spec, digit, &u)) return cert_fail(r, "'%s' is not a code of arith-nosplit", spec);
    unsigned rep = digit[u];
    uint64_t vmax = 0;
    for (uint64_t n = 0; n < N; n++)
        if (v[n] > vmax) vmax = v[n];
    if (vmax > ((uint64_t)1 << 26)) return cert_fail(r, "a value too large for %s", "this checker");
    /* every value by the mex: the options of m are G(r) for r = m - k
     * (k < u, by digit k), and for every k >= u the repeating digit's: 0
     * when m = k (bit 1), G(1..m - u) (bit 2), kept as a growing set */
    size_t words = (size_t)(vmax / 64 + 2);
    uint64_t *pre = calloc(words, sizeof *pre), *opt = calloc(words, sizeof *opt);
    int rc = pre && opt ? 0 : cert_fail(r, "%s", "out of memory");
#define SET(b, x) ((b)[(x) >> 6] |= (uint64_t)1 << ((x) & 63))
#define HAS(b, x) ((x) < 64 * (uint64_t)words && ((b)[(x) >> 6] >> ((x) & 63) & 1))
    for (uint64_t m = 0; rc == 0 && m < N; m++) {
        if (m > u) SET(pre, v[m - u]); /* G(1..m - u) */
        memcpy(opt, pre, words * sizeof *opt);
        for (uint64_t k = 1; k < u && k <= m; k++) {
            if ((digit[k] & 1) && k == m) SET(opt, 0);
            if ((digit[k] & 2) && k < m) SET(opt, v[m - k]);
        }
        if (m >= u && (rep & 1)) SET(opt, 0);
        uint64_t g = 0;
        while (HAS(opt, g)) g++;
        if (g != v[m]) rc = bad_value(r, m, g, v[m], line);
    }
    /* the relation, and the least preperiod */
    for (uint64_t m = e0 + p; rc == 0 && m < N; m++)
        if ((uint64_t)v[m] != (uint64_t)v[m - p] + s) rc = cert_fail_u(r, "G(n + period) != G(n) + saltus at n = %s", m - p);
    if (rc == 0 && e0 > 0 && e0 - 1 + p < N && (uint64_t)v[e0 - 1 + p] == (uint64_t)v[e0 - 1] + s)
        rc = cert_fail(r, "the preperiod is not the least: G(preperiod - 1 + period) = G(preperiod - 1) + saltus%s", "");
    /* the theorem's conditions (e = max(e0, 1)): N - p >= e + p + u + 1;
     * C = {0 if bit 1} + {G(r) : 1 <= r < e}, D = C + {G(r) : e <= r < e + p};
     * (a) every value below s is in D; (b) min G(N - p .. N - 1) + s > max D;
     * (c) each w in C not among G(e .. N - p - u) has w + s in D */
    uint64_t e = e0 ? e0 : 1;
    if (rc == 0 && N < e + 2 * p + u + 1) rc = cert_fail(r, "window-end is too small for the theorem (N - period < preperiod + period + u + 1)%s", "");
    if (rc == 0) {
        memset(pre, 0, words * sizeof *pre); /* C */
        memset(opt, 0, words * sizeof *opt); /* D */
        uint64_t dmax = 0, vmin = UINT64_MAX;
        if (rep & 1) { SET(pre, 0); SET(opt, 0); }
        for (uint64_t x = 1; x < e + p; x++) {
            SET(opt, v[x]);
            if (x < e) SET(pre, v[x]);
            if (v[x] > dmax) dmax = v[x];
        }
        for (uint64_t x = 0; x < s && rc == 0; x++)
            if (!HAS(opt, x)) rc = cert_fail_u(r, "condition (a) fails: %s, below the saltus, is not in D", x);
        for (uint64_t x = N - p; x < N; x++)
            if (v[x] < vmin) vmin = v[x];
        if (rc == 0 && vmin + s <= dmax) rc = cert_fail(r, "condition (b) fails: min G(N - period .. N - 1) + saltus <= max D%s", "");
        uint64_t *seen = rc == 0 ? calloc(words, sizeof *seen) : NULL;
        if (rc == 0 && !seen) rc = cert_fail(r, "%s", "out of memory");
        for (uint64_t x = e; rc == 0 && x + u + p <= N; x++) SET(seen, v[x]);
        for (uint64_t w = 0; rc == 0 && w <= vmax; w++)
            if (HAS(pre, w) && !HAS(seen, w) && !HAS(opt, w + s))
                rc = cert_fail_u(r, "condition (c) fails: %s is in C, maybe not in X, and w + saltus is not in D", w);
        free(seen);
    }
#undef SET
#undef HAS
    free(pre);
    free(opt);
    return rc;
}
