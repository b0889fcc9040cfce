/* Dispatch for state rulesets (the term's arguments are one position):
 * staircase and stairs (staircase.c), wythoff and euclid (pairgames.c),
 * dyn[k] and fib (dyn.c). */
#include "internal.h"

gr_status gr_state_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err) {
    switch (rs->kind) {
    case GR_RULESET_WYTHOFF: case GR_RULESET_EUCLID: return gr_pair_check(rs, args, n, bad, err);
    case GR_RULESET_DYN: return gr_dyn_check(rs, args, n, bad, err);
    default: return gr_stair_check(rs, args, n, bad, err);
    }
}

gr_status gr_state_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err) {
    switch (rs->kind) {
    case GR_RULESET_WYTHOFF: case GR_RULESET_EUCLID: return gr_pair_value(rs, args, value, err);
    case GR_RULESET_DYN: return gr_dyn_value(rs, args, n, value, err);
    default: return gr_stair_value(rs, args, n, value, err);
    }
}

gr_status gr_state_outcome(gr_ruleset *rs, const uint64_t *args, size_t n, int *wins, gr_error *err) {
    uint64_t v;
    gr_status st;
    switch (rs->kind) {
    case GR_RULESET_WYTHOFF: case GR_RULESET_EUCLID: return gr_pair_outcome(rs, args, wins, err);
    case GR_RULESET_DYN: return gr_dyn_outcome(rs, args, n, wins, err);
    default:
        st = gr_stair_value(rs, args, n, &v, err);
        *wins = v != 0;
        return st;
    }
}

gr_status gr_state_options(gr_ruleset *rs, const uint64_t *args, size_t n, gr_optiter *it, gr_state_option_fn fn,
                           void *user, gr_error *err) {
    switch (rs->kind) {
    case GR_RULESET_WYTHOFF: case GR_RULESET_EUCLID: return gr_pair_options(rs, args, it, fn, user);
    case GR_RULESET_DYN: return gr_dyn_options(rs, args, n, it, fn, user);
    default: return gr_stair_options(rs, args, n, it, fn, user, err);
    }
}

gr_status gr_state_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, gr_state_option_fn fn,
                            void *user, int *complete, gr_error *err) {
    if (complete) *complete = 1;
    switch (rs->kind) {
    case GR_RULESET_WYTHOFF: case GR_RULESET_EUCLID: return gr_pair_moves_to(rs, args, target, fn, user, complete, err);
    case GR_RULESET_DYN: return gr_dyn_moves_to(rs, args, n, target, fn, user, complete, err);
    default: return gr_stair_moves_to(rs, args, n, target, fn, user, err);
    }
}
