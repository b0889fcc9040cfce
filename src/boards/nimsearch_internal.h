/* The board search, shared between its files (nimsearch.c: the
 * solver, the table, the plain mex and the value-by-value method;
 * nimsearch_br.c: the set method, the default). */
#ifndef GRUNDY_BOARDS_NIMSEARCH_INTERNAL_H
#define GRUNDY_BOARDS_NIMSEARCH_INTERNAL_H

#include "boards/nimsearch.h"

#define UNKNOWN UINT64_MAX

struct grb_level {
    uint64_t key[GRB_KEY_WORDS];
    uint32_t *moves;
    uint64_t *order;     /* options to search: cost << 32 | move */
    grb_set parts[GRB_MAX_CELLS];
};

/* the scratch of the next level down (NULL: out of memory); the caller
 * steps back up with sv->depth-- */
grb_level *grb_sv_push(grb_solver *sv);
gr_status grb_sv_oom(grb_solver *sv);
/* one more position walked: polls the time limit and the interrupt */
gr_status grb_sv_step(grb_solver *sv);
/* the key of a part (its cells, with GRB_NO_SYMMETRY) */
size_t grb_sv_key(const grb_solver *sv, const grb_set *part, uint64_t *key);
/* the parts of s (all as one with GRB_NO_SPLIT) */
size_t grb_sv_parts(const grb_solver *sv, const grb_set *s, grb_set *out);
/* the option of part c by move m */
void grb_sv_option(const grb_solver *sv, const grb_set *c, uint32_t m, grb_set *o);
/* an option's value when the table has all its parts' (1), else 0 with
 * *cost, how hard it looks */
int grb_sv_known(grb_solver *sv, const grb_set *parts, size_t np, uint64_t *key, uint64_t *value, uint64_t *cost);
int grb_sv_by_cost(const void *a, const void *b);
/* the table: a key's value (UNKNOWN) and facts; its entry, made when absent */
void grb_sv_tt_get(const grb_solver *sv, const uint64_t *key, size_t klen, uint64_t *nim, uint64_t *a, uint64_t *b);
grb_tent *grb_sv_tt_entry(grb_solver *sv, const uint64_t *key, size_t klen);
gr_status grb_sv_tt_set_nim(grb_solver *sv, const uint64_t *key, size_t klen, uint64_t v);
/* a part's value, from the table or searched */
gr_status grb_sv_part_nim(grb_solver *sv, const grb_set *c, uint64_t *v);
gr_status grb_sv_plain_mex(grb_solver *sv, const grb_set *c, uint64_t *v);
/* the set method (nimsearch_br.c) */
gr_status grb_sv_in_set(grb_solver *sv, const grb_set *c, const uint64_t *key, size_t klen, uint64_t want, uint64_t *v);
gr_status grb_sv_aspire(grb_solver *sv, const grb_set *c, const uint64_t *key, size_t klen, uint64_t *v);

#endif
