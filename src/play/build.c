/* Positions from data: an empty sum (gr_position_new) and terms added one
 * at a time (gr_position_add_term), checked as the parser checks the same
 * terms written out, so a program with a million heaps never formats and
 * parses text. */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "play/position_internal.h"
#include "core/family.h"

gr_status gr_position_new(gr_ctx *ctx, gr_position **out, gr_error *err) {
    if (!out) return gri_fail(err, GR_EINVAL, "no place for the position");
    *out = NULL;
    if (!ctx) return gri_fail(err, GR_EINVAL, "no context");
    const gr_allocator *al = gri_ctx_alloc(ctx);
    gr_position *pos = gri_calloc(al, 1, sizeof *pos);
    if (!pos) return gri_fail(err, GR_ENOMEM, "out of memory");
    pos->ctx = ctx;
    /* the arrays exist from the start: pos->args + t->args is never
     * arithmetic on NULL, and a term's cached value has its slot */
    if (!gri_grow(al, (void **)&pos->args, &pos->args_cap, 1, sizeof *pos->args) ||
        !gri_grow(al, (void **)&pos->values, &pos->vcap, 1, sizeof *pos->values) ||
        !(pos->known = gri_calloc(al, pos->vcap, 1))) {
        gr_position_free(pos);
        return gri_fail(err, GR_ENOMEM, "out of memory");
    }
    *out = pos;
    return GR_OK;
}

/* room for one more term's cached value (known[] grows with values[]) */
static int value_room(gr_position *pos) {
    if (pos->nterms < pos->vcap) return 1;
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    size_t old = pos->vcap;
    if (!gri_grow(al, (void **)&pos->values, &pos->vcap, pos->nterms + 1, sizeof *pos->values)) return 0;
    unsigned char *k = gri_realloc(al, pos->known, pos->vcap);
    if (!k) return 0;
    memset(k + old, 0, pos->vcap - old);
    pos->known = k;
    return 1;
}

gr_status gr_position_add_term(gr_position *pos, gr_ruleset *rs, const uint64_t *args, size_t nargs, gr_error *err) {
    if (!pos) return gri_fail(err, GR_EINVAL, "no position");
    if (nargs && !args) return gri_fail(err, GR_EINVAL, "no arguments given for %zu", nargs);
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    gri_term t = {0};
    gr_status st;
    if (!rs) {
        if (nargs != 1) return gri_fail(err, GR_EINVAL, "a nim heap (no ruleset) takes one number, not %zu", nargs);
        if (!pos->nim && (st = gr_ctx_ruleset(pos->ctx, "nim", 3, &pos->nim, err)) != GR_OK) return st;
        rs = pos->nim;
        t.bare = 1;
    }
    if (rs->ctx != pos->ctx) return gri_fail(err, GR_EINVAL, "%s belongs to another context", rs->spec);
    if (nargs > UINT32_MAX) return gri_fail(err, GR_ELIMIT, "too many arguments in one term (%zu)", nargs);
    if (!nargs && !gri_syntax_of(rs)->parse_args) {
        return gri_fail(err, GR_EINVAL, "%s: a term needs at least one heap size", rs->spec);
    }
    if (!gr_ruleset_is_heap(rs)) {
        size_t bad = 0;
        if ((st = gr_ruleset_state_check(rs, args, nargs, &bad, err)) != GR_OK) return st;
    }
    if (!gri_grow(al, (void **)&pos->args, &pos->args_cap, pos->nargs + (nargs ? nargs : 1), sizeof *pos->args) ||
        !gri_grow(al, (void **)&pos->terms, &pos->terms_cap, pos->nterms + 1, sizeof *pos->terms) || !value_room(pos))
        return gri_fail(err, GR_ENOMEM, "out of memory adding a term");
    t.rs = rs;
    t.args = pos->nargs;
    t.nargs = (uint32_t)nargs;
    if (nargs) memcpy(pos->args + pos->nargs, args, nargs * sizeof *args);
    /* pieces that are a set are kept sorted past 16, as the parser does */
    if (gri_rs_has(rs, GR_FAM_ARGS_SET) && nargs > 16) gri_sort_u64(pos->args + pos->nargs, nargs);
    pos->nargs += nargs;
    pos->known[pos->nterms] = 0;
    pos->terms[pos->nterms++] = t;
    return GR_OK;
}

/* a term of pos, added to next as it is */
static gr_status copy_term(gr_position *next, const gr_position *pos, const gri_term *t, gr_error *err) {
    return gr_position_add_term(next, t->bare ? NULL : t->rs, pos->args + t->args, t->nargs, err);
}

gr_status gr_position_play(const gr_position *pos, const gr_move *move, gr_position **next, gr_error *err) {
    if (!next) return gri_fail(err, GR_EINVAL, "no place for the position");
    *next = NULL;
    if (!pos || !move) return gri_fail(err, GR_EINVAL, "no position or no move");
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    if (move->component >= pos->nterms)
        return gri_fail(err, GR_EINVAL, "no term %zu in a sum of %zu", move->component, pos->nterms);
    if (move->nparts && !move->parts) return gri_fail(err, GR_EINVAL, "a move of %zu parts without them", move->nparts);
    /* a move that has only its text (made by hand): its data read back */
    gr_position *read = NULL;
    const gr_term_info *parts = move->parts;
    size_t nparts = move->nparts;
    gr_term_info *tmp = NULL;
    gr_status st;
    if (!parts && !move->to) return gri_fail(err, GR_EINVAL, "a move with neither parts nor text");
    if (!parts) {
        if ((st = gr_position_parse(pos->ctx, move->to, strlen(move->to), 0, &read, err)) != GR_OK) return st;
        if (!(tmp = gri_term_infos(read))) {
            gr_position_free(read);
            return gri_fail(err, GR_ENOMEM, "out of memory");
        }
        parts = tmp;
        nparts = read->nterms;
    }
    gr_position *n = NULL;
    st = gr_position_new(pos->ctx, &n, err);
    for (size_t i = 0; i < pos->nterms && st == GR_OK; i++) {
        if (i != move->component) {
            st = copy_term(n, pos, &pos->terms[i], err);
            continue;
        }
        for (size_t j = 0; j < nparts && st == GR_OK; j++)
            st = gr_position_add_term(n, parts[j].bare ? NULL : parts[j].ruleset, parts[j].args, parts[j].nargs, err);
    }
    gri_free(al, tmp);
    gr_position_free(read);
    if (st != GR_OK) {
        gr_position_free(n);
        return st;
    }
    *next = n;
    return GR_OK;
}
