/* grundy play: one term of the position as a game of its own, and its
 * moves (Every-SG's options and hints list each term's moves). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "play.h"
#include "solve.h"

gr_status play_term_alone(gr_ctx *ctx, gr_position *pos, size_t i, gr_position **out, gr_error *err) {
    gr_term_info t;
    gr_status st = gr_position_term(pos, i, &t);
    if (st != GR_OK) { *err = (gr_error){st, 0, 0, "no such term"}; return st; }
    if ((st = gr_position_new(ctx, out, err)) != GR_OK) return st;
    if ((st = gr_position_add_term(*out, t.bare ? NULL : t.ruleset, t.args, t.nargs, err)) != GR_OK) {
        gr_position_free(*out);
        *out = NULL;
    }
    return st;
}

int play_term_moves(play_game *g, size_t i, size_t max, cli_moves *mv, int *complete, char *why, size_t wl) {
    gr_position *p = NULL;
    gr_error err;
    int rc = -1;
    if (play_term_alone(g->ctx, g->pos, i, &p, &err) != GR_OK || gr_position_moves(p, max, cli_moves_collect, mv, complete, &err) != GR_OK)
        snprintf(why, wl, "%s", err.message);
    else if (mv->oom)
        snprintf(why, wl, "out of memory");
    else
        rc = 0;
    for (size_t k = 0; k < mv->n; k++) mv->list[k].component = i;
    gr_position_free(p);
    return rc;
}
