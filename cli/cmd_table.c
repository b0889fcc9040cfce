/* grundy table RULESET --to W,H [--csv] [--svg FILE] [--table-limit N]:
 * the values of a game whose positions are two numbers (wythoff, euclid,
 * prod, a two-name rule), for 0 <= x <= W and 0 <= y <= H: aligned text,
 * CSV, or an SVG heat map (colour by value, P-positions marked, a legend). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

/* the largest table: 2001 x 2001 values */
#define TABLE_MAX_SIDE 2000

static int parse_size(const char *s, uint64_t *w, uint64_t *h) {
    const char *comma = strchr(s, ',');
    if (!comma) return -1;
    char a[32], b[32];
    size_t la = (size_t)(comma - s), lb = strlen(comma + 1);
    if (!la || !lb || la >= sizeof a || lb >= sizeof b) return -1;
    memcpy(a, s, la);
    a[la] = 0;
    memcpy(b, comma + 1, lb + 1);
    if (cli_parse_u64(a, w) != 0 || cli_parse_u64(b, h) != 0) return -1;
    return 0;
}

/* a colour for value v of at most vmax: blue (small) through green and
 * yellow to red (large) */
static void colour(uint64_t v, uint64_t vmax, char out[8]) {
    double t = vmax ? (double)v / (double)vmax : 0.0;
    double hue = 4.0 * (1.0 - t); /* in sixths of the wheel: 4 blue, 0 red */
    int s = (int)hue;
    double fr = hue - s, r, g, b;
    switch (s) {
    case 0: r = 1; g = fr; b = 0; break;
    case 1: r = 1 - fr; g = 1; b = 0; break;
    case 2: r = 0; g = 1; b = fr; break;
    case 3: r = 0; g = 1 - fr; b = 1; break;
    default: r = 0; g = 0; b = 1; break;
    }
    snprintf(out, 8, "#%02x%02x%02x", (unsigned)(40 + 200 * r), (unsigned)(40 + 200 * g), (unsigned)(40 + 200 * b));
}

static int write_svg(const char *path, const char *spec, const uint64_t *v, uint64_t w, uint64_t h) {
    FILE *f = fopen(path, "w");
    if (!f) { fprintf(stderr, "grundy: error: cannot write the SVG file '%s'\n", path); return 2; }
    uint64_t vmax = 0;
    for (uint64_t i = 0; i < (w + 1) * (h + 1); i++) if (v[i] > vmax) vmax = v[i];
    int cell = w > 200 || h > 200 ? 2 : w > 60 || h > 60 ? 6 : 16;
    int left = 40, top = 40, gw = (int)(w + 1) * cell, gh = (int)(h + 1) * cell;
    int width = left + gw + 140, height = top + gh + 40;
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">\n",
            width, height);
    fprintf(f, "<title>%s</title>\n<text x=\"%d\" y=\"20\">", spec, left);
    for (const char *p = spec; *p; p++) {
        if (*p == '<') fputs("&lt;", f);
        else if (*p == '>') fputs("&gt;", f);
        else if (*p == '&') fputs("&amp;", f);
        else fputc(*p, f);
    }
    fprintf(f, ": G(x, y), x across 0..%llu, y down 0..%llu; black: P-positions (value 0)</text>\n",
            (unsigned long long)w, (unsigned long long)h);
    for (uint64_t y = 0; y <= h; y++)
        for (uint64_t x = 0; x <= w; x++) {
            uint64_t g = v[x * (h + 1) + y];
            char col[8];
            if (g == 0) strcpy(col, "#000000");
            else colour(g, vmax, col);
            fprintf(f, "<rect class=\"%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>G(%llu,%llu) = %llu</title></rect>\n",
                    g == 0 ? "p" : "n", left + (int)x * cell, top + (int)y * cell, cell, cell, col, (unsigned long long)x,
                    (unsigned long long)y, (unsigned long long)g);
        }
    /* the legend: a few values from 0 to the largest */
    int lx = left + gw + 20;
    fprintf(f, "<text x=\"%d\" y=\"%d\">value</text>\n", lx, top);
    for (int k = 0; k <= 8; k++) {
        uint64_t g = vmax * (uint64_t)k / 8;
        if (k && g == vmax * (uint64_t)(k - 1) / 8) continue;
        char col[8];
        if (g == 0) strcpy(col, "#000000");
        else colour(g, vmax, col);
        fprintf(f, "<rect class=\"legend\" x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\"/>"
                   "<text x=\"%d\" y=\"%d\">%llu%s</text>\n",
                lx, top + 10 + 20 * k, col, lx + 20, top + 22 + 20 * k, (unsigned long long)g, g == 0 ? " (P)" : "");
    }
    fputs("</svg>\n", f);
    int bad = ferror(f) != 0;
    if (fclose(f) != 0 || bad) { fprintf(stderr, "grundy: error: cannot write the SVG file '%s'\n", path); return 2; }
    return 0;
}

int cmd_table(int argc, char **argv) {
    const char *spec = NULL, *svg = NULL, *size = NULL;
    int csv = 0;
    uint64_t limit = 0;
    int has_limit = 0;
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--csv")) csv = 1;
        else if (!strcmp(a, "--to") || !strcmp(a, "--svg") || !strcmp(a, "--table-limit")) {
            if (i + 1 >= argc) return cli_usage_error("%s needs a value", a);
            const char *val = argv[++i];
            if (!strcmp(a, "--to")) size = val;
            else if (!strcmp(a, "--svg")) svg = val;
            else if (cli_parse_u64(val, &limit) != 0) return cli_usage_error("--table-limit needs a number, not '%s'", val);
            else has_limit = 1;
        } else if (a[0] == '-' && a[1] == '-') {
            return cli_usage_error("unknown option '%s' for table", a);
        } else if (!spec) {
            spec = a;
        } else {
            return cli_usage_error("table takes one ruleset, e.g. 'grundy table wythoff --to 20,20'%s", "");
        }
    }
    if (!spec) return cli_usage_error("give a ruleset, e.g. 'grundy table wythoff --to 20,20'%s", "");
    uint64_t w, h;
    if (!size) return cli_usage_error("table needs --to W,H%s", "");
    if (parse_size(size, &w, &h) != 0) return cli_usage_error("--to needs W,H (two numbers), not '%s'", size);
    if (w > TABLE_MAX_SIDE || h > TABLE_MAX_SIDE) {
        fprintf(stderr, "grundy: error: table: W and H are at most %d\n", TABLE_MAX_SIDE);
        return 2;
    }
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK) { fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    /* the table was asked for: room for it, unless the caller bounds it */
    uint64_t side = (w > h ? w : h) + 1;
    if (has_limit) gr_ctx_set_table_limit(ctx, limit);
    else if (side * side > gr_ctx_table_limit(ctx)) gr_ctx_set_table_limit(ctx, side * side);
    int rc = 0;
    uint64_t *v = NULL;
    if (gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) != GR_OK) { rc = cli_report(&err, NULL, 0); goto out; }
    uint64_t probe[2] = {0, 0};
    size_t bad;
    if (gr_ruleset_is_heap(rs) || gr_ruleset_state_check(rs, probe, 2, &bad, &err) != GR_OK) {
        fprintf(stderr, "grundy: error: table needs a game whose positions are two numbers (wythoff, euclid, prod, or a "
                        "two-name rule); %s is not one\n", gr_ruleset_spec(rs));
        rc = 2;
        goto out;
    }
    v = malloc((size_t)((w + 1) * (h + 1)) * sizeof *v);
    if (!v) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    for (uint64_t x = 0; x <= w; x++)
        for (uint64_t y = 0; y <= h; y++) {
            uint64_t pos[2] = {x, y};
            if (gr_ruleset_state_value(rs, pos, 2, &v[x * (h + 1) + y], &err) != GR_OK) { rc = cli_report(&err, NULL, 0); goto out; }
        }
    if (svg && (rc = write_svg(svg, gr_ruleset_spec(rs), v, w, h)) != 0) goto out;
    if (csv) {
        printf("x\\y");
        for (uint64_t y = 0; y <= h; y++) printf(",%llu", (unsigned long long)y);
        printf("\n");
        for (uint64_t x = 0; x <= w; x++) {
            printf("%llu", (unsigned long long)x);
            for (uint64_t y = 0; y <= h; y++) printf(",%llu", (unsigned long long)v[x * (h + 1) + y]);
            printf("\n");
        }
    } else if (!svg) {
        /* aligned text: rows are x, columns y */
        int width = 1;
        char tmp[24];
        for (uint64_t i = 0; i < (w + 1) * (h + 1); i++) {
            int l = snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)v[i]);
            if (l > width) width = l;
        }
        int l = snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)(w > h ? w : h));
        if (l > width) width = l;
        int rw = snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)w);
        if (rw < 3) rw = 3;
        printf("%*s", rw, "x\\y");
        for (uint64_t y = 0; y <= h; y++) printf(" %*llu", width, (unsigned long long)y);
        printf("\n");
        for (uint64_t x = 0; x <= w; x++) {
            printf("%*llu", rw, (unsigned long long)x);
            for (uint64_t y = 0; y <= h; y++) printf(" %*llu", width, (unsigned long long)v[x * (h + 1) + y]);
            printf("\n");
        }
    }
out:
    free(v);
    gr_ctx_free(ctx);
    return rc;
}
