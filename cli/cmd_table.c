#define _POSIX_C_SOURCE 200809L
/* grundy table RULESET --to W,H [--csv] [--svg FILE] [--remoteness
 * [--misere]] [--table-limit N] [--search-limit N] [--max-seconds S]
 * [--quiet]: the values (or the remoteness) of a game whose positions are
 * two numbers (wythoff, euclid, prod, a two-name rule), for 0 <= x <= W and
 * 0 <= y <= H: aligned text, CSV, or an SVG heat map (colour by value,
 * P-positions marked, a legend). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"

/* the largest table: 2001 x 2001 values */
#define TABLE_MAX_SIDE 2000

/* --to W,H: 0, or 2 after the error line */
static int parse_size(const char *s, uint64_t *w, uint64_t *h) {
    const char *comma = strchr(s, ',');
    char a[64];
    size_t la = comma ? (size_t)(comma - s) : 0;
    if (!comma || !la || !comma[1] || la >= sizeof a) return cli_usage_error("--to needs W,H (two numbers), not '%s'", s);
    memcpy(a, s, la);
    a[la] = 0;
    if (cli_number_arg("--to", a, w) != 0 || cli_number_arg("--to", comma + 1, h) != 0) return 2;
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

/* what the cells hold: values, or remoteness (lost cells have a black
 * frame; draws, DRAW, are grey) */
typedef struct table_kind {
    int remote, misere;
} table_kind;

#define DRAW UINT64_MAX

static int is_lost(const table_kind *k, uint64_t r) { return r != DRAW && (int)(r & 1) == k->misere; }

static int write_svg(const char *path, const char *spec, const uint64_t *v, uint64_t w, uint64_t h, const table_kind *k) {
    FILE *f = fopen(path, "w");
    if (!f) { fprintf(stderr, "grundy: error: cannot write the SVG file '%s'\n", path); return 2; }
    uint64_t vmax = 0;
    for (uint64_t i = 0; i < (w + 1) * (h + 1); i++) if (v[i] != DRAW && v[i] > vmax) vmax = v[i];
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
    if (k->remote)
        fprintf(f, ": remoteness R(x, y)%s, x across 0..%llu, y down 0..%llu; framed: P-positions; grey: draws</text>\n",
                k->misere ? " in misère play" : "", (unsigned long long)w, (unsigned long long)h);
    else
        fprintf(f, ": G(x, y), x across 0..%llu, y down 0..%llu; black: P-positions (value 0)</text>\n",
                (unsigned long long)w, (unsigned long long)h);
    for (uint64_t y = 0; y <= h; y++)
        for (uint64_t x = 0; x <= w; x++) {
            uint64_t g = v[x * (h + 1) + y];
            char col[8];
            int lost = k->remote ? is_lost(k, g) : g == 0;
            if (k->remote && g == DRAW) strcpy(col, "#a0a0a0");
            else if (!k->remote && g == 0) strcpy(col, "#000000");
            else colour(g, vmax, col);
            char val[24];
            if (g == DRAW) strcpy(val, "D");
            else snprintf(val, sizeof val, "%llu", (unsigned long long)g);
            fprintf(f, "<rect class=\"%s\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"%s><title>%s(%llu,%llu) = %s</title></rect>\n",
                    g == DRAW ? "d" : lost ? "p" : "n", left + (int)x * cell, top + (int)y * cell, cell, cell, col,
                    k->remote && lost ? " stroke=\"#000000\" stroke-width=\"1\"" : "", k->remote ? "R" : "G",
                    (unsigned long long)x, (unsigned long long)y, val);
        }
    /* the legend: a few values from 0 to the largest */
    int lx = left + gw + 20;
    fprintf(f, "<text x=\"%d\" y=\"%d\">%s</text>\n", lx, top, k->remote ? "remoteness" : "value");
    for (int q = 0; q <= 8; q++) {
        uint64_t g = vmax * (uint64_t)q / 8;
        if (q && g == vmax * (uint64_t)(q - 1) / 8) continue;
        char col[8];
        if (!k->remote && g == 0) strcpy(col, "#000000");
        else colour(g, vmax, col);
        fprintf(f, "<rect class=\"legend\" x=\"%d\" y=\"%d\" width=\"14\" height=\"14\" fill=\"%s\"/>"
                   "<text x=\"%d\" y=\"%d\">%llu%s</text>\n",
                lx, top + 10 + 20 * q, col, lx + 20, top + 22 + 20 * q, (unsigned long long)g,
                !k->remote && g == 0 ? " (P)" : "");
    }
    fputs("</svg>\n", f);
    int bad = ferror(f) != 0;
    if (fclose(f) != 0 || bad) { fprintf(stderr, "grundy: error: cannot write the SVG file '%s'\n", path); return 2; }
    return 0;
}

/* The options table shares with value and seq, read by cli_parse_opts;
 * --to (W,H, not one number), --csv and --svg are table's own. */
static const struct {
    const char *name;
    int takes_value;
} SHARED_OPTIONS[] = {{"--table-limit", 1}, {"--search-limit", 1}, {"--max-seconds", 1}, {"--quiet", 0}};

static int shared_option(const char *a) {
    for (int k = 0; k < (int)(sizeof SHARED_OPTIONS / sizeof SHARED_OPTIONS[0]); k++)
        if (!strcmp(SHARED_OPTIONS[k].name, a)) return k;
    return -1;
}

/* table's own options into *svg, *size, *csv; the ruleset and the shared
 * options into o (0, or the exit code after printing the error) */
static int read_args(int argc, char **argv, const char **svg, const char **size, int *csv, table_kind *tk, cli_opts *o) {
    char **rest = malloc((size_t)argc * sizeof *rest);
    if (!rest) { fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    int n = 0, rc = 0;
    rest[n++] = argv[0];
    rest[n++] = argv[1];
    for (int i = 2; i < argc && !rc; i++) {
        const char *a = argv[i];
        int k = shared_option(a);
        if (!strcmp(a, "--csv")) {
            *csv = 1;
        } else if (!strcmp(a, "--remoteness")) {
            tk->remote = 1;
        } else if (!strcmp(a, "--misere")) {
            tk->misere = 1;
        } else if (!strcmp(a, "--to") || !strcmp(a, "--svg")) {
            if (i + 1 >= argc) rc = cli_usage_error("%s needs a value", a);
            else *(strcmp(a, "--to") ? svg : size) = argv[++i];
        } else if (k >= 0) {
            rest[n++] = argv[i];
            if (SHARED_OPTIONS[k].takes_value && i + 1 < argc) rest[n++] = argv[++i];
        } else if (a[0] == '-' && a[1] == '-') {
            rc = cli_usage_error("unknown option '%s' for table", a);
        } else {
            rest[n++] = argv[i];
        }
    }
    if (!rc) rc = cli_parse_opts(n, rest, 2, o);
    free(rest);
    return rc;
}

/* the remoteness of cell (x, y): a two-number position, or the empty
 * x-by-y board (the empty sum when a side is 0) */
static gr_status cell_remoteness(gr_ctx *ctx, gr_remote_eval *ev, gr_ruleset *rs, int board, uint64_t x, uint64_t y,
                                 uint64_t *v, gr_error *err) {
    gr_position *pos = NULL;
    gr_status st;
    if (board) {
        char term[512];
        if (x && y)
            snprintf(term, sizeof term, "%s(%llu,%llu)", gr_ruleset_spec(rs), (unsigned long long)x,
                     (unsigned long long)y);
        else
            snprintf(term, sizeof term, "0");
        st = gr_position_parse(ctx, term, strlen(term), 0, &pos, err);
    } else {
        uint64_t a[2] = {x, y};
        st = gr_position_new(ctx, &pos, err);
        if (st == GR_OK) st = gr_position_add_term(pos, rs, a, 2, err);
    }
    gr_remoteness rm = GR_SIZED(gr_remoteness);
    if (st == GR_OK) st = gr_remote_eval_position(ev, pos, &rm, err);
    if (st == GR_OK) *v = rm.outcome == GR_OUTCOME_D ? DRAW : rm.remoteness;
    gr_position_free(pos);
    return st;
}

/* G of the empty x-by-y board of a board game (0 when a side is 0) */
static gr_status board_value(gr_ctx *ctx, gr_ruleset *rs, uint64_t x, uint64_t y, uint64_t *v, gr_error *err) {
    *v = 0;
    if (!x || !y) return GR_OK;
    char term[512];
    snprintf(term, sizeof term, "%s(%llu,%llu)", gr_ruleset_spec(rs), (unsigned long long)x, (unsigned long long)y);
    gr_position *pos;
    gr_status st = gr_position_parse(ctx, term, strlen(term), 0, &pos, err);
    if (st != GR_OK) return st;
    st = gr_position_value(pos, v, err);
    gr_position_free(pos);
    return st;
}

int cmd_table(int argc, char **argv) {
    for (int i = 2; i < argc; i++)
        if (!strcmp(argv[i], "--help")) { cli_help(stdout, "table", NULL); return 0; }
    const char *svg = NULL, *size = NULL;
    int csv = 0;
    table_kind tk = {0, 0};
    cli_opts o;
    int rc = read_args(argc, argv, &svg, &size, &csv, &tk, &o);
    if (rc) return rc;
    if (tk.misere && !tk.remote)
        return cli_usage_error("table --misere goes with --remoteness (misère Grundy values are not tabulated)%s", "");
    if (!o.npos) return cli_usage_error("give a ruleset, e.g. 'grundy table wythoff --to 20,20'%s", "");
    if (o.npos > 1) return cli_usage_error("table takes one ruleset, e.g. 'grundy table wythoff --to 20,20'%s", "");
    const char *spec = o.pos[0];
    uint64_t w, h;
    if (!size) return cli_usage_error("table needs --to W,H%s", "");
    if ((rc = parse_size(size, &w, &h)) != 0) return rc;
    if (w > TABLE_MAX_SIDE || h > TABLE_MAX_SIDE) {
        fprintf(stderr, "grundy: error: table: W and H are at most %d\n", TABLE_MAX_SIDE);
        return 2;
    }
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    if ((rc = cli_setup(&o, &ctx, 0)) != 0) return rc;
    /* the table was asked for: room for it, unless the caller bounds it */
    uint64_t side = (w > h ? w : h) + 1;
    if (!o.has_table_limit && side * side > gr_ctx_table_limit(ctx)) gr_ctx_set_table_limit(ctx, side * side);
    uint64_t *v = NULL;
    gr_remote_eval *ev = NULL;
    if (gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) != GR_OK) { rc = cli_report(&err, NULL, 0); goto out; }
    if (tk.remote && gr_remote_eval_new(ctx, tk.misere, &ev, &err) != GR_OK) { rc = cli_report(&err, NULL, 0); goto out; }
    uint64_t probe[2] = {0, 0};
    size_t bad;
    /* a board game: G of the empty x-by-y board (0 when a side is 0) */
    int board = gr_ruleset_board_is_grid(rs);
    if (!board && (gr_ruleset_is_heap(rs) || gr_ruleset_state_check(rs, probe, 2, &bad, &err) != GR_OK)) {
        fprintf(stderr, "grundy: error: table needs a game whose positions are two numbers (wythoff, euclid, prod, or a "
                        "two-name rule) or a board game (cram, place[...], nodekayles[grid]); %s is not one\n",
                gr_ruleset_spec(rs));
        rc = 2;
        goto out;
    }
    v = malloc((size_t)((w + 1) * (h + 1)) * sizeof *v);
    if (!v) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    /* the progress line as seq draws it, and --max-seconds checked between
     * cells too: a table of cheap cells never reaches the library's own
     * checks of the time */
    uint64_t total = (w + 1) * (h + 1);
    double start = cli_now(), last = start;
    double deadline = o.has_max_seconds && o.max_seconds ? start + (double)o.max_seconds : 0;
    int bar = !o.quiet && isatty(2), shown = 0;
    /* the far corner first: a rule's dense table is then made at the
     * table's size at once and filled in the textbook's order (asked
     * cell by cell it grew by doubling, and the cells a walk found were
     * evaluated twice); an error there is met again, and reported, at
     * its own cell below */
    if (!tk.remote && !board) {
        uint64_t corner[2] = {w, h}, cv;
        gr_error quiet;
        gr_error_clear(&quiet);
        if (gr_ruleset_state_value(rs, corner, 2, &cv, &quiet) != GR_OK) gr_error_clear(&quiet);
    }
    for (uint64_t x = 0; x <= w; x++)
        for (uint64_t y = 0; y <= h; y++) {
            uint64_t pos[2] = {x, y}, done = x * (h + 1) + y + 1;
            gr_status st = tk.remote ? cell_remoteness(ctx, ev, rs, board, x, y, &v[done - 1], &err)
                           : board   ? board_value(ctx, rs, x, y, &v[done - 1], &err)
                                     : gr_ruleset_state_value(rs, pos, 2, &v[done - 1], &err);
            if (st == GR_OK && !bar && !deadline) continue;
            double t = cli_now();
            int late = st == GR_OK && deadline && t > deadline && done < total;
            if (shown && (st != GR_OK || late)) cli_progress_clear();
            if (st != GR_OK) { rc = cli_report(&err, NULL, 0); goto out; }
            if (late) {
                fprintf(stderr, "grundy: error: the time limit of %llu s was reached in the table of %s, after %llu of "
                        "%llu values (raise the time limit with --max-seconds S)\n", (unsigned long long)o.max_seconds,
                        gr_ruleset_spec(rs), (unsigned long long)done, (unsigned long long)total);
                rc = 2;
                goto out;
            }
            if (bar && t - start > 1.0 && t - last > 0.2) {
                cli_progress_show(rs, done, total);
                last = t;
                shown = 1;
            }
        }
    if (shown) cli_progress_clear();
    if (svg && (rc = write_svg(svg, gr_ruleset_spec(rs), v, w, h, &tk)) != 0) goto out;
    if (csv) {
        printf("x\\y");
        for (uint64_t y = 0; y <= h; y++) printf(",%llu", (unsigned long long)y);
        printf("\n");
        for (uint64_t x = 0; x <= w; x++) {
            printf("%llu", (unsigned long long)x);
            for (uint64_t y = 0; y <= h; y++) {
                uint64_t c = v[x * (h + 1) + y];
                if (c == DRAW) printf(",D");
                else printf(",%llu", (unsigned long long)c);
            }
            printf("\n");
        }
    } else if (!svg) {
        /* aligned text: rows are x, columns y */
        int width = 1;
        char tmp[24];
        for (uint64_t i = 0; i < (w + 1) * (h + 1); i++) {
            int l = v[i] == DRAW ? 1 : snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)v[i]);
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
            for (uint64_t y = 0; y <= h; y++) {
                uint64_t c = v[x * (h + 1) + y];
                if (c == DRAW) printf(" %*s", width, "D");
                else printf(" %*llu", width, (unsigned long long)c);
            }
            printf("\n");
        }
    }
out:
    free(v);
    gr_remote_eval_free(ev);
    gr_ctx_free(ctx);
    return rc;
}
