/* A windowed run's helper thread (window_mt.c). */
#ifndef GRUNDY_CORE_WINDOW_MT_H
#define GRUNDY_CORE_WINDOW_MT_H

#include "core/window_state.h"

/* two threads are worth it: more than one thread asked for, and enough
 * listed positions to share */
int gri_far_usable(const gr_window *w);
/* starts the helper on heaps w->n .. to - 1 (*out NULL when no thread
 * could start: one thread goes on) */
gr_status gri_far_start(gr_window *w, uint64_t to, gri_far **out, gr_error *err);
/* heap n's far set (words words): the splits whose listed part has index
 * *split or more, and the pass's splits a in [*skip_lo, *skip_hi) */
const uint64_t *gri_far_wait(gri_far *f, uint64_t n, size_t *split, size_t *words, size_t *skip_lo, size_t *skip_hi);
/* values G(0..done-1) are known; past: the last heap's pass went on past
 * the helper's part */
void gri_far_done(gri_far *f, uint64_t done, int past);
/* v keeps the ring's bitsets wide enough */
int gri_far_fits(const gri_far *f, uint32_t v);
void gri_far_stop(gri_far *f);
void gri_far_free(gr_window *w);

#endif
