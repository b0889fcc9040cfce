/* The position record (parse.c builds it, position.c and the play modes read
 * it) and the sink that winning moves of every play mode go through. */
#ifndef GRUNDY_POSITION_INTERNAL_H
#define GRUNDY_POSITION_INTERNAL_H

#include "core/internal.h"

typedef struct gri_term {
    gr_ruleset *rs;     /* the ruleset; nim for a bare integer */
    size_t args;        /* offset of the first argument in pos->args */
    uint32_t nargs;
    uint8_t bare;       /* written as a bare integer (a nim heap) */
} gri_term;

struct gr_position {
    gr_ctx *ctx;
    gri_term *terms;
    size_t nterms, terms_cap;
    uint64_t *args;
    size_t nargs, args_cap;
    uint64_t *values;   /* per term, valid where known[i] */
    unsigned char *known;
    size_t vcap;        /* room in values[] and known[] */
    gr_ruleset *nim;    /* nim, looked up once for bare heaps added as data */
    uint64_t *kbuf;     /* the K of the last generalized value asked for (loopy games) */
    size_t kcap;
};

void gri_term_write(gri_buf *b, const gr_position *pos, const gri_term *t);
/* The term after a move: a heap ruleset's heap `heap` replaced by vals (a
 * term left with no heap is written NAME(0)); with state set, a state
 * ruleset's arguments replaced by vals. */
void gri_term_write_after(gri_buf *b, const gr_position *pos, const gri_term *t, uint32_t heap, const uint64_t *vals,
                         size_t n, int state);

/* position.c: a destination for winning moves, shared by normal play and
 * misère. gri_movesink_after writes the term `term` of `pos` with its heap
 * `heap` replaced by vals (or, for a state ruleset, the whole argument
 * vector) and hands it to fn; gri_movesink_emit hands a move already
 * written. Both return 1 to stop (max reached, fn said stop, or out of
 * memory: then st is set). */
typedef struct gri_movesink {
    gr_position *pos;
    size_t term;
    uint32_t heap;        /* which heap of the term moves */
    size_t max, found;
    int cut;              /* stopped early: max reached or fn said stop */
    gr_move_fn fn;
    void *user;
    gr_status st;
    gr_error *err;
    char *from;
} gri_movesink;
int gri_movesink_emit(gri_movesink *s, const char *to);
/* the terms of pos as the public API describes them (malloc'd, pointing
 * into pos; NULL when out of memory) */
gr_term_info *gri_term_infos(const gr_position *pos);
/* Calls fn with the move of term `component` from `from` to `to` and its
 * data (gr_move.parts), read back from `to`: fn's answer (1: stop), or -1
 * with *st set when `to` does not read back or memory runs out. For the
 * play modes that write their moves as text. */
int gri_move_call(gr_ctx *ctx, size_t component, const char *from, const char *to, gr_move_fn fn, void *user,
                  gr_status *st, gr_error *err);
int gri_movesink_after(gri_movesink *s, const uint64_t *vals, size_t n, int state);
/* a state move to a sum of np positions of width words each (parts one
 * after another; np 0: the term ends), written as that sum */
int gri_movesink_after_sum(gri_movesink *s, const uint64_t *parts, size_t np, size_t width);

/* position.c: the moves in term i (of value tv) that leave it with value
 * target; *partial set when a huge heap's options were not all listed
 * (huge_seen counts them across calls). */
gr_status gri_term_moves_to(gri_movesink *sink, size_t i, uint64_t tv, uint64_t target, uint64_t *huge_seen,
                            int *partial);

/* loopyplay.c: the moves in a loopy term that leave it with finite value
 * target */
gr_status gri_loopy_term_moves_to(gri_movesink *sink, size_t i, uint64_t target);
/* loopyplay.c: winning moves when a term has an infinite value
 * (*handled then 1; else the caller goes on with normal play) */
gr_status gri_loopy_winning_moves(gr_position *pos, size_t max_moves, gr_move_fn fn, void *user, int *complete,
                                  int *handled, gr_error *err);

#endif
