/* The game-language parser: POSITION := TERM { '+' TERM }, TERM := INTEGER
 * | NAME ['[' PARAMS ']'] '(' ARGS ')'. Hand-written, single pass, no
 * recursion; every error names its line and column. With GR_PARSE_LINES a
 * newline separates terms too and '#' starts a comment.
 *
 * The same code parses a whole text (gr_position_parse_ex) and a stream
 * (gr_parser_feed): a stream keeps only the text after the last separator
 * that stands outside brackets and parentheses ('+', or a newline in lines
 * mode), parses each run of whole terms as soon as it arrives, and refuses
 * a term longer than GR_TERM_MAX_BYTES. */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "core/context_internal.h"
#include "play/position_internal.h"
#include "core/family.h"
#include "lang/lex.h"

typedef struct parser {
    const char *s;
    size_t n, i;
    size_t base;              /* offset in the whole input of s[0] (streams) */
    size_t line, line_start;  /* line_start: offset in the whole input */
    int lines_mode;
    gr_error *err;
    /* the raw spec text of the previous named term and its ruleset */
    const char *last_spec;
    size_t last_len;
    gr_ruleset *last_rs;
    const gr_parse_opts *opts;
    int state;                /* where the term loop stands (run) */
} parser;

static size_t col(const parser *p, size_t at) { return p->base + at - p->line_start + 1; }

static gr_status fail(parser *p, gr_status st, size_t at, const char *what) {
    return gri_fail_at(p->err, st, p->line, col(p, at), "%s", what);
}

static gr_status fail_found(parser *p, size_t at, const char *expected) {
    gr_error e;
    gr_status st = gri_lex_found(p->s, p->n, at, expected, &e);
    return gri_fail_at(p->err, st, p->line, col(p, at), "%s", e.message);
}

/* Skips blanks; newlines too unless they separate terms (lines mode). */
static void skip(parser *p, int newlines) {
    while (p->i < p->n) {
        char c = p->s[p->i];
        if (c == ' ' || c == '\t' || c == '\r') p->i++;
        else if (c == '\n' && (newlines || !p->lines_mode)) {
            p->i++;
            p->line++;
            p->line_start = p->base + p->i;
        } else if (c == '#' && p->lines_mode) {
            while (p->i < p->n && p->s[p->i] != '\n') p->i++;
        } else break;
    }
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }

static gr_status number(parser *p, uint64_t *v) {
    size_t ep = 0;
    gr_error e;
    gr_status st = gri_lex_arg_u64(p->s, p->n, &p->i, v, &ep, &e);
    return st == GR_OK ? GR_OK : gri_fail_at(p->err, st, p->line, col(p, ep), "%s", e.message);
}

static gr_status push_arg(gr_position *pos, uint64_t v, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    if (!gri_grow(al, (void **)&pos->args, &pos->args_cap, pos->nargs + 1, sizeof *pos->args))
        return gri_fail(err, GR_ENOMEM, "out of memory reading the position");
    pos->args[pos->nargs++] = v;
    return GR_OK;
}

/* moves the parser on to s[to], counting the newlines it passes */
static void move_to(parser *p, size_t to) {
    for (; p->i < to && p->i < p->n; p->i++)
        if (p->s[p->i] == '\n') {
            p->line++;
            p->line_start = p->base + p->i + 1;
        }
}

/* The arguments of a family that reads its own (parse_args: Hackenbush's
 * edges), after the '(' through the ')' */
static gr_status own_args(parser *p, gr_position *pos, gri_term *t) {
    uint64_t *a = NULL;
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    size_t na = 0, used = 0, ep = 0;
    gr_error e;
    gr_status st = gri_syntax_of(t->rs)->parse_args(t->rs, p->s + p->i, p->n - p->i, p->lines_mode, p->opts, &a, &na, &used, &ep, &e);
    if (st != GR_OK) {
        move_to(p, p->i + ep);
        return gri_fail_at(p->err, st, p->line, col(p, p->i), "%s", e.message);
    }
    for (size_t k = 0; k < na && st == GR_OK; k++) st = push_arg(pos, a[k], p->err);
    gri_free(al, a);
    if (st != GR_OK) return st;
    if (na > UINT32_MAX) return fail(p, GR_ELIMIT, p->i, "too many arguments in one term");
    t->nargs = (uint32_t)na;
    move_to(p, p->i + used);
    return GR_OK;
}

static gr_status term(parser *p, gr_position *pos) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    gri_term t = {0};
    t.args = pos->nargs;
    gr_status st;
    size_t at = p->i;
    if (at < p->n && (is_digit(p->s[at]) || p->s[at] == '-')) {
        uint64_t v;
        if ((st = number(p, &v)) != GR_OK) return st;
        if (!p->last_rs || p->last_len != 3 || memcmp(p->last_spec, "nim", 3)) {
            if ((st = gri_ctx_ruleset_at(pos->ctx, "nim", 3, p->line, 1, NULL, &p->last_rs, p->err)) != GR_OK) return st;
            p->last_spec = "nim";
            p->last_len = 3;
        }
        t.rs = p->last_rs;
        t.bare = 1;
        if ((st = push_arg(pos, v, p->err)) != GR_OK) return st;
        t.nargs = 1;
    } else if (at < p->n && is_alpha(p->s[at])) {
        while (p->i < p->n && (is_alpha(p->s[p->i]) || is_digit(p->s[p->i]))) p->i++;
        skip(p, 0);
        if (p->i < p->n && p->s[p->i] == '[') {
            size_t open = p->i;
            while (p->i < p->n && p->s[p->i] != ']' && p->s[p->i] != '\n') p->i++;
            if (p->i >= p->n || p->s[p->i] != ']') return fail(p, GR_EPARSE, open, "'[' is never closed: expected ']'");
            p->i++;
        }
        size_t spec_end = p->i;
        while (spec_end > at && (p->s[spec_end - 1] == ' ' || p->s[spec_end - 1] == '\t')) spec_end--;
        size_t len = spec_end - at;
        if (p->last_rs && p->last_len == len && !memcmp(p->last_spec, p->s + at, len)) {
            t.rs = p->last_rs;
        } else {
            if ((st = gri_ctx_ruleset_at(pos->ctx, p->s + at, len, p->line, col(p, at), p->opts, &t.rs, p->err)) != GR_OK)
                return st;
            p->last_rs = t.rs;
            p->last_spec = p->s + at;
            p->last_len = len;
        }
        skip(p, 0);
        if (p->i >= p->n || p->s[p->i] != '(') return fail_found(p, p->i, "expected '(' and the heap sizes");
        p->i++;
        if (gri_syntax_of(t.rs)->parse_args) {
            if ((st = own_args(p, pos, &t)) != GR_OK) return st;
            goto push;
        }
        size_t first_arg = pos->nargs;
        size_t cols[16];  /* where the first arguments start, for state-ruleset errors */
        for (;;) {
            skip(p, 0);
            uint64_t v;
            if (t.nargs < 16) cols[t.nargs] = p->i;
            if (p->i < p->n && p->s[p->i] == ')' && t.nargs == 0)
                return fail(p, GR_EPARSE, p->i, "expected a heap size: a term needs at least one");
            if ((st = number(p, &v)) != GR_OK) return st;
            if ((st = push_arg(pos, v, p->err)) != GR_OK) return st;
            if (t.nargs == UINT32_MAX) return fail(p, GR_ELIMIT, p->i, "too many heaps in one term");
            t.nargs++;
            skip(p, 0);
            if (p->i < p->n && p->s[p->i] == ',') { p->i++; continue; }
            if (p->i < p->n && p->s[p->i] == ')') { p->i++; break; }
            return fail_found(p, p->i, "expected ',' or ')'");
        }
        if (gri_rs_has(t.rs, GR_FAM_ARGS_SET) && t.nargs > 16) {
            /* pieces are a set: keep them sorted so later passes need not sort
             * (short terms keep their order, so errors can point at an argument) */
            gri_sort_u64(pos->args + first_arg, t.nargs);
        }
        if (!gr_ruleset_is_heap(t.rs)) {
            size_t bad = 0;
            gr_error e2;
            st = gr_ruleset_state_check(t.rs, pos->args + first_arg, t.nargs, &bad, &e2);
            if (st != GR_OK)
                return gri_fail_at(p->err, st, p->line, col(p, bad < 16 ? cols[bad] : at), "%s", e2.message);
        }
    } else {
        return fail_found(p, at, "expected a term (a number, or a ruleset such as kayles(7))");
    }
push:
    if (!gri_grow(al, (void **)&pos->terms, &pos->terms_cap, pos->nterms + 1, sizeof *pos->terms))
        return gri_fail(p->err, GR_ENOMEM, "out of memory reading the position");
    pos->terms[pos->nterms++] = t;
    return GR_OK;
}

/* The term loop, as a state machine so that a stream can stop between
 * terms and go on when more text arrives. */
enum { S_START, S_AFTER, S_PLUS, S_NEWLINE, S_NLPLUS };

/* Parses s[i..n) into pos. With final == 0 the text ends just after a
 * separator and the loop stops there, in a state that the next run takes
 * up; with final == 1 the end of the text is the end of the input. */
static gr_status run(parser *p, gr_position *pos, int final) {
    gr_status st;
    for (;;) {
        switch (p->state) {
        case S_START:
            skip(p, 1);
            if (p->i >= p->n) {
                if (!final) return GR_OK;
                return gri_fail_at(p->err, GR_EPARSE, p->line, col(p, p->i), "empty position: expected at least one term");
            }
            break;
        case S_AFTER:
            skip(p, 0);
            if (p->i >= p->n) return GR_OK;
            if (p->s[p->i] == '+') {
                p->i++;
                p->state = S_PLUS;
                continue;
            }
            if (p->s[p->i] == '\n' && p->lines_mode) {
                p->state = S_NEWLINE;
                continue;
            }
            return fail_found(p, p->i, "expected '+' between terms");
        case S_PLUS:
            skip(p, 1);
            if (p->i >= p->n) return final ? fail_found(p, p->i, "expected a term after '+'") : GR_OK;
            break;
        case S_NEWLINE:
            skip(p, 1);
            if (p->i >= p->n) return GR_OK;
            if (p->s[p->i] == '+') {
                p->i++;
                p->state = S_NLPLUS;
                continue;
            }
            break;
        default: /* S_NLPLUS */
            skip(p, 1);
            if (p->i >= p->n && !final) return GR_OK;
            break;
        }
        if ((st = term(p, pos)) != GR_OK) return st;
        p->state = S_AFTER;
    }
}

/* the record is made here (and in build.c) and freed here */
void gr_position_free(gr_position *pos) {
    if (!pos) return;
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    gri_free(al, pos->terms); gri_free(al, pos->args); gri_free(al, pos->values); gri_free(al, pos->known); gri_free(al, pos->kbuf);
    gri_free(al, pos);
}

static gr_position *new_position(gr_ctx *ctx) {
    const gr_allocator *al = gri_ctx_alloc(ctx);
    gr_position *pos = gri_calloc(al, 1, sizeof *pos);
    if (pos) pos->ctx = ctx;
    return pos;
}

static gr_status finish(gr_position *pos, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    pos->values = gri_malloc(al, (pos->nterms ? pos->nterms : 1) * sizeof *pos->values);
    pos->known = gri_calloc(al, pos->nterms ? pos->nterms : 1, 1);
    /* a position whose terms have no argument (hackenbush()) still gets an
     * argument array, so pos->args + t->args is never arithmetic on NULL */
    if (!pos->args && !gri_grow(al, (void **)&pos->args, &pos->args_cap, 1, sizeof *pos->args))
        return gri_fail(err, GR_ENOMEM, "out of memory");
    if (!pos->values || !pos->known) return gri_fail(err, GR_ENOMEM, "out of memory");
    pos->vcap = pos->nterms ? pos->nterms : 1;
    return GR_OK;
}

gr_status gr_number_parse(const char *text, size_t len, uint64_t *out, gr_error *err) {
    if (err) gr_error_clear(err);
    size_t i = 0, ep = 0;
    if (!text) len = 0;
    if (len && text[0] == '-') return gri_fail_at(err, GR_ERANGE, 1, 1, "negative numbers are not allowed");
    gr_status st = gri_lex_u64(text, len, &i, out, &ep);
    if (st == GR_ERANGE)
        return gri_fail_at(err, st, 1, ep + 1, "number does not fit in 64 bits (at most 18446744073709551615)");
    if (st == GR_OK && i == len) return GR_OK;
    size_t at = st == GR_OK ? i : ep;
    gri_lex_found(text, len, at, st == GR_OK ? "expected a whole number" : "expected a number", err);
    if (err) { err->line = 1; err->column = at + 1; }
    return GR_EPARSE;
}

gr_status gr_position_parse(gr_ctx *ctx, const char *text, size_t len, unsigned flags, gr_position **out,
                            gr_error *err) {
    return gr_position_parse_ex(ctx, text, len, flags, NULL, out, err);
}

gr_status gr_position_parse_ex(gr_ctx *ctx, const char *text, size_t len, unsigned flags, const gr_parse_opts *opts,
                               gr_position **out, gr_error *err) {
    *out = NULL;
    if (opts && !GRI_SIZE_OK(opts, gr_parse_opts)) return GRI_SIZE_FAIL(err, gr_parse_opts);
    gr_position *pos = new_position(ctx);
    if (!pos) return gri_fail(err, GR_ENOMEM, "out of memory");
    parser p = {0};
    p.s = text;
    p.n = len;
    p.line = 1;
    p.lines_mode = (flags & GR_PARSE_LINES) != 0;
    p.err = err;
    p.opts = opts;
    p.state = S_START;
    gr_status st = run(&p, pos, 1);
    if (st == GR_OK) st = finish(pos, err);
    if (st != GR_OK) {
        gr_position_free(pos);
        return st;
    }
    *out = pos;
    return GR_OK;
}

/* ---- streams ---- */

struct gr_parser {
    parser p;
    const gr_allocator *al; /* the context's */
    gr_position *pos;
    gr_parse_opts opts;
    int has_opts;
    char *buf;          /* the text not parsed yet: buf[0..len) */
    size_t len, cap;
    size_t scanned;     /* buf[0..scanned) has been scanned for separators */
    size_t cut;         /* buf[0..cut) ends just after the last separator */
    int sq, par, comment;
    gr_status failed;   /* a stream that failed stays failed */
};

gr_status gr_parser_new(gr_ctx *ctx, unsigned flags, const gr_parse_opts *opts, gr_parser **out, gr_error *err) {
    *out = NULL;
    if (opts && !GRI_SIZE_OK(opts, gr_parse_opts)) return GRI_SIZE_FAIL(err, gr_parse_opts);
    const gr_allocator *al = gri_ctx_alloc(ctx);
    gr_parser *ps = gri_calloc(al, 1, sizeof *ps);
    if (!ps || !(ps->pos = new_position(ctx))) {
        gri_free(al, ps);
        return gri_fail(err, GR_ENOMEM, "out of memory");
    }
    ps->al = al;
    if (opts) {
        ps->opts = *opts;
        ps->has_opts = 1;
    }
    ps->p.line = 1;
    ps->p.lines_mode = (flags & GR_PARSE_LINES) != 0;
    ps->p.state = S_START;
    *out = ps;
    return GR_OK;
}

void gr_parser_free(gr_parser *ps) {
    if (!ps) return;
    const gr_allocator *al = ps->al;
    gr_position_free(ps->pos);
    gri_free(al, ps->buf);
    gri_free(al, ps);
}

/* Parses buf[0..upto) (final: the rest of the input) and drops it. */
static gr_status parse_cut(gr_parser *ps, size_t upto, int final, gr_error *err) {
    parser *p = &ps->p;
    p->s = ps->buf;
    p->n = upto;
    p->i = 0;
    p->err = err;
    p->opts = ps->has_opts ? &ps->opts : NULL;
    gr_status st = run(p, ps->pos, final);
    /* the text goes: the ruleset of the last term is looked up again */
    p->last_rs = NULL;
    p->last_spec = NULL;
    p->last_len = 0;
    if (st != GR_OK) return st;
    memmove(ps->buf, ps->buf + upto, ps->len - upto);
    ps->len -= upto;
    ps->scanned -= upto;
    ps->cut = 0;
    p->base += upto;
    return GR_OK;
}

/* The line and column of buf[at] (at is in the text not parsed yet: the
 * parser has counted the lines before it). */
static void where(const gr_parser *ps, size_t at, size_t *line, size_t *column) {
    size_t l = ps->p.line, start = ps->p.line_start;
    for (size_t k = 0; k < at; k++)
        if (ps->buf[k] == '\n') {
            l++;
            start = ps->p.base + k + 1;
        }
    *line = l;
    *column = ps->p.base + at - start + 1;
}

gr_status gr_parser_feed(gr_parser *ps, const char *text, size_t len, gr_error *err) {
    if (ps->failed) return gri_fail(err, ps->failed, "the stream already failed");
    if (len > SIZE_MAX - ps->len - 1) return ps->failed = gri_fail(err, GR_ELIMIT, "the input is too long");
    const gr_allocator *al = ps->al;
    if (ps->len + len > ps->cap) {
        size_t want = ps->cap ? ps->cap : 4096;
        while (want < ps->len + len) want = want > SIZE_MAX / 2 ? ps->len + len : want * 2;
        char *nb = gri_realloc(al, ps->buf, want);
        if (!nb) return ps->failed = gri_fail(err, GR_ENOMEM, "out of memory reading the position");
        ps->buf = nb;
        ps->cap = want;
    }
    memcpy(ps->buf + ps->len, text, len);
    ps->len += len;
    /* find the separators that stand outside brackets and parentheses */
    int lines = ps->p.lines_mode;
    for (size_t k = ps->scanned; k < ps->len; k++) {
        char c = ps->buf[k];
        if (c == '\0') {
            size_t line, column;
            where(ps, k, &line, &column);
            return ps->failed = gri_fail_at(err, GR_EPARSE, line, column, "a NUL byte: not a text file");
        }
        if (ps->sq) {
            if (c == ']' || c == '\n') ps->sq = 0;
        } else if (ps->comment) {
            if (c == '\n') {
                ps->comment = ps->par = 0;
                ps->cut = k + 1;
            }
        } else if (c == '#' && lines) {
            ps->comment = 1;
        } else if (ps->par) {
            if (c == ')') ps->par = 0;
            else if (c == '\n' && lines) {
                ps->par = 0;
                ps->cut = k + 1;
            }
        } else if (c == '[') {
            ps->sq = 1;
        } else if (c == '(') {
            ps->par = 1;
        } else if (c == '+' || (c == '\n' && lines)) {
            ps->cut = k + 1;
        }
    }
    ps->scanned = ps->len;
    gr_status st;
    if (ps->cut && (st = parse_cut(ps, ps->cut, 0, err)) != GR_OK) return ps->failed = st;
    if (ps->len > GR_TERM_MAX_BYTES) {
        /* a term that never ends: named where it starts (past the blanks) */
        size_t line, column, i0 = 0;
        while (i0 < ps->len && (ps->buf[i0] == ' ' || ps->buf[i0] == '\t' || ps->buf[i0] == '\r' || ps->buf[i0] == '\n'))
            i0++;
        where(ps, i0, &line, &column);
        return ps->failed = gri_fail_at(err, GR_ELIMIT, line, column,
                                        "a term longer than %zu bytes (GR_TERM_MAX_BYTES), the most grundy parses as one term",
                                        (size_t)GR_TERM_MAX_BYTES);
    }
    return GR_OK;
}

gr_status gr_parser_finish(gr_parser *ps, gr_position **out, gr_error *err) {
    *out = NULL;
    if (ps->failed) return gri_fail(err, ps->failed, "the stream already failed");
    gr_status st = parse_cut(ps, ps->len, 1, err);
    if (st == GR_OK) st = finish(ps->pos, err);
    if (st != GR_OK) return ps->failed = st;
    *out = ps->pos;
    ps->pos = NULL;
    ps->failed = GR_EINVAL; /* finished: no more text */
    return GR_OK;
}
