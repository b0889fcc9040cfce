/* `grundy check FILE` (cert_check.c): a certificate's text checked from
 * itself alone. */
#ifndef GRUNDY_CLI_CERT_CHECK_H
#define GRUNDY_CLI_CERT_CHECK_H

#include "grundy/grundy.h"
#include "cert_reader.h"

/* r holds the whole text (r->at and r->line 0): 0 when the certificate
 * holds (its claim is printed on stdout), else -1 with r->why */
int cli_certificate_check(cert_reader *r, gr_ctx *ctx);

#endif
