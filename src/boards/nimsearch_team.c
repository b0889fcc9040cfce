/* The nimber search on several threads (nimsearch.h): the calling thread
 * and its helpers each search the whole position in the same order,
 * sharing one table (btable.h: locked buckets) and a list of the options
 * each is in near the root; a thread puts off an option another is in
 * (grb_walk, in the manner of ABDADA), so that they work on different
 * options at the same time and each finds in the table what the others
 * have valued. Every fact in the table is exact, so the value is the one
 * thread's value whichever thread finds it first; the first to finish
 * stops the others. */
#include <pthread.h>
#include "boards/nimsearch.h"

/* positions searched on one thread before the helpers start */
#define TEAM_AFTER 1024
/* the marks of the options being searched (grb_walk): a few per thread
 * and level near the root are live at once */
#define BUSY_SLOTS 1024

typedef struct helper {
    grb_solver sv;
    const grb_set *s;
    pthread_t th;
    int started;
    gr_error err;
} helper;

static void finish(grb_team *team, uint64_t v) {
    if (!__atomic_exchange_n(&team->have, 1, __ATOMIC_ACQ_REL)) {
        team->value = v; /* read after the join, or after `stop` below */
    }
    __atomic_store_n(&team->stop, 1, __ATOMIC_RELEASE);
}

static void *run_helper(void *arg) {
    helper *h = arg;
    uint64_t v;
    if (grb_solve(&h->sv, h->s, &v, &h->err) == GR_OK) finish(h->sv.team, v);
    return NULL;
}

gr_status grb_solve_team(grb_solver *sv, const grb_set *s, unsigned threads, uint64_t *value, uint64_t *nodes,
                         gr_error *err) {
    if (threads > GRB_MAX_THREADS) threads = GRB_MAX_THREADS;
    for (unsigned t = 0; t < threads; t++) nodes[t] = 0;
    /* on one thread first, for a few positions: a search that ends
     * within them is over before threads would have started (what it
     * learned stays in the table for the threads) */
    uint64_t before = sv->nodes;
    sv->budget = threads < 2 ? 0 : sv->nodes + TEAM_AFTER;
    sv->budget_hit = 0;
    gr_status st = grb_solve(sv, s, value, err);
    sv->budget = 0;
    if (threads < 2 || !sv->budget_hit) {
        nodes[0] = sv->nodes - before;
        return st;
    }
    st = grb_table_share(sv->tt, err);
    if (st != GR_OK) return st;
    helper *hs = gri_calloc(sv->al, threads, sizeof *hs);
    grb_team team = {0, 0, 0, threads, NULL, BUSY_SLOTS - 1};
    team.busy = gri_calloc(sv->al, BUSY_SLOTS * 8, sizeof *team.busy);
    if (!hs || !team.busy) {
        gri_free(sv->al, hs);
        gri_free(sv->al, team.busy);
        grb_table_unshare(sv->tt);
        return gri_fail(err, GR_ENOMEM, "out of memory for the search's threads");
    }
    for (unsigned t = 1; t < threads; t++) {
        helper *h = &hs[t];
        gr_error e;
        if (grb_solver_init(&h->sv, sv->g, sv->al, sv->how, 64, &e) != GR_OK) break;
        h->sv.tt = sv->tt;
        h->sv.team = &team;
        h->sv.what = sv->what;
        h->s = s;
        h->started = pthread_create(&h->th, NULL, run_helper, h) == 0;
        if (!h->started) { grb_solver_free(&h->sv); break; } /* fewer threads: the search goes on */
    }
    sv->team = &team;
    uint64_t v = 0;
    st = grb_solve(sv, s, &v, err);
    if (st == GR_OK) finish(&team, v);
    else __atomic_store_n(&team.stop, 1, __ATOMIC_RELEASE);
    for (unsigned t = 1; t < threads; t++) {
        helper *h = &hs[t];
        if (!h->started) continue;
        pthread_join(h->th, NULL);
        nodes[t] = h->sv.nodes;
        grb_sv_counted(&h->sv);
        grb_solver_free(&h->sv);
    }
    sv->team = NULL;
    grb_sv_counted(sv);
    nodes[0] = sv->nodes - before;
    gri_free(sv->al, hs);
    gri_free(sv->al, team.busy);
    grb_table_unshare(sv->tt);
    if (__atomic_load_n(&team.have, __ATOMIC_ACQUIRE)) { /* a helper's value is as good as its own */
        *value = team.value;
        return GR_OK;
    }
    return st;
}
