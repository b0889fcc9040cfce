/* grundy explain POSITION [--misere] [--remoteness] [--json] [--lang zh]: why the position's value is
 * what it is, the way the tutorials write it. For each term: how its value
 * was found (a formula, the mex table, a proved period, the family's own
 * method) and, for a small heap or state, its options and their mex; then
 * the sum in binary, the XOR and, when the mover wins, the highest set bit
 * and the term that changes; with --misere, which rule decides misère play
 * and why. Long positions are explained for their first terms only. Every
 * sentence goes through tr() (lang.h): in English or Chinese. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "explain.h"

int explain_sum(json_writer *w, cli_lang lang, gr_position *pos, const gr_explanation *e, int last) {
    size_t n = e->nterms, winner = e->move_term;
    const uint64_t *vals = e->values;
    uint64_t x = e->nim_sum, top = x;
    for (size_t i = 0; i < n; i++) top |= vals[i];
    int width = 1, hb = e->high_bit;
    while (width < 64 && (top >> width)) width++;
    char bits[65];
    const char *to = e->normal_move ? e->normal_move->to : NULL;
    (void)pos;
    if (w) {
        json_key(w, "xor"); json_uint(w, x);
        explain_binary(bits, x, width);
        json_key(w, "xor_binary"); json_string(w, bits);
        json_key(w, "outcome"); json_string(w, x ? "N" : "P");
        if (winner < n) {
            json_key(w, "high_bit"); json_uint(w, (uint64_t)hb);
            json_key(w, "move_term"); json_uint(w, winner + 1);
            json_key(w, "move_to_value"); json_uint(w, e->move_to_value);
            json_key(w, "move"); if (to) json_string(w, to); else json_null(w);
        }
        return 0;
    }
    printf(tr(lang, "\nthe sum (Sprague-Grundy theorem: its value is the XOR of the terms' values)\n"));
    for (size_t i = 0; i < n && i < EXPLAIN_TERMS; i++) {
        explain_binary(bits, vals[i], width);
        printf(tr(lang, "  %*llu = %s   term %zu\n"), 20, (unsigned long long)vals[i], bits, i + 1);
    }
    if (n > EXPLAIN_TERMS) printf(tr(lang, "  %*s   (%zu more terms)\n"), 20 + 3 + width, "", n - EXPLAIN_TERMS);
    explain_binary(bits, x, width);
    /* "XOR " and "异或" both take 4 columns: the numbers stay aligned */
    printf(tr(lang, "  XOR %*llu = %s\n"), 16, (unsigned long long)x, bits);
    if (!x) {
        printf(tr(lang, "The XOR is 0: a P-position, the player to move loses (every move makes the XOR nonzero).\n"));
    } else {
        printf(tr(lang, "The XOR is %llu, not 0: an N-position, the player to move wins.\n"), (unsigned long long)x);
        printf(tr(lang, "Its highest set bit is bit %d (%llu). Term %zu has it (value %llu), so changing that term to value "
                        "%llu XOR %llu = %llu makes the XOR 0"),
               hb, (unsigned long long)1 << hb, winner + 1, (unsigned long long)vals[winner], (unsigned long long)vals[winner],
               (unsigned long long)x, (unsigned long long)e->move_to_value);
        /* in another play the move of that play comes with its section */
        if (to && !last) printf(tr(lang, ": in normal play, for example %s.\n"), to);
        else if (to) printf(tr(lang, ": for example %s.\n"), to);
        else printf(tr(lang, " (a smaller value, so a move reaches it: the mex contains every smaller value).\n"));
    }
    return 0;
}

/* GR_STEP_TERMS: the header and each term */
static int explain_terms(json_writer *w, cli_lang lang, gr_position *pos, const gr_explanation *e, const char *text) {
    int rc;
    explain_header(w, lang, text, e->nterms);
    for (size_t i = 0; i < e->nterms && i < EXPLAIN_TERMS; i++)
        if ((rc = explain_finite_term(w, lang, pos, i, e->values[i])) != 0) return rc;
    explain_terms_end(w, lang, e->nterms);
    return 0;
}

int cmd_explain(const cli_opts *o) {
    gr_play play;
    int bad = cli_play_of(o, &play);
    if (bad) return bad;
    gr_play_rules rules = GR_SIZED(gr_play_rules);
    gr_error err;
    if (gr_play_describe(&play, &rules, &err) != GR_OK) return cli_usage_error("%s", err.message);
    if (o->remoteness && !rules.has_remoteness)
        return cli_usage_error("--remoteness goes with normal play or --misere only: drop --every and --moore%s", "");
    cli_lang lang = o->lang;
    gr_ctx *ctx = NULL;
    gr_position *pos = NULL;
    const char *source = NULL;
    char *text = NULL;
    gr_explanation *e = NULL;
    int rc = cli_setup(o, &ctx, CLI_DEFAULT_SECONDS);
    if (rc) return rc;
    if ((rc = cli_load_position(o, ctx, 0, &pos, &source)) != 0) goto out;
    /* the whole explanation is known before anything is printed */
    if (gr_position_explain(pos, &play, &e, &err) != GR_OK) {
        rc = cli_report(&err, source, source != NULL);
        goto out;
    }
    if (gr_position_format(pos, &text, NULL) != GR_OK) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    json_writer jw, *w = o->json ? &jw : NULL;
    if (e->nsteps && e->steps[0] == GR_STEP_BEYOND) {
        if (o->remoteness && w)
            rc = cli_usage_error("explain --remoteness --json takes sums whose terms all have finite values: use "
                                 "solve --remoteness --json for this one%s", "");
        else rc = explain_beyond(w ? (json_init(w, stdout), w) : NULL, lang, ctx, pos, source, text, e->values, e->kinds);
        if (!rc && o->remoteness) rc = explain_remoteness(NULL, lang, pos, 0);
        goto out;
    }
    if (w) json_init(w, stdout);
    for (size_t i = 0; i < e->nsteps && !rc; i++) {
        switch (e->steps[i]) {
        case GR_STEP_TERMS: rc = explain_terms(w, lang, pos, e, text); break;
        case GR_STEP_SUM: rc = explain_sum(w, lang, pos, e, i + 1 == e->nsteps); break;
        case GR_STEP_MISERE: rc = explain_misere(w, lang, pos, e); break;
        case GR_STEP_EVERY: rc = explain_every(w, lang, pos, e); break;
        case GR_STEP_MOORE: rc = explain_moore(w, lang, pos, e, &rules); break;
        default: break; /* a step this version does not know: left out */
        }
    }
    if (!rc && o->remoteness) rc = explain_remoteness(w, lang, pos, !rules.last_move_wins);
    if (w && !rc) {
        json_object_end(w);
        json_line_end(w);
    }
out:
    gr_explanation_free(e);
    free(text);
    gr_position_free(pos);
    gr_ctx_free(ctx);
    return rc;
}
