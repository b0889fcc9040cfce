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
    i128 st[RULE_MAX_DEPTH * 2 + 8];
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

gr_status gri_rule_options(const gri_rule *r, const uint64_t *x, uint64_t max_steps, gri_rule_fn fn, void *user,
                           gr_error *err) {
    i128 slots[GRI_RULE_MAX_ARITY + RULE_MAX_LOOPS], hi[RULE_MAX_LOOPS];
    uint64_t out[RULE_MAX_PARTS * GRI_RULE_MAX_ARITY];
    uint64_t steps = 0;
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
                if (slots[l->slot] > hi[depth]) {
                    /* this range is done: back to the loop outside it */
                    if (depth == 0) break;
                    depth--;
                    fresh = 0;
                    continue;
                }
                if (++steps > max_steps)
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
