/* Wythoff's value table: the family's incremental mex (wythoff(W-1,W-1)
 * through the library, which fills the W x W box) against the textbook
 * mex over every option of every cell (gcc -O2, in this file), in the same
 * run, every cell compared, the ratio printed; and the same game written
 * as a rule[...], run as native code (compiled into a fresh cache folder,
 * so the time includes the compile). Usage: bench_wythoff [W ...]
 * (default 1001 2001: wythoff(1000,1000) and grundy table's largest;
 * 4096, the largest table, runs with no textbook baseline past 2001). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "grundy/grundy.h"
#include "benchutil.h"

/* the textbook: each cell the mex of all its options, marks stamped per cell */
static void textbook(uint32_t *t, uint64_t w) {
    uint64_t *mk = calloc(3 * w + 8, sizeof *mk), stamp = 0;
    if (!mk) exit(1);
    for (uint64_t x = 0; x < w; x++)
        for (uint64_t y = 0; y < w; y++) {
            stamp++;
            for (uint64_t k = 1; k <= x; k++) mk[t[(x - k) * w + y]] = stamp;
            for (uint64_t k = 1; k <= y; k++) mk[t[x * w + y - k]] = stamp;
            for (uint64_t k = 1; k <= x && k <= y; k++) mk[t[(x - k) * w + y - k]] = stamp;
            uint32_t v = 0;
            while (mk[v] == stamp) v++;
            t[x * w + y] = v;
        }
    free(mk);
}

/* the value at (w-1, w-1) of spec in a fresh context; *ctx_out keeps the
 * context (its table) for the comparison */
static double corner(const char *spec, uint64_t w, const char *cache, gr_ctx **ctx_out, gr_ruleset **rs_out) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK) exit(1);
    gr_ctx_set_time_limit(ctx, 0);
    if (cache && gr_ctx_set_native(ctx, "cc", cache) != GR_OK) exit(1);
    double t0 = bench_now();
    uint64_t a[2] = {w - 1, w - 1}, v;
    if (gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) != GR_OK || gr_ruleset_state_value(rs, a, 2, &v, &err) != GR_OK) {
        fprintf(stderr, "%s(%llu,%llu): %s\n", spec, (unsigned long long)a[0], (unsigned long long)a[1], err.message);
        exit(1);
    }
    double t = bench_now() - t0;
    if (ctx_out) { *ctx_out = ctx; *rs_out = rs; }
    else gr_ctx_free(ctx);
    return t;
}

static int same_cells(gr_ruleset *rs, const uint32_t *t, uint64_t w) {
    gr_error err;
    for (uint64_t x = 0; x < w; x++)
        for (uint64_t y = 0; y < w; y++) {
            uint64_t a[2] = {x, y}, v;
            if (gr_ruleset_state_value(rs, a, 2, &v, &err) != GR_OK || v != t[x * w + y]) return 0;
        }
    return 1;
}

int main(int argc, char **argv) {
    static const char R[] = "rule[(x,y) -> (x-k,y) for k in 1..x; (x,y) -> (x,y-k) for k in 1..y; "
                            "(x,y) -> (x-k,y-k) for k in 1..min(x,y)]";
    uint64_t sizes[16] = {1001, 2001, 4096};
    int ns = 3;
    if (argc > 1) {
        ns = 0;
        for (int i = 1; i < argc && ns < 16; i++) sizes[ns++] = strtoull(argv[i], NULL, 10);
    }
    printf("%-6s %12s %12s %9s %14s %9s  %s\n", "W", "family", "textbook", "ratio", "rule (native)", "ratio", "cells");
    int bad = 0;
    for (int i = 0; i < ns; i++) {
        uint64_t w = sizes[i];
        if (w < 1 || w > 4096) { fprintf(stderr, "W from 1 to 4096\n"); return 2; }
        double fam = 1e30;
        for (int r = 0; r < 3; r++) { /* best of 3: the family's table takes milliseconds */
            double t = corner("wythoff", w, NULL, NULL, NULL);
            if (t < fam) fam = t;
        }
        double book = -1;
        int same = -1;
        if (w <= 2001) {
            uint32_t *t = malloc(w * w * sizeof *t);
            if (!t) return 1;
            double t0 = bench_now();
            textbook(t, w);
            book = bench_now() - t0;
            gr_ctx *ctx;
            gr_ruleset *rs;
            (void)corner("wythoff", w, NULL, &ctx, &rs);
            same = same_cells(rs, t, w);
            gr_ctx_free(ctx);
            free(t);
        }
        char dir[] = "/tmp/bench_wythoff.XXXXXX";
        double rule = -1;
        if (w <= 2001 && mkdtemp(dir)) {
            rule = corner(R, w, dir, NULL, NULL);
            char cmd[64];
            snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
            if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", dir);
        }
        char bs[32] = "-", br[32] = "-", rs[32] = "-", rr[32] = "-";
        if (book >= 0) { snprintf(bs, sizeof bs, "%.3f s", book); snprintf(br, sizeof br, "%.0fx", book / fam); }
        if (rule >= 0) { snprintf(rs, sizeof rs, "%.3f s", rule); snprintf(rr, sizeof rr, "%.0fx", rule / fam); }
        printf("%-6llu %10.4f s %12s %9s %14s %9s  %s\n", (unsigned long long)w, fam, bs, br, rs, rr,
               same < 0 ? "(not compared)" : same ? "every cell equal" : "DIFFER");
        if (same == 0) bad = 1;
    }
    return bad;
}
