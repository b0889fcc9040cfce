/* A board or graph game as cells and moves (see board.h): building one,
 * listing the moves of a position, and splitting a position into its
 * independent parts. */
#include "boards/board.h"

void grb_game_free(grb_game *g) {
    if (!g) return;
    const gr_allocator *al = g->al;
    gri_free(al, g->nbr);
    gri_free(al, g->rem);
    gri_free(al, g->cells);
    gri_free(al, g->coff);
    gri_free(al, g->nreq);
    gri_free(al, g->anchor);
    gri_free(al, g->aoff);
    gri_free(al, g->touch);
    gri_free(al, g->geo);
    memset(g, 0, sizeof *g);
    g->al = al;
}

gr_status grb_game_init(grb_game *g, const gr_allocator *al, size_t ncells, const grb_set *req, const grb_set *rem,
                        size_t nmoves, gr_error *err) {
    memset(g, 0, sizeof *g);
    g->al = al;
    g->ncells = ncells;
    g->nmoves = nmoves;
    size_t total = 0;
    for (size_t m = 0; m < nmoves; m++) total += grb_count(&rem[m]);
    g->rem = gri_calloc(al, nmoves + 1, sizeof *g->rem);
    g->cells = gri_calloc(al, total + 1, sizeof *g->cells);
    g->coff = gri_calloc(al, nmoves + 1, sizeof *g->coff);
    g->nreq = gri_calloc(al, nmoves + 1, sizeof *g->nreq);
    g->anchor = gri_calloc(al, nmoves + 1, sizeof *g->anchor);
    g->aoff = gri_calloc(al, ncells + 2, sizeof *g->aoff);
    g->touch = gri_calloc(al, ncells + 1, sizeof *g->touch);
    if (!g->rem || !g->cells || !g->coff || !g->nreq || !g->anchor || !g->aoff || !g->touch) {
        grb_game_free(g);
        return gri_fail(err, GR_ENOMEM, "out of memory");
    }
    size_t k = 0;
    for (size_t m = 0; m < nmoves; m++) {
        g->rem[m] = rem[m];
        g->coff[m] = (uint32_t)k;
        GRB_EACH(c, &req[m]) g->cells[k++] = (uint32_t)c;
        g->nreq[m] = (uint32_t)(k - g->coff[m]);
        GRB_EACH(c, &rem[m]) if (!grb_has(&req[m], c)) g->cells[k++] = (uint32_t)c;
        size_t a = grb_next(&req[m], SIZE_MAX);
        g->aoff[a + 1]++;
    }
    g->coff[nmoves] = (uint32_t)k;
    g->minrem = SIZE_MAX;
    for (size_t m = 0; m < nmoves; m++) /* a move removes at least the cells it needs */
        if (g->nreq[m] < g->minrem) g->minrem = g->nreq[m];
    if (g->minrem == SIZE_MAX || g->minrem == 0) g->minrem = 1;
    for (size_t c = 0; c < ncells; c++) g->aoff[c + 1] += g->aoff[c];
    uint32_t *fill = gri_calloc(al, ncells + 1, sizeof *fill);
    if (!fill) { grb_game_free(g); return gri_fail(err, GR_ENOMEM, "out of memory"); }
    for (size_t m = 0; m < nmoves; m++) {
        size_t a = grb_next(&req[m], SIZE_MAX);
        g->anchor[g->aoff[a] + fill[a]++] = (uint32_t)m;
    }
    gri_free(al, fill);
    /* how parts are found (board.h) */
    int node = 1, pair = 1;
    grb_set own = {{0}};
    for (size_t m = 0; m < nmoves; m++) {
        size_t nr = g->nreq[m];
        if (nr == 1) grb_add(&own, g->cells[g->coff[m]]);
        else node = 0;
        if (nr != 2 || g->coff[m + 1] - g->coff[m] != 2) pair = 0;
    }
    for (size_t c = 0; c < ncells && node; c++) node = grb_has(&own, c);
    g->live = node ? GRB_LIVE_NODE : pair ? GRB_LIVE_PAIR : GRB_LIVE_MOVES;
    /* the cells a cell is joined to: for a node game, those its own move
     * removes (its neighbours); else those of every move it is in */
    for (size_t m = 0; m < nmoves; m++) {
        if (node) {
            for (int q = 0; q < GRB_WORDS; q++) g->touch[g->cells[g->coff[m]]].w[q] |= rem[m].w[q];
            continue;
        }
        GRB_EACH(c, &rem[m])
            for (int q = 0; q < GRB_WORDS; q++) g->touch[c].w[q] |= rem[m].w[q];
    }
    return GR_OK;
}

size_t grb_count_moves(const grb_game *g, const grb_set *s, uint32_t *out) {
    if (!g->pair64) return grb_moves(g, s, out);
    uint64_t w = s->w[0];
    return grb_bits(w & (w >> 1) & g->not_last) + grb_bits(w & grb_shr(w, g->cols));
}

size_t grb_moves(const grb_game *g, const grb_set *s, uint32_t *out) {
    size_t n = 0;
    if (g->pair64) { /* by cells, and at a cell in the moves' order, as below */
        uint64_t w = s->w[0], h = w & (w >> 1) & g->not_last, v = w & grb_shr(w, g->cols);
        for (uint64_t any = h | v; any; any &= any - 1) {
            unsigned x = (unsigned)__builtin_ctzll(any);
            int hx = (int)(h >> x & 1), vx = (int)(v >> x & 1);
            if (hx && vx) {
                uint32_t a = g->hmove[x], b = g->vmove[x];
                out[n++] = a < b ? a : b;
                out[n++] = a < b ? b : a;
            } else out[n++] = hx ? g->hmove[x] : g->vmove[x];
        }
        return n;
    }
    GRB_EACH(c, s) {
        for (uint32_t a = g->aoff[c]; a < g->aoff[c + 1]; a++) {
            uint32_t m = g->anchor[a];
            const uint32_t *q = g->cells + g->coff[m];
            uint32_t k = 1;
            while (k < g->nreq[m] && grb_has(s, q[k])) k++;
            if (k == g->nreq[m]) out[n++] = m;
        }
    }
    return n;
}

static uint32_t root(uint32_t *up, uint32_t x) {
    while (up[x] != x) x = up[x] = up[up[x]];
    return x;
}

void grb_grid_rows(grb_game *g) {
    for (size_t x = 0; x < g->ncells && x < 64; x++) g->row_of[x] = (uint8_t)(x / g->cols);
}

/* each move's middle and span (board.h), from its required cells */
static void grid_geo(grb_game *g) {
    gri_free(g->al, g->geo);
    g->geo = NULL;
    if (!g->cols || !g->rows) return;
    uint8_t *geo = gri_calloc(g->al, 4 * g->nmoves + 1, 1);
    if (!geo) return; /* no order by the middle: every move ranks alike */
    for (size_t m = 0; m < g->nmoves; m++) {
        size_t n = g->nreq[m], sr = 0, sc = 0, r0 = SIZE_MAX, r1 = 0, c0 = SIZE_MAX, c1 = 0;
        for (size_t k = 0; k < n; k++) {
            size_t x = g->cells[g->coff[m] + k], r = x / g->cols, c = x % g->cols;
            sr += r;
            sc += c;
            if (r < r0) r0 = r;
            if (r > r1) r1 = r;
            if (c < c0) c0 = c;
            if (c > c1) c1 = c;
        }
        if (!n) continue;
        geo[4 * m] = (uint8_t)((2 * sr + n / 2) / n);
        geo[4 * m + 1] = (uint8_t)((2 * sc + n / 2) / n);
        geo[4 * m + 2] = (uint8_t)(r1 - r0 + 1);
        geo[4 * m + 3] = (uint8_t)(c1 - c0 + 1);
    }
    g->geo = geo;
}

void grb_game_grid(grb_game *g) {
    g->grid64 = 0;
    if (g->keykind == GRB_KEY_GRID) grid_geo(g);
    if (g->keykind != GRB_KEY_GRID || g->ncells > 64) return;
    size_t C = g->cols;
    grb_grid_rows(g);
    if (g->live == GRB_LIVE_MOVES) return;
    uint64_t first = 0, last = 0;
    for (size_t r = 0; r < g->rows; r++) {
        first |= (uint64_t)1 << (r * C);
        last |= (uint64_t)1 << (r * C + C - 1);
    }
    g->full = g->ncells == 64 ? ~(uint64_t)0 : ((uint64_t)1 << g->ncells) - 1;
    g->not_first = g->full & ~first;
    g->not_last = g->full & ~last;
    /* each cell's joined cells must be exactly its grid neighbours (and
     * itself): dominoes, or a vertex and its four neighbours */
    for (size_t x = 0; x < g->ncells; x++) {
        uint64_t b = (uint64_t)1 << x, nb = b | ((b << 1) & g->not_first) | ((b >> 1) & g->not_last) |
                                            (grb_shl(b, C) & g->full) | grb_shr(b, C);
        if (g->touch[x].w[0] != nb || g->touch[x].w[1] | g->touch[x].w[2] | g->touch[x].w[3]) return;
    }
    g->grid64 = 1;
    /* a pair game: every two neighbours are one move (touch says some
     * move holds them; moves hold two cells) unless moves repeat */
    g->pair64 = g->live == GRB_LIVE_PAIR && g->nmoves <= 2 * g->ncells;
    uint64_t hseen = 0, vseen = 0;
    for (size_t m = 0; m < g->nmoves && g->pair64; m++) {
        uint32_t a = g->cells[g->coff[m]], b = g->cells[g->coff[m] + 1];
        if (a > b) { uint32_t t = a; a = b; b = t; }
        if (b == a + 1 && a % C != C - 1 && !(hseen >> a & 1)) g->hmove[a] = (uint32_t)m, hseen |= (uint64_t)1 << a;
        else if (b == a + C && !(vseen >> a & 1)) g->vmove[a] = (uint32_t)m, vseen |= (uint64_t)1 << a;
        else g->pair64 = 0;
    }
}

static inline uint64_t grid_nbr(const grb_game *g, uint64_t x) {
    return ((x << 1) & g->not_first) | ((x >> 1) & g->not_last) | (grb_shl(x, g->cols) & g->full) | grb_shr(x, g->cols);
}

uint64_t grb_pair_reduce64(const grb_game *g, uint64_t s) {
    size_t C = g->cols;
    /* the cells with a neighbour right, left, below, above */
    uint64_t hr = s & (s >> 1) & g->not_last, hl = s & (s << 1) & g->not_first, hd = s & grb_shr(s, C),
             hu = s & (grb_shl(s, C) & g->full);
    uint64_t any = hr | hl | hd | hu,
             two = (hr & (hl | hd | hu)) | (hl & (hd | hu)) | (hd & hu), leaf = any & ~two;
    /* the leaves by where their neighbour (a centre) is; a centre met
     * again has a leaf already, and the new one goes */
    uint64_t out = s, seen = grb_shl(leaf & hd, C), c;
    c = (leaf & hr) << 1;
    out &= ~((c & seen) >> 1);
    seen |= c;
    c = grb_shr(leaf & hu, C);
    out &= ~grb_shl(c & seen, C);
    seen |= c;
    c = (leaf & hl) >> 1;
    out &= ~((c & seen) << 1);
    seen |= c;
    /* cells neither leaves nor centres, all of whose neighbours are
     * centres (a neighbour that is a leaf would make it a centre), none
     * next to another such */
    uint64_t lone = s & ~(leaf | seen);
    lone &= ~(((lone << 1) & g->not_first) | ((lone >> 1) & g->not_last) | (grb_shl(lone, C) & g->full) | grb_shr(lone, C));
    return out & ~lone;
}

uint64_t grb_live64(const grb_game *g, uint64_t s) { return g->live == GRB_LIVE_PAIR ? s & grid_nbr(g, s) : s; }

uint64_t grb_part64(const grb_game *g, uint64_t *live) {
    uint64_t x = *live & (~*live + 1);
    for (;;) {
        uint64_t y = (x | grid_nbr(g, x)) & *live;
        if (y == x) break;
        x = y;
    }
    *live &= ~x;
    return x;
}

/* parts of a one-word grid by shifts */
static size_t grid64_parts(const grb_game *g, uint64_t s, grb_set *out) {
    uint64_t live = grb_live64(g, s);
    size_t n = 0;
    while (live) {
        memset(&out[n], 0, sizeof out[n]);
        out[n++].w[0] = grb_part64(g, &live);
    }
    return n;
}

/* parts by a flood through the cells each cell shares a move with */
static size_t flood_parts(const grb_game *g, const grb_set *s, grb_set *out) {
    grb_set live = *s;
    if (g->live == GRB_LIVE_PAIR) {
        GRB_EACH(c, s) {
            uint64_t any = 0;
            for (int k = 0; k < GRB_WORDS; k++) {
                uint64_t w = g->touch[c].w[k] & s->w[k];
                if (k == (int)(c >> 6)) w &= ~((uint64_t)1 << (c & 63));
                any |= w;
            }
            if (!any) grb_del(&live, c);
        }
    }
    size_t n = 0;
    while (!grb_empty(&live)) {
        size_t seed = grb_next(&live, SIZE_MAX);
        grb_set comp = {{0}}, todo = {{0}};
        grb_add(&comp, seed);
        grb_add(&todo, seed);
        for (size_t c; (c = grb_next(&todo, SIZE_MAX)) != SIZE_MAX;) {
            grb_del(&todo, c);
            for (int k = 0; k < GRB_WORDS; k++) {
                uint64_t nw = g->touch[c].w[k] & live.w[k] & ~comp.w[k];
                comp.w[k] |= nw;
                todo.w[k] |= nw;
            }
        }
        for (int k = 0; k < GRB_WORDS; k++) live.w[k] &= ~comp.w[k];
        out[n++] = comp;
    }
    return n;
}

size_t grb_parts(const grb_game *g, const grb_set *s, grb_set *out) {
    if (g->grid64) return grid64_parts(g, s->w[0], out);
    if (g->live != GRB_LIVE_MOVES) return flood_parts(g, s, out);
    uint32_t up[GRB_MAX_CELLS];
    grb_set live = {{0}};
    GRB_EACH(c, s) {
        for (uint32_t a = g->aoff[c]; a < g->aoff[c + 1]; a++) {
            uint32_t m = g->anchor[a];
            const uint32_t *q = g->cells + g->coff[m];
            uint32_t k = 1;
            while (k < g->nreq[m] && grb_has(s, q[k])) k++;
            if (k < g->nreq[m]) continue;
            /* the move joins the cells it needs and those of s it removes */
            if (!grb_has(&live, q[0])) { grb_add(&live, q[0]); up[q[0]] = q[0]; }
            uint32_t r0 = root(up, q[0]);
            for (uint32_t j = 1; j < g->coff[m + 1] - g->coff[m]; j++) {
                uint32_t x = q[j];
                if (!grb_has(s, x)) continue;
                if (!grb_has(&live, x)) { grb_add(&live, x); up[x] = r0; continue; }
                uint32_t rx = root(up, x);
                if (rx != r0) {
                    if (rx < r0) { up[r0] = rx; r0 = rx; }
                    else up[rx] = r0;
                }
            }
        }
    }
    size_t n = 0;
    uint32_t slot[GRB_MAX_CELLS];
    GRB_EACH(c, &live) slot[c] = UINT32_MAX;
    GRB_EACH(c, &live) {
        uint32_t r = root(up, (uint32_t)c);
        if (slot[r] == UINT32_MAX) {
            slot[r] = (uint32_t)n;
            memset(&out[n], 0, sizeof out[n]);
            n++;
        }
        grb_add(&out[slot[r]], c);
    }
    return n;
}

void grb_transform(unsigned t, size_t h, size_t w, size_t r, size_t c, size_t *tr, size_t *tc) {
    if (t & 1) c = w - 1 - c;
    if (t & 2) r = h - 1 - r;
    if (t & 4) { size_t x = r; r = c; c = x; }
    *tr = r;
    *tc = c;
}

