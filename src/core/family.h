/* The game-family interface. A family (nim, sub[S], tb[CODE], wythoff, ...)
 * is one const table of operations; the registry (registry.c) lists the
 * families and their aliases, and nothing else in the library knows the
 * list. Generic code (value tables, periods, sums, misère, Every-SG) calls a
 * family only through this table, so adding a family is one source file,
 * one registry line, its tests and its docs (docs/adding-a-game.md).
 *
 * A heap family's term arguments are independent heaps (kayles(3,4) is two
 * rows); its values come from closed_form, or from the value table that
 * `next` extends one heap at a time. A state family's arguments together are
 * one position (wythoff(3,5)). Operations marked optional may be NULL. */
#ifndef GRUNDY_FAMILY_H
#define GRUNDY_FAMILY_H

#include "core/rs.h"
#include "grundy/period.h"

/* flags */
enum {
    GR_FAM_HEAP = 1u << 0,            /* a heap family (else a state family) */
    GR_FAM_PARAMS_REQUIRED = 1u << 1, /* NAME[...] must have parameters */
    GR_FAM_PARAMS_OPTIONAL = 1u << 2, /* NAME[...] may have parameters */
    /* a heap's options are exactly the smaller heaps (nim): G(n) = n, heap w
     * is the one option of value w, and Moore's and staircase rules apply */
    GR_FAM_SMALLER_HEAPS = 1u << 3,
    GR_FAM_ARGS_SET = 1u << 5,        /* arguments are a set: long argument lists are kept sorted */
    GR_FAM_LOOPY = 1u << 6            /* positions may have infinite values (gvalue) */
};

/* A term's generalized Sprague-Grundy value (loopy.h): finite, or ∞(K)
 * with K = { K[i] XOR Kxor }, K[] ascending and owned by the ruleset
 * (valid while it lives). */
typedef struct gri_gv {
    int infinite;
    uint64_t value;
    const uint32_t *K;
    size_t nK;
    uint64_t Kxor;
} gri_gv;
/* whether y is in the gv's K */
int gri_gv_has(const gri_gv *g, uint64_t y);
typedef int (*gri_gv_option_fn)(void *user, const uint64_t *args, size_t n, const gri_gv *gv);
/* an option that may be a sum: nparts positions of width words each, one
 * after another (nparts 0: the move ends the term); nonzero stops */
typedef int (*gri_sum_fn)(void *user, const uint64_t *parts, size_t nparts, size_t width);

/* State families with two coordinates (wythoff, euclid, dyn) keep a
 * table of small positions' values: at most this many per side. */
#define GR_STATE_TABLE_SIDE_MAX 4096

/* Option enumeration shared by the families: emit() returns nonzero to stop. */
typedef struct gri_optiter {
    gr_heap_option_fn fn;
    void *user;
    uint64_t max;       /* 0: no bound */
    uint64_t seen;
    int stopped;        /* fn asked to stop, or max reached */
    int cut;            /* stopped by max, or the family gave up on a huge heap */
    uint64_t split_cap; /* 0, or: splits list only parts a (<= b) up to this */
    /* set by gri_rs_options_capped: the context whose time limit and
     * interrupt are polled as options are listed (NULL: none), and where a
     * stop is reported (st, with the message in err) */
    gr_ctx *ctx;
    gr_error *err;
    gr_status st;
    gri_ticker tick;
} gri_optiter;
int gri_optiter_emit(gri_optiter *it, const uint64_t *heaps, size_t n);

/* the rules of a heap family whose heaps' options are, past some bound,
 * G(n - k) for k in one[] and the splits of n - k into two non-empty heaps
 * (two unequal heaps when unequal) for k in two[] (windowed runs, window.c) */
#define GRI_WIN_MAX 256
typedef struct gri_win_rules {
    uint64_t one[GRI_WIN_MAX], two[GRI_WIN_MAX];
    size_t none, ntwo;
    int unequal;
} gri_win_rules;

/* What the play modes (src/play) may know of a family's terms by formula,
 * past the Grundy values: one optional record per family, every member
 * optional. A family fills only what it knows; gri_play_of gives an empty
 * record for a family that has none, so a reader tests one member. */
typedef struct gri_play_hooks {
    /* optional: misère play of one heap alone, by formula: 1 and *lost when
     * known; misere_alone_moves then emits every option that is lost */
    int (*misere_alone)(const gr_ruleset *rs, uint64_t n, int *lost);
    void (*misere_alone_moves)(const gr_ruleset *rs, uint64_t n, gri_optiter *it);
    /* optional: misère facts by formula for every heap (else they are
     * checked heap by heap up to the table limit): every heap is tame, heap
     * n is firm (the return value) or fickle, and *sj says whether every
     * heap of value 0 up to n has no move (the SJ condition) */
    int (*misere_firm)(const gr_ruleset *rs, uint64_t n, int *sj);
    /* optional: Every-SG of one heap alone by formula: 1 with its step
     * (remoteness) and *to, the heap an optimal move leaves (0 when none
     * is left); 0 when not known so */
    int (*every_alone)(const gr_ruleset *rs, uint64_t n, uint64_t *step, uint64_t *to);
    /* optional: the remoteness of one heap alone by formula (remote.c), in
     * normal (misere 0) or misère play: 1 with *r; 0 when not known so */
    int (*remote_alone)(const gr_ruleset *rs, uint64_t n, int misere, uint64_t *r);
    /* optional: the remoteness of heaps 0..count-1 alone into r, computed
     * faster than option by option (a proved arithmetic period): 1 when
     * done, 0 to use the generic table */
    int (*remote_table)(const gr_ruleset *rs, uint64_t count, int misere, uint64_t *r);
    /* ---- state families ---- */
    /* optional: misère play of the term as a sum of nim heaps it is proved
     * misère-equivalent to (*vals malloc'd, the heaps' sizes); *ok 0 when
     * the term is not of that kind */
    gr_status (*misere_heaps)(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t **vals, size_t *nvals, int *ok,
                              gr_error *err);
} gri_play_hooks;

/* What a family whose games may be loopy answers (GR_FAM_LOOPY, or
 * is_loopy): one optional record, the family's .loopy; gri_loopy_of gives
 * an empty record for a family without one. */
typedef struct gri_loopy_hooks {
    /* the generalized value (value() then fails with GR_ECYCLE for an
     * infinite one) */
    gr_status (*gvalue)(gr_ruleset *rs, const uint64_t *args, size_t n, gri_gv *out, gr_error *err);
    /* optional: a family that turns loopy once its game is found not to be
     * well-founded (a rule with a cycle): then it answers gvalue and
     * gvalue_options as a GR_FAM_LOOPY family does */
    int (*is_loopy)(const gr_ruleset *rs);
    /* every option with its generalized value (fn returns nonzero to stop;
     * n = 0 means the move ends the term) */
    gr_status (*gvalue_options)(gr_ruleset *rs, const uint64_t *args, size_t n, gri_gv_option_fn fn, void *user,
                                gr_error *err);
} gri_loopy_hooks;

/* A family that writes its terms in a syntax of its own (Hackenbush's
 * edges, boards, a loopy rule's sums): one optional record, the family's
 * .syntax; gri_syntax_of gives an empty record for a family without one. */
typedef struct gri_term_syntax {
    /* optional: the family reads its own term arguments, NAME(...)
     * (Hackenbush's edges u-v[:w], or @FILE): s[0..n) is the text after the
     * '(' to the end of the input; lines: a newline ends the term (else it is
     * a blank). Sets *args (malloc'd, *nargs words) and *used, the bytes read
     * through the closing ')'; on failure *errpos is the offset in s the
     * message is about (the parser adds the line and column). A file named
     * in the arguments is read with opts (NULL, or no reader: refused). A
     * family with parse_args may have terms with no arguments. */
    gr_status (*parse_args)(const gr_ruleset *rs, const char *s, size_t n, int lines, const gr_parse_opts *opts,
                            uint64_t **args, size_t *nargs, size_t *used, size_t *errpos, gr_error *err);
    /* optional: writes a whole term, NAME(ARGS), in the syntax parse_args
     * reads (a term with no arguments included) */
    void (*write_term)(const gr_ruleset *rs, const uint64_t *args, size_t n, gri_buf *b);
    /* optional: writes arguments that hold several positions (a loopy
     * rule's move to a sum) as the sum of terms they are */
    void (*write_args)(const gr_ruleset *rs, const uint64_t *args, size_t n, gri_buf *b);
} gri_term_syntax;

/* the value certificate a family's terms get (docs/certificates.md) */
typedef enum gri_cert_kind {
    GRI_CERT_NONE = 0,   /* none (heap rulesets are certified by their tables) */
    GRI_CERT_PAIR,       /* statecert.c: a two-number state (wythoff, euclid) */
    GRI_CERT_DYN,        /* statecert.c: a pile and the largest take (dyn, fib) */
    GRI_CERT_RULE,       /* statecert.c: a rule's heap or state */
    GRI_CERT_BOARD       /* boardcert.c: a graph up to isomorphism (nodekayles, arckayles, cram) */
} gri_cert_kind;

typedef struct gri_family {
    const char *name;    /* as written, e.g. "sub" */
    unsigned flags;      /* GR_FAM_* */
    gri_cert_kind cert;  /* the value certificate of one term */
    const char *example; /* with GR_FAM_PARAMS_REQUIRED: the "e.g." of the missing-parameters error */

    /* Parameters: p[0..n) is the text between the brackets (n = 0 and p NULL
     * when there are none); errors at `line`, column col0 + offset. The
     * written-back parameters go to canon: the spec is NAME[canon], or NAME
     * alone when canon stays empty. Family data goes in rs->data. parse may
     * switch rs->fam to a sibling table (rule[...] is a heap family for
     * one-number patterns and a state family otherwise). */
    gr_status (*parse)(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gri_buf *canon,
                       gr_error *err);
    /* optional, instead of parse: a family whose parameters may name a
     * file (graph[@FILE]) reads it with opts (NULL, or no reader: refused) */
    gr_status (*parse_files)(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0,
                             const gr_parse_opts *opts, gri_buf *canon, gr_error *err);
    void (*free)(gr_ruleset *rs); /* optional: frees rs->data */

    /* ---- heap families ---- */
    /* Whether a move can leave two or more heaps (required for heap
     * families: the SJ certificate of misère play depends on it). */
    int (*splits)(const gr_ruleset *rs);
    /* Appends G(rs->len) to the value table (gri_rs_push, or gri_rs_push_mex). */
    gr_status (*next)(gr_ruleset *rs, gr_error *err);
    /* optional: the rules as a gri_win_rules, for every heap n at or past
     * the bound returned (0: no such form, or the sparse-space method does
     * not apply) */
    uint64_t (*window_rules)(const gr_ruleset *rs, gri_win_rules *wr);
    /* Every option of a heap of n tokens, as the heaps it leaves. */
    void (*options)(const gr_ruleset *rs, uint64_t n, gri_optiter *it);
    /* optional: the formula of closed_form or direct_value in words, for
     * explanations (gr_ruleset_value_how) */
    const char *formula;
    /* optional: how a state family finds its values, in words */
    const char *method;
    /* optional: the same for a ruleset whose method depends on it (a rule:
     * the kernels, native code or the rule machine); overrides method */
    const char *(*method_of)(const gr_ruleset *rs);
    /* optional: G(n) by a proved formula; 0 when it has none for n (a
     * family with a formula answers n = 0, so "formula for 0 but not for n"
     * means the value overflowed) */
    int (*closed_form)(const gr_ruleset *rs, uint64_t n, uint64_t *value);
    /* optional: answers G(n) before any table is consulted; *done says
     * whether it did (coprime: prime counting for huge heaps) */
    gr_status (*direct_value)(gr_ruleset *rs, uint64_t n, uint64_t *value, int *done, gr_error *err);
    /* optional: G(n) for a heap past the table limit when no period is
     * proved yet (sub sets with huge elements); *done as above */
    gr_status (*beyond_value)(gr_ruleset *rs, uint64_t n, uint64_t *value, int *done, gr_error *err);
    /* optional: computes G(0..count-1) faster than `next` one at a time */
    gr_status (*fill)(gr_ruleset *rs, uint64_t count, gr_error *err);
    /* optional: for a huge heap, the options of value `want`, found
     * directly; 0 when the family has no such method, else 1 with
     * *complete saying whether every such option was emitted */
    int (*moves_to)(const gr_ruleset *rs, uint64_t n, uint64_t want, gri_optiter *it, int *complete);
    /* optional: whether one move turns a heap of n into the heaps
     * parts[0..k) (ascending, each >= 1), decided from the rule itself
     * without listing the options (for heaps with too many to list): 1
     * with *yes set, or 0 when the family cannot decide it so */
    int (*is_option)(const gr_ruleset *rs, uint64_t n, const uint64_t *parts, size_t k, int *yes);
    /* optional: the most tokens one move removes (NULL: unbounded) */
    uint64_t (*max_take)(const gr_ruleset *rs);
    /* optional: the periodicity theorem that applies (0: none) */
    int (*period_rule)(const gr_ruleset *rs, gr_period_rule *rule, uint64_t *t);
    /* optional: why no periodicity theorem applies, for the message of a
     * family with no period_rule (NULL: the general message) */
    const char *no_period;
    /* optional: arithmetic periodicity from the table (tried when the
     * plain period is not proved, or at once for GR_PERIOD_ALLBUT);
     * *used is the prefix the proof read */
    int (*prove_arith)(const gr_ruleset *rs, gr_period_rule rule, uint64_t *pre, uint64_t *per, uint64_t *saltus,
                       uint64_t *used);
    /* optional: what the play modes know of this family's terms by formula
     * (gri_play_hooks below; NULL: nothing, and gri_play_of gives the empty
     * record) */
    const struct gri_play_hooks *play;

    /* ---- state families ---- */
    gr_status (*check)(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err);
    /* GR_EUNPROVEN for a position whose value is not known (only its outcome) */
    gr_status (*value)(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err);
    /* optional: the outcome where the value is unknown (NULL: value != 0) */
    gr_status (*outcome)(gr_ruleset *rs, const uint64_t *args, size_t n, int *wins, gr_error *err);
    gr_status (*state_options)(gr_ruleset *rs, const uint64_t *args, size_t n, gri_optiter *it,
                               gr_state_option_fn fn, void *user, gr_error *err);
    /* Every option whose value is `target` (found directly, not by listing
     * all); *complete 0 when only some could be listed. */
    gr_status (*state_moves_to)(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target,
                                gr_state_option_fn fn, void *user, int *complete, gr_error *err);
    /* optional: the options of position key[0..len) written as children
     * of the shared search s (core/search.h: gri_search_child per position,
     * gri_search_marker before each option when an option may be a sum).
     * A family with it may leave `value` NULL, and its values come from the
     * shared search (gri_state_search_value: memoized per ruleset, bounded
     * by the context's search limit, cycles reported as GR_ECYCLE), and may
     * leave `state_moves_to` NULL (its options are listed and valued) */
    gr_status (*state_children)(gr_ruleset *rs, struct gri_search *s, const uint64_t *key, size_t len);
    /* with state_children: the search's name in messages (NULL: "the search
     * of a state game") */
    const char *search_what;
    /* optional, with state_children: rewrites args[0..n) in place into the
     * canonical form of the position under the game's symmetries (positions
     * with one form have one value); the shared search memoizes forms */
    void (*canonical)(const gr_ruleset *rs, uint64_t *args, size_t n);
    /* optional, with state_children: the independent parts of a position
     * (its value is the XOR of theirs), each handed to fn (which returns
     * nonzero to stop); *nparts their number (0 or 1: it does not split).
     * The shared search memoizes parts; the family's state_children must
     * then write a marker before each option (options become sums). */
    gr_status (*split)(const gr_ruleset *rs, const uint64_t *args, size_t n, gr_state_option_fn fn, void *user,
                       size_t *nparts, gr_error *err);
    /* optional, for a state family whose moves may leave several positions
     * (a rule that cuts a board in two): every option as a sum; misère
     * play lists options through it (state_options hands one position per
     * option, and refuses a sum) */
    gr_status (*state_sums)(gr_ruleset *rs, const uint64_t *args, size_t n, struct gri_optiter *it, gri_sum_fn fn,
                            void *user, gr_error *err);
    /* optional: moves that change several terms at once (prod coins),
     * written as the sum they leave */
    gr_status (*moves_text)(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target,
                            int (*fn)(void *user, const char *to), void *user, int *complete, gr_error *err);
    /* optional: every move, written as the sum it leaves, for families
     * whose moves may leave several terms (prod coins, rules that split);
     * fn returns nonzero to stop (then *complete is 0) */
    gr_status (*all_moves_text)(gr_ruleset *rs, const uint64_t *args, size_t n,
                                int (*fn)(void *user, const char *to), void *user, int *complete, gr_error *err);
    /* with GR_FAM_LOOPY, or a family that may turn loopy: its generalized
     * values (gri_loopy_hooks above; NULL: none) */
    const struct gri_loopy_hooks *loopy;
    /* optional, for a family whose moves take tokens from a pile (dyn[k],
     * fib): of the winning moves, the fewest tokens taken (0 when lost) */
    gr_status (*least_winning_take)(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *take, gr_error *err);
    /* optional: a term syntax of the family's own (gri_term_syntax above;
     * NULL: NAME(n, ...) with numbers) */
    const struct gri_term_syntax *syntax;
} gri_family;

/* registry.c: the families by name; preset parameters for aliases (kayles =
 * tb[0.77]) */
typedef struct gri_family_entry {
    const char *name;
    const gri_family *family;
    const char *preset;  /* NULL, or the parameters an alias stands for */
    const char *kind;    /* the help's group: "heap", "state", "board" or "rule" */
    const char *syntax;  /* how a term is written, for the help ("sub[S]", "wythoff(a,b)") */
    const char *help;    /* one line */
    const char *example; /* a position of the family that grundy solves at once */
} gri_family_entry;
const gri_family_entry *gri_registry_find(const char *name, size_t len);
const gri_family_entry *gri_registry_at(size_t i); /* NULL past the end */

/* the family's play hooks: its own record, or the empty one */
static inline const gri_play_hooks *gri_play_of(const gr_ruleset *rs) {
    static const gri_play_hooks none = {0};
    return rs->fam->play ? rs->fam->play : &none;
}

/* the family's loopy hooks: its own record, or the empty one */
static inline const gri_loopy_hooks *gri_loopy_of(const gr_ruleset *rs) {
    static const gri_loopy_hooks none = {0};
    return rs->fam->loopy ? rs->fam->loopy : &none;
}

/* the family's term syntax: its own record, or the empty one */
static inline const gri_term_syntax *gri_syntax_of(const gr_ruleset *rs) {
    static const gri_term_syntax none = {0};
    return rs->fam->syntax ? rs->fam->syntax : &none;
}

/* whether the ruleset's family has a GR_FAM_* flag */
static inline int gri_rs_has(const gr_ruleset *rs, unsigned flag) { return (rs->fam->flags & flag) != 0; }

/* whether the ruleset's values come from gvalue (its game may be loopy) */
static inline int gri_rs_loopy(const gr_ruleset *rs) {
    return gri_rs_has(rs, GR_FAM_LOOPY) || (gri_loopy_of(rs)->is_loopy && gri_loopy_of(rs)->is_loopy(rs));
}

#endif
