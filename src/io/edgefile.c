/* Graph files (edgefile.h): one pass over the text, line by line. */
#include <stdlib.h>
#include "io/edgefile.h"

static int read_u64(const char *s, size_t *i, size_t n, uint64_t *v, int *neg) {
    while (*i < n && (s[*i] == ' ' || s[*i] == '\t' || s[*i] == '\r')) (*i)++;
    *neg = *i < n && s[*i] == '-';
    if (*i >= n || s[*i] < '0' || s[*i] > '9') return 0;
    uint64_t x = 0;
    while (*i < n && s[*i] >= '0' && s[*i] <= '9') {
        unsigned d = (unsigned)(s[*i] - '0');
        if (x > (UINT64_MAX - d) / 10) return -1;
        x = x * 10 + d;
        (*i)++;
    }
    *v = x;
    return 1;
}

static gr_status ends_early(gr_error *err, const char *path, size_t line, uint64_t e, uint64_t m) {
    return gri_fail(err, GR_EPARSE, "%s: line %zu: the file ends after %llu of its %llu edges", path, line,
                    (unsigned long long)e, (unsigned long long)m);
}

gr_status gri_edgefile_parse(const gr_allocator *al, const char *path, const char *buf, size_t len, uint64_t base, int kind, gri_edgefile *out,
                            gr_error *err) {
    out->n = out->m = 0;
    out->e = NULL;
    gr_status st = GR_OK;
    size_t i = 0, line = 1, w3 = kind == GRI_EDGES_WEIGHTED ? 3 : 2;
    uint64_t n = 0, m = 0, *rec = NULL;
    int neg, r;
    const char *shape = kind == GRI_EDGES_WEIGHTED ? "'u v [w]'" : "'u v'";
    if ((r = read_u64(buf, &i, len, &n, &neg)) != 1 || (r = read_u64(buf, &i, len, &m, &neg)) != 1) {
        st = gri_fail(err, GR_EPARSE, "%s: line 1: expected the header 'n m' (vertices, edges)%s", path,
                     r < 0 ? ": number too large" : neg ? ": negative number" : "");
        goto out;
    }
    if (m > GRI_EDGEFILE_MAX) {
        st = gri_fail(err, GR_ELIMIT, "%s: line 1: %llu edges is more than grundy reads", path, (unsigned long long)m);
        goto out;
    }
    if (n > GRI_EDGEFILE_MAX && kind == GRI_EDGES_PAIRS) {
        st = gri_fail(err, GR_ELIMIT, "%s: line 1: %llu vertices is more than grundy reads (at most %llu)", path,
                     (unsigned long long)n, (unsigned long long)GRI_EDGEFILE_MAX);
        goto out;
    }
    /* the records grow as edges are read: a header that promises more
     * edges than the file holds must not claim the memory up front */
    size_t cap = m < 4096 ? (size_t)m + 1 : 4096;
    rec = gri_malloc(al, w3 * cap * sizeof *rec);
    if (!rec) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto out; }
    for (uint64_t e = 0;; e++) {
        /* nothing but blanks to the end of the line */
        while (i < len && buf[i] != '\n') {
            if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r') {
                st = gri_fail(err, GR_EPARSE, "%s: line %zu: unexpected '%c' at the end of the line", path, line, buf[i]);
                goto out;
            }
            i++;
        }
        if (e == m) break;
        if (i >= len) { st = ends_early(err, path, line + 1, e, m); goto out; }
        i++;
        line++;
        size_t look = i;
        while (look < len && (buf[look] == ' ' || buf[look] == '\t' || buf[look] == '\r')) look++;
        if (look >= len) { st = ends_early(err, path, line, e, m); goto out; }
        uint64_t u, v, w = 1;
        if ((r = read_u64(buf, &i, len, &u, &neg)) != 1 || (r = read_u64(buf, &i, len, &v, &neg)) != 1) {
            st = gri_fail(err, r < 0 || neg ? GR_ERANGE : GR_EPARSE, "%s: line %zu: expected an edge %s%s", path, line, shape,
                         r < 0 ? ": number too large" : neg ? ": negative number" : "");
            goto out;
        }
        if (kind == GRI_EDGES_WEIGHTED) {
            size_t save = i;
            r = read_u64(buf, &i, len, &w, &neg);
            if (r < 0 || neg) {
                st = gri_fail(err, GR_ERANGE, "%s: line %zu: %s weight", path, line, neg ? "negative" : "too large a");
                goto out;
            }
            if (r == 0) { i = save; w = 1; }
            if (w == 0) { st = gri_fail(err, GR_EINVAL, "%s: line %zu: an edge needs weight >= 1", path, line); goto out; }
        }
        if (u < base || v < base || u - base >= n || v - base >= n) {
            uint64_t bad = (u < base || u - base >= n) ? u : v;
            st = gri_fail(err, GR_ERANGE,
                         "%s: line %zu: vertex %llu is out of range (the header says %llu vertices, numbered from %llu)", path,
                         line, (unsigned long long)bad, (unsigned long long)n, (unsigned long long)base);
            goto out;
        }
        if (e >= cap) {
            size_t nc = (uint64_t)cap * 2 > m ? (size_t)m : cap * 2;
            uint64_t *nr = gri_realloc(al, rec, w3 * nc * sizeof *rec);
            if (!nr) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto out; }
            rec = nr;
            cap = nc;
        }
        rec[w3 * e] = u;
        rec[w3 * e + 1] = v;
        if (w3 == 3) rec[w3 * e + 2] = w;
    }
    /* nothing but blanks may follow */
    for (; i < len; i++) {
        if (buf[i] == '\n') { line++; continue; }
        if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r') {
            st = gri_fail(err, GR_EPARSE, "%s: line %zu: more edges than the header's %llu", path, line, (unsigned long long)m);
            goto out;
        }
    }
    out->n = n;
    out->m = m;
    out->e = rec;
    rec = NULL;
out:
    gri_free(al, rec);
    return st;
}
