/* A windowed run's record (window_state.h): made, its buffers, freed. The
 * run itself is window.c; the helper thread window_mt.c; the values beyond
 * the window window_far.c. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/window_state.h"
#include "core/sparse_class.h"


static uint64_t kmax_of(const gri_win_rules *wr) {
    uint64_t k = 0;
    for (size_t i = 0; i < wr->none; i++) if (wr->one[i] > k) k = wr->one[i];
    for (size_t i = 0; i < wr->ntwo; i++) if (wr->two[i] > k) k = wr->two[i];
    return k;
}

gr_status gri_window_buffers(gr_window *w, unsigned tw, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(w->rs->ctx);
    size_t cap = 2 * w->W;
    void *win = gri_malloc(al, cap * tw), *rev = win ? gri_malloc(al, cap * tw) : NULL;
    if (!rev) {
        gri_free(al, win);
        return gri_fail(err, GR_ENOMEM, "out of memory: a window of %llu values", (unsigned long long)w->W);
    }
    for (uint64_t x = w->base; x < w->n; x++) {
        uint32_t v = gri_win_at(w, x);
        gri_store_w(win, tw, x - w->base, v);
        gri_store_w(rev, tw, w->rtop - x, v);
    }
    gri_free(al, w->win);
    gri_free(al, w->rev);
    w->win = win;
    w->rev = rev;
    w->tw = tw;
    return GR_OK;
}

gr_status gri_window_open(gr_ruleset *rs, uint64_t window, unsigned threads, gr_window **out, gr_error *err) {
    *out = NULL;
    gri_win_rules wr;
    uint64_t bound = rs->fam->window_rules ? rs->fam->window_rules(rs, &wr) : 0;
    if (!bound)
        return gri_fail(err, GR_EINVAL,
                        "%s: windowed runs take take-and-break codes with finitely many digits that split into at most "
                        "two heaps, and Grundy's game", rs->spec);
    if (!window) window = GR_WINDOW_DEFAULT;
    if (window < GR_WINDOW_MIN || window > GR_WINDOW_MAX)
        return gri_fail(err, GR_ERANGE, "a window of %llu values: it must be 4096 to 2^31", (unsigned long long)window);
    uint64_t kmax = kmax_of(&wr);
    if (window < bound || window <= 2 * kmax)
        return gri_fail(err, GR_ERANGE, "%s: a window of %llu values is too short for removals of up to %llu", rs->spec,
                        (unsigned long long)window, (unsigned long long)kmax);
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    gr_window *w = gri_calloc(al, 1, sizeof *w);
    if (!w) return gri_fail(err, GR_ENOMEM, "out of memory");
    w->rs = rs;
    w->wr = wr;
    w->kmax = kmax;
    w->W = (size_t)window;
    w->threads = threads ? threads : 1;
    w->threads_ran = 1;
    w->sums = gri_malloc(al, (wr.ntwo + 1) * sizeof *w->sums);
    w->out = gri_malloc(al, GRI_WIN_OUT_BLOCK * sizeof *w->out);
    if (!w->sums || !w->out) {
        gri_window_close(w);
        return gri_fail(err, GR_ENOMEM, "out of memory");
    }
    *out = w;
    return GR_OK;
}

void gri_window_close(gr_window *w) {
    if (!w) return;
    const gr_allocator *al = gri_ctx_alloc(w->rs->ctx);
    gri_free(al, w->win);
    gri_free(al, w->rev);
    gri_free(al, w->sums);
    gri_free(al, w->out);
    gri_free(al, w->xbits);
    gri_free(al, w->bring);
    gri_free(al, w->bflag);
    if (w->free_far) w->free_far(w);
    if (w->free_spec) w->free_spec(w);
    if (w->free_wfar) w->free_wfar(w);
    gri_free(al, w);
}

gr_status gri_window_class(gr_window *w, gr_error *err) {
    gr_ruleset *rs = w->rs;
    if (rs->sp.on == 0) {
        unsigned par = 0;
        for (size_t i = 0; i < w->wr.ntwo; i++) par |= 1u << (w->wr.two[i] & 1);
        gri_sp_start(rs, par);
    }
    if (rs->sp.on < 0) return gri_fail(err, GR_ENOMEM, "%s: out of memory choosing the listed positions", rs->spec);
    uint64_t last = rs->sp.nrare ? rs->sp.rare[rs->sp.nrare - 1] : 0;
    if (last + w->kmax > w->W)
        return gri_fail(err, GR_EINVAL,
                        "%s: the listed position %llu is too far out for a window of %llu values (it needs at least "
                        "%llu: raise --window)", rs->spec, (unsigned long long)last, (unsigned long long)w->W,
                        (unsigned long long)(last + w->kmax));
    return GR_OK;
}


gr_status gri_window_poll(gr_window *w, gr_error *err) {
    gr_ruleset *rs = w->rs;
    if (!gri_tick(&rs->tick)) return GR_OK;
    char what[GR_ERROR_MESSAGE_MAX / 2];
    snprintf(what, sizeof what, "the windowed run of %s", rs->spec);
    return gri_ctx_poll(rs->ctx, err, what, w->n, "values");
}
