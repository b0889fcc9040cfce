/* Games on boards and graphs (board.c): a position is a set of cells (the
 * empty squares of a board, the remaining vertices of a graph), a move
 * needs some cells (req) and removes some (rem). Cram and the placement
 * games are moves req = rem = the cells of a shape placed on the board;
 * Arc Kayles is a move per edge; Node Kayles is req = {v}, rem = v and its
 * neighbours. One description serves every such game, so one search
 * (nimsearch.c) and one way to find a position's independent parts serve
 * them all. A universe holds at most GRB_MAX_CELLS cells: a position is a
 * fixed-size bit set, and the search's depth is bounded by that number,
 * whatever the input. */
#ifndef GRUNDY_BOARDS_BOARD_H
#define GRUNDY_BOARDS_BOARD_H

#include "core/internal.h"

#define GRB_WORDS 4
#define GRB_MAX_CELLS (64 * GRB_WORDS)
/* a grid's sides (a row of a component's key is one word) */
#define GRB_MAX_SIDE 64

typedef struct grb_set {
    uint64_t w[GRB_WORDS];
} grb_set;

static inline int grb_has(const grb_set *s, size_t c) { return (int)((s->w[c >> 6] >> (c & 63)) & 1u); }
static inline void grb_add(grb_set *s, size_t c) { s->w[c >> 6] |= (uint64_t)1 << (c & 63); }
static inline void grb_del(grb_set *s, size_t c) { s->w[c >> 6] &= ~((uint64_t)1 << (c & 63)); }
static inline int grb_empty(const grb_set *s) {
    uint64_t o = 0;
    for (int k = 0; k < GRB_WORDS; k++) o |= s->w[k];
    return o == 0;
}
/* the bits of a word counted in registers (the builtin is a library call
 * on processors the build does not assume a count instruction of) */
static inline unsigned grb_bits(uint64_t x) {
    x -= (x >> 1) & 0x5555555555555555u;
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (unsigned)((x * 0x0101010101010101u) >> 56);
}
static inline size_t grb_count(const grb_set *s) {
    size_t n = 0;
    for (int k = 0; k < GRB_WORDS; k++) n += grb_bits(s->w[k]);
    return n;
}
static inline int grb_equal(const grb_set *a, const grb_set *b) { return memcmp(a, b, sizeof *a) == 0; }
/* the cell after c (or the first when c is SIZE_MAX) in s, or SIZE_MAX */
static inline size_t grb_next(const grb_set *s, size_t c) {
    size_t from = c == SIZE_MAX ? 0 : c + 1;
    for (size_t k = from >> 6; k < GRB_WORDS; k++) {
        uint64_t w = s->w[k];
        if (k == from >> 6) w &= ~(uint64_t)0 << (from & 63);
        if (w) return k * 64 + (size_t)__builtin_ctzll(w);
    }
    return SIZE_MAX;
}
/* x shifted down or up by k bits, 0 when k >= 64: a grid of one word
 * shifts by its row length to reach the cell below or above, and a row of
 * 64 cells has none (a shift by 64 is undefined in C, and the processor
 * takes it as a shift by 0) */
static inline uint64_t grb_shr(uint64_t x, size_t k) { return k < 64 ? x >> k : 0; }
static inline uint64_t grb_shl(uint64_t x, size_t k) { return k < 64 ? x << k : 0; }
#define GRB_EACH(c, s) for (size_t c = grb_next((s), SIZE_MAX); c != SIZE_MAX; c = grb_next((s), c))

/* how a component's key is written (boardkey.c) */
enum {
    GRB_KEY_GRID = 1, /* cells of a grid: the pattern, up to the game's symmetries and translation */
    GRB_KEY_GRAPH = 2 /* vertices of a graph: the induced subgraph, relabelled */
};

typedef struct grb_game {
    const gr_allocator *al;
    int keykind;
    size_t ncells;
    size_t rows, cols;   /* GRB_KEY_GRID: cell r * cols + c */
    unsigned syms;       /* GRB_KEY_GRID: the transforms (bit t, 0..7) that map the moves onto themselves */
    grb_set *nbr;        /* GRB_KEY_GRAPH: each vertex's neighbours */
    size_t nmoves;
    grb_set *rem;        /* per move: the cells it removes */
    uint32_t *cells;     /* per move: its required cells, then the others it removes */
    uint32_t *coff;      /* move m's cells are cells[coff[m] .. coff[m + 1]) */
    uint32_t *nreq;      /* of which the first nreq[m] are required */
    uint32_t *anchor;    /* the moves by their lowest required cell: */
    uint32_t *aoff;      /* cell c's are anchor[aoff[c] .. aoff[c + 1]) */
    /* how parts are found: GRB_LIVE_NODE (every cell is a move of its own,
     * needing only itself: every cell of a position is live), GRB_LIVE_PAIR
     * (every move needs and removes two cells: a cell is live when a cell
     * it shares a move with is there too), else GRB_LIVE_MOVES (the moves
     * that can be made are listed and joined) */
    int live;
    grb_set *touch;      /* per cell: the cells of every move it is in */
    /* a grid of at most 64 cells whose cells are joined to their four
     * neighbours exactly (Cram, Node Kayles): parts by shifts of one word
     * (0 else); the masks of the cells not in the first and last column */
    int grid64;
    uint64_t not_first, not_last, full;
    size_t minrem;       /* the fewest cells a move needs (and so removes; at least 1) */
    /* grid64 with GRB_LIVE_PAIR, each pair of neighbours one move: the
     * move of the cells x, x + 1 (hmove[x]) and x, x + cols (vmove[x]),
     * so the moves are found by shifts (pair64; 0 else) */
    int pair64;
    uint8_t row_of[64];  /* grid64: each cell's row */
    uint32_t hmove[64], vmove[64];
    /* GRB_KEY_GRID (grb_game_grid; NULL else, or when out of memory): per
     * move m, at 4 * m, the row and column of the middle of its required
     * cells, doubled (so a domino's middle is a whole number), and the
     * rows and columns they span; the search tries moves near the middle
     * of a part first (nimsearch_core.c) */
    uint8_t *geo;
} grb_game;

enum { GRB_LIVE_MOVES = 0, GRB_LIVE_NODE = 1, GRB_LIVE_PAIR = 2 };

/* Builds a game from moves given as (req, rem) sets; rem must contain req.
 * Fails with GR_ENOMEM only. */
gr_status grb_game_init(grb_game *g, const gr_allocator *al, size_t ncells, const grb_set *req, const grb_set *rem,
                        size_t nmoves, gr_error *err);
void grb_game_free(grb_game *g);
/* For a grid game (keykind, rows and cols set): sets up the one-word
 * parts when the game allows them. */
void grb_game_grid(grb_game *g);
/* sets row_of (grb_game_grid does; the keys of a grid of one word need it) */
void grb_grid_rows(grb_game *g);

/* The moves that can be made in s, in out[] (room for g->nmoves); their number. */
size_t grb_moves(const grb_game *g, const grb_set *s, uint32_t *out);
/* their number only (out[] is scratch, as above) */
size_t grb_count_moves(const grb_game *g, const grb_set *s, uint32_t *out);

/* A bound on the value of a part of n cells: a move removes at least the
 * cells it needs, so no play is longer than n / minrem moves, and a value
 * is at most the longest play. */
static inline size_t grb_value_bound(const grb_game *g, size_t n) { return n / g->minrem; }

/* The independent parts of s: the cells some move can still use, grouped
 * so that no move meets two groups. out[] has room for GRB_MAX_CELLS sets;
 * returns their number (0: s has no move). Parts are listed by their
 * lowest cell. */
size_t grb_parts(const grb_game *g, const grb_set *s, grb_set *out);

/* For a grid of one word (grid64): the cells of s some move can use
 * (grb_live64), and the part of the lowest of them (grb_part64, taking it
 * out of *live); grb_parts lists them so. */
uint64_t grb_live64(const grb_game *g, uint64_t s);
uint64_t grb_part64(const grb_game *g, uint64_t *live);

/* Arc Kayles reductions, for a game whose moves each take two cells
 * (GRB_LIVE_PAIR: Arc Kayles on the graph of its moves; Cram is Arc
 * Kayles on the grid) with one-word parts (grid64): s less cells that do
 * not change its value (docs/boards.md has the proofs):
 * - a second leaf at one vertex (a leaf: a cell with one neighbour);
 * - a cell, not a leaf, all of whose neighbours have leaves (of their
 *   own), when no neighbour of it is such a cell too. */
uint64_t grb_pair_reduce64(const grb_game *g, uint64_t s);



/* The eight transforms of a grid (t: bit 0 mirrors columns, bit 1 mirrors
 * rows, bit 2 swaps rows and columns, applied in that order) on a point of
 * an h x w box: the point's row and column after it. */
void grb_transform(unsigned t, size_t h, size_t w, size_t r, size_t c, size_t *tr, size_t *tc);

#endif
