/* The modes of grundy explain past normal play: why misère play is decided
 * the way it is, Every-SG's step counts, and Moore's Nim-k columns. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "explain.h"
#include "solve.h"

void explain_binary(char *out, uint64_t v, int width) {
    for (int b = width - 1; b >= 0; b--) *out++ = (char)('0' + ((v >> b) & 1));
    *out = '\0';
}

const char *explain_misere_why(cli_lang lang, const char *method) {
    if (!strcmp(method, "sj-theorem"))
        return tr(lang, "every component is a game in which every position of value 0 is terminal (nim heaps, some subtraction "
                        "games), so the SJ theorem's rule is misère play itself: the mover wins iff (the XOR is not 0 and some "
                        "term's value is > 1) or (the XOR is 0 and no term's value is > 1)");
    if (!strcmp(method, "genus"))
        return tr(lang, "every component is a heap grundy has shown tame (it plays like misère nim): heaps are fickle (genus "
                        "g^1...) or firm (g^0...), and the mover loses iff (all fickle and the XOR is 1) or (some firm and the "
                        "XOR is 0)");
    if (!strcmp(method, "formula"))
        return tr(lang, "the position is one heap whose family has a proved misère formula (for example bash[p,q]: the heap is "
                        "lost iff n mod (p+q) is in [1, p])");
    if (!strcmp(method, "quotient"))
        return tr(lang, "the SJ theorem's condition does not hold, but every component is a heap of one ruleset whose misère "
                        "quotient (Plambeck and Siegel) grundy has computed and proved up to the largest heap: the sum's "
                        "element in it is a P- or an N-element");
    return tr(lang, "the SJ theorem's condition does not hold for every component, so grundy searched the misère game "
                    "exactly (every position written as a sorted multiset of its components)");
}

/* misère play: which rule decided, what the SJ rule says, and the move */
int explain_misere(json_writer *w, cli_lang lang, gr_position *pos, const gr_explanation *e) {
    const gr_solution *ms = e->solution;
    int wins = ms->outcome == GR_OUTCOME_N, sj_wins = ms->sj == GR_OUTCOME_N;
    char *mto = explain_move_text(pos, ms);
    if (w) {
        json_key(w, "misere");
        json_object_begin(w);
        json_key(w, "outcome"); json_string(w, wins ? "N" : "P");
        json_key(w, "method"); json_string(w, ms->method);
        json_key(w, "why"); json_string(w, explain_misere_why(lang, ms->method));
        json_key(w, "sj_outcome"); json_string(w, sj_wins ? "N" : "P");
        json_key(w, "searched"); json_uint(w, ms->searched);
        json_key(w, "move"); if (mto) json_string(w, mto); else json_null(w);
        json_object_end(w);
    } else {
        int big = 0;
        for (size_t i = 0; i < e->nterms; i++) big += e->values[i] > 1;
        char room[CLI_LANG_ROOM];
        printf(tr(lang, "\nmisère play (the last player to move loses): decided by %s: %s.\n"),
               tr_library(lang, ms->method, room, sizeof room), explain_misere_why(lang, ms->method));
        printf(big == 1 ? tr(lang, "The SJ rule here: XOR %llu, %d term of value > 1")
                        : tr(lang, "The SJ rule here: XOR %llu, %d terms of value > 1"), (unsigned long long)e->nim_sum, big);
        printf(sj_wins ? tr(lang, ", so it says the mover wins") : tr(lang, ", so it says the mover loses"));
        if (!strcmp(ms->method, "search")) {
            printf(wins ? tr(lang, "; the search of %llu positions says the mover wins")
                        : tr(lang, "; the search of %llu positions says the mover loses"), (unsigned long long)ms->searched);
            printf(wins == sj_wins ? tr(lang, " (the SJ rule is right here)") : tr(lang, " (the SJ rule is wrong here)"));
        }
        printf(wins ? tr(lang, ".\nThe player to move wins.\n") : tr(lang, ".\nThe player to move loses.\n"));
        if (mto) printf(tr(lang, "A winning move in misère play: %s.\n"), mto);
    }
    free(mto);
    return 0;
}

char *explain_move_text(gr_position *pos, const gr_solution *s) {
    char *after = NULL;
    if (s->outcome != GR_OUTCOME_N || !s->nmoves) return NULL;
    gr_status f = s->one_move ? gr_position_format_moves(pos, s->moves, s->nmoves, &after, NULL)
                              : gr_position_format_after(pos, &s->moves[0], &after, NULL);
    return f == GR_OK ? after : NULL;
}

/* Every-SG: each term's step count, and the term with the largest step,
 * which ends last and decides. 0, or the exit code. */
int explain_every(json_writer *w, cli_lang lang, gr_position *pos, const gr_explanation *e) {
    const gr_solution *sol = e->solution;
    const uint64_t *vals = e->values;
    size_t n = e->nterms;
    const uint64_t *steps = sol->steps;
    int wins = sol->outcome == GR_OUTCOME_N;
    size_t d = sol->decisive;
    /* the winning move, in Every-SG play: every term that can move moves */
    char *to = explain_move_text(pos, sol);
    if (w) {
        json_key(w, "every");
        json_object_begin(w);
        json_key(w, "steps"); json_uint_array(w, steps, n);
        if (n) { json_key(w, "decisive_term"); json_uint(w, d + 1); }
        json_key(w, "outcome"); json_string(w, wins ? "N" : "P");
        json_key(w, "move"); if (to) json_string(w, to); else json_null(w);
        json_object_end(w);
    } else {
        printf(tr(lang, "\nEvery-SG (each turn the player moves in every term that can move; the last move wins).\n"
                        "A term's step count is how long it lasts under best play: 0 with no move; for a value\n"
                        "other than 0, 1 + the largest step among its options of value 0 (the winner makes it last);\n"
                        "for value 0, 1 + the smallest step among its options (the loser ends it soon).\n"));
        for (size_t i = 0; i < n && i < EXPLAIN_TERMS; i++)
            printf(tr(lang, "  term %zu: value %llu, step %llu\n"), i + 1, (unsigned long long)vals[i],
                   (unsigned long long)steps[i]);
        if (n > EXPLAIN_TERMS) printf(tr(lang, "  (%zu more terms)\n"), n - EXPLAIN_TERMS);
        if (n)
            printf(wins ? tr(lang, "The term that ends last decides the game: term %zu (step %llu), of value %llu, so the player\n"
                                   "to move wins (its value is not 0: the mover wins that term, and it lasts longest).\n")
                        : tr(lang, "The term that ends last decides the game: term %zu (step %llu), of value %llu, so the player\n"
                                   "to move loses (its value is 0: the mover loses that term, and it lasts longest).\n"),
                   d + 1, (unsigned long long)steps[d], (unsigned long long)vals[d]);
        else
            printf(tr(lang, "No term can move: the player to move loses.\n"));
        if (to) printf(tr(lang, "A winning move (every term that can move moves at once): %s.\n"), to);
    }
    free(to);
    return 0;
}

/* Moore's Nim-k: the heaps in binary and each column's count of ones mod
 * k+1 (with misère, the Anti-Nim-k rule), from that play's solution. */
int explain_moore(json_writer *w, cli_lang lang, gr_position *pos, const gr_explanation *e, const gr_play_rules *rules) {
    const gr_solution *sol = e->solution;
    uint64_t k = rules->k;
    int misere = rules->anti;
    int wins = sol->outcome == GR_OUTCOME_N;
    char *to = explain_move_text(pos, sol);
    size_t n = gr_position_count(pos);
    uint64_t cnt[64] = {0}, top = 0, m = k + 1 ? k + 1 : 0;
    size_t ones = 0, big = 0;
    for (size_t i = 0; i < n; i++) {
        gr_term_info t;
        uint64_t h = 0;
        if (gr_position_term(pos, i, &t) == GR_OK && t.nargs) h = t.args[0];
        top |= h;
        ones += h == 1;
        big += h > 1;
        for (int b = 0; b < 64; b++) cnt[b] += (h >> b) & 1;
    }
    int width = 1;
    while (width < 64 && (top >> width)) width++;
    int all_zero = 1;
    for (int b = 0; b < 64; b++) all_zero &= m ? cnt[b] % m == 0 : cnt[b] == 0;
    if (w) {
        json_key(w, "moore");
        json_object_begin(w);
        json_key(w, "k"); json_uint(w, k);
        json_key(w, "column_ones"); json_array_begin(w);
        for (int b = width - 1; b >= 0; b--) json_uint(w, cnt[b]);
        json_array_end(w);
        json_key(w, "all_columns_zero_mod"); json_bool(w, all_zero);
        json_key(w, "misere"); json_bool(w, misere);
        json_key(w, "outcome"); json_string(w, wins ? "N" : "P");
        json_key(w, "move"); if (to) json_string(w, to); else json_null(w);
        json_object_end(w);
        free(to);
        return 0;
    }
    if (misere)
        printf(tr(lang, "\nMoore's Nim-%llu, misère (Anti-Nim-k) (a move takes from 1 to %llu heaps; the last move loses): write "
                        "the heaps in binary and count\nthe ones in each column, mod %llu.\n"),
               (unsigned long long)k, (unsigned long long)k, (unsigned long long)(k + 1));
    else
        printf(tr(lang, "\nMoore's Nim-%llu (a move takes from 1 to %llu heaps): write the heaps in binary and count\n"
                        "the ones in each column, mod %llu.\n"),
               (unsigned long long)k, (unsigned long long)k, (unsigned long long)(k + 1));
    char bits[65];
    for (size_t i = 0; i < n && i < EXPLAIN_TERMS; i++) {
        gr_term_info t;
        uint64_t h = 0;
        if (gr_position_term(pos, i, &t) == GR_OK && t.nargs) h = t.args[0];
        explain_binary(bits, h, width);
        printf("  %*llu = %s\n", 20, (unsigned long long)h, bits);
    }
    if (n > EXPLAIN_TERMS) printf(tr(lang, "  (%zu more heaps)\n"), n - EXPLAIN_TERMS);
    /* the labels right-aligned by the columns they take, not their bytes */
    const char *ones_label = tr(lang, "ones");
    printf("  %*s%s   ", 20 - cli_lang_columns(ones_label), "", ones_label);
    for (int b = width - 1; b >= 0; b--) printf("%llu%s", (unsigned long long)cnt[b], b ? " " : "\n");
    printf("  %*s   ", 20, "mod");
    for (int b = width - 1; b >= 0; b--) printf("%llu%s", (unsigned long long)(m ? cnt[b] % m : cnt[b]), b ? " " : "\n");
    if (!misere) {
        printf(all_zero ? tr(lang, "Every column is 0 mod k+1 (a move changes 1 to k heaps, so it cannot keep them all 0)")
                        : tr(lang, "Some column is not 0 mod k+1 (a move of at most k heaps can make them all 0)"));
        printf(wins ? tr(lang, ": the player to move wins.\n") : tr(lang, ": the player to move loses.\n"));
    } else if (!big) {
        printf(wins ? tr(lang, "Every non-empty heap is 1: there are %zu, and the player to move wins (the mover loses exactly when\n"
                               "that number is 1 mod k+1).\n")
                    : tr(lang, "Every non-empty heap is 1: there are %zu, and the player to move loses (the mover loses exactly when\n"
                               "that number is 1 mod k+1).\n"),
               ones);
    } else {
        printf(tr(lang, "Some heap is larger than 1, so the normal rule decides: "));
        printf(all_zero ? tr(lang, "every column is 0 mod k+1") : tr(lang, "some column is not 0 mod k+1"));
        printf(wins ? tr(lang, ", and the player to move wins.\n") : tr(lang, ", and the player to move loses.\n"));
    }
    if (to) printf(tr(lang, "A winning move (it changes 1 to k heaps): %s.\n"), to);
    free(to);
    return 0;
}
