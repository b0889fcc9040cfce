/* The proof that a candidate quotient decides every sum of heaps 0..n.
 *
 * For a sum X let s(X) = (e(X), T(X)): its element and the set of elements
 * of its options. s(0) = (1, {}) and adding a heap h with element g and
 * option elements S_h gives (e g, T g ∪ e S_h): a finite automaton. If every
 * reachable state satisfies
 *     e in P  <=>  T is not empty and T has no element of P,
 * then by induction on the sum X is a misère P-position iff e(X) is in P
 * (docs/theory.md "Misère quotients"). The states are explored cheapest
 * first, by the birthday of the sum that reaches them, so the first state
 * that breaks the rule belongs to a least-birthday misjudged sum: all its
 * options are judged right, so its true outcome is known. */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "misere/mq.h"
#include "core/context_internal.h"
#include "core/ticker.h"

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

size_t gri_mq_option_set(const mq_mon *m, const mq_opts *o, uint32_t h, uint32_t *buf, uint8_t *seen) {
    size_t ns = 0;
    for (uint32_t j = o->start[h]; j < o->start[h + 1]; j++) {
        uint32_t x = 0;
        for (unsigned i = 0; i < o->nparts[j]; i++) x = m->mul[(size_t)x * m->q + m->phi[o->parts[j][i]]];
        if (!seen[x]) { seen[x] = 1; buf[ns++] = x; }
    }
    for (size_t i = 0; i < ns; i++) seen[buf[i]] = 0;
    qsort(buf, ns, sizeof *buf, cmp_u32);
    return ns;
}

/* grows *p to `bytes` bytes; 0 when out of memory (*p unchanged) */
static int resize(const gr_allocator *al, void **p, size_t bytes) {
    void *r = gri_realloc(al, *p, bytes);
    if (!r) return 0;
    *p = r;
    return 1;
}

typedef struct vtrans { uint32_t g, heap; uint32_t *s; size_t ns; uint32_t *col; } vtrans;

static int cmp_trans(const void *a, const void *b) {
    const vtrans *x = a, *y = b;
    if (x->g != y->g) return x->g < y->g ? -1 : 1;
    return x->heap < y->heap ? -1 : x->heap > y->heap;
}

typedef struct vstate {
    const gr_allocator *al;
    size_t W;
    uint64_t *keys;     /* per state: W + 1 words (element, then the bitset) */
    uint64_t *dist;
    uint32_t *par, *pheap;
    size_t n, cap;
    uint64_t *slot;     /* hash index: (hash with the low 32 bits replaced by state + 1), 0 empty */
    uint64_t *fp;       /* per state: its hash */
    size_t scap;
} vstate;

static uint64_t hash_key(const uint64_t *k, size_t W) {
    uint64_t h = 0x12345;
    for (size_t i = 0; i <= W; i++) h = (h ^ k[i]) * 0x9E3779B97F4A7C15ull;
    return h ^ (h >> 29);
}

static int grow_slots(vstate *v) {
    const gr_allocator *al = v->al;
    size_t nc = v->scap ? v->scap * 2 : 1024;
    uint64_t *s = gri_calloc(al, nc, sizeof *s);
    if (!s) return 0;
    for (size_t i = 0; i < v->n; i++) {
        size_t j = (v->fp[i] >> 32) & (nc - 1);
        while (s[j]) j = (j + 1) & (nc - 1);
        s[j] = (v->fp[i] & 0xffffffff00000000ull) | (i + 1);
    }
    gri_free(al, v->slot);
    v->slot = s; v->scap = nc;
    return 1;
}

/* index of the state, inserting it; UINT32_MAX on allocation failure */
static uint32_t find(vstate *v, const uint64_t *k, int *fresh) {
    if (2 * (v->n + 1) > v->scap && !grow_slots(v)) return UINT32_MAX;
    uint64_t h = hash_key(k, v->W), hi = h & 0xffffffff00000000ull;
    size_t j = (h >> 32) & (v->scap - 1);
    while (v->slot[j]) {
        uint64_t e = v->slot[j];
        uint32_t id = (uint32_t)(e & 0xffffffffu) - 1;
        if ((e & 0xffffffff00000000ull) == hi) {
            const uint64_t *a = v->keys + (size_t)id * (v->W + 1);
            size_t i = 0;
            while (i <= v->W && a[i] == k[i]) i++;
            if (i > v->W) { *fresh = 0; return id; }
        }
        j = (j + 1) & (v->scap - 1);
    }
    if (v->n == v->cap) {
        size_t nc = v->cap ? v->cap * 2 : 1024;
        if (!resize(v->al, (void **)&v->keys, nc * (v->W + 1) * 8) || !resize(v->al, (void **)&v->dist, nc * 8) ||
            !resize(v->al, (void **)&v->par, nc * 4) || !resize(v->al, (void **)&v->pheap, nc * 4) || !resize(v->al, (void **)&v->fp, nc * 8))
            return UINT32_MAX;
        v->cap = nc;
    }
    memcpy(v->keys + v->n * (v->W + 1), k, (v->W + 1) * 8);
    v->slot[j] = hi | (v->n + 1);
    v->fp[v->n] = h;
    *fresh = 1;
    return (uint32_t)v->n++;
}

/* a binary heap of (dist, state) */
typedef struct vpq { const gr_allocator *al; uint64_t *d; uint32_t *s; size_t n, cap; } vpq;
static int pq_push(vpq *q, uint64_t d, uint32_t s) {
    if (q->n == q->cap) {
        size_t nc = q->cap ? q->cap * 2 : 1024;
        if (!resize(q->al, (void **)&q->d, nc * 8) || !resize(q->al, (void **)&q->s, nc * 4)) return 0;
        q->cap = nc;
    }
    size_t i = q->n++;
    while (i && q->d[(i - 1) / 2] > d) { q->d[i] = q->d[(i - 1) / 2]; q->s[i] = q->s[(i - 1) / 2]; i = (i - 1) / 2; }
    q->d[i] = d; q->s[i] = s;
    return 1;
}
static void pq_pop(vpq *q, uint64_t *d, uint32_t *s) {
    *d = q->d[0]; *s = q->s[0];
    uint64_t ld = q->d[--q->n];
    uint32_t ls = q->s[q->n];
    size_t i = 0;
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= q->n) break;
        if (c + 1 < q->n && q->d[c + 1] < q->d[c]) c++;
        if (q->d[c] >= ld) break;
        q->d[i] = q->d[c]; q->s[i] = q->s[c]; i = c;
    }
    if (q->n) { q->d[i] = ld; q->s[i] = ls; }
}

gr_status gri_mq_verify(const mq_mon *m, const mq_opts *o, uint64_t max_states, mq_verdict *out, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(o->ctx);
    uint32_t q = m->q;
    size_t W = (q + 63) / 64;
    vstate v = {.al = al, .W = W};
    vpq pq = {.al = al};
    vtrans *tr = gri_calloc(al, m->n + 1, sizeof *tr);
    uint64_t *pbits = gri_calloc(al, W, 8), *key = gri_calloc(al, W + 1, 8), *cur = gri_calloc(al, W + 1, 8), *base = gri_calloc(al, W + 1, 8);
    uint32_t *sbuf = gri_malloc(al, (size_t)q * sizeof *sbuf);
    uint8_t *seen = gri_calloc(al, q, 1);
    gr_status st = GR_OK;
    size_t nt = 0;
    memset(out, 0, sizeof *out);
    if (!tr || !pbits || !key || !cur || !base || !sbuf || !seen) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto done; }
    for (uint32_t x = 0; x < q; x++)
        if (m->isp[x]) pbits[x / 64] |= 1ull << (x % 64);
    /* one transition per distinct (element, option elements); the cheapest heap names it */
    for (uint32_t h = 1; h <= m->n; h++) {
        if (o->start[h] == o->start[h + 1]) continue;
        size_t ns = gri_mq_option_set(m, o, h, sbuf, seen);
        size_t t = 0;
        while (t < nt && !(tr[t].g == m->phi[h] && tr[t].ns == ns && !memcmp(tr[t].s, sbuf, ns * 4))) t++;
        if (t < nt) {
            if (o->hb[h] < o->hb[tr[t].heap]) tr[t].heap = h;
            continue;
        }
        tr[nt].s = gri_malloc(al, ns * 4 + 4);
        tr[nt].col = gri_malloc(al, (size_t)q * 4);
        if (!tr[nt].s || !tr[nt].col) { gri_free(al, tr[nt].s); gri_free(al, tr[nt].col); st = gri_fail(err, GR_ENOMEM, "out of memory"); goto done; }
        /* the column y -> y g, read for every element of every state */
        for (uint32_t y = 0; y < q; y++) tr[nt].col[y] = m->mul[(size_t)y * q + m->phi[h]];
        memcpy(tr[nt].s, sbuf, ns * 4);
        tr[nt].ns = ns; tr[nt].g = m->phi[h]; tr[nt].heap = h;
        nt++;
    }
    /* transitions of one element together, so T g is computed once for them */
    qsort(tr, nt, sizeof *tr, cmp_trans);
    int fresh;
    uint32_t s0 = find(&v, key, &fresh);
    if (s0 == UINT32_MAX || !pq_push(&pq, 0, s0)) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto done; }
    v.dist[s0] = 0; v.par[s0] = UINT32_MAX; v.pheap[s0] = 0;
    gri_ticker tk;
    gri_ticker_start(&tk, o->ctx);
    while (pq.n) {
        uint64_t d;
        uint32_t s;
        if ((st = gri_tick_poll(&tk, o->ctx, err, "the proof of a misère quotient", v.n, "states")) != GR_OK)
            goto done;
        pq_pop(&pq, &d, &s);
        if (d != v.dist[s]) continue;
        memcpy(cur, v.keys + (size_t)s * (W + 1), (W + 1) * 8);
        uint32_t x = (uint32_t)cur[0];
        int any = 0, hitp = 0;
        for (size_t i = 0; i < W; i++) { any |= cur[1 + i] != 0; hitp |= (cur[1 + i] & pbits[i]) != 0; }
        int truth = any && !hitp;
        if (truth != m->isp[x]) {
            /* the sum that reaches it, cheapest first */
            size_t len = 0;
            for (uint32_t t = s; v.par[t] != UINT32_MAX; t = v.par[t]) len++;
            out->word = gri_malloc(al, (len + 1) * sizeof *out->word);
            if (!out->word) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto done; }
            out->len = len;
            for (uint32_t t = s; v.par[t] != UINT32_MAX; t = v.par[t]) out->word[--len] = v.pheap[t];
            out->ok = 0; out->truth_p = truth;
            out->states = v.n;
            goto done;
        }
        for (size_t t = 0; t < nt; t++) {
            /* a state has up to nt transitions, a stale pop none: the
             * ticks count the transitions, so the poll follows the work */
            if ((st = gri_tick_poll(&tk, o->ctx, err, "the proof of a misère quotient", v.n, "states")) != GR_OK)
                goto done;
            if (t == 0 || tr[t].g != tr[t - 1].g) {
                /* T g and e g, shared by the transitions of one element g */
                const uint32_t *col = tr[t].col;
                memset(base, 0, (W + 1) * 8);
                base[0] = col[x];
                for (size_t i = 0; i < W; i++)
                    for (uint64_t w = cur[1 + i]; w; w &= w - 1) {
                        uint32_t y = (uint32_t)(i * 64 + (size_t)__builtin_ctzll(w));
                        uint32_t z = col[y];
                        base[1 + z / 64] |= 1ull << (z % 64);
                    }
            }
            memcpy(key, base, (W + 1) * 8);
            for (size_t i = 0; i < tr[t].ns; i++) {
                uint32_t z = m->mul[(size_t)x * q + tr[t].s[i]];
                key[1 + z / 64] |= 1ull << (z % 64);
            }
            uint64_t nd = d + o->hb[tr[t].heap];
            uint32_t u = find(&v, key, &fresh);
            if (u == UINT32_MAX) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto done; }
            if (fresh || nd < v.dist[u]) {
                v.dist[u] = nd; v.par[u] = s; v.pheap[u] = tr[t].heap;
                if (!pq_push(&pq, nd, u)) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto done; }
            }
            if (v.n > max_states) {
                st = gri_fail(err, GR_ELIMIT, "the proof needs more than %llu states", (unsigned long long)max_states);
                goto done;
            }
        }
    }
    out->ok = 1;
    out->states = v.n;
done:
    if (tr)
        for (size_t t = 0; t < nt; t++) { gri_free(al, tr[t].s); gri_free(al, tr[t].col); }
    gri_free(al, tr); gri_free(al, pbits); gri_free(al, key); gri_free(al, cur); gri_free(al, base); gri_free(al, sbuf); gri_free(al, seen);
    gri_free(al, v.keys); gri_free(al, v.dist); gri_free(al, v.par); gri_free(al, v.pheap); gri_free(al, v.slot); gri_free(al, v.fp);
    gri_free(al, pq.d); gri_free(al, pq.s);
    return st;
}
