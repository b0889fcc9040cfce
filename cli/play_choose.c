/* grundy's move in a game (play and move share it): the library's
 * gr_position_choose_move, and the options (gr_position_options) for
 * `move`'s list and `play`'s hints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "play.h"
#include "solve.h"

int play_game_init(play_game *g, const cli_opts *o) {
    memset(g, 0, sizeof *g);
    int bad = cli_play_of(o, &g->play);
    if (bad) return bad;
    g->play.remote_limit = o->has_search_limit ? o->search_limit : 0;
    g->rules = (gr_play_rules)GR_SIZED(gr_play_rules);
    gr_error err;
    if (gr_play_describe(&g->play, &g->rules, &err) != GR_OK) return cli_usage_error("%s", err.message);
    g->seconds = (double)(o->has_max_seconds ? o->max_seconds : CLI_DEFAULT_SECONDS);
    return 0;
}

typedef struct known_moves {
    cli_rmoves *out;
    int known;
} known_moves;

static int collect_known(void *user, const gr_move *m, const gr_remoteness *after) {
    known_moves *k = user;
    if (after->outcome == GR_OUTCOME_UNKNOWN) k->known = 0;
    return cli_rmoves_collect(k->out, m, after);
}

int play_options(play_game *g, size_t max, cli_rmoves *out, int *complete, int *known, gr_error *err) {
    gr_ctx_set_time_limit(g->ctx, g->seconds);
    gr_play p = play_of_game(g, 0);
    known_moves k = {out, 1};
    gr_status st = gr_position_options(g->pos, &p, max, collect_known, &k, complete, err);
    *known = k.known;
    if (st == GR_OK && out->mv.oom) *err = (gr_error){GR_ENOMEM, 0, 0, "out of memory"}, st = GR_ENOMEM;
    return st == GR_OK ? 0 : -1;
}

int play_choose(play_game *g, play_choice *c, char *why, size_t wl) {
    memset(c, 0, sizeof *c);
    gr_error err;
    gr_play p = play_of_game(g, 1);
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
    c->count = g->rules.shape == GR_MOVE_ONE_TERM ? 1 : c->mv.n;
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
