/* Heap rulesets: naming and spec parsing, the value table and how it grows,
 * periods, and the dispatch of values and options to the families
 * (family.h; the registry in games/registry.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "core/context_internal.h"
#include "core/family.h"
#include "core/search.h"
#include "core/provers.h"

/* how often (in values) long tabulations call the progress callback */
#define PROGRESS_EVERY 4096

void gri_rs_free(gr_ruleset *rs) {
    if (!rs) return;
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    if (rs->fam && rs->fam->free) rs->fam->free(rs);
    gri_state_search_free(rs);
    gri_free(al, rs->spec); gri_free(al, rs->tab); gri_free(al, rs->st_tab);
    gri_mexset_free(al, &rs->mex);
    gri_free(al, rs->nl_firm);
    if (rs->mq_free) rs->mq_free(rs->mq);
    gri_free(al, rs->sp.rare);
    gri_free(al, rs->sp.rval);
    gri_free(al, rs->sp.bits);
    gri_free(al, rs->sp.rev);
    gri_free(al, rs->sp.cnt);
    gri_free(al, rs->sp.wh);
    gri_free(al, rs->sp.need);
    gri_free(al, rs->sp.flag);
    gri_free(al, rs->sp.wit);
    gri_free(al, rs->sp.sums);
    gri_free(al, rs);
}

gr_status gri_rs_create(gr_ctx *ctx, const gri_family *fam, void *data, gri_buf *spec, gr_ruleset **out, gr_error *err) {
    *out = NULL;
    const gr_allocator *al = gri_ctx_alloc(ctx);
    gr_ruleset *rs = gri_calloc(al, 1, sizeof *rs);
    if (!rs) {
        gri_buf_free(spec);
        if (fam->free) { gr_ruleset tmp = {.fam = fam, .data = data, .ctx = ctx}; fam->free(&tmp); }
        return gri_fail(err, GR_ENOMEM, "out of memory");
    }
    rs->fam = fam;
    rs->data = data;
    rs->ctx = ctx;
    if (gri_buf_take(spec, &rs->spec, NULL) != GR_OK) {
        gri_buf_free(spec);
        gri_rs_free(rs);
        return gri_fail(err, GR_ENOMEM, "out of memory");
    }
    *out = rs;
    return GR_OK;
}

const char *gr_ruleset_family(const gr_ruleset *rs) { return rs->fam->name; }
int gr_ruleset_is_heap(const gr_ruleset *rs) { return (rs->fam->flags & GR_FAM_HEAP) != 0; }
const char *gr_ruleset_spec(const gr_ruleset *rs) { return rs->spec; }

uint64_t gr_ruleset_max_take(const gr_ruleset *rs) {
    return rs->fam->max_take ? rs->fam->max_take(rs) : UINT64_MAX;
}

/* Makes room for `need` values of at least `w` bytes each. Widening
 * converts in place from the top down (wider entries never overwrite
 * narrower ones not yet read). */
static gr_status tab_reserve(gr_ruleset *rs, size_t need, unsigned w, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    if (!rs->tw) rs->tw = 1;
    if (w < rs->tw) w = rs->tw;
    if (w == rs->tw && need <= rs->cap) return GR_OK;
    size_t cap = rs->cap;
    if (need > cap) cap = cap * 2 > need ? cap * 2 : need;
    if (cap > SIZE_MAX / w) return gri_fail(err, GR_ENOMEM, "value table of %s too large", rs->spec);
    void *p = gri_realloc(al, rs->tab, cap * w);
    if (!p) return gri_fail(err, GR_ENOMEM, "out of memory: value table of %s at %zu entries", rs->spec, need);
    rs->tab = p;
    rs->cap = cap;
    for (size_t i = rs->len; w != rs->tw && i-- > 0;) gri_store_w(rs->tab, w, i, gri_tab_at(rs, i));
    rs->tw = w;
    return GR_OK;
}

gr_status gri_rs_reserve(gr_ruleset *rs, size_t need, gr_error *err) { return tab_reserve(rs, need, rs->tw, err); }
gr_status gri_rs_widen(gr_ruleset *rs, unsigned w, gr_error *err) { return tab_reserve(rs, rs->len, w, err); }

gr_status gri_rs_push(gr_ruleset *rs, uint64_t v, gr_error *err) {
    if (v > UINT32_MAX) return gri_fail(err, GR_ERANGE, "%s: a Grundy value above 2^32 does not fit the table", rs->spec);
    unsigned w = gri_width_for(v);
    if (rs->len + 1 > rs->cap || w > rs->tw) {
        gr_status st = tab_reserve(rs, rs->len + 1, w, err);
        if (st != GR_OK) return st;
    }
    gri_store_w(rs->tab, rs->tw, rs->len++, (uint32_t)v);
    if (v > rs->tabmax) rs->tabmax = (uint32_t)v;
    return GR_OK;
}

gr_status gri_rs_push_mex(gr_ruleset *rs, gr_status st, gr_error *err) {
    if (st != GR_OK) return gri_fail(err, GR_ENOMEM, "out of memory computing mex");
    return gri_rs_push(rs, gr_mexset_mex(&rs->mex), err);
}

gr_status gri_rs_extend(gr_ruleset *rs, size_t upto, gr_error *err) {
    if (upto > rs->cap) {
        gr_status st0 = tab_reserve(rs, upto, rs->tw, err);
        if (st0 != GR_OK) return st0;
    }
    /* the clock by elapsed work, not by a count of values: a value may
     * take nanoseconds or, a huge code's heap, milliseconds */
    gri_ticker_resume(&rs->tick, rs->ctx);
    while (rs->len < upto) {
        gr_status st;
        /* progress every PROGRESS_EVERY values, and more often early on
         * (every power of two near len/16), where values may be slow to come */
        if (rs->progress && rs->len) {
            unsigned lb = 63u - (unsigned)__builtin_clzll((unsigned long long)rs->len);
            size_t step = lb >= 16 ? PROGRESS_EVERY : lb >= 4 ? (size_t)1 << (lb - 4) : 1;
            if ((rs->len & (step - 1)) == 0 &&
                rs->progress(rs->progress_user, rs->len, rs->progress_total ? rs->progress_total : upto))
                return gri_fail(err, GR_ELIMIT, "%s: the tabulation was stopped at %zu values", rs->spec, rs->len);
        }
        if (gri_tick(&rs->tick)) {
            char what[GR_ERROR_MESSAGE_MAX / 2];
            snprintf(what, sizeof what, "the table of %s (to %zu)", rs->spec, upto);
            if ((st = gri_ctx_poll(rs->ctx, err, what, rs->len, "values")) != GR_OK) return st;
        }
        if ((st = rs->fam->next(rs, err)) != GR_OK) return st;
    }
    return GR_OK;
}

static int period_rule(const gr_ruleset *rs, gr_period_rule *rule, uint64_t *t) {
    return rs->fam->period_rule && rs->fam->period_rule(rs, rule, t);
}

static void try_period(gr_ruleset *rs) {
    gr_period_rule rule;
    uint64_t t;
    if (rs->periodic || rs->len <= rs->period_tried_at || !period_rule(rs, &rule, &t)) return;
    rs->period_tried_at = rs->len;
    uint64_t pre, per, saltus, used;
    if (rule != GR_PERIOD_ALLBUT && gri_period_prove_w(gri_ctx_alloc(rs->ctx), rs->tab, rs->tw, rs->len, rule, t, &pre, &per)) {
        rs->periodic = 1;
        rs->pre = pre;
        rs->per = per;
        return;
    }
    /* arithmetic periodicity (all-but codes, and hexadecimal games) */
    if (rs->fam->prove_arith && rs->fam->prove_arith(rs, rule, &pre, &per, &saltus, &used)) {
        rs->periodic = 1;
        rs->pre = pre;
        rs->per = per;
        rs->saltus = saltus;
        rs->arith_end = used;
    }
}

/* Grows the table towards `need` values (doubling, trying to prove a period
 * at each step) but never past `limit`. Stops early once periodic. */
static gr_status grow_to(gr_ruleset *rs, uint64_t need, uint64_t limit, gr_error *err) {
    gr_period_rule rule;
    uint64_t t;
    int capable = period_rule(rs, &rule, &t);
    while (rs->len < need && !rs->periodic) {
        uint64_t target = need;
        if (capable) {
            uint64_t step = rs->len < 128 ? 256 : (uint64_t)rs->len * 2;
            if (step < target) target = step;
        }
        if (target > limit) target = limit;
        if (target <= rs->len) break;
        if (target > SIZE_MAX / sizeof(uint32_t)) return gri_fail(err, GR_ENOMEM, "table too large");
        gr_status st = gri_rs_extend(rs, (size_t)target, err);
        if (st != GR_OK) return st;
        if (capable) try_period(rs);
    }
    return GR_OK;
}

/* G(n) from the proved period; GR_ERANGE when an arithmetic value passes 2^64 */
static gr_status period_value(const gr_ruleset *rs, uint64_t n, uint64_t *value, gr_error *err) {
    uint64_t base = gri_tab_at(rs, rs->pre + (n - rs->pre) % rs->per);
    uint64_t q = (n - rs->pre) / rs->per;
    if (rs->saltus && q > (UINT64_MAX - base) / rs->saltus)
        return gri_fail(err, GR_ERANGE, "%s(%llu): the Grundy value is 2^64 or more and does not fit in 64 bits", rs->spec,
                       (unsigned long long)n);
    *value = base + q * rs->saltus;
    return GR_OK;
}

static gr_status not_heap(const gr_ruleset *rs, gr_error *err) {
    return gri_fail(err, GR_EINVAL, "%s is not a heap ruleset: its arguments describe one position", rs->spec);
}

static int closed_form(const gr_ruleset *rs, uint64_t n, uint64_t *value) {
    return rs->fam->closed_form && rs->fam->closed_form(rs, n, value);
}

gr_status gr_ruleset_value(gr_ruleset *rs, uint64_t n, uint64_t *value, gr_error *err) {
    if (!gr_ruleset_is_heap(rs)) return not_heap(rs, err);
    int done = 0;
    if (rs->fam->direct_value) {
        gr_status st = rs->fam->direct_value(rs, n, value, &done, err);
        if (st != GR_OK || done) return st;
    }
    if (closed_form(rs, n, value)) return GR_OK;
    if (n > 0 && closed_form(rs, 0, value))  /* a formula that overflowed */
        return gri_fail(err, GR_ERANGE, "%s(%llu): the Grundy value is 2^64 or more and does not fit in 64 bits", rs->spec,
                       (unsigned long long)n);
    if (n < rs->len) { *value = gri_tab_at(rs, n); return GR_OK; }
    if (rs->periodic) return period_value(rs, n, value, err);
    uint64_t limit = rs->ctx->table_limit;
    if (rs->fam->beyond_value) {
        gr_status st = rs->fam->beyond_value(rs, n, value, &done, err);
        if (st != GR_OK || done) return st;
    }
    gr_status st = grow_to(rs, n == UINT64_MAX ? n : n + 1, limit, err);
    if (st != GR_OK) return st;
    if (n < rs->len) { *value = gri_tab_at(rs, n); return GR_OK; }
    if (rs->periodic) return period_value(rs, n, value, err);
    gr_period_rule rule;
    uint64_t t;
    if (period_rule(rs, &rule, &t))
        return gri_fail(err, GR_EUNPROVEN,
                       "%s(%llu): the heap is beyond the table limit of %llu values and no period is proved within it",
                       rs->spec, (unsigned long long)n, (unsigned long long)limit);
    return gri_fail(err, GR_EUNPROVEN,
                   "%s(%llu): the heap is beyond the table limit of %llu values and grundy knows no closed form for it",
                   rs->spec, (unsigned long long)n, (unsigned long long)limit);
}

gr_status gr_ruleset_value_how(gr_ruleset *rs, uint64_t n, gr_how *how, gr_error *err) {
    if (!how || !GRI_SIZE_OK(how, gr_how)) return GRI_SIZE_FAIL(err, gr_how);
    GRI_CLEAR_SIZED(how);
    gr_status st = gr_ruleset_value(rs, n, &how->value, err);
    if (st != GR_OK) return st;
    uint64_t v;
    if (rs->fam->direct_value || closed_form(rs, n, &v)) {
        how->kind = GR_HOW_FORMULA;
        how->text = rs->fam->formula ? rs->fam->formula : "a closed form proved for the family";
    } else if (n < rs->len) {
        how->kind = GR_HOW_TABLE;
        how->tabulated = rs->len;
    } else if (rs->periodic) {
        how->kind = GR_HOW_PERIOD;
        how->tabulated = rs->len;
        how->preperiod = rs->pre;
        how->period = rs->per;
        how->saltus = rs->saltus;
    } else {
        how->kind = GR_HOW_OTHER;
        how->text = rs->fam->method ? rs->fam->method : "a rule of the family for heaps past the table";
    }
    return GR_OK;
}

const char *gr_ruleset_method(const gr_ruleset *rs) {
    if (rs->fam->method_of) return rs->fam->method_of(rs);
    return rs->fam->method ? rs->fam->method : rs->fam->formula;
}

void gr_ruleset_set_progress(gr_ruleset *rs, gr_progress_fn fn, void *user) {
    rs->progress = fn;
    rs->progress_user = user;
}

gr_status gr_ruleset_seed(gr_ruleset *rs, const uint64_t *vals, uint64_t count, gr_error *err) {
    if (!gr_ruleset_is_heap(rs)) return not_heap(rs, err);
    if (count <= rs->len) return GR_OK;
    return gr_ruleset_append(rs, vals + rs->len, count - rs->len, err);
}

gr_status gr_ruleset_append(gr_ruleset *rs, const uint64_t *vals, uint64_t count, gr_error *err) {
    if (!gr_ruleset_is_heap(rs)) return not_heap(rs, err);
    if (count > SIZE_MAX / sizeof(uint32_t) - rs->len) return gri_fail(err, GR_ENOMEM, "out of memory seeding %s", rs->spec);
    for (uint64_t i = 0; i < count; i++)
        if (vals[i] > UINT32_MAX) return gri_fail(err, GR_ERANGE, "%s: a seeded value does not fit the table", rs->spec);
    gr_status st = tab_reserve(rs, rs->len + (size_t)count, rs->tw, err);
    for (uint64_t i = 0; i < count && st == GR_OK; i++) st = gri_rs_push(rs, vals[i], err);
    return st;
}

gr_status gr_ruleset_compute(gr_ruleset *rs, uint64_t count, gr_error *err) {
    uint64_t v;
    if (!gr_ruleset_is_heap(rs)) return not_heap(rs, err);
    rs->progress_total = count;
    if (rs->fam->fill) return rs->fam->fill(rs, count, err);
    if (count && closed_form(rs, 0, &v)) return GR_OK;
    if (count <= rs->len || rs->periodic) return GR_OK;
    /* room for all of them at once: growing by doubling would copy the
     * table, with old and new copies resident together */
    if (count < SIZE_MAX / 4) {
        gr_status st = tab_reserve(rs, (size_t)count, rs->tw, err);
        if (st != GR_OK) return st;
    }
    return grow_to(rs, count, count, err);
}

gr_status gr_ruleset_values_range(gr_ruleset *rs, uint64_t from, uint64_t count, uint64_t *out, gr_error *err) {
    uint64_t v;
    if (!gr_ruleset_is_heap(rs)) return not_heap(rs, err);
    if (count > UINT64_MAX - from) return gri_fail(err, GR_ERANGE, "value range past 2^64");
    if (count && closed_form(rs, 0, &v)) {
        for (uint64_t i = 0; i < count; i++) (void)closed_form(rs, from + i, &out[i]);
        return GR_OK;
    }
    if (from + count > rs->len && !rs->periodic) {
        gr_status st = gr_ruleset_compute(rs, from + count, err);
        if (st != GR_OK) return st;
    }
    for (uint64_t i = 0; i < count; i++) {
        uint64_t n = from + i;
        if (n < rs->len) out[i] = gri_tab_at(rs, (size_t)n);
        else {
            gr_status st = period_value(rs, n, &out[i], err);
            if (st != GR_OK) return st;
        }
    }
    return GR_OK;
}

gr_status gr_ruleset_values(gr_ruleset *rs, uint64_t count, uint64_t *out, gr_error *err) {
    return gr_ruleset_values_range(rs, 0, count, out, err);
}

gr_status gr_ruleset_period(gr_ruleset *rs, uint64_t upto, gr_period *out, gr_error *err) {
    /* callers built before rule and max_take were added pass the smaller size */
    size_t v1 = offsetof(gr_period, rule);
    if (!out || out->size < v1) return GRI_SIZE_FAIL(err, gr_period);
    int full = GRI_SIZE_OK(out, gr_period);
    gr_period_rule rule;
    uint64_t t;
    size_t keep = out->size;
    memset(out, 0, full ? sizeof *out : v1);
    out->size = keep;
    if (!period_rule(rs, &rule, &t) && rs->fam->no_period)
        return gri_fail(err, GR_EINVAL, "no periodicity proof applies to %s: %s", rs->spec, rs->fam->no_period);
    if (!period_rule(rs, &rule, &t))
        return gri_fail(err, GR_EINVAL,
                       "%s: no periodicity theorem applies (only finite subtraction sets, finite take-and-break codes, and "
                       "codes that never split whose repeating last digit is 2 or 3)",
                       rs->spec);
    if (full) {
        out->rule = (int)rule;
        out->max_take = t;
    }
    gr_status st = grow_to(rs, upto, upto, err);
    if (st != GR_OK) return st;
    try_period(rs);
    out->checked = rs->len;
    if (rs->periodic) {
        out->found = 1;
        out->preperiod = rs->pre;
        out->period = rs->per;
        out->saltus = rs->saltus;
        out->proof_end = rs->saltus ? rs->arith_end : gr_period_window_end(rule, t, rs->pre, rs->per);
    }
    return GR_OK;
}

int gri_optiter_emit(gri_optiter *it, const uint64_t *heaps, size_t n) {
    if (it->stopped) return 1;
    if (it->max && it->seen >= it->max) { it->stopped = it->cut = 1; return 1; }
    /* a heap may have 10^8 options (three-way splits of 55000): the time
     * limit is polled by elapsed work while they are listed */
    if (it->ctx && (it->st = gri_tick_poll(&it->tick, it->ctx, it->err, "listing a heap's options", it->seen, "options")) != GR_OK) {
        it->stopped = it->cut = 1;
        return 1;
    }
    it->seen++;
    if (it->fn(it->user, heaps, n)) { it->stopped = 1; return 1; }
    return 0;
}

gr_status gr_ruleset_options(const gr_ruleset *rs, uint64_t n, uint64_t max_options, gr_heap_option_fn fn,
                             void *user, int *complete, gr_error *err) {
    if (!gr_ruleset_is_heap(rs)) return not_heap(rs, err);
    return gri_rs_options_capped(rs, n, max_options, 0, fn, user, complete, err);
}

/* the option equal to want[0..k) (ascending, non-empty heaps) */
typedef struct option_find {
    const uint64_t *want;
    uint64_t *scratch;
    size_t k;
    int found;
} option_find;

static int find_option(void *user, const uint64_t *heaps, size_t n) {
    option_find *f = user;
    size_t m = 0;
    for (size_t i = 0; i < n; i++) m += heaps[i] != 0;
    if (m != f->k) return 0;
    m = 0;
    for (size_t i = 0; i < n; i++)
        if (heaps[i]) f->scratch[m++] = heaps[i];
    gri_sort_u64(f->scratch, m);
    f->found = !m || !memcmp(f->scratch, f->want, m * sizeof *f->want);
    return f->found;
}

gr_status gr_ruleset_is_option(const gr_ruleset *rs, uint64_t n, const uint64_t *heaps, size_t k, uint64_t max_options,
                               int *yes, gr_error *err) {
    if (!gr_ruleset_is_heap(rs)) return not_heap(rs, err);
    if (k && !heaps) return gri_fail(err, GR_EINVAL, "no heaps given");
    *yes = 0;
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t m = 0;
    for (size_t i = 0; i < k; i++) m += heaps[i] != 0;
    uint64_t *want = gri_malloc(al, 2 * (m ? m : 1) * sizeof *want);
    if (!want) return gri_fail(err, GR_ENOMEM, "out of memory");
    m = 0;
    for (size_t i = 0; i < k; i++)
        if (heaps[i]) want[m++] = heaps[i];
    gri_sort_u64(want, m);
    gr_status st = GR_OK;
    if (!rs->fam->is_option || !rs->fam->is_option(rs, n, want, m, yes)) {
        option_find f = {want, want + (m ? m : 1), m, 0};
        int complete = 0;
        st = gri_rs_options_capped(rs, n, max_options, 0, find_option, &f, &complete, err);
        *yes = f.found;
        if (st == GR_OK && !f.found && !complete)
            st = gri_fail(err, GR_EUNPROVEN, "a heap of %llu has more options than the %llu listed: whether it can "
                          "become these heaps is not known", (unsigned long long)n, (unsigned long long)max_options);
    }
    gri_free(al, want);
    return st;
}

gr_status gri_rs_options_capped(const gr_ruleset *rs, uint64_t n, uint64_t max_options, uint64_t split_cap,
                               gr_heap_option_fn fn, void *user, int *complete, gr_error *err) {
    gri_optiter it = {.fn = fn, .user = user, .max = max_options, .split_cap = split_cap};
    it.ctx = rs->ctx;
    it.err = err;
    it.st = GR_OK;
    gri_ticker_start_after(&it.tick, rs->ctx, 1024);
    rs->fam->options(rs, n, &it);
    if (complete) *complete = !it.cut && !it.stopped;
    return it.st;
}

int gri_rs_moves_to(const gr_ruleset *rs, uint64_t n, uint64_t want, gri_optiter *it, int *complete) {
    *complete = 1;
    return rs->fam->moves_to ? rs->fam->moves_to(rs, n, want, it, complete) : 0;
}

static gr_status not_state(const gr_ruleset *rs, gr_error *err) {
    return gri_fail(err, GR_EINVAL, "%s is a heap ruleset", rs->spec);
}


gr_status gr_ruleset_state_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err) {
    if (gr_ruleset_is_heap(rs)) return not_state(rs, err);
    return rs->fam->check ? rs->fam->check(rs, args, n, bad, err) : GR_OK;
}

gr_status gr_ruleset_state_outcome(gr_ruleset *rs, const uint64_t *args, size_t n, gr_outcome *wins, gr_error *err) {
    if (gr_ruleset_is_heap(rs)) return not_state(rs, err);
    int w = 0;
    gr_status st = gri_state_outcome(rs, args, n, &w, err);
    if (st == GR_OK) *wins = w ? GR_OUTCOME_N : GR_OUTCOME_P;
    return st;
}

gr_status gr_ruleset_least_winning_take(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *take,
                                        gr_error *err) {
    if (!rs || !take) return gri_fail(err, GR_EINVAL, "no ruleset or no place for the take");
    if (!rs->fam->least_winning_take)
        return gri_fail(err, GR_EINVAL, "%s: its moves do not take tokens from a pile, so there is no least take", rs->spec);
    size_t bad = 0;
    gr_status st = gr_ruleset_state_check(rs, args, n, &bad, err);
    return st != GR_OK ? st : rs->fam->least_winning_take(rs, args, n, take, err);
}

gr_status gr_ruleset_dyn_min_take(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *take, gr_error *err) {
    return gr_ruleset_least_winning_take(rs, args, n, take, err);
}

gr_status gr_ruleset_state_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err) {
    if (gr_ruleset_is_heap(rs)) return not_state(rs, err);
    return gri_state_value(rs, args, n, value, err);
}

gr_status gr_ruleset_state_options(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t max_options,
                                   gr_state_option_fn fn, void *user, int *complete, gr_error *err) {
    if (gr_ruleset_is_heap(rs)) return not_state(rs, err);
    gri_optiter it = {.max = max_options};
    gr_status st = rs->fam->state_options(rs, args, n, &it, fn, user, err);
    if (complete) *complete = !it.cut && !it.stopped;
    return st;
}

int gr_ruleset_is_loopy(const gr_ruleset *rs) { return gri_rs_loopy(rs); }
