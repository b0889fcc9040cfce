/* grundy nim OP ARGS... [--hex] | grundy nim OP - [--hex]: nimber
 * arithmetic, one query from the arguments or one per line from stdin. */
#define _POSIX_C_SOURCE 200809L /* getc_unlocked */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

/* decimal or 0x hexadecimal, 64-bit; 0 on success */
static int parse_word(const char *s, size_t n, uint64_t *out) {
    uint64_t v = 0;
    if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        if (n - 2 > 16) return -1;
        for (size_t i = 2; i < n; i++) {
            char c = s[i];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) return -1;
            v = v << 4 | (uint64_t)d;
        }
    } else {
        if (!n) return -1;
        for (size_t i = 0; i < n; i++) {
            if (s[i] < '0' || s[i] > '9') return -1;
            unsigned d = (unsigned)(s[i] - '0');
            if (v > (UINT64_MAX - d) / 10) return -1;
            v = v * 10 + d;
        }
    }
    *out = v;
    return 0;
}

typedef struct nim_op {
    const char *name;
    int nargs;
} nim_op;

static const nim_op NIM_OPS[] = {{"add", 2}, {"mul", 2}, {"inv", 1}, {"div", 2}, {"sqrt", 1}, {"sqr", 1},
                                 {"pow", 2}, {"solve-quadratic", 1}, {"log", 1}};

static void put_word(char **p, uint64_t v, int hex) {
    char tmp[24];
    int k = 0;
    if (hex) {
        static const char H[] = "0123456789abcdef";
        do { tmp[k++] = H[v & 15]; v >>= 4; } while (v);
        *(*p)++ = '0'; *(*p)++ = 'x';
    } else {
        do { tmp[k++] = (char)('0' + v % 10); v /= 10; } while (v);
    }
    while (k) *(*p)++ = tmp[--k];
}

/* one operation; writes the answer into *p; returns 0, or 2 with why set */
static int nim_apply(const gr_nim *t, int op, const uint64_t *a, char **p, int hex, char *why, size_t wl) {
    gr_error err;
    uint64_t r = 0;
    switch (op) {
    case 0: r = a[0] ^ a[1]; break;
    case 1: r = gr_nim_mul(t, a[0], a[1]); break;
    case 2: if (gr_nim_inv(t, a[0], &r, &err) != GR_OK) { snprintf(why, wl, "%s", err.message); return 2; } break;
    case 3: if (gr_nim_div(t, a[0], a[1], &r, &err) != GR_OK) { snprintf(why, wl, "%s", err.message); return 2; } break;
    case 4: r = gr_nim_sqrt(t, a[0]); break;
    case 5: r = gr_nim_sqr(t, a[0]); break;
    case 6: r = gr_nim_pow(t, a[0], a[1]); break;
    case 7:
        if (gr_nim_solve_quadratic(t, a[0], &r, &err) != GR_OK) { memcpy(*p, "none", 4); *p += 4; return 0; }
        put_word(p, r, hex);
        *(*p)++ = ' ';
        r ^= 1;
        break;
    case 8: if (gr_nim_log(t, a[0], &r, &err) != GR_OK) { snprintf(why, wl, "%s", err.message); return 2; } break;
    }
    put_word(p, r, hex);
    return 0;
}

/* One line of a batch: 1 with its numbers in a[], 0 for a blank line, or 2
 * with the error (and its line and column) in why. */
int cli_nim_parse_line(const char *s, size_t n, size_t line, const char *name, int want, uint64_t *a, char *why,
                       size_t wl) {
    int k = 0, extra = 0;
    size_t j = 0;
    while (j < n) {
        while (j < n && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r')) j++;
        if (j >= n) break;
        size_t w0 = j;
        while (j < n && s[j] != ' ' && s[j] != '\t' && s[j] != '\r') j++;
        if (k >= want) { extra = 1; break; }
        if (parse_word(s + w0, j - w0, &a[k]) != 0) {
            snprintf(why, wl, "line %zu, column %zu: expected a 64-bit number (decimal or 0x hex)", line, w0 + 1);
            return 2;
        }
        k++;
    }
    if (k == 0) return 0;
    if (k != want || extra) { snprintf(why, wl, "line %zu: %s takes %d number%s", line, name, want, want > 1 ? "s" : ""); return 2; }
    return 1;
}

/* The next line of a batch, without its newline, into buf[0..*n): 1, or 0
 * at the end of the input, or 2 with why set (a line longer than
 * CLI_NIM_LINE_MAX, a NUL byte). */
static int next_line(FILE *in, char *buf, size_t *n, size_t line, char *why, size_t wl) {
    size_t k = 0;
    int c;
    while ((c = getc_unlocked(in)) != EOF && c != '\n') { /* (the batch holds the stream's lock) */
        if (c == 0) {
            snprintf(why, wl, "line %zu, column %zu: a NUL byte: not a text file", line, k + 1);
            return 2;
        }
        if (k == CLI_NIM_LINE_MAX) {
            snprintf(why, wl, "line %zu is longer than %d bytes, the most a query line may hold", line, CLI_NIM_LINE_MAX);
            return 2;
        }
        buf[k++] = (char)c;
    }
    *n = k;
    return c == EOF && k == 0 ? 0 : 1;
}

/* 'grundy nim OP -': one query per line, read as it comes, blank lines
 * skipped; stops at the first bad line. Queries go in chunks of NIM_CHUNK
 * lines: products, inverses and quotients through the batch functions, the
 * other operations one at a time; a bad line's message waits until the
 * lines before it are answered. */
enum { NIM_CHUNK = 4096, NIM_ANSWER_MAX = 48 /* two 0x words, a space, a newline */ };

int cli_nim_batch(FILE *in, const gr_nim *t, const char *name, int hex) {
    int op = -1;
    for (int i = 0; i < (int)(sizeof NIM_OPS / sizeof NIM_OPS[0]); i++) if (!strcmp(NIM_OPS[i].name, name)) op = i;
    if (op < 0) return cli_usage_error("unknown nim operation '%s' (add, mul, inv, div, sqrt, sqr, pow, solve-quadratic, log)", name);
    int want = NIM_OPS[op].nargs;
    char why[256];
    /* operands, answers of the batched operations, line numbers */
    uint64_t *x = malloc(NIM_CHUNK * sizeof *x), *y = malloc(NIM_CHUNK * sizeof *y), *r = malloc(NIM_CHUNK * sizeof *r);
    size_t *lines = malloc(NIM_CHUNK * sizeof *lines);
    char *out = malloc((size_t)NIM_CHUNK * NIM_ANSWER_MAX), *text = malloc(CLI_NIM_LINE_MAX);
    if (!x || !y || !r || !lines || !out || !text) {
        free(x); free(y); free(r); free(lines); free(out); free(text);
        fprintf(stderr, "grundy: error: out of memory\n");
        return 1;
    }
    int batched = op == 1 || op == 2 || op == 3; /* mul, inv, div */
    int rc = 0, done = 0;
    flockfile(in);
    size_t line = 0;
    while (!done && !rc) {
        size_t m = 0;
        int bad = 0;
        char bad_why[256];
        while (m < NIM_CHUNK && !bad) {
            size_t len;
            int got = next_line(in, text, &len, line + 1, bad_why, sizeof bad_why);
            if (got == 0) { done = 1; break; }
            line++;
            uint64_t a[2] = {0, 0};
            if (got == 1) got = cli_nim_parse_line(text, len, line, name, want, a, bad_why, sizeof bad_why);
            if (got == 2) bad = 1;
            if (got == 1) { x[m] = a[0]; y[m] = a[1]; lines[m++] = line; }
        }
        if (!done && !bad && ferror(in)) { snprintf(bad_why, sizeof bad_why, "error reading stdin"); bad = 1; }
        /* a batched operation fails first at query stop (m when it does not):
         * an inverse of 0 or a division by 0 */
        size_t stop = m;
        if (op == 1) gr_nim_mul_n(t, x, y, r, m);
        if (op == 2 || op == 3) {
            const uint64_t *inv = op == 2 ? x : y;
            if (gr_nim_inv_n(t, inv, r, m, NULL) != GR_OK)
                for (stop = 0; inv[stop]; stop++) {}
            if (op == 3) gr_nim_mul_n(t, x, r, r, stop);
        }
        char *p = out;
        for (size_t q = 0; q < m && !rc; q++) {
            uint64_t a[2] = {x[q], y[q]};
            if (batched && q < stop) put_word(&p, r[q], hex);
            else rc = nim_apply(t, op, a, &p, hex, why, sizeof why); /* (at stop: its error, as a single query) */
            if (rc) {
                fwrite(out, 1, (size_t)(p - out), stdout);
                fprintf(stderr, "grundy: error: line %zu: %s\n", lines[q], why);
            } else {
                *p++ = '\n';
            }
        }
        if (!rc) {
            fwrite(out, 1, (size_t)(p - out), stdout);
            if (bad) { fprintf(stderr, "grundy: error: %s\n", bad_why); rc = 2; }
        }
    }
    funlockfile(in);
    free(x); free(y); free(r); free(lines); free(out); free(text);
    return rc;
}

int cmd_nim(int argc, char **argv) {
    /* grundy nim OP ARGS... [--hex] | grundy nim OP - [--hex] */
    int hex = 0, npos = 0;
    const char *pos[4];
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--hex")) { hex = 1; continue; }
        if (!strncmp(argv[i], "--", 2)) return cli_usage_error("unknown option '%s'", argv[i]);
        if (npos >= 4) return cli_usage_error("too many arguments for 'grundy nim'%s", "");
        pos[npos++] = argv[i];
    }
    if (npos < 1) return cli_usage_error("missing OP: one of add, mul, inv, div, sqrt, sqr, pow, solve-quadratic, log%s", "");
    int op = -1;
    for (int i = 0; i < (int)(sizeof NIM_OPS / sizeof NIM_OPS[0]); i++) if (!strcmp(NIM_OPS[i].name, pos[0])) op = i;
    if (op < 0) return cli_usage_error("unknown nim operation '%s' (add, mul, inv, div, sqrt, sqr, pow, solve-quadratic, log)", pos[0]);
    int want = NIM_OPS[op].nargs;
    gr_nim *t;
    if (gr_nim_new(&t) != GR_OK) { fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    char why[256], out[128];
    int rc = 0;
    if (npos == 2 && !strcmp(pos[1], "-")) {
        rc = cli_nim_batch(stdin, t, pos[0], hex);
    } else {
        if (npos - 1 != want) {
            gr_nim_free(t);
            fprintf(stderr, "grundy: error: nim %s takes %d number%s (see 'grundy help nim')\n", pos[0], want, want > 1 ? "s" : "");
            return 2;
        }
        uint64_t a[2];
        for (int k = 0; k < want; k++)
            if (parse_word(pos[1 + k], strlen(pos[1 + k]), &a[k]) != 0) {
                gr_nim_free(t);
                fprintf(stderr, "grundy: error: '%s' is not a 64-bit number (decimal or 0x hex)\n", pos[1 + k]);
                return 2;
            }
        char *p = out;
        if (nim_apply(t, op, a, &p, hex, why, sizeof why)) { fprintf(stderr, "grundy: error: %s\n", why); rc = 2; }
        else { *p++ = '\n'; fwrite(out, 1, (size_t)(p - out), stdout); }
    }
    gr_nim_free(t);
    return rc;
}
