/* divisor: take d tokens, where d divides the heap (d = n empties it).
 * G(0) = 0 and G(n) = v2(n) + 1: an odd heap reaches only even heaps or 0,
 * and so on up the powers of two (proved against the brute force in
 * tests/test_closed.c). Winning moves of huge heaps come from the
 * factorization (every divisor, not a scan). */
#include "core/family.h"
#include "arith/primes.h"

/* Trial division is capped for astronomically large heaps. */
#define DIVISOR_SCAN_MAX ((uint64_t)1 << 22)

static int divisor_splits(const gr_ruleset *rs) { (void)rs; return 0; }

static int divisor_closed_form(const gr_ruleset *rs, uint64_t n, uint64_t *value) {
    (void)rs;
    *value = n ? (uint64_t)__builtin_ctzll(n) + 1 : 0;
    return 1;
}

static gr_status divisor_next(gr_ruleset *rs, gr_error *err) {
    size_t n = rs->len;
    gr_mexset *ms = &rs->mex;
    gr_mexset_clear(ms);
    gr_status st = GR_OK;
    for (size_t d = 1; d <= n / d && st == GR_OK; d++)
        if (n % d == 0) {
            st = gr_mexset_add(ms, gri_tab_at(rs, n - d));
            if (st == GR_OK) st = gr_mexset_add(ms, gri_tab_at(rs, n - n / d));
        }
    return gri_rs_push_mex(rs, st, err);
}

static void divisor_options(const gr_ruleset *rs, uint64_t n, gri_optiter *it) {
    (void)rs;
    uint64_t h;
    for (uint64_t d = 1; d <= n / d; d++) {
        if (d > DIVISOR_SCAN_MAX) { it->cut = 1; return; }
        if (n % d) continue;
        h = n - d;
        if (gri_optiter_emit(it, &h, h ? 1 : 0)) return;
        if (n / d != d) {
            h = n - n / d;
            if (gri_optiter_emit(it, &h, h ? 1 : 0)) return;
        }
    }
}

/* every divisor d of n, from the factorization: options n - d */
static int divisor_moves_to(const gr_ruleset *rs, uint64_t n, uint64_t want, gri_optiter *it, int *complete) {
    (void)rs;
    uint64_t p[16];
    unsigned e[16], idx[16] = {0};
    int k = gri_prime_factor(n, p, e);
    *complete = 1;
    for (;;) {
        uint64_t d = 1;
        for (int i = 0; i < k; i++) for (unsigned j = 0; j < idx[i]; j++) d *= p[i];
        uint64_t m = n - d, v = m ? (uint64_t)__builtin_ctzll(m) + 1 : 0;
        if (v == want && gri_optiter_emit(it, &m, m ? 1 : 0)) { *complete = 0; return 1; }
        int i = 0;
        while (i < k && idx[i] == e[i]) idx[i++] = 0;
        if (i == k) break;
        idx[i]++;
    }
    return 1;
}

/* remoteness alone, normal play: a heap n >= 1 can take the whole heap,
 * leaving 0, terminal and lost (remoteness 0), so it wins in one move, the
 * least a won position can have. Misère play: from the table. */
static int divisor_remote_alone(const gr_ruleset *rs, uint64_t n, int misere, uint64_t *r) {
    (void)rs;
    if (misere) return 0;
    *r = n != 0;
    return 1;
}

static const gri_play_hooks DIVISOR_PLAY = {
    .remote_alone = divisor_remote_alone,
};

const gri_family gri_family_divisor = {
    .name = "divisor",
    .play = &DIVISOR_PLAY,
    .flags = GR_FAM_HEAP,
    .formula = "G(n) = 1 + the exponent of 2 in n, G(0) = 0",
    .splits = divisor_splits,
    .next = divisor_next,
    .options = divisor_options,
    .closed_form = divisor_closed_form,
    .moves_to = divisor_moves_to,
};
