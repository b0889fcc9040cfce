/* A windowed run's second way to use two threads (window_spec.c): the
 * values taken ahead from the listed scan, a verifier thread running each
 * heap's pass behind them. */
#ifndef GRUNDY_CORE_WINDOW_SPEC_H
#define GRUNDY_CORE_WINDOW_SPEC_H

#include "core/window_state.h"

/* no heap failed */
#define GRI_SPEC_OK UINT64_MAX

/* the way is open: more than one thread asked for, and a pass to move */
int gri_spec_usable(const gr_window *w);
/* starts the verifier at heap w->n (*out NULL when no thread could be
 * made: one thread goes on) */
gr_status gri_spec_start(gr_window *w, gri_spec **out, gr_error *err);
/* the verifier threads it runs (the run's threads less the stepping one) */
unsigned gri_spec_threads(const gri_spec *s);
/* the most words of a missing set an entry holds (wider: step it whole) */
size_t gri_spec_words(const gri_spec *s);
/* the blocks of heap n's pass the stepping thread reads itself (splits
 * a < 1 + 64 * lead), moved by the threads' waits */
size_t gri_spec_lead(gri_spec *s, uint64_t n);
/* heap n (the next one) taken to be o->c, with its missing set need
 * (o->need_words words; none when o->missing is 0) left after the first
 * `lead` blocks of its pass, and the run's vmax and umax before it; waits
 * while the verifier is a ring behind. Returns
 * GRI_SPEC_OK, or the first heap whose pass left a value missing (the
 * verifier has stopped there: every value from it on is to be made again). */
uint64_t gri_spec_push(gri_spec *s, uint64_t n, const gri_sp_out *o, const uint64_t *need, size_t lead,
                       uint32_t vmax, uint32_t umax);
/* heaps below `verified` (at least) are checked: the value taken is theirs */
uint64_t gri_spec_verified(gri_spec *s);
/* waits until every heap below n is checked: GRI_SPEC_OK, or the first that
 * failed */
uint64_t gri_spec_drain(gri_spec *s, uint64_t n);
/* the run's vmax and umax before heap f, as pushed (f not yet reused) */
void gri_spec_before(const gri_spec *s, uint64_t f, uint32_t *vmax, uint32_t *umax);
void gri_spec_stop(gri_spec *s);
void gri_spec_free(gr_window *w);

#endif
