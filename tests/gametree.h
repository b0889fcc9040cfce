/* The game tree of a small position from gr_position_moves alone, for
 * the play tests (gametree.c). Not thread-safe: one memo per process. */
#ifndef GRUNDY_TEST_GAMETREE_H
#define GRUNDY_TEST_GAMETREE_H

#include <stddef.h>
#include "grundy/grundy.h"

/* a memo of outcomes (and remoteness) by a key: a tree's letter and the position */
#define GT_MEMO_SLOTS (1u << 18)
typedef struct slot {
    char *key;
    int wins;
} slot;
extern size_t memo_used;
void memo_reset(void);
slot *memo_find(const char *key);
void memo_put(const char *key, int wins);

/* the moves of a position: each the term it changes, the term's
 * replacement and the whole position after */
#define MAXMOVES 512
typedef struct mlist {
    gr_position *from;
    size_t n;
    size_t comp[MAXMOVES];
    char *to[MAXMOVES];
    char *after[MAXMOVES];
    int over;
} mlist;
void mlist_free(mlist *l);
/* a position read back (aborts when it cannot be read) */
gr_position *parse(gr_ctx *ctx, const char *text);
/* every move of pos into l (aborts when they are not all listed) */
void all_moves(gr_position *pos, mlist *l);
/* 1 with *known when the memo has the node (key = tree letter | text),
 * else 0 with the position parsed and its moves listed */
int node(gr_ctx *ctx, const char *text, char tree, char *key, size_t kl, gr_position **pos, mlist **l, int *known);
/* a finite game in normal (misere 0) or misère play: 1 when the player to move wins */
int tree_wins(gr_ctx *ctx, const char *text, int misere);
/* remoteness (Steinhaus): terminal 0; won: 1 + the least remoteness of a
 * move to a lost position; lost: 1 + the largest */
int tree_remoteness(gr_ctx *ctx, const char *text, int misere);

/* A loopy game in normal play, by retrograde analysis of every position
 * reachable from `text` (at most GT_LOOPY_MAX): 'N', 'P' or 'D' of the
 * position `of` (0 when it is not reachable or there are too many). */
#define GT_LOOPY_MAX 4096
char loopy_outcome(gr_ctx *ctx, const char *text, const char *of);

#endif
