/* nim: take any positive number of tokens from one heap. G(n) = n (a heap
 * of n reaches every smaller heap, and nothing else). A bare integer in the
 * game language is a nim heap. */
#include "core/family.h"

static int nim_splits(const gr_ruleset *rs) { (void)rs; return 0; }

static int nim_closed_form(const gr_ruleset *rs, uint64_t n, uint64_t *value) {
    (void)rs;
    *value = n;
    return 1;
}

static gr_status nim_next(gr_ruleset *rs, gr_error *err) { return gri_rs_push(rs, rs->len, err); }

static void nim_options(const gr_ruleset *rs, uint64_t n, gri_optiter *it) {
    (void)rs;
    for (uint64_t m = n; m-- > 0;)
        if (gri_optiter_emit(it, &m, m ? 1 : 0)) return;
}

/* take all (no heap left) or leave a smaller heap */
static int nim_is_option(const gr_ruleset *rs, uint64_t n, const uint64_t *parts, size_t k, int *yes) {
    (void)rs;
    *yes = k == 0 ? n > 0 : k == 1 && parts[0] < n;
    return 1;
}

/* nim heaps are tame: firm when over 1; only heap 0 has value 0 */
static int nim_misere_firm(const gr_ruleset *rs, uint64_t n, int *sj) {
    (void)rs;
    *sj = 1;
    return n > 1;
}

/* Every-SG: a heap moves straight to 0, its only option of value 0 */
static int nim_every_alone(const gr_ruleset *rs, uint64_t n, uint64_t *step, uint64_t *to) {
    (void)rs;
    *step = n != 0;
    *to = 0;
    return 1;
}

/* remoteness of a heap alone: normal play, straight to 0 (one move);
 * misère play, 0 is won (0 moves), 1 is lost (one move, forced), and a
 * larger heap wins by leaving 1 (two moves) */
static int nim_remote_alone(const gr_ruleset *rs, uint64_t n, int misere, uint64_t *r) {
    (void)rs;
    *r = !misere ? n != 0 : n < 2 ? n : 2;
    return 1;
}

static const gri_play_hooks NIM_PLAY = {
    .misere_firm = nim_misere_firm,
    .every_alone = nim_every_alone,
    .remote_alone = nim_remote_alone,
};

const gri_family gri_family_nim = {
    .name = "nim",
    .play = &NIM_PLAY,
    .flags = GR_FAM_HEAP | GR_FAM_SMALLER_HEAPS,
    .formula = "G(n) = n: a heap reaches every smaller heap",
    .splits = nim_splits,
    .next = nim_next,
    .options = nim_options,
    .closed_form = nim_closed_form,
    .is_option = nim_is_option,
};
