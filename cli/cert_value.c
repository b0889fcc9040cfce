/* Value certificates of Node Kayles, Arc Kayles and Cram terms
 * (docs/certificates.md): `grundy value|solve TERM --certificate FILE`
 * writes one (the library finds the entries, gr_board_value_certificate),
 * and `grundy check FILE` checks one by its own reading of the term and of
 * the moves: each entry's value by the mex of its options, each option by
 * its vertex maps. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cert_value.h"
#include "cert_state.h"
#include "cli.h"
#include "sha256.h"

#define MAXV 64

int cli_value_certificate_write(const char *path, gr_position *pos) {
    gr_term_info t;
    gr_error err;
    gr_error_clear(&err);
    if (gr_position_count(pos) != 1 || gr_position_term(pos, 0, &t) != GR_OK) {
        fprintf(stderr, "grundy: error: a value certificate is of one term (nodekayles, arckayles, cram, wythoff, "
                        "euclid, fib, dyn or rule[...]), not a sum\n");
        return 2;
    }
    uint64_t value;
    if (gr_position_value(pos, &value, &err) != GR_OK) return cli_report(&err, NULL, 0);
    char *body = NULL, *term = NULL;
    size_t len = 0;
    if (gr_ruleset_value_certificate(t.ruleset, t.args, t.nargs, 0, &body, &len, &err) != GR_OK)
        return cli_report(&err, NULL, 0);
    /* the certificate's value against the solver's: two searches, one answer */
    char want[48];
    snprintf(want, sizeof want, "\nvalue %llu\n", (unsigned long long)value);
    if (!strstr(body, want)) {
        gr_free(body);
        fprintf(stderr, "grundy: internal error: the value certificate's value differs from the solver's %llu\n",
                (unsigned long long)value);
        return 1;
    }
    if (gr_position_term_format(pos, 0, &term) != GR_OK) {
        gr_free(body);
        fprintf(stderr, "grundy: error: out of memory\n");
        return 1;
    }
    FILE *f = fopen(path, "wb");
    if (!f) {
        gr_free(body);
        free(term);
        fprintf(stderr, "grundy: error: cannot write the certificate '%s'\n", path);
        return 2;
    }
    cli_sha256 h;
    cli_sha256_init(&h);
    const char *parts[] = {"grundy certificate 2\nkind value\nposition ", term, "\n", body, "end\n"};
    for (size_t i = 0; i < sizeof parts / sizeof *parts; i++) {
        cli_sha256_add(&h, parts[i], strlen(parts[i]));
        fputs(parts[i], f);
    }
    char hex[65];
    cli_sha256_hex(&h, hex);
    fprintf(f, "sha256 %s\n", hex);
    gr_free(body);
    free(term);
    if (ferror(f) | (fclose(f) != 0)) {
        fprintf(stderr, "grundy: error: cannot write the certificate '%s'\n", path);
        return 2;
    }
    return 0;
}

/* ---- the check ---- */

typedef struct graph {
    int n;
    uint64_t rows[MAXV];
} graph;

/* a board "R,C" or rows of '.' and '#' split by '/': the empty cells in
 * reading order, joined across a side */
static int board_graph(const char *s, graph *g) {
    char grid[MAXV * 4][MAXV + 1];
    int R = 0, C = -1;
    unsigned r0, c0;
    char extra;
    if (sscanf(s, "%u,%u%c", &r0, &c0, &extra) == 2) {
        if (r0 < 1 || c0 < 1 || r0 > 64 || c0 > 64 || r0 * c0 > 256) return -1;
        R = (int)r0;
        C = (int)c0;
        for (int r = 0; r < R; r++) memset(grid[r], '.', (size_t)C);
    } else {
        for (const char *p = s;; R++) {
            const char *e = strchr(p, '/');
            size_t l = e ? (size_t)(e - p) : strlen(p);
            if (R >= MAXV * 4 || l < 1 || l > 64 || (C >= 0 && (int)l != C)) return -1;
            C = (int)l;
            memcpy(grid[R], p, l);
            for (size_t i = 0; i < l; i++)
                if (p[i] != '.' && p[i] != '#') return -1;
            if (!e) { R++; break; }
            p = e + 1;
        }
    }
    int id[MAXV * 4][MAXV];
    g->n = 0;
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++) {
            id[r][c] = grid[r][c] == '.' ? g->n++ : -1;
            if (g->n > MAXV) return -2;
        }
    memset(g->rows, 0, sizeof g->rows);
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++) {
            int a = id[r][c], b = c + 1 < C ? id[r][c + 1] : -1, d = r + 1 < R ? id[r + 1][c] : -1;
            if (a < 0) continue;
            if (b >= 0) g->rows[a] |= (uint64_t)1 << b, g->rows[b] |= (uint64_t)1 << a;
            if (d >= 0) g->rows[a] |= (uint64_t)1 << d, g->rows[d] |= (uint64_t)1 << a;
        }
    return 0;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* edges "u-v" and lone vertices "w" split by ',': the labels in increasing
 * order are the vertices 0, 1, ... */
static int edge_graph(const char *s, graph *g) {
    uint64_t lab[2 * MAXV * MAXV], eu[MAXV * MAXV], ev[MAXV * MAXV];
    size_t nl = 0, ne = 0;
    const char *p = s;
    while (*p) {
        char *q;
        if (*p < '0' || *p > '9') return -1;
        uint64_t u = strtoull(p, &q, 10), v = u;
        p = q;
        int edge = *p == '-';
        if (edge) {
            if (p[1] < '0' || p[1] > '9') return -1;
            v = strtoull(p + 1, &q, 10);
            p = q;
            if (u == v || ne == MAXV * MAXV) return -1;
            eu[ne] = u;
            ev[ne++] = v;
        }
        if (nl + 2 > sizeof lab / sizeof *lab) return -2;
        lab[nl++] = u;
        if (edge) lab[nl++] = v;
        if (*p == ',') p++;
        else if (*p) return -1;
    }
    qsort(lab, nl, sizeof *lab, cmp_u64);
    size_t k = 0;
    for (size_t i = 0; i < nl; i++)
        if (!k || lab[k - 1] != lab[i]) lab[k++] = lab[i];
    if (k > MAXV) return -2;
    g->n = (int)k;
    memset(g->rows, 0, sizeof g->rows);
    for (size_t i = 0; i < ne; i++) {
        const uint64_t *a = bsearch(&eu[i], lab, k, sizeof *lab, cmp_u64), *b = bsearch(&ev[i], lab, k, sizeof *lab, cmp_u64);
        g->rows[a - lab] |= (uint64_t)1 << (b - lab);
        g->rows[b - lab] |= (uint64_t)1 << (a - lab);
    }
    return 0;
}

/* the position is one term written as grundy writes it (parsed by the
 * library and written back, it is the same text): a checker of the format
 * need not read other spellings */
static int canonical_term(cert_reader *r, gr_ctx *ctx, const char *term) {
    gr_error err;
    gr_error_clear(&err);
    gr_position *pos = NULL;
    char *back = NULL;
    size_t bl = 0;
    unsigned line = r->line;
    r->line = 3;
    if (gr_position_parse(ctx, term, strlen(term), 0, &pos, &err) != GR_OK)
        return cert_fail(r, "the position cannot be read: %s", err.message);
    int rc = 0;
    if (gr_position_count(pos) != 1) rc = cert_fail(r, "the position is not one term%s", "");
    else if (gr_position_format(pos, &back, &bl) != GR_OK) rc = cert_fail(r, "%s", "out of memory");
    else if (strcmp(back, term)) {
        char msg[600];
        snprintf(msg, sizeof msg, "the position '%.250s' is not written as grundy writes it ('%.250s')", term, back);
        rc = cert_fail(r, "%s", msg);
    }
    free(back);
    gr_position_free(pos);
    if (rc == 0) r->line = line;
    return rc;
}

/* the number at *p, moving past it: the failure `what` when no digit is
 * there, the strict reader's when the digits are not such a number */
static int number_at(cert_reader *r, const char **p, uint64_t *v, const char *what) {
    if (**p < '0' || **p > '9') return cert_fail(r, "%s", what);
    return cert_u64_at(p, v) == 0 ? 0 : cert_bad_number(r, *p);
}

/* the entries read so far */
typedef struct table {
    uint8_t *k;         /* vertices */
    uint64_t *value;
    uint64_t *rows;     /* MAXV words an entry would be a lot: entry i's rows are rows[off[i] ..] */
    size_t *off;
    uint32_t *edges;
    size_t n, cap, nrows, rcap;
} table;

/* one component list (an `m` or `root` line after its keyword) against
 * the graph g with the vertices R left: 0 with *x the XOR of the values,
 * else -1 with the reason */
static int components(cert_reader *r, const table *t, const graph *g, uint64_t R, const char *p, size_t limit,
                      uint64_t *x, const char *where) {
    uint64_t covered = 0, edges = 0;
    char msg[200];
    *x = 0;
    while (*p == ' ') {
        p++;
        uint64_t j;
        if (*p < '0' || *p > '9') break;
        if (cert_u64_at(&p, &j) != 0) return cert_bad_number(r, p);
        if (*p != '@') break;
        if (j >= limit) {
            snprintf(msg, sizeof msg, "%s refers to entry %llu, which is not below %llu", where, (unsigned long long)j,
                     (unsigned long long)limit);
            return cert_fail(r, "%s", msg);
        }
        int at[MAXV], k = 0;
        do {
            p++;
            uint64_t v;
            if (k == MAXV || *p < '0' || *p > '9') return cert_fail(r, "%s: a vertex map is not a list of vertices", where);
            if (cert_u64_at(&p, &v) != 0) return cert_bad_number(r, p);
            if (v >= (uint64_t)g->n || !(R >> v & 1) || (covered >> v & 1)) {
                snprintf(msg, sizeof msg, "%s: vertex %llu of a map is not one of the vertices left (or is used twice)",
                         where, (unsigned long long)v);
                return cert_fail(r, "%s", msg);
            }
            covered |= (uint64_t)1 << v;
            at[k++] = (int)v;
        } while (*p == ',');
        if (k != t->k[j]) {
            snprintf(msg, sizeof msg, "%s: the map of entry %llu has %d vertices, the entry %d", where,
                     (unsigned long long)j, k, t->k[j]);
            return cert_fail(r, "%s", msg);
        }
        const uint64_t *jr = t->rows + t->off[j];
        for (int a = 0; a < k; a++)
            for (uint64_t b = jr[a] & ~(((uint64_t)2 << a) - 1); b; b &= b - 1)
                if (!(g->rows[at[a]] >> at[__builtin_ctzll(b)] & 1)) {
                    snprintf(msg, sizeof msg, "%s: an edge of entry %llu does not map to an edge", where,
                             (unsigned long long)j);
                    return cert_fail(r, "%s", msg);
                }
        edges += t->edges[j];
        *x ^= t->value[j];
    }
    if (*p) return cert_fail(r, "%s: a component is not written J@x0,x1,...", where);
    if (covered != R) return cert_fail(r, "%s: the components do not cover the vertices left", where);
    uint64_t left = 0;
    for (uint64_t v = R; v; v &= v - 1) left += (uint64_t)__builtin_popcountll(g->rows[__builtin_ctzll(v)] & R);
    if (left / 2 != edges) {
        snprintf(msg, sizeof msg, "%s: the edges left number %llu, the components' entries have %llu", where,
                 (unsigned long long)(left / 2), (unsigned long long)edges);
        return cert_fail(r, "%s", msg);
    }
    return 0;
}

/* entry i's line "e VALUE K u-v ...": its graph into g */
static int entry_line(cert_reader *r, const char *p, graph *g, uint64_t *value, uint64_t *ne, uint8_t eu[], uint8_t ev[]) {
    if (strncmp(p, "e ", 2)) return cert_fail(r, "expected an entry 'e VALUE K EDGES' or 'end'%s", "");
    p += 2;
    uint64_t k;
    static const char NEEDS[] = "an entry needs its value and its number of vertices", SIZE[] = "an entry has 1 to 64 vertices";
    if (number_at(r, &p, value, NEEDS) != 0) return -1;
    if (*p++ != ' ') return cert_fail(r, "%s", NEEDS);
    if (number_at(r, &p, &k, SIZE) != 0) return -1;
    if (k < 1 || k > MAXV) return cert_fail(r, "%s", SIZE);
    g->n = (int)k;
    memset(g->rows, 0, sizeof g->rows);
    *ne = 0;
    int lu = -1, lv = -1;
    while (*p == ' ') {
        uint64_t u, v;
        p++;
        static const char EDGE[] = "an edge is not written u-v";
        if (number_at(r, &p, &u, EDGE) != 0) return -1;
        if (*p++ != '-') return cert_fail(r, "%s", EDGE);
        if (number_at(r, &p, &v, EDGE) != 0) return -1;
        if (u >= v || v >= k || (int)u < lu || ((int)u == lu && (int)v <= lv))
            return cert_fail(r, "the edges are not u-v with u < v < K, each once, in increasing order%s", "");
        lu = (int)u;
        lv = (int)v;
        g->rows[u] |= (uint64_t)1 << v;
        g->rows[v] |= (uint64_t)1 << u;
        eu[*ne] = (uint8_t)u;
        ev[(*ne)++] = (uint8_t)v;
    }
    if (*p) return cert_fail(r, "an entry line has more than its edges%s", "");
    return 0;
}

static int grow(table *t) {
    if (t->n == t->cap) {
        size_t c = t->cap ? 2 * t->cap : 1024;
        uint8_t *k = realloc(t->k, c);
        if (k) t->k = k;
        uint64_t *v = realloc(t->value, c * sizeof *v);
        if (v) t->value = v;
        size_t *o = realloc(t->off, c * sizeof *o);
        if (o) t->off = o;
        uint32_t *e = realloc(t->edges, c * sizeof *e);
        if (e) t->edges = e;
        if (!k || !v || !o || !e) return -1;
        t->cap = c;
    }
    if (t->nrows + MAXV > t->rcap) {
        size_t c = t->rcap ? 2 * t->rcap : 65536;
        uint64_t *rw = realloc(t->rows, c * sizeof *rw);
        if (!rw) return -1;
        t->rows = rw;
        t->rcap = c;
    }
    return 0;
}

static int check_entries(cert_reader *r, int arc, table *t) {
    graph g;
    uint8_t eu[MAXV * MAXV / 2], ev[MAXV * MAXV / 2];
    char where[96];
    for (;;) {
        const char *p;
        size_t l;
        if (cert_next_raw(r, &p, &l) != 0) return cert_fail(r, "the file ends in the entries: %s", "it was cut");
        if (l == 3 && !memcmp(p, "end", 3)) return 0;
        char *line = malloc(l + 1);
        if (!line) return cert_fail(r, "%s", "out of memory");
        memcpy(line, p, l);
        line[l] = 0;
        uint64_t value = 0, ne = 0;
        int rc = entry_line(r, line, &g, &value, &ne, eu, ev);
        free(line);
        if (rc) return rc;
        if (grow(t)) return cert_fail(r, "%s", "out of memory");
        uint64_t all = g.n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << g.n) - 1, seen[2] = {0, 0};
        size_t moves = arc ? ne : (size_t)g.n;
        unsigned eline = r->line;
        for (size_t m = 0; m < moves; m++) {
            if (cert_next_raw(r, &p, &l) != 0) return cert_fail(r, "the file ends in the entries: %s", "it was cut");
            snprintf(where, sizeof where, "entry %llu, move %llu", (unsigned long long)t->n, (unsigned long long)m);
            if (l < 1 || p[0] != 'm' || (l > 1 && p[1] != ' ')) return cert_fail(r, "%s: expected its 'm' line", where);
            uint64_t R = arc ? all & ~((uint64_t)1 << eu[m]) & ~((uint64_t)1 << ev[m])
                             : all & ~((uint64_t)1 << m) & ~g.rows[m];
            char *ml = malloc(l + 1);
            if (!ml) return cert_fail(r, "%s", "out of memory");
            memcpy(ml, p, l);
            ml[l] = 0;
            uint64_t x;
            rc = components(r, t, &g, R, ml + 1, t->n, &x, where);
            free(ml);
            if (rc) return rc;
            if (x < 128) seen[x >> 6] |= (uint64_t)1 << (x & 63);
        }
        uint64_t mex = 0;
        while (mex < 128 && (seen[mex >> 6] >> (mex & 63) & 1)) mex++;
        if (mex != value) {
            r->line = eline;
            char msg[160];
            snprintf(msg, sizeof msg, "entry %llu: its value is %llu by the mex of its options, not %llu",
                     (unsigned long long)t->n, (unsigned long long)mex, (unsigned long long)value);
            return cert_fail(r, "%s", msg);
        }
        t->k[t->n] = (uint8_t)g.n;
        t->value[t->n] = value;
        t->edges[t->n] = (uint32_t)ne;
        t->off[t->n] = t->nrows;
        memcpy(t->rows + t->nrows, g.rows, (size_t)g.n * sizeof *g.rows);
        t->nrows += (size_t)g.n;
        t->n++;
    }
}

int cli_value_certificate_check(cert_reader *r, gr_ctx *ctx) {
    char term[1 << 16], root[1 << 14];
    char game[64];
    uint64_t value, n;
    const char *p;
    size_t l;
    if (cert_next_raw(r, &p, &l) != 0 || l < 9 || memcmp(p, "position ", 9) || l - 9 >= sizeof term)
        return cert_fail(r, "expected 'position TERM'%s", "");
    memcpy(term, p + 9, l - 9);
    term[l - 9] = 0;
    if (canonical_term(r, ctx, term) != 0) return -1;
    if (cert_field(r, "game", game, sizeof game) != 0 || cert_number(r, "value", &value) != 0 ||
        cert_number(r, "entries", &n) != 0)
        return -1;
    if (!strcmp(game, "state")) return cli_state_certificate_check(r, ctx, term, value, n);
    int arc = !strcmp(game, "arc-kayles");
    if (!arc && strcmp(game, "node-kayles")) return cert_fail(r, "unknown game '%s'", game);
    /* the position's graph, by its own reading of the term */
    const char *open = strchr(term, '(');
    size_t tl = strlen(term);
    if (!open || term[tl - 1] != ')') return cert_fail(r, "the position '%s' is not one term NAME(...)", term);
    term[tl - 1] = 0;
    size_t nl = (size_t)(open - term);
    graph g;
    int rc, board = 0, node = 0;
    if ((nl == 4 && !memcmp(term, "cram", 4)) || (nl == 15 && !memcmp(term, "arckayles[grid]", 15))) board = 1;
    else if (nl == 16 && !memcmp(term, "nodekayles[grid]", 16)) board = node = 1;
    else if (nl == 10 && !memcmp(term, "nodekayles", 10)) node = 1;
    else if (!(nl == 9 && !memcmp(term, "arckayles", 9))) return cert_fail(r, "the position is not a term of nodekayles, arckayles or cram%s", "");
    rc = board ? board_graph(open + 1, &g) : edge_graph(open + 1, &g);
    term[tl - 1] = ')';
    if (rc == -2) return cert_fail(r, "the position has more than 64 vertices%s", "");
    if (rc) return cert_fail(r, "the position '%s' cannot be read", term);
    if (node == arc) return cert_fail(r, "the game does not fit the position (it is %s)", node ? "node-kayles" : "arc-kayles");
    if (cert_next_raw(r, &p, &l) != 0 || l < 4 || memcmp(p, "root", 4) || l >= sizeof root)
        return cert_fail(r, "expected the 'root' line%s", "");
    memcpy(root, p, l);
    root[l] = 0;
    unsigned root_line = r->line;
    table t = {0};
    rc = check_entries(r, arc, &t);
    if (rc == 0 && t.n != n) {
        char msg[96];
        snprintf(msg, sizeof msg, "%llu entries, entries says %llu", (unsigned long long)t.n, (unsigned long long)n);
        rc = cert_fail(r, "%s", msg);
    }
    if (rc == 0 && (cert_next_raw(r, &p, &l) != 0 || l < 7 || memcmp(p, "sha256 ", 7) || r->at != r->len))
        rc = cert_fail(r, "expected the checksum line last%s", "");
    uint64_t x = 0;
    if (rc == 0) {
        unsigned at = r->line;
        r->line = root_line;
        rc = components(r, &t, &g, g.n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << g.n) - 1, root + 4, t.n, &x, "the root");
        if (rc == 0 && x != value) {
            char msg[96];
            snprintf(msg, sizeof msg, "the position's value is %llu by its components, not %llu", (unsigned long long)x,
                     (unsigned long long)value);
            rc = cert_fail(r, "%s", msg);
        }
        if (rc == 0) r->line = at;
    }
    free(t.k);
    free(t.value);
    free(t.rows);
    free(t.off);
    free(t.edges);
    if (rc == 0)
        printf("%s: certified: value %llu (%llu entries checked)\n", term, (unsigned long long)value,
               (unsigned long long)n);
    return rc;
}
