/* A compiled rule (rulec.c writes it, rulevm.c runs it): per clause, the
 * code of its ranges, its condition and its result. */
#ifndef GRUNDY_RULEPROG_H
#define GRUNDY_RULEPROG_H

#include "core/internal.h"

#define GRI_RULE_MAX_ARITY 4

#define RULE_MAX_LOOPS 8
#define RULE_MAX_PARTS 16
#define RULE_MAX_DEPTH 64      /* nesting of parentheses and operators */
#define RULE_MAX_CLAUSES 256
#define RULE_MAX_CODE 4096     /* instructions in one expression */

__extension__ typedef __int128 i128;
#define VMAX ((i128)UINT64_MAX)

enum op {
    OP_CONST, OP_LOAD, OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_MOD, OP_NEG, OP_MIN, OP_MAX, OP_GCD,
    OP_LT, OP_LE, OP_GT, OP_GE, OP_EQ, OP_NE, OP_DIVIDES, OP_NOT,
    OP_JFALSE_KEEP, OP_JTRUE_KEEP, OP_POP   /* short-circuit and / or */
};

typedef struct insn {
    uint8_t op;
    uint64_t arg;     /* constant, slot or jump target */
} insn;

typedef struct code {
    insn *v;
    size_t n, cap;
} code;

#define RULE_MAX_CONJ 16
#define RULE_MAX_STOPS 8

/* A test that ends a loop early (rulebound.c derives them; docs/theory.md
 * proves them): once it holds at some value of the loop's name it holds at
 * every larger one, and then no iteration can list a move. */
enum { STOP_NEGATIVE, STOP_FALSE };
typedef struct rstop {
    uint8_t kind;   /* STOP_NEGATIVE: a result entry below 0; STOP_FALSE: a condition's operand false */
    code c;
} rstop;

typedef struct loop {
    unsigned slot;
    code lo, hi;
    unsigned nstops;
    rstop stops[RULE_MAX_STOPS];
} loop;

/* a range of a condition's code: one operand of its top-level 'and' chain */
typedef struct gri_conj {
    size_t from, to;
} gri_conj;

typedef struct clause {
    size_t col;               /* where it starts, for messages */
    unsigned nloops;
    loop loops[RULE_MAX_LOOPS];
    code cond;                /* empty: always */
    unsigned nconj;           /* its top-level 'and' operands (0: it is not such a chain) */
    gri_conj conj[RULE_MAX_CONJ];
    unsigned nparts;
    code parts[RULE_MAX_PARTS][GRI_RULE_MAX_ARITY];
} clause;

struct gri_rule {
    const gr_allocator *al; /* where its code lives */
    unsigned arity;
    int splits;
    int no_stops;   /* tests: list every iteration, as without the stops */
    clause *c;
    size_t nc;
};

/* whether c is exactly the instructions want[0..n) */
static inline int rule_code_is(const code *c, const insn *want, size_t n) {
    if (c->n != n) return 0;
    for (size_t i = 0; i < n; i++)
        if (c->v[i].op != want[i].op || c->v[i].arg != want[i].arg) return 0;
    return 1;
}

/* the machine's stack: every compiled code must fit (rule_code_depth) */
#define RULE_STACK (RULE_MAX_DEPTH * 2 + 8)

/* the deepest the machine's stack goes running c */
static inline size_t rule_code_depth(const code *c) {
    size_t sp = 0, max = 0;
    for (size_t i = 0; i < c->n; i++) {
        switch (c->v[i].op) {
        case OP_CONST: case OP_LOAD: sp++; break;
        case OP_NEG: case OP_NOT: case OP_JFALSE_KEEP: case OP_JTRUE_KEEP: break;
        default: if (sp) sp--; break; /* a binary operation, or POP */
        }
        if (sp > max) max = sp;
    }
    return max;
}

/* Derives the stop tests of the clause's loops from its result entries
 * and the condition's 'and' operands conj[0..nconj) (rulebound.c). */
gr_status gri_rule_bounds(const gr_allocator *al, clause *cl, unsigned arity, const gri_conj *conj, unsigned nconj);

#endif
