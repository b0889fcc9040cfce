/* Green Hackenbush in misère play: every rooted tree of up to 10 edges
 * (all of them, by level sequences), and random graphs whose branches meet
 * the ground once, against an exhaustive misère search written here (edge
 * sets, the part cut off from the ground dropped), alone and in sums with
 * nim heaps and other trees; the winning moves listed lead to P-positions;
 * and the SJ rule on the tree's value is wrong on some of them, as the
 * issue says. GRUNDY_TEST_SCALE scales the random part. */
#include <string.h>
#include <stdlib.h>
#include "grundy/grundy.h"
#include "testutil.h"

#define EMAX 20

typedef struct hgraph {
    int ne;
    int a[EMAX], b[EMAX];   /* vertex 0 is the ground */
} hgraph;

/* edges still attached to the ground, among those in mask */
static uint32_t attached(const hgraph *g, uint32_t mask) {
    uint32_t seen = 1, keep = 0; /* vertices reached (bit v), from the ground */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int e = 0; e < g->ne; e++) {
            if (!(mask >> e & 1) || (keep >> e & 1)) continue;
            int ia = seen >> g->a[e] & 1, ib = seen >> g->b[e] & 1;
            if (ia || ib) {
                keep |= 1u << e;
                seen |= 1u << g->a[e] | 1u << g->b[e];
                changed = 1;
            }
        }
    }
    return keep;
}

/* misère: the player to move wins? state: edge mask and a nim heap */
static signed char *memo;
static const hgraph *mg;

static int wins(uint32_t mask, int heap) {
    signed char *m = &memo[(size_t)mask * 4 + (size_t)heap];
    if (*m >= 0) return *m;
    int any = 0, w = 0;
    for (int e = 0; e < mg->ne && !w; e++) {
        if (!(mask >> e & 1)) continue;
        any = 1;
        if (!wins(attached(mg, mask & ~(1u << e)), heap)) w = 1;
    }
    for (int h = 0; h < heap && !w; h++) {
        any = 1;
        if (!wins(mask, h)) w = 1;
    }
    if (!any) w = 1; /* misère: no move, the player to move wins */
    *m = (signed char)w;
    return w;
}

static gr_ctx *ctx;

static void write_edges(char *buf, size_t cap, const hgraph *g, int from, int to, int shift) {
    size_t len = strlen(buf);
    len += (size_t)snprintf(buf + len, cap - len, "hackenbush(");
    for (int e = from; e < to; e++) {
        int a = g->a[e] ? g->a[e] + shift : 0, b = g->b[e] ? g->b[e] + shift : 0;
        len += (size_t)snprintf(buf + len, cap - len, "%s%d-%d", e > from ? "," : "", a, b);
    }
    snprintf(buf + len, cap - len, ")");
}

/* grundy's answer for text; *method gets the method name */
static int grundy_wins(const char *text, const char **method, gr_misere *m) {
    gr_position *pos;
    gr_error err;
    *method = "";
    m->wins = m->sj_wins = 0;
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK ||
        gr_position_misere(pos, m, &err) != GR_OK) {
        fprintf(stderr, "%s: %s\n", text, err.message);
        return -1;
    }
    *method = m->method;
    gr_position_free(pos);
    return m->wins;
}

/* the positions after the misère winning moves */
typedef struct afters {
    char *text[64];
    int n;
    gr_position *pos;
} afters;

static int on_move(void *user, const gr_move *mv) {
    afters *a = user;
    if (a->n == 64) return 1;
    if (gr_position_format_after(a->pos, mv, &a->text[a->n], NULL) == GR_OK) a->n++;
    return 0;
}

/* every winning move listed leads to a position grundy (checked against
 * the search above) says is lost for the player to move; at least one */
static void check_moves(const char *text) {
    gr_position *pos;
    gr_error err;
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) return;
    afters a = {{0}, 0, pos};
    int complete;
    CHECK(gr_position_misere_moves(pos, 0, on_move, &a, &complete, &err) == GR_OK && a.n > 0, "%s: no winning move",
          text);
    for (int i = 0; i < a.n; i++) {
        const char *method;
        gr_misere m = GR_SIZED(gr_misere);
        CHECK(grundy_wins(a.text[i], &method, &m) == 0, "%s: the winning move to %s leaves N", text, a.text[i]);
        free(a.text[i]);
    }
    gr_position_free(pos);
}

static long checked_positions, sj_wrong, genus_used;

/* g holds one or more terms as consecutive edge ranges: [cut[i], cut[i+1]) */
static void check(const hgraph *g, const int *cut, int nterms, int heap) {
    uint32_t all = (g->ne >= 32 ? 0xffffffffu : (1u << g->ne) - 1);
    mg = g;
    memset(memo, -1, ((size_t)1 << g->ne) * 4);
    int want = wins(attached(g, all), heap);
    char text[2048] = "";
    for (int t = 0; t < nterms; t++) {
        if (t) strcat(text, " + ");
        write_edges(text, sizeof text, g, cut[t], cut[t + 1], 100 * t);
    }
    if (heap) snprintf(text + strlen(text), sizeof text - strlen(text), " + %d", heap);
    const char *method = "";
    gr_misere m = GR_SIZED(gr_misere);
    int got = grundy_wins(text, &method, &m);
    checked_positions++;
    genus_used += !strcmp(method, "genus");
    sj_wrong += m.sj_wins != want;
    CHECK(got == want, "%s: misère %s by %s, the search says %s", text, got ? "N" : "P", method, want ? "N" : "P");
}

/* level sequence -> tree edges (parent of vertex i: the last j < i one level up) */
static void tree_from_levels(const int *L, int n, hgraph *g, int base) {
    int last[32];
    for (int i = 0; i < n; i++) {
        last[L[i]] = i;
        if (i) {
            g->a[g->ne] = last[L[i] - 1] ? last[L[i] - 1] + base : 0;
            g->b[g->ne] = i + base;
            g->ne++;
        }
    }
}

static void all_trees(void) {
    long trees = 0;
    for (int n = 2; n <= 11; n++) {
        int L[16];
        for (int i = 0; i < n; i++) L[i] = i + 1; /* the path */
        for (;;) {
            hgraph g = {0, {0}, {0}};
            tree_from_levels(L, n, &g, 0);
            int cut[2] = {0, g.ne};
            for (int heap = 0; heap <= 3; heap++) check(&g, cut, 1, heap);
            trees++;
            /* next level sequence (Beyer and Hedetniemi) */
            int p = n - 1;
            while (p > 0 && L[p] == 2) p--;
            if (p <= 0) break;
            int q = p - 1;
            while (L[q] != L[p] - 1) q--;
            for (int i = p; i < n; i++) L[i] = L[i - p + q];
        }
    }
    /* 1 + 1 + 2 + 4 + 9 + 20 + 48 + 115 + 286 + 719 + 1842 rooted trees of 1..11 vertices */
    CHECK(trees == 3046, "%ld rooted trees of 2..11 vertices enumerated (3046 expected)", trees);
    printf("all rooted trees of up to 10 edges: %ld trees, each alone and with a nim heap of 1, 2, 3\n", trees);
}

/* a random tree or graph of ne edges on vertices 0..nv-1, its part
 * attached to the ground kept */
static void random_piece(tu_rng *r, hgraph *g, int ne, int cycles) {
    int nv = 1;
    for (int e = 0; e < ne; e++) {
        if (cycles && nv > 2 && tu_below(r, 3) == 0) {
            /* an extra edge between existing non-ground vertices (a cycle) */
            int a = 1 + (int)tu_below(r, (uint64_t)nv - 1), b = 1 + (int)tu_below(r, (uint64_t)nv - 1);
            g->a[g->ne] = a;
            g->b[g->ne] = b;
        } else {
            g->a[g->ne] = (int)tu_below(r, (uint64_t)nv);
            g->b[g->ne] = nv++;
        }
        g->ne++;
    }
}

static void random_forests(uint64_t seed) {
    tu_rng r = {seed};
    uint64_t cases = 2000 * tu_scale();
    for (uint64_t c = 0; c < cases; c++) {
        hgraph g = {0, {0}, {0}};
        int cut[5] = {0}, nterms = 1 + (int)tu_below(&r, 3), total = 0;
        for (int t = 0; t < nterms; t++) {
            int ne = 1 + (int)tu_below(&r, 6);
            if (total + ne > 16) ne = 16 - total;
            if (ne <= 0) { nterms = t; break; }
            hgraph piece = {0, {0}, {0}};
            random_piece(&r, &piece, ne, (int)(c & 1));
            /* each term's vertices are its own (shifted when written) */
            for (int e = 0; e < piece.ne; e++) {
                g.a[g.ne] = piece.a[e];
                g.b[g.ne] = piece.b[e];
                g.ne++;
            }
            total += ne;
            cut[t + 1] = g.ne;
        }
        /* vertices of different terms must not meet: offset them in the search too */
        hgraph s = g;
        for (int t = 0; t < nterms; t++)
            for (int e = cut[t]; e < cut[t + 1]; e++) {
                if (s.a[e]) s.a[e] += 100 * t;
                if (s.b[e]) s.b[e] += 100 * t;
            }
        /* the search's vertex bits must fit: renumber */
        int map[512], next = 1;
        for (int i = 0; i < 512; i++) map[i] = -1;
        map[0] = 0;
        for (int e = 0; e < s.ne; e++) {
            if (map[s.a[e]] < 0) map[s.a[e]] = next++;
            if (map[s.b[e]] < 0) map[s.b[e]] = next++;
        }
        hgraph sr = s;
        for (int e = 0; e < s.ne; e++) { sr.a[e] = map[s.a[e]]; sr.b[e] = map[s.b[e]]; }
        /* written with the original (per-term) numbering, searched renumbered */
        uint32_t all = (1u << sr.ne) - 1;
        mg = &sr;
        memset(memo, -1, ((size_t)1 << sr.ne) * 4);
        int heap = (int)tu_below(&r, 4);
        int want = wins(attached(&sr, all), heap);
        char text[2048] = "";
        for (int t = 0; t < nterms; t++) {
            if (t) strcat(text, " + ");
            write_edges(text, sizeof text, &g, cut[t], cut[t + 1], 0);
        }
        if (heap) snprintf(text + strlen(text), sizeof text - strlen(text), " + %d", heap);
        const char *method = "";
        gr_misere m = GR_SIZED(gr_misere);
        int got = grundy_wins(text, &method, &m);
        checked_positions++;
        genus_used += !strcmp(method, "genus");
        CHECK(got == want, "case %llu: %s: misère %s by %s, the search says %s", (unsigned long long)c, text,
              got ? "N" : "P", method, want ? "N" : "P");
        if (got == 1 && c % 4 == 0) check_moves(text);
    }
}

static void sj_example(void) {
    /* two stalks of length 2 on the ground: P in misère play, where the SJ
     * rule on the tree's value 0 says N */
    const char *method;
    gr_misere m = GR_SIZED(gr_misere);
    CHECK(grundy_wins("hackenbush(0-1,1-2,0-3,3-4)", &method, &m) == 0 && m.sj_wins == 1 && !strcmp(method, "genus"),
          "two stalks of 2: P by genus (sj says N): got %s by %s", m.wins ? "N" : "P", method);
}

int main(void) {
    uint64_t seed = tu_seed(20261123);
    memo = malloc(((size_t)1 << 16) * 4 + 64);
    if (!memo || gr_ctx_new(&ctx) != GR_OK) return 1;
    gr_ctx_set_search_limit(ctx, 1 << 20);
    sj_example();
    all_trees();
    random_forests(seed);
    CHECK(genus_used > checked_positions / 2, "the branch theorem was used on %ld of %ld positions", genus_used,
          checked_positions);
    CHECK(sj_wrong > 0, "the SJ rule on term values was never wrong");
    printf("misère hackenbush: %ld positions, %ld by the branch theorem, the seeds' SJ rule wrong on %ld\n",
           checked_positions, genus_used, sj_wrong);
    gr_ctx_free(ctx);
    free(memo);
    return tu_finish("misere_hb");
}
