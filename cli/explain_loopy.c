/* grundy explain for the sums whose value is not a number: a loopy sum
 * with a term of infinite value ∞(K) (Smith's rule; a win or a draw), and
 * a sum with a won term whose Grundy value grundy does not know (a large
 * wythoff, euclid or dyn position: its outcome is known, its value not). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "explain.h"
#include "solve.h"

enum {
    LOOPY_OPTIONS = 12,      /* options of an infinite term listed with their values */
    LOOPY_OPTION_TEXT = 400, /* options written longer than this are not listed */
    SHOWN_MOVES = 8          /* winning or draw moves shown */
};

static uint64_t *copy_K(const gr_gvalue *g) {
    uint64_t *K = malloc((g->nK ? g->nK : 1) * sizeof *K);
    if (K && g->nK) memcpy(K, g->K, g->nK * sizeof *K);
    return K;
}

/* "∞{0,2}" into out */
static void infinite_text(char *out, size_t cap, const uint64_t *K, size_t nK) {
    size_t used = (size_t)snprintf(out, cap, "∞{");
    for (size_t i = 0; i < nK && used < cap; i++) {
        if (used + 24 >= cap) { used += (size_t)snprintf(out + used, cap - used, ",..."); break; }
        used += (size_t)snprintf(out + used, cap - used, "%s%llu", i ? "," : "", (unsigned long long)K[i]);
    }
    if (used < cap) snprintf(out + used, cap - used, "}");
}

/* the options of one term, as the terms they leave */
typedef struct term_moves {
    size_t term;
    cli_moves mv;
} term_moves;

static int keep_term_move(void *user, const gr_move *m) {
    term_moves *t = user;
    if (m->component != t->term) return 0;
    if (t->mv.n == LOOPY_OPTIONS + 1) return 1; /* one past the bound: too many to list */
    return cli_moves_collect(&t->mv, m);
}

/* A small infinite term's options with their generalized values:
 * "G(0) = ∞{}: options G(1) = ∞{}, G(2) = 0" */
static void loopy_options(json_writer *w, cli_lang lang, gr_ctx *ctx, gr_position *pos, size_t i, const char *value_text) {
    /* the term alone: the other terms' moves are not listed (a huge
     * prod coin's would take a minute) */
    term_moves tm = {0, {0}};
    int complete = 0;
    gr_error err;
    gr_term_info t;
    char *one = NULL;
    gr_position *alone = NULL;
    if (gr_position_term(pos, i, &t) != GR_OK || gr_position_term_format(pos, i, &one) != GR_OK ||
        cli_parse(ctx, one, strlen(one), 0, &alone, &err) != GR_OK ||
        gr_position_moves(alone, LOOPY_OPTIONS + 1, keep_term_move, &tm, &complete, &err) != GR_OK || tm.mv.oom ||
        tm.mv.n > LOOPY_OPTIONS)
        goto done;
    for (size_t k = 0; k < tm.mv.n; k++)
        if (strlen(tm.mv.list[k].to) > LOOPY_OPTION_TEXT) goto done;
    char args[128] = "";
    for (size_t k = 0; k < t.nargs && strlen(args) + 24 < sizeof args; k++)
        snprintf(args + strlen(args), sizeof args - strlen(args), "%s%llu", k ? "," : "", (unsigned long long)t.args[k]);
    if (w) { json_key(w, "loopy_options"); json_array_begin(w); }
    else printf(tm.mv.n ? tr(lang, "    G(%s) = %s: its options are") : tr(lang, "    G(%s) = %s: it has no option"), args, value_text);
    for (size_t k = 0; k < tm.mv.n; k++) {
        const char *to = tm.mv.list[k].to;
        gr_position *op = NULL;
        gr_term_info ot;
        gr_gvalue g = GR_SIZED(gr_gvalue);
        if (cli_parse(ctx, to, strlen(to), 0, &op, &err) != GR_OK || gr_position_count(op) != 1 ||
            gr_position_term(op, 0, &ot) != GR_OK || gr_position_term_gvalue(op, 0, &g, &err) != GR_OK) {
            gr_position_free(op);
            if (w) json_null(w);
            else printf("%s %s", k ? "," : "", to);
            continue;
        }
        char oa[128] = "", vt[96];
        for (size_t a = 0; a < ot.nargs && strlen(oa) + 24 < sizeof oa; a++)
            snprintf(oa + strlen(oa), sizeof oa - strlen(oa), "%s%llu", a ? "," : "", (unsigned long long)ot.args[a]);
        if (g.infinite) infinite_text(vt, sizeof vt, g.K, g.nK);
        else snprintf(vt, sizeof vt, "%llu", (unsigned long long)g.value);
        if (w) {
            json_object_begin(w);
            json_key(w, "args"); json_uint_array(w, ot.args, ot.nargs);
            json_key(w, "value");
            if (g.infinite) { json_null(w); json_key(w, "K"); json_uint_array(w, g.K, g.nK); }
            else json_uint(w, g.value);
            json_object_end(w);
        } else {
            printf("%s G(%s) = %s", k ? "," : "", oa, vt);
        }
        gr_position_free(op);
    }
    if (w) json_array_end(w);
    else printf("\n");
done:
    free(one);
    gr_position_free(alone);
    cli_moves_free(&tm.mv);
}

/* a term of infinite value: K, why no finite value fits, its options */
static int explain_infinite_term(json_writer *w, cli_lang lang, gr_ctx *ctx, gr_position *pos, size_t i) {
    gr_gvalue g = GR_SIZED(gr_gvalue);
    gr_error err;
    gr_term_info t;
    if (gr_position_term(pos, i, &t) != GR_OK || gr_position_term_gvalue(pos, i, &g, &err) != GR_OK) return 1;
    uint64_t *K = copy_K(&g);
    size_t nK = g.nK;
    if (!K) return 1;
    char vt[256];
    infinite_text(vt, sizeof vt, K, nK);
    if (explain_term_title(w, lang, pos, i, vt)) { free(K); return 1; }
    char room[CLI_LANG_ROOM];
    const char *method = gr_ruleset_method(t.ruleset);
    if (method) method = tr_library(lang, method, room, sizeof room);
    int has0 = nK && K[0] == 0;
    if (w) {
        json_key(w, "value"); json_null(w);
        json_key(w, "loopy"); json_object_begin(w);
        json_key(w, "infinite"); json_bool(w, 1);
        json_key(w, "K"); json_uint_array(w, K, nK);
        json_object_end(w);
        json_key(w, "how"); json_string(w, "generalized-sg");
        if (method) { json_key(w, "text"); json_string(w, method); }
    } else {
        if (method) printf(tr(lang, "  found by %s\n"), method);
        printf(tr(lang, "  No finite value fits it. In a loopy game (Smith) a position gets the finite value g only when\n"
                        "  no option has value g and every option of a larger or infinite value has a move back to one of\n"
                        "  value g; otherwise its value is infinite, written with K, the finite values among its options:\n"
                        "  K = "));
        infinite_text(vt, sizeof vt, K, nK);
        printf("%s", vt + strlen("∞"));
        printf(has0 ? tr(lang, ". Alone, it is won (0 is in K: move to an option of value 0).\n")
                    : tr(lang, ". Alone, it is a draw (0 is not in K: no option is lost for the opponent).\n"));
    }
    loopy_options(w, lang, ctx, pos, i, vt);
    if (w) json_object_end(w);
    free(K);
    return 0;
}

static void oom(void) { fprintf(stderr, "grundy: error: out of memory\n"); }

/* Smith's rule, and a win or a draw */
static int explain_loopy(json_writer *w, cli_lang lang, gr_ctx *ctx, gr_position *pos, const char *source, const char *text,
                         const uint64_t *vals, const gr_term_kind *kind) {
    size_t n = gr_position_count(pos), ninf = 0, first_inf = n;
    gr_error err;
    gr_gvalue gv = GR_SIZED(gr_gvalue);
    gr_outcome oc;
    int rc = 0, complete = 0;
    uint64_t f = 0, *K = NULL;
    cli_moves mv = {0};
    for (size_t i = 0; i < n; i++) {
        if (kind[i] == GR_TERM_INFINITE) { ninf++; if (first_inf == n) first_inf = i; }
        else f ^= vals[i];
    }
    /* the answer first: nothing is printed when it fails */
    if (gr_position_gvalue(pos, &gv, &err) != GR_OK || gr_position_loopy_outcome(pos, &oc, &err) != GR_OK ||
        (oc == GR_OUTCOME_N && gr_position_winning_moves(pos, SHOWN_MOVES, cli_moves_collect, &mv, &complete, &err) != GR_OK) ||
        (oc == GR_OUTCOME_D && gr_position_draw_moves(pos, SHOWN_MOVES, cli_moves_collect, &mv, &complete, &err) != GR_OK)) {
        cli_moves_free(&mv);
        return cli_report(&err, source, source != NULL);
    }
    if (mv.oom || !(K = copy_K(&gv))) { cli_moves_free(&mv); oom(); return 1; }
    size_t nK = gv.nK;
    int infinite = gv.infinite;
    explain_header(w, lang, text, n);
    for (size_t i = 0; i < n && i < EXPLAIN_TERMS && !rc; i++)
        rc = kind[i] == GR_TERM_INFINITE ? explain_infinite_term(w, lang, ctx, pos, i)
                                         : explain_finite_term(w, lang, pos, i, vals[i]);
    if (rc) goto out;
    explain_terms_end(w, lang, n);
    char st[256];
    infinite_text(st, sizeof st, K, nK);
    const char *oc_name = oc == GR_OUTCOME_N ? "N" : oc == GR_OUTCOME_P ? "P" : "D";
    if (w) {
        json_key(w, "loopy"); json_object_begin(w);
        json_key(w, "rule"); json_string(w, "smith");
        json_key(w, "finite_xor"); json_uint(w, f);
        json_key(w, "infinite_terms"); json_uint(w, ninf);
        json_key(w, "infinite"); json_bool(w, infinite);
        if (infinite) { json_key(w, "K"); json_uint_array(w, K, nK); }
        else { json_key(w, "value"); json_uint(w, gv.value); }
        json_object_end(w);
        json_key(w, "outcome"); json_string(w, oc_name);
        json_key(w, "move");
        if (oc == GR_OUTCOME_N && mv.n) json_string(w, mv.list[0].to);
        else json_null(w);
        if (oc == GR_OUTCOME_D) {
            json_key(w, "draw_moves"); json_array_begin(w);
            if (!cli_positions_json(w, pos, &mv)) { json_array_end(w); rc = 1; goto out; }
            json_array_end(w);
        }
        json_object_end(w);
        json_line_end(w);
        goto out;
    }
    printf(tr(lang, "\nthe sum (Smith's rule for loopy games: finite values add by XOR; a finite g and ∞(K) add to\n"
                    "∞(K XOR g), each member of K XORed with g; two infinite values add to ∞{})\n"));
    for (size_t i = 0; i < n && i < EXPLAIN_TERMS; i++) {
        gr_gvalue g = GR_SIZED(gr_gvalue);
        if (kind[i] == GR_TERM_INFINITE && gr_position_term_gvalue(pos, i, &g, &err) == GR_OK) {
            char vt[256];
            infinite_text(vt, sizeof vt, g.K, g.nK);
            printf(tr(lang, "  term %zu: %s\n"), i + 1, vt);
        } else if (kind[i] == GR_TERM_INFINITE) printf(tr(lang, "  term %zu: infinite\n"), i + 1);
        else printf(tr(lang, "  term %zu: %llu\n"), i + 1, (unsigned long long)vals[i]);
    }
    if (n > EXPLAIN_TERMS) printf(tr(lang, "  (%zu more terms)\n"), n - EXPLAIN_TERMS);
    if (ninf == 1)
        printf(tr(lang, "The finite terms XOR to %llu; term %zu is the one infinite term, so the sum is %s.\n"),
               (unsigned long long)f, first_inf + 1, st);
    else
        printf(tr(lang, "%zu terms are infinite, so the sum is ∞{}: whatever the finite terms are.\n"), ninf);
    if (oc == GR_OUTCOME_N) {
        printf(tr(lang, "0 is in the sum's K: an N-position, the player to move wins by moving term %zu to an option of finite value\n"
                        "%llu, which leaves every value finite with XOR 0 (a P-position)"),
               (mv.n ? mv.list[0].component : first_inf) + 1, (unsigned long long)f);
        if (mv.n) printf(tr(lang, ": for example %s"), mv.list[0].to);
        printf(tr(lang, ".\n"));
    } else {
        printf(tr(lang, "0 is not in the sum's K: a draw (D). The player to move has no winning move (none leaves a position of\n"
                        "value 0), but has a move to a position that is again a draw, so neither player can force a win\n"
                        "and the game can go on forever.\n"));
        cli_moves_list_human(lang, pos, &mv, tr(lang, "moves that keep the draw"), complete, &rc);
    }
out:
    free(K);
    cli_moves_free(&mv);
    return rc;
}

/* one won term whose value grundy does not know */
static int explain_unknown(json_writer *w, cli_lang lang, gr_position *pos, const char *source, const char *text,
                           const uint64_t *vals, const gr_term_kind *kind) {
    size_t n = gr_position_count(pos), u = n;
    gr_error err;
    int wins = 0, known = 0, complete = 0, rc = 0;
    uint64_t value = 0, f = 0;
    cli_moves mv = {0};
    for (size_t i = 0; i < n; i++) {
        if (kind[i] == GR_TERM_UNKNOWN) { if (u == n) u = i; }
        else f ^= vals[i];
    }
    if (gr_position_outcome(pos, &wins, &known, &value, &err) != GR_OK ||
        (wins && gr_position_winning_moves(pos, SHOWN_MOVES, cli_moves_collect, &mv, &complete, &err) != GR_OK)) {
        cli_moves_free(&mv);
        return cli_report(&err, source, source != NULL);
    }
    if (mv.oom) { cli_moves_free(&mv); oom(); return 1; }
    explain_header(w, lang, text, n);
    for (size_t i = 0; i < n && i < EXPLAIN_TERMS && !rc; i++) {
        if (kind[i] != GR_TERM_UNKNOWN) { rc = explain_finite_term(w, lang, pos, i, vals[i]); continue; }
        gr_term_info t;
        int tw = 0;
        if (gr_position_term(pos, i, &t) != GR_OK || explain_term_title(w, lang, pos, i, tr(lang, "unknown"))) { rc = 1; break; }
        if (gr_ruleset_state_outcome(t.ruleset, t.args, t.nargs, &tw, &err) != GR_OK) {
            rc = cli_report(&err, source, source != NULL);
            break;
        }
        char room[CLI_LANG_ROOM];
        const char *method = gr_ruleset_method(t.ruleset);
        if (method) method = tr_library(lang, method, room, sizeof room);
        if (w) {
            json_key(w, "value"); json_null(w);
            json_key(w, "outcome"); json_string(w, tw ? "N" : "P");
            json_key(w, "how"); json_string(w, "outcome-only");
            if (method) { json_key(w, "text"); json_string(w, method); }
            json_object_end(w);
        } else {
            printf(tw ? tr(lang, "  grundy knows the outcome of this position, not its Grundy value (the value is tabulated\n"
                                 "  only for small positions): it is won (N), so its value is not 0.\n")
                      : tr(lang, "  grundy knows the outcome of this position, not its Grundy value (the value is tabulated\n"
                                 "  only for small positions): it is lost (P), so its value is 0.\n"));
            if (method) printf(tr(lang, "  found by %s\n"), method);
        }
    }
    if (rc) goto out;
    explain_terms_end(w, lang, n);
    if (w) {
        json_key(w, "xor"); json_null(w);
        json_key(w, "unknown_term"); json_uint(w, u + 1);
        json_key(w, "others_xor"); json_uint(w, f);
        json_key(w, "outcome"); json_string(w, wins ? "N" : "P");
        json_key(w, "move");
        if (mv.n) json_string(w, mv.list[0].to);
        else json_null(w);
        json_object_end(w);
        json_line_end(w);
        goto out;
    }
    printf(tr(lang, "\nthe sum (Sprague-Grundy theorem: its value is the XOR of the terms' values)\n"));
    if (n > 1)
        printf(wins ? tr(lang, "The other terms' values XOR to %llu, so the sum's value is term %zu's value, which is not 0.\n")
                    : tr(lang, "The other terms' values XOR to %llu, so the sum's value is term %zu's value, which is 0.\n"),
               (unsigned long long)f, u + 1);
    else
        printf(tr(lang, "The sum is term 1 alone.\n"));
    if (wins) {
        printf(tr(lang, "An N-position: the player to move wins by moving term %zu to a lost position (value 0), which\n"
                        "leaves XOR 0"), u + 1);
        if (mv.n) printf(tr(lang, ": for example %s"), mv.list[0].to);
        printf(tr(lang, ".\n"));
    } else {
        printf(tr(lang, "A P-position: the player to move loses.\n"));
    }
out:
    cli_moves_free(&mv);
    return rc;
}

int explain_beyond(json_writer *w, cli_lang lang, gr_ctx *ctx, gr_position *pos, const char *source, const char *text,
                   const uint64_t *vals, const gr_term_kind *kind) {
    size_t n = gr_position_count(pos);
    for (size_t i = 0; i < n; i++)
        if (kind[i] == GR_TERM_INFINITE) return explain_loopy(w, lang, ctx, pos, source, text, vals, kind);
    return explain_unknown(w, lang, pos, source, text, vals, kind);
}
