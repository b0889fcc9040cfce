/* The rule language of rule[...] (rulec.c): a game written as clauses
 *
 *   CLAUSE  := PATTERN '->' RESULT { 'for' NAME 'in' EXPR '..' EXPR } [ 'if' COND ]
 *   PATTERN := NAME | '(' NAME { ',' NAME } ')'      1 to 4 numbers
 *   RESULT  := PART { '+' PART } | '0'
 *   PART    := EXPR | '(' EXPR { ',' EXPR } ')'
 *
 * compiled once into a small stack machine, then run for each position to
 * list its options. A top-level '+' in a result separates the parts of a
 * sum (write (n+1) for arithmetic). Arithmetic is exact: a value whose
 * magnitude passes 2^64 - 1, or a division by zero, is an error naming the
 * clause; a result with a negative entry is not a move. */
#ifndef GRUNDY_RULEC_H
#define GRUNDY_RULEC_H

#include "lang/ruleprog.h"

typedef struct gri_rule gri_rule;

/* Compiles text[0..n) (what stands between the brackets); errors at
 * `line`, column col0 + offset. */
gr_status gri_rule_compile(const char *text, size_t n, size_t line, size_t col0, gri_rule **out, gr_error *err);
void gri_rule_free(gri_rule *r);

/* numbers in a position (the pattern's size) */
unsigned gri_rule_arity(const gri_rule *r);
/* whether some result has two or more parts */
int gri_rule_splits(const gri_rule *r);

/* One option: parts[0..nparts * arity) are the positions of the sum it
 * leaves, one after another (nparts may be 0). Return nonzero to stop. */
typedef int (*gri_rule_fn)(void *user, const uint64_t *parts, size_t nparts);

/* Lists the options of the position x[0..arity). Loop iterations over the
 * whole listing are bounded by max_steps (GR_ELIMIT past it); arithmetic
 * errors are GR_ERANGE or GR_EINVAL, naming the clause. */
gr_status gri_rule_options(const gri_rule *r, const uint64_t *x, uint64_t max_steps, gri_rule_fn fn, void *user,
                           gr_error *err);

#endif
