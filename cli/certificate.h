/* Period certificates (docs/certificates.md): what the writer
 * (certificate.c) and the checker (cert_check.c) share. */
#ifndef GRUNDY_CLI_CERTIFICATE_H
#define GRUNDY_CLI_CERTIFICATE_H

#include "grundy/grundy.h"

#define CERT_VALUES_PER_LINE 20 /* decimal */
#define CERT_BYTES_PER_LINE 57  /* base64: 76 characters */

/* the theorem's name in a certificate for a gr_period_rule, or NULL */
const char *cli_cert_theorem(int rule);

#endif
