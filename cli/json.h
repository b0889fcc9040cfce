/* The CLI's one JSON writer. Every command that prints JSON writes it
 * through these calls, in the tool's one-line style: members and elements
 * separated by ", ", a key followed by ": ", no other spaces:
 *
 *   json_writer w;
 *   json_init(&w, stdout);
 *   json_object_begin(&w);
 *   json_key(&w, "value"); json_uint(&w, 2);
 *   json_key(&w, "moves"); json_array_begin(&w); json_string(&w, "1 + 4"); json_array_end(&w);
 *   json_object_end(&w);
 *   json_line_end(&w);        // {"value": 2, "moves": ["1 + 4"]}\n
 */
#ifndef GRUNDY_CLI_JSON_H
#define GRUNDY_CLI_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define JSON_MAX_DEPTH 16

typedef struct json_writer {
    FILE *f;
    int depth;                             /* open objects and arrays */
    int after_key;                         /* a key was written, its value comes next */
    unsigned char empty[JSON_MAX_DEPTH + 1]; /* nothing written yet at this depth */
} json_writer;

void json_init(json_writer *w, FILE *f);

void json_object_begin(json_writer *w);
void json_object_end(json_writer *w);
void json_array_begin(json_writer *w);
void json_array_end(json_writer *w);
/* a member's key; the next call writes its value */
void json_key(json_writer *w, const char *key);

/* values */
void json_string(json_writer *w, const char *s); /* quoted, with escapes */
void json_uint(json_writer *w, uint64_t v);
void json_int(json_writer *w, int64_t v);
void json_bool(json_writer *w, int b);
void json_null(json_writer *w);
/* an array of the numbers v[0..n) */
void json_uint_array(json_writer *w, const uint64_t *v, size_t n);
/* a number already written as JSON number text (e.g. a 128-bit integer) */
void json_number(json_writer *w, const char *text);
/* a number with a fixed count of decimals, like printf's "%.*f" */
void json_fixed(json_writer *w, double v, int decimals);

/* writes text as it is, with no separator and no change of state (only
 * for keeping a partly written document byte for byte as it was) */
void json_raw(json_writer *w, const char *text);

/* ends the line: one JSON document per line */
void json_line_end(json_writer *w);

#endif
