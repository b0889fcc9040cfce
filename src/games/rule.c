/* rule[CLAUSE; ...]: a game written in the rule language (lang/rulec.h).
 * A rule whose pattern is one name is a heap family: rule[...](7) + ...(3,4)
 * are heaps, a result with several parts splits a heap, and values come
 * from a table computed by mex, as for the built-in heap games (every heap
 * an option leaves must be smaller). A rule whose pattern has 2 to 4 names
 * is a state family: a term is one position, results may be sums of
 * positions, and values come from the shared memoized search. A rule
 * found not to be well-founded (a heap that grows, a position reachable
 * from itself) turns loopy: rule_loopy.c then values it on its graph of
 * positions. */
#include <stdlib.h>
#include <string.h>
#include "games/rule_internal.h"
#include "core/context_internal.h"
#include "core/sparse.h"
#include <stdio.h>


extern const gri_family gri_family_rule, gri_family_rule_state;



static gr_status rule_parse(gr_ruleset *rs, const char *p, size_t n, size_t line, size_t col0, gri_buf *canon,
                            gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    rule_data *d = gri_calloc(al, 1, sizeof *d);
    if (!d) return gri_fail(err, GR_ENOMEM, "out of memory");
    d->al = d->dn.al = al;
    gr_status st = gri_rule_compile(al, p ? p : "", p ? n : 0, line, col0, &d->rule, err);
    if (st != GR_OK) { gri_free(al, d); return st; }
    rs->data = d;
    if (gri_rule_arity(d->rule) > 1) rs->fam = &gri_family_rule_state;
    else if (gri_rule_shape_of(d->rule, &d->shape)) {
        d->single = gri_malloc(al, (d->shape.ntake ? d->shape.ntake : 1) * sizeof *d->single);
        d->shaped = d->single != NULL;
    }
    /* written back with blanks folded */
    size_t i = 0;
    while (i < n && (p[i] == ' ' || p[i] == '\t')) i++;
    int blank = 0;
    for (; i < n; i++) {
        if (p[i] == ' ' || p[i] == '\t') { blank = 1; continue; }
        if (blank) gri_buf_put(canon, " ", 1);
        blank = 0;
        gri_buf_put(canon, p + i, 1);
    }
    return GR_OK;
}

static void rule_free(gr_ruleset *rs) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    rule_data *d = rs->data;
    if (!d) return;
    gri_rule_loopy_free(d);
    gri_rule_dense_free(d);
    gri_rule_free(d->rule);
    gri_native_free(d->nat);
    gri_free(al, d->marks.v);
    gri_free(al, d->shape.take);
    gri_free(al, d->single);
    gri_free(al, d);
}

/* ---- one-number rules: a heap family ---- */

static int heap_splits(const gr_ruleset *rs) { return gri_rule_splits(gri_rule_of(rs)); }

typedef struct gather {
    gr_ruleset *rs;
    uint64_t n;
    gr_status st;
    gr_error *err;
} gather;

static int on_value(void *user, const uint64_t *parts, size_t np) {
    gather *g = user;
    uint64_t x = 0;
    for (size_t k = 0; k < np; k++) {
        if (!parts[k]) continue;
        if (parts[k] >= g->n) {
            /* not well-founded by heap size: the game is valued on its graph */
            ((rule_data *)g->rs->data)->loopy = 1;
            g->st = gri_fail(g->err, GR_ECYCLE,
                             "%s(%llu): a move leaves a heap of %llu, not a smaller one: the game may be loopy, so it has "
                             "no table of values (value and solve value it on its graph of positions)",
                             g->rs->spec, (unsigned long long)g->n, (unsigned long long)parts[k]);
            return 1;
        }
        x ^= gri_tab_at(g->rs, (size_t)parts[k]);
    }
    if (gri_mexset_add(gri_ctx_alloc(g->rs->ctx), &g->rs->mex, x) != GR_OK) { g->st = GR_ENOMEM; return 1; }
    return 0;
}

/* G(n) by the take-and-break kernels (the sparse-space method once the
 * table is long enough); 0 when this heap is not one they can take */
static int kernel_next(gr_ruleset *rs, gr_status *st, gr_error *err) {
    rule_data *d = rs->data;
    const gri_rule_shape *sh = &d->shape;
    uint64_t n = rs->len;
    size_t sums[8], nsums = 0;
    for (unsigned i = 0; i < sh->nsplit; i++) {
        uint64_t c = sh->split_c[i];
        if (n <= c) continue;             /* nothing to split: no option */
        uint64_t m = n - c;
        int64_t hi;
        if (m < 2 || m > INT64_MAX || !gri_rule_split_hi(d->rule, sh->split_clause[i], n, &hi)) return 0;
        if (hi < (int64_t)(m / 2) || hi > (int64_t)(m - 1)) return 0;
        sums[nsums++] = (size_t)m;
    }
    size_t nsingle = 0;
    for (size_t i = 0; i < sh->ntake && sh->take[i] <= n; i++)
        d->single[nsingle++] = sh->take[i] == n ? 0 : gri_tab_at(rs, (size_t)(n - sh->take[i]));
    if (!nsums && !sh->nsplit) {
        /* a subtraction game: at most nsingle options, so the mex is at most that */
        uint64_t seen[4] = {0, 0, 0, 0}, m = 0;
        int small = nsingle < 256;
        for (size_t i = 0; i < nsingle && small; i++)
            if (d->single[i] < 256) seen[d->single[i] >> 6] |= (uint64_t)1 << (d->single[i] & 63);
        if (small) {
            while (m < 256 && (seen[m >> 6] >> (m & 63) & 1)) m++;
            *st = gri_rs_push(rs, m, err);
            return 1;
        }
    }
    if (sh->nsplit && rs->sp.on == 0 && n >= gri_ctx_sparse_start_of(rs->ctx) && n < UINT32_MAX) {
        /* the parity of this heap's split removals (they may vary with n:
         * the class is only chosen by it, the values never depend on it) */
        unsigned seen = 0;
        for (size_t i = 0; i < nsums; i++) seen |= 1u << ((n - sums[i]) & 1);
        gri_sp_start(rs, seen);
    }
    if (rs->sp.on == 1) { *st = gri_sp_next(rs, d->single, nsingle, sums, nsums, sh->unequal, err); return 1; }
    uint64_t *bits;
    size_t words;
    if ((*st = gri_split_options(rs, sums, nsums, sh->unequal, &bits, &words, err)) != GR_OK) return 1;
    uint64_t lim = (uint64_t)words << 6;
    for (size_t i = 0; i < nsingle; i++)
        if (d->single[i] < lim) bits[d->single[i] >> 6] |= (uint64_t)1 << (d->single[i] & 63);
    *st = gri_rs_push(rs, gri_bits_mex(bits, words), err);
    return 1;
}

/* G(n) by native code; 0 when it asks the machine */
static int native_next(gr_ruleset *rs, gr_status *st, gr_error *err) {
    rule_data *d = rs->data;
    /* the mex is checked against cap by the code */
    if (!gri_rule_marks_room(d->al, &d->marks, rs->tabmax, UINT64_MAX)) return 0;
    gri_native_env env = {rs->tab, d->marks.v, d->marks.cap, ++d->marks.mark, RULE_MAX_STEPS};
    int64_t v = d->nfn[rs->tw == 1 ? 0 : rs->tw == 2 ? 1 : 2](rs->len, &env);
    if (v < 0) return 0;
    d->native_heaps++;
    *st = gri_rs_push(rs, (uint64_t)v, err);
    return 1;
}

/* which path the table took, for gr_ruleset_method (seq --json, explain) */
static const char *heap_method(const gr_ruleset *rs) {
    rule_data *d = rs->data;
    if (d->shaped && !d->fallback)
        return "the take-and-break kernels: the rule is, clause by clause, subtractions and splits of a heap";
    if (d->native > 0)
        snprintf(d->method, sizeof d->method, "native code compiled from the rule (%llu heaps), the rule machine for the rest (%llu heaps)",
                 (unsigned long long)d->native_heaps, (unsigned long long)d->machine_heaps);
    else
        snprintf(d->method, sizeof d->method, "the rule machine, heap by heap%s%s%s", d->native ? " (" : "",
                 d->native ? d->native_why : "", d->native ? ")" : "");
    return d->method;
}

/* the same for a rule of 2 to 4 numbers: the dense table or the search */
static const char *state_method(const gr_ruleset *rs) {
    rule_data *d = rs->data;
    const rule_dense *dn = &d->dn;
    if (d->loopy)
        return "mex over the options the rule lists, by the generalized Sprague-Grundy function of its graph (the rule is loopy)";
    if (dn->off || !dn->t)
        return "mex over the options the rule lists, by an exact memoized search";
    int k = snprintf(d->method, sizeof d->method,
                     "mex over the options the rule lists, in a dense table of %llu cells (4 bytes each): %llu cells by "
                     "native code compiled from the rule, %llu by the rule machine",
                     (unsigned long long)dn->cells, (unsigned long long)dn->valued_native,
                     (unsigned long long)dn->valued_machine);
    if (dn->line_cells && k > 0 && (size_t)k < sizeof d->method)
        snprintf(d->method + k, sizeof d->method - (size_t)k, ", %llu by the sets of their lines (the rule is whole lines)",
                 (unsigned long long)dn->line_cells);
    return d->method;
}

static gr_status heap_next(gr_ruleset *rs, gr_error *err) {
    rule_data *d = rs->data;
    gr_status kst;
    if (d->shaped && !d->fallback) {
        if (kernel_next(rs, &kst, err)) return kst;
        if (rs->sp.on == 1) d->fallback = 1; /* the sparse classes would go stale */
    }
    uint64_t n = rs->len;
    /* a heap of 0 is no heap: no moves (G(0) = 0), as for every heap game */
    if (n == 0) return gri_rs_push(rs, 0, err);
    if (!(d->shaped && !d->fallback) && (n >= rs->ctx->native_from || d->machine_steps >= RULE_NATIVE_STEPS) && n <= GRI_NATIVE_MAX_HEAP && gri_rule_native_ready(rs) && native_next(rs, &kst, err)) return kst;
    d->machine_heaps++;
    gather g = {rs, n, GR_OK, err};
    gr_mexset_clear(&rs->mex);
    uint64_t steps = 0;
    gr_status st = gri_rule_options_counted(gri_rule_of(rs), &n, RULE_MAX_STEPS, on_value, &g, &steps, err);
    d->machine_steps += steps;
    if (st != GR_OK) return st;
    if (g.st != GR_OK && g.st != GR_ENOMEM) return g.st;
    return gri_rs_push_mex(rs, g.st, err);
}

static int on_heaps(void *user, const uint64_t *parts, size_t np) {
    uint64_t keep[16];
    size_t k = 0;
    for (size_t i = 0; i < np && i < 16; i++) if (parts[i]) keep[k++] = parts[i];
    return gri_optiter_emit(user, keep, k);
}

static void heap_options(const gr_ruleset *rs, uint64_t n, gri_optiter *it) {
    gr_error local;
    if (!n) return; /* a heap of 0 is no heap */
    if (gri_rule_options(gri_rule_of(rs), &n, RULE_MAX_STEPS, on_heaps, it, &local) != GR_OK) it->cut = 1;
}

/* ---- rules on 2 to 4 numbers: a state family ---- */

typedef struct children_ctx {
    gr_ruleset *rs;
    gri_search *s;
    unsigned arity;
    gr_status st;
} children_ctx;

/* an option: a marker, then each position of its sum */
static int on_child(void *user, const uint64_t *parts, size_t np) {
    children_ctx *c = user;
    if ((c->st = gri_search_marker(c->s)) != GR_OK) return 1;
    for (size_t k = 0; k < np; k++)
        if ((c->st = gri_state_child(c->rs, c->s, parts + k * c->arity, c->arity)) != GR_OK) return 1;
    return 0;
}

/* the options as children of the shared search (core/statesearch.c) */
static gr_status state_children(gr_ruleset *rs, gri_search *s, const uint64_t *key, size_t len) {
    (void)len;
    children_ctx c = {rs, s, gri_rule_arity(gri_rule_of(rs)), GR_OK};
    gr_status st = gri_rule_options(gri_rule_of(rs), key, RULE_MAX_STEPS, on_child, &c, s->err);
    return st != GR_OK ? st : c.st;
}


static gr_status state_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err) {
    (void)args;
    unsigned a = gri_rule_arity(gri_rule_of(rs));
    if (n == a) return GR_OK;
    *bad = n > a ? a : 0;
    return gri_fail(err, GR_EINVAL, "this rule's positions have %u numbers", a);
}

static gr_status state_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err) {
    rule_data *d = rs->data;
    if (!d->no_dense) {
        int done;
        gr_status ds = gri_rule_dense_value(rs, args, value, &done, err);
        if (ds != GR_OK || done) return ds;
    }
    gr_status st = gri_state_search_value(rs, args, n, value, err);
    if (st == GR_ECYCLE) {
        d->loopy = 1;
        st = gri_fail(err, GR_ECYCLE, "%s: the game is loopy (a position can be reached from itself): value and solve "
                      "give its generalized values and outcomes (with draws), other play modes do not", rs->spec);
    }
    return st;
}

/* options one position each, for misère and Every-SG play */
typedef struct single {
    gr_ruleset *rs;
    gri_optiter *it;
    gr_state_option_fn fn;
    void *user;
    gr_status st;
    gr_error *err;
} single;

static int on_single(void *user, const uint64_t *parts, size_t np) {
    single *s = user;
    if (np != 1) {
        s->st = gri_fail(s->err, GR_EINVAL, "%s: a move to a sum of %zu positions is supported in normal and misère play, not in Every-SG",
                         s->rs->spec, np);
        return 1;
    }
    if (s->it->max && s->it->seen >= s->it->max) { s->it->stopped = s->it->cut = 1; return 1; }
    s->it->seen++;
    if (s->fn(s->user, parts, gri_rule_arity(gri_rule_of(s->rs)))) { s->it->stopped = 1; return 1; }
    return 0;
}

/* every option as a sum of positions of the rule's arity */
typedef struct sums {
    gr_ruleset *rs;
    gri_optiter *it;
    gri_sum_fn fn;
    void *user;
} sums;

static int on_sum(void *user, const uint64_t *parts, size_t np) {
    sums *s = user;
    if (s->it->max && s->it->seen >= s->it->max) { s->it->stopped = s->it->cut = 1; return 1; }
    s->it->seen++;
    if (s->fn(s->user, parts, np, gri_rule_arity(gri_rule_of(s->rs)))) { s->it->stopped = 1; return 1; }
    return 0;
}

static gr_status state_sums(gr_ruleset *rs, const uint64_t *args, size_t n, gri_optiter *it, gri_sum_fn fn, void *user,
                            gr_error *err) {
    (void)n;
    sums s = {rs, it, fn, user};
    return gri_rule_options(gri_rule_of(rs), args, RULE_MAX_STEPS, on_sum, &s, err);
}

static gr_status state_options(gr_ruleset *rs, const uint64_t *args, size_t n, gri_optiter *it, gr_state_option_fn fn,
                               void *user, gr_error *err) {
    (void)n;
    single s = {rs, it, fn, user, GR_OK, err};
    gr_status st = gri_rule_options(gri_rule_of(rs), args, RULE_MAX_STEPS, on_single, &s, err);
    return st != GR_OK ? st : s.st;
}

/* single-position options of a given value (the text form below is what
 * winning moves use, since options may be sums) */
static gr_status state_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target,
                                gr_state_option_fn fn, void *user, int *complete, gr_error *err) {
    (void)rs; (void)args; (void)n; (void)target; (void)fn; (void)user; (void)err;
    if (complete) *complete = 0;
    return GR_OK;
}

/* winning moves as text: the options (sums included) are collected, then
 * valued, and those of the target value written as the sum they leave */
typedef struct collect {
    const gr_allocator *al;
    uint64_t *w;
    size_t n, cap;
    unsigned arity;
    gr_status st;
} collect;

static int on_collect(void *user, const uint64_t *parts, size_t np) {
    collect *c = user;
    const gr_allocator *al = c->al;
    size_t need = 1 + np * c->arity;
    if (!gri_grow(al, (void **)&c->w, &c->cap, c->n + need, sizeof *c->w)) { c->st = GR_ENOMEM; return 1; }
    c->w[c->n] = np;
    memcpy(c->w + c->n + 1, parts, np * c->arity * sizeof *parts);
    c->n += need;
    return 0;
}

/* the options (every one with all set, else those of value target),
 * each written as the sum it leaves */
static gr_status write_moves(gr_ruleset *rs, const uint64_t *args, int all, uint64_t target,
                             int (*fn)(void *user, const char *to), void *user, int *complete, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    unsigned a = gri_rule_arity(gri_rule_of(rs));
    collect c = {al, NULL, 0, 0, a, GR_OK};
    *complete = 1;
    gr_status st = gri_rule_options(gri_rule_of(rs), args, RULE_MAX_STEPS, on_collect, &c, err);
    if (st == GR_OK && c.st != GR_OK) st = gri_fail(err, GR_ENOMEM, "out of memory");
    for (size_t i = 0; st == GR_OK && i < c.n; i += 1 + (size_t)c.w[i] * a) {
        size_t np = (size_t)c.w[i];
        uint64_t x = 0, v;
        for (size_t k = 0; k < np && st == GR_OK && !all; k++) {
            st = state_value(rs, c.w + i + 1 + k * a, a, &v, err);
            x ^= v;
        }
        if (st != GR_OK || (!all && x != target)) continue;
        gri_buf b;
        gri_buf_init(&b, al);
        for (size_t k = 0; k < np; k++) {
            if (k) gri_buf_puts(&b, " + ");
            gri_buf_puts(&b, rs->spec);
            gri_buf_puts(&b, "(");
            for (unsigned j = 0; j < a; j++) {
                if (j) gri_buf_puts(&b, ",");
                gri_buf_u64(&b, c.w[i + 1 + k * a + j]);
            }
            gri_buf_puts(&b, ")");
        }
        if (!np) gri_buf_puts(&b, "0");
        char *to;
        if (gri_buf_take(&b, &to, NULL) != GR_OK) { st = gri_fail(err, GR_ENOMEM, "out of memory"); break; }
        int stop = fn(user, to);
        gri_free(al, to);
        if (stop) { *complete = 0; break; }
    }
    gri_free(al, c.w);
    return st;
}

static gr_status state_moves_text(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target,
                                  int (*fn)(void *user, const char *to), void *user, int *complete, gr_error *err) {
    (void)n;
    return write_moves(rs, args, 0, target, fn, user, complete, err);
}

static gr_status state_all_moves(gr_ruleset *rs, const uint64_t *args, size_t n,
                                 int (*fn)(void *user, const char *to), void *user, int *complete, gr_error *err) {
    (void)n;
    return write_moves(rs, args, 1, 0, fn, user, complete, err);
}

/* A rule of the recognized shape whose splits are all the splits of n - c
 * is a finite octal game: take k (k in the set) leaving one heap or none,
 * or remove c and split the rest in two; the periodicity theorems for
 * subtraction games and Guy-Smith for two-way splits apply to it. Unequal
 * splits (Grundy's game) have no such theorem. */
static int rule_period_rule(const gr_ruleset *rs, gr_period_rule *rule, uint64_t *t) {
    const rule_data *d = rs->data;
    const gri_rule_shape *sh = &d->shape;
    if (!d->shaped || (sh->nsplit && (sh->unequal || !sh->full)) || (!sh->nsplit && !sh->ntake)) return 0;
    uint64_t m = sh->ntake ? sh->take[sh->ntake - 1] : 0;
    for (unsigned i = 0; i < sh->nsplit; i++) if (sh->split_c[i] > m) m = sh->split_c[i];
    *rule = sh->nsplit ? GR_PERIOD_SPLIT2 : GR_PERIOD_SUBTRACTION;
    *t = m;
    return 1;
}

/* a rule's game turns loopy when its search finds a cycle */
static const gri_loopy_hooks RULE_LOOPY = {
    .gvalue = gri_rule_gvalue, .is_loopy = gri_rule_is_loopy, .gvalue_options = gri_rule_gvalue_options};

/* a loopy rule's move may leave a sum: its arguments are written as one */
static const gri_term_syntax RULE_SYNTAX = {.write_args = gri_rule_write_args};

const gri_family gri_family_rule = {
    .name = "rule",
    .cert = GRI_CERT_RULE,
    .flags = GR_FAM_HEAP | GR_FAM_PARAMS_REQUIRED,
    .example = "rule[n -> n-k for k in 1..3]",
    .parse = rule_parse,
    .free = rule_free,
    .splits = heap_splits,
    .next = heap_next,
    .options = heap_options,
    .period_rule = rule_period_rule,
    .method_of = heap_method,
    .no_period = "grundy knows no periodicity theorem for rules in general, and does not guess one",
    .loopy = &RULE_LOOPY,
};

/* the same rules on 2 to 4 numbers; chosen by rule_parse, not in the registry */
const gri_family gri_family_rule_state = {
    .name = "rule",
    .cert = GRI_CERT_RULE,
    .method = "mex over the options the rule lists, by an exact memoized search (the generalized Sprague-Grundy function when the rule is loopy)",
    .method_of = state_method,
    .flags = GR_FAM_PARAMS_REQUIRED,
    .example = "rule[n -> n-k for k in 1..3]",
    .parse = rule_parse,
    .free = rule_free,
    .check = state_check,
    .value = state_value,
    .state_options = state_options,
    .state_moves_to = state_moves_to,
    .state_children = state_children,
    .state_sums = state_sums,
    .search_what = "the search of a rule",
    .moves_text = state_moves_text,
    .all_moves_text = state_all_moves,
    .syntax = &RULE_SYNTAX,
    .loopy = &RULE_LOOPY,
};
