/* grundy move POSITION [--misere|--every|--moore K] [--json]: the move
 * perfect play makes from POSITION (the one `grundy play` makes), why it
 * was chosen, the position it leaves, and every move the player to move
 * has (with its outcome and remoteness where those are known), so a script
 * or a web page can play a game one call per turn. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "play.h"

#define MOVE_OPTIONS 40 /* options listed by default */

static const char *REASON_KEY[] = {"fastest-win", "wins", "keeps-draw", "longest", "leaves-most"};
static const char *REASON_TEXT[] = {
    "the winning move of least remoteness (grundy wins as fast as it can)",
    "a winning move",
    "no winning move: it keeps the draw",
    "no winning move: the move of largest remoteness, to make the game last",
    "no winning move: the move that leaves the most, to make the game last",
};

static const char *mode_key(const play_game *g) {
    return g->mode == PLAY_MISERE ? "misere" : g->mode == PLAY_EVERY ? "every" : g->mode == PLAY_MOORE ? "moore" : "normal";
}
static const char *oc(gr_outcome o) { return o == GR_OUTCOME_P ? "P" : o == GR_OUTCOME_N ? "N" : "D"; }

/* the outcome of the position for the player to move, from grundy's choice */
static const char *choice_outcome(const play_choice *c) {
    return c->reason == PLAY_FASTEST_WIN || c->reason == PLAY_WINS ? "N" : c->reason == PLAY_KEEPS_DRAW ? "D" : "P";
}

static char *after_text(gr_position *pos, const cli_moves *mv, size_t first, size_t count) {
    char *out = NULL;
    gr_status st = count == 1 ? gr_position_format_after(pos, &mv->list[first], &out, NULL)
                              : gr_position_format_moves(pos, mv->list + first, count, &out, NULL);
    return st == GR_OK ? out : NULL;
}

static void json_move(json_writer *w, const gr_move *m) {
    json_object_begin(w);
    json_key(w, "component"); json_uint(w, m->component);
    json_key(w, "from"); json_string(w, m->from);
    json_key(w, "to"); json_string(w, m->to);
}

/* "options": every move of a normal or misère game (with outcome and
 * remoteness when the search knows them), each term's moves in Every-SG,
 * none in Moore's Nim-k (any 1..k heaps to any smaller sizes); 0 or 1 */
static int options_json(json_writer *w, play_game *g, size_t max) {
    int complete = 1;
    json_key(w, "options");
    json_array_begin(w);
    if (g->mode == PLAY_EVERY) {
        char why[512];
        for (size_t i = 0; i < gr_position_count(g->pos); i++) {
            cli_moves one = {0};
            int c = 1;
            if (play_term_moves(g, i, max, &one, &c, why, sizeof why) != 0) { cli_moves_free(&one); return 1; }
            char *from = NULL;
            if (gr_position_term_format(g->pos, i, &from) != GR_OK) {
                cli_moves_free(&one);
                return 1;
            }
            json_object_begin(w);
            json_key(w, "component"); json_uint(w, i);
            json_key(w, "from"); json_string(w, from);
            json_key(w, "to");
            json_array_begin(w);
            for (size_t k = 0; k < one.n; k++) json_string(w, one.list[k].to);
            json_array_end(w);
            json_key(w, "complete"); json_bool(w, c);
            json_object_end(w);
            free(from);
            complete &= c;
            cli_moves_free(&one);
        }
    } else if (g->mode != PLAY_MOORE) {
        cli_rmoves l = {0};
        cli_moves plain = {0};
        const cli_moves *mv = &l.mv;
        gr_error err;
        if (play_remote_moves(g, max, &l, &complete) != 0) {
            cli_rmoves_free(&l);
            l = (cli_rmoves){0};
            complete = 1;
            if (gr_position_moves(g->pos, max, cli_moves_collect, &plain, &complete, &err) != GR_OK || plain.oom) {
                cli_moves_free(&plain);
                return 1;
            }
            mv = &plain;
        }
        for (size_t k = 0; k < mv->n; k++) {
            char *after = after_text(g->pos, mv, k, 1);
            if (!after) { cli_rmoves_free(&l); cli_moves_free(&plain); return 1; }
            json_move(w, &mv->list[k]);
            json_key(w, "position"); json_string(w, after);
            if (l.after) {
                json_key(w, "outcome"); json_string(w, oc(l.after[k].outcome));
                if (l.after[k].outcome != GR_OUTCOME_D) { json_key(w, "remoteness"); json_uint(w, l.after[k].remoteness); }
            }
            json_object_end(w);
            free(after);
        }
        cli_rmoves_free(&l);
        cli_moves_free(&plain);
    }
    json_array_end(w);
    json_key(w, "options_complete"); json_bool(w, complete && g->mode != PLAY_MOORE);
    return 0;
}

static int print_json(play_game *g, const char *text, const play_choice *c, const char *after, size_t max) {
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_key(&w, "position"); json_string(&w, text);
    json_key(&w, "play"); json_string(&w, mode_key(g));
    if (g->mode == PLAY_MOORE) { json_key(&w, "k"); json_uint(&w, g->k); }
    if (g->mode == PLAY_MOORE && g->misere) { json_key(&w, "misere"); json_bool(&w, 1); }
    json_key(&w, "over"); json_bool(&w, !c);
    if (c) {
        json_key(&w, "outcome"); json_string(&w, choice_outcome(c));
        if (c->has_remoteness && c->after.outcome != GR_OUTCOME_D) {
            json_key(&w, "remoteness"); json_uint(&w, c->after.remoteness + 1);
        }
        json_key(&w, "move");
        json_array_begin(&w);
        for (size_t k = 0; k < c->count; k++) { json_move(&w, &c->mv.list[k]); json_object_end(&w); }
        json_array_end(&w);
        json_key(&w, "position_after"); json_string(&w, after);
        json_key(&w, "reason"); json_string(&w, REASON_KEY[c->reason]);
    } else {
        int mover_wins = g->mode == PLAY_MISERE || (g->mode == PLAY_MOORE && g->misere);
        json_key(&w, "outcome"); json_string(&w, mover_wins ? "N" : "P");
        json_key(&w, "remoteness"); json_uint(&w, 0);
    }
    if (options_json(&w, g, max)) return 1;
    json_object_end(&w);
    json_line_end(&w);
    return 0;
}

static void print_human(const char *text, const play_choice *c, const char *after, int misere) {
    printf("position: %s\n", text);
    if (!c) {
        printf("no move: the player to move has none, and %s\n", misere ? "wins (misère play)" : "loses");
        return;
    }
    printf("grundy plays");
    for (size_t k = 0; k < c->count; k++)
        printf("%s term %zu: %s -> %s", k ? ";" : "", c->mv.list[k].component + 1, c->mv.list[k].from, c->mv.list[k].to);
    printf("\n  %s\n", REASON_TEXT[c->reason]);
    printf("leaves: %s", after);
    if (c->has_remoteness) {
        if (c->after.outcome == GR_OUTCOME_D) printf("  (a draw)");
        else printf("  (%s: %llu more move%s)", oc(c->after.outcome), (unsigned long long)c->after.remoteness,
                    c->after.remoteness == 1 ? "" : "s");
    }
    printf("\n");
}

int cmd_move(const cli_opts *o) {
    play_game g;
    int rc = play_game_init(&g, o);
    if (rc) return rc;
    size_t max = o->has_max_moves ? (o->max_moves ? (size_t)o->max_moves : PLAY_LIST_MAX) : MOVE_OPTIONS;
    const char *source = NULL;
    char *text = NULL, *after = NULL, why[1024];
    play_choice c = {0};
    if ((rc = cli_setup(o, &g.ctx, CLI_DEFAULT_SECONDS)) != 0) return rc;
    gr_error err;
    if ((rc = cli_load_position(o, g.ctx, 0, &g.pos, &source)) != 0) goto out;
    if (gr_position_format(g.pos, &text, NULL) != GR_OK) { rc = 1; goto out; }
    /* no move at all: the game is over (every mode agrees on who won) */
    cli_moves any = {0};
    int complete;
    gr_status st = gr_position_moves(g.pos, 1, cli_moves_collect, &any, &complete, &err);
    int over = st == GR_OK && any.n == 0;
    cli_moves_free(&any);
    if (st != GR_OK) { rc = cli_report(&err, source, source != NULL); goto out; }
    if (!over) {
        if ((rc = play_choose(&g, &c, why, sizeof why)) != 0) {
            fprintf(stderr, "grundy: error: %s\n", why);
            goto out;
        }
        if (!(after = after_text(g.pos, &c.mv, 0, c.count))) { rc = 1; goto out; }
    }
    int misere_end = g.mode == PLAY_MISERE || (g.mode == PLAY_MOORE && g.misere);
    if (o->json) rc = print_json(&g, text, over ? NULL : &c, after, max);
    else print_human(text, over ? NULL : &c, after, misere_end);
out:
    if (rc == 1 && !o->json) fflush(stdout);
    play_choice_free(&c);
    free(after);
    free(text);
    gr_position_free(g.pos);
    gr_ctx_free(g.ctx);
    return rc;
}
