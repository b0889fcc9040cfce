/* grundy's move in a game (play and move share it): the library's
 * gr_position_choose_move, and the remoteness of every move for `move`'s
 * options and `play`'s hints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "play.h"
#include "solve.h"

int play_game_init(play_game *g, const cli_opts *o) {
    gr_play play;
    int bad = cli_play_of(o, &play);
    if (bad) return bad;
    memset(g, 0, sizeof *g);
    g->mode = o->has_moore ? PLAY_MOORE : o->every ? PLAY_EVERY : o->misere ? PLAY_MISERE : PLAY_NORMAL;
    g->misere = o->misere;
    g->k = o->moore;
    g->seconds = (double)(o->has_max_seconds ? o->max_seconds : CLI_DEFAULT_SECONDS);
    g->remote_limit = o->has_search_limit ? o->search_limit : PLAY_REMOTE_POSITIONS;
    return 0;
}

int play_remote_moves(play_game *g, size_t max, cli_rmoves *out, int *complete) {
    if (g->mode != PLAY_NORMAL && g->mode != PLAY_MISERE) return -1;
    gr_error err;
    uint64_t old = gr_ctx_search_limit(g->ctx);
    if (old > g->remote_limit) gr_ctx_set_search_limit(g->ctx, g->remote_limit);
    gr_ctx_set_time_limit(g->ctx, g->seconds);
    gr_status st =
        gr_position_remoteness_moves(g->pos, g->mode == PLAY_MISERE, max, cli_rmoves_collect, out, complete, &err);
    gr_ctx_set_search_limit(g->ctx, old);
    return st == GR_OK && !out->mv.oom ? 0 : -1;
}

size_t play_best_remote(const cli_rmoves *l) {
    size_t b = 0;
    for (size_t k = 1; k < l->mv.n; k++)
        if (gr_remoteness_cmp(&l->after[k], &l->after[b]) < 0) b = k;
    return b;
}

int play_choose(play_game *g, play_choice *c, char *why, size_t wl) {
    memset(c, 0, sizeof *c);
    gr_error err;
    gr_play p = play_of_game(g, 1);
    p.remote_limit = g->remote_limit;
    gr_choice *ch = NULL;
    gr_ctx_set_time_limit(g->ctx, g->seconds);
    gr_status st = gr_position_choose_move(g->pos, &p, &ch, &err);
    if (st != GR_OK) {
        snprintf(why, wl, "grundy cannot choose a move here: %s", err.message);
        return gr_status_is_input_error(st) ? 2 : 1;
    }
    c->reason = (play_reason)ch->reason;
    c->has_remoteness = ch->has_remoteness;
    c->after = ch->after;
    for (size_t k = 0; k < ch->nmoves; k++) cli_moves_collect(&c->mv, &ch->moves[k]);
    c->count = (g->mode == PLAY_EVERY || g->mode == PLAY_MOORE) ? c->mv.n : 1;
    gr_choice_free(ch);
    if (c->mv.oom) {
        snprintf(why, wl, "out of memory");
        return 1;
    }
    return 0;
}

void play_choice_free(play_choice *c) { cli_moves_free(&c->mv); }

const char *play_reason_note(play_reason r) {
    switch (r) {
    case PLAY_KEEPS_DRAW: return "(no winning move: grundy keeps the draw)";
    case PLAY_LONGEST: return "(no winning move: grundy plays the move of largest remoteness, to make the game last)";
    case PLAY_LEAVES_MOST: return "(no winning move: grundy plays the move that leaves the most, to make the game last)";
    default: return "";
    }
}
