/* libFuzzer target for the CLI's own readers, which the game-language
 * target never reaches. The first byte picks one:
 *   'n'  a `grundy nim OP -` batch (the second byte picks OP): read a line
 *        at a time; each query line parses to numbers that write back and
 *        parse again to the same numbers;
 *   'c'  a checkpoint file loaded into a ruleset (kayles or sub[1,2]);
 *   'p'  a census pattern: when it is accepted, every code it names is a
 *        ruleset the library accepts;
 *   'm'  census-merge input: a pattern line, then shard files separated by
 *        the byte 0x01;
 *   'k'  a certificate (period or value) given to `grundy check`.
 * Whatever the input, the reader ends with exit code 0 or 2 (1 only for out
 * of memory, which these small inputs never reach), and every refusal
 * says why. Standard output goes to /dev/null. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "cli.h"
#include "cert_check.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const OPS[] = {"add", "mul", "inv", "div", "sqrt", "sqr", "pow", "solve-quadratic", "log", "nope"};

static void quiet(void) {
    static int done;
    if (done) return;
    done = 1;
    /* the readers print answers: keep the fuzzer's output clean (their
     * errors go to stderr, which a long run closes with -close_fd_mask=2:
     * libFuzzer and the sanitizers keep their own copy of it) */
    if (!freopen("/dev/null", "w", stdout)) abort();
}

static void nim_lines(const uint8_t *data, size_t size) {
    if (size < 1) return;
    const char *op = OPS[data[0] % (sizeof OPS / sizeof OPS[0])];
    data++, size--;
    /* each line on its own: numbers write back and parse again */
    size_t line = 0;
    for (size_t i = 0; i < size;) {
        const uint8_t *nl = memchr(data + i, '\n', size - i);
        size_t n = nl ? (size_t)(nl - (data + i)) : size - i;
        uint64_t a[2] = {0, 0}, b[2] = {0, 0};
        char why[256] = "", text[64];
        int want = 1 + (int)(line++ % 2);
        int got = cli_nim_parse_line((const char *)data + i, n, line, "op", want, a, why, sizeof why);
        if (got == 2 && !why[0]) abort();
        if (got == 1) {
            int len = want == 1 ? snprintf(text, sizeof text, "%llu", (unsigned long long)a[0])
                                : snprintf(text, sizeof text, " 0x%llx\t%llu ", (unsigned long long)a[0], (unsigned long long)a[1]);
            if (cli_nim_parse_line(text, (size_t)len, line, "op", want, b, why, sizeof why) != 1 || a[0] != b[0] || a[1] != b[1])
                abort();
        }
        i += n + 1;
    }
    /* the whole batch, as `grundy nim OP -` reads it */
    static gr_nim *t;
    if (!t && gr_nim_new(&t) != GR_OK) abort();
    FILE *in = fmemopen((void *)data, size ? size : 1, "rb");
    if (!in) return;
    if (!size) { fclose(in); return; }
    int rc = cli_nim_batch(in, t, op, (int)(size & 1));
    fclose(in);
    if (rc != 0 && rc != 2) abort();
}

static void checkpoint(const uint8_t *data, size_t size) {
    gr_ctx *ctx;
    if (size < 1 || gr_ctx_new(&ctx) != GR_OK) return;
    const char *spec = data[0] & 1 ? "kayles" : "sub[1,2]";
    gr_ruleset *rs;
    gr_error err;
    if (gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) != GR_OK) abort();
    FILE *f = fmemopen((void *)(data + 1), size > 1 ? size - 1 : 1, "rb");
    if (f) {
        if (size == 1) fgetc(f); /* an empty file */
        char why[256] = "";
        int rc = cli_checkpoint_read(f, "fuzz.ckpt", rs, 1000, why, sizeof why);
        if (rc != 0 && (rc != -1 || !why[0])) abort();
        if (rc == 0 && (size < 8 || memcmp(data + 1, "GRCKPT1", 7))) abort(); /* only a checkpoint loads */
        /* whatever was loaded, the table goes on from there */
        uint64_t v[8];
        if (gr_ruleset_values(rs, 8, v, &err) != GR_OK && !err.message[0]) abort();
    }
    gr_ctx_free(ctx);
}

static void census_pattern(const uint8_t *data, size_t size) {
    if (size > 200) return;
    char pat[256];
    memcpy(pat, data, size);
    pat[size] = '\0';
    if (strlen(pat) != size) return; /* a command-line word has no NUL */
    int q = -1;
    if (cli_census_pattern(pat, &q) != 0) return;
    if (q < 0 || q > 7) abort();
    gr_ctx *ctx;
    if (gr_ctx_new(&ctx) != GR_OK) return;
    /* an accepted pattern names games: some of its codes are codes (all of
     * them are checked when there are at most 512) */
    size_t total = (size_t)1 << (3 * q);
    int some = 0;
    for (size_t c = 0; c < total && c < 512; c++) {
        char spec[CLI_CENSUS_CODE_MAX];
        if (!cli_census_code(pat, q, c, spec)) continue;
        gr_ruleset *rs;
        gr_error err;
        some |= gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) == GR_OK;
    }
    if (total <= 512 && !some && total > 1) abort();
    gr_ctx_free(ctx);
}

typedef struct pieces {
    const uint8_t *data;
    size_t size;
} pieces;

static int serve(void *user, const char *name, char **text, size_t *len, char *why, size_t wl) {
    const pieces *p = user;
    size_t f = (size_t)(name[0] - 'a'), at = 0;
    for (size_t k = 0; k < f; k++) {
        const uint8_t *s = memchr(p->data + at, 1, p->size - at);
        at = (size_t)(s - p->data) + 1;
    }
    const uint8_t *s = memchr(p->data + at, 1, p->size - at);
    size_t n = s ? (size_t)(s - (p->data + at)) : p->size - at;
    if (n && p->data[at] == '!') { snprintf(why, wl, "cannot open '%s'", name); return -1; }
    *text = malloc(n + 1);
    if (!*text) { snprintf(why, wl, "out of memory"); return -1; }
    memcpy(*text, p->data + at, n);
    (*text)[n] = '\0';
    *len = n;
    return 0;
}

static void census_merge(const uint8_t *data, size_t size) {
    const uint8_t *nl = memchr(data, '\n', size);
    if (!nl || nl - data > 100) return;
    char pat[128];
    memcpy(pat, data, (size_t)(nl - data));
    pat[nl - data] = '\0';
    if (strlen(pat) != (size_t)(nl - data)) return;
    pieces p = {nl + 1, size - (size_t)(nl - data) - 1};
    size_t nfiles = 1;
    for (size_t i = 0; i < p.size && nfiles < 8; i++) nfiles += p.data[i] == 1;
    char *names[8] = {"a", "b", "c", "d", "e", "f", "g", "h"};
    int rc = cli_census_merge(pat, nfiles, names, serve, &p);
    if (rc != 0 && rc != 2) abort();
}

/* a certificate checked: it holds (0) or its first failure is named (-1) */
static void certificate(const uint8_t *data, size_t size) {
    static gr_ctx *ctx;
    if (!ctx && gr_ctx_new(&ctx) != GR_OK) abort();
    char *text = malloc(size + 1);
    if (!text) abort();
    memcpy(text, data, size);
    cert_reader r = {"fuzz", text, size, 0, 0, {0}};
    int rc = cli_certificate_check(&r, ctx);
    if (rc != 0 && (rc != -1 || !r.why[0])) abort();
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1 || size > 8192) return 0;
    quiet();
    switch (data[0]) {
    case 'n': nim_lines(data + 1, size - 1); break;
    case 'c': checkpoint(data + 1, size - 1); break;
    case 'p': census_pattern(data + 1, size - 1); break;
    case 'm': census_merge(data + 1, size - 1); break;
    case 'k': certificate(data + 1, size - 1); break;
    default: break;
    }
    return 0;
}
