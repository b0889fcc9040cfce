/* grundy solve --remoteness POSITION [--misere] [--json]: how long the game
 * lasts when the winner hurries and the loser delays, and every move with
 * the remoteness of the position it leaves, best first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "solve.h"

int cli_rmoves_collect(void *user, const gr_move *m, const gr_remoteness *after) {
    cli_rmoves *r = user;
    if (r->mv.n == r->cap) {
        size_t nc = r->cap ? 2 * r->cap : 16;
        gr_remoteness *na = realloc(r->after, nc * sizeof *na);
        if (!na) { r->mv.oom = 1; return 1; }
        r->after = na;
        r->cap = nc;
    }
    r->after[r->mv.n] = *after;
    return cli_moves_collect(&r->mv, m);
}

void cli_rmoves_free(cli_rmoves *r) {
    cli_moves_free(&r->mv);
    free(r->after);
}

typedef struct rmoves {
    cli_rmoves rm;
    size_t *order;        /* best first */
    size_t shown;         /* the first `shown` of them are printed */
} rmoves;

static const gr_remoteness *sort_after; /* for the comparison only */

/* the library's order (gr_remoteness_cmp), ties in the order listed */
static int better(const void *a, const void *b) {
    int c = gr_remoteness_cmp(&sort_after[*(const size_t *)a], &sort_after[*(const size_t *)b]);
    if (c) return c;
    return *(const size_t *)a < *(const size_t *)b ? -1 : 1;
}

static const char *oc(gr_outcome o) { return o == GR_OUTCOME_P ? "P" : o == GR_OUTCOME_N ? "N" : "D"; }

static void print_json(const char *text, size_t nterms, gr_position *pos, int misere, const gr_remoteness *rm,
                       const rmoves *r, int complete, int *rc) {
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_key(&w, "position");
    json_string(&w, text);
    json_key(&w, "terms");
    json_uint(&w, nterms);
    json_key(&w, "play");
    json_string(&w, misere ? "misere" : "normal");
    json_key(&w, "outcome");
    json_string(&w, oc(rm->outcome));
    json_key(&w, "remoteness");
    if (rm->outcome == GR_OUTCOME_D) json_null(&w);
    else json_uint(&w, rm->remoteness);
    json_key(&w, "method");
    json_string(&w, rm->method);
    json_key(&w, "searched");
    json_uint(&w, rm->searched);
    json_key(&w, "moves");
    json_array_begin(&w);
    for (size_t k = 0; k < r->shown; k++) {
        size_t i = r->order[k];
        char *after = NULL;
        if (gr_position_format_after(pos, &r->rm.mv.list[i], &after, NULL) != GR_OK) { *rc = 1; break; }
        json_object_begin(&w);
        json_key(&w, "component");
        json_uint(&w, r->rm.mv.list[i].component);
        json_key(&w, "from");
        json_string(&w, r->rm.mv.list[i].from);
        json_key(&w, "to");
        json_string(&w, r->rm.mv.list[i].to);
        json_key(&w, "position");
        json_string(&w, after);
        json_key(&w, "outcome");
        json_string(&w, oc(r->rm.after[i].outcome));
        json_key(&w, "remoteness");
        if (r->rm.after[i].outcome == GR_OUTCOME_D) json_null(&w);
        else json_uint(&w, r->rm.after[i].remoteness);
        json_object_end(&w);
        free(after);
    }
    json_array_end(&w);
    json_key(&w, "moves_complete");
    json_bool(&w, complete && r->shown == r->rm.mv.n);
    json_object_end(&w);
    json_line_end(&w);
}

static void print_human(const char *text, size_t nterms, gr_position *pos, int misere, const gr_remoteness *rm,
                        const rmoves *r, int complete, int *rc) {
    printf("position:   %s\n", nterms <= HUMAN_FULL_TERMS ? text : "(a sum of many terms)");
    printf("terms:      %zu\n", nterms);
    printf("play:       %s\n", misere ? "misère (the last player to move loses)" : "normal (the last player to move wins)");
    printf("outcome:    %s\n", rm->outcome == GR_OUTCOME_N   ? "N (the player to move wins)"
                               : rm->outcome == GR_OUTCOME_P ? "P (the player to move loses)"
                                                             : "D (a draw: neither player can force a win)");
    if (rm->outcome == GR_OUTCOME_D) printf("remoteness: none (a draw never ends under perfect play)\n");
    else
        printf("remoteness: %llu (moves left when the winner hurries and the loser delays)\n",
               (unsigned long long)rm->remoteness);
    printf("method:     %s", rm->method);
    if (rm->searched)
        printf(!strcmp(rm->method, "table") ? " (and %llu sums that splits leave, searched)" : " (%llu positions)",
               (unsigned long long)rm->searched);
    printf("\n");
    if (!r->rm.mv.n) return;
    if (!complete)
        printf("moves listed, best first (outcome and remoteness of the position left; not every move could be "
               "listed, so a better one may be missing):\n");
    else if (r->shown == r->rm.mv.n) printf("moves, best first (outcome and remoteness of the position left):\n");
    else printf("the best %zu of %zu moves (outcome and remoteness of the position left; --max-moves 0 lists all):\n",
                r->shown, r->rm.mv.n);
    for (size_t k = 0; k < r->shown; k++) {
        size_t i = r->order[k];
        if (nterms <= HUMAN_FULL_TERMS) {
            char *after = NULL;
            if (gr_position_format_after(pos, &r->rm.mv.list[i], &after, NULL) != GR_OK) { *rc = 1; return; }
            if (r->rm.after[i].outcome == GR_OUTCOME_D) printf("  %s  D\n", after);
            else printf("  %s  %s %llu\n", after, oc(r->rm.after[i].outcome), (unsigned long long)r->rm.after[i].remoteness);
            free(after);
        } else {
            printf("  term %zu: %s -> %s  %s", r->rm.mv.list[i].component + 1, r->rm.mv.list[i].from, r->rm.mv.list[i].to,
                   oc(r->rm.after[i].outcome));
            if (r->rm.after[i].outcome != GR_OUTCOME_D) printf(" %llu", (unsigned long long)r->rm.after[i].remoteness);
            printf("\n");
        }
    }
}

int cli_solve_remoteness(const cli_opts *o, gr_position *pos, const char *text, const char *source) {
    gr_error err;
    gr_error_clear(&err);
    size_t nterms = gr_position_count(pos);
    gr_remoteness rm = GR_SIZED(gr_remoteness);
    rmoves r;
    memset(&r, 0, sizeof r);
    int complete = 1, rc = 0;
    /* every move is weighed; the best --max-moves of them are shown */
    size_t show = (size_t)(o->max_moves ? o->max_moves : (uint64_t)SIZE_MAX);
    gr_status st = gr_position_remoteness(pos, o->misere, &rm, &err);
    if (st == GR_OK) st = gr_position_remoteness_moves(pos, o->misere, 0, cli_rmoves_collect, &r.rm, &complete, &err);
    if (st != GR_OK) {
        rc = cli_report(&err, source, source != NULL);
        goto out;
    }
    if (r.rm.mv.oom || !(r.order = malloc((r.rm.mv.n ? r.rm.mv.n : 1) * sizeof *r.order))) {
        fprintf(stderr, "grundy: error: out of memory\n");
        rc = 1;
        goto out;
    }
    for (size_t i = 0; i < r.rm.mv.n; i++) r.order[i] = i;
    sort_after = r.rm.after;
    qsort(r.order, r.rm.mv.n, sizeof *r.order, better);
    r.shown = r.rm.mv.n > show ? show : r.rm.mv.n;
    if (o->json) print_json(text, nterms, pos, o->misere, &rm, &r, complete, &rc);
    else print_human(text, nterms, pos, o->misere, &rm, &r, complete, &rc);
out:
    cli_rmoves_free(&r.rm);
    free(r.order);
    return rc;
}
