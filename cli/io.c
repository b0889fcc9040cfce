/* Whole-file input for the CLI: files and stdin are read into memory once,
 * so a million-term position is parsed in one pass. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

int cli_read_all(const char *path, char **out, size_t *len, char *why, size_t whylen) {
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) {
        snprintf(why, whylen, "cannot open '%s': %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    if (!buf) { snprintf(why, whylen, "out of memory"); if (f != stdin) fclose(f); return -1; }
    for (;;) {
        if (n + 1 >= cap) {
            if (cap >= GR_INPUT_MAX_BYTES) {
                free(buf);
                snprintf(why, whylen, "%s%s%s is larger than %zu bytes, the most grundy reads", strcmp(path, "-") ? "'" : "",
                         strcmp(path, "-") ? path : "stdin", strcmp(path, "-") ? "'" : "", (size_t)GR_INPUT_MAX_BYTES);
                if (f != stdin) fclose(f);
                return -1;
            }
            char *nb = cap > SIZE_MAX / 2 ? NULL : realloc(buf, cap * 2);
            if (!nb) { free(buf); snprintf(why, whylen, "out of memory reading '%s'", path); if (f != stdin) fclose(f); return -1; }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        /* a NUL byte stops the reading at once, with its place */
        const char *nul = got ? memchr(buf + n, '\0', got) : NULL;
        if (nul) {
            size_t line = 1, col = 1;
            for (const char *p = buf; p < nul; p++) {
                if (*p == '\n') { line++; col = 1; }
                else col++;
            }
            snprintf(why, whylen, "%s: a NUL byte at line %zu, column %zu: not a text file", strcmp(path, "-") ? path : "stdin",
                     line, col);
            free(buf);
            if (f != stdin) fclose(f);
            return -1;
        }
        n += got;
        if (got == 0) break;
    }
    int bad = ferror(f);
    if (f != stdin) fclose(f);
    if (bad) { free(buf); snprintf(why, whylen, "error reading '%s'", path); return -1; }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return 0;
}

int cli_parse_u64(const char *s, uint64_t *out) {
    if (!s || !*s) return -1;
    uint64_t v = 0;
    for (const char *p = s; *p; p++) {
        if (*p < '0' || *p > '9') return -1;
        unsigned d = (unsigned)(*p - '0');
        if (v > (UINT64_MAX - d) / 10) return -1;
        v = v * 10 + d;
    }
    *out = v;
    return 0;
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
}

uint64_t cli_seq_at(cli_seq *s, uint64_t i) {
    if (i < s->base || i >= s->base + s->n) {
        gr_error err;
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
