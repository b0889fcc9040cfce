/* The play-mode table behind gr_position_solve (solution.c) and the
 * solution it fills. A play mode is one record: its name and the function
 * that solves a position in it (solve_normal.c, solve_misere.c,
 * solve_every.c, solve_moore.c). A new mode is one file and one line of
 * the table; docs/adding-a-mode.md has the steps. */
#ifndef GRUNDY_SOLUTION_INTERNAL_H
#define GRUNDY_SOLUTION_INTERNAL_H

#include "core/internal.h"
#include "grundy/solution.h"
#include "grundy/compound.h"
#include "grundy/explain.h"

/* moves copied out of callbacks (each move and its parts in one block) */
typedef struct gri_moves {
    const gr_allocator *al;
    gr_move *list;
    size_t n, cap;
    int oom;
} gri_moves;
/* a gr_move_fn: user is a gri_moves */
int gri_moves_collect(void *user, const gr_move *m);
void gri_moves_free(gri_moves *mv);

/* the solution and what it owns (pub first: a gr_solution * is one) */
typedef struct gri_solution {
    gr_solution pub;
    const gr_allocator *al;
    gri_moves win, draw;
    uint64_t *steps, *K;
} gri_solution;

/* Fills s->pub's outcome, value, method and mode members, and s->win (and
 * s->draw) with the moves; max the moves to list at most (0: all). The
 * caller set pub.play and pub.method to the record's defaults and links
 * moves[] after the call. */
typedef gr_status (*gri_solve_fn)(gr_position *pos, const gr_play *play, size_t max, gri_solution *s, gr_error *err);

/* lists the options in a mode's shape (gr_position_options); the play read */
typedef gr_status (*gri_options_fn)(gr_position *pos, const gr_play *play, size_t max, gr_remote_move_fn fn,
                                    void *user, int *complete, gr_error *err);

typedef struct gri_play_mode {
    gr_play_mode mode;
    const char *name;       /* gr_solution.play (Moore's misère flag makes it "misere-moore") */
    const char *method;     /* the method unless the solver says otherwise */
    int one_move;           /* a winning move changes several terms at once */
    gri_solve_fn solve;
    /* its rules (gr_play_rules): rule_misere is Moore's Anti-Nim-k line */
    const char *rule, *rule_misere;
    int last_move_wins;
    gr_move_shape shape;
    int has_remoteness;
    gri_options_fn options; /* gr_position_options (options.c) */
    /* its explanation (gr_position_explain, explain.c): the steps, and
     * whether a sum with a term of infinite or unknown value is explained
     * (GR_STEP_BEYOND) rather than refused */
    const gr_explain_step *steps;
    size_t nsteps;
    int explains_beyond;
} gri_play_mode;

/* the record of a mode (NULL: none) */
const gri_play_mode *gri_play_mode_of(gr_play_mode mode);
/* A caller's play, checked as every call that takes one checks it: NULL
 * is normal play (written into *normal), the size set, the mode one of
 * the table's, Moore's k at least 1. *out the play to use, *mode (may be
 * NULL) its record. */
gr_status gri_play_read(const gr_play *play, gr_play *normal, const gr_play **out, const gri_play_mode **mode,
                        gr_error *err);

gr_status gri_options_each_move(gr_position *pos, const gr_play *play, size_t max, gr_remote_move_fn fn, void *user,
                                int *complete, gr_error *err);
gr_status gri_options_per_term(gr_position *pos, const gr_play *play, size_t max, gr_remote_move_fn fn, void *user,
                               int *complete, gr_error *err);
gr_status gri_options_none(gr_position *pos, const gr_play *play, size_t max, gr_remote_move_fn fn, void *user,
                           int *complete, gr_error *err);
/* the remoteness search's bound in a play (remote_limit, its default, and
 * never above the context's search limit) */
uint64_t gri_play_remote_limit(const gr_position *pos, const gr_play *play);

gr_status gri_solve_normal(gr_position *pos, const gr_play *play, size_t max, gri_solution *s, gr_error *err);
gr_status gri_solve_misere(gr_position *pos, const gr_play *play, size_t max, gri_solution *s, gr_error *err);
gr_status gri_solve_every(gr_position *pos, const gr_play *play, size_t max, gri_solution *s, gr_error *err);
gr_status gri_solve_moore(gr_position *pos, const gr_play *play, size_t max, gri_solution *s, gr_error *err);

/* misere.c: the outcome and the winning moves from one exact search (its
 * memo shared, out->searched the positions of both) */
gr_status gri_misere_solve(gr_position *pos, gr_misere *out, size_t max_moves, gr_move_fn fn, void *user,
                           int *complete, gr_error *err);

#endif
