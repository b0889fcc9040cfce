/* The keys of parts of board and graph positions (boardkey.c), and the
 * symmetries of a grid part: which transforms fix it, and whether the
 * mirror strategy settles it. */
#ifndef GRUNDY_BOARDS_BOARDKEY_H
#define GRUNDY_BOARDS_BOARDKEY_H

#include "boards/board.h"

/* The key of a part: positions with one key have one value. key[] has
 * room for GRB_KEY_WORDS; returns the words written. */
#define GRB_KEY_WORDS (1 + GRB_MAX_CELLS)
size_t grb_key(const grb_game *g, const grb_set *part, uint64_t *key);
/* grb_key of a part of a grid of at most 64 cells, given as its word */
size_t grb_key64(const grb_game *g, uint64_t s, uint64_t *key);
/* the same key, made row by row whatever the grid's size (grb_key makes
 * a part of a grid of at most 64 cells as one word; tests compare them) */
size_t grb_key_generic(const grb_game *g, const grb_set *part, uint64_t *key);

/* For a part s of a grid of at most 64 cells: the game's transforms t
 * among 0..4 and 7 (the identity, the mirrors, the half turn, the
 * diagonal mirrors of a square box) that map the part's box onto itself,
 * bit t each. */
unsigned grb_box_fixed(const grb_game *g, uint64_t s);

/* Whether a part of a grid game is lost for the player to move by the
 * mirror strategy: the part is its own image under an involution of the
 * square that maps the game's moves onto themselves (a half turn, a
 * mirror, a diagonal mirror of a square box), and no move that can be
 * made blocks its mirror move (the image of the cells it needs is not
 * among those it removes). Then every move is answered by its mirror,
 * which leaves a position of the same kind, so the second player wins and
 * the value is 0 (Tweedledum and Tweedledee). 0: not shown so. */
int grb_mirror_zero(const grb_game *g, const grb_set *part);

#endif
