/* Status names and the error-record helpers every module uses to report. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"

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

void gr_free(void *p) { gri_free(&gri_libc_alloc, p); }

/* Fits a message into the record. A message that quotes a long spec (a
 * rule of many clauses) would lose its end, which says what went wrong:
 * the longest [...] in it is shortened in the middle instead, and failing
 * that the middle of the message goes, so the reason is always kept. */
static void fit(char *out, size_t cap, const char *m, size_t len) {
    static const char ELL[] = " ... ";
    size_t e = sizeof ELL - 1;
    if (len < cap) { memcpy(out, m, len + 1); return; }
    size_t best_at = 0, best_len = 0;
    for (size_t i = 0; i < len; i++) {
        if (m[i] != '[') continue;
        size_t depth = 0, j = i;
        for (; j < len; j++) {
            if (m[j] == '[') depth++;
            else if (m[j] == ']' && --depth == 0) break;
        }
        if (j < len && j - i - 1 > best_len) { best_at = i + 1; best_len = j - i - 1; }
    }
    size_t over = len - (cap - 1); /* characters to drop */
    if (best_len >= over + e + 40) {
        /* keep the bracket's first and last parts */
        size_t keep = best_len - over - e, head = keep - keep / 3, tail = keep / 3, o = 0;
        memcpy(out, m, best_at + head);
        o = best_at + head;
        memcpy(out + o, ELL, e);
        o += e;
        size_t rest = best_at + best_len - tail;
        memcpy(out + o, m + rest, len - rest);
        o += len - rest;
        out[o] = 0;
        return;
    }
    size_t head = (cap - 1 - e) / 3, tail = cap - 1 - e - head;
    memcpy(out, m, head);
    memcpy(out + head, ELL, e);
    memcpy(out + head + e, m + len - tail, tail);
    out[head + e + tail] = 0;
}

static gr_status fill(gr_error *err, gr_status st, size_t line, size_t col, const char *fmt, va_list ap) {
    if (!err) return st;
    err->status = st;
    err->line = line;
    err->column = col;
    char big[4096];
    int n = vsnprintf(big, sizeof big, fmt, ap);
    if (n < 0) n = 0;
    if ((size_t)n >= sizeof big) n = (int)sizeof big - 1;
    fit(err->message, sizeof err->message, big, (size_t)n);
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
int gr_version_number(void) { return GRUNDY_VERSION_NUMBER; }
