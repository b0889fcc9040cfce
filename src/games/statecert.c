/* Value certificates of state games (gr_state_value_certificate,
 * docs/certificates.md): wythoff, euclid, fib and dyn[k], and rule[...]
 * terms. Every state reachable from the term, once, with its value by a
 * plain mex over the family's own moves; entries are numbered as they are
 * finished, so a state's options are all earlier entries. The walk keeps
 * its own stack (chains of any length), and a state met again while it is
 * still being valued is a cycle: such a game has no value certificate. */
#include <stdio.h>
#include <string.h>
#include "core/keymap.h"
#include "games/dyn.h"
#include "games/rule_internal.h"

#define CERT_MAX_ARITY GRI_RULE_MAX_ARITY
#define IN_PROGRESS UINT64_MAX
/* the words of options the states on the walk may hold at once (256 MB):
 * euclid(100000,99999) walks down a chain of 10^5 states of up to 10^5
 * options each, 5 * 10^9 options that a checker would list too */
#define CERT_MAX_WORDS ((size_t)1 << 25)

typedef enum { FAM_PAIR, FAM_DYN, FAM_RULE_HEAP, FAM_RULE_STATE } fam_kind;

typedef struct frame {
    size_t id;              /* the state's keymap entry */
    size_t opt0, opt1;      /* its options in the arena: [np, parts...] each */
    size_t cur, part;       /* the option being walked, and its part */
} frame;

typedef struct walker {
    gr_ruleset *rs;
    fam_kind kind;
    unsigned arity;
    const gr_allocator *al;
    gri_keymap map;         /* state -> keymap id */
    uint64_t *val;          /* id -> value, IN_PROGRESS while on the stack */
    size_t vcap;
    uint64_t *arena;        /* the options of the states on the stack */
    size_t alen, acap;
    frame *stack;
    size_t sp, scap;
    uint64_t entries;
    gri_buf out;
    gr_status st;
    gr_error *err;
} walker;

static int put_words(walker *w, const uint64_t *x, size_t n) {
    if (w->alen + n > CERT_MAX_WORDS) {
        w->st = gri_fail(w->err, GR_ELIMIT, "%s: the states being valued hold more than %zu option numbers at once "
                                            "(the value certificate's limit)", w->rs->spec, CERT_MAX_WORDS);
        return 1;
    }
    if (!gri_grow(w->al, (void **)&w->arena, &w->acap, w->alen + n, sizeof *w->arena)) {
        w->st = gri_fail(w->err, GR_ENOMEM, "out of memory: the value certificate");
        return 1;
    }
    memcpy(w->arena + w->alen, x, n * sizeof *x);
    w->alen += n;
    return 0;
}

/* an option of k parts of w->arity numbers each (heap rules: zeros are no heap) */
static int on_parts(void *user, const uint64_t *parts, size_t np) {
    walker *w = user;
    uint64_t keep[RULE_MAX_PARTS * CERT_MAX_ARITY];
    size_t k = 0;
    if (np > RULE_MAX_PARTS) {
        w->st = gri_fail(w->err, GR_EINTERNAL, "%s: an option of more than %d parts", w->rs->spec, RULE_MAX_PARTS);
        return 1;
    }
    for (size_t i = 0; i < np; i++) {
        if (w->kind == FAM_RULE_HEAP && parts[i] == 0) continue;
        memcpy(keep + k * w->arity, parts + i * w->arity, w->arity * sizeof *parts);
        k++;
    }
    uint64_t head = k;
    return put_words(w, &head, 1) || put_words(w, keep, k * w->arity);
}

static int on_state(void *user, const uint64_t *args, size_t n) {
    (void)n;
    return on_parts(user, args, 1);
}

/* the options of state x into the arena */
static gr_status list_options(walker *w, const uint64_t *x) {
    gr_status st = GR_OK;
    if (w->kind == FAM_RULE_HEAP || w->kind == FAM_RULE_STATE) {
        if (w->kind == FAM_RULE_HEAP && x[0] == 0) return GR_OK; /* a heap of 0 is no heap */
        st = gri_rule_options(gri_rule_of(w->rs), x, RULE_MAX_STEPS, on_parts, w, w->err);
    } else {
        int complete = 1;
        st = gr_ruleset_state_options(w->rs, x, w->arity, 0, on_state, w, &complete, w->err);
        if (st == GR_OK && !complete && w->st == GR_OK)
            st = gri_fail(w->err, GR_ELIMIT, "%s: a state's options could not all be listed", w->rs->spec);
    }
    return st != GR_OK ? st : w->st;
}

/* a new state on the stack, its options listed */
static gr_status push(walker *w, const uint64_t *x) {
    size_t id;
    gr_status st = gri_keymap_add(&w->map, x, w->arity, 0, &id);
    if (st == GR_ELIMIT)
        return gri_fail(w->err, GR_ELIMIT, "%s: more than %zu states are reachable (the certificate's limit)",
                        w->rs->spec, w->map.max);
    if (st != GR_OK) return gri_fail(w->err, st, "out of memory: the value certificate");
    if (!gri_grow(w->al, (void **)&w->val, &w->vcap, id + 1, sizeof *w->val) ||
        !gri_grow(w->al, (void **)&w->stack, &w->scap, w->sp + 1, sizeof *w->stack))
        return gri_fail(w->err, GR_ENOMEM, "out of memory: the value certificate");
    w->val[id] = IN_PROGRESS;
    frame f = {id, w->alen, 0, w->alen, 0};
    if ((st = list_options(w, x)) != GR_OK) return st;
    f.opt1 = w->alen;
    w->stack[w->sp++] = f;
    return GR_OK;
}

/* the top state's value by the mex of its options (all valued now), its line */
static gr_status finish(walker *w, gr_mexset *ms) {
    frame *f = &w->stack[w->sp - 1];
    gr_mexset_clear(ms);
    for (size_t at = f->opt0; at < f->opt1;) {
        uint64_t np = w->arena[at++], x = 0;
        for (uint64_t p = 0; p < np; p++, at += w->arity) x ^= w->val[gri_keymap_find(&w->map, w->arena + at, w->arity)];
        if (x <= (f->opt1 - f->opt0) && gri_mexset_add(w->al, ms, x) != GR_OK)
            return gri_fail(w->err, GR_ENOMEM, "out of memory: the value certificate");
    }
    uint64_t v = gr_mexset_mex(ms);
    w->val[f->id] = v;
    gri_buf_puts(&w->out, "s ");
    gri_buf_u64(&w->out, v);
    const uint64_t *key = w->map.words + w->map.off[f->id];
    for (unsigned i = 0; i < w->arity; i++) {
        gri_buf_puts(&w->out, " ");
        gri_buf_u64(&w->out, key[i]);
    }
    gri_buf_puts(&w->out, "\n");
    w->entries++;
    w->alen = f->opt0;
    w->sp--;
    return GR_OK;
}

static gr_status walk(walker *w, const uint64_t *root, uint64_t *value) {
    gr_mexset ms;
    gr_mexset_init(&ms);
    gri_ticker_resume(&w->rs->tick, w->rs->ctx);
    gr_status st = push(w, root);
    while (st == GR_OK && w->sp) {
        if ((st = gri_tick_poll(&w->rs->tick, w->rs->ctx, w->err, "the value certificate", w->entries, "states")) !=
            GR_OK)
            break;
        frame *f = &w->stack[w->sp - 1];
        const uint64_t *x = NULL;
        while (f->cur < f->opt1) {
            uint64_t np = w->arena[f->cur];
            if (f->part == np) { f->cur += 1 + np * w->arity; f->part = 0; continue; }
            const uint64_t *p = w->arena + f->cur + 1 + f->part * w->arity;
            size_t id = gri_keymap_find(&w->map, p, w->arity);
            if (id == SIZE_MAX) { x = p; break; }
            if (w->val[id] == IN_PROGRESS) {
                st = gri_fail(w->err, GR_ECYCLE, "%s: a position can be reached from itself (a loopy game has no "
                                                 "value certificate)", w->rs->spec);
                break;
            }
            f->part++;
        }
        if (st != GR_OK) break;
        if (x) {
            uint64_t copy[CERT_MAX_ARITY];
            memcpy(copy, x, w->arity * sizeof *x); /* the arena may move */
            st = push(w, copy);
        } else {
            st = finish(w, &ms);
        }
    }
    if (st == GR_OK && w->out.failed) st = gri_fail(w->err, GR_ENOMEM, "out of memory: the value certificate");
    if (st == GR_OK) *value = w->val[gri_keymap_find(&w->map, root, w->arity)];
    gri_mexset_free(w->al, &ms);
    return st;
}

gr_status gr_state_value_certificate(gr_ruleset *rs, const uint64_t *args, size_t nargs, uint64_t max_entries,
                                     char **out, size_t *len, gr_error *err) {
    *out = NULL;
    *len = 0;
    walker w;
    memset(&w, 0, sizeof w);
    uint64_t root[CERT_MAX_ARITY] = {0};
    int heap = rs ? gr_ruleset_is_heap(rs) : 0;
    gri_cert_kind ck = rs && rs->fam ? rs->fam->cert : GRI_CERT_NONE;
    if (ck == GRI_CERT_RULE) {
        w.kind = heap ? FAM_RULE_HEAP : FAM_RULE_STATE;
        w.arity = gri_rule_arity(gri_rule_of(rs));
        if (gri_loopy_of(rs)->is_loopy && gri_loopy_of(rs)->is_loopy(rs))
            return gri_fail(err, GR_ECYCLE, "%s: a position can be reached from itself (a loopy game has no value "
                                             "certificate)", rs->spec);
        if (heap && nargs != 1)
            return gri_fail(err, GR_EINVAL, "%s: a value certificate is of one heap (write one term per heap)",
                            rs->spec);
    } else if (ck == GRI_CERT_PAIR) {
        w.kind = FAM_PAIR;
        w.arity = 2;
    } else if (ck == GRI_CERT_DYN) {
        w.kind = FAM_DYN;
        w.arity = 2;
    } else {
        return gri_fail(err, GR_EINVAL, "%s: value certificates of state games are written for wythoff, euclid, "
                                        "fib, dyn and rule[...] terms (and of boards for nodekayles, arckayles and "
                                        "cram)", rs ? rs->spec : "(null)");
    }
    size_t bad = 0;
    gr_status st = heap ? GR_OK : gr_ruleset_state_check(rs, args, nargs, &bad, err);
    if (st != GR_OK) return st;
    if (w.kind == FAM_DYN) {
        root[0] = args[0];
        root[1] = gri_dyn_cap(args, nargs);
    } else {
        if (nargs != w.arity) return gri_fail(err, GR_EINVAL, "%s takes %u numbers", rs->spec, w.arity);
        memcpy(root, args, nargs * sizeof *args);
    }
    w.rs = rs;
    w.al = gri_ctx_alloc(rs->ctx);
    w.err = err;
    gri_keymap_init(&w.map, max_entries ? max_entries : 1000000, w.al);
    gri_buf_init(&w.out, w.al);
    uint64_t value = 0;
    st = walk(&w, root, &value);
    if (st == GR_OK) {
        gri_buf head;
        gri_buf_init(&head, w.al);
        char num[96];
        snprintf(num, sizeof num, "game state\nvalue %llu\nentries %llu\n", (unsigned long long)value,
                 (unsigned long long)w.entries);
        gri_buf_puts(&head, num);
        gri_buf_put(&head, w.out.data ? w.out.data : "", w.out.len);
        if (head.failed) st = gri_fail(err, GR_ENOMEM, "out of memory: the value certificate");
        if (st == GR_OK) st = gri_buf_take(&head, out, len);
        else gri_buf_free(&head);
    }
    gri_buf_free(&w.out);
    gri_keymap_free(&w.map);
    gri_free(w.al, w.val);
    gri_free(w.al, w.arena);
    gri_free(w.al, w.stack);
    return st;
}

gr_status gr_ruleset_value_certificate(gr_ruleset *rs, const uint64_t *args, size_t nargs, uint64_t max_entries,
                                       char **out, size_t *len, gr_error *err) {
    gri_cert_kind ck = rs && rs->fam ? rs->fam->cert : GRI_CERT_NONE;
    if (ck == GRI_CERT_BOARD) return gr_board_value_certificate(rs, args, nargs, max_entries, out, len, err);
    return gr_state_value_certificate(rs, args, nargs, max_entries, out, len, err);
}
