/* Misère quotients of heap rulesets, heap by heap (public API: quotient.h).
 *
 * Heap n joins the proved quotient of heaps < n as a free cyclic coordinate
 * (mq_build.c); the candidate goes to the proof (mq_verify.c). When the
 * proof finds a misjudged sum, the heaps in that sum get free coordinates
 * in turn (fewest first) until the sum is judged right, and the proof runs
 * again. This is the strategy of Plambeck and Siegel's MisereSolver; the
 * proof is grundy's own (docs/theory.md "Misère quotients"). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "core/context_internal.h"
#include "core/ticker.h"
#include "grundy/quotient.h"
#include "misere/mq.h"
#include "core/rs.h"
#include "core/family.h"

/* the options of every heap are kept (13 bytes each) */
#define MQ_MAX_OPTIONS (1u << 23)

struct gr_quotient {
    const gr_allocator *al; /* the ruleset's context's */
    uint64_t nh;           /* heaps 0..nh of the ruleset; then nim heaps */
    uint32_t nim;          /* nim heaps *1..*nim follow as heaps nh+1.. */
    mq_mon m;
    mq_opts o;
    mq_pres pres;
    uint64_t states;
    int periodic;          /* phi(n) = phi(n - per) for every n >= pre + per */
    uint64_t pre, per;
};

/* Periodicity of the pretending function (docs/theory.md "Misère
 * quotients: periodicity"). For a finite take-and-break code removing at
 * most t tokens and splitting into at most c heaps: if phi(n) = phi(n - p)
 * for n0 + p <= n <= N and N >= c (n0 + p) + t, then every heap n > N has,
 * option for option, the elements of heap n - p, so giving it phi(n - p)
 * leaves the proof's automaton unchanged: the quotient is that of every
 * heap. Finds the least such p. */
static void find_period(gr_ruleset *rs, gr_quotient *Q) {
    gr_period_rule rule;
    uint64_t t, c;
    if (!rs->fam->period_rule || !rs->fam->period_rule(rs, &rule, &t)) return;
    switch (rule) {
    case GR_PERIOD_SUBTRACTION: case GR_PERIOD_NOSPLIT: c = 1; break;
    case GR_PERIOD_SPLIT2: c = 2; break;
    case GR_PERIOD_SPLIT3: c = 3; break;
    default: return;
    }
    uint64_t N = Q->nh;
    if (t >= N) return;
    const uint32_t *phi = Q->m.phi;
    for (uint64_t p = 1; c * p + t <= N; p++) {
        uint64_t n = N;
        while (n >= p && phi[n] == phi[n - p]) n--;
        uint64_t n0 = n < p ? 0 : n - p + 1;
        if (c * (n0 + p) + t <= N) {
            Q->periodic = 1; Q->pre = n0; Q->per = p;
            return;
        }
    }
}

static void opts_free(mq_opts *o) {
    const gr_allocator *al = gri_ctx_alloc(o->ctx); /* set before anything is allocated */
    gri_free(al, o->start); gri_free(al, o->parts); gri_free(al, o->nparts); gri_free(al, o->hb);
    memset(o, 0, sizeof *o);
}

typedef struct collect {
    const gr_allocator *al;
    mq_opts *o;
    size_t len, cap, ncap;   /* options; room in parts and in nparts */
    uint64_t heap;
    int bad;
} collect;

static int take_option(void *user, const uint64_t *h, size_t n) {
    collect *c = user;
    if (n > 3) { c->bad = 1; return 1; }
    for (size_t i = 0; i < n; i++)
        if (h[i] >= c->heap) { c->bad = 2; return 1; }
    if (!gri_grow(c->al, (void **)&c->o->parts, &c->cap, c->len + 1, sizeof *c->o->parts) ||
        !gri_grow(c->al, (void **)&c->o->nparts, &c->ncap, c->len + 1, 1)) {
        c->bad = 3;
        return 1;
    }
    uint32_t *dst = c->o->parts[c->len];
    unsigned k = 0;
    for (size_t i = 0; i < n; i++)
        if (h[i]) dst[k++] = (uint32_t)h[i];
    c->o->nparts[c->len++] = (uint8_t)k;
    return 0;
}

/* heaps 0..N of rs, then the nim heaps *1..*M as heaps N+1..N+M */
static gr_status collect_options(gr_ruleset *rs, uint32_t N, uint32_t M, mq_opts *o, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    collect c = {.al = al, .o = o};
    o->n = N + M;
    o->ctx = rs->ctx;
    o->start = gri_malloc(al, ((size_t)N + M + 2) * sizeof *o->start);
    o->hb = gri_calloc(al, (size_t)N + M + 1, sizeof *o->hb);
    if (!o->start || !o->hb) return gri_fail(err, GR_ENOMEM, "out of memory");
    for (uint32_t h = 0; h <= N; h++) {
        o->start[h] = (uint32_t)c.len;
        int complete = 1;
        c.heap = h;
        gr_status st = h ? gr_ruleset_options(rs, h, 0, take_option, &c, &complete, err) : GR_OK;
        if (st != GR_OK) return st;
        if (c.bad == 3) return gri_fail(err, GR_ENOMEM, "out of memory");
        if (c.bad || !complete)
            return gri_fail(err, GR_EINVAL, "heap %u has a move that does not leave smaller heaps", h);
        uint64_t b = 0;
        for (uint32_t j = o->start[h]; j < c.len; j++) {
            uint64_t s = 1;
            for (unsigned i = 0; i < o->nparts[j]; i++) s += o->hb[o->parts[j][i]];
            if (s > b) b = s;
        }
        o->hb[h] = b;
        if (c.len > MQ_MAX_OPTIONS)
            return gri_fail(err, GR_ELIMIT, "heaps up to %u have more than %u options in all: choose a smaller heap bound",
                            h, (unsigned)MQ_MAX_OPTIONS);
    }
    for (uint32_t j = 1; j <= M; j++) {
        o->start[N + j] = (uint32_t)c.len;
        for (uint32_t i = 0; i < j; i++) {
            uint64_t h = i ? (uint64_t)N + i : 0;
            c.heap = (uint64_t)N + j;
            if (take_option(&c, &h, i ? 1 : 0)) return gri_fail(err, GR_ENOMEM, "out of memory");
        }
        o->hb[N + j] = j;
    }
    o->start[N + M + 1] = (uint32_t)c.len;
    return GR_OK;
}

/* The heaps 1..n of m, as (element, option set) pairs: a new heap whose
 * option set is one of them can take that heap's element with no new proof,
 * since the proof's automaton does not change. */
typedef struct known {
    const gr_allocator *al;
    uint32_t *el, *off, *sets;
    size_t n, setlen, cap, setcap;
} known;

static void known_free(known *k) {
    const gr_allocator *al = k->al;
    gri_free(al, k->el); gri_free(al, k->off); gri_free(al, k->sets);
    memset(k, 0, sizeof *k);
    k->al = al;
}

static int known_add(known *k, uint32_t el, const uint32_t *s, size_t ns) {
    const gr_allocator *al = k->al;
    if (!gri_grow(al, (void **)&k->el, &k->cap, k->n + 1, sizeof *k->el)) return 0;
    uint32_t *off = gri_realloc(al, k->off, (k->cap + 1) * sizeof *off);
    if (!off) return 0;
    k->off = off;
    if (!gri_grow(al, (void **)&k->sets, &k->setcap, k->setlen + ns, sizeof *k->sets)) return 0;
    k->off[k->n] = (uint32_t)k->setlen;
    memcpy(k->sets + k->setlen, s, ns * sizeof *s);
    k->setlen += ns;
    k->el[k->n++] = el;
    k->off[k->n] = (uint32_t)k->setlen;
    return 1;
}

static int known_find(const known *k, const uint32_t *s, size_t ns, uint32_t *el) {
    for (size_t i = 0; i < k->n; i++)
        if (k->off[i + 1] - k->off[i] == ns && !memcmp(k->sets + k->off[i], s, ns * sizeof *s)) { *el = k->el[i]; return 1; }
    return 0;
}

static gr_status known_build(known *k, const mq_mon *m, const mq_opts *o, uint32_t upto, uint32_t *buf, uint8_t *seen,
                             gr_error *err) {
    k->n = 0; k->setlen = 0;
    for (uint32_t h = 1; h <= upto; h++) {
        if (o->start[h] == o->start[h + 1]) continue;
        size_t ns = gri_mq_option_set(m, o, h, buf, seen);
        uint32_t el;
        if (known_find(k, buf, ns, &el)) continue;
        if (!known_add(k, m->phi[h], buf, ns)) return gri_fail(err, GR_ENOMEM, "out of memory");
    }
    return GR_OK;
}

/* Rebuilds cand so that it judges the sum w right: the heaps of w get free
 * coordinates, fewest heaps first. */
static gr_status recalibrate(mq_mon *cand, const mq_opts *o, uint32_t n, const mq_verdict *v, uint64_t max_m,
                             uint32_t max_q, gr_error *err) {
    uint32_t hs[8], cnt[8];
    size_t nh = 0;
    for (size_t i = 0; i < v->len; i++) {
        size_t j = 0;
        while (j < nh && hs[j] != v->word[i]) j++;
        if (j == nh) {
            if (nh == 8) return gri_fail(err, GR_ELIMIT, "a misjudged sum of more than 8 kinds of heaps");
            hs[nh] = v->word[i]; cnt[nh++] = 0;
        }
        cnt[j]++;
    }
    gr_status last = GR_OK;
    for (size_t r = 1; r <= nh; r++)
        for (uint32_t mask = 1; mask < (1u << nh); mask++) {
            if ((size_t)__builtin_popcount(mask) != r) continue;
            mq_coord E[8];
            size_t ne = 0;
            for (size_t j = 0; j < nh; j++)
                if (mask >> j & 1) E[ne++] = (mq_coord){hs[j], cnt[j] + 1 > 2 ? cnt[j] + 1 : 2, 2};
            mq_mon t;
            gr_error e2;
            mq_probe pr = {v->word, v->len, v->truth_p};
            gr_status st = gri_mq_candidate(cand, o, n, E, ne, &pr, max_m, max_q, &t, &e2);
            if (st == GR_ENOMEM) return gri_fail(err, st, "out of memory");
            if (st == GR_EUNPROVEN) continue;
            if (st != GR_OK) { last = st; if (err) *err = e2; continue; }
            gri_mq_free(cand);
            *cand = t;
            return GR_OK;
        }
    if (last != GR_OK) return last;
    return gri_fail(err, GR_ELIMIT, "no candidate judges the sum right");
}

gr_status gr_quotient_compute(gr_ruleset *rs, uint64_t max_heap, const gr_quotient_limits *limits, gr_quotient **out,
                              gr_error *err) {
    return gr_quotient_compute_nim(rs, max_heap, 0, limits, out, err);
}

gr_status gr_quotient_compute_nim(gr_ruleset *rs, uint64_t max_heap, uint32_t nim, const gr_quotient_limits *limits,
                                  gr_quotient **out, gr_error *err) {
    *out = NULL;
    if (limits && !GRI_SIZE_OK(limits, gr_quotient_limits)) return GRI_SIZE_FAIL(err, gr_quotient_limits);
    if (!rs || !gr_ruleset_is_heap(rs)) return gri_fail(err, GR_EINVAL, "misère quotients are for heap rulesets");
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    if (max_heap > 100000) return gri_fail(err, GR_ERANGE, "heap bound %llu is too large (at most 100000)",
                                           (unsigned long long)max_heap);
    uint32_t max_q = limits && limits->max_size ? limits->max_size : 4096;
    uint64_t max_states = limits && limits->max_states ? limits->max_states : (uint64_t)1 << 22;
    uint64_t max_m = (uint64_t)1 << 22;
    uint64_t max_work = limits && limits->max_work ? limits->max_work : UINT64_MAX, work = 0;
    if (nim > 64) return gri_fail(err, GR_ERANGE, "at most 64 nim heaps");
    gr_quotient *Q = gri_calloc(al, 1, sizeof *Q);
    if (!Q) return gri_fail(err, GR_ENOMEM, "out of memory");
    Q->al = al;
    uint32_t NH = (uint32_t)max_heap, N = NH + nim;
    known kn = {.al = al};
    uint32_t *sbuf = NULL;
    uint8_t *seen = NULL;
    Q->nh = NH;
    Q->nim = nim;
    gr_status st = collect_options(rs, NH, nim, &Q->o, err);
    mq_mon base = {.al = al};
    if (st != GR_OK) goto fail;
    base.q = 1; base.n = 0;
    base.mul = gri_calloc(al, 1, sizeof *base.mul);
    base.isp = gri_calloc(al, 1, 1);
    base.phi = gri_calloc(al, (size_t)N + 1, sizeof *base.phi);
    if (!base.mul || !base.isp || !base.phi) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto fail; }
    uint64_t states = 1;
    size_t maxopts = 1;
    for (uint32_t h = 1; h <= N; h++)
        if (Q->o.start[h + 1] - Q->o.start[h] > maxopts) maxopts = Q->o.start[h + 1] - Q->o.start[h];
    sbuf = gri_malloc(al, maxopts * sizeof *sbuf);
    seen = gri_calloc(al, max_q, 1);
    if (!sbuf || !seen) { st = gri_fail(err, GR_ENOMEM, "out of memory"); goto fail; }
    gri_ticker tk;
    gri_ticker_start(&tk, rs->ctx);
    for (uint32_t n = 1; n <= N; n++) {
        if (Q->o.start[n] == Q->o.start[n + 1]) {
            base.phi[n] = 0; /* no move: the empty game */
            base.n = n;
            continue;
        }
        {
            size_t ns = gri_mq_option_set(&base, &Q->o, n, sbuf, seen);
            uint32_t el;
            if (known_find(&kn, sbuf, ns, &el)) {
                base.phi[n] = el;
                base.n = n;
                continue;
            }
        }
        mq_coord E = {n, 2, 2};
        mq_mon cand = {.al = al};
        st = gri_mq_candidate(&base, &Q->o, n, &E, 1, NULL, max_m, max_q, &cand, err);
        for (int tries = 0; st == GR_OK; tries++) {
            mq_verdict v;
            /* each proof may be short, their sequence long: polled here
             * too, as one heap's proof polls inside */
            if ((st = gri_tick_poll(&tk, rs->ctx, err, "the proof of a misère quotient", n, "heaps")) != GR_OK)
                break;
            work += cand.q;
            st = gri_mq_verify(&cand, &Q->o, max_states, &v, err);
            if (st != GR_OK) break;
            work += v.states;
            if (work > max_work) {
                gri_free(al, v.word);
                st = gri_fail(err, GR_ELIMIT, "the work bound of %llu is spent", (unsigned long long)max_work);
                break;
            }
            if (v.ok) { states = v.states; break; }
            if (tries == 200) { st = gri_fail(err, GR_ELIMIT, "no proved candidate after 200 tries"); }
            else st = recalibrate(&cand, &Q->o, n, &v, max_m, max_q, err);
            gri_free(al, v.word);
        }
        if (st != GR_OK) {
            gri_mq_free(&cand);
            if (st == GR_ELIMIT || st == GR_EUNPROVEN) {
                char why[GR_ERROR_MESSAGE_MAX];
                snprintf(why, sizeof why, "%s", err ? err->message : "");
                if (n <= NH)
                    st = gri_fail(err, GR_ELIMIT,
                                  "the misère quotient is proved up to heap %u (%u elements) but not at heap %u: %s",
                                  n - 1, base.q, n, why);
                else
                    st = gri_fail(err, GR_ELIMIT, "the misère quotient of heaps 0..%u with the nim heaps up to *%u "
                                  "is proved (%u elements) but not with *%u: %s", NH, n - 1 - NH, base.q, n - NH, why);
            }
            goto fail;
        }
        /* keep phi sized for every heap */
        uint32_t *phi = gri_realloc(al, cand.phi, ((size_t)N + 1) * sizeof *phi);
        if (!phi) { gri_mq_free(&cand); st = gri_fail(err, GR_ENOMEM, "out of memory"); goto fail; }
        cand.phi = phi;
        gri_mq_free(&base);
        base = cand;
        if ((st = known_build(&kn, &base, &Q->o, n, sbuf, seen, err)) != GR_OK) goto fail;
    }
    known_free(&kn);
    gri_free(al, sbuf); gri_free(al, seen);
    base.n = N;
    Q->m = base;
    Q->states = states;
    find_period(rs, Q);
    st = gri_mq_present(&Q->m, &Q->o, &Q->pres, err);
    if (st != GR_OK) { gr_quotient_free(Q); return st; }
    *out = Q;
    return GR_OK;
fail:
    known_free(&kn);
    gri_free(al, sbuf); gri_free(al, seen);
    gri_mq_free(&base);
    opts_free(&Q->o);
    gri_free(al, Q);
    return st;
}

void gr_quotient_free(gr_quotient *q) {
    if (!q) return;
    gri_mq_free(&q->m);
    opts_free(&q->o);
    gri_mq_pres_free(&q->pres);
    gri_free(q->al, q);
}

uint64_t gr_quotient_max_heap(const gr_quotient *q) { return q->nh; }
uint32_t gr_quotient_nim(const gr_quotient *q, uint32_t n) {
    if (n == 0) return 0;
    return n <= q->nim ? q->m.phi[q->nh + n] : UINT32_MAX;
}
uint32_t gr_quotient_size(const gr_quotient *q) { return q->m.q; }
uint32_t gr_quotient_mul(const gr_quotient *q, uint32_t x, uint32_t y) { return q->m.mul[(size_t)x * q->m.q + y]; }
int gr_quotient_is_p(const gr_quotient *q, uint32_t x) { return q->m.isp[x]; }
int gr_quotient_period(const gr_quotient *q, uint64_t *pre, uint64_t *per) {
    if (!q->periodic) return 0;
    *pre = q->pre; *per = q->per;
    return 1;
}
int gr_quotient_covers(const gr_quotient *q, uint64_t n) { return n <= q->nh || q->periodic; }
uint32_t gr_quotient_heap(const gr_quotient *q, uint64_t n) {
    if (n <= q->nh) return q->m.phi[n];
    if (q->periodic) return q->m.phi[q->pre + (n - q->pre) % q->per];
    return 0;
}
uint64_t gr_quotient_verified_states(const gr_quotient *q) { return q->states; }

uint32_t gr_quotient_pow(const gr_quotient *q, uint32_t x, uint64_t k) {
    uint32_t r = 0;
    while (k) {
        if (k & 1) r = gr_quotient_mul(q, r, x);
        x = gr_quotient_mul(q, x, x);
        k >>= 1;
    }
    return r;
}

size_t gr_quotient_generators(const gr_quotient *q) { return q->pres.ngen; }
uint64_t gr_quotient_generator_heap(const gr_quotient *q, size_t i) { return q->pres.gen_heap[i]; }
uint32_t gr_quotient_generator_element(const gr_quotient *q, size_t i) { return q->m.phi[q->pres.gen_heap[i]]; }
const uint32_t *gr_quotient_normal_form(const gr_quotient *q, uint32_t x) { return q->pres.nf + (size_t)x * q->pres.ngen; }
size_t gr_quotient_relations(const gr_quotient *q) { return q->pres.nrel; }
void gr_quotient_relation(const gr_quotient *q, size_t i, const uint32_t **lhs, const uint32_t **rhs) {
    *lhs = q->pres.rel + i * 2 * q->pres.ngen;
    *rhs = *lhs + q->pres.ngen;
}
