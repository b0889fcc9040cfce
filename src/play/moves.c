/* Every move of a sum (gr_position_moves): what a player may do, won or
 * lost, for listing and checking moves (grundy play). */
#include <stdlib.h>
#include "internal.h"
#include "position_internal.h"
#include "family.h"

/* Options of a heap past the table limit are listed only this far. */
#define HUGE_HEAP_ALL ((uint64_t)1 << 16)

static int on_heap(void *user, const uint64_t *heaps, size_t nh) { return gri_movesink_after(user, heaps, nh, 0); }
static int on_state(void *user, const uint64_t *args, size_t n) { return gri_movesink_after(user, args, n, 1); }
static int on_text(void *user, const char *to) { return gri_movesink_emit(user, to); }

gr_status gr_position_moves(gr_position *pos, size_t max_moves, gr_move_fn fn, void *user, int *complete,
                            gr_error *err) {
    if (complete) *complete = 1;
    if (!pos || !fn) return gri_fail(err, GR_EINVAL, "no position or no callback");
    gr_movesink sink = {pos, 0, 0, max_moves, 0, 0, fn, user, GR_OK, err, NULL};
    gr_status st = GR_OK;
    int all = 1;
    for (size_t i = 0; i < pos->nterms && !sink.cut && st == GR_OK; i++) {
        gr_term *t = &pos->terms[i];
        const uint64_t *a = pos->args + t->args;
        sink.term = i;
        if (!gr_ruleset_is_heap(t->rs)) {
            int whole = 1;
            if (t->rs->fam->all_moves_text)
                st = t->rs->fam->all_moves_text(t->rs, a, t->nargs, on_text, &sink, &whole, err);
            else {
                gr_optiter it = {NULL, NULL, 0, 0, 0, 0, 0};
                st = gri_state_options(t->rs, a, t->nargs, &it, on_state, &sink, err);
                whole = !it.cut && !it.stopped;
            }
            if (st == GR_OK) st = sink.st;
            if (!whole && !sink.cut) all = 0;
        } else {
            for (uint32_t k = 0; k < t->nargs && !sink.cut && st == GR_OK; k++) {
                int seen = 0; /* a heap equal to an earlier one has the same moves */
                for (uint32_t j = 0; j < k && !seen; j++) seen = a[j] == a[k];
                if (seen || !a[k]) continue;
                sink.heap = k;
                uint64_t bound = a[k] < gr_ctx_table_limit(pos->ctx) ? 0 : HUGE_HEAP_ALL;
                int whole = 1;
                st = gri_rs_options_capped(t->rs, a[k], bound, 0, on_heap, &sink, &whole);
                if (st == GR_OK) st = sink.st;
                if (!whole && !sink.cut) all = 0;
            }
        }
        free(sink.from);
        sink.from = NULL;
    }
    if (complete) *complete = all && !sink.cut;
    return st;
}
