/* Helpers the tests share for collecting and checking winning moves. */
#ifndef GRUNDY_TEST_MOVES_H
#define GRUNDY_TEST_MOVES_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "testutil.h"

/* a position from text; a parse failure is a failed check (NULL) */
static inline gr_position *tu_parse(gr_ctx *ctx, const char *text) {
    gr_position *pos;
    gr_error err;
    if (gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) != GR_OK) {
        CHECK(0, "parse '%s': %s", text, err.message);
        return NULL;
    }
    return pos;
}

#define MOVELIST_MAX 4096

/* The moves a gr_move_fn saw: component index and the term after. */
typedef struct movelist {
    size_t n;
    size_t comp[MOVELIST_MAX];
    char to[MOVELIST_MAX][128];
} movelist;

static inline int collect(void *user, const gr_move *m) {
    movelist *ml = user;
    if (ml->n < MOVELIST_MAX) {
        ml->comp[ml->n] = m->component;
        snprintf(ml->to[ml->n], sizeof ml->to[0], "%s", m->to);
    }
    ml->n++;
    return 0;
}

/* The heaps of a term written by the library: the numbers in its last (...) */
static inline int term_heaps(const char *s, int *h) {
    const char *p = strrchr(s, '(');
    int n = 0;
    if (!p) { h[0] = atoi(s); return h[0] ? 1 : 0; }
    p++;
    while (*p && *p != ')') {
        int v = (int)strtol(p, (char **)&p, 10);
        if (v) h[n++] = v;
        if (*p == ',') p++;
    }
    return n;
}

/* Counts the moves that leave a position of value 0 (ok) and the others (bad). */
typedef struct movecheck {
    gr_position *pos;
    gr_ctx *ctx;
    long ok, bad;
} movecheck;

static inline int check_move(void *user, const gr_move *m) {
    movecheck *c = user;
    char *after = NULL;
    gr_position *p2;
    gr_error e;
    uint64_t v = 1;
    if (gr_position_format_after(c->pos, m, &after, NULL) == GR_OK &&
        gr_position_parse(c->ctx, after, strlen(after), 0, &p2, &e) == GR_OK) {
        if (gr_position_value(p2, &v, &e) != GR_OK) v = 1;
        gr_position_free(p2);
    }
    free(after);
    if (v == 0) c->ok++; else c->bad++;
    return 0;
}

#endif
