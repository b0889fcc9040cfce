/* Fibonacci nim and k-times dynamic subtraction (dyn.c): what the
 * value certificates (statecert.c) share with the family. */
#ifndef GRUNDY_GAMES_DYN_H
#define GRUNDY_GAMES_DYN_H

#include <stddef.h>
#include <stdint.h>

/* the most tokens the next move may take in the position args[0..n):
 * dyn[k](n) may take n - 1 (0 for n = 0), dyn[k](n, c) min(c, n) */
uint64_t gri_dyn_cap(const uint64_t *args, size_t n);

#endif
