/* Cram and the placement games: a move places one of the game's shapes on
 * empty cells of a grid (Cram: a domino, either way), filling them. A
 * placement game is written place[SHAPES]: shapes split by ';', each as
 * rows of 'x' (a cell of the shape) and '.' (a hole) split by '/', and
 * the words "rotate" (the shapes' quarter turns are played too) and
 * "reflect" (their mirror images too): place[xx; x/x] is Cram,
 * place[x; xx] on one row is Kayles. Values come from the nimber search
 * (boards/nimsearch.c) through boardgame.c. */
#include "games/boardgame.h"

static const char METHOD[] =
    "the nimber search of board games: a position is the nim sum of its independent regions, each valued once "
    "up to the board's symmetries in a transposition table, a region's value found by deciding, for k = 0, 1, ..., whether an option has value k "
    "(Lemoine and Viennot); a region that is its own mirror image with "
    "no move blocking its mirror move is worth 0";

static gr_status cram_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gri_buf *canon,
                            gr_error *err) {
    (void)p; (void)n; (void)line; (void)col0; (void)canon;
    gr_status st = gri_bg_new(rs, GRI_BG_PLACE, err);
    return st == GR_OK ? gri_bg_dominoes(rs, err) : st;
}

static void write_shape(const gri_shape *sh, gri_buf *b) {
    for (size_t r = 0; r < sh->h; r++) {
        if (r) gri_buf_puts(b, "/");
        for (size_t c = 0; c < sh->w; c++) {
            int in = 0;
            for (size_t k = 0; k < sh->n && !in; k++) in = sh->r[k] == r && sh->c[k] == c;
            gri_buf_puts(b, in ? "x" : ".");
        }
    }
}

/* adds shape sh (and its turns in `turns`) to d's shapes, once each */
static gr_status add_shape(gri_boardrs *d, const gri_shape *sh, unsigned turns, size_t *cap, const gr_allocator *al,
                           gr_error *err) {
    for (unsigned t = 0; t < 8; t++) {
        if (!(turns >> t & 1)) continue;
        gri_shape x;
        gri_bg_shape_turn(sh, t, &x);
        size_t j = 0;
        while (j < d->nshapes && !gri_bg_same_shape(&d->shapes[j], &x)) j++;
        if (j < d->nshapes) continue;
        if (d->nshapes >= GRI_BG_MAX_SHAPES)
            return gri_fail(err, GR_ELIMIT, "a placement game has at most %d shapes (turns included)", GRI_BG_MAX_SHAPES);
        if (!gri_grow(al, (void **)&d->shapes, cap, d->nshapes + 1, sizeof *d->shapes))
            return gri_fail(err, GR_ENOMEM, "out of memory");
        d->shapes[d->nshapes++] = x;
    }
    return GR_OK;
}

static gr_status place_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gri_buf *canon,
                             gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    gr_status st = gri_bg_new(rs, GRI_BG_PLACE, err);
    if (st != GR_OK) return st;
    gri_boardrs *d = gri_bg(rs);
    gri_shape *base = gri_calloc(al, GRI_BG_MAX_SHAPES, sizeof *base);
    if (!base) return gri_fail(err, GR_ENOMEM, "out of memory");
    size_t nb = 0, i = 0, cap = 0;
    int rotate = 0, reflect = 0;
    for (;;) {
        while (i < n && p[i] == ' ') i++;
        size_t at = i;
        if (i < n && p[i] >= 'a' && p[i] <= 'z' && p[i] != 'x') {
            size_t e = i;
            while (e < n && p[e] >= 'a' && p[e] <= 'z') e++;
            if (e - i == 6 && !memcmp(p + i, "rotate", 6)) rotate = 1;
            else if (e - i == 7 && !memcmp(p + i, "reflect", 7)) reflect = 1;
            else { st = gri_fail_at(err, GR_EPARSE, line, col0 + at, "unknown word in place[...] (the words are rotate and reflect)"); break; }
            i = e;
        } else {
            gri_shape sh = {0};
            size_t r = 0, w = 0;
            for (;;) {
                size_t c = 0;
                while (i < n && (p[i] == 'x' || p[i] == '.')) {
                    if (r >= GRB_MAX_SIDE || c >= GRB_MAX_SIDE || sh.n >= GRB_MAX_CELLS) {
                        st = gri_fail_at(err, GR_ELIMIT, line, col0 + i, "a shape fits in %d x %d cells", GRB_MAX_SIDE, GRB_MAX_SIDE);
                        break;
                    }
                    if (p[i] == 'x') { sh.r[sh.n] = (uint8_t)r; sh.c[sh.n] = (uint8_t)c; sh.n++; }
                    c++;
                    i++;
                }
                if (st != GR_OK) break;
                if (c == 0) {
                    st = gri_fail_at(err, GR_EPARSE, line, col0 + i, "expected a shape's row of 'x' (a cell) and '.' (a hole)%s",
                                     r ? " after '/'" : " (e.g. place[xx; x/x] is Cram)");
                    break;
                }
                if (c > w) w = c;
                r++;
                if (i < n && p[i] == '/') { i++; continue; }
                break;
            }
            if (st != GR_OK) break;
            if (sh.n == 0) { st = gri_fail_at(err, GR_EINVAL, line, col0 + at, "a shape needs at least one cell 'x'"); break; }
            if (nb >= GRI_BG_MAX_SHAPES) { st = gri_fail_at(err, GR_ELIMIT, line, col0 + at, "a placement game has at most %d shapes", GRI_BG_MAX_SHAPES); break; }
            sh.h = r;
            sh.w = w;
            gri_bg_shape_turn(&sh, 0, &base[nb++]); /* to the corner of its box */
        }
        while (i < n && p[i] == ' ') i++;
        if (i >= n) break;
        if (p[i] == ';') { i++; continue; }
        st = gri_fail_at(err, GR_EPARSE, line, col0 + i, "expected ';' between shapes, or the end of place[...]");
        break;
    }
    if (st == GR_OK && nb == 0) st = gri_fail_at(err, GR_EINVAL, line, col0, "place[...] needs at least one shape (e.g. place[xx; x/x])");
    unsigned turns = 1u | (rotate ? 0x69u : 0) | (reflect ? 0x2u : 0);
    if (rotate && reflect) turns = 0xff;
    for (size_t k = 0; k < nb && st == GR_OK; k++) st = add_shape(d, &base[k], turns, &cap, al, err);
    if (st == GR_OK) {
        for (size_t k = 0; k < nb; k++) {
            if (k) gri_buf_puts(canon, "; ");
            write_shape(&base[k], canon);
        }
        if (rotate) gri_buf_puts(canon, "; rotate");
        if (reflect) gri_buf_puts(canon, "; reflect");
        d->syms = gri_bg_shape_syms(d->shapes, d->nshapes);
    }
    gri_free(al, base);
    return st;
}

static const gri_term_syntax BOARD_SYNTAX = {.parse_args = gri_bg_parse_args, .write_term = gri_bg_write_term};

const gri_family gri_family_cram = {
    .name = "cram",
    .cert = GRI_CERT_BOARD,
    .method = METHOD,
    .search_what = "the board search",
    .flags = 0,
    .parse = cram_parse,
    .free = gri_bg_free,
    .check = gri_bg_check,
    .value = gri_bg_value,
    .state_options = gri_bg_options,
    .state_moves_to = gri_bg_moves_to,
    .syntax = &BOARD_SYNTAX,
};

const gri_family gri_family_place = {
    .name = "place",
    .cert = GRI_CERT_BOARD,
    .method = METHOD,
    .search_what = "the board search",
    .flags = GR_FAM_PARAMS_REQUIRED,
    .example = "place[xx; x/x]",
    .parse = place_parse,
    .free = gri_bg_free,
    .check = gri_bg_check,
    .value = gri_bg_value,
    .state_options = gri_bg_options,
    .state_moves_to = gri_bg_moves_to,
    .syntax = &BOARD_SYNTAX,
};
