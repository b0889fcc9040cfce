/* File input for the CLI, a chunk at a time: streamed (positions are
 * parsed as they come) or gathered whole (census-merge shards); and small
 * shared helpers. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

int cli_read_chunks(const char *path, cli_chunk_fn fn, void *user, char *why, size_t wl) {
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    const char *name = f != stdin ? path : "stdin";
    if (!f) {
        snprintf(why, wl, "cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    enum { CHUNK = 1 << 20 };
    char *buf = malloc(CHUNK);
    size_t total = 0, line = 1, column = 1;
    int rc = 0;
    if (!buf) { snprintf(why, wl, "out of memory reading '%s'", path); rc = -1; }
    while (rc == 0) {
        size_t got = fread(buf, 1, CHUNK, f);
        if (got == 0) break;
        /* a NUL byte stops the reading at once, with its place */
        const char *nul = memchr(buf, '\0', got);
        size_t upto = nul ? (size_t)(nul - buf) : got;
        for (size_t k = 0; k < upto; k++) {
            if (buf[k] == '\n') { line++; column = 1; }
            else column++;
        }
        if (nul) {
            snprintf(why, wl, "%s: a NUL byte at line %zu, column %zu: not a text file", name, line, column);
            rc = -1;
            break;
        }
        if (got > GR_INPUT_MAX_BYTES - total) {
            snprintf(why, wl, "%s%s%s is larger than %zu bytes, the most grundy reads", f != stdin ? "'" : "", name,
                     f != stdin ? "'" : "", (size_t)GR_INPUT_MAX_BYTES);
            rc = -1;
            break;
        }
        total += got;
        rc = fn(user, buf, got, why, wl);
    }
    if (rc == 0 && ferror(f)) { snprintf(why, wl, "error reading '%s'", path); rc = -1; }
    free(buf);
    if (f != stdin) fclose(f);
    return rc;
}

typedef struct whole {
    const char *path;
    char *buf;
    size_t len, cap;
} whole;

static int append_chunk(void *user, const char *chunk, size_t n, char *why, size_t wl) {
    whole *w = user;
    if (w->len + n + 1 > w->cap) {
        size_t cap = w->cap ? w->cap : 1 << 16;
        while (cap < w->len + n + 1) cap *= 2;
        char *nb = realloc(w->buf, cap);
        if (!nb) { snprintf(why, wl, "out of memory reading '%s'", w->path); return -1; }
        w->buf = nb;
        w->cap = cap;
    }
    memcpy(w->buf + w->len, chunk, n);
    w->len += n;
    return 0;
}

int cli_read_all(const char *path, char **out, size_t *len, char *why, size_t whylen) {
    whole w = {path, NULL, 0, 0};
    int rc = cli_read_chunks(path, append_chunk, &w, why, whylen);
    if (rc == 0 && !w.buf) rc = append_chunk(&w, "", 0, why, whylen); /* an empty file */
    if (rc != 0) {
        free(w.buf);
        return -1;
    }
    w.buf[w.len] = '\0';
    *out = w.buf;
    *len = w.len;
    return 0;
}

int cli_parse_u64(const char *s, uint64_t *out) {
    gr_error err;
    return s && gr_number_parse(s, strlen(s), out, &err) == GR_OK ? 0 : -1;
}

int cli_number_arg(const char *option, const char *s, uint64_t *out) {
    gr_error err;
    if (gr_number_parse(s, strlen(s), out, &err) == GR_OK) return 0;
    if (err.status == GR_ERANGE && s[0] != '-')
        fprintf(stderr, "grundy: error: option '%s' needs a whole number from 0 to 18446744073709551615: '%s' does not fit "
                        "in 64 bits\n", option, s);
    else
        fprintf(stderr, "grundy: error: option '%s' needs a whole number from 0 to 18446744073709551615 (digits, or a "
                        "power a^b such as 10^6), got '%s'\n", option, s);
    return 2;
}

double cli_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void cli_seq_init(cli_seq *s, gr_ruleset *rs, uint64_t count) {
    s->rs = rs;
    s->count = count;
    s->base = 0;
    s->n = 0;
    s->failed = 0;
    s->watch = 0;
    s->deadline = 0;
    s->stopped = 0;
    s->stopped_at = 0;
}

uint64_t cli_seq_at(cli_seq *s, uint64_t i) {
    if (i < s->base || i >= s->base + s->n) {
        gr_error err;
        if (s->failed) return 0;
        /* a chunk at a time: the bound on writing, and Ctrl-C */
        if (s->watch && ((s->deadline && cli_now() > s->deadline) || cli_interrupted(NULL))) {
            s->stopped = s->failed = 1;
            s->stopped_at = i;
            return 0;
        }
        uint64_t n = s->count - i < CLI_SEQ_CHUNK ? s->count - i : CLI_SEQ_CHUNK;
        if (i >= s->count || gr_ruleset_values_range(s->rs, i, n, s->buf, &err) != GR_OK) {
            s->failed = 1;
            return 0;
        }
        s->base = i;
        s->n = n;
    }
    return s->buf[i - s->base];
}
