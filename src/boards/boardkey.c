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
#include "boards/board.h"

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

/* The pattern as rows (P: h rows of w bits, its transpose T: w rows of h
 * bits); transform t of grb_transform is P or T with its rows in reverse
 * order and/or each row reversed. The least (by size, then rows top down)
 * is packed, row after row, into words. */
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
    uint64_t hp = (uint64_t)h | (uint64_t)w << 8, hs = (uint64_t)w | (uint64_t)h << 8;
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
        uint64_t head = (uint64_t)th | (uint64_t)tw << 8;
        if (have && head > bhead) continue;
        int less = !have || head < bhead, decided = less;
        for (size_t i = 0; i < th; i++) {
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

static size_t graph_key(const grb_game *g, const grb_set *part, uint64_t *key) {
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

size_t grb_key(const grb_game *g, const grb_set *part, uint64_t *key) {
    return g->keykind == GRB_KEY_GRID ? grid_key(g, part, key) : graph_key(g, part, key);
}
