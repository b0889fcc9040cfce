/* Tameness of a heap ruleset in the sense of misère Nim (misere.c). */
#ifndef GRUNDY_MISERE_TAME_H
#define GRUNDY_MISERE_TAME_H

#include <stdint.h>
#include "grundy/ruleset.h"

/* Is the heap ruleset tame (docs/theory.md "Misère play of tame heaps") for
 * every heap <= m? *ok 1 yes, 0 no or unknown (past the table limit). */
gr_status gri_tame_upto(gr_ruleset *rs, uint64_t m, int *ok, gr_error *err);

#endif
