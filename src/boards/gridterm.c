/* Grid positions as text: "R,C" or rows of '.' and '#' (terms.h). */
#include <stdio.h>
#include "boards/terms.h"
#include "boards/board.h"
#include "lang/lex.h"

static gr_status size_error(gr_error *err) {
    return gri_fail(err, GR_ELIMIT, "a board has at most %d rows, %d columns and %d cells", GRB_MAX_SIDE, GRB_MAX_SIDE,
                    GRB_MAX_CELLS);
}

static gr_status finish(const gr_allocator *al, uint64_t r, uint64_t c, const uint64_t *rows, uint64_t **args,
                        size_t *nargs, gr_error *err) {
    uint64_t *a = gri_calloc(al, (size_t)r + 2, sizeof *a);
    if (!a) return gri_fail(err, GR_ENOMEM, "out of memory reading the position");
    a[0] = r;
    a[1] = c;
    for (uint64_t k = 0; k < r; k++) a[2 + k] = rows ? rows[k] : (c == 64 ? ~(uint64_t)0 : ((uint64_t)1 << c) - 1);
    *args = a;
    *nargs = (size_t)r + 2;
    return GR_OK;
}

/* a board's side (rows or columns) at s[*i]: a whole number 1..64, read
 * as every term argument is, with messages of a board's own */
static gr_status board_side(const char *s, size_t n, size_t *i, const char *what, uint64_t *v, size_t *errpos,
                            gr_error *err) {
    size_t at = *i;
    *errpos = at;
    if (at < n && s[at] == '-')
        return gri_fail(err, GR_EINVAL, "a board has 1 to %d %s, not a negative number", GRB_MAX_SIDE, what);
    if (at >= n || s[at] < '0' || s[at] > '9') {
        char expected[64];
        snprintf(expected, sizeof expected, "expected the board's number of %s (e.g. 4,5)", what);
        return gri_lex_found(s, n, at, expected, err);
    }
    gr_status st = gri_lex_arg_u64(s, n, i, v, errpos, err);
    if (st == GR_ERANGE) {
        *errpos = at;
        return gri_fail(err, GR_ELIMIT, "a board has at most %d %s", GRB_MAX_SIDE, what);
    }
    if (st != GR_OK) return st;
    *errpos = at;
    if (*v == 0) return gri_fail(err, GR_EINVAL, "a board needs at least one row and one column");
    if (*v > GRB_MAX_SIDE) return gri_fail(err, GR_ELIMIT, "a board has at most %d %s, not %llu", GRB_MAX_SIDE, what,
                                           (unsigned long long)*v);
    return GR_OK;
}

gr_status grb_grid_parse(const gr_allocator *al, const char *s, size_t n, int lines, uint64_t **args, size_t *nargs,
                         size_t *used, size_t *errpos, gr_error *err) {
    size_t i = 0;
    *args = NULL;
    *nargs = 0;
    gri_lex_arg_blanks(s, n, &i, lines);
    if (i < n && ((s[i] >= '0' && s[i] <= '9') || s[i] == '-')) {
        uint64_t r, c;
        size_t at = i;
        gr_status st = board_side(s, n, &i, "rows", &r, errpos, err);
        if (st != GR_OK) return st;
        gri_lex_arg_blanks(s, n, &i, lines);
        if (i >= n || s[i] != ',') { *errpos = i; return gri_lex_found(s, n, i, "expected ',' between the rows and the columns (e.g. 4,5)", err); }
        i++;
        gri_lex_arg_blanks(s, n, &i, lines);
        if ((st = board_side(s, n, &i, "columns", &c, errpos, err)) != GR_OK) return st;
        gri_lex_arg_blanks(s, n, &i, lines);
        if (i >= n || s[i] != ')') { *errpos = i; return gri_lex_found(s, n, i, "expected ')' after the board's size", err); }
        *errpos = at;
        if (r * c > GRB_MAX_CELLS)
            return gri_fail(err, GR_ELIMIT, "a board has at most %d cells, and %llu x %llu is %llu", GRB_MAX_CELLS,
                            (unsigned long long)r, (unsigned long long)c, (unsigned long long)(r * c));
        *used = i + 1;
        return finish(al, r, c, NULL, args, nargs, err);
    }
    uint64_t rows[GRB_MAX_SIDE];
    size_t nr = 0, width = 0;
    for (;;) {
        size_t w = 0, rs = i;
        uint64_t bits = 0;
        /* a row's cells, blanks between them allowed */
        while (i < n && (s[i] == '.' || s[i] == '#')) {
            if (w >= GRB_MAX_SIDE) {
                *errpos = i;
                return gri_fail(err, GR_ELIMIT, "row %zu has more than %d cells: a board has at most %d columns", nr + 1,
                                GRB_MAX_SIDE, GRB_MAX_SIDE);
            }
            if (s[i] == '.') bits |= (uint64_t)1 << w;
            w++;
            i++;
            gri_lex_arg_blanks(s, n, &i, 1); /* blanks, not a newline: a row may not go on past its line */
        }
        if (w == 0) {
            *errpos = i;
            return gri_lex_found(s, n, i, nr ? "expected a row of '.' (empty) and '#' (filled) cells after '/'"
                                         : "expected the board's size (e.g. 4,5) or its rows (e.g. ..#./....)", err);
        }
        gri_lex_arg_blanks(s, n, &i, lines);
        if (i >= n || (s[i] != '/' && s[i] != ')')) {
            /* the character that ends the row is wrong: name it before any length */
            char what[96];
            snprintf(what, sizeof what, "row %zu: expected '.' (empty), '#' (filled), '/' or ')' in the board", nr + 1);
            *errpos = i;
            return gri_lex_found(s, n, i, what, err);
        }
        if (nr && w != width) {
            *errpos = rs;
            return gri_fail(err, GR_EINVAL, "row %zu has %zu cells, row 1 has %zu: every row needs the same length",
                            nr + 1, w, width);
        }
        if (nr >= GRB_MAX_SIDE) {
            *errpos = rs;
            return gri_fail(err, GR_ELIMIT, "a board has at most %d rows", GRB_MAX_SIDE);
        }
        if ((nr + 1) * w > GRB_MAX_CELLS) {
            *errpos = rs;
            return gri_fail(err, GR_ELIMIT, "a board has at most %d cells: row %zu of %zu cells goes past them",
                            GRB_MAX_CELLS, nr + 1, w);
        }
        width = w;
        rows[nr++] = bits;
        if (s[i] == '/') { i++; gri_lex_arg_blanks(s, n, &i, lines); continue; }
        break;
    }
    *used = i + 1;
    return finish(al, nr, width, rows, args, nargs, err);
}

void grb_grid_write(const uint64_t *a, size_t n, gri_buf *b) {
    if (n < 2) return;
    uint64_t r = a[0], c = a[1], full = c >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << c) - 1;
    int all = 1;
    for (uint64_t k = 0; k < r && 2 + k < n; k++) all &= a[2 + k] == full;
    if (all) {
        gri_buf_u64(b, r);
        gri_buf_puts(b, ",");
        gri_buf_u64(b, c);
        return;
    }
    for (uint64_t k = 0; k < r && 2 + k < n; k++) {
        if (k) gri_buf_puts(b, "/");
        for (uint64_t j = 0; j < c; j++) gri_buf_puts(b, (a[2 + k] >> j & 1) ? "." : "#");
    }
}

gr_status grb_grid_check(const uint64_t *a, size_t n, size_t *bad, gr_error *err) {
    *bad = 0;
    if (n < 2) return gri_fail(err, GR_EINVAL, "a board position is [rows, columns, row bits...]: %zu numbers", n);
    if (a[0] == 0 || a[1] == 0) return gri_fail(err, GR_EINVAL, "a board needs at least one row and one column");
    if (a[0] > GRB_MAX_SIDE || a[1] > GRB_MAX_SIDE || a[0] * a[1] > GRB_MAX_CELLS) return size_error(err);
    if (n != 2 + a[0])
        return gri_fail(err, GR_EINVAL, "a board of %llu rows is %llu numbers, not %zu", (unsigned long long)a[0],
                        (unsigned long long)(2 + a[0]), n);
    uint64_t full = a[1] >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << a[1]) - 1;
    for (size_t k = 2; k < n; k++)
        if (a[k] & ~full) { *bad = k; return gri_fail(err, GR_EINVAL, "row %zu has cells past column %llu", k - 1, (unsigned long long)a[1]); }
    return GR_OK;
}
