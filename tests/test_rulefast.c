/* The fast paths of the rule language against its reference: random rules
 * (rulegen.h) listed by the machine with the derived loop stops and
 * without them (every iteration run), which must give the same options in
 * the same order whenever the unbounded listing succeeds; and a few
 * hand-written rules whose stops are known, checked to be found (the
 * listing takes far fewer steps) and not found where they would be wrong.
 * Through the library's private interface (lang/rulec.h). */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include <string.h>
#include "grundy/grundy.h"
#include "core/internal.h"
#include "lang/rulec.h"
#include "core/context_internal.h"
#include "core/rs.h"
#include "games/rule_internal.h"
#include "rulegen.h"
#include <unistd.h>

typedef struct listing {
    uint64_t v[4096];
    size_t n;
    int over;
} listing;

static int collect(void *user, const uint64_t *parts, size_t np) {
    listing *l = user;
    if (l->n + np + 1 > sizeof l->v / sizeof l->v[0]) { l->over = 1; return 0; }
    l->v[l->n++] = np;
    memcpy(l->v + l->n, parts, np * sizeof *parts);
    l->n += np;
    return 0;
}

static gr_status list(gri_rule *r, const uint64_t *x, int stops, uint64_t max_steps, listing *l, gr_error *err) {
    memset(l, 0, sizeof *l);
    ((struct gri_rule *)r)->no_stops = !stops;
    return gri_rule_options(r, x, max_steps, collect, l, err);
}

static gri_rule *compile(const char *spec, gr_error *err) {
    gri_rule *r = NULL;
    size_t n = strlen(spec);
    /* between the brackets of rule[...] */
    if (gri_rule_compile(&gri_libc_alloc, spec + 5, n - 6, 1, 6, &r, err) != GR_OK) return NULL;
    return r;
}

static void random_stops(void) {
    tu_rng rng = {tu_seed(2911)};
    uint64_t cases = 3000 * tu_scale();
    unsigned long compiled = 0, both_ok = 0, only_bounded = 0, with_stops = 0;
    for (uint64_t c = 0; c < cases; c++) {
        rg_out o;
        unsigned arity = 1 + (unsigned)tu_below(&rng, 2);
        rg_rule(&rng, &o, arity);
        gr_error err;
        gri_rule *r = compile(o.s, &err);
        CHECK(r != NULL, "%s: %s", o.s, err.message);
        if (!r) continue;
        compiled++;
        for (size_t i = 0; i < r->nc; i++)
            for (unsigned l = 0; l < r->c[i].nloops; l++) with_stops += r->c[i].loops[l].nstops > 0;
        for (uint64_t t = 0; t < 12; t++) {
            uint64_t x[2] = {tu_below(&rng, 60), tu_below(&rng, 60)};
            listing a, b;
            gr_error ea, eb;
            gr_status sa = list(r, x, 0, 200000, &a, &ea), sb = list(r, x, 1, 200000, &b, &eb);
            if (sa != GR_OK || a.over) {
                only_bounded += sb == GR_OK;
                continue;
            }
            both_ok++;
            CHECK(sb == GR_OK && !b.over && a.n == b.n && !memcmp(a.v, b.v, a.n * sizeof a.v[0]),
                  "%s at (%llu,%llu): %zu entries unbounded, %zu with stops (%s)", o.s, (unsigned long long)x[0],
                  (unsigned long long)x[1], a.n, b.n, sb == GR_OK ? "ok" : eb.message);
        }
        gri_rule_free(r);
    }
    printf("random rules: %lu compiled, %lu loops with stops, %lu listings compared, %lu succeed only with the stops\n",
           compiled, with_stops, both_ok, only_bounded);
    CHECK(with_stops > cases / 10, "only %lu loops have stops", with_stops);
    CHECK(both_ok > cases * 4, "only %lu listings compared", both_ok);
}

/* stops that must be found: the listing of a large heap stays short */
static void known_stops(void) {
    static const struct { const char *spec; uint64_t n; uint64_t max_steps; size_t options; } ok[] = {
        {"rule[n -> n-k*k for k in 1..n]", 1000000, 2000, 1000},
        {"rule[n -> n-k for k in 1..n if k*k <= n]", 1000000, 2000, 1000},
        {"rule[n -> n-k for k in 1..n if k*k <= n and k % 2 == 1]", 1000000, 2000, 500},
        {"rule[n -> n - (2*k + 1) for k in 0..n]", 1000001, 600000, 500001},
        {"rule[n -> n - 3*k - 1 for k in 0..n]", 30001, 20000, 10001},
        {"rule[n -> n - j*k for k in 1..n for j in k..n]", 10000, 200000, 0},
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        gr_error err;
        gri_rule *r = compile(ok[i].spec, &err);
        CHECK(r != NULL, "%s", ok[i].spec);
        if (!r) continue;
        listing l;
        uint64_t x = ok[i].n;
        gr_status st = list(r, &x, 1, ok[i].max_steps, &l, &err);
        CHECK(st == GR_OK && (!ok[i].options || l.n == 2 * ok[i].options || l.over), "%s(%llu): %s, %zu entries", ok[i].spec,
              (unsigned long long)x, st == GR_OK ? "ok" : err.message, l.n);
        /* without the stops the same listing runs past the step bound */
        st = list(r, &x, 0, ok[i].max_steps, &l, &err);
        CHECK(st == GR_ELIMIT, "%s(%llu) unbounded: %s", ok[i].spec, (unsigned long long)x, gr_status_name(st));
        gri_rule_free(r);
    }
    /* no stop where the entry does not only fall: k*k - n grows, and n - k % 5
     * and gcd are not monotone; an 'or' operand is no bound */
    static const char *const none[] = {
        "rule[n -> (k*k - n) for k in 0..n]", "rule[n -> n - k % 5 for k in 1..n]", "rule[n -> n - gcd(k, 6) for k in 1..n]",
        "rule[n -> k for k in 1..n if k*k <= n or k == n]", 
        "rule[n -> n + k - 2*k for k in 0..n if k - n - k < 0]" /* falls, but the analysis does not follow k - 2k */, "rule[n -> n - k*(-k) for k in 0..n]",
    };
    for (size_t i = 0; i < sizeof none / sizeof none[0]; i++) {
        gr_error err;
        gri_rule *r = compile(none[i], &err);
        CHECK(r != NULL, "%s: %s", none[i], err.message);
        if (!r) continue;
        unsigned stops = 0;
        for (size_t c = 0; c < r->nc; c++) stops += r->c[c].loops[0].nstops;
        CHECK(stops == 0, "%s: %u stops", none[i], stops);
        gri_rule_free(r);
    }
}

/* a context that compiles every rule from its first heap (dir NULL: off) */
static gr_ctx *native_ctx(const char *dir) {
    gr_ctx *c;
    if (gr_ctx_new(&c) != GR_OK) return NULL;
    gr_ctx_set_time_limit(c, 3.0);
    gr_ctx_set_search_limit(c, 20000);
    if (dir) {
        const char *cc = getenv("CC");
        if (gr_ctx_set_native(c, cc && *cc ? cc : "cc", dir) != GR_OK) { gr_ctx_free(c); return NULL; }
        c->native_from = 1;
    }
    return c;
}

/* G(0..N) of random one-number rules by native code and by the machine:
 * the same values, or the same error */
static void random_native(const char *dir) {
    tu_rng rng = {tu_seed(2912)};
    uint64_t cases = 120 * tu_scale();
    enum { N = 90 };
    unsigned long same_values = 0, same_errors = 0, native_used = 0;
    for (uint64_t c = 0; c < cases; c++) {
        rg_out o;
        if (c % 2) {
            rg_rule(&rng, &o, 1);
        } else {
            /* the arithmetic itself: each heap's move depends on a random
             * expression of n mod 2 or 3 and on a random condition, so the
             * values show every result */
            static const char *const nm[] = {"n"};
            o.n = 0;
            o.s[0] = 0;
            rg_put(&o, "rule[n -> n-1-(");
            rg_expr(&rng, &o, nm, 1, 3);
            rg_put(&o, ") % 2; n -> n-2-(");
            rg_expr(&rng, &o, nm, 1, 3);
            rg_put(&o, ") % 3 if ");
            rg_cond(&rng, &o, nm, 1, 2);
            rg_put(&o, "]");
        }
        gr_ctx *cn = native_ctx(dir), *cm = native_ctx(NULL);
        gr_ruleset *rn, *rm;
        gr_error en, em;
        uint64_t gn[N], gm[N];
        CHECK(cn && cm, "context");
        if (!cn || !cm) { gr_ctx_free(cn); gr_ctx_free(cm); continue; }
        gr_error_clear(&en);
        gr_error_clear(&em);
        gr_status sn = gr_ctx_ruleset(cn, o.s, strlen(o.s), &rn, &en), sm = gr_ctx_ruleset(cm, o.s, strlen(o.s), &rm, &em);
        CHECK(sn == GR_OK && sm == GR_OK, "%s: %s", o.s, en.message);
        if (sn == GR_OK && sm == GR_OK) {
            sn = gr_ruleset_values(rn, N, gn, &en);
            sm = gr_ruleset_values(rm, N, gm, &em);
            if (sn == GR_ELIMIT || sm == GR_ELIMIT) {
                /* a time or step bound: the two paths need not stop alike */
            } else if (sm == GR_OK) {
                CHECK(sn == GR_OK && !memcmp(gn, gm, sizeof gn), "%s: native %s (%s)", o.s, gr_status_name(sn), en.message);
                same_values++;
            } else {
                CHECK(sn == sm && !strcmp(en.message, em.message), "%s: native '%s', machine '%s'", o.s, en.message,
                      em.message);
                same_errors++;
            }
            const char *how = gr_ruleset_method(rn);
            native_used += how && !strncmp(how, "native code compiled", 20);
        }
        gr_ctx_free(cn);
        gr_ctx_free(cm);
    }
    printf("native code: %llu random rules, %lu with the same values, %lu with the same error, %lu ran native\n",
           (unsigned long long)cases, same_values, same_errors, native_used);
    CHECK(same_values > cases / 4, "only %lu rules compared", same_values);
    CHECK(native_used > cases / 3, "only %lu rules ran native", native_used);
}

/* arithmetic at the edges of 64 bits: where the native code must check
 * (and hand the heap to the machine) and where it may not need to */
static void edge_native(const char *dir) {
    static const char *const specs[] = {
        "rule[n -> n-1 if n * 4611686018427387904 > 0; n -> n-2]",
        "rule[n -> n-1 if -n - 9223372036854775807 < 0; n -> n-3]",
        "rule[n -> n-1 if (0 - 9223372036854775807 - n) / -1 > 9223372036854775806; n -> n-2]",
        "rule[n -> n-1 if (0 - 9223372036854775807 - n) % -1 == 0; n -> n-2]",
        "rule[n -> n-1 if gcd(0 - 9223372036854775807 - n, 6) > 1; n -> n-2]",
        "rule[n -> n - k*k*k*k for k in 1..n; n -> n - k*k*k*k*k*k*k*k*k*k*k for k in 1..n if k > 40]",
        "rule[n -> n-k for k in 1..9223372036854775807 if k <= n]",
        "rule[n -> n-k for k in 9223372036854775806..9223372036854775807; n -> n-1]",
        "rule[n -> n-1 if n*n*n*n*n*n*n*n*n*n*n > 7; n -> n-2]",
        "rule[n -> (n - 1) / (n - 5) + n - 6 if n > 7; n -> n-1]",
        "rule[n -> n - 1 - (n - n) - k for k in 0..3]",
        /* parts that may reach n: the native code must hand them to the machine */
        "rule[n -> n/1 if n > 5; n -> n-1]", "rule[n -> min(n, n+1) if n > 5; n -> n-1]",
        "rule[n -> n - k for k in 0..n/2 if n > 40; n -> n-1]", "rule[n -> k for k in 0..n if n > 30; n -> n-1]",
        "rule[n -> k + (n-k) for k in 1..n/2 if n > 30; n -> n-2]", "rule[n -> max(k, n-k) for k in 0..n/2 if n > 9; n -> n-1]",
        "rule[n -> (n+0)/2 + (n - 0) - n/2 if n > 20; n -> n-1]",
        /* the step bound (2^22 a listing), reached at heap 5 */
        "rule[n -> k % n for k in 1..n*1000000]", "rule[n -> j % n for k in 1..n*10000 for j in 1..100]",
        "rule[n -> n - k for k in 1..n*1000000 if k <= n or k == 0]",
        /* and parts that never do */
        "rule[n -> k + (n-1-k) for k in 0..(n-1)/2]", "rule[n -> min(k, n-1) for k in 0..n]", "rule[n -> n/2 + n/3]",
    };
    for (size_t i = 0; i < sizeof specs / sizeof specs[0]; i++) {
        enum { N = 90 };
        gr_ctx *cn = native_ctx(dir), *cm = native_ctx(NULL);
        /* both must end alike: only the rules' own bounds, no clock */
        if (cn) gr_ctx_set_time_limit(cn, 0);
        if (cm) gr_ctx_set_time_limit(cm, 0);
        gr_ruleset *rn, *rm;
        gr_error en, em;
        uint64_t gn[N], gm[N];
        gr_error_clear(&en);
        gr_error_clear(&em);
        CHECK(cn && cm && gr_ctx_ruleset(cn, specs[i], strlen(specs[i]), &rn, &en) == GR_OK &&
                  gr_ctx_ruleset(cm, specs[i], strlen(specs[i]), &rm, &em) == GR_OK, "%s", specs[i]);
        gr_status sn = gr_ruleset_values(rn, N, gn, &en), sm = gr_ruleset_values(rm, N, gm, &em);
        CHECK(sn == sm && (sn != GR_OK || !memcmp(gn, gm, sizeof gn)) && !strcmp(en.message, em.message),
              "%s: native %s '%s', machine %s '%s'", specs[i], gr_status_name(sn), en.message, gr_status_name(sm), em.message);
        gr_ctx_free(cn);
        gr_ctx_free(cm);
    }
}

/* values of random rules of 2 numbers by the dense table and by the
 * memoized search alone: the same values, or the same error */
static void random_dense(const char *dir) {
    tu_rng rng = {tu_seed(dir ? 2914 : 2913)};
    uint64_t cases = (dir ? 60 : 200) * tu_scale();
    unsigned long same_values = 0, same_errors = 0, dense_used = 0;
    for (uint64_t c = 0; c < cases; c++) {
        rg_out o;
        rg_rule(&rng, &o, 2);
        gr_ctx *cd = native_ctx(dir), *cs = native_ctx(NULL);
        gr_ctx_set_search_limit(cd, 3000);
        gr_ctx_set_search_limit(cs, 3000);
        gr_ctx_set_time_limit(cd, 0.5);
        gr_ctx_set_time_limit(cs, 0.5);
        gr_ruleset *rd, *rs;
        gr_error ed, es;
        CHECK(cd && cs && gr_ctx_ruleset(cd, o.s, strlen(o.s), &rd, &ed) == GR_OK &&
                  gr_ctx_ruleset(cs, o.s, strlen(o.s), &rs, &es) == GR_OK, "%s", o.s);
        ((rule_data *)rs->data)->no_dense = 1;
        for (int t = 0; t < 8; t++) {
            char pos[2400];
            snprintf(pos, sizeof pos, "%s(%llu,%llu)", o.s, (unsigned long long)tu_below(&rng, 25),
                     (unsigned long long)tu_below(&rng, 25));
            gr_position *pd, *ps;
            uint64_t vd = 0, vs = 0;
            gr_error_clear(&ed);
            gr_error_clear(&es);
            CHECK(gr_position_parse(cd, pos, strlen(pos), 0, &pd, &ed) == GR_OK &&
                      gr_position_parse(cs, pos, strlen(pos), 0, &ps, &es) == GR_OK, "%s", pos);
            gr_status sd = gr_position_value(pd, &vd, &ed), ss = gr_position_value(ps, &vs, &es);
            if (sd == GR_ELIMIT || ss == GR_ELIMIT) {
                /* bounds count differently on the two paths */
            } else if (ss == GR_OK) {
                CHECK(sd == GR_OK && vd == vs, "%s: dense %s %llu (%s), search %llu", pos, gr_status_name(sd),
                      (unsigned long long)vd, ed.message, (unsigned long long)vs);
                same_values++;
            } else {
                CHECK(sd == ss && !strcmp(ed.message, es.message), "%s: dense '%s', search '%s'", pos, ed.message, es.message);
                same_errors++;
            }
            gr_position_free(pd);
            gr_position_free(ps);
        }
        dense_used += dir ? ((rule_data *)rd->data)->dn.native_cells > 0 : ((rule_data *)rd->data)->dn.filled > 0;
        gr_ctx_free(cd);
        gr_ctx_free(cs);
    }
    printf("dense tables%s: %llu random rules of 2 numbers, %lu values equal, %lu errors equal, %lu rules tabulated %s\n",
           dir ? " (native)" : "", (unsigned long long)cases, same_values, same_errors, dense_used, dir ? "by native code" : "densely");
    CHECK(same_values > cases * 2, "only %lu values compared", same_values);
    CHECK(dense_used > cases / 4, "only %lu rules went dense", dense_used);
}

/* --search-limit counts distinct positions: 3-row Chomp at (60,60,60)
 * reaches 39,711 of them (each with up to 180 options) */
static void search_bound(void) {
    static const char R[] = "rule[(a,b,c) -> (x,min(b,x),min(c,x)) for x in 0..a-1; (a,b,c) -> (a,y,min(c,y)) for y in "
                            "0..b-1; (a,b,c) -> (a,b,z) for z in 0..c-1]";
    uint64_t limits[3] = {39000, 40000, 0}, values[3] = {0, 0, 0};
    gr_status sts[3];
    for (int i = 0; i < 3; i++) {
        gr_ctx *c = native_ctx(NULL);
        gr_ruleset *rs;
        gr_error err;
        CHECK(c && gr_ctx_ruleset(c, R, sizeof R - 1, &rs, &err) == GR_OK, "chomp");
        gr_ctx_set_time_limit(c, 0); /* bounded by its positions; slow under the sanitizers on a busy machine */
        if (limits[i]) {
            gr_ctx_set_search_limit(c, limits[i]);
            ((rule_data *)rs->data)->no_dense = 1;
        }
        uint64_t a[3] = {60, 60, 60};
        sts[i] = gr_ruleset_state_value(rs, a, 3, &values[i], &err);
        gr_ctx_free(c);
    }
    CHECK(sts[0] == GR_ELIMIT, "39000 positions are too few: %s", gr_status_name(sts[0]));
    CHECK(sts[1] == GR_OK && sts[2] == GR_OK && values[1] == values[2],
          "the search with 40000 positions (%s) and the dense table (%s): %llu, %llu", gr_status_name(sts[1]),
          gr_status_name(sts[2]), (unsigned long long)values[1], (unsigned long long)values[2]);
}

/* the Wythoff rule's dense table against the built-in wythoff, every
 * cell of a 150 x 150 table (2000 x 2000 in the CLI; smaller here, for the
 * sanitizer build), by the machine and, when a compiler is there, natively */
static void wythoff_table(const char *dir) {
    static const char R[] = "rule[(x,y) -> (x-k,y) for k in 1..x; (x,y) -> (x,y-k) for k in 1..y; "
                            "(x,y) -> (x-k,y-k) for k in 1..min(x,y)]";
    enum { W = 150 };
    gr_ctx *c = native_ctx(dir);
    if (c) gr_ctx_set_time_limit(c, 0);
    gr_ruleset *rr, *rw;
    gr_error err;
    CHECK(c && gr_ctx_ruleset(c, R, sizeof R - 1, &rr, &err) == GR_OK && gr_ctx_ruleset(c, "wythoff", 7, &rw, &err) == GR_OK,
          "rulesets");
    gr_ctx_set_table_limit(c, (W + 1) * (W + 1));
    /* the cells one by one (native code or the machine), not by the sets of their lines (line_rules) */
    ((rule_data *)rr->data)->dn.no_lines = 1;
    uint64_t corner[2] = {W - 1, W - 1}, v, w;
    CHECK(gr_ruleset_state_value(rr, corner, 2, &v, &err) == GR_OK, "corner: %s", err.message);
    unsigned long bad = 0;
    for (uint64_t x = 0; x < W; x++)
        for (uint64_t y = 0; y < W; y++) {
            uint64_t a[2] = {x, y};
            if (gr_ruleset_state_value(rr, a, 2, &v, &err) != GR_OK || gr_ruleset_state_value(rw, a, 2, &w, &err) != GR_OK ||
                v != w)
                bad++;
        }
    const rule_data *d = rr->data;
    CHECK(!bad, "%lu cells differ from wythoff", bad);
    CHECK(d->dn.filled == (uint64_t)W * W && (!dir || d->dn.native_cells > 0), "dense: %llu cells, %llu native",
          (unsigned long long)d->dn.filled, (unsigned long long)d->dn.native_cells);
    gr_ctx_free(c);
}

/* spec in a context for its dense table (native code in dir, or off)
 * and in one for the memoized search alone, both without a clock: 0 (and
 * nothing to free) when either cannot be made */
static int dense_and_search(const char *dir, const char *spec, gr_ctx **cd, gr_ctx **cs, gr_ruleset **rd, gr_ruleset **rs) {
    gr_error ed, es;
    *cd = native_ctx(dir);
    *cs = native_ctx(NULL);
    CHECK(*cd && *cs, "context");
    int ok = *cd && *cs;
    if (ok) {
        gr_ctx_set_time_limit(*cd, 0);
        gr_ctx_set_time_limit(*cs, 0);
        ok = gr_ctx_ruleset(*cd, spec, strlen(spec), rd, &ed) == GR_OK && gr_ctx_ruleset(*cs, spec, strlen(spec), rs, &es) == GR_OK;
        CHECK(ok, "%s: %s", spec, ed.message);
    }
    if (!ok) {
        gr_ctx_free(*cd);
        gr_ctx_free(*cs);
        return 0;
    }
    ((rule_data *)(*rs)->data)->no_dense = 1;
    return 1;
}

/* Divisor loops (rulenative.c): random rules whose innermost loop runs
 * over d with `d | y` or `y % d == 0` in the condition (y the heap or an
 * outer loop's name), by native code (the divisors found by trial
 * division) and by the machine (every d): the same values to heap 1200
 * (to 160 under an outer loop), which takes in 1 and 2, primes (1009,
 * 1187), squares (961, 1024) and highly composite numbers (720, 840,
 * 1080); the path is checked to be in the generated code. And dense tables of 2 numbers with such loops
 * against the memoized search. */
static void random_divisor(const char *dir) {
    tu_rng rng = {tu_seed(2915)};
    uint64_t cases = 60 * tu_scale();
    enum { N = 1201 };
    static uint64_t gn[N], gm[N];
    static const char *const lo[] = {"1", "2", "0", "k", "n/3", "3"};
    static const char *const hi[] = {"n", "n-1", "n/2", "2*n", "k+5", "n*n"};
    static const char *const res[] = {"n-d", "d-1", "n/d", "n-d*d", "(n-d) + (d-1)", "n-2*d", "k-d", "n/d + (n-d)"};
    static const char *const pre[] = {"", "d < n and ", "d != k and ", "not (d == 2) and "};
    static const char *const test[] = {"d | n", "n % d == 0", "d | k", "k % d == 0"};
    static const char *const post[] = {"", " and d < n", " and d % 2 == 1", " and n % (d + 1) != 3"};
    unsigned long same = 0, errors = 0, with_path = 0;
    printf("divisor loops: seed %llu (GRUNDY_TEST_SEED replays it)\n", (unsigned long long)rng.s);
    for (uint64_t c = 0; c < cases; c++) {
        char spec[512];
        int outer = (int)tu_below(&rng, 3); /* 0: none; else for k in 1..n or k in n/2..n */
        const char *l = lo[tu_below(&rng, 6)], *h = hi[tu_below(&rng, 6)], *rr = res[tu_below(&rng, 8)];
        const char *t = test[tu_below(&rng, outer ? 4 : 2)];
        if (!outer && (strchr(l, 'k') || strchr(h, 'k') || strchr(rr, 'k'))) l = "1", h = "n", rr = "n-d";
        const char *pr = pre[tu_below(&rng, outer ? 4 : 2)];
        snprintf(spec, sizeof spec, "rule[n -> %s%s for d in %s..%s if %s%s%s; n -> n-1 if n %% 7 == 0]", rr,
                 outer == 1 ? " for k in 1..n" : outer == 2 ? " for k in n/2..n" : "", l, h, pr, t,
                 post[tu_below(&rng, 4)]);
        /* the generated code has the divisor path */
        gr_error err;
        gr_error_clear(&err);
        gri_rule *r = compile(spec, &err);
        CHECK(r != NULL, "%s: %s", spec, err.message);
        if (!r) continue;
        gri_buf src;
        gri_buf_init(&src, &gri_libc_alloc);
        if (gri_rule_c_source(r, &src) == GR_OK && src.data && strstr(src.data, "int64_t dv")) with_path++;
        else CHECK(0, "%s: no divisor path in the native code", spec);
        gri_buf_free(&src);
        gri_rule_free(r);
        if (!dir) continue;
        gr_ctx *cn = native_ctx(dir), *cm = native_ctx(NULL);
        if (cn) gr_ctx_set_time_limit(cn, 0);
        if (cm) gr_ctx_set_time_limit(cm, 0);
        gr_ruleset *rn, *rm;
        gr_error en, em;
        gr_error_clear(&en);
        gr_error_clear(&em);
        CHECK(cn && cm && gr_ctx_ruleset(cn, spec, strlen(spec), &rn, &en) == GR_OK &&
                  gr_ctx_ruleset(cm, spec, strlen(spec), &rm, &em) == GR_OK, "%s", spec);
        if (cn && cm) {
            size_t upto = outer ? 161 : N;
            gr_status sn = gr_ruleset_values(rn, upto, gn, &en), sm = gr_ruleset_values(rm, upto, gm, &em);
            CHECK(sn == sm && (sn != GR_OK || !memcmp(gn, gm, upto * sizeof *gn)) && !strcmp(en.message, em.message),
                  "%s: native %s '%s', machine %s '%s'", spec, gr_status_name(sn), en.message, gr_status_name(sm), em.message);
            if (sn == GR_OK && sm == GR_OK) same++;
            else errors++;
            const char *how = gr_ruleset_method(rn);
            CHECK(sn != GR_OK || (how && !strncmp(how, "native code compiled", 20)), "%s: ran %s", spec, how ? how : "?");
        }
        gr_ctx_free(cn);
        gr_ctx_free(cm);
    }
    printf("divisor loops: %llu rules, %lu with the divisor path, %lu with the same values, %lu with the same error\n",
           (unsigned long long)cases, with_path, same, errors);
    CHECK(with_path == cases, "%lu of %llu rules had the divisor path", with_path, (unsigned long long)cases);
    if (dir) CHECK(same > cases / 2, "only %lu rules compared", same);
    /* not taken where an iteration at a non-divisor could fault first */
    static const char *const not_taken[] = {
        "rule[n -> n-d for d in 1..n if n / (d - 1) > 0 and d | n]", /* divides by 0 at d = 1 first */
        "rule[n -> n-d for d in 1..n if d | n or d == 3]",           /* not an 'and' chain */
        "rule[n -> n-d for d in 1..n if d | d]",                     /* y is d itself */
    };
    for (size_t i = 0; i < sizeof not_taken / sizeof not_taken[0]; i++) {
        gr_error err;
        gr_error_clear(&err);
        gri_rule *r = compile(not_taken[i], &err);
        CHECK(r != NULL, "%s: %s", not_taken[i], err.message);
        if (!r) continue;
        gri_buf src;
        gri_buf_init(&src, &gri_libc_alloc);
        CHECK(gri_rule_c_source(r, &src) == GR_OK && src.data && !strstr(src.data, "int64_t dv"), "%s: divisor path taken",
              not_taken[i]);
        gri_buf_free(&src);
        gri_rule_free(r);
    }
    /* two numbers, dense: a divisor of either number taken from it */
    static const char *const dense[] = {
        "rule[(a,b) -> (a-d, b) for d in 1..a if d | a and d < a; (a,b) -> (a, b-d) for d in 1..b if b % d == 0]",
        "rule[(a,b) -> (a-d, b-d) for d in 1..min(a,b) if d | a and d | b; (a,b) -> (a-1, b)]",
    };
    for (size_t i = 0; dir && i < sizeof dense / sizeof dense[0]; i++) {
        gr_ctx *cd, *cs;
        gr_ruleset *rd, *rs;
        gr_error ed, es;
        if (!dense_and_search(dir, dense[i], &cd, &cs, &rd, &rs)) continue;
        for (int a = 0; a <= 60; a += 7)
            for (int b = 0; b <= 60; b += 5) {
                char pos[600];
                snprintf(pos, sizeof pos, "%s(%d,%d)", dense[i], a, b);
                gr_position *pd, *ps;
                uint64_t vd = 0, vs = 1;
                CHECK(gr_position_parse(cd, pos, strlen(pos), 0, &pd, &ed) == GR_OK &&
                          gr_position_parse(cs, pos, strlen(pos), 0, &ps, &es) == GR_OK, "%s", pos);
                CHECK(gr_position_value(pd, &vd, &ed) == GR_OK && gr_position_value(ps, &vs, &es) == GR_OK && vd == vs,
                      "%s: dense %llu, search %llu", pos, (unsigned long long)vd, (unsigned long long)vs);
                gr_position_free(pd);
                gr_position_free(ps);
            }
        CHECK(((rule_data *)rd->data)->dn.native_cells > 0, "%s: no cell by native code", dense[i]);
        gr_ctx_free(cd);
        gr_ctx_free(cs);
    }
}

/* Dense tables whose prefill keeps to the orders of the numbers that the
 * position and its options keep (rule_dense.c): 3-row Chomp from (N,N,N)
 * fills exactly its states a >= b >= c; rules whose orders hold one level
 * down but not deeper, or only for some numbers; every value against the
 * memoized search, at positions inside and outside the orders. */
static void dense_orders(const char *dir) {
    static const char CHOMP[] = "rule[(a,b,c) -> (x,min(b,x),min(c,x)) for x in 0..a-1; (a,b,c) -> (a,y,min(c,y)) for y in "
                                "0..b-1; (a,b,c) -> (a,b,z) for z in 0..c-1]";
    static const char *const rules[] = {
        CHOMP,
        /* equal numbers one level down, not at (1,1) */
        "rule[(a,b) -> (a-1,b-1) if a >= 1 and b >= 1; (a,b) -> (a,b+1) if a == 1 and b < 5; (a,b) -> (a-1,b) if a > b]",
        /* four numbers, sorted as Chomp's rows */
        "rule[(a,b,c,d) -> (x,min(b,x),min(c,x),min(d,x)) for x in 0..a-1; (a,b,c,d) -> (a,y,min(c,y),min(d,y)) for y in "
        "0..b-1; (a,b,c,d) -> (a,b,z,min(d,z)) for z in 0..c-1; (a,b,c,d) -> (a,b,c,w) for w in 0..d-1]",
        /* one order kept (a >= b), c free */
        "rule[(a,b,c) -> (a-1,min(b,a-1),c) if a >= 1; (a,b,c) -> (a,b-1,c) if b >= 1; (a,b,c) -> (a,b,c-k) for k in 1..min(c,3)]",
    };
    static const uint64_t starts[][4] = {{12, 12, 12, 0}, {6, 6, 0, 0}, {7, 7, 7, 7}, {9, 4, 8, 0}};
    tu_rng rng = {tu_seed(2916)};
    unsigned long compared = 0;
    for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
        gr_ctx *cd, *cs;
        gr_ruleset *rd, *rs;
        gr_error ed, es;
        if (!dense_and_search(dir, rules[i], &cd, &cs, &rd, &rs)) continue;
        unsigned a = gri_rule_arity(((rule_data *)rd->data)->rule);
        uint64_t vd, vs;
        gr_status sd = gr_ruleset_state_value(rd, starts[i], a, &vd, &ed), ss = gr_ruleset_state_value(rs, starts[i], a, &vs, &es);
        CHECK(sd == GR_OK && ss == GR_OK && vd == vs, "%s at the start: dense %s %llu, search %s %llu", rules[i],
              gr_status_name(sd), (unsigned long long)vd, gr_status_name(ss), (unsigned long long)vs);
        if (i == 0) /* Chomp's states a >= b >= c <= 12: C(15, 3) */
            CHECK(((rule_data *)rd->data)->dn.filled == 455, "Chomp filled %llu cells, not 455",
                  (unsigned long long)((rule_data *)rd->data)->dn.filled);
        for (int t = 0; t < 40; t++) {
            uint64_t x[4];
            for (unsigned k = 0; k < a; k++) x[k] = tu_below(&rng, starts[i][k] + 3);
            sd = gr_ruleset_state_value(rd, x, a, &vd, &ed);
            ss = gr_ruleset_state_value(rs, x, a, &vs, &es);
            CHECK(sd == ss && (sd != GR_OK || vd == vs), "%s at (%llu,%llu,...): dense %s %llu, search %s %llu", rules[i],
                  (unsigned long long)x[0], (unsigned long long)x[1], gr_status_name(sd), (unsigned long long)vd,
                  gr_status_name(ss), (unsigned long long)vs);
            compared++;
        }
        CHECK(((rule_data *)rd->data)->dn.filled > 0, "%s: not dense", rules[i]);
        /* native code values the cells along rows (grundy_rule_row) */
        if (dir)
            CHECK(((rule_data *)rd->data)->nrow && ((rule_data *)rd->data)->dn.native_cells > 0, "%s: no native rows",
                  rules[i]);
        gr_ctx_free(cd);
        gr_ctx_free(cs);
    }
    printf("dense orders%s: %lu values compared with the search\n", dir ? " (native)" : "", compared);
}

/* Rules of whole lines (rule_lines.c): random sets of directions over 2
 * to 4 numbers, the bound written min(...) in random orders and nestings,
 * a direction written twice; each valued by the sets of its lines (the
 * path checked to be taken) and by the memoized search, at random
 * positions; the Wythoff rule against the wythoff family; and rules
 * that look alike but are not whole lines (k from 2, a bound of x - 1, a
 * condition, a move up) are left to the other paths. */
static void line_rules(void) {
    tu_rng rng = {tu_seed(2917)};
    uint64_t cases = 80 * tu_scale();
    static const char *const nm[] = {"a", "b", "c", "d"};
    unsigned long compared = 0;
    printf("line rules: seed %llu (GRUNDY_TEST_SEED replays it)\n", (unsigned long long)rng.s);
    for (uint64_t t = 0; t < cases; t++) {
        unsigned a = 2 + (unsigned)tu_below(&rng, 3), nclauses = 1 + (unsigned)tu_below(&rng, 4);
        char spec[2048], head[64];
        size_t at = 0;
        int hl = snprintf(head, sizeof head, "(");
        for (unsigned j = 0; j < a; j++) hl += snprintf(head + hl, sizeof head - (size_t)hl, "%s%s", j ? "," : "", nm[j]);
        snprintf(head + hl, sizeof head - (size_t)hl, ")");
        at += (size_t)snprintf(spec + at, sizeof spec - at, "rule[");
        for (unsigned q = 0; q < nclauses; q++) {
            unsigned d = 1 + (unsigned)tu_below(&rng, (1u << a) - 1);
            at += (size_t)snprintf(spec + at, sizeof spec - at, "%s%s -> (", q ? "; " : "", head);
            for (unsigned j = 0; j < a; j++)
                at += (size_t)snprintf(spec + at, sizeof spec - at, "%s%s%s", j ? "," : "", nm[j], d >> j & 1 ? "-k" : "");
            /* the bound: the min of the moving numbers, in a random order, nested left or right */
            unsigned order[4], m = 0;
            for (unsigned j = 0; j < a; j++)
                if (d >> j & 1) order[m++] = j;
            for (unsigned i = m; i > 1; i--) {
                unsigned r = (unsigned)tu_below(&rng, i), tmp = order[i - 1];
                order[i - 1] = order[r];
                order[r] = tmp;
            }
            char bound[64];
            snprintf(bound, sizeof bound, "%s", nm[order[0]]);
            for (unsigned i = 1; i < m; i++) {
                char nb[96];
                if (tu_below(&rng, 2)) snprintf(nb, sizeof nb, "min(%s,%s)", bound, nm[order[i]]);
                else snprintf(nb, sizeof nb, "min(%s,%s)", nm[order[i]], bound);
                snprintf(bound, sizeof bound, "%.60s", nb);
            }
            at += (size_t)snprintf(spec + at, sizeof spec - at, ") for k in 1..%s", bound);
        }
        snprintf(spec + at, sizeof spec - at, "]");
        gr_ctx *cd, *cs;
        gr_ruleset *rd, *rs;
        gr_error ed, es;
        if (!dense_and_search(NULL, spec, &cd, &cs, &rd, &rs)) continue;
        unsigned side = a == 2 ? 30 : a == 3 ? 9 : 5;
        for (int i = 0; i < 12; i++) {
            uint64_t x[4], vd = 0, vs = 1;
            for (unsigned j = 0; j < a; j++) x[j] = tu_below(&rng, side);
            gr_status sd = gr_ruleset_state_value(rd, x, a, &vd, &ed), ss = gr_ruleset_state_value(rs, x, a, &vs, &es);
            CHECK(sd == GR_OK && ss == GR_OK && vd == vs, "%s at (%llu,%llu,...): lines %s %llu, search %s %llu", spec,
                  (unsigned long long)x[0], (unsigned long long)x[1], gr_status_name(sd), (unsigned long long)vd,
                  gr_status_name(ss), (unsigned long long)vs);
            compared++;
        }
        CHECK(((rule_data *)rd->data)->dn.line_cells > 0, "%s: not valued by its lines", spec);
        gr_ctx_free(cd);
        gr_ctx_free(cs);
    }
    printf("line rules: %llu random rules, %lu values compared with the search\n", (unsigned long long)cases, compared);
    /* the Wythoff rule against the family, every cell of 80 x 80 */
    {
        static const char W[] = "rule[(x,y) -> (x-k,y) for k in 1..x; (x,y) -> (x,y-k) for k in 1..y; (x,y) -> (x-k,y-k) for k in 1..min(y,x)]";
        gr_ctx *c = native_ctx(NULL);
        gr_ruleset *rw, *fam;
        gr_error err;
        CHECK(c && gr_ctx_ruleset(c, W, sizeof W - 1, &rw, &err) == GR_OK && gr_ctx_ruleset(c, "wythoff", 7, &fam, &err) == GR_OK,
              "wythoff");
        uint64_t corner[2] = {79, 79}, v, w;
        CHECK(gr_ruleset_state_value(rw, corner, 2, &v, &err) == GR_OK, "corner");
        int same = 1;
        for (uint64_t x = 0; x < 80; x++)
            for (uint64_t y = 0; y < 80; y++) {
                uint64_t p[2] = {x, y};
                if (gr_ruleset_state_value(rw, p, 2, &v, &err) != GR_OK || gr_ruleset_state_value(fam, p, 2, &w, &err) != GR_OK ||
                    v != w)
                    same = 0;
            }
        CHECK(same, "the Wythoff rule by its lines differs from the wythoff family");
        CHECK(((rule_data *)rw->data)->dn.line_cells == 80 * 80, "%llu cells by lines",
              (unsigned long long)((rule_data *)rw->data)->dn.line_cells);
        gr_ctx_free(c);
    }
    /* alike, but not whole lines */
    static const char *const not_lines[] = {
        "rule[(x,y) -> (x-k,y) for k in 2..x; (x,y) -> (x,y-k) for k in 1..y]",
        "rule[(x,y) -> (x-k,y) for k in 1..x-1; (x,y) -> (x,y-1) if y > 0]",
        "rule[(x,y) -> (x-k,y) for k in 1..x if k != 2; (x,y) -> (x,y-k) for k in 1..y]",
        "rule[(x,y) -> (x-k,y+k) for k in 1..x]",
        "rule[(x,y) -> (x-k,y-k) for k in 1..x]",
        "rule[(x,y) -> (x-k,y) for k in 1..min(x,y)]",
    };
    for (size_t i = 0; i < sizeof not_lines / sizeof not_lines[0]; i++) {
        gr_ctx *cd = native_ctx(NULL), *cs = native_ctx(NULL);
        gr_ruleset *rd, *rs;
        gr_error ed, es;
        CHECK(cd && cs && gr_ctx_ruleset(cd, not_lines[i], strlen(not_lines[i]), &rd, &ed) == GR_OK &&
                  gr_ctx_ruleset(cs, not_lines[i], strlen(not_lines[i]), &rs, &es) == GR_OK, "%s", not_lines[i]);
        ((rule_data *)rs->data)->no_dense = 1;
        uint64_t x[2] = {13, 9}, vd = 0, vs = 1;
        gr_status sd = gr_ruleset_state_value(rd, x, 2, &vd, &ed), ss = gr_ruleset_state_value(rs, x, 2, &vs, &es);
        CHECK(sd == ss && (sd != GR_OK || vd == vs), "%s: dense %s %llu, search %s %llu", not_lines[i], gr_status_name(sd),
              (unsigned long long)vd, gr_status_name(ss), (unsigned long long)vs);
        CHECK(((rule_data *)rd->data)->dn.line_cells == 0, "%s: valued by lines", not_lines[i]);
        gr_ctx_free(cd);
        gr_ctx_free(cs);
    }
}

int main(void) {
    random_stops();
    wythoff_table(NULL);
    search_bound();
    random_dense(NULL);
    known_stops();
    random_divisor(NULL);
    dense_orders(NULL);
    line_rules();
    /* native code needs a C compiler; without one the rules stay on the machine */
    char dir[] = "/tmp/grundy-rulefast-XXXXXX";
    if (mkdtemp(dir)) {
        random_native(dir);
        edge_native(dir);
        random_divisor(dir);
        dense_orders(dir);
        random_dense(dir);
        wythoff_table(dir);
        char cmd[128];
        snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
        if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
    }
    return tu_finish("test_rulefast");
}
