/* coprime: take y tokens with gcd(n, y) = 1, or the whole heap. G(0) = 0,
 * G(1) = 1, G(n) = pi(least prime factor of n) + 1 (proved against the
 * brute force in tests/test_closed.c). The table is a sieve of least prime
 * factors; huge heaps factor and count primes, and the last few answers are
 * remembered because prime counting is costly. */
#include <stdio.h>
#include <stdlib.h>
#include "core/family.h"
#include "core/context_internal.h"
#include "core/ticker.h"
#include "arith/primes.h"

#define COPRIME_CACHE 8
/* winning moves of a huge heap go to small heaps below this */
#define COPRIME_SMALL 4097

typedef struct coprime_data {
    uint64_t n[COPRIME_CACHE], v[COPRIME_CACHE];
    unsigned next;
} coprime_data;

static uint64_t gcd(uint64_t a, uint64_t b) {
    while (b) { uint64_t t = a % b; a = b; b = t; }
    return a;
}

static gr_status coprime_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gri_buf *canon,
                               gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    (void)p; (void)n; (void)line; (void)col0; (void)canon;
    rs->data = gri_calloc(al, 1, sizeof(coprime_data));
    return rs->data ? GR_OK : gri_fail(err, GR_ENOMEM, "out of memory");
}

static void coprime_free(gr_ruleset *rs) { gri_free(gri_ctx_alloc(rs->ctx), rs->data); }

static int coprime_splits(const gr_ruleset *rs) { (void)rs; return 0; }

static gr_status formula(const gr_allocator *al, uint64_t n, uint64_t *value, gr_error *err) {
    if (n < 2) { *value = n; return GR_OK; }
    uint64_t p = gri_prime_lpf(n), pi;
    gr_status st = gri_prime_pi(al, p, &pi, err);
    if (st != GR_OK)
        return gri_fail(err, st,
                       "coprime(%llu): its least prime factor %llu is beyond %llu, where grundy stops counting primes",
                       (unsigned long long)n, (unsigned long long)p, (unsigned long long)GR_PRIME_PI_MAX);
    *value = pi + 1;
    return GR_OK;
}

static gr_status coprime_direct(gr_ruleset *rs, uint64_t n, uint64_t *value, int *done, gr_error *err) {
    coprime_data *d = rs->data;
    *done = 1;
    if (n < rs->len) { *value = gri_tab_at(rs, n); return GR_OK; }
    for (unsigned i = 0; i < COPRIME_CACHE; i++)
        if (d->v[i] && d->n[i] == n) { *value = d->v[i]; return GR_OK; }
    gr_status st = formula(gri_ctx_alloc(rs->ctx), n, value, err);
    if (st == GR_OK && n >= 2) {
        d->n[d->next % COPRIME_CACHE] = n;
        d->v[d->next % COPRIME_CACHE] = *value;
        d->next++;
    }
    return st;
}

static gr_status coprime_next(gr_ruleset *rs, gr_error *err) {
    size_t n = rs->len;
    gr_mexset *ms = &rs->mex;
    gr_mexset_clear(ms);
    gr_status st = GR_OK;
    if (n) st = gri_mexset_add(gri_ctx_alloc(rs->ctx), ms, gri_tab_at(rs, 0)); /* take everything */
    for (size_t m = 1; m < n && st == GR_OK; m++)
        if (gcd(n, m) == 1) st = gri_mexset_add(gri_ctx_alloc(rs->ctx), ms, gri_tab_at(rs, m)); /* take y = n - m, gcd(n, y) = gcd(n, m) */
    return gri_rs_push_mex(rs, st, err);
}

/* the table by a sieve of least prime factors, primes ranked as they appear
 * (G = rank + 1), instead of a mex over every m < n */
static gr_status coprime_fill(gr_ruleset *rs, uint64_t count, gr_error *err) {
    if (count <= rs->len) return GR_OK;
    if (count > SIZE_MAX / sizeof(uint32_t)) return gri_fail(err, GR_ENOMEM, "table too large");
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    uint32_t *g = gri_calloc(al, (size_t)count, sizeof *g);
    if (!g) return gri_fail(err, GR_ENOMEM, "out of memory: sieve of %llu values", (unsigned long long)count);
    uint32_t rank = 0;
    /* seconds for 10^9 values: the time limit is polled (the sieve's
     * marks and its values both tick) */
    gri_ticker tk;
    gri_ticker_start(&tk, rs->ctx);
    gr_status st = GR_OK;
    char what[GR_ERROR_MESSAGE_MAX / 2];
    snprintf(what, sizeof what, "the sieve of %s (to %llu)", rs->spec, (unsigned long long)count);
    for (uint64_t i = 0; i < count && i < 2; i++) g[i] = (uint32_t)i;
    for (uint64_t i = 2; i < count && st == GR_OK; i++) {
        if ((st = gri_tick_poll(&tk, rs->ctx, err, what, i, "numbers")) != GR_OK) break;
        if (g[i]) continue;
        g[i] = ++rank + 1;
        for (uint64_t j = i * i; i <= (count - 1) / i && j < count; j += i) {
            if ((st = gri_tick_poll(&tk, rs->ctx, err, what, i, "numbers")) != GR_OK) break;
            if (!g[j]) g[j] = rank + 1;
        }
    }
    if (st == GR_OK) st = gri_rs_reserve(rs, (size_t)count, err);
    for (uint64_t i = rs->len; i < count && st == GR_OK; i++) {
        if ((st = gri_tick_poll(&tk, rs->ctx, err, what, i, "values")) != GR_OK) break;
        st = gri_rs_push(rs, g[i], err);
    }
    gri_free(al, g);
    return st;
}

static void coprime_options(const gr_ruleset *rs, uint64_t n, gri_optiter *it) {
    (void)rs;
    for (uint64_t y = 1; y <= n; y++) {
        if (gcd(n, y) != 1 && y != n) continue;
        uint64_t h = n - y;
        if (gri_optiter_emit(it, &h, h ? 1 : 0)) return;
        if (y == n) break;
    }
}

/* take the whole heap, or y = n - m tokens with gcd(n, y) = 1 */
static int coprime_is_option(const gr_ruleset *rs, uint64_t n, const uint64_t *parts, size_t k, int *yes) {
    (void)rs;
    *yes = k == 0 ? n > 0 : k == 1 && parts[0] < n && gcd(n, n - parts[0]) == 1;
    return 1;
}

/* leave a small heap m (gcd(n, m) = 1, or m = 0: take all): their values
 * are cheap, unlike those of heaps near n */
static int coprime_moves_to(const gr_ruleset *rs, uint64_t n, uint64_t want, gri_optiter *it, int *complete) {
    (void)rs;
    *complete = n <= COPRIME_SMALL - 1;
    /* G of small heaps by a sieve of least prime factors */
    uint16_t g[COPRIME_SMALL];
    uint16_t rank = 0;
    g[0] = 0; g[1] = 1;
    for (uint64_t i = 2; i < COPRIME_SMALL; i++) g[i] = 0;
    for (uint64_t i = 2; i < COPRIME_SMALL; i++) {
        if (g[i]) continue;
        g[i] = (uint16_t)(++rank + 1);
        for (uint64_t j = i * i; j < COPRIME_SMALL; j += i) if (!g[j]) g[j] = g[i];
    }
    for (uint64_t m = 0; m < n && m < COPRIME_SMALL; m++) {
        if (m && gcd(n, m) != 1) continue;
        if (g[m] == want && gri_optiter_emit(it, &m, m ? 1 : 0)) { *complete = 0; return 1; }
    }
    return 1;
}

/* remoteness alone, normal play: a heap n >= 1 can take the whole heap,
 * leaving 0, terminal and lost (remoteness 0), so it wins in one move, the
 * least a won position can have. Misère play: from the table. */
static int coprime_remote_alone(const gr_ruleset *rs, uint64_t n, int misere, uint64_t *r) {
    (void)rs;
    if (misere) return 0;
    *r = n != 0;
    return 1;
}

static const gri_play_hooks COPRIME_PLAY = {
    .remote_alone = coprime_remote_alone,
};

const gri_family gri_family_coprime = {
    .name = "coprime",
    .play = &COPRIME_PLAY,
    .flags = GR_FAM_HEAP,
    .formula = "G(0) = 0, G(1) = 1, G(n) = 1 + the index of the least prime factor of n among the primes (2 is the first)",
    .parse = coprime_parse,
    .free = coprime_free,
    .splits = coprime_splits,
    .next = coprime_next,
    .options = coprime_options,
    .direct_value = coprime_direct,
    .fill = coprime_fill,
    .moves_to = coprime_moves_to,
    .is_option = coprime_is_option,
};
