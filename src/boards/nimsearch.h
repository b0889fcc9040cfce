/* The nimber search of board and graph games (nimsearch.c; its
 * machinery in nimsearch_core.h). */
#ifndef GRUNDY_BOARDS_NIMSEARCH_H
#define GRUNDY_BOARDS_NIMSEARCH_H

#include "boards/nimsearch_core.h"

/* The nimber of position s (the XOR of its parts'). Errors: GR_ENOMEM,
 * GR_ELIMIT (time limit or interrupt, through sv->ctx). sv->err is set to
 * err for the call. */
gr_status grb_solve(grb_solver *sv, const grb_set *s, uint64_t *value, gr_error *err);

#endif
