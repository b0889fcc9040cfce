/* Misère sums of one heap ruleset by its misère quotient (misere_quotient.c). */
#ifndef GRUNDY_MISERE_QUOTIENT_H
#define GRUNDY_MISERE_QUOTIENT_H

#include "grundy/quotient.h"
#include "grundy/position.h"

/* The quotient that decides pos, when every term is a heap of one ruleset
 * and its quotient (built now or earlier) covers the largest heap; *out
 * NULL otherwise. Errors only for allocation failures. */
gr_status gri_misere_quotient(gr_position *pos, const gr_quotient **out, gr_error *err);

/* Was a quotient tried for pos's one heap ruleset, and not proved? */
int gri_mq_refused(const gr_position *pos);

/* the element of the whole position */
uint32_t gri_mq_position_element(const gr_position *pos, const gr_quotient *q);

/* gamma[0..terms) of the genus of a heap, by the quotient with nim heaps
 * adjoined (GR_ELIMIT or GR_EUNPROVEN when it cannot be built or proved
 * periodic for a heap this large). */
gr_status gri_genus_quotient(gr_ruleset *rs, uint64_t heap, size_t terms, uint64_t *gamma, gr_error *err);

#endif
