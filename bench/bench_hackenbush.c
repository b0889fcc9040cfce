/* Green Hackenbush at 10^6 edges, read from a file and solved: a random
 * tree, a random graph with many cycles, and a path (depth 10^6: no
 * recursion). Baseline in the same run: the seeds' HDU 3094 program, a
 * recursive DFS with the colon principle, on the random tree (its depth is
 * small; on the path it would overflow the stack). Then misère forests at
 * the HDU 3590 size and at 10^5 trees, against the seeds' SJ rule. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "grundy/grundy.h"
#include "benchutil.h"

static uint64_t rng(uint64_t *s) { *s ^= *s << 13; *s ^= *s >> 7; *s ^= *s << 17; return *s; }

static size_t *head, *nxt, *to;
static unsigned textbook(size_t v, size_t parent) {
    unsigned ans = 0;
    for (size_t k = head[v]; k != SIZE_MAX; k = nxt[k])
        if (to[k] != parent) ans ^= textbook(to[k], v) + 1;
    return ans;
}

/* Misère forests: `trees` random trees of `nv` vertices, one term each,
 * solved exactly (outcome and one winning move) against the seeds' judge
 * rule in the same run: each tree's value by the recursive DFS, then the
 * SJ rule on those values (fast, and wrong on about 4% of forests). */
static int count_move(void *user, const gr_move *m) {
    (void)m;
    ++*(size_t *)user;
    return 1;
}

static void misere_forest(size_t trees, size_t nv, uint64_t *s) {
    size_t cap = trees * nv * 24 + 64, len = 0;
    char *text = malloc(cap);
    size_t *par = malloc(nv * sizeof *par);
    head = malloc(nv * sizeof *head);
    nxt = malloc(2 * nv * sizeof *nxt);
    to = malloc(2 * nv * sizeof *to);
    double tb = 0;
    uint64_t x = 0;
    size_t big = 0;
    for (size_t t = 0; t < trees; t++) {
        len += (size_t)snprintf(text + len, cap - len, "%shackenbush(", t ? " + " : "");
        for (size_t v = 1; v < nv; v++) {
            par[v] = (size_t)(rng(s) % v);
            len += (size_t)snprintf(text + len, cap - len, "%s%zu-%zu", v > 1 ? "," : "", par[v], v);
        }
        len += (size_t)snprintf(text + len, cap - len, ")");
        /* the judge's way, timed on the in-memory tree */
        double t0 = bench_now();
        for (size_t i = 0; i < nv; i++) head[i] = SIZE_MAX;
        size_t k = 0;
        for (size_t w = 1; w < nv; w++) {
            to[k] = w; nxt[k] = head[par[w]]; head[par[w]] = k++;
            to[k] = par[w]; nxt[k] = head[w]; head[w] = k++;
        }
        unsigned g = textbook(0, SIZE_MAX);
        x ^= g;
        big += g > 1;
        tb += bench_now() - t0;
    }
    int sj = (x != 0 && big > 0) || (x == 0 && big == 0);
    gr_ctx *ctx;
    gr_position *pos;
    gr_error err;
    gr_misere m = GR_SIZED(gr_misere);
    size_t moves = 0;
    int complete;
    if (gr_ctx_new(&ctx) != GR_OK) exit(1);
    double t0 = bench_now();
    if (gr_position_parse(ctx, text, len, 0, &pos, &err) != GR_OK || gr_position_misere(pos, &m, &err) != GR_OK ||
        gr_position_misere_moves(pos, 1, count_move, &moves, &complete, &err) != GR_OK) {
        fprintf(stderr, "%s\n", err.message);
        exit(1);
    }
    double t = bench_now() - t0;
    printf("misère forest, %zu trees of %zu vertices: grundy %.3f s (parse, outcome %c by %s, %zu winning move); the "
           "seeds' SJ rule on tree values %.3f s (says %c; ratio %.1fx)\n",
           trees, nv, t, m.wins ? 'N' : 'P', m.method, moves, tb, sj ? 'N' : 'P', t / (tb > 1e-9 ? tb : 1e-9));
    gr_position_free(pos);
    gr_ctx_free(ctx);
    free(text); free(par); free(head); free(nxt); free(to);
}

static double solve_file(gr_ctx *ctx, const char *path, uint64_t *v) {
    char spec[256];
    snprintf(spec, sizeof spec, "hackenbush(@%s)", path);
    double t0 = bench_now();
    gr_position *pos;
    gr_error err;
    gr_parse_opts files = {sizeof(gr_parse_opts), gr_read_file, NULL};
    if (gr_position_parse_ex(ctx, spec, strlen(spec), 0, &files, &pos, &err) != GR_OK || gr_position_value(pos, v, &err) != GR_OK) {
        fprintf(stderr, "%s\n", err.message);
        exit(1);
    }
    double t = bench_now() - t0;
    gr_position_free(pos);
    return t;
}

int main(void) {
    size_t n = 1000000;
    uint64_t s = 2024;
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) return 1;
    char path[] = "/tmp/grundy_hbb_XXXXXX";
    int fd = mkstemp(path);
    close(fd);
    const char *names[] = {"random tree", "random graph with cycles", "path"};
    size_t *par = malloc((n + 1) * sizeof *par);
    for (int shape = 0; shape < 3; shape++) {
        FILE *f = fopen(path, "w");
        size_t extra = shape == 1 ? n / 10 : 0;
        fprintf(f, "%zu %zu\n", n + 1, n + extra - extra);
        for (size_t v = 1; v <= n - extra; v++) {
            par[v] = shape == 2 ? v - 1 : (size_t)(rng(&s) % v);
            fprintf(f, "%zu %zu\n", par[v], v);
        }
        for (size_t e = 0; e < extra; e++) fprintf(f, "%zu %zu\n", (size_t)(rng(&s) % (n - extra + 1)), (size_t)(rng(&s) % (n - extra + 1)));
        fclose(f);
        uint64_t v;
        double t = solve_file(ctx, path, &v);
        if (shape == 0) {
            head = malloc((n + 1) * sizeof *head);
            nxt = malloc(2 * n * sizeof *nxt);
            to = malloc(2 * n * sizeof *to);
            double t0 = bench_now();
            for (size_t i = 0; i <= n; i++) head[i] = SIZE_MAX;
            size_t k = 0;
            for (size_t w = 1; w <= n; w++) {
                to[k] = w; nxt[k] = head[par[w]]; head[par[w]] = k++;
                to[k] = par[w]; nxt[k] = head[w]; head[w] = k++;
            }
            unsigned tv = textbook(0, SIZE_MAX);
            double tb = bench_now() - t0;
            if (tv != v) { fprintf(stderr, "textbook and grundy differ\n"); return 1; }
            printf("%s, 10^6 edges: grundy %.3f s (file read, parse, bridges, colon principle); the seeds' recursive DFS %.3f s on the in-memory tree (ratio %.1fx)\n",
                   names[shape], t, tb, t / tb);
            free(head); free(nxt); free(to);
        } else {
            printf("%s, 10^6 edges: grundy %.3f s (value %llu)\n", names[shape], t, (unsigned long long)v);
        }
    }
    remove(path);
    free(par);
    gr_ctx_free(ctx);
    misere_forest(99, 99, &s);
    misere_forest(100000, 10, &s);
    return 0;
}
