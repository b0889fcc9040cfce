/* The rule family's private record, shared by rule.c (the heap and state
 * families) and rule_loopy.c (loopy mode: values on the graph of
 * positions). */
#ifndef GRUNDY_RULE_INTERNAL_H
#define GRUNDY_RULE_INTERNAL_H

#include "core/family.h"
#include "core/search.h"
#include "core/lgraph.h"
#include "lang/rulec.h"
#include "io/native.h"

/* the machine's loop steps (about 20-50 ms of work) after which a rule is
 * worth compiling, even before the table reaches the context's native_from */
#define RULE_NATIVE_STEPS ((uint64_t)1 << 20)

/* loop steps one option listing may take */
#define RULE_MAX_STEPS ((uint64_t)1 << 22)

/* The marks of the option values seen for one position, for its mex:
 * v[x] == mark for each value x seen, cap a power of two above every XOR
 * of two table values (so the native code indexes v under a mask). */
typedef struct rule_marks {
    uint64_t *v, cap, mark;
} rule_marks;

/* a dense table of a state rule's values (rule_dense.c) */
typedef struct rule_dense {
    const gr_allocator *al;   /* the context's */
    int off;                  /* the dense path gave up for this rule */
    unsigned a;
    uint64_t dim[GRI_RULE_MAX_ARITY], stride[GRI_RULE_MAX_ARITY], cells;
    uint32_t *t;              /* a value, or unknown, or "options being found" */
    uint32_t maxval;
    uint64_t filled;          /* cells with a value */
    uint64_t *stack;          /* the walk's cells */
    size_t sp, scap;
    uint64_t pend[64];        /* unknown options of the cell being evaluated */
    unsigned npend;
    rule_marks marks;
    uint64_t machine_cells, native_cells;  /* evaluations of cells by each (a cell whose options were not all known is evaluated again) */
    uint64_t valued_machine, valued_native; /* cells valued by each */
    uint64_t machine_steps;                /* loop steps the machine took for them */
    int prefilled;            /* the first walk's box was filled in order first */
    /* rules of whole lines (rule_lines.c): their directions (bit j: number j moves) */
    int lines_tried, no_lines; /* no_lines: tests, the other paths alone */
    unsigned lines_nd, lines_dirs[15];
    uint64_t line_cells;      /* cells valued by their lines' sets */
} rule_dense;

/* the largest value a dense cell holds (above: unknown, or being found) */
#define GRI_DENSE_MAX_VALUE (UINT32_MAX - 2)

typedef struct rule_data {
    const gr_allocator *al; /* the context's */
    gri_rule *rule;
    /* one-number rules made of subtractions and splits: the kernels */
    int shaped, fallback;  /* fallback: the machine for good (after a heap the kernels could not take) */
    gri_rule_shape shape;
    uint64_t *single;      /* room for the subtraction options of one heap */
    /* other one-number rules: native code (gr_ctx_set_native), tried once
     * the table passes the context's native_from heaps; the machine decides every
     * heap it asks about */
    int native;            /* 0 not tried, 1 loaded, -1 not available */
    gri_native *nat;
    gri_native_heap_fn nfn[3];  /* for value tables 1, 2, 4 bytes wide */
    gri_native_cell_fn ncell;   /* state rules: a dense table's cell */
    gri_native_row_fn nrow;     /* ... and cells along a row (NULL: one at a time) */
    rule_marks marks;
    uint64_t native_heaps, machine_heaps;  /* heaps each decided */
    uint64_t machine_steps;                /* loop steps the machine took for them */
    char native_why[GR_ERROR_MESSAGE_MAX];
    char method[GR_ERROR_MESSAGE_MAX + 160];  /* gr_ruleset_method's words */
    rule_dense dn;         /* state rules: the dense table */
    int no_dense;          /* tests: the search only */ /* why native code is not used, when tried */
    /* loopy mode, once the game is found not to be well-founded (a move
     * to a heap that is not smaller, a position reachable from itself):
     * the positions reached so far and their moves form a graph, solved
     * by generalized Sprague-Grundy values; vertex 0 is "the term has
     * ended", vertex id + 1 is the position with keymap entry id */
    int loopy;
    gri_keymap lkeys;
    int lkeys_ready;
    uint32_t *efrom, *eto;
    size_t ne, ecap;
    gri_lgraph lg;
    uint32_t lg_n;         /* vertices when lg was solved (0: never) */
} rule_data;

static inline gri_rule *gri_rule_of(const gr_ruleset *rs) { return ((const rule_data *)rs->data)->rule; }

/* rule_loopy.c: the loopy mode's operations (family.h) */
int gri_rule_is_loopy(const gr_ruleset *rs);
gr_status gri_rule_gvalue(gr_ruleset *rs, const uint64_t *args, size_t n, gri_gv *out, gr_error *err);
gr_status gri_rule_gvalue_options(gr_ruleset *rs, const uint64_t *args, size_t n, gri_gv_option_fn fn, void *user,
                                  gr_error *err);
void gri_rule_write_args(const gr_ruleset *rs, const uint64_t *args, size_t n, gri_buf *b);
/* rule.c: compiles the rule to native code, once; 1 when it is loaded */
int gri_rule_native_ready(gr_ruleset *rs);
/* rule_native.c: room in m for table values up to maxval, cap at most
 * limit; 0 when past the limit or out of memory */
int gri_rule_marks_room(const gr_allocator *al, rule_marks *m, uint64_t maxval, uint64_t limit);
/* rule_dense.c: a state rule's value from its dense table; *done 0 when
 * the dense path cannot give it (the caller then searches) */
gr_status gri_rule_dense_value(gr_ruleset *rs, const uint64_t *x, uint64_t *value, int *done, gr_error *err);
void gri_rule_dense_free(rule_data *d);
/* rule_lines.c: whether every clause of r is a whole line, `(x,y) ->
 * (x-k,y) for k in 1..x` or along another direction d (0s and 1s, the
 * bound the min of the numbers along d), with no condition; the distinct
 * directions in dirs[0..*nd) */
int gri_rule_lines_of(const gri_rule *r, unsigned *dirs, unsigned *nd);
/* the cells of dn's box at or below x valued in the textbook's order by
 * the sets of their lines (dn->lines_dirs); *done 0 when it did not run
 * (too large, no room); an error only from the context's limits */
gr_status gri_rule_lines_fill(gr_ruleset *rs, rule_dense *dn, const uint64_t *x, int *done, gr_error *err);
/* frees the loopy mode's graph */
void gri_rule_loopy_free(rule_data *d);

#endif
