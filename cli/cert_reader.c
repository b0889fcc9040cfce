/* Reading a certificate line by line: the failures name the file and
 * the line. */
#include <stdio.h>
#include <string.h>
#include "cert_reader.h"
#include "cli.h"

int cert_fail(cert_reader *r, const char *fmt, const char *a) {
    char m[2048];
    snprintf(m, sizeof m, fmt, a);
    snprintf(r->why, sizeof r->why, "%.200s: line %u: %.280s", r->path, r->line, m);
    return -1;
}

int cert_fail_u(cert_reader *r, const char *fmt, uint64_t a) {
    char tmp[32];
    snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)a);
    return cert_fail(r, fmt, tmp);
}

int cert_next_raw(cert_reader *r, const char **p, size_t *l) {
    if (r->at >= r->len) return -1;
    const char *s = r->text + r->at, *e = memchr(s, '\n', r->len - r->at);
    if (!e) return -1; /* a last line without its newline: cut */
    *p = s;
    *l = (size_t)(e - s);
    r->at += *l + 1;
    r->line++;
    return 0;
}

int cert_next_line(cert_reader *r, char *buf, size_t cap) {
    const char *p;
    size_t l;
    if (cert_next_raw(r, &p, &l) != 0) return -1;
    if (l >= cap) l = cap - 1;
    memcpy(buf, p, l);
    buf[l] = 0;
    return 0;
}

int cert_field(cert_reader *r, const char *key, char *val, size_t cap) {
    char buf[1024];
    if (cert_next_line(r, buf, sizeof buf) != 0) return cert_fail(r, "the file ends before '%s': it was cut", key);
    size_t kl = strlen(key);
    if (strncmp(buf, key, kl) || buf[kl] != ' ') return cert_fail(r, "expected '%s'", key);
    snprintf(val, cap, "%s", buf + kl + 1);
    return 0;
}

int cert_u64_at(const char **p, uint64_t *out) {
    const char *s = *p;
    if (*s < '0' || *s > '9' || (s[0] == '0' && s[1] >= '0' && s[1] <= '9')) return -1;
    uint64_t v = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        unsigned d = (unsigned)(*s - '0');
        if (v > (UINT64_MAX - d) / 10) return -1;
        v = v * 10 + d;
    }
    *out = v;
    *p = s;
    return 0;
}

int cert_bad_number(cert_reader *r, const char *p) {
    char tok[48];
    size_t n = 0;
    while (p[n] && p[n] != ' ' && p[n] != '-' && p[n] != ',' && p[n] != '@' && n + 1 < sizeof tok) n++;
    memcpy(tok, p, n);
    tok[n] = 0;
    return cert_fail(r, "'%s' is not a decimal number below 2^64, without sign or leading zeros", tok);
}

int cert_u64(const char *s, uint64_t *out) {
    const char *p = s;
    return cert_u64_at(&p, out) == 0 && !*p ? 0 : -1;
}

int cert_number(cert_reader *r, const char *key, uint64_t *out) {
    char val[64];
    if (cert_field(r, key, val, sizeof val) != 0) return -1;
    if (cert_u64(val, out) != 0)
        return cert_fail(r, "'%s' needs a decimal number below 2^64, without sign or leading zeros", key);
    return 0;
}

