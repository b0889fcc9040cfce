/* Status names and the error-record helpers every module uses to report. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "internal.h"

const char *gr_status_name(gr_status s) {
    switch (s) {
    case GR_OK: return "ok";
    case GR_EPARSE: return "parse";
    case GR_ERANGE: return "range";
    case GR_EINVAL: return "invalid";
    case GR_ELIMIT: return "limit";
    case GR_ECYCLE: return "cycle";
    case GR_EUNPROVEN: return "unproven";
    case GR_ENOSOLUTION: return "nosolution";
    case GR_ENOMEM: return "nomem";
    case GR_EINTERNAL: return "internal";
    }
    return "unknown";
}

int gr_status_is_input_error(gr_status s) {
    switch (s) {
    case GR_EPARSE: case GR_ERANGE: case GR_EINVAL: case GR_ELIMIT:
    case GR_ECYCLE: case GR_EUNPROVEN: case GR_ENOSOLUTION:
        return 1;
    default:
        return 0;
    }
}

void gr_error_clear(gr_error *err) {
    if (!err) return;
    err->status = GR_OK;
    err->line = err->column = 0;
    err->message[0] = '\0';
}

void gr_free(void *p) { free(p); }

static gr_status fill(gr_error *err, gr_status st, size_t line, size_t col, const char *fmt, va_list ap) {
    if (!err) return st;
    err->status = st;
    err->line = line;
    err->column = col;
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    return st;
}

gr_status gri_fail(gr_error *err, gr_status st, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fill(err, st, 0, 0, fmt, ap);
    va_end(ap);
    return st;
}

gr_status gri_fail_at(gr_error *err, gr_status st, size_t line, size_t column, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fill(err, st, line, column, fmt, ap);
    va_end(ap);
    return st;
}

const char *gr_version(void) { return GRUNDY_VERSION_STRING; }
