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

/* For argument parsers (the position parser, and families that read their
 * own term arguments): an error "EXPECTED, found X" (X the character at
 * s[at], "the end of the line" or "the end of the input"), GR_EPARSE with
 * no position (the caller adds it). */
gr_status gri_lex_found(const char *s, size_t n, size_t at, const char *expected, gr_error *err);
/* A term argument: a number as gri_lex_u64 reads it, with the messages of
 * the game language (negative, too large, not whole); *errpos on failure. */
gr_status gri_lex_arg_u64(const char *s, size_t n, size_t *i, uint64_t *v, size_t *errpos, gr_error *err);
/* Skips blanks between arguments: spaces, tabs, CRs, and newlines unless
 * they end a term (lines != 0). */
void gri_lex_arg_blanks(const char *s, size_t n, size_t *i, int lines);
/* A term argument "@FILE)" at s[at] (the '@'): reads the file through
 * opts->read_file. *path (allocated with al; the caller frees it, also on
 * failure) is its name, *text (malloc'd by the reader, freed with the C
 * library's allocator) and *tlen its bytes, *close the offset of the ')'.
 * Errors: no ')' (*errpos at the end), no name, no reader (*errpos at the
 * '@'), or the reader's. */
gr_status gri_lex_at_file(const gr_allocator *al, const char *s, size_t n, size_t at, const gr_parse_opts *opts,
                          char **path, char **text, size_t *tlen, size_t *close, size_t *errpos, gr_error *err);

#endif
