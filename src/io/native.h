/* Native code from C text (native.c): compiled once by the system C
 * compiler into a shared object, kept in a cache folder under the hash of
 * the text, and loaded. For rules that run at machine speed (rulenative.c
 * writes their C). */
#ifndef GRUNDY_NATIVE_H
#define GRUNDY_NATIVE_H

#include "core/internal.h"

typedef struct gri_native gri_native;

/* Compiles src[0..len) with the compiler `cc` (a program name found on
 * PATH, run as cc -O2 -shared -fPIC) unless the cache folder `dir` (made
 * with mode 0700 when missing) already has it, and loads it. GR_EUNPROVEN
 * with the reason when any step fails (no compiler, a compile error, a
 * folder that cannot be written): the caller then stays on its portable
 * path. */
gr_status gri_native_build(const gr_allocator *al, const char *cc, const char *dir, const char *src, size_t len, gri_native **out, gr_error *err);
/* a function the object defines, NULL when none */
void *gri_native_sym(gri_native *n, const char *name);
void gri_native_free(gri_native *n); /* accepts NULL */

#endif
