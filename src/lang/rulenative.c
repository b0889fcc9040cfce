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

typedef struct emitter {
    gr_buf *b;
    unsigned maxsp;
    unsigned labels;
} emitter;

static void put(emitter *e, const char *fmt, ...) GR_PRINTF(2, 3);
static void put(emitter *e, const char *fmt, ...) {
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (k > 0) gri_buf_put(e->b, line, (size_t)k < sizeof line ? (size_t)k : sizeof line - 1);
}

/* code c as statements leaving its value in s0; on an arithmetic fault
 * they jump to `fault`. 0 when the code has something C cannot say here
 * (a constant past 2^63 - 1). */
static int expr(emitter *e, const code *c, const char *fault) {
    unsigned sp = 0, base = e->labels;
    e->labels += (unsigned)c->n + 1;
    /* jump targets get labels */
    for (size_t pc = 0; pc <= c->n; pc++) {
        int target = 0;
        for (size_t q = 0; q < c->n; q++)
            if ((c->v[q].op == OP_JFALSE_KEEP || c->v[q].op == OP_JTRUE_KEEP) && c->v[q].arg == pc) target = 1;
        if (target) put(e, "L%u:;\n", base + (unsigned)pc);
        if (pc == c->n) break;
        const insn *in = &c->v[pc];
        unsigned a = sp - 2, b = sp - 1;
        switch (in->op) {
        case OP_CONST:
            if (in->arg > (uint64_t)INT64_MAX) return 0;
            put(e, "s%u = %lldLL;\n", sp++, (long long)in->arg);
            break;
        case OP_LOAD: put(e, "s%u = x%u;\n", sp++, (unsigned)in->arg); break;
        case OP_POP: sp--; break;
        case OP_JFALSE_KEEP: put(e, "if (!s%u) goto L%u;\n", sp - 1, base + (unsigned)in->arg); break;
        case OP_JTRUE_KEEP: put(e, "if (s%u) goto L%u;\n", sp - 1, base + (unsigned)in->arg); break;
        case OP_NEG: put(e, "if (s%u == INT64_MIN) goto %s; s%u = -s%u;\n", sp - 1, fault, sp - 1, sp - 1); break;
        case OP_NOT: put(e, "s%u = !s%u;\n", sp - 1, sp - 1); break;
        case OP_ADD: put(e, "if (__builtin_add_overflow(s%u, s%u, &s%u)) goto %s;\n", a, b, a, fault); sp--; break;
        case OP_SUB: put(e, "if (__builtin_sub_overflow(s%u, s%u, &s%u)) goto %s;\n", a, b, a, fault); sp--; break;
        case OP_MUL: put(e, "if (__builtin_mul_overflow(s%u, s%u, &s%u)) goto %s;\n", a, b, a, fault); sp--; break;
        case OP_DIV:
            put(e, "if (!s%u || (s%u == INT64_MIN && s%u == -1)) goto %s;\n", b, a, b, fault);
            put(e, "{ int64_t q = s%u / s%u; if (s%u %% s%u && ((s%u < 0) != (s%u < 0))) q--; s%u = q; }\n", a, b, a, b, a, b, a);
            sp--;
            break;
        case OP_MOD:
            put(e, "if (!s%u || (s%u == INT64_MIN && s%u == -1)) goto %s;\n", b, a, b, fault);
            put(e, "{ int64_t m = s%u %% s%u; if (m && ((m < 0) != (s%u < 0))) m += s%u; s%u = m; }\n", a, b, b, b, a);
            sp--;
            break;
        case OP_MIN: put(e, "if (s%u < s%u) s%u = s%u;\n", b, a, a, b); sp--; break;
        case OP_MAX: put(e, "if (s%u > s%u) s%u = s%u;\n", b, a, a, b); sp--; break;
        case OP_GCD:
            put(e, "if (s%u == INT64_MIN || s%u == INT64_MIN) goto %s; s%u = grn_gcd(s%u, s%u);\n", a, b, fault, a, a, b);
            sp--;
            break;
        case OP_LT: put(e, "s%u = s%u < s%u;\n", a, a, b); sp--; break;
        case OP_LE: put(e, "s%u = s%u <= s%u;\n", a, a, b); sp--; break;
        case OP_GT: put(e, "s%u = s%u > s%u;\n", a, a, b); sp--; break;
        case OP_GE: put(e, "s%u = s%u >= s%u;\n", a, a, b); sp--; break;
        case OP_EQ: put(e, "s%u = s%u == s%u;\n", a, a, b); sp--; break;
        case OP_NE: put(e, "s%u = s%u != s%u;\n", a, a, b); sp--; break;
        case OP_DIVIDES:
            /* a | b; b % -1 is undefined in C for b = INT64_MIN, and -1 divides everything */
            put(e, "s%u = s%u ? (s%u == -1 || s%u %% s%u == 0) : s%u == 0;\n", a, a, a, b, a, b);
            sp--;
            break;
        default: return 0;
        }
        if (sp > e->maxsp) e->maxsp = sp;
    }
    return 1;
}

/* As expr, for a stop test: a fault skips the test. */
static int same_code(const code *a, const code *b) {
    if (a->n != b->n) return 0;
    for (size_t i = 0; i < a->n; i++)
        if (a->v[i].op != b->v[i].op || a->v[i].arg != b->v[i].arg) return 0;
    return 1;
}

/* A stop test of the innermost loop that is one of the result's entries
 * (n - k*k for k in ...) is computed once, into p<part>: a fault then asks
 * the machine, which it would have done for the entry anyway. */
static int stop_test(emitter *e, const clause *cl, unsigned depth, const rstop *t) {
    char lab[32];
    unsigned id = e->labels++;
    int part = -1;
    if (t->kind == STOP_NEGATIVE && depth + 1 == cl->nloops)
        for (unsigned k = 0; k < cl->nparts && part < 0; k++)
            if (same_code(&t->c, &cl->parts[k][0])) part = (int)k;
    snprintf(lab, sizeof lab, part >= 0 ? "ask" : "N%u", id);
    if (!expr(e, &t->c, lab)) return 0;
    if (t->kind == STOP_NEGATIVE) put(e, "if (s0 < 0) break;\n");
    else put(e, "if (!s0) break;\n");
    if (part >= 0) put(e, "p%d = s0;\n", part);
    else put(e, "%s:;\n", lab);
    return 1;
}

/* whether part k's entry is computed by a stop test of the innermost loop */
static int part_computed(const clause *cl, unsigned k) {
    if (!cl->nloops) return 0;
    const loop *l = &cl->loops[cl->nloops - 1];
    for (unsigned i = 0; i < l->nstops; i++)
        if (l->stops[i].kind == STOP_NEGATIVE && same_code(&l->stops[i].c, &cl->parts[k][0])) {
            /* the first part with this code is the one the test fills */
            for (unsigned j = 0; j < k; j++)
                if (same_code(&cl->parts[j][0], &cl->parts[k][0])) return 0;
            return 1;
        }
    return 0;
}

static int loops(emitter *e, const gri_rule *r, size_t ci, unsigned depth);

static int innermost(emitter *e, const gri_rule *r, size_t ci) {
    const clause *cl = &r->c[ci];
    unsigned next = e->labels++;
    if (cl->cond.n) {
        if (!expr(e, &cl->cond, "ask")) return 0;
        put(e, "if (!s0) goto D%u;\n", next);
    }
    put(e, "{\nuint64_t v = 0;\n");
    for (unsigned k = 0; k < cl->nparts; k++) {
        if (part_computed(cl, k)) put(e, "s0 = p%u;\n", k);
        else if (!expr(e, &cl->parts[k][0], "ask")) return 0;
        /* a negative entry is not a move; a part must be a smaller heap */
        put(e, "if (s0 < 0) goto D%u;\nif ((uint64_t)s0 >= n) goto ask;\nv ^= g[s0];\n", next);
    }
    put(e, "if (v >= cap) goto ask;\nstamp[v] = mark;\n}\n");
    put(e, "D%u:;\n", next);
    return 1;
}

static int loops(emitter *e, const gri_rule *r, size_t ci, unsigned depth) {
    const clause *cl = &r->c[ci];
    if (depth == cl->nloops) return innermost(e, r, ci);
    const loop *l = &cl->loops[depth];
    unsigned x = l->slot;
    put(e, "{\nint64_t hi%u;\n", x);
    if (!expr(e, &l->lo, "ask")) return 0;
    put(e, "x%u = s0;\n", x);
    if (!expr(e, &l->hi, "ask")) return 0;
    put(e, "hi%u = s0;\nif (hi%u == INT64_MAX) goto ask;\n", x, x);
    put(e, "for (; x%u <= hi%u; x%u++) {\n", x, x, x);
    for (unsigned k = 0; k < l->nstops; k++)
        if (!stop_test(e, cl, depth, &l->stops[k])) return 0;
    put(e, "if (++steps > max_steps) goto ask;\n");
    if (!loops(e, r, ci, depth + 1)) return 0;
    put(e, "}\n}\n");
    return 1;
}

static const char *const WIDTH[] = {"uint8_t", "uint16_t", "uint32_t"};

gr_status gri_rule_c_source(const gri_rule *r, gr_buf *out) {
    if (r->arity != 1) return GR_EINVAL;
    gr_buf body;
    gri_buf_init(&body);
    emitter e = {&body, 1, 0};
    for (size_t ci = 0; ci < r->nc; ci++) {
        put(&e, "/* clause %zu */\n", ci + 1);
        if (!loops(&e, r, ci, 0)) { gri_buf_free(&body); return GR_EINVAL; }
    }
    if (body.failed) { gri_buf_free(&body); return GR_ENOMEM; }
    e.b = out;
    put(&e, "/* generated by grundy from a rule[...]; see src/lang/rulenative.c */\n#include <stdint.h>\n");
    put(&e, "typedef struct grn_env { const void *g; uint64_t *stamp; uint64_t cap, mark, max_steps; } grn_env;\n");
    put(&e, "static int64_t grn_gcd(int64_t a, int64_t b) { if (a < 0) a = -a; if (b < 0) b = -b; "
            "while (b) { int64_t t = a %% b; a = b; b = t; } return a; }\n");
    for (unsigned w = 0; w < 3; w++) {
        put(&e, "int64_t grundy_rule_heap%u(uint64_t n, grn_env *env) {\n", 1u << w);
        put(&e, "const %s *g = (const %s *)env->g;\nuint64_t *stamp = env->stamp;\n", WIDTH[w], WIDTH[w]);
        put(&e, "const uint64_t cap = env->cap, mark = env->mark, max_steps = env->max_steps;\nuint64_t steps = 0;\n");
        put(&e, "const int64_t x0 = (int64_t)n;\n");
        for (unsigned k = 1; k < GRI_RULE_MAX_ARITY + RULE_MAX_LOOPS; k++) put(&e, "int64_t x%u = 0; (void)x%u;\n", k, k);
        for (unsigned k = 0; k <= e.maxsp; k++) put(&e, "int64_t s%u = 0; (void)s%u;\n", k, k);
        for (unsigned k = 0; k < RULE_MAX_PARTS; k++) put(&e, "int64_t p%u = 0; (void)p%u;\n", k, k);
        put(&e, "(void)steps; (void)max_steps; (void)g; (void)x0;\n");
        gri_buf_put(out, body.data ? body.data : "", body.len);
        put(&e, "{\nuint64_t m = 0;\nwhile (m < cap && stamp[m] == mark) m++;\nif (m == cap) goto ask;\nreturn (int64_t)m;\n}\n");
        put(&e, "ask:\nreturn -1;\n}\n");
    }
    gri_buf_free(&body);
    return out->failed ? GR_ENOMEM : GR_OK;
}
