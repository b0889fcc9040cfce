/* grundy solve POSITION --plot FILE: the board terms of a position (Cram,
 * place[...], Node and Arc Kayles on grids) drawn as SVG, filled cells
 * dark, and each winning move of normal play marked on its board in a
 * colour of its own with its number, the moves listed below. Written from
 * the public API only: a board term's arguments are [R, C, rows], bit c of
 * a row set when the cell is empty (grundy/board.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

#define CELL 32
#define GAP 40
#define MAX_MARKED 24

typedef struct board_move {
    size_t term;
    uint64_t rows[64]; /* the cells the move fills or removes */
    char *to;
} board_move;

typedef struct marks {
    gr_position *pos;
    board_move *m;
    size_t n;
    int oom;
} marks;

static int on_move(void *user, const gr_move *mv) {
    marks *k = user;
    gr_term_info t, after;
    if (k->n >= MAX_MARKED || mv->nparts != 1 || gr_position_term(k->pos, mv->component, &t) != GR_OK ||
        !gr_ruleset_board_is_grid(t.ruleset))
        return 0;
    after = mv->parts[0];
    if (after.nargs != t.nargs || t.nargs < 2) return 0;
    board_move *b = &k->m[k->n];
    memset(b->rows, 0, sizeof b->rows);
    for (size_t r = 0; r < t.args[0] && r < 64; r++) b->rows[r] = t.args[2 + r] & ~after.args[2 + r];
    b->term = mv->component;
    b->to = malloc(strlen(mv->to) + 1);
    if (!b->to) { k->oom = 1; return 1; }
    strcpy(b->to, mv->to);
    k->n++;
    return 0;
}

static void esc(FILE *f, const char *s) {
    for (; *s; s++) {
        if (*s == '<') fputs("&lt;", f);
        else if (*s == '>') fputs("&gt;", f);
        else if (*s == '&') fputs("&amp;", f);
        else fputc(*s, f);
    }
}

static const char *COLOURS[] = {"#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4",
                                "#f032e6", "#9a6324", "#469990", "#808000", "#000075", "#bfef45"};

int cli_board_svg(const char *path, gr_position *pos) {
    size_t nt = gr_position_count(pos), boards = 0, width = GAP, height = 0;
    gr_term_info t;
    for (size_t i = 0; i < nt; i++) {
        if (gr_position_term(pos, i, &t) != GR_OK || !gr_ruleset_board_is_grid(t.ruleset)) continue;
        boards++;
        width += (size_t)t.args[1] * CELL + GAP;
        if ((size_t)t.args[0] * CELL > height) height = (size_t)t.args[0] * CELL;
    }
    if (!boards) {
        fprintf(stderr, "grundy: error: --plot draws board terms (cram, place[...], nodekayles[grid], "
                        "arckayles[grid]); this position has none\n");
        return 2;
    }
    marks k = {pos, calloc(MAX_MARKED, sizeof(board_move)), 0, 0};
    if (!k.m) { fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    gr_error err;
    int complete = 0, rc = 0; /* (every move is visited: on_move skips past the marked ones) */
    if (gr_position_winning_moves(pos, 0, on_move, &k, &complete, &err) != GR_OK) {
        rc = cli_report(&err, NULL, 0);
        goto out;
    }
    if (k.oom) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    FILE *f = fopen(path, "w");
    if (!f) { fprintf(stderr, "grundy: error: cannot write '%s'\n", path); rc = 2; goto out; }
    size_t top = 40, legend = 24 + 18 * (k.n ? k.n : 1);
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%zu\" height=\"%zu\" font-family=\"sans-serif\">\n",
            width < 480 ? 480 : width, top + height + GAP + legend);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    size_t x0 = GAP;
    for (size_t i = 0; i < nt; i++) {
        if (gr_position_term(pos, i, &t) != GR_OK || !gr_ruleset_board_is_grid(t.ruleset)) continue;
        size_t R = (size_t)t.args[0], C = (size_t)t.args[1];
        char *title = NULL;
        if (gr_position_term_format(pos, i, &title) == GR_OK) {
            fprintf(f, "<text x=\"%zu\" y=\"%zu\" font-size=\"13\">", x0, top - 12);
            esc(f, title);
            fprintf(f, "</text>\n");
        }
        free(title);
        for (size_t r = 0; r < R; r++)
            for (size_t c = 0; c < C; c++)
                fprintf(f, "<rect x=\"%zu\" y=\"%zu\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#999\"/>\n",
                        x0 + c * CELL, top + r * CELL, CELL, CELL, (t.args[2 + r] >> c & 1) ? "white" : "#555");
        for (size_t m = 0; m < k.n; m++) {
            if (k.m[m].term != i) continue;
            const char *col = COLOURS[m % (sizeof COLOURS / sizeof COLOURS[0])];
            for (size_t r = 0; r < R; r++)
                for (size_t c = 0; c < C; c++)
                    if (k.m[m].rows[r] >> c & 1)
                        fprintf(f, "<rect x=\"%zu\" y=\"%zu\" width=\"%d\" height=\"%d\" fill=\"%s\" fill-opacity=\"0.45\" "
                                   "stroke=\"%s\" stroke-width=\"2\"/>\n<text x=\"%zu\" y=\"%zu\" font-size=\"12\" "
                                   "text-anchor=\"middle\">%zu</text>\n",
                                x0 + c * CELL + 3, top + r * CELL + 3, CELL - 6, CELL - 6, col, col,
                                x0 + c * CELL + CELL / 2, top + r * CELL + CELL / 2 + 4, m + 1);
        }
        x0 += C * CELL + GAP;
    }
    size_t y = top + height + GAP;
    if (!k.n)
        fprintf(f, "<text x=\"%d\" y=\"%zu\" font-size=\"13\">No winning move: the player to move loses.</text>\n", GAP, y);
    for (size_t m = 0; m < k.n; m++) {
        fprintf(f, "<text x=\"%d\" y=\"%zu\" font-size=\"13\" fill=\"%s\">%zu: ", GAP, y + 18 * m,
                COLOURS[m % (sizeof COLOURS / sizeof COLOURS[0])], m + 1);
        esc(f, k.m[m].to);
        fprintf(f, "</text>\n");
    }
    if (k.n == MAX_MARKED)
        fprintf(f, "<text x=\"%d\" y=\"%zu\" font-size=\"12\">(at most %d winning moves are marked)</text>\n",
                GAP, y + 18 * k.n, MAX_MARKED);
    fprintf(f, "</svg>\n");
    if (fclose(f) != 0) { fprintf(stderr, "grundy: error: cannot write '%s'\n", path); rc = 2; }
out:
    for (size_t m = 0; m < k.n; m++) free(k.m[m].to);
    free(k.m);
    return rc;
}
