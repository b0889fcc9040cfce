/* The nimber search of board and graph games (nimsearch.c; its
 * machinery in nimsearch_core.h). */
#ifndef GRUNDY_BOARDS_NIMSEARCH_H
#define GRUNDY_BOARDS_NIMSEARCH_H

#include "boards/nimsearch_core.h"

/* The nimber of position s (the XOR of its parts'). Errors: GR_ENOMEM,
 * GR_ELIMIT (time limit or interrupt, through sv->ctx). sv->err is set to
 * err for the call. */
gr_status grb_solve(grb_solver *sv, const grb_set *s, uint64_t *value, gr_error *err);

/* Whether position s has value k (a question, often far cheaper than
 * the value: its parts but the largest are valued, and the largest is
 * asked whether its value is k folded with theirs); one thread. The facts
 * it learns stay in the table, the parts' keys among them. */
gr_status grb_ask(grb_solver *sv, const grb_set *s, uint64_t k, int *yes, gr_error *err);

#define GRB_MAX_THREADS GR_MAX_THREADS
/* grb_solve on `threads` threads (1: grb_solve), sharing sv's table: the
 * calling thread and threads - 1 helpers started and joined here; the
 * positions each walked in nodes[0 .. threads). The value is grb_solve's;
 * the errors are the calling thread's (a helper that fails only stops). */
gr_status grb_solve_team(grb_solver *sv, const grb_set *s, unsigned threads, uint64_t *value, uint64_t *nodes,
                         gr_error *err);

#endif
