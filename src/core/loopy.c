/* The generalized Sprague-Grundy function (Smith; Fraenkel and Yesha), by
 * stages: stage i fixes every vertex of value i, then stage i + 1 begins.
 *
 * At stage i the candidates are the vertices not yet fixed whose followers
 * already show every value 0..i-1 (a vertex missing some j < i among its
 * followers after stage j can never be fixed: its value is infinite). A
 * candidate u gets value i when
 *   (a) no follower of u has value i, and
 *   (b) every follower of u that is not fixed (unfixed, or infinite) has a
 *       follower of value i (so a move there can be answered back to i).
 * This is retrograde analysis with counters: bad[u] counts the followers
 * of u that break (b); it starts at the number of unfixed followers, and
 * drops when such a follower gains a follower of value i. Fixing w to i
 * marks every predecessor of w as "has a follower of value i" at once, so
 * (a) is checked against the marks. Each stage touches only the vertices
 * marked in the stage before, so the whole run is
 * O((n + m) * (largest value + 2)). No recursion. */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "grundy/loopy.h"
#include "core/family.h"

#define UNSET UINT32_MAX

/* the spread of a vertex w just fixed to `stage`: every predecessor p
 * now has a follower of that value; a predecessor not fixed then answers
 * a move to it back to the stage's value, which may fix its own
 * predecessors (pushed on queue) */
typedef struct solver {
    const uint32_t *roff, *radj;
    uint32_t *value, *counter;
    uint32_t *unfixed, *bad, *mark, *have, *next, *queue;
    uint32_t nnext, qt, order;
} solver;

static void spread(solver *S, uint32_t w, uint32_t stage) {
    for (uint32_t e = S->roff[w]; e < S->roff[w + 1]; e++) {
        uint32_t p = S->radj[e];
        S->unfixed[p]--;
        if (S->mark[p] == stage) continue;
        S->mark[p] = stage;
        /* fixed by now: fixed at an earlier stage, or in the tail with a
         * value up to this one (the tail's larger values count as not yet
         * fixed, as the stages would have found them) */
        if (S->value[p] <= stage) continue;
        S->have[p]++;
        S->next[S->nnext++] = p;
        for (uint32_t f = S->roff[p]; f < S->roff[p + 1]; f++) {
            uint32_t q = S->radj[f];
            if (S->value[q] != UNSET || S->have[q] != stage || S->mark[q] == stage) continue;
            if (--S->bad[q]) continue;
            S->value[q] = stage;
            if (S->counter) S->counter[q] = S->order++;
            S->queue[S->qt++] = q;
        }
    }
}

gr_status gri_loopy_solve(const gr_allocator *al, uint32_t n, const uint32_t *off, const uint32_t *adj, uint32_t *value,
                         uint32_t *counter, gr_error *err) {
    if (n == UINT32_MAX) return gri_fail(err, GR_ELIMIT, "a graph has at most 2^32-2 vertices");
    if (!off || (n && !value) || off[0] != 0) return gri_fail(err, GR_EINVAL, "malformed graph: off[0] must be 0");
    for (uint32_t v = 0; v < n; v++)
        if (off[v + 1] < off[v]) return gri_fail(err, GR_EINVAL, "malformed graph: off[] decreases at vertex %u", v + 1);
    uint32_t m = off[n];
    if (m && !adj) return gri_fail(err, GR_EINVAL, "malformed graph: no edge array");
    for (uint32_t e = 0; e < m; e++)
        if (adj[e] >= n) return gri_fail(err, GR_EINVAL, "malformed graph: edge %u goes to vertex %u of %u", e, adj[e], n);
    if (!n) return GR_OK;

    /* predecessors, as a second CSR */
    uint32_t *roff = gri_calloc(al, (size_t)n + 1, sizeof *roff);
    uint32_t *radj = gri_malloc(al, (m ? m : 1) * sizeof *radj);
    uint32_t *unfixed = gri_malloc(al, (size_t)n * sizeof *unfixed); /* followers not fixed */
    uint32_t *bad = gri_malloc(al, (size_t)n * sizeof *bad);
    uint32_t *mark = gri_malloc(al, (size_t)n * sizeof *mark);       /* last stage that gave a follower of that value */
    uint32_t *have = gri_calloc(al, (size_t)n, sizeof *have);        /* distinct values 0..stage-1 among followers */
    uint32_t *cand = gri_malloc(al, (size_t)n * sizeof *cand);       /* this stage's candidates */
    uint32_t *next = gri_malloc(al, (size_t)n * sizeof *next);       /* marked this stage: the next stage's candidates */
    uint32_t *queue = gri_malloc(al, (size_t)n * sizeof *queue);     /* fixed, their news not yet spread */
    if (!roff || !radj || !unfixed || !bad || !mark || !have || !cand || !next || !queue) {
        gri_free(al, roff); gri_free(al, radj); gri_free(al, unfixed); gri_free(al, bad); gri_free(al, mark); gri_free(al, have); gri_free(al, cand); gri_free(al, next); gri_free(al, queue);
        return gri_fail(err, GR_ENOMEM, "out of memory solving a graph of %u vertices", n);
    }
    for (uint32_t e = 0; e < m; e++) roff[adj[e] + 1]++;
    for (uint32_t v = 0; v < n; v++) roff[v + 1] += roff[v];
    for (uint32_t v = 0; v < n; v++)
        for (uint32_t e = off[v]; e < off[v + 1]; e++) radj[roff[adj[e]]++] = v;
    for (uint32_t v = n; v > 0; v--) roff[v] = roff[v - 1];
    roff[0] = 0;

    /* The tail first: vertices from which no cycle can be reached, in
     * topological order (Kahn) with a plain mex; they are fixed for good,
     * and on a graph without cycles that is all. cand[] holds the stamps
     * of the mex (values are at most the out-degree). */
    uint32_t qh = 0, qt = 0, order = 0, top = 0;
    for (uint32_t v = 0; v < n; v++) {
        value[v] = UNSET;
        mark[v] = UNSET;
        cand[v] = UNSET;
        if (counter) counter[v] = UNSET;
        bad[v] = off[v + 1] - off[v];
        if (!bad[v]) queue[qt++] = v;
    }
    while (qh < qt) {
        uint32_t v = queue[qh++], x = 0;
        for (uint32_t e = off[v]; e < off[v + 1]; e++)
            if (value[adj[e]] < n) cand[value[adj[e]]] = v;
        while (x < n && cand[x] == v) x++;
        value[v] = x;
        if (x > top) top = x;
        if (counter) counter[v] = order++;
        for (uint32_t e = roff[v]; e < roff[v + 1]; e++)
            if (!--bad[radj[e]]) queue[qt++] = radj[e];
    }
    uint32_t ntail = qt;
    if (ntail < n) {
        /* the tail's vertices by value, so each spreads at its own stage */
        uint32_t *tail_off = gri_calloc(al, (size_t)top + 2, sizeof *tail_off), *tail = gri_malloc(al, (ntail ? ntail : 1) * sizeof *tail);
        if (!tail_off || !tail) {
            gri_free(al, tail_off); gri_free(al, tail);
            gri_free(al, roff); gri_free(al, radj); gri_free(al, unfixed); gri_free(al, bad); gri_free(al, mark); gri_free(al, have); gri_free(al, cand); gri_free(al, next); gri_free(al, queue);
            return gri_fail(err, GR_ENOMEM, "out of memory solving a graph of %u vertices", n);
        }
        for (uint32_t k = 0; k < ntail; k++) tail_off[value[queue[k]] + 1]++;
        for (uint32_t x = 0; x <= top; x++) tail_off[x + 1] += tail_off[x];
        for (uint32_t k = 0; k < ntail; k++) tail[tail_off[value[queue[k]]]++] = queue[k];
        for (uint32_t x = top + 1; x > 0; x--) tail_off[x] = tail_off[x - 1];
        tail_off[0] = 0;

        solver S = {roff, radj, value, counter, unfixed, bad, mark, have, next, queue, 0, 0, order};
        uint32_t ncand = 0;
        for (uint32_t v = 0; v < n; v++) {
            unfixed[v] = off[v + 1] - off[v];
            if (value[v] == UNSET) cand[ncand++] = v;
        }
        for (uint32_t stage = 0; ncand; stage++) {
            S.nnext = 0;
            S.qt = 0;
            qh = 0;
            for (uint32_t k = 0; k < ncand; k++) bad[cand[k]] = unfixed[cand[k]];
            /* the tail's vertices of this value spread their news */
            if (stage <= top)
                for (uint32_t k = tail_off[stage]; k < tail_off[stage + 1]; k++) spread(&S, tail[k], stage);
            for (uint32_t k = 0;; k++) {
                /* first those fixed by the news, then candidates whose
                 * followers are all fixed */
                while (qh < S.qt) spread(&S, queue[qh++], stage);
                if (k >= ncand) break;
                uint32_t u = cand[k];
                if (bad[u] || mark[u] == stage || value[u] != UNSET) continue;
                value[u] = stage;
                if (counter) counter[u] = S.order++;
                queue[S.qt++] = u;
            }
            /* next stage: vertices not fixed whose followers now show 0..stage */
            ncand = 0;
            for (uint32_t k = 0; k < S.nnext; k++) {
                uint32_t p = next[k];
                if (value[p] == UNSET && have[p] == stage + 1) cand[ncand++] = p;
            }
        }
        gri_free(al, tail_off);
        gri_free(al, tail);
        for (uint32_t v = 0; v < n; v++)
            if (value[v] == UNSET) value[v] = GR_LOOPY_INFINITE;
    }
    gri_free(al, roff); gri_free(al, radj); gri_free(al, unfixed); gri_free(al, bad); gri_free(al, mark); gri_free(al, have); gri_free(al, cand); gri_free(al, next); gri_free(al, queue);
    return GR_OK;
}

int gri_gv_has(const gri_gv *g, uint64_t y) {
    if (!g->infinite) return 0;
    uint64_t want = y ^ g->Kxor;
    if (want > UINT32_MAX) return 0;
    size_t lo = 0, hi = g->nK;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (g->K[mid] < want) lo = mid + 1;
        else hi = mid;
    }
    return lo < g->nK && g->K[lo] == want;
}

gr_status gr_loopy_solve(uint32_t n, const uint32_t *off, const uint32_t *adj, uint32_t *value, uint32_t *counter,
                         gr_error *err) {
    return gri_loopy_solve(&gri_libc_alloc, n, off, adj, value, counter, err);
}
