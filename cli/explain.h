/* grundy explain, in five files: explain_terms.c (each term: how its value
 * was found, its mex), cmd_explain.c (the command, the sum in normal play),
 * explain_modes.c (misère, Every-SG, Moore), explain_remote.c (remoteness)
 * and explain_loopy.c (a loopy sum of infinite value, a won term whose
 * value grundy does not know). Each function takes the language of its
 * sentences (--lang) and prints them through tr() (lang.h); JSON keys and
 * codes are the same in every language. */
#ifndef GRUNDY_CLI_EXPLAIN_H
#define GRUNDY_CLI_EXPLAIN_H

#include "cli.h"
#include "json.h"
#include "lang.h"

enum {
    EXPLAIN_TERMS = 16,   /* terms explained one by one */
    EXPLAIN_HEAPS = 8,    /* heaps of one term explained one by one */
    MEX_HEAP_MAX = 64,    /* heaps (and state coordinates) small enough to list their options */
    MEX_OPTIONS = 24      /* options written out in a mex line */
};

/* v in `width` binary digits */
void explain_binary(char *out, uint64_t v, int width);

/* Term i, of finite value v: its title, its value, how the value was found
 * (its heaps one by one, or its family's method) and, when small, its
 * options and their mex; a JSON object when w is set. 0, or the exit code. */
int explain_finite_term(json_writer *w, cli_lang lang, gr_position *pos, size_t i, uint64_t v);

/* After the terms: closes the "explained" array, or says how many terms
 * were not explained one by one. */
void explain_terms_end(json_writer *w, cli_lang lang, size_t n);

/* "position: ..." (or the JSON object opened with "position", "terms" and
 * the "explained" array opened) */
void explain_header(json_writer *w, cli_lang lang, const char *text, size_t n);

/* "term i: T, value V" (or the JSON object's "term" member); 0 or 1 (out of memory) */
int explain_term_title(json_writer *w, cli_lang lang, gr_position *pos, size_t i, const char *value_text);

/* why the misère method (gr_misere's method) applies, a sentence */
const char *explain_misere_why(cli_lang lang, const char *method);
/* The steps of the library's explanation (gr_position_explain), one
 * renderer each: the sum (cmd_explain.c; `last` when no section of the
 * play follows it) and the sections of misère, Every-SG and Moore play
 * (explain_modes.c). 0, or the exit code. */
int explain_sum(json_writer *w, cli_lang lang, gr_position *pos, const gr_explanation *e, int last);
int explain_misere(json_writer *w, cli_lang lang, gr_position *pos, const gr_explanation *e);
int explain_every(json_writer *w, cli_lang lang, gr_position *pos, const gr_explanation *e);
int explain_moore(json_writer *w, cli_lang lang, gr_position *pos, const gr_explanation *e, const gr_play_rules *rules);
/* the position the solution's winning move leaves (malloc'd; NULL: no
 * move, or out of memory): one term in misère play, every term it changes
 * at once in Every-SG and Moore's Nim-k */
char *explain_move_text(gr_position *pos, const gr_solution *s);
/* --remoteness (explain_remote.c): the rule 1 + min / 1 + max over the
 * position's moves, in normal or misère play; 0, or the exit code */
int explain_remoteness(json_writer *w, cli_lang lang, gr_position *pos, int misere);

/* A sum with a term whose value is infinite or unknown (kind[i] for each
 * term, vals[i] where it is finite): Smith's rule and a win or a draw, or
 * the outcome without the value. Prints the whole explanation; 0 or the
 * exit code. */
int explain_beyond(json_writer *w, cli_lang lang, gr_ctx *ctx, gr_position *pos, const char *source, const char *text,
                   const uint64_t *vals, const gr_term_kind *kind);

#endif
