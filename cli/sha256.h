/* SHA-256 (FIPS 180-4), for the checksums of certificates (certificate.c). */
#ifndef GRUNDY_CLI_SHA256_H
#define GRUNDY_CLI_SHA256_H

#include <stddef.h>
#include <stdint.h>

typedef struct cli_sha256 {
    uint32_t h[8];
    uint64_t len;        /* bytes hashed */
    unsigned char buf[64];
    size_t nbuf;
} cli_sha256;

void cli_sha256_init(cli_sha256 *s);
void cli_sha256_add(cli_sha256 *s, const void *data, size_t n);
/* the digest as 64 lowercase hex digits and a NUL */
void cli_sha256_hex(cli_sha256 *s, char out[65]);

#endif
