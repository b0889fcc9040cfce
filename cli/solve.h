/* Winning moves for `grundy solve` (solve_moves.c): collected from the
 * library's callbacks, then printed as JSON or for people. */
#ifndef GRUNDY_CLI_SOLVE_H
#define GRUNDY_CLI_SOLVE_H

#include "cli.h"
#include "json.h"

/* Human output shows whole resulting positions only for short sums. */
#define HUMAN_FULL_TERMS 32
/* Sums with more terms list one winning move by default. */
#define BIG_SUM_TERMS 1000

typedef struct cli_moves {
    gr_move *list;  /* with malloc'd from, to and parts (one block with their arguments) */
    size_t n, cap;
    int oom;        /* a move could not be stored */
} cli_moves;

/* a gr_move callback: user is a cli_moves */
int cli_moves_collect(void *user, const gr_move *m);
void cli_moves_free(cli_moves *mv);

/* the "winning_moves" and "moves" members; one_position: the moves are one
 * move that changes several terms at once. *rc = 1 on failure. */
void cli_moves_json(json_writer *w, gr_position *pos, const cli_moves *mv, int one_position, int *rc);
void cli_moves_human(gr_position *pos, const cli_moves *mv, int one_position, int complete, int *rc);
/* the positions after the moves, as JSON strings in an open array (0 on failure) */
int cli_positions_json(json_writer *w, gr_position *pos, const cli_moves *mv);
/* "TITLE:" and the moves, one per line, in lang (explain's draw moves; TITLE already in lang) */
void cli_moves_list_human(cli_lang lang, gr_position *pos, const cli_moves *mv, const char *title, int complete, int *rc);

/* solve --remoteness (solve_remote.c): prints, returns the exit code */
int cli_solve_remoteness(const cli_opts *o, gr_position *pos, const char *text, const char *source);
/* moves with the remoteness of the position each leaves (after[k] for
 * mv.list[k]), in the order the library lists them */
typedef struct cli_rmoves {
    cli_moves mv;
    gr_remoteness *after;
    size_t cap;
} cli_rmoves;
/* a gr_remote_move_fn: user is a cli_rmoves (mv.oom set when out of memory) */
int cli_rmoves_collect(void *user, const gr_move *m, const gr_remoteness *after);
void cli_rmoves_free(cli_rmoves *r);


/* whether a term's ruleset may be loopy (graph[...]) */
int cli_has_loopy_term(gr_position *pos);
/* an infinite generalized value, ∞{K} (at most max members of K shown; 0: all) */
void cli_print_infinite(const uint64_t *K, size_t nK, size_t max);

/* For a position of one term whose moves take tokens (dyn[k], fib): the
 * least winning take. 1 when found. */
int cli_least_winning_take(gr_position *pos, uint64_t *take);

#endif
