/* Dispatch for state rulesets (the term's arguments are one position):
 * staircase and stairs (staircase.c), wythoff and euclid (pairgames.c),
 * dyn[k] and fib (dyn.c). */
#include <stdio.h>
#include <stdlib.h>
#include "internal.h"
#include "context_internal.h"

/* ---- prod(x,y[,z]): a coin in the product game (value x ⊗ y ⊗ z) ---- */

static gr_status prod_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *v, gr_error *err) {
    const gr_nim *t = gr_ctx_nim(rs->ctx);
    if (!t) return gr_fail(err, GR_ENOMEM, "out of memory: nimber tables");
    uint64_t x = args[0];
    for (size_t i = 1; i < n; i++) x = gr_nim_mul(t, x, args[i]);
    *v = x;
    return GR_OK;
}

gr_status gr_state_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err) {
    switch (rs->kind) {
    case GR_RULESET_WYTHOFF: case GR_RULESET_EUCLID: return gr_pair_check(rs, args, n, bad, err);
    case GR_RULESET_DYN: return gr_dyn_check(rs, args, n, bad, err);
    case GR_RULESET_PROD:
        if (n < 2 || n > 3) { *bad = n > 3 ? 3 : 0; return gr_fail(err, GR_EINVAL, "prod takes two or three coordinates"); }
        return GR_OK;
    case GR_RULESET_HACKENBUSH:
        for (size_t e = 0; e + 2 < n; e += 3)
            if (args[e + 2] == 0) { *bad = e; return gr_fail(err, GR_EINVAL, "an edge needs weight >= 1"); }
        return GR_OK;
    default: return gr_stair_check(rs, args, n, bad, err);
    }
}

gr_status gr_state_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err) {
    switch (rs->kind) {
    case GR_RULESET_WYTHOFF: case GR_RULESET_EUCLID: return gr_pair_value(rs, args, value, err);
    case GR_RULESET_DYN: return gr_dyn_value(rs, args, n, value, err);
    case GR_RULESET_PROD: return prod_value(rs, args, n, value, err);
    case GR_RULESET_HACKENBUSH: return gr_hb_value(rs, args, n, value, err);
    default: return gr_stair_value(rs, args, n, value, err);
    }
}

gr_status gr_state_outcome(gr_ruleset *rs, const uint64_t *args, size_t n, int *wins, gr_error *err) {
    uint64_t v = 0;
    gr_status st;
    switch (rs->kind) {
    case GR_RULESET_WYTHOFF: case GR_RULESET_EUCLID: return gr_pair_outcome(rs, args, wins, err);
    case GR_RULESET_DYN: return gr_dyn_outcome(rs, args, n, wins, err);
    case GR_RULESET_PROD:
        st = prod_value(rs, args, n, &v, err);
        *wins = v != 0;
        return st;
    case GR_RULESET_HACKENBUSH:
        st = gr_hb_value(rs, args, n, &v, err);
        *wins = v != 0;
        return st;
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
    case GR_RULESET_PROD:
        return gr_fail(err, GR_EINVAL, "prod(...) coins are solved in normal play only: a move there turns several coins");
    case GR_RULESET_HACKENBUSH: return gr_hb_options(rs, args, n, it, fn, user, err);
    default: return gr_stair_options(rs, args, n, it, fn, user, err);
    }
}

gr_status gr_state_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, gr_state_option_fn fn,
                            void *user, int *complete, gr_error *err) {
    if (complete) *complete = 1;
    switch (rs->kind) {
    case GR_RULESET_WYTHOFF: case GR_RULESET_EUCLID: return gr_pair_moves_to(rs, args, target, fn, user, complete, err);
    case GR_RULESET_DYN: return gr_dyn_moves_to(rs, args, n, target, fn, user, complete, err);
    case GR_RULESET_PROD: if (complete) *complete = 0; return GR_OK; /* see gr_prod_moves */
    case GR_RULESET_HACKENBUSH: return gr_hb_moves_to(rs, args, n, target, fn, user, complete, err);
    default: return gr_stair_moves_to(rs, args, n, target, fn, user, err);
    }
}

/* Moves of a prod coin to a term value `target`, written as the sum of the
 * coins it leaves. 2-D: turning (a,b), (a,y), (x,b) with a < x, b < y leaves
 * value (a^x)(b^y) ^ xy, so for each a the b is one division away; 3-D the
 * same over (a, b). Coordinates are scanned up to a bound: *complete says
 * whether every move was seen. */
#define PROD_SCAN2 ((uint64_t)1 << 16)
#define PROD_SCAN3 ((uint64_t)1 << 9)

gr_status gr_prod_moves(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target,
                        int (*fn)(void *user, const char *to), void *user, int *complete, gr_error *err) {
    const gr_nim *t = gr_ctx_nim(rs->ctx);
    if (!t) return gr_fail(err, GR_ENOMEM, "out of memory: nimber tables");
    uint64_t v = 0;
    gr_status st = prod_value(rs, args, n, &v, err);
    if (st != GR_OK) return st;
    uint64_t u = target ^ v;  /* what (a^x)(b^y)[(c^z)] must be */
    *complete = 1;
    if (!u) return GR_OK;
    uint64_t x = args[0], y = args[1];
    char buf[512];
    if (n == 2) {
        uint64_t lim = x < PROD_SCAN2 ? x : PROD_SCAN2;
        if (x > lim) *complete = 0;
        for (uint64_t a = 0; a < lim; a++) {
            uint64_t di, e;
            if (gr_nim_inv(t, a ^ x, &di, err) != GR_OK) continue;
            e = gr_nim_mul(t, u, di);
            uint64_t b = y ^ e;
            if (b >= y) continue;
            snprintf(buf, sizeof buf, "prod(%llu,%llu) + prod(%llu,%llu) + prod(%llu,%llu)", (unsigned long long)a,
                     (unsigned long long)b, (unsigned long long)a, (unsigned long long)y, (unsigned long long)x,
                     (unsigned long long)b);
            if (fn(user, buf)) { *complete = 0; return GR_OK; }
        }
        return GR_OK;
    }
    uint64_t z = args[2];
    uint64_t la = x < PROD_SCAN3 ? x : PROD_SCAN3, lb = y < PROD_SCAN3 ? y : PROD_SCAN3;
    if (x > la || y > lb) *complete = 0;
    for (uint64_t a = 0; a < la; a++)
        for (uint64_t b = 0; b < lb; b++) {
            uint64_t di;
            if (gr_nim_inv(t, gr_nim_mul(t, a ^ x, b ^ y), &di, err) != GR_OK) continue;
            uint64_t c = z ^ gr_nim_mul(t, u, di);
            if (c >= z) continue;
            snprintf(buf, sizeof buf,
                     "prod(%llu,%llu,%llu) + prod(%llu,%llu,%llu) + prod(%llu,%llu,%llu) + prod(%llu,%llu,%llu) + "
                     "prod(%llu,%llu,%llu) + prod(%llu,%llu,%llu) + prod(%llu,%llu,%llu)",
                     (unsigned long long)a, (unsigned long long)b, (unsigned long long)c,
                     (unsigned long long)a, (unsigned long long)b, (unsigned long long)z,
                     (unsigned long long)a, (unsigned long long)y, (unsigned long long)c,
                     (unsigned long long)x, (unsigned long long)b, (unsigned long long)c,
                     (unsigned long long)a, (unsigned long long)y, (unsigned long long)z,
                     (unsigned long long)x, (unsigned long long)b, (unsigned long long)z,
                     (unsigned long long)x, (unsigned long long)y, (unsigned long long)c);
            if (fn(user, buf)) { *complete = 0; return GR_OK; }
        }
    return GR_OK;
}
