/* Graph positions as text: edges "u-v" and lone vertices "w", or @FILE
 * (terms.h). */
#include "boards/terms.h"
#include "io/edgefile.h"
#include "lang/lex.h"

static size_t find(const uint64_t *lab, size_t n, uint64_t x) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (lab[mid] < x) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* the position of vertices vx[0..nv) (lone ones) and edges e[0..2m) */
static gr_status build(const gr_allocator *al, const uint64_t *vx, size_t nv, const uint64_t *e, size_t m,
                      uint64_t **args, size_t *nargs, gr_error *err) {
    uint64_t lab[GRB_GRAPH_MAX + 1];
    size_t n = 0;
    for (size_t k = 0; k < nv + 2 * m; k++) {
        uint64_t x = k < nv ? vx[k] : e[k - nv];
        size_t at = find(lab, n, x);
        if (at < n && lab[at] == x) continue;
        if (n == GRB_GRAPH_MAX)
            return gri_fail(err, GR_ELIMIT, "a graph position has at most %d vertices", GRB_GRAPH_MAX);
        memmove(lab + at + 1, lab + at, (n - at) * sizeof *lab);
        lab[at] = x;
        n++;
    }
    uint64_t *a = gri_calloc(al, 1 + 2 * n, sizeof *a);
    if (!a) return gri_fail(err, GR_ENOMEM, "out of memory reading the position");
    a[0] = n;
    memcpy(a + 1, lab, n * sizeof *lab);
    for (size_t k = 0; k < m; k++) {
        size_t u = find(lab, n, e[2 * k]), v = find(lab, n, e[2 * k + 1]);
        a[1 + n + u] |= (uint64_t)1 << v;
        a[1 + n + v] |= (uint64_t)1 << u;
    }
    *args = a;
    *nargs = 1 + 2 * n;
    return GR_OK;
}

static gr_status parse_file(const gr_allocator *al, const char *s, size_t n, size_t at, const gr_parse_opts *opts,
                            uint64_t **args, size_t *nargs, size_t *used, size_t *errpos, gr_error *err) {
    char *path, *text;
    size_t tlen, i;
    gr_status st = gri_lex_at_file(al, s, n, at, opts, &path, &text, &tlen, &i, errpos, err);
    if (!path) return st;
    gri_edgefile f = {0, 0, NULL};
    if (st == GR_OK) st = gri_edgefile_parse(al, path, text, tlen, 0, GRI_EDGES_PAIRS, &f, err);
    gri_free(&gri_libc_alloc, text); /* a reader's text is malloc'd (gr_read_fn) */
    if (st == GR_OK && f.n > GRB_GRAPH_MAX)
        st = gri_fail(err, GR_ELIMIT, "'%s': %llu vertices (a graph position has at most %d)", path,
                      (unsigned long long)f.n, GRB_GRAPH_MAX);
    for (uint64_t k = 0; st == GR_OK && k < f.m; k++)
        if (f.e[2 * k] == f.e[2 * k + 1])
            st = gri_fail(err, GR_EINVAL, "'%s': edge %llu is a loop %llu-%llu (the game needs a simple graph)", path,
                          (unsigned long long)k + 1, (unsigned long long)f.e[2 * k], (unsigned long long)f.e[2 * k]);
    if (st == GR_OK) {
        uint64_t vx[GRB_GRAPH_MAX];
        for (uint64_t k = 0; k < f.n; k++) vx[k] = k;
        st = build(al, vx, (size_t)f.n, f.e, (size_t)f.m, args, nargs, err);
    }
    gri_free(al, f.e);
    gri_free(al, path);
    if (st == GR_OK) *used = i + 1;
    return st;
}

gr_status grb_graph_parse(const gr_allocator *al, const char *s, size_t n, int lines, const gr_parse_opts *opts,
                          uint64_t **args, size_t *nargs, size_t *used, size_t *errpos, gr_error *err) {
    size_t i = 0, nv = 0, m = 0, ecap = 0, vcap = 0;
    uint64_t *e = NULL, *vx = NULL;
    gr_status st = GR_OK;
    *args = NULL;
    *nargs = 0;
    gri_lex_arg_blanks(s, n, &i, lines);
    if (i < n && s[i] == '@') return parse_file(al, s, n, i, opts, args, nargs, used, errpos, err);
    if (i < n && s[i] == ')') { *used = i + 1; return build(al, NULL, 0, NULL, 0, args, nargs, err); }
    for (;;) {
        uint64_t u, v;
        gri_lex_arg_blanks(s, n, &i, lines);
        size_t at = i;
        if ((st = gri_lex_arg_u64(s, n, &i, &u, errpos, err)) != GR_OK) break;
        gri_lex_arg_blanks(s, n, &i, lines);
        if (i < n && s[i] == '-') {
            i++;
            gri_lex_arg_blanks(s, n, &i, lines);
            if ((st = gri_lex_arg_u64(s, n, &i, &v, errpos, err)) != GR_OK) break;
            if (u == v) {
                *errpos = at;
                st = gri_fail(err, GR_EINVAL, "a loop %llu-%llu: the game needs a simple graph", (unsigned long long)u,
                              (unsigned long long)u);
                break;
            }
            if (m >= 64 * GRB_GRAPH_MAX) { *errpos = at; st = gri_fail(err, GR_ELIMIT, "too many edges"); break; }
            if (!gri_grow(al, (void **)&e, &ecap, 2 * m + 2, sizeof *e)) { st = gri_fail(err, GR_ENOMEM, "out of memory"); break; }
            e[2 * m] = u;
            e[2 * m + 1] = v;
            m++;
        } else {
            if (nv >= GRB_GRAPH_MAX) { *errpos = at; st = gri_fail(err, GR_ELIMIT, "a graph position has at most %d vertices", GRB_GRAPH_MAX); break; }
            if (!gri_grow(al, (void **)&vx, &vcap, nv + 1, sizeof *vx)) { st = gri_fail(err, GR_ENOMEM, "out of memory"); break; }
            vx[nv++] = u;
        }
        gri_lex_arg_blanks(s, n, &i, lines);
        if (i < n && s[i] == ',') { i++; continue; }
        if (i < n && s[i] == ')') {
            *errpos = 0;
            st = build(al, vx, nv, e, m, args, nargs, err);
            if (st == GR_OK) *used = i + 1;
            break;
        }
        *errpos = i;
        st = gri_lex_found(s, n, i, "expected ',' or ')' after a vertex or an edge (e.g. 0-1,1-2,5)", err);
        break;
    }
    gri_free(al, e);
    gri_free(al, vx);
    return st;
}

void grb_graph_write(const uint64_t *a, size_t n, gri_buf *b) {
    if (n < 1) return;
    size_t nv = (size_t)a[0], first = 1;
    if (n < 1 + 2 * nv) return;
    const uint64_t *lab = a + 1, *row = a + 1 + nv;
    for (size_t u = 0; u < nv; u++) {
        int lone = 1;
        for (size_t v = 0; v < nv; v++) {
            if (!(row[u] >> v & 1)) continue;
            lone = 0;
            if (v < u) continue;
            if (!first) gri_buf_puts(b, ",");
            first = 0;
            gri_buf_u64(b, lab[u]);
            gri_buf_puts(b, "-");
            gri_buf_u64(b, lab[v]);
        }
        if (lone) {
            if (!first) gri_buf_puts(b, ",");
            first = 0;
            gri_buf_u64(b, lab[u]);
        }
    }
}

gr_status grb_graph_check(const uint64_t *a, size_t n, size_t *bad, gr_error *err) {
    *bad = 0;
    if (n < 1 || a[0] > GRB_GRAPH_MAX || n != 1 + 2 * a[0])
        return gri_fail(err, GR_EINVAL, "a graph position is [n, n labels, n rows] with n at most %d", GRB_GRAPH_MAX);
    size_t nv = (size_t)a[0];
    for (size_t k = 1; k < nv; k++)
        if (a[1 + k] <= a[k]) { *bad = 1 + k; return gri_fail(err, GR_EINVAL, "the labels must ascend"); }
    const uint64_t *row = a + 1 + nv;
    uint64_t full = nv == 64 ? ~(uint64_t)0 : ((uint64_t)1 << nv) - 1;
    for (size_t u = 0; u < nv; u++) {
        if ((row[u] & ~full) || (row[u] >> u & 1)) { *bad = 1 + nv + u; return gri_fail(err, GR_EINVAL, "row %zu names a vertex that is not there, or itself", u); }
        for (size_t v = 0; v < nv; v++)
            if ((row[u] >> v & 1) != (row[v] >> u & 1)) { *bad = 1 + nv + u; return gri_fail(err, GR_EINVAL, "rows %zu and %zu disagree on their edge", u, v); }
    }
    return GR_OK;
}
