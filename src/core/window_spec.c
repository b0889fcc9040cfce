/* A windowed run on two threads, the other way (window.c chooses between
 * this, the far helper of window_mt.c and one thread by timing them).
 *
 * A heap's step is the listed scan, which gives c and the missing set (the
 * needed values below c that no split with a listed part makes), then the
 * pass, which looks for a split making each missing value. The value is c
 * unless the pass leaves a value missing, and that happens only at a listed
 * heap, which is rare (sparse.c). So the stepping thread takes c as the
 * value and goes on at once, and the verifier runs each heap's pass behind
 * it, in order of heaps, on a copy of the missing set from a ring.
 *
 * Why the values are exact. The verifier checks heap n only after every
 * heap before it has passed, so the values it reads, G(0..n-1), are the
 * definition's, and c was computed from those same values: when every
 * missing value is found, G(n) = c by the step's own argument. When one is
 * not, the verifier stops there and reports n; the stepping thread drops
 * the values from n on (none was handed out: only checked values are) and
 * steps heap n whole, the pass included, on one thread. Nothing else of
 * the run depends on a value before it is checked: the window and the
 * listed positions change only at checked heaps, the largest values (vmax,
 * umax) are put back as they were before n, and the listed scan's cache is
 * dropped.
 *
 * The threads meet only every HAND heaps or when one must wait, as in
 * window_mt.c: a .167 heap takes about 0.1-0.2 us. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <string.h>
#include "core/context_internal.h"
#include "core/sparse.h"
#include "core/spin.h"
#include "core/window_spec.h"

/* heaps the stepping thread may run ahead of the checked ones */
#define RING 1024
/* words of missing sets the ring holds (a heap's set is its words, packed
 * one after the other, most often one word) */
#define WRING (4 * RING)
/* heaps between two hand-overs, unless a thread waits: the verifier reads
 * a stretch of entries only once the stepping thread has gone past it, so
 * their cache lines move between the cores once */
#define HAND 64
/* heaps between two moves of the balance: the stepping thread reads the
 * first `lead` blocks of each heap's pass itself, more while it waits for
 * the verifier more than the verifier waits for it, up to LEAD_MAX */
#define BALANCE 4096
#define LEAD_MAX 32

struct gri_spec {
    void *mem;                  /* the block the record is in (gri_line_start) */
    size_t words;               /* the most words of a missing set */
    uint8_t *cnt;               /* per heap (n % RING): its missing set's words, 0 when empty */
    uint8_t *lead;              /* per heap: the blocks of its pass the stepping thread read */
    uint64_t *sets;             /* WRING words: the missing sets, packed, in order of heaps */
    void *ring_mem;             /* both, on lines of their own */
    /* the stepping thread's own: where heap n % RING's set starts (words
     * written before it), and the run's vmax and umax before heap n */
    uint64_t at[RING];
    uint32_t vmax_at[RING], umax_at[RING];
    uint64_t wpos;              /* words written */
    size_t lead_now;            /* blocks the stepping thread reads now */
    uint64_t next_balance, wait_mine, waits_seen;
    pthread_t th;
    int running;
    /* the verifier's own */
    _Alignas(64) gr_ruleset rsc; /* a copy of the ruleset's record, with its own need, witnesses and flags */
    void *buf_mem;              /* the block of the four below */
    uint64_t *need;             /* a heap's missing set, from the ring */
    uint64_t *vneed;            /* the pass's copy of it (the record's sp_need) */
    uint32_t *wit;
    uint8_t *flag;
    size_t cap;                 /* words they hold */
    gri_sp_view vw;             /* the epoch's view */
    uint64_t two[GRI_WIN_MAX];  /* the split removals */
    size_t ntwo;
    int unequal;
    uint64_t from;
    size_t sums[GRI_WIN_MAX];
    _Alignas(64) _Atomic uint64_t pushed;   /* entries below this are written (stepping thread) */
    _Alignas(64) _Atomic uint64_t verified; /* heaps below this are checked (verifier) */
    _Alignas(64) _Atomic uint64_t failed;   /* GRI_SPEC_OK, or the heap that failed (verifier) */
    _Alignas(64) _Atomic uint64_t wait_ver; /* the verifier's waits (ns) */
    _Alignas(64) _Atomic int stop;
    _Alignas(64) uint64_t verified_seen;    /* the stepping thread's: verified as last read */
    uint64_t pushed_told;                   /* pushed as last stored */
};

static void *verifier(void *arg) {
    gri_spec *s = arg;
    uint64_t pushed_seen = s->from, told = s->from, rpos = 0;
    for (uint64_t n = s->from;; n++) {
        if (pushed_seen <= n && (pushed_seen = atomic_load_explicit(&s->pushed, memory_order_acquire)) <= n) {
            /* about to wait: first say how far it got */
            if (told < n) atomic_store_explicit(&s->verified, told = n, memory_order_release);
            unsigned spins = 0;
            uint64_t t0 = gri_now_ns();
            while ((pushed_seen = atomic_load_explicit(&s->pushed, memory_order_acquire)) <= n) {
                if (atomic_load_explicit(&s->stop, memory_order_relaxed)) return NULL;
                gri_spin(&spins);
            }
            atomic_fetch_add_explicit(&s->wait_ver, gri_now_ns() - t0, memory_order_relaxed);
        }
        size_t nw = s->cnt[n % RING];
        if (nw) {
            for (size_t i = 0; i < nw; i++) s->need[i] = s->sets[(rpos + i) % WRING];
            size_t ns = 0;
            for (size_t i = 0; i < s->ntwo; i++) s->sums[ns++] = (size_t)(n - s->two[i]);
            s->vw.skip_hi = 1 + 64 * (size_t)s->lead[n % RING]; /* (skip_lo 1) */
            if (!gri_sp_verify(&s->rsc, &s->vw, s->sums, ns, s->unequal, s->need, nw)) {
                atomic_store_explicit(&s->verified, n, memory_order_release);
                atomic_store_explicit(&s->failed, n, memory_order_release);
                return NULL;
            }
        }
        rpos += nw;
        if (n + 1 - told >= HAND) atomic_store_explicit(&s->verified, told = n + 1, memory_order_release);
    }
}

int gri_spec_usable(const gr_window *w) { return w->threads > 1 && w->wr.ntwo > 0; }

size_t gri_spec_words(const gri_spec *s) { return s->words; }

gr_status gri_spec_start(gr_window *w, gri_spec **out, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(w->rs->ctx);
    gri_spec *s = w->spec;
    *out = NULL;
    /* one bit of room: values may grow by one bit */
    size_t words = ((size_t)1 << (gri_bitlen64(w->vmax) + 1)) / 64 + 1;
    if (words < 4) words = 4;
    if (!s) {
        void *mem = gri_calloc(al, 1, sizeof *s + 64);
        if (!mem) return gri_fail(err, GR_ENOMEM, "out of memory: the verifier thread's record");
        s = gri_line_start(mem);
        s->mem = mem;
        w->spec = s;
        w->free_spec = gri_spec_free;
    }
    if (s->cap < words) {
        /* the verifier's buffers in one block, on lines of their own: it
         * writes them at every heap */
        gri_free(al, s->buf_mem);
        size_t lines = (words * 8 + 63) / 64;
        s->buf_mem = gri_malloc(al, (2 * lines + 5 * words) * 64 + 128);
        s->cap = s->buf_mem ? words : 0;
        if (!s->cap) return gri_fail(err, GR_ENOMEM, "out of memory: the verifier thread's buffers");
        uint8_t *p = gri_line_start(s->buf_mem);
        s->need = (uint64_t *)(void *)p;
        s->vneed = (uint64_t *)(void *)(p + lines * 64);
        s->wit = (uint32_t *)(void *)(p + 2 * lines * 64);
        s->flag = p + 2 * lines * 64 + words * 64 * sizeof *s->wit;
        memset(s->wit, 0, words * 64 * sizeof *s->wit);
    }
    if (!s->ring_mem) {
        s->ring_mem = gri_malloc(al, 2 * RING + WRING * sizeof *s->sets + 256);
        if (!s->ring_mem) return gri_fail(err, GR_ENOMEM, "out of memory: the verifier thread's ring");
        /* three arrays on lines of their own, a spare line between them */
        s->cnt = gri_line_start(s->ring_mem);
        s->lead = s->cnt + RING + 64;
        s->sets = (uint64_t *)(void *)(s->lead + RING + 64);
    }
    s->words = s->cap < 255 ? s->cap : 255; /* (a heap's count is a byte) */
    s->wpos = 0;
    s->wait_mine = 0;
    s->waits_seen = 0;
    atomic_store(&s->wait_ver, 0);
    /* the record's scalars (class, kernels, the pass's start rounds) go on
     * from the run's; its buffers are the verifier's own */
    s->rsc = *w->rs;
    s->rsc.sp.need = s->vneed;
    s->rsc.sp.wit = s->wit;
    s->rsc.sp.flag = s->flag;
    s->rsc.sp.bits = NULL;
    s->rsc.sp.bwords = s->rsc.sp.bused = s->cap;
    s->ntwo = w->wr.ntwo;
    memcpy(s->two, w->wr.two, s->ntwo * sizeof *s->two);
    s->unequal = w->wr.unequal;
    gri_sp_view vw = {w->rs->tab, w->win, w->rev, w->head, (size_t)w->base, (size_t)w->rtop, w->tw, w->vmax,
                      SIZE_MAX, NULL, 0, 1, 1, NULL, w->umax};
    s->vw = vw;
    s->next_balance = w->n + BALANCE;
    s->from = w->n;
    atomic_store(&s->pushed, w->n);
    atomic_store(&s->verified, w->n);
    atomic_store(&s->failed, GRI_SPEC_OK);
    atomic_store(&s->stop, 0);
    s->verified_seen = s->pushed_told = w->n;
    if (pthread_create(&s->th, NULL, verifier, s) != 0) return GR_OK; /* no thread: one thread goes on */
    s->running = 1;
    *out = s;
    return GR_OK;
}

size_t gri_spec_lead(gri_spec *s, uint64_t n) {
    if (n >= s->next_balance) {
        s->next_balance = n + BALANCE;
        uint64_t wv = atomic_load_explicit(&s->wait_ver, memory_order_relaxed);
        uint64_t dv = wv - s->waits_seen;
        s->waits_seen = wv;
        /* towards the thread that waited less */
        if (s->wait_mine > dv && s->lead_now < LEAD_MAX) s->lead_now++;
        else if (dv > s->wait_mine && s->lead_now > 0) s->lead_now--;
        s->wait_mine = 0;
    }
    return s->lead_now;
}

uint64_t gri_spec_push(gri_spec *s, uint64_t n, const gri_sp_out *o, const uint64_t *need, size_t lead,
                       uint32_t vmax, uint32_t umax) {
    size_t nw = o->missing ? o->need_words : 0;
    /* room: the heap RING back is checked, and the sets' words since the
     * first heap not checked fit */
    for (int waited = 0;; waited = 1) {
        uint64_t v = s->verified_seen;
        if (n < v + RING && s->wpos + nw - (v < n ? s->at[v % RING] : s->wpos) <= WRING) break;
        if (!waited || v == (s->verified_seen = atomic_load_explicit(&s->verified, memory_order_acquire))) {
            /* a ring ahead: first hand over what is written */
            if (s->pushed_told < n) atomic_store_explicit(&s->pushed, s->pushed_told = n, memory_order_release);
            unsigned spins = 0;
            uint64_t t0 = gri_now_ns();
            while (v == (s->verified_seen = atomic_load_explicit(&s->verified, memory_order_acquire))) {
                uint64_t f = atomic_load_explicit(&s->failed, memory_order_acquire);
                if (f != GRI_SPEC_OK) return f;
                gri_spin(&spins);
            }
            s->wait_mine += gri_now_ns() - t0;
        }
    }
    if (atomic_load_explicit(&s->failed, memory_order_relaxed) != GRI_SPEC_OK)
        return atomic_load_explicit(&s->failed, memory_order_acquire);
    size_t e = (size_t)(n % RING);
    s->at[e] = s->wpos;
    s->vmax_at[e] = vmax;
    s->umax_at[e] = umax;
    s->cnt[e] = (uint8_t)nw;
    s->lead[e] = (uint8_t)lead;
    for (size_t i = 0; i < nw; i++) s->sets[(s->wpos + i) % WRING] = need[i];
    s->wpos += nw;
    if (n + 1 - s->pushed_told >= HAND) atomic_store_explicit(&s->pushed, s->pushed_told = n + 1, memory_order_release);
    return GRI_SPEC_OK;
}

uint64_t gri_spec_verified(gri_spec *s) {
    return s->verified_seen = atomic_load_explicit(&s->verified, memory_order_acquire);
}

uint64_t gri_spec_drain(gri_spec *s, uint64_t n) {
    if (s->pushed_told < n) atomic_store_explicit(&s->pushed, s->pushed_told = n, memory_order_release);
    unsigned spins = 0;
    for (;;) {
        uint64_t f = atomic_load_explicit(&s->failed, memory_order_acquire);
        if (f != GRI_SPEC_OK) return f;
        if ((s->verified_seen = atomic_load_explicit(&s->verified, memory_order_acquire)) >= n) return GRI_SPEC_OK;
        gri_spin(&spins);
    }
}

void gri_spec_before(const gri_spec *s, uint64_t f, uint32_t *vmax, uint32_t *umax) {
    *vmax = s->vmax_at[f % RING];
    *umax = s->umax_at[f % RING];
}

void gri_spec_stop(gri_spec *s) {
    if (!s || !s->running) return;
    atomic_store(&s->stop, 1);
    pthread_join(s->th, NULL);
    s->running = 0;
}

void gri_spec_free(gr_window *w) {
    gri_spec *s = w->spec;
    if (!s) return;
    gri_spec_stop(s);
    const gr_allocator *al = gri_ctx_alloc(w->rs->ctx);
    gri_free(al, s->ring_mem);
    gri_free(al, s->buf_mem);
    gri_free(al, s->mem);
    w->spec = NULL;
}
