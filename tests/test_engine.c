/* The generic engine: games given only by a move generator. Kayles written
 * as a Multi-SG callback must match the brute force; Wythoff's game (two-word
 * states) must have the classical P-positions; cycles, memo bounds and
 * callback errors give their statuses; a chain of a million positions is
 * evaluated without recursion. */
#include <string.h>
#include "grundy/grundy.h"
#include "brute.h"
#include "testutil.h"

static gr_status kayles_opts(void *user, const uint64_t *st, gr_optsink *sink, gr_error *err) {
    (void)user; (void)err;
    uint64_t n = st[0];
    for (uint64_t k = 1; k <= 2 && k <= n; k++)
        for (uint64_t a = 0; 2 * a <= n - k; a++) {
            uint64_t parts[2] = {a, n - k - a};
            gr_status s = gr_optsink_add(sink, parts, 2); /* a Multi-SG option: two components */
            if (s != GR_OK) return s;
        }
    return GR_OK;
}

static gr_status wythoff_opts(void *user, const uint64_t *st, gr_optsink *sink, gr_error *err) {
    (void)user; (void)err;
    uint64_t a = st[0], b = st[1], o[2];
    gr_status s = GR_OK;
    for (uint64_t k = 1; k <= a && s == GR_OK; k++) { o[0] = a - k; o[1] = b; s = gr_optsink_add(sink, o, 1); }
    for (uint64_t k = 1; k <= b && s == GR_OK; k++) { o[0] = a; o[1] = b - k; s = gr_optsink_add(sink, o, 1); }
    for (uint64_t k = 1; k <= a && k <= b && s == GR_OK; k++) { o[0] = a - k; o[1] = b - k; s = gr_optsink_add(sink, o, 1); }
    return s;
}

static gr_status chain_opts(void *user, const uint64_t *st, gr_optsink *sink, gr_error *err) {
    (void)user; (void)err;
    if (st[0] == 0) return GR_OK;
    uint64_t o = st[0] - 1;
    return gr_optsink_add(sink, &o, 1);
}

static gr_status cycle_opts(void *user, const uint64_t *st, gr_optsink *sink, gr_error *err) {
    (void)user; (void)err;
    uint64_t o = (st[0] + 1) % 3; /* 0 -> 1 -> 2 -> 0 */
    return gr_optsink_add(sink, &o, 1);
}

static gr_status failing_opts(void *user, const uint64_t *st, gr_optsink *sink, gr_error *err) {
    (void)user; (void)sink;
    if (st[0] == 7) {
        snprintf(err->message, sizeof err->message, "no moves defined at 7");
        err->status = GR_EINVAL;
        return GR_EINVAL;
    }
    uint64_t o = st[0] + 1;
    return gr_optsink_add(sink, &o, 1);
}

static gr_engine *make(gr_options_fn fn, size_t words, size_t max) {
    gr_engine_config cfg = {sizeof(gr_engine_config), words, fn, NULL, max};
    gr_engine *e;
    gr_error err;
    if (gr_engine_new(&cfg, &e, &err) != GR_OK) abort();
    return e;
}

int main(void) {
    tu_seed(0);
    gr_error err;
    uint64_t v;

    /* Kayles by Multi-SG callback against the brute force */
    brule k = {0};
    k.kind = B_TB; k.nd = 3; k.digit[1] = 7; k.digit[2] = 7;
    unsigned g[101];
    brute_values(&k, 100, g);
    gr_engine *e = make(kayles_opts, 1, 0);
    for (uint64_t n = 0; n <= 100; n++) {
        CHECK(gr_engine_value(e, &n, &v, &err) == GR_OK, "%s", err.message);
        CHECK(v == g[n], "engine kayles(%llu) = %llu, brute %u", (unsigned long long)n, (unsigned long long)v, g[n]);
    }
    uint64_t sum[3] = {5, 9, 12};
    CHECK(gr_engine_sum_value(e, sum, 3, &v, &err) == GR_OK && v == (g[5] ^ g[9] ^ g[12]), "engine sum");
    CHECK(gr_engine_size(e) == 101, "memo holds each heap once, got %zu", gr_engine_size(e));
    gr_engine_free(e);

    /* Wythoff: P-positions are (floor(k phi), floor(k phi^2)); with integers:
     * a_k = mex of earlier a's and b's, b_k = a_k + k */
    e = make(wythoff_opts, 2, 0);
    int isP[40][40] = {{0}};
    int used[200] = {0};
    for (int kk = 0; kk < 40; kk++) {
        int a = 0;
        while (used[a]) a++;
        int b = a + kk;
        used[a] = used[b] = 1;
        if (b < 40) isP[a][b] = isP[b][a] = 1;
    }
    for (uint64_t a = 0; a < 40; a++)
        for (uint64_t b = 0; b < 40; b++) {
            uint64_t st[2] = {a, b};
            CHECK(gr_engine_value(e, st, &v, &err) == GR_OK, "%s", err.message);
            CHECK((v == 0) == isP[a][b], "wythoff(%llu,%llu) value %llu", (unsigned long long)a, (unsigned long long)b,
                  (unsigned long long)v);
        }
    uint64_t w12[2] = {1, 2};
    CHECK(gr_engine_value(e, w12, &v, &err) == GR_OK && v == 0, "wythoff(1,2) is P");
    uint64_t w11[2] = {1, 1};
    CHECK(gr_engine_value(e, w11, &v, &err) == GR_OK && v == 2, "wythoff(1,1) = 2, got %llu", (unsigned long long)v);
    gr_engine_free(e);

    /* a million-long chain: no recursion */
    e = make(chain_opts, 1, 0);
    uint64_t n = 1000000;
    CHECK(gr_engine_value(e, &n, &v, &err) == GR_OK && v == 0, "chain of 10^6: %s", err.message);
    n = 999999;
    CHECK(gr_engine_value(e, &n, &v, &err) == GR_OK && v == 1, "chain of 10^6 - 1");
    gr_engine_free(e);

    /* a cycle is reported, and the engine stays usable */
    e = make(cycle_opts, 1, 0);
    n = 0;
    gr_status st = gr_engine_value(e, &n, &v, &err);
    CHECK(st == GR_ECYCLE, "cycle status %s", gr_status_name(st));
    CHECK(strstr(err.message, "not finite") != NULL, "cycle message '%s'", err.message);
    CHECK(gr_engine_size(e) == 0, "engine reset after an error");
    gr_engine_free(e);

    /* the memo bound */
    e = make(chain_opts, 1, 1000);
    n = 5000;
    st = gr_engine_value(e, &n, &v, &err);
    CHECK(st == GR_ELIMIT, "limit status %s", gr_status_name(st));
    CHECK(strstr(err.message, "1000") != NULL, "limit message '%s'", err.message);
    n = 500;
    CHECK(gr_engine_value(e, &n, &v, &err) == GR_OK && v == 0, "within the bound after a failure");
    gr_engine_free(e);

    /* a callback's own error comes back with its message */
    e = make(failing_opts, 1, 0);
    n = 0;
    st = gr_engine_value(e, &n, &v, &err);
    CHECK(st == GR_EINVAL && !strcmp(err.message, "no moves defined at 7"), "callback error '%s'", err.message);
    gr_engine_free(e);

    /* bad configuration */
    gr_engine_config bad = {sizeof(gr_engine_config), 0, chain_opts, NULL, 0};
    CHECK(gr_engine_new(&bad, &e, &err) == GR_EINVAL && e == NULL, "zero state words");

    /* mex helpers */
    uint64_t vals[] = {0, 1, 3, 7, 2, 2, 100};
    CHECK(gr_mex_array(vals, 7, &v) == GR_OK && v == 4, "mex {0,1,2,3,7,100} = 4");
    gr_mexset ms;
    gr_mexset_init(&ms);
    for (uint64_t i = 0; i < 200; i++) if (i != 130) CHECK(gr_mexset_add(&ms, i) == GR_OK, "add");
    CHECK(gr_mexset_mex(&ms) == 130, "mexset 130");
    gr_mexset_clear(&ms);
    CHECK(gr_mexset_mex(&ms) == 0, "cleared");
    gr_mexset_free(&ms);
    return tu_finish("test_engine");
}
