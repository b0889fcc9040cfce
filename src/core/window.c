#define _POSIX_C_SOURCE 200809L
/* Windowed runs (grundy/window.h): the sparse-space step (sparse.c) on a
 * view of three resident pieces instead of the whole table.
 *
 *   head    G(0..H-1), the ruleset's own table, frozen at the start: the
 *           smaller parts of the splits the pass reads;
 *   window  G(base..n-1), W to 2W values, forward (win[x - base]) and
 *           reversed (rev[rtop - x]): the single-heap options, the listed
 *           scan's partners and the pass's larger parts;
 *   list    the listed positions and their values (the ruleset's sp_rare),
 *           with the class frozen as it was at the start.
 *
 * Why this is exact (docs/theory.md "Windowed runs"): with every listed
 * position of the head a satisfying a + kmax <= W, every split with such a
 * listed part has its other part in the window, so the listed scan sees
 * every option of the "common" class; the listed positions found later
 * (window_far.c) have their partners read from the caller's values. The
 * pass reads only splits with both parts resident; a heap whose answer
 * would rest on a split it did not read goes to the slow pass over the
 * caller's values (window_far.c), or is reported undecided (GR_ELIMIT),
 * never guessed. A listed value joins the far positions, so the lists stay
 * complete. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "core/context_internal.h"
#include "core/family.h"
#include "core/rs.h"
#include "core/sparse.h"
#include "core/window_state.h"
#include "core/window_far.h"
#include "core/window_mt.h"
#include "core/window_spec.h"
#include "grundy/window.h"

/* takes the ruleset's table as the head and the window from its end */
static gr_status window_start(gr_window *w, gr_error *err) {
    gr_ruleset *rs = w->rs;
    gr_status st = gri_window_class(w, err);
    if (st != GR_OK) return st;
    w->head = rs->len;
    w->n = rs->len;
    w->base = w->n - w->W;
    w->rtop = w->base + 2 * w->W - 1;
    w->vmax = rs->tabmax;
    w->umax = rs->sp.umax;
    w->umax_exact = 1;
    /* the whole table's reversed copy is not needed while the window runs */
    gri_free(gri_ctx_alloc(rs->ctx), rs->sp.rev);
    rs->sp.rev = NULL;
    rs->sp.revm = rs->sp.revlen = 0;
    return gri_window_buffers(w, rs->tw, err);
}

gr_status gr_window_new(gr_ruleset *rs, const gr_window_config *cfg, gr_window **out, gr_error *err) {
    *out = NULL;
    if (cfg && cfg->size < sizeof(gr_window_config)) return gri_fail(err, GR_EINVAL, "gr_window_config: size not set (GR_SIZED)");
    gr_window *w;
    gr_status st = gri_window_open(rs, cfg ? cfg->window : 0, cfg ? cfg->threads : 1, &w, err);
    if (st != GR_OK) return st;
    if (rs->len < w->W) st = gri_rs_extend(rs, w->W, err);
    if (st == GR_OK) st = window_start(w, err);
    if (st != GR_OK) { gri_window_close(w); return st; }
    *out = w;
    return GR_OK;
}

/* ---- one heap ---- */

/* makes room for G(n): when the window is full, keeps its last W values */
static void slide(gr_window *w) {
    if (w->n - w->base < 2 * w->W) return;
    unsigned tw = w->tw;
    uint64_t nb = w->n - w->W;
    memmove(w->win, (uint8_t *)w->win + (nb - w->base) * tw, w->W * tw);
    /* rev: G(nb..n-1) are at indices 0..W-1 (rtop - (n - 1) = 0); move them
     * to W..2W-1 */
    memcpy((uint8_t *)w->rev + w->W * tw, w->rev, w->W * tw);
    w->base = nb;
    w->rtop = nb + 2 * w->W - 1;
}

static gr_status append(gr_window *w, uint32_t v, gr_error *err) {
    if (v > w->vmax) {
        unsigned nw = gri_width_for(v);
        if (nw > w->tw) {
            gr_status st = gri_rs_widen(w->rs, nw, err);
            if (st == GR_OK) st = gri_window_buffers(w, nw, err);
            if (st != GR_OK) return st;
        }
        w->vmax = v;
    }
    gri_store_w(w->win, w->tw, w->n - w->base, v);
    gri_store_w(w->rev, w->tw, w->rtop - w->n, v);
    w->n++;
    return GR_OK;
}

/* heap n's sums and single-heap options into w->sums and w->single */
static inline void heap_moves(gr_window *w, size_t *ns, size_t *n1) {
    uint64_t n = w->n;
    size_t two = w->wr.ntwo, one = w->wr.none; /* (counted in locals: w->sums may alias ns) */
    for (size_t i = 0; i < two; i++) w->sums[i] = (size_t)(n - w->wr.two[i]);
    for (size_t i = 0; i < one; i++) w->single[i] = gri_win_at(w, n - w->wr.one[i]);
    *ns = two;
    *n1 = one;
}

/* with far positions: their splits (lazily unless full) join the view's
 * extra options; *skipped: some were left out */
static gr_status far_extra(gr_window *w, gri_sp_view *vw, const uint64_t *extra, size_t extra_words, size_t ns,
                           int full, int *skipped, gr_error *err) {
    *skipped = 0;
    if (!w->nfar) return GR_OK;
    size_t words = ((size_t)1 << gri_bitlen64(w->vmax)) / 64 + 1;
    if (words < extra_words) words = extra_words;
    if (words < 4) words = 4;
    if (!gri_grow(gri_ctx_alloc(w->rs->ctx), (void **)&w->xbits, &w->xcap, words, sizeof *w->xbits))
        return gri_fail(err, GR_ENOMEM, "out of memory");
    memset(w->xbits, 0, words * sizeof *w->xbits);
    if (extra) memcpy(w->xbits, extra, extra_words * sizeof *extra);
    gr_status st = gri_wfar_options(w, w->sums, ns, w->xbits, full, skipped, err);
    vw->extra = w->xbits;
    vw->extra_words = words;
    return st;
}

/* One thread's listed scan in batches. A listed position p's splits with
 * the sums of OWN_BATCH consecutive heaps have consecutive partners, read
 * at once (gri_sp_far_batch), once every partner is known: p + kmin >=
 * OWN_BATCH. The step then scans the listed positions below that only, and
 * adds the batch's set, as it adds the helper's (window_mt.c): the same
 * options, so the same values. With two-byte values the batch's kernel
 * loads four partners at a time (sparse_batch.c batch_rows): tb[0.014]'s
 * listed scan is 1.05-1.2x faster (bench/bench_listed), its windowed run
 * on one thread 5-10%. One-byte values are left to the step's scan (with
 * AVX2 it builds its set in registers, and .167's two sums share one
 * scan): forced on, .167's listed scan took 0.79 times its pass's time
 * against 0.64 (perf). */
#define OWN_BATCH 32
/* fewer listed positions past the split than this: no batch */
#define OWN_MIN 16

static int own_pays(const gr_window *w) {
    return w->batch > 0 || (w->batch == 0 && w->tw == 2);
}

/* the batch from heap n (at most OWN_BATCH heaps, none from end on);
 * w->bcount 0: none (too few listed positions, or no splits; neither
 * changes within an epoch, nor do fewer heaps left) */
static gr_status own_batch(gr_window *w, uint64_t end, gr_error *err) {
    gr_ruleset *rs = w->rs;
    w->bcount = 0;
    w->bfrom = w->n;
    uint64_t nh = end - w->n < OWN_BATCH ? end - w->n : OWN_BATCH, kmin = gri_win_kmin(&w->wr);
    if (nh < 2 || !w->wr.ntwo) return GR_OK;
    /* the first listed p with p >= 1 and p + kmin >= nh */
    size_t s = gri_sp_list_lower(rs, kmin + 1 < nh ? (size_t)(nh - kmin) : 1);
    if (rs->sp.nrare - s < OWN_MIN) return GR_OK;
    size_t words = ((size_t)1 << gri_bitlen64(w->vmax)) / 64 + 1;
    if (words < 4) words = 4;
    if (words > w->bcap) {
        const gr_allocator *al = gri_ctx_alloc(rs->ctx);
        gri_free(al, w->bring);
        gri_free(al, w->bflag);
        w->bring = gri_malloc(al, OWN_BATCH * words * sizeof *w->bring);
        w->bflag = gri_malloc(al, (OWN_BATCH + gri_win_spread(&w->wr)) * words * 64); /* (gri_sp_batch_rows) */
        w->bcap = w->bring && w->bflag ? words : 0;
        if (!w->bcap) return gri_fail(err, GR_ENOMEM, "out of memory: a batch of listed scans");
    }
    size_t ns, n1;
    heap_moves(w, &ns, &n1);
    gri_sp_view vw = {rs->tab, w->win, w->rev, w->head, (size_t)w->base, (size_t)w->rtop, w->tw, w->vmax,
                      SIZE_MAX, NULL, 0, 0, 0, NULL, w->umax};
    gri_sp_far_batch(rs, &vw, w->sums, ns, w->wr.unequal, s, (size_t)nh, w->bring, words, w->bflag);
    w->bwords = words;
    w->bsplit = s;
    w->bcount = nh;
    return GR_OK;
}

/* heap n's part of the batch, made when n is past it: *split, *extra and
 * *words as step takes them (unchanged when there is no batch); *own 0
 * when no batch can be made for the rest of the epoch */
static gr_status own_extra(gr_window *w, uint64_t end, int *own, size_t *split, const uint64_t **extra,
                           size_t *words, gr_error *err) {
    if (w->n >= w->bfrom + w->bcount || w->n < w->bfrom) {
        gr_status st = own_batch(w, end, err);
        if (st != GR_OK) return st;
        if (!w->bcount) *own = 0;
    }
    if (w->n < w->bfrom + w->bcount) {
        *extra = w->bring + (w->n - w->bfrom) * w->bwords;
        *words = w->bwords;
        *split = w->bsplit;
        w->own_heaps++;
    }
    return GR_OK;
}

/* heap n's value (out->value); with a far set (extra, from the helper), the
 * listed scan stops at index list_end */
static gr_status step(gr_window *w, size_t list_end, const uint64_t *extra, size_t extra_words, size_t skip_lo,
                      size_t skip_hi, gri_sp_out *out, gr_error *err) {
    gr_ruleset *rs = w->rs;
    uint64_t n = w->n;
    size_t ns, n1;
    heap_moves(w, &ns, &n1);
    gr_status st;
    gri_sp_view vw = {rs->tab, w->win, w->rev, w->head, (size_t)w->base, (size_t)w->rtop, w->tw, w->vmax,
                      list_end, extra, extra_words, skip_lo, skip_hi, &w->pc, w->umax};
    /* with far positions: first lazily, then (rarely) with all their splits */
    for (int full = 0; full < 2; full++) {
        int skipped;
        if ((st = far_extra(w, &vw, extra, extra_words, ns, full, &skipped, err)) != GR_OK) return st;
        if ((st = gri_sp_step(rs, &vw, w->single, n1, w->sums, ns, w->wr.unequal, out, err)) != GR_OK) return st;
        /* the splits left out make values from 2^bitlen(umax) up only */
        if (!skipped || (out->decided && out->value < (uint64_t)1 << gri_bitlen64(w->umax))) break;
    }
    if (!out->decided && (st = gri_wfar_settle(w, &vw, w->sums, ns, out, err)) != GR_OK) return st;
    /* a listed value (a new rare one: after the slow pass, or a value no
     * split can make) joins the far positions */
    if (!gri_sp_class(rs, out->value, (size_t)n)) return gri_wfar_add(w, n, out->value, err);
    if (out->value > w->umax) w->umax = out->value;
    return GR_OK;
}

/* heap n's listed scan only (the verifier runs its pass): out->c, the
 * missing set in rs->sp.need, less what the first `lead` blocks of the
 * pass make; *whole: the heap must be stepped whole
 * instead (far splits left out that could matter, a listed c) */
static gr_status scan_step(gr_window *w, size_t lead, size_t list_end, const uint64_t *extra, size_t extra_words,
                           gri_sp_out *out, int *whole, gr_error *err) {
    gr_ruleset *rs = w->rs;
    size_t ns, n1;
    heap_moves(w, &ns, &n1);
    gri_sp_view vw = {rs->tab, w->win, w->rev, w->head, (size_t)w->base, (size_t)w->rtop, w->tw, w->vmax,
                      list_end, extra, extra_words, 0, 0, &w->pc, w->umax};
    int skipped;
    gr_status st = far_extra(w, &vw, extra, extra_words, ns, 0, &skipped, err);
    if (st == GR_OK) st = gri_sp_scan(rs, &vw, w->single, n1, w->sums, ns, w->wr.unequal, out, err);
    if (st == GR_OK && lead && out->missing) {
        /* the pass's first `lead` blocks (the splits a < 1 + 64 lead) */
        if (vw.lo_len > 1 + 64 * lead) vw.lo_len = 1 + 64 * lead;
        gri_sp_pass_part(rs, &vw, w->sums, ns, w->wr.unequal, out);
    }
    if (st != GR_OK) return st; /* (out is not set) */
    *whole = (skipped && out->c >= (uint64_t)1 << gri_bitlen64(w->umax)) || !gri_sp_class(rs, out->c, (size_t)w->n);
    return GR_OK;
}

/* hands the first len values not yet handed out to the sink */
static gr_status flush_n(gr_window *w, size_t len, gr_window_sink sink, void *user, gr_error *err) {
    uint64_t first = w->emitted;
    w->emitted += len;
    int stop = sink && len && sink(user, first, w->out, len);
    w->nout -= len;
    if (w->nout) memmove(w->out, w->out + len, w->nout * sizeof *w->out);
    if (stop)
        return gri_fail(err, GR_ELIMIT, "%s: the run was stopped at %llu values", w->rs->spec,
                        (unsigned long long)w->emitted);
    return GR_OK;
}

/* hands the values since the last call to the sink */
static gr_status flush(gr_window *w, gr_window_sink sink, void *user, gr_error *err) {
    return flush_n(w, w->nout, sink, user, err);
}

/* Whether a second thread pays, and which way, is measured, not guessed: a
 * round of probes times PROBE heaps on one thread and PROBE each way with
 * two (where usable), in turns of CHUNK heaps (so that a machine whose speed
 * drifts, as a shared one's does, weighs on every way alike), and the
 * fastest computes the values until the next round, REPROBE heaps on (a
 * heap's cost changes along a run, and with the machine). The far helper's
 * hand-overs cost more than a .167 heap (0.13 us) on the machines measured;
 * Officers (2.3 us a heap) ran nearly three times faster with it. */
#define PROBE 131072
#define CHUNK 32768
#define REPROBE ((uint64_t)1 << 26)

static int way_usable(const gr_window *w, int way) {
    return way == GRI_WAY_ONE ? 1 : way == GRI_WAY_FAR ? gri_far_usable(w) : gri_spec_usable(w);
}

/* heap n stepped whole on this thread, and appended; *last: the epoch ends
 * after it (the buffers may have moved) */
static gr_status heap_whole(gr_window *w, int *last, gr_error *err) {
    gri_sp_out o;
    gr_status st = step(w, SIZE_MAX, NULL, 0, 0, 0, &o, err);
    if (st != GR_OK) return st;
    *last = gri_width_for(o.value) > w->tw;
    if ((st = append(w, o.value, err)) != GR_OK) return st;
    w->out[w->nout++] = o.value;
    return GR_OK;
}

/* the values from heap f on were taken from a scan that the verifier sent
 * back: dropped (none was handed out), vmax and umax as before f */
static void take_back(gr_window *w, gri_spec *sp, uint64_t f) {
    w->nout -= (size_t)(w->n - f);
    /* (every heap from f on was taken ahead: a heap is stepped whole only
     * once every heap before it is checked) */
    w->far_heaps -= w->n - f;
    w->spec_heaps -= w->n - f;
    w->n = f;
    gri_spec_before(sp, f, &w->vmax, &w->umax);
    w->pc.gen = SIZE_MAX; /* the listed scan's cache read dropped values */
    w->bcount = 0;        /* and so may the batch */
    w->spec_fails++;
}

/* heaps w->n .. end - 1 with the verifier (started at w->n): returns with it
 * stopped and every value computed checked, early (GR_OK) before a value
 * that needs wider buffers or entries */
static gr_status epoch_spec(gr_window *w, gri_spec *sp, uint64_t end, gr_window_sink sink, void *user,
                            gr_error *err) {
    gr_status st = GR_OK;
    int last = 0, own = own_pays(w);
    while (st == GR_OK && !last && w->n < end) {
        uint64_t bad = GRI_SPEC_OK;
        gri_sp_out o;
        int whole = 0;
        if ((st = gri_window_poll(w, err)) != GR_OK) break;
        size_t lead = gri_spec_lead(sp, w->n), split = SIZE_MAX, words = 0;
        const uint64_t *extra = NULL;
        if (own && (st = own_extra(w, end, &own, &split, &extra, &words, err)) != GR_OK) break;
        if ((st = scan_step(w, lead, split, extra, words, &o, &whole, err)) != GR_OK) break;
        uint32_t v = o.c;
        int narrow = o.missing && o.need_words > gri_spec_words(sp); /* the entries are too narrow: a new epoch */
        if (whole || narrow || gri_width_for(v) > w->tw) {
            /* on this thread, once every heap before it is checked */
            if ((bad = gri_spec_drain(sp, w->n)) == GRI_SPEC_OK) {
                uint64_t n = w->n;
                uint32_t vmax = w->vmax, umax = w->umax;
                if ((st = heap_whole(w, &last, err)) != GR_OK) break;
                o.missing = 0;
                bad = gri_spec_push(sp, n, &o, NULL, 0, vmax, umax); /* nothing to check */
                if (narrow) last = 1;
            }
        } else if ((bad = gri_spec_push(sp, w->n, &o, w->rs->sp.need, lead, w->vmax, w->umax)) == GRI_SPEC_OK) {
            if ((st = append(w, v, err)) != GR_OK) break;
            if (v > w->umax) w->umax = v; /* (c is an unlisted position's value) */
            w->out[w->nout++] = v;
            w->far_heaps++;
            w->spec_heaps++;
        }
        if (bad == GRI_SPEC_OK && w->nout >= GRI_WIN_OUT_BLOCK) {
            uint64_t ok = gri_spec_verified(sp);
            st = flush_n(w, (size_t)(ok - w->emitted), sink, user, err);
        }
        if (bad != GRI_SPEC_OK) {
            /* the verifier stopped at heap bad: its value and those after it
             * are made again, it on this thread */
            gri_spec_stop(sp);
            take_back(w, sp, bad);
            if ((st = heap_whole(w, &last, err)) != GR_OK || last || w->n >= end) return st;
            gri_spec *again = NULL;
            if ((st = gri_spec_start(w, &again, err)) != GR_OK || !again) return st;
            sp = again;
        }
    }
    /* every value computed is checked before the epoch ends */
    uint64_t bad = gri_spec_drain(sp, w->n);
    gri_spec_stop(sp);
    if (bad != GRI_SPEC_OK) take_back(w, sp, bad);
    return st;
}

/* heaps w->n .. end - 1, on two threads when that pays; returns early
 * (GR_OK) before a value that the helper's view cannot take */
static gr_status epoch(gr_window *w, uint64_t end, gr_window_sink sink, void *user, gr_error *err) {
    gr_status st = GR_OK;
    gri_far *far = NULL;
    int any = way_usable(w, GRI_WAY_FAR) || way_usable(w, GRI_WAY_SPEC), phase = -1; /* the probe's way */
    if (any && !w->probing && w->n >= w->next_probe) {
        w->probing = 1;
        memset(w->probe_n, 0, sizeof w->probe_n);
        memset(w->probe_s, 0, sizeof w->probe_s);
    }
    if (any && w->probing) {
        /* the usable way timed least so far, for the rest of its turn */
        for (int way = 0; way < GRI_WAYS; way++)
            if (way_usable(w, way) && w->probe_n[way] < PROBE && (phase < 0 || w->probe_n[way] < w->probe_n[phase]))
                phase = way;
        if (phase >= 0 && end > w->n + (CHUNK - w->probe_n[phase] % CHUNK))
            end = w->n + (CHUNK - w->probe_n[phase] % CHUNK);
    }
    uint64_t t0 = gri_now_ns();
    uint64_t n0 = w->n;
    int way = phase >= 0 ? phase : any && way_usable(w, w->help) ? w->help : GRI_WAY_ONE;
    if (way != GRI_WAY_ONE && end - w->n <= 256) way = GRI_WAY_ONE;
    w->bcount = 0; /* (a batch is made afresh in each epoch) */
    if (way == GRI_WAY_SPEC) {
        gri_spec *sp = NULL;
        if ((st = gri_spec_start(w, &sp, err)) != GR_OK) return st;
        if (sp && 1 + gri_spec_threads(sp) > w->threads_ran) w->threads_ran = 1 + gri_spec_threads(sp);
        if (sp) st = epoch_spec(w, sp, end, sink, user, err);
        else way = GRI_WAY_ONE;
    }
    if (way == GRI_WAY_FAR && (st = gri_far_start(w, end, &far, err)) != GR_OK) return st;
    if (far && w->threads_ran < 2) w->threads_ran = 2;
    int own = way == GRI_WAY_ONE && own_pays(w);
    while (way != GRI_WAY_SPEC && w->n < end) {
        gri_sp_out o;
        if ((st = gri_window_poll(w, err)) != GR_OK) break;
        size_t split = SIZE_MAX, words = 0, skip_lo = 0, skip_hi = 0;
        const uint64_t *extra = far ? gri_far_wait(far, w->n, &split, &words, &skip_lo, &skip_hi) : NULL;
        if (own && (st = own_extra(w, end, &own, &split, &extra, &words, err)) != GR_OK) break;
        if ((st = step(w, split, extra, words, skip_lo, skip_hi, &o, err)) != GR_OK) break;
        uint32_t v = o.value;
        int last = far && (gri_width_for(v) > w->tw || !gri_far_fits(far, v));
        if (last) gri_far_stop(far); /* the buffers may move, or the ring is too narrow: a new epoch */
        if ((st = append(w, v, err)) != GR_OK) break;
        if (far) {
            gri_far_done(far, w->n, o.pass_end > (skip_hi > skip_lo ? skip_hi : skip_lo));
            w->far_heaps++;
        }
        w->out[w->nout++] = v;
        if (w->nout == GRI_WIN_OUT_BLOCK && (st = flush(w, sink, user, err)) != GR_OK) break;
        if (last) break;
    }
    gri_far_stop(far);
    if (phase >= 0) {
        w->probe_s[phase] += 1e-9 * (double)(gri_now_ns() - t0);
        w->probe_n[phase] += w->n - n0;
        int left = 0;
        for (int k = 0; k < GRI_WAYS; k++) left |= way_usable(w, k) && w->probe_n[k] < PROBE;
        if (!left) {
            /* per heap, a way with two threads must beat one thread's by 3% */
            int best = GRI_WAY_ONE;
            double best_t = 0.97 * w->probe_s[0] / (double)w->probe_n[0];
            for (int k = 1; k < GRI_WAYS; k++)
                if (way_usable(w, k) && w->probe_s[k] / (double)w->probe_n[k] < best_t) {
                    best = k;
                    best_t = w->probe_s[k] / (double)w->probe_n[k];
                }
            w->help = best;
            w->probing = 0;
            /* the first round's choice is checked again sooner: a wrong one
             * (a moment when the machine's second core was slow) then holds
             * for 2^24 heaps, not 2^26 */
            w->next_probe = w->n + (w->rounds++ ? REPROBE : REPROBE / 4);
        }
    }
    return st;
}

gr_status gr_window_run(gr_window *w, uint64_t count, gr_window_sink sink, void *user, gr_error *err) {
    gr_ruleset *rs = w->rs;
    gr_status st = GR_OK;
    /* the head first, from the table */
    while (w->emitted < w->head && w->emitted < count && st == GR_OK) {
        uint64_t end = w->head < count ? w->head : count;
        if (end - w->emitted > GRI_WIN_OUT_BLOCK) end = w->emitted + GRI_WIN_OUT_BLOCK;
        for (uint64_t x = w->emitted; x < end; x++) w->out[w->nout++] = gri_tab_at(rs, (size_t)x);
        st = flush(w, sink, user, err);
    }
    if (st != GR_OK) return st;
    if (w->emitted < w->n && w->emitted < count)
        return gri_fail(err, GR_EINVAL, "gr_window_run: values %llu to %llu were computed before but not handed out",
                        (unsigned long long)w->emitted, (unsigned long long)w->n - 1);
    gri_ticker_resume(&rs->tick, rs->ctx);
    while (w->n < count && st == GR_OK) {
        slide(w);
        /* an epoch: up to the next slide, while the buffers stay put */
        uint64_t end = w->base + 2 * w->W < count ? w->base + 2 * w->W : count;
        st = epoch(w, end, sink, user, err);
    }
    /* every value computed is handed out, also when stopped */
    gr_error e2;
    gr_status fs = flush(w, sink, user, st == GR_OK ? err : &e2);
    return st != GR_OK ? st : fs;
}

void gr_window_stats_get(const gr_window *w, gr_window_stats *out) {
    /* a caller's record from before the last fields were added gets the
     * fields it has */
    if (!out || out->size < offsetof(gr_window_stats, verified)) return;
    const gr_ruleset *rs = w->rs;
    gr_window_stats s = {0}, *st = &s;
    st->done = w->n;
    st->head = w->head;
    st->window = w->W;
    st->listed = rs->sp.nrare + w->nfar;
    st->largest_listed = w->nfar ? w->farpos[w->nfar - 1].pos : rs->sp.nrare ? rs->sp.rare[rs->sp.nrare - 1] : 0;
    st->far_listed = w->nfar;
    st->slow_heaps = w->slow_heaps;
    st->emitted = w->emitted;
    st->largest_value = w->vmax;
    st->memory = (uint64_t)rs->cap * rs->tw + 4 * (uint64_t)w->W * w->tw + (uint64_t)rs->sp.cap * 8 +
                 (uint64_t)GRI_WIN_OUT_BLOCK * 4;
    st->threads = w->threads_ran;
    st->helped = w->far_heaps;
    st->verified = w->spec_heaps;
    st->sent_back = w->spec_fails;
    size_t size = out->size < sizeof s ? out->size : sizeof s;
    memcpy((char *)out + sizeof out->size, (char *)st + sizeof out->size, size - sizeof out->size);
}

void gr_window_free(gr_window *w) { gri_window_close(w); }
