/* The board search's table saved and loaded (grundy/board.h), and the
 * questions, parts and keys a search spread over processes is made of
 * (the CLI's --mpi): the parts of the board families that work on the
 * table rather than on a term's moves (boardgame.c). */
#include <stdio.h>
#include <stdlib.h>
#include "games/boardgame.h"
#include "core/context_internal.h"

/* ---- saving and loading the table ---- */

/* 3: a checksum of the bytes before it ends the file (2 had none and is
 * still read; 1 keyed grids by the box of fewest columns, and is refused) */
#define TABLE_MAGIC "grundy board table 3\n"
#define TABLE_MAGIC_2 "grundy board table 2\n"
#define TABLE_MAGIC_OLD "grundy board table 1\n"
#define TABLE_SUM_BYTES 8

/* FNV-1a, 64 bits: catches a cut, a flipped or a missing byte */
static uint64_t table_sum(const unsigned char *p, size_t n) {
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 1099511628211ull;
    return h;
}

static const char *method_name(unsigned how) {
    return how & GRB_PLAIN_MEX ? "plain" : how & GRB_LV ? "lv" : "sets";
}

static gr_status table_bytes(gr_ruleset *rs, gri_buf *body, char **out, size_t *len, gr_error *err);

/* the checks before a table (or a part of one) is written: somewhere to put it, a board game, keys by shape */
static gr_status savable(gr_ruleset *rs, const char *who, char **out, size_t *len, gr_error *err) {
    if (out) *out = NULL;
    if (!out || !len) return gri_fail(err, GR_EINVAL, "%s: nowhere to put the table", who);
    if (!gri_bg_is_board(rs)) return gri_fail(err, GR_EINVAL, "%s is not a board or graph game", rs ? rs->spec : "(null)");
    if (gri_bg(rs)->how & GRB_NO_SYMMETRY)
        return gri_fail(err, GR_EINVAL, "%s: a table keyed by cells (GR_BOARD_NO_SYMMETRY) cannot be saved", rs->spec);
    return GR_OK;
}

gr_status gr_ruleset_board_save(gr_ruleset *rs, char **out, size_t *len, gr_error *err) {
    gr_status st = savable(rs, "gr_ruleset_board_save", out, len, err);
    if (st != GR_OK) return st;
    gri_boardrs *d = gri_bg(rs);
    st = gri_bg_need_solver(rs, err);
    if (st != GR_OK) return st;
    gri_buf body;
    gri_buf_init(&body, gri_ctx_alloc(rs->ctx));
    grb_table_export(d->sv.tt, 1, &body);
    return table_bytes(rs, &body, out, len, err);
}

/* body (freed here) with the header before it and the checksum after */
static gr_status table_bytes(gr_ruleset *rs, gri_buf *body, char **out, size_t *len, gr_error *err) {
    gri_boardrs *d = gri_bg(rs);
    gri_buf b;
    gri_buf_init(&b, gri_ctx_alloc(rs->ctx));
    gri_buf_puts(&b, TABLE_MAGIC);
    gri_buf_puts(&b, rs->spec);
    gri_buf_puts(&b, "\n");
    gri_buf_puts(&b, method_name(d->how));
    gri_buf_puts(&b, "\n");
    if (body->failed) b.failed = 1;
    else gri_buf_put(&b, body->data, body->len);
    gri_buf_free(body);
    if (!b.failed) {
        uint64_t h = table_sum((const unsigned char *)b.data, b.len);
        char sum[TABLE_SUM_BYTES];
        for (int i = 0; i < TABLE_SUM_BYTES; i++) sum[i] = (char)(h >> (8 * i));
        gri_buf_put(&b, sum, sizeof sum);
    }
    if (b.failed) { gri_buf_free(&b); return gri_fail(err, GR_ENOMEM, "out of memory saving the table"); }
    return gri_buf_take(&b, out, len);
}

/* the line at *at (through its newline), or NULL */
static const char *line_at(const char *data, size_t len, size_t *at, size_t *n) {
    size_t i = *at;
    while (i < len && data[i] != '\n') i++;
    if (i >= len) return NULL;
    const char *l = data + *at;
    *n = i - *at;
    *at = i + 1;
    return l;
}

gr_status gr_ruleset_board_load(gr_ruleset *rs, const char *data, size_t len, gr_error *err) {
    if (!data && len) return gri_fail(err, GR_EINVAL, "gr_ruleset_board_load: no data");
    if (!gri_bg_is_board(rs)) return gri_fail(err, GR_EINVAL, "%s is not a board or graph game", rs ? rs->spec : "(null)");
    gri_boardrs *d = gri_bg(rs);
    if (d->how & GRB_NO_SYMMETRY)
        return gri_fail(err, GR_EINVAL, "%s: a table keyed by cells (GR_BOARD_NO_SYMMETRY) cannot be loaded", rs->spec);
    size_t ml = strlen(TABLE_MAGIC), at = ml, n1 = 0, n2 = 0;
    if (len >= ml && !memcmp(data, TABLE_MAGIC_OLD, ml))
        return gri_fail(err, GR_EPARSE, "at byte 0: a board table of an older grundy (format 1, keyed otherwise): make it again");
    int summed = len >= ml && !memcmp(data, TABLE_MAGIC, ml);
    if (!summed && (len < ml || memcmp(data, TABLE_MAGIC_2, ml)))
        return gri_fail(err, GR_EPARSE, "at byte 0: not a board table (it starts with the line 'grundy board table 3')");
    if (summed) {
        if (len < ml + TABLE_SUM_BYTES)
            return gri_fail(err, GR_EPARSE, "at byte %zu: the table is cut short (it ends before its checksum)", len);
        size_t body = len - TABLE_SUM_BYTES;
        uint64_t want = 0;
        for (int i = 0; i < TABLE_SUM_BYTES; i++) want |= (uint64_t)(unsigned char)data[body + i] << (8 * i);
        if (table_sum((const unsigned char *)data, body) != want)
            return gri_fail(err, GR_EPARSE, "at byte %zu: the checksum does not match: the table is damaged or cut short",
                            body);
        len = body;
    }
    const char *spec = line_at(data, len, &at, &n1), *method = spec ? line_at(data, len, &at, &n2) : NULL;
    if (!spec || !method) return gri_fail(err, GR_EPARSE, "at byte %zu: the table ends in its header", at);
    if (n1 != strlen(rs->spec) || memcmp(spec, rs->spec, n1))
        return gri_fail(err, GR_EINVAL, "the table is of %.*s, not of %s", (int)(n1 > 200 ? 200 : n1), spec, rs->spec);
    const char *mine = method_name(d->how);
    int same = n2 == strlen(mine) && !memcmp(method, mine, n2);
    gr_status st = gri_bg_need_solver(rs, err);
    if (st != GR_OK) return st;
    size_t bad = 0;
    st = grb_table_import(d->sv.tt, (const unsigned char *)data + at, len - at, same, &bad, err);
    if (st == GR_EPARSE) {
        char msg[sizeof err->message];
        snprintf(msg, sizeof msg, "%s", err ? err->message : "");
        return gri_fail(err, GR_EPARSE, "at byte %zu: %s", at + bad, msg);
    }
    return st;
}

/* ---- questions, parts and keys (the MPI farm's pieces) ---- */

gr_status gr_ruleset_board_ask(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t k, int *yes, gr_error *err) {
    if (!yes) return gri_fail(err, GR_EINVAL, "gr_ruleset_board_ask: nowhere to put the answer");
    *yes = 0;
    if (!gri_bg_is_board(rs)) return gri_fail(err, GR_EINVAL, "%s is not a board or graph game", rs ? rs->spec : "(null)");
    return gri_bg_ask(rs, args, n, k, yes, err);
}

/* the parts of the term args (room for GRB_MAX_CELLS) and their number */
static gr_status parts_of(gr_ruleset *rs, const uint64_t *args, size_t n, grb_set **parts, size_t *np, gr_error *err) {
    grb_set s;
    *parts = NULL;
    if (!gri_bg_is_board(rs)) return gri_fail(err, GR_EINVAL, "%s is not a board or graph game", rs ? rs->spec : "(null)");
    gr_status st = gri_bg_ready(rs, args, n, &s, err);
    if (st != GR_OK) return st;
    *parts = gri_calloc(gri_ctx_alloc(rs->ctx), GRB_MAX_CELLS, sizeof **parts);
    if (!*parts) return gri_fail(err, GR_ENOMEM, "out of memory");
    *np = grb_sv_parts(&gri_bg(rs)->sv, &s, *parts);
    return GR_OK;
}

gr_status gr_ruleset_board_save_state(gr_ruleset *rs, const uint64_t *args, size_t n, char **out, size_t *len,
                                      gr_error *err) {
    gr_status st = savable(rs, "gr_ruleset_board_save_state", out, len, err);
    if (st != GR_OK) return st;
    gri_boardrs *d = gri_bg(rs);
    grb_set *parts;
    size_t np = 0;
    st = parts_of(rs, args, n, &parts, &np, err);
    if (st != GR_OK) return st;
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    gri_buf body;
    gri_buf_init(&body, al);
    uint64_t key[GRB_KEY_MAX];
    size_t have = 0;
    for (size_t p = 0; p < np; p++)
        have += (size_t)grb_table_export_key(d->sv.tt, key, grb_sv_key(&d->sv, &parts[p], key), &body);
    gri_free(al, parts);
    gri_buf b;
    gri_buf_init(&b, al);
    char cnt[8];
    for (int k = 0; k < 8; k++) cnt[k] = (char)((uint64_t)have >> (8 * k) & 0xff);
    gri_buf_put(&b, cnt, 8);
    if (!body.failed) gri_buf_put(&b, body.data, body.len);
    else b.failed = 1;
    gri_buf_free(&body);
    return table_bytes(rs, &b, out, len, err);
}

gr_status gr_ruleset_board_parts(gr_ruleset *rs, const uint64_t *args, size_t n, gr_state_option_fn fn, void *user,
                                 gr_error *err) {
    if (!fn) return gri_fail(err, GR_EINVAL, "gr_ruleset_board_parts: no callback");
    grb_set *parts;
    size_t np = 0;
    gr_status st = parts_of(rs, args, n, &parts, &np, err);
    if (st != GR_OK) return st;
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t width = gri_bg_grid(rs) ? 2 + (size_t)args[0] : 1 + 2 * (size_t)args[0];
    uint64_t *all = gri_calloc(al, np * (width + 1) + 1, sizeof *all);
    if (!all) st = gri_fail(err, GR_ENOMEM, "out of memory");
    /* each written down before any is handed on: the callback may search */
    for (size_t p = 0; st == GR_OK && p < np; p++) {
        uint64_t *rec = all + p * (width + 1);
        rec[0] = gri_bg_position_args(gri_bg(rs), args, &parts[p], rec + 1);
    }
    gri_free(al, parts);
    for (size_t p = 0; st == GR_OK && p < np; p++) {
        const uint64_t *rec = all + p * (width + 1);
        if (fn(user, rec + 1, (size_t)rec[0])) break;
    }
    gri_free(al, all);
    return st;
}

/* part keys in a fixed order: by length, then word by word */
static int key_cmp(const void *pa, const void *pb) {
    const uint64_t *a = pa, *b = pb;
    if (a[0] != b[0]) return a[0] < b[0] ? -1 : 1;
    for (size_t k = 1; k <= a[0]; k++)
        if (a[k] != b[k]) return a[k] < b[k] ? -1 : 1;
    return 0;
}

gr_status gr_ruleset_board_key(gr_ruleset *rs, const uint64_t *args, size_t n, char **key, size_t *len,
                               uint64_t *cost, gr_error *err) {
    if (key) *key = NULL;
    if (!key || !len) return gri_fail(err, GR_EINVAL, "gr_ruleset_board_key: nowhere to put the key");
    grb_set *parts;
    size_t np = 0;
    gr_status st = parts_of(rs, args, n, &parts, &np, err);
    if (st != GR_OK) return st;
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    gri_boardrs *d = gri_bg(rs);
    /* each part's key as its length and words, sorted: the same parts in any order give one key */
    uint64_t *ks = gri_calloc(al, np * (GRB_KEY_MAX + 1) + 1, sizeof *ks);
    uint64_t c = 0;
    if (!ks) st = gri_fail(err, GR_ENOMEM, "out of memory");
    for (size_t p = 0; st == GR_OK && p < np; p++) {
        uint64_t *k = ks + p * (GRB_KEY_MAX + 1);
        k[0] = grb_sv_key(&d->sv, &parts[p], k + 1);
        uint64_t cells = grb_count(&parts[p]);
        c += cells * cells;
    }
    if (st == GR_OK) qsort(ks, np, (GRB_KEY_MAX + 1) * sizeof *ks, key_cmp);
    gri_buf b;
    gri_buf_init(&b, al);
    for (size_t p = 0; st == GR_OK && p < np; p++) {
        const uint64_t *k = ks + p * (GRB_KEY_MAX + 1);
        for (size_t w = 0; w <= k[0]; w++) {
            char x[8];
            for (int q = 0; q < 8; q++) x[q] = (char)(k[w] >> (8 * q) & 0xff);
            gri_buf_put(&b, x, 8);
        }
    }
    gri_free(al, ks);
    gri_free(al, parts);
    if (st != GR_OK) { gri_buf_free(&b); return st; }
    if (b.failed) { gri_buf_free(&b); return gri_fail(err, GR_ENOMEM, "out of memory"); }
    if (cost) *cost = c;
    if (!b.len) gri_buf_put(&b, "", 0);
    return gri_buf_take(&b, key, len);
}

gr_status gr_ruleset_board_note_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t value, gr_error *err) {
    if (value >= GRB_NIM_UNKNOWN) return gri_fail(err, GR_EINVAL, "gr_ruleset_board_note_value: %llu is past the table's values", (unsigned long long)value);
    grb_set *parts;
    size_t np = 0;
    gr_status st = parts_of(rs, args, n, &parts, &np, err);
    if (st != GR_OK) return st;
    gri_boardrs *d = gri_bg(rs);
    if (np == 0 && value != 0) st = gri_fail(err, GR_EINVAL, "gr_ruleset_board_note_value: a position with no move has value 0");
    else if (np > 1) st = gri_fail(err, GR_EINVAL, "gr_ruleset_board_note_value: the position has %zu independent parts: note each", np);
    else if (np == 1) {
        uint64_t key[GRB_KEY_MAX];
        size_t klen = grb_sv_key(&d->sv, &parts[0], key);
        d->sv.err = err;
        st = grb_sv_tt_set_nim(&d->sv, key, klen, value);
    }
    gri_free(gri_ctx_alloc(rs->ctx), parts);
    return st;
}

/* an option written down with its place in the search's order */
typedef struct ordered {
    uint64_t order;
    size_t at; /* its words in the record block */
} ordered;

static int by_order(const void *a, const void *b) {
    const ordered *x = a, *y = b;
    return x->order < y->order ? -1 : x->order > y->order;
}

gr_status gr_ruleset_board_options(gr_ruleset *rs, const uint64_t *args, size_t n, gr_board_option_fn fn, void *user,
                                   gr_error *err) {
    if (!fn) return gri_fail(err, GR_EINVAL, "gr_ruleset_board_options: no callback");
    if (!gri_bg_is_board(rs)) return gri_fail(err, GR_EINVAL, "%s is not a board or graph game", rs ? rs->spec : "(null)");
    grb_set s;
    gr_status st = gri_bg_ready(rs, args, n, &s, err);
    if (st != GR_OK) return st;
    gri_boardrs *d = gri_bg(rs);
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    size_t width = gri_bg_grid(rs) ? 2 + (size_t)args[0] : 1 + 2 * (size_t)args[0];
    uint32_t *mv = gri_calloc(al, d->game.nmoves + 1, sizeof *mv);
    grb_set *parts = gri_calloc(al, GRB_MAX_CELLS, sizeof *parts);
    ordered *ord = gri_calloc(al, d->game.nmoves + 1, sizeof *ord);
    uint64_t *all = gri_calloc(al, (d->game.nmoves + 1) * (width + 1), sizeof *all);
    if (!mv || !parts || !ord || !all) st = gri_fail(err, GR_ENOMEM, "out of memory");
    size_t nm = st == GR_OK ? grb_moves(&d->game, &s, mv) : 0;
    grb_box box;
    if (st == GR_OK) grb_sv_box(&d->sv, &s, &box);
    /* each written down before any is handed on: the callback may search */
    for (size_t i = 0; i < nm; i++) {
        grb_set o = s;
        for (int k = 0; k < GRB_WORDS; k++) o.w[k] &= ~d->game.rem[mv[i]].w[k];
        size_t np = grb_sv_parts(&d->sv, &o, parts);
        uint64_t cost = 0;
        for (size_t p = 0; p < np; p++) cost += (uint64_t)grb_count(&parts[p]) * grb_count(&parts[p]);
        uint64_t *rec = all + i * (width + 1);
        rec[0] = gri_bg_position_args(d, args, &o, rec + 1);
        ord[i] = (ordered){grb_sv_order(&d->sv, &box, cost, mv[i]), i * (width + 1)};
    }
    qsort(ord, nm, sizeof *ord, by_order);
    for (size_t i = 0; i < nm; i++) {
        const uint64_t *rec = all + ord[i].at;
        if (fn(user, rec + 1, (size_t)rec[0], ord[i].order)) break;
    }
    gri_free(al, mv);
    gri_free(al, parts);
    gri_free(al, ord);
    gri_free(al, all);
    return st;
}
