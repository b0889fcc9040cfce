/* The generic Sprague-Grundy engine: Grundy values of positions of any finite
 * impartial game, given only a move generator.
 *
 * A state is a fixed-length vector of 64-bit words (state_words of them).
 * The caller's options callback enumerates the options of a state; each
 * option is a *sum* of zero or more component states (zero: the move ends
 * that game; two or more: a Multi-SG move that splits it). The value of an
 * option is the XOR of its components' values (the SG theorem), and the value
 * of a state is the mex of its options' values.
 *
 * Evaluation is memoized in a hash table and iterative: an explicit stack,
 * never C recursion, so chains of any length are fine. The number of
 * memoized states is bounded by max_states (GR_ELIMIT when hit), and a cycle
 * in the game graph is reported as GR_ECYCLE. */
/* Threads: a gr_engine is used by one thread at a time, value queries
 * included (they fill its memo); separate engines share nothing and may run
 * in parallel. */
#ifndef GRUNDY_ENGINE_H
#define GRUNDY_ENGINE_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

typedef struct gr_engine gr_engine;

/* max_states when the configuration gives 0 */
#define GR_ENGINE_DEFAULT_STATES ((size_t)1 << 22)
typedef struct gr_optsink gr_optsink;

/* Adds one option: `count` components, each state_words words long, laid
 * out one after another in `components`. Returns non-OK only on allocation
 * failure or bound hit; a callback should return that status unchanged. */
GR_NODISCARD gr_status gr_optsink_add(gr_optsink *sink, const uint64_t *components, size_t count);

/* Enumerates the options of `state` into `sink`. Return GR_OK, or an error
 * status (the engine stops and passes it on; put details in `err`). */
typedef gr_status (*gr_options_fn)(void *user, const uint64_t *state, gr_optsink *sink, gr_error *err);

typedef struct gr_engine_config {
    size_t size;         /* sizeof(gr_engine_config): set by the caller (GR_SIZED) */
    size_t state_words;      /* >= 1 */
    gr_options_fn options;   /* required */
    void *user;              /* passed to options */
    size_t max_states;       /* memo bound; 0 means GR_ENGINE_DEFAULT_STATES */
} gr_engine_config;

GR_NODISCARD gr_status gr_engine_new(const gr_engine_config *cfg, gr_engine **out, gr_error *err);
/* The same with its memory from *alloc (status.h; copied; NULL: the C
 * library's). */
GR_NODISCARD gr_status gr_engine_new_ex(const gr_engine_config *cfg, const gr_allocator *alloc, gr_engine **out,
                                        gr_error *err);
void gr_engine_free(gr_engine *e); /* accepts NULL */

/* The Grundy value of `state` (state_words words). */
GR_NODISCARD gr_status gr_engine_value(gr_engine *e, const uint64_t *state, uint64_t *value, gr_error *err);

/* The value of a sum of `count` states laid out one after another (XOR). */
GR_NODISCARD gr_status gr_engine_sum_value(gr_engine *e, const uint64_t *states, size_t count,
                                           uint64_t *value, gr_error *err);

/* Number of memoized states. */
size_t gr_engine_size(const gr_engine *e);

/* Forgets every memoized value (keeps the configuration). */
void gr_engine_reset(gr_engine *e);

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
