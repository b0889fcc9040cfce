/* Rulesets. Most are heap rulesets: games whose state is one heap of n
 * tokens (n a 64-bit unsigned integer) and whose moves leave zero or more
 * heaps of the same ruleset: nim, finite subtraction sets, octal/hexadecimal
 * take-and-break codes, divisor, coprime, powers of two and Grundy's game.
 * The others are state rulesets, whose term arguments together describe one
 * position: staircase(p1,p2,...) and stairs(c1,c2,...).
 *
 * Values come from a closed form where one is proved (nim), from the value
 * table (computed by mex from the definition), or from a period proved on
 * the table; a heap beyond all three is GR_EUNPROVEN, never a guess. */
/* Threads: a ruleset belongs to its context, so one thread at a time uses
 * it, value queries included (they grow its table). */
#ifndef GRUNDY_RULESET_H
#define GRUNDY_RULESET_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "context.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

/* The families grundy knows (what `grundy help rulesets` lists): i from 0
 * to gr_family_count() - 1, in the registry's order. Every string is
 * static. A family of your own (gr_ctx_add_family) is not among them. */
typedef struct gr_family_info {
    size_t size;           /* sizeof(gr_family_info): set by the caller (GR_SIZED) */
    const char *name;      /* as a term names it: "kayles", "sub", "wythoff" */
    const char *kind;      /* "heap", "state", "board" or "rule" (the help's groups) */
    const char *syntax;    /* how a term is written: "sub[S]", "wythoff(a,b)" */
    const char *help;      /* one line */
    const char *alias_of;  /* an alias: the family and parameters it stands for
                              ("tb[0.77]" for kayles); NULL otherwise */
    int heap;              /* 1: each argument is a heap; 0: the arguments are one position */
    int params_required;   /* the name needs [PARAMS] (sub[1,2], graph[0>1]) */
    const char *example;   /* a position of the family that grundy solves at once:
                              "kayles(7) + 3", "wythoff(3,5)" */
} gr_family_info;
size_t gr_family_count(void);
GR_NODISCARD gr_status gr_family_at(size_t i, gr_family_info *out, gr_error *err);

/* The family's name as written ("tb" for kayles, "dyn" for fib, "nim" for
 * a bare integer). */
const char *gr_ruleset_family(const gr_ruleset *rs);

/* 1 for heap rulesets (each argument is a heap), 0 for state rulesets. */
int gr_ruleset_is_heap(const gr_ruleset *rs);

/* State rulesets: checks that args[0..n) is a position (sets *bad to the
 * index of the offending argument), its Grundy value, and its options (each
 * a new argument vector of the same ruleset; return nonzero to stop). */
GR_NODISCARD gr_status gr_ruleset_state_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad,
                                              gr_error *err);
GR_NODISCARD gr_status gr_ruleset_state_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value,
                                              gr_error *err);
typedef int (*gr_state_option_fn)(void *user, const uint64_t *args, size_t n);

/* Whether the player to move wins a state position (normal play); known for
 * every 64-bit position even where the Grundy value is not (the value of a
 * large wythoff, euclid or dyn position that is not lost is GR_EUNPROVEN). */
GR_NODISCARD gr_status gr_ruleset_state_outcome(gr_ruleset *rs, const uint64_t *args, size_t n, gr_outcome *wins,
                                                gr_error *err);

/* For a ruleset whose moves take tokens from a pile (dyn[k], fib): of the
 * winning moves from the position, the fewest tokens taken (0 when the
 * position is lost). GR_EINVAL, with a message, for a ruleset whose moves
 * are not takes. */
GR_NODISCARD gr_status gr_ruleset_least_winning_take(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *take,
                                                     gr_error *err);
/* The same under its first name (kept for programs built against 0.x). */
GR_NODISCARD gr_status gr_ruleset_dyn_min_take(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *take,
                                               gr_error *err);
GR_NODISCARD gr_status gr_ruleset_state_options(gr_ruleset *rs, const uint64_t *args, size_t n,
                                                uint64_t max_options, gr_state_option_fn fn, void *user,
                                                int *complete, gr_error *err);

/* A value certificate of one state term (docs/certificates.md): wythoff,
 * euclid, fib, dyn[k] and rule[...] (one heap of a one-number rule). Every
 * state reachable from the term, once, with its value by a plain mex over
 * the family's moves, options before the states that move to them. *out
 * (freed with gr_free) holds the lines from `game state` to the last
 * entry. At most max_entries states (0: a million), else GR_ELIMIT;
 * GR_ECYCLE for a loopy game; GR_EINVAL for other families. */
GR_NODISCARD gr_status gr_state_value_certificate(gr_ruleset *rs, const uint64_t *args, size_t nargs,
                                                  uint64_t max_entries, char **out, size_t *len, gr_error *err);

/* A value certificate of one term of any family that has one: the
 * family's record says which (gr_board_value_certificate for nodekayles,
 * arckayles and cram; gr_state_value_certificate for wythoff, euclid,
 * fib, dyn and rule[...]). GR_EINVAL, naming the families, for others. */
GR_NODISCARD gr_status gr_ruleset_value_certificate(gr_ruleset *rs, const uint64_t *args, size_t nargs,
                                                    uint64_t max_entries, char **out, size_t *len, gr_error *err);

/* The spec as it is written back (e.g. "kayles", "sub[1,2,4]"). */
const char *gr_ruleset_spec(const gr_ruleset *rs);

/* Grundy value of one heap of n tokens. */
GR_NODISCARD gr_status gr_ruleset_value(gr_ruleset *rs, uint64_t n, uint64_t *value, gr_error *err);

/* How a value was found, for explanations (grundy explain). */
typedef enum gr_how_kind {
    GR_HOW_FORMULA = 1, /* a proved closed form: text is the formula in words */
    GR_HOW_TABLE,       /* the mex of the heap's options, tabulated for heaps 0..tabulated-1 */
    GR_HOW_PERIOD,      /* a proved period: G(n) = G(n - period) + saltus past preperiod,
                           read from the table of heaps 0..tabulated-1 */
    GR_HOW_OTHER        /* the family's own method (text), e.g. a state game */
} gr_how_kind;
typedef struct gr_how {
    size_t size;         /* sizeof(gr_how): set by the caller (GR_SIZED) */
    gr_how_kind kind;
    uint64_t value;
    const char *text;   /* FORMULA, OTHER: static words; NULL otherwise */
    uint64_t tabulated; /* TABLE, PERIOD */
    uint64_t preperiod, period, saltus; /* PERIOD (saltus 0: plain periodicity) */
} gr_how;

/* G(n) of a heap ruleset as gr_ruleset_value finds it, and how. */
GR_NODISCARD gr_status gr_ruleset_value_how(gr_ruleset *rs, uint64_t n, gr_how *how, gr_error *err);

/* How a ruleset's values are found, in words (a state ruleset's method, a
 * heap ruleset's formula), or NULL when the family has no such words. */
const char *gr_ruleset_method(const gr_ruleset *rs);

/* G(0), ..., G(count-1) into out[0..count). Tabulates as far as needed
 * (count may exceed the context's table limit: the caller asked for it),
 * using a proven period or closed form where one is known. */
GR_NODISCARD gr_status gr_ruleset_values(gr_ruleset *rs, uint64_t count, uint64_t *out, gr_error *err);

/* G(from), ..., G(from+count-1) into out[0..count): the same, for reading a
 * long sequence in pieces. Values already computed are only read (so a
 * progress callback may call it for the values done so far). */
GR_NODISCARD gr_status gr_ruleset_values_range(gr_ruleset *rs, uint64_t from, uint64_t count, uint64_t *out,
                                               gr_error *err);

/* Computes G(0..count-1) without copying them out (read them with
 * gr_ruleset_values_range). The table keeps 1, 2 or 4 bytes per value, as
 * the values need. */
GR_NODISCARD gr_status gr_ruleset_compute(gr_ruleset *rs, uint64_t count, gr_error *err);

/* Called once per option of a heap: the heaps left (0, 1, 2 or 3 of them,
 * each >= 1). Return nonzero to stop the enumeration. */
typedef int (*gr_heap_option_fn)(void *user, const uint64_t *heaps, size_t nheaps);

/* Enumerates the options of a heap of n tokens, by the definition. Heaps
 * whose option list is astronomically long (n beyond the table) are
 * enumerated up to `max_options` options; *complete says whether every
 * option was visited. max_options 0 means no bound. */
GR_NODISCARD gr_status gr_ruleset_options(const gr_ruleset *rs, uint64_t n, uint64_t max_options,
                                          gr_heap_option_fn fn, void *user, int *complete,
                                          gr_error *err);

/* Whether one move turns a heap of n tokens into the heaps heaps[0..k)
 * (in any order; empty heaps are left out, so a move that takes the whole
 * heap is k = 0). Families that know their moves' shape (nim, take-and-break
 * codes, Grundy's game, coprime) decide it at once for any 64-bit heap;
 * the others list the options of n, up to max_options of them (0: no
 * bound), and answer GR_EUNPROVEN when the list is cut before the heaps
 * were found. */
GR_NODISCARD gr_status gr_ruleset_is_option(const gr_ruleset *rs, uint64_t n, const uint64_t *heaps, size_t k,
                                            uint64_t max_options, int *yes, gr_error *err);

/* Proven periodicity of a heap ruleset (finite subtraction sets and finite
 * take-and-break codes). */
typedef struct gr_period {
    size_t size;         /* sizeof(gr_period): set by the caller (GR_SIZED) */
    int found;            /* 1 when proved */
    uint64_t preperiod;   /* G(n + period) = G(n) for every n >= preperiod */
    uint64_t period;      /* the smallest such period */
    uint64_t checked;     /* values computed and compared (0..checked-1) */
    uint64_t proof_end;   /* the check covered n in [preperiod, proof_end) */
    uint64_t saltus;      /* 0: periodic. Else arithmetic periodicity:
                             G(n + period) = G(n) + saltus for n >= preperiod */
    int rule;             /* the theorem's case (gr_period_rule of period.h),
                             set whenever one applies, found or not */
    uint64_t max_take;    /* its t: the most tokens one move removes */
} gr_period;

/* Tabulates up to `upto` values (at least) and tries to prove a period.
 * found = 0 means none is proved within that many values: not that the game
 * is aperiodic. GR_EINVAL for rulesets where no periodicity theorem applies
 * (infinite codes, nim, divisor, ...). */
GR_NODISCARD gr_status gr_ruleset_period(gr_ruleset *rs, uint64_t upto, gr_period *out, gr_error *err);

/* The sparse-space method's class, as the ruleset's tabulation chose it
 * (take-and-break codes with two-heap splits, Grundy's game): position i is
 * listed when parity(G(i) & mask) XOR (dom & ((i + shift) & 1)) is 0, and
 * `listed` positions of the table are. A certificate carries it, so that a
 * checker reads a heap's splits with listed parts only (docs/certificates.md).
 * GR_EINVAL when the ruleset does not use the method (yet). */
typedef struct gr_split_class {
    size_t size;       /* sizeof(gr_split_class): set by the caller (GR_SIZED) */
    uint32_t mask;
    unsigned dom, shift;
    uint64_t listed;
} gr_split_class;
GR_NODISCARD gr_status gr_ruleset_split_class(const gr_ruleset *rs, gr_split_class *out, gr_error *err);

/* Long tabulations: the callback is called every few thousand values with
 * the number of values done so far (it may call gr_ruleset_values for that
 * many, to save them); a nonzero return stops the tabulation with
 * GR_ELIMIT ("stopped"). NULL removes it. A board or graph game
 * (grundy/board.h) calls it during a long search with the positions
 * searched so far as done and total 0 (not known). */
typedef int (*gr_progress_fn)(void *user, uint64_t done, uint64_t total);
void gr_ruleset_set_progress(gr_ruleset *rs, gr_progress_fn fn, void *user);

/* Loads G(0..count-1) computed earlier (a checkpoint) into the value table,
 * so that tabulation resumes after them. The caller vouches for them. */
GR_NODISCARD gr_status gr_ruleset_seed(gr_ruleset *rs, const uint64_t *vals, uint64_t count, gr_error *err);

/* The same a piece at a time: vals[0..count) become the values of the next
 * count heaps after those already in the table. */
GR_NODISCARD gr_status gr_ruleset_append(gr_ruleset *rs, const uint64_t *vals, uint64_t count, gr_error *err);

/* The most tokens one move removes, or UINT64_MAX when unbounded. */
uint64_t gr_ruleset_max_take(const gr_ruleset *rs);

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
