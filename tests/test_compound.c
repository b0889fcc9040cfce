/* Compound play against brute force: misère outcomes and winning moves
 * (every method: SJ, genus, search), Conway genera, Every-SG (Moore's
 * Nim-k, New Nim and staircase nim are in test_nimvariants.c). Every brute
 * force here searches the whole game tree of the compound game itself. */
#include <string.h>
#include "grundy/grundy.h"
#include "brute.h"
#include "randrule.h"
#include "testutil.h"
#include "moves.h"

/* ---------- misère ---------- */

typedef struct term { int rule, nh, h[3]; } term;

static int build(tu_rng *r, brule *rules, int nr, term *t, char *text, int budget) {
    int nt = 1 + (int)tu_below(r, 4), p = 0;
    for (int i = 0; i < nt; i++) {
        t[i].rule = (int)tu_below(r, (uint64_t)nr);
        t[i].nh = tu_below(r, 4) == 0 ? 2 : 1;
        for (int j = 0; j < t[i].nh; j++) {
            int h = budget > 0 ? (int)tu_below(r, (uint64_t)(budget < 8 ? budget : 8) + 1) : 0;
            budget -= h;
            t[i].h[j] = h;
        }
        p += sprintf(text + p, "%s%s(", i ? " + " : "", rules[t[i].rule].spec);
        for (int j = 0; j < t[i].nh; j++) p += sprintf(text + p, "%s%d", j ? "," : "", t[i].h[j]);
        p += sprintf(text + p, ")");
    }
    return nt;
}

static int flat(const term *t, int nt, bheap *out, int skip_t, int skip_h, const int *repl, int nrepl) {
    int k = 0;
    for (int i = 0; i < nt; i++)
        for (int j = 0; j < t[i].nh; j++) {
            if (i == skip_t && (skip_h < 0 || j == skip_h)) continue;
            out[k++] = (bheap){t[i].rule, t[i].h[j]};
        }
    if (skip_t >= 0)
        for (int z = 0; z < nrepl; z++) out[k++] = (bheap){t[skip_t].rule, repl[z]};
    return k;
}

static void test_misere(uint64_t seed) {
    tu_rng r = {seed};
    uint64_t cases = 2500 * tu_scale();
    long by[3] = {0, 0, 0}, sj_wrong = 0, moves = 0;
    static movelist ml;
    for (uint64_t c = 0; c < cases; c++) {
        brule rules[3];
        int nr = 1 + (int)tu_below(&r, 3), style = (int)tu_below(&r, 3);
        for (int i = 0; i < nr; i++) {
            if (style == 0) { memset(&rules[i], 0, sizeof rules[i]); rules[i].kind = B_NIM; brute_spec(&rules[i]); }
            else if (style == 1) rand_sub(&r, &rules[i], 5);
            else { rand_rule(&r, &rules[i]); if (rules[i].kind == B_TB) { rules[i].repeat = 0; brute_spec(&rules[i]); } }
        }
        term t[4];
        char text[512];
        int nt = build(&r, rules, nr, t, text, 14);
        bheap hs[16];
        int nh = flat(t, nt, hs, -1, -1, NULL, 0);
        brute_reset();
        int win = brute_wins_misere(rules, hs, nh);
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        gr_position *pos = tu_parse(ctx, text);
        if (!pos) { gr_ctx_free(ctx); continue; }
        gr_misere m = GR_SIZED(gr_misere);
        gr_error err;
        CHECK(gr_position_misere(pos, &m, &err) == GR_OK, "%s: %s", text, err.message);
        CHECK(m.wins == win, "case %llu '%s': misère %s by %s, game tree says the mover %s", (unsigned long long)c,
              text, m.wins ? "N" : "P", m.method, win ? "wins" : "loses");
        by[!strcmp(m.method, "sj-theorem") ? 0 : !strcmp(m.method, "genus") ? 1 : 2]++;
        if (m.sj_wins != win) sj_wrong++;
        /* winning moves, all of them */
        long expect = 0;
        bopt o[2048];
        for (int i = 0; i < nt; i++)
            for (int j = 0; j < t[i].nh; j++) {
                int cnt = brute_options(&rules[t[i].rule], t[i].h[j], o, 2048);
                for (int k = 0; k < cnt; k++) {
                    bheap nx[20];
                    int nn = flat(t, nt, nx, i, j, o[k].h, o[k].n);
                    if (!brute_wins_misere(rules, nx, nn)) expect++;
                }
            }
        ml.n = 0;
        int complete = 0;
        CHECK(gr_position_misere_moves(pos, 0, collect, &ml, &complete, &err) == GR_OK, "%s", err.message);
        CHECK((long)ml.n == expect && complete, "case %llu '%s' (%s): %zu misère winning moves, brute force %ld",
              (unsigned long long)c, text, m.method, ml.n, expect);
        for (size_t w = 0; w < ml.n && w < MOVELIST_MAX; w++) {
            int hh[8], nhh = term_heaps(ml.to[w], hh);
            bheap nx[20];
            int nn = flat(t, nt, nx, (int)ml.comp[w], -1, hh, nhh);
            CHECK(!brute_wins_misere(rules, nx, nn), "'%s': misère move to '%s' is not winning", text, ml.to[w]);
            moves++;
        }
        gr_position_free(pos);
        gr_ctx_free(ctx);
    }
    brute_reset();
    printf("misère: %llu sums (sj-theorem %ld, genus %ld, search %ld; the SJ rule was wrong on %ld), %ld moves verified\n",
           (unsigned long long)cases, by[0], by[1], by[2], sj_wrong, moves);
    CHECK(by[0] > 0 && by[1] > 0 && by[2] > 0, "every misère method must be exercised");
    CHECK(sj_wrong > 0, "the test must contain positions where the SJ rule fails");
}

static void test_misere_known(void) {
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    gr_position *pos = tu_parse(ctx, "kayles(8)");
    gr_misere m = GR_SIZED(gr_misere);
    gr_error err;
    CHECK(gr_position_misere(pos, &m, &err) == GR_OK && m.wins == 1 && m.sj_wins == 0 && m.value == 1,
          "kayles(8): misère N although SG 1 and SJ says P");
    gr_position_free(pos);
    /* a million nim heaps: the Anti-Nim rule, instantly */
    size_t n = 1000000;
    char *big = malloc(n * 4 + 1);
    size_t len = 0;
    for (size_t i = 0; i < n; i++) len += (size_t)sprintf(big + len, "%d\n", i % 2 ? 1 : 2);
    CHECK(gr_position_parse(ctx, big, len, GR_PARSE_LINES, &pos, &err) == GR_OK, "big");
    CHECK(gr_position_misere(pos, &m, &err) == GR_OK && !strcmp(m.method, "sj-theorem"), "big misère method");
    /* 500000 heaps of 2 (XOR 0) and 500000 of 1 (XOR 0): firm, value 0: P */
    CHECK(m.wins == 0, "big misère nim outcome");
    gr_position_free(pos);
    free(big);
    gr_ctx_free(ctx);
}

/* ---------- misère sums of state rulesets ----------
 * The game tree is searched here by plain recursion over the library's
 * option lists (gr_ruleset_state_options), so this checks the search's
 * canonical forms and bookkeeping, not the rules themselves (those are
 * tested against independent brute force in test_state.c). */

typedef struct sterm { gr_ruleset *rs; int n; uint64_t a[4]; } sterm;
typedef struct sopt { int n; uint64_t a[4]; } sopt;
typedef struct soptlist { int k; sopt o[64]; } soptlist;

static int grab_state(void *user, const uint64_t *a, size_t n) {
    soptlist *l = user;
    if (l->k < 64) { l->o[l->k].n = (int)n; memcpy(l->o[l->k].a, a, n * sizeof *a); l->k++; }
    return 0;
}

typedef struct smemo { char k[128]; int v; } smemo;
static smemo smem[1 << 15];

static int state_misere_wins(sterm *t, int nt) {
    char key[128];
    int p = 0;
    for (int i = 0; i < nt; i++) {
        p += sprintf(key + p, "%d:", i);
        for (int j = 0; j < t[i].n; j++) p += sprintf(key + p, "%llu,", (unsigned long long)t[i].a[j]);
    }
    uint64_t h = 1469598103934665603ull;
    for (int i = 0; i < p; i++) h = (h ^ (unsigned char)key[i]) * 1099511628211ull;
    size_t slot = (size_t)h & ((1 << 15) - 1);
    while (smem[slot].k[0] && strcmp(smem[slot].k, key)) slot = (slot + 1) & ((1 << 15) - 1);
    if (smem[slot].k[0]) return smem[slot].v;
    int any = 0, win = 0;
    for (int i = 0; i < nt && !win; i++) {
        soptlist l = {0};
        int complete;
        gr_error err;
        if (gr_ruleset_state_options(t[i].rs, t[i].a, (size_t)t[i].n, 0, grab_state, &l, &complete, &err) != GR_OK) abort();
        for (int k = 0; k < l.k && !win; k++) {
            any = 1;
            sterm save = t[i];
            t[i].n = l.o[k].n;
            memcpy(t[i].a, l.o[k].a, sizeof t[i].a);
            if (!state_misere_wins(t, nt)) win = 1;
            t[i] = save;
        }
    }
    if (!any) win = 1;
    strcpy(smem[slot].k, key);
    smem[slot].v = win;
    return win;
}

static void test_misere_states(uint64_t seed) {
    tu_rng r = {seed ^ 0x57a7e};
    uint64_t cases = 600 * tu_scale();
    long n = 0;
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    static const char *specs[] = {"wythoff", "euclid", "dyn[1]", "fib", "staircase", "stairs"};
    for (uint64_t c = 0; c < cases; c++) {
        sterm t[3];
        int nt = 1 + (int)tu_below(&r, 3), p = 0;
        char text[256];
        for (int i = 0; i < nt; i++) {
            int k = (int)tu_below(&r, 6);
            gr_error err;
            if (gr_ctx_ruleset(ctx, specs[k], strlen(specs[k]), &t[i].rs, &err) != GR_OK) abort();
            if (k <= 1) { t[i].n = 2; t[i].a[0] = tu_below(&r, 5); t[i].a[1] = tu_below(&r, 5); }
            else if (k <= 3) { t[i].n = 1; t[i].a[0] = 1 + tu_below(&r, 8); }
            else if (k == 4) { t[i].n = 2; t[i].a[0] = 1 + tu_below(&r, 3); t[i].a[1] = t[i].a[0] + 1 + tu_below(&r, 3); }
            else { t[i].n = 2; t[i].a[0] = tu_below(&r, 3); t[i].a[1] = tu_below(&r, 3); }
            p += sprintf(text + p, "%s%s(", i ? " + " : "", specs[k]);
            for (int j = 0; j < t[i].n; j++) p += sprintf(text + p, "%s%llu", j ? "," : "", (unsigned long long)t[i].a[j]);
            p += sprintf(text + p, ")");
        }
        memset(smem, 0, sizeof smem);
        int bw = state_misere_wins(t, nt);
        gr_position *pos = tu_parse(ctx, text);
        gr_misere m = GR_SIZED(gr_misere);
        gr_error err;
        CHECK(gr_position_misere(pos, &m, &err) == GR_OK && m.wins == bw, "'%s' misère: %d, the game tree says %d (%s)", text,
              m.wins, bw, err.message);
        gr_position_free(pos);
        n++;
    }
    gr_ctx_free(ctx);
    printf("misère with state rulesets: %ld sums of wythoff, euclid, dyn, fib, staircase, stairs\n", n);
}

/* ---------- genus ---------- */

static void test_genus(uint64_t seed) {
    tu_rng r = {seed ^ 0x6e6e};
    uint64_t cases = 1000 * tu_scale();
    long checked = 0;
    for (uint64_t c = 0; c < cases; c++) {
        brule rules[2];
        rand_rule(&r, &rules[0]);
        if (rules[0].kind == B_TB) { rules[0].repeat = 0; brute_spec(&rules[0]); }
        memset(&rules[1], 0, sizeof rules[1]);
        rules[1].kind = B_NIM;
        brute_spec(&rules[1]);
        int heap = (int)tu_below(&r, 8);
        gr_ctx *ctx;
        gr_ruleset *rs;
        gr_error err;
        gr_genus g = GR_SIZED(gr_genus);
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        CHECK(gr_ctx_ruleset(ctx, rules[0].spec, strlen(rules[0].spec), &rs, &err) == GR_OK, "%s", err.message);
        CHECK(gr_ruleset_genus(rs, (uint64_t)heap, 5, &g, &err) == GR_OK, "%s", err.message);
        brute_reset();
        for (int k = 0; k < 5; k++) {
            bheap hs[8];
            hs[0] = (bheap){0, heap};
            for (int j = 0; j < k; j++) hs[1 + j] = (bheap){1, 2};
            unsigned bv = brute_misere_value(rules, hs, 1 + k);
            CHECK(g.gamma[k] == bv, "%s(%d): gamma_%d = %llu, brute force %u", rules[0].spec, heap, k,
                  (unsigned long long)g.gamma[k], bv);
            checked++;
        }
        gr_ctx_free(ctx);
    }
    brute_reset();
    printf("genus: %llu heaps, %ld gamma values compared\n", (unsigned long long)cases, checked);
    gr_ctx *ctx;
    gr_ruleset *nim;
    gr_error err;
    gr_genus g = GR_SIZED(gr_genus);
    if (gr_ctx_new(&ctx) != GR_OK) abort();
    CHECK(gr_ctx_ruleset(ctx, "nim", 3, &nim, &err) == GR_OK, "nim");
    CHECK(gr_ruleset_genus(nim, 0, 5, &g, &err) == GR_OK && g.g == 0 && g.gamma[0] == 1 && g.gamma[1] == 2 &&
              g.gamma[2] == 0 && g.gamma[3] == 2,
          "*0 has genus 0^120");
    CHECK(gr_ruleset_genus(nim, 1, 5, &g, &err) == GR_OK && g.gamma[0] == 0 && g.gamma[1] == 3 && g.gamma[2] == 1,
          "*1 has genus 1^031");
    CHECK(gr_ruleset_genus(nim, 5, 4, &g, &err) == GR_OK && g.gamma[0] == 5 && g.gamma[1] == 7 && g.gamma[2] == 5,
          "*5 has genus 5^57");
    gr_ctx_free(ctx);
}

/* ---------- Every-SG ---------- */

typedef struct ecomp { int rule, n, h[16]; } ecomp;

static int every_key(const ecomp *c, int nc, char *key) {
    int p = 0;
    for (int i = 0; i < nc; i++) {
        int s[16];
        memcpy(s, c[i].h, sizeof s);
        for (int a = 0; a < c[i].n; a++)
            for (int b = a + 1; b < c[i].n; b++) if (s[b] < s[a]) { int x = s[a]; s[a] = s[b]; s[b] = x; }
        p += sprintf(key + p, "|");
        for (int a = 0; a < c[i].n; a++) if (s[a]) p += sprintf(key + p, "%d,", s[a]);
    }
    return p;
}

typedef struct emem { char k[160]; int v; } emem;
#define EMEMO (1 << 16)
static emem ememo[EMEMO];
static int nememo;

static emem *eslot(const char *key) {
    uint64_t h = 1469598103934665603ull;
    for (const char *q = key; *q; q++) h = (h ^ (unsigned char)*q) * 1099511628211ull;
    size_t i = (size_t)h & (EMEMO - 1);
    while (ememo[i].k[0] && strcmp(ememo[i].k, key)) i = (i + 1) & (EMEMO - 1);
    return &ememo[i];
}

static int every_wins(const brule *rules, ecomp *c, int nc);

/* try all combinations of one option per movable component from index i */
static int every_try(const brule *rules, ecomp *c, int nc, int i, int moved) {
    if (i == nc) return moved && !every_wins(rules, c, nc);
    bopt o[256];
    ecomp save = c[i];
    int any = 0;
    for (int j = 0; j < save.n; j++) {
        int cnt = brute_options(&rules[save.rule], save.h[j], o, 256);
        for (int k = 0; k < cnt; k++) {
            any = 1;
            ecomp nx = save;
            nx.n = 0;
            for (int q = 0; q < save.n; q++) if (q != j && save.h[q]) nx.h[nx.n++] = save.h[q];
            for (int z = 0; z < o[k].n; z++) nx.h[nx.n++] = o[k].h[z];
            c[i] = nx;
            int w = every_try(rules, c, nc, i + 1, 1);
            c[i] = save;
            if (w) return 1;
        }
    }
    if (!any) return every_try(rules, c, nc, i + 1, moved); /* terminal: no move here */
    return 0;
}

static int every_wins(const brule *rules, ecomp *c, int nc) {
    char key[160];
    every_key(c, nc, key);
    emem *e = eslot(key);
    if (e->k[0]) return e->v;
    int w = every_try(rules, c, nc, 0, 0);
    if (nememo < EMEMO / 2) { e = eslot(key); strcpy(e->k, key); e->v = w; nememo++; }
    return w;
}

static void test_every(uint64_t seed) {
    tu_rng r = {seed ^ 0xe5e5};
    uint64_t cases = 2000 * tu_scale();
    long wins = 0;
    static movelist ml;
    for (uint64_t c = 0; c < cases; c++) {
        brule rules[2];
        for (int i = 0; i < 2; i++) {
            rand_rule(&r, &rules[i]);
            if (rules[i].kind == B_TB) { rules[i].repeat = 0; brute_spec(&rules[i]); }
        }
        ecomp comp[3];
        int nc = 1 + (int)tu_below(&r, 3), p = 0;
        char text[256];
        for (int i = 0; i < nc; i++) {
            comp[i].rule = (int)tu_below(&r, 2);
            comp[i].n = tu_below(&r, 4) == 0 ? 2 : 1;
            p += sprintf(text + p, "%s%s(", i ? " + " : "", rules[comp[i].rule].spec);
            for (int j = 0; j < comp[i].n; j++) {
                comp[i].h[j] = (int)tu_below(&r, 7);
                p += sprintf(text + p, "%s%d", j ? "," : "", comp[i].h[j]);
            }
            p += sprintf(text + p, ")");
        }
        nememo = 0;
        memset(ememo, 0, sizeof ememo);
        int bw = every_wins(rules, comp, nc);
        gr_ctx *ctx;
        if (gr_ctx_new(&ctx) != GR_OK) abort();
        gr_position *pos = tu_parse(ctx, text);
        if (!pos) { gr_ctx_free(ctx); continue; }
        uint64_t steps[3];
        int w;
        size_t dec;
        gr_error err;
        CHECK(gr_position_every(pos, steps, &w, &dec, &err) == GR_OK, "%s: %s", text, err.message);
        CHECK(w == bw, "case %llu '%s': Every-SG says %s, the game tree says the mover %s", (unsigned long long)c, text,
              w ? "N" : "P", bw ? "wins" : "loses");
        if (w && bw) {
            wins++;
            ml.n = 0;
            CHECK(gr_position_every_move(pos, collect, &ml, &err) == GR_OK, "%s", err.message);
            ecomp after[3];
            memcpy(after, comp, sizeof after);
            for (size_t m = 0; m < ml.n; m++) {
                int hh[16], k = term_heaps(ml.to[m], hh);
                after[ml.comp[m]].n = k;
                memcpy(after[ml.comp[m]].h, hh, sizeof hh);
            }
            /* every movable component must have moved */
            for (int i = 0; i < nc; i++) {
                bopt o[256];
                int movable = 0;
                for (int j = 0; j < comp[i].n; j++) movable |= brute_options(&rules[comp[i].rule], comp[i].h[j], o, 256) > 0;
                int moved = 0;
                for (size_t m = 0; m < ml.n; m++) moved |= ml.comp[m] == (size_t)i;
                CHECK(movable == moved, "'%s': component %d movable %d moved %d", text, i, movable, moved);
            }
            CHECK(!every_wins(rules, after, nc), "'%s': the Every-SG move does not leave a losing position", text);
        }
        gr_position_free(pos);
        gr_ctx_free(ctx);
    }
    printf("every-sg: %llu sums, %ld winning moves verified\n", (unsigned long long)cases, wins);
}

/* ---------- Moore's Nim-k ---------- */

/* The exact misère search's bound counts the positions its answer reports
 * (it counted the children written, 64 a position: a search of 646086
 * positions stopped at a bound of 2^20): with the bound at the count
 * reported the answer is the same, one below it the bound is reached. */
static void test_misere_bound(void) {
    static const char *const sums[] = {"kayles(6) + kayles(4) + dawson(5)", "tb[0.607](9,2) + tb[0.607](7) + dawson(9)",
                                       "kayles(5,5) + dawson(8) + tb[0.607](6)"};
    for (size_t i = 0; i < sizeof sums / sizeof sums[0]; i++) {
        gr_ctx *ctx;
        gr_position *pos;
        gr_error err;
        CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
        CHECK(gr_position_parse(ctx, sums[i], strlen(sums[i]), 0, &pos, &err) == GR_OK, "%s", sums[i]);
        gr_misere m = GR_SIZED(gr_misere);
        CHECK(gr_position_misere(pos, &m, &err) == GR_OK && !strcmp(m.method, "search") && m.searched > 1, "%s: %s",
              sums[i], m.method);
        gr_position_free(pos);
        gr_ctx_free(ctx);
        for (int below = 0; below <= 1; below++) {
            CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
            gr_ctx_set_search_limit(ctx, m.searched - (uint64_t)below);
            CHECK(gr_position_parse(ctx, sums[i], strlen(sums[i]), 0, &pos, &err) == GR_OK, "%s", sums[i]);
            gr_misere b = GR_SIZED(gr_misere);
            gr_status st = gr_position_misere(pos, &b, &err);
            if (below) CHECK(st == GR_ELIMIT, "%s: bound %llu, one below the %llu searched: status %d", sums[i],
                             (unsigned long long)(m.searched - 1), (unsigned long long)m.searched, (int)st);
            else CHECK(st == GR_OK && b.wins == m.wins && b.searched == m.searched, "%s: bound %llu: status %d (%s)",
                       sums[i], (unsigned long long)m.searched, (int)st, st == GR_OK ? "" : err.message);
            gr_position_free(pos);
            gr_ctx_free(ctx);
        }
    }
}

int main(void) {
    uint64_t seed = tu_seed(33);
    test_misere_known();
    test_misere(seed);
    test_misere_states(seed);
    test_genus(seed);
    test_every(seed);
    test_misere_bound();
    return tu_finish("test_compound");
}
