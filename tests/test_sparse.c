/* The sparse-space method against the naive mex: for dozens of random
 * take-and-break codes (including Kayles, Dawson's, 0.16 and 0.106) every
 * value up to 4000 must be the same whether the table switches to the
 * sparse method at 32 values or never; also with every kernel forced (the
 * value-by-value compares, the byte flags, the portable code) and with the
 * class chosen again, at random, every few values. The internal tuning
 * knobs come from the library's private header (sparse.h). */
#include <string.h>
#include "grundy/grundy.h"
#include "core/rs.h"
#include "core/sparse.h"
#include "brute.h"
#include "randrule.h"
#include "testutil.h"

static long compared;

/* how the sparse table is run: tuned (0: as shipped) with k0, every, seed, portable */
typedef struct tune {
    int on;
    unsigned k0;
    size_t every;
    uint64_t seed;
    int portable;
} tune;
static tune cur_tune;
static size_t switches; /* class changes by the shipped schedule */

/* the internal record agrees with itself: the listed positions are exactly
 * those of the class, and the counts add up to the classified positions */
static void check_state(const gr_ruleset *rs, const char *spec) {
    if (rs->sp.on != 1) return;
    size_t k = 0, bad = 0;
    for (size_t i = 0; i < rs->sp.upto; i++) {
        uint32_t v = gri_tab_at(rs, i);
        unsigned c = (unsigned)__builtin_parity(v & rs->sp.mask) ^ (rs->sp.dom & (unsigned)((i ^ rs->sp.pp) & 1));
        if (!c) {
            if (k >= rs->sp.nrare || rs->sp.rare[k] != i || rs->sp.rval[k] != v) bad++;
            k++;
        }
    }
    uint64_t total = 0;
    for (size_t x = 0; x < ((size_t)2 << rs->sp.cb); x++) total += rs->sp.cnt[x];
    CHECK(!bad && k == rs->sp.nrare && total == rs->sp.upto, "%s: listed %zu (record %zu, %zu wrong), counts %llu of %zu", spec,
          k, rs->sp.nrare, bad, (unsigned long long)total, rs->sp.upto);
}

/* seed: a prefix loaded into both tables before computing (NULL: none) */
static void compare_seeded(const char *spec, uint64_t n, const uint64_t *seed, uint64_t nseed);
static void compare(const char *spec, uint64_t n) { compare_seeded(spec, n, NULL, 0); }

static void compare_seeded(const char *spec, uint64_t n, const uint64_t *seed, uint64_t nseed) {
    gr_ctx *a, *b;
    gr_ruleset *ra, *rb;
    gr_error err;
    if (gr_ctx_new(&a) != GR_OK || gr_ctx_new(&b) != GR_OK) abort();
    gr_ctx_set_sparse_start(a, 32);
    gr_ctx_set_sparse_start(b, UINT64_MAX);
    uint64_t *va = malloc(n * sizeof *va), *vb = malloc(n * sizeof *vb);
    CHECK(gr_ctx_ruleset(a, spec, strlen(spec), &ra, &err) == GR_OK && gr_ctx_ruleset(b, spec, strlen(spec), &rb, &err) == GR_OK,
          "%s", err.message);
    if (nseed)
        CHECK(gr_ruleset_seed(ra, seed, nseed, &err) == GR_OK && gr_ruleset_seed(rb, seed, nseed, &err) == GR_OK, "%s", err.message);
    if (cur_tune.on) {
        /* the switch first, then the knobs, then on */
        uint64_t first = n < 64 ? n : 64;
        CHECK(gr_ruleset_values(ra, first, va, &err) == GR_OK, "%s", err.message);
        gri_sp_tune(ra, cur_tune.k0, cur_tune.every, cur_tune.seed, cur_tune.portable);
    }
    CHECK(gr_ruleset_values(ra, n, va, &err) == GR_OK && gr_ruleset_values(rb, n, vb, &err) == GR_OK, "%s", err.message);
    check_state(ra, spec);
    if (!cur_tune.on) switches += gri_sp_switches(ra);
    for (uint64_t i = 0; i < n; i++) {
        CHECK(va[i] == vb[i], "%s: G(%llu) sparse %llu, naive %llu", spec, (unsigned long long)i, (unsigned long long)va[i],
              (unsigned long long)vb[i]);
        compared++;
    }
    free(va);
    free(vb);
    gr_ctx_free(a);
    gr_ctx_free(b);
}

/* The textbook table of a code with digits d[0..nd) (three-way splits by
 * a triple loop) from G(0..npre-1) = pre on: the reference for the
 * word-parallel three-way kernel. */
static void ref_code(const unsigned *d, size_t nd, const uint64_t *pre, size_t npre, size_t n, uint64_t *g) {
    static unsigned char seen[1 << 16];
    for (size_t m = 0; m < n; m++) {
        if (m < npre) { g[m] = pre[m]; continue; }
        memset(seen, 0, sizeof seen);
        for (size_t k = 0; k < nd && k <= m; k++) {
            size_t r = m - k;
            if (k > 0 && (d[k] & 1) && r == 0) seen[0] = 1;
            if (k > 0 && (d[k] & 2) && r >= 1) seen[g[r]] = 1;
            if (d[k] & 4)
                for (size_t a = 1; 2 * a <= r; a++) seen[g[a] ^ g[r - a]] = 1;
            if (d[k] & 8)
                for (size_t a = 1; 3 * a <= r; a++)
                    for (size_t b = a; a + 2 * b <= r; b++) seen[g[a] ^ g[b] ^ g[r - a - b]] = 1;
        }
        uint64_t v = 0;
        while (seen[v]) v++;
        g[m] = v;
    }
}

/* codes that split into three: the library against the triple loop, with
 * the AVX2 and the portable kernels, also from a made-up prefix whose values
 * make every small XOR an option (so the first, partial pass finds no mex
 * and the full one must: checked by a counter) */
static void test_three_way(tu_rng *r) {
    enum { N = 900 };
    size_t full = 0;
    static uint64_t want[N], got[N];
    uint64_t cases = 6 * tu_scale();
    for (uint64_t c = 0; c < cases + 3; c++) {
        unsigned d[6] = {0};
        size_t nd;
        if (c == 0) { d[1] = 3; d[2] = 8; nd = 3; } /* tb[0.38], values to 400 */
        else if (c == 1) { d[1] = 8; nd = 2; }      /* tb[0.8] */
        else if (c == 2) { d[0] = 8; d[1] = 0xC; nd = 2; }
        else {
            nd = 2 + (size_t)tu_below(r, 3);
            for (size_t i = 0; i < nd; i++) d[i] = (unsigned)tu_below(r, 16) & (i ? 15 : 12);
            d[1 + tu_below(r, nd - 1)] |= 8;
        }
        char spec[32];
        int len = snprintf(spec, sizeof spec, "tb[%X.", d[0]);
        for (size_t i = 1; i < nd; i++) len += snprintf(spec + len, sizeof spec - (size_t)len, "%X", d[i]);
        snprintf(spec + len, sizeof spec - (size_t)len, "]");
        for (int prefix = 0; prefix < 2; prefix++) {
            /* the values 0..539 shuffled: rows of 16 words, of which the
             * first pass reads 12, and splits whose XORs cover more */
            static uint64_t pre[540];
            size_t npre = prefix ? 540 : 0;
            for (size_t i = 0; i < npre; i++) pre[i] = i;
            for (size_t i = npre; i > 1; i--) {
                size_t j = (size_t)tu_below(r, i);
                uint64_t t = pre[i - 1];
                pre[i - 1] = pre[j];
                pre[j] = t;
            }
            ref_code(d, nd, pre, npre, N, want);
            for (int portable = 0; portable < 2; portable++) {
                gr_ctx *ctx;
                gr_ruleset *rs;
                gr_error err;
                if (gr_ctx_new(&ctx) != GR_OK) abort();
                CHECK(gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) == GR_OK, "%s: %s", spec, err.message);
                gri_sp_tune(rs, 6, 0, 0, portable);
                if (npre) CHECK(gr_ruleset_seed(rs, pre, npre, &err) == GR_OK, "%s", err.message);
                CHECK(gr_ruleset_values(rs, N, got, &err) == GR_OK, "%s: %s", spec, err.message);
                long bad = 0;
                for (size_t i = 0; i < N; i++) bad += got[i] != want[i];
                CHECK(bad == 0, "%s (prefix %d, portable %d): %ld of %d values differ from the triple loop", spec, prefix,
                      portable, bad, N);
                compared += N;
                full += rs->sp.s3_full;
                gr_ctx_free(ctx);
            }
        }
    }
    CHECK(full > 0, "the full three-way pass never ran");
    printf("three-way splits: %llu codes, %zu heaps needed the full pass\n", (unsigned long long)cases + 3, full);
}

/* every kernel path this CPU runs (gr_ctx_set_kernels), on tables with
 * two-byte values (codes whose values pass 255, and a made-up prefix with
 * a value of 300, and one of 700), against the naive mex */
static void test_kernels(void) {
    static const char *specs[] = {"tb[0.F4]", "tb[0.4F]", "tb[0.C4]", "tb[0.16]", "grundy", "tb[0.106]"};
    enum { N = 3000 };
    static uint64_t va[N], vb[N];
    uint64_t pre[40];
    for (uint64_t i = 0; i < 40; i++) pre[i] = (i * 7) % 13;
    pre[5] = 300;
    pre[7] = 700; /* the lookup pass's set then reaches its second register (values 512 to 1023) */
    int paths = 0, runs[4] = {0};
    gr_kernels widest = GR_KERNELS_PORTABLE;
    for (gr_kernels k = GR_KERNELS_AUTO; k <= GR_KERNELS_AVX512; k++) {
        gr_ctx *probe;
        gr_error err;
        if (gr_ctx_new(&probe) != GR_OK) abort();
        runs[k] = gr_ctx_set_kernels(probe, k, &err) == GR_OK;
        if (runs[k] && k > GR_KERNELS_AUTO) {
            CHECK(gr_ctx_kernels(probe) == k, "kernels %d asked, %d in force", (int)k, (int)gr_ctx_kernels(probe));
            widest = k;
        }
        gr_ctx_free(probe);
    }
    CHECK(runs[GR_KERNELS_AUTO] && runs[GR_KERNELS_PORTABLE], "auto and portable run everywhere");
    CHECK(!runs[GR_KERNELS_AVX512] || runs[GR_KERNELS_AVX2], "AVX-512 without AVX2");
    {
        gr_ctx *probe;
        if (gr_ctx_new(&probe) != GR_OK) abort();
        CHECK(gr_ctx_kernels(probe) == widest, "auto is %d, the widest path this CPU runs is %d",
              (int)gr_ctx_kernels(probe), (int)widest);
        gr_ctx_free(probe);
    }
    for (gr_kernels k = GR_KERNELS_AUTO; k <= GR_KERNELS_AVX512; k++) {
        gr_error err;
        if (!runs[k]) continue;
        paths++;
        /* the lookup pass's start as chosen, and forced past block 0 (its
         * blocks from 5 on, then from 0: these tables have about 20) */
        for (size_t i = 0; i < 2 * (sizeof specs / sizeof *specs); i++) {
            size_t is = i % (sizeof specs / sizeof *specs), start = i < sizeof specs / sizeof *specs ? SIZE_MAX : 5;
            gr_ctx *a, *b;
            gr_ruleset *ra, *rb;
            if (gr_ctx_new(&a) != GR_OK || gr_ctx_new(&b) != GR_OK) abort();
            CHECK(gr_ctx_set_kernels(a, k, &err) == GR_OK, "%s", err.message);
            gr_ctx_set_sparse_start(a, 32);
            gr_ctx_set_sparse_start(b, UINT64_MAX);
            CHECK(gr_ctx_ruleset(a, specs[is], strlen(specs[is]), &ra, &err) == GR_OK &&
                      gr_ctx_ruleset(b, specs[is], strlen(specs[is]), &rb, &err) == GR_OK, "%s", err.message);
            gri_sp_force_start(ra, start);
            if (is >= 3)
                CHECK(gr_ruleset_seed(ra, pre, 40, &err) == GR_OK && gr_ruleset_seed(rb, pre, 40, &err) == GR_OK, "%s",
                      err.message);
            CHECK(gr_ruleset_values(ra, N, va, &err) == GR_OK && gr_ruleset_values(rb, N, vb, &err) == GR_OK, "%s",
                  err.message);
            long bad = 0;
            uint64_t top = 0;
            for (size_t j = 0; j < N; j++) bad += va[j] != vb[j], top = va[j] > top ? va[j] : top;
            CHECK(bad == 0 && top > (is >= 3 ? 511u : 255u),
                  "%s (kernels %d, start %d): %ld values differ from the naive mex (largest %llu)",
                  specs[is], (int)k, start == SIZE_MAX ? -1 : (int)start, bad, (unsigned long long)top);
            compared += N;
            gr_ctx_free(a);
            gr_ctx_free(b);
        }
    }
    printf("kernel paths: %d of this CPU's compared on two-byte tables (the widest: %d)\n", paths, (int)widest);
}

/* The four small tables test_far_batch and test_split_pass read: tb[0.16]
 * and Grundy's game from a prefix with a value of 300 (two-byte values),
 * tb[0.106] and tb[0.137] (one-byte), N values each under kernel path kn, with
 * the sparse method from 32 values; NULL when this CPU lacks the path. */
static const char *const small_specs[] = {"tb[0.16]", "grundy", "tb[0.106]", "tb[0.137]"};
static const size_t small_removal[] = {2, 0, 3, 1}; /* each one's split removal (Grundy's game: none, unequal) */
static gr_ruleset *small_table(gr_ctx **ctx, gr_kernels kn, size_t i, size_t n) {
    gr_ruleset *rs;
    gr_error err;
    uint64_t pre[40];
    for (uint64_t j = 0; j < 40; j++) pre[j] = (j * 7) % 13;
    pre[5] = 300;
    if (gr_ctx_new(ctx) != GR_OK) abort();
    if (gr_ctx_set_kernels(*ctx, kn, &err) != GR_OK) {
        gr_ctx_free(*ctx);
        return NULL;
    }
    gr_ctx_set_sparse_start(*ctx, 32);
    CHECK(gr_ctx_ruleset(*ctx, small_specs[i], strlen(small_specs[i]), &rs, &err) == GR_OK, "%s", err.message);
    if (i < 2) CHECK(gr_ruleset_seed(rs, pre, 40, &err) == GR_OK, "%s", err.message);
    uint64_t *vals = malloc(n * sizeof *vals);
    CHECK(gr_ruleset_values(rs, n, vals, &err) == GR_OK, "%s", err.message);
    free(vals);
    CHECK(rs->sp.on == 1 && rs->sp.nrare > 2, "%s: no listed positions", small_specs[i]);
    return rs;
}

/* gri_sp_far_batch (the helper's far sets and one thread's batches, 32 heaps at once) against
 * gri_sp_far heap by heap, on a two-byte table (tb[0.16] and Grundy's game
 * from a prefix with a value of 300) and a one-byte one, at random first
 * heaps, split points and batch lengths, under every kernel path */
static void test_far_batch(tu_rng *r) {
    enum { N = 3000, WORDS = 20 };
    static uint64_t want[32 * WORDS], got[32 * WORDS];
    static uint8_t flag[(32 + 2) * WORDS * 64]; /* gri_sp_batch_rows: sums up to 2 apart */
    long cases = 0, two_sums = 0;
    for (gr_kernels kn = GR_KERNELS_PORTABLE; kn <= GR_KERNELS_AVX512; kn++)
        for (size_t i = 0; i < sizeof small_specs / sizeof *small_specs; i++) {
            gr_ctx *ctx;
            gr_ruleset *rs = small_table(&ctx, kn, i, N);
            if (!rs) continue;
            const char *spec = small_specs[i];
            gri_sp_view vw = {rs->tab, rs->tab, NULL, N, 0, 0, rs->tw, rs->tabmax, SIZE_MAX, NULL, 0, 0, 0, NULL,
                              rs->sp.umax};
            int unequal = i == 1;
            size_t k = small_removal[i];
            for (int c = 0; c < 40; c++) {
                size_t nh = c % 3 ? 32 : 1 + tu_below(r, 32);
                size_t n0 = N / 2 + tu_below(r, N / 2 - 40);
                size_t lo = tu_below(r, rs->sp.nrare);
                /* one sum, or two 1 or 2 apart (as .167's n - 2 and n - 3:
                 * the batch's rows then serve two heaps each) */
                size_t sum[2] = {n0 - k, n0 - k - 1 - (size_t)(c % 8 == 7)}, ns = c % 4 == 3 ? 2 : 1;
                CHECK(gri_sp_batch_rows(sum, ns, nh) == nh + (ns == 2 ? sum[0] - sum[1] : 0), "batch rows");
                gri_sp_far_batch(rs, &vw, sum, ns, unequal, lo, nh, got, WORDS, flag);
                for (size_t h = 0; h < nh; h++) {
                    size_t sh[2] = {sum[0] + h, sum[1] + h};
                    gri_sp_far(rs, &vw, sh, ns, unequal, lo, 0, 0, want + h * WORDS, WORDS, flag);
                }
                two_sums += ns == 2;
                CHECK(!memcmp(want, got, nh * WORDS * sizeof *want), "%s (kernels %d): heaps %zu..%zu from index %zu differ",
                      spec, (int)kn, n0, n0 + nh - 1, lo);
                cases++;
            }
            gr_ctx_free(ctx);
        }
    printf("far sets of %ld batches equal to heap-by-heap ones (%ld with two sums)\n", cases, two_sums);
    CHECK(cases >= 160 && two_sums >= 40, "only %ld batches compared (%ld with two sums)", cases, two_sums);
}

/* A heap's step split in two as window_spec.c splits it: the listed scan
 * (gri_sp_scan), the pass's first L blocks (gri_sp_pass_part, the view's
 * lo_len cut to 1 + 64 L), then the rest of the pass with those blocks
 * skipped (gri_sp_verify, the lookup pass's whole-block loop starting past
 * them): it must pass exactly when the whole step's value is the scan's c.
 * Random heaps of two-byte tables (one split sum, and Grundy's game's
 * unequal splits) and one-byte ones, under every kernel path. */
static void test_split_pass(tu_rng *r) {
    enum { N = 3000 };
    long cases = 0, sent_back = 0, led = 0;
    gr_error err;
    const size_t nspecs = sizeof small_specs / sizeof *small_specs;
    /* each table under each kernel path */
    for (size_t t = 0; t < nspecs * (GR_KERNELS_AVX512 - GR_KERNELS_PORTABLE + 1); t++) {
        gr_kernels kn = (gr_kernels)(GR_KERNELS_PORTABLE + t / nspecs);
        size_t i = t % nspecs;
        gr_ctx *ctx;
        gr_ruleset *rs = small_table(&ctx, kn, i, N);
        if (!rs) continue;
        const char *spec = small_specs[i];
        /* the table reversed: rev[N - 1 - x] = G(x) */
        uint8_t *rev = malloc((size_t)N * rs->tw);
        for (size_t x = 0; x < N; x++) gri_store_w(rev, rs->tw, N - 1 - x, gri_tab_at(rs, x));
        int unequal = i == 1;
        for (int c = 0; c < 60; c++) {
            size_t n = N / 2 + tu_below(r, N / 2 - 1), lead = tu_below(r, 9), sum = n - small_removal[i];
            /* heap n's view: G(0..n-1) */
            gri_sp_view vw = {rs->tab, rs->tab, rev, n, 0, N - 1, rs->tw, rs->tabmax, SIZE_MAX, NULL, 0, 0, 0,
                              NULL, rs->sp.umax};
            gri_sp_out whole, o;
            CHECK(gri_sp_step(rs, &vw, NULL, 0, &sum, 1, unequal, &whole, &err) == GR_OK, "%s", err.message);
            CHECK(gri_sp_scan(rs, &vw, NULL, 0, &sum, 1, unequal, &o, &err) == GR_OK, "%s", err.message);
            gri_sp_view part = vw;
            part.lo_len = 1 + 64 * lead < n ? 1 + 64 * lead : n;
            if (lead) gri_sp_pass_part(rs, &part, &sum, 1, unequal, &o);
            uint64_t need[64];
            size_t nw = o.need_words < 64 ? o.need_words : 64;
            memcpy(need, rs->sp.need, nw * sizeof *need);
            gri_sp_view rest = vw;
            rest.skip_lo = 1;
            rest.skip_hi = 1 + 64 * lead;
            int ok = !o.missing || gri_sp_verify(rs, &rest, &sum, 1, unequal, need, nw);
            CHECK(whole.decided && ok == (whole.value == o.c),
                  "%s (kernels %d), heap %zu, %zu blocks first: the split pass says %s, the step %u (c %u)", spec,
                  (int)kn, n, lead, ok ? "c" : "not c", (unsigned)whole.value, (unsigned)o.c);
            cases++;
            sent_back += !ok;
            led += lead && o.missing;
        }
        free(rev);
        gr_ctx_free(ctx);
    }
    printf("steps split into scan, first blocks and the rest: %ld heaps (%ld with blocks left to the rest, %ld not c)\n",
           cases, led, sent_back);
    CHECK(cases >= 240 && led >= 20 && sent_back >= 1, "only %ld split steps (%ld with blocks left, %ld not c)", cases,
          led, sent_back);
}

int main(void) {
    uint64_t seed = tu_seed(1616);
    test_kernels();
    tu_rng r = {seed};
    test_split_pass(&r);
    static const char *known[] = {"tb[0.16]", "tb[0.106]", "kayles", "dawson", "tb[0.137]", "tb[0.04]", "tb[0.06]",
                                  "tb[0.14]", "tb[0.34]", "tb[0.44]", "tb[4.4]", "tb[0.164]", "tb[0.56]",
                                  "grundy"};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) compare(known[i], 4000);
    /* games with large values and rare classes that show late (the solved
     * codes of the published tables), and a code whose split removals have
     * both parities */
    static const char *late[] = {"tb[0.354]", "tb[0.376]", "tb[0.127]", "tb[0.644]", "tb[0.156]", "tb[0.7]", "tb[0.4444]",
                                 "grundy" /* past 4096: its own heap is a split sum at the reversed table's end */};
    for (size_t i = 0; i < sizeof late / sizeof late[0]; i++) compare(late[i], 6000);
    /* every kernel forced, and the class chosen again (at random) every
     * few values: the values must not depend on either */
    {
        static const tune tunes[] = {
            {1, 0, 0, 0, 0},        /* byte flags from the first missing value */
            {1, 64, 0, 0, 0},       /* value-by-value compares */
            {1, 6, 0, 0, 1},        /* the portable kernels */
            {1, 64, 0, 0, 1},
            {1, 6, 50, 0, 0},       /* reviewed every 50 values */
            {1, 6, 37, 12345, 0},   /* a random class every 37 values */
            {1, 0, 101, 777, 1},
        };
        static const char *games[] = {"tb[0.354]", "tb[0.376]", "tb[0.106]", "grundy", "tb[0.56]", "tb[0.4444]"};
        for (size_t t = 0; t < sizeof tunes / sizeof tunes[0]; t++) {
            cur_tune = tunes[t];
            for (size_t i = 0; i < sizeof games / sizeof games[0]; i++) compare(games[i], 3000);
            for (uint64_t c = 0; c < 4 * tu_scale(); c++) {
                brule b;
                rand_tb(&r, &b, 0, 0);
                compare(b.spec, 2000);
            }
        }
        cur_tune.on = 0;
    }
    test_three_way(&r);
    test_far_batch(&r);
    /* the schedule does change classes (Grundy's game and several codes
     * find a sparser class once the table has doubled) */
    CHECK(switches > 0, "no class was ever chosen again");
    uint64_t cases = 40 * tu_scale();
    for (uint64_t c = 0; c < cases; c++) {
        brule b;
        rand_tb(&r, &b, 0, 0);
        compare(b.spec, 2500);
    }
    /* the method is exact for any table, not just the game's own: a made-up
     * prefix with values of 2 and 4 bytes makes the sparse scan widen its
     * table (and rebuild its reversed copy) mid-run */
    {
        static const char *wide[] = {"tb[0.16]", "grundy", "tb[0.106]"};
        uint64_t pre[40];
        for (uint64_t i = 0; i < 40; i++) pre[i] = (i * 7) % 13;
        pre[5] = 300;
        pre[9] = 70000;
        for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) compare_seeded(wide[i], 3000, pre, 40);
        /* and mid-run: 1000 values by each method (1 byte each), then wide
         * made-up values appended, then on to 3000 */
        for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) {
            gr_ctx *a, *b;
            gr_ruleset *ra, *rb;
            gr_error err;
            static uint64_t va[3000], vb[3000];
            if (gr_ctx_new(&a) != GR_OK || gr_ctx_new(&b) != GR_OK) abort();
            gr_ctx_set_sparse_start(a, 32);
            gr_ctx_set_sparse_start(b, UINT64_MAX);
            CHECK(gr_ctx_ruleset(a, wide[i], strlen(wide[i]), &ra, &err) == GR_OK &&
                      gr_ctx_ruleset(b, wide[i], strlen(wide[i]), &rb, &err) == GR_OK, "%s", err.message);
            CHECK(gr_ruleset_values(ra, 1000, va, &err) == GR_OK && gr_ruleset_values(rb, 1000, vb, &err) == GR_OK, "%s", err.message);
            va[1000] = 300; va[1001] = 5; va[1002] = 70000; va[1003] = 1;
            CHECK(gr_ruleset_seed(ra, va, 1004, &err) == GR_OK && gr_ruleset_seed(rb, va, 1004, &err) == GR_OK, "%s", err.message);
            CHECK(gr_ruleset_values(ra, 3000, va, &err) == GR_OK && gr_ruleset_values(rb, 3000, vb, &err) == GR_OK, "%s", err.message);
            long bad = 0;
            for (int k = 0; k < 3000; k++) bad += va[k] != vb[k];
            CHECK(bad == 0, "%s with wide values appended mid-run: %ld values differ", wide[i], bad);
            compared += 3000;
            gr_ctx_free(a);
            gr_ctx_free(b);
        }
    }
    /* the value table stores 1, 2 or 4 bytes per value and widens as values
     * grow: seed values that cross both bounds, in three stages, and read
     * every one back (also through ranges) */
    {
        gr_ctx *c;
        gr_ruleset *rs;
        gr_error err;
        enum { NV = 3000 };
        static uint64_t vals[NV], back[NV];
        for (uint64_t i = 0; i < NV; i++) vals[i] = i < 1000 ? i % 256 : i < 2000 ? (i * 37) % 65536 : i * 1000003 % 4000000000u;
        if (gr_ctx_new(&c) != GR_OK) abort();
        CHECK(gr_ctx_ruleset(c, "kayles", 6, &rs, &err) == GR_OK, "kayles");
        CHECK(gr_ruleset_seed(rs, vals, 1000, &err) == GR_OK && gr_ruleset_seed(rs, vals, 2000, &err) == GR_OK &&
                  gr_ruleset_seed(rs, vals, NV, &err) == GR_OK,
              "seeding values of 1, 2 and 4 bytes");
        CHECK(gr_ruleset_values(rs, NV, back, &err) == GR_OK && !memcmp(vals, back, sizeof vals), "values read back after widening");
        CHECK(gr_ruleset_values_range(rs, 990, 20, back, &err) == GR_OK && !memcmp(vals + 990, back, 20 * sizeof *back),
              "a range across the first width bound");
        uint64_t big = (uint64_t)1 << 32;
        CHECK(gr_ruleset_seed(rs, &big, 1, &err) == GR_OK, "seeding no more than the table holds is a no-op");
        CHECK(gr_ruleset_append(rs, &big, 1, &err) == GR_ERANGE, "a value of 2^32 does not fit the table");
        uint64_t more[3] = {7, 70000, 1};
        CHECK(gr_ruleset_append(rs, more, 3, &err) == GR_OK && gr_ruleset_values_range(rs, NV, 3, back, &err) == GR_OK &&
                  back[0] == 7 && back[1] == 70000 && back[2] == 1,
              "appended values read back");
        gr_ctx_free(c);
    }
    printf("sparse space: %zu known and %llu random codes, %ld values equal to the naive mex\n",
           sizeof known / sizeof known[0], (unsigned long long)cases, compared);
    return tu_finish("test_sparse");
}
