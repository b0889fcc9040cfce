/* The position record, shared by parse.c and position.c. */
#ifndef GRUNDY_POSITION_INTERNAL_H
#define GRUNDY_POSITION_INTERNAL_H

#include "internal.h"

typedef struct gr_term {
    gr_ruleset *rs;     /* the ruleset; nim for a bare integer */
    size_t args;        /* offset of the first argument in pos->args */
    uint32_t nargs;
    uint8_t bare;       /* written as a bare integer (a nim heap) */
} gr_term;

struct gr_position {
    gr_ctx *ctx;
    gr_term *terms;
    size_t nterms, terms_cap;
    uint64_t *args;
    size_t nargs, args_cap;
    uint64_t *values;   /* per term, valid where known[i] */
    unsigned char *known;
};

void gr_term_write(gr_buf *b, const gr_position *pos, const gr_term *t);
/* The term after a move: a heap ruleset's heap `heap` replaced by vals (a
 * term left with no heap is written NAME(0)); with state set, a state
 * ruleset's arguments replaced by vals. */
void gr_term_write_after(gr_buf *b, const gr_position *pos, const gr_term *t, uint32_t heap, const uint64_t *vals,
                         size_t n, int state);

#endif
