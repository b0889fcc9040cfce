/* The grundy command-line tool's internal header: options, input, error
 * reporting, the commands, and the shared pieces (reading files, sequences,
 * plots, checkpoints). The CLI uses only the public API in include/grundy;
 * JSON output goes through json.h. Exit codes: 0 ok, 2 bad input or usage,
 * 1 internal failure. */
#ifndef GRUNDY_CLI_H
#define GRUNDY_CLI_H

#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/grundy.h"
#include "lang.h"

/* ---- options (opts.c): value, solve, seq, genus, newnim and demo take these ---- */
typedef struct cli_opts {
    /* flags */
    int json, hex, period, quiet, misere, every, remoteness;
    /* --file, --out, --plot, --checkpoint, --first */
    const char *file, *out_path, *plot_path, *checkpoint, *first, *board_table, *histogram_dir, *certificate,
        *kernels;
    /* numbers, each with has_X set when given */
    uint64_t max_moves, table_limit, to, moore, search_limit, terms, checkpoint_ms, max_seconds, window, threads,
        save_every;
    int has_max_moves, has_table_limit, has_to, has_moore, has_search_limit, has_terms, has_checkpoint_ms,
        has_max_seconds, has_window, has_threads, has_save_every;
    int mpi;                 /* under --mpi (set by main, not an option of the line) */
    /* --lang en|zh: the language of explain's sentences (English unless given) */
    cli_lang lang;
    /* the other arguments */
    const char *pos[64];
    int npos;
} cli_opts;

/* Parses argv[first..]; 0, or the exit code after printing the error. */
int cli_parse_opts(int argc, char **argv, int first, cli_opts *o);

/* "grundy: error: " fmt (with arg) " (see 'grundy --help')"; returns 2 */
int cli_usage_error(const char *fmt, const char *arg);
/* the play the options choose (--misere, --every, --moore K, and --misere
 * with --moore K for Anti-Nim-k): 0, or the usage error's exit code when
 * they clash (every command that takes a play checks it here) */
int cli_play_of(const cli_opts *o, gr_play *out);
/* prints a library error (with its file and position, and the option that
 * raises a bound it names: --search-limit, --table-limit, --max-seconds);
 * returns 2 for bad input, 1 otherwise */
int cli_report(const gr_error *e, const char *source, int from_file);

/* The position the arguments name, parsed with the files its terms name:
 * a file or stdin (--file F, '-', '@F') is parsed as it is read, a chunk at
 * a time (gr_parser), with GR_PARSE_LINES; with args_as_lines the words of
 * the command line are one term each. *source is the file's name for
 * messages (NULL for arguments). 0, or the exit code after printing the
 * error. */
int cli_load_position(const cli_opts *o, gr_ctx *ctx, int args_as_lines, gr_position **pos, const char **source);

/* progress.c: the progress line of long tabulations of a position's
 * heap rulesets (the first CLI_PROGRESS_MAX distinct ones), while a value
 * or solve call runs between attach and detach */
#define CLI_PROGRESS_MAX 16
typedef struct cli_progress cli_progress;
typedef struct cli_progress_rs {
    cli_progress *owner;
    gr_ruleset *rs;
} cli_progress_rs;
struct cli_progress {
    cli_progress_rs rs[CLI_PROGRESS_MAX];
    size_t n;
    double start, last;
    int shown;
};
void cli_progress_attach(cli_progress *p, const cli_opts *o, gr_position *pos);
/* the line itself ("SPEC: DONE of TOTAL values (P%)", over the last one),
 * and its erasure; seq draws it too */
void cli_progress_show(const gr_ruleset *rs, uint64_t done, uint64_t total);
void cli_progress_clear(void);
void cli_progress_detach(cli_progress *p);

/* a context with the limits the options give, and the time limit of
 * --max-seconds or else default_seconds (0: none); 0, or the exit code */
#define CLI_DEFAULT_SECONDS 60 /* value, solve, genus */
/* the threads asked for with --threads N, else the cores present */
unsigned cli_threads(const cli_opts *o);
int cli_setup(const cli_opts *o, gr_ctx **ctx, uint64_t default_seconds);
/* Ctrl-C (interrupt.c): cli_catch_interrupt() makes the first SIGINT set a
 * flag that cli_interrupted(), a gr_interrupt_fn, returns; cli_setup gives
 * it to every context. main() exits 130 once it is set. */
void cli_catch_interrupt(void);
/* help_topics.c: `grundy help TOPIC` texts (help.c prints them) */
typedef struct cli_topic {
    const char *name;
    const char *text;
} cli_topic;
extern const cli_topic CLI_TOPICS[];
extern const size_t CLI_NTOPICS;
/* the commands' help (help_commands.c) */
extern const cli_topic CLI_COMMANDS[];
extern const size_t CLI_NCOMMANDS;
int cli_interrupted(void *user);
/* native code for rules, as the environment says (GRUNDY_NATIVE, CC,
 * GRUNDY_CACHE_DIR); 0, or 1 when out of memory */
int cli_native(gr_ctx *ctx);
/* Parses a position, reading the graph files its terms name: the tool, not
 * the library, decides that files may be read. */
gr_status cli_parse(gr_ctx *ctx, const char *text, size_t len, unsigned flags, gr_position **pos, gr_error *err);

/* ---- commands: each returns the exit code ---- */
int cmd_value(const cli_opts *o);   /* cmd_value.c */
int cmd_solve(const cli_opts *o);   /* cmd_solve.c */
int cmd_genus(const cli_opts *o);   /* cmd_genus.c */
int cmd_explain(const cli_opts *o); /* cmd_explain.c */
int cmd_play(const cli_opts *o);    /* cmd_play.c */
int cmd_quotient(const cli_opts *o); /* cmd_quotient.c */
int cmd_check(const cli_opts *o);    /* certificate.c */
/* seq --period --certificate FILE (certificate.c): 0, or the exit code */
int cli_certificate_write(const char *path, gr_ruleset *rs, const gr_period *per);
int cmd_newnim(const cli_opts *o);  /* cmd_newnim.c */
int cmd_seq(const cli_opts *o);     /* cmd_seq.c */
/* seq_window.c: seq with --window; CLI_SEQ_USE_TABLE when the window does
 * not apply to the ruleset and N is below CLI_SEQ_TABLE_MAX (the caller
 * computes the table; a note on stderr says so) */
#define CLI_SEQ_TABLE_MAX ((uint64_t)1 << 30)
#define CLI_SEQ_USE_TABLE (-1)
int cli_seq_window(const cli_opts *o, gr_ruleset *rs);
int cmd_demo(const cli_opts *o);    /* cmd_demo.c */
/* these read their own arguments, argv[2..] */
int cmd_nim(int argc, char **argv);     /* cmd_nim.c */
int cmd_census(int argc, char **argv);  /* cmd_census.c */
int cmd_census_merge(int argc, char **argv); /* cmd_census_merge.c */
int cmd_table(int argc, char **argv);   /* cmd_table.c */
int cmd_help(int argc, char **argv);    /* help.c: help [TOPIC], --help, -h */
int cmd_version(int argc, char **argv); /* help.c: version, --version */

/* cmd_census.c: the codes of a census pattern such as 'tb[0.??]'.
 * cli_census_pattern checks it (printing the error and returning exit code
 * 2 when it is bad, else 0) and counts its '?'s; cli_census_code writes the
 * c-th of its 8^q codes (c < 8^q) into spec (CLI_CENSUS_CODE_MAX bytes) and
 * returns 0 for the code with no move at all, which a census skips. */
#define CLI_CENSUS_CODE_MAX 128
int cli_census_pattern(const char *pattern, int *q);
int cli_census_code(const char *pattern, int q, size_t c, char *spec);

/* cmd_nim.c: one query line of 'grundy nim OP -' (1 with its numbers in
 * a[0..want), 0 for a blank line, 2 with why set), and the whole batch
 * read from `in` a line at a time (the exit code; answers on stdout). A
 * query line holds at most CLI_NIM_LINE_MAX bytes. */
#define CLI_NIM_LINE_MAX 4096
int cli_nim_parse_line(const char *s, size_t n, size_t line, const char *name, int want, uint64_t *a, char *why,
                       size_t wl);
int cli_nim_batch(FILE *in, const gr_nim *t, const char *name, int hex);

/* cmd_census_merge.c: the merge itself, each file's text got from load
 * (0, or -1 with why set; the text is malloc'd and NUL-terminated); the
 * exit code, the merged rows on stdout */
typedef int (*cli_census_load_fn)(void *user, const char *name, char **text, size_t *len, char *why, size_t wl);
int cli_census_merge(const char *pattern, size_t nfiles, char **names, cli_census_load_fn load, void *user);

/* help.c: the usage (topic NULL) or one topic; *found = 0 when no such topic */
void cli_help(FILE *f, const char *topic, int *found);

/* ---- io.c ---- */
/* Reads a file ("-" = stdin) a chunk at a time (a megabyte), handing each
 * to fn, which returns 0 to go on, or else stops the reading (-1 with why
 * set, or any positive code, returned as it is). The reading itself stops
 * with -1 and why set when the file cannot be opened or read, at the first
 * NUL byte (naming its line and column), or past GR_INPUT_MAX_BYTES. */
typedef int (*cli_chunk_fn)(void *user, const char *chunk, size_t n, char *why, size_t wl);
int cli_read_chunks(const char *path, cli_chunk_fn fn, void *user, char *why, size_t wl);
/* Reads all of a file ("-" = stdin) into a malloc'd buffer (NUL-terminated).
 * Returns 0 on success; otherwise fills why (a sentence) and returns -1. */
int cli_read_all(const char *path, char **out, size_t *len, char *why, size_t whylen);

/* Seconds on a monotonic clock. */
double cli_now(void);

/* Every number the tool reads (options, `grundy nim`'s arguments, moves
 * typed in play) is read as the game language writes numbers
 * (gr_number_parse: digits, or a^b such as 10^6), 0 to 2^64 - 1.
 * cli_parse_u64: 0 on success, -1 otherwise (the caller says why). */
int cli_parse_u64(const char *s, uint64_t *out);
/* The value of a number option: 0, or 2 after the error line, which names
 * the option and says whether the number is too large or not a number. */
int cli_number_arg(const char *option, const char *s, uint64_t *out);

/* A ruleset's values G(0..count-1), read a chunk at a time (so that long
 * sequences are never copied out whole): cli_seq_at is fast for
 * increasing i. Values already computed are only read. */
#define CLI_SEQ_CHUNK 8192
typedef struct cli_seq {
    gr_ruleset *rs;
    uint64_t count;
    uint64_t base, n;            /* buf holds G(base..base+n-1) */
    int failed;                  /* a read failed (the values read are then 0) */
    /* when watch is set, a bound on writing them out (deadline, 0: none):
     * past it, or after Ctrl-C, a read fails with stopped set, at stopped_at */
    int watch;
    double deadline;
    int stopped;
    uint64_t stopped_at;
    uint64_t buf[CLI_SEQ_CHUNK];
} cli_seq;
void cli_seq_init(cli_seq *s, gr_ruleset *rs, uint64_t count);
uint64_t cli_seq_at(cli_seq *s, uint64_t i);

/* ---- plot.c: an SVG scatter plot and a compact binary form of a sequence ---- */
int cli_write_svg(const char *path, const char *title, cli_seq *v, int periodic, uint64_t pre, uint64_t per,
                  uint64_t saltus, char *why, size_t wl);
int cli_write_bin(const char *path, cli_seq *v, char *why, size_t wl);

/* ---- histogram.c: seq --histogram DIR, the frequency of each value among
 * G(1..N) at every power of two N <= last, a file DIR/N each: 0, or the
 * exit code with why (empty when the values could not be read) ---- */
int cli_write_histograms(const char *dir, cli_seq *v, uint64_t last, char *why, size_t wl);
/* The same, value by value: open makes DIR; add counts G(i) = x (heaps in
 * order from 1; heap 0 is skipped) and writes DIR/i when i is a power of two. */
typedef struct cli_hist {
    const char *dir;
    uint64_t *cnt, cap, top, next;
} cli_hist;
int cli_hist_open(cli_hist *h, const char *dir, char *why, size_t wl);
int cli_hist_add(cli_hist *h, uint64_t i, uint64_t x, char *why, size_t wl);
/* the same for G(first..first+len-1) = v[0..len-1] */
int cli_hist_add_run(cli_hist *h, uint64_t first, const uint32_t *v, size_t len, char *why, size_t wl);
void cli_hist_free(cli_hist *h);

/* ---- board_table.c: --board-table FILE, a board search's table kept between runs ---- */
/* loads FILE (when it exists) into the search of the position's first
 * board or graph term (*rs, NULL when there is none): 0, or the exit code */
int cli_board_table_load(const cli_opts *o, gr_position *pos, gr_ruleset **rs);
/* saves that search's table to FILE (through FILE.tmp; nothing without
 * --board-table or a board term): rc, the command's exit code so far, or
 * when that is 0 the save's (0, or the exit code) */
int cli_board_table_save(const cli_opts *o, gr_ruleset *rs, int rc);
/* --save-every S with the table: the run is stopped every S seconds (by
 * the context's interrupt callback, the only hook that does not call back
 * into the library), the table saved, and the run made again, which goes
 * on from the table. Start before the run, ask again after each return
 * (1: it stopped only for a save, which is done: run again), stop after. */
typedef struct cli_board_saver {
    const cli_opts *o;
    gr_ctx *ctx;
    gr_ruleset *rs;
    double next;
    int due;
} cli_board_saver;
void cli_board_saver_start(cli_board_saver *s, const cli_opts *o, gr_ctx *ctx, gr_ruleset *rs);
int cli_board_saver_again(cli_board_saver *s, gr_status st, gr_error *err);
void cli_board_saver_stop(cli_board_saver *s);

/* ---- board_svg.c: solve --plot FILE, the board terms and their winning moves ---- */
int cli_board_svg(const char *path, gr_position *pos);

/* ---- checkpoint.c ---- */
int cli_checkpoint_save(const char *path, const char *spec, cli_seq *v);
/* Takes the lock of the checkpoint PATH (PATH.lock, holding the pid), so
 * that two runs never write one checkpoint: 0 with *fd to close at the
 * end, or -1 with why (another run holds it, or the lock file fails). */
int cli_checkpoint_lock(const char *path, int *fd, char *why, size_t wl);
int cli_checkpoint_load(const char *path, gr_ruleset *rs, uint64_t limit, char *why, size_t wl);
/* the same from an open file (closed here); path names it in messages */
int cli_checkpoint_read(FILE *f, const char *path, gr_ruleset *rs, uint64_t limit, char *why, size_t wl);

#endif
