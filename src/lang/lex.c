/* The number lexer (see lex.h). */
#include "lang/lex.h"

gr_status gri_lex_u64(const char *s, size_t n, size_t *i, uint64_t *out, size_t *errpos) {
    size_t p = *i;
    if (p >= n || s[p] < '0' || s[p] > '9') { *errpos = p; return GR_EPARSE; }
    uint64_t v = 0;
    size_t start = p;
    while (p < n && s[p] >= '0' && s[p] <= '9') {
        if (gri_mul_overflows(v, 10, &v) || gri_add_overflows(v, (uint64_t)(s[p] - '0'), &v)) {
            *errpos = start;
            return GR_ERANGE;
        }
        p++;
    }
    if (p < n && s[p] == '^') {
        size_t q = p + 1;
        if (q >= n || s[q] < '0' || s[q] > '9') { *errpos = q; return GR_EPARSE; }
        uint64_t e = 0;
        while (q < n && s[q] >= '0' && s[q] <= '9') {
            if (e > 1000) { *errpos = start; return GR_ERANGE; }
            e = e * 10 + (uint64_t)(s[q] - '0');
            q++;
        }
        uint64_t r = 1;
        for (uint64_t k = 0; k < e; k++)
            if (gri_mul_overflows(r, v, &r)) { *errpos = start; return GR_ERANGE; }
        v = r;
        p = q;
    }
    *i = p;
    *out = v;
    return GR_OK;
}

void gri_lex_blanks(const char *p, size_t n, size_t *i) {
    while (*i < n && (p[*i] == ' ' || p[*i] == '\t')) (*i)++;
}

gr_status gri_lex_param_u64(const char *p, size_t n, size_t *i, size_t line, size_t col0, uint64_t *v, gr_error *err) {
    size_t ep = 0;
    gr_status st = gri_lex_u64(p, n, i, v, &ep);
    if (st == GR_ERANGE)
        return gri_fail_at(err, st, line, col0 + ep, "number does not fit in 64 bits");
    if (st != GR_OK) {
        if (ep < n && p[ep] == '-')
            return gri_fail_at(err, GR_ERANGE, line, col0 + ep, "negative numbers are not allowed in a subtraction set");
        if (ep >= n) return gri_fail_at(err, st, line, col0 + ep, "expected a number");
        return gri_fail_at(err, st, line, col0 + ep, "expected a number, found '%c'", p[ep]);
    }
    return GR_OK;
}

gr_status gri_lex_found(const char *s, size_t n, size_t at, const char *expected, gr_error *err) {
    if (at >= n) return gri_fail(err, GR_EPARSE, "%s, found the end of the input", expected);
    unsigned char c = (unsigned char)s[at];
    if (c == '\n') return gri_fail(err, GR_EPARSE, "%s, found the end of the line", expected);
    if (c < 32 || c > 126) return gri_fail(err, GR_EPARSE, "%s, found byte 0x%02x", expected, c);
    return gri_fail(err, GR_EPARSE, "%s, found '%c'", expected, (char)c);
}

gr_status gri_lex_arg_u64(const char *s, size_t n, size_t *i, uint64_t *v, size_t *errpos, gr_error *err) {
    size_t ep = 0;
    if (*i < n && s[*i] == '-') {
        *errpos = *i;
        return gri_fail(err, GR_ERANGE, "negative numbers are not allowed: heap sizes are 0 to 2^64-1");
    }
    gr_status st = gri_lex_u64(s, n, i, v, &ep);
    if (st == GR_ERANGE) {
        *errpos = ep;
        return gri_fail(err, st, "number does not fit in 64 bits (at most 18446744073709551615)");
    }
    if (st != GR_OK) { *errpos = ep; return gri_lex_found(s, n, ep, "expected a number", err); }
    char c = *i < n ? s[*i] : ' ';
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.') {
        *errpos = *i;
        return gri_lex_found(s, n, *i, "expected a whole number", err);
    }
    return GR_OK;
}

void gri_lex_arg_blanks(const char *s, size_t n, size_t *i, int lines) {
    while (*i < n && (s[*i] == ' ' || s[*i] == '\t' || s[*i] == '\r' || (s[*i] == '\n' && !lines))) (*i)++;
}

gr_status gri_lex_at_file(const gr_allocator *al, const char *s, size_t n, size_t at, const gr_parse_opts *opts,
                          char **path, char **text, size_t *tlen, size_t *close, size_t *errpos, gr_error *err) {
    size_t i = at + 1, ps = i;
    *path = *text = NULL;
    *tlen = 0;
    while (i < n && s[i] != ')' && s[i] != '\n') i++;
    if (i >= n || s[i] != ')') { *errpos = i; return gri_lex_found(s, n, i, "expected ')' after the file name", err); }
    size_t pe = i;
    while (pe > ps && (s[pe - 1] == ' ' || s[pe - 1] == '\t')) pe--;
    *errpos = at;
    *close = i;
    if (pe == ps) return gri_fail(err, GR_EPARSE, "expected a file name after '@'");
    if (!(*path = gri_malloc(al, pe - ps + 1))) return gri_fail(err, GR_ENOMEM, "out of memory");
    memcpy(*path, s + ps, pe - ps);
    (*path)[pe - ps] = '\0';
    if (!opts || !opts->read_file)
        return gri_fail(err, GR_EINVAL, "'@%s': reading files is not enabled for this parse (no file reader given)", *path);
    return opts->read_file(opts->user, *path, text, tlen, err);
}
