/* bash[p,q]: take p..q tokens, or everything when fewer than p remain.
 * With r = n mod (p+q): G(n) = ceil(r/p) for r <= q, else 0 (a move keeps
 * the residue within one period of the pattern). Misère play of one heap
 * alone (HDU 2897): the mover loses iff r is in [1, p]. Both are proved
 * against the brute force in tests/test_closed.c. */
#include <stdlib.h>
#include "core/family.h"
#include "lang/lex.h"

typedef struct bash_data {
    uint64_t p, q;
} bash_data;

/* two numbers 1 <= p <= q */
static gr_status bash_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gri_buf *canon,
                            gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t i = 0;
    uint64_t v[2];
    for (int k = 0; k < 2; k++) {
        gri_lex_blanks(p, n, &i);
        size_t at = i;
        gr_status st = gri_lex_param_u64(p, n, &i, line, col0, &v[k], err);
        if (st != GR_OK) return st;
        if (v[k] == 0) return gri_fail_at(err, GR_EINVAL, line, col0 + at, "bash[p,q] needs p >= 1: a move takes at least one token");
        gri_lex_blanks(p, n, &i);
        if (k == 0) {
            if (i >= n || p[i] != ',') return gri_fail_at(err, GR_EPARSE, line, col0 + i, "expected ',' between p and q in bash[p,q]");
            i++;
        }
    }
    if (i < n) return gri_fail_at(err, GR_EPARSE, line, col0 + i, "bash[p,q] takes two numbers");
    if (v[1] < v[0]) return gri_fail_at(err, GR_EINVAL, line, col0, "bash[p,q] needs p <= q");
    bash_data *d = gri_malloc(al, sizeof *d);
    if (!d) return gri_fail(err, GR_ENOMEM, "out of memory");
    d->p = v[0];
    d->q = v[1];
    rs->data = d;
    gri_buf_u64(canon, v[0]);
    gri_buf_puts(canon, ",");
    gri_buf_u64(canon, v[1]);
    return GR_OK;
}

static void bash_free(gr_ruleset *rs) { gri_free(gri_ctx_alloc(rs->ctx), rs->data); }

static int bash_splits(const gr_ruleset *rs) { (void)rs; return 0; }

/* n mod (p + q), where p + q may pass 2^64 */
static uint64_t residue(const bash_data *d, uint64_t n) { return d->q > UINT64_MAX - d->p ? n : n % (d->p + d->q); }

static int bash_closed_form(const gr_ruleset *rs, uint64_t n, uint64_t *value) {
    const bash_data *d = rs->data;
    uint64_t r = residue(d, n);
    *value = r <= d->q ? r / d->p + (r % d->p != 0) : 0;
    return 1;
}

static gr_status bash_next(gr_ruleset *rs, gr_error *err) {
    const bash_data *d = rs->data;
    size_t n = rs->len;
    gr_mexset *ms = &rs->mex;
    gr_mexset_clear(ms);
    gr_status st = GR_OK;
    if (n && n < d->p) st = gr_mexset_add(ms, 0);
    for (uint64_t t = d->p; t <= d->q && t <= n && st == GR_OK; t++) st = gr_mexset_add(ms, gri_tab_at(rs, n - t));
    return gri_rs_push_mex(rs, st, err);
}

static void bash_options(const gr_ruleset *rs, uint64_t n, gri_optiter *it) {
    const bash_data *d = rs->data;
    uint64_t h = 0;
    if (n && n < d->p) { gri_optiter_emit(it, &h, 0); return; }
    for (uint64_t t = d->p; t <= d->q && t <= n; t++) {
        h = n - t;
        if (gri_optiter_emit(it, &h, h ? 1 : 0)) return;
        if (t == UINT64_MAX) break;
    }
}

/* options m = n - t, p <= t <= q, whose residue r = m mod (p+q) has value
 * want: r in [(want-1)p + 1, min(want p, q)], or r = 0 or r > q for want 0 */
static int bash_moves_to(const gr_ruleset *rs, uint64_t n, uint64_t want, gri_optiter *it, int *complete) {
    const bash_data *d = rs->data;
    uint64_t p = d->p, q = d->q, h = 0;
    *complete = 1;
    if (n < p) { if (want == 0 && n) gri_optiter_emit(it, &h, 0); return 1; }
    uint64_t lo = n > q ? n - q : 0, hi = n - p, m = hi;
    for (;;) {
        uint64_t v;
        bash_closed_form(rs, m, &v);
        if (v == want) {
            h = m;
            if (gri_optiter_emit(it, &h, m ? 1 : 0)) { *complete = 0; return 1; }
            if (m == lo) break;
            m--;
            continue;
        }
        /* jump to the next lower residue that can have the value */
        uint64_t L = q > UINT64_MAX - p ? 0 : p + q, r = L ? m % L : m, target_hi;
        if (want == 0) target_hi = r == 0 ? 0 : (r > q ? r : 0);
        else target_hi = want * p > q ? q : want * p;
        uint64_t down;
        if (want == 0) down = r;           /* to residue 0 */
        else if (r > target_hi) down = r - target_hi;
        else { if (!L) break; down = r + (L - target_hi); } /* to the block below */
        if (down == 0 || m - lo < down) break;
        m -= down;
    }
    return 1;
}

/* past q the "take everything below p" rule is inactive, so it is a
 * subtraction game with largest move q for the window */
static int bash_period_rule(const gr_ruleset *rs, gr_period_rule *rule, uint64_t *t) {
    *rule = GR_PERIOD_SUBTRACTION;
    *t = ((const bash_data *)rs->data)->q;
    return 1;
}

static uint64_t bash_max_take(const gr_ruleset *rs) { return ((const bash_data *)rs->data)->q; }

static int bash_misere_alone(const gr_ruleset *rs, uint64_t n, int *lost) {
    const bash_data *d = rs->data;
    uint64_t r = residue(d, n);
    *lost = r >= 1 && r <= d->p;
    return 1;
}

/* moves to n - t (p <= t <= q) whose residue lies in [1, p] */
static void bash_misere_alone_moves(const gr_ruleset *rs, uint64_t n, gri_optiter *it) {
    const bash_data *d = rs->data;
    uint64_t p = d->p, q = d->q;
    uint64_t L = q > UINT64_MAX - p ? 0 : p + q;
    if (n < p) return; /* only "take all", which loses */
    uint64_t hi = n - p, lo = n > q ? n - q : 0, m = hi;
    for (;;) {
        uint64_t r = L ? m % L : m;
        if (r >= 1 && r <= p) {
            if (gri_optiter_emit(it, &m, 1)) return;
            if (m == lo) break;
            m--;
        } else {
            uint64_t down = r == 0 ? q : r - p; /* to the previous residue p */
            if (m - lo < down) break;
            m -= down;
        }
    }
}

static const gri_play_hooks BASH_PLAY = {
    .misere_alone = bash_misere_alone,
    .misere_alone_moves = bash_misere_alone_moves,
};

const gri_family gri_family_bash = {
    .name = "bash",
    .play = &BASH_PLAY,
    .flags = GR_FAM_HEAP | GR_FAM_PARAMS_REQUIRED,
    .formula = "with r = n mod (p + q), G(n) = ceil(r / p) when r <= q, else 0 (a take of p to q tokens)",
    .example = "bash[2,5]",
    .parse = bash_parse,
    .free = bash_free,
    .splits = bash_splits,
    .next = bash_next,
    .options = bash_options,
    .closed_form = bash_closed_form,
    .moves_to = bash_moves_to,
    .max_take = bash_max_take,
    .period_rule = bash_period_rule,
};
