/* Base64 (RFC 4648, standard alphabet, '=' padding), for the values of
 * certificates (certificate.c writes, cert_check.c reads). */
#ifndef GRUNDY_CLI_BASE64_H
#define GRUNDY_CLI_BASE64_H

#include <stddef.h>
#include <stdint.h>

/* the 4 characters of up to 3 bytes (n = 1, 2 or 3; '=' for the missing) */
void cli_base64_quad(const uint8_t *in, size_t n, char out[4]);
/* decodes one group of 4 characters into out; the number of bytes (1..3),
 * or -1 when it is not base64 (padding is allowed only as "x=" endings) */
int cli_base64_unquad(const char in[4], uint8_t out[3]);

#endif
