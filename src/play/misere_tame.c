/* Misère certificates of a heap ruleset (misere.c uses them): whether
 * the SJ theorem's end rule is misère play, and tameness in the sense of
 * misère Nim, each up to a heap size. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "core/family.h"
#include "play/misere_tame.h"

/* ---------- per-ruleset certificates ---------- */

/* a heap family must say whether its moves split (family.h) */
static int splits(const gr_ruleset *rs) { return rs->fam->splits(rs); }

typedef struct optscan {
    gr_ruleset *rs;
    int any;             /* the heap has an option */
    int all_fickle;      /* every option is all-fickle */
    unsigned need;       /* L2 witnesses still missing: bit r */
    int l1_bad;
    uint64_t v;          /* value of the heap being checked */
    int firm_heap;
    gr_status st;
    gr_error *err;
} optscan;

static int scan_option(void *user, const uint64_t *h, size_t n) {
    optscan *o = user;
    uint64_t x = 0, g;
    int firm = 0;
    o->any = 1;
    for (size_t i = 0; i < n; i++) {
        o->st = gr_ruleset_value(o->rs, h[i], &g, o->err);
        if (o->st != GR_OK) return 1;
        x ^= g;
        if (o->rs->nl_firm[h[i]]) firm = 1;
    }
    if (firm) o->all_fickle = 0;
    if (o->firm_heap) {
        if (!firm && o->v <= 1 && x == (1 ^ o->v)) o->l1_bad = 1;
        for (unsigned r = 0; r <= 1; r++)
            if ((o->need >> r & 1) && ((!firm && x == (1u ^ r)) || (firm && x == r))) o->need &= ~(1u << r);
    }
    return 0;
}

/* Is the heap ruleset tame (L1, L2) for every heap <= m? 1 yes, 0 no or
 * unknown (past the table limit). */
gr_status gri_tame_upto(gr_ruleset *rs, uint64_t m, int *ok, gr_error *err) {
    *ok = 0;
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    if (gri_play_of(rs)->misere_firm) { *ok = 1; return GR_OK; }
    if (!gr_ruleset_is_heap(rs) || rs->nl_broken) return GR_OK;
    if (m >= gr_ctx_table_limit(rs->ctx)) return GR_OK;
    uint64_t v;
    gr_status st = gr_ruleset_value(rs, m, &v, err);
    if (st != GR_OK) return st;
    if (!gri_grow(al, (void **)&rs->nl_firm, &rs->nl_cap, (size_t)m + 1, 1)) return gri_fail(err, GR_ENOMEM, "out of memory");
    /* a heap's options may cost milliseconds to list (coprime, divisor) */
    gri_ticker tk;
    gri_ticker_start(&tk, rs->ctx);
    while (rs->nl_len <= m) {
        uint64_t h = rs->nl_len;
        if ((st = gri_tick_poll(&tk, rs->ctx, err, "the misère types of the heaps", h, "heaps")) != GR_OK)
            return st;
        optscan o = {rs, 0, 1, 0, 0, 0, 0, GR_OK, err};
        if ((st = gr_ruleset_value(rs, h, &o.v, err)) != GR_OK) return st;
        /* first pass: the type, from the options' types */
        int complete;
        if ((st = gri_rs_options_capped(rs, h, 0, 0, scan_option, &o, &complete, err)) != GR_OK || o.st != GR_OK)
            return st != GR_OK ? st : o.st;
        int firm = !(o.v <= 1 && o.all_fickle);
        rs->nl_firm[h] = (uint8_t)firm;
        if (firm) {
            optscan p = {rs, 0, 1, 0, 0, o.v, 1, GR_OK, err};
            for (unsigned r = 0; r <= 1; r++) if (r != o.v) p.need |= 1u << r;
            if ((st = gri_rs_options_capped(rs, h, 0, 0, scan_option, &p, &complete, err)) != GR_OK || p.st != GR_OK)
                return st != GR_OK ? st : p.st;
            if (p.l1_bad || p.need) { rs->nl_broken = 1; return GR_OK; }
        }
        rs->nl_len++;
    }
    *ok = 1;
    return GR_OK;
}

static int count_option(void *user, const uint64_t *h, size_t n) {
    (void)h; (void)n;
    *(int *)user = 1;
    return 1;
}

/* Does every heap <= m of value 0 lack moves (and no move splits)? */
gr_status gri_sj_upto(gr_ruleset *rs, uint64_t m, int *ok, gr_error *err) {
    *ok = 0;
    if (gri_play_of(rs)->misere_firm) {
        int sj = 0;
        (void)gri_play_of(rs)->misere_firm(rs, m, &sj);
        *ok = sj;
        return GR_OK;
    }
    if (!gr_ruleset_is_heap(rs) || splits(rs) || rs->sj_broken) return GR_OK;
    if (m >= gr_ctx_table_limit(rs->ctx)) return GR_OK;
    uint64_t v;
    gr_status st;
    gri_ticker tk;
    gri_ticker_start(&tk, rs->ctx);
    while (rs->sj_len <= m) {
        uint64_t h = rs->sj_len;
        if ((st = gri_tick_poll(&tk, rs->ctx, err, "the heaps' moves", h, "heaps")) != GR_OK) return st;
        if ((st = gr_ruleset_value(rs, h, &v, err)) != GR_OK) return st;
        if (v == 0) {
            int any = 0, complete;
            if ((st = gri_rs_options_capped(rs, h, 1, 0, count_option, &any, &complete, err)) != GR_OK) return st;
            if (any) { rs->sj_broken = 1; return GR_OK; }
        }
        rs->sj_len++;
    }
    *ok = 1;
    return GR_OK;
}

