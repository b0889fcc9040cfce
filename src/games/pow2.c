/* pow2: take a power of two (1, 2, 4, ...) tokens. G(n) = n mod 3: powers
 * of two are 1 or 2 mod 3, so a heap reaches both other residues and never
 * its own (proved against the brute force in tests/test_closed.c). */
#include "core/family.h"

static int pow2_splits(const gr_ruleset *rs) { (void)rs; return 0; }

static int pow2_closed_form(const gr_ruleset *rs, uint64_t n, uint64_t *value) {
    (void)rs;
    *value = n % 3;
    return 1;
}

static gr_status pow2_next(gr_ruleset *rs, gr_error *err) {
    size_t n = rs->len;
    gr_mexset *ms = &rs->mex;
    gr_mexset_clear(ms);
    gr_status st = GR_OK;
    for (size_t p = 1; p && p <= n && st == GR_OK; p <<= 1) st = gr_mexset_add(ms, gri_tab_at(rs, n - p));
    return gri_rs_push_mex(rs, st, err);
}

static void pow2_options(const gr_ruleset *rs, uint64_t n, gri_optiter *it) {
    (void)rs;
    for (uint64_t p = 1; p && p <= n; p <<= 1) {
        uint64_t h = n - p;
        if (gri_optiter_emit(it, &h, h ? 1 : 0)) return;
    }
}

const gri_family gri_family_pow2 = {
    .name = "pow2",
    .flags = GR_FAM_HEAP,
    .formula = "G(n) = n mod 3: a power of two is 1 or 2 mod 3, so a heap reaches both other residues and never its own",
    .splits = pow2_splits,
    .next = pow2_next,
    .options = pow2_options,
    .closed_form = pow2_closed_form,
};
