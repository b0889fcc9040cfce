/* grundy: exact solutions of impartial combinatorial games.
 * The umbrella header: include this one and you have the whole public API. */
#ifndef GRUNDY_GRUNDY_H
#define GRUNDY_GRUNDY_H

#define GRUNDY_VERSION_MAJOR 0
#define GRUNDY_VERSION_MINOR 1
#define GRUNDY_VERSION_PATCH 0
#define GRUNDY_VERSION_STRING "0.1.0"

#include "status.h"
#include "mex.h"
#include "engine.h"
#include "context.h"
#include "ruleset.h"
#include "period.h"
#include "position.h"
#include "compound.h"
#include "nimber.h"
#include "custom.h"
#include "loopy.h"
#include "quotient.h"

#ifdef __cplusplus
extern "C" {
#endif
GR_API_BEGIN

/* The library's version string, e.g. "0.1.0". */
const char *gr_version(void);

GR_API_END
#ifdef __cplusplus
}
#endif
#endif
