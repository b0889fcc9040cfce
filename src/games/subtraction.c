/* Finite subtraction games sub[S]: a move removes s tokens for some s in S.
 * G(n) = mex { G(n-s) : s in S, s <= n }. The set is parsed from a list of
 * numbers and ranges (sub[2,5..7]) and written back sorted, with runs of
 * three or more as ranges. */
#include <stdlib.h>
#include <string.h>
#include "core/family.h"
#include "lang/lex.h"

#define SUB_MAX_ELEMENTS ((uint64_t)1 << 20)

typedef struct sub_data {
    uint64_t *sub;            /* the set: sorted, distinct, all >= 1 */
    size_t nsub;
    /* sets with elements too large for the table (below): mode 0 untried,
     * 1 none found, 2 G = G_small, 3 G(n) = G_small(n mod Q) below b,
     * special values past it */
    int mode;
    gr_ruleset *small;        /* sub[A], the small elements (owned) */
    uint64_t b, q;            /* the large element and the period Q = b + c */
    uint32_t *special;        /* G on [b, Q) */
} sub_data;

#define number gri_lex_param_u64
#define skip_ws gri_lex_blanks

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* sorted, with runs of three or more written as ranges */
static void write_set(gri_buf *canon, const uint64_t *set, size_t m) {
    for (size_t k = 0; k < m;) {
        size_t j = k;
        while (j + 1 < m && set[j + 1] == set[j] + 1) j++;
        if (k) gri_buf_puts(canon, ",");
        gri_buf_u64(canon, set[k]);
        if (j >= k + 2) { gri_buf_puts(canon, ".."); gri_buf_u64(canon, set[j]); k = j + 1; }
        else k++;
    }
}

static gr_status sub_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gri_buf *canon,
                       gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t i = 0, cap = 0;
    uint64_t *set = NULL;
    size_t cnt = 0;
    gr_status st = GR_OK;
    skip_ws(p, n, &i);
    if (i >= n) {
        st = gri_fail_at(err, GR_EINVAL, line, col0 + i, "empty subtraction set: give at least one positive number");
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
                st = gri_fail_at(err, GR_EINVAL, line, col0 + at, "empty range %llu..%llu in the subtraction set",
                                (unsigned long long)a, (unsigned long long)b);
                goto out;
            }
        }
        if (a == 0) {
            st = gri_fail_at(err, GR_EINVAL, line, col0 + at,
                            "0 is not allowed in a subtraction set: a move must take at least one token");
            goto out;
        }
        if (b - a >= SUB_MAX_ELEMENTS || cnt + (b - a) + 1 > SUB_MAX_ELEMENTS) {
            st = gri_fail_at(err, GR_ELIMIT, line, col0 + at, "subtraction set has more than %llu elements",
                            (unsigned long long)SUB_MAX_ELEMENTS);
            goto out;
        }
        for (uint64_t x = a;; x++) {
            if (!gri_grow(al, (void **)&set, &cap, cnt + 1, sizeof *set)) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto out; }
            set[cnt++] = x;
            if (x == b) break;
        }
        skip_ws(p, n, &i);
        if (i >= n) break;
        if (p[i] != ',') {
            st = gri_fail_at(err, GR_EPARSE, line, col0 + i, "expected ',' or ']' in the subtraction set, found '%c'", p[i]);
            goto out;
        }
        i++;
    }
    qsort(set, cnt, sizeof *set, cmp_u64);
    size_t m = 0;
    for (size_t k = 0; k < cnt; k++)
        if (!m || set[m - 1] != set[k]) set[m++] = set[k];
    sub_data *d = gri_calloc(al, 1, sizeof *d);
    if (!d) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto out; }
    d->sub = set;
    d->nsub = m;
    rs->data = d;
    set = NULL;
    write_set(canon, d->sub, m);
out:
    gri_free(al, set);
    return st;
}

static void sub_free(gr_ruleset *rs) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    sub_data *d = rs->data;
    if (!d) return;
    gri_rs_free(d->small);
    gri_free(al, d->sub);
    gri_free(al, d->special);
    gri_free(al, d);
}

static int sub_splits(const gr_ruleset *rs) { (void)rs; return 0; }

static uint64_t sub_max_take(const gr_ruleset *rs) {
    const sub_data *d = rs->data;
    return d->sub[d->nsub - 1];
}

static int sub_period_rule(const gr_ruleset *rs, gr_period_rule *rule, uint64_t *t) {
    *rule = GR_PERIOD_SUBTRACTION;
    *t = sub_max_take(rs);
    return 1;
}

static gr_status sub_next(gr_ruleset *rs, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    const sub_data *d = rs->data;
    uint64_t n = rs->len;
    /* at most nsub options, so values above nsub cannot be the mex */
    uint64_t seen[4] = {0, 0, 0, 0};
    uint64_t *big = NULL;
    size_t words = d->nsub / 64 + 1;
    uint64_t *bits = seen;
    if (words > 4) {
        big = gri_calloc(al, words, sizeof *big);
        if (!big) return gri_fail(err, GR_ENOMEM, "out of memory");
        bits = big;
    }
    for (size_t k = 0; k < d->nsub && d->sub[k] <= n; k++) {
        uint32_t v = gri_tab_at(rs, n - d->sub[k]);
        if (v <= d->nsub) bits[v >> 6] |= (uint64_t)1 << (v & 63);
    }
    uint64_t m = 0;
    while (bits[m >> 6] >> (m & 63) & 1) m++;
    gri_free(al, big);
    return gri_rs_push(rs, m, err);
}

static void sub_options(const gr_ruleset *rs, uint64_t n, gri_optiter *it) {
    const sub_data *d = rs->data;
    for (size_t k = 0; k < d->nsub && d->sub[k] <= n; k++) {
        uint64_t h = n - d->sub[k];
        if (gri_optiter_emit(it, &h, h ? 1 : 0)) return;
    }
}

/* ---- remoteness of single heaps (remote.c) ----
 *
 * r(n) from r(n - s), s in S: 0 with no move; 1 + the least lost r(n - s)
 * (even: normal play; odd: misère play) when there is one, else 1 + the
 * largest. Arithmetic period: if r(m + p) = r(m) + c with c even for every
 * m in [a, a + smax) (smax the largest element), then for every m >= a.
 * Induction on m >= a + smax: heaps m and m + p (both >= smax) have every
 * element as a move, their options' entries r(m - s) and r(m + p - s) =
 * r(m - s) + c (m - s >= a) differ by the even c, so the same ones are lost
 * and the least and the largest move by c: r(m + p) = r(m) + c. The table
 * is computed until such a window is seen, then filled. */
#define REMOTE_MAX_P 4096

static int sub_remote_table(const gr_ruleset *rs, uint64_t count, int misere, uint64_t *r) {
    const sub_data *d = rs->data;
    if (d->nsub == 0) return 0;
    uint64_t smax = d->sub[d->nsub - 1];
    if (smax > REMOTE_MAX_P) return 0; /* the generic table */
    uint64_t next_check = 4 * smax + 64;
    for (uint64_t n = 0; n < count; n++) {
        uint64_t lost = UINT64_MAX, most = 0;
        int any = 0;
        for (size_t k = 0; k < d->nsub && d->sub[k] <= n; k++) {
            uint64_t x = r[n - d->sub[k]];
            any = 1;
            if ((int)(x & 1) == misere && x < lost) lost = x;
            if (x > most) most = x;
        }
        r[n] = !any ? 0 : 1 + (lost != UINT64_MAX ? lost : most);
        if (n + 1 != next_check) continue;
        next_check *= 2;
        /* a window [L - p - smax, L - p) against [L - smax, L), L = n + 1 */
        uint64_t L = n + 1;
        for (uint64_t p = 1; p <= REMOTE_MAX_P && p + smax <= L; p++) {
            uint64_t c = r[L - 1] - r[L - 1 - p];
            if (r[L - 1] < r[L - 1 - p] || (c & 1)) continue;
            uint64_t m = L - p - smax;
            while (m < L - p && r[m + p] == r[m] + c) m++;
            if (m < L - p) continue;
            for (uint64_t x = L; x < count; x++) r[x] = r[x - p] + c;
            return 1;
        }
    }
    return 1;
}

/* ---- subtraction sets with huge elements ----
 *
 * Split S into A (elements <= T, T = table limit / 8) and the large rest.
 * sub[A] has a period proved on the table; write G_A for its values.
 *
 * 1. If every large b is neutral, G_A(m + b) != G_A(m) for all m >= 0, then
 *    G_S = G_A: the extra option n - b never has the value mex would pick.
 *    For m >= e both sides are p-periodic, so m in [0, e + p) decides.
 * 2. If there is one large element b, try Q = b + c for c = 0, 1, ...: let
 *    G = G_A on [0, b) and compute G on [b, Q) by the rule. Then
 *    G_S(n) = G(n mod Q) for every n, provided
 *      (V1) G(m + c) != G(m) for m in [0, b), and
 *      (V2) G(m + Q - a) != G(m) for m < a, a in A.
 *    Induction on n >= Q with m = n - Q: the options of n are those of m
 *    shifted by Q, plus n - b = m + c when m < b and n - a when m < a;
 *    (V1) and (V2) say those extra values are never G(m), so the mex is
 *    the same. (V1) on [0, b - c) only involves G_A, so residues mod p
 *    decide it. 1-2-K with 3 | k is this case with c = 1 (the seeds'
 *    G(i) = G(i + k + 1)). */

#define STRUCT_MAX_C 4096

static int sub_small_value(gr_ruleset *rs, uint64_t n, uint64_t *v, gr_error *err) {
    return gr_ruleset_value(((sub_data *)rs->data)->small, n, v, err) == GR_OK;
}

/* G_A(x + d) != G_A(x) for all x in [lo, hi)? hi may be huge. */
static int shift_differs(gr_ruleset *a, uint64_t d, uint64_t lo, uint64_t hi, int *ok, gr_error *err) {
    uint64_t e = a->pre, p = a->per, x, y;
    *ok = 1;
    uint64_t stop = hi;
    if (hi > lo && hi - lo > e + 2 * p + 2) stop = lo + e + 2 * p + 2; /* past e, residues repeat */
    for (uint64_t m = lo; m < stop && *ok; m++) {
        if (gr_ruleset_value(a, m, &x, err) != GR_OK || gr_ruleset_value(a, m + d, &y, err) != GR_OK) return -1;
        if (x == y) *ok = 0;
    }
    return 0;
}

/* sub[A]: a ruleset of this one's own (not interned in the context) */
static gr_status make_small(gr_ruleset *rs, size_t na, gr_ruleset **out, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    const sub_data *d = rs->data;
    sub_data *a = gri_calloc(al, 1, sizeof *a);
    if (!a || !(a->sub = gri_malloc(al, na * sizeof *a->sub))) { gri_free(al, a); return gri_fail(err, GR_ENOMEM, "out of memory"); }
    memcpy(a->sub, d->sub, na * sizeof *a->sub);
    a->nsub = na;
    gri_buf spec;
    gri_buf_init(&spec, al);
    gri_buf_puts(&spec, "sub[");
    write_set(&spec, a->sub, na);
    gri_buf_puts(&spec, "]");
    return gri_rs_create(rs->ctx, rs->fam, a, &spec, out, err);
}

/* Values past the table for sets with huge elements: 1 and *v set when the
 * structure is proved, 0 when not (then the caller refuses), -1 on error. */
static int structured(gr_ruleset *rs, uint64_t n, uint64_t *v, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    sub_data *d = rs->data;
    if (d->mode == 0) {
        d->mode = 1;
        uint64_t T = gr_ctx_table_limit(rs->ctx) / 8;
        size_t na = 0;
        while (na < d->nsub && d->sub[na] <= T) na++;
        if (na == 0) return 0; /* nothing small: no structure tried */
        gr_ruleset *a;
        if (make_small(rs, na, &a, err) != GR_OK) return -1;
        d->small = a;
        gr_period per = GR_SIZED(gr_period);
        if (gr_ruleset_period(a, gr_ctx_table_limit(rs->ctx), &per, err) != GR_OK) return -1;
        if (!per.found) return 0;
        /* 1. all large elements neutral */
        int all = 1;
        for (size_t i = na; i < d->nsub && all; i++)
            if (shift_differs(a, d->sub[i], 0, UINT64_MAX, &all, err) < 0) return -1;
        if (all) { d->mode = 2; goto answer; }
        /* 2. one large element: period b + c */
        if (d->nsub - na != 1) return 0;
        uint64_t b = d->sub[na];
        uint64_t amax = d->sub[na - 1];
        uint32_t *sp = gri_malloc(al, STRUCT_MAX_C * sizeof *sp);
        if (!sp) { gri_fail(err, GR_ENOMEM, "out of memory"); return -1; }
        /* the values on [b, b + c) do not depend on c: extend them one by one */
        uint64_t cmax = 4 * (a->pre + a->per + amax) + 16;
        if (cmax > STRUCT_MAX_C) cmax = STRUCT_MAX_C;
        for (uint64_t c = 1; c < cmax && b <= UINT64_MAX - c; c++) {
            uint64_t Q = b + c, x, y;
            {
                uint64_t i = c - 1, m = b + i;
                gr_mexset *ms = &rs->mex;
                gr_mexset_clear(ms);
                for (size_t k = 0; k < na; k++) {
                    uint64_t t = m - d->sub[k];
                    uint64_t g = t >= b ? sp[t - b] : 0;
                    if (t < b && !sub_small_value(rs, t, &g, err)) { gri_free(al, sp); return -1; }
                    if (gr_mexset_add(ms, g) != GR_OK) { gri_free(al, sp); gri_fail(err, GR_ENOMEM, "out of memory"); return -1; }
                }
                uint64_t g0;
                if (!sub_small_value(rs, m - b, &g0, err)) { gri_free(al, sp); return -1; }
                if (m - b >= b) g0 = sp[m - b - b];
                if (gr_mexset_add(ms, g0) != GR_OK) { gri_free(al, sp); gri_fail(err, GR_ENOMEM, "out of memory"); return -1; }
                sp[i] = (uint32_t)gr_mexset_mex(ms);
            }
#define GVAL(t, out) ((t) >= b ? ((out) = sp[(t) - b], 1) : sub_small_value(rs, (t), &(out), err))
            int ok = 1;
            /* V1 on [0, b - c): G_A only */
            if (b > c && shift_differs(a, c, 0, b - c, &ok, err) < 0) { gri_free(al, sp); return -1; }
            /* V1 on [b - c, b) */
            for (uint64_t m = b > c ? b - c : 0; m < b && ok; m++) {
                if (!GVAL(m, x) || !GVAL(m + c, y)) { gri_free(al, sp); return -1; }
                if (x == y) ok = 0;
            }
            /* V2 */
            for (uint64_t m = 0; m < amax && ok; m++)
                for (size_t k = 0; k < na && ok; k++) {
                    if (d->sub[k] <= m) continue;
                    if (!GVAL(m, x) || !GVAL(m + Q - d->sub[k], y)) { gri_free(al, sp); return -1; }
                    if (x == y) ok = 0;
                }
#undef GVAL
            if (ok) {
                d->mode = 3;
                d->b = b;
                d->q = Q;
                d->special = sp;
                goto answer;
            }
        }
        gri_free(al, sp);
        return 0;
    }
answer:
    if (d->mode == 2) return sub_small_value(rs, n, v, err) ? 1 : -1;
    if (d->mode == 3) {
        uint64_t r = n % d->q;
        if (r >= d->b) { *v = d->special[r - d->b]; return 1; }
        return sub_small_value(rs, r, v, err) ? 1 : -1;
    }
    return 0;
}

static gr_status sub_beyond(gr_ruleset *rs, uint64_t n, uint64_t *value, int *done, gr_error *err) {
    const sub_data *d = rs->data;
    uint64_t limit = gr_ctx_table_limit(rs->ctx);
    *done = 0;
    /* only a set with an element too large to prove a period on the table */
    if (d->sub[d->nsub - 1] <= limit / 8 || n < limit) return GR_OK;
    int ok = structured(rs, n, value, err);
    if (ok < 0) return err ? err->status : GR_EINTERNAL;
    *done = ok;
    return GR_OK;
}

static const gri_play_hooks SUB_PLAY = {
    .remote_table = sub_remote_table,
};

const gri_family gri_family_sub = {
    .name = "sub",
    .play = &SUB_PLAY,
    .flags = GR_FAM_HEAP | GR_FAM_PARAMS_REQUIRED,
    .example = "sub[1,2,4]",
    .parse = sub_parse,
    .free = sub_free,
    .splits = sub_splits,
    .next = sub_next,
    .options = sub_options,
    .beyond_value = sub_beyond,
    .method = "the rule for a set with an element too large to tabulate: the set of its small elements has a proved period, "
              "and either every large element provably never changes a mex (the values are the small set's), or the "
              "one large element b gives a proved period b + c",
    .max_take = sub_max_take,
    .period_rule = sub_period_rule,
};
