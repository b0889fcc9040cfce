/* One answer per play mode: what a position is worth in the chosen play
 * and which moves win, from one call. `grundy solve`, Python's solve and
 * the web page render this one result; none of them chooses methods.
 *
 *   gr_play p = GR_SIZED(gr_play);
 *   p.mode = GR_PLAY_MISERE;
 *   gr_solution *s;
 *   if (gr_position_solve(pos, &p, &s, &err) == GR_OK) {
 *       ... s->outcome, s->method, s->moves[0 .. s->nmoves) ...
 *       gr_solution_free(s);
 *   }
 *
 * The play modes (docs/architecture.md, "Play modes"):
 *   GR_PLAY_NORMAL  the last player to move wins. A sum with a loopy term of
 *                   infinite value (graph[...] with cycles, loopy rules) is
 *                   won or a draw by Smith's rule; then method is
 *                   "generalized-sg" and draw_moves lists the moves that
 *                   keep the draw.
 *   GR_PLAY_MISERE  the last player to move loses (compound.h: methods
 *                   "formula", "sj-theorem", "genus", "quotient", "search").
 *   GR_PLAY_EVERY   Every-SG: each turn a move in every term that can move.
 *   GR_PLAY_MOORE   Moore's Nim-k (k heaps at most a move; nim heaps only);
 *                   with misere set, Anti-Nim-k.
 * In Every-SG and Moore play a winning move changes several terms at once:
 * one_move is 1 and moves[] are its parts, one per term it changes (apply
 * them together with gr_position_format_moves). */
/* Threads: as for positions (position.h). A solution does not refer to
 * the position: it may outlive it (not the context). */
#ifndef GRUNDY_SOLUTION_H
#define GRUNDY_SOLUTION_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "position.h"
#include "remoteness.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

typedef enum gr_play_mode {
    GR_PLAY_NORMAL = 0,
    GR_PLAY_MISERE = 1,
    GR_PLAY_EVERY = 2,
    GR_PLAY_MOORE = 3
} gr_play_mode;

typedef struct gr_play {
    size_t size;          /* sizeof(gr_play): set by the caller (GR_SIZED) */
    gr_play_mode mode;
    uint64_t k;           /* GR_PLAY_MOORE: a move takes from 1 to k heaps (k >= 1) */
    int misere;           /* GR_PLAY_MOORE: Anti-Nim-k */
    size_t max_moves;     /* winning (and drawing) moves listed at most; 0: all */
    uint64_t remote_limit; /* gr_position_choose_move: positions its remoteness search
                              may keep (0: GR_CHOICE_REMOTE_POSITIONS; never more than
                              the context's search limit) */
} gr_play;

typedef struct gr_solution {
    size_t size;          /* sizeof(gr_solution), set by the library */
    const char *play;     /* "normal", "misere", "every", "moore" or "misere-moore" */
    const char *method;   /* how the outcome was found: "sg-theorem", "formula",
                             "generalized-sg", a misère method, "every-sg", "moore" */
    gr_outcome outcome;   /* N: the player to move wins; P: loses; D: a draw */
    int has_value;        /* value holds the sum's normal-play Grundy value */
    uint64_t value;
    /* misère: what the SJ rule says (not always the truth; GR_OUTCOME_UNKNOWN
     * in the other plays), and the
     * positions the exact search memoized for this whole answer, the
     * outcome and its moves (0: no search) */
    gr_outcome sj;
    uint64_t searched;
    /* Every-SG: each term's step count (nsteps = the number of terms), and
     * a term of the largest step */
    const uint64_t *steps;
    size_t nsteps, decisive;
    /* Moore: its k */
    uint64_t k;
    /* a loopy sum of infinite value: ∞{K[0..nK)} */
    int infinite;
    const uint64_t *K;
    size_t nK;
    /* one term whose moves take tokens (dyn[k], fib), won: the least take */
    int has_min_first_take;
    uint64_t min_first_take;
    /* the winning moves (none when the mover loses); moves_complete 0 when
     * the list was cut (max_moves, or a huge heap's options) */
    int one_move;
    const gr_move *moves;
    size_t nmoves;
    int moves_complete;
    /* outcome D: the moves that keep the draw */
    const gr_move *draw_moves;
    size_t ndraw_moves;
    int draw_moves_complete;
} gr_solution;

/* Solves pos in the play `play` describes (NULL: normal play, every
 * winning move). On success *out is the solution (free it with
 * gr_solution_free); on failure *out is NULL and err says why: GR_EINVAL
 * for a play that does not apply (Moore with a term that is not a nim
 * heap, Every-SG of a loopy term), GR_ELIMIT past the context's bounds,
 * GR_EUNPROVEN when the outcome needs a value nobody knows. */
GR_NODISCARD gr_status gr_position_solve(gr_position *pos, const gr_play *play, gr_solution **out, gr_error *err);
void gr_solution_free(gr_solution *s); /* accepts NULL */

/* grundy's move: what perfect play does from pos in the play. In normal
 * and misère play the moves' remoteness is searched first (within
 * remote_limit positions): the fastest win, else a move that keeps a
 * draw, else the move of largest remoteness, so the loser makes the game
 * last. Past that bound, and in Every-SG and Moore play, a winning move;
 * with none, one that keeps a loopy game's draw; else the move that
 * leaves the most tokens (then the most heaps), so a learner has time to
 * find the win. Each step gets the context's whole time limit. */
#define GR_CHOICE_REMOTE_POSITIONS ((uint64_t)1 << 17)

typedef enum gr_choice_reason {
    GR_CHOICE_FASTEST_WIN = 0,  /* the winning move of least remoteness */
    GR_CHOICE_WINS = 1,         /* a winning move (its remoteness not known here) */
    GR_CHOICE_KEEPS_DRAW = 2,   /* no winning move: one that keeps the draw */
    GR_CHOICE_LONGEST = 3,      /* no winning or drawing move: the largest remoteness */
    GR_CHOICE_LEAVES_MOST = 4   /* no winning move, remoteness not known: the move that leaves the most */
} gr_choice_reason;

typedef struct gr_choice {
    size_t size;              /* sizeof(gr_choice), set by the library */
    gr_choice_reason reason;
    const gr_move *moves;     /* the move: one gr_move, or one per term it changes
                                 (Every-SG, Moore); nmoves 0: there is no move */
    size_t nmoves;
    int has_remoteness;       /* after: the remoteness of the position the move leaves */
    gr_remoteness after;
} gr_choice;

GR_NODISCARD gr_status gr_position_choose_move(gr_position *pos, const gr_play *play, gr_choice **out,
                                               gr_error *err);
void gr_choice_free(gr_choice *c); /* accepts NULL */

/* Checking a move: whether one legal move of the play leads from pos to
 * next, a position of the same context as the player wrote it (terms in
 * any order, a heap term's heaps in any order, empty heaps left out). The
 * move is read off what differs, as data, and only that is checked: one
 * heap (a heap ruleset: against its options, decided from the rule for
 * nim, take-and-break, Grundy's game and coprime heaps of any size) or one
 * state term (against its moves) in normal and misère play; a move in
 * every term that can move in Every-SG; 1 to k heaps lowered in Moore's
 * Nim-k. A move in a term with more options than grundy lists
 * (GR_CHECK_LIST_MAX) is legal when it is one of the winning moves, else
 * refused as not checkable. GR_OK whether legal or not; an error only
 * when the check itself fails (memory, bounds). */
#define GR_CHECK_LIST_MAX ((size_t)1 << 18)
#define GR_MOVE_WHY_MAX 512

typedef struct gr_move_check {
    size_t size;                 /* sizeof(gr_move_check): set by the caller (GR_SIZED) */
    int legal;                   /* 1: legal; 0: not, and why says why (one line) */
    char *after;                 /* legal: the position the move leaves, as grundy writes it
                                    (freed as gr_position_format's strings are); NULL otherwise */
    char why[GR_MOVE_WHY_MAX];
} gr_move_check;

GR_NODISCARD gr_status gr_position_check_move(gr_position *pos, const gr_play *play, gr_position *next,
                                              gr_move_check *out, gr_error *err);

/* The play's name as gr_solution.play writes it ("normal", "misere", ...;
 * NULL for a mode that does not exist). */
const char *gr_play_name(const gr_play *play);

/* The rules of a play, as data, so a program that shows or plays a game
 * needs no branch of its own per mode: who wins when the player to move
 * has no move, what one move changes, whether remoteness is defined. */
typedef enum gr_move_shape {
    GR_MOVE_ONE_TERM = 0,    /* a move changes one term (normal, misère play) */
    GR_MOVE_EVERY_TERM = 1,  /* a move changes every term that can move (Every-SG) */
    GR_MOVE_UP_TO_K = 2      /* a move lowers 1 to k nim heaps (Moore's Nim-k) */
} gr_move_shape;

typedef struct gr_play_rules {
    size_t size;          /* sizeof(gr_play_rules): set by the caller (GR_SIZED) */
    const char *name;     /* gr_play_name */
    const char *mode_name; /* the mode's own name, without the misère flag ("moore" for Anti-Nim-k) */
    int anti;             /* the mode is played misère by gr_play.misere (Anti-Nim-k) */
    const char *rule;     /* one line: "misère play: the player who makes the last move loses" */
    int last_move_wins;   /* 1: the player with no move loses; 0: wins */
    gr_move_shape shape;
    uint64_t k;           /* GR_MOVE_UP_TO_K: its k */
    int has_remoteness;   /* gr_position_remoteness applies to the play */
} gr_play_rules;

GR_NODISCARD gr_status gr_play_describe(const gr_play *play, gr_play_rules *out, gr_error *err);

/* The options of the player to move, for a list or a hint, in the play's
 * shape: one term's move (GR_MOVE_ONE_TERM) each with the remoteness of
 * the position it leaves when the remoteness search knows it within
 * play->remote_limit positions (as gr_position_choose_move's search; else
 * after->outcome is GR_OUTCOME_UNKNOWN for every move); in Every-SG each
 * term's moves, term by term (component the term, to its replacement; a
 * move of the play takes one of each term that can move), remoteness
 * unknown; in Moore's Nim-k none (*complete 0: any 1 to k heaps lowered
 * to any smaller sizes). At most max moves (in Every-SG, of each term;
 * 0: no bound; *complete 0 when cut); fn returns nonzero to stop. */
GR_NODISCARD gr_status gr_position_options(gr_position *pos, const gr_play *play, size_t max, gr_remote_move_fn fn,
                                           void *user, int *complete, gr_error *err);

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
