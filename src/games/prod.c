/* prod(x,y[,z]): a coin in the 2-D or 3-D product game (coin-turning games
 * whose value is the nim product x ⊗ y ⊗ z, HDU 3404). A move turns several
 * coins at once, so its moves are written as the sum of coins it leaves. */
#include <stdio.h>
#include "core/family.h"
#include "core/context_internal.h"
#include "core/ticker.h"
#include "grundy/nimber.h"

static gr_status prod_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err) {
    (void)rs; (void)args;
    if (n < 2 || n > 3) { *bad = n > 3 ? 3 : 0; return gri_fail(err, GR_EINVAL, "prod takes two or three coordinates"); }
    return GR_OK;
}

static gr_status prod_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *v, gr_error *err) {
    const gr_nim *t = gri_ctx_nim(rs->ctx);
    if (!t) return gri_fail(err, GR_ENOMEM, "out of memory: nimber tables");
    uint64_t x = args[0];
    for (size_t i = 1; i < n; i++) x = gr_nim_mul(t, x, args[i]);
    *v = x;
    return GR_OK;
}

static gr_status prod_options(gr_ruleset *rs, const uint64_t *args, size_t n, gri_optiter *it, gr_state_option_fn fn,
                              void *user, gr_error *err) {
    (void)rs; (void)args; (void)n; (void)it; (void)fn; (void)user;
    return gri_fail(err, GR_EINVAL, "prod(...) coins are solved in normal play only: a move there turns several coins");
}

/* single-term moves do not exist: see prod_moves */
static gr_status prod_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, gr_state_option_fn fn,
                               void *user, int *complete, gr_error *err) {
    (void)rs; (void)args; (void)n; (void)target; (void)fn; (void)user; (void)err;
    if (complete) *complete = 0;
    return GR_OK;
}

/* Moves of a prod coin to a term value `target`, written as the sum of the
 * coins it leaves. 2-D: turning (a,b), (a,y), (x,b) with a < x, b < y leaves
 * value (a^x)(b^y) ^ xy, so for each a the b is one division away; 3-D the
 * same over (a, b). Coordinates are scanned up to a bound: *complete says
 * whether every move was seen. */
#define PROD_SCAN2 ((uint64_t)1 << 16)
#define PROD_SCAN3 ((uint64_t)1 << 9)

/* The coins a move turning (a,b[,c]) below the coin (x,y[,z]) leaves,
 * written as their sum (n: 2 or 3 coordinates) */
static void write_left(char *buf, size_t len, size_t n, uint64_t a, uint64_t b, uint64_t c, uint64_t x, uint64_t y,
                       uint64_t z) {
    if (n == 2) {
        snprintf(buf, len, "prod(%llu,%llu) + prod(%llu,%llu) + prod(%llu,%llu)", (unsigned long long)a,
                 (unsigned long long)b, (unsigned long long)a, (unsigned long long)y, (unsigned long long)x,
                 (unsigned long long)b);
        return;
    }
    snprintf(buf, len,
             "prod(%llu,%llu,%llu) + prod(%llu,%llu,%llu) + prod(%llu,%llu,%llu) + prod(%llu,%llu,%llu) + "
             "prod(%llu,%llu,%llu) + prod(%llu,%llu,%llu) + prod(%llu,%llu,%llu)",
             (unsigned long long)a, (unsigned long long)b, (unsigned long long)c,
             (unsigned long long)a, (unsigned long long)b, (unsigned long long)z,
             (unsigned long long)a, (unsigned long long)y, (unsigned long long)c,
             (unsigned long long)x, (unsigned long long)b, (unsigned long long)c,
             (unsigned long long)a, (unsigned long long)y, (unsigned long long)z,
             (unsigned long long)x, (unsigned long long)b, (unsigned long long)z,
             (unsigned long long)x, (unsigned long long)y, (unsigned long long)c);
}

static gr_status prod_moves(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target,
                        int (*fn)(void *user, const char *to), void *user, int *complete, gr_error *err) {
    const gr_nim *t = gri_ctx_nim(rs->ctx);
    if (!t) return gri_fail(err, GR_ENOMEM, "out of memory: nimber tables");
    uint64_t v = 0;
    gr_status st = prod_value(rs, args, n, &v, err);
    if (st != GR_OK) return st;
    uint64_t u = target ^ v;  /* what (a^x)(b^y)[(c^z)] must be */
    *complete = 1;
    if (!u) return GR_OK;
    uint64_t x = args[0], y = args[1];
    char buf[512];
    /* a scan of a huge coin's box takes seconds: the time limit is polled */
    gri_ticker tk;
    gri_ticker_start(&tk, rs->ctx);
    if (n == 2) {
        uint64_t lim = x < PROD_SCAN2 ? x : PROD_SCAN2;
        if (x > lim) *complete = 0;
        for (uint64_t a = 0; a < lim; a++) {
            if ((st = gri_tick_poll(&tk, rs->ctx, err, "the moves of a prod coin", a, "rows")) != GR_OK)
                return st;
            uint64_t di, e;
            if (gr_nim_inv(t, a ^ x, &di, err) != GR_OK) continue;
            e = gr_nim_mul(t, u, di);
            uint64_t b = y ^ e;
            if (b >= y) continue;
            write_left(buf, sizeof buf, 2, a, b, 0, x, y, 0);
            if (fn(user, buf)) { *complete = 0; return GR_OK; }
        }
        return GR_OK;
    }
    uint64_t z = args[2];
    uint64_t la = x < PROD_SCAN3 ? x : PROD_SCAN3, lb = y < PROD_SCAN3 ? y : PROD_SCAN3;
    if (x > la || y > lb) *complete = 0;
    for (uint64_t a = 0; a < la; a++)
        for (uint64_t b = 0; b < lb; b++) {
            if ((st = gri_tick_poll(&tk, rs->ctx, err, "the moves of a prod coin", a * lb + b, "pairs")) != GR_OK)
                return st;
            uint64_t di;
            if (gr_nim_inv(t, gr_nim_mul(t, a ^ x, b ^ y), &di, err) != GR_OK) continue;
            uint64_t c = z ^ gr_nim_mul(t, u, di);
            if (c >= z) continue;
            write_left(buf, sizeof buf, 3, a, b, c, x, y, z);
            if (fn(user, buf)) { *complete = 0; return GR_OK; }
        }
    return GR_OK;
}

/* Every move of a prod coin (turning the coins at the corners of a
 * rectangle or box below it), written as the sum it leaves; coordinates
 * scanned as in prod_moves. */
static gr_status prod_all_moves(gr_ruleset *rs, const uint64_t *args, size_t n,
                                int (*fn)(void *user, const char *to), void *user, int *complete, gr_error *err) {
    uint64_t x = args[0], y = args[1], z = n == 3 ? args[2] : 1;
    gri_ticker tk;
    gri_ticker_start(&tk, rs->ctx);
    gr_status st;
    uint64_t scan = n == 2 ? PROD_SCAN2 : PROD_SCAN3;
    uint64_t la = x < scan ? x : scan, lb = y < scan ? y : scan, lc = z < scan ? z : scan;
    *complete = x <= scan && y <= scan && z <= scan;
    char buf[512];
    for (uint64_t a = 0; a < la; a++)
        for (uint64_t b = 0; b < lb; b++)
            for (uint64_t c = 0; c < lc; c++) {
                if ((st = gri_tick_poll(&tk, rs->ctx, err, "the moves of a prod coin", (a * lb + b) * lc + c,
                                                        "moves")) != GR_OK)
                    return st;
                write_left(buf, sizeof buf, n, a, b, c, x, y, z);
                if (fn(user, buf)) { *complete = 0; return GR_OK; }
            }
    return GR_OK;
}

const gri_family gri_family_prod = {
    .name = "prod",
    .method = "the nim product of the coordinates (x ⊗ y, or x ⊗ y ⊗ z): a coin-turning product game",
    .check = prod_check,
    .value = prod_value,
    .state_options = prod_options,
    .state_moves_to = prod_moves_to,
    .moves_text = prod_moves,
    .all_moves_text = prod_all_moves,
};
