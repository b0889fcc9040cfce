/* The one place the library opens a file: gr_read_file, a reader a caller
 * may hand to gr_position_parse_ex for terms that name a file. The parser
 * itself only ever sees text. */
#include <stdio.h>
#include <stdlib.h>
#include "internal.h"
#include "grundy/position.h"

gr_status gr_read_file(void *user, const char *path, char **text, size_t *len, gr_error *err) {
    (void)user;
    *text = NULL;
    *len = 0;
    FILE *f = fopen(path, "rb");
    if (!f) return gri_fail(err, GR_EPARSE, "cannot open the graph file '%s'", path);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (!buf) { fclose(f); return gri_fail(err, GR_ENOMEM, "out of memory reading '%s'", path); }
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap) break;
        char *nb = realloc(buf, cap * 2);
        if (!nb) { free(buf); buf = NULL; continue; }
        buf = nb;
        cap *= 2;
    }
    fclose(f);
    *text = buf;
    *len = n;
    return GR_OK;
}
