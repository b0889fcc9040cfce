/* The keys of board parts, through the library's private interface: on
 * grids of at most 64 cells a part's key is made in one word
 * (boardkey.c, grid64_key); it must equal the key made row by row
 * (grid_key) for every part, every grid shape and every set of
 * symmetries, and a part moved, mirrored or turned on the board must keep
 * its key under the symmetries the key allows. */
#include <string.h>
#include "boards/boardkey.h"
#include "boards/graphcanon.h"
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

/* Graph regions: with nauty, a region and its image under a random
 * renumbering of the graph's vertices get one key, and regions that are
 * not isomorphic (told apart by their sorted degrees or edge counts) get
 * two. Without nauty the key is an order-preserving relabelling: only
 * the second holds, and is checked. */
static void graph_keys(tu_rng *rng, uint64_t scale) {
    long same = 0, apart = 0;
    for (uint64_t round = 0; round < 300 * scale; round++) {
        size_t n = 3 + (size_t)tu_below(rng, 62);
        unsigned dens = 1 + (unsigned)tu_below(rng, 6);
        grb_game a, b;
        grb_set nba[64], nbb[64];
        size_t perm[64];
        memset(&a, 0, sizeof a);
        memset(nba, 0, sizeof nba);
        memset(nbb, 0, sizeof nbb);
        for (size_t i = 0; i < n; i++) perm[i] = i;
        for (size_t i = n - 1; i > 0; i--) {
            size_t j = (size_t)tu_below(rng, i + 1), t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        for (size_t i = 0; i < n; i++)
            for (size_t j = i + 1; j < n; j++)
                if (tu_below(rng, 2 * n) < dens) {
                    grb_add(&nba[i], j), grb_add(&nba[j], i);
                    grb_add(&nbb[perm[i]], perm[j]), grb_add(&nbb[perm[j]], perm[i]);
                }
        a.keykind = GRB_KEY_GRAPH;
        a.ncells = n;
        a.nbr = nba;
        b = a;
        b.nbr = nbb;
        uint64_t ka[GRB_KEY_WORDS], kb[GRB_KEY_WORDS], kc[GRB_KEY_WORDS];
        for (int k = 0; k < 8; k++) {
            grb_set pa = {{0}}, pb = {{0}}, pc = {{0}};
            for (size_t i = 0; i < n; i++)
                if (tu_below(rng, 4)) grb_add(&pa, i), grb_add(&pb, perm[i]);
            size_t na = grb_key(&a, &pa, ka), nb = grb_key(&b, &pb, kb);
            if (grb_have_canon()) {
                CHECK(na == nb && !memcmp(ka, kb, na * sizeof *ka), "graph of %zu vertices: a region and its renumbered image get two keys", n);
                same++;
            }
            /* the same region with one edge more (same vertices, more
             * edges: not isomorphic) must get another key */
            size_t u = SIZE_MAX, v = SIZE_MAX;
            GRB_EACH(x, &pa) {
                GRB_EACH(y, &pa) if (y > x && !grb_has(&nba[x], y) && u == SIZE_MAX) u = x, v = y;
            }
            if (u == SIZE_MAX) continue;
            grb_set nbc[64];
            memcpy(nbc, nba, sizeof nbc);
            grb_add(&nbc[u], v), grb_add(&nbc[v], u);
            grb_game c = a;
            c.nbr = nbc;
            pc = pa;
            size_t nc = grb_key(&c, &pc, kc);
            CHECK(!(nc == na && !memcmp(ka, kc, na * sizeof *ka)), "graph of %zu vertices: a region and the same with an edge more share a key", n);
            apart++;
        }
    }
    printf("graph regions: %ld renumbered pairs keyed alike (nauty %s), %ld pairs told apart\n", same,
           grb_have_canon() ? "on" : "not built in", apart);
}

int main(void) {
    uint64_t seed = tu_seed(33), scale = tu_scale();
    tu_rng rng = {seed};
    graph_keys(&rng, scale);
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
