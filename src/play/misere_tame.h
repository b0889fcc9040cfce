/* Misère certificates of a heap ruleset (misere_tame.c): tameness in the
 * sense of misère Nim, and the SJ theorem's condition. */
#ifndef GRUNDY_MISERE_TAME_H
#define GRUNDY_MISERE_TAME_H

#include <stdint.h>
#include "grundy/ruleset.h"

/* Is the heap ruleset tame (docs/theory.md "Misère play of tame heaps") for
 * every heap <= m? *ok 1 yes, 0 no or unknown (past the table limit). */
gr_status gri_tame_upto(gr_ruleset *rs, uint64_t m, int *ok, gr_error *err);

/* Does every heap <= m of value 0 lack moves, with no move that splits a
 * heap? Then the SJ theorem's verdict is misère play's. *ok as above. */
gr_status gri_sj_upto(gr_ruleset *rs, uint64_t m, int *ok, gr_error *err);

#endif
