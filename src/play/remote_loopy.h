/* Remoteness in games with cycles (remote_loopy.c): every position
 * reachable from a start is listed (canonical sums, breadth first, at most
 * the search limit), then solved backwards from the terminal positions.
 * Positions the backward pass never reaches are draws. */
#ifndef GRUNDY_PLAY_REMOTE_LOOPY_H
#define GRUNDY_PLAY_REMOTE_LOOPY_H

#include "core/keymap.h"
#include "play/misere_search.h"

typedef struct gri_retro {
    gri_keymap map;   /* canonical sum -> id */
    uint64_t *rem;    /* per id: its remoteness (won or lost) */
    uint8_t *state;   /* per id: GRI_RETRO_DRAW, _WON or _LOST */
    const gr_allocator *al;
} gri_retro;

enum { GRI_RETRO_DRAW = 0, GRI_RETRO_WON = 1, GRI_RETRO_LOST = 2 };

/* Lists and solves every position reachable from key[0..len); gen is a
 * search whose arena writes the children (gri_ms_children). */
gr_status gri_retro_build(gri_retro *r, search *gen, const uint64_t *key, size_t len, int misere, gr_error *err);
/* a listed position's outcome and remoteness (0 when it was not listed) */
int gri_retro_get(const gri_retro *r, const uint64_t *key, size_t len, gr_outcome *oc, uint64_t *rem);
void gri_retro_free(gri_retro *r);

#endif
