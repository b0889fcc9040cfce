/* Period certificates (docs/certificates.md): `seq --period --certificate
 * FILE` writes the claim with the values it rests on, and `grundy check
 * FILE` re-checks it from the file alone: the checksum, the theorem's case
 * and bound, every value by one mex over the ruleset's own options, the
 * period on the window, and that period and preperiod are the least. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "sha256.h"

#define CERT_VALUES_PER_LINE 20
/* the largest certificate `check` reads */
#define CERT_MAX_BYTES ((size_t)1 << 32)

static const char *theorem_name(int rule) {
    switch (rule) {
    case GR_PERIOD_SUBTRACTION: return "subtraction";
    case GR_PERIOD_NOSPLIT: return "take-break-nosplit";
    case GR_PERIOD_SPLIT2: return "guy-smith-2";
    case GR_PERIOD_SPLIT3: return "guy-smith-3";
    default: return NULL;
    }
}

int cli_certificate_write(const char *path, gr_ruleset *rs, const gr_period *per) {
    const char *th = theorem_name(per->rule);
    if (!per->found) {
        fprintf(stderr, "grundy: error: no period was proved, so there is nothing to certify (a larger --to may "
                        "prove one)\n");
        return 2;
    }
    if (per->saltus || !th) {
        fprintf(stderr, "grundy: error: certificates of arithmetic periods are not written yet (only plain periods: "
                        "subtraction sets and take-and-break codes)\n");
        return 2;
    }
    uint64_t count = per->proof_end + per->period;
    if (count < per->proof_end || count > ((uint64_t)1 << 40)) {
        fprintf(stderr, "grundy: error: the certificate would hold %llu values: too many\n", (unsigned long long)count);
        return 2;
    }
    uint64_t *v = malloc((size_t)count * sizeof *v);
    gr_error err;
    gr_error_clear(&err);
    if (!v) { fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    if (gr_ruleset_values(rs, count, v, &err) != GR_OK) {
        free(v);
        return cli_report(&err, NULL, 0);
    }
    FILE *f = fopen(path, "wb");
    if (!f) {
        free(v);
        fprintf(stderr, "grundy: error: cannot write the certificate '%s'\n", path);
        return 2;
    }
    /* the text is built in pieces, each hashed as it is written */
    cli_sha256 h;
    cli_sha256_init(&h);
    char line[512];
    int n = snprintf(line, sizeof line,
                     "grundy certificate 1\nkind period\nruleset %s\ntheorem %s\nmax-take %llu\npreperiod %llu\n"
                     "period %llu\nsaltus 0\nwindow-end %llu\ncount %llu\nvalues\n",
                     gr_ruleset_spec(rs), th, (unsigned long long)per->max_take, (unsigned long long)per->preperiod,
                     (unsigned long long)per->period, (unsigned long long)per->proof_end, (unsigned long long)count);
    int bad = n < 0 || (size_t)n >= sizeof line;
    if (!bad) {
        cli_sha256_add(&h, line, (size_t)n);
        fputs(line, f);
    }
    for (uint64_t i = 0; i < count && !bad; i++) {
        n = snprintf(line, sizeof line, "%llu%c", (unsigned long long)v[i],
                     (i + 1) % CERT_VALUES_PER_LINE == 0 || i + 1 == count ? '\n' : ' ');
        cli_sha256_add(&h, line, (size_t)n);
        fputs(line, f);
    }
    cli_sha256_add(&h, "end\n", 4);
    char hex[65];
    cli_sha256_hex(&h, hex);
    fprintf(f, "end\nsha256 %s\n", hex);
    bad |= ferror(f) != 0;
    if (fclose(f) != 0 || bad) {
        free(v);
        fprintf(stderr, "grundy: error: cannot write the certificate '%s'\n", path);
        return 2;
    }
    free(v);
    return 0;
}

/* ---- grundy check FILE ---- */

typedef struct reader {
    const char *path;
    char *text;
    size_t len, at;
    unsigned line;
    char why[512];
} reader;

static int fail(reader *r, const char *fmt, const char *a) {
    char m[2048];
    snprintf(m, sizeof m, fmt, a);
    snprintf(r->why, sizeof r->why, "%.200s: line %u: %.280s", r->path, r->line, m);
    return -1;
}

/* the next line (without its newline) into buf; -1 at the end */
static int next_line(reader *r, char *buf, size_t cap) {
    if (r->at >= r->len) return -1;
    size_t e = r->at;
    while (e < r->len && r->text[e] != '\n') e++;
    if (e == r->len) return -1; /* a last line without its newline: cut */
    size_t l = e - r->at;
    if (l >= cap) l = cap - 1;
    memcpy(buf, r->text + r->at, l);
    buf[l] = 0;
    r->at = e + 1;
    r->line++;
    return 0;
}

static int field(reader *r, const char *key, char *val, size_t cap) {
    char buf[1024];
    if (next_line(r, buf, sizeof buf) != 0) return fail(r, "the file ends before '%s': it was cut", key);
    size_t kl = strlen(key);
    if (strncmp(buf, key, kl) || buf[kl] != ' ') return fail(r, "expected '%s'", key);
    snprintf(val, cap, "%s", buf + kl + 1);
    return 0;
}

static int number(reader *r, const char *key, uint64_t *out) {
    char val[64];
    if (field(r, key, val, sizeof val) != 0) return -1;
    if (cli_parse_u64(val, out) != 0) return fail(r, "'%s' needs a number", key);
    return 0;
}

/* the values lines: count numbers */
static int read_values(reader *r, uint64_t count, uint64_t *v) {
    uint64_t k = 0;
    char buf[1024];
    while (k < count) {
        if (next_line(r, buf, sizeof buf) != 0) return fail(r, "the values end early: %s", "the file was cut");
        char *p = buf;
        while (*p && k < count) {
            char *q = p;
            while (*q && *q != ' ') q++;
            char c = *q;
            *q = 0;
            if (cli_parse_u64(p, &v[k]) != 0) return fail(r, "'%s' is not a value", p);
            k++;
            p = c ? q + 1 : q;
        }
        if (*p) return fail(r, "more values than count %s", "says");
    }
    if (next_line(r, buf, sizeof buf) != 0 || strcmp(buf, "end")) return fail(r, "expected 'end' after %s", "the values");
    return 0;
}

typedef struct mexer {
    const uint64_t *v;
    uint64_t n;
    unsigned char *seen;  /* cap flags, all 0 between heaps */
    size_t cap;
    uint64_t *xs;         /* the heap's option values below cap */
    size_t nx, xcap;
    int bad;
} mexer;

static int on_option(void *user, const uint64_t *heaps, size_t k) {
    mexer *m = user;
    uint64_t x = 0;
    for (size_t i = 0; i < k; i++) {
        if (heaps[i] >= m->n) { m->bad = 1; return 1; } /* a part not smaller: not a finite heap game */
        x ^= m->v[heaps[i]];
    }
    if (x >= m->cap || m->seen[x]) return 0;
    if (m->nx == m->xcap) {
        size_t nc = m->xcap ? 2 * m->xcap : 64;
        uint64_t *nxs = realloc(m->xs, nc * sizeof *nxs);
        if (!nxs) { m->bad = 1; return 1; }
        m->xs = nxs;
        m->xcap = nc;
    }
    m->xs[m->nx++] = x;
    m->seen[x] = 1;
    return 0;
}

static int check(reader *r, gr_ctx *ctx) {
    char buf[1024], spec[512], theorem[64];
    uint64_t t, e, p, s, E, count;
    if (next_line(r, buf, sizeof buf) != 0 || strcmp(buf, "grundy certificate 1"))
        return fail(r, "not a grundy certificate (the first line is not '%s')", "grundy certificate 1");
    /* the checksum first: everything up to and including "end\n" */
    const char *mark = NULL;
    for (size_t i = 0; i + 12 <= r->len; i++)
        if (!memcmp(r->text + i, "\nend\nsha256 ", 12)) mark = r->text + i;
    if (!mark) return fail(r, "no checksum line: %s", "the file was cut");
    size_t hashed = (size_t)(mark - r->text) + 5;
    char want[65], got[65];
    if (r->len - hashed < 7 + 64 + 1 || r->text[r->len - 1] != '\n') return fail(r, "the checksum line is %s", "cut");
    memcpy(want, r->text + hashed + 7, 64);
    want[64] = 0;
    cli_sha256 h;
    cli_sha256_init(&h);
    cli_sha256_add(&h, r->text, hashed);
    cli_sha256_hex(&h, got);
    if (strcmp(want, got)) return fail(r, "the checksum does not match: the file was changed (sha256 %s)", got);
    char kind[64];
    if (field(r, "kind", kind, sizeof kind) != 0) return -1;
    if (strcmp(kind, "period")) return fail(r, "unknown kind '%s'", kind);
    if (field(r, "ruleset", spec, sizeof spec) != 0 || field(r, "theorem", theorem, sizeof theorem) != 0 ||
        number(r, "max-take", &t) != 0 || number(r, "preperiod", &e) != 0 || number(r, "period", &p) != 0 ||
        number(r, "saltus", &s) != 0 || number(r, "window-end", &E) != 0 || number(r, "count", &count) != 0)
        return -1;
    if (next_line(r, buf, sizeof buf) != 0 || strcmp(buf, "values")) return fail(r, "expected '%s'", "values");
    unsigned values_line = r->line;
    gr_ruleset *rs;
    gr_error err;
    gr_error_clear(&err);
    if (gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, &err) != GR_OK)
        return fail(r, "the ruleset cannot be read: %s", err.message);
    gr_period per = GR_SIZED(gr_period);
    if (gr_ruleset_period(rs, 0, &per, &err) != GR_OK)
        return fail(r, "no periodicity theorem applies to this ruleset: %s", err.message);
    const char *th = theorem_name(per.rule);
    if (!th || strcmp(th, theorem)) return fail(r, "the theorem does not fit the ruleset (its moves need '%s')", th ? th : "none");
    char tmp[64];
    snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)per.max_take);
    if (t != per.max_take) return fail(r, "max-take is wrong: a move of this ruleset takes at most %s", tmp);
    if (s != 0) return fail(r, "saltus %s: only plain periods are certified", "is not 0");
    if (!p) return fail(r, "period %s", "0");
    uint64_t bound = gr_period_window_end((gr_period_rule)per.rule, t, e, p);
    snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)bound);
    if (E != bound) return fail(r, "window-end is not the theorem's bound (%s)", tmp);
    if (E > UINT64_MAX - p || count != E + p) return fail(r, "count is not window-end + %s", "period");
    if (count > CERT_MAX_BYTES) return fail(r, "count is too large for %s", "this checker");
    uint64_t *v = malloc((size_t)count * sizeof *v);
    if (!v) return fail(r, "%s", "out of memory");
    int rc = read_values(r, count, v);
    if (rc == 0 && (next_line(r, buf, sizeof buf) != 0 || strncmp(buf, "sha256 ", 7) || r->at != r->len))
        rc = fail(r, "expected the checksum line last%s", "");
    /* every value by one mex over the ruleset's own options */
    /* a mex is at most the number of options, which is below 2^20 here */
    mexer m = {v, 0, calloc((size_t)1 << 20, 1), (size_t)1 << 20, NULL, 0, 0, 0};
    if (!m.seen) rc = fail(r, "%s", "out of memory");
    for (uint64_t n = 0; rc == 0 && n < count; n++) {
        m.n = n;
        m.nx = 0;
        int complete = 1;
        if (gr_ruleset_options(rs, n, 0, on_option, &m, &complete, &err) != GR_OK || m.bad || !complete) {
            rc = fail(r, "the options of a heap cannot be listed: %s", err.message);
            break;
        }
        uint64_t g = 0;
        while (g < m.cap && m.seen[g]) g++;
        for (size_t i = 0; i < m.nx; i++) m.seen[m.xs[i]] = 0;
        if (g != v[n]) {
            r->line = values_line + 1 + (unsigned)(n / CERT_VALUES_PER_LINE);
            char msg[160];
            snprintf(msg, sizeof msg, "G(%llu) is %llu by the mex of its options, not %llu", (unsigned long long)n,
                     (unsigned long long)g, (unsigned long long)v[n]);
            rc = fail(r, "%s", msg);
        }
    }
    /* the period on the window, and the least period and preperiod */
    for (uint64_t n = e; rc == 0 && n < E; n++)
        if (v[n + p] != v[n]) {
            snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)n);
            rc = fail(r, "G(n + period) != G(n) at n = %s, inside the window", tmp);
        }
    for (uint64_t d = 1; rc == 0 && d < p; d++) {
        if (p % d) continue;
        uint64_t i = 0;
        while (i + d < p && v[e + i] == v[e + i + d]) i++;
        if (i + d >= p) {
            snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)d);
            rc = fail(r, "the period is not the least: %s is one", tmp);
        }
    }
    if (rc == 0 && e > 0 && v[e - 1] == v[e - 1 + p]) rc = fail(r, "the preperiod is not the least: G(preperiod - 1 + period) = G(preperiod - 1)%s", "");
    free(m.seen);
    free(m.xs);
    free(v);
    if (rc == 0)
        printf("%s: certified: period %llu from n = %llu (G(n + %llu) = G(n) for every n >= %llu, by %s, window "
               "[%llu, %llu), %llu values recomputed)\n",
               spec, (unsigned long long)p, (unsigned long long)e, (unsigned long long)p, (unsigned long long)e, theorem,
               (unsigned long long)e, (unsigned long long)E, (unsigned long long)count);
    return rc;
}

int cmd_check(const cli_opts *o) {
    if (o->npos != 1) return cli_usage_error("give one certificate FILE, e.g. 'grundy check kayles.cert'%s", "");
    reader r = {o->pos[0], NULL, 0, 0, 0, {0}};
    FILE *f = fopen(r.path, "rb");
    if (!f) {
        fprintf(stderr, "grundy: error: cannot read '%s'\n", r.path);
        return 2;
    }
    size_t cap = 0;
    for (;;) {
        if (r.len == cap) {
            size_t nc = cap ? cap * 2 : 1 << 16;
            char *nt = nc <= CERT_MAX_BYTES ? realloc(r.text, nc) : NULL;
            if (!nt) {
                fclose(f);
                free(r.text);
                fprintf(stderr, "grundy: error: '%s' is too large to check here\n", r.path);
                return 2;
            }
            r.text = nt;
            cap = nc;
        }
        size_t got = fread(r.text + r.len, 1, cap - r.len, f);
        if (!got) break;
        r.len += got;
    }
    fclose(f);
    gr_ctx *ctx = NULL;
    int rc = cli_setup(o, &ctx, 0);
    if (rc) { free(r.text); return rc; }
    rc = check(&r, ctx) == 0 ? 0 : 2;
    if (rc) fprintf(stderr, "grundy: error: %s\n", r.why);
    free(r.text);
    gr_ctx_free(ctx);
    return rc;
}
