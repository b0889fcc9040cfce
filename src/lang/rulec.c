/* The rule language (rulec.h): a hand-written lexer and recursive-descent
 * parser (its depth is bounded by RULE_MAX_DEPTH, so no input can exhaust
 * the stack) that compiles each expression to a small stack machine, and
 * the machine that lists a position's options. Values are 128-bit during
 * evaluation and checked after every operation: |v| <= 2^64 - 1. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lang/rulec.h"

/* ---------------- lexer ---------------- */

enum tok {
    T_END, T_NUM, T_NAME, T_LP, T_RP, T_COMMA, T_PLUS, T_MINUS, T_STAR, T_SLASH, T_PERCENT,
    T_LT, T_LE, T_GT, T_GE, T_EQ, T_NE, T_BAR, T_ARROW, T_DOTS, T_SEMI, T_BAD
};

typedef struct parser {
    const gr_allocator *al;
    const char *s;
    size_t n, i;
    size_t line, col0;
    gr_error *err;
    /* the current token */
    int t;
    size_t at, len;
    uint64_t num;
    int numbad;
    /* names in scope: pattern names, then loop names */
    char names[GRI_RULE_MAX_ARITY + RULE_MAX_LOOPS][33];
    unsigned nnames;
    unsigned depth;
    size_t clause_no;
    /* the top-level 'and' operands of the condition being compiled, as
     * ranges of its code (rulebound.c reads them); nconj 0 when the
     * condition is not such a chain */
    unsigned nconj;
    gri_conj conj[RULE_MAX_CONJ];
} parser;

static gr_status fail(parser *p, size_t at, const char *fmt, const char *a) {
    return gri_fail_at(p->err, GR_EPARSE, p->line, p->col0 + at, fmt, a);
}

static void next(parser *p) {
    while (p->i < p->n && (p->s[p->i] == ' ' || p->s[p->i] == '\t')) p->i++;
    p->at = p->i;
    p->len = 1;
    if (p->i >= p->n) { p->t = T_END; p->len = 0; return; }
    char c = p->s[p->i], d = p->i + 1 < p->n ? p->s[p->i + 1] : 0;
    if (c >= '0' && c <= '9') {
        uint64_t v = 0;
        p->numbad = 0;
        while (p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9') {
            if (gri_mul_overflows(v, 10, &v) || gri_add_overflows(v, (uint64_t)(p->s[p->i] - '0'), &v)) p->numbad = 1;
            p->i++;
        }
        p->num = v;
        p->len = p->i - p->at;
        p->t = T_NUM;
        return;
    }
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_') {
        while (p->i < p->n && ((p->s[p->i] >= 'a' && p->s[p->i] <= 'z') || (p->s[p->i] >= 'A' && p->s[p->i] <= 'Z') ||
                               (p->s[p->i] >= '0' && p->s[p->i] <= '9') || p->s[p->i] == '_'))
            p->i++;
        p->len = p->i - p->at;
        p->t = T_NAME;
        return;
    }
    p->i++;
    switch (c) {
    case '(': p->t = T_LP; return;
    case ')': p->t = T_RP; return;
    case ',': p->t = T_COMMA; return;
    case '+': p->t = T_PLUS; return;
    case '*': p->t = T_STAR; return;
    case '/': p->t = T_SLASH; return;
    case '%': p->t = T_PERCENT; return;
    case '|': p->t = T_BAR; return;
    case ';': p->t = T_SEMI; return;
    case '-': if (d == '>') { p->i++; p->len = 2; p->t = T_ARROW; } else p->t = T_MINUS; return;
    case '<': if (d == '=') { p->i++; p->len = 2; p->t = T_LE; } else p->t = T_LT; return;
    case '>': if (d == '=') { p->i++; p->len = 2; p->t = T_GE; } else p->t = T_GT; return;
    case '=': if (d == '=') { p->i++; p->len = 2; p->t = T_EQ; } else p->t = T_BAD; return;
    case '!': if (d == '=') { p->i++; p->len = 2; p->t = T_NE; } else p->t = T_BAD; return;
    case '.': if (d == '.') { p->i++; p->len = 2; p->t = T_DOTS; } else p->t = T_BAD; return;
    default: p->t = T_BAD; return;
    }
}

static int is_word(const parser *p, const char *w) {
    return p->t == T_NAME && strlen(w) == p->len && !memcmp(p->s + p->at, w, p->len);
}

static int is_keyword(const char *s, size_t n) {
    static const char *const KW[] = {"for", "in", "if", "and", "or", "not", "min", "max", "gcd"};
    for (size_t k = 0; k < sizeof KW / sizeof KW[0]; k++)
        if (strlen(KW[k]) == n && !memcmp(KW[k], s, n)) return 1;
    return 0;
}

/* "expected X, found Y" at the current token */
static gr_status expected(parser *p, const char *what) {
    char found[48];
    if (p->t == T_END) snprintf(found, sizeof found, "the end of the rule");
    else snprintf(found, sizeof found, "'%.*s'", (int)(p->len > 20 ? 20 : p->len), p->s + p->at);
    return gri_fail_at(p->err, GR_EPARSE, p->line, p->col0 + p->at, "rule clause %zu: expected %s, found %s", p->clause_no,
                       what, found);
}

/* ---------------- code generation ---------------- */

static gr_status emit(parser *p, code *c, int op, uint64_t arg) {
    if (c->n >= RULE_MAX_CODE) return fail(p, p->at, "rule: an expression is too long%s", "");
    if (!gri_grow(p->al, (void **)&c->v, &c->cap, c->n + 1, sizeof *c->v)) return gri_fail(p->err, GR_ENOMEM, "out of memory");
    c->v[c->n].op = (uint8_t)op;
    c->v[c->n].arg = arg;
    c->n++;
    return GR_OK;
}

enum { TY_INT, TY_BOOL };

static gr_status expr_or(parser *p, code *c, int *ty);

static gr_status need_int(parser *p, int ty, size_t at) {
    if (ty != TY_INT) return gri_fail_at(p->err, GR_EPARSE, p->line, p->col0 + at, "rule clause %zu: a number is needed here, not a condition", p->clause_no);
    return GR_OK;
}

static gr_status primary(parser *p, code *c, int *ty) {
    gr_status st;
    size_t at = p->at;
    if (++p->depth > RULE_MAX_DEPTH) return fail(p, at, "rule: expressions nested too deeply%s", "");
    if (p->t == T_NUM) {
        if (p->numbad) return gri_fail_at(p->err, GR_ERANGE, p->line, p->col0 + at, "rule clause %zu: number does not fit in 64 bits", p->clause_no);
        st = emit(p, c, OP_CONST, p->num);
        next(p);
        *ty = TY_INT;
    } else if (p->t == T_LP) {
        next(p);
        if ((st = expr_or(p, c, ty)) != GR_OK) return st;
        if (p->t != T_RP) return expected(p, "')'");
        next(p);
    } else if (is_word(p, "min") || is_word(p, "max") || is_word(p, "gcd")) {
        int op = is_word(p, "min") ? OP_MIN : is_word(p, "max") ? OP_MAX : OP_GCD;
        next(p);
        if (p->t != T_LP) return expected(p, "'(' after the function name");
        next(p);
        int t1, t2;
        size_t a1 = p->at;
        if ((st = expr_or(p, c, &t1)) != GR_OK || (st = need_int(p, t1, a1)) != GR_OK) return st;
        if (p->t != T_COMMA) return expected(p, "',' between the two arguments");
        next(p);
        size_t a2 = p->at;
        if ((st = expr_or(p, c, &t2)) != GR_OK || (st = need_int(p, t2, a2)) != GR_OK) return st;
        if (p->t != T_RP) return expected(p, "')'");
        next(p);
        st = emit(p, c, op, 0);
        *ty = TY_INT;
    } else if (p->t == T_NAME && !is_keyword(p->s + p->at, p->len)) {
        unsigned k = 0;
        while (k < p->nnames && !(strlen(p->names[k]) == p->len && !memcmp(p->names[k], p->s + p->at, p->len))) k++;
        if (k == p->nnames)
            return gri_fail_at(p->err, GR_EPARSE, p->line, p->col0 + at, "rule clause %zu: unknown name '%.*s'", p->clause_no,
                               (int)(p->len > 32 ? 32 : p->len), p->s + p->at);
        st = emit(p, c, OP_LOAD, k);
        next(p);
        *ty = TY_INT;
    } else {
        return expected(p, "a number, a name or '('");
    }
    p->depth--;
    return st;
}

static gr_status unary(parser *p, code *c, int *ty) {
    if (p->t == T_MINUS) {
        size_t at = p->at;
        next(p);
        gr_status st;
        if (++p->depth > RULE_MAX_DEPTH) return fail(p, at, "rule: expressions nested too deeply%s", "");
        if ((st = unary(p, c, ty)) != GR_OK || (st = need_int(p, *ty, at)) != GR_OK) return st;
        p->depth--;
        return emit(p, c, OP_NEG, 0);
    }
    return primary(p, c, ty);
}

static gr_status expr_mul(parser *p, code *c, int *ty) {
    size_t at = p->at;
    gr_status st = unary(p, c, ty);
    while (st == GR_OK && (p->t == T_STAR || p->t == T_SLASH || p->t == T_PERCENT)) {
        int op = p->t == T_STAR ? OP_MUL : p->t == T_SLASH ? OP_DIV : OP_MOD;
        if ((st = need_int(p, *ty, at)) != GR_OK) return st;
        next(p);
        size_t a2 = p->at;
        if ((st = unary(p, c, ty)) != GR_OK || (st = need_int(p, *ty, a2)) != GR_OK) return st;
        st = emit(p, c, op, 0);
    }
    return st;
}

/* allow_plus 0: a part of a sum, where a top-level '+' ends the part */
static gr_status expr_add(parser *p, code *c, int *ty, int allow_plus) {
    size_t at = p->at;
    gr_status st = expr_mul(p, c, ty);
    while (st == GR_OK && ((allow_plus && p->t == T_PLUS) || p->t == T_MINUS)) {
        int op = p->t == T_PLUS ? OP_ADD : OP_SUB;
        if ((st = need_int(p, *ty, at)) != GR_OK) return st;
        next(p);
        size_t a2 = p->at;
        if ((st = expr_mul(p, c, ty)) != GR_OK || (st = need_int(p, *ty, a2)) != GR_OK) return st;
        st = emit(p, c, op, 0);
    }
    return st;
}

static gr_status expr_cmp(parser *p, code *c, int *ty) {
    size_t at = p->at;
    gr_status st = expr_add(p, c, ty, 1);
    if (st != GR_OK) return st;
    int op = -1;
    switch (p->t) {
    case T_LT: op = OP_LT; break;
    case T_LE: op = OP_LE; break;
    case T_GT: op = OP_GT; break;
    case T_GE: op = OP_GE; break;
    case T_EQ: op = OP_EQ; break;
    case T_NE: op = OP_NE; break;
    case T_BAR: op = OP_DIVIDES; break;
    default: return GR_OK;
    }
    if ((st = need_int(p, *ty, at)) != GR_OK) return st;
    next(p);
    size_t a2 = p->at;
    if ((st = expr_add(p, c, ty, 1)) != GR_OK || (st = need_int(p, *ty, a2)) != GR_OK) return st;
    *ty = TY_BOOL;
    return emit(p, c, op, 0);
}

static gr_status need_bool(parser *p, int ty, size_t at) {
    if (ty != TY_BOOL)
        return gri_fail_at(p->err, GR_EPARSE, p->line, p->col0 + at, "rule clause %zu: a condition is needed here (e.g. k < n)", p->clause_no);
    return GR_OK;
}

static gr_status expr_not(parser *p, code *c, int *ty) {
    if (is_word(p, "not")) {
        size_t at = p->at;
        next(p);
        gr_status st;
        if (++p->depth > RULE_MAX_DEPTH) return fail(p, at, "rule: expressions nested too deeply%s", "");
        size_t a2 = p->at;
        if ((st = expr_not(p, c, ty)) != GR_OK || (st = need_bool(p, *ty, a2)) != GR_OK) return st;
        p->depth--;
        return emit(p, c, OP_NOT, 0);
    }
    return expr_cmp(p, c, ty);
}

/* and / or: the left value decides when it can (no division by zero on the
 * right of a false 'and'). top: this is the condition's own chain, whose
 * 'and' operands are recorded (a top-level 'or' forgets them). */
static gr_status expr_logic(parser *p, code *c, int *ty, int level, int top) {
    size_t at = p->at, start = c->n;
    gr_status st = level ? expr_logic(p, c, ty, 0, top) : expr_not(p, c, ty);
    const char *word = level ? "or" : "and";
    if (top && !level && st == GR_OK) {
        p->nconj = 1;
        p->conj[0].from = start;
        p->conj[0].to = c->n;
    }
    while (st == GR_OK && is_word(p, word)) {
        if ((st = need_bool(p, *ty, at)) != GR_OK) return st;
        next(p);
        size_t jump = c->n;
        if ((st = emit(p, c, level ? OP_JTRUE_KEEP : OP_JFALSE_KEEP, 0)) != GR_OK || (st = emit(p, c, OP_POP, 0)) != GR_OK) return st;
        size_t a2 = p->at, from = c->n;
        if ((st = (level ? expr_logic(p, c, ty, 0, 0) : expr_not(p, c, ty))) != GR_OK || (st = need_bool(p, *ty, a2)) != GR_OK)
            return st;
        c->v[jump].arg = c->n;
        if (top && level) p->nconj = 0;
        else if (top && p->nconj && p->nconj < RULE_MAX_CONJ) {
            p->conj[p->nconj].from = from;
            p->conj[p->nconj].to = c->n;
            p->nconj++;
        }
    }
    return st;
}

static gr_status expr_or(parser *p, code *c, int *ty) { return expr_logic(p, c, ty, 1, 0); }

/* ---------------- clauses ---------------- */

static gr_status bind(parser *p, const char *what) {
    if (p->t != T_NAME || is_keyword(p->s + p->at, p->len)) return expected(p, what);
    if (p->len > 32) return fail(p, p->at, "rule: a name is longer than 32 characters%s", "");
    for (unsigned k = 0; k < p->nnames; k++)
        if (strlen(p->names[k]) == p->len && !memcmp(p->names[k], p->s + p->at, p->len))
            return gri_fail_at(p->err, GR_EPARSE, p->line, p->col0 + p->at, "rule clause %zu: the name '%s' is already bound",
                               p->clause_no, p->names[k]);
    memcpy(p->names[p->nnames], p->s + p->at, p->len);
    p->names[p->nnames][p->len] = 0;
    p->nnames++;
    next(p);
    return GR_OK;
}

static gr_status part_expr(parser *p, code *c, int allow_plus) {
    int ty;
    size_t at = p->at;
    gr_status st = allow_plus ? expr_add(p, c, &ty, 1) : expr_add(p, c, &ty, 0);
    if (st == GR_OK) st = need_int(p, ty, at);
    return st;
}

static gr_status parse_clause(parser *p, gri_rule *r, clause *cl) {
    gr_status st;
    cl->col = p->at;
    p->nnames = 0;
    unsigned arity = 0;
    if (p->t == T_LP) {
        next(p);
        for (;;) {
            if (arity == GRI_RULE_MAX_ARITY) return fail(p, p->at, "rule: a position has at most 4 numbers%s", "");
            if ((st = bind(p, "a name in the pattern")) != GR_OK) return st;
            arity++;
            if (p->t == T_COMMA) { next(p); continue; }
            if (p->t == T_RP) { next(p); break; }
            return expected(p, "',' or ')' in the pattern");
        }
    } else {
        if ((st = bind(p, "a pattern: a name, or names in parentheses")) != GR_OK) return st;
        arity = 1;
    }
    if (!r->arity) r->arity = arity;
    else if (arity != r->arity)
        return gri_fail_at(p->err, GR_EPARSE, p->line, p->col0 + cl->col,
                           "rule clause %zu: its pattern has %u numbers, the first clause's has %u", p->clause_no, arity, r->arity);
    if (p->t != T_ARROW) return expected(p, "'->'");
    next(p);
    /* the result: parsed now, compiled against names bound later by the
     * loops, so its text is read again after them */
    size_t res_i = p->at;
    /* skip to 'for', 'if', ';' or the end at nesting level 0 */
    int lvl = 0;
    while (p->t != T_END && p->t != T_BAD && !(lvl == 0 && (p->t == T_SEMI || is_word(p, "for") || is_word(p, "if")))) {
        if (p->t == T_LP) lvl++;
        if (p->t == T_RP) lvl--;
        next(p);
    }
    if (p->t == T_BAD) return expected(p, "an expression");
    size_t res_end = p->at;
    while (is_word(p, "for")) {
        if (cl->nloops == RULE_MAX_LOOPS) return fail(p, p->at, "rule: at most 8 'for' ranges in a clause%s", "");
        next(p);
        loop *l = &cl->loops[cl->nloops];
        l->slot = p->nnames;
        /* the bounds see the names bound before this loop */
        size_t name_at = p->at;
        if (p->t != T_NAME || is_keyword(p->s + p->at, p->len)) return expected(p, "a name after 'for'");
        char nm[33];
        size_t nl = p->len > 32 ? 32 : p->len;
        memcpy(nm, p->s + p->at, nl);
        nm[nl] = 0;
        next(p);
        if (!is_word(p, "in")) return expected(p, "'in'");
        next(p);
        if ((st = part_expr(p, &l->lo, 1)) != GR_OK) return st;
        if (p->t != T_DOTS) return expected(p, "'..' in the range");
        next(p);
        if ((st = part_expr(p, &l->hi, 1)) != GR_OK) return st;
        /* now bind the name (checking it is new) */
        size_t save_i = p->i, save_at = p->at, save_len = p->len;
        int save_t = p->t;
        p->i = name_at;
        next(p);
        if ((st = bind(p, "a name after 'for'")) != GR_OK) return st;
        p->i = save_i; p->at = save_at; p->len = save_len; p->t = save_t;
        cl->nloops++;
    }
    p->nconj = 0;
    if (is_word(p, "if")) {
        next(p);
        int ty;
        size_t at = p->at;
        if ((st = expr_logic(p, &cl->cond, &ty, 1, 1)) != GR_OK || (st = need_bool(p, ty, at)) != GR_OK) return st;
    }
    if (p->t != T_SEMI && p->t != T_END) return expected(p, "'for', 'if', ';' or the end of the rule");
    size_t after_i = p->i, after_at = p->at, after_len = p->len;
    int after_t = p->t;
    /* compile the result, every name now bound */
    p->i = res_i;
    next(p);
    if (p->t == T_NUM && p->num == 0 && p->len == 1) {
        next(p);
        if (p->at >= res_end) goto done; /* '0': the move ends the component */
        p->i = res_i;
        next(p);
    }
    for (;;) {
        if (cl->nparts == RULE_MAX_PARTS) return fail(p, p->at, "rule: a result has at most 16 parts%s", "");
        code *pc = cl->parts[cl->nparts];
        if (r->arity == 1) {
            if ((st = part_expr(p, &pc[0], 0)) != GR_OK) return st;
        } else {
            if (p->t != T_LP) return expected(p, "'(' and a position");
            next(p);
            for (unsigned k = 0; k < r->arity; k++) {
                if ((st = part_expr(p, &pc[k], 1)) != GR_OK) return st;
                if (k + 1 < r->arity && p->t != T_COMMA) return expected(p, "',' (the result needs as many numbers as the pattern)");
                if (k + 1 < r->arity) next(p);
            }
            if (p->t != T_RP) return expected(p, "')' (the result needs as many numbers as the pattern)");
            next(p);
        }
        cl->nparts++;
        if (p->at >= res_end) break;
        if (p->t != T_PLUS) return expected(p, "'+' between the parts of a sum");
        next(p);
    }
    if (p->at != res_end) return expected(p, "the end of the result");
done:
    if (cl->nparts >= 2) r->splits = 1;
    /* every code must fit the machine's stack (nesting alone does not
     * bound it: min(n, n + n*(...)) keeps values waiting at each level) */
    {
        int deep = rule_code_depth(&cl->cond) > RULE_STACK;
        for (unsigned l = 0; l < cl->nloops; l++)
            deep |= rule_code_depth(&cl->loops[l].lo) > RULE_STACK || rule_code_depth(&cl->loops[l].hi) > RULE_STACK;
        for (unsigned k = 0; k < cl->nparts; k++)
            for (unsigned j = 0; j < r->arity; j++) deep |= rule_code_depth(&cl->parts[k][j]) > RULE_STACK;
        if (deep) return fail(p, cl->col, "rule: expressions nested too deeply%s", "");
    }
    cl->nconj = cl->cond.n ? p->nconj : 0;
    memcpy(cl->conj, p->conj, cl->nconj * sizeof *cl->conj);
    if ((st = gri_rule_bounds(p->al, cl, r->arity, cl->cond.n ? p->conj : NULL, cl->cond.n ? p->nconj : 0)) != GR_OK)
        return gri_fail(p->err, st, "out of memory");
    p->i = after_i; p->at = after_at; p->len = after_len; p->t = after_t;
    return GR_OK;
}

static void code_free(const gr_allocator *al, code *c) { gri_free(al, c->v); }

void gri_rule_free(gri_rule *r) {
    if (!r) return;
    const gr_allocator *al = r->al;
    for (size_t i = 0; i < r->nc; i++) {
        clause *cl = &r->c[i];
        for (unsigned l = 0; l < RULE_MAX_LOOPS; l++) {
            code_free(r->al, &cl->loops[l].lo);
            code_free(r->al, &cl->loops[l].hi);
            for (unsigned k = 0; k < cl->loops[l].nstops; k++) code_free(r->al, &cl->loops[l].stops[k].c);
        }
        code_free(r->al, &cl->cond);
        for (unsigned k = 0; k < RULE_MAX_PARTS; k++)
            for (unsigned j = 0; j < GRI_RULE_MAX_ARITY; j++) code_free(r->al, &cl->parts[k][j]);
    }
    gri_free(al, r->c);
    gri_free(al, r);
}

gr_status gri_rule_compile(const gr_allocator *al, const char *text, size_t n, size_t line, size_t col0, gri_rule **out,
                           gr_error *err) {
    *out = NULL;
    gri_rule *r = gri_calloc(al, 1, sizeof *r);
    if (!r) return gri_fail(err, GR_ENOMEM, "out of memory");
    r->al = al;
    parser p;
    memset(&p, 0, sizeof p);
    p.al = al;
    p.s = text;
    p.n = n;
    p.line = line;
    p.col0 = col0;
    p.err = err;
    next(&p);
    gr_status st = GR_OK;
    size_t cap = 0;
    if (p.t == T_END) st = fail(&p, 0, "rule[...] needs at least one clause, e.g. rule[n -> n-k for k in 1..3]%s", "");
    while (st == GR_OK) {
        if (r->nc == RULE_MAX_CLAUSES) { st = fail(&p, p.at, "rule: at most 256 clauses%s", ""); break; }
        if (!gri_grow(al, (void **)&r->c, &cap, r->nc + 1, sizeof *r->c)) { st = gri_fail(err, GR_ENOMEM, "out of memory"); break; }
        memset(&r->c[r->nc], 0, sizeof r->c[r->nc]);
        p.clause_no = r->nc + 1;
        r->nc++;
        if ((st = parse_clause(&p, r, &r->c[r->nc - 1])) != GR_OK) break;
        if (p.t == T_END) break;
        next(&p); /* ';' */
        if (p.t == T_END) break; /* a trailing ';' */
    }
    if (st != GR_OK) { gri_rule_free(r); return st; }
    *out = r;
    return GR_OK;
}

unsigned gri_rule_arity(const gri_rule *r) { return r->arity; }
int gri_rule_splits(const gri_rule *r) { return r->splits; }

