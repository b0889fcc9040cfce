/* grundy's move in a game (play and move share it): with remoteness known,
 * the fastest win, else keeping a draw, else the move of largest
 * remoteness; past the remoteness search's bound and in Every-SG and Moore
 * play, any winning move, else a draw kept in a loopy game, else the move
 * that leaves the most, so a learner has time to find the win. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "play.h"
#include "solve.h"

int play_game_init(play_game *g, const cli_opts *o) {
    if (o->every + o->has_moore > 1 || (o->every && o->misere))
        return cli_usage_error("choose one of --misere, --every and --moore K (--misere with --moore K is Anti-Nim-k)%s", "");
    memset(g, 0, sizeof *g);
    g->mode = o->has_moore ? PLAY_MOORE : o->every ? PLAY_EVERY : o->misere ? PLAY_MISERE : PLAY_NORMAL;
    g->misere = o->misere;
    g->k = o->moore;
    g->seconds = (double)(o->has_max_seconds ? o->max_seconds : CLI_DEFAULT_SECONDS);
    g->remote_limit = o->has_search_limit ? o->search_limit : PLAY_REMOTE_POSITIONS;
    return 0;
}

/* grundy's move when it has no winning one: in each term that must move
 * (all of them in Every-SG, the best one otherwise) the move that leaves
 * the most, so the game lasts */
static int drag_out(play_game *g, cli_moves *out, char *why, size_t wl) {
    size_t n = gr_position_count(g->pos);
    if (g->mode == PLAY_MOORE) {
        /* one token from the largest heap */
        size_t best = 0;
        uint64_t bh = 0;
        for (size_t i = 0; i < n; i++) {
            gr_term_info t;
            if (gr_position_term(g->pos, i, &t) == GR_OK && t.nargs && t.args[0] > bh) { bh = t.args[0]; best = i; }
        }
        char from[24], to[24];
        snprintf(from, sizeof from, "%llu", (unsigned long long)bh);
        snprintf(to, sizeof to, "%llu", (unsigned long long)(bh - 1));
        gr_move m = {.component = best, .from = from, .to = to};
        cli_moves_collect(out, &m);
        if (out->oom) snprintf(why, wl, "out of memory");
        return out->oom ? -1 : 0;
    }
    /* Every-SG: the largest move of each term; otherwise the largest move of the sum */
    int every = g->mode == PLAY_EVERY;
    for (size_t i = 0; i < (every ? n : 1); i++) {
        cli_moves mv = {0};
        int complete = 1;
        gr_error err;
        if (every) {
            if (play_term_moves(g, i, PLAY_LIST_MAX, &mv, &complete, why, wl) != 0) { cli_moves_free(&mv); return -1; }
        } else if (gr_position_moves(g->pos, PLAY_LIST_MAX, cli_moves_collect, &mv, &complete, &err) != GR_OK) {
            snprintf(why, wl, "%s", err.message);
            cli_moves_free(&mv);
            return -1;
        }
        size_t pick = 0;
        uint64_t size = 0;
        play_count total = play_count_of(g->pos), c;
        for (size_t k = 0; k < mv.n; k++) {
            uint64_t s = 0;
            gr_position *next = NULL;
            if (every) s = play_count_size(play_count_terms(mv.list[k].parts, mv.list[k].nparts));
            else if (play_count_after(g->pos, total, &mv.list[k], &c) == 0) s = play_count_size(c);
            else if (gr_position_play(g->pos, &mv.list[k], &next, &err) == GR_OK) s = play_count_size(play_count_of(next));
            gr_position_free(next);
            if (!k || s > size) { size = s; pick = k; }
        }
        if (mv.n) cli_moves_collect(out, &mv.list[pick]);
        cli_moves_free(&mv);
        if (out->oom) { snprintf(why, wl, "out of memory"); return -1; }
    }
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
        if (cli_remote_cmp(&l->after[k], &l->after[b]) < 0) b = k;
    return b;
}

/* by remoteness: 1 when chosen (or failed: *rc), 0 when not known here */
static int remote_choice(play_game *g, play_choice *c, int *rc, char *why, size_t wl) {
    cli_rmoves l = {0};
    int complete = 0;
    if (play_remote_moves(g, PLAY_LIST_MAX, &l, &complete) != 0 || !complete || !l.mv.n) {
        cli_rmoves_free(&l);
        return 0;
    }
    size_t b = play_best_remote(&l);
    gr_outcome o = l.after[b].outcome;
    c->reason = o == GR_OUTCOME_P ? PLAY_FASTEST_WIN : o == GR_OUTCOME_D ? PLAY_KEEPS_DRAW : PLAY_LONGEST;
    c->has_remoteness = 1;
    c->after = l.after[b];
    cli_moves_collect(&c->mv, &l.mv.list[b]);
    c->count = 1;
    cli_rmoves_free(&l);
    if (c->mv.oom) {
        snprintf(why, wl, "out of memory");
        *rc = 1;
    }
    return 1;
}

int play_choose(play_game *g, play_choice *c, char *why, size_t wl) {
    memset(c, 0, sizeof *c);
    gr_error err;
    int wins = 0, rc = 0;
    if (remote_choice(g, c, &rc, why, wl)) return rc;
    gr_status st = play_winning(g, 1, &c->mv, &wins, &err);
    if (st != GR_OK) {
        snprintf(why, wl, "grundy cannot choose a move here: %s", err.message);
        return gr_status_is_input_error(st) ? 2 : 1;
    }
    c->reason = PLAY_WINS;
    if (!c->mv.n && g->mode == PLAY_NORMAL && cli_has_loopy_term(g->pos)) {
        int complete;
        gr_ctx_set_time_limit(g->ctx, g->seconds);
        if (gr_position_draw_moves(g->pos, 1, cli_moves_collect, &c->mv, &complete, &err) != GR_OK) {
            snprintf(why, wl, "%s", err.message);
            return 1;
        }
        c->reason = PLAY_KEEPS_DRAW;
    }
    if (!c->mv.n) {
        if (drag_out(g, &c->mv, why, wl) != 0) return 1;
        c->reason = PLAY_LEAVES_MOST;
    }
    c->count = (g->mode == PLAY_EVERY || g->mode == PLAY_MOORE) ? c->mv.n : 1;
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
