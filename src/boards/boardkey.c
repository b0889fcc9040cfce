/* The key of a part of a board or graph position: two parts with one key
 * are the same game, so the search values each key once.
 *
 * Grid games: the part's pattern of cells in its bounding box, under each
 * transform of the square that maps the game's moves onto themselves (all
 * eight for Cram and Node Kayles on a grid; those that keep the shapes of
 * a placement game), the least as words; translation is free. The key
 * does not depend on the board the part lies on, so one table serves all
 * board sizes. Graph games: the subgraph the part induces, its vertices
 * renumbered in order (no search for a canonical labelling yet: two
 * isomorphic parts may get two keys, which costs time, never a value). */
#include "boards/boardkey.h"
#include "boards/graphcanon.h"

/* len <= 64 bits of s from bit pos */
static uint64_t bits_at(const grb_set *s, size_t pos, size_t len) {
    size_t k = pos >> 6, o = pos & 63;
    uint64_t v = s->w[k] >> o;
    if (o && k + 1 < GRB_WORDS) v |= s->w[k + 1] << (64 - o);
    return len >= 64 ? v : v & (((uint64_t)1 << len) - 1);
}

static uint64_t reverse(uint64_t x, size_t n) {
    x = (x >> 1 & 0x5555555555555555u) | (x & 0x5555555555555555u) << 1;
    x = (x >> 2 & 0x3333333333333333u) | (x & 0x3333333333333333u) << 2;
    x = (x >> 4 & 0x0f0f0f0f0f0f0f0fu) | (x & 0x0f0f0f0f0f0f0f0fu) << 4;
    x = __builtin_bswap64(x);
    return x >> (64 - n);
}

/* A key's first word: the box's height and width, so that the least
 * header is the box of fewest rows (wide boxes, as most boards are given,
 * need no transposing) */
static uint64_t box_head(size_t h, size_t w) { return (uint64_t)w | (uint64_t)h << 8; }

/* The pattern as rows (P: h rows of w bits, its transpose T: w rows of h
 * bits); transform t of grb_transform is P or T with its rows in reverse
 * order and/or each row reversed. The least (by size, then rows bottom
 * up: as the number its rows make packed row after row, row 0 lowest) is
 * packed so into words. */
static size_t grid_key(const grb_game *g, const grb_set *part, uint64_t *key) {
    size_t first = grb_next(part, SIZE_MAX);
    if (first == SIZE_MAX) { key[0] = 0; return 1; }
    size_t last = first;
    for (int k = GRB_WORDS - 1; k >= 0; k--)
        if (part->w[k]) { last = (size_t)k * 64 + 63 - (size_t)__builtin_clzll(part->w[k]); break; }
    size_t C = g->cols, r0 = first / C, h = last / C - r0 + 1;
    uint64_t P[GRB_MAX_SIDE], T[GRB_MAX_SIDE], cols = 0;
    for (size_t i = 0; i < h; i++) cols |= P[i] = bits_at(part, (r0 + i) * C, C);
    size_t c0 = (size_t)__builtin_ctzll(cols), w = 64 - (size_t)__builtin_clzll(cols) - c0;
    for (size_t i = 0; i < h; i++) P[i] >>= c0;
    if (w > GRB_MAX_SIDE) w = GRB_MAX_SIDE; /* cannot happen: a row is at most 64 cells */
    /* only the transforms whose box has the least header can give the key */
    unsigned syms = g->syms, plain = syms & 0x0f, swapped = syms & 0xf0;
    uint64_t hp = box_head(h, w), hs = box_head(w, h);
    if (plain && swapped && hp != hs) syms = hp < hs ? plain : swapped;
    if (syms & 0xf0) {
        for (size_t j = 0; j < w; j++) T[j] = 0;
        for (size_t i = 0; i < h; i++)
            for (uint64_t x = P[i]; x; x &= x - 1) T[__builtin_ctzll(x)] |= (uint64_t)1 << i;
    }
    uint64_t best[GRB_MAX_SIDE], cand[GRB_MAX_SIDE], bhead = 0;
    size_t bh = 0, bw = 0;
    int have = 0;
    for (unsigned t = 0; t < 8; t++) {
        if (!(syms >> t & 1)) continue;
        int swap = (t & 4) != 0;
        const uint64_t *src = swap ? T : P;
        size_t th = swap ? w : h, tw = swap ? h : w;
        int flip_rows = swap ? (t & 1) != 0 : (t & 2) != 0, flip_bits = swap ? (t & 2) != 0 : (t & 1) != 0;
        uint64_t head = box_head(th, tw);
        if (have && head > bhead) continue;
        int less = !have || head < bhead, decided = less;
        for (size_t i = th; i-- > 0;) {
            uint64_t row = src[flip_rows ? th - 1 - i : i];
            if (flip_bits) row = reverse(row, tw);
            cand[i] = row;
            if (!decided && row != best[i]) {
                decided = 1;
                less = row < best[i];
                if (!less) break;
            }
        }
        if (!less) continue;
        memcpy(best, cand, th * sizeof *cand);
        bhead = head;
        bh = th;
        bw = tw;
        have = 1;
    }
    size_t words = (bh * bw + 63) / 64;
    memset(key + 1, 0, words * sizeof *key);
    key[0] = bhead;
    for (size_t i = 0; i < bh; i++) {
        size_t b = i * bw, k = b >> 6, o = b & 63;
        key[1 + k] |= best[i] << o;
        if (o && o + bw > 64) key[2 + k] |= best[i] >> (64 - o);
    }
    return 1 + words;
}

/* ---- grids of at most 64 cells: a part is one word, its box too ---- */

static uint64_t low_bits(size_t n) { return n >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1; }

/* part s (cells r * C + c) packed into its bounding box: h rows of w bits,
 * row i at bits i * w */
static uint64_t pack_box(const grb_game *g, uint64_t s, size_t *h, size_t *w) {
    size_t C = g->cols, first = (size_t)__builtin_ctzll(s), last = 63 - (size_t)__builtin_clzll(s);
    size_t r0 = g->row_of[first], hh = g->row_of[last] - r0 + 1;
    uint64_t x = s >> (r0 * C), cols = x;
    for (size_t k = C; k < hh * C; k *= 2) cols |= cols >> k; /* the rows folded onto the first */
    cols &= low_bits(C);
    size_t c0 = (size_t)__builtin_ctzll(cols), ww = 64 - (size_t)__builtin_clzll(cols) - c0;
    uint64_t p = 0, wm = low_bits(ww);
    for (size_t i = 0; i < hh; i++) p |= ((x >> (i * C + c0)) & wm) << (i * ww);
    *h = hh;
    *w = ww;
    return p;
}

/* the rows of an h x w box in reverse order */
static uint64_t rows_reversed(uint64_t p, size_t h, size_t w) {
    uint64_t q = 0, wm = low_bits(w);
    for (size_t i = 0; i < h; i++) q |= ((p >> (i * w)) & wm) << ((h - 1 - i) * w);
    return q;
}

/* the transpose of an h x w box (a w x h box) */
static uint64_t transposed(uint64_t p, size_t h, size_t w) {
    if (h <= 8 && w <= 8) { /* through an 8 x 8 square, by three exchanges across the diagonal */
        uint64_t x = 0, wm = low_bits(w), hm = low_bits(h), t, q = 0;
        for (size_t i = 0; i < h; i++) x |= ((p >> (i * w)) & wm) << (i * 8);
        t = 0x0f0f0f0f00000000u & (x ^ (x << 28)); x ^= t ^ (t >> 28);
        t = 0x3333000033330000u & (x ^ (x << 14)); x ^= t ^ (t >> 14);
        t = 0x5500550055005500u & (x ^ (x << 7)); x ^= t ^ (t >> 7);
        for (size_t j = 0; j < w; j++) q |= ((x >> (j * 8)) & hm) << (j * h);
        return q;
    }
    uint64_t q = 0;
    for (size_t i = 0; i < h; i++)
        for (size_t j = 0; j < w; j++) q |= (p >> (i * w + j) & 1) << (j * h + i);
    return q;
}

/* The least of the transforms t in m (bit t: t of grb_transform, 0..3)
 * of an h x w box A, as words (as grid_key compares them): t = 0 is A;
 * t = 1 (each row reversed) is B reversed whole, B being A's rows in
 * reverse order; t = 2 is B; t = 3 (a half turn) is A reversed whole. */
static uint64_t least_of(uint64_t a, size_t h, size_t w, unsigned m, int *have) {
    size_t n = h * w;
    uint64_t b = rows_reversed(a, h, w), c[4] = {a, reverse(b, n), b, reverse(a, n)}, best = 0;
    *have = 0;
    for (unsigned t = 0; t < 4; t++)
        if (m >> t & 1 && (!*have || c[t] < best)) { best = c[t]; *have = 1; }
    return best;
}

/* the key of a part of a grid of at most 64 cells, as grid_key makes it (board.h) */
size_t grb_key64(const grb_game *g, uint64_t s, uint64_t *key) {
    if (!s) { key[0] = 0; return 1; }
    size_t h, w;
    uint64_t a = pack_box(g, s, &h, &w);
    unsigned syms = g->syms, plain = syms & 0x0f, swapped = syms & 0xf0;
    uint64_t hp = box_head(h, w), hs = box_head(w, h);
    if (plain && swapped && hp != hs) syms = hp < hs ? plain : swapped;
    uint64_t best = 0, head = 0;
    int have = 0;
    if (syms & 0x0f) {
        best = least_of(a, h, w, syms & 0x0f, &have);
        head = hp;
    }
    if (syms & 0xf0) {
        /* on the transpose, transform 4 + t reverses rows' order for bit 0 of t, rows bitwise for bit 1 */
        unsigned m = syms >> 4, mt = (m & 9) | (m >> 1 & 1) << 2 | (m >> 2 & 1) << 1;
        int any;
        uint64_t c = least_of(transposed(a, h, w), w, h, mt, &any);
        if (any && (!have || hs < head || (hs == head && c < best))) best = c, head = hs, have = 1;
    }
    key[0] = head;
    key[1] = best;
    return 2;
}

unsigned grb_box_fixed(const grb_game *g, uint64_t s) {
    if (!s) return 0;
    size_t h, w;
    uint64_t a = pack_box(g, s, &h, &w), b = rows_reversed(a, h, w);
    size_t n = h * w;
    unsigned f = 1u | (unsigned)(reverse(b, n) == a) << 1 | (unsigned)(b == a) << 2 | (unsigned)(reverse(a, n) == a) << 3;
    if (h == w && (g->syms & 0xf0)) {
        uint64_t t = transposed(a, h, w);
        f |= (unsigned)(t == a) << 4 | (unsigned)(reverse(t, n) == a) << 7;
    }
    return f & g->syms;
}

static size_t graph_key(const grb_game *g, const grb_set *part, uint64_t *key) {
    /* isomorphic parts share a key when nauty is there (parts of 3 or more
     * vertices: smaller ones are all one graph already, or two) */
    size_t cn = grb_count(part) >= 3 && g->ncells <= 64 ? grb_graph_canon(g, part, key) : 0;
    if (cn) return cn;
    uint8_t id[GRB_MAX_CELLS];
    size_t n = 0;
    GRB_EACH(v, part) id[v] = (uint8_t)n++;
    key[0] = n;
    size_t i = 0;
    GRB_EACH(v, part) {
        uint64_t row = 0;
        GRB_EACH(u, &g->nbr[v]) if (grb_has(part, u)) row |= (uint64_t)1 << id[u];
        key[1 + i++] = row;
    }
    return 1 + n;
}

size_t grb_key_generic(const grb_game *g, const grb_set *part, uint64_t *key) {
    return g->keykind == GRB_KEY_GRID ? grid_key(g, part, key) : graph_key(g, part, key);
}

size_t grb_key(const grb_game *g, const grb_set *part, uint64_t *key) {
    if (g->keykind != GRB_KEY_GRID) return graph_key(g, part, key);
    return g->ncells <= 64 ? grb_key64(g, part->w[0], key) : grid_key(g, part, key);
}

/* ---- the mirror strategy (boardkey.h) ---- */

/* cell x's image under involution t about the box r0..r1 x c0..c1 */
static size_t image(const grb_game *g, unsigned t, size_t r0, size_t r1, size_t c0, size_t c1, size_t x) {
    size_t r = x / g->cols, c = x % g->cols, tr, tc;
    grb_transform(t, r1 - r0 + 1, c1 - c0 + 1, r - r0, c - c0, &tr, &tc);
    return (r0 + tr) * g->cols + c0 + tc;
}

int grb_mirror_zero(const grb_game *g, const grb_set *part) {
    if (g->keykind != GRB_KEY_GRID || grb_empty(part)) return 0;
    /* on a grid of one word, the involutions that fix the part come at once */
    unsigned fixed = g->ncells <= 64 ? grb_box_fixed(g, part->w[0]) : g->syms;
    if (!(fixed & 0x9eu)) return 0;
    size_t r0 = SIZE_MAX, r1 = 0, c0 = SIZE_MAX, c1 = 0;
    GRB_EACH(x, part) {
        size_t r = x / g->cols, c = x % g->cols;
        if (r < r0) r0 = r;
        if (r > r1) r1 = r;
        if (c < c0) c0 = c;
        if (c > c1) c1 = c;
    }
    static const unsigned INVOLUTIONS[] = {3, 1, 2, 4, 7};
    for (size_t k = 0; k < sizeof INVOLUTIONS / sizeof INVOLUTIONS[0]; k++) {
        unsigned t = INVOLUTIONS[k];
        if (!(fixed >> t & 1) || (t >= 4 && r1 - r0 != c1 - c0)) continue;
        int ok = 1;
        if (g->ncells > 64) /* on one word, grb_box_fixed said so already */
            GRB_EACH(x, part) {
                if (!grb_has(part, image(g, t, r0, r1, c0, c1, x))) { ok = 0; break; }
            }
        /* every move that can be made: the mirror move stays open after it */
        GRB_EACH(c, part) {
            if (!ok) break;
            for (uint32_t a = g->aoff[c]; a < g->aoff[c + 1] && ok; a++) {
                uint32_t m = g->anchor[a];
                const uint32_t *q = g->cells + g->coff[m];
                uint32_t i = 1;
                while (i < g->nreq[m] && grb_has(part, q[i])) i++;
                if (i < g->nreq[m]) continue;
                for (i = 0; i < g->nreq[m] && ok; i++) {
                    size_t y = image(g, t, r0, r1, c0, c1, q[i]);
                    if (grb_has(&g->rem[m], y)) ok = 0;
                }
            }
        }
        if (ok) return 1;
    }
    return 0;
}
