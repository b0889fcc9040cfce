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

/* "options" (gr_position_options, in the play's shape): every move of a
 * one-term play (with outcome and remoteness when the search knows them),
 * each term's moves in Every-SG, none in Moore's Nim-k (any 1..k heaps to
 * any smaller sizes); 0 or 1 */
static int options_json(json_writer *w, play_game *g, size_t max) {
    cli_rmoves l = {0};
    int complete = 1, known = 0, every = g->rules.shape == GR_MOVE_EVERY_TERM;
    gr_error err;
    /* Every-SG: one more per term, to tell a cut term from a full one */
    if (play_options(g, every && max ? max + 1 : max, &l, &complete, &known, &err) != 0) {
        cli_rmoves_free(&l);
        return 1;
    }
    json_key(w, "options");
    json_array_begin(w);
    int rc = 0;
    if (every) {
        complete = 1;
        for (size_t i = 0, k = 0; i < gr_position_count(g->pos) && !rc; i++) {
            char *from = NULL;
            if (gr_position_term_format(g->pos, i, &from) != GR_OK) { rc = 1; break; }
            json_object_begin(w);
            json_key(w, "component"); json_uint(w, i);
            json_key(w, "from"); json_string(w, from);
            json_key(w, "to");
            json_array_begin(w);
            size_t n = 0;
            for (; k < l.mv.n && l.mv.list[k].component == i; k++, n++)
                if (!max || n < max) json_string(w, l.mv.list[k].to);
            json_array_end(w);
            int c = !max || n <= max;
            json_key(w, "complete"); json_bool(w, c);
            json_object_end(w);
            free(from);
            complete &= c;
        }
    } else {
        for (size_t k = 0; k < l.mv.n; k++) {
            char *after = after_text(g->pos, &l.mv, k, 1);
            if (!after) { rc = 1; break; }
            json_move(w, &l.mv.list[k]);
            json_key(w, "position"); json_string(w, after);
            if (known) {
                json_key(w, "outcome"); json_string(w, oc(l.after[k].outcome));
                if (l.after[k].outcome != GR_OUTCOME_D) { json_key(w, "remoteness"); json_uint(w, l.after[k].remoteness); }
            }
            json_object_end(w);
            free(after);
        }
    }
    cli_rmoves_free(&l);
    json_array_end(w);
    json_key(w, "options_complete"); json_bool(w, complete);
    return rc;
}

static int print_json(play_game *g, const char *text, const play_choice *c, const char *after, size_t max) {
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_key(&w, "position"); json_string(&w, text);
    json_key(&w, "play"); json_string(&w, g->rules.mode_name);
    if (g->rules.shape == GR_MOVE_UP_TO_K) { json_key(&w, "k"); json_uint(&w, g->rules.k); }
    if (g->rules.anti) { json_key(&w, "misere"); json_bool(&w, 1); }
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
        json_key(&w, "outcome"); json_string(&w, g->rules.last_move_wins ? "P" : "N");
        json_key(&w, "remoteness"); json_uint(&w, 0);
    }
    if (options_json(&w, g, max)) return 1;
    json_object_end(&w);
    json_line_end(&w);
    return 0;
}

static void print_human(const char *text, const play_choice *c, const char *after, const gr_play_rules *rules) {
    printf("position: %s\n", text);
    if (!c) {
        printf("no move: the player to move has none, and %s\n", rules->last_move_wins ? "loses" : "wins (misère play)");
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
    if (o->json) rc = print_json(&g, text, over ? NULL : &c, after, max);
    else print_human(text, over ? NULL : &c, after, &g.rules);
out:
    if (rc == 1 && !o->json) fflush(stdout);
    play_choice_free(&c);
    free(after);
    free(text);
    gr_position_free(g.pos);
    gr_ctx_free(g.ctx);
    return rc;
}
