/* A one-number rule written as C (rulec.h, gri_rule_c_source): the text of
 * a function that computes G(n) from G(0..n-1) as the textbook mex loop
 * would, with the rule's loops, stop tests, condition and results inlined.
 * The system C compiler makes it native code (io/native.c); rule.c calls
 * it heap by heap and keeps the machine (rulevm.c) as the reference.
 *
 * The native function is exact by deferring: arithmetic runs on 64-bit
 * integers with the compiler's overflow checks, and anything it does not
 * decide itself (an overflow, a division by zero, the step bound, a part
 * that is not a smaller heap, a value past its mark array) returns
 * GRN_ASK, and the machine lists that heap's options instead, giving the
 * same value or the same error as it always did. A stop test that fails to
 * evaluate is ignored, as in the machine. Stack slots of the machine
 * become C variables s0, s1, ... and its jumps gotos, so the compiler sees
 * straight-line integer code. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "lang/rulec.h"

/* What the emitter knows of a value: an interval. Heaps are at most
 * GRI_NATIVE_MAX_HEAP (rule.c calls the native code only there), so most
 * of a rule's arithmetic provably fits in 64 bits and needs no check. */
typedef struct ival {
    i128 lo, hi;
} ival;

typedef struct emitter {
    gri_buf *b;
    unsigned maxsp;
    unsigned labels;
    ival var[GRI_RULE_MAX_ARITY + RULE_MAX_LOOPS];  /* what each name can be */
    /* what is known of a value against the heap n (which is >= 1 where
     * the code runs): UB_LE n or less, UB_LT less than n */
    int var_ub[GRI_RULE_MAX_ARITY + RULE_MAX_LOOPS];
    int smaller;  /* the last expression is below n on every path */
    int cell;     /* writing a state rule's cell function, not a heap's */
    unsigned rel; /* the name the bounds are against: n, or a state's number j
                     (an entry at most x_j is inside the box, as x is) */
    int last_ub;  /* its UB_ */
} emitter;

enum { UB_NONE, UB_LE, UB_LT };

static void put(emitter *e, const char *fmt, ...) GR_PRINTF(2, 3);
static void put(emitter *e, const char *fmt, ...) {
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (k > 0) gri_buf_put(e->b, line, (size_t)k < sizeof line ? (size_t)k : sizeof line - 1);
}

#define BIG ((i128)1 << 100) /* "unbounded": far past 64 bits, far from overflowing 128 */
static const i128 I64MIN = -((i128)1 << 63), I64MAX = ((i128)1 << 63) - 1;

static i128 clampb(i128 v) { return v > BIG ? BIG : v < -BIG ? -BIG : v; }
static ival iv(i128 lo, i128 hi) { ival r = {clampb(lo), clampb(hi)}; return r; }
static int fits(ival v) { return v.lo >= I64MIN && v.hi <= I64MAX; }
static i128 mn(i128 a, i128 b) { return a < b ? a : b; }
static i128 mx(i128 a, i128 b) { return a > b ? a : b; }
static i128 absmax(ival v) { return mx(v.hi < 0 ? -v.hi : v.hi, v.lo < 0 ? -v.lo : v.lo); }

/* code c as statements leaving its value in s0 (and its interval in
 * *out); on an arithmetic fault they jump to `fault`. An operation whose
 * result provably fits in 64 bits is written plainly, any other with the
 * compiler's overflow check. 0 when the code has something C cannot say
 * here (a constant past 2^63 - 1). */
static int expr(emitter *e, const code *c, const char *fault, ival *out) {
    if (rule_code_depth(c) > RULE_STACK) return 0;
    unsigned sp = 0, base = e->labels;
    ival st[RULE_STACK];
    /* each value as c * n + (something in rest), c 0 or 1; c -1: not so */
    int lc[RULE_STACK], rn[RULE_STACK];  /* rn: reads n */
    ival rest[RULE_STACK];
    int ub[RULE_STACK];
    e->labels += (unsigned)c->n + 1;
    for (size_t pc = 0; pc <= c->n; pc++) {
        int target = 0;
        for (size_t q = 0; q < c->n; q++)
            if ((c->v[q].op == OP_JFALSE_KEEP || c->v[q].op == OP_JTRUE_KEEP) && c->v[q].arg == pc) target = 1;
        if (target) put(e, "L%u:;\n", base + (unsigned)pc);
        if (pc == c->n) break;
        const insn *in = &c->v[pc];
        unsigned a = sp - 2, b = sp - 1;
        ival x = sp >= 2 ? st[a] : iv(0, 0), y = sp >= 1 ? st[b] : iv(0, 0), r;
        switch (in->op) {
        case OP_CONST:
            if (in->arg > (uint64_t)INT64_MAX) return 0;
            st[sp] = iv((i128)in->arg, (i128)in->arg);
            put(e, "s%u = %lldLL;\n", sp++, (long long)in->arg);
            break;
        case OP_LOAD:
            st[sp] = e->var[in->arg];
            put(e, "s%u = x%u;\n", sp++, (unsigned)in->arg);
            break;
        case OP_POP: sp--; break;
        case OP_JFALSE_KEEP: put(e, "if (!s%u) goto L%u;\n", sp - 1, base + (unsigned)in->arg); break;
        case OP_JTRUE_KEEP: put(e, "if (s%u) goto L%u;\n", sp - 1, base + (unsigned)in->arg); break;
        case OP_NEG:
            r = iv(-y.hi, -y.lo);
            if (y.lo > I64MIN) put(e, "s%u = -s%u;\n", b, b);
            else put(e, "if (s%u == INT64_MIN) goto %s; s%u = -s%u;\n", b, fault, b, b);
            st[b] = r;
            break;
        case OP_NOT: put(e, "s%u = !s%u;\n", b, b); st[b] = iv(0, 1); break;
        case OP_ADD: case OP_SUB: case OP_MUL: {
            static const char *const NAME[] = {"add", "sub", "mul"}, *const SYM[] = {"+", "-", "*"};
            int k = in->op == OP_ADD ? 0 : in->op == OP_SUB ? 1 : 2;
            if (k == 0) r = iv(x.lo + y.lo, x.hi + y.hi);
            else if (k == 1) r = iv(x.lo - y.hi, x.hi - y.lo);
            else {
                i128 p[4];
                /* endpoints are within 2^100: clamp each factor to 2^62 first
                 * so the product stays within 128 bits */
                i128 xl = mx(mn(x.lo, (i128)1 << 62), -((i128)1 << 62)), xh = mx(mn(x.hi, (i128)1 << 62), -((i128)1 << 62));
                i128 yl = mx(mn(y.lo, (i128)1 << 62), -((i128)1 << 62)), yh = mx(mn(y.hi, (i128)1 << 62), -((i128)1 << 62));
                p[0] = xl * yl; p[1] = xl * yh; p[2] = xh * yl; p[3] = xh * yh;
                r = iv(mn(mn(p[0], p[1]), mn(p[2], p[3])), mx(mx(p[0], p[1]), mx(p[2], p[3])));
                /* a factor past 2^62 may make the true product larger */
                if (absmax(x) > ((i128)1 << 62) || absmax(y) > ((i128)1 << 62)) r = iv(-BIG, BIG);
            }
            if (fits(r)) put(e, "s%u = s%u %s s%u;\n", a, a, SYM[k], b);
            else put(e, "if (__builtin_%s_overflow(s%u, s%u, &s%u)) goto %s;\n", NAME[k], a, b, a, fault);
            st[a] = r;
            sp--;
            break;
        }
        case OP_DIV: case OP_MOD: {
            int zero = y.lo <= 0 && y.hi >= 0, minus1 = x.lo <= I64MIN && y.lo <= -1 && y.hi >= -1;
            if (zero || minus1) put(e, "if (!s%u || (s%u == INT64_MIN && s%u == -1)) goto %s;\n", b, a, b, fault);
            if (in->op == OP_DIV) {
                put(e, "{ int64_t q = s%u / s%u; if (s%u %% s%u && ((s%u < 0) != (s%u < 0))) q--; s%u = q; }\n", a, b, a, b, a, b, a);
                i128 m = absmax(x);
                r = iv(-m, m);
            } else {
                put(e, "{ int64_t m = s%u %% s%u; if (m && ((m < 0) != (s%u < 0))) m += s%u; s%u = m; }\n", a, b, b, b, a);
                i128 m = absmax(y);
                r = iv(-m, m);
            }
            st[a] = r;
            sp--;
            break;
        }
        case OP_MIN: put(e, "if (s%u < s%u) s%u = s%u;\n", b, a, a, b); st[a] = iv(mn(x.lo, y.lo), mn(x.hi, y.hi)); sp--; break;
        case OP_MAX: put(e, "if (s%u > s%u) s%u = s%u;\n", b, a, a, b); st[a] = iv(mx(x.lo, y.lo), mx(x.hi, y.hi)); sp--; break;
        case OP_GCD:
            if (x.lo <= I64MIN || y.lo <= I64MIN) put(e, "if (s%u == INT64_MIN || s%u == INT64_MIN) goto %s;\n", a, b, fault);
            put(e, "s%u = grn_gcd(s%u, s%u);\n", a, a, b);
            st[a] = iv(0, mx(absmax(x), absmax(y)));
            sp--;
            break;
        case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE: {
            static const char *const CMP[] = {"<", "<=", ">", ">=", "==", "!="};
            put(e, "s%u = s%u %s s%u;\n", a, a, CMP[in->op - OP_LT], b);
            st[a] = iv(0, 1);
            sp--;
            break;
        }
        case OP_DIVIDES:
            /* a | b; b % -1 is undefined in C for b = INT64_MIN, and -1 divides everything */
            put(e, "s%u = s%u ? (s%u == -1 || s%u %% s%u == 0) : s%u == 0;\n", a, a, a, b, a, b);
            st[a] = iv(0, 1);
            sp--;
            break;
        default: return 0;
        }
        /* the value as c * n + rest: a name other than n, a number and the
         * sum or difference of such are followed; anything else is not */
        switch (in->op) {
        case OP_CONST: lc[sp - 1] = 0; rest[sp - 1] = st[sp - 1]; break;
        case OP_LOAD:
            lc[sp - 1] = in->arg == e->rel ? 1 : 0;
            rest[sp - 1] = in->arg == e->rel ? iv(0, 0) : st[sp - 1];
            break;
        case OP_ADD: case OP_SUB: {
            int c1 = lc[a], c2 = lc[b];
            int cn = c1 < 0 || c2 < 0 ? -1 : in->op == OP_ADD ? c1 + c2 : c1 - c2;
            lc[a] = cn == 0 || cn == 1 ? cn : -1;
            rest[a] = in->op == OP_ADD ? iv(rest[a].lo + rest[b].lo, rest[a].hi + rest[b].hi)
                                        : iv(rest[a].lo - rest[b].hi, rest[a].hi - rest[b].lo);
            break;
        }
        case OP_POP: case OP_JFALSE_KEEP: case OP_JTRUE_KEEP: break;
        default:
            /* the value is a plain interval: c = 0 when the operands read no n */
            lc[sp - 1] = -1;
            break;
        }
        /* whether the value reads n; one that does not is just its interval */
        switch (in->op) {
        case OP_CONST: case OP_LOAD: rn[sp - 1] = in->op == OP_LOAD && in->arg == e->rel; break;
        case OP_NEG: case OP_NOT: case OP_POP: case OP_JFALSE_KEEP: case OP_JTRUE_KEEP: break;
        default: rn[sp - 1] = rn[sp - 1] | rn[sp]; break;  /* a binary operation: its operands were sp - 1 and sp */
        }
        if (sp && !rn[sp - 1] && lc[sp - 1] < 0) { lc[sp - 1] = 0; rest[sp - 1] = st[sp - 1]; }
        /* the bound against n: from the linear form, or through the
         * operations that keep it (n >= 1 here) */
        if (sp) {
            unsigned t = sp - 1;
            int u = UB_NONE;
            switch (in->op) {
            case OP_LOAD: u = e->rel == 0 ? e->var_ub[in->arg] : UB_NONE; break;
            case OP_DIV:
                /* floor(x / d) for d >= 2: at most x / 2 < n when x <= n, and negative when x is */
                if (y.lo >= 2 && ub[a] >= UB_LE) u = UB_LT;
                break;
            case OP_MIN: u = ub[a] > ub[b] ? ub[a] : ub[b]; break;
            case OP_MAX: u = ub[a] < ub[b] ? ub[a] : ub[b]; break;
            case OP_SUB: if (y.lo >= 0) u = ub[a]; break;       /* x - (y >= 0) <= x */
            case OP_ADD: if (y.hi <= 0) u = ub[a]; else if (x.hi <= 0) u = ub[b]; break;
            case OP_POP: case OP_JFALSE_KEEP: case OP_JTRUE_KEEP: u = ub[t]; break;
            default: break;
            }
            if (lc[t] == 1 && rest[t].hi <= 0) u = rest[t].hi <= -1 ? UB_LT : (u > UB_LE ? u : UB_LE);
            if (lc[t] == 0 && st[t].hi <= 0) u = UB_LT;
            ub[t] = u;
        }
        if (sp > e->maxsp) e->maxsp = sp;
    }
    if (out) *out = sp ? st[0] : iv(0, 0);
    e->last_ub = sp == 1 ? ub[0] : UB_NONE;
    e->smaller = e->last_ub == UB_LT;
    return 1;
}

/* A stop test of the innermost loop that is one of the result's entries
 * (n - k*k for k in ...) is computed once, into p<part>: a fault then asks
 * the machine, which it would have done for the entry anyway. */
static int stop_test(emitter *e, const clause *cl, unsigned depth, const rstop *t) {
    char lab[32];
    unsigned id = e->labels++;
    int part = -1;
    if (t->kind == STOP_NEGATIVE && depth + 1 == cl->nloops && !cl->parts[0][1].n)
        for (unsigned k = 0; k < cl->nparts && part < 0; k++)
            if (rule_code_is(&t->c, cl->parts[k][0].v, cl->parts[k][0].n)) part = (int)k;
    snprintf(lab, sizeof lab, part >= 0 ? "ask" : "N%u", id);
    if (!expr(e, &t->c, lab, NULL)) return 0;
    if (t->kind == STOP_NEGATIVE) put(e, "if (s0 < 0) break;\n");
    else put(e, "if (!s0) break;\n");
    if (part >= 0) put(e, "p%d = s0;\n", part);
    else put(e, "%s:;\n", lab);
    return 1;
}

/* whether part k's entry is computed by a stop test of the innermost loop */
static int part_computed(const clause *cl, unsigned k) {
    if (!cl->nloops || cl->parts[k][1].n) return 0; /* (a heap rule's parts have one entry) */
    const loop *l = &cl->loops[cl->nloops - 1];
    for (unsigned i = 0; i < l->nstops; i++)
        if (l->stops[i].kind == STOP_NEGATIVE && rule_code_is(&l->stops[i].c, cl->parts[k][0].v, cl->parts[k][0].n)) {
            /* the first part with this code is the one the test fills */
            for (unsigned j = 0; j < k; j++)
                if (rule_code_is(&cl->parts[j][0], cl->parts[k][0].v, cl->parts[k][0].n)) return 0;
            return 1;
        }
    return 0;
}

static int loops(emitter *e, const gri_rule *r, size_t ci, unsigned depth);

/* the innermost body of a state rule: every entry first (a negative one
 * means no move, and later entries are not evaluated, as in the machine),
 * then each part's cell in the box: its value, or "unknown" (the walk
 * evaluates it first: pushed to pend), or "on the path" (a cycle) */
static int cell_body(emitter *e, const gri_rule *r, size_t ci, unsigned next) {
    const clause *cl = &r->c[ci];
    unsigned a = r->arity;
    int inside[RULE_MAX_PARTS][GRI_RULE_MAX_ARITY];
    for (unsigned k = 0; k < cl->nparts; k++)
        for (unsigned j = 0; j < a; j++) {
            e->rel = j;
            if (!expr(e, &cl->parts[k][j], "ask", NULL)) { e->rel = 0; return 0; }
            e->rel = 0;
            inside[k][j] = e->last_ub >= UB_LE;
            put(e, "if (s0 < 0) goto D%u;\ne%u_%u = s0;\n", next, k, j);
        }
    put(e, "{\nuint64_t v = 0;\nint known = 1;\n");
    for (unsigned k = 0; k < cl->nparts; k++) {
        /* an entry proved at most x_j needs no test against the box */
        put(e, "{\nif (0");
        for (unsigned j = 0; j < a; j++)
            if (!inside[k][j]) put(e, " || (uint64_t)e%u_%u >= dim%u", k, j, j);
        put(e, ") goto ask;\nuint64_t idx = ");
        for (unsigned j = 0; j < a; j++)
            if (j + 1 < a) put(e, "(uint64_t)e%u_%u * stride%u + ", k, j, j);
            else put(e, "(uint64_t)e%u_%u;\n", k, j);  /* the last number's stride is 1 */
        put(e, "uint32_t w = t[idx];\n");
        put(e, "if (w >= 0xFFFFFFFEu) { if (w == 0xFFFFFFFEu) return -3; known = 0; if (env->npend < 64) env->pend[env->npend++] = idx; }\n");
        put(e, "else v ^= w;\n}\n");
    }
    put(e, "if (known) stamp[v & (cap - 1)] = mark; else need = 1;\n}\n");
    put(e, "D%u:;\n", next);
    return 1;
}

static int innermost(emitter *e, const gri_rule *r, size_t ci) {
    const clause *cl = &r->c[ci];
    unsigned next = e->labels++;
    if (cl->cond.n) {
        if (!expr(e, &cl->cond, "ask", NULL)) return 0;
        put(e, "if (!s0) goto D%u;\n", next);
    }
    if (e->cell) return cell_body(e, r, ci, next);
    put(e, "{\nuint64_t v = 0;\n");
    for (unsigned k = 0; k < cl->nparts; k++) {
        size_t mark_len = e->b->len;
        ival pv;
        if (!expr(e, &cl->parts[k][0], "ask", &pv)) return 0;
        if (part_computed(cl, k)) {
            /* a stop test computed it into p<k>: drop the code just written
             * (it was written only to learn e->smaller) */
            e->b->len = mark_len;
            if (e->b->data) e->b->data[mark_len] = 0;
            put(e, "s0 = p%u;\n", k);
        }
        /* a negative entry is not a move; a part must be a smaller heap
         * (one unsigned comparison covers both on the usual path, and
         * n - E with E >= 1 is always smaller) */
        if (e->smaller && pv.lo >= 0) put(e, "v ^= g[s0];\n");
        else if (e->smaller) put(e, "if (s0 < 0) goto D%u;\nv ^= g[s0];\n", next);
        else put(e, "if ((uint64_t)s0 >= n) { if (s0 < 0) goto D%u; goto ask; }\nv ^= g[s0];\n", next);
    }
    /* v is an XOR of table values, below cap (rule.c makes cap a power of
     * two above twice the largest value): the mask only keeps the store
     * inside the array whatever happens */
    put(e, "stamp[v & (cap - 1)] = mark;\n}\n");
    put(e, "D%u:;\n", next);
    return 1;
}

/* ---- divisor loops ----
 * An innermost loop `for d in LO..HI` whose condition is an 'and' chain
 * with an operand `d | y` or `y % d == 0` (y a heap's number or an outer
 * loop's name), every operand before it a comparison that cannot fault:
 * where LO >= 1 and y >= 1, an iteration at a d that does not divide y
 * lists nothing, faults nowhere (the operands before the test only
 * compare; the test itself divides by d >= 1), and is only a step; so the
 * loop runs over y's divisors in [LO, HI], in increasing order (a stop
 * test that holds at some d holds at every larger one: stopping at the
 * next divisor instead lists the same moves). They are found by trial
 * division up to sqrt(y) (docs/theory.md). The steps are counted as the
 * machine would count the whole range; when they might pass the bound,
 * the machine is asked. */

/* whether code c[from, to) only loads, compares and combines truth values */
static int only_compares(const code *c, size_t from, size_t to) {
    for (size_t i = from; i < to; i++)
        switch (c->v[i].op) {
        case OP_CONST: case OP_LOAD: case OP_LT: case OP_LE: case OP_GT: case OP_GE: case OP_EQ: case OP_NE:
        case OP_NOT: case OP_JFALSE_KEEP: case OP_JTRUE_KEEP: case OP_POP: break;
        default: return 0;
        }
    return 1;
}

/* whether c[from, to) is `d | y` or `y % d == 0` for d the slot x; y's slot in *y */
static int divides_test(const code *c, size_t from, size_t to, unsigned x, unsigned *y) {
    const insn *v = c->v + from;
    size_t n = to - from;
    if (n == 3 && v[0].op == OP_LOAD && v[0].arg == x && v[1].op == OP_LOAD && v[1].arg != x && v[2].op == OP_DIVIDES) {
        *y = (unsigned)v[1].arg;
        return 1;
    }
    if (n == 5 && v[0].op == OP_LOAD && v[0].arg != x && v[1].op == OP_LOAD && v[1].arg == x && v[2].op == OP_MOD &&
        v[3].op == OP_CONST && v[3].arg == 0 && v[4].op == OP_EQ) {
        *y = (unsigned)v[0].arg;
        return 1;
    }
    return 0;
}

/* the slot y when the innermost loop (slot x) of clause cl is a divisor loop of y */
static int divisor_loop(const emitter *e, const clause *cl, unsigned x, unsigned *y) {
    for (unsigned k = 0; k < cl->nconj; k++) {
        if (divides_test(&cl->cond, cl->conj[k].from, cl->conj[k].to, x, y))
            /* y below 2^31, so that d * d fits in trial division */
            return e->var[*y].hi <= GRI_NATIVE_MAX_HEAP;
        if (!only_compares(&cl->cond, cl->conj[k].from, cl->conj[k].to)) return 0;
    }
    return 0;
}

/* the divisor loop's code (x%u set to LO, hi%u to HI): none when it does not apply at run time */
static int divisor_code(emitter *e, const gri_rule *r, size_t ci, unsigned depth, unsigned x, unsigned y) {
    const clause *cl = &r->c[ci];
    const loop *l = &cl->loops[depth];
    put(e, "if (x%u >= 1 && x%u >= 1) {\n", x, y);
    put(e, "if (x%u <= hi%u) {\n", x, x);
    put(e, "const uint64_t len%u = (uint64_t)hi%u - (uint64_t)x%u + 1;\n", x, x, x);
    put(e, "if (len%u > max_steps - steps) goto ask;\nsteps += len%u;\n", x, x);
    put(e, "const int64_t from%u = x%u, y%u = x%u;\nint64_t dv%u[1024];\nint nd%u = 0;\n", x, x, x, y, x, x);
    /* (y < 2^31: 32-bit divisions) */
    put(e, "{\nconst uint32_t yy = (uint32_t)y%u;\nfor (uint32_t d = 1; (uint64_t)d * d <= yy; d++) if (yy %% d == 0) dv%u[nd%u++] = d;\n}\n", x, x, x);
    put(e, "const int tot%u = 2 * nd%u - (dv%u[nd%u - 1] * dv%u[nd%u - 1] == y%u);\n", x, x, x, x, x, x, x);
    put(e, "for (int i%u = 0; i%u < tot%u; i%u++) {\n", x, x, x, x);
    put(e, "x%u = i%u < nd%u ? dv%u[i%u] : y%u / dv%u[tot%u - 1 - i%u];\n", x, x, x, x, x, x, x, x, x);
    put(e, "if (x%u < from%u) continue;\nif (x%u > hi%u) break;\n", x, x, x, x);
    for (unsigned k = 0; k < l->nstops; k++)
        if (!stop_test(e, cl, depth, &l->stops[k])) return 0;
    if (!loops(e, r, ci, depth + 1)) return 0;
    put(e, "}\n}\n} else ");
    return 1;
}

static int loops(emitter *e, const gri_rule *r, size_t ci, unsigned depth) {
    const clause *cl = &r->c[ci];
    if (depth == cl->nloops) return innermost(e, r, ci);
    const loop *l = &cl->loops[depth];
    unsigned x = l->slot;
    ival lo, hi;
    put(e, "{\nint64_t hi%u;\n", x);
    if (!expr(e, &l->lo, "ask", &lo)) return 0;
    put(e, "x%u = s0;\n", x);
    if (!expr(e, &l->hi, "ask", &hi)) return 0;
    put(e, "hi%u = s0;\n", x);
    /* the name's last value plus one must fit */
    if (hi.hi >= I64MAX) put(e, "if (hi%u == INT64_MAX) goto ask;\n", x);
    e->var[x] = iv(lo.lo, hi.hi);
    e->var_ub[x] = e->last_ub;  /* the name is at most its upper bound */
    if (depth + 1 < cl->nloops) {
        put(e, "for (; x%u <= hi%u; x%u++) {\n", x, x, x);
        for (unsigned k = 0; k < l->nstops; k++)
            if (!stop_test(e, cl, depth, &l->stops[k])) return 0;
        put(e, "if (++steps > max_steps) goto ask;\n");
        if (!loops(e, r, ci, depth + 1)) return 0;
        put(e, "}\n}\n");
        return 1;
    }
    /* the innermost loop counts its steps by its name: it runs to lim, the
     * last value the step bound allows; reaching lim + 1 before hi means
     * the machine would have passed the bound (or, if a stop test would
     * have ended the loop there, decides the heap the same), so it asks */
    unsigned y;
    if (divisor_loop(e, cl, x, &y) && !divisor_code(e, r, ci, depth, x, y)) return 0;
    put(e, "{\nconst int64_t from%u = x%u;\nint64_t lim%u = hi%u;\nconst uint64_t room%u = max_steps - steps;\n", x, x, x, x, x);
    put(e, "if (hi%u >= x%u && (uint64_t)hi%u - (uint64_t)x%u >= room%u) lim%u = x%u + (int64_t)room%u - 1;\n", x, x, x, x, x, x,
        x, x);
    put(e, "for (; x%u <= lim%u; x%u++) {\n", x, x, x);
    for (unsigned k = 0; k < l->nstops; k++)
        if (!stop_test(e, cl, depth, &l->stops[k])) return 0;
    if (!loops(e, r, ci, depth + 1)) return 0;
    put(e, "}\nif (x%u == lim%u + 1 && lim%u < hi%u) goto ask;\nsteps += (uint64_t)(x%u - from%u);\n}\n}\n", x, x, x, x, x,
        x);
    return 1;
}

static const char *const WIDTH[] = {"uint8_t", "uint16_t", "uint32_t"};

static void declare_locals(emitter *e, unsigned from) {
    for (unsigned k = from; k < GRI_RULE_MAX_ARITY + RULE_MAX_LOOPS; k++) put(e, "int64_t x%u = 0; (void)x%u;\n", k, k);
    for (unsigned k = 0; k <= e->maxsp; k++) put(e, "int64_t s%u = 0; (void)s%u;\n", k, k);
    for (unsigned k = 0; k < RULE_MAX_PARTS; k++) put(e, "int64_t p%u = 0; (void)p%u;\n", k, k);
    put(e, "(void)steps; (void)max_steps;\n");
}

gr_status gri_rule_c_source(const gri_rule *r, gri_buf *out) {
    unsigned a = r->arity;
    gri_buf body;
    gri_buf_init(&body, out->a);
    emitter e;
    memset(&e, 0, sizeof e);
    e.b = &body;
    e.maxsp = 1;
    e.cell = a > 1;
    for (unsigned k = 0; k < GRI_RULE_MAX_ARITY + RULE_MAX_LOOPS; k++) e.var[k] = iv(-BIG, BIG);
    for (unsigned k = 0; k < a; k++) e.var[k] = iv(0, GRI_NATIVE_MAX_HEAP);
    for (size_t ci = 0; ci < r->nc; ci++) {
        put(&e, "/* clause %zu */\n", ci + 1);
        if (!loops(&e, r, ci, 0)) { gri_buf_free(&body); return GR_EINVAL; }
    }
    if (body.failed) { gri_buf_free(&body); return GR_ENOMEM; }
    e.b = out;
    put(&e, "/* generated by grundy from a rule[...]; see src/lang/rulenative.c */\n#include <stdint.h>\n");
    put(&e, "static int64_t grn_gcd(int64_t a, int64_t b) { if (a < 0) a = -a; if (b < 0) b = -b; "
            "while (b) { int64_t t = a %% b; a = b; b = t; } return a; }\n");
    static const char MEX[] = "{\nuint64_t m = 0;\nwhile (m < cap && stamp[m] == mark) m++;\nif (m == cap) goto ask;\nreturn (int64_t)m;\n}\n";
    if (e.cell) {
        put(&e, "typedef struct grn_cell_env { const uint32_t *t; uint64_t dim[4], stride[4]; uint64_t *stamp; "
                "uint64_t cap, mark, max_steps; uint64_t *pend; uint32_t npend; } grn_cell_env;\n");
        /* the cell's code once, inlined into the function of one cell and into the one of a row */
        put(&e, "#if defined(__GNUC__)\n#define GRN_INLINE static inline __attribute__((always_inline))\n#else\n"
                "#define GRN_INLINE static inline\n#endif\n");
        put(&e, "GRN_INLINE int64_t grn_cell(const int64_t *xs, grn_cell_env *env) {\n");
        put(&e, "const uint32_t *t = env->t;\nuint64_t *stamp = env->stamp;\nint need = 0;\n");
        put(&e, "const uint64_t cap = env->cap, mark = env->mark, max_steps = env->max_steps;\nuint64_t steps = 0;\n");
        for (unsigned k = 0; k < a; k++)
            put(&e, "const int64_t x%u = xs[%u];\nconst uint64_t dim%u = env->dim[%u], stride%u = env->stride[%u];\n", k, k, k, k,
                k, k);
        for (unsigned k = 0; k < RULE_MAX_PARTS; k++)
            for (unsigned j = 0; j < a; j++) put(&e, "int64_t e%u_%u = 0; (void)e%u_%u;\n", k, j, k, j);
        declare_locals(&e, a);
        gri_buf_put(out, body.data ? body.data : "", body.len);
        put(&e, "if (need) return -2;\n");
        put(&e, "%s", MEX);
        put(&e, "ask:\nreturn -1;\n}\n");
        put(&e, "int64_t grundy_rule_cell(const int64_t *xs, grn_cell_env *env) { return grn_cell(xs, env); }\n");
        /* count cells along the last number from xs on (the last stride is 1), each with a mark of its own, each on
         * the path while it is found; it stops before the first cell that is not simply a value of at most half */
        put(&e, "uint64_t grundy_rule_row(const int64_t *xs0, grn_cell_env *env, uint64_t count, uint32_t *tw, uint64_t idx0, "
                "uint64_t half) {\n");
        put(&e, "int64_t xs[4] = {0, 0, 0, 0};\nfor (unsigned j = 0; j < %u; j++) xs[j] = xs0[j];\n", a);
        put(&e, "for (uint64_t i = 0; i < count; i++) {\nxs[%u] = xs0[%u] + (int64_t)i;\n", a - 1, a - 1);
        put(&e, "tw[idx0 + i] = 0xFFFFFFFEu;\nenv->mark++;\nenv->npend = 0;\nint64_t v = grn_cell(xs, env);\n");
        put(&e, "if (v < 0 || (uint64_t)v > half) { tw[idx0 + i] = 0xFFFFFFFFu; return i; }\n");
        put(&e, "tw[idx0 + i] = (uint32_t)v;\n}\nreturn count;\n}\n");
    } else {
        put(&e, "typedef struct grn_env { const void *g; uint64_t *stamp; uint64_t cap, mark, max_steps; } grn_env;\n");
        for (unsigned w = 0; w < 3; w++) {
            put(&e, "int64_t grundy_rule_heap%u(uint64_t n, grn_env *env) {\n", 1u << w);
            put(&e, "const %s *g = (const %s *)env->g;\nuint64_t *stamp = env->stamp;\n", WIDTH[w], WIDTH[w]);
            put(&e, "const uint64_t cap = env->cap, mark = env->mark, max_steps = env->max_steps;\nuint64_t steps = 0;\n");
            put(&e, "const int64_t x0 = (int64_t)n;\n(void)g; (void)x0;\n");
            declare_locals(&e, 1);
            gri_buf_put(out, body.data ? body.data : "", body.len);
            put(&e, "%s", MEX);
            put(&e, "ask:\nreturn -1;\n}\n");
        }
    }
    gri_buf_free(&body);
    return out->failed ? GR_ENOMEM : GR_OK;
}
