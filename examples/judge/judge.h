/* What several judge programs share: a growing string to write a position
 * into, and the value of a position written that way. Header-only, so each
 * program stays one file plus this one. */
#ifndef GRUNDY_JUDGE_H
#define GRUNDY_JUDGE_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include "grundy/grundy.h"

typedef struct {
    char *p;
    size_t len, cap;
} sbuf;

/* Appends printf-style text, growing the buffer: 0, or -1 out of memory. */
static inline int sb_printf(sbuf *b, const char *fmt, ...) {
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->p + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if (n < 0) return -1;
        if ((size_t)n < b->cap - b->len) {
            b->len += (size_t)n;
            return 0;
        }
        size_t cap = 2 * (b->cap + (size_t)n + 1);
        char *q = realloc(b->p, cap);
        if (!q) return -1;
        b->p = q;
        b->cap = cap;
    }
}

/* The start of a program whose input opens with T, the number of cases:
 * reads T, makes the context and an empty text. 1: go on; 0: no input
 * (the program prints nothing, exit 0); -1: out of memory (said on
 * stderr, exit 1). */
static inline int judge_begin(const char *name, int *t, gr_ctx **ctx, sbuf *text) {
    if (scanf("%d", t) != 1) return 0;
    text->p = malloc(256);
    text->len = 0;
    text->cap = 256;
    if (!text->p || gr_ctx_new(ctx) != GR_OK) {
        fprintf(stderr, "%s: out of memory\n", name);
        free(text->p);
        return -1;
    }
    return 1;
}

/* The Grundy value of the position b holds: GR_OK, or the failure of the
 * parse or of the value, with err filled. */
static inline gr_status judge_value(gr_ctx *ctx, const sbuf *b, uint64_t *v, gr_error *err) {
    gr_position *pos;
    gr_status s = gr_position_parse(ctx, b->p, b->len, 0, &pos, err);
    if (s != GR_OK) return s;
    s = gr_position_value(pos, v, err);
    gr_position_free(pos);
    return s;
}

#endif
