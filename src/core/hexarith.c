/* Arithmetic periodicity of take-and-break codes that split heaps
 * (hexadecimal codes such as 0.8, 0.C, 0.FF, 0.A8). docs/theory.md "Arithmetic
 * periodicity of splitting codes" states the theorem and proves it; the
 * names here (F, h, r, Z, g, D, K0, W, T(N), C(N)) are the proof's.
 *
 * In short: with s = 2^m, F(n) = G(n) for n < e and
 * F(e + i + qP) = G(e + i) + q s. Write F(n) = h(n) 2^m + r(n), r < 2^m.
 * Z is the set of heaps n >= 1 with h(n) = 0. For a large heap N every
 * option is
 *   - tame: all parts but one lie in Z; the options of N + 2P are those of
 *     N raised by 2s (checked on one window of heaps), or
 *   - wide: two or more parts outside Z; then the high part of its value,
 *     an XOR of the parts' h, is at most their sum, and the residue check
 *     below shows the sum is at most h(N), with equality only where the
 *     low parts cannot XOR to r(N). So a wide option is never F(N).
 * Every value below F(N) is a tame option or one of the cancelling
 * three-way splits (a, x, x) of value F(a) (or (x, x), value 0); their
 * coverage of a level depends only on the parities of the level and of N
 * far below the top, and is checked on the window near the top. Induction
 * on N then gives G = F for ever. */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "core/tbcode.h"
#include "core/provers.h"

#define HX_BUDGET 60000000ull /* elementary steps one candidate may cost */
#define HX_MAXVAL (1u << 24)  /* largest value table the window check builds */

typedef struct hx {
    const void *v;
    unsigned w;
    uint64_t e, P, s, mask;
    unsigned m;
    uint64_t *b;               /* b[i] = G(e + i), i < P */
    int64_t *g;                /* g[i] = P c_i - e - i, c_i = b[i] >> m */
    uint64_t j1[TB_MAX_DIGITS], j2[TB_MAX_DIGITS], j3[TB_MAX_DIGITS];
    size_t n1, n2, n3;
    uint64_t jmax;             /* the largest removal of any move */
    uint64_t *Z;               /* heaps n >= 1 with F(n) < s, ascending */
    size_t nz;
    const gr_allocator *al;
} hx;

static uint64_t F(const hx *x, uint64_t k) {
    if (k < x->e) return gri_load_w(x->v, x->w, (size_t)k);
    uint64_t d = k - x->e;
    return x->b[d % x->P] + d / x->P * x->s;
}

/* a class of a part outside Z: a heap below e (exact), or a residue class
 * e + i mod P. off: its contribution to N mod P; g: P h - n; r: low part */
typedef struct hcls {
    uint64_t off;
    int64_t g;
    uint64_t r;
} hcls;

/* wide options never reach F(N): parts a (class A), b (class B) and a
 * third part (class C, or c in Z when cz > 0, or none), removal j */
static int wide_ok(const hx *x, const hcls *A, const hcls *B, const hcls *C, uint64_t cz, uint64_t j) {
    uint64_t off = A->off + B->off + j + (C ? C->off : cz);
    uint64_t iN = (off % x->P + x->P - x->e % x->P) % x->P;
    int64_t lhs = A->g + B->g + (C ? C->g : 0);
    int64_t rhs = (int64_t)j + (int64_t)cz + x->g[iN];
    if (lhs < rhs) return 1;
    if (lhs > rhs) return 0;
    uint64_t low = A->r ^ B->r ^ (C ? C->r : cz ? F(x, cz) : 0);
    return low != (x->b[iN] & x->mask);
}

/* is v a cancelling option of N: (a, x, x) of value F(a), or (x, x) of 0 */
static int in_c(const hx *x, const uint64_t *first, uint64_t v, uint64_t N) {
    if (v == 0)
        for (size_t k = 0; k < x->n2; k++)
            if (N >= x->j2[k] + 2 && (N - x->j2[k]) % 2 == 0) return 1;
    for (size_t k = 0; k < x->n3; k++) {
        if (N < x->j3[k] + 3) continue;
        uint64_t a = first[2 * v + ((N - x->j3[k]) & 1)];
        if (a != UINT64_MAX && a + 2 <= N - x->j3[k]) return 1;
    }
    return 0;
}

/* 1: proved; 0: not; -1: the proof needs the first *need values */
static int try_candidate(hx *x, size_t n, uint64_t *need) {
    uint64_t e = x->e, P = x->P, s = x->s;
    unsigned m = x->m;
    int rc = 0;
    const gr_allocator *al = x->al;
    hcls *cls = NULL;
    uint64_t *first = NULL;
    uint32_t *stamp = NULL;
    int64_t cmin = INT64_MAX, cmax = INT64_MIN;
    uint64_t jmax = x->jmax;
    for (uint64_t i = 0; i < P; i++) {
        int64_t c = (int64_t)(x->b[i] >> m);
        if (c < cmin) cmin = c;
        if (c > cmax) cmax = c;
        x->g[i] = (int64_t)P * c - (int64_t)e - (int64_t)i;
    }
    /* Z and the classes of parts outside it */
    x->nz = 0;
    size_t ncls = 0;
    int64_t maxpre = -1;
    cls = gri_malloc(al, (size_t)(e + P) * sizeof *cls);
    if (!cls) return 0;
    for (uint64_t k = 1; k < e + P; k++) {
        uint64_t f = F(x, k);
        if (f < s) x->Z[x->nz++] = k;
        else if (k < e) cls[ncls++] = (hcls){k, (int64_t)(P * (f >> m)) - (int64_t)k, f & x->mask};
        if (k < e && (int64_t)(f >> m) > maxpre) maxpre = (int64_t)(f >> m);
    }
    size_t npre = ncls;
    for (uint64_t i = 0; i < P; i++) cls[ncls++] = (hcls){e + i, x->g[i], x->b[i] & x->mask};
    uint64_t zmax = x->nz ? x->Z[x->nz - 1] : 0;

    /* wide options (the proof's condition (W)): the largest part is in a
     * residue class, the others in any class */
    uint64_t cost = (uint64_t)ncls * P * (x->n2 + x->n3 * (x->nz + 1));
    if (cost > HX_BUDGET) goto done;
    for (size_t k = 0; k < x->n2; k++)
        for (size_t a = 0; a < ncls; a++)
            for (size_t bi = npre; bi < ncls; bi++)
                if (!wide_ok(x, &cls[a], &cls[bi], NULL, 0, x->j2[k])) goto done;
    for (size_t k = 0; k < x->n3; k++) {
        for (size_t a = 0; a < ncls; a++)
            for (size_t bi = npre; bi < ncls; bi++)
                for (size_t z = 0; z < x->nz; z++)
                    if (!wide_ok(x, &cls[a], &cls[bi], NULL, x->Z[z], x->j3[k])) goto done;
        if ((uint64_t)ncls * ncls * P <= HX_BUDGET) {
            for (size_t a = 0; a < ncls; a++)
                for (size_t bb = a; bb < ncls; bb++)
                    for (size_t ci = npre; ci < ncls; ci++)
                        if (!wide_ok(x, &cls[a], &cls[bb], &cls[ci], 0, x->j3[k])) goto done;
        } else {
            /* too many classes for the exact check: the plain bound
             * 2 U + max g - min g < j, U the largest g of any class */
            int64_t U = INT64_MIN, gmax = INT64_MIN, gmin = INT64_MAX;
            for (size_t a = 0; a < ncls; a++) if (cls[a].g > U) U = cls[a].g;
            for (uint64_t i = 0; i < P; i++) {
                if (x->g[i] > gmax) gmax = x->g[i];
                if (x->g[i] < gmin) gmin = x->g[i];
            }
            if (!(2 * U + gmax - gmin < (int64_t)x->j3[k])) goto done;
        }
    }

    /* the window (the proof's D, K0, W) */
    uint64_t D = (uint64_t)(cmax - cmin) + 3 + (jmax + 1) / P;
    uint64_t K0 = (uint64_t)(cmax > maxpre + 1 ? cmax : maxpre + 1);
    uint64_t A0 = e + P * (K0 - (uint64_t)cmin) + P;
    uint64_t W = e + P + jmax + 2 * zmax;
    uint64_t w2 = 3 * (e + P) + jmax, w3 = e + P * (K0 + 2 + D - (uint64_t)cmin), w4 = A0 + jmax + 2;
    if (w2 > W) W = w2;
    if (w3 > W) W = w3;
    if (w4 > W) W = w4;
    uint64_t P2 = P % 2 ? 2 * P : P;
    if (W > n) { *need = W; rc = -1; goto done; }
    uint64_t top = W + P2 + 2;
    uint64_t fmax = 0;
    for (uint64_t k = 0; k < top; k++) { uint64_t f = F(x, k); if (f > fmax) fmax = f; }
    uint64_t vcap = ((fmax >> m) + 2) << m;
    if (vcap > HX_MAXVAL) goto done;
    cost = P2 * ((D + 1) * s * (x->n3 + 1) + x->n1 + x->n2 * x->nz + x->n3 * x->nz * x->nz) + 2 * vcap * (x->n3 + 1);
    if (cost > HX_BUDGET) goto done;
    /* first[2v + q]: the least heap a >= 1 of parity q with F(a) = v */
    first = gri_malloc(al, (size_t)vcap * 2 * sizeof *first);
    stamp = gri_calloc(al, (size_t)vcap, sizeof *stamp);
    if (!first || !stamp) goto done;
    for (uint64_t k = 0; k < 2 * vcap; k++) first[k] = UINT64_MAX;
    for (uint64_t a = 1; a < top; a++) {
        uint64_t f = F(x, a);
        if (first[2 * f + (a & 1)] == UINT64_MAX) first[2 * f + (a & 1)] = a;
    }
#define IN_C(val, N) in_c(x, first, (val), (N))
    for (uint64_t N = W; N < W + P2; N++) {
        uint32_t mark = (uint32_t)(N - W + 1);
        /* T(N): the tame options */
        for (size_t k = 0; k < x->n1; k++) stamp[F(x, N - x->j1[k])] = mark;
        for (size_t k = 0; k < x->n2; k++)
            for (size_t z = 0; z < x->nz; z++)
                stamp[F(x, N - x->j2[k] - x->Z[z]) ^ F(x, x->Z[z])] = mark;
        for (size_t k = 0; k < x->n3; k++)
            for (size_t z = 0; z < x->nz; z++)
                for (size_t y = 0; y < x->nz; y++)
                    stamp[F(x, N - x->j3[k] - x->Z[z] - x->Z[y]) ^ F(x, x->Z[z]) ^ F(x, x->Z[y])] = mark;
        uint64_t fN = F(x, N), hN = fN >> m;
        if (stamp[fN] == mark) goto done; /* F(N) would be an option */
        for (uint64_t v = (hN - D) << m; v < fN; v++) /* hN >= K0 + 2 + D */
            if (stamp[v] != mark && !IN_C(v, N)) goto done;
    }
    for (uint64_t N = W; N < W + 2; N++) {
        uint64_t lim = ((F(x, N) >> m) - D) << m;
        for (uint64_t v = 0; v < lim; v++)
            if (!IN_C(v, N)) goto done;
    }
#undef IN_C
    *need = W;
    rc = 1;
done:
    gri_free(al, cls);
    gri_free(al, first);
    gri_free(al, stamp);
    return rc;
}


int gri_hex_arith_prove_w(const gr_allocator *al, const void *values, unsigned width, size_t n, const uint8_t *digit, size_t ndigits,
                         uint64_t *pre, uint64_t *per, uint64_t *saltus, uint64_t *need) {
    hx x;
    memset(&x, 0, sizeof x);
    x.al = al;
    x.v = values;
    x.w = width;
    if (need) *need = 0;
    if (ndigits > TB_MAX_DIGITS) return 0;
    for (size_t k = 0; k < ndigits; k++) {
        if (k && (digit[k] & TB_LEAVE_ONE)) x.j1[x.n1++] = k;
        if (digit[k] & TB_LEAVE_TWO) x.j2[x.n2++] = k;
        if (digit[k] & TB_LEAVE_THREE) x.j3[x.n3++] = k;
        if (k == 0 && (digit[k] & 3)) return 0; /* not a take-and-break move */
        if (digit[k] & 14) x.jmax = k;
    }
    if (!x.n2 && !x.n3) return 0; /* never splits: gr_arith_prove's business */
    uint64_t want = 0;
    int found = 0;
    for (uint64_t p = 1; 4 * p <= n && !found; p++) {
        uint64_t hi = gri_load_w(values, width, n - 1), lo = gri_load_w(values, width, n - 1 - p);
        if (hi <= lo) continue;
        uint64_t s = hi - lo;
        if (s & (s - 1)) continue; /* the theorem needs a power of two */
        uint64_t k = n - 1;
        while (k >= p + 1 && (uint64_t)gri_load_w(values, width, k - 1) == gri_load_w(values, width, k - 1 - p) + s) k--;
        uint64_t e0 = k - p;
        x.e = e0 ? e0 : 1;
        x.P = p;
        x.s = s;
        x.mask = s - 1;
        x.m = 0;
        while ((1ull << x.m) < s) x.m++;
        if (x.e + p > n) continue;
        /* W >= 3(e + p) + jmax (see try_candidate): a candidate the table
         * cannot reach yet costs nothing more. Most are spurious, starting
         * near the end of the table. */
        uint64_t w = 3 * (x.e + p) + x.jmax;
        int rc = -1;
        if (w <= n) {
            rc = 0;
            x.b = gri_malloc(al, (size_t)p * sizeof *x.b);
            x.g = gri_malloc(al, (size_t)p * sizeof *x.g);
            x.Z = gri_malloc(al, (size_t)(x.e + p) * sizeof *x.Z);
            if (x.b && x.g && x.Z) {
                for (uint64_t i = 0; i < p; i++) x.b[i] = gri_load_w(values, width, (size_t)(x.e + i));
                rc = try_candidate(&x, n, &w);
            }
        }
        if (rc == 1) {
            /* the least period of the proved sequence F, and its least
             * preperiod: F is known for ever now */
            uint64_t P = p, S = s, e = e0;
            for (uint64_t q = 1; q < p; q++) {
                if (p % q || (s * q) % p) continue;
                uint64_t sq = s * q / p;
                int ok = sq > 0;
                for (uint64_t i = x.e; i < x.e + p && ok; i++) ok = F(&x, i + q) == F(&x, i) + sq;
                if (!ok) continue;
                P = q;
                S = sq;
                e = x.e;
                while (e > 0 && F(&x, e - 1 + q) == F(&x, e - 1) + sq) e--;
                break;
            }
            *pre = e;
            *per = P;
            *saltus = S;
            if (need) *need = w;
            found = 1;
        } else if (rc < 0 && 2 * (e0 + p) <= n && (!want || w < want)) {
            /* a candidate that holds over half the table or more: worth
             * growing the table for */
            want = w;
        }
        gri_free(al, x.b);
        gri_free(al, x.g);
        gri_free(al, x.Z);
        x.b = NULL;
        x.g = NULL;
        x.Z = NULL;
    }
    if (!found && need) *need = want;
    return found;
}

int gr_hex_arith_prove(const uint32_t *v, size_t n, const uint8_t *digit, size_t ndigits, uint64_t *pre, uint64_t *per,
                       uint64_t *saltus, uint64_t *need) {
    return gri_hex_arith_prove_w(&gri_libc_alloc, v, 4, n, digit, ndigits, pre, per, saltus, need);
}
