/* Misère play of sums of heaps of one ruleset by its misère quotient
 * (src/misere): the quotient of heaps up to the largest heap present is
 * built once per ruleset (within tighter bounds than `grundy quotient`, so
 * that a wild ruleset falls back to the search quickly) and kept on it. */
#include <stdlib.h>
#include "internal.h"
#include "rs.h"
#include "position_internal.h"
#include "misere_quotient.h"

/* bounds for quotients built on the way to an answer */
#define AUTO_MAX_HEAP 5000
#define AUTO_MAX_SIZE 1024
#define AUTO_MAX_STATES ((uint64_t)1 << 20)

static void free_q(void *q) { gr_quotient_free(q); }

gr_status gri_misere_quotient(gr_position *pos, const gr_quotient **out, gr_error *err) {
    *out = NULL;
    gr_ruleset *rs = NULL;
    uint64_t m = 0;
    for (size_t i = 0; i < pos->nterms; i++) {
        gr_term *t = &pos->terms[i];
        if (!gr_ruleset_is_heap(t->rs) || (rs && t->rs != rs)) return GR_OK;
        rs = t->rs;
        for (uint32_t k = 0; k < t->nargs; k++)
            if (pos->args[t->args + k] > m) m = pos->args[t->args + k];
    }
    if (!rs) return GR_OK;
    gr_quotient *q = rs->mq;
    if (q && gr_quotient_covers(q, m)) { *out = q; return GR_OK; }
    /* heaps up to AUTO_MAX_HEAP: the quotient of exactly those; larger
     * heaps: growing bounds, until the pretending function is proved
     * periodic (then it covers every heap) */
    static const uint64_t BOUNDS[] = {256, 1024, AUTO_MAX_HEAP};
    for (size_t i = 0; i < (m <= AUTO_MAX_HEAP ? 1 : sizeof BOUNDS / sizeof BOUNDS[0]); i++) {
        uint64_t b = m <= AUTO_MAX_HEAP ? m : BOUNDS[i];
        if (rs->mq_failed && rs->mq_failed <= b) return GR_OK;
        if (q && gr_quotient_max_heap(q) >= b) continue;
        gr_quotient_limits lim = {AUTO_MAX_SIZE, AUTO_MAX_STATES};
        gr_error e2;
        gr_quotient *nq;
        gr_status st = gr_quotient_compute(rs, b, &lim, &nq, &e2);
        if (st == GR_ENOMEM || st == GR_EINTERNAL) {
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

uint32_t gri_mq_position_element(const gr_position *pos, const gr_quotient *q) {
    uint32_t x = 0;
    for (size_t i = 0; i < pos->nterms; i++) {
        const gr_term *t = &pos->terms[i];
        for (uint32_t k = 0; k < t->nargs; k++) x = gr_quotient_mul(q, x, gr_quotient_heap(q, pos->args[t->args + k]));
    }
    return x;
}
