/* Shared pieces of the grundy command-line tool: input reading and JSON
 * string writing. The CLI uses only the public API in include/grundy. */
#ifndef GRUNDY_CLI_H
#define GRUNDY_CLI_H

#include <stdio.h>
#include <stddef.h>
#include <stdint.h>

/* Reads all of a file ("-" = stdin) into a malloc'd buffer (NUL-terminated).
 * Returns 0 on success; otherwise fills why (a sentence) and returns -1. */
int cli_read_all(const char *path, char **out, size_t *len, char *why, size_t whylen);

/* Writes s as a JSON string literal (with quotes). */
void json_string(FILE *f, const char *s);

/* Seconds on a monotonic clock. */
double cli_now(void);

/* Parses a decimal unsigned 64-bit option value; 0 on success. */
int cli_parse_u64(const char *s, uint64_t *out);

/* plot.c: an SVG scatter plot and a compact binary form of a sequence */
int cli_write_svg(const char *path, const char *title, const uint64_t *v, uint64_t count, int periodic, uint64_t pre,
                  uint64_t per, char *why, size_t wl);
int cli_write_bin(const char *path, const uint64_t *v, uint64_t count, char *why, size_t wl);

/* checkpoint.c */
int cli_checkpoint_save(const char *path, const char *spec, const uint64_t *v, uint64_t n);
int cli_checkpoint_load(const char *path, const char *spec, uint64_t **vals, uint64_t *n, char *why, size_t wl);

/* census.c */
int cli_census(int argc, char **argv);

#endif
