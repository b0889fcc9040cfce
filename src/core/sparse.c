/* The sparse-space ("rare values") method, shared by take-and-break codes
 * (games/takebreak.c) and Grundy's game (games/grundygame.c), and the split-scan kernels
 * on the typed value table.
 *
 * For a mask m, call a value rare when popcount(v & m) is even and common
 * when odd. The XOR of two values is common exactly when one of them is rare
 * and the other common. So every common value among the split options of a
 * heap comes from a pair with a rare part: scanning the (few) rare
 * positions finds them all. The mex is then the least value that is not
 * found, except that a rare candidate may still come from two common parts:
 * for those a witness is searched over all splits, and a rare answer (rare by
 * the choice of mask) is the only case that costs a full scan. The values
 * are exactly those of the definition, whatever the mask; the mask is chosen
 * from the values so far to make rare positions few.
 *
 * A position n is rare when parity(G(n) & mask) ^ (dom & n) is 0: with
 * dom = 1 the class also depends on the position's parity (the sparse space
 * "in the domain"). For a split a + b = r the classes add up to
 * parity((G(a) ^ G(b)) & mask) ^ (dom & r), so a value x with
 * parity(x & mask) ^ (dom & r) = 1 comes only from a rare and a common part.
 * Either class may be the one listed (sp_flip): every pair that makes such
 * a value has one position of each. */
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "rs.h"
#include "sparse.h"

/* parity of the set bits, without a library call on CPUs without POPCNT */
static inline unsigned parity32(uint32_t x) {
    x ^= x >> 16;
    x ^= x >> 8;
    x ^= x >> 4;
    return (0x6996u >> (x & 15)) & 1;
}

static inline int rare_at(uint32_t v, uint32_t mask, unsigned dom, size_t n) {
    return !((parity32(v & mask) ^ (dom & (unsigned)n)) & 1);
}

/* ---- kernels, one per table width ----
 * add_all: every split a + b = r (a, b >= 1; a != b when unequal) into the
 *          bitset `bits` (wide enough for any XOR of two table values);
 * add_rare: the splits whose part a is listed in rare[0..nr);
 * find: is some split's XOR equal to v? Blocks of 64 splits are tested
 *       without an early exit, so the compiler can vectorize them. */
#define GR_SP_KERNELS(T, S)                                                                                        \
    static void add_all_##S(const T *g, size_t r, int unequal, uint64_t *bits) {                                   \
        size_t top = unequal ? (r - 1) / 2 : r / 2;                                                                \
        for (size_t a = 1; a <= top; a++) {                                                                        \
            uint32_t x = (uint32_t)(g[a] ^ g[r - a]);                                                              \
            bits[x >> 6] |= (uint64_t)1 << (x & 63);                                                               \
        }                                                                                                          \
    }                                                                                                              \
    static void add_rare_##S(const T *g, const uint32_t *rare, size_t nr, size_t r, int unequal, uint64_t *bits,    \
                             size_t words) {                                                                       \
        if (words == 1) { /* every XOR below 64: keep the set in registers */                                    \
            /* the listed parts below r, without position 0; the equal split   \
             * (unequal rules) is masked out rather than branched around */                                       \
            size_t i = nr && rare[0] == 0, end = nr, skip = unequal && r % 2 == 0 ? r / 2 : 0;                     \
            while (end > i && rare[end - 1] >= r) end--;                                                           \
            uint64_t acc0 = 0, acc1 = 0;                                                                           \
            for (; i + 2 <= end; i += 2) {                                                                         \
                size_t a0 = rare[i], a1 = rare[i + 1];                                                             \
                acc0 |= (uint64_t)(a0 != skip) << ((g[a0] ^ g[r - a0]) & 63);                                      \
                acc1 |= (uint64_t)(a1 != skip) << ((g[a1] ^ g[r - a1]) & 63);                                      \
            }                                                                                                      \
            if (i < end) acc0 |= (uint64_t)(rare[i] != skip) << ((g[rare[i]] ^ g[r - rare[i]]) & 63);            \
            bits[0] |= acc0 | acc1;                                                                                \
            return;                                                                                                \
        }                                                                                                          \
        for (size_t i = 0; i < nr && rare[i] < r; i++) {                                                           \
            size_t a = rare[i];                                                                                    \
            if (a < 1 || (unequal && 2 * a == r)) continue;                                                        \
            uint32_t x = (uint32_t)(g[a] ^ g[r - a]);                                                              \
            bits[x >> 6] |= (uint64_t)1 << (x & 63);                                                               \
        }                                                                                                          \
    }                                                                                                              \
    /* splits a in [lo, hi) with g[a] ^ g[r - a] = v, where rv[a] = g[r - a]: \
     * the first such a, or 0 */                                                                                   \
    static size_t find_##S(const T *g, const T *rv, size_t lo, size_t hi, uint32_t v) {                           \
        if (v > (T)~(T)0) return 0;                                                                                \
        T tv = (T)v;                                                                                               \
        size_t a = lo;                                                                                             \
        for (size_t e = lo + 4 < hi ? lo + 4 : hi; a < e; a++) /* the witness is often where it was last time */  \
            if ((T)(g[a] ^ rv[a]) == tv) return a;                                                                 \
        for (; a + 64 <= hi; a += 64) {                                                                            \
            T hit = 0; /* of the table's width, so that the compares vectorize at full width */                   \
            for (size_t j = 0; j < 64; j++) hit |= (T)((T)(g[a + j] ^ rv[a + j]) == tv);                           \
            if (hit) break;                                                                                        \
        }                                                                                                          \
        for (; a < hi; a++)                                                                                        \
            if ((T)(g[a] ^ rv[a]) == tv) return a;                                                                 \
        return 0;                                                                                                  \
    }

GR_SP_KERNELS(uint8_t, 8)
GR_SP_KERNELS(uint16_t, 16)
GR_SP_KERNELS(uint32_t, 32)

static unsigned bitlen(uint64_t v) { return v ? 64u - (unsigned)__builtin_clzll(v) : 0u; }

/* the bitset for split XORs: 2^bitlen(tabmax) bits */
static gr_status sp_bits(gr_ruleset *rs, gr_error *err) {
    size_t words = ((size_t)1 << bitlen(rs->tabmax)) / 64 + 1;
    if (words > rs->sp_bwords) {
        uint64_t *b = realloc(rs->sp_bits, words * sizeof *b);
        if (!b) return gri_fail(err, GR_ENOMEM, "out of memory: option set of %s", rs->spec);
        rs->sp_bits = b;
        rs->sp_bwords = words;
    }
    memset(rs->sp_bits, 0, words * sizeof *rs->sp_bits);
    rs->sp_bused = words;
    return GR_OK;
}

gr_status gri_split_options(gr_ruleset *rs, const size_t *sums, size_t nsums, int unequal, uint64_t **bits,
                           size_t *words, gr_error *err) {
    gr_status st = sp_bits(rs, err);
    if (st != GR_OK) return st;
    for (size_t k = 0; k < nsums; k++) {
        if (sums[k] < 2) continue;
        switch (rs->tw) {
        case 1: add_all_8((const uint8_t *)rs->tab, sums[k], unequal, rs->sp_bits); break;
        case 2: add_all_16((const uint16_t *)rs->tab, sums[k], unequal, rs->sp_bits); break;
        default: add_all_32((const uint32_t *)rs->tab, sums[k], unequal, rs->sp_bits); break;
        }
    }
    *bits = rs->sp_bits;
    *words = rs->sp_bused;
    return GR_OK;
}

/* the reversed table is never allocated shorter than this */
#define REV_MIN 4096

/* Brings the reversed table up to date with the table. */
static gr_status rev_sync(gr_ruleset *rs, gr_error *err) {
    size_t len = rs->len;
    if (rs->sp_revw != rs->tw || rs->sp_revm < len) {
        size_t m = 2 * len > REV_MIN ? 2 * len : REV_MIN;
        /* rebuilt whole: free first, so old and new are never both resident */
        free(rs->sp_rev);
        rs->sp_rev = NULL;
        rs->sp_revm = 0;
        void *p = malloc(m * rs->tw);
        if (!p) return gri_fail(err, GR_ENOMEM, "out of memory: reversed table of %s", rs->spec);
        rs->sp_rev = p;
        rs->sp_revm = m;
        rs->sp_revw = rs->tw;
        rs->sp_revlen = 0;
    }
    for (size_t i = rs->sp_revlen; i < len; i++) {
        size_t j = rs->sp_revm - 1 - i;
        gri_store_w(rs->sp_rev, rs->tw, j, gri_tab_at(rs, i));
    }
    rs->sp_revlen = len;
    return GR_OK;
}

static size_t find_range(const gr_ruleset *rs, size_t r, size_t lo, size_t hi, uint32_t v) {
    size_t off = rs->sp_revm - 1 - r; /* rev[off + a] = G(r - a) */
    switch (rs->tw) {
    case 1: return find_8((const uint8_t *)rs->tab, (const uint8_t *)rs->sp_rev + off, lo, hi, v);
    case 2: return find_16((const uint16_t *)rs->tab, (const uint16_t *)rs->sp_rev + off, lo, hi, v);
    default: return find_32((const uint32_t *)rs->tab, (const uint32_t *)rs->sp_rev + off, lo, hi, v);
    }
}

/* Is some split a + (r - a), 1 <= a <= top, worth v? The scan starts where
 * v's last witness was found and wraps around: the same split shape often
 * serves again, and the answer does not depend on the order. */
static int find_witness(gr_ruleset *rs, size_t r, int unequal, uint32_t v) {
    size_t top = unequal ? (r - 1) / 2 : r / 2;
    if (top < 1) return 0;
    size_t start = v < rs->sp_witn ? rs->sp_wit[v] : 1;
    if (start < 1 || start > top) start = 1;

    size_t a = find_range(rs, r, start, top + 1, v);
    if (!a && start > 1) a = find_range(rs, r, 1, start, v);
    if (a && v < rs->sp_witn) rs->sp_wit[v] = (uint32_t)a;
    return a != 0;
}

void gri_sp_start(gr_ruleset *rs) {
    /* the mask and domain flag with the fewest rare positions (the plain
     * form first; the domain form or the other class only when clearly
     * sparser) */
    uint32_t bits = 1;
    while (bits < 31 && (1u << bits) <= rs->tabmax) bits++;
    rs->sp_vbits = bits;
    if (bits > 12) bits = 12;
    uint32_t best = 1;
    unsigned bdom = 0, bflip = 0;
    size_t bestc = SIZE_MAX, best0 = SIZE_MAX;
    uint32_t *hist = calloc((size_t)rs->tabmax + 1, sizeof *hist);
    if (!hist) { rs->sp_on = -1; return; }
    /* counts by (value, parity of position) make each mask O(values) */
    uint32_t *hist1 = calloc((size_t)rs->tabmax + 1, sizeof *hist1);
    if (!hist1) { free(hist); rs->sp_on = -1; return; }
    for (size_t i = 0; i < rs->len; i++) {
        uint32_t v = gri_tab_at(rs, i);
        if (i & 1) hist1[v]++;
        else hist[v]++;
    }
    for (unsigned dom = 0; dom <= 1; dom++)
        for (uint32_t m = dom ? 0 : 1; m < (1u << bits); m++) {
            size_t c = 0;
            for (uint32_t v = 0; v <= rs->tabmax; v++)
                c += (size_t)hist[v] * (size_t)rare_at(v, m, dom, 0) + (size_t)hist1[v] * (size_t)rare_at(v, m, dom, 1);
            for (unsigned flip = 0; flip <= dom; flip++) {
                size_t cc = flip ? rs->len - c : c;
                if (!dom && !flip && cc < best0) best0 = cc;
                if (cc < bestc && ((!dom && !flip) || 2 * cc < best0)) { bestc = cc; best = m; bdom = dom; bflip = flip; }
            }
        }
    free(hist);
    free(hist1);
    rs->sp_mask = best;
    rs->sp_dom = bdom;
    rs->sp_flip = bflip;
    rs->sp_nrare = 0;
    for (size_t i = 0; i < rs->len; i++)
        if ((unsigned)rare_at(gri_tab_at(rs, i), best, bdom, i) != bflip) {
            if (!gri_grow((void **)&rs->sp_rare, &rs->sp_cap, rs->sp_nrare + 1, sizeof *rs->sp_rare)) { rs->sp_on = -1; return; }
            rs->sp_rare[rs->sp_nrare++] = (uint32_t)i;
        }
    rs->sp_upto = rs->len;
    rs->sp_on = 1;
}

gr_status gri_sp_next(gr_ruleset *rs, const uint64_t *single, size_t nsingle, const size_t *sums, size_t nsums,
                     int unequal, gr_error *err) {
    size_t n = rs->len;
    /* values appended by other means (gr_ruleset_seed) since the last call:
     * classify them, or choose the mask again if they are wider */
    for (size_t i = rs->sp_upto; i < n; i++) {
        uint32_t x = gri_tab_at(rs, i);
        if (x >> rs->sp_vbits) {
            gri_sp_start(rs);
            if (rs->sp_on != 1) return gri_fail(err, GR_ENOMEM, "out of memory: rare positions");
            break;
        }
        if ((unsigned)rare_at(x, rs->sp_mask, rs->sp_dom, i) != rs->sp_flip) {
            if (!gri_grow((void **)&rs->sp_rare, &rs->sp_cap, rs->sp_nrare + 1, sizeof *rs->sp_rare))
                return gri_fail(err, GR_ENOMEM, "out of memory: rare positions");
            rs->sp_rare[rs->sp_nrare++] = (uint32_t)i;
        }
        rs->sp_upto = i + 1;
    }
    gr_status st = sp_bits(rs, err);
    if (st == GR_OK) st = rev_sync(rs, err);
    if (st != GR_OK) return st;
    size_t witn = rs->sp_bused << 6;
    if (witn > rs->sp_witn) {
        uint32_t *w = realloc(rs->sp_wit, witn * sizeof *w);
        if (!w) return gri_fail(err, GR_ENOMEM, "out of memory");
        memset(w + rs->sp_witn, 0, (witn - rs->sp_witn) * sizeof *w);
        rs->sp_wit = w;
        rs->sp_witn = witn;
    }
    uint64_t *bits = rs->sp_bits;
    uint64_t lim = (uint64_t)rs->sp_bused << 6;
    for (size_t i = 0; i < nsingle; i++)
        if (single[i] < lim) bits[single[i] >> 6] |= (uint64_t)1 << (single[i] & 63);
    for (size_t k = 0; k < nsums; k++) {
        if (sums[k] < 2) continue;
        switch (rs->tw) {
        case 1: add_rare_8((const uint8_t *)rs->tab, rs->sp_rare, rs->sp_nrare, sums[k], unequal, bits, rs->sp_bused); break;
        case 2: add_rare_16((const uint16_t *)rs->tab, rs->sp_rare, rs->sp_nrare, sums[k], unequal, bits, rs->sp_bused); break;
        default: add_rare_32((const uint32_t *)rs->tab, rs->sp_rare, rs->sp_nrare, sums[k], unequal, bits, rs->sp_bused); break;
        }
    }
    uint32_t v = 0;
    for (;; v++) {
        /* the next value not found among single heaps and rare pairs */
        while (v < lim) {
            uint64_t free_bits = ~bits[v >> 6] >> (v & 63);
            if (free_bits) { v += (uint32_t)__builtin_ctzll(free_bits); break; }
            v = (v | 63) + 1;
        }
        /* for each split sum where v could also come from two common
         * parts, look for a witness */
        int found = 0;
        for (size_t k = 0; k < nsums && !found; k++) {
            size_t r = sums[k];
            if (r < 2 || !rare_at(v, rs->sp_mask, rs->sp_dom, r)) continue; /* every pair making v was scanned */
            found = find_witness(rs, r, unequal, v);
        }
        if (!found) break;
    }
    if ((st = gri_rs_push(rs, v, err)) != GR_OK) return st;
    if (v >> rs->sp_vbits) {
        /* the values outgrew the bits the mask was chosen over: choose
         * again over all of them (this also rebuilds the rare list) */
        gri_sp_start(rs);
        return rs->sp_on == 1 ? GR_OK : gri_fail(err, GR_ENOMEM, "out of memory: rare positions");
    }
    if ((unsigned)rare_at(v, rs->sp_mask, rs->sp_dom, n) != rs->sp_flip) {
        if (!gri_grow((void **)&rs->sp_rare, &rs->sp_cap, rs->sp_nrare + 1, sizeof *rs->sp_rare))
            return gri_fail(err, GR_ENOMEM, "out of memory: rare positions");
        rs->sp_rare[rs->sp_nrare++] = (uint32_t)n;
    }
    rs->sp_upto = n + 1;
    return GR_OK;
}

uint32_t gri_bits_mex(const uint64_t *bits, size_t words) {
    for (size_t i = 0; i < words; i++)
        if (~bits[i]) return (uint32_t)((i << 6) + (size_t)__builtin_ctzll(~bits[i]));
    return (uint32_t)(words << 6);
}

gr_status gri_sp_sums(gr_ruleset *rs, size_t k, gr_error *err) {
    if (k <= rs->sp_scap) return GR_OK;
    size_t *p = realloc(rs->sp_sums, k * sizeof *p);
    if (!p) return gri_fail(err, GR_ENOMEM, "out of memory");
    rs->sp_sums = p;
    rs->sp_scap = k;
    return GR_OK;
}
