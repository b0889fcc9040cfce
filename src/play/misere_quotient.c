/* Misère play of sums of heaps of one ruleset by its misère quotient
 * (src/misere): the quotient of heaps up to the largest heap present is
 * built once per ruleset (within tighter bounds than `grundy quotient`, so
 * that a wild ruleset falls back to the search quickly) and kept on it. */
#include <stdlib.h>
#include "core/internal.h"
#include "core/rs.h"
#include "core/context_internal.h"
#include "play/position_internal.h"
#include "play/misere_quotient.h"

/* bounds for quotients built on the way to an answer: heaps, elements,
 * and the proof's states and total work from the context's search limit */
#define AUTO_MAX_HEAP 2000
#define AUTO_MAX_SIZE 1024

static gr_quotient_limits auto_limits(const gr_ruleset *rs) {
    uint64_t s = gr_ctx_search_limit(rs->ctx);
    gr_quotient_limits lim = {sizeof(gr_quotient_limits), AUTO_MAX_SIZE, s ? s : 1, s ? 8 * s : 8};
    return lim;
}

static void free_q(void *q) { gr_quotient_free(q); }

/* The one heap ruleset of every term of pos, and the largest heap; NULL
 * when the terms are not all heaps of one ruleset. */
static gr_ruleset *one_heap_ruleset(const gr_position *pos, uint64_t *m) {
    gr_ruleset *rs = NULL;
    *m = 0;
    for (size_t i = 0; i < pos->nterms; i++) {
        const gri_term *t = &pos->terms[i];
        if (!gr_ruleset_is_heap(t->rs) || (rs && t->rs != rs)) return NULL;
        rs = t->rs;
        for (uint32_t k = 0; k < t->nargs; k++)
            if (pos->args[t->args + k] > *m) *m = pos->args[t->args + k];
    }
    return rs;
}

/* The heap bounds to try for a heap of m tokens: m itself up to
 * AUTO_MAX_HEAP; past it, growing bounds until the pretending function is
 * proved periodic (then the quotient covers every heap). Their number. */
static size_t bounds_for(uint64_t m, uint64_t b[3]) {
    if (m <= AUTO_MAX_HEAP) { b[0] = m; return 1; }
    b[0] = 256; b[1] = 1024; b[2] = AUTO_MAX_HEAP;
    return 3;
}

gr_status gri_misere_quotient(gr_position *pos, const gr_quotient **out, gr_error *err) {
    *out = NULL;
    uint64_t m, bounds[3];
    gr_ruleset *rs = one_heap_ruleset(pos, &m);
    if (!rs) return GR_OK;
    gr_quotient *q = rs->mq;
    if (q && gr_quotient_covers(q, m)) { *out = q; return GR_OK; }
    size_t nb = bounds_for(m, bounds);
    for (size_t i = 0; i < nb; i++) {
        uint64_t b = bounds[i];
        if (b > gr_ctx_table_limit(rs->ctx)) return GR_OK;
        if (rs->mq_failed && rs->mq_failed <= b) return GR_OK;
        if (q && gr_quotient_max_heap(q) >= b) continue;
        gr_quotient_limits lim = auto_limits(rs);
        gr_error e2;
        gr_quotient *nq;
        gr_status st = gr_quotient_compute(rs, b, &lim, &nq, &e2);
        if (st == GR_ENOMEM || st == GR_EINTERNAL || (st == GR_ELIMIT && gri_ctx_stopping(rs->ctx))) {
            if (err) *err = e2;
            return st;
        }
        if (st != GR_OK) { rs->mq_failed = b; return GR_OK; }
        if (rs->mq_free) rs->mq_free(rs->mq);
        rs->mq = q = nq;
        rs->mq_free = free_q;
        if (gr_quotient_covers(q, m)) { *out = q; return GR_OK; }
    }
    return GR_OK;
}

int gri_mq_refused(const gr_position *pos) {
    uint64_t m;
    const gr_ruleset *rs = one_heap_ruleset(pos, &m);
    return rs && rs->mq_failed != 0;
}

uint32_t gri_mq_position_element(const gr_position *pos, const gr_quotient *q) {
    uint32_t x = 0;
    for (size_t i = 0; i < pos->nterms; i++) {
        const gri_term *t = &pos->terms[i];
        for (uint32_t k = 0; k < t->nargs; k++) x = gr_quotient_mul(q, x, gr_quotient_heap(q, pos->args[t->args + k]));
    }
    return x;
}

/* Genus terms by the quotient of the heaps with nim heaps adjoined: gamma_k
 * is the n for which heap + k heaps *2 + *n is a misère P-position
 * (docs/theory.md "Misère Grundy values from outcomes"). */
gr_status gri_genus_quotient(gr_ruleset *rs, uint64_t heap, size_t terms, uint64_t *gamma, gr_error *err) {
    gr_quotient_limits lim = auto_limits(rs);
    uint64_t bounds[3];
    size_t nb = bounds_for(heap, bounds);
    gr_status st = GR_OK;
    /* adjoin *1..*M for M = 2, 3, ...: the closure grows with M, so stop at
     * the first M whose quotient answers every term */
    for (uint32_t M = 2; M <= 16; M++) {
        gr_quotient *q = NULL;
        for (size_t bi = 0; bi < nb; bi++) {
            uint64_t b = bounds[bi] < 2 ? 2 : bounds[bi];
            if (b > gr_ctx_table_limit(rs->ctx))
                return gri_fail(err, GR_ELIMIT, "genus: the quotient would pass the table limit");
            if ((st = gr_quotient_compute_nim(rs, b, M, &lim, &q, err)) != GR_OK) return st;
            if (gr_quotient_covers(q, heap)) break;
            gr_quotient_free(q);
            q = NULL;
        }
        if (!q)
            return gri_fail(err, GR_EUNPROVEN, "genus: no periodicity of the misère quotient is proved up to heap %u",
                            AUTO_MAX_HEAP);
        uint32_t x = gr_quotient_heap(q, heap), two = gr_quotient_nim(q, 2);
        size_t k;
        for (k = 0; k < terms; k++) {
            uint32_t n;
            for (n = 0; n <= M; n++)
                if (gr_quotient_is_p(q, gr_quotient_mul(q, x, gr_quotient_nim(q, n)))) break;
            if (n > M) break;
            gamma[k] = n;
            x = gr_quotient_mul(q, x, two);
        }
        gr_quotient_free(q);
        if (k == terms) return GR_OK;
    }
    return gri_fail(err, GR_EUNPROVEN, "genus: a misère Grundy value above 16");
}
