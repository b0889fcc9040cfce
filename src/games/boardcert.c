/* Value certificates of Node Kayles, Arc Kayles and Cram terms
 * (gr_board_value_certificate, docs/certificates.md): every component
 * reachable from the term, up to isomorphism (nauty's canonical form), with
 * its value by a plain mex, and for each of its moves the components left
 * with the vertex maps onto their entries. Entries are numbered as they
 * are finished, so an entry refers only to smaller ones. The search goes
 * one level deeper per move, and a move removes a vertex at least: its
 * depth is at most 64, whatever the term. */
#include <stdio.h>
#include <string.h>
#include "boards/graphcanon.h"
#include "core/keymap.h"
#include "games/boardgame.h"

/* the refusal of a build without nauty, which says how to get it (the
 * docs show it as it is: docs/certificates.md, tested by docs_test.py
 * --no-nauty against a build without nauty) */
#define NO_NAUTY "value certificates need nauty: this build has none (install libnauty2-dev and rebuild)"

#define CERT_MAXV 64

typedef struct certer {
    gr_ruleset *rs;
    int arc;              /* Arc Kayles (Cram) or Node Kayles */
    gri_keymap map;       /* canonical graph -> entry */
    uint8_t *vals;        /* entry -> value */
    size_t nvals, vcap;
    gri_buf out;          /* the entries, in order */
    gr_error *err;
} certer;

/* the components of the vertex set R of a graph (rows): their masks */
static int components(const uint64_t *rows, uint64_t R, uint64_t *comp) {
    int k = 0;
    while (R) {
        uint64_t c = R & -R, frontier = c;
        while (frontier) {
            uint64_t nx = 0;
            for (uint64_t f = frontier; f; f &= f - 1) nx |= rows[__builtin_ctzll(f)];
            frontier = nx & R & ~c;
            c |= frontier;
        }
        comp[k++] = c;
        R &= ~c;
    }
    return k;
}

static gr_status entry(certer *ce, const uint64_t *rows, int n, uint32_t *id, int *lab);

/* the component `mask` of a graph (rows, on 64 vertices at most), as
 * " J@x0,x1,...": its entry and where the entry's vertices lie; *value gets
 * the entry's value */
static gr_status component(certer *ce, const uint64_t *rows, uint64_t mask, gri_buf *line, uint8_t *value) {
    int at[CERT_MAXV], n = 0;
    for (uint64_t m = mask; m; m &= m - 1) at[n++] = __builtin_ctzll(m);
    uint64_t sub[CERT_MAXV];
    for (int i = 0; i < n; i++) {
        uint64_t r = 0;
        for (int j = 0; j < n; j++)
            if (rows[at[i]] >> at[j] & 1) r |= (uint64_t)1 << j;
        sub[i] = r;
    }
    uint32_t id = 0;
    int lab[CERT_MAXV];
    gr_status st = entry(ce, sub, n, &id, lab);
    if (st != GR_OK) return st;
    *value = ce->vals[id];
    char num[32];
    snprintf(num, sizeof num, " %lu@", (unsigned long)id);
    gri_buf_puts(line, num);
    for (int j = 0; j < n; j++) {
        snprintf(num, sizeof num, j ? ",%d" : "%d", at[lab[j]]);
        gri_buf_puts(line, num);
    }
    return GR_OK;
}

/* the entry of the graph rows[0..n) (n >= 1): *id, and lab[j] the vertex
 * of rows that is the entry's vertex j */
static gr_status entry(certer *ce, const uint64_t *rows, int n, uint32_t *id, int *lab) {
    uint64_t key[1 + CERT_MAXV];
    key[0] = (uint64_t)n;
    if (!grb_canon_rows(rows, n, key + 1, lab))
        return gri_fail(ce->err, GR_EINVAL, NO_NAUTY);
    uint64_t found;
    if (gri_keymap_get(&ce->map, key, 1 + (size_t)n, &found)) {
        *id = (uint32_t)found;
        return GR_OK;
    }
    if (gri_tick(&ce->rs->tick)) {
        gr_status st = gri_ctx_poll(ce->rs->ctx, ce->err, "the value certificate", ce->nvals, "positions");
        if (st != GR_OK) return st;
    }
    const uint64_t *g = key + 1;
    uint64_t all = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
    gri_buf text;
    gri_buf_init(&text, gri_ctx_alloc(ce->rs->ctx));
    /* the entry's line: its value comes last, so it is written at the end */
    uint64_t seen[2] = {0, 0}; /* option values below 128 */
    gr_status st = GR_OK;
    /* the moves: each vertex (Node Kayles), each edge u-v, u < v, in order (Arc Kayles) */
    uint8_t eu[CERT_MAXV * (CERT_MAXV - 1) / 2], ev[CERT_MAXV * (CERT_MAXV - 1) / 2];
    int moves = 0;
    if (ce->arc) {
        for (int u = 0; u < n; u++)
            for (uint64_t r = g[u] >> u >> 1; r; r &= r - 1) {
                eu[moves] = (uint8_t)u;
                ev[moves++] = (uint8_t)(u + 1 + __builtin_ctzll(r));
            }
    } else {
        moves = n;
    }
    for (int k = 0; k < moves && st == GR_OK; k++) {
        uint64_t R = ce->arc ? all & ~((uint64_t)1 << eu[k]) & ~((uint64_t)1 << ev[k])
                             : all & ~((uint64_t)1 << k) & ~g[k];
        uint64_t comp[CERT_MAXV];
        int nc = components(g, R, comp);
        unsigned x = 0;
        gri_buf_puts(&text, "m");
        for (int c = 0; c < nc && st == GR_OK; c++) {
            uint8_t cv = 0;
            st = component(ce, g, comp[c], &text, &cv);
            x ^= cv;
        }
        gri_buf_puts(&text, "\n");
        if (x < 128) seen[x >> 6] |= (uint64_t)1 << (x & 63);
    }
    if (st == GR_OK && text.failed) st = gri_fail(ce->err, GR_ENOMEM, "out of memory: the value certificate");
    if (st == GR_OK && !gri_grow(gri_ctx_alloc(ce->rs->ctx), (void **)&ce->vals, &ce->vcap, ce->nvals + 1, 1))
        st = gri_fail(ce->err, GR_ENOMEM, "out of memory: the value certificate");
    size_t nid = ce->nvals;
    if (st == GR_OK) st = gri_keymap_put(&ce->map, key, 1 + (size_t)n, nid);
    if (st == GR_ELIMIT)
        st = gri_fail(ce->err, GR_ELIMIT, "more than %llu positions: too many to certify",
                      (unsigned long long)ce->map.max);
    if (st != GR_OK) {
        gri_buf_free(&text);
        return st;
    }
    unsigned value = 0;
    while (value < 128 && (seen[value >> 6] >> (value & 63) & 1)) value++;
    if (value >= 128) {
        gri_buf_free(&text);
        return gri_fail(ce->err, GR_ELIMIT, "a value above 127: too large for a value certificate");
    }
    ce->vals[ce->nvals++] = (uint8_t)value;
    char num[48];
    snprintf(num, sizeof num, "e %u %d", value, n);
    gri_buf_puts(&ce->out, num);
    for (int u = 0; u < n; u++)
        for (uint64_t r = g[u] >> u >> 1; r; r &= r - 1) {
            snprintf(num, sizeof num, " %d-%d", u, u + 1 + __builtin_ctzll(r));
            gri_buf_puts(&ce->out, num);
        }
    gri_buf_puts(&ce->out, "\n");
    gri_buf_put(&ce->out, text.data ? text.data : "", text.len);
    gri_buf_free(&text);
    *id = (uint32_t)nid;
    return GR_OK;
}

/* the term's graph: rows[0..*n) */
static gr_status term_graph(const gr_ruleset *rs, const uint64_t *args, size_t nargs, uint64_t *rows, int *n,
                            gr_error *err) {
    const gri_boardrs *d = gri_bg(rs);
    if (d->kind == GRI_BG_PLACE || d->kind == GRI_BG_NODE_GRID) {
        uint64_t R = args[0], C = args[1];
        int id[GRB_MAX_SIDE][GRB_MAX_SIDE];
        int k = 0;
        for (uint64_t r = 0; r < R; r++)
            for (uint64_t c = 0; c < C; c++) {
                id[r][c] = -1;
                if (args[2 + r] >> c & 1) {
                    if (k == CERT_MAXV)
                        return gri_fail(err, GR_ELIMIT, "%s: value certificates take at most 64 empty cells", rs->spec);
                    id[r][c] = k++;
                }
            }
        memset(rows, 0, (size_t)k * sizeof *rows);
        for (uint64_t r = 0; r < R; r++)
            for (uint64_t c = 0; c < C; c++) {
                int a = id[r][c];
                if (a < 0) continue;
                int right = c + 1 < C ? id[r][c + 1] : -1, down = r + 1 < R ? id[r + 1][c] : -1;
                if (right >= 0) { rows[a] |= (uint64_t)1 << right; rows[right] |= (uint64_t)1 << a; }
                if (down >= 0) { rows[a] |= (uint64_t)1 << down; rows[down] |= (uint64_t)1 << a; }
            }
        *n = k;
        return GR_OK;
    }
    /* a graph: [n, labels, rows] */
    *n = (int)args[0];
    (void)nargs;
    for (int i = 0; i < *n; i++) rows[i] = args[1 + *n + i];
    return GR_OK;
}

gr_status gr_board_value_certificate(gr_ruleset *rs, const uint64_t *args, size_t nargs, uint64_t max_entries,
                                     char **out, size_t *len, gr_error *err) {
    *out = NULL;
    *len = 0;
    if (!rs || !rs->fam || rs->fam->value != gri_bg_value)
        return gri_fail(err, GR_EINVAL, "%s: value certificates are written for nodekayles, arckayles and cram",
                        rs ? rs->spec : "(null)");
    const gri_boardrs *d = gri_bg(rs);
    int arc = d->kind == GRI_BG_PLACE || d->kind == GRI_BG_ARC_GRAPH;
    if (d->kind == GRI_BG_PLACE) {
        /* Cram's two dominoes only: other shapes are not Arc Kayles */
        int cram = d->nshapes == 2 && strncmp(rs->spec, "place[", 6) != 0; /* a checker reads cram(...) terms */
        for (size_t i = 0; i < d->nshapes && cram; i++) cram = d->shapes[i].n == 2 && d->shapes[i].h * d->shapes[i].w == 2;
        if (!cram)
            return gri_fail(err, GR_EINVAL, "%s: value certificates are written for nodekayles, arckayles and cram "
                                            "(write Cram as cram(...))", rs->spec);
    }
    if (!grb_have_canon()) return gri_fail(err, GR_EINVAL, NO_NAUTY);
    size_t bad = 0;
    gr_status st = gri_bg_check(rs, args, nargs, &bad, err);
    if (st != GR_OK) return st;
    uint64_t rows[CERT_MAXV];
    int n = 0;
    if ((st = term_graph(rs, args, nargs, rows, &n, err)) != GR_OK) return st;
    certer ce = {rs, arc, {0}, NULL, 0, 0, {0}, err};
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    gri_keymap_init(&ce.map, max_entries ? max_entries : 1000000, al);
    gri_buf_init(&ce.out, al);
    gri_buf root;
    gri_buf_init(&root, al);
    gri_buf_puts(&root, "root");
    uint64_t comp[CERT_MAXV];
    int nc = components(rows, n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1, comp);
    unsigned value = 0;
    gri_ticker_resume(&rs->tick, rs->ctx);
    for (int c = 0; c < nc && st == GR_OK; c++) {
        uint8_t cv = 0;
        st = component(&ce, rows, comp[c], &root, &cv);
        value ^= cv;
    }
    if (st == GR_OK && (root.failed || ce.out.failed)) st = gri_fail(err, GR_ENOMEM, "out of memory: the value certificate");
    if (st == GR_OK) {
        gri_buf head;
        gri_buf_init(&head, al);
        char num[96];
        snprintf(num, sizeof num, "game %s\nvalue %u\nentries %lu\n", arc ? "arc-kayles" : "node-kayles", value,
                 (unsigned long)ce.nvals);
        gri_buf_puts(&head, num);
        gri_buf_put(&head, root.data, root.len);
        gri_buf_puts(&head, "\n");
        gri_buf_put(&head, ce.out.data ? ce.out.data : "", ce.out.len);
        if (head.failed) st = gri_fail(err, GR_ENOMEM, "out of memory: the value certificate");
        if (st == GR_OK) st = gri_buf_take(&head, out, len);
        else gri_buf_free(&head);
    }
    gri_buf_free(&root);
    gri_buf_free(&ce.out);
    gri_keymap_free(&ce.map);
    gri_free(al, ce.vals);
    return st;
}
