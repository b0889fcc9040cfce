/* grundy explain, one term at a time: how its value was found (a formula,
 * the mex table, a proved period, the family's own method) and, for a
 * small heap or state, its options with their values and their mex. Shared
 * by the ordinary explanation (cmd_explain.c) and the one of a loopy or
 * unknown value (explain_loopy.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "explain.h"

/* the options of one small heap or state, with their values */
typedef struct mexline {
    gr_ruleset *rs;
    char text[MEX_OPTIONS][96];
    uint64_t val[MEX_OPTIONS];
    size_t n;       /* options written */
    size_t total;   /* options seen */
    int failed;
    gr_error err;
} mexline;

static int on_heap_option(void *user, const uint64_t *heaps, size_t nheaps) {
    mexline *m = user;
    uint64_t x = 0;
    char *p = m->n < MEX_OPTIONS ? m->text[m->n] : NULL;
    size_t left = sizeof m->text[0];
    if (p) *p = '\0';
    for (size_t k = 0; k < nheaps; k++) {
        uint64_t g;
        if (gr_ruleset_value(m->rs, heaps[k], &g, &m->err) != GR_OK) { m->failed = 1; return 1; }
        x ^= g;
        if (p) {
            int w = snprintf(p, left, "%sG(%llu)", k ? "^" : "", (unsigned long long)heaps[k]);
            if (w > 0 && (size_t)w < left) { p += w; left -= (size_t)w; }
        }
    }
    if (!nheaps && p) snprintf(p, left, "G(0)");
    if (m->n < MEX_OPTIONS) m->val[m->n++] = x;
    m->total++;
    return 0;
}

static int on_state_option(void *user, const uint64_t *args, size_t n) {
    mexline *m = user;
    uint64_t g;
    if (gr_ruleset_state_value(m->rs, args, n, &g, &m->err) != GR_OK) { m->failed = 1; return 1; }
    if (m->n < MEX_OPTIONS) {
        char *p = m->text[m->n];
        size_t left = sizeof m->text[0];
        char *own_text = NULL;
        int own = 0;
        if (gr_ruleset_term_format(m->rs, args, n, &own_text, &own) == GR_OK && own) {
            snprintf(p, left, "G(%s)", own_text);
            free(own_text);
            m->val[m->n++] = g;
            m->total++;
            return 0;
        }
        free(own_text);
        int w = snprintf(p, left, "G(");
        for (size_t k = 0; k < n && w > 0 && (size_t)w < left; k++) {
            p += w;
            left -= (size_t)w;
            w = snprintf(p, left, "%s%llu", k ? "," : "", (unsigned long long)args[k]);
        }
        if (w > 0 && (size_t)w < left) snprintf(p + w, left - (size_t)w, ")");
        m->val[m->n++] = g;
    }
    m->total++;
    return 0;
}

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* "G(7) = mex{G(6), G(5), G(1)^G(4)} = mex{3, 1, 0} = 2"; with JSON,
 * "options_total" and, when every option was written, "options" (their
 * values, distinct, ascending) and "mex" */
static void print_mex(json_writer *w, cli_lang lang, const char *what, const mexline *m, uint64_t value) {
    uint64_t s[MEX_OPTIONS];
    memcpy(s, m->val, m->n * sizeof *s);
    qsort(s, m->n, sizeof *s, cmp_u64);
    size_t d = 0;
    for (size_t k = 0; k < m->n; k++)
        if (!d || s[d - 1] != s[k]) s[d++] = s[k];
    if (w) {
        /* the values of every option, or none: a part of them proves nothing */
        json_key(w, "options_total");
        json_uint(w, m->total);
        if (m->n < m->total) return;
        json_key(w, "options");
        json_uint_array(w, s, d);
        json_key(w, "mex");
        json_uint(w, value);
        return;
    }
    printf("    %s = mex{", what);
    for (size_t k = 0; k < m->n; k++) printf("%s%s", k ? ", " : "", m->text[k]);
    if (m->total > m->n) printf(tr(lang, ", ... (%zu options)"), m->total);
    printf("}");
    if (m->total == m->n) {
        printf(" = mex{");
        for (size_t k = 0; k < d; k++) printf("%s%llu", k ? ", " : "", (unsigned long long)s[k]);
        printf("}");
    }
    printf(" = %llu\n", (unsigned long long)value);
}

static const char *how_name(gr_how_kind k) {
    switch (k) {
    case GR_HOW_FORMULA: return "formula";
    case GR_HOW_TABLE: return "mex-table";
    case GR_HOW_PERIOD: return "period";
    default: return "method";
    }
}

/* one heap of a heap ruleset; 0, or the exit code */
static int explain_heap(json_writer *w, cli_lang lang, gr_ruleset *rs, uint64_t h) {
    gr_how how = GR_SIZED(gr_how);
    gr_error err;
    if (gr_ruleset_value_how(rs, h, &how, &err) != GR_OK) return cli_report(&err, NULL, 0);
    const char *spec = gr_ruleset_spec(rs);
    /* a rule's table is computed one of three ways: say which */
    const char *table_method = !strncmp(spec, "rule[", 5) && how.kind != GR_HOW_FORMULA ? gr_ruleset_method(rs) : NULL;
    char text_room[CLI_LANG_ROOM], method_room[CLI_LANG_ROOM];
    const char *text = how.text ? tr_library(lang, how.text, text_room, sizeof text_room) : NULL;
    if (table_method) table_method = tr_library(lang, table_method, method_room, sizeof method_room);
    if (w) {
        json_object_begin(w);
        json_key(w, "heap");
        json_uint(w, h);
        json_key(w, "value");
        json_uint(w, how.value);
        json_key(w, "how");
        json_string(w, how_name(how.kind));
        if (text) { json_key(w, "text"); json_string(w, text); }
        if (how.kind == GR_HOW_TABLE || how.kind == GR_HOW_PERIOD) { json_key(w, "tabulated"); json_uint(w, how.tabulated); }
        if (table_method) { json_key(w, "table_method"); json_string(w, table_method); }
        if (how.kind == GR_HOW_PERIOD) {
            json_key(w, "preperiod"); json_uint(w, how.preperiod);
            json_key(w, "period"); json_uint(w, how.period);
            json_key(w, "saltus"); json_uint(w, how.saltus);
        }
    } else {
        printf("  %s(%llu): G = %llu", spec, (unsigned long long)h, (unsigned long long)how.value);
        switch (how.kind) {
        case GR_HOW_FORMULA: printf(tr(lang, ", by the formula %s\n"), text); break;
        case GR_HOW_TABLE:
            printf(tr(lang, ", the mex of its options' values (grundy tabulated G(0..%llu) this way)\n"),
                   (unsigned long long)(how.tabulated - 1));
            break;
        case GR_HOW_PERIOD: {
            uint64_t r = how.preperiod + (h - how.preperiod) % how.period, q = (h - how.preperiod) / how.period;
            printf(how.saltus ? tr(lang, ", by a proved period: G(n + %llu) = G(n) + saltus for n >= %llu (proved from G(0..%llu)), "
                                         "so G(%llu) = G(%llu)")
                              : tr(lang, ", by a proved period: G(n + %llu) = G(n) for n >= %llu (proved from G(0..%llu)), so "
                                         "G(%llu) = G(%llu)"),
                   (unsigned long long)how.period, (unsigned long long)how.preperiod,
                   (unsigned long long)(how.tabulated - 1), (unsigned long long)h, (unsigned long long)r);
            if (how.saltus) printf(" + %llu x %llu", (unsigned long long)q, (unsigned long long)how.saltus);
            printf("\n");
            break;
        }
        default: printf(tr(lang, ", by %s\n"), text); break;
        }
        if (table_method) printf(tr(lang, "  (the table: %s)\n"), table_method);
    }
    if (h <= MEX_HEAP_MAX && how.kind != GR_HOW_OTHER) {
        mexline m;
        memset(&m, 0, sizeof m);
        m.rs = rs;
        int complete = 0;
        char what[64];
        snprintf(what, sizeof what, "G(%llu)", (unsigned long long)h);
        if (gr_ruleset_options(rs, h, 100000, on_heap_option, &m, &complete, &err) == GR_OK && !m.failed && complete)
            print_mex(w, lang, what, &m, how.value);
    }
    if (w) json_object_end(w);
    return 0;
}

/* a state term: its family's method and, when small, its mex */
static void explain_state(json_writer *w, cli_lang lang, const gr_term_info *t, uint64_t value) {
    char room[CLI_LANG_ROOM];
    const char *method = gr_ruleset_method(t->ruleset);
    if (method) method = tr_library(lang, method, room, sizeof room);
    if (w) {
        json_key(w, "how");
        json_string(w, "method");
        if (method) { json_key(w, "text"); json_string(w, method); }
    } else if (method) {
        printf(tr(lang, "  found by %s\n"), method);
    }
    int small = 1;
    char *own_text = NULL;
    int own = 0;
    if (gr_ruleset_term_format(t->ruleset, t->args, t->nargs, &own_text, &own) != GR_OK) own = 0;
    for (size_t k = 0; k < t->nargs && !own; k++) small &= t->args[k] <= MEX_HEAP_MAX;
    /* a term in a syntax of its own: the mex line when it is short */
    if (own && strlen(own_text) > 60) small = 0;
    if (!small || (t->nargs > 4 && !own)) { free(own_text); return; }
    mexline m;
    memset(&m, 0, sizeof m);
    m.rs = t->ruleset;
    int complete = 0;
    gr_error err;
    if (gr_ruleset_state_options(t->ruleset, t->args, t->nargs, 100000, on_state_option, &m, &complete, &err) != GR_OK ||
        m.failed || !complete) {
        free(own_text);
        return;
    }
    char what[160] = "G(";
    if (own) snprintf(what + 2, sizeof what - 2, "%s", own_text);
    for (size_t k = 0; k < t->nargs && !own; k++)
        snprintf(what + strlen(what), sizeof what - strlen(what), "%s%llu", k ? "," : "", (unsigned long long)t->args[k]);
    free(own_text);
    if (strlen(what) + 2 > sizeof what) return;
    strcat(what, ")");
    print_mex(w, lang, what, &m, value);
}

int explain_term_title(json_writer *w, cli_lang lang, gr_position *pos, size_t i, const char *value_text) {
    char *tt = NULL;
    if (gr_position_term_format(pos, i, &tt) != GR_OK) return 1;
    if (w) {
        json_object_begin(w);
        json_key(w, "term");
        json_string(w, tt);
    } else {
        printf(tr(lang, "\nterm %zu: %s, value %s\n"), i + 1, tt, value_text);
    }
    free(tt);
    return 0;
}

/* how term t's value was found: its heaps one by one, or its family's method */
static int explain_term_how(json_writer *w, cli_lang lang, const gr_term_info *t, uint64_t value) {
    if (!gr_ruleset_is_heap(t->ruleset)) {
        explain_state(w, lang, t, value);
        return 0;
    }
    if (w) { json_key(w, "heaps"); json_array_begin(w); }
    for (size_t k = 0; k < t->nargs && k < EXPLAIN_HEAPS; k++) {
        int rc = explain_heap(w, lang, t->ruleset, t->args[k]);
        if (rc) return rc;
    }
    if (w) json_array_end(w);
    if (!w && t->nargs > 1) printf(tr(lang, "  the heaps of one term add as a nim sum: %llu\n"), (unsigned long long)value);
    return 0;
}

void explain_header(json_writer *w, cli_lang lang, const char *text, size_t n) {
    if (w) {
        json_object_begin(w);
        json_key(w, "position"); json_string(w, n <= 1000 ? text : "(long)");
        json_key(w, "terms"); json_uint(w, n);
        json_key(w, "explained"); json_array_begin(w);
    } else {
        printf(tr(lang, "position: %s\n"), n <= 1000 || strlen(text) < 4000 ? text : tr(lang, "(long: its first terms are explained)"));
    }
}

int explain_finite_term(json_writer *w, cli_lang lang, gr_position *pos, size_t i, uint64_t v) {
    gr_term_info t;
    char vt[24];
    snprintf(vt, sizeof vt, "%llu", (unsigned long long)v);
    if (gr_position_term(pos, i, &t) != GR_OK || explain_term_title(w, lang, pos, i, vt)) return 1;
    if (w) { json_key(w, "value"); json_uint(w, v); }
    int rc = explain_term_how(w, lang, &t, v);
    if (w) json_object_end(w);
    return rc;
}

void explain_terms_end(json_writer *w, cli_lang lang, size_t n) {
    if (w) json_array_end(w);
    else if (n > EXPLAIN_TERMS) printf(tr(lang, "\n(%zu more terms, explained the same way one by one)\n"), n - EXPLAIN_TERMS);
}
