/* What the board and graph families share (boardgame.c): a ruleset's data,
 * the universe a term's position lives in, and the family operations that
 * do not depend on the game (value by the nimber search, options, the
 * term syntax). cram.c and nodekayles.c hold the families. */
#ifndef GRUNDY_BOARDGAME_H
#define GRUNDY_BOARDGAME_H

#include "core/rs.h"
#include "core/family.h"
#include "boards/board.h"
#include "boards/nimsearch.h"
#include "boards/terms.h"

enum {
    GRI_BG_PLACE = 1,      /* shapes placed on a grid (Cram: the two dominoes) */
    GRI_BG_NODE_GRID = 2,  /* Node Kayles on a grid */
    GRI_BG_NODE_GRAPH = 3, /* Node Kayles on a graph */
    GRI_BG_ARC_GRAPH = 4   /* Arc Kayles on a graph */
};

#define GRI_BG_MAX_SHAPES 64

/* a shape: its cells as (row, column) offsets, in a box h x w */
typedef struct gri_shape {
    size_t n, h, w;
    uint8_t r[GRB_MAX_CELLS], c[GRB_MAX_CELLS];
} gri_shape;

typedef struct gri_boardrs {
    int kind;
    gri_shape *shapes;     /* GRI_BG_PLACE: every orientation that is played */
    size_t nshapes;
    unsigned syms;         /* grid games: the transforms that keep the moves */
    grb_game game;         /* the universe of the last term valued */
    int have_game;
    uint64_t game_r, game_c; /* grid games: its size */
    grb_solver sv;         /* made on first use; its table serves every term */
    int have_sv;
    size_t sv_moves;       /* the most moves of a universe the solver has seen */
    unsigned how;          /* GRB_* of the search (tests compare them) */
    uint64_t table;        /* the table's entries at most (0: the default) */
    uint64_t nodes;        /* positions walked by solvers since dropped */
    uint64_t tnodes[GRB_MAX_THREADS]; /* positions walked by each helper thread (1, 2, ...) */
    unsigned threads;      /* the most threads a search of it has run on */
} gri_boardrs;

static inline gri_boardrs *gri_bg(const gr_ruleset *rs) { return rs->data; }
static inline int gri_bg_grid(const gr_ruleset *rs) { return gri_bg(rs)->kind <= GRI_BG_NODE_GRID; }

/* new data for a ruleset of this kind (rs->data) */
gr_status gri_bg_new(gr_ruleset *rs, int kind, gr_error *err);
void gri_bg_free(gr_ruleset *rs);
/* the shapes of a GRI_BG_PLACE ruleset: a domino either way (Cram) */
gr_status gri_bg_dominoes(gr_ruleset *rs, gr_error *err);

/* the shared operations */
gr_status gri_bg_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err);
gr_status gri_bg_options(gr_ruleset *rs, const uint64_t *args, size_t n, gri_optiter *it, gr_state_option_fn fn,
                         void *user, gr_error *err);
/* shared with boardtable.c: whether rs is a board or graph game; its
 * solver, made on first use; the term args ready to search (its universe,
 * the solver on it, *s its position); the position s of the universe of
 * args written as args (room for 2 + 2 * 64 words); whether args has
 * value k (grb_ask) */
int gri_bg_is_board(const gr_ruleset *rs);
gr_status gri_bg_need_solver(gr_ruleset *rs, gr_error *err);
gr_status gri_bg_ready(gr_ruleset *rs, const uint64_t *args, size_t n, grb_set *s, gr_error *err);
size_t gri_bg_position_args(const gri_boardrs *d, const uint64_t *args, const grb_set *s, uint64_t *out);
gr_status gri_bg_ask(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t k, int *yes, gr_error *err);
/* the options of value target, each asked (not valued in full) */
gr_status gri_bg_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, gr_state_option_fn fn,
                          void *user, int *complete, gr_error *err);
gr_status gri_bg_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err);
gr_status gri_bg_parse_args(const gr_ruleset *rs, const char *s, size_t n, int lines, const gr_parse_opts *opts,
                            uint64_t **args, size_t *nargs, size_t *used, size_t *errpos, gr_error *err);
void gri_bg_write_term(const gr_ruleset *rs, const uint64_t *args, size_t n, gri_buf *b);

/* the transforms of the square that map a set of shapes onto itself */
unsigned gri_bg_shape_syms(const gri_shape *sh, size_t n);
/* whether two shapes (at the corner of their boxes) cover the same cells */
int gri_bg_same_shape(const gri_shape *a, const gri_shape *b);
/* the shape after transform t, moved to the corner of its box */
void gri_bg_shape_turn(const gri_shape *in, unsigned t, gri_shape *out);

#endif
