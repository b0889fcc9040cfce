/* Random heap rules for the differential tests. */
#ifndef GRUNDY_RANDRULE_H
#define GRUNDY_RANDRULE_H

#include <string.h>
#include "brute.h"
#include "testutil.h"

/* A random finite subtraction set of distinct elements in 1..maxel. */
static inline void rand_sub(tu_rng *r, brule *b, int maxel) {
    memset(b, 0, sizeof *b);
    b->kind = B_SUB;
    int want = 1 + (int)tu_below(r, 5);
    while (b->nsub < want) {
        int x = 1 + (int)tu_below(r, (uint64_t)maxel), dup = 0;
        for (int i = 0; i < b->nsub; i++) dup |= b->sub[i] == x;
        if (!dup) b->sub[b->nsub++] = x;
    }
    brute_spec(b);
}

/* A random take-and-break code; hex digits (three-way splits) when hex. */
static inline void rand_tb(tu_rng *r, brule *b, int hex, int allow_repeat) {
    static const int D0[] = {0, 0, 0, 0, 4, 8, 12};
    memset(b, 0, sizeof *b);
    b->kind = B_TB;
    for (;;) {
        b->digit[0] = D0[tu_below(r, hex ? 7 : 5)];
        b->nd = 2 + (int)tu_below(r, 4);
        int any = b->digit[0];
        for (int i = 1; i < b->nd; i++) {
            b->digit[i] = (int)tu_below(r, hex && tu_below(r, 3) == 0 ? 16 : 8);
            any |= b->digit[i];
        }
        b->repeat = allow_repeat && tu_below(r, 5) == 0;
        if (any) break;
    }
    brute_spec(b);
}

static inline void rand_rule(tu_rng *r, brule *b) {
    uint64_t k = tu_below(r, 10);
    if (k < 3) rand_sub(r, b, 9);
    else if (k < 7) rand_tb(r, b, k == 6, 1);
    else {
        static const int K[] = {B_NIM, B_DIVISOR, B_COPRIME, B_POW2, B_GRUNDY};
        memset(b, 0, sizeof *b);
        b->kind = K[tu_below(r, 5)];
        brute_spec(b);
    }
}

#endif
