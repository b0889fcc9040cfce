/* The one number lexer of the game language, shared by the position
 * parser and the families' parameter parsers. */
#ifndef GRUNDY_LEX_H
#define GRUNDY_LEX_H

#include "core/internal.h"

/* Decimal unsigned 64-bit integer with an optional '^' exponent ("10^18"):
 * parses at s[*i..n), advancing *i. Returns GR_OK, or GR_EPARSE / GR_ERANGE
 * with *errpos the offending offset. */
gr_status gri_lex_u64(const char *s, size_t n, size_t *i, uint64_t *out, size_t *errpos);

/* Skips blanks and tabs. */
void gri_lex_blanks(const char *p, size_t n, size_t *i);

/* A number inside a ruleset's brackets, with the error messages every
 * parameter parser gives (at `line`, column col0 + offset). */
gr_status gri_lex_param_u64(const char *p, size_t n, size_t *i, size_t line, size_t col0, uint64_t *v, gr_error *err);

#endif
