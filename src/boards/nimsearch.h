/* The nimber search of board and graph games (nimsearch.c). */
#ifndef GRUNDY_NIMSEARCH_H
#define GRUNDY_NIMSEARCH_H

#include "boards/board.h"
#include "boards/btable.h"
#include "core/ticker.h"

/* ways to run the search (all give the same values; tests compare them) */
enum {
    GRB_NO_SPLIT = 1u << 0,    /* value a position whole, not part by part */
    GRB_NO_SYMMETRY = 1u << 1, /* key positions by their cells, not by their shape */
    GRB_PLAIN_MEX = 1u << 2,   /* every option's value, then the mex (the textbook method) */
    GRB_LV = 1u << 3           /* value by value (Lemoine-Viennot), not by sets (Beling-Rogalski) */
};

typedef struct grb_level grb_level;

typedef struct grb_solver {
    const grb_game *g;
    const gr_allocator *al;
    unsigned how;           /* GRB_* above */
    grb_table tt;           /* key -> value and facts */
    size_t tt_max;          /* entries held at most: past it the table is emptied */
    grb_level **levels;     /* scratch per depth, made on first use */
    size_t nlevels, depth;
    size_t moves_cap;       /* the levels' room for moves */
    gr_ctx *ctx;            /* time limit and interrupt (NULL: none) */
    gri_ticker tick;
    int tick_on;
    const char *what;       /* the search's name in a stop's message */
    gr_error *err;
    /* counts */
    uint64_t nodes;         /* option lists walked */
    /* progress: called now and then with the nodes so far (nonzero stops) */
    int (*progress)(void *user, uint64_t nodes, uint64_t entries);
    void *progress_user;
    uint64_t next_progress;
} grb_solver;

/* tt_max: entries the table holds at most (at least 1024). */
gr_status grb_solver_init(grb_solver *sv, const grb_game *g, const gr_allocator *al, unsigned how, size_t tt_max,
                          gr_error *err);
void grb_solver_free(grb_solver *sv);
/* Searches game g from now on (a game may change between calls: the keys
 * of parts do not depend on the universe they lie in, except with
 * GRB_NO_SYMMETRY, when `fresh` says g is not the game of the last call
 * and the table is emptied). */
gr_status grb_solver_use(grb_solver *sv, const grb_game *g, int fresh, gr_error *err);

/* The nimber of position s (the XOR of its parts'). Errors: GR_ENOMEM,
 * GR_ELIMIT (time limit or interrupt, through sv->ctx). sv->err is set to
 * err for the call. */
gr_status grb_solve(grb_solver *sv, const grb_set *s, uint64_t *value, gr_error *err);

#endif
