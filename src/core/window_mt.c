/* A windowed run on two threads (window.c calls it per epoch): the calling
 * thread computes the values; a helper computes, ahead of it, each heap's
 * "far" options, the splits whose listed part has an index past a split
 * point s, into a ring of bitsets. The step then scans only the listed
 * positions below s and adds the far set (gri_sp_view's list_end, extra).
 *
 * The far part of heap n reads G(x) for x <= n - kmin - A only (kmin the
 * least split removal, A = the listed position at index s), so the helper
 * may compute it once the values before n - kmin - A + 1 are known: it runs
 * up to kmin + A heaps ahead, and at most a ring's length. The union of the
 * two parts is the same set of options whatever s is, so the values are
 * those of one thread; s only moves work between the threads. The helper
 * picks s per heap (stored with the entry), moving it every BALANCE heaps
 * towards the thread that waited less, the waits timed (a count of spins
 * weighed a yield to the system like a pause instruction).
 *
 * The buffers do not move while the helper runs: window.c ends the epoch
 * before a slide, and stops the helper before a value that widens the
 * buffers or outgrows the ring's bitsets. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "core/context_internal.h"
#include "core/sparse.h"
#include "core/spin.h"
#include "core/window_mt.h"

/* heaps the helper may run ahead of the values */
#define RING 1024
/* heaps whose far sets the helper makes at once (gri_sp_far_batch: each
 * listed position's partners for them are consecutive values); RING is a
 * multiple of it */
#define BATCH 32
/* heaps between two hand-overs, unless a thread waits */
#define HAND 16
/* the stepping thread reads the ring this many heaps ahead */
#define PREFETCH 16
/* heaps between two moves of the split */
#define BALANCE 4096
/* fewer listed positions than this: one thread is as fast */
#define MT_MIN_LISTED 16
/* the helper's part of the pass: splits a in [PASS_LO, e), e a block start
 * between PASS_LO (none) and PASS_MAX, moved by PASS_STEP */
#define PASS_LO (1 + 2 * 64)
#define PASS_MAX (1 + 256 * 64)
#define PASS_STEP (4 * 64)

struct gri_far {
    /* set before the helper starts, read by both */
    void *mem;                  /* the block the record is in (gri_line_start) */
    gr_window *w;
    uint64_t kmin;              /* the least split removal */
    uint64_t from, to;          /* the helper's heaps */
    size_t words;               /* per ring entry */
    unsigned bits_ok;           /* values of at most this bit length keep the ring's XORs in range */
    int lookup;                 /* the step's pass is gri_sp_pass_lookup's: the helper takes none of it */
    uint64_t *ring;             /* RING entries of `words` words (in ring_mem, on lines of their own) */
    void *ring_mem;
    pthread_t th;
    int running;
    /* the helper's own: its copies of what it reads of the ruleset and the
     * window (their records are written by the stepping thread at every
     * heap: reading them there would move their cache lines between the
     * cores at every heap) */
    _Alignas(64) gri_sp_view vw; /* the epoch's view (the helper reads hi only) */
    gri_sp_pcache pc;           /* the helper's listed scan, carried from heap to heap */
    gr_ruleset rsc;             /* a copy of the ruleset's record, its list copied too */
    uint32_t *rare;             /* its listed positions and values */
    uint32_t *rval;
    size_t list_cap;
    uint64_t two[GRI_WIN_MAX];  /* the split removals */
    size_t ntwo;
    int unequal;
    uint8_t *flag;              /* the helper's scratch (in flag_mem, on lines of their own) */
    void *flag_mem;
    size_t sums[GRI_WIN_MAX];
    size_t s;                   /* the split point the helper uses now */
    size_t e;                   /* the end of its pass part now */
    _Alignas(64) size_t split[RING]; /* the entry's split point */
    size_t pass_hi[RING];       /* the entry's pass part: [PASS_LO, pass_hi) */
    /* Each thread's shared words on a cache line of their own, and each
     * side's own copy of what it last saw of the other's: a heap of .167
     * takes about 0.1 us, less than moving one line between the cores, so
     * the threads meet only every few heaps, or when one must wait. */
    _Alignas(64) _Atomic uint64_t done;  /* values known (G(0..done-1)), from the stepping thread */
    _Atomic uint64_t heaps, past;        /* heaps stepped, and those whose pass went past the helper's part */
    _Atomic uint64_t wait_step;          /* the stepping thread's waits (ns), for the balance */
    _Alignas(64) _Atomic uint64_t ready; /* far sets ready for heaps below this, from the helper */
    _Atomic uint64_t wait_help;          /* the helper's waits (ns) */
    _Alignas(64) _Atomic int stop;
    _Alignas(64) uint64_t ready_seen;    /* the stepping thread's: ready as last read */
    uint64_t done_told;                  /* done as last stored */
    uint64_t my_heaps, my_past;          /* not yet added to heaps and past */
};

static void *helper(void *arg) {
    gri_far *f = arg;
    const gr_ruleset *rs = &f->rsc;
    size_t nrare = rs->sp.nrare;
    uint64_t last_help = 0, last_step = 0, last_heaps = 0, last_past = 0;
    uint64_t done_seen = f->from, told = f->from, next_balance = f->from + BALANCE - 1;
    for (uint64_t n = f->from, nh; n < f->to; n += nh) {
        if (atomic_load_explicit(&f->stop, memory_order_relaxed)) return NULL;
        if (n >= next_balance) {
            next_balance += BALANCE;
            /* first the load: towards the thread that waited less; then the
             * pass part: longer while many passes go past it, unless the
             * step's pass is the set lookup, which stops early and cheaply
             * (Officers to 2^23, W = 2^20: 19.1 s without a pass part
             * against 23.7 s with one) */
            uint64_t ws = atomic_load_explicit(&f->wait_step, memory_order_relaxed);
            uint64_t wh = atomic_load_explicit(&f->wait_help, memory_order_relaxed);
            uint64_t hs = atomic_load_explicit(&f->heaps, memory_order_relaxed);
            uint64_t ps = atomic_load_explicit(&f->past, memory_order_relaxed);
            uint64_t ds = ws - last_step, dh = wh - last_help, dn = hs - last_heaps, dp = ps - last_past;
            size_t step = nrare / 32 + 1;
            if (ds > dh) { /* the stepper waited: the helper does less */
                if (f->s + step < nrare) f->s += step;
                else if (f->e > PASS_LO) f->e -= PASS_STEP;
            } else if (!f->lookup && dn && dp * 8 > dn && f->e < PASS_MAX) {
                f->e += PASS_STEP;
            } else if (dh > ds && f->s > step) {
                f->s -= step;  /* the helper waited: it does more */
            }
            last_step = ws;
            last_help = wh;
            last_heaps = hs;
            last_past = ps;
        }
        uint64_t lag = f->kmin + rs->sp.rare[f->s];
        if (f->e > PASS_LO && lag > f->kmin + PASS_LO) lag = f->kmin + PASS_LO;
        /* heaps n .. n + nh - 1 at once (a batch never crosses a multiple
         * of BATCH, so neither the ring's end), when there is no pass part
         * and the last of them reads known values only: nh <= lag */
        nh = f->e > PASS_LO ? 1 : BATCH - n % BATCH;
        if (nh > f->to - n) nh = f->to - n;
        if (nh > lag) nh = lag;
        uint64_t last = n + nh - 1;
        uint64_t need = last + 1 > lag ? last + 1 - lag : 0;
        if (last >= RING && last - RING + 1 > need) need = last - RING + 1;
        if (done_seen < need && (done_seen = atomic_load_explicit(&f->done, memory_order_acquire)) < need) {
            /* about to wait: first hand over what is made */
            if (told < n) atomic_store_explicit(&f->ready, told = n, memory_order_release);
            unsigned spins = 0;
            uint64_t t0 = gri_now_ns();
            while ((done_seen = atomic_load_explicit(&f->done, memory_order_acquire)) < need) {
                if (atomic_load_explicit(&f->stop, memory_order_relaxed)) return NULL;
                gri_spin(&spins);
            }
            atomic_fetch_add_explicit(&f->wait_help, gri_now_ns() - t0, memory_order_relaxed);
        }
        size_t ns = 0;
        for (size_t i = 0; i < f->ntwo; i++) f->sums[ns++] = (size_t)(n - f->two[i]);
        size_t e = (size_t)(n % RING);
        for (size_t k = 0; k < nh; k++) {
            f->split[e + k] = f->s;
            f->pass_hi[e + k] = f->e;
        }
        if (nh > 1)
            gri_sp_far_batch(rs, &f->vw, f->sums, ns, f->unequal, f->s, (size_t)nh, f->ring + e * f->words, f->words,
                             f->flag);
        else
            gri_sp_far(rs, &f->vw, f->sums, ns, f->unequal, f->s, PASS_LO, f->e, f->ring + e * f->words, f->words,
                       f->flag);
        if (n + nh - told >= HAND) atomic_store_explicit(&f->ready, told = n + nh, memory_order_release);
    }
    atomic_store_explicit(&f->ready, f->to, memory_order_release);
    return NULL;
}

int gri_far_usable(const gr_window *w) { return w->threads > 1 && w->rs->sp.nrare >= MT_MIN_LISTED && w->wr.ntwo > 0; }

gr_status gri_far_start(gr_window *w, uint64_t to, gri_far **out, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(w->rs->ctx);
    gri_far *f = w->far;
    *out = NULL;
    unsigned b = gri_bitlen64(w->vmax) + 1; /* one bit of room: values may grow by one bit */
    size_t words = ((size_t)1 << b) / 64 + 1;
    if (words < 4) words = 4;
    if (!f) {
        /* the record's lines are its own, and aligned as its members ask */
        void *mem = gri_calloc(al, 1, sizeof *f + 64);
        if (!mem) return gri_fail(err, GR_ENOMEM, "out of memory: the helper thread's record");
        f = gri_line_start(mem);
        f->mem = mem;
        f->s = w->rs->sp.nrare / 2;
        f->e = PASS_LO;
        w->far = f;
        w->free_far = gri_far_free;
    }
    if (f->words < words) {
        gri_free(al, f->ring_mem);
        gri_free(al, f->flag_mem);
        f->ring_mem = gri_malloc(al, RING * words * sizeof *f->ring + 128);
        /* a batch's rows: one per sum its heaps split (gri_sp_batch_rows) */
        f->flag_mem = gri_malloc(al, (BATCH + gri_win_spread(&w->wr)) * words * 64 + 128);
        f->ring = gri_line_start(f->ring_mem);
        f->flag = gri_line_start(f->flag_mem);
        f->words = f->ring && f->flag ? words : 0;
        if (!f->words) return gri_fail(err, GR_ENOMEM, "out of memory: the helper thread's ring");
    }
    size_t nrare = w->rs->sp.nrare;
    if (f->list_cap < nrare) {
        gri_free(al, f->rare);
        gri_free(al, f->rval);
        f->rare = gri_malloc(al, nrare * sizeof *f->rare);
        f->rval = gri_malloc(al, nrare * sizeof *f->rval);
        f->list_cap = f->rare && f->rval ? nrare : 0;
        if (!f->list_cap) return gri_fail(err, GR_ENOMEM, "out of memory: the helper thread's list");
    }
    memcpy(f->rare, w->rs->sp.rare, nrare * sizeof *f->rare);
    memcpy(f->rval, w->rs->sp.rval, nrare * sizeof *f->rval);
    f->rsc = *w->rs;
    f->rsc.sp.rare = f->rare;
    f->rsc.sp.rval = f->rval;
    f->ntwo = w->wr.ntwo;
    memcpy(f->two, w->wr.two, f->ntwo * sizeof *f->two);
    f->unequal = w->wr.unequal;
    f->w = w;
    f->bits_ok = b;
    f->lookup = gri_sp_pass_lookup(w->rs, w->tw, w->vmax);
    if (f->lookup) f->e = PASS_LO;
    f->kmin = gri_win_kmin(&w->wr);
    gri_sp_view vw = {w->rs->tab, w->win, w->rev, w->head, (size_t)w->base, (size_t)w->rtop, w->tw, w->vmax,
                      SIZE_MAX, NULL, 0, 0, 0, &f->pc, w->umax};
    f->vw = vw;
    f->from = w->n;
    f->to = to;
    if (f->s < 1) f->s = 1;
    if (f->s >= w->rs->sp.nrare) f->s = w->rs->sp.nrare - 1;
    atomic_store(&f->done, w->n);
    atomic_store(&f->ready, w->n);
    f->ready_seen = f->done_told = w->n;
    atomic_store(&f->stop, 0);
    if (pthread_create(&f->th, NULL, helper, f) != 0) return GR_OK; /* no thread: one thread goes on */
    f->running = 1;
    *out = f;
    return GR_OK;
}

/* the far set of heap n, once the helper has made it */
const uint64_t *gri_far_wait(gri_far *f, uint64_t n, size_t *split, size_t *words, size_t *skip_lo, size_t *skip_hi) {
    if (f->ready_seen <= n && (f->ready_seen = atomic_load_explicit(&f->ready, memory_order_acquire)) <= n) {
        /* about to wait: first tell the helper every value known */
        if (f->done_told < n) atomic_store_explicit(&f->done, f->done_told = n, memory_order_release);
        unsigned spins = 0;
        uint64_t t0 = gri_now_ns();
        while ((f->ready_seen = atomic_load_explicit(&f->ready, memory_order_acquire)) <= n) gri_spin(&spins);
        atomic_fetch_add_explicit(&f->wait_step, gri_now_ns() - t0, memory_order_relaxed);
    }
    size_t e = (size_t)(n % RING);
    /* an entry a few heaps on, when made (an entry not made yet would be
     * pulled from the helper while it writes it) */
    if (n + PREFETCH < f->ready_seen) __builtin_prefetch(f->ring + ((n + PREFETCH) % RING) * f->words);
    *split = f->split[e];
    *words = f->words;
    *skip_lo = PASS_LO;
    *skip_hi = f->pass_hi[e];
    return f->ring + e * f->words;
}

void gri_far_done(gri_far *f, uint64_t done, int past) {
    if (done - f->done_told >= HAND) atomic_store_explicit(&f->done, f->done_told = done, memory_order_release);
    f->my_past += past != 0;
    if (++f->my_heaps == 1024) {
        atomic_fetch_add_explicit(&f->heaps, f->my_heaps, memory_order_relaxed);
        atomic_fetch_add_explicit(&f->past, f->my_past, memory_order_relaxed);
        f->my_heaps = f->my_past = 0;
    }
}

int gri_far_fits(const gri_far *f, uint32_t v) { return gri_bitlen64(v) <= f->bits_ok; }

void gri_far_stop(gri_far *f) {
    if (!f || !f->running) return;
    atomic_store(&f->stop, 1);
    pthread_join(f->th, NULL);
    f->running = 0;
}

void gri_far_free(gr_window *w) {
    gri_far *f = w->far;
    if (!f) return;
    gri_far_stop(f);
    const gr_allocator *al = gri_ctx_alloc(w->rs->ctx);
    gri_free(al, f->ring_mem);
    gri_free(al, f->flag_mem);
    gri_free(al, f->rare);
    gri_free(al, f->rval);
    gri_free(al, f->mem);
    w->far = NULL;
}
