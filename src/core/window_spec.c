/* A windowed run on several threads, the other way (window.c chooses
 * between this, the far helper of window_mt.c and one thread by timing
 * them).
 *
 * A heap's step is the listed scan, which gives c and the missing set (the
 * needed values below c that no split with a listed part makes), then the
 * pass, which looks for a split making each missing value. The value is c
 * unless the pass leaves a value missing, and that happens only at a listed
 * heap, which is rare (sparse.c). So the stepping thread takes c as the
 * value and goes on at once, and V verifier threads (every thread of the
 * run but the stepping one) run the heaps' passes behind it, on copies of
 * the missing sets from a ring: verifier j takes the stretches of CHUNK
 * heaps j, j + V, j + 2V, ...
 *
 * Why the values are exact. The heaps checked are those below the least of
 * the verifiers' next heaps; every heap below it passed. A verifier may
 * check heap n while values before n are still unchecked, but its answer
 * is used only when every heap before n has passed: then the values it
 * read, G(0..n-1), were the definition's, and c was computed from those
 * same values, so when every missing value is found, G(n) = c by the
 * step's own argument. When one is not, the verifier stops there; once
 * every heap before it has passed, it is the run's first failure: the
 * stepping thread drops the values from n on (none was handed out: only
 * checked values are) and steps heap n whole, the pass included, on one
 * thread. (A failure found after another heap's, before it, is that
 * heap's: the least failing heap is the one taken.) Nothing else of the
 * run depends on a value before it is checked: the window and the listed
 * positions change only at checked heaps, the largest values (vmax, umax)
 * are put back as they were before n, and the listed scan's cache is
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
/* heaps between two hand-overs, unless a thread waits: a verifier reads
 * a stretch of entries only once the stepping thread has gone past it, so
 * their cache lines move between the cores once */
#define HAND 64
/* heaps a verifier checks in a row: verifier j of V takes the stretches
 * j, j + V, j + 2V, ... of CHUNK heaps from the epoch's first heap */
#define CHUNK 32
/* heaps between two moves of the balance: the stepping thread reads the
 * first `lead` blocks of each heap's pass itself, more while it waits for
 * the verifiers more than they wait for it, up to LEAD_MAX */
#define BALANCE 4096
#define LEAD_MAX 32
/* verifiers at most: the stepping thread runs at most RING heaps ahead,
 * RING / CHUNK stretches, and each verifier needs two of them in the ring
 * (the one it checks, the next it waits for) to be kept busy */
#define MAX_VER (RING / CHUNK / 2)

/* one verifier: its thread, its copies and buffers, what it tells */
typedef struct gri_ver {
    gri_spec *s;
    unsigned id;
    pthread_t th;
    int running;
    gr_ruleset rsc;             /* a copy of the ruleset's record, with its own need, witnesses and flags */
    void *buf_mem;              /* the block of the four below */
    uint64_t *need;             /* a heap's missing set, from the ring */
    uint64_t *vneed;            /* the pass's copy of it (the record's sp_need) */
    uint32_t *wit;
    uint8_t *flag;
    size_t cap;                 /* words they hold */
    gri_sp_view vw;             /* the epoch's view */
    size_t sums[GRI_WIN_MAX];
    uint64_t two[GRI_WIN_MAX];  /* copies of the split removals, the epoch's first heap, the verifiers */
    size_t ntwo;
    int unequal;
    uint64_t from;
    unsigned nver;
    /* what it tells, on lines of their own */
    _Alignas(64) _Atomic uint64_t next; /* its first heap not checked: every heap of its below it is */
    _Atomic uint64_t failed;            /* GRI_SPEC_OK, or the heap whose pass left a value missing */
    _Atomic uint64_t wait;              /* its waits (ns), for the balance */
} gri_ver;

struct gri_spec {
    /* set at the start, read by all */
    void *mem;                  /* the block the record is in (gri_line_start) */
    size_t words;               /* the most words of a missing set */
    uint8_t *cnt;               /* per heap (n % RING): its missing set's words, 0 when empty */
    uint8_t *lead;              /* per heap: the blocks of its pass the stepping thread read */
    uint64_t *at;               /* per heap: where its set starts (words written before it) */
    uint64_t *sets;             /* WRING words: the missing sets, packed, in order of heaps */
    void *ring_mem;             /* the four, on lines of their own */
    gri_ver *ver;               /* the verifiers (in ver_mem, each on lines of its own) */
    void *ver_mem;
    unsigned nver;
    /* the stepping thread's own */
    _Alignas(64) uint32_t vmax_at[RING], umax_at[RING]; /* the run's vmax and umax before heap n % RING */
    uint64_t wpos;              /* words written */
    size_t lead_now;            /* blocks the stepping thread reads now */
    uint64_t next_balance, wait_mine, waits_seen;
    uint64_t verified_seen;     /* the heaps checked as last read */
    uint64_t pushed_told;       /* pushed as last stored */
    _Alignas(64) _Atomic uint64_t pushed;   /* entries below this are written (stepping thread) */
    _Alignas(64) _Atomic int fail_any;      /* a verifier has found a heap that fails */
    _Atomic int stop;
};

static void *verifier(void *arg) {
    gri_ver *v = arg;
    gri_spec *s = v->s;
    uint64_t pushed_seen = v->from, told = atomic_load_explicit(&v->next, memory_order_relaxed);
    for (uint64_t lo = v->from + (uint64_t)v->id * CHUNK;; lo += (uint64_t)v->nver * CHUNK) {
        for (uint64_t n = lo; n < lo + CHUNK; n++) {
            if (pushed_seen <= n && (pushed_seen = atomic_load_explicit(&s->pushed, memory_order_acquire)) <= n) {
                /* about to wait: first say how far it got */
                if (told < n) atomic_store_explicit(&v->next, told = n, memory_order_release);
                unsigned spins = 0;
                uint64_t t0 = gri_now_ns();
                while ((pushed_seen = atomic_load_explicit(&s->pushed, memory_order_acquire)) <= n) {
                    if (atomic_load_explicit(&s->stop, memory_order_relaxed)) return NULL;
                    gri_spin(&spins);
                }
                atomic_fetch_add_explicit(&v->wait, gri_now_ns() - t0, memory_order_relaxed);
            }
            size_t e = (size_t)(n % RING), nw = s->cnt[e];
            if (!nw) continue;
            uint64_t at = s->at[e];
            for (size_t i = 0; i < nw; i++) v->need[i] = s->sets[(at + i) % WRING];
            size_t ns = 0;
            for (size_t i = 0; i < v->ntwo; i++) v->sums[ns++] = (size_t)(n - v->two[i]);
            v->vw.skip_hi = 1 + 64 * (size_t)s->lead[e]; /* (skip_lo 1) */
            if (!gri_sp_verify(&v->rsc, &v->vw, v->sums, ns, v->unequal, v->need, nw)) {
                /* the failure first, then the heap it stops at (read in that order's reverse) */
                atomic_store_explicit(&v->failed, n, memory_order_release);
                atomic_store_explicit(&v->next, n, memory_order_release);
                atomic_store_explicit(&s->fail_any, 1, memory_order_release);
                return NULL;
            }
        }
        /* its next stretch: every heap of its below it is checked */
        told = lo + (uint64_t)v->nver * CHUNK;
        atomic_store_explicit(&v->next, told, memory_order_release);
    }
}

/* the first heap not checked (every heap below it is), and in *failed
 * whether that heap failed (the heaps before it passed: its check read
 * the definition's values, and it is the run's first failure) */
static uint64_t checked(gri_spec *s, int *failed) {
    uint64_t v = UINT64_MAX, f = GRI_SPEC_OK;
    for (unsigned j = 0; j < s->nver; j++) {
        uint64_t nj = atomic_load_explicit(&s->ver[j].next, memory_order_acquire);
        uint64_t fj = atomic_load_explicit(&s->ver[j].failed, memory_order_acquire);
        if (nj < v) v = nj;
        if (fj < f) f = fj;
    }
    *failed = f != GRI_SPEC_OK && f == v;
    return v;
}

/* hands over every entry below n */
static void hand_over(gri_spec *s, uint64_t n) {
    if (s->pushed_told < n) atomic_store_explicit(&s->pushed, s->pushed_told = n, memory_order_release);
}

/* after a failure was seen, with the entries below n written: waits
 * until the heaps before the first failure are checked, and gives that heap */
static uint64_t first_failure(gri_spec *s, uint64_t n) {
    hand_over(s, n);
    unsigned spins = 0;
    for (;;) {
        int failed;
        uint64_t v = checked(s, &failed);
        s->verified_seen = v;
        if (failed) return v;
        gri_spin(&spins);
    }
}

int gri_spec_usable(const gr_window *w) { return w->threads > 1 && w->wr.ntwo > 0; }

size_t gri_spec_words(const gri_spec *s) { return s->words; }

/* a verifier's buffers, on lines of their own: it writes them at every heap */
static int ver_buffers(const gr_allocator *al, gri_ver *v, size_t words) {
    if (v->cap >= words) return 1;
    gri_free(al, v->buf_mem);
    size_t lines = (words * 8 + 63) / 64;
    v->buf_mem = gri_malloc(al, (2 * lines + 5 * words) * 64 + 128);
    v->cap = v->buf_mem ? words : 0;
    if (!v->cap) return 0;
    uint8_t *p = gri_line_start(v->buf_mem);
    v->need = (uint64_t *)(void *)p;
    v->vneed = (uint64_t *)(void *)(p + lines * 64);
    v->wit = (uint32_t *)(void *)(p + 2 * lines * 64);
    v->flag = p + 2 * lines * 64 + words * 64 * sizeof *v->wit;
    memset(v->wit, 0, words * 64 * sizeof *v->wit);
    return 1;
}

static void stop_all(gri_spec *s) {
    atomic_store(&s->stop, 1);
    for (unsigned j = 0; j < s->nver; j++)
        if (s->ver[j].running) {
            pthread_join(s->ver[j].th, NULL);
            s->ver[j].running = 0;
        }
}

gr_status gri_spec_start(gr_window *w, gri_spec **out, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(w->rs->ctx);
    gri_spec *s = w->spec;
    *out = NULL;
    /* one bit of room: values may grow by one bit */
    size_t words = ((size_t)1 << (gri_bitlen64(w->vmax) + 1)) / 64 + 1;
    if (words < 4) words = 4;
    if (!s) {
        void *mem = gri_calloc(al, 1, sizeof *s + 64);
        if (!mem) return gri_fail(err, GR_ENOMEM, "out of memory: the verifier threads' record");
        s = gri_line_start(mem);
        s->mem = mem;
        /* every thread but the stepping one verifies */
        s->nver = w->threads - 1 < MAX_VER ? w->threads - 1 : MAX_VER;
        s->ver_mem = gri_calloc(al, 1, s->nver * sizeof *s->ver + 64);
        if (!s->ver_mem) { gri_free(al, mem); return gri_fail(err, GR_ENOMEM, "out of memory: the verifier threads' records"); }
        s->ver = gri_line_start(s->ver_mem);
        w->spec = s;
        w->free_spec = gri_spec_free;
    }
    size_t cap = SIZE_MAX;
    for (unsigned j = 0; j < s->nver; j++) {
        if (!ver_buffers(al, &s->ver[j], words))
            return gri_fail(err, GR_ENOMEM, "out of memory: the verifier threads' buffers");
        if (s->ver[j].cap < cap) cap = s->ver[j].cap;
    }
    if (!s->ring_mem) {
        s->ring_mem = gri_malloc(al, 2 * RING + RING * sizeof *s->at + WRING * sizeof *s->sets + 384);
        if (!s->ring_mem) return gri_fail(err, GR_ENOMEM, "out of memory: the verifier threads' ring");
        /* four arrays on lines of their own, a spare line between them */
        s->cnt = gri_line_start(s->ring_mem);
        s->lead = s->cnt + RING + 64;
        s->at = (uint64_t *)(void *)(s->lead + RING + 64);
        s->sets = s->at + RING + 8;
    }
    s->words = cap < 255 ? cap : 255; /* (a heap's count is a byte) */
    s->wpos = 0;
    s->wait_mine = 0;
    s->waits_seen = 0;
    s->next_balance = w->n + BALANCE;
    atomic_store(&s->pushed, w->n);
    atomic_store(&s->fail_any, 0);
    atomic_store(&s->stop, 0);
    s->verified_seen = s->pushed_told = w->n;
    gri_sp_view vw = {w->rs->tab, w->win, w->rev, w->head, (size_t)w->base, (size_t)w->rtop, w->tw, w->vmax,
                      SIZE_MAX, NULL, 0, 1, 1, NULL, w->umax};
    for (unsigned j = 0; j < s->nver; j++) {
        gri_ver *v = &s->ver[j];
        v->s = s;
        v->id = j;
        /* the record's scalars (class, kernels, the pass's start rounds) go on
         * from the run's; its buffers are the verifier's own */
        v->rsc = *w->rs;
        v->rsc.sp.need = v->vneed;
        v->rsc.sp.wit = v->wit;
        v->rsc.sp.flag = v->flag;
        v->rsc.sp.bits = NULL;
        v->rsc.sp.bwords = v->rsc.sp.bused = v->cap;
        v->vw = vw;
        v->ntwo = w->wr.ntwo;
        memcpy(v->two, w->wr.two, v->ntwo * sizeof *v->two);
        v->unequal = w->wr.unequal;
        v->from = w->n;
        v->nver = s->nver;
        atomic_store(&v->next, w->n + (uint64_t)j * CHUNK);
        atomic_store(&v->failed, GRI_SPEC_OK);
        atomic_store(&v->wait, 0);
    }
    for (unsigned j = 0; j < s->nver; j++) {
        if (pthread_create(&s->ver[j].th, NULL, verifier, &s->ver[j]) != 0) {
            stop_all(s); /* not every thread: one thread goes on */
            return GR_OK;
        }
        s->ver[j].running = 1;
    }
    *out = s;
    return GR_OK;
}

unsigned gri_spec_threads(const gri_spec *s) { return s->nver; }

size_t gri_spec_lead(gri_spec *s, uint64_t n) {
    if (n >= s->next_balance) {
        s->next_balance = n + BALANCE;
        uint64_t wv = 0;
        for (unsigned j = 0; j < s->nver; j++) wv += atomic_load_explicit(&s->ver[j].wait, memory_order_relaxed);
        uint64_t dv = (wv - s->waits_seen) / s->nver; /* a verifier's, on average */
        s->waits_seen = wv;
        /* towards the threads that waited less */
        if (s->wait_mine > dv && s->lead_now < LEAD_MAX) s->lead_now++;
        else if (dv > s->wait_mine && s->lead_now > 0) s->lead_now--;
        s->wait_mine = 0;
    }
    return s->lead_now;
}

uint64_t gri_spec_push(gri_spec *s, uint64_t n, const gri_sp_out *o, const uint64_t *need, size_t lead,
                       uint32_t vmax, uint32_t umax) {
    size_t nw = o->missing ? o->need_words : 0;
    if (atomic_load_explicit(&s->fail_any, memory_order_relaxed)) return first_failure(s, n);
    /* room: the heap RING back is checked, and the sets' words since the
     * first heap not checked fit */
#define ROOM(v) (n < (v) + RING && s->wpos + nw - ((v) < n ? s->at[(v) % RING] : s->wpos) <= WRING)
    if (!ROOM(s->verified_seen)) {
        int failed;
        if ((s->verified_seen = checked(s, &failed)), failed) return s->verified_seen;
        if (!ROOM(s->verified_seen)) {
            /* a ring ahead: first hand over what is written */
            hand_over(s, n);
            unsigned spins = 0;
            uint64_t t0 = gri_now_ns();
            while (!ROOM(s->verified_seen)) {
                if (atomic_load_explicit(&s->fail_any, memory_order_acquire)) return first_failure(s, n);
                gri_spin(&spins);
                s->verified_seen = checked(s, &failed);
            }
            s->wait_mine += gri_now_ns() - t0;
        }
    }
#undef ROOM
    size_t e = (size_t)(n % RING);
    s->at[e] = s->wpos;
    s->vmax_at[e] = vmax;
    s->umax_at[e] = umax;
    s->cnt[e] = (uint8_t)nw;
    s->lead[e] = (uint8_t)lead;
    for (size_t i = 0; i < nw; i++) s->sets[(s->wpos + i) % WRING] = need[i];
    s->wpos += nw;
    if (n + 1 - s->pushed_told >= HAND) hand_over(s, n + 1);
    return GRI_SPEC_OK;
}

uint64_t gri_spec_verified(gri_spec *s) {
    int failed;
    return s->verified_seen = checked(s, &failed);
}

uint64_t gri_spec_drain(gri_spec *s, uint64_t n) {
    hand_over(s, n);
    unsigned spins = 0;
    for (;;) {
        int failed;
        s->verified_seen = checked(s, &failed);
        if (failed) return s->verified_seen;
        if (s->verified_seen >= n) return GRI_SPEC_OK;
        gri_spin(&spins);
    }
}

void gri_spec_before(const gri_spec *s, uint64_t f, uint32_t *vmax, uint32_t *umax) {
    *vmax = s->vmax_at[f % RING];
    *umax = s->umax_at[f % RING];
}

void gri_spec_stop(gri_spec *s) {
    if (s) stop_all(s);
}

void gri_spec_free(gr_window *w) {
    gri_spec *s = w->spec;
    if (!s) return;
    const gr_allocator *al = gri_ctx_alloc(w->rs->ctx);
    if (s->ver) {
        gri_spec_stop(s);
        for (unsigned j = 0; j < s->nver; j++) gri_free(al, s->ver[j].buf_mem);
    }
    gri_free(al, s->ver_mem);
    gri_free(al, s->ring_mem);
    gri_free(al, s->mem);
    w->spec = NULL;
}
