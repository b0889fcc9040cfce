/* Compound play: the same positions under other rules of play.
 *
 * Misère play (the last player to move loses). grundy decides it exactly:
 *  - "sj-theorem": every component is a heap in which every position of
 *    Grundy value 0 is terminal (nim heaps, some subtraction games). Then
 *    the SJ theorem's end rule ("the game ends when every component has
 *    value 0") is misère play itself, and its verdict is exact: the mover
 *    wins iff (value != 0 and some component has value > 1) or (value == 0
 *    and none has). With nim heaps only this is the Anti-Nim rule.
 *  - "genus": every component is a heap of a ruleset that grundy has shown,
 *    up to the largest heap in the position, to be tame in the sense of
 *    misère Nim (see docs/theory.md "Misère play of tame heaps"): heaps are fickle or firm, and
 *    the mover loses iff (all fickle and value 1) or (some firm and value 0).
 *  - "search": otherwise, an exact memoized search over positions written
 *    canonically (sorted multisets of components), bounded by the
 *    context's search limit (GR_ELIMIT when it would be exceeded).
 * The SJ rule's own verdict is always reported too, so a user can see where
 * it differs from the truth (a single Kayles row of 8: SJ says the mover
 * loses; the mover wins). */
/* Threads: as for positions (position.h): one thread at a time per context,
 * these calls included (they fill the context's tables, searches and
 * quotients). */
#ifndef GRUNDY_COMPOUND_H
#define GRUNDY_COMPOUND_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "context.h"
#include "position.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

/* Default bound on the positions an exact search may memoize; the work of
 * one search (words of positions generated) is bounded by 64 times it. */
#define GR_DEFAULT_SEARCH_LIMIT ((uint64_t)1 << 20)

void gr_ctx_set_search_limit(gr_ctx *ctx, uint64_t positions);
uint64_t gr_ctx_search_limit(const gr_ctx *ctx);

typedef struct gr_misere {
    size_t size;         /* sizeof(gr_misere): set by the caller (GR_SIZED) */
    gr_outcome wins;     /* GR_OUTCOME_N: the player to move wins under misère play */
    gr_outcome sj_wins;  /* what the SJ rule says (not always true!) */
    const char *method;  /* "sj-theorem", "genus" or "search" */
    uint64_t value;      /* the normal-play value of the sum */
    uint64_t searched;   /* positions memoized by the search, 0 otherwise */
} gr_misere;

GR_NODISCARD gr_status gr_position_misere(gr_position *pos, gr_misere *out, gr_error *err);

/* Every move to a position that the player to move then loses in misère
 * play; same conventions as gr_position_winning_moves. */
GR_NODISCARD gr_status gr_position_misere_moves(gr_position *pos, size_t max_moves, gr_move_fn fn, void *user,
                                                int *complete, gr_error *err);

/* Conway's genus g^{γ0 γ1 γ2 ...} of one heap: g the normal value, γk the
 * misère Grundy value of the heap plus k heaps of size 2 (γ0: the heap
 * alone). gamma[0..count) are computed exactly: by search, or past the
 * search's bound by the misère quotient of the ruleset's heaps with nim
 * heaps adjoined (proved periodic for heaps beyond 2000). */
/* the most genus terms gamma_0.. one call computes */
#define GR_GENUS_MAX_TERMS 16

typedef struct gr_genus {
    size_t size;         /* sizeof(gr_genus): set by the caller (GR_SIZED) */
    uint64_t g;
    uint64_t gamma[GR_GENUS_MAX_TERMS];
    size_t count;
    int tame;            /* the heap passed grundy's tameness check */
    const char *method;  /* "search", or "quotient" past the search's bound */
} gr_genus;

GR_NODISCARD gr_status gr_ruleset_genus(gr_ruleset *rs, uint64_t heap, size_t terms, gr_genus *out, gr_error *err);

/* Every-SG: each turn the player moves in every component (term) that
 * still has a move. step(v) = 0 at a terminal position; for value > 0,
 * 1 + the largest step among options of value 0; for value 0, 1 + the
 * smallest step among all options. The player to move wins iff the
 * component with the largest step has value != 0. steps[] gets one entry
 * per term; *decisive the index of a term with the largest step. */
GR_NODISCARD gr_status gr_position_every(gr_position *pos, uint64_t *steps, gr_outcome *wins, size_t *decisive,
                                         gr_error *err);

/* A winning Every-SG move (one move in every term that can move), reported
 * as one gr_move per term that changes. */
GR_NODISCARD gr_status gr_position_every_move(gr_position *pos, gr_move_fn fn, void *user, gr_error *err);

/* Moore's Nim-k (a move takes from 1 to k heaps): the player to move loses
 * iff every binary digit's count of ones is 0 mod k+1. Misère (Anti-Nim-k):
 * the mover wins iff (every non-empty heap is 1 and their number is not
 * 1 mod k+1) or (some heap exceeds 1 and some digit count is not 0 mod
 * k+1). Only nim heaps: other terms give GR_EINVAL. */
GR_NODISCARD gr_status gr_position_moore(gr_position *pos, uint64_t k, int misere, gr_outcome *wins, gr_error *err);

/* One winning Moore move: the terms it changes, as gr_moves. */
GR_NODISCARD gr_status gr_position_moore_move(gr_position *pos, uint64_t k, int misere, gr_move_fn fn, void *user,
                                              gr_error *err);

/* New Nim: round one the first player removes any whole heaps (not all),
 * round two the second player does, then Nim with the first player to
 * move. *wins: whether the first player can be sure to win; cost_hi:cost_lo
 * the least total (a 128-bit number) they must remove in round one;
 * removed[i] is set to 1 for the heaps to remove (removed may be NULL).
 * Greedy maximum-weight linear basis over GF(2): keep the heaviest linearly
 * independent set; every dependent heap goes. */
/* Writes the 128-bit number hi:lo in decimal into buf (at least
 * GR_U128_DIGITS bytes, NUL-terminated); returns its length. */
#define GR_U128_DIGITS 40
size_t gr_u128_format(uint64_t hi, uint64_t lo, char *buf);

GR_NODISCARD gr_status gr_newnim(const uint64_t *heaps, size_t n, gr_outcome *wins, uint64_t *cost_hi, uint64_t *cost_lo,
                                 unsigned char *removed, gr_error *err);

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
