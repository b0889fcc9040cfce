/* Value certificates of state games (cert_state.c). */
#ifndef GRUNDY_CLI_CERT_STATE_H
#define GRUNDY_CLI_CERT_STATE_H

#include "grundy/grundy.h"
#include "cert_reader.h"

/* the check of a `game state` certificate's entries, after its position,
 * value and entries lines (0, or -1 with r->why) */
int cli_state_certificate_check(cert_reader *r, gr_ctx *ctx, const char *term, uint64_t value, uint64_t n);

#endif
