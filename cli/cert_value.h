/* Value certificates of Node Kayles, Arc Kayles and Cram terms
 * (cert_value.c). */
#ifndef GRUNDY_CLI_CERT_VALUE_H
#define GRUNDY_CLI_CERT_VALUE_H

#include "grundy/grundy.h"
#include "cert_reader.h"

/* the write of `grundy value|solve TERM
 * --certificate FILE` (0, or the exit code), and the check of the lines
 * after "kind value" (0, or -1 with r->why) */
int cli_value_certificate_write(const char *path, gr_position *pos);
int cli_value_certificate_check(cert_reader *r, gr_ctx *ctx);

#endif
