/* The progress line of a long tabulation, for seq and for the terms of a
 * position in value and solve (and the positions searched so far for a
 * board or graph term): on stderr when it is a terminal, once the
 * run has taken a second, at most five times a second, unless --quiet. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <unistd.h>
#include "cli.h"

#ifdef __EMSCRIPTEN__
/* WebAssembly (the web page): stderr reaches the page a line at a time, so
 * each report is a line of its own, and nothing is erased */
#define LINE_START ""
#define LINE_END "\n"
#else
#define LINE_START "\r"
#define LINE_END ""
#endif

void cli_progress_show(const gr_ruleset *rs, uint64_t done, uint64_t total) {
    if (!total) { /* a search of unknown length: how far it got */
        fprintf(stderr, LINE_START "%s: %llu positions searched" LINE_END, gr_ruleset_spec(rs), (unsigned long long)done);
        return;
    }
    fprintf(stderr, LINE_START "%s: %llu of %llu values (%.0f%%)" LINE_END, gr_ruleset_spec(rs), (unsigned long long)done,
            (unsigned long long)total, 100.0 * (double)done / (double)total);
}

void cli_progress_clear(void) {
#ifndef __EMSCRIPTEN__
    fprintf(stderr, "\r%*s\r", 70, "");
#endif
}

static int on_tab(void *user, uint64_t done, uint64_t total) {
    cli_progress_rs *r = user;
    cli_progress *p = r->owner;
    double t = cli_now();
    if (t - p->start > 1.0 && t - p->last > 0.2) {
        cli_progress_show(r->rs, done, total);
        p->last = t;
        p->shown = 1;
    }
    return 0;
}

void cli_progress_attach(cli_progress *p, const cli_opts *o, gr_position *pos) {
    p->n = 0;
    p->shown = 0;
    p->start = p->last = cli_now();
    if (o->quiet || !isatty(2)) return;
    gr_term_info t;
    for (size_t i = 0; gr_position_term(pos, i, &t) == GR_OK; i++) {
        gr_board_stats bs = GR_SIZED(gr_board_stats);
        gr_error e;
        if (!gr_ruleset_is_heap(t.ruleset) && gr_ruleset_board_stats(t.ruleset, &bs, &e) != GR_OK) continue;
        size_t k = 0;
        while (k < p->n && p->rs[k].rs != t.ruleset) k++;
        if (k < p->n) continue;
        if (p->n == CLI_PROGRESS_MAX) break; /* beyond: no line, the answer is the same */
        p->rs[p->n] = (cli_progress_rs){p, t.ruleset};
        gr_ruleset_set_progress(t.ruleset, on_tab, &p->rs[p->n]);
        p->n++;
    }
}

void cli_progress_detach(cli_progress *p) {
    for (size_t k = 0; k < p->n; k++) gr_ruleset_set_progress(p->rs[k].rs, NULL, NULL);
    if (p->shown) cli_progress_clear();
    p->n = 0;
    p->shown = 0;
}
