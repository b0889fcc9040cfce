/* Positions in the game language: disjunctive sums of terms.
 *
 *   POSITION := TERM { '+' TERM }
 *   TERM     := INTEGER                          a nim heap
 *             | NAME [ '[' PARAMS ']' ] '(' ARGS ')'
 *
 * For a heap ruleset, ARGS is one or more heap sizes: `kayles(7)` is a row of
 * seven pins, and `kayles(2,3)` is one component made of a row of 2 and a row
 * of 3 (what `kayles(7)` becomes after a move that knocks out the third pin
 * and splits it). Whitespace is free; with GR_PARSE_LINES a newline also
 * separates terms, blank lines are skipped and `#` starts a comment, so a
 * file can hold one term per line. */
/* Threads: a position belongs to its context: one thread at a time for both,
 * value queries included (they cache values in the position and fill the
 * context's tables). Two contexts with their positions may be used by two
 * threads. */
#ifndef GRUNDY_POSITION_H
#define GRUNDY_POSITION_H

#include <stddef.h>
#include <stdint.h>
#include "status.h"
#include "context.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

typedef struct gr_position gr_position;

enum {
    GR_PARSE_LINES = 1u   /* newlines separate terms; '#' comments */
};

/* Parses text[0..len). The position refers to rulesets owned by ctx and must
 * be freed before ctx. Errors carry line and column. No file is read: a
 * term that names one (hackenbush(@FILE)) is refused; see
 * gr_position_parse_ex. */
GR_NODISCARD gr_status gr_position_parse(gr_ctx *ctx, const char *text, size_t len, unsigned flags,
                                         gr_position **out, gr_error *err);
void gr_position_free(gr_position *pos); /* accepts NULL */

/* Positions from data, without text: gr_position_new makes an empty sum
 * (its value is 0) and gr_position_add_term appends one term, which is
 * then the same as the term written out and parsed:
 *   rs     a ruleset from gr_ctx_ruleset of the same context, or NULL for
 *          a nim heap (written as a bare number; nargs must be 1);
 *   args   a heap ruleset's heaps (kayles with {3, 4} is kayles(3,4)), a
 *          state ruleset's arguments (wythoff {5, 7}), or for hackenbush
 *          the edges as (u, v, weight) triples. They are copied.
 * The checks are the parser's (a state ruleset's argument check, edge
 * weights >= 1), with GR_EINVAL and a message on failure; the position is
 * then unchanged. Terms may be added after the position was used and to a
 * parsed position. Building 10^6 heaps takes milliseconds (bench_position). */
GR_NODISCARD gr_status gr_position_new(gr_ctx *ctx, gr_position **out, gr_error *err);
GR_NODISCARD gr_status gr_position_add_term(gr_position *pos, gr_ruleset *rs, const uint64_t *args, size_t nargs,
                                            gr_error *err);

/* Reads the whole file `path` into *text (malloc'd, *len bytes: with the C
 * library's malloc whatever the context's allocator, since grundy frees it
 * with free()) for a term
 * that names a file (hackenbush(@FILE)); errors go to err. */
typedef gr_status (*gr_read_fn)(void *user, const char *path, char **text, size_t *len, gr_error *err);

typedef struct gr_parse_opts {
    size_t size;         /* sizeof(gr_parse_opts): set by the caller (GR_SIZED) */
    gr_read_fn read_file; /* NULL: a term that names a file is refused */
    void *user;
} gr_parse_opts;

/* gr_position_parse with options (opts may be NULL: no file is read). */
GR_NODISCARD gr_status gr_position_parse_ex(gr_ctx *ctx, const char *text, size_t len, unsigned flags,
                                            const gr_parse_opts *opts, gr_position **out, gr_error *err);

/* A number as the game language writes it, the whole of text[0..len):
 * decimal digits with an optional exponent (`1000`, `10^6`, `2^63`), 0 to
 * 2^64 - 1, for programs that read numbers beside positions (the CLI's
 * options). GR_ERANGE for a number past 2^64 - 1 or a negative one,
 * GR_EPARSE for anything else; the message says which, at err->column. */
GR_NODISCARD gr_status gr_number_parse(const char *text, size_t len, uint64_t *out, gr_error *err);

/* A gr_read_fn that opens the file with stdio (user is ignored): the one
 * library function that touches the file system, called only when a
 * caller passes it. */
GR_NODISCARD gr_status gr_read_file(void *user, const char *path, char **text, size_t *len, gr_error *err);

/* The largest input grundy reads (a position or graph file, stdin): past
 * it gr_read_file and the CLI stop with an error at once, as they do at the
 * first NUL byte (naming its line and column), so an endless or binary
 * input never fills memory. */
#define GR_INPUT_MAX_BYTES ((size_t)1 << 28) /* 256 MiB */

/* Streams: a position read a chunk at a time (a file, a pipe) is parsed
 * as it arrives. Each run of whole terms is parsed as soon as the separator
 * after it ('+', or a newline with GR_PARSE_LINES, outside brackets and
 * parentheses) is fed, and its text is dropped, so the parser holds at most
 * one unfinished term besides the position it builds; errors come as soon
 * as the text that causes them is fed, with the line and column in the
 * whole input. A NUL byte is an error, and so is a term longer than
 * GR_TERM_MAX_BYTES. gr_parser_finish gives the position (the caller frees
 * it); after an error every call fails. opts is copied (NULL: no file is
 * read). The result is the one gr_position_parse_ex gives on the whole
 * text. */
#define GR_TERM_MAX_BYTES ((size_t)1 << 26) /* 64 MiB */
typedef struct gr_parser gr_parser;
GR_NODISCARD gr_status gr_parser_new(gr_ctx *ctx, unsigned flags, const gr_parse_opts *opts, gr_parser **out,
                                     gr_error *err);
GR_NODISCARD gr_status gr_parser_feed(gr_parser *p, const char *text, size_t len, gr_error *err);
GR_NODISCARD gr_status gr_parser_finish(gr_parser *p, gr_position **out, gr_error *err);
void gr_parser_free(gr_parser *p); /* accepts NULL */

/* Number of terms (components) of the sum. */
size_t gr_position_count(const gr_position *pos);

/* The position written back in the game language (malloc'd, NUL-terminated;
 * the caller frees it with free() or gr_free()). Terms are joined by " + "; an empty sum is "0". */
GR_NODISCARD gr_status gr_position_format(const gr_position *pos, char **out, size_t *len);

/* One term written back (malloc'd). */
GR_NODISCARD gr_status gr_position_term_format(const gr_position *pos, size_t i, char **out);
/* A term of ruleset rs with arguments args[0..n), written as a position
 * writes it ("wythoff(3,5)", "cram(#./..)"); *own (may be NULL) is 1 when
 * the family writes its terms in a syntax of its own (boards, graphs,
 * Hackenbush), 0 when the arguments are the numbers as they are. Same
 * ownership as gr_position_format. */
GR_NODISCARD gr_status gr_ruleset_term_format(const gr_ruleset *rs, const uint64_t *args, size_t n, char **out,
                                              int *own);

/* The Grundy value of term i, and of the whole sum (the XOR of its terms'
 * values by the Sprague-Grundy theorem). */
GR_NODISCARD gr_status gr_position_term_value(gr_position *pos, size_t i, uint64_t *value, gr_error *err);
GR_NODISCARD gr_status gr_position_value(gr_position *pos, uint64_t *value, gr_error *err);

/* The outcome when the value itself may be unknown: a large wythoff, euclid
 * or dyn position that is won has no known Grundy value, but a sum whose
 * only such term is it and whose other terms XOR to 0 is still won. *known
 * says whether *value holds the value. GR_EUNPROVEN when the outcome needs
 * an unknown value. */
GR_NODISCARD gr_status gr_position_outcome(gr_position *pos, gr_outcome *wins, int *known, uint64_t *value, gr_error *err);

/* A move in one component: term `component` is replaced by `to` (a term in
 * the game language; a heap ruleset term that split lists all its heaps),
 * and the same as data: term `component` becomes the nparts terms in
 * parts (each a ruleset and its arguments, as gr_position_add_term takes
 * them; bare set for a nim heap written as a number), exactly what `to`
 * reads back as. nparts is at least 1 (a move that ends a term leaves "0",
 * a nim heap of 0), and more than 1 when the move leaves a sum (a prod
 * coin's move turns several coins). Every pointer in a move handed to a
 * callback (from, to, parts and their args) is valid only during the
 * callback: copy what you keep, or call gr_position_play there. */
typedef struct gr_term_info gr_term_info;
typedef struct gr_move {
    size_t component;
    const char *from;
    const char *to;
    size_t nparts;
    const gr_term_info *parts;
} gr_move;

/* Called per winning move; return nonzero to stop early. */
typedef int (*gr_move_fn)(void *user, const gr_move *move);

/* Every move of the sum to a position of value 0 (the winning moves when
 * the value is not 0; none when it is). Visits at most max_moves of them
 * (0: no bound) and sets *complete to 1 when all of them were visited, 0
 * when the list was cut (by max_moves, by fn, or because a huge heap has
 * too many options to list). */
GR_NODISCARD gr_status gr_position_winning_moves(gr_position *pos, size_t max_moves,
                                                 gr_move_fn fn, void *user, int *complete,
                                                 gr_error *err);

/* Every move of the sum, won or lost, term by term: each option of each
 * heap of a heap ruleset's term (the heaps it leaves in place of that
 * heap), each option of a state term (a move that leaves several terms, a
 * prod coin's or a rule's split, is written as the sum it leaves). Visits
 * at most max_moves (0: no bound); *complete is 1 when every move was
 * visited, 0 when the list was cut (by max_moves, by fn, or because a heap
 * past the table limit has too many options to list). A position with no
 * move at all is terminal: the player to move has lost (normal play). */
GR_NODISCARD gr_status gr_position_moves(gr_position *pos, size_t max_moves, gr_move_fn fn, void *user,
                                         int *complete, gr_error *err);

/* The position after `move` written in the game language (malloc'd). */
GR_NODISCARD gr_status gr_position_format_after(const gr_position *pos, const gr_move *move,
                                                char **out, size_t *len);

/* The position after a move, as a new position (free it with
 * gr_position_free): term move->component replaced by the move's parts, the
 * other terms as they are. A move handed to a callback has its parts; in
 * one made by hand, parts NULL means they are read from `to`. The parts are
 * checked as gr_position_add_term checks them. */
GR_NODISCARD gr_status gr_position_play(const gr_position *pos, const gr_move *move, gr_position **next,
                                        gr_error *err);

/* The position after moves that change several terms at once (Every-SG and
 * Moore moves): each term moved in is replaced by the `to` of the last
 * move naming it. Same ownership as gr_position_format. */
GR_NODISCARD gr_status gr_position_format_moves(const gr_position *pos, const gr_move *moves, size_t nmoves,
                                                char **out, size_t *len);

/* What term i is: its ruleset, its arguments (heaps, or the arguments of
 * one state) and whether it was written as a bare integer (a nim heap).
 * The pointers stay valid while the position lives. */
struct gr_term_info {
    gr_ruleset *ruleset;
    const uint64_t *args;
    size_t nargs;
    int bare;
};
GR_NODISCARD gr_status gr_position_term(const gr_position *pos, size_t i, gr_term_info *out);

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
