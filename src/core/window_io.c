/* Windowed runs saved and resumed (gr_window_save, gr_window_load).
 *
 * The state, little-endian throughout:
 *   "grundy window 3\n"
 *   u64 fields: spec length, W, head, n, value width, largest value,
 *               class mask, class dom, values handed out, largest value of
 *               an unlisted position
 *   the spec's bytes
 *   G(0..head-1) and G(n-W..n-1), `width` bytes each
 *   u64 k, then k pairs (u64 position, u64 value): the listed positions
 *   found during the run (window_far.c)
 *   u64 FNV-1a hash of everything before it
 * The listed positions are not stored: they are the head's positions in
 * the class (mask, dom), rebuilt on load. */
#include <string.h>
#include "core/sparse.h"
#include "core/window_far.h"

#define MAGIC "grundy window 3\n"
#define MAGIC2 "grundy window 2\n" /* read too: without the last field */
#define NFIELDS 10

typedef struct sink {
    gr_window_write_fn write;
    void *user;
    uint64_t hash;
    int failed;
} sink;

static void hash_bytes(uint64_t *h, const uint8_t *p, size_t n) {
    uint64_t x = *h;
    for (size_t i = 0; i < n; i++) x = (x ^ p[i]) * 0x100000001b3ull;
    *h = x;
}

static void put(sink *s, const void *p, size_t n) {
    if (s->failed || !n) return;
    hash_bytes(&s->hash, p, n);
    if (s->write(s->user, p, n)) s->failed = 1;
}

static void put_u64(sink *s, uint64_t v) {
    uint8_t b[8];
    for (int i = 0; i < 8; i++) b[i] = (uint8_t)(v >> (8 * i));
    put(s, b, 8);
}

/* values x in [lo, hi) through at(x), tw bytes each, in chunks */
static void put_values(sink *s, const gr_window *w, uint64_t lo, uint64_t hi, int from_table) {
    uint8_t buf[4096];
    size_t k = 0;
    for (uint64_t x = lo; x < hi; x++) {
        uint32_t v = from_table ? gri_tab_at(w->rs, (size_t)x) : gri_win_at(w, x);
        for (unsigned i = 0; i < w->tw; i++) buf[k++] = (uint8_t)(v >> (8 * i));
        if (k + 4 > sizeof buf) { put(s, buf, k); k = 0; }
    }
    put(s, buf, k);
}

gr_status gr_window_save(const gr_window *w, gr_window_write_fn write, void *user, gr_error *err) {
    const gr_ruleset *rs = w->rs;
    sink s = {write, user, 0xcbf29ce484222325ull, 0};
    size_t sl = strlen(rs->spec);
    put(&s, MAGIC, strlen(MAGIC));
    uint64_t f[NFIELDS] = {sl, w->W, w->head, w->n, w->tw, w->vmax, rs->sp.mask, rs->sp.dom, w->emitted, w->umax};
    for (int i = 0; i < NFIELDS; i++) put_u64(&s, f[i]);
    put(&s, rs->spec, sl);
    put_values(&s, w, 0, w->head, 1);
    put_values(&s, w, w->n - w->W, w->n, 0);
    put_u64(&s, w->nfar);
    for (size_t i = 0; i < w->nfar; i++) {
        put_u64(&s, w->farpos[i].pos);
        put_u64(&s, w->farpos[i].val);
    }
    uint64_t h = s.hash;
    put_u64(&s, h);
    if (s.failed) return gri_fail(err, GR_ELIMIT, "%s: the windowed run's state could not be written", rs->spec);
    return GR_OK;
}

typedef struct source {
    gr_window_read_fn read;
    void *user;
    uint64_t hash;
    int failed;
} source;

static int get(source *s, void *p, size_t n) {
    if (s->failed || !n) return !s->failed;
    if (s->read(s->user, p, n)) { s->failed = 1; return 0; }
    hash_bytes(&s->hash, p, n);
    return 1;
}

static int get_u64(source *s, uint64_t *v) {
    uint8_t b[8];
    if (!get(s, b, 8)) return 0;
    *v = 0;
    for (int i = 0; i < 8; i++) *v |= (uint64_t)b[i] << (8 * i);
    return 1;
}

/* count values of fw bytes each into the table or the window (at its own
 * width), positions from lo */
static int get_values(source *s, gr_window *w, unsigned fw, uint64_t lo, uint64_t count, int to_table, uint32_t *vmax) {
    uint8_t buf[4096];
    size_t per = sizeof buf / fw;
    for (uint64_t done = 0; done < count;) {
        size_t k = count - done < per ? (size_t)(count - done) : per;
        if (!get(s, buf, k * fw)) return 0;
        for (size_t j = 0; j < k; j++) {
            uint32_t v = 0;
            for (unsigned i = 0; i < fw; i++) v |= (uint32_t)buf[j * fw + i] << (8 * i);
            if (v > *vmax) *vmax = v;
            uint64_t x = lo + done + j;
            if (to_table) {
                gri_store_w(w->rs->tab, w->tw, (size_t)x, v);
            } else {
                gri_store_w(w->win, w->tw, (size_t)(x - w->base), v);
                gri_store_w(w->rev, w->tw, (size_t)(w->rtop - x), v);
            }
        }
        done += k;
    }
    return 1;
}

static gr_status bad(gr_error *err, const char *what) {
    return gri_fail(err, GR_EPARSE, "not a windowed run's state: %s", what);
}

/* the state's fields, checked against rs */
static gr_status read_header(source *s, gr_ruleset *rs, uint64_t *f, gr_error *err) {
    char magic[sizeof MAGIC - 1];
    if (!get(s, magic, sizeof magic)) return bad(err, "no 'grundy window 3' header");
    int old = !memcmp(magic, MAGIC2, sizeof magic);
    if (!old && memcmp(magic, MAGIC, sizeof magic)) return bad(err, "no 'grundy window 3' header");
    f[NFIELDS - 1] = UINT64_MAX; /* version 2: umax not kept */
    for (int i = 0; i < NFIELDS - old; i++)
        if (!get_u64(s, &f[i])) return bad(err, "truncated in its header");
    char spec[512];
    size_t sl = strlen(rs->spec);
    if (f[0] != sl || sl >= sizeof spec || !get(s, spec, sl) || memcmp(spec, rs->spec, sl))
        return gri_fail(err, GR_EINVAL, "the windowed run's state is not one of %s", rs->spec);
    uint64_t W = f[1], head = f[2], n = f[3], tw = f[4];
    if (head < W || n < head || (tw != 1 && tw != 2 && tw != 4) || (tw < 4 && f[5] >= ((uint64_t)1 << (8 * tw))) ||
        f[7] > 1 || f[6] > UINT32_MAX || head > SIZE_MAX / 4 || f[8] > n || (f[8] < n && f[8] > head) ||
        W > n || (f[9] != UINT64_MAX && f[9] > f[5]))
        return bad(err, "its fields are out of range");
    if (rs->len > head) return gri_fail(err, GR_EINVAL, "%s: the ruleset has more values than the state's head", rs->spec);
    return GR_OK;
}

gr_status gr_window_load(gr_ruleset *rs, const gr_window_config *cfg, gr_window_read_fn read, void *user,
                         gr_window **out, gr_error *err) {
    *out = NULL;
    if (cfg && cfg->size < sizeof(gr_window_config)) return gri_fail(err, GR_EINVAL, "gr_window_config: size not set (GR_SIZED)");
    source s = {read, user, 0xcbf29ce484222325ull, 0};
    uint64_t f[NFIELDS];
    gr_status st = read_header(&s, rs, f, err);
    if (st != GR_OK) return st;
    gr_window *w;
    if ((st = gri_window_open(rs, f[1], cfg ? cfg->threads : 1, &w, err)) != GR_OK) return st;
    uint64_t head = f[2], n = f[3];
    unsigned tw = (unsigned)f[4];
    uint32_t vh = 0, vw = 0;
    /* the head into the table */
    if ((st = gri_rs_reserve(rs, (size_t)head, err)) == GR_OK) st = gri_rs_widen(rs, tw, err);
    if (st != GR_OK) goto fail;
    w->tw = rs->tw; /* at least tw: a table may be wider than its values need */
    if (!get_values(&s, w, tw, 0, head, 1, &vh)) { st = bad(err, "truncated in its values"); goto fail; }
    rs->len = (size_t)head;
    rs->tabmax = vh;
    /* the window: empty buffers, then its values */
    w->head = head;
    w->n = w->base = n - w->W;
    w->rtop = w->base + 2 * w->W - 1;
    gri_free(gri_ctx_alloc(rs->ctx), rs->sp.rev);
    rs->sp.rev = NULL;
    rs->sp.revm = rs->sp.revlen = 0;
    if ((st = gri_window_buffers(w, w->tw, err)) != GR_OK) goto fail;
    if (!get_values(&s, w, tw, w->base, w->W, 0, &vw)) { st = bad(err, "truncated in its values"); goto fail; }
    w->n = n;
    w->emitted = f[8];
    w->vmax = (uint32_t)f[5];
    uint64_t nfar;
    if (!get_u64(&s, &nfar)) { st = bad(err, "truncated in its rare positions"); goto fail; }
    for (uint64_t i = 0; i < nfar; i++) {
        uint64_t pos, val;
        if (!get_u64(&s, &pos) || !get_u64(&s, &val)) { st = bad(err, "truncated in its rare positions"); goto fail; }
        if (pos < head || pos >= n || val > w->vmax || (i && pos <= w->farpos[i - 1].pos)) {
            st = bad(err, "a rare position out of range");
            goto fail;
        }
        if ((st = gri_wfar_add(w, pos, (uint32_t)val, err)) != GR_OK) goto fail;
    }
    uint64_t h = s.hash, stored;
    if (!get_u64(&s, &stored)) { st = bad(err, "truncated at its end"); goto fail; }
    if (stored != h) { st = bad(err, "its checksum does not match (a damaged file)"); goto fail; }
    if (vh > w->vmax || vw > w->vmax) { st = bad(err, "a value above its largest"); goto fail; }
    /* the class as saved, its list rebuilt from the head */
    unsigned par = 0;
    for (size_t i = 0; i < w->wr.ntwo; i++) par |= 1u << (w->wr.two[i] & 1);
    if (!gri_sp_restore(rs, par, (uint32_t)f[6], (unsigned)f[7])) {
        st = gri_fail(err, GR_ENOMEM, "out of memory: listed positions");
        goto fail;
    }
    if ((st = gri_window_class(w, err)) != GR_OK) goto fail;
    /* an old state: umax from every value, at the first slow pass */
    w->umax_exact = f[9] != UINT64_MAX;
    w->umax = w->umax_exact ? (uint32_t)f[9] : w->vmax;
    if (w->umax < rs->sp.umax) w->umax = rs->sp.umax;
    *out = w;
    return GR_OK;
fail:
    gri_window_close(w);
    return st;
}
