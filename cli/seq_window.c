#define _POSIX_C_SOURCE 200809L
/* grundy seq CODE --to N with --window W (or N >= 2^30): a windowed run
 * (grundy/window.h) in memory that does not grow with N. The values go to
 * stdout as they come, or into --histogram DIR; --checkpoint FILE keeps the
 * run's state (and the histogram's counts) so that a killed run resumes.
 *
 * Its checkpoint: a line "GRWIN1 SPEC", the library's state
 * (gr_window_save), then the counts: u64 k, k u64 counts (values 0..k-1),
 * u64 FNV-1a hash of the counts, all little-endian. Written to FILE.tmp,
 * fsync'ed and renamed over FILE, like the table's checkpoints.
 *
 * --out FILE keeps every value: "GRWVAL1\n", a width byte (1, 2 or 4,
 * from the head's largest value) and 7 zero bytes, then the values
 * little-endian. The run reads it back (gr_window_set_values) where the
 * kept values do not decide a heap, and for the partners of a rare position
 * past the window. A resumed run cuts it to the checkpoint's values. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "json.h"

typedef struct wrun {
    const cli_opts *o;
    gr_window *w;
    const char *spec;
    cli_hist hist;
    int counting;          /* --histogram */
    int printing, json;    /* values to stdout */
    int json_open;         /* the JSON object is begun and not ended */
    json_writer jw;
    uint64_t printed;
    double start, last_save, last_bar, last_line;
    double t0;             /* when this process began the run (the head's table included) */
    uint64_t start_done;   /* values known when this process started */
    uint64_t next_line;    /* the next power of two for a progress line (not a terminal) */
    int bar;
    FILE *vals;            /* --out: the values file */
    unsigned vw;           /* its width */
    int rc;                /* an exit code from the sink (histogram, checkpoint) */
    char why[512];
} wrun;

static void put_u64(FILE *f, uint64_t v) {
    unsigned char b[8];
    for (int i = 0; i < 8; i++) b[i] = (unsigned char)(v >> (8 * i));
    fwrite(b, 1, 8, f);
}

static int get_u64(FILE *f, uint64_t *v) {
    unsigned char b[8];
    if (fread(b, 1, 8, f) != 8) return -1;
    *v = 0;
    for (int i = 0; i < 8; i++) *v |= (uint64_t)b[i] << (8 * i);
    return 0;
}

static int file_write(void *user, const void *p, size_t n) { return fwrite(p, 1, n, user) != n; }
static int file_read(void *user, void *p, size_t n) { return fread(p, 1, n, user) != n; }

static uint64_t counts_hash(const cli_hist *h, uint64_t k) {
    uint64_t x = 1469598103934665603ull;
    for (uint64_t v = 0; v < k; v++) x = (x ^ h->cnt[v]) * 1099511628211ull;
    return x;
}

#define VHEAD 16

/* the values file's values G(first..first+count-1) (gr_window_values_fn) */
static int read_values(void *user, uint64_t first, uint64_t count, uint32_t *out) {
    wrun *r = user;
    if (fflush(r->vals) != 0) return 1;
    unsigned char buf[4096 * 4];
    size_t per = sizeof buf / r->vw;
    for (uint64_t done = 0; done < count;) {
        size_t k = count - done < per ? (size_t)(count - done) : per;
        off_t at = (off_t)(VHEAD + (first + done) * r->vw);
        if (pread(fileno(r->vals), buf, k * r->vw, at) != (ssize_t)(k * r->vw)) return 1;
        for (size_t j = 0; j < k; j++) {
            uint32_t v = 0;
            for (unsigned i = 0; i < r->vw; i++) v |= (uint32_t)buf[j * r->vw + i] << (8 * i);
            out[done + j] = v;
        }
        done += k;
    }
    return 0;
}

/* the values file: made, or (resuming) cut to the values handed out */
static int open_values(wrun *r, int resumed, uint64_t emitted, uint64_t largest) {
    const char *path = r->o->out_path;
    if (resumed) {
        r->vals = fopen(path, "r+b");
        unsigned char h[VHEAD];
        if (!r->vals || fread(h, 1, VHEAD, r->vals) != VHEAD || memcmp(h, "GRWVAL1\n", 8) ||
            (h[8] != 1 && h[8] != 2 && h[8] != 4)) {
            snprintf(r->why, sizeof r->why, "'%.300s' is not the values file of this run (resume with the same --out)", path);
            return 2;
        }
        r->vw = h[8];
        off_t want = (off_t)(VHEAD + emitted * r->vw);
        if (fseeko(r->vals, 0, SEEK_END) != 0 || ftello(r->vals) < want) {
            snprintf(r->why, sizeof r->why, "'%.300s' holds fewer values than the checkpoint (%llu)", path,
                     (unsigned long long)emitted);
            return 2;
        }
        if (ftruncate(fileno(r->vals), want) != 0 || fseeko(r->vals, want, SEEK_SET) != 0) {
            snprintf(r->why, sizeof r->why, "cannot cut '%.300s' to the checkpoint's values", path);
            return 1;
        }
        return 0;
    }
    r->vals = fopen(path, "w+b");
    if (!r->vals) {
        snprintf(r->why, sizeof r->why, "cannot write '%.300s'", path);
        return 2;
    }
    r->vw = largest < 128 ? 1 : largest < 32768 ? 2 : 4;
    unsigned char h[VHEAD] = "GRWVAL1\n";
    h[8] = (unsigned char)r->vw;
    if (fwrite(h, 1, VHEAD, r->vals) != VHEAD) {
        snprintf(r->why, sizeof r->why, "cannot write '%.300s'", path);
        return 2;
    }
    return 0;
}

static int save(wrun *r) {
    const char *path = r->o->checkpoint;
    /* the values file first: it must hold every value the checkpoint counts */
    if (r->vals && (fflush(r->vals) != 0 || fsync(fileno(r->vals)) != 0)) return -1;
    char tmp[4096];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s.tmp", path) >= sizeof tmp) return -1;
    FILE *f = fopen(tmp, "wb");
    if (!f) return -1;
    fprintf(f, "GRWIN1 %s\n", r->spec);
    gr_error err;
    int bad = gr_window_save(r->w, file_write, f, &err) != GR_OK;
    uint64_t k = r->counting && r->hist.cnt ? r->hist.top + 1 : 0;
    put_u64(f, k);
    for (uint64_t v = 0; v < k; v++) put_u64(f, r->hist.cnt[v]);
    put_u64(f, counts_hash(&r->hist, k));
    if (bad || fflush(f) != 0 || fsync(fileno(f)) != 0) { fclose(f); remove(tmp); return -1; }
    if (fclose(f) != 0) { remove(tmp); return -1; }
    return rename(tmp, path);
}

/* the run from the checkpoint when there is one: 0 loaded, 1 none, 2 unusable (why) */
static int load(wrun *r, gr_ruleset *rs, const gr_window_config *cfg) {
    const char *path = r->o->checkpoint;
    FILE *f = fopen(path, "rb");
    if (!f) return 1;
    char head[1024] = "";
    size_t sl = strlen(r->spec);
    if (!fgets(head, sizeof head, f) || strncmp(head, "GRWIN1 ", 7)) {
        fclose(f);
        snprintf(r->why, sizeof r->why, "'%s' is not a windowed run's checkpoint%s", path,
                 strncmp(head, "GRCKPT1 ", 8) ? "" : " (it holds a table: resume it without --window)");
        return 2;
    }
    if (strncmp(head + 7, r->spec, sl) || head[7 + sl] != '\n') {
        fclose(f);
        head[strcspn(head, "\n")] = 0;
        snprintf(r->why, sizeof r->why, "'%.200s' is a checkpoint of %.200s, not of %s", path, head + 7, r->spec);
        return 2;
    }
    gr_error err;
    if (gr_window_load(rs, cfg, file_read, f, &r->w, &err) != GR_OK) {
        fclose(f);
        snprintf(r->why, sizeof r->why, "'%s': %s", path, err.message);
        return 2;
    }
    uint64_t k, sum;
    int ok = get_u64(f, &k) == 0 && k <= ((uint64_t)1 << 28);
    if (ok && k) {
        r->hist.cnt = calloc((size_t)k, sizeof *r->hist.cnt);
        r->hist.cap = k;
        ok = r->hist.cnt != NULL;
        for (uint64_t v = 0; ok && v < k; v++) ok = get_u64(f, &r->hist.cnt[v]) == 0;
        r->hist.top = k - 1;
    }
    ok = ok && get_u64(f, &sum) == 0 && sum == counts_hash(&r->hist, k);
    fclose(f);
    if (!ok) {
        snprintf(r->why, sizeof r->why, "'%s': its histogram counts are truncated or damaged", path);
        return 2;
    }
    /* the counts cover G(1..done-1): the next file is at the next power of two */
    gr_window_stats st = GR_SIZED(gr_window_stats);
    gr_window_stats_get(r->w, &st);
    uint64_t done = st.done;
    r->hist.next = 1;
    while (r->hist.next < done && r->hist.next <= UINT64_MAX / 2) r->hist.next *= 2;
    return 0;
}

static void progress_text(wrun *r, char *buf, size_t bl) {
    gr_window_stats st = GR_SIZED(gr_window_stats);
    gr_window_stats_get(r->w, &st);
    double t = cli_now() - r->start, rate = t > 0 ? (double)(st.done - r->start_done) / t : 0;
    snprintf(buf, bl, "%s: %llu of %llu values, %.2f M values/s, %llu rare, %.1f MB, %.0f s", r->spec,
             (unsigned long long)st.done, (unsigned long long)r->o->to + 1, rate / 1e6, (unsigned long long)st.listed,
             (double)st.memory / 1e6, t);
}

/* appends G(first..first+len-1) to the values file, a buffer at a time:
 * 0, or the exit code with why */
static int write_values(wrun *r, uint64_t first, const uint32_t *v, size_t len) {
    enum { B = 4096 };
    unsigned char buf[4 * B];
    for (size_t i = 0; i < len; i += B) {
        size_t m = len - i < B ? len - i : B, k = 0;
        uint32_t wide = 0; /* the bits of the values beyond the file's width */
        const uint32_t *u = v + i;
        switch (r->vw) {
        case 1:
            for (size_t j = 0; j < m; j++) {
                wide |= u[j] >> 8;
                buf[k++] = (unsigned char)u[j];
            }
            break;
        case 2:
            for (size_t j = 0; j < m; j++) {
                wide |= u[j] >> 16;
                buf[k++] = (unsigned char)u[j];
                buf[k++] = (unsigned char)(u[j] >> 8);
            }
            break;
        default:
            for (size_t j = 0; j < m; j++)
                for (unsigned b = 0; b < 4; b++) buf[k++] = (unsigned char)(u[j] >> (8 * b));
            break;
        }
        if (wide) {
            size_t j = 0;
            while (!(u[j] >> (8 * r->vw))) j++;
            snprintf(r->why, sizeof r->why, "G(%llu) = %u does not fit the values file's %u-byte values",
                     (unsigned long long)(first + i + j), u[j], r->vw);
            return 1;
        }
        if (fwrite(buf, 1, k, r->vals) != k) {
            snprintf(r->why, sizeof r->why, "cannot write '%.300s'", r->o->out_path);
            return 1;
        }
    }
    return 0;
}

static int sink(void *user, uint64_t first, const uint32_t *v, size_t len) {
    wrun *r = user;
    if (r->counting) r->rc = cli_hist_add_run(&r->hist, first, v, len, r->why, sizeof r->why);
    for (size_t i = 0; i < len && !r->rc && r->printing; i++) {
        if (r->json) json_uint(&r->jw, v[i]);
        else printf(r->printed++ ? " %u" : "%u", v[i]);
    }
    if (!r->rc && r->vals) r->rc = write_values(r, first, v, len);
    if (r->rc) return 1;
    double t = cli_now();
    uint64_t done = first + len;
    if (r->bar && t - r->start > 1.0 && t - r->last_bar > 0.2) {
        char line[256];
        progress_text(r, line, sizeof line);
        fprintf(stderr, "\r%s\033[K", line);
        r->last_bar = t;
    }
    if (!r->bar && !r->o->quiet && done >= r->next_line) {
        char line[256];
        progress_text(r, line, sizeof line);
        fprintf(stderr, "grundy: %s\n", line);
        while (r->next_line <= done && r->next_line <= UINT64_MAX / 2) r->next_line *= 2;
    }
    double every = r->o->checkpoint_ms ? (double)r->o->checkpoint_ms / 1000.0 : 5.0;
    if (r->o->checkpoint && t - r->last_save >= every) {
        (void)save(r);
        r->last_save = t;
    }
    return 0;
}

/* the run's figures under the key "run" (with --json) */
static void json_run(wrun *r) {
    gr_window_stats st = GR_SIZED(gr_window_stats);
    gr_window_stats_get(r->w, &st);
    double secs = cli_now() - r->t0;
    json_writer *j = &r->jw;
    json_key(j, "run");
    json_object_begin(j);
    static const char *const keys[] = {"done",          "head",   "window",  "listed", "largest_listed", "far_listed",
                                       "largest_value", "memory", "threads", "helped", "slow_heaps", "verified",
                                       "sent_back"};
    const uint64_t vals[] = {st.done,          st.head,   st.window,  st.listed,     st.largest_listed,
                             st.far_listed,    st.largest_value, st.memory, st.threads, st.helped,
                             st.slow_heaps,    st.verified, st.sent_back};
    for (size_t i = 0; i < sizeof vals / sizeof *vals; i++) {
        json_key(j, keys[i]);
        json_uint(j, vals[i]);
    }
    json_key(j, "seconds");
    json_fixed(j, secs, 3);
    json_key(j, "values_per_second");
    json_fixed(j, secs > 0 ? (double)(st.done - r->start_done) / secs : 0, 0);
    json_object_end(j);
}

/* ends the JSON object, once, also when the run stopped: the values so far
 * and the figures of the run as far as it went */
static void json_finish(wrun *r) {
    if (!r->json_open) return;
    r->json_open = 0;
    if (r->printing) json_array_end(&r->jw);
    json_run(r);
    json_object_end(&r->jw);
    json_line_end(&r->jw);
}

int cli_seq_window(const cli_opts *o, gr_ruleset *rs) {
    if (o->plot_path) {
        fprintf(stderr, "grundy: error: a windowed run keeps no table for --plot: use --histogram DIR, or --out FILE\n");
        return 2;
    }
    wrun r;
    memset(&r, 0, sizeof r);
    r.o = o;
    r.spec = gr_ruleset_spec(rs);
    r.counting = o->histogram_dir != NULL;
    r.printing = !r.counting && !o->out_path;
    r.json = o->json;
    r.t0 = cli_now();
    r.bar = !o->quiet && isatty(2);
    r.next_line = (uint64_t)1 << 24;
    gr_window_config cfg = GR_SIZED(gr_window_config);
    cfg.window = o->window;
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    cfg.threads = o->has_threads && o->threads ? (unsigned)o->threads : cores > 0 ? (unsigned)cores : 1;
    int rc = 0, lock_fd = -1, loaded = 1;
    if (r.counting && (rc = cli_hist_open(&r.hist, o->histogram_dir, r.why, sizeof r.why)) != 0) goto fail;
    if (o->checkpoint) {
        if (cli_checkpoint_lock(o->checkpoint, &lock_fd, r.why, sizeof r.why) != 0) { rc = 2; goto fail; }
        if ((loaded = load(&r, rs, &cfg)) == 2) { rc = 2; goto fail; }
    }
    gr_error err;
    gr_error_clear(&err);
    /* A run shorter than the window: the head (the window's length, from the
     * whole table) would compute values past --to, 2^22 of them by default;
     * a window of the run's own length (GR_WINDOW_MIN at least) makes the
     * same values. Not with a checkpoint, which a longer rerun resumes. */
    uint64_t asked = o->window ? o->window : GR_WINDOW_DEFAULT;
    uint64_t fit = o->to + 1 > GR_WINDOW_MIN ? o->to + 1 : GR_WINDOW_MIN;
    if (!o->checkpoint && fit < asked) cfg.window = fit;
    gr_status ns = loaded != 0 ? gr_window_new(rs, &cfg, &r.w, &err) : GR_OK;
    if (ns == GR_ERANGE && cfg.window != o->window) {
        /* the cut window is too short for the code's removals: the one asked for */
        gr_error_clear(&err);
        cfg.window = o->window;
        ns = gr_window_new(rs, &cfg, &r.w, &err);
    }
    if (ns != GR_OK) {
        if (err.status == GR_EINVAL && o->to < CLI_SEQ_TABLE_MAX && !o->checkpoint) {
            /* the window does not apply: the table does it, saying so */
            if (!o->quiet) fprintf(stderr, "grundy: note: %s; computing the whole table instead\n", err.message);
            rc = CLI_SEQ_USE_TABLE;
        } else {
            rc = cli_report(&err, NULL, 0);
        }
        goto out;
    }
    gr_window_stats st = GR_SIZED(gr_window_stats);
    gr_window_stats_get(r.w, &st);
    r.start_done = loaded == 0 ? st.done : 0;
    if (o->out_path) {
        /* values handed out so far: all of them, unless the run stopped in its head */
        if ((rc = open_values(&r, loaded == 0, st.emitted, st.largest_value)) != 0) goto fail;
        gr_window_set_values(r.w, read_values, &r);
    }
    r.start = r.last_save = r.last_bar = cli_now();
    if (r.json) {
        /* the values in it when they go to stdout; the run's figures at the end */
        r.json_open = 1;
        json_init(&r.jw, stdout);
        json_object_begin(&r.jw);
        json_key(&r.jw, "ruleset");
        json_string(&r.jw, r.spec);
    }
    if (r.printing && r.json) {
        json_key(&r.jw, "values");
        json_array_begin(&r.jw);
    }
    gr_status vs = gr_window_run(r.w, o->to + 1, sink, &r, &err);
    if (r.bar && cli_now() - r.start > 1.0) cli_progress_clear();
    if (r.printing && !r.json) putchar('\n');
    json_finish(&r);
    if (r.rc) { rc = r.rc; goto fail; }
    if (vs != GR_OK) {
        rc = cli_report(&err, NULL, 0);
        /* stopped by the time limit or Ctrl-C: the run so far is kept */
        if (o->checkpoint && err.status == GR_ELIMIT && !strstr(err.message, "is not decided") && save(&r) == 0) {
            gr_window_stats_get(r.w, &st);
            fprintf(stderr, "grundy: the run's first %llu values are saved in '%s': a rerun resumes there\n",
                    (unsigned long long)st.done, o->checkpoint);
        }
        goto out;
    }
    if (o->checkpoint && save(&r) != 0) {
        fprintf(stderr, "grundy: error: cannot write the checkpoint '%s'\n", o->checkpoint);
        rc = 1;
    }
    if (!r.bar && !o->quiet && r.counting) {
        char line[256];
        progress_text(&r, line, sizeof line);
        fprintf(stderr, "grundy: %s\n", line);
    }
    goto out;
fail:
    if (r.why[0]) fprintf(stderr, "grundy: error: %s\n", r.why);
out:
    if (r.vals && fclose(r.vals) != 0 && !rc) {
        fprintf(stderr, "grundy: error: cannot write '%s'\n", o->out_path);
        rc = 1;
    }
    if (lock_fd >= 0) close(lock_fd);
    cli_hist_free(&r.hist);
    gr_window_free(r.w);
    return rc;
}
