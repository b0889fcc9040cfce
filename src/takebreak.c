/* Take-and-break games given by octal or hexadecimal codes d0.d1d2d3...
 * Digit d_k (k >= 1) says what may be left after removing k tokens from a
 * heap: bit 1 nothing, bit 2 one heap, bit 4 two non-empty heaps, bit 8
 * three non-empty heaps. d0 allows splitting with nothing removed (4: into
 * two, 8: into three). A trailing '!' repeats the last digit for ever.
 *
 * Values are computed by the definition: the mex over all splits. Two-way
 * splits cost O(n) per heap; three-way splits use, for each m, the set of
 * XORs G(a)^G(b) over a+b = m as a bitset, so a heap costs O(n * width). */
#include <stdlib.h>
#include <string.h>
#include "internal.h"

#define TB_MAX_DIGITS 256

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

gr_status gr_tb_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gr_buf *canon,
                      gr_error *err) {
    size_t i = 0;
    while (i < n && (p[i] == ' ' || p[i] == '\t')) i++;
    while (n > i && (p[n - 1] == ' ' || p[n - 1] == '\t')) n--;
    if (i >= n) return gr_fail_at(err, GR_EINVAL, line, col0 + i, "empty take-and-break code: expected e.g. 0.77");
    uint8_t d[TB_MAX_DIGITS];
    size_t nd = 0;
    int d0 = 0;
    if (p[i] != '.') {
        d0 = hexval(p[i]);
        if (d0 < 0) return gr_fail_at(err, GR_EPARSE, line, col0 + i, "bad digit '%c' in the code: digits are 0-9 and A-F", p[i]);
        if (d0 & 3)
            return gr_fail_at(err, GR_EINVAL, line, col0 + i,
                              "the digit before the point must be 0, 4, 8 or C (removing nothing may only split a heap)");
        i++;
    }
    if (i >= n || p[i] != '.')
        return gr_fail_at(err, GR_EPARSE, line, col0 + i, "expected '.' after the first digit of the code (e.g. 0.77)");
    i++;
    d[nd++] = (uint8_t)d0;
    int repeat = 0;
    while (i < n) {
        if (p[i] == '!') {
            if (i + 1 != n) return gr_fail_at(err, GR_EPARSE, line, col0 + i + 1, "'!' must end the code");
            if (nd < 2) return gr_fail_at(err, GR_EPARSE, line, col0 + i, "'!' needs a digit after the point to repeat");
            repeat = 1;
            i++;
            break;
        }
        int v = hexval(p[i]);
        if (v < 0) return gr_fail_at(err, GR_EPARSE, line, col0 + i, "bad digit '%c' in the code: digits are 0-9 and A-F", p[i]);
        if (nd >= TB_MAX_DIGITS) return gr_fail_at(err, GR_ELIMIT, line, col0 + i, "code longer than %d digits", TB_MAX_DIGITS - 1);
        d[nd++] = (uint8_t)v;
        i++;
    }
    /* a repeated 0 repeats nothing; trailing zeros remove nothing */
    if (repeat && d[nd - 1] == 0) repeat = 0;
    if (!repeat) while (nd > 1 && d[nd - 1] == 0) nd--;
    int any = 0;
    for (size_t k = 0; k < nd; k++) any |= d[k];
    if (!any) return gr_fail_at(err, GR_EINVAL, line, col0, "the code allows no move at all");
    rs->digit = malloc(nd);
    if (!rs->digit) return gr_fail(err, GR_ENOMEM, "out of memory");
    memcpy(rs->digit, d, nd);
    rs->ndigits = nd;
    rs->repeat = repeat;
    for (size_t k = 0; k < nd; k++) if (d[k] & 8) rs->split3 = 1;
    static const char HEX[] = "0123456789ABCDEF";
    char c = HEX[d[0]];
    gr_buf_put(canon, &c, 1);
    gr_buf_puts(canon, ".");
    if (nd == 1) gr_buf_puts(canon, "0");
    for (size_t k = 1; k < nd; k++) { c = HEX[d[k]]; gr_buf_put(canon, &c, 1); }
    if (repeat) gr_buf_puts(canon, "!");
    return GR_OK;
}

unsigned gr_tb_digit(const gr_ruleset *rs, uint64_t k) {
    if (k < rs->ndigits) return rs->digit[k];
    return rs->repeat ? rs->digit[rs->ndigits - 1] : 0;
}

uint64_t gr_tb_max_take(const gr_ruleset *rs) {
    return rs->repeat ? UINT64_MAX : (uint64_t)(rs->ndigits - 1);
}

static unsigned bitlen(uint64_t v) { return v ? 64u - (unsigned)__builtin_clzll(v) : 0u; }

static void p2_fill(gr_ruleset *rs, size_t m) {
    uint64_t *row = rs->p2 + m * rs->p2_words;
    memset(row, 0, rs->p2_words * sizeof *row);
    for (size_t a = 1; a + 1 <= m; a++) {
        uint32_t v = rs->tab[a] ^ rs->tab[m - a];
        row[v >> 6] |= (uint64_t)1 << (v & 63);
    }
}

/* Makes p2 rows 0..upto-1 available, wide enough for the current values. */
static gr_status p2_ensure(gr_ruleset *rs, size_t upto, gr_error *err) {
    size_t words = ((size_t)1 << bitlen(rs->tabmax)) / 64 + 1;
    size_t from = rs->p2_len;
    if (words > rs->p2_words) { rs->p2_words = words; from = 0; rs->p2_cap = 0; free(rs->p2); rs->p2 = NULL; }
    if (upto <= from) return GR_OK;
    if (upto > ((size_t)1 << 27) / rs->p2_words)
        return gr_fail(err, GR_ELIMIT, "%s: the three-way split table would exceed 1 GiB at heap %zu", rs->spec, upto);
    if (upto > SIZE_MAX / sizeof(uint64_t) / rs->p2_words ||
        !gr_grow((void **)&rs->p2, &rs->p2_cap, upto * rs->p2_words, sizeof *rs->p2))
        return gr_fail(err, GR_ENOMEM, "out of memory: pair table of %s", rs->spec);
    for (size_t m = from; m < upto; m++) p2_fill(rs, m);
    rs->p2_len = upto;
    return GR_OK;
}

/* ---- the sparse-space method ----
 * For a mask m, call a value rare when popcount(v & m) is even and common
 * when odd. The XOR of two values is common exactly when one of them is rare
 * and the other common. So every common value among the split options of a
 * heap comes from a pair with a rare part: scanning the (few) rare
 * positions finds them all. The mex is then the least value that is not
 * found, except that a rare candidate may still come from two common parts:
 * for those a witness is searched over all splits, and a rare answer (rare by
 * the choice of mask) is the only case that costs a full scan. The values
 * are exactly those of the definition, whatever the mask; the mask is chosen
 * from the values so far to make rare positions few. */

/* A position n is rare when parity(G(n) & mask) ^ (dom & n) is 0: with
 * dom = 1 the class also depends on the position's parity (the sparse space
 * "in the domain"). For a split a + b = m the classes add up to
 * parity((G(a) ^ G(b)) & mask) ^ (dom & m), so a value x with
 * parity(x & mask) ^ (dom & m) = 1 comes only from a rare and a common part. */
static int rare_at(uint32_t v, uint32_t mask, unsigned dom, size_t n) {
    return !((__builtin_popcount(v & mask) ^ (dom & n)) & 1);
}

static void sp_start(gr_ruleset *rs) {
    rs->sp_on = -1;
    if (rs->repeat || rs->split3) return;
    int splits = 0;
    for (size_t k = 0; k < rs->ndigits; k++) if (rs->digit[k] & 4) splits = 1;
    if (!splits) return;
    /* the mask and domain flag with the fewest rare positions in the second
     * half of the table (the start may be irregular) */
    uint32_t bits = 1;
    while (bits < 31 && (1u << bits) <= rs->tabmax) bits++;
    if (bits > 8) bits = 8;
    uint32_t best = 1;
    unsigned bdom = 0, bflip = 0;
    size_t bestc = SIZE_MAX, best0 = SIZE_MAX;
    for (unsigned dom = 0; dom <= 1; dom++)
        for (uint32_t m = dom ? 0 : 1; m < (1u << bits); m++) {
            size_t c = 0;
            for (size_t i = 0; i < rs->len; i++) c += rare_at(rs->tab[i], m, dom, i);
            /* either class can be the one scanned (every pair that makes a
             * common-type value has one position of each); the plain form
             * first, the domain form or the other class only when clearly
             * sparser */
            for (unsigned flip = 0; flip <= dom; flip++) {
                size_t cc = flip ? rs->len - c : c;
                if (!dom && !flip && cc < best0) best0 = cc;
                if (cc < bestc && ((!dom && !flip) || 2 * cc < best0)) { bestc = cc; best = m; bdom = dom; bflip = flip; }
            }
        }
    rs->sp_mask = best;
    rs->sp_dom = bdom;
    rs->sp_flip = bflip;
    rs->sp_nrare = 0;
    for (size_t i = 0; i < rs->len; i++)
        if ((unsigned)rare_at(rs->tab[i], best, bdom, i) != bflip) {
            if (!gr_grow((void **)&rs->sp_rare, &rs->sp_cap, rs->sp_nrare + 1, sizeof *rs->sp_rare)) { rs->sp_on = -1; return; }
            rs->sp_rare[rs->sp_nrare++] = (uint32_t)i;
        }
    rs->sp_on = 1;
}

static gr_status sp_next(gr_ruleset *rs, gr_error *err) {
    size_t n = rs->len;
    const uint32_t *g = rs->tab;
    gr_mexset *ms = &rs->mex;
    gr_mexset_clear(ms);
    gr_status st = GR_OK;
    size_t kmax = rs->ndigits - 1 < n ? rs->ndigits - 1 : n;
    for (size_t k = 0; k <= kmax && st == GR_OK; k++) {
        unsigned d = rs->digit[k];
        if (!d) continue;
        size_t r = n - k;
        if ((d & 1) && r == 0 && k > 0) st = gr_mexset_add(ms, 0);
        if (st == GR_OK && (d & 2) && r >= 1 && k > 0) st = gr_mexset_add(ms, g[r]);
        if ((d & 4) && r >= 2)
            for (size_t i = 0; i < rs->sp_nrare && rs->sp_rare[i] < r && st == GR_OK; i++) {
                size_t a = rs->sp_rare[i];
                if (a >= 1) st = gr_mexset_add(ms, g[a] ^ g[r - a]);
            }
    }
    if (st != GR_OK) return gr_fail(err, GR_ENOMEM, "out of memory computing mex");
    uint32_t v = 0;
    for (;; v++) {
        if (v < ((uint64_t)ms->used << 6) && (ms->words[v >> 6] >> (v & 63) & 1)) continue;
        /* not found among single heaps and rare pairs: for each split sum
         * where v could also come from two common parts, look for a witness */
        int found = 0;
        for (size_t k = 0; k <= kmax && !found; k++) {
            if (!(rs->digit[k] & 4) || n - k < 2) continue;
            size_t r = n - k;
            if (!rare_at(v, rs->sp_mask, rs->sp_dom, r)) continue; /* every pair making v was scanned */
            for (size_t a = 1; a <= r / 2; a++)
                if ((g[a] ^ g[r - a]) == v) { found = 1; break; }
        }
        if (!found) break;
    }
    if ((st = gr_rs_push(rs, v, err)) != GR_OK) return st;
    if ((unsigned)rare_at(v, rs->sp_mask, rs->sp_dom, n) != rs->sp_flip) {
        if (!gr_grow((void **)&rs->sp_rare, &rs->sp_cap, rs->sp_nrare + 1, sizeof *rs->sp_rare))
            return gr_fail(err, GR_ENOMEM, "out of memory: rare positions");
        rs->sp_rare[rs->sp_nrare++] = (uint32_t)n;
    }
    return GR_OK;
}

gr_status gr_tb_next(gr_ruleset *rs, gr_error *err) {
    size_t n = rs->len;
    gr_status st;
    if (rs->sp_on == 0 && n >= gr_ctx_sparse_start_of(rs->ctx) && n < UINT32_MAX) sp_start(rs);
    if (rs->sp_on == 1) return sp_next(rs, err);
    if (rs->split3 && n >= 1 && (st = p2_ensure(rs, n, err)) != GR_OK) return st;
    gr_mexset *ms = &rs->mex;
    gr_mexset_clear(ms);
    uint64_t kmax = rs->repeat ? n : rs->ndigits - 1;
    if (kmax > n) kmax = n;
    const uint32_t *g = rs->tab;
    for (uint64_t k = 0; k <= kmax; k++) {
        unsigned d = gr_tb_digit(rs, k);
        if (!d) continue;
        size_t r = n - (size_t)k;
        if ((d & 1) && r == 0 && k > 0) st = gr_mexset_add(ms, 0);
        else st = GR_OK;
        if (st == GR_OK && (d & 2) && r >= 1 && k > 0) st = gr_mexset_add(ms, g[r]);
        if ((d & 4) && r >= 2)
            for (size_t a = 1; a <= r / 2 && st == GR_OK; a++) st = gr_mexset_add(ms, g[a] ^ g[r - a]);
        if ((d & 8) && r >= 3)
            for (size_t a = 1; a + 2 <= r && st == GR_OK; a++) {
                const uint64_t *row = rs->p2 + (r - a) * rs->p2_words;
                for (size_t w = 0; w < rs->p2_words && st == GR_OK; w++) {
                    uint64_t bits = row[w];
                    while (bits && st == GR_OK) {
                        uint64_t x = (uint64_t)w * 64 + (uint64_t)__builtin_ctzll(bits);
                        bits &= bits - 1;
                        st = gr_mexset_add(ms, g[a] ^ x);
                    }
                }
            }
        if (st != GR_OK) return gr_fail(err, GR_ENOMEM, "out of memory computing mex");
    }
    return gr_rs_push(rs, gr_mexset_mex(ms), err);
}

void gr_tb_options(const gr_ruleset *rs, uint64_t n, gr_optiter *it) {
    uint64_t kmax = rs->repeat ? n : rs->ndigits - 1;
    if (kmax > n) kmax = n;
    unsigned last = rs->digit[rs->ndigits - 1];
    for (uint64_t k = 0;; k++) {
        if (k > kmax) break;
        /* a repeated digit that only takes a whole heap acts at k = n alone */
        if (rs->repeat && last == 1 && k >= rs->ndigits && k < n) k = n;
        unsigned d = gr_tb_digit(rs, k);
        if (!d) continue;
        uint64_t r = n - k, h[3];
        if ((d & 1) && r == 0 && k > 0 && gr_optiter_emit(it, h, 0)) return;
        if ((d & 2) && r >= 1 && k > 0) { h[0] = r; if (gr_optiter_emit(it, h, 1)) return; }
        uint64_t cap = it->split_cap ? it->split_cap : UINT64_MAX;
        if ((d & 4) && r >= 2) {
            if (r / 2 > cap) it->cut = 1;
            for (uint64_t a = 1; a <= r / 2 && a <= cap; a++) {
                h[0] = a; h[1] = r - a;
                if (gr_optiter_emit(it, h, 2)) return;
            }
        }
        if ((d & 8) && r >= 3) {
            if (r / 3 > cap) it->cut = 1;
            for (uint64_t a = 1; a <= r / 3 && a <= cap; a++)
                for (uint64_t b = a; b <= (r - a) / 2 && b <= cap; b++) {
                    h[0] = a; h[1] = b; h[2] = r - a - b;
                    if (gr_optiter_emit(it, h, 3)) return;
                }
        }
        if (k == kmax) break; /* kmax may be UINT64_MAX */
    }
}
