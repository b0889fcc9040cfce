/* The poll by elapsed work (ticker.h): a loop ticks once per step, and the
 * clock is read at intervals chosen from the rate of the last steps. */
#include "core/ticker.h"
#include "core/context_internal.h"

void gri_ticker_start_after(gri_ticker *t, const gr_ctx *ctx, uint64_t steps) {
    t->count = 0;
    t->every = 1;
    t->next = gri_ctx_polled(ctx) ? (steps ? steps : 1) : UINT64_MAX;
    t->look_ns = t->poll_ns = 0; /* the clock is first read at the first look */
}

void gri_ticker_start(gri_ticker *t, const gr_ctx *ctx) { gri_ticker_start_after(t, ctx, 1); }

void gri_ticker_resume(gri_ticker *t, const gr_ctx *ctx) {
    if (!gri_ctx_polled(ctx)) {
        t->next = UINT64_MAX;
    } else if (!t->look_ns) {
        gri_ticker_start(t, ctx);
    } else {
        t->every = 1;
        t->next = t->count + 1;
        t->look_ns = gri_now_ns();
    }
}

int gri_ticker_look(gri_ticker *t) {
    uint64_t now = gri_now_ns(), dt = now - t->look_ns;
    if (!t->look_ns) { /* the first look: the time only */
        t->look_ns = t->poll_ns = now;
        t->next = t->count + t->every;
        return 0;
    }
    /* the next read about 2 ms of steps away, at the last steps' rate */
    uint64_t every = dt ? t->every * 2000000u / dt : 2 * t->every;
    if (every > 2 * t->every) every = 2 * t->every;
    /* at most 2^16 steps between reads (130 us of 2 ns steps): the rate
     * can change at once, as when a search turns from listing positions to
     * looking them up */
    if (every > (1u << 16)) every = 1u << 16;
    t->every = every ? every : 1;
    t->look_ns = now;
    t->next = t->count + t->every;
    if (now - t->poll_ns < 10000000u) return 0;
    t->poll_ns = now;
    return 1;
}
