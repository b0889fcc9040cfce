/* grundy play POSITION [--misere|--every|--moore K] [--first me|grundy]:
 * a game against perfect play. The player types moves (play_check.c
 * decides whether they are legal); grundy answers with a winning move when
 * it has one, keeps a draw in a loopy game, and otherwise drags the game
 * out (the move that leaves the largest position), so a learner can find
 * the win. Moves are read a line at a time from stdin: at a terminal with
 * a prompt, from a pipe or file echoed, so a script's transcript reads
 * like a game. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>
#include "play.h"
#include "solve.h"

#define PLAY_LINE_MAX 65536
#define PLAY_SHOWN 40 /* moves `?` shows */

static void show_position(play_game *g) {
    char *text = NULL;
    if (gr_position_format(g->pos, &text, NULL) == GR_OK) printf("position: %s\n", text);
    free(text);
}

/* whether the player to move has no move */
static int terminal(play_game *g, int *over, gr_error *err) {
    cli_moves mv = {0};
    int complete;
    gr_status st = gr_position_moves(g->pos, 1, cli_moves_collect, &mv, &complete, err);
    *over = mv.n == 0;
    cli_moves_free(&mv);
    return st == GR_OK ? 0 : -1;
}

static int set_position(play_game *g, const char *text, gr_error *err) {
    gr_position *p = NULL;
    if (cli_parse(g->ctx, text, strlen(text), 0, &p, err) != GR_OK) return -1;
    gr_position_free(g->pos);
    g->pos = p;
    return 0;
}

/* the position after the moves (one move, or one per term for Every-SG and Moore) */
static char *after_moves(play_game *g, const cli_moves *mv, size_t first, size_t count) {
    char *out = NULL;
    if (count == 1 && gr_position_format_after(g->pos, &mv->list[first], &out, NULL) == GR_OK) return out;
    if (count != 1 && gr_position_format_moves(g->pos, mv->list + first, count, &out, NULL) == GR_OK) return out;
    return NULL;
}

static void print_moves(const char *who, const cli_moves *mv, size_t first, size_t count) {
    printf("%s", who);
    for (size_t k = first; k < first + count; k++)
        printf("%s term %zu: %s -> %s", k > first ? ";" : "", mv->list[k].component + 1, mv->list[k].from,
               mv->list[k].to);
    printf("\n");
}

/* grundy moves; 0, or the exit code after an error */
static int grundy_moves(play_game *g) {
    play_choice c;
    char why[512];
    gr_error err;
    int rc = play_choose(g, &c, why, sizeof why);
    if (rc) {
        fprintf(stderr, "grundy: error: %s\n", why);
        play_choice_free(&c);
        return rc;
    }
    char *after = after_moves(g, &c.mv, 0, c.count);
    if (!after) { fprintf(stderr, "grundy: error: out of memory\n"); play_choice_free(&c); return 1; }
    if (c.reason != PLAY_WINS && c.reason != PLAY_FASTEST_WIN) printf("%s\n", play_reason_note(c.reason));
    print_moves("grundy:", &c.mv, 0, c.count);
    if (set_position(g, after, &err) != 0) rc = cli_report(&err, NULL, 0);
    free(after);
    play_choice_free(&c);
    return rc;
}

static void print_after(const cli_rmoves *l, size_t k) {
    if (l->after[k].outcome == GR_OUTCOME_D) printf(" (a draw)");
    else printf(" (%llu more move%s)", (unsigned long long)l->after[k].remoteness, l->after[k].remoteness == 1 ? "" : "s");
    printf("\n");
}

/* hint by remoteness; 0 when not known here */
static int remote_hint(play_game *g) {
    cli_rmoves l = {0};
    int complete = 0, known = 0;
    gr_error err;
    if (g->rules.shape != GR_MOVE_ONE_TERM || play_options(g, PLAY_LIST_MAX, &l, &complete, &known, &err) != 0 ||
        !complete || !known || !l.mv.n) {
        cli_rmoves_free(&l);
        return 0;
    }
    size_t *ord = malloc(l.mv.n * sizeof *ord);
    if (!ord) { cli_rmoves_free(&l); return 0; }
    for (size_t k = 0; k < l.mv.n; k++) ord[k] = k;
    for (size_t a = 1; a < l.mv.n; a++) /* best first (few moves: insertion) */
        for (size_t b = a; b > 0 && gr_remoteness_cmp(&l.after[ord[b]], &l.after[ord[b - 1]]) < 0; b--) {
            size_t t = ord[b];
            ord[b] = ord[b - 1];
            ord[b - 1] = t;
        }
    gr_outcome o = l.after[ord[0]].outcome;
    if (o == GR_OUTCOME_P) {
        size_t nwin = 0;
        while (nwin < l.mv.n && l.after[ord[nwin]].outcome == GR_OUTCOME_P) nwin++;
        const gr_move *m = &l.mv.list[ord[0]];
        printf("hint: %s term %zu: %s -> %s\n", nwin > 1 ? "winning moves:" : "a winning move:", m->component + 1,
               m->from, m->to);
        printf("  (the fastest win: %llu more move%s after it)\n", (unsigned long long)l.after[ord[0]].remoteness,
               l.after[ord[0]].remoteness == 1 ? "" : "s");
        for (size_t k = 1; k < nwin && k < 3; k++) {
            m = &l.mv.list[ord[k]];
            printf("  or term %zu: %s -> %s", m->component + 1, m->from, m->to);
            print_after(&l, ord[k]);
        }
    } else {
        printf(o == GR_OUTCOME_D ? "hint: no winning move: the position is a draw; keep it with\n"
                                 : "hint: no winning move: every move leaves grundy a won position; the longest "
                                   "game comes from\n");
        printf("  term %zu: %s -> %s", l.mv.list[ord[0]].component + 1, l.mv.list[ord[0]].from, l.mv.list[ord[0]].to);
        print_after(&l, ord[0]);
    }
    free(ord);
    cli_rmoves_free(&l);
    return 1;
}

static void hint(play_game *g) {
    cli_moves mv = {0};
    gr_error err;
    int wins = 0;
    if (remote_hint(g)) return;
    if (play_winning(g, 3, &mv, &wins, &err) != GR_OK) {
        printf("hint: grundy cannot tell here: %s\n", err.message);
    } else if (mv.n) {
        int every = g->rules.shape != GR_MOVE_ONE_TERM;
        print_moves(every ? "hint: the winning move is" : mv.n > 1 ? "hint: winning moves:" : "hint: a winning move:",
                    &mv, 0, every ? mv.n : 1);
        for (size_t k = 1; !every && k < mv.n; k++) print_moves("  or", &mv, k, 1);
    } else {
        gr_play p = play_of_game(g, 1);
        gr_solution *s = NULL;
        gr_ctx_set_time_limit(g->ctx, g->seconds);
        if (gr_position_solve(g->pos, &p, &s, &err) == GR_OK && s->outcome == GR_OUTCOME_D)
            printf("hint: no winning move: the position is a draw; a move that keeps it a draw is the best there is\n");
        else
            printf("hint: no winning move: %s, so every move leaves grundy a won position; play on and watch\n",
                   s && s->has_value && !s->value && g->rules.last_move_wins && g->rules.shape == GR_MOVE_ONE_TERM
                       ? "the position has value 0"
                       : "the player to move loses this position");
        gr_solution_free(s);
    }
    cli_moves_free(&mv);
}

static void list_moves(play_game *g) {
    cli_rmoves l = {0};
    int complete = 1, known = 0, every = g->rules.shape == GR_MOVE_EVERY_TERM;
    gr_error err;
    if (g->rules.shape == GR_MOVE_UP_TO_K) {
        printf("a move takes from 1 to %llu heaps (each to any smaller size)\n", (unsigned long long)g->rules.k);
        return;
    }
    if (play_options(g, PLAY_SHOWN + 1, &l, &complete, &known, &err) != 0) {
        printf("grundy cannot list the moves: %s\n", err.message);
        cli_rmoves_free(&l);
        return;
    }
    if (every) {
        printf("a move moves every term that can move; each term's moves:\n");
        for (size_t i = 0, k = 0; i < gr_position_count(g->pos); i++) {
            size_t n = 0;
            printf("  term %zu:", i + 1);
            for (; k < l.mv.n && l.mv.list[k].component == i; k++, n++)
                if (n < PLAY_SHOWN) printf("%s %s", n ? "," : "", l.mv.list[k].to);
            printf("%s\n", n ? (n <= PLAY_SHOWN ? "" : ", ...") : " (no move)");
        }
    } else {
        printf(known ? "moves (type `#N` for move N, or the move itself; after each, what it leaves the player to move\n"
                       "next: P lost, N won, D a draw, and how many moves are then left):\n"
                     : "moves (type `#N` for move N, or the move itself):\n");
        for (size_t k = 0; k < l.mv.n && k < PLAY_SHOWN; k++) {
            printf("  #%zu  term %zu: %s -> %s", k + 1, l.mv.list[k].component + 1, l.mv.list[k].from, l.mv.list[k].to);
            if (known) {
                gr_outcome o = l.after[k].outcome;
                printf("  %s", o == GR_OUTCOME_P ? "P" : o == GR_OUTCOME_N ? "N" : "D");
                if (o != GR_OUTCOME_D) printf(" %llu", (unsigned long long)l.after[k].remoteness);
            }
            printf("\n");
        }
        if (l.mv.n > PLAY_SHOWN || !complete) printf("  ... and more\n");
    }
    cli_rmoves_free(&l);
}

/* one line of stdin (without its newline) into buf; 0 at the end of input */
static int read_line(char *buf, size_t n, int *too_long) {
    *too_long = 0;
    if (!fgets(buf, (int)n, stdin)) return 0;
    size_t k = strlen(buf);
    if (k && buf[k - 1] == '\n') buf[--k] = '\0';
    else if (!feof(stdin)) {
        int c;
        while ((c = getchar()) != EOF && c != '\n') {}
        *too_long = 1;
    }
    if (k && buf[k - 1] == '\r') buf[--k] = '\0';
    return 1;
}

static void help_lines(void) {
    printf("Type a move as `i: TERM` (term i becomes TERM; in Every-SG and Moore several, joined by ';'),\n"
           "or the whole position after it, or `#N` for move N of the list; `?` lists the moves,\n"
           "`hint` shows a winning move, `help` this text, `quit` stops.\n");
}

int cmd_play(const cli_opts *o) {
    if (o->json) return cli_usage_error("play is a game in the terminal: it has no --json%s", "");
    play_game g;
    int rc = play_game_init(&g, o);
    if (rc) return rc;
    int me_first = 1;
    if (o->first) {
        if (!strcmp(o->first, "grundy")) me_first = 0;
        else if (strcmp(o->first, "me")) return cli_usage_error("--first takes 'me' or 'grundy', not '%s'", o->first);
    }
    for (int i = 0; i < o->npos; i++)
        if (!strcmp(o->pos[i], "-"))
            return cli_usage_error("play reads the moves from stdin: give the position as arguments, @FILE or --file FILE%s", "");
    if (o->file && !strcmp(o->file, "-"))
        return cli_usage_error("play reads the moves from stdin: give the position as arguments, @FILE or --file FILE%s", "");
    const char *source = NULL;
    if ((rc = cli_setup(o, &g.ctx, CLI_DEFAULT_SECONDS)) != 0) return rc;
    char *line = malloc(PLAY_LINE_MAX);
    if (!line) { fprintf(stderr, "grundy: error: out of memory\n"); gr_ctx_free(g.ctx); return 1; }
    if ((rc = cli_load_position(o, g.ctx, 0, &g.pos, &source)) != 0) goto out;
    gr_error err;
    /* the mode must be able to judge this position before the game starts */
    {
        cli_moves mv = {0};
        int wins;
        gr_status st = play_winning(&g, 1, &mv, &wins, &err);
        cli_moves_free(&mv);
        if (st != GR_OK) { rc = cli_report(&err, source, source != NULL); goto out; }
    }
    int interactive = isatty(STDIN_FILENO);
    printf("grundy play, %s.\n", g.rules.rule);
    help_lines();
    printf("%s move first.\n\n", me_first ? "You" : "grundy will");
    int human = me_first, moves = 0;
    for (;;) {
        show_position(&g);
        int over;
        if (terminal(&g, &over, &err) != 0) { rc = cli_report(&err, NULL, 0); goto out; }
        if (over) {
            int last_wins = g.rules.last_move_wins;
            const char *mover = human ? "you" : "grundy", *other = human ? "grundy" : "you";
            if (!moves)
                printf("\nThe position has no move: %s, to move, %s.\n", mover,
                       last_wins ? (human ? "lose" : "loses") : (human ? "win" : "wins"));
            else if (last_wins)
                printf("\n%s cannot move: %s made the last move and %s.\n", human ? "You" : "grundy", other,
                       human ? "wins" : "win");
            else
                printf("\n%s cannot move, so %s made the last move: in misère play that loses, so %s %s.\n",
                       human ? "You" : "grundy", other, mover, human ? "win" : "wins");
            break;
        }
        if (!human) {
            if ((rc = grundy_moves(&g)) != 0) goto out;
            moves++;
            human = 1;
            fflush(stdout);
            continue;
        }
        for (;;) {
            printf("your move> ");
            fflush(stdout);
            int too_long;
            if (!read_line(line, PLAY_LINE_MAX, &too_long)) {
                printf("\n(end of input: the game stops after %d move%s)\n", moves, moves == 1 ? "" : "s");
                goto out;
            }
            if (!interactive) printf("%s\n", line);
            char *s = line;
            while (isspace((unsigned char)*s)) s++;
            size_t k = strlen(s);
            while (k && isspace((unsigned char)s[k - 1])) s[--k] = '\0';
            if (too_long) { printf("that line is longer than %d bytes: not read\n", PLAY_LINE_MAX - 2); continue; }
            if (!*s) continue;
            if (!strcmp(s, "quit") || !strcmp(s, "q") || !strcmp(s, "exit")) {
                printf("(the game stops after %d move%s)\n", moves, moves == 1 ? "" : "s");
                goto out;
            }
            if (!strcmp(s, "?") || !strcmp(s, "moves")) { list_moves(&g); continue; }
            if (!strcmp(s, "hint")) { hint(&g); continue; }
            if (!strcmp(s, "help")) { help_lines(); continue; }
            char *after = NULL, why[1024];
            int ok = play_check(&g, s, &after, why, sizeof why);
            if (ok < 0) { fprintf(stderr, "grundy: error: %s\n", why); rc = 1; goto out; }
            if (!ok) { printf("illegal move: %s\n", why); continue; }
            int bad = set_position(&g, after, &err);
            free(after);
            if (bad) { rc = cli_report(&err, NULL, 0); goto out; }
            break;
        }
        moves++;
        human = 0;
    }
out:
    fflush(stdout);
    free(line);
    gr_position_free(g.pos);
    gr_ctx_free(g.ctx);
    return rc;
}
