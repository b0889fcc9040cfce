/* grundy play: whether a typed move is legal, and why not. A move is
 * typed as the whole position it leaves, as `i: TERM` (term i becomes
 * TERM; several joined by ';'), or as `#N` (the N-th move `?` lists); the
 * library's gr_position_check_move decides whether the position is one
 * legal move away. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include "play.h"
#include "solve.h"

gr_play play_of_game(const play_game *g, size_t max) {
    gr_play p = g->play;
    p.max_moves = max;
    return p;
}

gr_status play_winning(play_game *g, size_t max, cli_moves *mv, int *wins, gr_error *err) {
    gr_ctx_set_time_limit(g->ctx, g->seconds);
    gr_play p = play_of_game(g, max);
    gr_solution *s = NULL;
    *wins = 0;
    gr_status st = gr_position_solve(g->pos, &p, &s, err);
    if (st != GR_OK) return st;
    *wins = s->outcome == GR_OUTCOME_N && s->nmoves > 0;
    for (size_t k = 0; k < s->nmoves && !mv->oom; k++) cli_moves_collect(mv, &s->moves[k]);
    gr_solution_free(s);
    return mv->oom ? (*err = (gr_error){GR_ENOMEM, 0, 0, "out of memory"}, GR_ENOMEM) : GR_OK;
}

/* `#N`: the N-th move gr_position_moves lists */
static int pick_listed(play_game *g, const char *s, char **after, char *why, size_t wl) {
    uint64_t want;
    if (cli_parse_u64(s, &want) != 0 || !want) { snprintf(why, wl, "`#N` needs a move number N from the list `?` shows"); return 0; }
    if (g->rules.shape != GR_MOVE_ONE_TERM) {
        snprintf(why, wl, "`#N` picks a move of one term; here write the position, or `i: TERM; j: TERM`");
        return 0;
    }
    cli_moves mv = {0};
    int complete = 1, rc = 0;
    gr_error err;
    if (gr_position_moves(g->pos, want <= PLAY_LIST_MAX ? (size_t)want : PLAY_LIST_MAX, cli_moves_collect, &mv,
                          &complete, &err) != GR_OK) {
        snprintf(why, wl, "%s", err.message);
        rc = -1;
    } else if (mv.oom) {
        snprintf(why, wl, "out of memory");
        rc = -1;
    } else if (want > mv.n) {
        snprintf(why, wl, "there is no move #%llu: `?` lists the moves", (unsigned long long)want);
    } else {
        rc = gr_position_format_after(g->pos, &mv.list[want - 1], after, NULL) == GR_OK ? 1 : -1;
        if (rc < 0) snprintf(why, wl, "out of memory");
    }
    cli_moves_free(&mv);
    return rc;
}

/* the first ';' outside brackets (a rule's clauses are joined by ';' too) */
static char *top_semicolon(char *p) {
    int depth = 0;
    for (; *p; p++) {
        if (*p == '[' || *p == '(') depth++;
        else if ((*p == ']' || *p == ')') && depth) depth--;
        else if (*p == ';' && !depth) return p;
    }
    return NULL;
}

/* `i: TERM; j: TERM`: the position they leave (malloc'd), or NULL with why */
static char *apply_terms(play_game *g, const char *s, char *why, size_t wl, int *failed) {
    size_t n = gr_position_count(g->pos), nm = 0, cap = 0;
    gr_move *mv = NULL;
    char *out = NULL, *copy = malloc(strlen(s) + 1);
    *failed = 1;
    if (!copy) { snprintf(why, wl, "out of memory"); return NULL; }
    strcpy(copy, s);
    for (char *p = copy, *next; p; p = next) {
        next = top_semicolon(p);
        if (next) *next++ = '\0';
        while (isspace((unsigned char)*p)) p++;
        if (!*p) continue;
        char *colon = strchr(p, ':');
        uint64_t i = 0;
        if (colon) *colon = '\0';
        char *end = colon ? colon : p + strlen(p);
        while (end > p && isspace((unsigned char)end[-1])) *--end = '\0';
        if (!colon || cli_parse_u64(p, &i) != 0) {
            *failed = 0;
            snprintf(why, wl, "write a move as `i: TERM` (term i becomes TERM), several joined by ';'");
            goto out;
        }
        if (i < 1 || i > n) {
            *failed = 0;
            snprintf(why, wl, "there is no term %llu: the position has %zu term%s", (unsigned long long)i, n, n == 1 ? "" : "s");
            goto out;
        }
        char *term = colon + 1;
        while (isspace((unsigned char)*term)) term++;
        /* the term alone must parse: its errors name its own columns */
        gr_position *tp = NULL;
        gr_error err;
        if (cli_parse(g->ctx, term, strlen(term), 0, &tp, &err) != GR_OK) {
            *failed = 0;
            snprintf(why, wl, "%s: at column %zu: %s", term, err.column, err.message);
            goto out;
        }
        gr_position_free(tp);
        if (nm == cap) {
            size_t nc = cap ? cap * 2 : 4;
            gr_move *nl = realloc(mv, nc * sizeof *nl);
            if (!nl) { snprintf(why, wl, "out of memory"); goto out; }
            mv = nl;
            cap = nc;
        }
        mv[nm++] = (gr_move){.component = (size_t)i - 1, .from = "", .to = term};
    }
    if (gr_position_format_moves(g->pos, mv, nm, &out, NULL) != GR_OK) { snprintf(why, wl, "out of memory"); goto out; }
    *failed = 0;
out:
    free(mv);
    free(copy);
    return out;
}

int play_check(play_game *g, const char *typed, char **after, char *why, size_t wl) {
    *after = NULL;
    while (isspace((unsigned char)*typed)) typed++;
    if (*typed == '#') return pick_listed(g, typed + 1, after, why, wl);
    const char *p = typed;
    while (isdigit((unsigned char)*p)) p++;
    while (isspace((unsigned char)*p) && p > typed) p++;
    char *text = NULL;
    if (p > typed && *p == ':') {
        int failed;
        if (!(text = apply_terms(g, typed, why, wl, &failed))) return failed ? -1 : 0;
    } else {
        text = malloc(strlen(typed) + 1);
        if (!text) { snprintf(why, wl, "out of memory"); return -1; }
        strcpy(text, typed);
    }
    gr_position *cand = NULL;
    gr_error err;
    int rc;
    if (cli_parse(g->ctx, text, strlen(text), 0, &cand, &err) != GR_OK) {
        snprintf(why, wl, "not a position: at column %zu: %s", err.column, err.message);
        rc = 0;
    } else {
        gr_play play = play_of_game(g, 1);
        gr_move_check mc = GR_SIZED(gr_move_check);
        if (gr_position_check_move(g->pos, &play, cand, &mc, &err) != GR_OK) {
            snprintf(why, wl, "%s", err.message);
            rc = -1;
        } else if (mc.legal) {
            *after = mc.after;
            rc = 1;
        } else {
            snprintf(why, wl, "%s", mc.why);
            rc = 0;
        }
    }
    gr_position_free(cand);
    free(text);
    return rc;
}
