/* Loopy games in positions: the graph family (graph[...]) in sums with nim
 * heaps against a retrograde analysis of the sum's own graph (values,
 * outcomes, winning and drawing moves), graph files, vertex numbers far
 * apart, and loopy rules. Split from test_loopy.c (the solver). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "loopy_graph.h"

/* ---- the graph family, in positions ---- */

#define CMAX 14 /* combined graph: the graph's vertices, then nim heaps 0..4 */
#define KMAX 4  /* tokens in a sum */

typedef struct combined {
    uint32_t n, gn;  /* vertices; of them, the graph's */
    uint32_t off[CMAX + 1], adj[MMAX + 16];
} combined;

/* the graph plus the nim heaps 0..4 as vertices gn..gn+4 (heap j moves to
 * every heap below it) */
static void combine(const graph *g, combined *c) {
    c->gn = g->n;
    c->n = g->n + 5;
    uint32_t m = 0;
    for (uint32_t v = 0; v < g->n; v++) {
        c->off[v] = m;
        for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++) c->adj[m++] = g->adj[e];
    }
    for (uint32_t j = 0; j < 5; j++) {
        c->off[g->n + j] = m;
        for (uint32_t i = 0; i < j; i++) c->adj[m++] = g->n + i;
    }
    c->off[c->n] = m;
}

/* retrograde outcomes of every k-token state of the combined graph
 * (states as base-n numbers); computed once per graph and k */
static signed char table[CMAX * CMAX * CMAX * CMAX];
static const combined *table_of;
static int table_k;

static void solve_table(const combined *c, int k) {
    if (table_of == c && table_k == k) return;
    table_of = c;
    table_k = k;
    signed char *out = table;
    uint32_t states = 1;
    for (int i = 0; i < k; i++) states *= c->n;
    for (uint32_t s = 0; s < states; s++) out[s] = -1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t s = 0; s < states; s++) {
            if (out[s] >= 0) continue;
            uint32_t t[KMAX], x = s, place = 1;
            for (int i = 0; i < k; i++) { t[i] = x % c->n; x /= c->n; }
            int any_p = 0, all_n = 1;
            for (int i = 0; i < k; i++) {
                for (uint32_t e = c->off[t[i]]; e < c->off[t[i] + 1]; e++) {
                    uint32_t s2 = s - t[i] * place + c->adj[e] * place;
                    if (out[s2] == 0) any_p = 1;
                    if (out[s2] != 1) all_n = 0;
                }
                place *= c->n;
            }
            if (any_p) { out[s] = 1; changed = 1; }
            else if (all_n) { out[s] = 0; changed = 1; }
        }
    }
}

static int combined_outcome(const combined *c, const uint32_t *tok, int k) {
    solve_table(c, k);
    uint32_t s = 0, place = 1;
    for (int i = 0; i < k; i++) { s += tok[i] * place; place *= c->n; }
    return table[s] < 0 ? GR_OUTCOME_D : table[s] ? GR_OUTCOME_N : GR_OUTCOME_P;
}

static gr_ctx *ctx;

/* the tokens of a position (graph tokens as vertices, nim heaps after)
 * and the term each is in (term may be NULL) */
static int tokens_of(gr_position *pos, const combined *c, uint32_t *tok, int *term) {
    int k = 0;
    gr_term_info t;
    for (size_t i = 0; gr_position_term(pos, i, &t) == GR_OK; i++) {
        int nim = strcmp(gr_ruleset_family(t.ruleset), "graph") != 0;
        for (size_t j = 0; j < t.nargs; j++) {
            if (k == KMAX) return -1;
            if (term) term[k] = (int)i;
            tok[k++] = nim ? c->gn + (uint32_t)t.args[j] : (uint32_t)t.args[j];
        }
    }
    return k;
}

static int outcome_of_text(const char *text, const combined *c) {
    gr_position *pos;
    gr_error err;
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) {
        fprintf(stderr, "%s: %s\n", text, err.message);
        return -1;
    }
    uint32_t tok[KMAX];
    int k = tokens_of(pos, c, tok, NULL);
    gr_position_free(pos);
    return k < 0 ? -1 : combined_outcome(c, tok, k);
}

typedef struct collected {
    char *after[256];
    size_t n;
    gr_position *pos;
} collected;

static int collect(void *user, const gr_move *m) {
    collected *cl = user;
    if (cl->n == 256) return 1;
    if (gr_position_format_after(cl->pos, m, &cl->after[cl->n], NULL) != GR_OK) return 1;
    cl->n++;
    return 0;
}

static void collected_free(collected *cl) {
    for (size_t i = 0; i < cl->n; i++) free(cl->after[i]);
    cl->n = 0;
}

/* every move of the position by brute force, counted by the outcome it
 * leaves (tokens moved one at a time on the combined graph); moves that
 * leave the same position count once (two tokens of one term on one
 * vertex, or a repeated edge) */
static void count_moves(const combined *c, const uint32_t *tok, const int *term, int k, int *counts) {
    counts[0] = counts[1] = counts[2] = 0;
    uint32_t t2[KMAX];
    for (int i = 0; i < k; i++) {
        int same = 0;
        for (int j = 0; j < i; j++) same |= term[j] == term[i] && tok[j] == tok[i];
        if (same) continue;
        for (uint32_t e = c->off[tok[i]]; e < c->off[tok[i] + 1]; e++) {
            int again = 0;
            for (uint32_t f = c->off[tok[i]]; f < e; f++) again |= c->adj[f] == c->adj[e];
            if (again) continue;
            memcpy(t2, tok, sizeof t2);
            t2[i] = c->adj[e];
            counts[combined_outcome(c, t2, k)]++;
        }
    }
}

static void write_graph(const graph *g, char *buf, size_t cap) {
    size_t len = (size_t)snprintf(buf, cap, "graph[");
    for (uint32_t v = 0; v < g->n; v++)
        for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++)
            len += (size_t)snprintf(buf + len, cap - len, "%s%u>%u", len > 6 ? "," : "", v, g->adj[e]);
    /* the largest vertex must exist: a self-loop-free way to name it is an
     * edge from it... inline graphs number vertices up to the largest named */
    snprintf(buf + len, cap - len, "]");
}

static void random_positions(uint64_t seed) {
    tu_rng r = {seed};
    uint64_t cases = 1500 * tu_scale();
    long seen[3] = {0, 0, 0};
    for (uint64_t c = 0; c < cases; c++) {
        graph g;
        random_graph(&r, &g, 0);
        if (!g.m) continue;
        /* inline graphs have vertices 0 .. the largest named */
        uint32_t top = 0;
        for (uint32_t e = 0; e < g.m; e++) top = g.adj[e] > top ? g.adj[e] : top;
        for (uint32_t v = 0; v < g.n; v++) if (g.off[v + 1] > g.off[v] && v > top) top = v;
        g.n = top + 1;
        static combined cg;
        combine(&g, &cg);
        table_of = NULL;
        char spec[1024], text[2048];
        write_graph(&g, spec, sizeof spec);
        /* 1 to 3 terms: graph terms of 1-2 tokens, or nim heaps up to 4 */
        int nterms = 1 + (int)tu_below(&r, 3), k = 0;
        size_t len = 0;
        text[0] = 0;
        for (int i = 0; i < nterms && k < KMAX; i++) {
            len += (size_t)snprintf(text + len, sizeof text - len, "%s", i ? " + " : "");
            if (tu_below(&r, 4) == 0) {
                len += (size_t)snprintf(text + len, sizeof text - len, "nim(%u)", (unsigned)tu_below(&r, 5));
                k++;
            } else {
                int nt = 1 + (int)tu_below(&r, 2);
                if (k + nt > KMAX) nt = KMAX - k;
                len += (size_t)snprintf(text + len, sizeof text - len, "%s(", spec);
                for (int j = 0; j < nt; j++)
                    len += (size_t)snprintf(text + len, sizeof text - len, "%s%u", j ? "," : "", (unsigned)tu_below(&r, g.n));
                len += (size_t)snprintf(text + len, sizeof text - len, ")");
                k += nt;
            }
        }
        gr_position *pos;
        gr_error err;
        if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) {
            CHECK(0, "case %llu: %s: %s", (unsigned long long)c, text, err.message);
            continue;
        }
        uint32_t tok[KMAX];
        int term[KMAX];
        int nt = tokens_of(pos, &cg, tok, term);
        int want = combined_outcome(&cg, tok, nt);
        gr_outcome got;
        CHECK(gr_position_loopy_outcome(pos, &got, &err) == GR_OK && (int)got == want, "case %llu: %s: outcome %d, brute %d",
              (unsigned long long)c, text, (int)got, want);
        seen[want]++;
        int counts[3];
        count_moves(&cg, tok, term, nt, counts);
        collected cl = {{0}, 0, pos};
        int complete = 0;
        if (want == GR_OUTCOME_N) {
            CHECK(gr_position_winning_moves(pos, 0, collect, &cl, &complete, &err) == GR_OK, "case %llu: %s: %s",
                  (unsigned long long)c, text, err.message);
            CHECK(cl.n > 0, "case %llu: %s: won, but no winning move", (unsigned long long)c, text);
            for (size_t i = 0; i < cl.n; i++)
                CHECK(outcome_of_text(cl.after[i], &cg) == GR_OUTCOME_P, "case %llu: %s: winning move to %s is not to P",
                      (unsigned long long)c, text, cl.after[i]);
            if (complete) CHECK((int)cl.n == counts[GR_OUTCOME_P], "case %llu: %s: %zu winning moves, brute %d",
                                (unsigned long long)c, text, cl.n, counts[GR_OUTCOME_P]);
        } else if (want == GR_OUTCOME_D) {
            CHECK(gr_position_draw_moves(pos, 0, collect, &cl, &complete, &err) == GR_OK, "case %llu: %s: %s",
                  (unsigned long long)c, text, err.message);
            CHECK(cl.n > 0 || !complete, "case %llu: %s: a draw, but no move keeps it", (unsigned long long)c, text);
            CHECK(cl.n > 0 || counts[GR_OUTCOME_D] == 0, "case %llu: %s: no draw move listed, brute finds %d",
                  (unsigned long long)c, text, counts[GR_OUTCOME_D]);
            for (size_t i = 0; i < cl.n; i++)
                CHECK(outcome_of_text(cl.after[i], &cg) == GR_OUTCOME_D, "case %llu: %s: draw move to %s is not to D",
                      (unsigned long long)c, text, cl.after[i]);
            if (complete) CHECK((int)cl.n == counts[GR_OUTCOME_D], "case %llu: %s: %zu draw moves, brute %d",
                                (unsigned long long)c, text, cl.n, counts[GR_OUTCOME_D]);
            /* no winning move from a draw */
            collected none = {{0}, 0, pos};
            CHECK(gr_position_winning_moves(pos, 0, collect, &none, &complete, &err) == GR_OK && none.n == 0,
                  "case %llu: %s: winning moves from a draw", (unsigned long long)c, text);
            collected_free(&none);
        } else {
            CHECK(gr_position_winning_moves(pos, 0, collect, &cl, &complete, &err) == GR_OK && cl.n == 0,
                  "case %llu: %s: winning moves from P", (unsigned long long)c, text);
        }
        collected_free(&cl);
        /* the value: finite exactly when no token's value is infinite, and
         * then the XOR (ordinary value calls agree) */
        gr_gvalue gv = GR_SIZED(gr_gvalue);
        uint64_t v;
        CHECK(gr_position_gvalue(pos, &gv, &err) == GR_OK, "case %llu: gvalue", (unsigned long long)c);
        gr_status vs = gr_position_value(pos, &v, &err);
        if (!gv.infinite) CHECK(vs == GR_OK && v == gv.value && (want == GR_OUTCOME_P) == (v == 0),
                                "case %llu: %s: value %llu, gvalue %llu", (unsigned long long)c, text, (unsigned long long)v,
                                (unsigned long long)gv.value);
        else CHECK(vs == GR_ECYCLE, "case %llu: %s: an infinite value must not be given as a number", (unsigned long long)c, text);
        gr_position_free(pos);
    }
    CHECK(seen[0] > 0 && seen[1] > 0 && seen[2] > (long)cases / 20, "outcomes seen: P %ld, N %ld, D %ld", seen[0], seen[1],
          seen[2]);
    printf("positions: %llu sums, P %ld, N %ld, D %ld\n", (unsigned long long)cases, seen[0], seen[1], seen[2]);
}

/* ---- graph files ---- */

static gr_status parse_file_pos(const char *text, gr_position **pos, gr_error *err) {
    gr_parse_opts opts = {sizeof(gr_parse_opts), gr_read_file, NULL};
    return gr_position_parse_ex(ctx, text, strlen(text), 0, &opts, pos, err);
}

static void write_file(const char *path, const char *content) {
    FILE *f = fopen(path, "wb");
    if (!f) { CHECK(0, "cannot write %s", path); return; }
    fputs(content, f);
    fclose(f);
}

static void file_cases(void) {
    char dir[] = "/tmp/grundy-loopy-XXXXXX";
    if (!mkdtemp(dir)) { CHECK(0, "mkdtemp"); return; }
    char path[256], text[1024];
    gr_position *pos;
    gr_error err;
    uint64_t v;
    /* a path 0 -> 1 -> 2 -> 3 plus a 2-cycle 4 <-> 5 with an exit 5 -> 3
     * and a self-loop on 6 */
    snprintf(path, sizeof path, "%s/g.txt", dir);
    write_file(path, "7 7\n0 1\n1 2\n2 3\n4 5\n5 4\n5 3\n6 6\n");
    snprintf(text, sizeof text, "graph[@%s](0)", path);
    CHECK(parse_file_pos(text, &pos, &err) == GR_OK, "%s: %s", text, err.message);
    if (pos) {
        CHECK(gr_position_value(pos, &v, &err) == GR_OK && v == 1, "path of 3 moves: value 1 (%llu)", (unsigned long long)v);
        gr_position_free(pos);
    }
    /* 4 <-> 5, 5 -> 3 (value 0): 5 has value 1; 4's one follower 5 can
     * answer back to 0 through 3, so 4 = 0 */
    snprintf(text, sizeof text, "graph[@%s](4) + graph[@%s](5,6)", path, path);
    CHECK(parse_file_pos(text, &pos, &err) == GR_OK, "%s: %s", text, err.message);
    if (pos) {
        gr_gvalue gv = GR_SIZED(gr_gvalue);
        CHECK(gr_position_term_gvalue(pos, 0, &gv, &err) == GR_OK && !gv.infinite && gv.value == 0, "vertex 4: 0");
        /* the self-loop: ∞(∅) (no finite follower), so the sum is a draw */
        CHECK(gr_position_term_gvalue(pos, 1, &gv, &err) == GR_OK && gv.infinite && gv.nK == 0, "5 + self-loop: ∞(∅)");
        gr_outcome o;
        CHECK(gr_position_loopy_outcome(pos, &o, &err) == GR_OK && o == GR_OUTCOME_D, "a draw");
        gr_position_free(pos);
    }
    /* the same graph 1-based */
    snprintf(path, sizeof path, "%s/g1.txt", dir);
    write_file(path, "3 2\n1 2\n2 3\n");
    snprintf(text, sizeof text, "graph[1,@%s](1)", path);
    CHECK(parse_file_pos(text, &pos, &err) == GR_OK, "%s: %s", text, err.message);
    if (pos) {
        CHECK(gr_position_value(pos, &v, &err) == GR_OK && v == 0, "1-based path of 2 moves: 0");
        gr_position_free(pos);
    }
    snprintf(text, sizeof text, "graph[1,@%s](0)", path);
    CHECK(parse_file_pos(text, &pos, &err) == GR_ERANGE && strstr(err.message, "vertex 0 is not in the graph (vertices 1..3)"),
          "vertex 0 of a 1-based graph: %s", err.message);
    /* bad files name the line */
    static const struct { const char *content, *message; } bad[] = {
        {"3 2\n0 1\n1 7\n", "line 3: vertex 7 is out of range"},
        {"3 3\n0 1\n1 2\n", "line 4: the file ends after 2 of its 3 edges"},
        {"3\n", "line 1: expected the header 'n m'"},
        {"3 1\n0 -1\n", "line 2: expected an edge 'u v': negative number"},
        {"3 1\n0 1 2\n", "line 2: unexpected '2' at the end of the line"},
        {"3 1\n0 1\n1 2\n", "line 3: more edges than the header's 1"},
        {"3 1\n0 99999999999999999999\n", "line 2: expected an edge 'u v': number too large"},
        {"999999999999 0\n", "vertices is more than grundy reads"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(path, sizeof path, "%s/bad%zu.txt", dir, i);
        write_file(path, bad[i].content);
        snprintf(text, sizeof text, "graph[@%s](0)", path);
        pos = NULL;
        CHECK(parse_file_pos(text, &pos, &err) != GR_OK && strstr(err.message, bad[i].message) && err.column == 7,
              "bad file %zu: got '%s' (column %zu), want '%s'", i, err.message, err.column, bad[i].message);
        gr_position_free(pos);
    }
    /* no reader: refused with a message */
    gr_ctx *fresh;
    CHECK(gr_ctx_new(&fresh) == GR_OK, "context");
    snprintf(text, sizeof text, "graph[@%s/g.txt](0)", dir);
    CHECK(gr_position_parse(fresh, text, strlen(text), 0, &pos, &err) == GR_EINVAL && strstr(err.message, "no file reader"),
          "no reader: %s", err.message);
    gr_ctx_free(fresh);
    snprintf(text, sizeof text, "graph[@%s/missing.txt](0)", dir);
    CHECK(parse_file_pos(text, &pos, &err) != GR_OK && strstr(err.message, "cannot open"), "missing: %s", err.message);
    /* inline graphs: errors at their column */
    static const struct { const char *text, *message; size_t column; } inl[] = {
        {"graph[0>1,1](0)", "expected '>'", 12},
        {"graph[0>1;1>2](0)", "expected ',' or ']' after an edge", 10},
        {"graph[2,0>1](0)", "from 0 or 1", 7},
        {"graph[0>1](2)", "vertex 2 is not in the graph (vertices 0..1)", 12},
        {"graph[](0)", "graph needs its edges", 7},
        {"graph(0)", "needs parameters", 6},
        {"graph[0>-1](0)", "", 9},
    };
    for (size_t i = 0; i < sizeof inl / sizeof inl[0]; i++) {
        pos = NULL;
        gr_status st = gr_position_parse(ctx, inl[i].text, strlen(inl[i].text), 0, &pos, &err);
        CHECK(st != GR_OK && strstr(err.message, inl[i].message) && err.column == inl[i].column,
              "%s: got '%s' at column %zu, want '%s' at %zu", inl[i].text, err.message, err.column, inl[i].message,
              inl[i].column);
        gr_position_free(pos);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(path, sizeof path, "%s/bad%zu.txt", dir, i);
        remove(path);
    }
    snprintf(path, sizeof path, "%s/g.txt", dir); remove(path);
    snprintf(path, sizeof path, "%s/g1.txt", dir); remove(path);
    remove(dir);
}

/* ---- sparse vertex numbers: the same graphs with vertex v written as
 * 5000 v, so that grundy solves only the vertices edges name ---- */

static void sparse_numbers(uint64_t seed) {
    tu_rng r = {seed};
    uint64_t cases = 300 * tu_scale();
    for (uint64_t c = 0; c < cases; c++) {
        graph g;
        random_graph(&r, &g, 0);
        if (!g.m) continue;
        char a[1024] = "graph[", b[1024] = "graph[";
        for (uint32_t v = 0; v < g.n; v++)
            for (uint32_t e = g.off[v]; e < g.off[v + 1]; e++) {
                snprintf(a + strlen(a), sizeof a - strlen(a), "%s%u>%u", strlen(a) > 6 ? "," : "", v, g.adj[e]);
                snprintf(b + strlen(b), sizeof b - strlen(b), "%s%u>%u", strlen(b) > 6 ? "," : "", 5000 * v, 5000 * g.adj[e]);
            }
        strcat(a, "](");
        strcat(b, "](");
        /* tokens on named vertices, and one on a vertex no edge names */
        int k = 1 + (int)tu_below(&r, 3);
        for (int i = 0; i < k; i++) {
            uint32_t v = g.adj[tu_below(&r, g.m)];
            snprintf(a + strlen(a), sizeof a - strlen(a), "%s%u", i ? "," : "", v);
            snprintf(b + strlen(b), sizeof b - strlen(b), "%s%u", i ? "," : "", 5000 * v);
        }
        uint32_t top = 0;
        for (uint32_t e = 0; e < g.m; e++) top = g.adj[e] > top ? g.adj[e] : top;
        for (uint32_t v = 0; v < g.n; v++) if (g.off[v + 1] > g.off[v] && v > top) top = v;
        strcat(b, top ? ",1)" : ")");
        strcat(a, ")");
        gr_position *pa, *pb;
        gr_error err;
        if (gr_position_parse(ctx, a, strlen(a), 0, &pa, &err) != GR_OK) { CHECK(0, "%s: %s", a, err.message); continue; }
        if (gr_position_parse(ctx, b, strlen(b), 0, &pb, &err) != GR_OK) {
            CHECK(0, "%s: %s", b, err.message);
            gr_position_free(pa);
            continue;
        }
        gr_gvalue ga = GR_SIZED(gr_gvalue), gb = GR_SIZED(gr_gvalue);
        gr_outcome oa, ob;
        CHECK(gr_position_loopy_outcome(pa, &oa, &err) == GR_OK && gr_position_loopy_outcome(pb, &ob, &err) == GR_OK &&
                  oa == ob,
              "sparse case %llu: %s and %s differ", (unsigned long long)c, a, b);
        CHECK(gr_position_gvalue(pa, &ga, &err) == GR_OK && gr_position_gvalue(pb, &gb, &err) == GR_OK &&
                  ga.infinite == gb.infinite && ga.value == gb.value && ga.nK == gb.nK,
              "sparse case %llu: %s and %s have different values", (unsigned long long)c, a, b);
        gr_position_free(pa);
        gr_position_free(pb);
    }
    /* a huge vertex number costs nothing: one edge, tokens far apart */
    const char *huge = "graph[0>100000000](0) + graph[0>100000000](100000000, 5)";
    gr_position *pos;
    gr_error err;
    uint64_t v = 9;
    CHECK(gr_position_parse(ctx, huge, strlen(huge), 0, &pos, &err) == GR_OK && gr_position_value(pos, &v, &err) == GR_OK &&
              v == 1,
          "%s: value %llu", huge, (unsigned long long)v);
    gr_position_free(pos);
}

/* ---- loopy rules: the rule language against the same game as a graph ---- */

static void random_loopy_rules(uint64_t seed) {
    tu_rng r = {seed};
    uint64_t cases = 400 * tu_scale();
    long draws = 0;
    for (uint64_t c = 0; c < cases; c++) {
        /* n -> (n+A) if n < C;  n -> n-B;  n -> 0 if n == D   (heaps of 1..9) */
        unsigned A = 1 + (unsigned)tu_below(&r, 3), C = (unsigned)tu_below(&r, 8), B = 1 + (unsigned)tu_below(&r, 3),
                 D = 1 + (unsigned)tu_below(&r, 9);
        int with_end = tu_below(&r, 2) == 0;
        char rule[128], gspec[2048];
        snprintf(rule, sizeof rule, "rule[n -> (n+%u) if n < %u; n -> n-%u%s", A, C, B, with_end ? "; n -> 0 if n == " : "");
        if (with_end) snprintf(rule + strlen(rule), sizeof rule - strlen(rule), "%u", D);
        strcat(rule, "]");
        /* the graph: heap h is vertex h (1..top), the end (a heap of 0, or
         * the term gone) is vertex 0 */
        unsigned top = 9 + A + C;
        size_t len = (size_t)snprintf(gspec, sizeof gspec, "graph[");
        int first = 1;
        for (unsigned h = 1; h <= top; h++) {
            unsigned to[3], nt = 0;
            if (h < C && h + A <= top) to[nt++] = h + A;
            if (h >= B) to[nt++] = h - B;
            if (with_end && h == D) to[nt++] = 0;
            for (unsigned k = 0; k < nt; k++) {
                len += (size_t)snprintf(gspec + len, sizeof gspec - len, "%s%u>%u", first ? "" : ",", h, to[k]);
                first = 0;
            }
        }
        snprintf(gspec + len, sizeof gspec - len, ",%u>%u]", top, top - 1 >= B ? top - B : 0); /* name the top vertex */
        /* a sum of 1 to 3 terms of 1 or 2 heaps of 1..9 */
        char rt[1024] = "", gt[4096] = "";
        int nterms = 1 + (int)tu_below(&r, 3);
        for (int i = 0; i < nterms; i++) {
            unsigned h1 = 1 + (unsigned)tu_below(&r, 9), h2 = 1 + (unsigned)tu_below(&r, 9);
            int two = tu_below(&r, 2) == 0;
            char a[32];
            if (two) snprintf(a, sizeof a, "(%u,%u)", h1, h2);
            else snprintf(a, sizeof a, "(%u)", h1);
            snprintf(rt + strlen(rt), sizeof rt - strlen(rt), "%s%s%s", i ? " + " : "", rule, a);
            snprintf(gt + strlen(gt), sizeof gt - strlen(gt), "%s%s%s", i ? " + " : "", gspec, a);
        }
        gr_position *pr = NULL, *pg = NULL;
        gr_error err;
        if (gr_position_parse(ctx, rt, strlen(rt), 0, &pr, &err) != GR_OK ||
            gr_position_parse(ctx, gt, strlen(gt), 0, &pg, &err) != GR_OK) {
            CHECK(0, "rule case %llu: %s", (unsigned long long)c, err.message);
            gr_position_free(pr);
            continue;
        }
        gr_outcome orr, og;
        CHECK(gr_position_loopy_outcome(pr, &orr, &err) == GR_OK, "rule case %llu: %s: %s", (unsigned long long)c, rt,
              err.message);
        CHECK(gr_position_loopy_outcome(pg, &og, &err) == GR_OK, "rule case %llu: %s: %s", (unsigned long long)c, gt,
              err.message);
        CHECK(orr == og, "rule case %llu: %s: outcome %d, as a graph %d (%s)", (unsigned long long)c, rt, (int)orr, (int)og, gt);
        draws += og == GR_OUTCOME_D;
        /* each term's value: the same, finite or ∞(K) */
        for (size_t i = 0; i < (size_t)nterms; i++) {
            gr_gvalue a = GR_SIZED(gr_gvalue), b = GR_SIZED(gr_gvalue);
            uint64_t ka[64], kb[64];
            size_t na = 0, nb = 0;
            CHECK(gr_position_term_gvalue(pr, i, &a, &err) == GR_OK, "term gvalue: %s", err.message);
            for (size_t k = 0; k < a.nK && k < 64; k++) ka[na++] = a.K[k];
            CHECK(gr_position_term_gvalue(pg, i, &b, &err) == GR_OK, "term gvalue: %s", err.message);
            for (size_t k = 0; k < b.nK && k < 64; k++) kb[nb++] = b.K[k];
            CHECK(a.infinite == b.infinite && a.value == b.value && na == nb && !memcmp(ka, kb, na * sizeof *ka),
                  "rule case %llu: %s: term %zu differs from the graph's", (unsigned long long)c, rt, i + 1);
        }
        gr_position_free(pr);
        gr_position_free(pg);
    }
    CHECK(draws > (long)cases / 20, "only %ld draws among %llu loopy rules", draws, (unsigned long long)cases);
    printf("loopy rules: %llu sums, %ld draws\n", (unsigned long long)cases, draws);
}

int main(void) {
    uint64_t seed = tu_seed(20261123);
    CHECK(gr_ctx_new(&ctx) == GR_OK, "context");
    random_positions(seed + 2);
    file_cases();
    random_loopy_rules(seed + 3);
    sparse_numbers(seed + 4);
    gr_ctx_free(ctx);
    return tu_finish("loopy_play");
}
