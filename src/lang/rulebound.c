/* Loops that stop where the moves stop (ruleprog.h, docs/theory.md "Where a
 * rule's loop may stop"). For each loop of a clause, the result entries
 * and the condition's top-level 'and' operands that read no name bound
 * inside the loop are analysed as functions of the loop's name k, the
 * names bound outside it held fixed. An entry that can only decrease as k
 * grows is a stop test "negative", an operand that can only go from true
 * to false is a stop test "false": once either holds, no larger k lists a
 * move, so the machine (rulevm.c) leaves the loop there. The analysis is
 * abstract interpretation of the expression's code over a small domain:
 * which names it reads, its monotonicity in k, and which signs it can
 * take. Anything it cannot follow (a jump, mod or gcd of k) is "unknown",
 * and an unknown expression is never a stop test. */
#include <stdlib.h>
#include <string.h>
#include "lang/ruleprog.h"

enum mono { M_CONST, M_INC, M_DEC, M_UNK };

typedef struct absval {
    uint32_t reads;  /* slots read */
    int mono;        /* in the slot analysed */
    int neg, pos;    /* can be negative, can be positive */
} absval;

static int flip(int m) { return m == M_INC ? M_DEC : m == M_DEC ? M_INC : m; }

/* the monotonicity of a sum of two monotone functions */
static int join(int a, int b) {
    if (a == M_CONST) return b;
    if (b == M_CONST || a == b) return a;
    return M_UNK;
}

static absval negate(absval a) {
    absval r = a;
    r.mono = flip(a.mono);
    r.neg = a.pos;
    r.pos = a.neg;
    return r;
}

/* a * b, each monotone, by their signs: a product of two factors that
 * are never negative and both grow (or both shrink) does the same */
static int mul_mono(absval a, absval b) {
    if (a.mono == M_CONST && b.mono == M_CONST) return M_CONST;
    if (b.mono == M_CONST) {
        if (!b.neg) return a.mono;
        if (!b.pos) return flip(a.mono);
        return M_UNK;
    }
    if (a.mono == M_CONST) return mul_mono(b, a);
    /* both vary: make each factor non-negative (flipping its direction) */
    int fa = a.neg ? (a.pos ? -1 : 1) : 0, fb = b.neg ? (b.pos ? -1 : 1) : 0;
    if (fa < 0 || fb < 0) return M_UNK;
    int ma = fa ? flip(a.mono) : a.mono, mb = fb ? flip(b.mono) : b.mono;
    if (ma != mb || ma == M_UNK) return M_UNK;
    /* |a| |b| moves as ma; the sign of a * b is that of (-1)^(fa + fb) */
    return (fa ^ fb) ? flip(ma) : ma;
}

/* code c[from..to) as a function of slot s, given what is known of every
 * slot; 0 when it cannot be followed */
static int analyse(const code *c, size_t from, size_t to, unsigned s, const absval *slots, absval *out) {
    code part = {c->v + from, to - from, 0};
    if (rule_code_depth(&part) > RULE_STACK) return 0;
    absval st[RULE_STACK];
    size_t sp = 0;
    for (size_t pc = from; pc < to; pc++) {
        const insn *in = &c->v[pc];
        absval a, b, v;
        memset(&v, 0, sizeof v);
        switch (in->op) {
        case OP_CONST:
            v.mono = M_CONST;
            v.pos = in->arg != 0;
            st[sp++] = v;
            continue;
        case OP_LOAD:
            if (in->arg >= GRI_RULE_MAX_ARITY + RULE_MAX_LOOPS) return 0;
            v = slots[in->arg];
            v.reads = (uint32_t)1 << in->arg;
            v.mono = in->arg == s ? M_INC : M_CONST;
            st[sp++] = v;
            continue;
        case OP_NEG: st[sp - 1] = negate(st[sp - 1]); continue;
        case OP_NOT:
            st[sp - 1].mono = flip(st[sp - 1].mono);
            st[sp - 1].neg = 0;
            st[sp - 1].pos = 1;
            continue;
        case OP_JFALSE_KEEP: case OP_JTRUE_KEEP: case OP_POP: return 0;
        default: break;
        }
        if (sp < 2) return 0;
        b = st[--sp];
        a = st[--sp];
        v.reads = a.reads | b.reads;
        switch (in->op) {
        case OP_SUB: b = negate(b); /* fall through */
        case OP_ADD:
            v.mono = join(a.mono, b.mono);
            v.neg = a.neg || b.neg;
            v.pos = a.pos || b.pos;
            break;
        case OP_MUL:
            v.mono = mul_mono(a, b);
            v.neg = (a.neg && b.pos) || (a.pos && b.neg);
            v.pos = (a.pos && b.pos) || (a.neg && b.neg);
            break;
        case OP_DIV:
            /* floor(a / b) for a fixed b: b > 0 keeps a's direction, b < 0
             * turns it (b = 0 fails at every k alike) */
            if (b.mono != M_CONST) v.mono = M_UNK;
            else if (!b.neg) v.mono = a.mono;
            else if (!b.pos) v.mono = flip(a.mono);
            else v.mono = M_UNK;
            if (a.mono == M_CONST && b.mono == M_CONST) v.mono = M_CONST;
            v.neg = (a.neg && b.pos) || (a.pos && b.neg);
            v.pos = (a.pos && b.pos) || (a.neg && b.neg);
            break;
        case OP_MOD:
            v.mono = a.mono == M_CONST && b.mono == M_CONST ? M_CONST : M_UNK;
            v.neg = b.neg;  /* floor mod has the divisor's sign */
            v.pos = b.pos;
            break;
        case OP_GCD:
            v.mono = a.mono == M_CONST && b.mono == M_CONST ? M_CONST : M_UNK;
            v.pos = 1;
            break;
        case OP_MIN: case OP_MAX:
            v.mono = join(a.mono, b.mono);
            if (in->op == OP_MIN) { v.neg = a.neg || b.neg; v.pos = a.pos && b.pos; }
            else { v.neg = a.neg && b.neg; v.pos = a.pos || b.pos; }
            break;
        case OP_GT: case OP_GE: { absval t = a; a = b; b = t; } /* fall through */
        case OP_LT: case OP_LE:
            /* [a <= b] as 0 or 1: falls when a grows and b does not */
            if (a.mono == M_CONST && b.mono == M_CONST) v.mono = M_CONST;
            else if ((a.mono == M_INC || a.mono == M_CONST) && (b.mono == M_DEC || b.mono == M_CONST)) v.mono = M_DEC;
            else if ((a.mono == M_DEC || a.mono == M_CONST) && (b.mono == M_INC || b.mono == M_CONST)) v.mono = M_INC;
            else v.mono = M_UNK;
            v.pos = 1;
            break;
        case OP_EQ: case OP_NE: case OP_DIVIDES:
            v.mono = a.mono == M_CONST && b.mono == M_CONST ? M_CONST : M_UNK;
            v.pos = 1;
            break;
        default: return 0;
        }
        st[sp++] = v;
    }
    if (sp != 1) return 0;
    *out = st[0];
    return 1;
}

static gr_status add_stop(const gr_allocator *al, loop *l, int kind, const code *c, size_t from, size_t to) {
    code part = {c->v + from, to - from, 0};
    if (l->nstops == RULE_MAX_STOPS || rule_code_depth(&part) > RULE_STACK) return GR_OK;
    rstop *t = &l->stops[l->nstops];
    t->kind = (uint8_t)kind;
    t->c.n = t->c.cap = to - from;
    t->c.v = gri_malloc(al, t->c.n * sizeof *t->c.v);
    if (!t->c.v) return GR_ENOMEM;
    memcpy(t->c.v, c->v + from, t->c.n * sizeof *t->c.v);
    l->nstops++;
    return GR_OK;
}

gr_status gri_rule_bounds(const gr_allocator *al, clause *cl, unsigned arity, const gri_conj *conj, unsigned nconj) {
    absval slots[GRI_RULE_MAX_ARITY + RULE_MAX_LOOPS];
    memset(slots, 0, sizeof slots);
    for (unsigned k = 0; k < arity; k++) slots[k].pos = 1;  /* a position's numbers are >= 0 */
    uint32_t outer = ((uint32_t)1 << arity) - 1;           /* slots bound so far */
    for (unsigned li = 0; li < cl->nloops; li++) {
        loop *l = &cl->loops[li];
        /* the name runs upward from lo: never negative when lo is not */
        absval lo;
        slots[l->slot].pos = 1;
        slots[l->slot].neg = !analyse(&l->lo, 0, l->lo.n, l->slot, slots, &lo) || lo.neg;
        outer |= (uint32_t)1 << l->slot;
        absval v;
        for (unsigned k = 0; k < cl->nparts; k++)
            for (unsigned j = 0; j < arity; j++) {
                const code *e = &cl->parts[k][j];
                if (analyse(e, 0, e->n, l->slot, slots, &v) && !(v.reads & ~outer) && (v.reads >> l->slot & 1) &&
                    v.mono == M_DEC && add_stop(al, l, STOP_NEGATIVE, e, 0, e->n) != GR_OK)
                    return GR_ENOMEM;
            }
        for (unsigned k = 0; k < nconj; k++)
            if (analyse(&cl->cond, conj[k].from, conj[k].to, l->slot, slots, &v) && !(v.reads & ~outer) &&
                (v.reads >> l->slot & 1) && v.mono == M_DEC && add_stop(al, l, STOP_FALSE, &cl->cond, conj[k].from, conj[k].to) != GR_OK)
                return GR_ENOMEM;
    }
    /* An empty inner loop for every larger outer value ends the outer loop
     * too: if a stop test e(k, j) of loop j holds at j's first value lo(k),
     * e is non-increasing in k and in j, and lo(k) is non-decreasing in k,
     * then it holds at every (k' >= k, lo(k')): loop j lists nothing for any
     * larger k. The test e(k, lo(k)) (e with lo written in place of j) is a
     * stop test of loop k. Innermost first, so the new tests pass outward. */
    for (unsigned li = cl->nloops; li-- > 1;) {
        loop *in = &cl->loops[li], *out = &cl->loops[li - 1];
        absval lo, v;
        if (!analyse(&in->lo, 0, in->lo.n, out->slot, slots, &lo) || (lo.mono != M_CONST && lo.mono != M_INC)) continue;
        for (unsigned k = 0; k < in->nstops && out->nstops < RULE_MAX_STOPS; k++) {
            const code *e = &in->stops[k].c;
            if (!analyse(e, 0, e->n, out->slot, slots, &v) || (v.mono != M_CONST && v.mono != M_DEC)) continue;
            code sub = {NULL, 0, 0};
            int ok = 1;
            for (size_t pc = 0; pc < e->n && ok; pc++) {
                const insn *src = e->v[pc].op == OP_LOAD && e->v[pc].arg == in->slot ? in->lo.v : &e->v[pc];
                size_t n = e->v[pc].op == OP_LOAD && e->v[pc].arg == in->slot ? in->lo.n : 1;
                if (e->v[pc].op == OP_JFALSE_KEEP || e->v[pc].op == OP_JTRUE_KEEP || sub.n + n > RULE_MAX_CODE) ok = 0;
                else if (!gri_grow(al, (void **)&sub.v, &sub.cap, sub.n + n, sizeof *sub.v)) { gri_free(al, sub.v); return GR_ENOMEM; }
                else {
                    memcpy(sub.v + sub.n, src, n * sizeof *src);
                    sub.n += n;
                }
            }
            gr_status st = ok ? add_stop(al, out, in->stops[k].kind, &sub, 0, sub.n) : GR_OK;
            gri_free(al, sub.v);
            if (st != GR_OK) return st;
        }
    }
    return GR_OK;
}
