/* grundy: Grundy's game. Split one heap into two unequal non-empty heaps.
 * The table uses the sparse-space method (sparse.c) once it is long enough
 * to choose a mask, and the full scan of splits before. */
#include "core/family.h"
#include "core/sparse.h"

static int grundy_splits(const gr_ruleset *rs) { (void)rs; return 1; }

/* a move removes nothing */
static uint64_t grundy_max_take(const gr_ruleset *rs) { (void)rs; return 0; }

static gr_status grundy_next(gr_ruleset *rs, gr_error *err) {
    size_t n = rs->len, sum = n;
    if (rs->sp.on == 0 && n >= gri_ctx_sparse_start_of(rs->ctx) && n < UINT32_MAX) gri_sp_start(rs, 1); /* removes nothing: even */
    if (rs->sp.on == 1) return gri_sp_next(rs, NULL, 0, &sum, 1, 1, err);
    uint64_t *bits;
    size_t words;
    gr_status st = gri_split_options(rs, &sum, 1, 1, &bits, &words, err);
    if (st != GR_OK) return st;
    return gri_rs_push(rs, gri_bits_mex(bits, words), err);
}

static uint64_t grundy_window_rules(const gr_ruleset *rs, gri_win_rules *wr) {
    (void)rs;
    wr->none = 0;
    wr->ntwo = 1;
    wr->two[0] = 0;
    wr->unequal = 1;
    return 3;
}

static void grundy_options(const gr_ruleset *rs, uint64_t n, gri_optiter *it) {
    (void)rs;
    for (uint64_t a = 1; a < n && a < n - a; a++) {
        uint64_t h[2] = {a, n - a};
        if (gri_optiter_emit(it, h, 2)) return;
    }
}

/* two unequal heaps that add up to n */
static int grundy_is_option(const gr_ruleset *rs, uint64_t n, const uint64_t *parts, size_t k, int *yes) {
    (void)rs;
    *yes = k == 2 && parts[0] < parts[1] && parts[1] <= n && parts[0] == n - parts[1];
    return 1;
}

const gri_family gri_family_grundy = {
    .name = "grundy",
    .flags = GR_FAM_HEAP,
    .splits = grundy_splits,
    .next = grundy_next,
    .window_rules = grundy_window_rules,
    .options = grundy_options,
    .max_take = grundy_max_take,
    .is_option = grundy_is_option,
};
