/* The CLI's JSON writer (see json.h). */
#include <stdio.h>
#include "json.h"

void json_init(json_writer *w, FILE *f) {
    w->f = f;
    w->depth = 0;
    w->after_key = 0;
    w->empty[0] = 1;
}

/* before a key, or a value that is not a member's: ", " unless first */
static void item(json_writer *w) {
    if (w->after_key) { w->after_key = 0; return; }
    if (!w->empty[w->depth]) fputs(", ", w->f);
    w->empty[w->depth] = 0;
}

static void begin(json_writer *w, char c) {
    item(w);
    putc(c, w->f);
    if (w->depth < JSON_MAX_DEPTH) w->depth++;
    w->empty[w->depth] = 1;
}

static void end(json_writer *w, char c) {
    putc(c, w->f);
    if (w->depth > 0) w->depth--;
    w->after_key = 0;
}

void json_object_begin(json_writer *w) { begin(w, '{'); }
void json_object_end(json_writer *w) { end(w, '}'); }
void json_array_begin(json_writer *w) { begin(w, '['); }
void json_array_end(json_writer *w) { end(w, ']'); }

static void quoted(FILE *f, const char *s) {
    putc('"', f);
    for (; *s; s++) {
        /* copy the run that needs no escaping in one write */
        size_t run = 0;
        while (s[run] && s[run] != '"' && s[run] != '\\' && (unsigned char)s[run] >= 32) run++;
        if (run) { fwrite(s, 1, run, f); s += run; if (!*s) break; }
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') { putc('\\', f); putc(c, f); }
        else if (c == '\n') fputs("\\n", f);
        else if (c == '\t') fputs("\\t", f);
        else fprintf(f, "\\u%04x", c);
    }
    putc('"', f);
}

void json_key(json_writer *w, const char *key) {
    item(w);
    quoted(w->f, key);
    fputs(": ", w->f);
    w->after_key = 1;
}

void json_string(json_writer *w, const char *s) {
    item(w);
    quoted(w->f, s);
}

void json_uint(json_writer *w, uint64_t v) {
    item(w);
    fprintf(w->f, "%llu", (unsigned long long)v);
}

void json_uint_array(json_writer *w, const uint64_t *v, size_t n) {
    json_array_begin(w);
    for (size_t i = 0; i < n; i++) json_uint(w, v[i]);
    json_array_end(w);
}

void json_int(json_writer *w, int64_t v) {
    item(w);
    fprintf(w->f, "%lld", (long long)v);
}

void json_bool(json_writer *w, int b) {
    item(w);
    fputs(b ? "true" : "false", w->f);
}

void json_null(json_writer *w) {
    item(w);
    fputs("null", w->f);
}

void json_number(json_writer *w, const char *text) {
    item(w);
    fputs(text, w->f);
}

void json_fixed(json_writer *w, double v, int decimals) {
    item(w);
    fprintf(w->f, "%.*f", decimals, v);
}

void json_raw(json_writer *w, const char *text) { fputs(text, w->f); }

void json_line_end(json_writer *w) {
    putc('\n', w->f);
    w->depth = 0;
    w->after_key = 0;
    w->empty[0] = 1;
}
