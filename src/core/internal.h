/* Private helpers shared by the library's modules: error filling, checked
 * arithmetic, a growable string buffer, and the ruleset record. Nothing here
 * is exported. */
#ifndef GRUNDY_INTERNAL_H
#define GRUNDY_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "grundy/grundy.h"
#include "grundy/experimental.h"

#if defined(__GNUC__) || defined(__clang__)
#define GR_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define GR_PRINTF(a, b)

#endif

/* Fills err (if not NULL) and returns st, so callers can `return gr_fail(...)`. */
gr_status gr_fail(gr_error *err, gr_status st, const char *fmt, ...) GR_PRINTF(3, 4);
/* Same with a 1-based line and column. */
gr_status gr_fail_at(gr_error *err, gr_status st, size_t line, size_t column, const char *fmt, ...)
    GR_PRINTF(5, 6);

/* A growable NUL-terminated string. */
typedef struct gr_buf {
    char *data;
    size_t len, cap;
    int failed;  /* an allocation failed; contents are unreliable */
} gr_buf;

void gr_buf_init(gr_buf *b);
void gr_buf_free(gr_buf *b);
void gr_buf_put(gr_buf *b, const char *s, size_t n);
void gr_buf_puts(gr_buf *b, const char *s);
void gr_buf_u64(gr_buf *b, uint64_t v);
/* Hands the buffer to the caller (never NULL unless failed). */
gr_status gr_buf_take(gr_buf *b, char **out, size_t *len);

/* Sorts ascending. */
void gr_sort_u64(uint64_t *v, size_t n);

/* Grows *p (of *cap elements of size sz) to hold at least need elements. */
int gr_grow(void **p, size_t *cap, size_t need, size_t sz);

static inline int gr_add_overflows(uint64_t a, uint64_t b, uint64_t *r) {
    return __builtin_add_overflow(a, b, r);
}
static inline int gr_mul_overflows(uint64_t a, uint64_t b, uint64_t *r) {
    return __builtin_mul_overflow(a, b, r);
}

/* ---- rulesets (ruleset.c, subtraction.c, takebreak.c, heapgames.c) ---- */

struct gr_family;

struct gr_ruleset {
    const struct gr_family *fam; /* its operations (family.h) */
    void *data;               /* the family's own data (its parameters, caches) */
    char *spec;               /* as written back */
    gr_ctx *ctx;              /* owner: limits */
    size_t id;                /* index in the owner's registry */

    /* misère: tameness (see misere.c) of heaps 0..nl_len-1, and where it broke */
    uint8_t *nl_firm;
    size_t nl_len, nl_cap;
    int nl_broken;
    /* misère: heaps 0..sj_len-1 have "value 0 => terminal"; sj_broken when not */
    size_t sj_len;
    int sj_broken;

    /* the sparse-space method (sparse.c): rare positions past the switch */
    int sp_on;                /* 0 not yet, 1 on, -1 not applicable */
    uint32_t sp_mask;
    unsigned sp_dom, sp_flip;
    unsigned sp_vbits;        /* bit length of the values when the mask was chosen */
    size_t sp_upto;           /* positions 0..sp_upto-1 are classified */
    uint32_t *sp_rare;        /* positions n with G(n) rare, ascending */
    size_t sp_nrare, sp_cap;
    uint64_t *sp_bits;        /* option bitset, 2^bitlen(tabmax) bits */
    size_t sp_bwords, sp_bused;
    size_t *sp_sums;          /* heap totals that split, for the current n */
    size_t sp_scap;
    /* the table reversed, for witness scans that read both parts forwards:
     * sp_rev[sp_revm - 1 - i] = G(i) for i < sp_revlen, width sp_revw */
    void *sp_rev;
    size_t sp_revm, sp_revlen;
    unsigned sp_revw;
    uint32_t *sp_wit;         /* per value: where its last witness split started */
    size_t sp_witn;

    /* progress of long tabulations */
    gr_progress_fn progress;
    void *progress_user;
    uint64_t progress_total;

    /* state families with two coordinates (wythoff, euclid): values of
     * positions with both coordinates below st_w, in st_tab[a * st_w + b] */
    size_t st_w;

    /* value table G(0..len-1), tw bytes per value (1, 2 or 4): as narrow as
     * the values allow, widened when a value outgrows it (read it with
     * gr_tab_at; the scan kernels in sparse.c take the typed array) */
    void *tab;
    unsigned tw;
    size_t len, cap;          /* cap in values */
    uint32_t tabmax;          /* largest value in the table */
    /* state families (dyn, wythoff, euclid): their own 2-D value table */
    uint32_t *st_tab;

    gr_mexset mex;            /* scratch for the next value */

    /* proven period, if any */
    int periodic;
    uint64_t pre, per;
    uint64_t saltus;          /* G(n + per) = G(n) + saltus past pre (0: periodic) */
    uint64_t arith_end;       /* the prefix length the arithmetic proof used */
    uint64_t period_tried_at;  /* table length at the last proof attempt */
};

/* The context's sparse-space threshold (context.c). */
uint64_t gr_ctx_sparse_start_of(const gr_ctx *ctx);

/* A ruleset of family fam with its data (owned from here on, even on
 * failure) and spec (taken from the buffer), not interned in the context:
 * the caller owns it (gr_rs_free). */
struct gr_family;
gr_status gr_rs_create(gr_ctx *ctx, const struct gr_family *fam, void *data, gr_buf *spec, gr_ruleset **out,
                       gr_error *err);
void gr_rs_free(gr_ruleset *rs);
/* room for `need` values in the value table */
gr_status gr_rs_reserve(gr_ruleset *rs, size_t need, gr_error *err);

/* Computes table entries up to (excluding) `upto`, by the definition. */
gr_status gr_rs_extend(gr_ruleset *rs, size_t upto, gr_error *err);

/* gr_ruleset_options with a cap on the smaller parts of splits: for a heap
 * past a proven period's start, parts up to pre + per already show every
 * value an option can have; the listing is then marked incomplete. */
gr_status gr_rs_options_capped(const gr_ruleset *rs, uint64_t n, uint64_t max_options, uint64_t split_cap,
                               gr_heap_option_fn fn, void *user, int *complete);

/* The state families' operations, through the family table (ruleset.c). */
struct gr_optiter;
gr_status gr_state_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err);
gr_status gr_state_outcome(gr_ruleset *rs, const uint64_t *args, size_t n, int *wins, gr_error *err);
gr_status gr_state_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target,
                            gr_state_option_fn fn, void *user, int *complete, gr_error *err);
gr_status gr_state_options(gr_ruleset *rs, const uint64_t *args, size_t n, struct gr_optiter *it,
                           gr_state_option_fn fn, void *user, gr_error *err);
/* heap families: options of value `want` found directly (see family.h) */
int gr_rs_moves_to(const gr_ruleset *rs, uint64_t n, uint64_t want, struct gr_optiter *it, int *complete);

/* sparse.c: the sparse-space method and the split-scan kernels.
 * gr_split_options: the XORs of every split a + b = sums[k] (a, b >= 1, and
 * a != b when unequal) into a cleared bitset (*bits, *words words) that is
 * wide enough for any XOR of table values; the caller may add more options
 * and take gr_bits_mex. gr_sp_start picks the mask from the table so far
 * (sets sp_on to 1, or -1 when out of memory); gr_sp_next appends the next
 * value given the non-split options `single` and the split sums. */
gr_status gr_split_options(gr_ruleset *rs, const size_t *sums, size_t nsums, int unequal, uint64_t **bits,
                           size_t *words, gr_error *err);
uint32_t gr_bits_mex(const uint64_t *bits, size_t words);
void gr_sp_start(gr_ruleset *rs);
gr_status gr_sp_next(gr_ruleset *rs, const uint64_t *single, size_t nsingle, const size_t *sums, size_t nsums,
                     int unequal, gr_error *err);
/* room for k split sums in rs->sp_sums */
gr_status gr_sp_sums(gr_ruleset *rs, size_t k, gr_error *err);

/* position.c: a destination for winning moves, shared by normal play and
 * misère. gr_movesink_after writes the term `term` of `pos` with its heap
 * `heap` replaced by vals (or, for a state ruleset, the whole argument
 * vector) and hands it to fn; gr_movesink_emit hands a move already
 * written. Both return 1 to stop (max reached, fn said stop, or out of
 * memory: then st is set). */
typedef struct gr_movesink {
    gr_position *pos;
    size_t term;
    uint32_t heap;        /* which heap of the term moves */
    size_t max, found;
    int cut;              /* stopped early: max reached or fn said stop */
    gr_move_fn fn;
    void *user;
    gr_status st;
    gr_error *err;
    char *from;
} gr_movesink;
int gr_movesink_emit(gr_movesink *s, const char *to);
int gr_movesink_after(gr_movesink *s, const uint64_t *vals, size_t n, int state);

/* gr_period_prove on values of `width` bytes each (1, 2 or 4) */
int gr_period_prove_w(const void *values, unsigned width, size_t n, gr_period_rule rule, uint64_t t,
                      uint64_t *pre, uint64_t *per);
int gr_arith_prove_w(const void *values, unsigned width, size_t n, const uint8_t *digit, size_t ndigits, uint64_t *pre,
                     uint64_t *per, uint64_t *saltus);
int gr_hex_arith_prove_w(const void *values, unsigned width, size_t n, const uint8_t *digit, size_t ndigits,
                         uint64_t *pre, uint64_t *per, uint64_t *saltus, uint64_t *need);

/* Appends to a table, keeping tabmax (and widening the table as needed). */
gr_status gr_rs_push(gr_ruleset *rs, uint64_t v, gr_error *err);

/* entry i of an array of values w bytes wide (1, 2 or 4) */
static inline uint32_t gr_load_w(const void *p, unsigned w, size_t i) {
    switch (w) {
    case 1: return ((const uint8_t *)p)[i];
    case 2: return ((const uint16_t *)p)[i];
    default: return ((const uint32_t *)p)[i];
    }
}

static inline void gr_store_w(void *p, unsigned w, size_t i, uint32_t v) {
    switch (w) {
    case 1: ((uint8_t *)p)[i] = (uint8_t)v; break;
    case 2: ((uint16_t *)p)[i] = (uint16_t)v; break;
    default: ((uint32_t *)p)[i] = v; break;
    }
}

static inline uint32_t gr_tab_at(const gr_ruleset *rs, size_t i) { return gr_load_w(rs->tab, rs->tw, i); }

/* keymap.c: word vector -> value, for exact searches */
typedef struct gr_keymap {
    uint64_t *words;
    size_t nwords, wcap;
    size_t *off;
    uint32_t *len;
    uint64_t *val;
    size_t count, cap, max;
    size_t *index;
    size_t icap;
} gr_keymap;
void gr_keymap_init(gr_keymap *m, size_t max_entries);
void gr_keymap_free(gr_keymap *m);
int gr_keymap_get(const gr_keymap *m, const uint64_t *key, size_t n, uint64_t *val);
gr_status gr_keymap_put(gr_keymap *m, const uint64_t *key, size_t n, uint64_t val); /* GR_ELIMIT past max */
/* the entry of a key (its value is m->val[id]), or SIZE_MAX */
size_t gr_keymap_find(const gr_keymap *m, const uint64_t *key, size_t n);
/* a new entry (the key must be absent), its id in *id */
gr_status gr_keymap_add(gr_keymap *m, const uint64_t *key, size_t n, uint64_t val, size_t *id);

#endif
