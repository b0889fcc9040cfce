/* What a windowed run reads beyond its head and window (window_far.c). */
#ifndef GRUNDY_CORE_WINDOW_FAR_H
#define GRUNDY_CORE_WINDOW_FAR_H

#include "core/window_state.h"

/* a listed position found during the run */
gr_status gri_wfar_add(gr_window *w, uint64_t pos, uint32_t v, gr_error *err);
/* the splits of the sums with a far listed part, into bits (wide enough).
 * Lazy (full 0): a far position of value >= vcap = 2^bitlen(umax) only
 * where its partner is listed (its other splits make values >= vcap), and
 * *skipped is 1 when that left any out: a step whose value is then >= vcap,
 * or undecided, is to be done again with full 1 (docs/theory.md). */
gr_status gri_wfar_options(gr_window *w, const size_t *sums, size_t ns, uint64_t *bits, int full, int *skipped,
                           gr_error *err);
/* an undecided step finished by reading the splits it lacked: the value */
gr_status gri_wfar_settle(gr_window *w, const gri_sp_view *vw, const size_t *sums, size_t ns, gri_sp_out *out,
                          gr_error *err);
void gri_wfar_free(gr_window *w);

#endif
