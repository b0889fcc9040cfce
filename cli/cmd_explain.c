/* grundy explain POSITION [--misere] [--json]: why the position's value is
 * what it is, the way the tutorials write it. For each term: how its value
 * was found (a formula, the mex table, a proved period, the family's own
 * method) and, for a small heap or state, its options and their mex; then
 * the sum in binary, the XOR and, when the mover wins, the highest set bit
 * and the term that changes; with --misere, which rule decides misère play
 * and why. Long positions are explained for their first terms only. */
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
static void print_mex(json_writer *w, const char *what, const mexline *m, uint64_t value) {
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
        json_array_begin(w);
        for (size_t k = 0; k < d; k++) json_uint(w, s[k]);
        json_array_end(w);
        json_key(w, "mex");
        json_uint(w, value);
        return;
    }
    printf("    %s = mex{", what);
    for (size_t k = 0; k < m->n; k++) printf("%s%s", k ? ", " : "", m->text[k]);
    if (m->total > m->n) printf(", ... (%zu options)", m->total);
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
static int explain_heap(json_writer *w, gr_ruleset *rs, uint64_t h) {
    gr_how how;
    gr_error err;
    if (gr_ruleset_value_how(rs, h, &how, &err) != GR_OK) return cli_report(&err, NULL, 0);
    const char *spec = gr_ruleset_spec(rs);
    if (w) {
        json_object_begin(w);
        json_key(w, "heap");
        json_uint(w, h);
        json_key(w, "value");
        json_uint(w, how.value);
        json_key(w, "how");
        json_string(w, how_name(how.kind));
        if (how.text) { json_key(w, "text"); json_string(w, how.text); }
        if (how.kind == GR_HOW_TABLE || how.kind == GR_HOW_PERIOD) { json_key(w, "tabulated"); json_uint(w, how.tabulated); }
        if (how.kind == GR_HOW_PERIOD) {
            json_key(w, "preperiod"); json_uint(w, how.preperiod);
            json_key(w, "period"); json_uint(w, how.period);
            json_key(w, "saltus"); json_uint(w, how.saltus);
        }
    } else {
        printf("  %s(%llu): G = %llu", spec, (unsigned long long)h, (unsigned long long)how.value);
        switch (how.kind) {
        case GR_HOW_FORMULA: printf(", by the formula %s\n", how.text); break;
        case GR_HOW_TABLE:
            printf(", the mex of its options' values (grundy tabulated G(0..%llu) this way)\n",
                   (unsigned long long)(how.tabulated - 1));
            break;
        case GR_HOW_PERIOD: {
            uint64_t r = how.preperiod + (h - how.preperiod) % how.period, q = (h - how.preperiod) / how.period;
            printf(", by a proved period: G(n + %llu) = G(n)%s for n >= %llu (proved from G(0..%llu)), so G(%llu) = G(%llu)",
                   (unsigned long long)how.period, how.saltus ? " + saltus" : "", (unsigned long long)how.preperiod,
                   (unsigned long long)(how.tabulated - 1), (unsigned long long)h, (unsigned long long)r);
            if (how.saltus) printf(" + %llu x %llu", (unsigned long long)q, (unsigned long long)how.saltus);
            printf("\n");
            break;
        }
        default: printf(", by %s\n", how.text); break;
        }
    }
    if (h <= MEX_HEAP_MAX && how.kind != GR_HOW_OTHER) {
        mexline m;
        memset(&m, 0, sizeof m);
        m.rs = rs;
        int complete = 0;
        char what[64];
        snprintf(what, sizeof what, "G(%llu)", (unsigned long long)h);
        if (gr_ruleset_options(rs, h, 100000, on_heap_option, &m, &complete, &err) == GR_OK && !m.failed && complete)
            print_mex(w, what, &m, how.value);
    }
    if (w) json_object_end(w);
    return 0;
}

/* a state term: its family's method and, when small, its mex */
static void explain_state(json_writer *w, const gr_term_info *t, uint64_t value) {
    const char *method = gr_ruleset_method(t->ruleset);
    if (w) {
        json_key(w, "how");
        json_string(w, "method");
        if (method) { json_key(w, "text"); json_string(w, method); }
    } else if (method) {
        printf("  found by %s\n", method);
    }
    int small = 1;
    for (size_t k = 0; k < t->nargs; k++) small &= t->args[k] <= MEX_HEAP_MAX;
    if (!small || t->nargs > 4) return;
    mexline m;
    memset(&m, 0, sizeof m);
    m.rs = t->ruleset;
    int complete = 0;
    gr_error err;
    if (gr_ruleset_state_options(t->ruleset, t->args, t->nargs, 100000, on_state_option, &m, &complete, &err) != GR_OK ||
        m.failed || !complete)
        return;
    char what[96] = "G(";
    for (size_t k = 0; k < t->nargs; k++)
        snprintf(what + strlen(what), sizeof what - strlen(what), "%s%llu", k ? "," : "", (unsigned long long)t->args[k]);
    strcat(what, ")");
    print_mex(w, what, &m, value);
}

int explain_term_title(json_writer *w, gr_position *pos, size_t i, const char *value_text) {
    char *tt = NULL;
    if (gr_position_term_format(pos, i, &tt) != GR_OK) return 1;
    if (w) {
        json_object_begin(w);
        json_key(w, "term");
        json_string(w, tt);
    } else {
        printf("\nterm %zu: %s, value %s\n", i + 1, tt, value_text);
    }
    free(tt);
    return 0;
}

int explain_term_how(json_writer *w, const gr_term_info *t, uint64_t value) {
    if (!gr_ruleset_is_heap(t->ruleset)) {
        explain_state(w, t, value);
        return 0;
    }
    if (w) { json_key(w, "heaps"); json_array_begin(w); }
    for (size_t k = 0; k < t->nargs && k < EXPLAIN_HEAPS; k++) {
        int rc = explain_heap(w, t->ruleset, t->args[k]);
        if (rc) return rc;
    }
    if (w) json_array_end(w);
    if (!w && t->nargs > 1) printf("  the heaps of one term add as a nim sum: %llu\n", (unsigned long long)value);
    return 0;
}

typedef struct first_move {
    size_t term;
    char *to;
} first_move;

static int keep_move(void *user, const gr_move *mv) {
    first_move *f = user;
    if (mv->component != f->term) return 0;
    f->to = malloc(strlen(mv->to) + 1);
    if (f->to) strcpy(f->to, mv->to);
    return 1;
}

void explain_header(json_writer *w, const char *text, size_t n) {
    if (w) {
        json_object_begin(w);
        json_key(w, "position"); json_string(w, n <= 1000 ? text : "(long)");
        json_key(w, "terms"); json_uint(w, n);
        json_key(w, "explained"); json_array_begin(w);
    } else {
        printf("position: %s\n", n <= 1000 || strlen(text) < 4000 ? text : "(long: its first terms are explained)");
    }
}

int cmd_explain(const cli_opts *o) {
    if (o->every && (o->has_moore || o->misere))
        return cli_usage_error("choose one of --misere, --every and --moore K (--misere with --moore K is Anti-Nim-k)%s", "");
    gr_ctx *ctx = NULL;
    gr_position *pos = NULL;
    const char *source = NULL;
    char *text = NULL;
    uint64_t *vals = NULL;
    explain_kind *kind = NULL;
    int rc = cli_setup(o, &ctx, CLI_DEFAULT_SECONDS);
    if (rc) return rc;
    if ((rc = cli_load_position(o, ctx, 0, &pos, &source)) != 0) goto out;
    gr_error err;
    size_t n = gr_position_count(pos);
    int moore_wins = 0;
    if (o->has_moore && gr_position_moore(pos, o->moore, o->misere, &moore_wins, &err) != GR_OK) {
        rc = cli_report(&err, source, source != NULL); /* before anything is printed */
        goto out;
    }
    vals = malloc((n ? n : 1) * sizeof *vals);
    kind = malloc((n ? n : 1) * sizeof *kind);
    gr_error first_err;
    if (!vals || !kind || gr_position_format(pos, &text, NULL) != GR_OK) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    uint64_t x = 0;
    size_t beyond = n; /* the first term whose value is infinite or unknown */
    for (size_t i = 0; i < n; i++) {
        gr_status st = gr_position_term_value(pos, i, &vals[i], &err);
        kind[i] = EXPLAIN_FINITE;
        if (st != GR_OK) {
            gr_term_info t;
            if (gr_position_term(pos, i, &t) != GR_OK) { rc = 1; goto out; }
            if (st == GR_ECYCLE && gr_ruleset_is_loopy(t.ruleset)) kind[i] = EXPLAIN_INFINITE;
            else if (st == GR_EUNPROVEN && !gr_ruleset_is_heap(t.ruleset)) kind[i] = EXPLAIN_UNKNOWN;
            else { rc = cli_report(&err, source, source != NULL); goto out; }
            if (beyond == n) { beyond = i; first_err = err; }
            vals[i] = 0;
        }
        x ^= vals[i];
    }
    json_writer jw, *w = o->json ? &jw : NULL;
    if (beyond < n) {
        /* misère, Every-SG and Moore play need every value */
        if (o->misere || o->every || o->has_moore) rc = cli_report(&first_err, source, source != NULL);
        else rc = explain_beyond(w ? (json_init(w, stdout), w) : NULL, ctx, pos, source, text, vals, kind);
        goto out;
    }
    if (w) json_init(w, stdout);
    explain_header(w, text, n);
    /* each term */
    for (size_t i = 0; i < n && i < EXPLAIN_TERMS; i++) {
        gr_term_info t;
        char vt[24];
        snprintf(vt, sizeof vt, "%llu", (unsigned long long)vals[i]);
        if (gr_position_term(pos, i, &t) != GR_OK || explain_term_title(w, pos, i, vt)) { rc = 1; goto out; }
        if (w) { json_key(w, "value"); json_uint(w, vals[i]); }
        if ((rc = explain_term_how(w, &t, vals[i])) != 0) goto out;
        if (w) json_object_end(w);
    }
    if (w) json_array_end(w);
    else if (n > EXPLAIN_TERMS) printf("\n(%zu more terms, explained the same way one by one)\n", n - EXPLAIN_TERMS);
    /* the sum */
    uint64_t top = x;
    for (size_t i = 0; i < n; i++) top |= vals[i];
    int width = 1;
    while (width < 64 && (top >> width)) width++;
    char bits[65];
    size_t winner = n;
    int hb = -1;
    if (x) {
        hb = 63 - __builtin_clzll(x);
        for (size_t i = 0; i < n && winner == n; i++) if ((vals[i] >> hb) & 1) winner = i;
    }
    first_move fm = {winner, NULL};
    int complete;
    if (winner < n && gr_position_winning_moves(pos, 0, keep_move, &fm, &complete, &err) != GR_OK) fm.to = NULL;
    if (w) {
        json_key(w, "xor"); json_uint(w, x);
        explain_binary(bits, x, width);
        json_key(w, "xor_binary"); json_string(w, bits);
        json_key(w, "outcome"); json_string(w, x ? "N" : "P");
        if (winner < n) {
            json_key(w, "high_bit"); json_uint(w, (uint64_t)hb);
            json_key(w, "move_term"); json_uint(w, winner + 1);
            json_key(w, "move_to_value"); json_uint(w, vals[winner] ^ x);
            json_key(w, "move"); if (fm.to) json_string(w, fm.to); else json_null(w);
        }
    } else {
        printf("\nthe sum (Sprague-Grundy theorem: its value is the XOR of the terms' values)\n");
        for (size_t i = 0; i < n && i < EXPLAIN_TERMS; i++) {
            explain_binary(bits, vals[i], width);
            printf("  %*llu = %s   term %zu\n", 20, (unsigned long long)vals[i], bits, i + 1);
        }
        if (n > EXPLAIN_TERMS) printf("  %*s   (%zu more terms)\n", 20 + 3 + width, "", n - EXPLAIN_TERMS);
        explain_binary(bits, x, width);
        printf("  XOR %*llu = %s\n", 16, (unsigned long long)x, bits);
        if (!x) {
            printf("The XOR is 0: a P-position, the player to move loses (every move makes the XOR nonzero).\n");
        } else {
            printf("The XOR is %llu, not 0: an N-position, the player to move wins.\n", (unsigned long long)x);
            printf("Its highest set bit is bit %d (%llu). Term %zu has it (value %llu), so changing that term to value\n"
                   "%llu XOR %llu = %llu makes the XOR 0",
                   hb, (unsigned long long)1 << hb, winner + 1, (unsigned long long)vals[winner], (unsigned long long)vals[winner],
                   (unsigned long long)x, (unsigned long long)(vals[winner] ^ x));
            if (fm.to) printf(": for example %s.\n", fm.to);
            else printf(" (a smaller value, so a move reaches it: the mex contains every smaller value).\n");
        }
    }
    free(fm.to);
    if (o->every && (rc = explain_every(w, pos, vals, n)) != 0) goto out;
    if (o->has_moore) explain_moore(w, pos, o->moore, o->misere, moore_wins);
    if (o->misere && !o->has_moore) {
        gr_misere m;
        if (gr_position_misere(pos, &m, &err) != GR_OK) {
            if (w) json_line_end(w);
            rc = cli_report(&err, source, source != NULL);
            goto out;
        }
        if (w) {
            json_key(w, "misere");
            json_object_begin(w);
            json_key(w, "outcome"); json_string(w, m.wins ? "N" : "P");
            json_key(w, "method"); json_string(w, m.method);
            json_key(w, "why"); json_string(w, explain_misere_why(m.method));
            json_key(w, "sj_outcome"); json_string(w, m.sj_wins ? "N" : "P");
            json_key(w, "searched"); json_uint(w, m.searched);
            json_object_end(w);
        } else {
            int big = 0;
            for (size_t i = 0; i < n; i++) big += vals[i] > 1;
            printf("\nmisère play (the last player to move loses): decided by %s: %s.\n", m.method, explain_misere_why(m.method));
            printf("The SJ rule here: XOR %llu, %d term%s of value > 1, so it says the mover %s", (unsigned long long)x, big,
                   big == 1 ? "" : "s", m.sj_wins ? "wins" : "loses");
            if (!strcmp(m.method, "search"))
                printf("; the search of %llu positions says the mover %s%s", (unsigned long long)m.searched,
                       m.wins ? "wins" : "loses", m.wins == m.sj_wins ? " (the SJ rule is right here)" : " (the SJ rule is wrong here)");
            printf(".\nThe player to move %s.\n", m.wins ? "wins" : "loses");
        }
    }
    if (w) {
        json_object_end(w);
        json_line_end(w);
    }
out:
    free(text);
    free(vals);
    free(kind);
    gr_position_free(pos);
    gr_ctx_free(ctx);
    return rc;
}
