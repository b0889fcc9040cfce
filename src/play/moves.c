/* Every move of a sum (gr_position_moves): what a player may do, won or
 * lost, for listing and checking moves (grundy play). */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "play/position_internal.h"
#include "core/family.h"

/* Options of a heap past the table limit are listed only this far. */
#define HUGE_HEAP_ALL ((uint64_t)1 << 16)

static int on_heap(void *user, const uint64_t *heaps, size_t nh) { return gri_movesink_after(user, heaps, nh, 0); }
static int on_state(void *user, const uint64_t *args, size_t n) { return gri_movesink_after(user, args, n, 1); }
static int on_text(void *user, const char *to) { return gri_movesink_emit(user, to); }

/* where x stands in the ascending v[0..n), which holds it (the same index
 * for every copy of x) */
static size_t find(const uint64_t *v, size_t n, uint64_t x) {
    size_t lo = 0, hi = n;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (v[mid] <= x) lo = mid;
        else hi = mid;
    }
    return lo;
}

gr_status gr_position_moves(gr_position *pos, size_t max_moves, gr_move_fn fn, void *user, int *complete,
                            gr_error *err) {
    if (complete) *complete = 1;
    if (!pos || !fn) return gri_fail(err, GR_EINVAL, "no position or no callback");
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    gri_movesink sink = {pos, 0, 0, max_moves, 0, 0, fn, user, GR_OK, err, NULL};
    gr_status st = GR_OK;
    int all = 1;
    for (size_t i = 0; i < pos->nterms && !sink.cut && st == GR_OK; i++) {
        gri_term *t = &pos->terms[i];
        const uint64_t *a = pos->args + t->args;
        sink.term = i;
        if (!gr_ruleset_is_heap(t->rs)) {
            int whole = 1;
            if (t->rs->fam->all_moves_text)
                st = t->rs->fam->all_moves_text(t->rs, a, t->nargs, on_text, &sink, &whole, err);
            else {
                gri_optiter it = {0};
                st = gri_state_options(t->rs, a, t->nargs, &it, on_state, &sink, err);
                whole = !it.cut && !it.stopped;
            }
            if (st == GR_OK) st = sink.st;
            if (!whole && !sink.cut) all = 0;
        } else {
            /* a heap equal to an earlier one has the same moves: each size
             * is listed once, at its first heap (found in a sorted copy) */
            uint64_t *sorted = gri_malloc(al, (t->nargs ? t->nargs : 1) * sizeof *sorted);
            unsigned char *done = gri_calloc(al, t->nargs ? t->nargs : 1, 1);
            if (!sorted || !done) {
                gri_free(al, sorted);
                gri_free(al, done);
                st = gri_fail(err, GR_ENOMEM, "out of memory listing moves");
                break;
            }
            memcpy(sorted, a, t->nargs * sizeof *sorted);
            gri_sort_u64(sorted, t->nargs);
            for (uint32_t k = 0; k < t->nargs && !sink.cut && st == GR_OK; k++) {
                size_t at = find(sorted, t->nargs, a[k]);
                if (!a[k] || done[at]) continue;
                done[at] = 1;
                sink.heap = k;
                uint64_t bound = a[k] < gr_ctx_table_limit(pos->ctx) ? 0 : HUGE_HEAP_ALL;
                int whole = 1;
                st = gri_rs_options_capped(t->rs, a[k], bound, 0, on_heap, &sink, &whole, err);
                if (st == GR_OK) st = sink.st;
                if (!whole && !sink.cut) all = 0;
            }
            gri_free(al, sorted);
            gri_free(al, done);
        }
        gri_free(al, sink.from);
        sink.from = NULL;
    }
    if (complete) *complete = all && !sink.cut;
    return st;
}
