/* --mpi for value and solve (farm.h, docs/boards.md): the board and graph
 * terms of the position are split into their regions (independent parts),
 * and the value of each region is found by aspiration spread over the
 * ranks: for k = 0, 1, ...: is some option of value k? The questions "is
 * option o of value k?" are the tasks, the cheaper options first (the
 * search's own guess of the work), options of the same key asked once.
 * Round k ends at the first yes, or with the region's value k when every
 * option said no; a question still out when its round ended is answered
 * in time and kept (a yes gives that option's value). For solve, one more
 * round asks every option of each region whether it is a winning move's.
 * Each answer comes with what the other rank's search learnt of the
 * option's parts (gr_ruleset_board_save_state); rank 0 adds it to its own
 * table and notes each region's value, then runs the command as on one
 * process, which finds every answer it needs in the table: the output is
 * the serial run's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "farm.h"

/* ---- a task: kind, region, k, spec, the option's args, whether the entries are wanted ---- */

static void put_task(cli_bytes *t, uint64_t region, uint64_t k, const char *spec, const uint64_t *args, size_t n,
                     int entries) {
    unsigned char kind = CLI_TASK_BOARD, e = (unsigned char)entries;
    cli_bytes_put(t, &kind, 1);
    cli_bytes_u64(t, region);
    cli_bytes_u64(t, k);
    size_t sl = strlen(spec);
    cli_bytes_u64(t, sl);
    cli_bytes_put(t, spec, sl);
    cli_bytes_u64(t, n);
    for (size_t i = 0; i < n; i++) cli_bytes_u64(t, args[i]);
    cli_bytes_put(t, &e, 1);
}

typedef struct task_view {
    uint64_t region, k;
    const char *spec;
    size_t speclen, n;
    uint64_t args[2 + 2 * 64 + 2];
    int entries;
} task_view;

static int read_task(const unsigned char *p, size_t len, task_view *v) {
    size_t at = 1;
    v->region = cli_bytes_get_u64(p, len, &at);
    v->k = cli_bytes_get_u64(p, len, &at);
    uint64_t sl = cli_bytes_get_u64(p, len, &at);
    if (at > len || sl > len - at) return -1;
    v->spec = (const char *)p + at;
    v->speclen = (size_t)sl;
    at += (size_t)sl;
    uint64_t n = cli_bytes_get_u64(p, len, &at);
    if (at > len || n > sizeof v->args / sizeof v->args[0]) return -1;
    v->n = (size_t)n;
    for (size_t i = 0; i < v->n; i++) v->args[i] = cli_bytes_get_u64(p, len, &at);
    if (at >= len) return -1;
    v->entries = p[at] != 0;
    return 0;
}

/* the answer: status 0, yes, positions searched, then the entries; or status 1 and a message */
static void fail_out(cli_bytes *out, const char *msg) {
    unsigned char one = 1;
    out->n = 0;
    cli_bytes_put(out, &one, 1);
    cli_bytes_put(out, msg, strlen(msg));
}

static void answer(gr_ruleset *rs, const task_view *v, cli_bytes *out) {
    gr_error err;
    gr_board_stats a = GR_SIZED(gr_board_stats), b = GR_SIZED(gr_board_stats);
    int yes = 0;
    if (gr_ruleset_board_stats(rs, &a, &err) != GR_OK || gr_ruleset_board_ask(rs, v->args, v->n, v->k, &yes, &err) != GR_OK ||
        gr_ruleset_board_stats(rs, &b, &err) != GR_OK) {
        fail_out(out, err.message);
        return;
    }
    unsigned char head[2] = {0, (unsigned char)yes};
    cli_bytes_put(out, head, 2);
    cli_bytes_u64(out, b.positions - a.positions);
    if (v->entries) {
        char *blob = NULL;
        size_t bl = 0;
        if (gr_ruleset_board_save_state(rs, v->args, v->n, &blob, &bl, &err) != GR_OK) {
            fail_out(out, err.message);
            return;
        }
        cli_bytes_put(out, blob, bl);
        gr_free(blob);
    }
}

/* the other ranks keep a ruleset per spec (and so its table) for the whole run */
static struct { char *spec; gr_ruleset *rs; } held[16];
static size_t nheld;

void cli_mpi_board_work(gr_ctx *ctx, const unsigned char *task, size_t n, cli_bytes *out) {
    task_view v;
    if (read_task(task, n, &v) != 0) { fail_out(out, "a malformed board task"); return; }
    gr_ruleset *rs = NULL;
    for (size_t i = 0; i < nheld && !rs; i++)
        if (strlen(held[i].spec) == v.speclen && !memcmp(held[i].spec, v.spec, v.speclen)) rs = held[i].rs;
    if (!rs) {
        gr_error err;
        if (gr_ctx_ruleset(ctx, v.spec, v.speclen, &rs, &err) != GR_OK) { fail_out(out, err.message); return; }
        char *s = malloc(v.speclen + 1);
        if (s && nheld < sizeof held / sizeof held[0]) {
            memcpy(s, v.spec, v.speclen);
            s[v.speclen] = '\0';
            held[nheld].spec = s;
            held[nheld++].rs = rs;
        } else free(s);
    }
    answer(rs, &v, out);
}

/* ---- rank 0 ---- */

#define NO_VALUE UINT64_MAX

typedef struct option {
    uint64_t *args;
    size_t n;
    uint64_t cost;   /* its place in the search's order (gr_ruleset_board_options) */
    uint64_t value;  /* NO_VALUE until a yes gives it */
    uint64_t no;     /* the k < 64 it said no to */
    int out;         /* a question about it is out */
    int home;        /* the rank that asked about it last (its table knows it best), -1: none */
} option;

typedef struct region {
    gr_ruleset *rs;
    uint64_t *args;
    size_t n;
    option *opt;
    size_t nopt;
    uint64_t k;      /* the round: is some option of value k? */
    int done;        /* its value is k */
    uint64_t target; /* solve: the value a winning move leaves in it (NO_VALUE: none asked) */
} region;

typedef struct board_farm {
    gr_ctx *ctx;
    region *rg;
    size_t nrg, cap;
    int want_solve;  /* solve: a round of winning moves after the values */
    int solving;     /* the round of winning moves is on */
    uint64_t rest;   /* solve: the XOR of the values of the terms that are not boards */
    cli_bytes blobs; /* the other ranks' entries, each as words of its region and its length, then the bytes */
    uint64_t asked[256], askedk[256]; /* what each rank is asking about: region << 16 | option, and k */
    uint64_t positions[256];
    char why[300];
} board_farm;

static int collect_option(void *user, const uint64_t *args, size_t n, uint64_t order) {
    region *g = user;
    option *o = realloc(g->opt, (g->nopt + 1) * sizeof *o);
    uint64_t *a = malloc((n ? n : 1) * sizeof *a);
    if (!o || !a) { free(a); if (o) g->opt = o; return 1; }
    g->opt = o;
    memcpy(a, args, n * sizeof *a);
    g->opt[g->nopt++] = (option){a, n, order, NO_VALUE, 0, 0, -1};
    return 0;
}

typedef struct part_sink { board_farm *f; gr_ruleset *rs; int oom; } part_sink;

static int collect_part(void *user, const uint64_t *args, size_t n) {
    part_sink *p = user;
    board_farm *f = p->f;
    if (f->nrg == f->cap) {
        size_t cap = f->cap ? f->cap * 2 : 8;
        region *r = realloc(f->rg, cap * sizeof *r);
        if (!r) { p->oom = 1; return 1; }
        f->rg = r;
        f->cap = cap;
    }
    uint64_t *a = malloc(n * sizeof *a);
    if (!a) { p->oom = 1; return 1; }
    memcpy(a, args, n * sizeof *a);
    f->rg[f->nrg++] = (region){p->rs, a, n, NULL, 0, 0, 0, NO_VALUE};
    return 0;
}

static int by_cost(const void *a, const void *b) {
    const option *x = a, *y = b;
    return x->cost < y->cost ? -1 : x->cost > y->cost;
}

/* a region's options, one per key, in the search's order (the cheapest first) */
static gr_status list_options(region *g, gr_error *err) {
    gr_status st = gr_ruleset_board_options(g->rs, g->args, g->n, collect_option, g, err);
    if (st != GR_OK) return st;
    char **keys = calloc(g->nopt + 1, sizeof *keys);
    size_t *klen = calloc(g->nopt + 1, sizeof *klen);
    if (!keys || !klen) { free(keys); free(klen); return GR_ENOMEM; }
    size_t kept = 0;
    for (size_t i = 0; i < g->nopt && st == GR_OK; i++) {
        char *key;
        size_t kl;
        if ((st = gr_ruleset_board_key(g->rs, g->opt[i].args, g->opt[i].n, &key, &kl, NULL, err)) != GR_OK) break;
        int dup = 0;
        for (size_t j = 0; j < kept && !dup; j++) dup = klen[j] == kl && !memcmp(keys[j], key, kl);
        if (dup) { gr_free(key); free(g->opt[i].args); continue; }
        keys[kept] = key;
        klen[kept] = kl;
        g->opt[kept++] = g->opt[i];
    }
    for (size_t j = 0; j < kept; j++) gr_free(keys[j]);
    free(keys);
    free(klen);
    g->nopt = kept;
    qsort(g->opt, g->nopt, sizeof *g->opt, by_cost);
    return st;
}

/* the region's round is over when k is found (a yes) or every option said no */
static void settle(region *g) {
    while (!g->done) {
        int open = 0;
        for (size_t i = 0; i < g->nopt && !open; i++) {
            const option *o = &g->opt[i];
            if (o->value == g->k) { g->k++; open = -1; break; } /* k is an option's value: next round */
            if (o->value == NO_VALUE && !(g->k < 64 && (o->no >> g->k & 1))) open = 1;
        }
        if (open == -1) continue;
        if (!open) g->done = 1; /* every option said no to k: the mex */
        return;
    }
}

/* whether option o still has a question open in the region's current round (or the round of winning moves) */
static int wanted(const option *o, uint64_t k) {
    if (o->out || o->value != NO_VALUE) return 0;
    return !(k < 64 && (o->no >> k & 1));
}

static int farm_next(void *user, int r, cli_bytes *t) {
    board_farm *f = user;
    int all_done = 1;
    /* an option goes back to the rank that asked about it before (its
     * table has what that search learnt), else to any; the cheapest first */
    for (int pass = 0; pass < 2; pass++)
        for (size_t q = 0; q < f->nrg; q++) {
            region *g = &f->rg[q];
            uint64_t k = g->done ? g->target : g->k;
            if (g->done && (!f->solving || g->target == NO_VALUE)) continue;
            if (!g->done) all_done = 0;
            for (size_t i = 0; i < g->nopt; i++) {
                option *o = &g->opt[i];
                if (o->out) all_done = 0;
                if (!wanted(o, k)) continue;
                all_done = 0;
                if (pass == 0 && o->home != -1 && o->home != r) continue;
                o->out = 1;
                o->home = r;
                f->asked[r] = q << 16 | i;
                f->askedk[r] = k;
                put_task(t, q << 16 | i, k, gr_ruleset_spec(g->rs), o->args, o->n, r != 0);
                return 1;
            }
        }
    if (all_done && f->want_solve && !f->solving) {
        /* the values known: the round of winning moves, in each region to the value that makes the sum 0 */
        uint64_t total = f->rest;
        for (size_t q = 0; q < f->nrg; q++) total ^= f->rg[q].k;
        f->solving = 1;
        if (!total) return -1;
        for (size_t q = 0; q < f->nrg; q++) f->rg[q].target = f->rg[q].k ^ total;
        return farm_next(user, r, t);
    }
    return all_done ? -1 : 0;
}

/* the answer to what rank r was asked (farm_next noted it) */
static int farm_result(void *user, int r, const unsigned char *p, size_t n) {
    board_farm *f = user;
    if (n < 10 || p[0] != 0) {
        snprintf(f->why, sizeof f->why, "rank %d: %.*s", r, n > 1 ? (int)(n - 1 > 250 ? 250 : n - 1) : 0,
                 n > 1 ? (const char *)p + 1 : "");
        return 1;
    }
    uint64_t q = f->asked[r] >> 16, k = f->askedk[r];
    region *g = &f->rg[q];
    option *o = &g->opt[f->asked[r] & 0xffff];
    o->out = 0;
    if (p[1]) o->value = k;
    else if (k < 64) o->no |= (uint64_t)1 << k;
    size_t at = 2;
    f->positions[r] += cli_bytes_get_u64(p, n, &at);
    if (r != 0 && n > 10) { /* its entries, for rank 0's table of that region's game */
        cli_bytes_u64(&f->blobs, q);
        cli_bytes_u64(&f->blobs, n - 10);
        cli_bytes_put(&f->blobs, p + 10, n - 10);
        if (f->blobs.failed) { snprintf(f->why, sizeof f->why, "out of memory keeping the answers"); return 1; }
    }
    if (!g->done) settle(g);
    return 0;
}

/* rank 0's share, on its own ruleset (the command's: its table is the one the command reads) */
static void farm_work(void *user, const unsigned char *task, size_t n, cli_bytes *out, int (*interrupt)(void *), void *iu) {
    board_farm *f = user;
    task_view v;
    if (read_task(task, n, &v) != 0) { fail_out(out, "a malformed board task"); return; }
    gr_ctx_set_interrupt(f->ctx, interrupt, iu);
    answer(f->rg[v.region >> 16].rs, &v, out);
    gr_ctx_set_interrupt(f->ctx, cli_interrupted, NULL);
}

static void free_farm(board_farm *f) {
    for (size_t q = 0; q < f->nrg; q++) {
        for (size_t i = 0; i < f->rg[q].nopt; i++) free(f->rg[q].opt[i].args);
        free(f->rg[q].opt);
        free(f->rg[q].args);
    }
    free(f->rg);
    cli_bytes_free(&f->blobs);
}

/* the other ranks' entries into rank 0's tables, each into its region's game's */
static int load_blobs(board_farm *f, gr_error *err) {
    for (size_t at = 0; at < f->blobs.n;) {
        uint64_t q = cli_bytes_get_u64(f->blobs.p, f->blobs.n, &at), len = cli_bytes_get_u64(f->blobs.p, f->blobs.n, &at);
        if (gr_ruleset_board_load(f->rg[q].rs, (const char *)f->blobs.p + at, (size_t)len, err) != GR_OK) return 1;
        at += (size_t)len;
    }
    return 0;
}

int cli_mpi_board(const cli_opts *o, gr_ctx *ctx, gr_position *pos, int solve) {
    board_farm f = {.ctx = ctx, .want_solve = solve};
    gr_error err;
    gr_error_clear(&err);
    gr_term_info t;
    uint64_t rest = 0; /* the XOR of the other terms' values */
    int rc = 0;
    for (size_t i = 0; gr_position_term(pos, i, &t) == GR_OK && !rc; i++) {
        gr_board_stats bs = GR_SIZED(gr_board_stats);
        if (gr_ruleset_board_stats(t.ruleset, &bs, &err) != GR_OK) {
            uint64_t v;
            if (solve && gr_position_term_value(pos, i, &v, &err) == GR_OK) rest ^= v;
            else if (solve) rc = cli_report(&err, NULL, 0);
            continue;
        }
        part_sink ps = {&f, t.ruleset, 0};
        if (gr_ruleset_board_parts(t.ruleset, t.args, t.nargs, collect_part, &ps, &err) != GR_OK) rc = cli_report(&err, NULL, 0);
        else if (ps.oom) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; }
    }
    for (size_t q = 0; q < f.nrg && !rc; q++) {
        gr_status st = list_options(&f.rg[q], &err);
        if (st == GR_ENOMEM) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; }
        else if (st != GR_OK) rc = cli_report(&err, NULL, 0);
        else settle(&f.rg[q]);
    }
    f.rest = rest;
    for (size_t q = 0; q < f.nrg && !rc; q++)
        if (f.rg[q].nopt >= 65536) rc = cli_usage_error("--mpi: a region of more than 65535 options%s", "");
    cli_farm_ops ops = {&f, farm_next, farm_result, farm_work};
    cli_farm_stats st;
    double limit = (double)(o->has_max_seconds ? o->max_seconds : CLI_DEFAULT_SECONDS);
    char why[300];
    if (!rc && cli_mpi_size() > 256) rc = cli_usage_error("--mpi runs on at most 256 ranks%s", "");
    if (!rc && cli_farm_run(&ops, limit > 0 ? cli_now() + limit : 0, &st, why, sizeof why)) {
        fprintf(stderr, "grundy: error: --mpi: %s\n", f.why[0] ? f.why : why);
        rc = !strcmp(why, "interrupted") || !strncmp(why, "the time", 8) ? 2 : 1;
    }
    if (!rc && load_blobs(&f, &err)) rc = cli_report(&err, NULL, 0);
    for (size_t q = 0; q < f.nrg && !rc; q++)
        if (gr_ruleset_board_note_value(f.rg[q].rs, f.rg[q].args, f.rg[q].n, f.rg[q].k, &err) != GR_OK) rc = cli_report(&err, NULL, 0);
    memcpy(st.rank_positions, f.positions, sizeof st.rank_positions);
    if (!rc && f.nrg) cli_farm_report(&st, solve ? "solve" : "value");
    free_farm(&f);
    return rc;
}
