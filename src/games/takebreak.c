/* Take-and-break games given by octal or hexadecimal codes d0.d1d2d3...
 * Digit d_k (k >= 1) says what may be left after removing k tokens from a
 * heap: bit 1 nothing, bit 2 one heap, bit 4 two non-empty heaps, bit 8
 * three non-empty heaps. d0 allows splitting with nothing removed (4: into
 * two, 8: into three). A trailing '!' repeats the last digit for ever.
 *
 * Values are computed by the definition: the mex over all splits. Two-way
 * splits cost O(n) per heap (or much less by the sparse-space method,
 * sparse.c); three-way splits use, for each m, the set of XORs G(a)^G(b)
 * over a+b = m as a bitset, translated word-wise (split3.c), so a heap
 * costs O(n * width / 3) word operations. */
#include <stdlib.h>
#include <string.h>
#include "core/family.h"
#include "core/tbcode.h"
#include "core/sparse.h"
#include "core/split3.h"
#include "core/provers.h"

typedef struct tb_data {
    /* digit[k] for removing k tokens, k = 0..ndigits-1; when repeat, digit
     * k >= ndigits is digit[ndigits-1] */
    uint8_t *digit;
    size_t ndigits;
    int repeat;
    int split3;               /* some digit allows three heaps */
    gri_split3 s3;            /* their pair rows (split3.c) */
} tb_data;

static int hexval(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static gr_status tb_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gri_buf *canon,
                      gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t i = 0;
    while (i < n && (p[i] == ' ' || p[i] == '\t')) i++;
    while (n > i && (p[n - 1] == ' ' || p[n - 1] == '\t')) n--;
    if (i >= n) return gri_fail_at(err, GR_EINVAL, line, col0 + i, "empty take-and-break code: expected e.g. 0.77");
    uint8_t d[TB_MAX_DIGITS];
    size_t nd = 0;
    int d0 = 0;
    if (p[i] != '.') {
        d0 = hexval(p[i]);
        if (d0 < 0) return gri_fail_at(err, GR_EPARSE, line, col0 + i, "bad digit '%c' in the code: digits are 0-9 and A-F", p[i]);
        if (d0 & 3)
            return gri_fail_at(err, GR_EINVAL, line, col0 + i,
                              "the digit before the point must be 0, 4, 8 or C (removing nothing may only split a heap)");
        i++;
    }
    if (i >= n || p[i] != '.')
        return gri_fail_at(err, GR_EPARSE, line, col0 + i, "expected '.' after the first digit of the code (e.g. 0.77)");
    i++;
    d[nd++] = (uint8_t)d0;
    int repeat = 0;
    while (i < n) {
        if (p[i] == '!') {
            if (i + 1 != n) return gri_fail_at(err, GR_EPARSE, line, col0 + i + 1, "'!' must end the code");
            if (nd < 2) return gri_fail_at(err, GR_EPARSE, line, col0 + i, "'!' needs a digit after the point to repeat");
            repeat = 1;
            i++;
            break;
        }
        int v = hexval(p[i]);
        if (v < 0) return gri_fail_at(err, GR_EPARSE, line, col0 + i, "bad digit '%c' in the code: digits are 0-9 and A-F", p[i]);
        if (nd >= TB_MAX_DIGITS) return gri_fail_at(err, GR_ELIMIT, line, col0 + i, "code longer than %d digits", TB_MAX_DIGITS - 1);
        d[nd++] = (uint8_t)v;
        i++;
    }
    /* a repeated 0 repeats nothing; trailing zeros remove nothing */
    if (repeat && d[nd - 1] == 0) repeat = 0;
    if (!repeat) while (nd > 1 && d[nd - 1] == 0) nd--;
    int any = 0;
    for (size_t k = 0; k < nd; k++) any |= d[k];
    if (!any) return gri_fail_at(err, GR_EINVAL, line, col0, "the code allows no move at all");
    tb_data *td = gri_calloc(al, 1, sizeof *td);
    if (!td || !(td->digit = gri_malloc(al, nd))) { gri_free(al, td); return gri_fail(err, GR_ENOMEM, "out of memory"); }
    memcpy(td->digit, d, nd);
    td->ndigits = nd;
    td->repeat = repeat;
    for (size_t k = 0; k < nd; k++) if (d[k] & TB_LEAVE_THREE) td->split3 = 1;
    rs->data = td;
    static const char HEX[] = "0123456789ABCDEF";
    char c = HEX[d[0]];
    gri_buf_put(canon, &c, 1);
    gri_buf_puts(canon, ".");
    if (nd == 1) gri_buf_puts(canon, "0");
    for (size_t k = 1; k < nd; k++) { c = HEX[d[k]]; gri_buf_put(canon, &c, 1); }
    if (repeat) gri_buf_puts(canon, "!");
    return GR_OK;
}

static void tb_free(gr_ruleset *rs) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    tb_data *td = rs->data;
    if (!td) return;
    gri_free(al, td->digit);
    gri_split3_free(&td->s3);
    gri_free(al, td);
}

static unsigned digit_at(const tb_data *td, uint64_t k) {
    if (k < td->ndigits) return td->digit[k];
    return td->repeat ? td->digit[td->ndigits - 1] : 0;
}

static uint64_t tb_max_take(const gr_ruleset *rs) {
    const tb_data *td = rs->data;
    return td->repeat ? UINT64_MAX : (uint64_t)(td->ndigits - 1);
}

static int tb_splits(const gr_ruleset *rs) {
    const tb_data *td = rs->data;
    for (size_t k = 0; k < td->ndigits; k++)
        if (td->digit[k] & (TB_LEAVE_TWO | TB_LEAVE_THREE)) return 1;
    return 0;
}


/* The sparse-space method (sparse.c) takes finite codes that split into at
 * most two heaps. */
static int sp_applies(const tb_data *td) {
    if (td->repeat || td->split3) return 0;
    for (size_t k = 0; k < td->ndigits; k++) if (td->digit[k] & TB_LEAVE_TWO) return 1;
    return 0;
}

/* the parities of the removals that split in two (bit 0 even, bit 1 odd) */
static unsigned split_parities(const tb_data *td) {
    unsigned seen = 0;
    for (size_t k = 0; k < td->ndigits; k++)
        if (td->digit[k] & TB_LEAVE_TWO) seen |= 1u << (k & 1);
    return seen;
}

static uint64_t tb_window_rules(const gr_ruleset *rs, gri_win_rules *wr) {
    const tb_data *td = rs->data;
    if (!sp_applies(td)) return 0;
    wr->none = wr->ntwo = 0;
    wr->unequal = 0;
    for (size_t k = 0; k < td->ndigits; k++) {
        if (k && (td->digit[k] & TB_LEAVE_ONE)) wr->one[wr->none++] = k;
        if (td->digit[k] & TB_LEAVE_TWO) wr->two[wr->ntwo++] = k;
    }
    /* past the longest removal, no move takes a whole heap and every
     * removal leaves at least one token; splits need n - k >= 2 */
    return td->ndigits + 1;
}

static gr_status tb_next(gr_ruleset *rs, gr_error *err) {
    tb_data *td = rs->data;
    size_t n = rs->len;
    gr_status st;
    if (rs->sp.on == 0 && n >= gri_ctx_sparse_start_of(rs->ctx) && n < UINT32_MAX) {
        if (sp_applies(td)) gri_sp_start(rs, split_parities(td));
        else rs->sp.on = -1;
    }
    uint64_t kmax = td->repeat ? n : td->ndigits - 1;
    if (kmax > n) kmax = n;
    /* the heap totals that split in two */
    if ((st = gri_sp_sums(rs, (size_t)kmax + 1, err)) != GR_OK) return st;
    size_t nsums = 0;
    for (uint64_t k = 0; k <= kmax; k++)
        if ((digit_at(td, k) & TB_LEAVE_TWO) && n - k >= 2) rs->sp.sums[nsums++] = n - (size_t)k;
    if (rs->sp.on == 1) {
        /* a finite code (sp_applies), so at most TB_MAX_DIGITS single-heap
         * options; "take the whole heap" needs n = k, below the sparse start */
        uint64_t single[TB_MAX_DIGITS];
        size_t nsingle = 0;
        for (uint64_t k = 1; k <= kmax; k++) {
            unsigned d = td->digit[k];
            if ((d & TB_LEAVE_NONE) && n == k) single[nsingle++] = 0;
            else if ((d & TB_LEAVE_ONE) && n > k) single[nsingle++] = gri_tab_at(rs, n - (size_t)k);
        }
        return gri_sp_next(rs, single, nsingle, rs->sp.sums, nsums, 0, err);
    }
    if (td->split3 && n >= 1 && (st = gri_split3_ensure(rs, &td->s3, n, err)) != GR_OK) return st;
    uint64_t *bits;
    size_t words;
    if ((st = gri_split_options(rs, rs->sp.sums, nsums, 0, &bits, &words, err)) != GR_OK) return st;
    uint64_t lim = (uint64_t)words << 6;
    for (uint64_t k = 0; k <= kmax; k++) {
        unsigned d = digit_at(td, k);
        if (!d) continue;
        size_t r = n - (size_t)k;
        if (k > 0 && (d & TB_LEAVE_NONE) && r == 0) bits[0] |= 1;
        if (k > 0 && (d & TB_LEAVE_ONE) && r >= 1) {
            uint32_t v = gri_tab_at(rs, r);
            if (v < lim) bits[v >> 6] |= (uint64_t)1 << (v & 63);
        }
    }
    if (td->split3) {
        /* three-way splits: first only the values up to just past the
         * table's largest, where the mex nearly always is; all of them when
         * every one of those is an option */
        for (int full = 0; full < 2; full++) {
            size_t upto = full ? SIZE_MAX : (size_t)rs->tabmax + 64;
            for (uint64_t k = 0; k <= kmax; k++)
                if ((digit_at(td, k) & TB_LEAVE_THREE) && n - k >= 3) gri_split3_options(rs, &td->s3, n - (size_t)k, bits, upto);
            uint32_t m = gri_bits_mex(bits, words);
            if (m < upto) return gri_rs_push(rs, m, err);
            rs->sp.s3_full++;
        }
    }
    return gri_rs_push(rs, gri_bits_mex(bits, words), err);
}

static void tb_options(const gr_ruleset *rs, uint64_t n, gri_optiter *it) {
    const tb_data *td = rs->data;
    uint64_t kmax = td->repeat ? n : td->ndigits - 1;
    if (kmax > n) kmax = n;
    unsigned last = td->digit[td->ndigits - 1];
    for (uint64_t k = 0;; k++) {
        if (k > kmax) break;
        /* a repeated digit that only takes a whole heap acts at k = n alone */
        if (td->repeat && last == 1 && k >= td->ndigits && k < n) k = n;
        unsigned d = digit_at(td, k);
        if (!d) continue;
        uint64_t r = n - k, h[3];
        if ((d & TB_LEAVE_NONE) && r == 0 && k > 0 && gri_optiter_emit(it, h, 0)) return;
        if ((d & TB_LEAVE_ONE) && r >= 1 && k > 0) { h[0] = r; if (gri_optiter_emit(it, h, 1)) return; }
        uint64_t cap = it->split_cap ? it->split_cap : UINT64_MAX;
        if ((d & TB_LEAVE_TWO) && r >= 2) {
            if (r / 2 > cap) it->cut = 1;
            for (uint64_t a = 1; a <= r / 2 && a <= cap; a++) {
                h[0] = a; h[1] = r - a;
                if (gri_optiter_emit(it, h, 2)) return;
            }
        }
        if ((d & TB_LEAVE_THREE) && r >= 3) {
            if (r / 3 > cap) it->cut = 1;
            for (uint64_t a = 1; a <= r / 3 && a <= cap; a++)
                for (uint64_t b = a; b <= (r - a) / 2 && b <= cap; b++) {
                    h[0] = a; h[1] = b; h[2] = r - a - b;
                    if (gri_optiter_emit(it, h, 3)) return;
                }
        }
        if (k == kmax) break; /* kmax may be UINT64_MAX */
    }
}

/* the digit of the number of tokens the move removes allows the number of
 * heaps it leaves (removing none only splits) */
static int tb_is_option(const gr_ruleset *rs, uint64_t n, const uint64_t *parts, size_t k, int *yes) {
    static const unsigned leave[4] = {TB_LEAVE_NONE, TB_LEAVE_ONE, TB_LEAVE_TWO, TB_LEAVE_THREE};
    uint64_t left = n;
    *yes = 0;
    if (k > 3) return 1;
    for (size_t i = 0; i < k; i++) {
        if (parts[i] > left) return 1;
        left -= parts[i];
    }
    /* left = the tokens removed (d0, for none, only splits: the parser refuses 1 and 2 there) */
    *yes = (digit_at(rs->data, left) & leave[k]) != 0;
    return 1;
}

/* ---- closed forms, each proved against the brute force in tests/test_closed.c:
 *   lasker    tb[4.3!]: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3
 *   tb[8.3!]  take any number or split into three: G(8k+7) = 8k+8,
 *             G(8k+8) = 8k+7, G(n) = n otherwise ---- */

/* 4 for Lasker's Nim, 8 for tb[8.3!], 0 for other codes */
static uint64_t closed_modulus(const tb_data *td) {
    if (!td->repeat || td->ndigits != 2 || td->digit[1] != 3) return 0;
    return td->digit[0] == 4 ? 4 : td->digit[0] == 8 ? 8 : 0;
}

static int tb_closed_form(const gr_ruleset *rs, uint64_t n, uint64_t *value) {
    uint64_t m = closed_modulus(rs->data);
    if (!m) return 0;
    uint64_t r = n % m;
    *value = n == 0 ? 0 : r == m - 1 ? n + 1 : r == 0 ? n - 1 : n;
    return n != UINT64_MAX || r != m - 1;  /* n + 1 would wrap */
}

/* the heap whose value is w */
static uint64_t closed_inverse(uint64_t w, uint64_t m) {
    if (w == 0) return 0;
    uint64_t r = w % m;
    if (r == m - 1) return w + 1;
    if (r == 0) return w - 1;
    return w;
}

static int tb_moves_to(const gr_ruleset *rs, uint64_t n, uint64_t want, gri_optiter *it, int *complete) {
    uint64_t mod = closed_modulus(rs->data), h[3] = {0, 0, 0};
    *complete = 1;
    if (!mod) return 0;
    /* takes: the one heap m < n of value want */
    uint64_t m = closed_inverse(want, mod);
    if (m < n) { h[0] = m; if (gri_optiter_emit(it, h, m ? 1 : 0)) { *complete = 0; return 1; } }
    /* splits: a few with a small part; the rest are not listed */
    *complete = 0;
    for (uint64_t a = 1; a <= 64 && 2 * a <= n; a++) {
        uint64_t ga = 0, gb;
        tb_closed_form(rs, a, &ga);
        if (mod == 4) {
            if (!tb_closed_form(rs, n - a, &gb)) continue;
            if ((ga ^ gb) == want) { h[0] = a; h[1] = n - a; if (gri_optiter_emit(it, h, 2)) return 1; }
        } else {
            for (uint64_t b = a; b <= 64 && a + b < n; b++) {
                uint64_t gc, gbb = 0;
                tb_closed_form(rs, b, &gbb);
                if (!tb_closed_form(rs, n - a - b, &gc)) continue;
                if ((ga ^ gbb ^ gc) == want) { h[0] = a; h[1] = b; h[2] = n - a - b; if (gri_optiter_emit(it, h, 3)) return 1; }
            }
        }
    }
    return 1;
}

/* ---- periodicity ---- */

static int tb_period_rule(const gr_ruleset *rs, gr_period_rule *rule, uint64_t *t) {
    const tb_data *td = rs->data;
    if (td->repeat) {
        /* never splits, and the repeating digit leaves one heap */
        if (td->digit[0]) return 0; /* d0 splits without removing */
        for (size_t k = 1; k < td->ndigits; k++) if (td->digit[k] & ~(unsigned)(TB_LEAVE_NONE | TB_LEAVE_ONE)) return 0;
        if (!(td->digit[td->ndigits - 1] & TB_LEAVE_ONE)) return 0;
        *rule = GR_PERIOD_ALLBUT;
        *t = UINT64_MAX;
        return 1;
    }
    int split2 = 0;
    for (size_t k = 0; k < td->ndigits; k++) if (td->digit[k] & TB_LEAVE_TWO) split2 = 1;
    *rule = td->split3 ? GR_PERIOD_SPLIT3 : split2 ? GR_PERIOD_SPLIT2 : GR_PERIOD_NOSPLIT;
    *t = tb_max_take(rs);
    return 1;
}

/* all-but codes (docs/theory.md "Arithmetic periodicity"), and finite codes that
 * split (hexadecimal games, "Arithmetic periodicity of splitting codes") */
static int tb_prove_arith(const gr_ruleset *rs, gr_period_rule rule, uint64_t *pre, uint64_t *per, uint64_t *saltus,
                          uint64_t *used) {
    const tb_data *td = rs->data;
    if (rule == GR_PERIOD_ALLBUT) {
        *used = rs->len;
        return gri_arith_prove_w(gri_ctx_alloc(rs->ctx), rs->tab, rs->tw, rs->len, td->digit, td->ndigits, pre, per, saltus);
    }
    if (rule == GR_PERIOD_NOSPLIT) return 0;
    return gri_hex_arith_prove_w(gri_ctx_alloc(rs->ctx), rs->tab, rs->tw, rs->len, td->digit, td->ndigits, pre, per, saltus, used);
}

const gri_family gri_family_tb = {
    .name = "tb",
    .flags = GR_FAM_HEAP | GR_FAM_PARAMS_REQUIRED,
    .formula = "Lasker's nim form: G(n) = n, except G(n) = n + 1 when n = -1 and G(n) = n - 1 when n = 0 modulo m (m = 4 for Lasker's nim)",
    .example = "tb[0.77]",
    .parse = tb_parse,
    .free = tb_free,
    .splits = tb_splits,
    .next = tb_next,
    .window_rules = tb_window_rules,
    .options = tb_options,
    .is_option = tb_is_option,
    .closed_form = tb_closed_form,
    .moves_to = tb_moves_to,
    .max_take = tb_max_take,
    .period_rule = tb_period_rule,
    .prove_arith = tb_prove_arith,
};
