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

int cli_moves_collect(void *user, const gr_move *m) {
    cli_moves *mv = user;
    if (mv->n == mv->cap) {
        size_t nc = mv->cap ? mv->cap * 2 : 8;
        gr_move *nl = realloc(mv->list, nc * sizeof *nl);
        if (!nl) { mv->oom = 1; return 1; }
        mv->list = nl;
        mv->cap = nc;
    }
    gr_move c = {m->component, dup_str(m->from), dup_str(m->to)};
    if (!c.from || !c.to) { free((char *)c.from); free((char *)c.to); mv->oom = 1; return 1; }
    mv->list[mv->n++] = c;
    return 0;
}

void cli_moves_free(cli_moves *mv) {
    for (size_t i = 0; i < mv->n; i++) { free((char *)mv->list[i].from); free((char *)mv->list[i].to); }
    free(mv->list);
}

/* The position after one move that changes several terms at once, rebuilt
 * from the terms with every moved one replaced; malloc'd, NULL when nothing
 * could be built. On a failure part-way *rc = 1 and the part built so far
 * is returned. */
static char *one_position_after(gr_position *pos, const cli_moves *mv, int *rc) {
    size_t nt = gr_position_count(pos);
    size_t len = 0, cap = 1024;
    char *after = malloc(cap);
    if (!after) { *rc = 1; return NULL; }
    after[0] = '\0';
    for (size_t i = 0; i < nt; i++) {
        const char *piece = NULL;
        char *own = NULL;
        for (size_t j = 0; j < mv->n; j++) if (mv->list[j].component == i) piece = mv->list[j].to;
        if (!piece) { if (gr_position_term_format(pos, i, &own) != GR_OK) { *rc = 1; break; } piece = own; }
        size_t need = len + strlen(piece) + 4;
        if (need > cap) { while (cap < need) cap *= 2; char *na = realloc(after, cap); if (!na) { free(own); *rc = 1; break; } after = na; }
        if (i) { memcpy(after + len, " + ", 3); len += 3; }
        memcpy(after + len, piece, strlen(piece));
        len += strlen(piece);
        after[len] = '\0';
        free(own);
    }
    return after;
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
        char *after = one_position_after(pos, mv, rc);
        free(cur);
        if (!after) { json_raw(w, ", "); return; }
        json_string(w, after);
        free(after);
    } else {
        for (size_t i = 0; i < mv->n; i++) {
            char *after = NULL;
            if (gr_position_format_after(pos, &mv->list[i], &after, NULL) != GR_OK) {
                *rc = 1;
                if (!i) json_raw(w, ", ");
                return;
            }
            json_string(w, after);
            free(after);
        }
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
    size_t nterms = gr_position_count(pos);
    if (one_position) {
        if (!mv->n) return;
        printf("winning move (one move in each component that changes):\n");
        for (size_t i = 0; i < mv->n; i++)
            printf("  term %zu: %s -> %s\n", mv->list[i].component + 1, mv->list[i].from, mv->list[i].to);
        return;
    }
    printf("winning moves%s:\n", complete ? "" : " (not all are listed)");
    for (size_t i = 0; i < mv->n; i++) {
        if (nterms <= HUMAN_FULL_TERMS) {
            char *after = NULL;
            if (gr_position_format_after(pos, &mv->list[i], &after, NULL) != GR_OK) { *rc = 1; return; }
            printf("  %s\n", after);
            free(after);
        } else {
            printf("  term %zu: %s -> %s\n", mv->list[i].component + 1, mv->list[i].from, mv->list[i].to);
        }
    }
}

int cli_dyn_min_take(gr_position *pos, uint64_t *take) {
    char *t = NULL;
    if (gr_position_term_format(pos, 0, &t) != GR_OK) return 0;
    int ok = 0;
    char *open = strchr(t, '(');
    if (open && (!strncmp(t, "dyn[", 4) || !strncmp(t, "fib(", 4))) {
        gr_ctx *c2;
        gr_error e;
        gr_ruleset *rs;
        uint64_t args[2];
        size_t n = 0;
        if (gr_ctx_new(&c2) == GR_OK) {
            *open = '\0';
            char *p = open + 1;
            while (*p && n < 2) { args[n++] = strtoull(p, &p, 10); if (*p == ',') p++; else break; }
            if (gr_ctx_ruleset(c2, t, strlen(t), &rs, &e) == GR_OK && gr_ruleset_dyn_min_take(rs, args, n, take, &e) == GR_OK)
                ok = 1;
            gr_ctx_free(c2);
        }
    }
    free(t);
    return ok;
}
