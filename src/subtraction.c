/* Finite subtraction games sub[S]: a move removes s tokens for some s in S.
 * G(n) = mex { G(n-s) : s in S, s <= n }. The set is parsed from a list of
 * numbers and ranges (sub[2,5..7]) and written back sorted, with runs of
 * three or more as ranges. */
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "context_internal.h"

#define SUB_MAX_ELEMENTS ((uint64_t)1 << 20)

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void skip_ws(const char *p, size_t n, size_t *i) {
    while (*i < n && (p[*i] == ' ' || p[*i] == '\t')) (*i)++;
}

static gr_status number(const char *p, size_t n, size_t *i, size_t line, size_t col0, uint64_t *v,
                        gr_error *err) {
    size_t ep = 0;
    gr_status st = gr_parse_u64(p, n, i, v, &ep);
    if (st == GR_ERANGE)
        return gr_fail_at(err, st, line, col0 + ep, "number does not fit in 64 bits");
    if (st != GR_OK) {
        if (ep < n && p[ep] == '-')
            return gr_fail_at(err, GR_ERANGE, line, col0 + ep, "negative numbers are not allowed in a subtraction set");
        if (ep >= n) return gr_fail_at(err, st, line, col0 + ep, "expected a number");
        return gr_fail_at(err, st, line, col0 + ep, "expected a number, found '%c'", p[ep]);
    }
    return GR_OK;
}

gr_status gr_sub_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gr_buf *canon,
                       gr_error *err) {
    size_t i = 0, cap = 0;
    uint64_t *set = NULL;
    size_t cnt = 0;
    gr_status st = GR_OK;
    skip_ws(p, n, &i);
    if (i >= n) {
        st = gr_fail_at(err, GR_EINVAL, line, col0 + i, "empty subtraction set: give at least one positive number");
        goto out;
    }
    for (;;) {
        skip_ws(p, n, &i);
        size_t at = i;
        uint64_t a, b;
        if ((st = number(p, n, &i, line, col0, &a, err)) != GR_OK) goto out;
        b = a;
        skip_ws(p, n, &i);
        if (i + 1 < n && p[i] == '.' && p[i + 1] == '.') {
            i += 2;
            skip_ws(p, n, &i);
            if ((st = number(p, n, &i, line, col0, &b, err)) != GR_OK) goto out;
            if (b < a) {
                st = gr_fail_at(err, GR_EINVAL, line, col0 + at, "empty range %llu..%llu in the subtraction set",
                                (unsigned long long)a, (unsigned long long)b);
                goto out;
            }
        }
        if (a == 0) {
            st = gr_fail_at(err, GR_EINVAL, line, col0 + at,
                            "0 is not allowed in a subtraction set: a move must take at least one token");
            goto out;
        }
        if (b - a >= SUB_MAX_ELEMENTS || cnt + (b - a) + 1 > SUB_MAX_ELEMENTS) {
            st = gr_fail_at(err, GR_ELIMIT, line, col0 + at, "subtraction set has more than %llu elements",
                            (unsigned long long)SUB_MAX_ELEMENTS);
            goto out;
        }
        for (uint64_t x = a;; x++) {
            if (!gr_grow((void **)&set, &cap, cnt + 1, sizeof *set)) { st = gr_fail(err, GR_ENOMEM, "out of memory"); goto out; }
            set[cnt++] = x;
            if (x == b) break;
        }
        skip_ws(p, n, &i);
        if (i >= n) break;
        if (p[i] != ',') {
            st = gr_fail_at(err, GR_EPARSE, line, col0 + i, "expected ',' or ']' in the subtraction set, found '%c'", p[i]);
            goto out;
        }
        i++;
    }
    qsort(set, cnt, sizeof *set, cmp_u64);
    size_t m = 0;
    for (size_t k = 0; k < cnt; k++)
        if (!m || set[m - 1] != set[k]) set[m++] = set[k];
    rs->sub = set;
    rs->nsub = m;
    set = NULL;
    for (size_t k = 0; k < m;) {
        size_t j = k;
        while (j + 1 < m && rs->sub[j + 1] == rs->sub[j] + 1) j++;
        if (k) gr_buf_puts(canon, ",");
        gr_buf_u64(canon, rs->sub[k]);
        if (j >= k + 2) { gr_buf_puts(canon, ".."); gr_buf_u64(canon, rs->sub[j]); k = j + 1; }
        else k++;
    }
out:
    free(set);
    return st;
}

gr_status gr_sub_next(gr_ruleset *rs, gr_error *err) {
    uint64_t n = rs->len;
    /* at most nsub options, so values above nsub cannot be the mex */
    uint64_t seen[4] = {0, 0, 0, 0};
    uint64_t *big = NULL;
    size_t words = rs->nsub / 64 + 1;
    uint64_t *bits = seen;
    if (words > 4) {
        big = calloc(words, sizeof *big);
        if (!big) return gr_fail(err, GR_ENOMEM, "out of memory");
        bits = big;
    }
    for (size_t k = 0; k < rs->nsub && rs->sub[k] <= n; k++) {
        uint32_t v = rs->tab[n - rs->sub[k]];
        if (v <= rs->nsub) bits[v >> 6] |= (uint64_t)1 << (v & 63);
    }
    uint64_t m = 0;
    while (bits[m >> 6] >> (m & 63) & 1) m++;
    free(big);
    return gr_rs_push(rs, m, err);
}

void gr_sub_options(const gr_ruleset *rs, uint64_t n, gr_optiter *it) {
    for (size_t k = 0; k < rs->nsub && rs->sub[k] <= n; k++) {
        uint64_t h = n - rs->sub[k];
        if (gr_optiter_emit(it, &h, h ? 1 : 0)) return;
    }
}

/* bash[p,q]: two numbers 1 <= p <= q. */
gr_status gr_bash_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gr_buf *canon,
                        gr_error *err) {
    size_t i = 0;
    uint64_t v[2];
    for (int k = 0; k < 2; k++) {
        skip_ws(p, n, &i);
        size_t at = i;
        gr_status st = number(p, n, &i, line, col0, &v[k], err);
        if (st != GR_OK) return st;
        if (v[k] == 0) return gr_fail_at(err, GR_EINVAL, line, col0 + at, "bash[p,q] needs p >= 1: a move takes at least one token");
        skip_ws(p, n, &i);
        if (k == 0) {
            if (i >= n || p[i] != ',') return gr_fail_at(err, GR_EPARSE, line, col0 + i, "expected ',' between p and q in bash[p,q]");
            i++;
        }
    }
    if (i < n) return gr_fail_at(err, GR_EPARSE, line, col0 + i, "bash[p,q] takes two numbers");
    if (v[1] < v[0]) return gr_fail_at(err, GR_EINVAL, line, col0, "bash[p,q] needs p <= q");
    rs->bash_p = v[0];
    rs->bash_q = v[1];
    gr_buf_u64(canon, v[0]);
    gr_buf_puts(canon, ",");
    gr_buf_u64(canon, v[1]);
    return GR_OK;
}
