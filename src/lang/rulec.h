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
gr_status gri_rule_compile(const gr_allocator *al, const char *text, size_t n, size_t line, size_t col0, gri_rule **out, gr_error *err);
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
/* The same, telling in *counted how many loop steps the listing took. */
gr_status gri_rule_options_counted(const gri_rule *r, const uint64_t *x, uint64_t max_steps, gri_rule_fn fn, void *user,
                                   uint64_t *counted, gr_error *err);

/* The shape of a one-number rule whose every clause is a subtraction or a
 * split, so that tables can use the take-and-break kernels instead of the
 * machine. Recognized exactly, from the compiled code:
 *   subtraction  n -> n-k for k in LO..HI [if COND(k)]   (LO >= 1 and HI
 *                constants, COND on k alone): the set of such k;
 *   split        n -> a + (n-c-a) for a in 1..HI(n) [if a != n-c-a]
 *                (also written (n-a)-c): two heaps summing to n - c. The
 *                clause is all the splits of m = n - c whenever
 *                m >= 2 and floor(m/2) <= HI(n) <= m - 1 (gri_rule_split_hi
 *                evaluates HI); for other heaps the machine decides. */
typedef struct gri_rule_shape {
    uint64_t *take;       /* the subtraction set, ascending, distinct (malloc'd) */
    size_t ntake;
    unsigned nsplit;      /* split clauses */
    uint64_t split_c[8];  /* their c */
    size_t split_clause[8];
    int unequal;          /* all splits unequal (1) or all not (0) */
    int full;             /* every split clause's HI is written m - 1 or m / 2
                             (m = n - c): all the splits of every heap */
} gri_rule_shape;

/* 1 and *out filled when the rule has that shape, 0 when not (or when out
 * of memory: then the machine is used). */
int gri_rule_shape_of(const gri_rule *r, gri_rule_shape *out);
/* HI(n) of split clause `clause`: 1 with *hi set, 0 when it fails to evaluate */
int gri_rule_split_hi(const gri_rule *r, size_t ci, uint64_t n, int64_t *hi);

/* The C text of G(n) for a one-number rule (rulenative.c): functions
 * grundy_rule_heap1/2/4 (for a value table 1, 2 or 4 bytes wide) with
 * this signature, returning G(n) or GRI_NATIVE_ASK when the machine must
 * decide the heap (an overflow, a division by zero, the step bound, a part
 * that is not a smaller heap, a mex that reaches cap). GR_EINVAL when the
 * rule cannot be written so (more than one number, a constant past
 * 2^63 - 1). */
typedef struct gri_native_env {
    const void *g;     /* G(0..n-1) */
    uint64_t *stamp;   /* cap entries; an option of value v sets stamp[v] = mark */
    uint64_t cap, mark, max_steps;
} gri_native_env;
typedef int64_t (*gri_native_heap_fn)(uint64_t n, gri_native_env *env);
#define GRI_NATIVE_ASK (-1)
/* the largest heap the native code may be asked about (its arithmetic is
 * proved to fit in 64 bits for heaps up to here) */
#define GRI_NATIVE_MAX_HEAP (((uint64_t)1 << 31) - 1)
/* For a rule of 2 to 4 numbers the text has one function instead,
 * grundy_rule_cell, for a dense table (rule_dense.c): the value of the
 * cell xs, or GRI_NATIVE_ASK, or GRI_NATIVE_NEED (some options' cells are
 * unknown: they are in pend[0..npend), at most 64, in the order listed),
 * or GRI_NATIVE_CYCLE (an option's cell is on the walk's path). The table
 * holds 0xFFFFFFFF for unknown, 0xFFFFFFFE for on the path. */
typedef struct gri_native_cell_env {
    const uint32_t *t;
    uint64_t dim[4], stride[4];
    uint64_t *stamp;
    uint64_t cap, mark, max_steps;
    uint64_t *pend;
    uint32_t npend;
} gri_native_cell_env;
typedef int64_t (*gri_native_cell_fn)(const int64_t *xs, gri_native_cell_env *env);
/* and grundy_rule_row: `count` cells from xs along the last number (cell
 * indices idx0, idx0 + 1, ... in the writable table tw, the same as
 * env->t), each with the next mark, each on the path (0xFFFFFFFE) while it
 * is found; it returns how many it valued, stopping before the first that
 * is not simply a value of at most `half` (that cell is left unknown). */
typedef uint64_t (*gri_native_row_fn)(const int64_t *xs, gri_native_cell_env *env, uint64_t count, uint32_t *tw,
                                      uint64_t idx0, uint64_t half);
#define GRI_NATIVE_NEED (-2)
#define GRI_NATIVE_CYCLE (-3)
gr_status gri_rule_c_source(const gri_rule *r, gri_buf *out);

#endif
