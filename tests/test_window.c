/* Windowed runs (grundy/window.h) against the full table: every code of
 * tb[0.??] that splits, a seeded sample of tb[0.???] and tb[4.??], and
 * Grundy's game, to N values (GRUNDY_WINDOW_N, default 2^15) with small
 * windows, so that the window slides many times; on one thread and on two
 * (the helper computing the far options), and with the portable kernels. A run may decline (a listed position too far out, or a
 * heap the kept values cannot decide), but every value it hands out must be
 * the table's. Then resumes from saved states at random points, damaged and
 * truncated states, and bad configurations. */
#include <stddef.h>
#include <string.h>
#include "grundy/grundy.h"
#include "core/rs.h"
#include "core/sparse_class.h"
#include "core/window_far.h"
#include "core/window_state.h"
#include "testutil.h"

/* two threads from the first heap on, one way (GRI_WAY_FAR: the helper
 * makes the far options; GRI_WAY_SPEC: the values are taken from the listed
 * scan and a verifier runs the passes behind): the run would first time
 * PROBE heaps each way (private record, core/window_state.h) */
static void force_helper(gr_window *w, unsigned threads, int way) {
    if (threads < 2) return;
    w->probing = 0;
    w->help = way;
    w->next_probe = UINT64_MAX;
}

typedef struct collect {
    uint64_t n;      /* values received */
    uint32_t *v;
    uint64_t cap;
    int gap;
} collect;

static int take(void *user, uint64_t first, const uint32_t *v, size_t len) {
    collect *c = user;
    if (first != c->n || first + len > c->cap) { c->gap = 1; return 1; }
    memcpy(c->v + first, v, len * sizeof *v);
    c->n += len;
    return 0;
}

typedef struct mem {
    uint8_t *p;
    size_t n, cap, pos;
} mem;

static int mem_write(void *user, const void *p, size_t n) {
    mem *m = user;
    if (m->n + n > m->cap) {
        size_t c = (m->n + n) * 2;
        uint8_t *q = realloc(m->p, c);
        if (!q) return 1;
        m->p = q;
        m->cap = c;
    }
    memcpy(m->p + m->n, p, n);
    m->n += n;
    return 0;
}

static int mem_read(void *user, void *p, size_t n) {
    mem *m = user;
    if (m->pos + n > m->n) return 1;
    memcpy(p, m->p + m->pos, n);
    m->pos += n;
    return 0;
}

/* the full table's values G(0..n-1) */
static uint32_t *full_table(const char *spec, uint64_t n) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    uint32_t *v = malloc(n * sizeof *v);
    if (!v) abort();
    int ok = gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) == GR_OK && gr_ruleset_compute(rs, n, &err) == GR_OK;
    CHECK(ok, "%s: %s", spec, err.message);
    for (uint64_t i = 0; ok && i < n; i++) {
        uint64_t x = 0;
        ok = gr_ruleset_value(rs, i, &x, &err) == GR_OK;
        v[i] = (uint32_t)x;
    }
    gr_ctx_free(ctx);
    if (!ok) { free(v); return NULL; }
    return v;
}

static long old_slow;
static long runs, decided_runs, declined_new, declined_run, helped_runs, slow_runs, far_seen;
static long spec_runs, spec_fails, spec_fail_runs;

/* the caller's values for the slow pass: the reference table itself */
typedef struct oldvals {
    const uint32_t *ref;
    const collect *c; /* only values already handed out may be asked for */
    int bad;
} oldvals;

static int give(void *user, uint64_t first, uint64_t count, uint32_t *out) {
    oldvals *o = user;
    if (first + count > o->c->n) { o->bad = 1; return 1; }
    memcpy(out, o->ref + first, count * sizeof *out);
    return 0;
}

static long batch_runs, batch_off_runs;

/* a windowed run of spec to n with window w against ref; 1 when it went to
 * n. batch: the one-thread listed scan in batches (window.c own_batch) 1
 * always, -1 never, 0 where it pays */
static int windowed(const char *spec, uint64_t n, uint64_t w, int portable, unsigned threads, int way, int keep,
                    int batch, const uint32_t *ref) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_window *win;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    collect c = {0, malloc(n * sizeof(uint32_t)), n, 0};
    CHECK(gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) == GR_OK, "%s", err.message);
    if (portable) rs->sp.avx2 = -1;
    gr_window_config cfg = GR_SIZED(gr_window_config);
    cfg.window = w;
    cfg.threads = threads;
    runs++;
    int went = 0;
    gr_status st = gr_window_new(rs, &cfg, &win, &err);
    if (st != GR_OK) {
        CHECK(st == GR_EINVAL, "%s window %llu: %s", spec, (unsigned long long)w, err.message);
        declined_new++;
    } else {
        oldvals ov = {ref, &c, 0};
        force_helper(win, threads, way);
        win->batch = batch;
        if (keep) gr_window_set_values(win, give, &ov);
        st = gr_window_run(win, n, take, &c, &err);
        if (threads > 1 && way == GRI_WAY_SPEC) {
            spec_runs++;
            spec_fails += (long)win->spec_fails;
            spec_fail_runs += win->spec_fails > 0;
        }
        CHECK(!ov.bad, "%s: the run asked for a value not yet handed out", spec);
        CHECK(!keep || st == GR_OK || strstr(err.message, "rare values keep coming"),
              "%s window %llu with the values kept: %s", spec, (unsigned long long)w, err.message);
        CHECK(st == GR_OK || st == GR_ELIMIT, "%s window %llu: %s", spec, (unsigned long long)w, err.message);
        if (st == GR_OK) {
            if (getenv("GRUNDY_WINDOW_LIST")) printf("  %s window %llu: to the end\n", spec, (unsigned long long)w);
            CHECK(c.n == n, "%s: %llu values of %llu", spec, (unsigned long long)c.n, (unsigned long long)n);
            decided_runs++;
            went = 1;
        } else {
            CHECK(strstr(err.message, "is not decided") || strstr(err.message, "rare values keep coming") ||
                      (!keep && strstr(err.message, "no longer keeps")),
                  "%s: %s", spec, err.message);
            declined_run++;
        }
        gr_window_stats s = GR_SIZED(gr_window_stats);
        gr_window_stats_get(win, &s);
        if (s.helped) helped_runs++;
        if (s.slow_heaps) slow_runs++;
        if (getenv("GRUNDY_WINDOW_LIST") && s.far_listed && st == GR_OK)
            printf("  %s window %llu: %llu rare positions past the window\n", spec, (unsigned long long)w,
                   (unsigned long long)s.far_listed);
        CHECK(keep || !s.slow_heaps, "%s: a slow pass without the values", spec);
        CHECK(threads > 1 || !s.helped, "%s: a helper thread ran in a one-thread run", spec);
        CHECK(way != GRI_WAY_SPEC || threads < 2 || !s.verified || s.threads == threads,
              "%s: %u threads asked, the verifiers' way ran %u", spec, threads, s.threads);
        CHECK(s.verified <= s.helped && s.sent_back == win->spec_fails && (way == GRI_WAY_SPEC || !s.verified),
              "%s: %llu verified of %llu helped, %llu sent back", spec, (unsigned long long)s.verified,
              (unsigned long long)s.helped, (unsigned long long)s.sent_back);
        {
            /* a record sized before the verifier's fields gets the others */
            gr_window_stats old;
            memset(&old, 0xAB, sizeof old);
            old.size = offsetof(gr_window_stats, verified);
            gr_window_stats_get(win, &old);
            CHECK(old.done == s.done && old.emitted == s.emitted && old.helped == s.helped &&
                      old.verified == 0xABABABABABABABABull,
                  "%s: an older stats record", spec);
        }
        CHECK(batch >= 0 || !win->own_heaps, "%s: a batch in a run that forbids them", spec);
        batch_runs += win->own_heaps > 0;
        batch_off_runs += batch < 0;
        CHECK(s.done >= c.n && s.window == w && s.head >= w, "%s: stats done %llu of %llu", spec,
              (unsigned long long)s.done, (unsigned long long)c.n);
        gr_window_free(win);
    }
    CHECK(!c.gap, "%s: the values came out of order", spec);
    uint64_t bad = 0, first = 0;
    for (uint64_t i = 0; i < c.n; i++)
        if (c.v[i] != ref[i] && !bad++) first = i;
    CHECK(!bad, "%s window %llu%s, %u threads (way %d): %llu values differ from the table, first G(%llu) = %u, not %u",
          spec, (unsigned long long)w, portable ? " (portable)" : "", threads, way, (unsigned long long)bad,
          (unsigned long long)first,
          bad ? c.v[first] : 0, bad ? ref[first] : 0);
    free(c.v);
    gr_ctx_free(ctx);
    return went;
}

/* The far positions' options taken lazily (window_far.c: a far position
 * of value >= vcap = 2^bitlen(umax) only where its partner is listed) are
 * the full ones below vcap. Compared at every heap of a run with w from its
 * first far position (or n/2) on, and at the end for every sum of a high
 * far position and a listed one, with two made-up far positions whose
 * values agree above vcap (at this scale no real pair's sum is reached). */
static long lazy_compared, pairs_compared;

/* 1 when the lazy and full sets of the sums agree below vcap (and lazy is
 * within full); *skipped as gri_wfar_options's */
static int lazy_full_agree(gr_window *win, size_t *sums, size_t ns, int *skipped) {
    uint64_t lazy[64], full[64];
    gr_error err;
    int sk_full;
    memset(lazy, 0, sizeof lazy);
    memset(full, 0, sizeof full);
    if (gri_wfar_options(win, sums, ns, lazy, 0, skipped, &err) != GR_OK ||
        gri_wfar_options(win, sums, ns, full, 1, &sk_full, &err) != GR_OK || sk_full)
        return 0;
    unsigned b = gri_bitlen64(win->umax);
    for (uint64_t x = 0; x < 4096; x++) {
        int l = (int)(lazy[x >> 6] >> (x & 63) & 1), f = (int)(full[x >> 6] >> (x & 63) & 1);
        if ((x >> b == 0 && l != f) || l > f) return 0;
    }
    return 1;
}

static void lazy_sets(const char *spec, uint64_t n, uint64_t w, const uint32_t *ref) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_window *win;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    collect c = {0, malloc(n * sizeof(uint32_t)), n, 0};
    gr_window_config cfg = GR_SIZED(gr_window_config);
    cfg.window = w;
    cfg.threads = 1;
    if (gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) == GR_OK && gr_window_new(rs, &cfg, &win, &err) == GR_OK) {
        oldvals ov = {ref, &c, 0};
        gr_window_set_values(win, give, &ov);
        size_t sums[GRI_WIN_MAX];
        int skipped = 0;
        /* heap by heap once there are far positions */
        while (win->n < n && gr_window_run(win, win->nfar ? win->n + 1 : n / 2 > win->n ? n / 2 : win->n + 1, take, &c,
                                           &err) == GR_OK) {
            if (!win->nfar || win->n >= n || win->vmax >= 2048) continue;
            size_t ns = 0;
            for (size_t i = 0; i < win->wr.ntwo; i++) sums[ns++] = (size_t)(win->n - win->wr.two[i]);
            CHECK(lazy_full_agree(win, sums, ns, &skipped), "%s window %llu at heap %llu: the lazy far options differ",
                  spec, (unsigned long long)w, (unsigned long long)win->n);
            lazy_compared += skipped;
        }
        unsigned b = gri_bitlen64(win->umax);
        /* the made-up positions' values, as the caller's values say (their
         * partners' caches emptied) */
        uint32_t *made = malloc(n * sizeof *made);
        memcpy(made, ref, n * sizeof *made);
        made[n / 3] = (1u << b) | 3;
        made[n / 4] = (1u << b) | 5;
        oldvals ov_made = {made, &c, 0};
        if (win->n == n && win->vmax < 1024 && b < 10 && n / 4 >= win->head && n / 3 < win->base &&
            gri_wfar_add(win, n / 3, made[n / 3], &err) == GR_OK && gri_wfar_add(win, n / 4, made[n / 4], &err) == GR_OK) {
            gr_window_set_values(win, give, &ov_made);
            for (size_t i = 0; i < win->nfar; i++) win->farpos[i].len = 0;
            /* vmax is the largest value, the made-up ones too (a 256-bit
             * set holds the far options while it is below 256) */
            for (size_t i = 0; i < win->nfar; i++)
                if (win->vmax < win->farpos[i].val) win->vmax = win->farpos[i].val;
            size_t last = (size_t)n - 1;
            lazy_full_agree(win, &last, 1, &skipped); /* makes the pairs */
            for (size_t i = 0; i < win->npairs && win->pairs[i].r < n; i++) {
                size_t r = (size_t)win->pairs[i].r;
                CHECK(lazy_full_agree(win, &r, 1, &skipped), "%s: the lazy far options of sum %zu differ", spec, r);
                pairs_compared += win->pairs[i].x >> b == 0;
            }
        }
        free(made);
        gr_window_free(win);
    }
    free(c.v);
    gr_ctx_free(ctx);
}

static void against_table(const char *spec, uint64_t n, int portable_too) {
    uint32_t *ref = full_table(spec, n);
    if (!ref) return;
    lazy_sets(spec, n, 4096, ref);
    windowed(spec, n, 4096, 0, 1, GRI_WAY_ONE, 0, 0, ref);
    windowed(spec, n, 16384, 0, 1, GRI_WAY_ONE, 0, 1, ref);
    windowed(spec, n, 4096, 0, 2, GRI_WAY_FAR, 1, 0, ref);
    windowed(spec, n, 4096, 0, 2, GRI_WAY_SPEC, 1, 1, ref);
    windowed(spec, n, 16384, 0, 2, GRI_WAY_SPEC, 0, 0, ref);
    windowed(spec, n, 4096, 0, 1, GRI_WAY_ONE, 1, -1, ref);
    /* more verifiers than cores (2 here): each checks stretches of its own */
    windowed(spec, n, 4096, 0, 3, GRI_WAY_SPEC, 1, 0, ref);
    windowed(spec, n, 4096, 0, 8, GRI_WAY_SPEC, 0, 1, ref);
    if (portable_too) {
        windowed(spec, n, 4096, 1, 2, GRI_WAY_FAR, 1, 0, ref);
        windowed(spec, n, 4096, 1, 2, GRI_WAY_SPEC, 1, 1, ref);
        windowed(spec, n, 4096, 1, 1, GRI_WAY_ONE, 0, 1, ref);
    }
    free(ref);
}

/* runs to a random point, saves, resumes in a fresh context, and so on to
 * n: the values must be those of one uninterrupted run */
static void resume(const char *spec, uint64_t n, uint64_t w, int keep, tu_rng *r) {
    uint32_t *ref = full_table(spec, n);
    if (!ref) return;
    collect c = {0, malloc(n * sizeof(uint32_t)), n, 0};
    gr_window_config cfg = GR_SIZED(gr_window_config);
    cfg.window = w;
    cfg.threads = 2;
    mem m = {0};
    int stops = 0, ok = 1;
    while (ok && c.n < n) {
        gr_ctx *ctx;
        gr_ruleset *rs;
        gr_window *win;
        gr_error err;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        ok = gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) == GR_OK;
        if (ok && !m.n) ok = gr_window_new(rs, &cfg, &win, &err) == GR_OK;
        else if (ok) {
            m.pos = 0;
            ok = gr_window_load(rs, &cfg, mem_read, &m, &win, &err) == GR_OK;
        }
        CHECK(ok, "%s: %s", spec, err.message);
        if (!ok) { gr_ctx_free(ctx); break; }
        uint64_t to = stops < 4 ? c.n + 1 + tu_below(r, n / 3) : n;
        if (to > n) to = n;
        oldvals ov = {ref, &c, 0};
        force_helper(win, cfg.threads, stops % 2 ? GRI_WAY_FAR : GRI_WAY_SPEC);
        if (keep) gr_window_set_values(win, give, &ov);
        ok = gr_window_run(win, to, take, &c, &err) == GR_OK;
        if (keep) {
            gr_window_stats ws = GR_SIZED(gr_window_stats);
            gr_window_stats_get(win, &ws);
            far_seen += ws.far_listed;
        }
        CHECK(ok && c.n == to, "%s: run to %llu: %s", spec, (unsigned long long)to, ok ? "" : err.message);
        m.n = 0;
        CHECK(gr_window_save(win, mem_write, &m, &err) == GR_OK, "%s", err.message);
        gr_window_free(win);
        gr_ctx_free(ctx);
        stops++;
    }
    uint64_t bad = 0;
    for (uint64_t i = 0; i < c.n; i++) bad += c.v[i] != ref[i];
    CHECK(ok && c.n == n && !bad, "%s: resumed %d times: %llu values, %llu differ", spec, stops - 1,
          (unsigned long long)c.n, (unsigned long long)bad);
    free(m.p);
    free(c.v);
    free(ref);
}

/* a state saved before the largest unlisted value was kept ("grundy window
 * 2": one header field fewer) still resumes, to the same values: the run
 * takes vmax for it until its first slow pass, which reads every value
 * once for the exact one */
static void old_state(const char *spec, uint64_t n, uint64_t w) {
    uint32_t *ref = full_table(spec, n);
    if (!ref) return;
    collect c = {0, malloc(n * sizeof(uint32_t)), n, 0};
    gr_window_config cfg = GR_SIZED(gr_window_config);
    cfg.window = w;
    mem m = {0};
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_window *win;
    gr_error err;
    oldvals ov = {ref, &c, 0};
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    int ok = gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) == GR_OK && gr_window_new(rs, &cfg, &win, &err) == GR_OK;
    CHECK(ok, "%s: %s", spec, err.message);
    if (!ok) { gr_ctx_free(ctx); free(c.v); free(ref); return; }
    gr_window_set_values(win, give, &ov);
    ok = gr_window_run(win, n / 3, take, &c, &err) == GR_OK && gr_window_save(win, mem_write, &m, &err) == GR_OK;
    CHECK(ok, "%s: %s", spec, err.message);
    gr_window_free(win);
    gr_ctx_free(ctx);
    /* version 3 to 2: the magic, the tenth field out, the hash again */
    const size_t hdr = 16, field10 = hdr + 9 * 8;
    CHECK(m.n > field10 + 16 && !memcmp(m.p, "grundy window 3\n", hdr), "%s: not a version 3 state", spec);
    m.p[14] = '2';
    memmove(m.p + field10, m.p + field10 + 8, m.n - field10 - 8);
    m.n -= 8;
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i + 8 < m.n; i++) h = (h ^ m.p[i]) * 0x100000001b3ull;
    for (int i = 0; i < 8; i++) m.p[m.n - 8 + i] = (uint8_t)(h >> (8 * i));
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    ok = gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) == GR_OK &&
         gr_window_load(rs, &cfg, mem_read, &m, &win, &err) == GR_OK;
    CHECK(ok, "%s: a version 2 state: %s", spec, ok ? "" : err.message);
    if (ok) {
        CHECK(!win->umax_exact && win->umax == win->vmax, "%s: a version 2 state's umax %u (vmax %u)", spec,
              (unsigned)win->umax, (unsigned)win->vmax);
        gr_window_set_values(win, give, &ov);
        ok = gr_window_run(win, n, take, &c, &err) == GR_OK;
        CHECK(ok && c.n == n, "%s: resumed from version 2: %s", spec, ok ? "" : err.message);
        gr_window_stats ws = GR_SIZED(gr_window_stats);
        gr_window_stats_get(win, &ws);
        old_slow += (long)ws.slow_heaps;
        CHECK(!ws.slow_heaps || win->umax_exact, "%s: %llu slow heaps and umax still not exact", spec,
              (unsigned long long)ws.slow_heaps);
        gr_window_free(win);
    }
    gr_ctx_free(ctx);
    uint64_t bad = 0;
    for (uint64_t i = 0; i < c.n; i++) bad += c.v[i] != ref[i];
    CHECK(!bad && !ov.bad, "%s: resumed from version 2: %llu values differ", spec, (unsigned long long)bad);
    free(m.p);
    free(c.v);
    free(ref);
}

/* a saved state cut short or with a byte changed is refused, never used */
static void damaged(const char *spec, tu_rng *r) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_window *win;
    gr_error err;
    gr_window_config cfg = GR_SIZED(gr_window_config);
    cfg.window = 4096;
    mem m = {0};
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    CHECK(gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) == GR_OK && gr_window_new(rs, &cfg, &win, &err) == GR_OK &&
              gr_window_run(win, 20000, NULL, NULL, &err) == GR_OK && gr_window_save(win, mem_write, &m, &err) == GR_OK,
          "%s: %s", spec, err.message);
    gr_window_free(win);
    gr_ctx_free(ctx);
    for (int t = 0; t < 40; t++) {
        mem d = m;
        uint8_t *copy = malloc(m.n);
        memcpy(copy, m.p, m.n);
        d.p = copy;
        d.pos = 0;
        if (t < 20) d.n = tu_below(r, m.n);
        else copy[tu_below(r, m.n)] ^= (uint8_t)(1 + tu_below(r, 255));
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        CHECK(gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) == GR_OK, "%s", err.message);
        gr_status st = gr_window_load(rs, &cfg, mem_read, &d, &win, &err);
        CHECK(st == GR_EPARSE || st == GR_EINVAL, "%s: a %s state was %s (%s)", spec, t < 20 ? "truncated" : "damaged",
              st == GR_OK ? "accepted" : "refused wrongly", st == GR_OK ? "" : err.message);
        if (st == GR_OK) gr_window_free(win);
        gr_ctx_free(ctx);
        free(copy);
    }
    /* another ruleset's state */
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    m.pos = 0;
    CHECK(gr_ctx_ruleset(ctx, "tb[0.77]", 8, &rs, &err) == GR_OK &&
              gr_window_load(rs, &cfg, mem_read, &m, &win, &err) == GR_EINVAL && strstr(err.message, "not one of"),
          "a state of %s loaded into tb[0.77]: %s", spec, err.message);
    gr_ctx_free(ctx);
    free(m.p);
}

static void bad_configs(void) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_window *win;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    gr_window_config cfg = GR_SIZED(gr_window_config);
    cfg.window = 100;
    CHECK(gr_ctx_ruleset(ctx, "tb[0.6]", 7, &rs, &err) == GR_OK && gr_window_new(rs, &cfg, &win, &err) == GR_ERANGE,
          "window 100: %s", err.message);
    cfg.window = 0;
    CHECK(gr_ctx_ruleset(ctx, "sub[1,2]", 8, &rs, &err) == GR_OK && gr_window_new(rs, &cfg, &win, &err) == GR_EINVAL &&
              strstr(err.message, "take-and-break"), "sub: %s", err.message);
    CHECK(gr_ctx_ruleset(ctx, "tb[0.4!]", 8, &rs, &err) == GR_OK && gr_window_new(rs, &cfg, &win, &err) == GR_EINVAL,
          "a repeating code: %s", err.message);
    gr_window_config unsized = {0};
    CHECK(gr_ctx_ruleset(ctx, "tb[0.6]", 7, &rs, &err) == GR_OK && gr_window_new(rs, &unsized, &win, &err) == GR_EINVAL,
          "unsized config: %s", err.message);
    gr_ctx_free(ctx);
}

int main(int argc, char **argv) {
    uint64_t n = tu_env_u64("GRUNDY_WINDOW_N", (uint64_t)1 << 15);
    tu_rng r = {tu_seed(20261126)};
    char spec[32];
    if (argc > 1 && !strcmp(argv[1], "quick")) {
        /* a few codes with every way on several threads (the data race
         * check runs this): .167 and Officers go through the verifiers,
         * with heaps sent back, and through the helper */
        against_table("tb[0.167]", n / 2, 0);
        against_table("tb[0.6]", n / 2, 0);
        against_table("tb[0.14]", n / 2, 0);
        CHECK(spec_runs >= 6 && helped_runs >= 6, "the threads ran in %ld runs only", helped_runs);
        return tu_finish("window quick");
    }
    long before = decided_runs;
    for (int d1 = 0; d1 < 8; d1++)
        for (int d2 = 0; d2 < 8; d2++) {
            if (!((d1 | d2) & 4)) continue; /* no split: no sparse-space method */
            snprintf(spec, sizeof spec, "tb[0.%d%d]", d1, d2);
            against_table(spec, n, d1 == 1 && (d2 & 1));
        }
    CHECK(decided_runs - before >= 40, "only %ld of the 0.?? runs went to the end", decided_runs - before);
    uint64_t sample = 16 * tu_scale();
    for (uint64_t i = 0; i < sample; i++) {
        int d1 = (int)tu_below(&r, 8), d2 = (int)tu_below(&r, 8), d3 = 1 + (int)tu_below(&r, 7);
        if (!((d1 | d2 | d3) & 4)) d3 |= 4;
        snprintf(spec, sizeof spec, "tb[0.%d%d%d]", d1, d2, d3);
        against_table(spec, n, i % 4 == 0);
    }
    for (uint64_t i = 0; i < 4 * tu_scale(); i++) {
        snprintf(spec, sizeof spec, "tb[4.%d%d]", (int)tu_below(&r, 8), 1 + (int)tu_below(&r, 7));
        against_table(spec, n / 4, 0);
    }
    against_table("tb[0.167]", n, 1);
    against_table("grundy", n / 4, 0);
    printf("%ld windowed runs: %ld to the end, %ld declined at the start, %ld stopped at an undecided heap; %ld "
           "used the helper thread, %ld read values no longer kept\n", runs, decided_runs, declined_new, declined_run,
           helped_runs, slow_runs);
    CHECK(slow_runs >= 10, "only %ld runs read values no longer kept", slow_runs);
    printf("%ld heaps with far positions taken lazily, their options compared with all of them\n", lazy_compared);
    CHECK(lazy_compared >= 1000, "only %ld heaps took far positions lazily", lazy_compared);
    printf("%ld sums of a far and a listed position with an XOR below 2^bitlen(umax) compared\n", pairs_compared);
    CHECK(pairs_compared >= 100, "only %ld sums of a far and a listed position compared", pairs_compared);
    CHECK(helped_runs >= 20, "the helper thread ran in %ld runs only", helped_runs);
    printf("%ld runs took the listed scan in batches (%ld runs forbade them)\n", batch_runs, batch_off_runs);
    CHECK(batch_runs >= 40, "only %ld runs took the listed scan in batches", batch_runs);
    printf("%ld runs with the verifier: %ld heaps sent back in %ld of them\n", spec_runs, spec_fails, spec_fail_runs);
    CHECK(spec_fail_runs >= 10 && spec_fails >= 100, "the verifier sent back %ld heaps in %ld runs only", spec_fails,
          spec_fail_runs);
    resume("tb[0.167]", n, 4096, 0, &r);
    resume("tb[0.77]", n, 4096, 0, &r);
    resume("tb[0.6]", 4 * n, 2 * n, 0, &r);
    resume("tb[0.66]", n, 4096, 1, &r);
    CHECK(far_seen > 0, "no resumed run held a rare position past the window");
    old_state("tb[0.66]", n, 4096);
    old_state("tb[0.167]", n, 4096);
    CHECK(old_slow > 0, "no run resumed from a version 2 state had a slow heap");
    damaged("tb[0.167]", &r);
    bad_configs();
    return tu_finish("window");
}
