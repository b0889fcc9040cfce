/* k-times dynamic subtraction, dyn[k](n) and dyn[k](n,c); fib = dyn[2]
 * (HDU 2516, HDU 2486). One heap of n tokens; the first move takes 1..n-1
 * (never everything); afterwards a move takes 1..k times the previous take.
 * dyn[k](n,c): n tokens where at most c may be taken now.
 *
 * The seeds' construction: a[0] = b[0] = 1, a[i+1] = b[i] + 1, and b[i+1] =
 * b[j] + a[i+1] for the largest j with k*a[j] < a[i+1] (or a[i+1] when there
 * is none); b[i] is the largest number written as a sum of a's, each more
 * than k times the next smaller one. Every n > 0 has such a greedy
 * decomposition; with m(n) its smallest part, (n, c) is won iff m(n) <= c,
 * and taking m(n) wins: the least winning take. (Tested against the full
 * game tree for k <= 10, every n <= 2000 and every c.) All arithmetic is
 * checked: the sequence stops at the first term past 2^64 - 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/family.h"
#include "core/context_internal.h"
#include "core/ticker.h"
#include "lang/lex.h"
#include "games/dyn.h"

typedef struct dyn_data {
    uint64_t k;
    uint64_t *a;          /* the sequence a[0..n) of losing first positions */
    uint64_t blast;       /* b[n - 1] */
    size_t n, cap, j;
} dyn_data;

#define DYN_MAX_K 1000000u

#define skip_ws gri_lex_blanks
#define D(rs) ((dyn_data *)(rs)->data)

static gr_status dyn_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gri_buf *canon,
                       gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t i = 0, ep = 0;
    skip_ws(p, n, &i);
    uint64_t k;
    size_t at = i;
    gr_status st = gri_lex_u64(p, n, &i, &k, &ep);
    if (st == GR_ERANGE) return gri_fail_at(err, st, line, col0 + ep, "number does not fit in 64 bits");
    if (st != GR_OK) return gri_fail_at(err, st, line, col0 + ep, "expected k in dyn[k]");
    skip_ws(p, n, &i);
    if (i < n) return gri_fail_at(err, GR_EPARSE, line, col0 + i, "dyn[k] takes one number");
    if (k == 0) return gri_fail_at(err, GR_EINVAL, line, col0 + at, "dyn[k] needs k >= 1");
    if (k > DYN_MAX_K) return gri_fail_at(err, GR_ELIMIT, line, col0 + at, "dyn[k] supports k up to %u", DYN_MAX_K);
    dyn_data *d = gri_calloc(al, 1, sizeof *d);
    if (!d) return gri_fail(err, GR_ENOMEM, "out of memory");
    d->k = k;
    rs->data = d;
    gri_buf_u64(canon, k);
    return GR_OK;
}

static gr_status dyn_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err) {
    (void)args;
    if (n < 1 || n > 2) {
        *bad = n > 2 ? 2 : 0;
        return gri_fail(err, GR_EINVAL, "%s takes n or n,c", rs->spec);
    }
    return GR_OK;
}

/* Extends the sequence until it passes `upto` (or 2^64 - 1). Only the a's
 * are stored: b[i] = a[i+1] - 1, and the newest b is kept apart. */
static gr_status ensure_seq(gr_ruleset *rs, uint64_t upto, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    if (!D(rs)->a) {
        D(rs)->a = gri_malloc(al, 64 * sizeof *D(rs)->a);
        if (!D(rs)->a) return gri_fail(err, GR_ENOMEM, "out of memory");
        D(rs)->cap = 64;
        D(rs)->a[0] = 1;
        D(rs)->blast = 1;
        D(rs)->n = 1;
        D(rs)->j = 0;    /* the lagging index j */
    }
    uint64_t k = D(rs)->k;
    while (D(rs)->a[D(rs)->n - 1] < upto) {
        uint64_t bi = D(rs)->blast;
        if (bi == UINT64_MAX) break; /* the next term would pass 2^64 - 1 */
        uint64_t na = bi + 1;
        size_t j = D(rs)->j;
        /* largest j with k * a[j] < na */
        while (j + 1 < D(rs)->n && D(rs)->a[j + 1] <= (na - 1) / k) j++;
        D(rs)->j = j;
        uint64_t nb = na;
        if (D(rs)->a[j] <= (na - 1) / k) {
            uint64_t bj = j + 1 < D(rs)->n ? D(rs)->a[j + 1] - 1 : D(rs)->blast;
            nb = bj > UINT64_MAX - na ? UINT64_MAX : bj + na;
        }
        if (D(rs)->n == D(rs)->cap) {
            size_t ncap = D(rs)->cap + D(rs)->cap / 2;
            uint64_t *q = gri_realloc(al, D(rs)->a, ncap * sizeof *q);
            if (!q) return gri_fail(err, GR_ENOMEM, "out of memory: the dyn[%llu] sequence", (unsigned long long)k);
            D(rs)->a = q;
            D(rs)->cap = ncap;
        }
        D(rs)->a[D(rs)->n++] = na;
        D(rs)->blast = nb;
    }
    return GR_OK;
}

/* smallest part of the greedy decomposition of n > 0 */
static gr_status smallest_part(gr_ruleset *rs, uint64_t n, uint64_t *m, gr_error *err) {
    gr_status st = ensure_seq(rs, n, err);
    if (st != GR_OK) return st;
    uint64_t rest = n, last = 0;
    size_t hi = D(rs)->n;
    while (rest) {
        /* largest a <= rest among a[0..hi) */
        size_t lo = 0, h = hi;
        while (h - lo > 1) {
            size_t mid = (lo + h) / 2;
            if (D(rs)->a[mid] <= rest) lo = mid; else h = mid;
        }
        last = D(rs)->a[lo];
        rest -= last;
        hi = lo;
    }
    *m = last;
    return GR_OK;
}

uint64_t gri_dyn_cap(const uint64_t *args, size_t n) {
    if (n == 1) return args[0] ? args[0] - 1 : 0;
    return args[1] < args[0] ? args[1] : args[0];
}

static gr_status dyn_outcome(gr_ruleset *rs, const uint64_t *args, size_t n, int *wins, gr_error *err) {
    uint64_t c = gri_dyn_cap(args, n), m;
    if (args[0] == 0 || c == 0) { *wins = 0; return GR_OK; }
    gr_status st = smallest_part(rs, args[0], &m, err);
    if (st == GR_OK) *wins = m <= c;
    return st;
}

static gr_status dyn_least_winning_take(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *take, gr_error *err) {
    int wins;
    gr_status st = dyn_outcome(rs, args, n, &wins, err);
    if (st != GR_OK) return st;
    *take = 0;
    if (wins) st = smallest_part(rs, args[0], take, err);
    return st;
}

/* ---- values of small positions: tab[n(n+1)/2 + c], c <= n < st_w ---- */

static uint64_t next_cap(const gr_ruleset *rs, uint64_t n, uint64_t t) {
    uint64_t rem = n - t;
    return t > rem / D(rs)->k ? rem : t * D(rs)->k;
}

static size_t table_side(const gr_ruleset *rs) {
    uint64_t lim = gr_ctx_table_limit(rs->ctx);
    size_t w = 2;
    while ((uint64_t)(w + 1) * (w + 2) / 2 <= lim && w < GR_STATE_TABLE_SIDE_MAX) w++;
    return w;
}

static gr_status build_table(gr_ruleset *rs, gr_error *err) {
    if (rs->st_w) return GR_OK;
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t w = table_side(rs);
    uint32_t *t = gri_malloc(al, w * (w + 1) / 2 * sizeof *t);
    if (!t) return gri_fail(err, GR_ENOMEM, "out of memory: %s value table", rs->spec);
    gr_mexset ms;
    gr_mexset_init(&ms);
    /* w^3 / 6 steps: seconds for a large table limit */
    gri_ticker tk;
    gri_ticker_start(&tk, rs->ctx);
    char what[GR_ERROR_MESSAGE_MAX / 2];
    snprintf(what, sizeof what, "the table of %s's small positions", rs->spec);
    for (size_t n = 0; n < w; n++)
        for (size_t c = 0; c <= n; c++) {
            gr_status st;
            if ((st = gri_tick_poll(&tk, rs->ctx, err, what, n * (n + 1) / 2 + c,
                                                    "positions")) != GR_OK) {
                gri_mexset_free(al, &ms);
                gri_free(al, t);
                return st;
            }
            gr_mexset_clear(&ms);
            for (size_t x = 1; x <= c; x++) {
                size_t r = n - x, nc = (size_t)next_cap(rs, n, x);
                if (gri_mexset_add(al, &ms, t[r * (r + 1) / 2 + nc]) != GR_OK) {
                    gri_mexset_free(al, &ms);
                    gri_free(al, t);
                    return gri_fail(err, GR_ENOMEM, "out of memory");
                }
            }
            t[n * (n + 1) / 2 + c] = (uint32_t)gr_mexset_mex(&ms);
        }
    gri_mexset_free(al, &ms);
    gri_free(al, rs->st_tab);
    rs->st_tab = t;
    rs->st_w = w;
    return GR_OK;
}

static gr_status dyn_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err) {
    gr_status st;
    uint64_t c = gri_dyn_cap(args, n);
    size_t w = table_side(rs);
    if (args[0] < w) {
        if ((st = build_table(rs, err)) != GR_OK) return st;
        *value = rs->st_tab[args[0] * (args[0] + 1) / 2 + c];
        return GR_OK;
    }
    int wins;
    if ((st = dyn_outcome(rs, args, n, &wins, err)) != GR_OK) return st;
    if (!wins) { *value = 0; return GR_OK; }
    return gri_fail(err, GR_EUNPROVEN,
                   "%s(%llu): the position is won (N), but its Grundy value is known only below %zu tokens (raise the table limit)",
                   rs->spec, (unsigned long long)args[0], w);
}

static gr_status dyn_options(gr_ruleset *rs, const uint64_t *args, size_t n, gri_optiter *it, gr_state_option_fn fn,
                             void *user, gr_error *err) {
    (void)err;
    uint64_t c = gri_dyn_cap(args, n);
    for (uint64_t x = 1; x <= c; x++) {
        if (it->max && it->seen >= it->max) { it->stopped = it->cut = 1; return GR_OK; }
        it->seen++;
        uint64_t o[2] = {args[0] - x, next_cap(rs, args[0], x)};
        if (fn(user, o, 2)) { it->stopped = 1; return GR_OK; }
    }
    return GR_OK;
}

#define DYN_SCAN ((uint64_t)1 << 10)

static gr_status dyn_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, gr_state_option_fn fn,
                          void *user, int *complete, gr_error *err) {
    gr_status st;
    uint64_t c = gri_dyn_cap(args, n);
    if (args[0] < table_side(rs)) {
        if ((st = build_table(rs, err)) != GR_OK) return st;
        for (uint64_t x = 1; x <= c; x++) {
            uint64_t o[2] = {args[0] - x, next_cap(rs, args[0], x)};
            if (rs->st_tab[o[0] * (o[0] + 1) / 2 + o[1]] == target && fn(user, o, 2)) break;
        }
        return GR_OK;
    }
    if (target != 0) { if (complete) *complete = 0; return GR_OK; }
    uint64_t m;
    int wins;
    if ((st = dyn_outcome(rs, args, n, &wins, err)) != GR_OK || !wins) return st;
    if ((st = smallest_part(rs, args[0], &m, err)) != GR_OK) return st;
    uint64_t o[2] = {args[0] - m, next_cap(rs, args[0], m)};
    if (fn(user, o, 2)) return GR_OK;
    /* other winning takes, scanned from 1 up (a lost remainder, or none left) */
    uint64_t lim = c < DYN_SCAN ? c : DYN_SCAN;
    for (uint64_t x = 1; x <= lim; x++) {
        if (x == m) continue;
        uint64_t r = args[0] - x, mr = 0;
        int lost = r == 0;
        if (!lost) {
            if ((st = smallest_part(rs, r, &mr, err)) != GR_OK) return st;
            lost = mr > next_cap(rs, args[0], x);
        }
        if (lost) {
            uint64_t q[2] = {r, next_cap(rs, args[0], x)};
            if (fn(user, q, 2)) return GR_OK;
        }
    }
    if (c > lim && complete) *complete = 0;
    return GR_OK;
}

static void dyn_free(gr_ruleset *rs) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    if (rs->data) gri_free(al, D(rs)->a);
    gri_free(al, rs->data);
}

const gri_family gri_family_dyn = {
    .name = "dyn",
    .cert = GRI_CERT_DYN,
    .method = "mex over the options for small positions (a table); the outcome of any position by the greedy decomposition of n into the seeds' sequence (Fibonacci numbers for fib)",
    .flags = GR_FAM_PARAMS_REQUIRED,
    .example = "dyn[3]",
    .parse = dyn_parse,
    .free = dyn_free,
    .check = dyn_check,
    .value = dyn_value,
    .outcome = dyn_outcome,
    .state_options = dyn_options,
    .state_moves_to = dyn_moves_to,
    .least_winning_take = dyn_least_winning_take,
};
