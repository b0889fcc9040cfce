/* The operations the board and graph families share (boardgame.h): a
 * term's position as cells of its universe (a grid of its size, or its
 * graph), its value by the nimber search, its options written back as
 * positions of the same game. */
#include <stdio.h>
#include "games/boardgame.h"
#include "core/context_internal.h"

#define DEFAULT_TABLE ((uint64_t)1 << 21) /* 2^22 slots of 64 bytes: 256 MB at most */

gr_status gri_bg_new(gr_ruleset *rs, int kind, gr_error *err) {
    gri_boardrs *d = gri_calloc(gri_ctx_alloc(rs->ctx), 1, sizeof *d);
    if (!d) return gri_fail(err, GR_ENOMEM, "out of memory");
    d->kind = kind;
    d->syms = 0xff;
    d->how = GRB_LV; /* the default method (gr_board_config) */
    rs->data = d;
    return GR_OK;
}

void gri_bg_free(gr_ruleset *rs) {
    gri_boardrs *d = rs->data;
    if (!d) return;
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    if (d->have_sv) grb_solver_free(&d->sv);
    if (d->have_game) grb_game_free(&d->game);
    gri_free(al, d->shapes);
    gri_free(al, d);
    rs->data = NULL;
}

gr_status gri_bg_dominoes(gr_ruleset *rs, gr_error *err) {
    gri_boardrs *d = gri_bg(rs);
    d->shapes = gri_calloc(gri_ctx_alloc(rs->ctx), 2, sizeof *d->shapes);
    if (!d->shapes) return gri_fail(err, GR_ENOMEM, "out of memory");
    d->shapes[0] = (gri_shape){.n = 2, .h = 1, .w = 2, .r = {0, 0}, .c = {0, 1}};
    d->shapes[1] = (gri_shape){.n = 2, .h = 2, .w = 1, .r = {0, 1}, .c = {0, 0}};
    d->nshapes = 2;
    d->syms = gri_bg_shape_syms(d->shapes, 2);
    return GR_OK;
}

/* ---- the universe ---- */

static gr_status grid_moves(const gri_boardrs *d, size_t R, size_t C, grb_set **req, grb_set **rem, size_t *nm,
                            const gr_allocator *al, gr_error *err) {
    size_t cap = d->kind == GRI_BG_PLACE ? d->nshapes * R * C : R * C;
    *req = gri_calloc(al, cap + 1, sizeof **req);
    *rem = gri_calloc(al, cap + 1, sizeof **rem);
    if (!*req || !*rem) return gri_fail(err, GR_ENOMEM, "out of memory");
    size_t m = 0;
    if (d->kind == GRI_BG_PLACE) {
        for (size_t s = 0; s < d->nshapes; s++) {
            const gri_shape *sh = &d->shapes[s];
            for (size_t r0 = 0; r0 + sh->h <= R; r0++)
                for (size_t c0 = 0; c0 + sh->w <= C; c0++) {
                    for (size_t k = 0; k < sh->n; k++) grb_add(&(*req)[m], (r0 + sh->r[k]) * C + c0 + sh->c[k]);
                    (*rem)[m] = (*req)[m];
                    m++;
                }
        }
    } else {
        for (size_t r = 0; r < R; r++)
            for (size_t c = 0; c < C; c++, m++) {
                grb_add(&(*req)[m], r * C + c);
                grb_add(&(*rem)[m], r * C + c);
                if (r) grb_add(&(*rem)[m], (r - 1) * C + c);
                if (r + 1 < R) grb_add(&(*rem)[m], (r + 1) * C + c);
                if (c) grb_add(&(*rem)[m], r * C + c - 1);
                if (c + 1 < C) grb_add(&(*rem)[m], r * C + c + 1);
            }
    }
    *nm = m;
    return GR_OK;
}

static gr_status graph_moves(const gri_boardrs *d, const uint64_t *args, grb_set **req, grb_set **rem, size_t *nm,
                             const gr_allocator *al, gr_error *err) {
    size_t nv = (size_t)args[0];
    const uint64_t *row = args + 1 + nv;
    size_t cap = d->kind == GRI_BG_ARC_GRAPH ? nv * nv / 2 : nv;
    *req = gri_calloc(al, cap + 1, sizeof **req);
    *rem = gri_calloc(al, cap + 1, sizeof **rem);
    if (!*req || !*rem) return gri_fail(err, GR_ENOMEM, "out of memory");
    size_t m = 0;
    for (size_t u = 0; u < nv; u++) {
        if (d->kind == GRI_BG_NODE_GRAPH) {
            grb_add(&(*req)[m], u);
            (*rem)[m].w[0] = row[u] | (uint64_t)1 << u;
            m++;
            continue;
        }
        for (size_t v = u + 1; v < nv; v++)
            if (row[u] >> v & 1) {
                grb_add(&(*req)[m], u);
                grb_add(&(*req)[m], v);
                (*rem)[m] = (*req)[m];
                m++;
            }
    }
    *nm = m;
    return GR_OK;
}

/* the universe of the term args (d->game) and its position in it */
static gr_status universe(gr_ruleset *rs, const uint64_t *args, size_t n, grb_set *s, int *fresh, gr_error *err) {
    gri_boardrs *d = gri_bg(rs);
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t bad;
    gr_status st = gri_bg_check(rs, args, n, &bad, err);
    if (st != GR_OK) return st;
    memset(s, 0, sizeof *s);
    int grid = gri_bg_grid(rs);
    if (grid) {
        for (size_t r = 0; r < args[0]; r++)
            for (size_t c = 0; c < args[1]; c++)
                if (args[2 + r] >> c & 1) grb_add(s, r * args[1] + c);
    } else {
        for (size_t v = 0; v < args[0]; v++) grb_add(s, v);
    }
    *fresh = 0;
    if (grid && d->have_game && d->game_r == args[0] && d->game_c == args[1]) return GR_OK;
    if (d->have_game) grb_game_free(&d->game);
    d->have_game = 0;
    grb_set *req = NULL, *rem = NULL;
    size_t nm = 0;
    if (grid) st = grid_moves(d, (size_t)args[0], (size_t)args[1], &req, &rem, &nm, al, err);
    else st = graph_moves(d, args, &req, &rem, &nm, al, err);
    if (st == GR_OK) st = grb_game_init(&d->game, al, grid ? (size_t)(args[0] * args[1]) : (size_t)args[0], req, rem, nm, err);
    gri_free(al, req);
    gri_free(al, rem);
    if (st != GR_OK) return st;
    d->have_game = 1;
    d->game.keykind = grid ? GRB_KEY_GRID : GRB_KEY_GRAPH;
    d->game.rows = grid ? (size_t)args[0] : 0;
    d->game.cols = grid ? (size_t)args[1] : 0;
    d->game.syms = d->syms;
    grb_game_grid(&d->game);
    d->game_r = args[0];
    d->game_c = grid ? args[1] : 0;
    if (!grid) {
        size_t nv = (size_t)args[0];
        d->game.nbr = gri_calloc(al, nv + 1, sizeof *d->game.nbr);
        if (!d->game.nbr) return gri_fail(err, GR_ENOMEM, "out of memory");
        for (size_t v = 0; v < nv; v++) d->game.nbr[v].w[0] = args[1 + nv + v];
    }
    *fresh = 1;
    return GR_OK;
}

/* the solver, made when there is none yet (its game comes with the first value) */
gr_status gri_bg_need_solver(gr_ruleset *rs, gr_error *err) {
    gri_boardrs *d = gri_bg(rs);
    if (d->have_sv) return GR_OK;
    size_t cap = (size_t)(d->table ? d->table : DEFAULT_TABLE);
    gr_status st = grb_solver_init(&d->sv, NULL, gri_ctx_alloc(rs->ctx), d->how, cap, err);
    if (st != GR_OK) return st;
    d->have_sv = 1;
    if (rs->fam->search_what) d->sv.what = rs->fam->search_what;
    return GR_OK;
}

/* the ruleset's progress callback, with the positions searched so far */
static int board_progress(void *user, uint64_t nodes, uint64_t entries) {
    const gr_ruleset *rs = user;
    (void)entries;
    return rs->progress ? rs->progress(rs->progress_user, nodes, 0) : 0;
}

/* the term args ready to search: its universe and the solver on it; *s its position */
gr_status gri_bg_ready(gr_ruleset *rs, const uint64_t *args, size_t n, grb_set *s, gr_error *err) {
    gri_boardrs *d = gri_bg(rs);
    int fresh;
    gr_status st = universe(rs, args, n, s, &fresh, err);
    if (st != GR_OK) return st;
    if ((st = gri_bg_need_solver(rs, err)) != GR_OK) return st;
    if ((st = grb_solver_use(&d->sv, &d->game, fresh, err)) != GR_OK) return st;
    d->sv.progress = rs->progress ? board_progress : NULL;
    d->sv.progress_user = rs;
    d->sv.ctx = rs->ctx;
    d->sv.tick_on = 0;
    return GR_OK;
}

gr_status gri_bg_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err) {
    gri_boardrs *d = gri_bg(rs);
    grb_set s;
    gr_status st = gri_bg_ready(rs, args, n, &s, err);
    if (st != GR_OK) return st;
    unsigned threads = gr_ctx_threads(rs->ctx); /* at most GR_MAX_THREADS */
    uint64_t nodes[GRB_MAX_THREADS];
    st = grb_solve_team(&d->sv, &s, threads, value, nodes, err);
    for (unsigned t = 1; t < threads; t++) d->tnodes[t] += nodes[t];
    if (threads > d->threads) d->threads = threads;
    return st;
}

/* ---- options ---- */

/* the position s of the universe, written as args (room for 2 + 2 * 64 words) */
size_t gri_bg_position_args(const gri_boardrs *d, const uint64_t *args, const grb_set *s, uint64_t *out) {
    if (d->kind <= GRI_BG_NODE_GRID) {
        size_t R = (size_t)args[0], C = (size_t)args[1];
        out[0] = R;
        out[1] = C;
        for (size_t r = 0; r < R; r++) {
            uint64_t row = 0;
            for (size_t c = 0; c < C; c++)
                if (grb_has(s, r * C + c)) row |= (uint64_t)1 << c;
            out[2 + r] = row;
        }
        return 2 + R;
    }
    size_t nv = (size_t)args[0], k = 0;
    const uint64_t *lab = args + 1, *row = args + 1 + nv;
    uint8_t keep[GRB_GRAPH_MAX];
    for (size_t v = 0; v < nv; v++) {
        if (!grb_has(s, v)) continue;
        if (d->kind == GRI_BG_ARC_GRAPH && !(row[v] & s->w[0])) continue;
        keep[k++] = (uint8_t)v;
    }
    out[0] = k;
    for (size_t i = 0; i < k; i++) {
        out[1 + i] = lab[keep[i]];
        uint64_t r = 0;
        for (size_t j = 0; j < k; j++)
            if (row[keep[i]] >> keep[j] & 1) r |= (uint64_t)1 << j;
        out[1 + k + i] = r;
    }
    return 1 + 2 * k;
}

gr_status gri_bg_options(gr_ruleset *rs, const uint64_t *args, size_t n, gri_optiter *it, gr_state_option_fn fn,
                         void *user, gr_error *err) {
    gri_boardrs *d = gri_bg(rs);
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    grb_set s;
    int fresh;
    gr_status st = universe(rs, args, n, &s, &fresh, err);
    if (st != GR_OK) return st;
    if (fresh && d->have_sv && (st = grb_solver_use(&d->sv, &d->game, 1, err)) != GR_OK) return st;
    /* every option is written down before any is handed on: the callback
     * may value positions, which rebuilds the universe */
    size_t width = gri_bg_grid(rs) ? 2 + (size_t)args[0] : 1 + 2 * (size_t)args[0];
    uint32_t *mv = gri_calloc(al, d->game.nmoves + 1, sizeof *mv);
    uint64_t *all = gri_calloc(al, (d->game.nmoves + 1) * (width + 1), sizeof *all);
    if (!mv || !all) {
        gri_free(al, mv);
        gri_free(al, all);
        return gri_fail(err, GR_ENOMEM, "out of memory");
    }
    size_t nm = grb_moves(&d->game, &s, mv);
    for (size_t i = 0; i < nm; i++) {
        grb_set o = s;
        for (int k = 0; k < GRB_WORDS; k++) o.w[k] &= ~d->game.rem[mv[i]].w[k];
        uint64_t *rec = all + i * (width + 1);
        rec[0] = gri_bg_position_args(d, args, &o, rec + 1);
    }
    for (size_t i = 0; i < nm; i++) {
        if (it->max && it->seen >= it->max) { it->stopped = it->cut = 1; break; }
        const uint64_t *rec = all + i * (width + 1);
        it->seen++;
        if (fn(user, rec + 1, (size_t)rec[0])) { it->stopped = 1; break; }
    }
    gri_free(al, mv);
    gri_free(al, all);
    return GR_OK;
}

gr_status gri_bg_ask(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t k, int *yes, gr_error *err) {
    grb_set s;
    gr_status st = gri_bg_ready(rs, args, n, &s, err);
    return st == GR_OK ? grb_ask(&gri_bg(rs)->sv, &s, k, yes, err) : st;
}

gr_status gri_bg_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target, gr_state_option_fn fn,
                          void *user, int *complete, gr_error *err) {
    /* each option asked whether its value is the target: none is valued in full */
    return gri_state_moves_to_by(rs, args, n, target, gri_bg_ask, fn, user, complete, err);
}

/* ---- terms ---- */

gr_status gri_bg_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err) {
    return gri_bg_grid(rs) ? grb_grid_check(args, n, bad, err) : grb_graph_check(args, n, bad, err);
}

gr_status gri_bg_parse_args(const gr_ruleset *rs, const char *s, size_t n, int lines, const gr_parse_opts *opts,
                            uint64_t **args, size_t *nargs, size_t *used, size_t *errpos, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    if (gri_bg_grid(rs)) return grb_grid_parse(al, s, n, lines, args, nargs, used, errpos, err);
    return grb_graph_parse(al, s, n, lines, opts, args, nargs, used, errpos, err);
}

void gri_bg_write_term(const gr_ruleset *rs, const uint64_t *args, size_t n, gri_buf *b) {
    gri_buf_puts(b, rs->spec);
    gri_buf_puts(b, "(");
    if (gri_bg_grid(rs)) grb_grid_write(args, n, b);
    else grb_graph_write(args, n, b);
    gri_buf_puts(b, ")");
}

/* ---- shapes ---- */

void gri_bg_shape_turn(const gri_shape *in, unsigned t, gri_shape *out) {
    size_t r0 = SIZE_MAX, c0 = SIZE_MAX, r1 = 0, c1 = 0;
    out->n = in->n;
    for (size_t k = 0; k < in->n; k++) {
        size_t r, c;
        grb_transform(t, in->h, in->w, in->r[k], in->c[k], &r, &c);
        out->r[k] = (uint8_t)r;
        out->c[k] = (uint8_t)c;
        if (r < r0) r0 = r;
        if (r > r1) r1 = r;
        if (c < c0) c0 = c;
        if (c > c1) c1 = c;
    }
    for (size_t k = 0; k < out->n; k++) { out->r[k] = (uint8_t)(out->r[k] - r0); out->c[k] = (uint8_t)(out->c[k] - c0); }
    out->h = r1 - r0 + 1;
    out->w = c1 - c0 + 1;
}

int gri_bg_same_shape(const gri_shape *a, const gri_shape *b) {
    if (a->n != b->n || a->h != b->h || a->w != b->w) return 0;
    for (size_t i = 0; i < a->n; i++) {
        size_t j = 0;
        while (j < b->n && !(b->r[j] == a->r[i] && b->c[j] == a->c[i])) j++;
        if (j == b->n) return 0;
    }
    return 1;
}

unsigned gri_bg_shape_syms(const gri_shape *sh, size_t n) {
    unsigned syms = 0;
    for (unsigned t = 0; t < 8; t++) {
        int ok = 1;
        for (size_t i = 0; i < n && ok; i++) {
            gri_shape x;
            gri_bg_shape_turn(&sh[i], t, &x);
            size_t j = 0;
            while (j < n && !gri_bg_same_shape(&x, &sh[j])) j++;
            ok = j < n;
        }
        if (ok) syms |= 1u << t;
    }
    return syms;
}

/* ---- the public tuning and report (grundy/board.h) ---- */

int gri_bg_is_board(const gr_ruleset *rs) { return rs && rs->fam && rs->fam->value == gri_bg_value; }

gr_status gr_ruleset_board_config(gr_ruleset *rs, const gr_board_config *cfg, gr_error *err) {
    if (!cfg) return gri_fail(err, GR_EINVAL, "gr_ruleset_board_config: no config given");
    if (!GRI_SIZE_OK(cfg, gr_board_config)) return GRI_SIZE_FAIL(err, gr_board_config);
    if (!gri_bg_is_board(rs)) return gri_fail(err, GR_EINVAL, "%s is not a board or graph game", rs ? rs->spec : "(null)");
    if (cfg->flags & ~(unsigned)(GR_BOARD_NO_SPLIT | GR_BOARD_NO_SYMMETRY | GR_BOARD_PLAIN_MEX | GR_BOARD_LV |
                                 GR_BOARD_NO_REDUCE | GR_BOARD_SETS))
        return gri_fail(err, GR_EINVAL, "gr_board_config: unknown flags 0x%x", cfg->flags);
    if ((cfg->flags & GR_BOARD_LV) && (cfg->flags & GR_BOARD_SETS))
        return gri_fail(err, GR_EINVAL, "gr_board_config: GR_BOARD_LV and GR_BOARD_SETS are two methods: choose one");
    if (cfg->table_entries > ((uint64_t)1 << 40))
        return gri_fail(err, GR_EINVAL, "gr_board_config: a table of %llu entries is too large (at most 2^40)",
                        (unsigned long long)cfg->table_entries);
    gri_boardrs *d = gri_bg(rs);
    if (d->have_sv) {
        d->nodes += d->sv.nodes;
        grb_solver_free(&d->sv);
    }
    d->have_sv = 0;
    d->how = (cfg->flags & GR_BOARD_NO_SPLIT ? GRB_NO_SPLIT : 0) | (cfg->flags & GR_BOARD_NO_SYMMETRY ? GRB_NO_SYMMETRY : 0) |
             (cfg->flags & GR_BOARD_PLAIN_MEX ? GRB_PLAIN_MEX : 0) | (cfg->flags & GR_BOARD_SETS ? 0 : GRB_LV) |
             (cfg->flags & GR_BOARD_NO_REDUCE ? GRB_NO_REDUCE : 0);
    d->table = cfg->table_entries;
    return GR_OK;
}

int gr_ruleset_board_is_grid(const gr_ruleset *rs) { return gri_bg_is_board(rs) && gri_bg_grid(rs); }

gr_status gr_ruleset_board_stats(const gr_ruleset *rs, gr_board_stats *out, gr_error *err) {
    if (!out) return gri_fail(err, GR_EINVAL, "gr_ruleset_board_stats: nowhere to put the report");
    if (!GRI_SIZE_OK(out, gr_board_stats)) return GRI_SIZE_FAIL(err, gr_board_stats);
    if (!gri_bg_is_board(rs)) return gri_fail(err, GR_EINVAL, "%s is not a board or graph game", rs ? rs->spec : "(null)");
    GRI_CLEAR_SIZED(out);
    const gri_boardrs *d = gri_bg(rs);
    out->positions = d->nodes;
    if (d->have_sv) out->positions += d->sv.nodes;
    out->threads = d->threads ? d->threads : 1;
    out->thread_positions[0] = out->positions;
    for (unsigned t = 1; t < GRB_MAX_THREADS; t++) {
        out->thread_positions[t] = d->tnodes[t];
        out->positions += d->tnodes[t];
    }
    if (d->have_sv) {
        out->entries = grb_table_count(d->sv.tt);
        out->flushes = d->sv.tt->flushes;
        out->replaced = d->sv.tt->replaced;
    }
    return GR_OK;
}
