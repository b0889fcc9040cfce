/* Private helpers shared by the library's modules: error filling, checked
 * arithmetic, a growable string buffer, and the ruleset record. Nothing here
 * is exported. */
#ifndef GRUNDY_INTERNAL_H
#define GRUNDY_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include "grundy/grundy.h"

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

struct gr_ruleset {
    gr_ruleset_kind kind;
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

    /* subtraction set: sorted, distinct, all >= 1 */
    uint64_t *sub;
    size_t nsub;

    /* subtraction sets with elements too large for the table: see
     * subtraction.c. sub_mode 0 untried, 1 none found, 2 G = G_small,
     * 3 G(n) = G_small(n mod Q) below b, special values past it */
    int sub_mode;
    gr_ruleset *sub_small;     /* sub[A], the small elements */
    uint64_t sub_b, sub_q;     /* the large element and the period Q = b + c */
    uint32_t *sub_special;     /* G on [b, Q) */

    /* bash[p,q] */
    uint64_t bash_p, bash_q;

    /* the sparse-space method (takebreak.c): rare positions past the switch */
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

    /* hackenbush[r]: the ground vertex */
    uint64_t hb_root;

    /* coprime: the last few huge heaps answered (prime counting is costly) */
    uint64_t cp_n[8], cp_v[8];
    unsigned cp_next;

    /* dyn[k]: the sequence a[0..dyn_n) of losing first positions */
    uint64_t dyn_k;
    uint64_t *dyn_a;          /* a[0..dyn_n) */
    uint64_t dyn_blast;       /* b[dyn_n - 1] */
    size_t dyn_n, dyn_cap, dyn_j;

    /* state rulesets with two coordinates (wythoff, euclid): values of
     * positions with both coordinates below st_w, in tab[a * st_w + b] */
    size_t st_w;

    /* take-and-break: digit[k] for removing k tokens, k = 0..ndigits-1;
     * when repeat, digit k >= ndigits is digit[ndigits-1] */
    uint8_t *digit;
    size_t ndigits;
    int repeat;
    int split3;               /* some digit allows three heaps */

    /* value table G(0..len-1), tw bytes per value (1, 2 or 4): as narrow as
     * the values allow, widened when a value outgrows it (read it with
     * gr_tab_at; the scan kernels in sparse.c take the typed array) */
    void *tab;
    unsigned tw;
    size_t len, cap;          /* cap in values */
    uint32_t tabmax;          /* largest value in the table */
    /* state rulesets (dyn, wythoff, euclid): their own 2-D value table */
    uint32_t *st_tab;

    /* pair-XOR bitsets for three-way splits: p2[m] = { G(a)^G(b) : a+b = m, a,b >= 1 } */
    uint64_t *p2;
    size_t p2_len, p2_cap, p2_words;

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

/* Computes table entries up to (excluding) `upto`, by the definition. */
gr_status gr_rs_extend(gr_ruleset *rs, size_t upto, gr_error *err);

/* Option enumeration shared by the kinds: emit() returns nonzero to stop. */
typedef struct gr_optiter {
    gr_heap_option_fn fn;
    void *user;
    uint64_t max;       /* 0: no bound */
    uint64_t seen;
    int stopped;        /* fn asked to stop, or max reached */
    int cut;            /* stopped by max, or the kind gave up on a huge heap */
    uint64_t split_cap; /* 0, or: splits list only parts a (<= b) up to this */
} gr_optiter;
int gr_optiter_emit(gr_optiter *it, const uint64_t *heaps, size_t n);

/* gr_ruleset_options with a cap on the smaller parts of splits: for a heap
 * past a proven period's start, parts up to pre + per already show every
 * value an option can have; the listing is then marked incomplete. */
gr_status gr_rs_options_capped(const gr_ruleset *rs, uint64_t n, uint64_t max_options, uint64_t split_cap,
                               gr_heap_option_fn fn, void *user, int *complete);

/* subtraction.c */
gr_status gr_sub_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0,
                       gr_buf *canon, gr_error *err);
gr_status gr_sub_next(gr_ruleset *rs, gr_error *err);
/* Values of heaps past the table for sets with huge elements: 1 and *v set
 * when the structure is proved, 0 when not (then the caller refuses). */
int gr_sub_structured(gr_ruleset *rs, uint64_t n, uint64_t *v, gr_error *err);
void gr_sub_options(const gr_ruleset *rs, uint64_t n, gr_optiter *it);
/* takebreak.c */
gr_status gr_tb_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0,
                      gr_buf *canon, gr_error *err);
gr_status gr_tb_next(gr_ruleset *rs, gr_error *err);
void gr_tb_options(const gr_ruleset *rs, uint64_t n, gr_optiter *it);
unsigned gr_tb_digit(const gr_ruleset *rs, uint64_t k);
uint64_t gr_tb_max_take(const gr_ruleset *rs);
/* state.c: the state rulesets, dispatched to staircase.c, pairgames.c, dyn.c */
gr_status gr_state_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err);
/* GR_EUNPROVEN for a position whose value is not known (only its outcome) */
gr_status gr_state_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err);
gr_status gr_state_outcome(gr_ruleset *rs, const uint64_t *args, size_t n, int *wins, gr_error *err);
gr_status gr_state_options(gr_ruleset *rs, const uint64_t *args, size_t n, gr_optiter *it,
                           gr_state_option_fn fn, void *user, gr_error *err);
/* Every option whose value is `target` (found directly, not by listing
 * all); *complete 0 when only some could be listed. */
gr_status gr_state_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target,
                            gr_state_option_fn fn, void *user, int *complete, gr_error *err);

/* hackenbush.c */
gr_status gr_hb_value(const gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err);
gr_status gr_hb_options(gr_ruleset *rs, const uint64_t *args, size_t n, gr_optiter *it, gr_state_option_fn fn,
                        void *user, gr_error *err);
gr_status gr_hb_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, gr_state_option_fn fn,
                         void *user, int *complete, gr_error *err);
/* Reads a graph file: "n m", then m lines "u v [w]"; vertices numbered
 * base .. base + n - 1 (base = the ground: 0, or 1 for 1-based files).
 * Triples go to *out (malloc'd). Errors name the line. */
gr_status gr_hb_load(const char *path, uint64_t base, uint64_t **out, size_t *nwords, gr_error *err);

gr_status gr_prod_moves(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target,
                        int (*fn)(void *user, const char *to), void *user, int *complete, gr_error *err);

gr_status gr_stair_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err);
gr_status gr_stair_value(const gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err);
gr_status gr_stair_options(const gr_ruleset *rs, const uint64_t *args, size_t n, gr_optiter *it,
                           gr_state_option_fn fn, void *user, gr_error *err);
gr_status gr_stair_moves_to(const gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target,
                            gr_state_option_fn fn, void *user, gr_error *err);

/* pairgames.c: wythoff and euclid */
gr_status gr_pair_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err);
gr_status gr_pair_outcome(gr_ruleset *rs, const uint64_t *args, int *wins, gr_error *err);
gr_status gr_pair_value(gr_ruleset *rs, const uint64_t *args, uint64_t *value, gr_error *err);
gr_status gr_pair_options(gr_ruleset *rs, const uint64_t *args, gr_optiter *it, gr_state_option_fn fn, void *user);
gr_status gr_pair_moves_to(gr_ruleset *rs, const uint64_t *args, uint64_t target, gr_state_option_fn fn, void *user,
                           int *complete, gr_error *err);
/* dyn.c: k-times dynamic subtraction */
gr_status gr_dyn_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gr_buf *canon,
                       gr_error *err);
gr_status gr_dyn_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err);
gr_status gr_dyn_outcome(gr_ruleset *rs, const uint64_t *args, size_t n, int *wins, gr_error *err);
gr_status gr_dyn_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err);
gr_status gr_dyn_options(gr_ruleset *rs, const uint64_t *args, size_t n, gr_optiter *it, gr_state_option_fn fn,
                         void *user);
gr_status gr_dyn_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, gr_state_option_fn fn,
                          void *user, int *complete, gr_error *err);
gr_status gr_dyn_min_take(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *take, gr_error *err);
gr_status gr_bash_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gr_buf *canon,
                        gr_error *err);
/* primes.c */
#define TB_MAX_DIGITS 256 /* digits of a take-and-break code, d0 included */
#define GR_PRIME_PI_MAX ((uint64_t)10000000000) /* 10^10: pi(x) within about 0.1 s */
int gr_prime_is(uint64_t n);
uint64_t gr_prime_lpf(uint64_t n);
/* distinct prime factors p[0..k) with exponents e[], k returned (<= 15) */
int gr_prime_factor(uint64_t n, uint64_t *p, unsigned *e);
gr_status gr_prime_pi(uint64_t x, uint64_t *out, gr_error *err);
/* heapgames.c: nim, divisor, coprime, pow2, Grundy's game */
gr_status gr_heapgame_next(gr_ruleset *rs, gr_error *err);
void gr_heapgame_options(const gr_ruleset *rs, uint64_t n, gr_optiter *it);
int gr_heapgame_closed_form(const gr_ruleset *rs, uint64_t n, uint64_t *value);
/* For a huge heap of a closed-form ruleset: emits options of value `want`
 * found directly. Returns 0 when the kind has no such method; otherwise 1,
 * with *complete saying whether every such option was emitted. */
int gr_heapgame_moves_to(const gr_ruleset *rs, uint64_t n, uint64_t want, gr_optiter *it, int *complete);

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

#endif
