/* grundy solve POSITION [--misere | --every | --moore K [--misere]] [--remoteness] [--json]:
 * value, outcome and winning moves, in normal play or a compound play. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cert_value.h"
#include "solve.h"

/* what solving found */
typedef struct solved {
    const char *text;        /* the position as grundy writes it */
    size_t nterms;
    const char *play, *method;
    uint64_t v;              /* the value (normal play) ... */
    int known;               /* ... when known */
    int wins, complete;
    int one_position;        /* the moves are one move changing several terms */
    gr_misere mis;           /* --misere */
    uint64_t *steps;         /* --every: each term's step count */
    size_t decisive;
    cli_moves mv;
    /* a loopy sum of infinite value: its K, and the moves that keep a draw */
    int infinite, draw, draws_complete;
    uint64_t *K;
    size_t nK;
    cli_moves draws;
} solved;

/* normal play of a sum with an infinite loopy term: N or D (*done 0 when
 * the sum's value is finite: ordinary play) */
static gr_status solve_loopy(gr_position *pos, size_t maxm, solved *s, int *done, gr_error *err) {
    gr_gvalue gv = GR_SIZED(gr_gvalue);
    *done = 0;
    gr_status st = gr_position_gvalue(pos, &gv, err);
    if (st != GR_OK || !gv.infinite) return st;
    *done = 1;
    s->infinite = 1;
    s->known = 0;
    s->method = "generalized-sg";
    s->K = malloc((gv.nK ? gv.nK : 1) * sizeof *s->K);
    if (!s->K) {
        gr_error_clear(err);
        err->status = GR_ENOMEM;
        snprintf(err->message, sizeof err->message, "out of memory");
        return GR_ENOMEM;
    }
    if (gv.nK) memcpy(s->K, gv.K, gv.nK * sizeof *s->K);
    s->nK = gv.nK;
    gr_outcome oc;
    if ((st = gr_position_loopy_outcome(pos, &oc, err)) != GR_OK) return st;
    s->wins = oc == GR_OUTCOME_N;
    s->draw = oc == GR_OUTCOME_D;
    if (s->wins) return gr_position_winning_moves(pos, maxm, cli_moves_collect, &s->mv, &s->complete, err);
    return gr_position_draw_moves(pos, maxm, cli_moves_collect, &s->draws, &s->draws_complete, err);
}

/* runs the play the options choose; GR_OK or the failure (err set) */
static gr_status solve(const cli_opts *o, gr_position *pos, solved *s, gr_error *err) {
    uint64_t max = o->has_max_moves ? o->max_moves : s->nterms > BIG_SUM_TERMS ? 1 : o->max_moves;
    size_t maxm = (size_t)(max ? max : (uint64_t)SIZE_MAX);
    gr_status st = GR_OK;
    s->play = "normal";
    s->method = "sg-theorem";
    if (o->has_moore) {
        s->play = o->misere ? "misere-moore" : "moore";
        s->method = "moore";
        st = gr_position_moore(pos, o->moore, o->misere, &s->wins, err);
        if (st == GR_OK && s->wins) st = gr_position_moore_move(pos, o->moore, o->misere, cli_moves_collect, &s->mv, err);
        s->one_position = 1;
        s->v = 0;
        if (st == GR_OK) st = gr_position_value(pos, &s->v, err);
    } else if (o->every) {
        s->play = "every";
        s->method = "every-sg";
        st = gr_position_value(pos, &s->v, err);
        if (st == GR_OK) st = gr_position_every(pos, s->steps, &s->wins, &s->decisive, err);
        if (st == GR_OK && s->wins) st = gr_position_every_move(pos, cli_moves_collect, &s->mv, err);
        s->one_position = 1;
    } else if (o->misere) {
        s->play = "misere";
        s->mis = GR_SIZED(gr_misere);
        st = gr_position_misere(pos, &s->mis, err);
        if (st == GR_OK) st = gr_position_misere_moves(pos, maxm, cli_moves_collect, &s->mv, &s->complete, err);
        s->wins = s->mis.wins;
        s->method = s->mis.method;
        s->v = s->mis.value;
    } else {
        int done = 0;
        st = gr_position_outcome(pos, &s->wins, &s->known, &s->v, err);
        /* a loopy game (known as one now that its values were asked for):
         * an infinite value is shown as such, and a draw is an outcome */
        if ((st == GR_OK || st == GR_ECYCLE) && cli_has_loopy_term(pos)) {
            gr_status st2 = solve_loopy(pos, maxm, s, &done, err);
            if (st2 != GR_OK || done) return st2;
        }
        if (st == GR_OK) st = gr_position_winning_moves(pos, maxm, cli_moves_collect, &s->mv, &s->complete, err);
        if (st == GR_OK && !s->known) s->method = "formula";
    }
    return st;
}

static void print_json(const cli_opts *o, gr_position *pos, const solved *s, int *rc) {
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_key(&w, "position");
    json_string(&w, s->text);
    json_key(&w, "terms");
    json_uint(&w, s->nterms);
    json_key(&w, "play");
    json_string(&w, s->play);
    json_key(&w, "value");
    if (s->known) json_uint(&w, s->v);
    else json_null(&w);
    json_key(&w, "outcome");
    json_string(&w, s->draw ? "D" : s->wins ? "N" : "P");
    json_key(&w, "method");
    json_string(&w, s->method);
    if (s->infinite) {
        json_key(&w, "loopy");
        json_object_begin(&w);
        json_key(&w, "infinite");
        json_bool(&w, 1);
        json_key(&w, "K");
        json_uint_array(&w, s->K, s->nK);
        json_object_end(&w);
    }
    uint64_t take;
    if (s->nterms == 1 && !o->misere && !o->every && !o->has_moore && cli_least_winning_take(pos, &take) && s->wins) {
        json_key(&w, "min_first_take");
        json_uint(&w, take);
    }
    if (o->misere && !o->has_moore) {
        json_key(&w, "sj");
        json_string(&w, s->mis.sj_wins ? "N" : "P");
        json_key(&w, "searched");
        json_uint(&w, s->mis.searched);
    }
    if (o->has_moore) {
        json_key(&w, "k");
        json_uint(&w, o->moore);
    }
    if (o->every) {
        json_key(&w, "steps");
        json_uint_array(&w, s->steps, s->nterms);
        json_key(&w, "decisive");
        json_uint(&w, s->decisive);
    }
    cli_moves_json(&w, pos, &s->mv, s->one_position, rc);
    json_key(&w, "winning_moves_complete");
    json_bool(&w, s->one_position || s->complete);
    if (s->draw) {
        json_key(&w, "draw_moves");
        json_array_begin(&w);
        if (!cli_positions_json(&w, pos, &s->draws)) { *rc = 1; return; }
        json_array_end(&w);
        json_key(&w, "draw_moves_complete");
        json_bool(&w, s->draws_complete);
    }
    json_object_end(&w);
    json_line_end(&w);
}

static const char *outcome_text(int wins) {
    return wins ? "N (the player to move wins)" : "P (the player to move loses)";
}

static void print_human(const cli_opts *o, gr_position *pos, const solved *s, int *rc) {
    printf("position: %s\n", s->nterms <= HUMAN_FULL_TERMS ? s->text : "(a sum of many terms)");
    printf("terms:    %zu\n", s->nterms);
    if (s->infinite) {
        printf("value:    ");
        cli_print_infinite(s->K, s->nK, 64);
        printf(" (infinite: the finite values it can move to)\n");
        printf("outcome:  %s\n", s->draw ? "D (a draw: neither player can force a win)" : outcome_text(s->wins));
        printf("method:   generalized-sg (Smith's rule for sums of loopy games)\n");
        if (s->draw) cli_moves_list_human(CLI_LANG_EN, pos, &s->draws, "moves that keep the draw", s->draws_complete, rc);
        else cli_moves_human(pos, &s->mv, 0, s->complete, rc);
        return;
    }
    if (!strcmp(s->play, "normal")) {
        if (s->known) printf("value:    %llu\n", (unsigned long long)s->v);
        else printf("value:    unknown (grundy knows only the outcome of a position this large)\n");
        printf("outcome:  %s\n", outcome_text(s->wins));
        if (s->known) printf("method:   sg-theorem (the value of a sum is the XOR of its terms' values)\n");
        else printf("method:   formula (the outcome of the one term whose value is unknown)\n");
        uint64_t take;
        if (s->nterms == 1 && s->wins && cli_least_winning_take(pos, &take))
            printf("least winning first take: %llu\n", (unsigned long long)take);
    } else if (!strcmp(s->play, "misere")) {
        printf("play:     misère (the last player to move loses)\n");
        printf("value:    %llu (normal play)\n", (unsigned long long)s->v);
        printf("outcome:  %s\n", outcome_text(s->wins));
        printf("method:   %s", s->method);
        if (s->mis.searched) printf(" (%llu positions)", (unsigned long long)s->mis.searched);
        printf("\nsj rule:  %s%s\n", s->mis.sj_wins ? "N" : "P",
               s->mis.sj_wins != s->wins ? " (wrong here: the SJ rule does not apply)" : "");
    } else if (o->every) {
        printf("play:     every (each turn, a move in every component that can move)\n");
        printf("outcome:  %s\n", outcome_text(s->wins));
        printf("steps:   ");
        for (size_t i = 0; i < s->nterms && i < 64; i++) printf(" %llu", (unsigned long long)s->steps[i]);
        printf("%s\ndecisive: term %zu (the largest step)\n", s->nterms > 64 ? " ..." : "", s->decisive + 1);
    } else {
        printf("play:     Moore's Nim-%llu%s (a move takes from 1 to %llu heaps)\n", (unsigned long long)o->moore,
               o->misere ? ", misère" : "", (unsigned long long)o->moore);
        printf("outcome:  %s\n", outcome_text(s->wins));
    }
    if (s->wins) cli_moves_human(pos, &s->mv, s->one_position, s->complete, rc);
}

int cmd_solve(const cli_opts *o) {
    const char *source = NULL;
    gr_ctx *ctx = NULL;
    gr_position *pos = NULL;
    gr_ruleset *brs = NULL;
    gr_error err;
    gr_error_clear(&err);
    char *text = NULL;
    solved s;
    memset(&s, 0, sizeof s);
    s.known = 1;
    s.complete = 1;
    int modes = o->every + o->has_moore + (o->misere && !o->has_moore);
    if (modes > 1 || (o->every && o->misere))
        return cli_usage_error("choose one of --misere, --every, --moore K (--misere may go with --moore)%s", "");
    if (o->remoteness && (o->every || o->has_moore || o->plot_path))
        return cli_usage_error("--remoteness goes with normal play or --misere only: drop --every, --moore and --plot%s", "");
    if (o->certificate && (modes || o->remoteness))
        return cli_usage_error("--certificate certifies the normal-play value: drop --misere, --every, --moore and --remoteness%s", "");
    if (o->plot_path && modes)
        return cli_usage_error("--plot draws the winning moves of normal play: drop --misere, --every and --moore%s", "");
    int rc;
    if ((rc = cli_setup(o, &ctx, CLI_DEFAULT_SECONDS)) != 0) goto out;
    if ((rc = cli_load_position(o, ctx, 0, &pos, &source)) != 0) goto out;
    if ((rc = cli_board_table_load(o, pos, &brs)) != 0) goto out;
    s.nterms = gr_position_count(pos);
    if (gr_position_format(pos, &text, NULL) != GR_OK) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    s.text = text;
    if (o->remoteness) {
        rc = cli_solve_remoteness(o, pos, text, source);
        goto out;
    }
    if (o->every) { /* (--every goes with no other play) */
        s.steps = malloc((s.nterms ? s.nterms : 1) * sizeof *s.steps);
        if (!s.steps) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    }
    cli_progress prog;
    cli_progress_attach(&prog, o, pos);
    gr_status st = solve(o, pos, &s, &err);
    cli_progress_detach(&prog);
    if (st != GR_OK) { rc = cli_report(&err, source, source != NULL); goto out; }
    if (s.mv.oom || s.draws.oom) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    /* the certificate first: a term it does not cover is refused before anything is printed */
    if (o->certificate && (rc = cli_value_certificate_write(o->certificate, pos)) != 0) goto out;
    if (o->json) print_json(o, pos, &s, &rc);
    else print_human(o, pos, &s, &rc);
    if (o->plot_path && rc == 0) rc = cli_board_svg(o->plot_path, pos);
out:
    rc = cli_board_table_save(o, brs, rc); /* also when the run stopped: a long search resumes from it */
    free(s.steps);
    cli_moves_free(&s.mv);
    cli_moves_free(&s.draws);
    free(s.K);
    free(text);
    gr_position_free(pos);
    gr_ctx_free(ctx);
    return rc;
}
