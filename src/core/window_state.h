/* Windowed runs: the run's record (window_state.c), shared by the run
 * (window.c), its helper thread (window_mt.c), the values beyond its window
 * (window_far.c) and its checkpoints (window_io.c). */
#ifndef GRUNDY_CORE_WINDOW_STATE_H
#define GRUNDY_CORE_WINDOW_STATE_H

#include "core/family.h"
#include "core/rs.h"
#include "core/sparse.h"
#include "grundy/window.h"

typedef struct gri_far gri_far;
typedef struct gri_spec gri_spec;

/* a listed position found during a run (window_far.c) and the cache of its
 * partners: G(lo..lo+len-1) in cache (len 0: none yet) */
typedef struct gri_far_pos {
    uint64_t pos, lo;
    uint32_t val;
    size_t len;
    uint32_t *cache;
} gri_far_pos;

/* the far positions' XORs with one sum r (one-byte values), made when
 * there were nfar of them (window_far.c) */
#define GRI_FAR_SUMS 8
typedef struct gri_far_sum {
    uint64_t r;
    size_t nfar;
    int lazy;                 /* made lazily (window_far.c) */
    uint64_t bits[4];
} gri_far_sum;

/* a sum r = a* + l of a far position a* whose value is high (see
 * window_far.c) and a listed position l, with the XOR of their values */
typedef struct gri_far_pair {
    uint64_t r;
    uint32_t x;
} gri_far_pair;

/* the ways to run (gr_window's help) */
#define GRI_WAY_ONE 0
#define GRI_WAY_FAR 1  /* a helper makes the far listed positions' options ahead (window_mt.c) */
#define GRI_WAY_SPEC 2 /* values taken ahead from the listed scan, a verifier runs the passes behind (window_spec.c) */
#define GRI_WAYS 3

/* values per sink call */
#define GRI_WIN_OUT_BLOCK 65536

struct gr_window {
    gr_ruleset *rs;           /* its table is the head; its sp_* the list and class */
    gri_win_rules wr;
    uint64_t kmax;            /* the largest removal in wr */
    size_t W;                 /* values kept behind the heap (the window holds W to 2W) */
    uint64_t head;            /* G(0..head-1) in rs's table */
    uint64_t n;               /* values known: G(0..n-1) */
    uint64_t base, rtop;      /* G(x) = win[x - base] = rev[rtop - x] for base <= x < n */
    void *win, *rev;          /* 2W values each, tw bytes per value */
    unsigned tw;
    uint32_t vmax;            /* the largest of G(0..n-1) */
    uint32_t umax;            /* the largest of an unlisted position's (umax_exact: else vmax, from an old state) */
    int umax_exact;
    unsigned threads;
    uint64_t emitted;         /* values handed to the sink */
    uint32_t *out;            /* values not yet handed out */
    size_t nout;
    size_t *sums;             /* the heap totals that split, for the current heap */
    uint64_t single[GRI_WIN_MAX];
    gri_far *far;             /* the helper thread's record (window_mt.c), made on first use */
    void (*free_far)(gr_window *w);  /* frees it (set with it) */
    void (*free_wfar)(gr_window *w); /* frees window_far.c's part (set with it) */
    gri_spec *spec;           /* the verifier thread's record (window_spec.c), made on first use */
    void (*free_spec)(gr_window *w); /* frees it (set with it) */
    uint64_t far_heaps;       /* heaps computed with a second thread */
    uint64_t spec_heaps;      /* heaps taken ahead and checked by the verifier */
    uint64_t spec_fails;      /* heaps the verifier sent back */
    unsigned threads_ran;     /* the most threads that have computed values at once */
    /* which way pays, measured (window.c): a round times PROBE heaps on one
     * thread, then PROBE each with the helper and with the verifier (where
     * usable); the fastest way runs until next_probe */
    int probing;              /* a round is under way */
    int help;                 /* its answer: GRI_WAY_ONE, GRI_WAY_FAR or GRI_WAY_SPEC */
    uint64_t probe_n[3];      /* heaps timed in the round, per way */
    double probe_s[3];        /* their seconds */
    uint64_t next_probe;      /* the heap where the next round starts */
    unsigned rounds;          /* rounds done (the first is followed sooner by the next) */
    /* the caller's values (window_far.c): the slow pass, and the listed
     * positions found during the run (too far out for the window's
     * kernels), each with a cache of its partners */
    gr_window_values_fn values;
    void *values_user;
    gri_far_pos *farpos;
    size_t nfar, far_cap;
    uint32_t *slow_a, *slow_b;
    uint64_t *xbits;          /* a heap's extra options with the far positions' */
    size_t xcap;
    uint64_t slow_heaps;
    gri_far_pair *pairs;      /* sorted by r: the high far positions' splits with a listed partner */
    size_t npairs, pairs_cap;
    size_t pairs_nrare, pairs_nfar, nhigh; /* made for these counts, with nhigh high far positions */
    uint32_t pairs_cap_v;     /* and this vcap; 0: not made */
    gri_far_sum fs[2][GRI_FAR_SUMS]; /* the last heap's sums' sets: fs[fcur] (the other is made next) */
    size_t nfs, fcur;
    size_t pcur;              /* pairs[0..pcur) have sums below the last one read (pair_options) */
    gri_sp_pcache pc;         /* the step's listed scan, carried from heap to heap */
    /* one thread's listed scan in batches (window.c own_batch): the options
     * of the listed positions of index bsplit on, for the heaps bfrom ..
     * bfrom + bcount - 1, bwords words each in bring */
    int batch;                /* 0: where it pays, 1: always, -1: never (tests, benchmarks) */
    uint64_t *bring;
    uint8_t *bflag;           /* scratch */
    size_t bwords, bcap;      /* words per heap now, and the buffers' room (words per heap) */
    uint64_t bfrom, bcount;
    size_t bsplit;
    uint64_t own_heaps;       /* heaps whose listed scan took a batch's part (tests) */
};

/* the least split removal (UINT64_MAX without splits) */
static inline uint64_t gri_win_kmin(const gri_win_rules *wr) {
    uint64_t k = UINT64_MAX;
    for (size_t i = 0; i < wr->ntwo; i++) if (wr->two[i] < k) k = wr->two[i];
    return k;
}

/* the largest split removal less the least (0 without splits): the sums
 * of a batch of nh heaps are nh plus this many */
static inline size_t gri_win_spread(const gri_win_rules *wr) {
    uint64_t hi = 0;
    for (size_t i = 0; i < wr->ntwo; i++) if (wr->two[i] > hi) hi = wr->two[i];
    return wr->ntwo ? (size_t)(hi - gri_win_kmin(wr)) : 0;
}

/* G(x) for base <= x < n (before the buffers exist: from the table) */
static inline uint32_t gri_win_at(const gr_window *w, uint64_t x) {
    return w->win ? gri_load_w(w->win, w->tw, (size_t)(x - w->base)) : gri_tab_at(w->rs, (size_t)x);
}

/* a window record for rs with its rules checked, before any value */
gr_status gri_window_open(gr_ruleset *rs, uint64_t window, unsigned threads, gr_window **out, gr_error *err);
void gri_window_close(gr_window *w);
/* the sparse-space class on the head (chosen now when the table has none),
 * checked against the window: every listed position a + kmax <= W */
gr_status gri_window_class(gr_window *w, gr_error *err);
/* the window's two buffers at width tw, holding G(base..n-1) (read from the
 * old buffers, or the table when there are none) */
gr_status gri_window_buffers(gr_window *w, unsigned tw, gr_error *err);
/* a stop asked for (Ctrl-C, a time limit), looked at once a tick: GR_OK, or
 * the stop (gri_ctx_poll) at heap w->n */
gr_status gri_window_poll(gr_window *w, gr_error *err);

#endif
