/* grundy census-merge PATTERN FILES...: joins the outputs of a census run in
 * shards (grundy census PATTERN --to N --shard i/n, one file per shard) into
 * one JSON-lines file on stdout, in the order one unsharded run prints. It
 * refuses (exit 2, nothing printed) when a line is not a census row of the
 * pattern, a file ends in the middle of a line, a code appears twice, the
 * rows were computed to different N, or a code of the pattern is missing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

typedef struct row {
    const char *line;  /* into its file's text; NULL: not seen yet */
    size_t len;
    size_t file, lineno;
} row;

typedef struct merge {
    const char *pattern;
    int q;
    row *rows;          /* one per code index */
    char **texts;       /* each file's contents */
    char **names;
    uint64_t to;        /* the N every computed row must share ... */
    size_t to_file, to_line; /* ... and the first row that gave it */
    int has_to;
} merge;

#define PREFIX "{\"code\": \""

/* the index of code among the pattern's codes, or -1 when it is not one */
static long long code_index(const merge *m, const char *code, size_t len) {
    size_t plen = strlen(m->pattern);
    if (len != plen) return -1;
    unsigned long long c = 0;
    for (size_t i = 0; i < plen; i++) {
        if (m->pattern[i] == '?') {
            if (code[i] < '0' || code[i] > '7') return -1;
            c = c * 8 + (unsigned)(code[i] - '0');
        } else if (code[i] != m->pattern[i]) {
            return -1;
        }
    }
    char spec[CLI_CENSUS_CODE_MAX];
    if (!cli_census_code(m->pattern, m->q, (size_t)c, spec)) return -1; /* the code no census prints */
    return (long long)c;
}

/* the N of a computed row ("to": N), 0 when the row has none (an error row) */
static int row_to(const char *line, size_t len, uint64_t *to) {
    static const char key[] = ", \"to\": ";
    for (size_t i = 0; i + sizeof key - 1 < len; i++) {
        if (memcmp(line + i, key, sizeof key - 1)) continue;
        uint64_t v = 0;
        size_t j = i + sizeof key - 1, start = j;
        while (j < len && line[j] >= '0' && line[j] <= '9' && v <= (UINT64_MAX - 9) / 10) v = v * 10 + (uint64_t)(line[j++] - '0');
        if (j == start) return 0;
        *to = v;
        return 1;
    }
    return 0;
}

static int bad_line(const merge *m, size_t f, size_t lineno, const char *what) {
    fprintf(stderr, "grundy: error: %s: line %zu: %s\n", m->names[f], lineno, what);
    return 2;
}

/* takes file f's rows; 0, or the exit code after printing why */
static int add_file(merge *m, size_t f) {
    const char *text = m->texts[f];
    size_t len = strlen(text), lineno = 0;
    char msg[512];
    for (size_t at = 0; at < len;) {
        const char *nl = memchr(text + at, '\n', len - at);
        lineno++;
        if (!nl)
            return bad_line(m, f, lineno, "the file ends in the middle of a line (a shard still running, or killed?)");
        const char *line = text + at;
        size_t n = (size_t)(nl - line);
        at += n + 1;
        if (n < sizeof PREFIX || memcmp(line, PREFIX, sizeof PREFIX - 1) || line[n - 1] != '}')
            return bad_line(m, f, lineno, "not a census row (expected {\"code\": \"tb[...]\", ...})");
        const char *code = line + sizeof PREFIX - 1;
        const char *end = memchr(code, '"', n - (sizeof PREFIX - 1));
        if (!end) return bad_line(m, f, lineno, "not a census row (the code's string does not end)");
        size_t clen = (size_t)(end - code);
        long long idx = code_index(m, code, clen);
        if (idx < 0) {
            snprintf(msg, sizeof msg, "'%.*s' is not a code of the pattern '%s'", (int)(clen > 200 ? 200 : clen), code,
                     m->pattern);
            return bad_line(m, f, lineno, msg);
        }
        row *r = &m->rows[idx];
        if (r->line) {
            snprintf(msg, sizeof msg, "%.*s appears twice: also at %s line %zu", (int)clen, code, m->names[r->file],
                     r->lineno);
            return bad_line(m, f, lineno, msg);
        }
        uint64_t to;
        if (row_to(line, n, &to)) {
            if (!m->has_to) {
                m->has_to = 1;
                m->to = to;
                m->to_file = f;
                m->to_line = lineno;
            } else if (to != m->to) {
                snprintf(msg, sizeof msg, "computed to %llu, but %s line %zu to %llu (shards of different runs?)",
                         (unsigned long long)to, m->names[m->to_file], m->to_line, (unsigned long long)m->to);
                return bad_line(m, f, lineno, msg);
            }
        }
        *r = (row){line, n, f, lineno};
    }
    return 0;
}

static int read_file(void *user, const char *name, char **text, size_t *len, char *why, size_t wl) {
    (void)user;
    return cli_read_all(name, text, len, why, wl);
}

int cmd_census_merge(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "grundy: error: usage: grundy census-merge PATTERN FILES... (see 'grundy help census')\n");
        return 2;
    }
    return cli_census_merge(argv[2], (size_t)argc - 3, argv + 3, read_file, NULL);
}

int cli_census_merge(const char *pattern, size_t nfiles, char **names, cli_census_load_fn load, void *user) {
    merge m;
    memset(&m, 0, sizeof m);
    m.pattern = pattern;
    int rc = cli_census_pattern(m.pattern, &m.q);
    if (rc) return rc;
    for (const char *p = m.pattern; *p; p++)
        if (*p == '"' || *p == '\\' || (unsigned char)*p < 0x20) {
            fprintf(stderr, "grundy: error: the pattern has a character no code can have\n");
            return 2;
        }
    size_t total = (size_t)1 << (3 * m.q);
    m.rows = calloc(total, sizeof *m.rows);
    m.texts = calloc(nfiles ? nfiles : 1, sizeof *m.texts);
    m.names = names;
    if (!m.rows || !m.texts) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    for (size_t f = 0; f < nfiles && !rc; f++) {
        char why[512];
        size_t len;
        if (load(user, m.names[f], &m.texts[f], &len, why, sizeof why) != 0) {
            fprintf(stderr, "grundy: error: %s\n", why);
            rc = 2;
            break;
        }
        if (memchr(m.texts[f], '\0', len)) {
            fprintf(stderr, "grundy: error: %s: not a text file (it holds a NUL byte)\n", m.names[f]);
            rc = 2;
            break;
        }
        rc = add_file(&m, f);
    }
    if (rc) goto out;
    size_t missing = 0;
    char spec[CLI_CENSUS_CODE_MAX], first[5][CLI_CENSUS_CODE_MAX];
    for (size_t c = 0; c < total; c++)
        if (!m.rows[c].line && cli_census_code(m.pattern, m.q, c, spec)) {
            if (missing < 5) memcpy(first[missing], spec, sizeof spec);
            missing++;
        }
    if (missing) {
        fprintf(stderr, "grundy: error: %zu code%s of %s %s missing:", missing, missing == 1 ? "" : "s", m.pattern,
                missing == 1 ? "is" : "are");
        for (size_t i = 0; i < missing && i < 5; i++) fprintf(stderr, "%s %s", i ? "," : "", first[i]);
        fprintf(stderr, "%s\n", missing > 5 ? ", ..." : "");
        rc = 2;
        goto out;
    }
    for (size_t c = 0; c < total; c++)
        if (m.rows[c].line) {
            fwrite(m.rows[c].line, 1, m.rows[c].len, stdout);
            putchar('\n');
        }
out:
    for (size_t f = 0; m.texts && f < nfiles; f++) free(m.texts[f]);
    free(m.texts);
    free(m.rows);
    return rc;
}
