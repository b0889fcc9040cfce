/* Heap rulesets: naming and spec parsing, the value table and how it grows,
 * periods, and the dispatch of values and options to the kinds
 * (subtraction.c, takebreak.c, heapgames.c). */
#include <stdlib.h>
#include <string.h>
#include "internal.h"
#include "context_internal.h"

typedef struct named {
    const char *name;
    gr_ruleset_kind kind;
    const char *code;   /* for aliases of take-and-break codes */
} named;

static const named NAMES[] = {
    {"nim", GR_RULESET_NIM, NULL},
    {"sub", GR_RULESET_SUB, NULL},
    {"tb", GR_RULESET_TB, NULL},
    {"divisor", GR_RULESET_DIVISOR, NULL},
    {"coprime", GR_RULESET_COPRIME, NULL},
    {"pow2", GR_RULESET_POW2, NULL},
    {"grundy", GR_RULESET_GRUNDY, NULL},
    {"bash", GR_RULESET_BASH, NULL},
    {"staircase", GR_RULESET_STAIRCASE, NULL},
    {"wythoff", GR_RULESET_WYTHOFF, NULL},
    {"euclid", GR_RULESET_EUCLID, NULL},
    {"dyn", GR_RULESET_DYN, NULL},
    {"fib", GR_RULESET_DYN, "2"},
    {"prod", GR_RULESET_PROD, NULL},
    {"hackenbush", GR_RULESET_HACKENBUSH, NULL},
    {"stairs", GR_RULESET_STAIRS, NULL},
    {"kayles", GR_RULESET_TB, "0.77"},
    {"dawson", GR_RULESET_TB, "0.07"},
    {"lasker", GR_RULESET_TB, "4.3!"},
};

gr_status gr_parse_u64(const char *s, size_t n, size_t *i, uint64_t *out, size_t *errpos) {
    size_t p = *i;
    if (p >= n || s[p] < '0' || s[p] > '9') { *errpos = p; return GR_EPARSE; }
    uint64_t v = 0;
    size_t start = p;
    while (p < n && s[p] >= '0' && s[p] <= '9') {
        if (gr_mul_overflows(v, 10, &v) || gr_add_overflows(v, (uint64_t)(s[p] - '0'), &v)) {
            *errpos = start;
            return GR_ERANGE;
        }
        p++;
    }
    if (p < n && s[p] == '^') {
        size_t q = p + 1;
        if (q >= n || s[q] < '0' || s[q] > '9') { *errpos = q; return GR_EPARSE; }
        uint64_t e = 0;
        while (q < n && s[q] >= '0' && s[q] <= '9') {
            if (e > 1000) { *errpos = start; return GR_ERANGE; }
            e = e * 10 + (uint64_t)(s[q] - '0');
            q++;
        }
        uint64_t r = 1;
        for (uint64_t k = 0; k < e; k++)
            if (gr_mul_overflows(r, v, &r)) { *errpos = start; return GR_ERANGE; }
        v = r;
        p = q;
    }
    *i = p;
    *out = v;
    return GR_OK;
}

void gr_rs_free(gr_ruleset *rs) {
    if (!rs) return;
    free(rs->spec); free(rs->sub); free(rs->digit); free(rs->tab); free(rs->st_tab); free(rs->p2);
    gr_mexset_free(&rs->mex);
    free(rs->nl_firm);
    free(rs->dyn_a);
    free(rs->sub_special);
    free(rs->sp_rare);
    free(rs->sp_bits);
    free(rs->sp_rev);
    free(rs->sp_wit);
    free(rs->sp_sums);
    free(rs);
}

static int is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

gr_status gr_ctx_ruleset_at(gr_ctx *ctx, const char *spec, size_t len, size_t line, size_t col0,
                            gr_ruleset **out, gr_error *err) {
    *out = NULL;
    size_t i = 0;
    while (i < len && (spec[i] == ' ' || spec[i] == '\t')) i++;
    size_t ns = i;
    while (i < len && is_name_char(spec[i])) i++;
    size_t ne = i;
    if (ne == ns) {
        if (ns >= len) return gr_fail_at(err, GR_EPARSE, line, col0 + ns, "expected a ruleset name");
        return gr_fail_at(err, GR_EPARSE, line, col0 + ns, "expected a ruleset name, found '%c'", spec[ns]);
    }
    const named *nm = NULL;
    for (size_t k = 0; k < sizeof NAMES / sizeof NAMES[0]; k++)
        if (strlen(NAMES[k].name) == ne - ns && !memcmp(NAMES[k].name, spec + ns, ne - ns)) nm = &NAMES[k];
    if (!nm)
        return gr_fail_at(err, GR_EPARSE, line, col0 + ns, "unknown ruleset '%.*s' (see 'grundy help rulesets')",
                          (int)(ne - ns > 40 ? 40 : ne - ns), spec + ns);
    while (i < len && (spec[i] == ' ' || spec[i] == '\t')) i++;
    size_t ps = 0, pe = 0;
    int has_params = 0;
    if (i < len && spec[i] == '[') {
        has_params = 1;
        ps = ++i;
        while (i < len && spec[i] != ']') i++;
        if (i >= len) return gr_fail_at(err, GR_EPARSE, line, col0 + ps - 1, "'[' is never closed: expected ']'");
        pe = i++;
    }
    while (i < len && (spec[i] == ' ' || spec[i] == '\t')) i++;
    if (i < len) return gr_fail_at(err, GR_EPARSE, line, col0 + i, "unexpected '%c' after the ruleset", spec[i]);
    int needs = nm->kind == GR_RULESET_SUB || nm->kind == GR_RULESET_BASH ||
                ((nm->kind == GR_RULESET_TB || nm->kind == GR_RULESET_DYN) && !nm->code);
    if (needs && !has_params)
        return gr_fail_at(err, GR_EPARSE, line, col0 + ne, "'%s' needs parameters in brackets, e.g. %s", nm->name,
                          nm->kind == GR_RULESET_SUB ? "sub[1,2,4]" : nm->kind == GR_RULESET_BASH ? "bash[2,5]" :
                          nm->kind == GR_RULESET_DYN ? "dyn[3]" : "tb[0.77]");
    if (!needs && has_params && nm->kind != GR_RULESET_HACKENBUSH)
        return gr_fail_at(err, GR_EPARSE, line, col0 + ps - 1, "'%s' takes no parameters", nm->name);

    gr_ruleset *rs = calloc(1, sizeof *rs);
    if (!rs) return gr_fail(err, GR_ENOMEM, "out of memory");
    rs->kind = nm->kind;
    gr_buf canon;
    gr_buf_init(&canon);
    gr_status st = GR_OK;
    if (nm->kind == GR_RULESET_SUB) {
        gr_buf_puts(&canon, "sub[");
        st = gr_sub_parse(rs, spec + ps, pe - ps, line, col0 + ps, &canon, err);
        gr_buf_puts(&canon, "]");
    } else if (nm->kind == GR_RULESET_TB && !nm->code) {
        gr_buf_puts(&canon, "tb[");
        st = gr_tb_parse(rs, spec + ps, pe - ps, line, col0 + ps, &canon, err);
        gr_buf_puts(&canon, "]");
    } else if (nm->kind == GR_RULESET_BASH) {
        gr_buf_puts(&canon, "bash[");
        st = gr_bash_parse(rs, spec + ps, pe - ps, line, col0 + ps, &canon, err);
        gr_buf_puts(&canon, "]");
    } else if (nm->kind == GR_RULESET_DYN) {
        if (nm->code) {
            rs->dyn_k = 2;
            gr_buf_puts(&canon, nm->name);
        } else {
            gr_buf_puts(&canon, "dyn[");
            st = gr_dyn_parse(rs, spec + ps, pe - ps, line, col0 + ps, &canon, err);
            gr_buf_puts(&canon, "]");
        }
    } else if (nm->kind == GR_RULESET_HACKENBUSH) {
        gr_buf_puts(&canon, "hackenbush");
        if (has_params) {
            size_t i2 = ps, ep = 0;
            while (i2 < pe && spec[i2] == ' ') i2++;
            gr_status s2 = gr_parse_u64(spec, pe, &i2, &rs->hb_root, &ep);
            while (i2 < pe && spec[i2] == ' ') i2++;
            if (s2 != GR_OK || i2 != pe)
                st = gr_fail_at(err, GR_EPARSE, line, col0 + (s2 != GR_OK ? ep : i2),
                                "hackenbush[r] takes the number of the ground vertex");
            else if (rs->hb_root) {
                gr_buf_puts(&canon, "[");
                gr_buf_u64(&canon, rs->hb_root);
                gr_buf_puts(&canon, "]");
            }
        }
    } else if (nm->code) {
        gr_buf scratch;
        gr_buf_init(&scratch);
        st = gr_tb_parse(rs, nm->code, strlen(nm->code), 0, 1, &scratch, err);
        gr_buf_free(&scratch);
        gr_buf_puts(&canon, nm->name);
    } else {
        gr_buf_puts(&canon, nm->name);
    }
    if (st == GR_OK) st = gr_buf_take(&canon, &rs->spec, NULL);
    gr_buf_free(&canon);
    if (st != GR_OK) {
        gr_rs_free(rs);
        if (st == GR_ENOMEM) return gr_fail(err, st, "out of memory");
        return st;
    }
    gr_ruleset *have = gr_ctx_find(ctx, rs->spec);
    if (have) { gr_rs_free(rs); *out = have; return GR_OK; }
    if (!gr_ctx_add(ctx, rs)) { gr_rs_free(rs); return gr_fail(err, GR_ENOMEM, "out of memory"); }
    *out = rs;
    return GR_OK;
}

gr_ruleset_kind gr_ruleset_kind_of(const gr_ruleset *rs) { return rs->kind; }
int gr_ruleset_is_heap(const gr_ruleset *rs) {
    return rs->kind < GR_RULESET_STAIRCASE;
}
const char *gr_ruleset_spec(const gr_ruleset *rs) { return rs->spec; }

uint64_t gr_ruleset_max_take(const gr_ruleset *rs) {
    switch (rs->kind) {
    case GR_RULESET_SUB: return rs->sub[rs->nsub - 1];
    case GR_RULESET_TB: return gr_tb_max_take(rs);
    case GR_RULESET_GRUNDY: return 0;
    case GR_RULESET_BASH: return rs->bash_q;
    default: return UINT64_MAX;
    }
}

/* Makes room for `need` values of at least `w` bytes each. Widening
 * converts in place from the top down (wider entries never overwrite
 * narrower ones not yet read). */
static gr_status tab_reserve(gr_ruleset *rs, size_t need, unsigned w, gr_error *err) {
    if (!rs->tw) rs->tw = 1;
    if (w < rs->tw) w = rs->tw;
    if (w == rs->tw && need <= rs->cap) return GR_OK;
    size_t cap = rs->cap;
    if (need > cap) cap = cap * 2 > need ? cap * 2 : need;
    if (cap > SIZE_MAX / w) return gr_fail(err, GR_ENOMEM, "value table of %s too large", rs->spec);
    void *p = realloc(rs->tab, cap * w);
    if (!p) return gr_fail(err, GR_ENOMEM, "out of memory: value table of %s at %zu entries", rs->spec, need);
    rs->tab = p;
    rs->cap = cap;
    for (size_t i = rs->len; w != rs->tw && i-- > 0;) gr_store_w(rs->tab, w, i, gr_tab_at(rs, i));
    rs->tw = w;
    return GR_OK;
}

static unsigned width_for(uint64_t v) { return v <= UINT8_MAX ? 1 : v <= UINT16_MAX ? 2 : 4; }

gr_status gr_rs_push(gr_ruleset *rs, uint64_t v, gr_error *err) {
    if (v > UINT32_MAX) return gr_fail(err, GR_ERANGE, "%s: a Grundy value above 2^32 does not fit the table", rs->spec);
    unsigned w = width_for(v);
    if (rs->len + 1 > rs->cap || w > rs->tw) {
        gr_status st = tab_reserve(rs, rs->len + 1, w, err);
        if (st != GR_OK) return st;
    }
    gr_store_w(rs->tab, rs->tw, rs->len++, (uint32_t)v);
    if (v > rs->tabmax) rs->tabmax = (uint32_t)v;
    return GR_OK;
}

gr_status gr_rs_extend(gr_ruleset *rs, size_t upto, gr_error *err) {
    if (upto > rs->cap) {
        gr_status st0 = tab_reserve(rs, upto, rs->tw, err);
        if (st0 != GR_OK) return st0;
    }
    while (rs->len < upto) {
        gr_status st;
        /* progress every 4096 values, and more often early on (every
         * power of two near len/16), where values may be slow to come */
        if (rs->progress && rs->len) {
            unsigned lb = 63u - (unsigned)__builtin_clzll((unsigned long long)rs->len);
            size_t step = lb >= 16 ? 4096 : lb >= 4 ? (size_t)1 << (lb - 4) : 1;
            if ((rs->len & (step - 1)) == 0 &&
                rs->progress(rs->progress_user, rs->len, rs->progress_total ? rs->progress_total : upto))
                return gr_fail(err, GR_ELIMIT, "%s: the tabulation was stopped at %zu values", rs->spec, rs->len);
        }
        switch (rs->kind) {
        case GR_RULESET_SUB: st = gr_sub_next(rs, err); break;
        case GR_RULESET_TB: st = gr_tb_next(rs, err); break;
        default: st = gr_heapgame_next(rs, err); break;
        }
        if (st != GR_OK) return st;
    }
    return GR_OK;
}

static int period_rule(const gr_ruleset *rs, gr_period_rule *rule, uint64_t *t) {
    if (rs->kind == GR_RULESET_SUB) { *rule = GR_PERIOD_SUBTRACTION; *t = rs->sub[rs->nsub - 1]; return 1; }
    /* bash[p,q]: past q the "take everything below p" rule is inactive, so
     * it is a subtraction game with largest move q for the window */
    if (rs->kind == GR_RULESET_BASH) { *rule = GR_PERIOD_SUBTRACTION; *t = rs->bash_q; return 1; }
    if (rs->kind == GR_RULESET_TB && rs->repeat) {
        /* never splits, and the repeating digit leaves one heap */
        if (rs->digit[0]) return 0; /* d0 splits without removing */
        for (size_t k = 1; k < rs->ndigits; k++) if (rs->digit[k] & ~3u) return 0;
        if (!(rs->digit[rs->ndigits - 1] & 2)) return 0;
        *rule = GR_PERIOD_ALLBUT;
        *t = UINT64_MAX;
        return 1;
    }
    if (rs->kind == GR_RULESET_TB && !rs->repeat) {
        int split2 = 0;
        for (size_t k = 0; k < rs->ndigits; k++) if (rs->digit[k] & 4) split2 = 1;
        *rule = rs->split3 ? GR_PERIOD_SPLIT3 : split2 ? GR_PERIOD_SPLIT2 : GR_PERIOD_NOSPLIT;
        *t = gr_tb_max_take(rs);
        return 1;
    }
    return 0;
}

static void try_period(gr_ruleset *rs) {
    gr_period_rule rule;
    uint64_t t;
    if (rs->periodic || rs->len <= rs->period_tried_at || !period_rule(rs, &rule, &t)) return;
    rs->period_tried_at = rs->len;
    uint64_t pre, per, saltus;
    if (rule == GR_PERIOD_ALLBUT) {
        if (gr_arith_prove_w(rs->tab, rs->tw, rs->len, rs->digit, rs->ndigits, &pre, &per, &saltus)) {
            rs->periodic = 1;
            rs->pre = pre;
            rs->per = per;
            rs->saltus = saltus;
            rs->arith_end = rs->len;
        }
        return;
    }
    if (gr_period_prove_w(rs->tab, rs->tw, rs->len, rule, t, &pre, &per)) {
        rs->periodic = 1;
        rs->pre = pre;
        rs->per = per;
        return;
    }
    /* a finite code that splits: arithmetic periodicity (hexadecimal games) */
    uint64_t used;
    if (rs->kind == GR_RULESET_TB && rule != GR_PERIOD_NOSPLIT &&
        gr_hex_arith_prove_w(rs->tab, rs->tw, rs->len, rs->digit, rs->ndigits, &pre, &per, &saltus, &used)) {
        rs->periodic = 1;
        rs->pre = pre;
        rs->per = per;
        rs->saltus = saltus;
        rs->arith_end = used;
    }
}

/* Grows the table towards `need` values (doubling, trying to prove a period
 * at each step) but never past `limit`. Stops early once periodic. */
static gr_status grow_to(gr_ruleset *rs, uint64_t need, uint64_t limit, gr_error *err) {
    gr_period_rule rule;
    uint64_t t;
    int capable = period_rule(rs, &rule, &t);
    while (rs->len < need && !rs->periodic) {
        uint64_t target = need;
        if (capable) {
            uint64_t step = rs->len < 128 ? 256 : (uint64_t)rs->len * 2;
            if (step < target) target = step;
        }
        if (target > limit) target = limit;
        if (target <= rs->len) break;
        if (target > SIZE_MAX / sizeof(uint32_t)) return gr_fail(err, GR_ENOMEM, "table too large");
        gr_status st = gr_rs_extend(rs, (size_t)target, err);
        if (st != GR_OK) return st;
        if (capable) try_period(rs);
    }
    return GR_OK;
}

/* G(n) from the proved period; GR_ERANGE when an arithmetic value passes 2^64 */
static gr_status period_value(const gr_ruleset *rs, uint64_t n, uint64_t *value, gr_error *err) {
    uint64_t base = gr_tab_at(rs, rs->pre + (n - rs->pre) % rs->per);
    uint64_t q = (n - rs->pre) / rs->per;
    if (rs->saltus && q > (UINT64_MAX - base) / rs->saltus)
        return gr_fail(err, GR_ERANGE, "%s(%llu): the Grundy value is 2^64 or more and does not fit in 64 bits", rs->spec,
                       (unsigned long long)n);
    *value = base + q * rs->saltus;
    return GR_OK;
}

static gr_status not_heap(const gr_ruleset *rs, gr_error *err) {
    return gr_fail(err, GR_EINVAL, "%s is not a heap ruleset: its arguments describe one position", rs->spec);
}

/* coprime: G(0) = 0, G(1) = 1, G(n) = pi(least prime factor of n) + 1
 * (tested against the brute force in tests/test_closed.c) */
static gr_status coprime_value(uint64_t n, uint64_t *value, gr_error *err) {
    if (n < 2) { *value = n; return GR_OK; }
    uint64_t p = gr_prime_lpf(n), pi;
    gr_status st = gr_prime_pi(p, &pi, err);
    if (st != GR_OK)
        return gr_fail(err, st,
                       "coprime(%llu): its least prime factor %llu is beyond %llu, where grundy stops counting primes",
                       (unsigned long long)n, (unsigned long long)p, (unsigned long long)GR_PRIME_PI_MAX);
    *value = pi + 1;
    return GR_OK;
}

gr_status gr_ruleset_value(gr_ruleset *rs, uint64_t n, uint64_t *value, gr_error *err) {
    if (!gr_ruleset_is_heap(rs)) return not_heap(rs, err);
    if (rs->kind == GR_RULESET_COPRIME) {
        if (n < rs->len) { *value = gr_tab_at(rs, n); return GR_OK; }
        for (unsigned i = 0; i < 8; i++)
            if (rs->cp_v[i] && rs->cp_n[i] == n) { *value = rs->cp_v[i]; return GR_OK; }
        gr_status st = coprime_value(n, value, err);
        if (st == GR_OK && n >= 2) {
            rs->cp_n[rs->cp_next % 8] = n;
            rs->cp_v[rs->cp_next % 8] = *value;
            rs->cp_next++;
        }
        return st;
    }
    if (gr_heapgame_closed_form(rs, n, value)) return GR_OK;
    if (n > 0 && gr_heapgame_closed_form(rs, 0, value))  /* a formula that overflowed */
        return gr_fail(err, GR_ERANGE, "%s(%llu): the Grundy value is 2^64 or more and does not fit in 64 bits", rs->spec,
                       (unsigned long long)n);
    if (n < rs->len) { *value = gr_tab_at(rs, n); return GR_OK; }
    if (rs->periodic) return period_value(rs, n, value, err);
    uint64_t limit = rs->ctx->table_limit;
    if (rs->kind == GR_RULESET_SUB && rs->sub[rs->nsub - 1] > limit / 8 && n >= limit) {
        /* a set with an element too large to prove a period on the table */
        int ok = gr_sub_structured(rs, n, value, err);
        if (ok < 0) return err ? err->status : GR_EINTERNAL;
        if (ok) return GR_OK;
    }
    gr_status st = grow_to(rs, n == UINT64_MAX ? n : n + 1, limit, err);
    if (st != GR_OK) return st;
    if (n < rs->len) { *value = gr_tab_at(rs, n); return GR_OK; }
    if (rs->periodic) return period_value(rs, n, value, err);
    gr_period_rule rule;
    uint64_t t;
    if (period_rule(rs, &rule, &t))
        return gr_fail(err, GR_EUNPROVEN,
                       "%s(%llu): the heap is beyond the table limit of %llu values and no period is proved within it",
                       rs->spec, (unsigned long long)n, (unsigned long long)limit);
    return gr_fail(err, GR_EUNPROVEN,
                   "%s(%llu): the heap is beyond the table limit of %llu values and grundy knows no closed form for it",
                   rs->spec, (unsigned long long)n, (unsigned long long)limit);
}

void gr_ruleset_set_progress(gr_ruleset *rs, gr_progress_fn fn, void *user) {
    rs->progress = fn;
    rs->progress_user = user;
}

gr_status gr_ruleset_seed(gr_ruleset *rs, const uint64_t *vals, uint64_t count, gr_error *err) {
    if (!gr_ruleset_is_heap(rs)) return not_heap(rs, err);
    if (count <= rs->len) return GR_OK;
    return gr_ruleset_append(rs, vals + rs->len, count - rs->len, err);
}

/* coprime: the table by a sieve of least prime factors, primes ranked as
 * they appear (G = rank + 1), instead of a mex over every m < n */
static gr_status coprime_sieve(gr_ruleset *rs, uint64_t count, gr_error *err) {
    if (count <= rs->len) return GR_OK;
    if (count > SIZE_MAX / sizeof(uint32_t)) return gr_fail(err, GR_ENOMEM, "table too large");
    uint32_t *g = calloc((size_t)count, sizeof *g);
    if (!g) return gr_fail(err, GR_ENOMEM, "out of memory: sieve of %llu values", (unsigned long long)count);
    uint32_t rank = 0;
    for (uint64_t i = 0; i < count && i < 2; i++) g[i] = (uint32_t)i;
    for (uint64_t i = 2; i < count; i++) {
        if (g[i]) continue;
        g[i] = ++rank + 1;
        for (uint64_t j = i * i; i <= (count - 1) / i && j < count; j += i)
            if (!g[j]) g[j] = rank + 1;
    }
    gr_status st = tab_reserve(rs, (size_t)count, rs->tw, err);
    for (uint64_t i = rs->len; i < count && st == GR_OK; i++) st = gr_rs_push(rs, g[i], err);
    free(g);
    return st;
}

gr_status gr_ruleset_append(gr_ruleset *rs, const uint64_t *vals, uint64_t count, gr_error *err) {
    if (!gr_ruleset_is_heap(rs)) return not_heap(rs, err);
    if (count > SIZE_MAX / sizeof(uint32_t) - rs->len) return gr_fail(err, GR_ENOMEM, "out of memory seeding %s", rs->spec);
    for (uint64_t i = 0; i < count; i++)
        if (vals[i] > UINT32_MAX) return gr_fail(err, GR_ERANGE, "%s: a seeded value does not fit the table", rs->spec);
    gr_status st = tab_reserve(rs, rs->len + (size_t)count, rs->tw, err);
    for (uint64_t i = 0; i < count && st == GR_OK; i++) st = gr_rs_push(rs, vals[i], err);
    return st;
}

gr_status gr_ruleset_compute(gr_ruleset *rs, uint64_t count, gr_error *err) {
    uint64_t v;
    if (!gr_ruleset_is_heap(rs)) return not_heap(rs, err);
    rs->progress_total = count;
    if (rs->kind == GR_RULESET_COPRIME) return coprime_sieve(rs, count, err);
    if (count && gr_heapgame_closed_form(rs, 0, &v)) return GR_OK;
    if (count <= rs->len || rs->periodic) return GR_OK;
    /* room for all of them at once: growing by doubling would copy the
     * table, with old and new copies resident together */
    if (count < SIZE_MAX / 4) {
        gr_status st = tab_reserve(rs, (size_t)count, rs->tw, err);
        if (st != GR_OK) return st;
    }
    return grow_to(rs, count, count, err);
}

gr_status gr_ruleset_values_range(gr_ruleset *rs, uint64_t from, uint64_t count, uint64_t *out, gr_error *err) {
    uint64_t v;
    if (!gr_ruleset_is_heap(rs)) return not_heap(rs, err);
    if (count > UINT64_MAX - from) return gr_fail(err, GR_ERANGE, "value range past 2^64");
    if (count && rs->kind != GR_RULESET_COPRIME && gr_heapgame_closed_form(rs, 0, &v)) {
        for (uint64_t i = 0; i < count; i++) (void)gr_heapgame_closed_form(rs, from + i, &out[i]);
        return GR_OK;
    }
    if (from + count > rs->len && !rs->periodic) {
        gr_status st = gr_ruleset_compute(rs, from + count, err);
        if (st != GR_OK) return st;
    }
    for (uint64_t i = 0; i < count; i++) {
        uint64_t n = from + i;
        if (n < rs->len) out[i] = gr_tab_at(rs, (size_t)n);
        else {
            gr_status st = period_value(rs, n, &out[i], err);
            if (st != GR_OK) return st;
        }
    }
    return GR_OK;
}

gr_status gr_ruleset_values(gr_ruleset *rs, uint64_t count, uint64_t *out, gr_error *err) {
    return gr_ruleset_values_range(rs, 0, count, out, err);
}

gr_status gr_ruleset_period(gr_ruleset *rs, uint64_t upto, gr_period *out, gr_error *err) {
    gr_period_rule rule;
    uint64_t t;
    memset(out, 0, sizeof *out);
    if (!period_rule(rs, &rule, &t))
        return gr_fail(err, GR_EINVAL,
                       "%s: no periodicity theorem applies (only finite subtraction sets, finite take-and-break codes, and "
                       "codes that never split whose repeating last digit is 2 or 3)",
                       rs->spec);
    gr_status st = grow_to(rs, upto, upto, err);
    if (st != GR_OK) return st;
    try_period(rs);
    out->checked = rs->len;
    if (rs->periodic) {
        out->found = 1;
        out->preperiod = rs->pre;
        out->period = rs->per;
        out->saltus = rs->saltus;
        out->proof_end = rs->saltus ? rs->arith_end : gr_period_window_end(rule, t, rs->pre, rs->per);
    }
    return GR_OK;
}

int gr_optiter_emit(gr_optiter *it, const uint64_t *heaps, size_t n) {
    if (it->stopped) return 1;
    if (it->max && it->seen >= it->max) { it->stopped = it->cut = 1; return 1; }
    it->seen++;
    if (it->fn(it->user, heaps, n)) { it->stopped = 1; return 1; }
    return 0;
}

gr_status gr_ruleset_options(const gr_ruleset *rs, uint64_t n, uint64_t max_options, gr_heap_option_fn fn,
                             void *user, int *complete, gr_error *err) {
    if (!gr_ruleset_is_heap(rs)) return not_heap(rs, err);
    return gr_rs_options_capped(rs, n, max_options, 0, fn, user, complete);
}

gr_status gr_rs_options_capped(const gr_ruleset *rs, uint64_t n, uint64_t max_options, uint64_t split_cap,
                               gr_heap_option_fn fn, void *user, int *complete) {
    gr_optiter it = {fn, user, max_options, 0, 0, 0, split_cap};
    switch (rs->kind) {
    case GR_RULESET_SUB: gr_sub_options(rs, n, &it); break;
    case GR_RULESET_TB: gr_tb_options(rs, n, &it); break;
    default: gr_heapgame_options(rs, n, &it); break;
    }
    if (complete) *complete = !it.cut && !it.stopped;
    return GR_OK;
}

gr_status gr_ruleset_state_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err) {
    if (gr_ruleset_is_heap(rs)) return gr_fail(err, GR_EINVAL, "%s is a heap ruleset", rs->spec);
    return gr_state_check(rs, args, n, bad, err);
}

gr_status gr_ruleset_state_outcome(gr_ruleset *rs, const uint64_t *args, size_t n, int *wins, gr_error *err) {
    if (gr_ruleset_is_heap(rs)) return gr_fail(err, GR_EINVAL, "%s is a heap ruleset", rs->spec);
    return gr_state_outcome(rs, args, n, wins, err);
}

gr_status gr_ruleset_dyn_min_take(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *take, gr_error *err) {
    if (rs->kind != GR_RULESET_DYN) return gr_fail(err, GR_EINVAL, "%s is not a dyn ruleset", rs->spec);
    return gr_dyn_min_take(rs, args, n, take, err);
}

gr_status gr_ruleset_state_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err) {
    if (gr_ruleset_is_heap(rs)) return gr_fail(err, GR_EINVAL, "%s is a heap ruleset", rs->spec);
    return gr_state_value(rs, args, n, value, err);
}

gr_status gr_ruleset_state_options(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t max_options,
                                   gr_state_option_fn fn, void *user, int *complete, gr_error *err) {
    if (gr_ruleset_is_heap(rs)) return gr_fail(err, GR_EINVAL, "%s is a heap ruleset", rs->spec);
    gr_optiter it = {NULL, NULL, max_options, 0, 0, 0, 0};
    gr_status st = gr_state_options(rs, args, n, &it, fn, user, err);
    if (complete) *complete = !it.cut && !it.stopped;
    return st;
}
