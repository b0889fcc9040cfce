/* The board search's machinery (nimsearch_core.c): the solver, its
 * levels of scratch, the keys of parts, the table, the parts and options
 * of a position. The search itself is nimsearch.c. */
#ifndef GRUNDY_BOARDS_NIMSEARCH_CORE_H
#define GRUNDY_BOARDS_NIMSEARCH_CORE_H

#include "boards/board.h"
#include "boards/boardkey.h"
#include "boards/btable.h"
#include "core/ticker.h"

/* ways to run the search (all give the same values; tests compare them) */
enum {
    GRB_NO_SPLIT = 1u << 0,    /* value a position whole, not part by part */
    GRB_NO_SYMMETRY = 1u << 1, /* key positions by their cells, not by their shape */
    GRB_PLAIN_MEX = 1u << 2,   /* every option's value, then the mex (the textbook method) */
    GRB_LV = 1u << 3,          /* value by value (Lemoine-Viennot), not by sets (Beling-Rogalski) */
    GRB_NO_REDUCE = 1u << 4    /* keep the cells the Arc Kayles reductions take away */
};

typedef struct grb_level grb_level;

/* threads searching one position with one table (nimsearch_team.c) */
typedef struct grb_team {
    int stop;        /* (atomic) the search is over: every thread stops */
    int have;        /* (atomic) a thread has the value ... */
    uint64_t value;  /* ... this one */
    unsigned threads; /* how many search */
    /* the options some thread is searching now, by a hash of their cells
     * (0: none): another thread puts such an option off (grb_walk) */
    uint64_t *busy;
    uint64_t busy_mask;
} grb_team;

typedef struct grb_solver {
    const grb_game *g;
    const gr_allocator *al;
    unsigned how;           /* GRB_* above */
    int one_word;           /* a grid of one word, keyed by shape: options scanned in words */
    grb_table own;          /* its table, unless it shares another's */
    grb_table *tt;          /* key -> value and facts: &own, or the table of a search it helps */
    struct grb_kslot *kcache; /* recent keys of parts (nimsearch.c) */
    size_t tt_max;          /* entries held at most: past it the table is emptied */
    grb_level **levels;     /* scratch per depth, made on first use */
    size_t nlevels, depth;
    size_t moves_cap;       /* the levels' room for moves */
    gr_ctx *ctx;            /* time limit and interrupt (NULL: none) */
    gri_ticker tick;
    int tick_on;
    const char *what;       /* the search's name in a stop's message */
    gr_error *err;
    /* counts */
    uint64_t nodes;         /* option lists walked */
    /* progress: called now and then with the nodes so far (nonzero stops) */
    int (*progress)(void *user, uint64_t nodes, uint64_t entries);
    void *progress_user;
    uint64_t next_progress;
    grb_team *team;         /* the threads it searches with (NULL: alone) */
    uint64_t budget;        /* stop (GR_ELIMIT, budget_hit) past this many nodes (0: no budget) */
    int budget_hit;
    size_t made;            /* entries made in a shared table, not yet added to its count */
} grb_solver;

/* tt_max: entries the table holds at most (at least 64). */
gr_status grb_solver_init(grb_solver *sv, const grb_game *g, const gr_allocator *al, unsigned how, size_t tt_max,
                          gr_error *err);
void grb_solver_free(grb_solver *sv);
/* Searches game g from now on (a game may change between calls: the keys
 * of parts do not depend on the universe they lie in, except with
 * GRB_NO_SYMMETRY, when `fresh` says g is not the game of the last call
 * and the table is emptied). */
gr_status grb_solver_use(grb_solver *sv, const grb_game *g, int fresh, gr_error *err);

#define UNKNOWN UINT64_MAX

struct grb_level {
    uint64_t key[GRB_KEY_WORDS];
    uint32_t *moves;
    uint64_t *order;     /* options to search: cost << 48 | rank << 32 | move (grb_sv_order) */
    grb_set parts[GRB_MAX_CELLS];
    /* the keys of the options' parts (grb_sv_scan): per part a word of
     * the key's length and the part's cells (<< 8), its hash, its key;
     * option i's parts at kbuf[kat[i] .. kat[i + 1]) */
    uint64_t *kbuf;
    size_t kcap;
    size_t *kat;
    size_t scanned;      /* options keyed so far */
};

/* the scratch of the next level down (NULL: out of memory); the caller
 * steps back up with sv->depth-- */
grb_level *grb_sv_push(grb_solver *sv);
gr_status grb_sv_oom(grb_solver *sv);
/* one more position walked: polls the time limit and the interrupt */
gr_status grb_sv_step(grb_solver *sv);
/* the key of a part (its cells, with GRB_NO_SYMMETRY) */
size_t grb_sv_key(grb_solver *sv, const grb_set *part, uint64_t *key);
/* the parts of s (all as one with GRB_NO_SPLIT) */
size_t grb_sv_parts(const grb_solver *sv, const grb_set *s, grb_set *out);
/* the option of part c by move m */
void grb_sv_option(const grb_solver *sv, const grb_set *c, uint32_t m, grb_set *o);
/* Option i (of part c by lv->moves[0..nm), asked in order from i = 0)
 * when the table has the values of all its parts: its value (1), else 0
 * with *cost, how hard it looks; GR_ENOMEM in *st. The parts of the
 * options a few steps ahead are keyed at once into lv's buffer, and
 * their table slots fetched then, so the lookups overlap their waits for
 * memory. */
int grb_sv_known(grb_solver *sv, grb_level *lv, const grb_set *c, size_t nm, size_t i, uint64_t *value,
                 uint64_t *cost, gr_status *st);
/* the middle of a part's bounding box (grb_sv_box), to rank its moves by */
typedef struct grb_box {
    int on;             /* 0: every move ranks alike (not a grid, or no room for the moves' places) */
    unsigned cr, cc;    /* the middle row and column, doubled */
} grb_box;
void grb_sv_box(const grb_solver *sv, const grb_set *c, grb_box *b);
static inline unsigned grb_absdiff(unsigned a, unsigned b) { return a > b ? a - b : b - a; }
/* An option's place in the order (its entry in lv->order): by cost, then
 * by how far its move lies from the middle of the box of the part it is
 * made in (the larger of the row and column distances, then their sum),
 * then by the move. The move keeps the low 32 bits; the rank (15 bits, a
 * distance of doubled coordinates being at most 126) bits 32..47, the
 * cost (a sum of squares of part sizes below 2^16) the top 16. */
static inline uint64_t grb_sv_order(const grb_solver *sv, const grb_box *b, uint64_t cost, uint32_t m) {
    uint64_t rank = 0;
    if (b->on) {
        const uint8_t *q = sv->g->geo + 4 * (size_t)m;
        unsigned dr = grb_absdiff(q[0], b->cr), dc = grb_absdiff(q[1], b->cc);
        rank = (uint64_t)(dr > dc ? dr : dc) << 8 | (dr + dc);
    }
    return cost << 48 | rank << 32 | m;
}
/* sorts options (grb_sv_order) by cost, then rank, then move */
void grb_sv_sort(const grb_solver *sv, uint64_t *a, size_t n);
/* A walk through lv->order[0..n) (grb_walk_next), skipping entries of
 * UINT64_MAX. On a team, near the root, an option that another thread is
 * searching at that moment is put off until the others have been taken
 * (in the manner of ABDADA: the threads share one order and the table, and
 * go different ways where they meet); by the time it comes round, its
 * value is often in the table. The order the options are taken in never
 * changes an answer, only the work. */
typedef struct grb_walk {
    size_t i, n;     /* the next entry of the first pass, the entries */
    size_t nlate, j; /* the options put off (kept in lv->moves), the next of them */
    uint64_t h;      /* the option being searched, as marked busy (0: not marked) */
    int track;       /* whether this level marks and puts off */
} grb_walk;
void grb_walk_start(const grb_solver *sv, grb_walk *w, size_t n);
/* the next option: its index in lv->order in *i and its cells in *o (0:
 * none left). The option is marked busy until the next call or grb_walk_end. */
int grb_walk_next(grb_solver *sv, grb_level *lv, grb_walk *w, const grb_set *c, size_t *i, grb_set *o);
void grb_walk_end(grb_solver *sv, grb_walk *w);

/* the table: a key's value (UNKNOWN) and facts; facts added (its value v
 * unless UNKNOWN, bits or_a and or_b), the entry made when absent */
void grb_sv_tt_get(const grb_solver *sv, const uint64_t *key, size_t klen, uint64_t *nim, uint64_t *a, uint64_t *b);
gr_status grb_sv_tt_put(grb_solver *sv, const uint64_t *key, size_t klen, uint64_t v, uint64_t or_a, uint64_t or_b);
/* adds the entries made in a shared table to its count */
void grb_sv_counted(grb_solver *sv);
static inline gr_status grb_sv_tt_set_nim(grb_solver *sv, const uint64_t *key, size_t klen, uint64_t v) {
    return grb_sv_tt_put(sv, key, klen, v, 0, 0);
}

#endif
