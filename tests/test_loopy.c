/* Loopy games: gr_loopy_solve against a retrograde analysis of the sum's
 * own game graph (tokens moved one at a time, outcomes P, N and D found by
 * the fixed point, nothing from the theory), on thousands of small random
 * graphs with cycles, self-loops and repeated edges; the defining
 * conditions of the generalized Sprague-Grundy function and of its counter
 * checked directly; acyclic graphs against the plain mex. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "testutil.h"

#include "loopy_graph.h"

/* outcome of a sum of tokens by retrograde analysis of its own graph:
 * states are token tuples (as base-n numbers) */
static int brute_outcome(const graph *g, const uint32_t *tok, int k) {
    uint32_t states = 1;
    for (int i = 0; i < k; i++) states *= g->n;
    static int out[NMAX * NMAX * NMAX]; /* -1 unknown, 0 P, 1 N */
    for (uint32_t s = 0; s < states; s++) out[s] = -1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t s = 0; s < states; s++) {
            if (out[s] >= 0) continue;
            uint32_t t[3], x = s;
            for (int i = 0; i < k; i++) { t[i] = x % g->n; x /= g->n; }
            int any_p = 0, all_n = 1;
            uint32_t place = 1;
            for (int i = 0; i < k; i++) {
                for (uint32_t e = g->off[t[i]]; e < g->off[t[i] + 1]; e++) {
                    uint32_t s2 = s - t[i] * place + g->adj[e] * place;
                    if (out[s2] == 0) any_p = 1;
                    if (out[s2] != 1) all_n = 0;
                }
                place *= g->n;
            }
            if (any_p) { out[s] = 1; changed = 1; }
            else if (all_n) { out[s] = 0; changed = 1; }
        }
    }
    uint32_t s = 0, place = 1;
    for (int i = 0; i < k; i++) { s += tok[i] * place; place *= g->n; }
    return out[s] < 0 ? GR_OUTCOME_D : out[s] ? GR_OUTCOME_N : GR_OUTCOME_P;
}

/* the finite values among v's followers, as a bitmask (values < 64 here) */
static uint64_t kset(const graph *g, const uint32_t *val, uint32_t v) {
    uint64_t k = 0;
    for (uint32_t e = g->off[v]; e < g->off[v + 1]; e++)
        if (val[g->adj[e]] != GR_LOOPY_INFINITE) k |= 1ull << val[g->adj[e]];
    return k;
}

static uint32_t mex_mask(uint64_t k) {
    uint32_t m = 0;
    while (k >> m & 1) m++;
    return m;
}

/* Smith's sum rule over the tokens' values */
static int rule_outcome(const graph *g, const uint32_t *val, const uint32_t *tok, int k) {
    uint32_t x = 0;
    int inf = 0;
    uint64_t K = 0;
    for (int i = 0; i < k; i++) {
        if (val[tok[i]] == GR_LOOPY_INFINITE) { inf++; K = kset(g, val, tok[i]); }
        else x ^= val[tok[i]];
    }
    if (!inf) return x ? GR_OUTCOME_N : GR_OUTCOME_P;
    if (inf > 1) return GR_OUTCOME_D;
    return x < 64 && (K >> x & 1) ? GR_OUTCOME_N : GR_OUTCOME_D;
}

static void check_definition(const graph *g, const uint32_t *val, const uint32_t *cnt, uint64_t seed_case) {
    for (uint32_t u = 0; u < g->n; u++) {
        uint64_t K = kset(g, val, u);
        uint32_t mx = mex_mask(K);
        if (val[u] != GR_LOOPY_INFINITE) {
            CHECK(val[u] == mx, "case %llu: vertex %u value %u, mex of its finite followers %u", (unsigned long long)seed_case,
                  u, val[u], mx);
            CHECK(cnt[u] != UINT32_MAX, "case %llu: finite vertex %u has no counter", (unsigned long long)seed_case, u);
            /* every follower above it, or infinite, answers back to it at a smaller counter */
            for (uint32_t e = g->off[u]; e < g->off[u + 1]; e++) {
                uint32_t v = g->adj[e];
                if (val[v] != GR_LOOPY_INFINITE && val[v] < val[u]) continue;
                int ok = 0;
                for (uint32_t f = g->off[v]; f < g->off[v + 1]; f++)
                    if (val[g->adj[f]] == val[u] && cnt[g->adj[f]] < cnt[u]) ok = 1;
                CHECK(ok, "case %llu: vertex %u (value %u): follower %u has no answer back", (unsigned long long)seed_case, u,
                      val[u], v);
            }
        } else {
            /* some infinite follower has no follower of value mex(K) */
            int ok = 0;
            for (uint32_t e = g->off[u]; e < g->off[u + 1]; e++) {
                uint32_t v = g->adj[e];
                if (val[v] != GR_LOOPY_INFINITE) continue;
                if (!(kset(g, val, v) >> mx & 1)) ok = 1;
            }
            CHECK(ok, "case %llu: infinite vertex %u has no infinite follower escaping mex %u", (unsigned long long)seed_case, u,
                  mx);
        }
    }
}

static void random_loopy(uint64_t seed) {
    tu_rng r = {seed};
    uint64_t cases = 3000 * tu_scale();
    long draws = 0, infinite = 0;
    for (uint64_t c = 0; c < cases; c++) {
        graph g;
        random_graph(&r, &g, 0);
        uint32_t val[NMAX], cnt[NMAX];
        gr_error err;
        if (gr_loopy_solve(g.n, g.off, g.adj, val, cnt, &err) != GR_OK) {
            CHECK(0, "case %llu: %s", (unsigned long long)c, err.message);
            continue;
        }
        check_definition(&g, val, cnt, c);
        for (uint32_t v = 0; v < g.n; v++) infinite += val[v] == GR_LOOPY_INFINITE;
        for (int k = 1; k <= 3; k++) {
            uint32_t tok[3];
            for (int i = 0; i < k; i++) tok[i] = (uint32_t)tu_below(&r, g.n);
            int want = brute_outcome(&g, tok, k), got = rule_outcome(&g, val, tok, k);
            draws += want == GR_OUTCOME_D;
            CHECK(want == got, "case %llu, %d tokens (%u %u %u): retrograde %d, sum rule %d", (unsigned long long)c, k, tok[0],
                  k > 1 ? tok[1] : 0, k > 2 ? tok[2] : 0, want, got);
        }
    }
    /* the random graphs must actually exercise draws and infinities */
    CHECK(draws > (long)cases / 20, "only %ld draws in %llu cases", draws, (unsigned long long)cases);
    CHECK(infinite > (long)cases / 10, "only %ld infinite vertices", infinite);
    printf("loopy: %llu graphs, %ld infinite vertices, %ld draws\n", (unsigned long long)cases, infinite, draws);
}

static void random_acyclic(uint64_t seed) {
    tu_rng r = {seed};
    uint64_t cases = 2000 * tu_scale();
    for (uint64_t c = 0; c < cases; c++) {
        graph g;
        random_graph(&r, &g, 1);
        uint32_t val[NMAX], want[NMAX];
        gr_error err;
        CHECK(gr_loopy_solve(g.n, g.off, g.adj, val, NULL, &err) == GR_OK, "acyclic case %llu", (unsigned long long)c);
        for (uint32_t v = 0; v < g.n; v++) { /* followers have smaller numbers */
            uint64_t seen = 0;
            for (uint32_t e = g.off[v]; e < g.off[v + 1]; e++) seen |= 1ull << want[g.adj[e]];
            want[v] = mex_mask(seen);
            CHECK(val[v] == want[v], "acyclic case %llu vertex %u: %u, mex %u", (unsigned long long)c, v, val[v], want[v]);
        }
    }
}

static void fixed_examples(void) {
    uint32_t val[8];
    gr_error err;
    {
        /* a 2-cycle alone: both draws, value ∞(∅) */
        uint32_t off[] = {0, 1, 2}, adj[] = {1, 0};
        CHECK(gr_loopy_solve(2, off, adj, val, NULL, &err) == GR_OK, "2-cycle");
        CHECK(val[0] == GR_LOOPY_INFINITE && val[1] == GR_LOOPY_INFINITE, "2-cycle values %u %u", val[0], val[1]);
    }
    {
        /* a self-loop with an exit to a terminal vertex: ∞({0}), a win */
        uint32_t off[] = {0, 2, 2}, adj[] = {0, 1};
        CHECK(gr_loopy_solve(2, off, adj, val, NULL, &err) == GR_OK, "self-loop");
        CHECK(val[0] == GR_LOOPY_INFINITE && val[1] == 0, "self-loop values %u %u", val[0], val[1]);
    }
    {
        /* 0 -> 1 -> 2 -> 0 and 2 -> 3 (terminal): all finite, 3 = 0, then
         * 1 = 0 (its one follower 2 answers a move back to 0 via 3),
         * 0 = mex{0} = 1, 2 = mex{1, 0} = 2 */
        uint32_t off[] = {0, 1, 2, 4, 4}, adj[] = {1, 2, 0, 3};
        CHECK(gr_loopy_solve(4, off, adj, val, NULL, &err) == GR_OK, "cycle with exit");
        CHECK(val[3] == 0 && val[2] == 2 && val[1] == 0 && val[0] == 1, "cycle with exit: %u %u %u %u", val[0], val[1], val[2],
              val[3]);
    }
    {
        /* malformed input is refused */
        uint32_t off[] = {0, 2, 1}, adj[] = {0, 0};
        CHECK(gr_loopy_solve(2, off, adj, val, NULL, &err) == GR_EINVAL, "decreasing off");
        uint32_t off2[] = {0, 1}, adj2[] = {5};
        CHECK(gr_loopy_solve(1, off2, adj2, val, NULL, &err) == GR_EINVAL, "edge out of range");
        CHECK(strstr(err.message, "vertex 5") != NULL, "message: %s", err.message);
    }
}

int main(void) {
    uint64_t seed = tu_seed(20261123);
    fixed_examples();
    random_loopy(seed);
    random_acyclic(seed + 1);
    return tu_finish("loopy");
}
