/* Winning moves for `grundy solve`: collecting and printing them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "solve.h"

static char *dup_str(const char *s) {
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

/* the parts of a move in one block: the gr_term_info array, then every
 * part's arguments (NULL when out of memory) */
static gr_term_info *dup_parts(const gr_move *m) {
    size_t words = 0;
    for (size_t i = 0; i < m->nparts; i++) words += m->parts[i].nargs;
    gr_term_info *p = malloc((m->nparts ? m->nparts : 1) * sizeof *p + (words ? words : 1) * sizeof(uint64_t));
    if (!p) return NULL;
    uint64_t *a = (uint64_t *)(p + (m->nparts ? m->nparts : 1));
    for (size_t i = 0; i < m->nparts; i++) {
        p[i] = m->parts[i];
        if (m->parts[i].nargs) memcpy(a, m->parts[i].args, m->parts[i].nargs * sizeof *a);
        p[i].args = a;
        a += m->parts[i].nargs;
    }
    return p;
}

int cli_moves_collect(void *user, const gr_move *m) {
    cli_moves *mv = user;
    if (mv->n == mv->cap) {
        size_t nc = mv->cap ? mv->cap * 2 : 8;
        gr_move *nl = realloc(mv->list, nc * sizeof *nl);
        if (!nl) { mv->oom = 1; return 1; }
        mv->list = nl;
        mv->cap = nc;
    }
    gr_move c = {.component = m->component, .from = dup_str(m->from), .to = dup_str(m->to), .nparts = m->nparts};
    c.parts = m->parts ? dup_parts(m) : NULL;
    if (!c.parts) c.nparts = 0;
    if (!c.from || !c.to || (m->parts && !c.parts)) {
        free((char *)c.from); free((char *)c.to); free((void *)c.parts);
        mv->oom = 1;
        return 1;
    }
    mv->list[mv->n++] = c;
    return 0;
}

void cli_moves_free(cli_moves *mv) {
    for (size_t i = 0; i < mv->n; i++) {
        free((char *)mv->list[i].from);
        free((char *)mv->list[i].to);
        free((void *)mv->list[i].parts);
    }
    free(mv->list);
}

int cli_positions_json(json_writer *w, gr_position *pos, const cli_moves *mv) {
    for (size_t i = 0; i < mv->n; i++) {
        char *after = NULL;
        if (gr_position_format_after(pos, &mv->list[i], &after, NULL) != GR_OK) {
            if (!i) json_raw(w, ", ");
            return 0;
        }
        json_string(w, after);
        free(after);
    }
    return 1;
}

void cli_moves_json(json_writer *w, gr_position *pos, const cli_moves *mv, int one_position, int *rc) {
    /* On a failure before the lists are complete the document is left as it
     * always was: the "winning_moves" array open, the caller's next member
     * following ", " (json_raw supplies it when the array is still empty). */
    json_key(w, "winning_moves");
    json_array_begin(w);
    if (one_position && mv->n) {
        char *cur = NULL;
        if (gr_position_format(pos, &cur, NULL) != GR_OK) { *rc = 1; json_raw(w, ", "); return; }
        char *after = NULL;
        if (gr_position_format_moves(pos, mv->list, mv->n, &after, NULL) != GR_OK) *rc = 1;
        free(cur);
        if (!after) { json_raw(w, ", "); return; }
        json_string(w, after);
        free(after);
    } else if (!cli_positions_json(w, pos, mv)) {
        *rc = 1;
        return;
    }
    json_array_end(w);
    json_key(w, "moves");
    json_array_begin(w);
    for (size_t i = 0; i < mv->n; i++) {
        json_object_begin(w);
        json_key(w, "component");
        json_uint(w, mv->list[i].component);
        json_key(w, "from");
        json_string(w, mv->list[i].from);
        json_key(w, "to");
        json_string(w, mv->list[i].to);
        json_object_end(w);
    }
    json_array_end(w);
}

void cli_moves_human(gr_position *pos, const cli_moves *mv, int one_position, int complete, int *rc) {
    if (one_position) {
        if (!mv->n) return;
        printf("winning move (one move in each component that changes):\n");
        for (size_t i = 0; i < mv->n; i++)
            printf("  term %zu: %s -> %s\n", mv->list[i].component + 1, mv->list[i].from, mv->list[i].to);
        return;
    }
    cli_moves_list_human(CLI_LANG_EN, pos, mv, "winning moves", complete, rc);
}

void cli_moves_list_human(cli_lang lang, gr_position *pos, const cli_moves *mv, const char *title, int complete, int *rc) {
    size_t nterms = gr_position_count(pos);
    printf(complete ? tr(lang, "%s:\n") : tr(lang, "%s (not all are listed):\n"), title);
    for (size_t i = 0; i < mv->n; i++) {
        if (nterms <= HUMAN_FULL_TERMS) {
            char *after = NULL;
            if (gr_position_format_after(pos, &mv->list[i], &after, NULL) != GR_OK) { *rc = 1; return; }
            printf("  %s\n", after);
            free(after);
        } else {
            printf(tr(lang, "  term %zu: %s -> %s\n"), mv->list[i].component + 1, mv->list[i].from, mv->list[i].to);
        }
    }
}

int cli_least_winning_take(gr_position *pos, uint64_t *take) {
    gr_term_info t;
    gr_error e;
    return gr_position_term(pos, 0, &t) == GR_OK && !gr_ruleset_is_heap(t.ruleset) &&
           gr_ruleset_least_winning_take(t.ruleset, t.args, t.nargs, take, &e) == GR_OK;
}

int cli_has_loopy_term(gr_position *pos) {
    gr_term_info t;
    for (size_t i = 0; gr_position_term(pos, i, &t) == GR_OK; i++)
        if (gr_ruleset_is_loopy(t.ruleset)) return 1;
    return 0;
}

void cli_print_infinite(const uint64_t *K, size_t nK, size_t max) {
    printf("∞{");
    for (size_t i = 0; i < nK && (!max || i < max); i++) printf("%s%llu", i ? "," : "", (unsigned long long)K[i]);
    printf("%s}", max && nK > max ? ",..." : "");
}
