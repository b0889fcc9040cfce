/* Nimber arithmetic. The tower: GF(2^64) = GF(2^32)[X]/(X^2 + X + 2^31),
 * X = 2^32, and likewise 32 over 16 (h = 2^15). So
 *   (a1 X + a0)(b1 X + b0) = (m + a0b0) X + (a0b0 + a1b1 h),
 *   m = (a0 + a1)(b0 + b1)                 (three half products)
 *   (a1 X + a0)^-1 = (a1 X + a0 + a1) / N, N = a0^2 + a0 a1 + a1^2 h.
 * GF(2^16) products come from log/exp tables over a generator of its
 * multiplicative group. Squaring, square roots and x -> x^2 + x are linear
 * over GF(2), so each is eight lookups in byte tables (column images).
 * Products and inverses of whole arrays are in nimber_batch.c. */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "arith/nimber_internal.h"
#include "core/context_internal.h"

/* ---- the reference product ---- */

static uint64_t ref(uint64_t a, uint64_t b, unsigned bits) {
    if (bits == 1) return a & b;
    unsigned h = bits / 2;
    uint64_t m = h == 64 ? ~(uint64_t)0 : ((uint64_t)1 << h) - 1;
    uint64_t a0 = a & m, a1 = a >> h, b0 = b & m, b1 = b >> h;
    uint64_t c0 = ref(a0, b0, h), c1 = ref(a1, b1, h), cm = ref(a0 ^ a1, b0 ^ b1, h);
    uint64_t hi = cm ^ c0, lo = c0 ^ ref(c1, (uint64_t)1 << (h - 1), h);
    return (hi << h) | lo;
}

uint64_t gr_nim_mul_ref(uint64_t a, uint64_t b) { return ref(a, b, 64); }

/* ---- the fast product ---- */

static inline uint32_t mul16(const gr_nim *t, uint32_t a, uint32_t b) {
    return (a && b) ? t->exp16[t->log16[a] + t->log16[b]] : 0;
}

static inline uint32_t mul32(const gr_nim *t, uint32_t a, uint32_t b) {
    uint32_t a0 = a & 0xffff, a1 = a >> 16, b0 = b & 0xffff, b1 = b >> 16;
    uint32_t c0 = mul16(t, a0, b0), cm = mul16(t, a0 ^ a1, b0 ^ b1);
    /* a1 b1 2^15 straight from the logs */
    uint32_t c1h = (a1 && b1) ? t->exp16[(t->log16[a1] + t->log16[b1]) % 65535 + t->log8000] : 0;
    return ((cm ^ c0) << 16) | (c0 ^ c1h);
}

static inline uint32_t times_h31(const gr_nim *t, uint32_t c) {
    return t->h31[0][c & 0xff] ^ t->h31[1][(c >> 8) & 0xff] ^ t->h31[2][(c >> 16) & 0xff] ^ t->h31[3][c >> 24];
}

static uint64_t mul_tower(const gr_nim *t, uint64_t a, uint64_t b) {
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32), b0 = (uint32_t)b, b1 = (uint32_t)(b >> 32);
    uint32_t c0 = mul32(t, a0, b0), c1 = mul32(t, a1, b1), cm = mul32(t, a0 ^ a1, b0 ^ b1);
    return ((uint64_t)(cm ^ c0) << 32) | (c0 ^ times_h31(t, c1));
}

#ifdef GR_HAVE_CLMUL_CODE
static inline uint32_t linear16(const uint16_t tab[8][256], uint64_t x) {
    return (uint32_t)(tab[0][x & 0xff] ^ tab[1][(x >> 8) & 0xff] ^ tab[2][(x >> 16) & 0xff] ^ tab[3][(x >> 24) & 0xff] ^
                      tab[4][(x >> 32) & 0xff] ^ tab[5][(x >> 40) & 0xff] ^ tab[6][(x >> 48) & 0xff] ^ tab[7][x >> 56]);
}

__attribute__((target("pclmul,sse4.1"))) static uint64_t mul_clmul(const gr_nim *t, uint64_t a, uint64_t b) {
    return gri_nim_linear(t->from_lo, gri_nim_poly_mul(t, gri_nim_linear(t->to_poly, a), gri_nim_linear(t->to_poly, b)));
}


/* The inverse through the norm to GF(2^16), q = 2^16:
 *   a^-1 = a^(q + q^2 + q^3) / N,  N = a^(1 + q + q^2 + q^3) in GF(2^16).
 * a^(q^2) is the conjugate over GF(2^32), a ^ (a >> 32) in nimber bits, so
 * all four conjugates come from a by two linear maps into the polynomial
 * basis: U = a a^q, W = U^(q^2) = a^(q^2) a^(q^3), N = U W, R = a^q W.
 * R's nimber times the GF(2^16) scalar N^-1 is four 16-bit products, which
 * share log(N^-1) = -log N. */
__attribute__((target("pclmul,sse4.1"))) static uint64_t inv_clmul(const gr_nim *t, uint64_t a) {
    /* the maps are linear: the conjugate's images add the images of a's
     * high half to a's */
    uint64_t p0 = gri_nim_linear(t->to_poly, a), p1 = gri_nim_linear(t->to_frob16, a);
    uint64_t h0 = t->to_poly[0][(a >> 32) & 0xff] ^ t->to_poly[1][(a >> 40) & 0xff] ^ t->to_poly[2][(a >> 48) & 0xff] ^
                  t->to_poly[3][a >> 56];
    uint64_t h1 = t->to_frob16[0][(a >> 32) & 0xff] ^ t->to_frob16[1][(a >> 40) & 0xff] ^
                  t->to_frob16[2][(a >> 48) & 0xff] ^ t->to_frob16[3][a >> 56];
    uint64_t u = gri_nim_poly_mul(t, p0, p1), w = gri_nim_poly_mul(t, p0 ^ h0, p1 ^ h1);
    uint32_t n = linear16(t->low16_lo, gri_nim_poly_mul(t, u, w));
    uint64_t r = gri_nim_linear(t->from_lo, gri_nim_poly_mul(t, p1, w));
    uint32_t ls = 65535u - t->log16[n];
    uint64_t out = 0;
    for (int k = 0; k < 4; k++) {
        uint32_t x = (uint32_t)(r >> (16 * k)) & 0xffff;
        if (x) out |= (uint64_t)t->exp16[t->log16[x] + ls] << (16 * k);
    }
    return out;
}
#endif

uint64_t gr_nim_mul(const gr_nim *t, uint64_t a, uint64_t b) {
#ifdef GR_HAVE_CLMUL_CODE
    if (t->path != GR_NIM_PORTABLE) return mul_clmul(t, a, b); /* CLMUL, and VPCLMUL for single products */
#endif
    return mul_tower(t, a, b);
}

gr_nim_path gr_nim_get_path(const gr_nim *t) { return (gr_nim_path)t->path; }

gr_status gr_nim_set_path(gr_nim *t, gr_nim_path path) {
    int ok = path == GR_NIM_PORTABLE || (path == GR_NIM_CLMUL && t->has_clmul) || (path == GR_NIM_VPCLMUL && t->has_vpclmul);
    if (!ok) return GR_EINVAL;
    t->path = (int)path;
    return GR_OK;
}

uint64_t gr_nim_sqr(const gr_nim *t, uint64_t a) { return gri_nim_linear(t->sq, a); }
uint64_t gr_nim_sqrt(const gr_nim *t, uint64_t a) { return gri_nim_linear(t->sqrt_, a); }

uint64_t gr_nim_pow(const gr_nim *t, uint64_t a, uint64_t e) {
    uint64_t r = 1;
    while (e) {
        if (e & 1) r = gr_nim_mul(t, r, a);
        a = gr_nim_sqr(t, a);
        e >>= 1;
    }
    return r;
}

static inline uint32_t inv16(const gr_nim *t, uint32_t a) { return t->exp16[65535 - t->log16[a]]; }

/* squares of 32-bit words: the low four byte tables of the square map */
static inline uint32_t sqr32(const gr_nim *t, uint32_t a) {
    return (uint32_t)(t->sq[0][a & 0xff] ^ t->sq[1][(a >> 8) & 0xff] ^ t->sq[2][(a >> 16) & 0xff] ^ t->sq[3][a >> 24]);
}

/* c ⊗ n for 16-bit n: n is a scalar of GF(2^16), so each half is one product */
static inline uint32_t mul32_by16(const gr_nim *t, uint32_t c, uint32_t n) {
    if (!n) return 0;
    uint32_t ln = t->log16[n], c0 = c & 0xffff, c1 = c >> 16;
    uint32_t r0 = c0 ? t->exp16[t->log16[c0] + ln] : 0, r1 = c1 ? t->exp16[t->log16[c1] + ln] : 0;
    return (r1 << 16) | r0;
}

/* inverse by the tower norm: z^-1 = conj(z) / (z conj(z)), the norm lying
 * in the half-size field */
static uint32_t inv32(const gr_nim *t, uint32_t a) {
    uint32_t a0 = a & 0xffff, a1 = a >> 16;
    if (!a1) return inv16(t, a0);
    uint32_t n = mul16(t, a0, a0) ^ mul16(t, a0, a1) ^ t->exp16[(2u * t->log16[a1]) % 65535 + t->log8000];
    return mul32_by16(t, (a1 << 16) | (a0 ^ a1), inv16(t, n));
}

gr_status gr_nim_inv(const gr_nim *t, uint64_t a, uint64_t *out, gr_error *err) {
    if (!a) return gri_fail(err, GR_EINVAL, "0 has no inverse");
#ifdef GR_HAVE_CLMUL_CODE
    if (t->path != GR_NIM_PORTABLE) { *out = inv_clmul(t, a); return GR_OK; }
#endif
    uint32_t a0 = (uint32_t)a, a1 = (uint32_t)(a >> 32);
    if (!a1) { *out = inv32(t, a0); return GR_OK; }
    /* N = a0^2 + a0 a1 + a1^2 2^31 in GF(2^32) */
    uint32_t n = sqr32(t, a0) ^ mul32(t, a0, a1) ^ times_h31(t, sqr32(t, a1));
    uint32_t ni = inv32(t, n);
    /* a1 ⊗ ni and (a0 ^ a1) ⊗ ni share the logs of ni's halves */
    uint32_t n0 = ni & 0xffff, n1 = ni >> 16, nm = n0 ^ n1;
    uint32_t l0 = n0 ? t->log16[n0] : 0xffffffffu, l1 = n1 ? t->log16[n1] : 0xffffffffu, lm = nm ? t->log16[nm] : 0xffffffffu;
    uint32_t r[2], xs[2] = {a1, a0 ^ a1};
    for (int k = 0; k < 2; k++) {
        uint32_t x0 = xs[k] & 0xffff, x1 = xs[k] >> 16, xm = x0 ^ x1;
        uint32_t c0 = (x0 && l0 != 0xffffffffu) ? t->exp16[t->log16[x0] + l0] : 0;
        uint32_t cm = (xm && lm != 0xffffffffu) ? t->exp16[t->log16[xm] + lm] : 0;
        uint32_t c1h = (x1 && l1 != 0xffffffffu) ? t->exp16[(t->log16[x1] + l1) % 65535 + t->log8000] : 0;
        r[k] = ((cm ^ c0) << 16) | (c0 ^ c1h);
    }
    *out = ((uint64_t)r[0] << 32) | r[1];
    return GR_OK;
}

gr_status gr_nim_div(const gr_nim *t, uint64_t a, uint64_t b, uint64_t *out, gr_error *err) {
    uint64_t bi;
    if (!b) return gri_fail(err, GR_EINVAL, "division by 0");
    gr_status st = gr_nim_inv(t, b, &bi, err);
    if (st == GR_OK) *out = gr_nim_mul(t, a, bi);
    return st;
}

gr_status gr_nim_solve_quadratic(const gr_nim *t, uint64_t a, uint64_t *x, gr_error *err) {
    uint64_t s = gri_nim_linear(t->quad, a);
    if ((gr_nim_sqr(t, s) ^ s) != a)
        return gri_fail(err, GR_ENOSOLUTION, "x^2 + x = %llu has no solution (its trace is 1)", (unsigned long long)a);
    *x = s & ~(uint64_t)1;
    if ((gr_nim_sqr(t, *x) ^ *x) != a) *x = s | 1; /* (never: x and x^1 both solve) */
    return GR_OK;
}

/* ---- discrete logarithm (Pohlig-Hellman over 2^64 - 1) ---- */

#define NIM_ORDER UINT64_MAX /* 2^64 - 1 */
static const uint64_t NIM_BIG_PRIMES[3] = {641, 65537, 6700417};

static inline uint32_t bs_slot(uint64_t key, uint32_t mask) {
    return (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> 40) & mask;
}

/* x in [0, p) with gamma^x = beta in the subgroup of prime order p */
static uint64_t bsgs(const gr_nim *t, const struct nim_bsgs *b, uint64_t beta) {
    uint64_t y = beta;
    for (uint64_t i = 0; i <= b->p / b->m + 1; i++) {
        for (uint32_t s = bs_slot(y, b->mask);; s = (s + 1) & b->mask) {
            if (!b->val[s]) break;
            if (b->key[s] == y) return (i * b->m + b->val[s] - 1) % b->p;
        }
        y = gr_nim_mul(t, y, b->giant);
    }
    return UINT64_MAX; /* (never: beta lies in the subgroup) */
}

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m) { return (uint64_t)((unsigned __int128)a * b % m); }

/* the inverse of a modulo m (gcd 1) */
static uint64_t invmod(uint64_t a, uint64_t m) {
    __int128 r0 = (__int128)m, r1 = (__int128)(a % m), s0 = 0, s1 = 1;
    while (r1) {
        __int128 q = r0 / r1, tmp = r0 - q * r1;
        r0 = r1; r1 = tmp;
        tmp = s0 - q * s1; s0 = s1; s1 = tmp;
    }
    if (s0 < 0) s0 += m;
    return (uint64_t)s0;
}

uint64_t gr_nim_generator(const gr_nim *t) { return t->gen; }

gr_status gr_nim_log(const gr_nim *t, uint64_t a, uint64_t *out, gr_error *err) {
    if (!a) return gri_fail(err, GR_EINVAL, "0 has no logarithm");
    /* residues mod 65535, 641, 65537, 6700417, joined by the CRT */
    uint64_t mods[4], res[4];
    uint32_t n16 = (uint32_t)gr_nim_pow(t, a, NIM_ORDER / 65535);
    mods[0] = 65535;
    res[0] = (uint64_t)t->log16[n16] * t->log16_gen_inv % 65535;
    for (int k = 0; k < 3; k++) {
        mods[k + 1] = t->bs[k].p;
        res[k + 1] = bsgs(t, &t->bs[k], gr_nim_pow(t, a, NIM_ORDER / t->bs[k].p));
        if (res[k + 1] == UINT64_MAX) return gri_fail(err, GR_EINTERNAL, "discrete log: no match in the subgroup of order %llu", (unsigned long long)t->bs[k].p);
    }
    uint64_t x = 0;
    for (int k = 0; k < 4; k++) {
        uint64_t mk = NIM_ORDER / mods[k];
        uint64_t c = mulmod(res[k], invmod(mk % mods[k], mods[k]), mods[k]);
        x = (uint64_t)(((unsigned __int128)x + (unsigned __int128)mk * c) % NIM_ORDER);
    }
    *out = x;
    return GR_OK;
}

static gr_status build_log(gr_nim *t) {
    static const uint64_t primes[7] = {3, 5, 17, 257, 641, 65537, 6700417};
    /* nimbers below 2^32 lie in the subfield GF(2^32): start above it */
    uint64_t g = (uint64_t)1 << 32;
    for (;; g++) {
        int ok = 1;
        for (int i = 0; i < 7 && ok; i++) ok = gr_nim_pow(t, g, NIM_ORDER / primes[i]) != 1;
        if (ok) break;
        if (g > ((uint64_t)1 << 32) + 100000) return GR_EINTERNAL;
    }
    t->gen = g;
    uint32_t lg = t->log16[gr_nim_pow(t, g, NIM_ORDER / 65535)];
    t->log16_gen_inv = (uint32_t)invmod(lg, 65535);
    for (int k = 0; k < 3; k++) {
        struct nim_bsgs *b = &t->bs[k];
        b->p = NIM_BIG_PRIMES[k];
        b->m = 1;
        while (b->m * b->m < b->p) b->m++;
        if (b->m > 4096) b->m = 4096;
        uint32_t size = 2;
        while (size < 2 * b->m) size *= 2;
        b->mask = size - 1;
        uint64_t gamma = gr_nim_pow(t, g, NIM_ORDER / b->p), y = 1;
        for (uint64_t j = 0; j < b->m; j++) {
            uint32_t s = bs_slot(y, b->mask);
            while (b->val[s]) s = (s + 1) & b->mask;
            b->key[s] = y;
            b->val[s] = (uint32_t)j + 1;
            y = gr_nim_mul(t, y, gamma);
        }
        /* y = gamma^m; giant = its inverse, gamma^(p - m) */
        b->giant = gr_nim_pow(t, gamma, b->p - b->m % b->p);
    }
    return GR_OK;
}

void gr_nim_mul128(const gr_nim *t, uint64_t ahi, uint64_t alo, uint64_t bhi, uint64_t blo, uint64_t *rhi,
                   uint64_t *rlo) {
    /* Y = 2^64, Y^2 = Y + 2^63 */
    uint64_t c0 = gr_nim_mul(t, alo, blo), c1 = gr_nim_mul(t, ahi, bhi), cm = gr_nim_mul(t, alo ^ ahi, blo ^ bhi);
    *rhi = cm ^ c0;
    *rlo = c0 ^ gr_nim_mul(t, c1, (uint64_t)1 << 63);
}

/* ---- building the tables ---- */

/* The nibble tables of the batch kernels (nimber_batch.c) from byte tables. */
static void nibble_tables(uint8_t nib[8][8][2][16], const uint64_t tab[8][256]) {
    for (int j = 0; j < 8; j++)
        for (int k = 0; k < 8; k++)
            for (int h = 0; h < 2; h++)
                for (int v = 0; v < 16; v++) nib[j][k][h][v] = (uint8_t)(tab[j][v << (4 * h)] >> (8 * k));
}

/* Fills tab so that gri_nim_linear(tab, x) = f(x) for a GF(2)-linear f given on bits. */
static void linear_table(uint64_t tab[8][256], const uint64_t img[64]) {
    for (int k = 0; k < 8; k++)
        for (int v = 0; v < 256; v++) {
            uint64_t r = 0;
            for (int b = 0; b < 8; b++) if (v >> b & 1) r ^= img[8 * k + b];
            tab[k][v] = r;
        }
}

/* the tables in memory from an allocator (the context's, for gri_ctx_nim) */
static gr_status nim_new_in(const gr_allocator *al, gr_nim **out) {
    gr_nim *t = gri_calloc(al, 1, sizeof *t);
    *out = t;
    if (!t) return GR_ENOMEM;
    t->al = *al;
    /* a generator of GF(2^16)*: order 65535 = 3 * 5 * 17 * 257 */
    uint32_t g = 2;
    for (;; g++) {
        static const uint32_t q[4] = {3, 5, 17, 257};
        int ok = 1;
        for (int i = 0; i < 4 && ok; i++) {
            uint64_t e = 65535 / q[i], r = 1, b = g;
            while (e) { if (e & 1) r = ref(r, b, 16); b = ref(b, b, 16); e >>= 1; }
            if (r == 1) ok = 0;
        }
        if (ok) break;
    }
    uint32_t x = 1;
    for (uint32_t i = 0; i < 65535; i++) {
        t->exp16[i] = (uint16_t)x;
        t->exp16[i + 65535] = (uint16_t)x;
        t->log16[x] = (uint16_t)i;
        x = (uint32_t)ref(x, g, 16);
    }
    t->exp16[2 * 65535] = t->exp16[0];
    t->exp16[2 * 65535 + 1] = t->exp16[1];
    t->log8000 = t->log16[0x8000];
    /* c -> c ⊗ 2^31 on 32-bit c */
    for (int k = 0; k < 4; k++)
        for (int v = 0; v < 256; v++) {
            uint32_t r = 0;
            for (int b = 0; b < 8; b++)
                if (v >> b & 1) r ^= (uint32_t)ref((uint64_t)1 << (8 * k + b), (uint64_t)1 << 31, 32);
            t->h31[k][v] = r;
        }
    /* squares of the basis, then square roots: sqrt(x) = x^(2^63) */
    uint64_t img[64];
    for (int b = 0; b < 64; b++) img[b] = gr_nim_mul(t, (uint64_t)1 << b, (uint64_t)1 << b);
    linear_table(t->sq, img);
    for (int b = 0; b < 64; b++) {
        uint64_t y = (uint64_t)1 << b;
        for (int i = 0; i < 63; i++) y = gr_nim_sqr(t, y);
        img[b] = y;
    }
    linear_table(t->sqrt_, img);
    /* x -> x^2 + x has kernel {0, 1}; invert it on its image by elimination:
     * rows pair an image vector with the x it came from */
    uint64_t row_img[64], row_x[64];
    int nrows = 0;
    for (int b = 1; b < 64; b++) { /* bit 0 spans the kernel */
        uint64_t v = gr_nim_sqr(t, (uint64_t)1 << b) ^ ((uint64_t)1 << b), xv = (uint64_t)1 << b;
        for (int r = 0; r < nrows; r++) {
            int lead = 63 - __builtin_clzll(row_img[r]);
            if (v >> lead & 1) { v ^= row_img[r]; xv ^= row_x[r]; }
        }
        if (!v) continue;
        int lead = 63 - __builtin_clzll(v);
        for (int r = 0; r < nrows; r++)
            if (row_img[r] >> lead & 1) { row_img[r] ^= v; row_x[r] ^= xv; }
        row_img[nrows] = v;
        row_x[nrows] = xv;
        nrows++;
    }
    /* a linear map that sends each basis vector e_b of the image's pivot
     * coordinates through the reduced rows: for a in the image,
     * a = XOR of rows whose lead bits are set in a (reduced echelon form) */
    for (int b = 0; b < 64; b++) {
        img[b] = 0;
        for (int r = 0; r < nrows; r++)
            if (63 - __builtin_clzll(row_img[r]) == b) img[b] = row_x[r];
    }
    linear_table(t->quad, img);

    /* the polynomial basis: pw[i] = α^i, α = 2^32 (outside GF(2^32), so of
     * degree 64); invert i -> pw[i] by elimination */
    uint64_t pw[65];
    pw[0] = 1;
    for (int i = 1; i <= 64; i++) pw[i] = mul_tower(t, pw[i - 1], (uint64_t)1 << 32);
    uint64_t rv[64], rc[64]; /* rows: nimber value, polynomial that gives it */
    int nr = 0;
    for (int i = 0; i < 64; i++) {
        uint64_t v = pw[i], c = (uint64_t)1 << i;
        for (int r = 0; r < nr; r++) {
            int lead = 63 - __builtin_clzll(rv[r]);
            if (v >> lead & 1) { v ^= rv[r]; c ^= rc[r]; }
        }
        if (!v) { gr_nim_free(t); *out = NULL; return GR_EINTERNAL; } /* α would lie in a subfield */
        int lead = 63 - __builtin_clzll(v);
        for (int r = 0; r < nr; r++) if (rv[r] >> lead & 1) { rv[r] ^= v; rc[r] ^= c; }
        rv[nr] = v;
        rc[nr] = c;
        nr++;
    }
    uint64_t to[64];
    for (int b = 0; b < 64; b++)
        for (int r = 0; r < nr; r++) if (63 - __builtin_clzll(rv[r]) == b) to[b] = rc[r];
    linear_table(t->to_poly, to);
    /* x^64 = q (mod the minimal polynomial of α); x^(64+j) by shifting */
    uint64_t q = gri_nim_linear(t->to_poly, pw[64]), hj = q, himg[64];
    for (int j = 0; j < 64; j++) {
        uint64_t nim = 0;
        for (int i = 0; i < 64; i++) if (hj >> i & 1) nim ^= pw[i];
        himg[j] = nim;
        hj = (hj >> 63) ? (hj << 1) ^ q : hj << 1;
    }
    linear_table(t->from_lo, pw);
    linear_table(t->from_hi, himg);
    /* Barrett constant: floor(x^128 / (x^64 + q)) by long division. Only
     * the remainder's bits 64..127 decide quotient bits: the x^128 term
     * gives quotient bit 64 (implied) and leaves q in those bits; then for
     * i = 63..0, a set bit i there means quotient bit i, and subtracting
     * (x^64 + q) x^i clears it and adds q >> (64 - i) below it. */
    {
        uint64_t rem_hi = q, quo = 0;
        for (int i = 63; i >= 0; i--) {
            if (!(rem_hi >> i & 1)) continue;
            quo |= (uint64_t)1 << i;
            rem_hi ^= (uint64_t)1 << i;
            if (i) rem_hi ^= q >> (64 - i);
        }
        t->pq = q;
        t->pmu = quo; /* the x^64 term is implied */
    }
    /* x -> poly(x^(2^16)) on nimber bits; the low 16 bits of from_lo */
    for (int b = 0; b < 64; b++) {
        uint64_t y = (uint64_t)1 << b;
        for (int i = 0; i < 16; i++) y = gr_nim_sqr(t, y);
        img[b] = gri_nim_linear(t->to_poly, y);
    }
    linear_table(t->to_frob16, img);
    for (int k = 0; k < 8; k++)
        for (int v = 0; v < 256; v++) {
            t->low16_lo[k][v] = (uint16_t)t->from_lo[k][v];
        }
    nibble_tables(t->nib_to_poly, t->to_poly);
    nibble_tables(t->nib_from_lo, t->from_lo);
#ifdef GR_HAVE_CLMUL_CODE
    __builtin_cpu_init();
    t->has_clmul = __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse4.1");
    t->has_vpclmul = t->has_clmul && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("vpclmulqdq");
#endif
    t->path = t->has_vpclmul ? GR_NIM_VPCLMUL : t->has_clmul ? GR_NIM_CLMUL : GR_NIM_PORTABLE;
    if (build_log(t) != GR_OK) { gr_nim_free(t); *out = NULL; return GR_EINTERNAL; }
    return GR_OK;
}

gr_status gr_nim_new(gr_nim **out) { return nim_new_in(&gri_libc_alloc, out); }

void gr_nim_free(gr_nim *t) {
    if (!t) return;
    gr_allocator keep = t->al;
    gri_free(&keep, t);
}

/* the context's nimber tables, built on first use (NULL when out of
 * memory); the context frees them through nim_free */
const gr_nim *gri_ctx_nim(gr_ctx *ctx) {
    if (!ctx->nim && nim_new_in(gri_ctx_alloc(ctx), &ctx->nim) != GR_OK) {
        gr_nim_free(ctx->nim);
        ctx->nim = NULL;
    }
    if (ctx->nim) ctx->nim_free = gr_nim_free;
    return ctx->nim;
}
