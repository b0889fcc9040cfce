/* The keys of board parts, through the library's private interface: on
 * grids of at most 64 cells a part's key is made in one word
 * (boardkey.c, grid64_key); it must equal the key made row by row
 * (grid_key) for every part, every grid shape and every set of
 * symmetries, and a part moved, mirrored or turned on the board must keep
 * its key under the symmetries the key allows. */
#include <string.h>
#include "boards/board.h"
#include "testutil.h"

static size_t key_of(const grb_game *g, uint64_t s, uint64_t *key, int generic) {
    grb_set p = {{s, 0, 0, 0}};
    return generic ? grb_key_generic(g, &p, key) : grb_key(g, &p, key);
}

static int same_key(const grb_game *g, uint64_t s, uint64_t t) {
    uint64_t a[GRB_KEY_WORDS], b[GRB_KEY_WORDS];
    size_t na = key_of(g, s, a, 0), nb = key_of(g, t, b, 0);
    return na == nb && !memcmp(a, b, na * sizeof *a);
}

/* a random part: a random set of cells, sparse or dense, of a random box */
static uint64_t random_part(tu_rng *rng, size_t R, size_t C) {
    size_t r0 = (size_t)tu_below(rng, R), c0 = (size_t)tu_below(rng, C);
    size_t r1 = r0 + (size_t)tu_below(rng, R - r0), c1 = c0 + (size_t)tu_below(rng, C - c0);
    unsigned dense = (unsigned)tu_below(rng, 4);
    uint64_t s = 0;
    for (size_t r = r0; r <= r1; r++)
        for (size_t c = c0; c <= c1; c++)
            if (tu_below(rng, 4) <= dense) s |= (uint64_t)1 << (r * C + c);
    return s;
}

/* part s under transform t of the whole R x C board (t must map it onto itself) */
static uint64_t moved(uint64_t s, unsigned t, size_t R, size_t C) {
    uint64_t o = 0;
    for (size_t x = 0; x < R * C; x++) {
        if (!(s >> x & 1)) continue;
        size_t tr, tc;
        grb_transform(t, R, C, x / C, x % C, &tr, &tc);
        o |= (uint64_t)1 << (tr * (t & 4 ? R : C) + tc);
    }
    return o;
}

int main(void) {
    uint64_t seed = tu_seed(33), scale = tu_scale();
    tu_rng rng = {seed};
    long parts = 0;
    for (uint64_t round = 0; round < 400 * scale; round++) {
        size_t R = 1 + (size_t)tu_below(&rng, 16), C = 1 + (size_t)tu_below(&rng, 16);
        if (R * C > 64) continue;
        grb_game g;
        memset(&g, 0, sizeof g);
        g.keykind = GRB_KEY_GRID;
        g.rows = R;
        g.cols = C;
        g.ncells = R * C;
        grb_grid_rows(&g);
        /* every symmetry, or a random set with the identity */
        g.syms = tu_below(&rng, 2) ? 0xffu : 1u | (unsigned)tu_below(&rng, 256);
        for (int k = 0; k < 40; k++, parts++) {
            uint64_t s = random_part(&rng, R, C), a[GRB_KEY_WORDS], b[GRB_KEY_WORDS];
            size_t na = key_of(&g, s, a, 0), nb = key_of(&g, s, b, 1);
            CHECK(na == nb && !memcmp(a, b, na * sizeof *a), "grid %zux%zu syms %#x part %#llx: one-word key %zu words, %#llx %#llx; row by row %zu words, %#llx %#llx",
                  R, C, g.syms, (unsigned long long)s, na, (unsigned long long)a[0], (unsigned long long)(na > 1 ? a[1] : 0), nb,
                  (unsigned long long)b[0], (unsigned long long)(nb > 1 ? b[1] : 0));
            /* the same part elsewhere on the board (a shift within it) */
            uint64_t t = s, col0 = 0, row0 = C >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << C) - 1;
            for (size_t r = 0; r < R; r++) col0 |= (uint64_t)1 << (r * C);
            while (t && !(t & col0)) t >>= 1;
            while (t && !(t & row0)) t >>= C;
            CHECK(same_key(&g, s, t), "grid %zux%zu: part %#llx and its shift %#llx", R, C, (unsigned long long)s, (unsigned long long)t);
            /* mirrored or turned with the board, under a symmetry the key allows */
            if (g.syms != 0xffu) continue;
            for (unsigned tr = 1; tr < 8; tr++) {
                if ((tr & 4) && R != C) continue;
                uint64_t m = moved(s, tr, R, C);
                CHECK(same_key(&g, s, m), "grid %zux%zu: part %#llx and its image %#llx under %u", R, C, (unsigned long long)s, (unsigned long long)m, tr);
            }
        }
    }
    printf("parts keyed: %ld\n", parts);
    return tu_finish("boardkey");
}
