/* Positions: writing them back, their values by the Sprague-Grundy theorem
 * (XOR of the components' values), and their winning moves. */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "play/position_internal.h"
#include "core/family.h"

size_t gr_position_count(const gr_position *pos) { return pos->nterms; }

void gri_term_write(gri_buf *b, const gr_position *pos, const gri_term *t) {
    const uint64_t *a = pos->args + t->args;
    if (t->bare) { gri_buf_u64(b, a[0]); return; }
    if (gri_syntax_of(t->rs)->write_term) { gri_syntax_of(t->rs)->write_term(t->rs, a, t->nargs, b); return; }
    gri_buf_puts(b, gr_ruleset_spec(t->rs));
    gri_buf_puts(b, "(");
    for (uint32_t k = 0; k < t->nargs; k++) {
        if (k) gri_buf_puts(b, ",");
        gri_buf_u64(b, a[k]);
    }
    gri_buf_puts(b, ")");
}

gr_status gr_position_format(const gr_position *pos, char **out, size_t *len) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    gri_buf b;
    gri_buf_init(&b, al);
    for (size_t i = 0; i < pos->nterms; i++) {
        if (i) gri_buf_puts(&b, " + ");
        gri_term_write(&b, pos, &pos->terms[i]);
    }
    if (!pos->nterms) gri_buf_puts(&b, "0");
    return gri_buf_take(&b, out, len);
}

gr_status gr_position_term_format(const gr_position *pos, size_t i, char **out) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    if (i >= pos->nterms) { *out = NULL; return GR_EINVAL; }
    gri_buf b;
    gri_buf_init(&b, al);
    gri_term_write(&b, pos, &pos->terms[i]);
    return gri_buf_take(&b, out, NULL);
}

gr_status gr_ruleset_term_format(const gr_ruleset *rs, const uint64_t *args, size_t n, char **out, int *own) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    gri_buf b;
    gri_buf_init(&b, al);
    if (own) *own = gri_syntax_of(rs)->write_term != NULL;
    if (gri_syntax_of(rs)->write_term) gri_syntax_of(rs)->write_term(rs, args, n, &b);
    else {
        gri_buf_puts(&b, gr_ruleset_spec(rs));
        gri_buf_puts(&b, "(");
        for (size_t k = 0; k < n; k++) {
            if (k) gri_buf_puts(&b, ",");
            gri_buf_u64(&b, args[k]);
        }
        gri_buf_puts(&b, ")");
    }
    return gri_buf_take(&b, out, NULL);
}

gr_status gr_position_format_after(const gr_position *pos, const gr_move *move, char **out, size_t *len) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    if (move->component >= pos->nterms) { *out = NULL; return GR_EINVAL; }
    gri_buf b;
    gri_buf_init(&b, al);
    for (size_t i = 0; i < pos->nterms; i++) {
        if (i) gri_buf_puts(&b, " + ");
        if (i == move->component) gri_buf_puts(&b, move->to);
        else gri_term_write(&b, pos, &pos->terms[i]);
    }
    return gri_buf_take(&b, out, len);
}

gr_status gr_position_format_moves(const gr_position *pos, const gr_move *moves, size_t nmoves, char **out,
                                   size_t *len) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    for (size_t j = 0; j < nmoves; j++)
        if (moves[j].component >= pos->nterms) { *out = NULL; return GR_EINVAL; }
    gri_buf b;
    gri_buf_init(&b, al);
    for (size_t i = 0; i < pos->nterms; i++) {
        if (i) gri_buf_puts(&b, " + ");
        const char *to = NULL;
        for (size_t j = 0; j < nmoves; j++) if (moves[j].component == i) to = moves[j].to;
        if (to) gri_buf_puts(&b, to);
        else gri_term_write(&b, pos, &pos->terms[i]);
    }
    if (!pos->nterms) gri_buf_puts(&b, "0");
    return gri_buf_take(&b, out, len);
}

gr_status gr_position_term(const gr_position *pos, size_t i, gr_term_info *out) {
    if (i >= pos->nterms) return GR_EINVAL;
    const gri_term *t = &pos->terms[i];
    out->ruleset = t->rs;
    out->args = pos->args + t->args;
    out->nargs = t->nargs;
    out->bare = t->bare;
    return GR_OK;
}

/* a loopy term's value, when finite */
static gr_status loopy_term_value(gr_position *pos, size_t i, uint64_t *value, gr_error *err) {
    const gri_term *t = &pos->terms[i];
    gri_gv g;
    gr_status st = gri_loopy_of(t->rs)->gvalue(t->rs, pos->args + t->args, t->nargs, &g, err);
    if (st != GR_OK) return st;
    if (g.infinite)
        return gri_fail(err, GR_ECYCLE, "term %zu (%s) has an infinite value: the game is loopy and may be a draw "
                                        "(ask for its outcome: grundy solve)",
                        i + 1, t->rs->spec);
    *value = g.value;
    return GR_OK;
}

static gr_status term_value(gr_position *pos, size_t i, uint64_t *value, gr_error *err) {
    const gri_term *t = &pos->terms[i];
    uint64_t x = 0, v;
    if (gri_rs_loopy(t->rs)) return loopy_term_value(pos, i, value, err);
    gr_status st = GR_OK;
    if (!gr_ruleset_is_heap(t->rs)) {
        st = gri_state_value(t->rs, pos->args + t->args, t->nargs, &x, err);
    } else {
        for (uint32_t k = 0; k < t->nargs && st == GR_OK; k++) {
            st = gr_ruleset_value(t->rs, pos->args[t->args + k], &v, err);
            x ^= v;
        }
    }
    /* a family that has just found its game loopy values it on its graph */
    if (st == GR_ECYCLE && gri_rs_loopy(t->rs)) return loopy_term_value(pos, i, value, err);
    *value = x;
    return st;
}

gr_status gr_position_term_value(gr_position *pos, size_t i, uint64_t *value, gr_error *err) {
    if (i >= pos->nterms) return gri_fail(err, GR_EINVAL, "no term %zu in a sum of %zu", i, pos->nterms);
    if (pos->known[i]) { *value = pos->values[i]; return GR_OK; }
    gr_status st = term_value(pos, i, value, err);
    if (st != GR_OK) return st;
    pos->values[i] = *value;
    pos->known[i] = 1;
    return GR_OK;
}

gr_status gr_position_value(gr_position *pos, uint64_t *value, gr_error *err) {
    uint64_t x = 0, v;
    for (size_t i = 0; i < pos->nterms; i++) {
        gr_status st = gr_position_term_value(pos, i, &v, err);
        if (st != GR_OK) return st;
        x ^= v;
    }
    *value = x;
    return GR_OK;
}

/* ---- winning moves ---- */

/* Options of a heap beyond the value table are listed only this far. */
#define HUGE_HEAP_OPTIONS ((uint64_t)1 << 12)
/* ... and all huge heaps of one call together this far */
#define HUGE_TOTAL_OPTIONS ((uint64_t)1 << 22)

typedef struct wm {
    gri_movesink out;      /* where the moves go */
    uint64_t want;        /* the XOR the heap's replacement must have */
    int partial;          /* a huge heap's options were not all listed */
} wm;

void gri_term_write_after(gri_buf *b, const gr_position *pos, const gri_term *t, uint32_t heap, const uint64_t *vals,
                         size_t n, int state) {
    const uint64_t *a = pos->args + t->args;
    if (t->bare) { gri_buf_u64(b, n ? vals[0] : 0); return; }
    if (state && gri_syntax_of(t->rs)->write_term) { gri_syntax_of(t->rs)->write_term(t->rs, vals, n, b); return; }
    if (state && !n) { gri_buf_puts(b, "0"); return; } /* the move ended the term */
    if (state && gri_syntax_of(t->rs)->write_args) { gri_syntax_of(t->rs)->write_args(t->rs, vals, n, b); return; }
    gri_buf_puts(b, gr_ruleset_spec(t->rs));
    gri_buf_puts(b, "(");
    size_t written = 0;
    for (uint32_t k = 0; k < (state ? 1u : t->nargs); k++) {
        if (state || k == heap) {
            for (size_t j = 0; j < n; j++) {
                if (written++) gri_buf_puts(b, ",");
                gri_buf_u64(b, vals[j]);
            }
        } else if (a[k]) {
            if (written++) gri_buf_puts(b, ",");
            gri_buf_u64(b, a[k]);
        }
    }
    if (!written) gri_buf_puts(b, "0");
    gri_buf_puts(b, ")");
}

/* the moving term written out, once per term (0 when out of memory: st set) */
static int sink_from(gri_movesink *s) {
    if (s->from || gr_position_term_format(s->pos, s->term, &s->from) == GR_OK) return 1;
    s->st = gri_fail(s->err, GR_ENOMEM, "out of memory listing moves");
    return 0;
}

/* one move to the callback, as text and as data */
static int hand_over(gri_movesink *s, const char *to, const gr_term_info *parts, size_t nparts) {
    if (!sink_from(s)) return 1;
    gr_move m = {s->term, s->from, to, nparts, parts};
    s->found++;
    if (s->fn(s->user, &m)) { s->cut = 1; return 1; }
    return 0;
}

gr_term_info *gri_term_infos(const gr_position *pos) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    gr_term_info *out = gri_malloc(al, (pos->nterms ? pos->nterms : 1) * sizeof *out);
    for (size_t i = 0; out && i < pos->nterms; i++) {
        const gri_term *t = &pos->terms[i];
        out[i] = (gr_term_info){t->rs, pos->args + t->args, t->nargs, t->bare};
    }
    return out;
}

int gri_move_call(gr_ctx *ctx, size_t component, const char *from, const char *to, gr_move_fn fn, void *user,
                  gr_status *st, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(ctx);
    gr_move m = {component, from, to, 0, NULL};
    gr_position *p = NULL;
    gr_error e;
    gr_status ps = gr_position_parse(ctx, to, strlen(to), 0, &p, &e);
    if (ps != GR_OK) {
        *st = ps == GR_ENOMEM ? gri_fail(err, ps, "out of memory listing moves")
                              : gri_fail(err, GR_EINTERNAL, "the move to '%s' does not read back: %s", to, e.message);
        return -1;
    }
    gr_term_info *parts = gri_term_infos(p);
    if (!parts) {
        gr_position_free(p);
        *st = gri_fail(err, GR_ENOMEM, "out of memory listing moves");
        return -1;
    }
    m.nparts = p->nterms;
    m.parts = parts;
    int stop = fn(user, &m) != 0;
    gri_free(al, parts);
    gr_position_free(p);
    return stop;
}

/* a move a family wrote as text (a prod coin's move leaves a sum of
 * coins): its data is the text read back */
int gri_movesink_emit(gri_movesink *s, const char *to) {
    if (s->max && s->found >= s->max) { s->cut = 1; return 1; }
    if (!sink_from(s)) return 1;
    s->found++;
    int r = gri_move_call(s->pos->ctx, s->term, s->from, to, s->fn, s->user, &s->st, s->err);
    if (r) s->cut = r > 0;
    return r != 0;
}

int gri_movesink_after(gri_movesink *s, const uint64_t *vals, size_t n, int state) {
    const gr_allocator *al = gri_ctx_alloc(s->pos->ctx);
    if (s->max && s->found >= s->max) { s->cut = 1; return 1; }
    const gri_term *t = &s->pos->terms[s->term];
    const uint64_t *a = s->pos->args + t->args;
    /* a state move that ends the term leaves "0", a nim heap of 0 */
    if (state && !n && !gri_syntax_of(t->rs)->write_term) return gri_movesink_emit(s, "0");
    gri_buf b;
    gri_buf_init(&b, al);
    gri_term_write_after(&b, s->pos, t, s->heap, vals, n, state);
    char *to;
    /* the data, as the text has it: a heap term keeps its other non-empty
     * heaps in order, with the moved heap replaced by vals (an empty term
     * is NAME(0)); a state term becomes vals */
    uint64_t *args = state ? NULL : gri_malloc(al, ((size_t)t->nargs + n + 1) * sizeof *args);
    to = NULL;
    if (gri_buf_take(&b, &to, NULL) != GR_OK || (!state && !args)) {
        gri_free(al, to);
        gri_free(al, args);
        s->st = gri_fail(s->err, GR_ENOMEM, "out of memory listing moves");
        return 1;
    }
    gr_term_info part = {t->rs, state ? vals : args, state ? n : 0, t->bare};
    if (!state) {
        if (t->bare) {
            args[part.nargs++] = n ? vals[0] : 0;
        } else {
            for (uint32_t k = 0; k < t->nargs; k++) {
                if (k == s->heap)
                    for (size_t j = 0; j < n; j++) args[part.nargs++] = vals[j];
                else if (a[k])
                    args[part.nargs++] = a[k];
            }
            if (!part.nargs) args[part.nargs++] = 0;
        }
    }
    int stop = hand_over(s, to, &part, 1);
    gri_free(al, args);
    gri_free(al, to);
    return stop;
}

int gri_movesink_after_sum(gri_movesink *s, const uint64_t *parts, size_t np, size_t width) {
    if (np == 1) return gri_movesink_after(s, parts, width, 1);
    if (s->max && s->found >= s->max) { s->cut = 1; return 1; }
    if (!np) return gri_movesink_emit(s, "0");
    const gr_allocator *al = gri_ctx_alloc(s->pos->ctx);
    const gri_term *t = &s->pos->terms[s->term];
    gri_buf b;
    gri_buf_init(&b, al);
    gr_term_info *info = gri_malloc(al, np * sizeof *info);
    for (size_t k = 0; k < np; k++) {
        if (k) gri_buf_puts(&b, " + ");
        gri_term_write_after(&b, s->pos, t, 0, parts + k * width, width, 1);
        if (info) info[k] = (gr_term_info){t->rs, parts + k * width, width, 0};
    }
    char *to = NULL;
    if (gri_buf_take(&b, &to, NULL) != GR_OK || !info) {
        gri_free(al, to);
        gri_free(al, info);
        s->st = gri_fail(s->err, GR_ENOMEM, "out of memory listing moves");
        return 1;
    }
    int stop = hand_over(s, to, info, np);
    gri_free(al, info);
    gri_free(al, to);
    return stop;
}

static int report_vals(wm *w, const uint64_t *vals, size_t n, int state) { return gri_movesink_after(&w->out, vals, n, state); }

static int report(wm *w, const uint64_t *heaps, size_t nh) { return report_vals(w, heaps, nh, 0); }

/* a prod coin's move, already written as the sum of coins it leaves */
static int on_prod(void *user, const char *to) { return gri_movesink_emit(&((wm *)user)->out, to); }

/* a state ruleset's option: the whole argument vector */
static int on_state(void *user, const uint64_t *args, size_t n) { return report_vals(user, args, n, 1); }

static int on_option(void *user, const uint64_t *heaps, size_t nh) {
    wm *w = user;
    const gri_term *t = &w->out.pos->terms[w->out.term];
    uint64_t x = 0, v;
    for (size_t j = 0; j < nh; j++) {
        gr_status st = gr_ruleset_value(t->rs, heaps[j], &v, w->out.err);
        if (st != GR_OK) { w->out.st = st; return 1; }
        x ^= v;
    }
    if (x != w->want) return 0;
    return report(w, heaps, nh);
}

/* Moves in term i that leave it with value target (the term's value is
 * tv); huge_seen counts the options listed of heaps past the table limit. */
gr_status gri_term_moves_to(gri_movesink *sink, size_t i, uint64_t tv, uint64_t target, uint64_t *huge_seen,
                            int *partial) {
    const gr_allocator *al = gri_ctx_alloc(sink->pos->ctx);
    gr_position *pos = sink->pos;
    gri_term *t = &pos->terms[i];
    gr_error *err = sink->err;
    gr_status st = GR_OK;
    wm w = {*sink, 0, 0};
    w.out.term = i;
    w.out.from = NULL; /* written when a move is found (gri_movesink_emit) */
    if (!gr_ruleset_is_heap(t->rs)) {
        int all = 1;
        if (t->rs->fam->moves_text)
            st = t->rs->fam->moves_text(t->rs, pos->args + t->args, t->nargs, target, on_prod, &w, &all, err);
        else
            st = gri_state_moves_to(t->rs, pos->args + t->args, t->nargs, target, on_state, &w, &all, err);
        if (st == GR_OK) st = w.out.st;
        if (!all && !w.out.cut) w.partial = 1;
        goto out;
    }
    for (uint32_t k = 0; k < t->nargs && !w.out.cut; k++) {
        uint64_t h = pos->args[t->args + k], g;
        if ((st = gr_ruleset_value(t->rs, h, &g, err)) != GR_OK) goto out;
        w.out.heap = k;
        w.want = target ^ tv ^ g;
        if (gri_rs_has(t->rs, GR_FAM_SMALLER_HEAPS)) {
            /* the one option of a nim heap with that value */
            if (w.want >= h) continue;
            uint64_t to = w.want;
            report(&w, &to, to ? 1 : 0);
            if (w.out.st != GR_OK) { st = w.out.st; goto out; }
            continue;
        }
        /* a heap within the table limit is listed in full; past it the
         * options are too many to list and only a sample is shown */
        uint64_t bound = h < gr_ctx_table_limit(pos->ctx) ? 0 : HUGE_HEAP_OPTIONS;
        if (bound) {
            gri_optiter it = {.fn = on_option, .user = &w};
            int all = 1;
            if (gri_rs_moves_to(t->rs, h, w.want, &it, &all)) {
                /* found directly: the emitted options are checked again by value */
                if (w.out.st != GR_OK) { st = w.out.st; goto out; }
                if (!all && !w.out.cut) w.partial = 1;
                continue;
            }
            if (*huge_seen >= HUGE_TOTAL_OPTIONS) { w.partial = 1; continue; }
        }
        uint64_t cap = bound && t->rs->periodic && !t->rs->saltus ? t->rs->pre + t->rs->per : 0;
        int all = 1;
        st = gri_rs_options_capped(t->rs, h, bound, cap, on_option, &w, &all, err);
        if (bound) *huge_seen += bound; /* an upper bound of what was listed */
        if (st == GR_OK) st = w.out.st;
        if (st != GR_OK) goto out;
        if (!all && bound && !w.out.cut) w.partial = 1;
    }
out:
    gri_free(al, w.out.from);
    w.out.from = NULL;
    *sink = w.out;
    if (w.partial) *partial = 1;
    return st;
}
