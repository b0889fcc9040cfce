/* Period certificates (docs/certificates.md): `seq --period --certificate
 * FILE` writes the claim, the class of listed positions that lets a checker
 * read few splits, and the values up to preperiod + period (the rest follow
 * from the claim), in base64 when they fit in a byte; cert_check.c reads
 * them back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "base64.h"
#include "cert_arith.h"
#include "grundy/experimental.h"
#include "certificate.h"
#include "cli.h"
#include "sha256.h"

const char *cli_cert_theorem(int rule) {
    switch (rule) {
    case GR_PERIOD_SUBTRACTION: return "subtraction";
    case GR_PERIOD_NOSPLIT: return "take-break-nosplit";
    case GR_PERIOD_SPLIT2: return "guy-smith-2";
    case GR_PERIOD_SPLIT3: return "guy-smith-3";
    case GR_PERIOD_ALLBUT: return "arith-nosplit";
    default: return NULL;
    }
}

/* a piece of the text, hashed as it is written */
static void emit(FILE *f, cli_sha256 *h, const char *p, size_t n) {
    cli_sha256_add(h, p, n);
    fwrite(p, 1, n, f);
}

/* arith-split: the fewest values of max(window-end, preperiod + period) +
 * 2 periods, twice that, four times, ... (to 2^26 values) on which the
 * library's prover finds the same claim (0: none); a checker requires at
 * least the first (docs/certificates.md) */
static uint64_t arith_split_count(gr_ruleset *rs, const gr_period *per) {
    uint8_t digit[64];
    size_t nd;
    if (cli_code_digits(gr_ruleset_spec(rs), digit, &nd)) return 0;
    uint64_t low = per->proof_end > per->preperiod + per->period ? per->proof_end : per->preperiod + per->period;
    uint64_t n = low + 2 * per->period, found = 0;
    for (; !found && n <= ((uint64_t)1 << 26); n *= 2) {
        uint64_t *v64 = malloc((size_t)n * sizeof *v64);
        uint32_t *v = malloc((size_t)n * sizeof *v);
        gr_error err;
        uint64_t pre, p, s;
        if (v64 && v && gr_ruleset_values(rs, n, v64, &err) == GR_OK) {
            int fits = 1;
            for (uint64_t i = 0; i < n; i++) fits &= v64[i] <= UINT32_MAX, v[i] = (uint32_t)v64[i];
            if (fits && gr_hex_arith_prove(v, (size_t)n, digit, nd, &pre, &p, &s, NULL) && pre == per->preperiod &&
                p == per->period && s == per->saltus)
                found = n;
        }
        free(v64);
        free(v);
    }
    return found;
}

int cli_certificate_write(const char *path, gr_ruleset *rs, const gr_period *per) {
    const char *th = cli_cert_theorem(per->rule);
    if (!per->found) {
        fprintf(stderr, "grundy: error: no period was proved, so there is nothing to certify (a larger --to may "
                        "prove one)\n");
        return 2;
    }
    int allbut = per->rule == GR_PERIOD_ALLBUT;
    int split_arith = per->saltus && (per->rule == GR_PERIOD_SPLIT2 || per->rule == GR_PERIOD_SPLIT3);
    if (split_arith) th = "arith-split";
    if ((per->saltus && !allbut && !split_arith) || !th) {
        fprintf(stderr, "grundy: error: no certificate is written for this period's theorem\n");
        return 2;
    }
    uint64_t t = per->max_take;
    unsigned char digit[64];
    if (allbut && cli_allbut_digits(gr_ruleset_spec(rs), digit, &t)) {
        fprintf(stderr, "grundy: internal error: '%s' is not a code that never splits\n", gr_ruleset_spec(rs));
        return 1;
    }
    /* an arithmetic period: the values up to the table's end the proof read */
    uint64_t count = allbut ? per->proof_end : per->proof_end + per->period;
    if (split_arith && (count = arith_split_count(rs, per)) == 0) {
        fprintf(stderr, "grundy: internal error: the proof of %s's arithmetic period does not repeat on its values\n",
                gr_ruleset_spec(rs));
        return 1;
    }
    if (count < per->proof_end || count > ((uint64_t)1 << 40)) {
        fprintf(stderr, "grundy: error: the certificate would hold %llu values: too many\n", (unsigned long long)count);
        return 2;
    }
    uint64_t stored = !allbut && !split_arith && per->preperiod + per->period < count ? per->preperiod + per->period : count;
    uint64_t *v = malloc((size_t)stored * sizeof *v);
    gr_error err;
    gr_error_clear(&err);
    if (!v) { fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    if (gr_ruleset_values(rs, stored, v, &err) != GR_OK) {
        free(v);
        return cli_report(&err, NULL, 0);
    }
    int bytes = 1;
    for (uint64_t i = 0; i < stored && bytes; i++) bytes = v[i] < 256;
    gr_split_class cl = GR_SIZED(gr_split_class);
    if (gr_ruleset_split_class(rs, &cl, &err) != GR_OK) cl.mask = cl.dom = cl.shift = 0; /* read every split */
    FILE *f = fopen(path, "wb");
    if (!f) {
        free(v);
        fprintf(stderr, "grundy: error: cannot write the certificate '%s'\n", path);
        return 2;
    }
    cli_sha256 h;
    cli_sha256_init(&h);
    char line[512];
    int n = snprintf(line, sizeof line,
                     "grundy certificate 2\nkind period\nruleset %s\ntheorem %s\nmax-take %llu\npreperiod %llu\n"
                     "period %llu\nsaltus %llu\nwindow-end %llu\ncount %llu\nclass %lu %u %u\nstored %llu\nvalues %s\n",
                     gr_ruleset_spec(rs), th, (unsigned long long)t, (unsigned long long)per->preperiod,
                     (unsigned long long)per->period, (unsigned long long)per->saltus, (unsigned long long)per->proof_end,
                     (unsigned long long)count,
                     (unsigned long)cl.mask, cl.dom, cl.shift, (unsigned long long)stored, bytes ? "base64" : "decimal");
    int bad = n < 0 || (size_t)n >= sizeof line;
    if (!bad) emit(f, &h, line, (size_t)n);
    if (bytes) {
        /* CERT_BYTES_PER_LINE bytes a line, as 76 characters */
        for (uint64_t i = 0; i < stored && !bad; i += CERT_BYTES_PER_LINE) {
            uint8_t b[CERT_BYTES_PER_LINE];
            size_t k = stored - i < CERT_BYTES_PER_LINE ? (size_t)(stored - i) : CERT_BYTES_PER_LINE, m = 0;
            for (size_t j = 0; j < k; j++) b[j] = (uint8_t)v[i + j];
            for (size_t j = 0; j < k; j += 3) {
                cli_base64_quad(b + j, k - j < 3 ? k - j : 3, line + m);
                m += 4;
            }
            line[m++] = '\n';
            emit(f, &h, line, m);
        }
    } else {
        for (uint64_t i = 0; i < stored && !bad; i++) {
            n = snprintf(line, sizeof line, "%llu%c", (unsigned long long)v[i],
                         (i + 1) % CERT_VALUES_PER_LINE == 0 || i + 1 == stored ? '\n' : ' ');
            emit(f, &h, line, (size_t)n);
        }
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
