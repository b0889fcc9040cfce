/* The grundy context: the explicit state every game-level call hangs off.
 * It owns the rulesets named so far (interned by their spec, so that a
 * million `kayles(...)` terms share one value table) and the bounds a caller
 * sets on memory and work. No global state exists: two contexts share
 * nothing, and one context must be used by one thread at a time. */
#ifndef GRUNDY_CONTEXT_H
#define GRUNDY_CONTEXT_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

typedef struct gr_ctx gr_ctx;
typedef struct gr_ruleset gr_ruleset;

/* Default bound on a heap ruleset's value table (entries). */
#define GR_DEFAULT_TABLE_LIMIT ((uint64_t)1 << 16)
/* Default table length at which take-and-break tables switch to the
 * sparse-space method (gr_ctx_set_sparse_start). */
#define GR_DEFAULT_SPARSE_START ((uint64_t)4096)

GR_NODISCARD gr_status gr_ctx_new(gr_ctx **out);
void gr_ctx_free(gr_ctx *ctx); /* accepts NULL; frees every ruleset it owns */

/* A context whose memory comes from *alloc (copied; NULL: the C library's,
 * as gr_ctx_new). GR_EINVAL when the size field or a function is missing. */
GR_NODISCARD gr_status gr_ctx_new_ex(const gr_allocator *alloc, gr_ctx **out, gr_error *err);

/* Bound on how many values a heap ruleset may tabulate when answering a
 * single value (seq-style calls that ask for N values tabulate N). Beyond
 * it a heap is answered only from a closed form or a proven period. */
void gr_ctx_set_table_limit(gr_ctx *ctx, uint64_t entries);
uint64_t gr_ctx_table_limit(const gr_ctx *ctx);

/* Take-and-break tables (finite codes that split into at most two heaps)
 * switch from the naive mex to the sparse-space method once they hold this
 * many values (default GR_DEFAULT_SPARSE_START; UINT64_MAX never switches). Both give the same
 * values; the switch only changes speed. */
void gr_ctx_set_sparse_start(gr_ctx *ctx, uint64_t n);

/* The vector kernels of the take-and-break tables. grundy uses the widest
 * the CPU runs (GR_KERNELS_AUTO, the default: AVX-512BW, else AVX2, else
 * portable C); the others force a path, for cross-checks and measurements.
 * Every path gives the same values (tests/test_sparse.c compares them).
 * Tables that switch to the sparse-space method after the call use it.
 * GR_EINVAL for a path this CPU does not run. gr_ctx_kernels says which
 * path is in force (AUTO resolved). */
typedef enum gr_kernels {
    GR_KERNELS_AUTO = 0,
    GR_KERNELS_PORTABLE = 1,
    GR_KERNELS_AVX2 = 2,
    GR_KERNELS_AVX512 = 3
} gr_kernels;
GR_NODISCARD gr_status gr_ctx_set_kernels(gr_ctx *ctx, gr_kernels k, gr_error *err);
gr_kernels gr_ctx_kernels(const gr_ctx *ctx);

/* Looks up (creating on first use) the ruleset named by spec[0..len), e.g.
 * "kayles", "sub[1,2,4]", "tb[0.77]". The context owns the result. Parse
 * errors carry a 1-based column relative to spec. */
/* A time bound on the work done with this context, counted from this call:
 * a search, tabulation or option listing still running `seconds` later
 * stops, mostly within tens of milliseconds (tests/deadline_test.py holds
 * every command to a second), with GR_ELIMIT and a message
 * saying where it was and how far it got ("the time limit of 2 s was
 * reached in the exact misère search, after 81920 positions"). Set it again
 * before each computation that should get the full time. 0 (the default),
 * a negative number or NaN removes the bound. */
void gr_ctx_set_time_limit(gr_ctx *ctx, double seconds);
double gr_ctx_time_limit(const gr_ctx *ctx); /* 0: none */

/* Threads for the searches that can use several (the nimber search of
 * board and graph games, grundy/board.h): 1 (the default) searches on the
 * calling thread alone; n > 1 starts n - 1 helper threads for each such
 * search, sharing its table, and joins them before the call returns (the
 * values are the same; the positions searched differ). At most
 * GR_MAX_THREADS; 0 means 1. */
#define GR_MAX_THREADS 64
void gr_ctx_set_threads(gr_ctx *ctx, unsigned threads);
unsigned gr_ctx_threads(const gr_ctx *ctx);

/* An interrupt callback, polled at the same places as the time limit (by
 * elapsed work, about every 10 ms of it, and never during a quick answer):
 * when it returns non-zero the computation stops with GR_ELIMIT ("... was
 * interrupted ..."), within tens of milliseconds in practice. NULL removes
 * it. For a Ctrl-C handler or a GUI's cancel button; it must not call back
 * into grundy. */
typedef int (*gr_interrupt_fn)(void *user);
void gr_ctx_set_interrupt(gr_ctx *ctx, gr_interrupt_fn fn, void *user);

/* Native code for rules: a rule[...] whose table grows past a thousand
 * heaps is written as C, compiled once by the C compiler `cc` (a program
 * on PATH, e.g. "cc"; run as cc -O2 -shared -fPIC) into the folder
 * `cache_dir` (made with mode 0700 when missing; a compiled rule is kept
 * there under the hash of its text and reused) and loaded, so it runs as
 * the loop its author would have written in C. Values are the same either
 * way: the rule machine stays the reference for every heap the native code
 * does not decide. cc NULL (the default) turns it off; when compiling
 * fails, rules stay on the machine. The CLI sets it (see docs/language.md).
 * GR_ENOMEM when the strings cannot be copied. */
GR_NODISCARD gr_status gr_ctx_set_native(gr_ctx *ctx, const char *cc, const char *cache_dir);

GR_NODISCARD gr_status gr_ctx_ruleset(gr_ctx *ctx, const char *spec, size_t len,
                                      gr_ruleset **out, gr_error *err);

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
