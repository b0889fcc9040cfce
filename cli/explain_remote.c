/* grundy explain --remoteness: the remoteness rule beside the mex, for the
 * whole position: which moves lead to lost positions, and the 1 + min (won)
 * or 1 + max (lost) that gives the number of moves left. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "explain.h"

typedef struct rm_list {
    char **after;          /* the position each move leaves */
    gr_remoteness *r;
    size_t n, cap;
    int oom;
} rm_list;

typedef struct rm_ctx {
    gr_position *pos;
    rm_list *l;
} rm_ctx;

static int collect(void *user, const gr_move *m, const gr_remoteness *after) {
    rm_ctx *c = user;
    rm_list *l = c->l;
    if (l->n == l->cap) {
        size_t nc = l->cap ? 2 * l->cap : 16;
        char **na = realloc(l->after, nc * sizeof *na);
        if (na) l->after = na;
        gr_remoteness *nr = na ? realloc(l->r, nc * sizeof *nr) : NULL;
        if (!nr) { l->oom = 1; return 1; }
        l->r = nr;
        l->cap = nc;
    }
    char *text = NULL;
    if (gr_position_format_after(c->pos, m, &text, NULL) != GR_OK) { l->oom = 1; return 1; }
    l->after[l->n] = text;
    l->r[l->n++] = *after;
    return 0;
}

static const char *oc_letter(gr_outcome o) { return o == GR_OUTCOME_P ? "P" : o == GR_OUTCOME_N ? "N" : "D"; }

/* whether move k enters the rule: a won position's rule reads its moves to
 * lost positions, a lost one's every move */
static int counts(const gr_remoteness *self, const gr_remoteness *after) {
    return self->outcome != GR_OUTCOME_N || after->outcome == GR_OUTCOME_P;
}

int explain_remoteness(json_writer *w, cli_lang lang, gr_position *pos, int misere) {
    gr_error err;
    gr_remoteness self = GR_SIZED(gr_remoteness);
    rm_list l = {0};
    rm_ctx c = {pos, &l};
    int complete = 0, rc = 0;
    if (gr_position_remoteness(pos, misere, &self, &err) != GR_OK ||
        gr_position_remoteness_moves(pos, misere, 0, collect, &c, &complete, &err) != GR_OK) {
        if (w) json_line_end(w);
        rc = l.oom ? 1 : cli_report(&err, NULL, 0);
        goto out;
    }
    if (l.oom) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    int won = self.outcome == GR_OUTCOME_N, draw = self.outcome == GR_OUTCOME_D;
    if (w) {
        json_key(w, "remoteness");
        json_object_begin(w);
        json_key(w, "play"); json_string(w, misere ? "misere" : "normal");
        json_key(w, "outcome"); json_string(w, oc_letter(self.outcome));
        json_key(w, "remoteness");
        if (draw) json_null(w);
        else json_uint(w, self.remoteness);
        json_key(w, "rule");
        json_string(w, draw ? "draw" : !l.n ? "terminal" : won ? "1 + min over moves to P" : "1 + max over all moves");
        json_key(w, "moves_complete");
        json_bool(w, complete);
        json_key(w, "moves");
        json_array_begin(w);
        for (size_t k = 0; k < l.n; k++) {
            json_object_begin(w);
            json_key(w, "position"); json_string(w, l.after[k]);
            json_key(w, "outcome"); json_string(w, oc_letter(l.r[k].outcome));
            json_key(w, "remoteness");
            if (l.r[k].outcome == GR_OUTCOME_D) json_null(w);
            else json_uint(w, l.r[k].remoteness);
            json_object_end(w);
        }
        json_array_end(w);
        json_object_end(w);
        goto out;
    }
    printf(misere ? tr(lang, "\nremoteness (misère play): the moves left when the winner hurries and the loser delays.\n")
                  : tr(lang, "\nremoteness (normal play): the moves left when the winner hurries and the loser delays.\n"));
    printf(tr(lang, "R = 0 with no move; a won position is 1 + the least R among its moves to lost (P) positions;\n"
                    "a lost one is 1 + the largest R among its moves. "));
    printf(misere ? tr(lang, "In misère play the end is won, and the lost positions are those of odd R.\n")
                  : tr(lang, "In normal play the lost positions are those of even R.\n"));
    if (draw) {
        printf(tr(lang, "This position is a draw (D): some move keeps the game going forever and none wins, so it has no R.\n"));
        goto out;
    }
    if (!l.n) {
        printf(misere ? tr(lang, "This position has no move: R = 0 (won: the other player moved last).\n")
                      : tr(lang, "This position has no move: R = 0 (lost).\n"));
        goto out;
    }
    size_t ncount = 0, shown = 0;
    for (size_t k = 0; k < l.n; k++) ncount += counts(&self, &l.r[k]);
    const char *more = ncount > MEX_OPTIONS ? ", ..." : "";
    if (!complete) {
        char room[CLI_LANG_ROOM];
        printf(tr(lang, "Not every move could be listed here (a heap past the table limit), so the rule is not written\n"
                        "out; R = %llu comes from the %s.\n"),
               (unsigned long long)self.remoteness, tr_library(lang, self.method, room, sizeof room));
        goto out;
    }
    printf("  R = 1 + %s{", won ? "min" : "max");
    for (size_t k = 0; k < l.n && shown < MEX_OPTIONS; k++)
        if (counts(&self, &l.r[k])) printf("%sR(%s)", shown++ ? ", " : "", l.after[k]);
    printf("%s}\n    = 1 + %s{", more, won ? "min" : "max");
    shown = 0;
    for (size_t k = 0; k < l.n && shown < MEX_OPTIONS; k++)
        if (counts(&self, &l.r[k])) printf("%s%llu", shown++ ? ", " : "", (unsigned long long)l.r[k].remoteness);
    printf("%s} = %llu\n", more, (unsigned long long)self.remoteness);
    /* whole sentences, singular and plural, so that each language words its own */
    unsigned long long r = self.remoteness;
    if (won)
        printf(r == 1 ? tr(lang, "The player to move wins in %llu move at best (the moves to N positions are left out: they lose).\n")
                      : tr(lang, "The player to move wins in %llu moves at best (the moves to N positions are left out: they lose).\n"),
               r);
    else
        printf(r == 1 ? tr(lang, "The player to move loses in %llu move, delaying as long as possible.\n")
                      : tr(lang, "The player to move loses in %llu moves, delaying as long as possible.\n"),
               r);
out:
    for (size_t k = 0; k < l.n; k++) free(l.after[k]);
    free(l.after);
    free(l.r);
    return rc;
}
