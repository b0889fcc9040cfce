/* Shared pieces of the grundy command-line tool: input reading and JSON
 * string writing. The CLI uses only the public API in include/grundy. */
#ifndef GRUNDY_CLI_H
#define GRUNDY_CLI_H

#include <stdio.h>
#include <stddef.h>
#include <stdint.h>
#include "grundy/grundy.h"

/* Reads all of a file ("-" = stdin) into a malloc'd buffer (NUL-terminated).
 * Returns 0 on success; otherwise fills why (a sentence) and returns -1. */
int cli_read_all(const char *path, char **out, size_t *len, char *why, size_t whylen);

/* Writes s as a JSON string literal (with quotes). */
void json_string(FILE *f, const char *s);

/* Seconds on a monotonic clock. */
double cli_now(void);

/* Parses a decimal unsigned 64-bit option value; 0 on success. */
int cli_parse_u64(const char *s, uint64_t *out);

/* A ruleset's values G(0..count-1), read a chunk at a time (so that long
 * sequences are never copied out whole): cli_seq_at is fast for
 * increasing i. Values already computed are only read. */
#define CLI_SEQ_CHUNK 8192
typedef struct cli_seq {
    gr_ruleset *rs;
    uint64_t count;
    uint64_t base, n;            /* buf holds G(base..base+n-1) */
    int failed;                  /* a read failed (the values read are then 0) */
    uint64_t buf[CLI_SEQ_CHUNK];
} cli_seq;
void cli_seq_init(cli_seq *s, gr_ruleset *rs, uint64_t count);
uint64_t cli_seq_at(cli_seq *s, uint64_t i);

/* plot.c: an SVG scatter plot and a compact binary form of a sequence */
int cli_write_svg(const char *path, const char *title, cli_seq *v, int periodic, uint64_t pre, uint64_t per,
                  uint64_t saltus, char *why, size_t wl);
int cli_write_bin(const char *path, cli_seq *v, char *why, size_t wl);

/* checkpoint.c */
int cli_checkpoint_save(const char *path, const char *spec, cli_seq *v);
int cli_checkpoint_load(const char *path, gr_ruleset *rs, uint64_t limit, char *why, size_t wl);

/* census.c */
int cli_census(int argc, char **argv);

#endif
