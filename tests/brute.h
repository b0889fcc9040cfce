/* An independent brute-force evaluator for tests: heap rules written out
 * again from their definitions (not the library's code), Grundy values by
 * mex, and outcomes of sums by searching the whole game tree (no SG
 * theorem). Only for small positions. */
#ifndef GRUNDY_BRUTE_H
#define GRUNDY_BRUTE_H

#include <stddef.h>
#include <stdint.h>

enum { B_NIM, B_SUB, B_TB, B_DIVISOR, B_COPRIME, B_POW2, B_GRUNDY, B_BASH };

typedef struct brule {
    int kind;
    int sub[16];
    int nsub;
    int digit[16];   /* digit[0] = d0 */
    int nd;
    int repeat;
    int bp, bq;      /* bash[p,q] */
    char spec[96];   /* how the rule is written in the game language */
} brule;

/* One option of a heap: up to three heaps left. */
typedef struct bopt {
    int n;
    int h[3];
} bopt;

/* All options of heap n under r; returns the count (capacity cap). */
int brute_options(const brule *r, int n, bopt *out, int cap);

/* The mex of heap n's options under r, an option's value being the XOR of
 * vals[] over its heaps (vals must cover every heap below n). */
unsigned brute_mex(const brule *r, int n, const unsigned *vals);

/* G(0..n) into g (by mex over brute_options). */
void brute_values(const brule *r, int n, unsigned *g);

/* Sets the spec text from the fields. */
void brute_spec(brule *r);

/* A position for the tree search: heaps tagged with their rule and term. */
typedef struct bheap {
    int rule;   /* index into the rule array */
    int size;
} bheap;

/* 1 if the player to move wins the sum of the heaps (normal play), by
 * exhaustive search with memoization. Total size must be small. */
int brute_wins(const brule *rules, const bheap *heaps, int nheaps);

/* The same under misère play (the last player to move loses). */
int brute_wins_misere(const brule *rules, const bheap *heaps, int nheaps);

/* The misère Grundy value of a sum (terminal = 1, else mex of options). */
unsigned brute_misere_value(const brule *rules, const bheap *heaps, int nheaps);

/* The remoteness of a sum (Steinhaus: terminal 0; won: 1 + the least
 * remoteness of a move to a lost position; lost: 1 + the largest), in
 * normal play or misère play (where a terminal position is won). */
int brute_remoteness(const brule *rules, const bheap *heaps, int nheaps, int misere);

/* Frees the search memo (call between cases whose rule arrays differ). */
void brute_reset(void);

#endif
