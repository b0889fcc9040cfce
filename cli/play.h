/* grundy play: the game's state and rules of play (cmd_play.c runs the
 * game; play_check.c decides whether a typed move is legal). */
#ifndef GRUNDY_CLI_PLAY_H
#define GRUNDY_CLI_PLAY_H

#include "cli.h"

typedef enum { PLAY_NORMAL, PLAY_MISERE, PLAY_EVERY, PLAY_MOORE } play_mode;

/* moves listed to check a move or to choose one, at most */
#define PLAY_LIST_MAX ((size_t)1 << 18)

typedef struct play_game {
    gr_ctx *ctx;
    gr_position *pos;   /* the position now */
    play_mode mode;
    int misere;         /* with PLAY_MOORE: Anti-Nim-k */
    uint64_t k;         /* PLAY_MOORE */
    double seconds;     /* the time limit of each of grundy's computations */
} play_game;

/* A canonical key of a position: each term written with its ruleset's
 * spec and, for heap rulesets, its non-empty heaps in ascending order
 * (terms with no heap left are dropped), the terms sorted and joined by
 * " + ". Positions with one key are the same game. malloc'd, NULL when out
 * of memory. */
char *play_key(gr_position *pos);
/* the key of one term ("" for a heap term with no heap left) */
char *play_term_key(gr_position *pos, size_t i);

/* Whether `typed` (a line the player typed: `i: TERM`, several of them
 * joined by ';', `#N` for the N-th move `?` lists, or the whole position
 * after the move) is a legal move of the game now. 1: legal, *after the
 * position it leaves, in grundy's own writing (malloc'd); 0: illegal, why
 * says why (one line); -1: a failure (why says which). */
int play_check(play_game *g, const char *typed, char **after, char *why, size_t wl);

/* The winning moves of the mode (at most max; Every-SG and Moore: the one
 * move, a gr_move per term it changes) into mv, *wins whether the player to
 * move wins; each call gets the full time limit of g->seconds. */
struct cli_moves;
gr_status play_winning(play_game *g, size_t max, struct cli_moves *mv, int *wins, gr_error *err);

/* Every move of term i alone (as a one-term position), into a cli_moves
 * list of gr_moves whose `to` is the term's replacement; *complete as in
 * gr_position_moves. 0, or -1 with why. */
int play_term_moves(play_game *g, size_t i, size_t max, struct cli_moves *mv, int *complete, char *why, size_t wl);

/* the size of a position text, to compare: the sum of its terms'
 * arguments (the tokens left), then their number; grundy drags a lost game
 * out by leaving the largest */
uint64_t play_size(play_game *g, const char *text);

#endif
