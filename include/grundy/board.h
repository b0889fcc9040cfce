/* Games on boards and graphs: Cram (cram), placement games of your own
 * shapes (place[...]), Node Kayles and Arc Kayles (nodekayles,
 * arckayles, on graphs or on grids). Their positions are terms like any
 * other (gr_position_parse: "cram(4,5)", "cram(..#./....)",
 * "nodekayles(0-1,1-2,2-0)", "nodekayles[grid](3,7)"); their values come
 * from a nimber search (docs/boards.md). This header tunes that search and
 * reports on it. */
#ifndef GRUNDY_BOARD_H
#define GRUNDY_BOARD_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "ruleset.h"
#include "context.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

/* how the search runs (every way gives the same values) */
enum {
    GR_BOARD_NO_SPLIT = 1u << 0,    /* value a position whole, not region by region */
    GR_BOARD_NO_SYMMETRY = 1u << 1, /* key positions by their cells, not by their shape up to symmetry */
    GR_BOARD_PLAIN_MEX = 1u << 2,   /* every option's value, then the mex (the textbook method) */
    GR_BOARD_LV = 1u << 3,          /* decide the value one candidate at a time (Lemoine-Viennot): the
                                       default since 2026-11-26 (the flag is still accepted) */
    GR_BOARD_NO_REDUCE = 1u << 4,   /* keep the cells of Cram and Arc Kayles regions that cannot change
                                       a value (second leaves at a vertex, and so on: docs/boards.md) */
    GR_BOARD_SETS = 1u << 5         /* by sets of candidates (Beling's aspiration with Beling-Rogalski
                                       sets), not one candidate at a time */
};

typedef struct gr_board_config {
    size_t size;             /* sizeof(gr_board_config) (GR_SIZED) */
    unsigned flags;          /* GR_BOARD_* */
    uint64_t table_entries;  /* positions the transposition table holds at most (0: 2^21, 256 MB of
                                64-byte slots at most); when it is full a new position replaces the
                                least worth keeping of four (every entry is exact: forgetting one
                                costs time, never a wrong value) */
} gr_board_config;

/* Sets the search of a board or graph ruleset (GR_EINVAL for any other);
 * the table learned so far is dropped. */
gr_status gr_ruleset_board_config(gr_ruleset *rs, const gr_board_config *cfg, gr_error *err);

/* 1 when rs is a game on a grid (cram, place[...], nodekayles[grid],
 * arckayles[grid]: its terms are boards, "R,C" or rows), 0 otherwise (a
 * graph game, or not a board or graph game). */
int gr_ruleset_board_is_grid(const gr_ruleset *rs);

typedef struct gr_board_stats {
    size_t size;             /* sizeof(gr_board_stats) (GR_SIZED) */
    uint64_t positions;      /* option lists the search walked, over all calls (all threads) */
    uint64_t entries;        /* positions in the transposition table now */
    uint64_t flushes;        /* times the table was emptied (a new game, keys by cells) */
    uint64_t replaced;       /* entries that gave way to new ones in a full table */
    unsigned threads;        /* the most threads a search ran on (gr_ctx_set_threads) */
    uint64_t thread_positions[GR_MAX_THREADS]; /* of `positions`, those each thread walked: the
                                                  calling thread's first, then each helper's */
} gr_board_stats;

/* What the search of a board or graph ruleset did so far. */
gr_status gr_ruleset_board_stats(const gr_ruleset *rs, gr_board_stats *out, gr_error *err);

/* The search's transposition table as bytes, so that a long run can be
 * saved and resumed (every entry is an exact fact about a region of the
 * game, whatever board it came from): a line "grundy board table 1", a
 * line with the ruleset's spec, a line with the method, then the entries
 * (see docs/boards.md). *out is freed with gr_free. GR_EINVAL for a
 * ruleset that is not a board or graph game, or whose search keys regions
 * by their cells (GR_BOARD_NO_SYMMETRY: such keys mean nothing elsewhere). */
GR_NODISCARD gr_status gr_ruleset_board_save(gr_ruleset *rs, char **out, size_t *len, gr_error *err);
/* Adds the entries of a saved table to the search of rs: its values, and
 * its other facts when it was saved by the same method. GR_EINVAL when the
 * table is of another game; GR_EPARSE, naming the byte offset, when the
 * data is not such a table or is cut short. */
GR_NODISCARD gr_status gr_ruleset_board_load(gr_ruleset *rs, const char *data, size_t len, gr_error *err);

/* Questions and pieces a search spread over processes is made of (the
 * CLI's --mpi, docs/boards.md); each works on one term (args) of the
 * board or graph game rs, on the calling thread.
 *
 * gr_ruleset_board_ask: whether the term's value is k (*yes), often far
 * cheaper than the value itself: its parts but the largest are valued,
 * and the largest is asked only whether its value is k folded with
 * theirs. What it learns stays in the table. */
GR_NODISCARD gr_status gr_ruleset_board_ask(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t k, int *yes,
                                            gr_error *err);
/* The table's entries of the term's independent parts (after a value or
 * an ask of it: what the search knows of each part), written as
 * gr_ruleset_board_save writes a table, so that gr_ruleset_board_load
 * adds them to another search of the same game. */
GR_NODISCARD gr_status gr_ruleset_board_save_state(gr_ruleset *rs, const uint64_t *args, size_t n, char **out,
                                                   size_t *len, gr_error *err);
/* The term's independent parts (the regions no move joins), each handed
 * to fn as a term of the same game (a nonzero return stops). */
GR_NODISCARD gr_status gr_ruleset_board_parts(gr_ruleset *rs, const uint64_t *args, size_t n, gr_state_option_fn fn,
                                              void *user, gr_error *err);
/* The search's key of the term (*key, freed with gr_free): its parts'
 * keys up to the game's symmetries, in a fixed order. Two terms of equal
 * keys have equal values (terms of different keys may too). *cost (may be
 * NULL): the sum of the squares of the parts' cells, the search's guess
 * of the work (it asks the cheaper options first). */
GR_NODISCARD gr_status gr_ruleset_board_key(gr_ruleset *rs, const uint64_t *args, size_t n, char **key, size_t *len,
                                            uint64_t *cost, gr_error *err);
/* The options of the term in the order the search asks them: by the sum
 * of the squares of their parts' cells (the cheaper first), then, on a
 * grid, by how near the move lies to the middle of the term's bounding
 * box; each handed to fn as a term of the same game with its place in
 * that order (a nonzero return stops). */
typedef int (*gr_board_option_fn)(void *user, const uint64_t *args, size_t n, uint64_t order);
GR_NODISCARD gr_status gr_ruleset_board_options(gr_ruleset *rs, const uint64_t *args, size_t n, gr_board_option_fn fn,
                                                void *user, gr_error *err);
/* Records that the term, one region (one part), has value `value`, for a
 * caller that has proved it (the MPI farm gathers the answers of other
 * processes): the search takes it as known, unchecked. GR_EINVAL when the
 * term has several parts (note each), or none and a value other than 0. */
GR_NODISCARD gr_status gr_ruleset_board_note_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t value,
                                                   gr_error *err);

/* A value certificate of one term of Node Kayles, Arc Kayles or Cram
 * (nodekayles, arckayles, cram and their grid forms; docs/certificates.md):
 * every component reachable from the term, up to isomorphism, with its
 * value by a plain mex and, for each move, the components left with the
 * vertex maps onto their entries. *out (freed with gr_free) holds the
 * lines from `game` to the last entry. At most max_entries entries (0: a
 * million), else GR_ELIMIT; a term of more than 64 vertices (empty cells)
 * is GR_ELIMIT too. GR_EINVAL for other games, or a build without nauty. */
GR_NODISCARD gr_status gr_board_value_certificate(gr_ruleset *rs, const uint64_t *args, size_t nargs,
                                                  uint64_t max_entries, char **out, size_t *len, gr_error *err);

GR_API_END
#ifdef __cplusplus
}
#endif

#endif
