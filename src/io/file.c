/* The one place the library opens a file: gr_read_file, a reader a caller
 * may hand to gr_position_parse_ex for terms that name a file. The parser
 * itself only ever sees text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "grundy/position.h"

/* the 1-based line and column of text[at] */
static void where(const char *text, size_t at, size_t *line, size_t *col) {
    *line = 1;
    size_t start = 0;
    for (size_t i = 0; i < at; i++)
        if (text[i] == '\n') { (*line)++; start = i + 1; }
    *col = at - start + 1;
}

gr_status gr_read_file(void *user, const char *path, char **text, size_t *len, gr_error *err) {
    (void)user;
    const gr_allocator *al = &gri_libc_alloc; /* a reader's text is malloc'd (gr_read_fn) */
    *text = NULL;
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f) return gri_fail(err, GR_EPARSE, "cannot open the graph file '%s'", path);
    size_t cap = 1 << 16, n = 0;
    char *buf = gri_malloc(al, cap);
    gr_status st = GR_OK;
    for (;;) {
        if (!buf) { st = gri_fail(err, GR_ENOMEM, "out of memory reading '%s'", path); break; }
        size_t got = fread(buf + n, 1, cap - n, f);
        /* a NUL byte stops the reading at once: /dev/zero is not a graph */
        const char *nul = got ? memchr(buf + n, '\0', got) : NULL;
        n += got;
        if (nul) {
            size_t line, col;
            where(buf, (size_t)(nul - buf), &line, &col);
            st = gri_fail(err, GR_EPARSE, "'%s': a NUL byte at line %zu, column %zu: not a text file", path, line, col);
            break;
        }
        if (n < cap) {
            if (ferror(f)) st = gri_fail(err, GR_EPARSE, "error reading '%s'", path);
            break;
        }
        if (cap >= GR_INPUT_MAX_BYTES) {
            st = gri_fail(err, GR_ELIMIT, "'%s' is larger than %zu bytes, the most grundy reads", path,
                          (size_t)GR_INPUT_MAX_BYTES);
            break;
        }
        char *nb = gri_realloc(al, buf, cap * 2);
        if (!nb) { gri_free(al, buf); buf = NULL; continue; }
        buf = nb;
        cap *= 2;
    }
    fclose(f);
    if (st != GR_OK) {
        gri_free(al, buf);
        return st;
    }
    *text = buf;
    *len = n;
    return GR_OK;
}
