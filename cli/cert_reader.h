/* Reading a certificate line by line (cert_reader.c), for cert_check.c
 * and cert_value.c. */
#ifndef GRUNDY_CLI_CERT_READER_H
#define GRUNDY_CLI_CERT_READER_H

#include <stddef.h>
#include <stdint.h>

/* a certificate being read: the whole text, the offset and
 * number of the next line, and the first failure */
typedef struct cert_reader {
    const char *path;
    char *text;
    size_t len, at;
    unsigned line;
    char why[512];
} cert_reader;

/* the failure "PATH: line N: " fmt with a, for the caller's exit 2; -1 */
int cert_fail(cert_reader *r, const char *fmt, const char *a);
int cert_fail_u(cert_reader *r, const char *fmt, uint64_t a);
/* the next line without its newline: *p, *l; -1 at the end (or a last
 * line without its newline: a cut file) */
int cert_next_raw(cert_reader *r, const char **p, size_t *l);
/* the next line into buf (cut to cap - 1 bytes) */
int cert_next_line(cert_reader *r, char *buf, size_t cap);
/* a line "KEY VALUE": VALUE into val */
int cert_field(cert_reader *r, const char *key, char *val, size_t cap);
int cert_number(cert_reader *r, const char *key, uint64_t *out);
/* A certificate's number, read strictly (docs/certificates.md): decimal
 * digits below 2^64, no sign, no leading zero (0 itself is "0").
 * cert_u64 reads the whole string s; cert_u64_at the digits at *p, moving
 * *p past them. 0, or -1 when they are not such a number. */
int cert_u64(const char *s, uint64_t *out);
int cert_u64_at(const char **p, uint64_t *out);
/* The failure "'TOKEN' is not a decimal number below 2^64, without sign or
 * leading zeros", TOKEN the text at p up to a blank, '-', ',', '@' or the
 * end: -1 */
int cert_bad_number(cert_reader *r, const char *p);

#endif
