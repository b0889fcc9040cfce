/* grundy: exact solutions of impartial combinatorial games.
 * The umbrella header: include this one and you have the whole public API. */
/* Threads: each header says what may be shared. In short: a context and
 * everything made from it (rulesets, positions, searches) is used by one
 * thread at a time; distinct contexts, a built gr_nim, a computed
 * gr_quotient and the pure functions may be used from many threads at once. */
#ifndef GRUNDY_GRUNDY_H
#define GRUNDY_GRUNDY_H

#define GRUNDY_VERSION_MAJOR 0
#define GRUNDY_VERSION_MINOR 1
#define GRUNDY_VERSION_PATCH 0
#define GRUNDY_VERSION_STRING "0.1.0"
/* one number that orders versions: major * 10000 + minor * 100 + patch */
#define GRUNDY_VERSION_NUMBER (GRUNDY_VERSION_MAJOR * 10000 + GRUNDY_VERSION_MINOR * 100 + GRUNDY_VERSION_PATCH)

#include "status.h"
#include "mex.h"
#include "engine.h"
#include "context.h"
#include "ruleset.h"
#include "period.h"
#include "position.h"
#include "compound.h"
#include "remoteness.h"
#include "solution.h"
#include "explain.h"
#include "nimber.h"
#include "custom.h"
#include "loopy.h"
#include "quotient.h"
#include "board.h"
#include "window.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

/* The library's version string, e.g. "0.1.0", and the same as one number
 * (GRUNDY_VERSION_NUMBER of the library that runs, 100 for 0.1.0): compare
 * it with the GRUNDY_VERSION_NUMBER a program was compiled against. */
const char *gr_version(void);
int gr_version_number(void);

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
