#define _POSIX_C_SOURCE 200809L
/* grundy seq RULESET --to N: the values G(0..N) of a ruleset, printed or
 * written to a file (--out, --plot), with checkpoints for long runs; with
 * --period, a proved period instead. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"
#include "json.h"

#define SEQ_MAX CLI_SEQ_TABLE_MAX

/* progress on stderr (a terminal, past one second, not --quiet) and
 * periodic checkpoints, from the library's progress callback */
typedef struct seqrun {
    const cli_opts *o;
    gr_ruleset *rs;
    uint64_t total;
    cli_seq *src;
    double start, last_save, last_bar;
    int bar;
    uint64_t done;  /* values computed at the last progress call */
} seqrun;

static int on_progress(void *user, uint64_t done, uint64_t total) {
    (void)total;
    seqrun *r = user;
    double t = cli_now();
    r->done = done;
    if (r->bar && t - r->start > 1.0 && t - r->last_bar > 0.2) {
        cli_progress_show(r->rs, done, r->total);
        r->last_bar = t;
    }
    double every = r->o->checkpoint_ms ? (double)r->o->checkpoint_ms / 1000.0 : 5.0;
    if (r->o->checkpoint && t - r->last_save >= every) {
        cli_seq_init(r->src, r->rs, done);
        (void)cli_checkpoint_save(r->o->checkpoint, gr_ruleset_spec(r->rs), r->src);
        r->last_save = t;
    }
    return 0;
}

/* --period: a proven period within the first N+1 values, or an honest "none" */
static int print_period(const cli_opts *o, gr_ruleset *rs) {
    gr_period per = GR_SIZED(gr_period);
    gr_error err;
    gr_error_clear(&err);
    if (gr_ruleset_period(rs, o->to + 1, &per, &err) != GR_OK) return cli_report(&err, NULL, 0);
    const char *spec = gr_ruleset_spec(rs);
    if (o->certificate) {
        int crc = cli_certificate_write(o->certificate, rs, &per);
        if (crc) return crc;
    }
    if (o->json) {
        json_writer w;
        json_init(&w, stdout);
        json_object_begin(&w);
        json_key(&w, "ruleset");
        json_string(&w, spec);
        json_key(&w, "proved");
        json_bool(&w, per.found);
        if (per.found) {
            json_key(&w, "period");
            json_uint(&w, per.period);
            json_key(&w, "preperiod");
            json_uint(&w, per.preperiod);
            json_key(&w, "saltus");
            json_uint(&w, per.saltus);
            json_key(&w, "window_end");
            json_uint(&w, per.proof_end);
        }
        json_key(&w, "checked");
        json_uint(&w, per.checked);
        json_object_end(&w);
        json_line_end(&w);
    } else if (per.found && per.saltus) {
        printf("%s: arithmetic period %llu, saltus %llu, from n = %llu (G(n + %llu) = G(n) + %llu for every n >= %llu; "
               "proved from the first %llu values, see README \"Arithmetic periodicity\")\n",
               spec, (unsigned long long)per.period, (unsigned long long)per.saltus, (unsigned long long)per.preperiod,
               (unsigned long long)per.period, (unsigned long long)per.saltus, (unsigned long long)per.preperiod,
               (unsigned long long)per.proof_end);
    } else if (per.found) {
        printf("%s: period %llu from n = %llu (G(n + %llu) = G(n) for every n >= %llu; proved by checking n in [%llu, %llu) "
               "within %llu values)\n",
               spec, (unsigned long long)per.period, (unsigned long long)per.preperiod, (unsigned long long)per.period,
               (unsigned long long)per.preperiod, (unsigned long long)per.preperiod, (unsigned long long)per.proof_end,
               (unsigned long long)per.checked);
    } else {
        printf("%s: no period proved within %llu values (this does not mean there is none)\n", spec,
               (unsigned long long)per.checked);
    }
    return 0;
}

/* --plot FILE.svg and --out FILE (.txt: the values as text; otherwise binary) */
static int write_files(const cli_opts *o, gr_ruleset *rs, cli_seq *vals) {
    char why[512];
    if (o->plot_path) {
        gr_period per = GR_SIZED(gr_period);
        gr_error e2;
        if (gr_ruleset_period(rs, o->to + 1, &per, &e2) != GR_OK) per.found = 0;
        if (cli_write_svg(o->plot_path, gr_ruleset_spec(rs), vals, per.found, per.preperiod, per.period, per.saltus, why,
                          sizeof why) != 0) {
            if (!vals->stopped) fprintf(stderr, "grundy: error: %s\n", why);
            return 2;
        }
    }
    if (o->histogram_dir) {
        int hr = cli_write_histograms(o->histogram_dir, vals, o->to, why, sizeof why);
        if (hr) {
            if (!vals->stopped && why[0]) fprintf(stderr, "grundy: error: %s\n", why);
            return hr;
        }
    }
    if (o->out_path) {
        size_t pl = strlen(o->out_path);
        if (pl > 4 && !strcmp(o->out_path + pl - 4, ".txt")) {
            FILE *f = fopen(o->out_path, "w");
            if (!f) { fprintf(stderr, "grundy: error: cannot write '%s'\n", o->out_path); return 2; }
            for (uint64_t i = 0; i <= o->to && !vals->failed; i++)
                fprintf(f, "%s%llu", i ? " " : "", (unsigned long long)cli_seq_at(vals, i));
            fputc('\n', f);
            if (fclose(f) != 0) { fprintf(stderr, "grundy: error: cannot write '%s'\n", o->out_path); return 2; }
            if (vals->stopped) { remove(o->out_path); return 2; }
        } else if (cli_write_bin(o->out_path, vals, why, sizeof why) != 0) {
            if (!vals->stopped) fprintf(stderr, "grundy: error: %s\n", why);
            return 2;
        }
    }
    return 0;
}

/* seq --remoteness: the remoteness of the heaps 0..N alone */
static int seq_remoteness(const cli_opts *o, gr_ctx *ctx, gr_ruleset *rs) {
    if (o->period || o->has_window || o->checkpoint || o->histogram_dir || o->out_path || o->plot_path)
        return cli_usage_error("--remoteness prints the heaps' remoteness: not with --period, --window, --checkpoint, "
                               "--histogram, --out or --plot%s", "");
    if (o->to >= SEQ_MAX) {
        fprintf(stderr, "grundy: error: --to %llu is too large for --remoteness (at most %llu)\n",
                (unsigned long long)o->to, (unsigned long long)(SEQ_MAX - 1));
        return 2;
    }
    /* the table is what was asked for (unless --table-limit bounds it) */
    if (!o->has_table_limit && gr_ctx_table_limit(ctx) < o->to + 1) gr_ctx_set_table_limit(ctx, o->to + 1);
    gr_error err;
    gr_error_clear(&err);
    uint64_t *r = malloc((size_t)(o->to + 1) * sizeof *r);
    if (!r) { fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    if (gr_ruleset_remoteness(rs, o->to + 1, o->misere, r, &err) != GR_OK) {
        free(r);
        return cli_report(&err, NULL, 0);
    }
    if (o->json) {
        json_writer w;
        json_init(&w, stdout);
        json_object_begin(&w);
        json_key(&w, "ruleset");
        json_string(&w, gr_ruleset_spec(rs));
        json_key(&w, "play");
        json_string(&w, o->misere ? "misere" : "normal");
        json_key(&w, "remoteness");
        json_uint_array(&w, r, (size_t)(o->to + 1));
        json_object_end(&w);
        json_line_end(&w);
    } else {
        for (uint64_t i = 0; i <= o->to; i++) printf(i ? " %llu" : "%llu", (unsigned long long)r[i]);
        putchar('\n');
    }
    free(r);
    return 0;
}

int cmd_seq(const cli_opts *o) {
    if (o->npos != 1) return cli_usage_error(o->npos ? "give one RULESET, e.g. 'grundy seq kayles --to 50'%s"
                                                 : "missing RULESET, e.g. 'grundy seq kayles --to 50'%s", "");
    if (!o->has_to) return cli_usage_error("missing --to N%s", "");
    int windowed = o->has_window || o->to >= SEQ_MAX;
    if (windowed && o->period) return cli_usage_error("--period reads the table: not with --window%s", "");
    if (windowed && o->to == UINT64_MAX) return cli_usage_error("--to %s is too large", "18446744073709551615");
    if (!windowed && o->to >= SEQ_MAX) {
        fprintf(stderr, "grundy: error: --to %llu is too large (at most %llu)\n", (unsigned long long)o->to,
                (unsigned long long)(SEQ_MAX - 1));
        return 2;
    }
    gr_ctx *ctx = NULL;
    int lock_fd = -1;
    int rc = cli_setup(o, &ctx, 0);
    if (rc) return rc;
    gr_ruleset *rs;
    gr_error err;
    gr_error_clear(&err);
    cli_seq *vals = NULL;
    if (gr_ctx_ruleset(ctx, o->pos[0], strlen(o->pos[0]), &rs, &err) != GR_OK) {
        rc = cli_report(&err, NULL, 0);
        goto out;
    }
    if (o->remoteness) {
        rc = seq_remoteness(o, ctx, rs);
        goto out;
    }
    if (o->certificate && !o->period)
        return cli_usage_error("--certificate FILE goes with --period (it certifies the period proved)%s", ""), 2;
    if (o->period) {
        rc = print_period(o, rs);
        goto out;
    }
    if (windowed && (rc = cli_seq_window(o, rs)) != CLI_SEQ_USE_TABLE) goto out;
    rc = 0;
    vals = malloc(sizeof *vals);
    if (!vals) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    char why[512];
    seqrun run = {o, rs, o->to + 1, vals, cli_now(), cli_now(), 0, !o->quiet && isatty(2), 0};
    if (o->checkpoint) {
        if (cli_checkpoint_lock(o->checkpoint, &lock_fd, why, sizeof why) != 0) {
            fprintf(stderr, "grundy: error: %s\n", why);
            rc = 2;
            goto out;
        }
        int lr = cli_checkpoint_load(o->checkpoint, rs, o->to + 1, why, sizeof why);
        if (lr < 0) { fprintf(stderr, "grundy: error: %s\n", why); rc = 2; goto out; }
    }
    gr_ruleset_set_progress(rs, on_progress, &run);
    gr_status vst = gr_ruleset_compute(rs, o->to + 1, &err);
    gr_ruleset_set_progress(rs, NULL, NULL);
    if (run.bar && cli_now() - run.start > 1.0) cli_progress_clear();
    if (vst != GR_OK) {
        rc = cli_report(&err, NULL, 0);
        /* stopped by the time limit or Ctrl-C: the values so far are kept */
        if (o->checkpoint && run.done && err.status == GR_ELIMIT) {
            cli_seq_init(vals, rs, run.done);
            if (cli_checkpoint_save(o->checkpoint, gr_ruleset_spec(rs), vals) == 0)
                fprintf(stderr, "grundy: the first %llu values are saved in '%s': a rerun resumes there\n",
                        (unsigned long long)run.done, o->checkpoint);
        }
        goto out;
    }
    cli_seq_init(vals, rs, o->to + 1);
    if (o->checkpoint && cli_checkpoint_save(o->checkpoint, gr_ruleset_spec(rs), vals) != 0) {
        fprintf(stderr, "grundy: error: cannot write the checkpoint '%s'\n", o->checkpoint);
        rc = 1;
        goto out;
    }
    /* --max-seconds and Ctrl-C cover writing the values too */
    vals->watch = 1;
    vals->deadline = o->has_max_seconds && o->max_seconds ? run.start + (double)o->max_seconds : 0;
    if ((rc = write_files(o, rs, vals)) != 0) goto stopped;
    int files = o->out_path || o->plot_path || o->histogram_dir;
    if (!files && o->json) {
        /* the values and how they were found (a rule: the kernels, native
         * code or the rule machine) */
        json_writer w;
        json_init(&w, stdout);
        json_object_begin(&w);
        json_key(&w, "ruleset");
        json_string(&w, gr_ruleset_spec(rs));
        json_key(&w, "values");
        json_array_begin(&w);
        for (uint64_t i = 0; i <= o->to; i++) {
            uint64_t x = cli_seq_at(vals, i);
            if (vals->failed) break;
            json_uint(&w, x);
        }
        if (vals->stopped) { putchar('\n'); rc = 2; goto stopped; }
        json_array_end(&w);
        const char *method = strncmp(gr_ruleset_spec(rs), "rule[", 5) ? NULL : gr_ruleset_method(rs);
        if (method) {
            json_key(&w, "method");
            json_string(&w, method);
        }
        json_object_end(&w);
        json_line_end(&w);
    } else if (!files) {
        for (uint64_t i = 0; i <= o->to; i++) {
            uint64_t x = cli_seq_at(vals, i);
            if (vals->failed) break;
            if (i) putchar(' ');
            printf("%llu", (unsigned long long)x);
        }
        putchar('\n');
        if (vals->stopped) { rc = 2; goto stopped; }
        if (vals->failed) { fprintf(stderr, "grundy: error: could not read the values\n"); rc = 1; goto out; }
    }
    goto out;
stopped:
    if (!vals->stopped) goto out;
    if (cli_interrupted(NULL))
        fprintf(stderr, "grundy: error: writing the values was interrupted after %llu of %llu\n",
                (unsigned long long)vals->stopped_at, (unsigned long long)o->to + 1);
    else
        fprintf(stderr, "grundy: error: the time limit of %llu s was reached writing the values, after %llu of %llu "
                "(raise the time limit with --max-seconds S)\n", (unsigned long long)o->max_seconds,
                (unsigned long long)vals->stopped_at, (unsigned long long)o->to + 1);
    rc = 2;
out:
    if (lock_fd >= 0) close(lock_fd);
    free(vals);
    gr_ctx_free(ctx);
    return rc;
}
