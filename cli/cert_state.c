/* Value certificates of state games (docs/certificates.md, `game state`):
 * `grundy value|solve TERM --certificate FILE` writes one for a wythoff,
 * euclid, fib, dyn[k] or rule[...] term (the library lists the states,
 * gr_state_value_certificate), and `grundy check FILE` checks one: each
 * entry's value by the mex of its options, listed by the library's moves
 * of that state (gr_position_moves), every part of an option an earlier
 * entry. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cert_state.h"
#include "cli.h"

#define KMAX 4

/* the entries read so far: states (k numbers each) with their values, and
 * an open-addressing index of the states */
typedef struct table {
    unsigned k;
    uint64_t *keys, *value;
    size_t n, cap;
    size_t *slot, nslot; /* entry + 1, or 0 */
} table;

static size_t hash_state(const uint64_t *x, unsigned k) {
    uint64_t h = 0x9e3779b97f4a7c15u;
    for (unsigned i = 0; i < k; i++) h = (h ^ x[i]) * 0xff51afd7ed558ccdu, h ^= h >> 29;
    return (size_t)h;
}

/* the entry holding state x, or -1 */
static long long find(const table *t, const uint64_t *x) {
    if (!t->nslot) return -1;
    for (size_t s = hash_state(x, t->k) & (t->nslot - 1);; s = (s + 1) & (t->nslot - 1)) {
        if (!t->slot[s]) return -1;
        size_t e = t->slot[s] - 1;
        if (!memcmp(t->keys + e * t->k, x, t->k * sizeof *x)) return (long long)e;
    }
}

static int add(table *t, const uint64_t *x, uint64_t value) {
    if (t->n == t->cap) {
        size_t nc = t->cap ? t->cap * 2 : 1024;
        uint64_t *nk = realloc(t->keys, nc * t->k * sizeof *nk);
        if (!nk) return -1;
        t->keys = nk;
        uint64_t *nv = realloc(t->value, nc * sizeof *nv);
        if (!nv) return -1;
        t->value = nv;
        t->cap = nc;
    }
    if ((t->n + 1) * 2 > t->nslot) {
        size_t ns = t->nslot ? t->nslot * 2 : 2048;
        size_t *sl = calloc(ns, sizeof *sl);
        if (!sl) return -1;
        free(t->slot);
        t->slot = sl;
        t->nslot = ns;
        for (size_t e = 0; e < t->n; e++) {
            size_t s = hash_state(t->keys + e * t->k, t->k) & (ns - 1);
            while (sl[s]) s = (s + 1) & (ns - 1);
            sl[s] = e + 1;
        }
    }
    memcpy(t->keys + t->n * t->k, x, t->k * sizeof *x);
    t->value[t->n] = value;
    size_t s = hash_state(x, t->k) & (t->nslot - 1);
    while (t->slot[s]) s = (s + 1) & (t->nslot - 1);
    t->slot[s] = ++t->n;
    return 0;
}

/* one entry's options: each part looked up among the entries before it */
typedef struct mover {
    table *t;
    gr_ruleset *rs;
    int heap;
    uint64_t *vals;   /* the options' values */
    size_t nv, vcap;
    unsigned char *seen; /* marks for the mex, room for scap */
    size_t scap;
    int nomem;
    const uint64_t *missing; /* the first part that is no earlier entry */
    uint64_t miss[KMAX];
    int other;        /* a part of another game */
} mover;

static int part_value(mover *m, const uint64_t *x, uint64_t *v) {
    long long e = find(m->t, x);
    if (e < 0) {
        memcpy(m->miss, x, m->t->k * sizeof *x);
        m->missing = m->miss;
        return 1;
    }
    *v ^= m->t->value[e];
    return 0;
}

static int on_move(void *user, const gr_move *mv) {
    mover *m = user;
    uint64_t v = 0;
    for (size_t i = 0; i < mv->nparts; i++) {
        const gr_term_info *p = &mv->parts[i];
        if (p->ruleset != m->rs) {
            int zero = 1;
            for (size_t j = 0; j < p->nargs; j++) zero &= p->args[j] == 0;
            if (!zero || strcmp(gr_ruleset_family(p->ruleset), "nim")) { m->other = 1; return 1; }
            continue; /* "0": the move ended the term */
        }
        if (m->heap) {
            for (size_t j = 0; j < p->nargs; j++)
                if (p->args[j] && part_value(m, &p->args[j], &v)) return 1;
        } else {
            if (p->nargs != m->t->k) { m->other = 1; return 1; }
            if (part_value(m, p->args, &v)) return 1;
        }
    }
    if (m->nv == m->vcap) {
        size_t nc = m->vcap ? m->vcap * 2 : 256;
        uint64_t *nvals = realloc(m->vals, nc * sizeof *nvals);
        if (!nvals) { m->nomem = 1; return 1; }
        m->vals = nvals;
        m->vcap = nc;
    }
    m->vals[m->nv++] = v;
    return 0;
}

static void state_text(char *buf, size_t cap, const uint64_t *x, unsigned k) {
    size_t at = 0;
    for (unsigned i = 0; i < k && at < cap; i++)
        at += (size_t)snprintf(buf + at, cap - at, "%s%llu", i ? "," : "(", (unsigned long long)x[i]);
    if (at < cap) snprintf(buf + at, cap - at, ")");
}

/* the state of the entry line "s VALUE A1 .. Ak": decimals below 2^64
 * without leading zeros */
static int read_entry(cert_reader *r, const char *p, size_t l, unsigned k, uint64_t *value, uint64_t *x) {
    char line[256];
    if (l < 2 || l >= sizeof line || memcmp(p, "s ", 2)) return cert_fail(r, "expected an entry 's VALUE ...'%s", "");
    memcpy(line, p, l);
    line[l] = 0;
    char *s = line + 2;
    for (unsigned i = 0; i <= k; i++) {
        char *e = strchr(s, ' ');
        if ((e != NULL) != (i < k)) return cert_fail_u(r, "an entry is 's VALUE' and %s numbers", k);
        if (e) *e = 0;
        uint64_t u;
        if (cert_u64(s, &u) != 0)
            return cert_fail(r, "'%s' is not a decimal number below 2^64 without leading zeros", s);
        if (i == 0) *value = u;
        else x[i - 1] = u;
        if (e) s = e + 1;
    }
    return 0;
}

/* the entries, each checked as it is read */
static int check_entries(cert_reader *r, gr_ctx *ctx, mover *m, uint64_t want) {
    gr_error err;
    gr_error_clear(&err);
    const char *p;
    size_t l;
    for (;;) {
        if (cert_next_raw(r, &p, &l) != 0) return cert_fail(r, "the file ends before 'end'%s", "");
        if (l == 3 && !memcmp(p, "end", 3)) break;
        uint64_t value = 0, x[KMAX] = {0};
        if (read_entry(r, p, l, m->t->k, &value, x) != 0) return -1;
        char st[128];
        state_text(st, sizeof st, x, m->t->k);
        if (find(m->t, x) >= 0) return cert_fail(r, "the state %s is listed twice", st);
        gr_position *pos = NULL;
        if (gr_position_new(ctx, &pos, &err) != GR_OK || gr_position_add_term(pos, m->rs, x, m->t->k, &err) != GR_OK) {
            gr_position_free(pos);
            return cert_fail(r, "the state cannot be played: %s", err.message);
        }
        m->nv = 0;
        m->missing = NULL;
        m->other = 0;
        int complete = 0;
        gr_status s = gr_position_moves(pos, 0, on_move, m, &complete, &err);
        gr_position_free(pos);
        if (s != GR_OK) return cert_fail(r, "the moves cannot be listed: %s", err.message);
        if (m->missing) {
            char ms[128], msg[400];
            state_text(ms, sizeof ms, m->missing, m->t->k);
            snprintf(msg, sizeof msg, "entry %zu %s: its option's part %s is no earlier entry", m->t->n, st, ms);
            return cert_fail(r, "%s", msg);
        }
        if (m->nomem) return cert_fail(r, "%s", "out of memory");
        if (m->other || !complete) return cert_fail(r, "the moves of %s cannot all be listed", st);
        if (m->nv + 1 > m->scap) {
            free(m->seen);
            m->scap = 2 * (m->nv + 1);
            if (!(m->seen = malloc(m->scap))) { m->scap = 0; return cert_fail(r, "%s", "out of memory"); }
        }
        memset(m->seen, 0, m->nv + 1);
        for (size_t i = 0; i < m->nv; i++)
            if (m->vals[i] <= m->nv) m->seen[m->vals[i]] = 1;
        uint64_t mex = 0;
        while (m->seen[mex]) mex++;
        if (mex != value) {
            char msg[300];
            snprintf(msg, sizeof msg, "entry %zu %s: its value is %llu by the mex of its options, not %llu", m->t->n,
                     st, (unsigned long long)mex, (unsigned long long)value);
            return cert_fail(r, "%s", msg);
        }
        if (m->t->n >= want) return cert_fail_u(r, "more entries than 'entries' says (%s)", want);
        if (add(m->t, x, value) != 0) return cert_fail(r, "%s", "out of memory");
    }
    return 0;
}

int cli_state_certificate_check(cert_reader *r, gr_ctx *ctx, const char *term, uint64_t value, uint64_t n) {
    gr_error err;
    gr_error_clear(&err);
    gr_position *pos = NULL;
    gr_term_info ti;
    if (gr_position_parse(ctx, term, strlen(term), 0, &pos, &err) != GR_OK) {
        r->line = 3;
        return cert_fail(r, "the position cannot be read: %s", err.message);
    }
    if (gr_position_count(pos) != 1 || gr_position_term(pos, 0, &ti) != GR_OK) {
        gr_position_free(pos);
        r->line = 3;
        return cert_fail(r, "the position is not one term%s", "");
    }
    const char *fam = gr_ruleset_family(ti.ruleset);
    int heap = gr_ruleset_is_heap(ti.ruleset), dyn = !strcmp(fam, "dyn");
    uint64_t root[KMAX] = {0};
    unsigned k = dyn || !strcmp(fam, "wythoff") || !strcmp(fam, "euclid") ? 2 : heap ? 1 : (unsigned)ti.nargs;
    int ok = !strcmp(fam, "rule") || dyn || !strcmp(fam, "wythoff") || !strcmp(fam, "euclid");
    if (!ok || k > KMAX || ti.nargs < 1 || (!dyn && ti.nargs != k) || (dyn && ti.nargs > 2)) {
        gr_position_free(pos);
        r->line = 3;
        return cert_fail(r, "the position is not a term of wythoff, euclid, fib, dyn or rule[...] of one state%s", "");
    }
    memcpy(root, ti.args, ti.nargs * sizeof *root);
    if (dyn) root[1] = ti.nargs == 1 ? (root[0] ? root[0] - 1 : 0) : root[1] < root[0] ? root[1] : root[0];
    table t = {k, NULL, NULL, 0, 0, NULL, 0};
    mover m = {&t, ti.ruleset, heap, NULL, 0, 0, NULL, 0, 0, NULL, {0}, 0};
    int rc = check_entries(r, ctx, &m, n);
    const char *p;
    size_t l;
    if (rc == 0 && t.n != n) rc = cert_fail_u(r, "fewer entries than 'entries' says (%s)", n);
    if (rc == 0 && (cert_next_raw(r, &p, &l) != 0 || l < 7 || memcmp(p, "sha256 ", 7) || r->at != r->len))
        rc = cert_fail(r, "expected the checksum line last%s", "");
    long long e = rc == 0 ? find(&t, root) : 0;
    if (rc == 0 && e < 0) rc = cert_fail(r, "the position's state is no entry%s", "");
    if (rc == 0 && t.value[e] != value) {
        r->line = 5;
        rc = cert_fail_u(r, "the position's value is %s by its entry, not the value line's", t.value[e]);
    }
    if (rc == 0)
        printf("%s: certified: value %llu (%llu entries checked)\n", term, (unsigned long long)value,
               (unsigned long long)n);
    gr_position_free(pos);
    free(m.seen);
    free(m.vals);
    free(t.keys);
    free(t.value);
    free(t.slot);
    return rc;
}
