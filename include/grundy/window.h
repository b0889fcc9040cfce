/* Windowed runs: the values of a take-and-break code (or Grundy's game) to
 * heaps far past what a value table could hold, in memory that does not
 * grow with the heap. The run keeps the first values (the head), the last
 * values (the window) and the sparse-space method's listed positions; every
 * value it hands out is the one the definition gives, and a heap it cannot
 * decide from what it kept stops the run with GR_ELIMIT (never a guess).
 * docs/theory.md "Windowed runs" proves when the window suffices.
 *
 * Threads: a window belongs to its ruleset's context (one thread at a time
 * uses it); with threads > 1 it starts helper threads of its own inside
 * gr_window_run, and joins them before returning. */
#ifndef GRUNDY_WINDOW_H
#define GRUNDY_WINDOW_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "context.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

typedef struct gr_window gr_window;

/* gr_window_config.window: 0 asks for the default; otherwise from the
 * least to the most */
#define GR_WINDOW_DEFAULT ((uint64_t)1 << 22)
#define GR_WINDOW_MIN ((uint64_t)4096)
#define GR_WINDOW_MAX ((uint64_t)1 << 31)

typedef struct gr_window_config {
    size_t size;       /* sizeof(gr_window_config) (GR_SIZED) */
    uint64_t window;   /* values kept behind the heap, and the head's length (0: GR_WINDOW_DEFAULT, 2^22);
                        * GR_WINDOW_MIN (4096) to GR_WINDOW_MAX (2^31) */
    unsigned threads;  /* threads computing values (0 or 1: the calling thread alone; 2 or more: it and
                        * one helper, which computes ahead the options of the splits with a far listed
                        * part (with 16 or more positions listed), or it and threads - 1 verifiers,
                        * which run the heaps' passes behind values taken from the listed scan;
                        * each way used where timed probes of 131072 heaps, every 2^26 heaps, find
                        * it faster) */
} gr_window_config;

typedef struct gr_window_stats {
    size_t size;             /* sizeof(gr_window_stats) (GR_SIZED) */
    uint64_t done;           /* values known: G(0..done-1) */
    uint64_t head;           /* G(0..head-1) are kept */
    uint64_t window;         /* the last `window` values (at least) are kept */
    uint64_t listed;         /* the sparse-space method's listed (rare) positions */
    uint64_t largest_listed; /* the largest of them */
    uint64_t largest_value;  /* the largest value so far */
    uint64_t memory;         /* bytes held by the run's tables */
    unsigned threads;        /* the most threads that have computed values at once (1; 2 with the helper;
                              * up to the threads asked for, 17 at most, with the verifiers) */
    uint64_t helped;         /* values computed with a second thread (the helper or the verifier) */
    uint64_t far_listed;     /* listed positions found during the run, too far out for the window */
    uint64_t slow_heaps;     /* heaps decided by reading values the run no longer keeps */
    uint64_t emitted;        /* values handed out to the sink */
    /* (added later: a record sized before them gets the fields above) */
    uint64_t verified;       /* of `helped`: values taken from the listed scan ahead and checked by the verifier */
    uint64_t sent_back;      /* heaps the verifier sent back, each then stepped whole on one thread */
} gr_window_stats;

/* Receives the values G(first), ..., G(first + len - 1), block after block
 * in order; return nonzero to stop the run (GR_ELIMIT). It may call
 * gr_window_stats and gr_window_save: the window then holds exactly the
 * values handed out so far. */
typedef int (*gr_window_sink)(void *user, uint64_t first, const uint32_t *values, size_t len);

/* A windowed run of rs (a take-and-break code that splits into at most two
 * heaps with finitely many digits, or Grundy's game). Computes the head by
 * the table (gr_ruleset_compute) and takes over rs until gr_window_free:
 * do not use rs meanwhile. GR_EINVAL names why a ruleset does not qualify
 * (another family, the sparse-space method off, or a listed position too
 * far out for the window). */
GR_NODISCARD gr_status gr_window_new(gr_ruleset *rs, const gr_window_config *cfg, gr_window **out, gr_error *err);

/* Computes up to G(count - 1), handing every value from the first not yet
 * handed out to sink (NULL: none). Stops at the context's time limit or
 * interrupt (GR_ELIMIT, every value computed so far handed out); resume by
 * calling again. */
GR_NODISCARD gr_status gr_window_run(gr_window *w, uint64_t count, gr_window_sink sink, void *user, gr_error *err);

void gr_window_stats_get(const gr_window *w, gr_window_stats *st);

/* The values the run no longer keeps, on request: fill out[0..count) with
 * G(first..first+count-1), all below the values handed out so far; return
 * nonzero when they cannot be had (the run stops with GR_ELIMIT). With
 * them, the run goes on where the kept values cannot decide a heap (it
 * reads the splits it lacks), and past a rare position too far out for
 * the window (it reads that position's partners, in order). The caller
 * keeps them, e.g. in a file written from the sink (seq --window --out). */
typedef int (*gr_window_values_fn)(void *user, uint64_t first, uint64_t count, uint32_t *out);
void gr_window_set_values(gr_window *w, gr_window_values_fn fn, void *user);

/* The run's state (ruleset, head, window, listed positions) through write
 * (return nonzero on failure: GR_ELIMIT), to resume with gr_window_load. */
typedef int (*gr_window_write_fn)(void *user, const void *p, size_t n);
typedef int (*gr_window_read_fn)(void *user, void *p, size_t n);
GR_NODISCARD gr_status gr_window_save(const gr_window *w, gr_window_write_fn write, void *user, gr_error *err);

/* A window from a saved state, for rs (which must have the same spec and no
 * values beyond the saved head): read returns nonzero at the end of the data
 * (a truncated state is GR_EPARSE). cfg->window is taken from the state;
 * cfg->threads applies. The run goes on handing out values where the saved
 * one stopped. */
GR_NODISCARD gr_status gr_window_load(gr_ruleset *rs, const gr_window_config *cfg, gr_window_read_fn read, void *user,
                                      gr_window **out, gr_error *err);

void gr_window_free(gr_window *w);

GR_API_END
#ifdef __cplusplus
}
#endif

#endif
