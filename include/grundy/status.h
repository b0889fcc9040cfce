/* Status codes and the error record every fallible grundy call fills in.
 * The library never prints or exits: a call returns a gr_status, and when it
 * is not GR_OK the caller's gr_error (if given) says what went wrong and, for
 * parse errors, where (1-based line and column). */
/* Threads: codes and the error record are plain data; gr_status_name may be
 * called from any thread. */
#ifndef GRUNDY_STATUS_H
#define GRUNDY_STATUS_H

#include <stddef.h>

/* The shared library exports what the public headers declare between these
 * markers and nothing else (it is built with hidden visibility). */
#if defined(__GNUC__) || defined(__clang__)
#define GR_API_BEGIN _Pragma("GCC visibility push(default)")
#define GR_API_END _Pragma("GCC visibility pop")
#else
#define GR_API_BEGIN
#define GR_API_END
#endif

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

#if defined(__GNUC__) || defined(__clang__)
#define GR_NODISCARD __attribute__((warn_unused_result))
#else
#define GR_NODISCARD
#endif

typedef enum gr_status {
    GR_OK = 0,
    GR_EPARSE,       /* malformed text (position, ruleset spec, file) */
    GR_ERANGE,       /* a number out of range (overflow, zero where positive needed) */
    GR_EINVAL,       /* an argument that makes no sense for the call */
    GR_ELIMIT,       /* a bound was hit: one the caller set (time, search, table
                      * limit; the message says which option raises it) or one of
                      * grundy's own fixed bounds (the message names it) */
    GR_ECYCLE,       /* the game graph has a cycle: the game is not finite */
    GR_EUNPROVEN,    /* no proven answer within the bounds (e.g. no period found) */
    GR_ENOSOLUTION,  /* the equation asked about has no solution (e.g. x^2 + x = a) */
    GR_ENOMEM,       /* allocation failed */
    GR_EINTERNAL     /* a broken invariant: a bug in grundy */
} gr_status;

#define GR_ERROR_MESSAGE_MAX 256

typedef struct gr_error {
    gr_status status;
    size_t line;    /* 1-based line of a parse error, 0 when not about text */
    size_t column;  /* 1-based column of a parse error, 0 when not about text */
    char message[GR_ERROR_MESSAGE_MAX];
} gr_error;

/* A short stable name for a status: "ok", "parse", "range", ... */
const char *gr_status_name(gr_status s);

/* True for statuses that mean "the input was bad or beyond bounds" as
 * opposed to an internal failure (out of memory, bug). */
int gr_status_is_input_error(gr_status s);

/* Resets an error record to GR_OK with an empty message. */
void gr_error_clear(gr_error *err);

/* Where a context's memory comes from. Every allocation the library makes
 * for the context and what hangs off it (rulesets, positions, parsers,
 * quotients, searches, and the strings the *_format calls hand back) goes
 * through these three functions, so a caller can count it, cap it, put it
 * in an arena or fail it on purpose; the library never calls malloc for a
 * context made with an allocator. Set size to sizeof(gr_allocator) (later
 * versions may add fields after `user`). realloc is called with n > 0 and a
 * block from malloc or realloc; free accepts NULL. Each may be called from
 * whichever thread uses the context. Memory the library hands to the caller
 * goes back through the caller's own free (not free() or gr_free). */
typedef struct gr_allocator {
    size_t size;
    void *(*malloc)(void *user, size_t n);
    void *(*realloc)(void *user, void *p, size_t n);
    void (*free)(void *user, void *p);
    void *user;
} gr_allocator;

/* The outcome of a position, the one type every call that tells who wins
 * uses: the player to move loses (P), wins (N), or neither can force a win
 * (D, a draw: only in loopy games). P and N are 0 and 1, so an outcome
 * reads as "the player to move wins" where no draw is possible. */
typedef enum gr_outcome {
    GR_OUTCOME_UNKNOWN = -1, /* not decided (a call that succeeds never leaves an outcome it was asked for so) */
    GR_OUTCOME_P = 0,
    GR_OUTCOME_N = 1,
    GR_OUTCOME_D = 2
} gr_outcome;

/* Structs the caller hands to grundy, to read (configurations) or to fill
 * (results), start with their size, so a later version can add fields at
 * the end and still tell an old caller's struct from a new one. Set it to
 * sizeof the struct before the call: in C, GR_SIZED(gr_period) is a
 * zeroed gr_period with its size set; in C++, `gr_period p{}; p.size =
 * sizeof p;`. A call given a struct whose size is too small (0 included)
 * fails with GR_EINVAL and a message saying so. Structs grundy hands out
 * (gr_move and gr_term_info in callbacks) and gr_error do not change: a
 * later version adds new ones instead. */
#define GR_SIZED(T) ((T){.size = sizeof(T)})

/* Frees a string grundy allocated for the caller (the *_format calls). The
 * same as free() from C; bindings in other languages call this one, so the
 * memory goes back to the allocator that gave it. Accepts NULL. */
void gr_free(void *p);

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
