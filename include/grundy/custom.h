/* Game families of your own. A caller describes a finite impartial game by
 * its options, registers it in a context under a name, and from then on
 * writes it in the game language like any built-in ruleset: in sums, in
 * every play mode (normal, misère, Every-SG), with winning moves, and for a
 * heap family as a sequence (G(0), G(1), ...).
 *
 * A heap family's terms are heaps (mygame(7) + mygame(3,4)); its options
 * callback gets args = {n} (nargs 1) and emits each option as the heaps it
 * leaves (zero or more; empty heaps may be emitted and are dropped). Every
 * heap an option leaves must be smaller than n. A state family's term is
 * one position (mygame(3,5)): the callback gets its arguments and emits each
 * option as the arguments of the position it leads to (1 to 64 words).
 * State values are found by the shared memoized search, bounded by the
 * context's search limit; a position reachable from itself is reported as
 * GR_ECYCLE. */
/* Threads: a family's callbacks run on the thread that called into its
 * context, never two at once for one context. */
#ifndef GRUNDY_CUSTOM_H
#define GRUNDY_CUSTOM_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "context.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

typedef struct gr_emit gr_emit;

/* Emits one option (see above). Returns 1 when the listing should stop (the
 * caller has seen enough, or a bound or an allocation failed): the options
 * callback should then return GR_OK at once. */
int gr_emit_option(gr_emit *out, const uint64_t *vals, size_t n);

typedef struct gr_custom_family {
    size_t size;         /* sizeof(gr_custom_family): set by the caller (GR_SIZED) */
    const char *name;   /* [a-z_][a-z0-9_]*, at most 32 characters, not a built-in name (copied) */
    int heap;           /* 1: a heap family; 0: a state family */
    int splits;         /* heap families: 1 when an option may leave two or more heaps (misère play relies on it) */
    /* required: emits every option of the position args[0..nargs) */
    gr_status (*options)(void *user, const uint64_t *args, size_t nargs, gr_emit *out, gr_error *err);
    /* optional, state families: checks args[0..nargs) is a position
     * (*bad: the offending argument) */
    gr_status (*check)(void *user, const uint64_t *args, size_t nargs, size_t *bad, gr_error *err);
    void *user;         /* passed to the callbacks */
    /* optional, state families: rewrites args[0..nargs) in place into the
     * position's canonical form under the game's symmetries (say, a pair
     * sorted when the game does not tell (a,b) from (b,a)); positions with
     * one form must have one value. The search then memoizes forms only. */
    void (*canonical)(void *user, uint64_t *args, size_t nargs);
    /* optional, state families: splits a position into independent parts
     * (its value is the XOR of theirs), emitting each with gr_emit_option;
     * emitting nothing, or one part, means it does not split. The search
     * then memoizes the parts, not their combinations. */
    gr_status (*split)(void *user, const uint64_t *args, size_t nargs, gr_emit *out, gr_error *err);
} gr_custom_family;

/* Registers the family in ctx (GR_EINVAL for a bad or taken name, or a
 * missing callback). The callbacks must stay valid while ctx lives. */
GR_NODISCARD gr_status gr_ctx_define_family(gr_ctx *ctx, const gr_custom_family *def, gr_error *err);

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
