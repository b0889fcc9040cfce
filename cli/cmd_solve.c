/* grundy solve POSITION [--misere | --every | --moore K [--misere]] [--remoteness] [--json]:
 * value, outcome and winning moves, in normal play or a compound play. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cert_value.h"
#include "solve.h"
#include "farm.h"

/* the solution and how it is shown */
typedef struct solved {
    const char *text;        /* the position as grundy writes it */
    size_t nterms;
    const gr_solution *sol;
    cli_moves mv, draws;     /* the solution's moves, as the printers take them */
} solved;

/* the winning moves listed at most (0: all) */
static size_t max_moves_of(const cli_opts *o, size_t nterms) {
    uint64_t max = o->has_max_moves ? o->max_moves : nterms > BIG_SUM_TERMS ? 1 : o->max_moves;
    return max > SIZE_MAX ? SIZE_MAX : (size_t)max;
}

/* a view of the solution's moves as a cli_moves (not owned: never freed) */
static cli_moves view(const gr_move *m, size_t n) { return (cli_moves){(gr_move *)m, n, n, 0}; }

static const char *oc_key(gr_outcome o) { return o == GR_OUTCOME_D ? "D" : o == GR_OUTCOME_N ? "N" : "P"; }

/* "search": what the nimber search of the position's first board or graph
 * game did (its threads, the positions each walked, its table), when it
 * has one */
static void search_json(json_writer *w, gr_position *pos) {
    gr_term_info t;
    gr_board_stats bs = GR_SIZED(gr_board_stats);
    gr_error err;
    size_t i = 0;
    while (gr_position_term(pos, i, &t) == GR_OK && gr_ruleset_board_stats(t.ruleset, &bs, &err) != GR_OK) i++;
    if (i == gr_position_count(pos)) return;
    json_key(w, "search");
    json_object_begin(w);
    json_key(w, "threads");
    json_uint(w, bs.threads);
    json_key(w, "positions");
    json_uint(w, bs.positions);
    json_key(w, "thread_positions");
    json_uint_array(w, bs.thread_positions, bs.threads);
    json_key(w, "entries");
    json_uint(w, bs.entries);
    json_object_end(w);
}

static void print_json(const solved *s, gr_position *pos, int *rc) {
    const gr_solution *r = s->sol;
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_key(&w, "position");
    json_string(&w, s->text);
    json_key(&w, "terms");
    json_uint(&w, s->nterms);
    json_key(&w, "play");
    json_string(&w, r->play);
    json_key(&w, "value");
    if (r->has_value) json_uint(&w, r->value);
    else json_null(&w);
    json_key(&w, "outcome");
    json_string(&w, oc_key(r->outcome));
    json_key(&w, "method");
    json_string(&w, r->method);
    if (r->infinite) {
        json_key(&w, "loopy");
        json_object_begin(&w);
        json_key(&w, "infinite");
        json_bool(&w, 1);
        json_key(&w, "K");
        json_uint_array(&w, r->K, r->nK);
        json_object_end(&w);
    }
    if (r->has_min_first_take) {
        json_key(&w, "min_first_take");
        json_uint(&w, r->min_first_take);
    }
    if (!strcmp(r->play, "misere")) {
        json_key(&w, "sj");
        json_string(&w, oc_key(r->sj));
        json_key(&w, "searched");
        json_uint(&w, r->searched);
    }
    if (!strcmp(r->play, "moore") || !strcmp(r->play, "misere-moore")) {
        json_key(&w, "k");
        json_uint(&w, r->k);
    }
    if (r->steps) {
        json_key(&w, "steps");
        json_uint_array(&w, r->steps, r->nsteps);
        json_key(&w, "decisive");
        json_uint(&w, r->decisive);
    }
    cli_moves_json(&w, pos, &s->mv, r->one_move, rc);
    json_key(&w, "winning_moves_complete");
    json_bool(&w, r->one_move || r->moves_complete);
    if (r->outcome == GR_OUTCOME_D) {
        json_key(&w, "draw_moves");
        json_array_begin(&w);
        if (!cli_positions_json(&w, pos, &s->draws)) { *rc = 1; return; }
        json_array_end(&w);
        json_key(&w, "draw_moves_complete");
        json_bool(&w, r->draw_moves_complete);
    }
    search_json(&w, pos);
    json_object_end(&w);
    json_line_end(&w);
}

static const char *outcome_text(gr_outcome o) {
    return o == GR_OUTCOME_N ? "N (the player to move wins)" : "P (the player to move loses)";
}

static void print_human(const solved *s, gr_position *pos, int *rc) {
    const gr_solution *r = s->sol;
    printf("position: %s\n", s->nterms <= HUMAN_FULL_TERMS ? s->text : "(a sum of many terms)");
    printf("terms:    %zu\n", s->nterms);
    if (r->infinite) {
        printf("value:    ");
        cli_print_infinite(r->K, r->nK, 64);
        printf(" (infinite: the finite values it can move to)\n");
        printf("outcome:  %s\n", r->outcome == GR_OUTCOME_D ? "D (a draw: neither player can force a win)" : outcome_text(r->outcome));
        printf("method:   generalized-sg (Smith's rule for sums of loopy games)\n");
        if (r->outcome == GR_OUTCOME_D)
            cli_moves_list_human(CLI_LANG_EN, pos, &s->draws, "moves that keep the draw", r->draw_moves_complete, rc);
        else cli_moves_human(pos, &s->mv, 0, r->moves_complete, rc);
        return;
    }
    if (!strcmp(r->play, "normal")) {
        if (r->has_value) printf("value:    %llu\n", (unsigned long long)r->value);
        else printf("value:    unknown (grundy knows only the outcome of a position this large)\n");
        printf("outcome:  %s\n", outcome_text(r->outcome));
        if (r->has_value) printf("method:   sg-theorem (the value of a sum is the XOR of its terms' values)\n");
        else printf("method:   formula (the outcome of the one term whose value is unknown)\n");
        if (r->has_min_first_take) printf("least winning first take: %llu\n", (unsigned long long)r->min_first_take);
    } else if (!strcmp(r->play, "misere")) {
        printf("play:     misère (the last player to move loses)\n");
        printf("value:    %llu (normal play)\n", (unsigned long long)r->value);
        printf("outcome:  %s\n", outcome_text(r->outcome));
        printf("method:   %s", r->method);
        if (r->searched) printf(" (%llu positions)", (unsigned long long)r->searched);
        printf("\nsj rule:  %s%s\n", r->sj == GR_OUTCOME_N ? "N" : "P",
               r->sj != r->outcome ? " (wrong here: the SJ rule does not apply)" : "");
    } else if (r->steps) {
        printf("play:     every (each turn, a move in every component that can move)\n");
        printf("outcome:  %s\n", outcome_text(r->outcome));
        printf("steps:   ");
        for (size_t i = 0; i < r->nsteps && i < 64; i++) printf(" %llu", (unsigned long long)r->steps[i]);
        printf("%s\ndecisive: term %zu (the largest step)\n", r->nsteps > 64 ? " ..." : "", r->decisive + 1);
    } else {
        int mis = !strcmp(r->play, "misere-moore");
        printf("play:     Moore's Nim-%llu%s (a move takes from 1 to %llu heaps)\n", (unsigned long long)r->k,
               mis ? ", misère" : "", (unsigned long long)r->k);
        printf("outcome:  %s\n", outcome_text(r->outcome));
    }
    if (r->outcome == GR_OUTCOME_N) cli_moves_human(pos, &s->mv, r->one_move, r->moves_complete, rc);
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
    gr_play play;
    int rc = cli_play_of(o, &play);
    if (rc) return rc;
    int modes = play.mode != GR_PLAY_NORMAL;
    if (o->remoteness && (o->every || o->has_moore || o->plot_path))
        return cli_usage_error("--remoteness goes with normal play or --misere only: drop --every, --moore and --plot%s", "");
    if (o->certificate && (modes || o->remoteness))
        return cli_usage_error("--certificate certifies the normal-play value: drop --misere, --every, --moore and --remoteness%s", "");
    if (o->plot_path && modes)
        return cli_usage_error("--plot draws the winning moves of normal play: drop --misere, --every and --moore%s", "");
    if ((rc = cli_setup(o, &ctx, CLI_DEFAULT_SECONDS)) != 0) goto out;
    if ((rc = cli_load_position(o, ctx, 0, &pos, &source)) != 0) goto out;
    if ((rc = cli_board_table_load(o, pos, &brs)) != 0) goto out;
    if (o->mpi && (rc = cli_mpi_board(o, ctx, pos, 1)) != 0) goto out;
    s.nterms = gr_position_count(pos);
    if (gr_position_format(pos, &text, NULL) != GR_OK) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    s.text = text;
    if (o->remoteness) {
        rc = cli_solve_remoteness(o, pos, text, source);
        goto out;
    }
    cli_progress prog;
    cli_progress_attach(&prog, o, pos);
    play.max_moves = max_moves_of(o, s.nterms);
    gr_solution *sol = NULL;
    cli_board_saver saver;
    cli_board_saver_start(&saver, o, ctx, brs);
    gr_status st;
    do st = gr_position_solve(pos, &play, &sol, &err);
    while (cli_board_saver_again(&saver, st, &err));
    cli_board_saver_stop(&saver);
    cli_progress_detach(&prog);
    if (st != GR_OK) { rc = cli_report(&err, source, source != NULL); goto out; }
    s.sol = sol;
    s.mv = view(sol->moves, sol->nmoves);
    s.draws = view(sol->draw_moves, sol->ndraw_moves);
    /* the certificate first: a term it does not cover is refused before anything is printed */
    if (o->certificate && (rc = cli_value_certificate_write(o->certificate, pos)) != 0) goto out;
    if (o->json) print_json(&s, pos, &rc);
    else print_human(&s, pos, &rc);
    if (o->plot_path && rc == 0) rc = cli_board_svg(o->plot_path, pos);
out:
    rc = cli_board_table_save(o, brs, rc); /* also when the run stopped: a long search resumes from it */
    gr_solution_free((gr_solution *)s.sol);
    free(text);
    gr_position_free(pos);
    gr_ctx_free(ctx);
    return rc;
}
