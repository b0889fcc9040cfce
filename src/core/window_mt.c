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
 * towards the thread that waited less.
 *
 * The buffers do not move while the helper runs: window.c ends the epoch
 * before a slide, and stops the helper before a value that widens the
 * buffers or outgrows the ring's bitsets. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include "core/sparse.h"
#include "core/window_mt.h"

/* heaps the helper may run ahead of the values */
#define RING 1024
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
    gr_window *w;
    gri_sp_view vw;             /* the epoch's view (the helper reads hi only) */
    gri_sp_pcache pc;           /* the helper's listed scan, carried from heap to heap */
    uint64_t kmin;              /* the least split removal */
    uint64_t from, to;          /* the helper's heaps */
    size_t words;               /* per ring entry */
    unsigned bits_ok;           /* values of at most this bit length keep the ring's XORs in range */
    uint64_t *ring;             /* RING entries of `words` words */
    size_t split[RING];         /* the entry's split point */
    size_t pass_hi[RING];       /* the entry's pass part: [PASS_LO, pass_hi) */
    uint8_t *flag;              /* the helper's scratch */
    size_t *sums;
    size_t s;                   /* the split point the helper uses now */
    size_t e;                   /* the end of its pass part now */
    _Atomic uint64_t done;      /* values known (G(0..done-1)), from the stepping thread */
    _Atomic uint64_t ready;     /* far sets ready for heaps below this, from the helper */
    _Atomic int stop;
    _Atomic uint64_t wait_step, wait_help; /* spins, for the balance */
    _Atomic uint64_t heaps, past;          /* heaps stepped, and those whose pass went past the helper's part */
    pthread_t th;
    int running;
};

static inline void pause_cpu(unsigned *spins) {
    if (++*spins < 256) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    } else {
        sched_yield();
    }
}

static void *helper(void *arg) {
    gri_far *f = arg;
    const gr_window *w = f->w;
    const gr_ruleset *rs = w->rs;
    size_t nrare = rs->sp_nrare;
    uint64_t last_help = 0, last_step = 0, last_heaps = 0, last_past = 0;
    for (uint64_t n = f->from; n < f->to; n++) {
        if (atomic_load_explicit(&f->stop, memory_order_relaxed)) return NULL;
        if ((n - f->from) % BALANCE == BALANCE - 1) {
            /* first the load: towards the thread that waited less; then the
             * pass part: longer while many passes go past it */
            uint64_t ws = atomic_load_explicit(&f->wait_step, memory_order_relaxed);
            uint64_t wh = atomic_load_explicit(&f->wait_help, memory_order_relaxed);
            uint64_t hs = atomic_load_explicit(&f->heaps, memory_order_relaxed);
            uint64_t ps = atomic_load_explicit(&f->past, memory_order_relaxed);
            uint64_t ds = ws - last_step, dh = wh - last_help, dn = hs - last_heaps, dp = ps - last_past;
            size_t step = nrare / 32 + 1;
            if (ds > dh) { /* the stepper waited: the helper does less */
                if (f->s + step < nrare) f->s += step;
                else if (f->e > PASS_LO) f->e -= PASS_STEP;
            } else if (dn && dp * 8 > dn && f->e < PASS_MAX) {
                f->e += PASS_STEP;
            } else if (dh > ds && f->s > step) {
                f->s -= step;  /* the helper waited: it does more */
            }
            last_step = ws;
            last_help = wh;
            last_heaps = hs;
            last_past = ps;
        }
        uint64_t lag = f->kmin + rs->sp_rare[f->s];
        if (f->e > PASS_LO && lag > f->kmin + PASS_LO) lag = f->kmin + PASS_LO;
        uint64_t need = n + 1 > lag ? n + 1 - lag : 0;
        if (n >= RING && n - RING + 1 > need) need = n - RING + 1;
        unsigned spins = 0;
        uint64_t waited = 0;
        while (atomic_load_explicit(&f->done, memory_order_acquire) < need) {
            if (atomic_load_explicit(&f->stop, memory_order_relaxed)) return NULL;
            pause_cpu(&spins);
            waited++;
        }
        if (waited) atomic_fetch_add_explicit(&f->wait_help, waited, memory_order_relaxed);
        size_t ns = 0;
        for (size_t i = 0; i < w->wr.ntwo; i++) f->sums[ns++] = (size_t)(n - w->wr.two[i]);
        size_t e = (size_t)(n % RING);
        f->split[e] = f->s;
        f->pass_hi[e] = f->e;
        gri_sp_far(rs, &f->vw, f->sums, ns, w->wr.unequal, f->s, PASS_LO, f->e, f->ring + e * f->words, f->words,
                   f->flag);
        atomic_store_explicit(&f->ready, n + 1, memory_order_release);
    }
    return NULL;
}

int gri_far_usable(const gr_window *w) { return w->threads > 1 && w->rs->sp_nrare >= MT_MIN_LISTED && w->wr.ntwo > 0; }

gr_status gri_far_start(gr_window *w, uint64_t to, gri_far **out, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(w->rs->ctx);
    gri_far *f = w->far;
    *out = NULL;
    unsigned b = gri_bitlen64(w->vmax) + 1; /* one bit of room: values may grow by one bit */
    size_t words = ((size_t)1 << b) / 64 + 1;
    if (words < 4) words = 4;
    if (!f) {
        f = gri_calloc(al, 1, sizeof *f);
        if (!f) return gri_fail(err, GR_ENOMEM, "out of memory: the helper thread's record");
        f->s = w->rs->sp_nrare / 2;
        f->e = PASS_LO;
        w->far = f;
        w->free_far = gri_far_free;
    }
    if (f->words < words) {
        gri_free(al, f->ring);
        gri_free(al, f->flag);
        f->ring = gri_malloc(al, RING * words * sizeof *f->ring);
        f->flag = gri_malloc(al, words * 64);
        f->words = f->ring && f->flag ? words : 0;
        if (!f->words) return gri_fail(err, GR_ENOMEM, "out of memory: the helper thread's ring");
    }
    if (!f->sums && !(f->sums = gri_malloc(al, (w->wr.ntwo + 1) * sizeof *f->sums)))
        return gri_fail(err, GR_ENOMEM, "out of memory");
    f->w = w;
    f->bits_ok = b;
    f->kmin = UINT64_MAX;
    for (size_t i = 0; i < w->wr.ntwo; i++) if (w->wr.two[i] < f->kmin) f->kmin = w->wr.two[i];
    gri_sp_view vw = {w->rs->tab, w->win, w->rev, w->head, (size_t)w->base, (size_t)w->rtop, w->tw, w->vmax,
                      SIZE_MAX, NULL, 0, 0, 0, &f->pc, w->umax};
    f->vw = vw;
    f->from = w->n;
    f->to = to;
    if (f->s < 1) f->s = 1;
    if (f->s >= w->rs->sp_nrare) f->s = w->rs->sp_nrare - 1;
    atomic_store(&f->done, w->n);
    atomic_store(&f->ready, w->n);
    atomic_store(&f->stop, 0);
    if (pthread_create(&f->th, NULL, helper, f) != 0) return GR_OK; /* no thread: one thread goes on */
    f->running = 1;
    *out = f;
    return GR_OK;
}

/* the far set of heap n, once the helper has made it */
const uint64_t *gri_far_wait(gri_far *f, uint64_t n, size_t *split, size_t *words, size_t *skip_lo, size_t *skip_hi) {
    unsigned spins = 0;
    uint64_t waited = 0;
    while (atomic_load_explicit(&f->ready, memory_order_acquire) <= n) {
        pause_cpu(&spins);
        waited++;
    }
    if (waited) atomic_fetch_add_explicit(&f->wait_step, waited, memory_order_relaxed);
    size_t e = (size_t)(n % RING);
    *split = f->split[e];
    *words = f->words;
    *skip_lo = PASS_LO;
    *skip_hi = f->pass_hi[e];
    return f->ring + e * f->words;
}

void gri_far_done(gri_far *f, uint64_t done, int past) {
    atomic_store_explicit(&f->done, done, memory_order_release);
    atomic_fetch_add_explicit(&f->heaps, 1, memory_order_relaxed);
    if (past) atomic_fetch_add_explicit(&f->past, 1, memory_order_relaxed);
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
    gri_free(al, f->ring);
    gri_free(al, f->flag);
    gri_free(al, f->sums);
    gri_free(al, f);
    w->far = NULL;
}
