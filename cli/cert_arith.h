/* Arithmetic periods of codes that never split and whose last digit
 * repeats (`tb[0.d1..du!]`, the all-but subtraction games), in a period
 * certificate (cert_arith.c; docs/certificates.md, theorem arith-nosplit). */
#ifndef GRUNDY_CLI_CERT_ARITH_H
#define GRUNDY_CLI_CERT_ARITH_H

#include <stdint.h>
#include "cert_reader.h"

/* the digits of such a code from its spec: *u the repeating digit's
 * removal (digit[1..u]); 0, or -1 when spec is not one */
int cli_allbut_digits(const char *spec, unsigned char *digit, uint64_t *u);

/* the digits of a finite code tb[D0.D1...Dk] (hexadecimal): digit[0..*n)
 * (at most 64); 0, or -1 when spec is not one */
int cli_code_digits(const char *spec, uint8_t *digit, size_t *n);

/* G(0..N-1) = v checked by the mex of their options, G(m) = G(m - p) + s
 * for m in [e0 + p, N), the theorem's conditions on N, and e0 the least
 * preperiod: 0, or -1 with r->why (line: where the values start) */
int cli_allbut_check(cert_reader *r, const char *spec, uint64_t e0, uint64_t p, uint64_t s, uint64_t N,
                     const uint32_t *v, unsigned line);

#endif
