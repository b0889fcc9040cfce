/* Closed forms against the brute force: every formula grundy uses to answer
 * 64-bit heaps is compared with brute-force mex values (tests/brute.c,
 * written from the rules alone) over every small heap, and the comparison
 * count is printed. */
#include <string.h>
#include "grundy/grundy.h"
#include "brute.h"
#include "testutil.h"

static long compared;

static int count_moves(void *user, const gr_move *m) {
    (void)m;
    ++*(long *)user;
    return 0;
}

static void against_brute(brule *b, int n) {
    brute_spec(b);
    unsigned *g = malloc((size_t)(n + 1) * sizeof *g);
    uint64_t *lv = malloc((size_t)(n + 1) * sizeof *lv);
    brute_values(b, n, g);
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    gr_ctx_set_table_limit(ctx, 16); /* the formula must carry it, not the table */
    CHECK(gr_ctx_ruleset(ctx, b->spec, strlen(b->spec), &rs, &err) == GR_OK, "%s: %s", b->spec, err.message);
    for (int i = 0; i <= n; i++) {
        uint64_t v = UINT64_MAX;
        CHECK(gr_ruleset_value(rs, (uint64_t)i, &v, &err) == GR_OK, "%s(%d): %s", b->spec, i, err.message);
        CHECK(v == g[i], "%s: G(%d) formula %llu, brute force %u", b->spec, i, (unsigned long long)v, g[i]);
        compared++;
    }
    gr_ctx_free(ctx);
    free(g);
    free(lv);
}

int main(void) {
    tu_seed(0);
    uint64_t scale = tu_scale();
    brule b;
    memset(&b, 0, sizeof b); b.kind = B_POW2; against_brute(&b, (int)(3000 * scale));
    memset(&b, 0, sizeof b); b.kind = B_DIVISOR; against_brute(&b, (int)(3000 * scale));
    memset(&b, 0, sizeof b); b.kind = B_NIM; against_brute(&b, 300);
    memset(&b, 0, sizeof b); b.kind = B_COPRIME; against_brute(&b, (int)(1500 * (scale > 2 ? 2 : scale)));
    memset(&b, 0, sizeof b); b.kind = B_TB; b.nd = 2; b.digit[0] = 4; b.digit[1] = 3; b.repeat = 1;
    against_brute(&b, (int)(1200 * (scale > 2 ? 2 : scale)));          /* Lasker's Nim */
    memset(&b, 0, sizeof b); b.kind = B_TB; b.nd = 2; b.digit[0] = 8; b.digit[1] = 3; b.repeat = 1;
    against_brute(&b, 160);                                              /* split into three: O(n^3) brute */
    for (int p = 1; p <= 12; p++)
        for (int q = p; q <= 12; q++) {
            memset(&b, 0, sizeof b); b.kind = B_BASH; b.bp = p; b.bq = q;
            against_brute(&b, 400);
        }
    printf("closed forms: %ld values compared with the brute force\n", compared);

    /* HDU 2897: one bash heap in misère play, and its winning moves */
    long mis = 0;
    for (int p = 1; p <= 8; p++)
        for (int q = p; q <= 8; q++)
            for (int n = 0; n <= 60; n++) {
                brule rules[1];
                memset(rules, 0, sizeof rules);
                rules[0].kind = B_BASH; rules[0].bp = p; rules[0].bq = q;
                brute_spec(&rules[0]);
                bheap h = {0, n};
                brute_reset();
                int bw = brute_wins_misere(rules, &h, 1);
                long expect = 0;
                bopt o[64];
                int cnt = brute_options(&rules[0], n, o, 64);
                for (int k = 0; k < cnt; k++) {
                    bheap nx = {0, o[k].n ? o[k].h[0] : 0};
                    if (!brute_wins_misere(rules, &nx, o[k].n ? 1 : 0)) expect++;
                }
                char text[160];
                snprintf(text, sizeof text, "%s(%d)", rules[0].spec, n);
                gr_ctx *c2;
                gr_position *pos;
                gr_error e2;
                gr_misere m = GR_SIZED(gr_misere);
                if (gr_ctx_new(&c2) != GR_OK) abort();
                CHECK(gr_position_parse(c2, text, strlen(text), 0, &pos, &e2) == GR_OK, "%s", e2.message);
                CHECK(gr_position_misere(pos, &m, &e2) == GR_OK && m.wins == bw && !strcmp(m.method, "formula"),
                      "%s misère: %d, brute force %d", text, m.wins, bw);
                int complete;
                long got = 0;
                CHECK(gr_position_misere_moves(pos, 0, count_moves, &got, &complete, &e2) == GR_OK, "%s", e2.message);
                CHECK(got == expect, "%s misère: %ld winning moves, brute force %ld", text, got, expect);
                gr_position_free(pos);
                gr_ctx_free(c2);
                mis++;
            }
    brute_reset();
    printf("bash misère: %ld heaps compared with the game tree\n", mis);

    /* 64-bit ends */
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    uint64_t v;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    CHECK(gr_ctx_ruleset(ctx, "lasker", 6, &rs, &err) == GR_OK, "lasker");
    CHECK(gr_ruleset_value(rs, UINT64_MAX - 1, &v, &err) == GR_OK && v == UINT64_MAX - 1, "lasker(2^64-2)");
    CHECK(gr_ruleset_value(rs, UINT64_MAX, &v, &err) == GR_ERANGE && strstr(err.message, "does not fit"),
          "lasker(2^64-1) has value 2^64: refused");
    CHECK(gr_ctx_ruleset(ctx, "divisor", 7, &rs, &err) == GR_OK, "divisor");
    CHECK(gr_ruleset_value(rs, (uint64_t)1 << 63, &v, &err) == GR_OK && v == 64, "divisor(2^63) = 64");
    CHECK(gr_ctx_ruleset(ctx, "bash[18446744073709551615,18446744073709551615]", 47, &rs, &err) == GR_OK, "%s", err.message);
    CHECK(gr_ruleset_value(rs, 12345, &v, &err) == GR_OK && v == 1, "huge bash: one move, take all");
    /* subtraction sets with a huge element: with the table limit at 64 every
     * element above 8 counts as huge, so the structure must carry heaps past
     * 64; compared with the brute force to 3000 */
    {
        tu_rng rr = {9191};
        long solved = 0, refused = 0, vals = 0;
        enum { NB = 3000 };
        static unsigned gb[NB + 1];
        for (int c = 0; c < 1200; c++) {
            brule sb;
            memset(&sb, 0, sizeof sb);
            sb.kind = B_SUB;
            if (c < 600) { sb.sub[0] = 1; sb.sub[1] = 2; sb.sub[2] = 9 + c; sb.nsub = 3; } /* 1-2-K */
            else {
                int na = 1 + (int)tu_below(&rr, 3);
                for (int i = 0; i < na; i++) {
                    int x, dup;
                    do { x = 1 + (int)tu_below(&rr, 6); dup = 0; for (int j = 0; j < i; j++) dup |= sb.sub[j] == x; } while (dup);
                    sb.sub[i] = x;
                }
                sb.sub[na] = 10 + (int)tu_below(&rr, 400);
                sb.nsub = na + 1;
                if (tu_below(&rr, 4) == 0) sb.sub[sb.nsub++] = 500 + (int)tu_below(&rr, 400);
            }
            brute_spec(&sb);
            brute_values(&sb, NB, gb);
            gr_ctx *c3;
            gr_ruleset *r3;
            if (gr_ctx_new(&c3) != GR_OK) abort();
            gr_ctx_set_table_limit(c3, 64);
            CHECK(gr_ctx_ruleset(c3, sb.spec, strlen(sb.spec), &r3, &err) == GR_OK, "%s", err.message);
            gr_status st = gr_ruleset_value(r3, NB, &v, &err);
            if (st == GR_EUNPROVEN) { refused++; gr_ctx_free(c3); CHECK(c >= 600, "1-2-K %s refused", sb.spec); continue; }
            CHECK(st == GR_OK, "%s: %s", sb.spec, err.message);
            solved++;
            for (int i = 0; i <= NB; i++) {
                CHECK(gr_ruleset_value(r3, (uint64_t)i, &v, &err) == GR_OK && v == gb[i], "%s: G(%d) = %llu, brute force %u",
                      sb.spec, i, (unsigned long long)v, gb[i]);
                vals++;
            }
            gr_ctx_free(c3);
        }
        printf("huge subtraction elements: %ld sets solved by structure (%ld refused), %ld values compared\n", solved, refused,
               vals);
    }

    /* coprime for 64-bit heaps: least prime factors and prime counts against
     * a sieve, and the seq form against the per-heap form */
    enum { S = 2000000 };
    unsigned char *comp = calloc(S, 1);
    uint64_t *pi = malloc(S * sizeof *pi);
    uint64_t cnt = 0;
    for (uint64_t i = 2; i < S; i++) {
        if (!comp[i]) { cnt++; for (uint64_t j = i * i; j < S; j += i) comp[j] = 1; }
        pi[i] = cnt;
    }
    pi[0] = pi[1] = 0;
    CHECK(gr_ctx_ruleset(ctx, "coprime", 7, &rs, &err) == GR_OK, "coprime");
    tu_rng r = {4242};
    long cp = 0;
    for (int c = 0; c < 20000; c++) {
        uint64_t p1 = 2 + tu_below(&r, S - 2);
        while (comp[p1]) p1++;
        if (p1 >= S) continue;
        uint64_t m = (tu_next(&r) >> 1) / p1 + 1;  /* a multiple of p1 with no smaller factor? not always */
        uint64_t n = p1 * m;
        uint64_t want_lpf = p1;
        for (uint64_t q = 2; q < p1 && q * q <= m * q; q++) if (m % q == 0 && !comp[q]) { want_lpf = q; break; }
        if (want_lpf != p1) continue;
        CHECK(gr_ruleset_value(rs, n, &v, &err) == GR_OK && v == pi[p1] + 1, "coprime(%llu) = %llu, want pi(%llu)+1 = %llu",
              (unsigned long long)n, (unsigned long long)v, (unsigned long long)p1, (unsigned long long)pi[p1] + 1);
        cp++;
    }
    /* primes themselves: pi by Lucy-Hedgehog against the sieve */
    for (uint64_t p1 = S - 1; p1 > S - 3000; p1--)
        if (!comp[p1]) {
            CHECK(gr_ruleset_value(rs, p1, &v, &err) == GR_OK && v == pi[p1] + 1, "coprime(prime %llu)", (unsigned long long)p1);
            cp++;
        }
    /* a product of two 32-bit primes: Pollard finds the least one */
    uint64_t pa = 4294967291ull, pb = 4294967279ull; /* both prime */
    /* pi(2^32) = 203280221 counts 4294967291 as its last prime, so pi(4294967279) = 203280220 */
    CHECK(gr_ruleset_value(rs, pa * pb, &v, &err) == GR_OK && v == 203280220 + 1,
          "coprime(pa*pb) = pi(4294967279) + 1: got %llu (%s)", (unsigned long long)v, err.message);
    CHECK(gr_ruleset_value(rs, 18446744073709551557ull, &v, &err) == GR_EUNPROVEN, "a 64-bit prime: pi not counted");
    uint64_t seqv[100];
    CHECK(gr_ruleset_values(rs, 100, seqv, &err) == GR_OK, "seq");
    for (uint64_t i = 0; i < 100; i++) CHECK(gr_ruleset_value(rs, i, &v, &err) == GR_OK && v == seqv[i], "seq %llu", (unsigned long long)i);
    printf("coprime: %ld 64-bit heaps checked against a sieve\n", cp);
    free(comp);
    free(pi);
    gr_ctx_free(ctx);
    return tu_finish("test_closed");
}
