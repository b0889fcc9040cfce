/* grundy play: the game's state and rules of play (cmd_play.c runs the
 * game; play_check.c decides whether a typed move is legal). */
#ifndef GRUNDY_CLI_PLAY_H
#define GRUNDY_CLI_PLAY_H

#include "cli.h"
#include "solve.h"

/* moves listed to check a move or to choose one, at most */
#define PLAY_LIST_MAX ((size_t)1 << 18)

typedef struct play_game {
    gr_ctx *ctx;
    gr_position *pos;     /* the position now */
    gr_play play;         /* the play (remote_limit: --search-limit, else the library's default) */
    gr_play_rules rules;  /* its rules as data: the CLI has no branch per mode */
    double seconds;       /* the time limit of each of grundy's computations */
} play_game;

/* Whether `typed` (a line the player typed: `i: TERM`, several of them
 * joined by ';', `#N` for the N-th move `?` lists, or the whole position
 * after the move) is a legal move of the game now. 1: legal, *after the
 * position it leaves, in grundy's own writing (malloc'd); 0: illegal, why
 * says why (one line); -1: a failure (why says which). */
int play_check(play_game *g, const char *typed, char **after, char *why, size_t wl);

/* The winning moves of the mode (at most max; Every-SG and Moore: the one
 * move, a gr_move per term it changes) into mv, *wins whether the player to
 * move wins; each call gets the full time limit of g->seconds. */
gr_status play_winning(play_game *g, size_t max, cli_moves *mv, int *wins, gr_error *err);
/* the library's play for the game (at most max winning moves listed) */
gr_play play_of_game(const play_game *g, size_t max);

/* The options of the player to move in the play's shape
 * (gr_position_options: with their remoteness where known, each term's
 * in Every-SG, none in Moore), at most max (of each term in Every-SG);
 * *known 1 when the remoteness of the moves is known. 0, or -1 with err. */
int play_options(play_game *g, size_t max, cli_rmoves *out, int *complete, int *known, gr_error *err);

/* the game of the options' mode and limits (ctx and pos not set); 0, or
 * the usage error's exit code when the modes clash */
int play_game_init(play_game *g, const cli_opts *o);

/* grundy's move (play_choose.c), what `play` plays and `move` prints: the
 * library's gr_choice_reason, in the same order */
typedef enum {
    PLAY_FASTEST_WIN,  /* the winning move of least remoteness */
    PLAY_WINS,         /* a winning move (remoteness not known here) */
    PLAY_KEEPS_DRAW,   /* no winning move: one that keeps a draw */
    PLAY_LONGEST,      /* no winning or drawing move: the largest remoteness */
    PLAY_LEAVES_MOST   /* no winning move, remoteness not known: the move that leaves the most */
} play_reason;
typedef struct play_choice {
    cli_moves mv;          /* the move: one gr_move, or one per term it changes (Every-SG, Moore) */
    size_t count;          /* moves of mv that make grundy's one move */
    play_reason reason;
    int has_remoteness;    /* after holds the remoteness of the position the move leaves */
    gr_remoteness after;
} play_choice;
/* 0, or the exit code with why saying what failed (c is to be freed either way) */
int play_choose(play_game *g, play_choice *c, char *why, size_t wl);
void play_choice_free(play_choice *c);
/* the line `play` prints before grundy's move ("" for a win) */
const char *play_reason_note(play_reason r);

/* grundy move POSITION (cmd_move.c) */
int cmd_move(const cli_opts *o);

#endif
