/* The rule machine (rulec.h): runs a compiled rule's code to list the
 * options of a position. Values are 128-bit and checked after every
 * operation, |v| <= 2^64 - 1; the nesting bound of the compiler bounds the
 * machine's stack. */
#include <stdlib.h>
#include <string.h>
#include "lang/rulec.h"

/* ---------------- the machine ---------------- */

static i128 gcd128(i128 a, i128 b) {
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b) { i128 t = a % b; a = b; b = t; }
    return a;
}

/* floor division and its remainder */
static i128 fdiv(i128 a, i128 b) {
    i128 q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) q--;
    return q;
}

static gr_status run(const code *c, const i128 *slots, size_t clause_no, i128 *out, gr_error *err) {
    i128 st[RULE_STACK];
    size_t sp = 0;
    for (size_t pc = 0; pc < c->n; pc++) {
        const insn *in = &c->v[pc];
        i128 a = 0, b = 0, v = 0;
        switch (in->op) {
        case OP_CONST: st[sp++] = (i128)in->arg; continue;
        case OP_LOAD: st[sp++] = slots[in->arg]; continue;
        case OP_POP: sp--; continue;
        case OP_JFALSE_KEEP: if (!st[sp - 1]) pc = in->arg - 1; continue;
        case OP_JTRUE_KEEP: if (st[sp - 1]) pc = in->arg - 1; continue;
        case OP_NEG: st[sp - 1] = -st[sp - 1]; continue;
        case OP_NOT: st[sp - 1] = !st[sp - 1]; continue;
        default: break;
        }
        b = st[--sp];
        a = st[--sp];
        switch (in->op) {
        case OP_ADD: v = a + b; break;
        case OP_SUB: v = a - b; break;
        case OP_MUL:
            /* both within 2^64: the product fits in 128 bits only when checked */
            if (a && b && ((a < 0 ? -a : a) > VMAX / (b < 0 ? -b : b)))
                return gri_fail(err, GR_ERANGE, "rule clause %zu: arithmetic overflows 64 bits", clause_no);
            v = a * b;
            break;
        case OP_DIV: case OP_MOD:
            if (!b) return gri_fail(err, GR_EINVAL, "rule clause %zu: division by zero", clause_no);
            v = fdiv(a, b);
            if (in->op == OP_MOD) v = a - v * b;
            break;
        case OP_MIN: v = a < b ? a : b; break;
        case OP_MAX: v = a > b ? a : b; break;
        case OP_GCD: v = gcd128(a, b); break;
        case OP_LT: v = a < b; break;
        case OP_LE: v = a <= b; break;
        case OP_GT: v = a > b; break;
        case OP_GE: v = a >= b; break;
        case OP_EQ: v = a == b; break;
        case OP_NE: v = a != b; break;
        case OP_DIVIDES: v = a ? b % a == 0 : b == 0; break;
        default: return gri_fail(err, GR_EINTERNAL, "rule: bad instruction");
        }
        if (v > VMAX || v < -VMAX) return gri_fail(err, GR_ERANGE, "rule clause %zu: arithmetic overflows 64 bits", clause_no);
        st[sp++] = v;
    }
    *out = st[sp - 1];
    return GR_OK;
}

/* whether a stop test of loop l holds at the current values (an error in
 * a test only means it does not stop the loop: the iteration then runs
 * as without it, and reports the error if it has one) */
static int stops_here(const loop *l, const i128 *slots) {
    gr_error scratch;
    for (unsigned k = 0; k < l->nstops; k++) {
        i128 v;
        if (run(&l->stops[k].c, slots, 0, &v, &scratch) != GR_OK) continue;
        if (l->stops[k].kind == STOP_NEGATIVE ? v < 0 : v == 0) return 1;
    }
    return 0;
}

gr_status gri_rule_options(const gri_rule *r, const uint64_t *x, uint64_t max_steps, gri_rule_fn fn, void *user,
                           gr_error *err) {
    return gri_rule_options_counted(r, x, max_steps, fn, user, NULL, err);
}

gr_status gri_rule_options_counted(const gri_rule *r, const uint64_t *x, uint64_t max_steps, gri_rule_fn fn, void *user,
                                   uint64_t *counted, gr_error *err) {
    uint64_t local = 0;
    if (!counted) counted = &local;
    i128 slots[GRI_RULE_MAX_ARITY + RULE_MAX_LOOPS], hi[RULE_MAX_LOOPS];
    uint64_t out[RULE_MAX_PARTS * GRI_RULE_MAX_ARITY];
    *counted = 0;
    for (size_t ci = 0; ci < r->nc; ci++) {
        const clause *cl = &r->c[ci];
        for (unsigned k = 0; k < r->arity; k++) slots[k] = (i128)x[k];
        unsigned depth = 0;  /* loops entered */
        gr_status st;
        int fresh = 1;       /* entering loop `depth` anew */
        for (;;) {
            if (depth < cl->nloops) {
                const loop *l = &cl->loops[depth];
                if (fresh) {
                    i128 lo;
                    if ((st = run(&l->lo, slots, ci + 1, &lo, err)) != GR_OK) return st;
                    if ((st = run(&l->hi, slots, ci + 1, &hi[depth], err)) != GR_OK) return st;
                    slots[l->slot] = lo;
                } else {
                    slots[l->slot]++;
                }
                if (slots[l->slot] > hi[depth] || (l->nstops && !r->no_stops && stops_here(l, slots))) {
                    /* this range is done: back to the loop outside it */
                    if (depth == 0) break;
                    depth--;
                    fresh = 0;
                    continue;
                }
                if (++*counted > max_steps)
                    return gri_fail(err, GR_ELIMIT, "rule: listing the options takes more than %llu steps",
                                    (unsigned long long)max_steps);
                depth++;
                fresh = 1;
                continue;
            }
            /* innermost: the condition and the result */
            int take = 1;
            if (cl->cond.n) {
                i128 c;
                if ((st = run(&cl->cond, slots, ci + 1, &c, err)) != GR_OK) return st;
                take = c != 0;
            }
            for (unsigned k = 0; take && k < cl->nparts; k++)
                for (unsigned j = 0; take && j < r->arity; j++) {
                    i128 v;
                    if ((st = run(&cl->parts[k][j], slots, ci + 1, &v, err)) != GR_OK) return st;
                    if (v < 0) take = 0;  /* a negative entry is not a move */
                    else out[k * r->arity + j] = (uint64_t)v;
                }
            if (take && fn(user, out, cl->nparts)) return GR_OK;
            if (!cl->nloops) break;
            depth--;
            fresh = 0;
        }
    }
    return GR_OK;
}

/* ---------------- shapes the kernels can run ---------------- */

static int loads(const code *c, uint64_t slot) {
    for (size_t i = 0; i < c->n; i++)
        if (c->v[i].op == OP_LOAD && c->v[i].arg == slot) return 1;
    return 0;
}

/* n - c - a as written: (n - a) [- c] or (n - c) - a; *cc gets c */
static int is_rest(const code *c, uint64_t *cc) {
    const insn na[] = {{OP_LOAD, 0}, {OP_LOAD, 1}, {OP_SUB, 0}};
    if (rule_code_is(c, na, 3)) { *cc = 0; return 1; }
    if (c->n == 5 && c->v[1].op == OP_CONST) {
        const insn nca[] = {{OP_LOAD, 0}, {OP_CONST, c->v[1].arg}, {OP_SUB, 0}, {OP_LOAD, 1}, {OP_SUB, 0}};
        if (rule_code_is(c, nca, 5)) { *cc = c->v[1].arg; return 1; }
    }
    if (c->n == 5 && c->v[3].op == OP_CONST) {
        const insn nac[] = {{OP_LOAD, 0}, {OP_LOAD, 1}, {OP_SUB, 0}, {OP_CONST, c->v[3].arg}, {OP_SUB, 0}};
        if (rule_code_is(c, nac, 5)) { *cc = c->v[3].arg; return 1; }
    }
    return 0;
}

/* HI written as m - 1 or m / 2, m = n - c */
static int full_hi(const code *h, uint64_t c) {
    const insn m1a[] = {{OP_LOAD, 0}, {OP_CONST, c + 1}, {OP_SUB, 0}};
    const insn m1b[] = {{OP_LOAD, 0}, {OP_CONST, c}, {OP_SUB, 0}, {OP_CONST, 1}, {OP_SUB, 0}};
    const insn h1[] = {{OP_LOAD, 0}, {OP_CONST, c}, {OP_SUB, 0}, {OP_CONST, 2}, {OP_DIV, 0}};
    const insn h0[] = {{OP_LOAD, 0}, {OP_CONST, 2}, {OP_DIV, 0}};
    return rule_code_is(h, m1a, 3) || rule_code_is(h, m1b, 5) || rule_code_is(h, h1, 5) || (c == 0 && rule_code_is(h, h0, 3));
}

static int add_take(const gr_allocator *al, gri_rule_shape *s, size_t *cap, uint64_t k) {
    if (!gri_grow(al, (void **)&s->take, cap, s->ntake + 1, sizeof *s->take)) return 0;
    s->take[s->ntake++] = k;
    return 1;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int gri_rule_shape_of(const gri_rule *r, gri_rule_shape *out) {
    memset(out, 0, sizeof *out);
    if (r->arity != 1) return 0;
    size_t cap = 0;
    int unequal = -1, full = 1;
    gr_error err;
    for (size_t ci = 0; ci < r->nc; ci++) {
        const clause *cl = &r->c[ci];
        if (cl->nloops != 1 || cl->loops[0].slot != 1) goto no;
        const loop *l = &cl->loops[0];
        uint64_t cc;
        if (cl->nparts == 1 && is_rest(&cl->parts[0][0], &cc) && cc == 0) {
            /* subtraction: constant range, condition on k alone */
            if (loads(&l->lo, 0) || loads(&l->hi, 0) || loads(&l->lo, 1) || loads(&l->hi, 1) || loads(&cl->cond, 0)) goto no;
            i128 slots[2] = {0, 0}, lo, hi;
            if (run(&l->lo, slots, ci + 1, &lo, &err) != GR_OK || run(&l->hi, slots, ci + 1, &hi, &err) != GR_OK) goto no;
            if (lo < 1 || hi - lo > ((i128)1 << 16)) goto no;
            for (i128 k = lo; k <= hi; k++) {
                slots[1] = k;
                i128 c = 1;
                if (cl->cond.n && run(&cl->cond, slots, ci + 1, &c, &err) != GR_OK) goto no;
                if (c && !add_take(r->al, out, &cap, (uint64_t)k)) goto no;
            }
            continue;
        }
        const insn one[] = {{OP_CONST, 1}}, a[] = {{OP_LOAD, 1}};
        if (cl->nparts == 2 && rule_code_is(&l->lo, one, 1) && rule_code_is(&cl->parts[0][0], a, 1) &&
            is_rest(&cl->parts[1][0], &cc) && !loads(&l->hi, 1) && out->nsplit < 8) {
            /* split: the condition, if any, is a != (the second part) */
            int u = 0;
            if (cl->cond.n) {
                const code *c = &cl->cond;
                uint64_t c2;
                code rest = {c->v + 1, c->n >= 2 ? c->n - 2 : 0, 0};
                if (c->n < 3 || c->v[0].op != OP_LOAD || c->v[0].arg != 1 || c->v[c->n - 1].op != OP_NE ||
                    !is_rest(&rest, &c2) || c2 != cc)
                    goto no;
                u = 1;
            }
            if (unequal >= 0 && unequal != u) goto no;
            if (!full_hi(&l->hi, cc)) full = 0;
            unequal = u;
            out->split_c[out->nsplit] = cc;
            out->split_clause[out->nsplit] = ci;
            out->nsplit++;
            continue;
        }
        goto no;
    }
    if (out->ntake) qsort(out->take, out->ntake, sizeof *out->take, cmp_u64);
    size_t m = 0;
    for (size_t i = 0; i < out->ntake; i++)
        if (!m || out->take[m - 1] != out->take[i]) out->take[m++] = out->take[i];
    out->ntake = m;
    out->unequal = unequal > 0;
    out->full = full;
    return 1;
no:
    gri_free(r->al, out->take);
    memset(out, 0, sizeof *out);
    return 0;
}

int gri_rule_split_hi(const gri_rule *r, size_t ci, uint64_t n, int64_t *hi) {
    i128 slots[2] = {(i128)n, 0}, v;
    gr_error err;
    if (run(&r->c[ci].loops[0].hi, slots, ci + 1, &v, &err) != GR_OK) return 0;
    if (v > INT64_MAX || v < INT64_MIN) return 0;
    *hi = (int64_t)v;
    return 1;
}
