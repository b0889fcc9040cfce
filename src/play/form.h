/* Positions compared as data (form.c), for checking moves (check.c). A
 * position's form is the multiset of its heaps (each heap of a heap
 * ruleset's term on its own, with its ruleset; empty heaps dropped) and of
 * its state terms (a ruleset and its arguments), so kayles(3,5),
 * kayles(5,3) and kayles(3) + kayles(5) are one form, and a move is read
 * off as the items one form has and the other has not. */
#ifndef GRUNDY_PLAY_FORM_H
#define GRUNDY_PLAY_FORM_H

#include "core/internal.h"
#include "grundy/position.h"

typedef struct gri_item {
    const char *spec;   /* the ruleset's spec */
    gr_ruleset *rs;
    int heap;           /* a heap, or a state term */
    const uint64_t *args;
    size_t nargs;
    size_t term;        /* the term it belongs to */
    size_t at;          /* a heap: its index among the term's arguments */
} gri_item;

typedef struct gri_form {
    const gr_allocator *al;
    gri_item *items;
    size_t n;
} gri_form;

/* 0, or -1 when out of memory; items point into the position or terms */
int gri_form_of(const gr_allocator *al, const gr_position *pos, gri_form *f);
int gri_form_of_terms(const gr_allocator *al, const gr_term_info *t, size_t n, gri_form *f);
void gri_form_free(gri_form *f);
/* the items of a not in b and of b not in a, as multisets (0, or -1) */
int gri_form_diff(const gri_form *a, const gri_form *b, gri_form *only_a, gri_form *only_b);
int gri_form_equal(const gri_form *a, const gri_form *b);

#endif
