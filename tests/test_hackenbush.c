/* Green Hackenbush against brute force: random small multigraphs with loops,
 * parallel edges and parts cut off from the ground (brute force: delete an
 * edge, drop what is no longer attached, mex), random weighted trees, all
 * winning moves, misère play by search, graph files and their errors, and
 * a path, a star and a cycle of 10^6 edges (no recursion). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "testutil.h"
#include "moves.h"

enum { MAXE = 8 };
static int ne, eu[MAXE], ev[MAXE];

/* edges of `alive` still attached to vertex 0 */
static unsigned attached(unsigned alive) {
    unsigned reach = 1, changed = 1, keep = 0;
    while (changed) {
        changed = 0;
        for (int e = 0; e < ne; e++)
            if (alive >> e & 1) {
                int a = reach >> eu[e] & 1, b = reach >> ev[e] & 1;
                if (a || b) { if (!(keep >> e & 1)) { keep |= 1u << e; changed = 1; } reach |= 1u << eu[e] | 1u << ev[e]; }
            }
    }
    return keep;
}

static int memo_g[1 << MAXE], memo_m[1 << MAXE];

static int brute_g(unsigned m) {
    if (memo_g[m] >= 0) return memo_g[m];
    unsigned char seen[64] = {0};
    for (int e = 0; e < ne; e++) if (m >> e & 1) seen[brute_g(attached(m & ~(1u << e)))] = 1;
    int v = 0;
    while (seen[v]) v++;
    return memo_g[m] = v;
}

static int brute_misere(unsigned m) {
    if (memo_m[m] >= 0) return memo_m[m];
    int any = 0, win = 0;
    for (int e = 0; e < ne && !win; e++) if (m >> e & 1) { any = 1; if (!brute_misere(attached(m & ~(1u << e)))) win = 1; }
    return memo_m[m] = any ? win : 1;
}

/* weighted trees: state = weights (0 = gone), base 5 */
static int wn, wpar[MAXE]; /* edge e joins vertex e+1 to wpar[e] (a vertex < e+1) */
static int wmemo[390625];
static int wenc(const int *w) { int k = 0; for (int e = wn - 1; e >= 0; e--) k = k * 5 + w[e]; return k; }
static int wattached(const int *w, int e) { /* is edge e still on the ground? */
    for (int v = e + 1; v != 0;) { int f = v - 1; if (!w[f]) return 0; v = wpar[f]; }
    return 1;
}
static int brute_w(int *w) {
    int k = wenc(w);
    if (wmemo[k] >= 0) return wmemo[k];
    unsigned char seen[64] = {0};
    for (int e = 0; e < wn; e++) {
        if (!w[e] || !wattached(w, e)) continue;
        int save[MAXE];
        memcpy(save, w, sizeof save);
        w[e]--;
        for (int f = 0; f < wn; f++) if (w[f] && !wattached(w, f)) w[f] = 0;
        seen[brute_w(w)] = 1;
        memcpy(w, save, sizeof save);
    }
    int v = 0;
    while (seen[v]) v++;
    return wmemo[k] = v;
}

int main(void) {
    uint64_t seed = tu_seed(6);
    tu_rng r = {seed};
    gr_ctx *ctx;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK) return 1;
    uint64_t cases = 3000 * tu_scale();
    long graphs = 0, moves = 0, mis = 0;
    for (uint64_t c = 0; c < cases; c++) {
        ne = 1 + (int)tu_below(&r, MAXE);
        int nv = 2 + (int)tu_below(&r, 4);
        char text[512];
        int p = sprintf(text, "hackenbush(");
        for (int e = 0; e < ne; e++) {
            eu[e] = (int)tu_below(&r, (uint64_t)nv);
            ev[e] = tu_below(&r, 6) == 0 ? eu[e] : (int)tu_below(&r, (uint64_t)nv);
            p += sprintf(text + p, "%s%d-%d", e ? "," : "", eu[e], ev[e]);
        }
        sprintf(text + p, ")");
        for (unsigned m = 0; m < (1u << ne); m++) memo_g[m] = memo_m[m] = -1;
        unsigned all = attached((1u << ne) - 1);
        int bg = brute_g(all);
        gr_position *pos;
        uint64_t v;
        CHECK(gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) == GR_OK, "%s: %s", text, err.message);
        CHECK(gr_position_value(pos, &v, &err) == GR_OK && v == (uint64_t)bg, "%s: value %llu, brute force %d", text,
              (unsigned long long)v, bg);
        /* winning moves: each reaches 0, and there are as many as the brute force finds */
        int expect = 0;
        for (int e = 0; e < ne; e++) if ((all >> e & 1) && brute_g(attached(all & ~(1u << e))) == 0) expect++;
        movecheck cm = {pos, ctx, 0, 0};
        int complete;
        CHECK(gr_position_winning_moves(pos, 0, check_move, &cm, &complete, &err) == GR_OK, "%s", err.message);
        CHECK(cm.bad == 0 && cm.ok == expect, "%s: %ld winning moves (%ld wrong), brute force %d", text, cm.ok, cm.bad, expect);
        moves += cm.ok;
        /* misère by the library's search */
        if (c % 3 == 0) {
            gr_misere mr = GR_SIZED(gr_misere);
            CHECK(gr_position_misere(pos, &mr, &err) == GR_OK && mr.wins == brute_misere(all), "%s misère", text);
            mis++;
        }
        gr_position_free(pos);
        graphs++;
    }
    /* weighted trees */
    long trees = 0;
    for (uint64_t c = 0; c < cases; c++) {
        wn = 1 + (int)tu_below(&r, 6);
        int w[MAXE] = {0};
        char text[512];
        int p = sprintf(text, "hackenbush(");
        for (int e = 0; e < wn; e++) {
            wpar[e] = (int)tu_below(&r, (uint64_t)(e + 1));
            w[e] = 1 + (int)tu_below(&r, 4);
            p += sprintf(text + p, "%s%d-%d:%d", e ? "," : "", wpar[e], e + 1, w[e]);
        }
        sprintf(text + p, ")");
        int states = 1;
        for (int e = 0; e < wn; e++) states *= 5;
        for (int k = 0; k < states; k++) wmemo[k] = -1;
        int bg = brute_w(w);
        gr_position *pos;
        uint64_t v;
        CHECK(gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) == GR_OK, "%s: %s", text, err.message);
        CHECK(gr_position_value(pos, &v, &err) == GR_OK && v == (uint64_t)bg, "%s: value %llu, brute force %d", text,
              (unsigned long long)v, bg);
        gr_position_free(pos);
        trees++;
    }
    /* a weighted edge on a cycle is refused, not guessed */
    gr_position *pos;
    uint64_t v;
    CHECK(gr_position_parse(ctx, "hackenbush(0-1:2,1-2,2-0)", 25, 0, &pos, &err) == GR_OK, "parse");
    CHECK(gr_position_value(pos, &v, &err) == GR_EUNPROVEN && strstr(err.message, "cycle"), "weighted cycle: %s", err.message);
    gr_position_free(pos);

    /* 10^6 edges: path, star, cycle (odd) */
    size_t big = 1000000;
    char *text = malloc(big * 24 + 32);
    const char *shapes[] = {"path", "star", "cycle"};
    uint64_t want[] = {big, big % 2, 1};
    for (int s = 0; s < 3; s++) {
        size_t q = (size_t)sprintf(text, "hackenbush(");
        for (size_t e = 0; e < big; e++) {
            size_t a = s == 0 ? e : 0, b = s == 1 ? e + 1 : e + 1;
            if (s == 2 && e == big - 1) b = 0; /* close the cycle: big edges, odd? */
            q += (size_t)sprintf(text + q, "%s%zu-%zu", e ? "," : "", s == 2 ? e : a, b);
        }
        q += (size_t)sprintf(text + q, ")");
        CHECK(gr_position_parse(ctx, text, q, 0, &pos, &err) == GR_OK, "%s: %s", shapes[s], err.message);
        CHECK(gr_position_value(pos, &v, &err) == GR_OK && v == (s == 2 ? 0 : want[s]), "%s of 10^6 edges: value %llu (%s)",
              shapes[s], (unsigned long long)v, err.message);
        gr_position_free(pos);
    }
    free(text);

    /* files */
    char path[] = "/tmp/grundy_hb_XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "4 4\n0 1\n1 2 3\n2 0\n1 3\n");
    fclose(f);
    char spec[128];
    snprintf(spec, sizeof spec, "hackenbush(@%s)", path);
    /* files are read only with a reader */
    CHECK(gr_position_parse(ctx, spec, strlen(spec), 0, &pos, &err) == GR_EINVAL && strstr(err.message, "no file reader"),
          "no reader: %s", err.message);
    gr_parse_opts files = {sizeof(gr_parse_opts), gr_read_file, NULL};
    CHECK(gr_position_parse_ex(ctx, spec, strlen(spec), 0, &files, &pos, &err) == GR_OK, "file: %s", err.message);
    CHECK(gr_position_value(pos, &v, &err) == GR_EUNPROVEN, "a file whose weighted edge 1-2 lies on a cycle");
    gr_position_free(pos);
    static const struct { const char *body, *msg; } bad[] = {
        {"3 2\n0 1\n", "line 3: the file ends after 1 of its 2 edges"},
        {"3 1\n0 5\n", "line 2: vertex 5 is out of range"},
        {"3 1\n0 1 -2\n", "line 2: negative weight"},
        {"3 1\n0 1 0\n", "line 2: an edge needs weight >= 1"},
        {"3 1\n0 1\n1 2\n", "more edges than the header's 1"},
        {"x\n", "line 1: expected the header"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        f = fopen(path, "w");
        fputs(bad[k].body, f);
        fclose(f);
        gr_status st = gr_position_parse_ex(ctx, spec, strlen(spec), 0, &files, &pos, &err);
        CHECK(st != GR_OK && strstr(err.message, bad[k].msg), "file '%s': %s", bad[k].body, err.message);
        if (st == GR_OK) gr_position_free(pos);
    }
    f = fopen(path, "w");
    fputs("4 3\n0 1\n1 2 2\n1 3\n", f);
    fclose(f);
    CHECK(gr_position_parse_ex(ctx, spec, strlen(spec), 0, &files, &pos, &err) == GR_OK, "%s", err.message);
    /* 1-2 of weight 2 over nothing is worth 0, 1-3 is worth 1: the edge 0-1 holds 1 + 1 = 2 */
    CHECK(gr_position_value(pos, &v, &err) == GR_OK && v == 2, "file value %llu", (unsigned long long)v);
    gr_position_free(pos);
    remove(path);
    gr_ctx_free(ctx);
    printf("hackenbush: %ld multigraphs (%ld winning moves, %ld misère), %ld weighted trees vs brute force\n", graphs, moves,
           mis, trees);
    return tu_finish("test_hackenbush");
}
