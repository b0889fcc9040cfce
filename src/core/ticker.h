/* The poll by elapsed work (ticker.c), for loops whose steps cost anything
 * from nanoseconds to milliseconds. */
#ifndef GRUNDY_TICKER_H
#define GRUNDY_TICKER_H

#include "core/internal.h"
#include "core/context_internal.h"

/* The poll by elapsed work, for loops whose steps cost anything from
 * nanoseconds to milliseconds: gri_tick() once per step (at the innermost
 * loop that does the work), true when the context is to be polled
 * (gri_ctx_poll) now. A poll is due every 10 ms of steps (a loop run
 * many times for less than that is polled by the loop around it); the clock is read about every 2 ms of steps (the interval follows
 * the rate of the steps since the last read: it at most doubles, shrinks
 * at once, and is at most 2^16 steps). So the time limit and the interrupt
 * are seen within a few milliseconds of work whatever one step costs, as
 * long as no step takes longer. With nothing to poll for, a tick is one
 * comparison. */
typedef struct gri_ticker {
    uint64_t count, next, every; /* steps so far, the next read, steps between reads */
    uint64_t look_ns, poll_ns;   /* the last read of the clock, the last poll due */
} gri_ticker;
void gri_ticker_start(gri_ticker *t, const gr_ctx *ctx);
/* the same, with no look before `steps` steps: for a loop run once per
 * position of a search (which polls itself), whose short runs then cost
 * no read of the clock */
void gri_ticker_start_after(gri_ticker *t, const gr_ctx *ctx, uint64_t steps);
/* a ticker kept between calls (zeroed at first): started, or going on with
 * its next read one step away (the time between the calls is not work) */
void gri_ticker_resume(gri_ticker *t, const gr_ctx *ctx);
int gri_ticker_look(gri_ticker *t);
static inline int gri_tick(gri_ticker *t) { return ++t->count >= t->next && gri_ticker_look(t); }
/* a tick, and the poll when one is due: GR_OK, or the stop (gri_ctx_poll) */
static inline gr_status gri_tick_poll(gri_ticker *t, gr_ctx *ctx, gr_error *err, const char *what, uint64_t done,
                                      const char *unit) {
    return gri_tick(t) ? gri_ctx_poll(ctx, err, what, done, unit) : GR_OK;
}

#endif
