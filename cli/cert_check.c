/* `grundy check FILE`: re-checks a period certificate (docs/certificates.md)
 * from the file alone: the checksum, the theorem's case and bound, every
 * value by its own mex over the ruleset's options (the library only says
 * which moves exist), the period on the window, and that period and
 * preperiod are the least. Codes that split in two are read with the
 * certificate's class of listed positions: at most the splits with a listed
 * part per heap and sum, all of them only where the class cannot exclude
 * two unlisted parts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base64.h"
#include "cert_arith.h"
#include "cert_check.h"
#include "cert_reader.h"
#include "grundy/experimental.h"
#include "cert_value.h"
#include "certificate.h"
#include "cli.h"
#include "sha256.h"

/* the largest certificate `check` reads */
#define CERT_MAX_BYTES ((size_t)1 << (sizeof(size_t) > 4 ? 34 : 31))

typedef cert_reader reader;

/* count decimal values: twenty a line split by single spaces, the last
 * line 1 to twenty (docs/certificates.md) */
static int read_decimal(reader *r, uint64_t count, uint32_t *v) {
    uint64_t k = 0;
    while (k < count) {
        const char *p, *e;
        size_t l;
        if (cert_next_raw(r, &p, &l) != 0) return cert_fail(r, "the values end early: %s", "the file was cut");
        e = p + l;
        uint64_t want = count - k < CERT_VALUES_PER_LINE ? count - k : CERT_VALUES_PER_LINE, got = 0;
        while (got < want) {
            char num[32];
            const char *q = p;
            while (q < e && *q != ' ') q++;
            size_t nl = (size_t)(q - p);
            if (nl >= sizeof num) nl = sizeof num - 1;
            memcpy(num, p, nl);
            num[nl] = 0;
            uint64_t x;
            if (cert_u64(num, &x) != 0)
                return cert_fail(r, "'%s' is not a value (a decimal number without sign or leading zeros)", num);
            if (x > UINT32_MAX) return cert_fail(r, "the value %s is too large for this checker", num);
            v[k++] = (uint32_t)x;
            got++;
            if (q == e) break;
            p = q + 1; /* one space */
            if (got == want) return cert_fail(r, "a values line holds more than %s", want == CERT_VALUES_PER_LINE ? "twenty values" : "the values stored");
        }
        if (got < want) return cert_fail(r, "a values line holds fewer than %s", want == CERT_VALUES_PER_LINE ? "twenty values (only the last may)" : "the values stored");
    }
    return 0;
}

/* count bytes in base64 lines: 76 characters a line, the last 4 to 76 */
static int read_base64(reader *r, uint64_t count, uint32_t *v) {
    uint64_t k = 0;
    while (k < count) {
        const char *p;
        size_t l;
        if (cert_next_raw(r, &p, &l) != 0) return cert_fail(r, "the values end early: %s", "the file was cut");
        uint64_t left = count - k, bytes = left < CERT_BYTES_PER_LINE ? left : CERT_BYTES_PER_LINE;
        size_t want = (size_t)(bytes + 2) / 3 * 4;
        if (l != want) {
            char msg[160];
            snprintf(msg, sizeof msg, "a base64 line of %zu characters: this one holds %zu (76 a line, the last 4 * ceil(bytes left / 3))", want, l);
            return cert_fail(r, "%s", msg);
        }
        for (size_t i = 0; i < l; i += 4) {
            uint8_t b[3];
            int m = cli_base64_unquad(p + i, b);
            if (m < 0) return cert_fail(r, "the values are not base64 (%s)", "a character outside its alphabet");
            if (m < 3 && i + 4 < l) return cert_fail(r, "the values are not base64 (%s)", "padding before the end");
            for (int j = 0; j < m; j++) {
                if (k == count) return cert_fail(r, "more values than stored %s", "says");
                v[k++] = b[j];
            }
        }
    }
    return 0;
}

/* ---- the plain mex, over the library's list of options ---- */

typedef struct mexer {
    const uint32_t *v;
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

/* the mex of heap n's options, listed by the library; -1 when they cannot be */
static int64_t plain_mex(mexer *m, gr_ruleset *rs, uint64_t n) {
    gr_error err;
    int complete = 1;
    m->n = n;
    m->nx = 0;
    if (gr_ruleset_options(rs, n, 0, on_option, m, &complete, &err) != GR_OK || m->bad || !complete) return -1;
    uint64_t g = 0;
    while (g < m->cap && m->seen[g]) g++;
    for (size_t i = 0; i < m->nx; i++) m->seen[m->xs[i]] = 0;
    return (int64_t)g;
}

/* ---- codes that split in two: the listed positions ---- */

typedef struct lister {
    const uint32_t *g;
    uint64_t t;
    unsigned char *bits;  /* bits[k]: the code's digit for removing k (from the library's moves) */
    uint32_t mask;
    unsigned dom, shift;
    uint32_t *listed;     /* listed positions so far, ascending */
    size_t nl, lcap;
    uint32_t umax;        /* the largest value of an unlisted position so far */
    uint64_t *found;      /* options found below the heap's value */
    size_t fcap;
    uint64_t *sums;
    size_t ns;
} lister;

static int parity32(uint32_t x) { return __builtin_parity(x); }

/* the digit of each removal, from the library's yes/no on one move each */
static int code_digits(gr_ruleset *rs, lister *L) {
    gr_error err;
    for (uint64_t k = 0; k <= L->t; k++) {
        static const uint64_t ones[3] = {1, 1, 1};
        for (size_t parts = k ? 0 : 2; parts <= 3; parts++) { /* removing nothing only splits */
            int yes = 0;
            if (gr_ruleset_is_option(rs, k + parts, ones, parts, 0, &yes, &err) != GR_OK) return -1;
            if (yes) L->bits[k] |= (unsigned char)(1u << parts);
        }
    }
    return 0;
}

#define MARK(x) (L->found[(x) >> 6] |= (uint64_t)1 << ((x) & 63))
#define MARKED(x) (L->found[(x) >> 6] >> ((x) & 63) & 1)

/* whether G(n) = v holds by the mex (1), or not (0); -1 out of memory */
static int listed_heap(lister *L, uint64_t n) {
    const uint32_t *g = L->g;
    uint32_t v = g[n];
    size_t words = (size_t)v / 64 + 1;
    if (words > L->fcap) {
        uint64_t *nf = realloc(L->found, words * sizeof *nf);
        if (!nf) return -1;
        L->found = nf;
        L->fcap = words;
    }
    memset(L->found, 0, words * sizeof *L->found);
    L->ns = 0;
    for (uint64_t k = 0; k <= L->t && k <= n; k++) {
        unsigned d = L->bits[k];
        uint64_t r = n - k;
        uint32_t x = UINT32_MAX;
        if ((d & 1) && r == 0) x = 0;
        if ((d & 2) && r >= 1) x = g[r];
        if (x == v) return 0;
        if (x < v) MARK(x);
        if ((d & 4) && r >= 2) L->sums[L->ns++] = r;
    }
    uint64_t vcap = (uint64_t)1 << (L->umax ? 32 - __builtin_clz(L->umax) : 0);
    for (size_t s = 0; s < L->ns; s++) {
        uint64_t r = L->sums[s];
        if (v >= vcap || (parity32(v & L->mask) ^ (L->dom & (unsigned)(r & 1)))) {
            /* a split making v has a listed part */
            for (size_t i = 0; i < L->nl && L->listed[i] < r; i++) {
                uint32_t x = g[L->listed[i]] ^ g[r - L->listed[i]];
                if (x == v) return 0;
                if (x < v) MARK(x);
            }
        } else {
            for (uint64_t a = 1; a <= r / 2; a++) {
                uint32_t x = g[a] ^ g[r - a];
                if (x == v) return 0;
                if (x < v) MARK(x);
            }
        }
    }
    /* every smaller value: found above, or by a split a = 1, 2, ... */
    size_t missing = 0;
    for (uint32_t x = 0; x < v; x++) missing += !MARKED(x);
    uint64_t top = 0;
    for (size_t s = 0; s < L->ns; s++)
        if (L->sums[s] / 2 > top) top = L->sums[s] / 2;
    for (uint64_t a = 1; missing && a <= top; a++)
        for (size_t s = 0; s < L->ns; s++) {
            uint64_t r = L->sums[s];
            if (a > r / 2) continue;
            uint32_t x = g[a] ^ g[r - a];
            if (x < v && !MARKED(x)) {
                MARK(x);
                missing--;
            }
        }
    return missing == 0;
}

/* n joins the listed positions or raises umax (the parts of a split are
 * at least 1: position 0 is neither) */
static int note(lister *L, uint64_t n) {
    uint32_t v = L->g[n];
    if (!n) return 0;
    if (parity32(v & L->mask) ^ (L->dom & (unsigned)((n + L->shift) & 1))) {
        if (v > L->umax) L->umax = v;
        return 0;
    }
    if (L->nl == L->lcap) {
        size_t nc = L->lcap ? 2 * L->lcap : 256;
        uint32_t *nl = realloc(L->listed, nc * sizeof *nl);
        if (!nl) return -1;
        L->listed = nl;
        L->lcap = nc;
    }
    L->listed[L->nl++] = (uint32_t)n;
    return 0;
}

/* ---- the certificate ---- */

typedef struct claim {
    char spec[512], theorem[64];
    unsigned version;
    uint64_t t, e, p, s, E, count, stored;
    uint64_t mask, dom, shift;
    int base64;
} claim;

/* the first line and the checksum over everything up to "end\n" */
static int check_sum(reader *r, claim *c) {
    char buf[64];
    if (cert_next_line(r, buf, sizeof buf) != 0 || (strcmp(buf, "grundy certificate 1") && strcmp(buf, "grundy certificate 2")))
        return cert_fail(r, "not a grundy certificate (the first line is not '%s')", "grundy certificate 2");
    c->version = buf[19] == '1' ? 1 : 2;
    const char *mark = NULL;
    for (size_t i = r->len >= 12 ? r->len - 12 : 0;; i--) {
        if (!memcmp(r->text + i, "\nend\nsha256 ", 12)) { mark = r->text + i; break; }
        if (!i) break;
    }
    if (!mark) return cert_fail(r, "no checksum line: %s", "the file was cut");
    size_t hashed = (size_t)(mark - r->text) + 5;
    char want[65], got[65];
    if (r->len - hashed > 7 + 64 + 1 && r->text[hashed + 71] == '\n') {
        /* a whole checksum line, then more: name the line that follows it */
        unsigned line = 1;
        for (size_t i = 0; i < hashed + 72; i++) line += r->text[i] == '\n';
        r->line = line;
        return cert_fail(r, "text after the checksum line: 'sha256 HEX' and its newline end the file%s", "");
    }
    if (r->len - hashed != 7 + 64 + 1 || r->text[r->len - 1] != '\n') return cert_fail(r, "the checksum line is %s", "cut");
    memcpy(want, r->text + hashed + 7, 64);
    want[64] = 0;
    cli_sha256 h;
    cli_sha256_init(&h);
    cli_sha256_add(&h, r->text, hashed);
    cli_sha256_hex(&h, got);
    if (strcmp(want, got)) return cert_fail(r, "the checksum does not match: the file was changed (sha256 %s)", got);
    /* the form of every line up to 'end' (docs/certificates.md) */
    unsigned line = 1;
    for (const char *p = r->text, *end = r->text + hashed; p < end; line++) {
        const char *e = memchr(p, '\n', (size_t)(end - p));
        size_t l = (size_t)(e - p);
        const char *why = memchr(p, '\r', l) ? "a '\\r': lines end in '\\n' alone"
                          : !l ? "an empty line"
                          : p[0] == ' ' || p[0] == '\t' || p[l - 1] == ' ' || p[l - 1] == '\t'
                              ? "a blank at the start or the end of the line"
                              : NULL;
        for (size_t i = 0; !why && i < l; i++)
            if (p[i] == '\t' || (p[i] == ' ' && i + 1 < l && p[i + 1] == ' '))
                why = "two blanks in a row, or a tab: a line's fields are split by one space";
        if (why) {
            r->line = line;
            return cert_fail(r, "%s", why);
        }
        p = e + 1;
    }
    return 0;
}

static int read_claim(reader *r, claim *c) {
    char kind[64], buf[64];
    if (cert_field(r, "kind", kind, sizeof kind) != 0) return -1;
    if (c->version > 1 && !strcmp(kind, "value")) return 1;
    if (strcmp(kind, "period")) return cert_fail(r, "unknown kind '%s'", kind);
    if (cert_field(r, "ruleset", c->spec, sizeof c->spec) != 0 || cert_field(r, "theorem", c->theorem, sizeof c->theorem) != 0 ||
        cert_number(r, "max-take", &c->t) != 0 || cert_number(r, "preperiod", &c->e) != 0 || cert_number(r, "period", &c->p) != 0 ||
        cert_number(r, "saltus", &c->s) != 0 || cert_number(r, "window-end", &c->E) != 0 || cert_number(r, "count", &c->count) != 0)
        return -1;
    c->stored = c->count;
    if (c->version == 1) {
        if (cert_next_line(r, buf, sizeof buf) != 0 || strcmp(buf, "values")) return cert_fail(r, "expected '%s'", "values");
        return 0;
    }
    char cls[128], enc[64];
    if (cert_field(r, "class", cls, sizeof cls) != 0) return -1;
    const char *q = cls;
    if (cert_u64_at(&q, &c->mask) || *q++ != ' ' || cert_u64_at(&q, &c->dom) || *q++ != ' ' ||
        cert_u64_at(&q, &c->shift) || *q || c->mask > UINT32_MAX || c->dom > 1 || c->shift > 1)
        return cert_fail(r, "'class' needs a mask below 2^32 and two bits, split by single spaces (%s)", cls);
    if (cert_number(r, "stored", &c->stored) != 0 || cert_field(r, "values", enc, sizeof enc) != 0) return -1;
    if (strcmp(enc, "decimal") && strcmp(enc, "base64")) return cert_fail(r, "unknown values encoding '%s'", enc);
    c->base64 = !strcmp(enc, "base64");
    return 0;
}

/* the fields against the ruleset and the theorem */
/* an arithmetic period's values: every one given, all stored, each at
 * least a byte of the file */
static int all_stored(reader *r, const claim *c) {
    if (c->count > UINT32_MAX || c->count > r->len) return cert_fail(r, "count is too large for %s", "this checker");
    if (c->version > 1 && c->stored != c->count) return cert_fail(r, "stored is not count%s", "");
    return 0;
}

static int check_fields(reader *r, const claim *c, gr_ruleset *rs, gr_period *per) {
    gr_error err;
    gr_error_clear(&err);
    if (gr_ruleset_period(rs, 0, per, &err) != GR_OK)
        return cert_fail(r, "no periodicity theorem applies to this ruleset: %s", err.message);
    const char *th = cli_cert_theorem(per->rule);
    if ((per->rule == GR_PERIOD_SPLIT2 || per->rule == GR_PERIOD_SPLIT3) && !strcmp(c->theorem, "arith-split")) {
        /* the splitting codes' arithmetic periods: the values given, all
         * stored, and the library's prover run on them (below) */
        if (c->t != per->max_take) return cert_fail_u(r, "max-take is wrong: a move of this ruleset takes at most %s", per->max_take);
        if (c->s == 0 || !c->p) return cert_fail(r, "saltus 0 or period 0: arith-split is for arithmetic periods%s", "");
        if (c->E > c->count) return cert_fail(r, "window-end is past the values given%s", "");
        uint64_t low = c->E > c->e + c->p ? c->E : c->e + c->p;
        if (c->p > (UINT64_MAX - low) / 2 || c->count < low + 2 * c->p)
            return cert_fail(r, "count is below max(window-end, preperiod + period) + 2 periods%s", "");
        return all_stored(r, c);
    }
    if (!th || strcmp(th, c->theorem))
        return cert_fail(r, "the theorem does not fit the ruleset (its moves need '%s')", th ? th : "none");
    if (!c->p) return cert_fail(r, "period %s", "0");
    if (per->rule == GR_PERIOD_ALLBUT) {
        /* arith-nosplit: max-take is u, the repeating digit's removal; the
         * window is the values given, all stored (the rest of the theorem
         * is cert_arith.c's) */
        unsigned char digit[64];
        uint64_t u = 0;
        if (cli_allbut_digits(c->spec, digit, &u) || c->t != u)
            return cert_fail_u(r, "max-take is wrong: the code's digit that repeats is for removing %s", u);
        if (c->s == 0) return cert_fail(r, "saltus 0: arith-nosplit is for arithmetic periods (a saltus of 1 or more)%s", "");
        if (c->count != c->E) return cert_fail(r, "count is not window-end%s", "");
        return all_stored(r, c);
    }
    if (c->t != per->max_take) return cert_fail_u(r, "max-take is wrong: a move of this ruleset takes at most %s", per->max_take);
    if (c->s != 0) return cert_fail(r, "saltus %s: only plain periods are certified", "is not 0");
    uint64_t bound = gr_period_window_end((gr_period_rule)per->rule, c->t, c->e, c->p);
    if (c->E != bound) return cert_fail_u(r, "window-end is not the theorem's bound (%s)", bound);
    if (c->E > UINT64_MAX - c->p || c->count != c->E + c->p) return cert_fail(r, "count is not window-end + %s", "period");
    if (c->count > UINT32_MAX) return cert_fail(r, "count is too large for %s", "this checker");
    /* each stored value takes a byte of the file at least; the others come
     * from the claim, a window's worth (the most a theorem's bound asks
     * beyond them is its max-take) */
    if (c->stored > r->len) return cert_fail(r, "stored is more than the file can hold%s", "");
    if (c->count - c->stored > c->stored + ((uint64_t)1 << 24) && c->count - c->stored > 2 * c->stored)
        return cert_fail(r, "count is too large for %s (more than three times the values stored)", "this checker");
    uint64_t k = c->e + c->p < c->count ? c->e + c->p : c->count;
    if (c->version > 1 && c->stored != k) return cert_fail(r, "stored is not min(count, preperiod + period)%s", "");
    return 0;
}

/* the claim that held, on stdout */
static void print_claim(const claim *c) {
    if (c->s)
        printf("%s: certified: arithmetic period %llu, saltus %llu, from n = %llu (G(n + %llu) = G(n) + %llu for "
               "every n >= %llu, by %s, %llu values recomputed)\n",
               c->spec, (unsigned long long)c->p, (unsigned long long)c->s, (unsigned long long)c->e,
               (unsigned long long)c->p, (unsigned long long)c->s, (unsigned long long)c->e, c->theorem,
               (unsigned long long)c->count);
    else
        printf("%s: certified: period %llu from n = %llu (G(n + %llu) = G(n) for every n >= %llu, by %s, window "
               "[%llu, %llu), %llu values recomputed)\n",
               c->spec, (unsigned long long)c->p, (unsigned long long)c->e, (unsigned long long)c->p,
               (unsigned long long)c->e, c->theorem, (unsigned long long)c->e, (unsigned long long)c->E,
               (unsigned long long)c->count);
}

/* a plain period on the checked values: G(n + P) = G(n) on the window, P
 * the least period and E0 the least preperiod */
static int check_plain(reader *r, const claim *c, const uint32_t *v) {
    for (uint64_t n = c->e; n < c->E; n++)
        if (v[n + c->p] != v[n]) return cert_fail_u(r, "G(n + period) != G(n) at n = %s, inside the window", n);
    for (uint64_t d = 1; d < c->p; d++) {
        if (c->p % d) continue;
        uint64_t i = 0;
        while (i + d < c->p && v[c->e + i] == v[c->e + i + d]) i++;
        if (i + d >= c->p) return cert_fail_u(r, "the period is not the least: %s is one", d);
    }
    if (c->e > 0 && v[c->e - 1] == v[c->e - 1 + c->p])
        return cert_fail(r, "the preperiod is not the least: G(preperiod - 1 + period) = G(preperiod - 1)%s", "");
    return 0;
}

/* arith-split: conditions (W) and (C) of docs/theory.md, by the library's
 * prover on the checked values, which must find the claim */
static int check_split_arith(reader *r, const claim *c, const uint32_t *v) {
    uint8_t digit[64];
    size_t nd;
    uint64_t pre = 0, p = 0, s = 0, used = 0;
    if (cli_code_digits(c->spec, digit, &nd) || !gr_hex_arith_prove(v, (size_t)c->count, digit, nd, &pre, &p, &s, &used))
        return cert_fail(r, "the prover finds no arithmetic period on these values (conditions W and C)%s", "");
    if (pre != c->e || p != c->p || s != c->s) {
        char msg[200];
        snprintf(msg, sizeof msg, "the prover finds period %llu, saltus %llu, from n = %llu on these values",
                 (unsigned long long)p, (unsigned long long)s, (unsigned long long)pre);
        return cert_fail(r, "%s", msg);
    }
    /* the claimed window must hold the proof's (W of theory.md) */
    if (c->E < used) return cert_fail_u(r, "window-end is too small: the proof needs the values below %s", used);
    return 0;
}

int cli_certificate_check(reader *r, gr_ctx *ctx) {
    claim c = {0};
    char buf[256];
    if (check_sum(r, &c) != 0) return -1;
    int kind = read_claim(r, &c);
    if (kind < 0) return -1;
    if (kind == 1) return cli_value_certificate_check(r, ctx);
    unsigned values_line = r->line;
    gr_ruleset *rs;
    gr_error err;
    gr_error_clear(&err);
    if (gr_ctx_ruleset(ctx, c.spec, strlen(c.spec), &rs, &err) != GR_OK)
        return cert_fail(r, "the ruleset cannot be read: %s", err.message);
    if (strcmp(c.spec, gr_ruleset_spec(rs))) {
        char msg[400];
        r->line = 3;
        snprintf(msg, sizeof msg, "the ruleset '%.150s' is not written as grundy writes it ('%.150s')", c.spec,
                 gr_ruleset_spec(rs));
        return cert_fail(r, "%s", msg);
    }
    gr_period per = GR_SIZED(gr_period);
    if (check_fields(r, &c, rs, &per) != 0) return -1;
    uint32_t *v = malloc((size_t)c.count * sizeof *v);
    if (!v) return cert_fail(r, "%s", "out of memory");
    int rc = c.base64 ? read_base64(r, c.stored, v) : read_decimal(r, c.stored, v);
    if (rc == 0 && (cert_next_line(r, buf, sizeof buf) != 0 || strcmp(buf, "end")))
        rc = cert_fail(r, "expected 'end' after %s", "the values");
    if (rc == 0 && (cert_next_line(r, buf, sizeof buf) != 0 || strncmp(buf, "sha256 ", 7) || r->at != r->len))
        rc = cert_fail(r, "expected the checksum line last%s", "");
    if (per.rule == GR_PERIOD_ALLBUT) {
        if (rc == 0) rc = cli_allbut_check(r, c.spec, c.e, c.p, c.s, c.count, v, values_line);
        free(v);
        if (rc == 0) print_claim(&c);
        return rc;
    }
    for (uint64_t n = c.stored; n < c.count; n++) v[n] = v[n - c.p]; /* the claim */
    /* every value by the mex of its options */
    mexer m = {v, 0, calloc((size_t)1 << 20, 1), (size_t)1 << 20, NULL, 0, 0, 0};
    lister L = {v, c.t, calloc(c.t + 1, 1), (uint32_t)c.mask, (unsigned)c.dom, (unsigned)c.shift, NULL, 0, 0, 0,
                NULL, 0, malloc((c.t + 1) * sizeof *L.sums), 0};
    int fast = per.rule == GR_PERIOD_SPLIT2;
    if (!m.seen || !L.bits || !L.sums) rc = cert_fail(r, "%s", "out of memory");
    if (rc == 0 && fast && code_digits(rs, &L) != 0) rc = cert_fail(r, "the moves of the code cannot be read%s", "");
    for (uint64_t n = 0; rc == 0 && n < c.count; n++) {
        int ok = fast ? listed_heap(&L, n) : 1;
        int64_t g = -1;
        if (!fast || ok == 0) g = plain_mex(&m, rs, n);
        if (ok < 0 || (fast && note(&L, n) != 0)) { rc = cert_fail(r, "%s", "out of memory"); break; }
        if (g < 0 && !fast) { rc = cert_fail(r, "the options of a heap cannot be listed%s", ""); break; }
        if ((fast && ok == 0) || (!fast && (uint64_t)g != v[n])) {
            if (n < c.stored)
                r->line = values_line + 1 + (unsigned)(n / (c.base64 ? CERT_BYTES_PER_LINE : CERT_VALUES_PER_LINE));
            char msg[200];
            snprintf(msg, sizeof msg, "G(%llu) is %lld by the mex of its options, not %llu%s", (unsigned long long)n,
                     (long long)g, (unsigned long long)v[n], n < c.stored ? "" : " (G(n - period), by the claim)");
            rc = cert_fail(r, "%s", msg);
        }
    }
    if (rc == 0) rc = !strcmp(c.theorem, "arith-split") ? check_split_arith(r, &c, v) : check_plain(r, &c, v);
    free(m.seen);
    free(m.xs);
    free(L.bits);
    free(L.listed);
    free(L.found);
    free(L.sums);
    free(v);
    if (rc == 0) print_claim(&c);
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
    rc = cli_certificate_check(&r, ctx) == 0 ? 0 : 2;
    if (rc) fprintf(stderr, "grundy: error: %s\n", r.why);
    free(r.text);
    gr_ctx_free(ctx);
    return rc;
}
