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

int cmd_explain(const cli_opts *o) {
    gr_play play;
    int bad = cli_play_of(o, &play);
    if (bad) return bad;
    if (o->remoteness && (o->every || o->has_moore))
        return cli_usage_error("--remoteness goes with normal play or --misere only: drop --every and --moore%s", "");
    cli_lang lang = o->lang;
    gr_ctx *ctx = NULL;
    gr_position *pos = NULL;
    const char *source = NULL;
    char *text = NULL;
    uint64_t *vals = NULL;
    explain_kind *kind = NULL;
    gr_solution *moore = NULL;
    int rc = cli_setup(o, &ctx, CLI_DEFAULT_SECONDS);
    if (rc) return rc;
    if ((rc = cli_load_position(o, ctx, 0, &pos, &source)) != 0) goto out;
    gr_error err;
    size_t n = gr_position_count(pos);
    if (o->has_moore && explain_solve(pos, GR_PLAY_MOORE, o->moore, o->misere, &moore, &err) != GR_OK) {
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
        else if (o->remoteness && w)
            rc = cli_usage_error("explain --remoteness --json takes sums whose terms all have finite values: use "
                                 "solve --remoteness --json for this one%s", "");
        else rc = explain_beyond(w ? (json_init(w, stdout), w) : NULL, lang, ctx, pos, source, text, vals, kind);
        if (!rc && o->remoteness) rc = explain_remoteness(NULL, lang, pos, 0);
        goto out;
    }
    if (w) json_init(w, stdout);
    explain_header(w, lang, text, n);
    /* each term */
    for (size_t i = 0; i < n && i < EXPLAIN_TERMS; i++)
        if ((rc = explain_finite_term(w, lang, pos, i, vals[i])) != 0) goto out;
    explain_terms_end(w, lang, n);
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
            printf(tr(lang, "Its highest set bit is bit %d (%llu). Term %zu has it (value %llu), so changing that term to value\n"
                            "%llu XOR %llu = %llu makes the XOR 0"),
                   hb, (unsigned long long)1 << hb, winner + 1, (unsigned long long)vals[winner], (unsigned long long)vals[winner],
                   (unsigned long long)x, (unsigned long long)(vals[winner] ^ x));
            /* in another play the move of that play comes with its section */
            if (fm.to && (o->misere || o->every || o->has_moore))
                printf(tr(lang, ": in normal play, for example %s.\n"), fm.to);
            else if (fm.to) printf(tr(lang, ": for example %s.\n"), fm.to);
            else printf(tr(lang, " (a smaller value, so a move reaches it: the mex contains every smaller value).\n"));
        }
    }
    free(fm.to);
    if (o->every && (rc = explain_every(w, lang, pos, vals, n)) != 0) goto out;
    if (o->has_moore) explain_moore(w, lang, pos, o->moore, o->misere, moore);
    if (o->misere && !o->has_moore) {
        gr_solution *ms = NULL;
        if (explain_solve(pos, GR_PLAY_MISERE, 0, 0, &ms, &err) != GR_OK) {
            if (w) json_line_end(w);
            rc = cli_report(&err, source, source != NULL);
            goto out;
        }
        /* the fields the section reads, as gr_position_misere gives them */
        struct { int wins, sj_wins; const char *method; uint64_t searched; } m = {
            ms->outcome == GR_OUTCOME_N, ms->sj == GR_OUTCOME_N, ms->method, ms->searched};
        char *mto = explain_move_text(pos, ms);
        if (w) {
            json_key(w, "misere");
            json_object_begin(w);
            json_key(w, "outcome"); json_string(w, m.wins ? "N" : "P");
            json_key(w, "method"); json_string(w, m.method);
            json_key(w, "why"); json_string(w, explain_misere_why(lang, m.method));
            json_key(w, "sj_outcome"); json_string(w, m.sj_wins ? "N" : "P");
            json_key(w, "searched"); json_uint(w, m.searched);
            json_key(w, "move"); if (mto) json_string(w, mto); else json_null(w);
            json_object_end(w);
        } else {
            int big = 0;
            for (size_t i = 0; i < n; i++) big += vals[i] > 1;
            char room[CLI_LANG_ROOM];
            printf(tr(lang, "\nmisère play (the last player to move loses): decided by %s: %s.\n"),
                   tr_library(lang, m.method, room, sizeof room), explain_misere_why(lang, m.method));
            printf(big == 1 ? tr(lang, "The SJ rule here: XOR %llu, %d term of value > 1")
                            : tr(lang, "The SJ rule here: XOR %llu, %d terms of value > 1"), (unsigned long long)x, big);
            printf(m.sj_wins ? tr(lang, ", so it says the mover wins") : tr(lang, ", so it says the mover loses"));
            if (!strcmp(m.method, "search")) {
                printf(m.wins ? tr(lang, "; the search of %llu positions says the mover wins")
                              : tr(lang, "; the search of %llu positions says the mover loses"), (unsigned long long)m.searched);
                printf(m.wins == m.sj_wins ? tr(lang, " (the SJ rule is right here)") : tr(lang, " (the SJ rule is wrong here)"));
            }
            printf(m.wins ? tr(lang, ".\nThe player to move wins.\n") : tr(lang, ".\nThe player to move loses.\n"));
            if (mto) printf(tr(lang, "A winning move in misère play: %s.\n"), mto);
        }
        free(mto);
        gr_solution_free(ms);
    }
    if (o->remoteness && (rc = explain_remoteness(w, lang, pos, o->misere)) != 0) goto out;
    if (w) {
        json_object_end(w);
        json_line_end(w);
    }
out:
    gr_solution_free(moore);
    free(text);
    free(vals);
    free(kind);
    gr_position_free(pos);
    gr_ctx_free(ctx);
    return rc;
}
