/* The context's time limit and interrupt callback (context.h), and the
 * poll that long loops call every few thousand steps: searches, tabulations
 * and misère-quotient proofs. Kept apart from the context's other parts so
 * that the loops polling it depend on nothing else. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#endif
#include <time.h>
#include "core/internal.h"
#include "core/context_internal.h"

uint64_t gri_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void gr_ctx_set_time_limit(gr_ctx *ctx, double seconds) {
    if (!(seconds > 0)) { /* also NaN */
        ctx->time_limit = 0;
        ctx->deadline_ns = 0;
        return;
    }
    if (seconds > 1e9) seconds = 1e9; /* about 31 years: no overflow below */
    ctx->time_limit = seconds;
    ctx->deadline_ns = gri_now_ns() + (uint64_t)(seconds * 1e9) + 1;
}

double gr_ctx_time_limit(const gr_ctx *ctx) { return ctx->time_limit; }

void gr_ctx_set_threads(gr_ctx *ctx, unsigned threads) {
    ctx->threads = threads > GR_MAX_THREADS ? GR_MAX_THREADS : threads;
}

unsigned gr_ctx_threads(const gr_ctx *ctx) { return ctx->threads ? ctx->threads : 1; }

void gr_ctx_set_interrupt(gr_ctx *ctx, gr_interrupt_fn fn, void *user) {
    ctx->interrupt = fn;
    ctx->interrupt_user = user;
}

gr_status gri_ctx_poll(gr_ctx *ctx, gr_error *err, const char *what, uint64_t done, const char *unit) {
    if (!ctx) return GR_OK;
    if (ctx->interrupt && ctx->interrupt(ctx->interrupt_user))
        return gri_fail(err, GR_ELIMIT, "%s was interrupted after %llu %s", what, (unsigned long long)done, unit);
    if (ctx->deadline_ns && gri_now_ns() >= ctx->deadline_ns)
        return gri_fail(err, GR_ELIMIT, "the time limit of %g s was reached in %s, after %llu %s (raise the time limit)",
                        ctx->time_limit, what, (unsigned long long)done, unit);
    return GR_OK;
}

