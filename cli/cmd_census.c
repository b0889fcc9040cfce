/* grundy census PATTERN --to N [--shard i/n] [--threads T] [--checkpoint FILE]: every
 * take-and-break code matching PATTERN ('?' = any octal digit) is computed
 * to N and reported as one JSON line: code, proved period, preperiod and
 * saltus (0 unless arithmetic; all null when none is proved), the largest
 * value and the time taken. Work is spread over threads
 * (one grundy context each); --shard i/n keeps every n-th code from the
 * i-th, so a cluster array job can split a census. --max-seconds S stops
 * the whole run after S seconds: the codes done are printed, and exit 2
 * says how many were not. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "grundy/grundy.h"
#include "cli.h"
#include "json.h"
#include "farm.h"

typedef struct job {
    char spec[CLI_CENSUS_CODE_MAX];
    int done, ok, found, late; /* late: not finished within --max-seconds */
    uint64_t pre, per, saltus, vmax, checked;
    double secs;
    char err[256];
} job;

typedef struct pool {
    job *jobs;
    size_t n, next;
    uint64_t to;
    double deadline;       /* --max-seconds: no new code after it (0: none) */
    pthread_mutex_t lock;
    int ck;                /* --checkpoint: the file each code's row is added to as it is done (-1: none) */
    int ck_failed;         /* a row could not be written (the file was cut back to its last whole row) */
    off_t ck_end;          /* the file's length: its last whole row's end */
} pool;

/* ---- --checkpoint FILE: the codes done, one line each, kept as they come ----
 * The file starts with a line naming the census (pattern, --to, --shard);
 * then one line per code done: code, ok, found, preperiod, period, saltus,
 * max, seconds (in ms), and the error, tab-separated. A line is written
 * in one write() as soon as its code is done, so a run stopped at any
 * moment (SIGKILL, a lost rank) leaves every code done before it; a last
 * line cut short is ignored. A rerun with the same file prints the same
 * rows (the seconds those codes took then) and computes only the others. */

#define CK_MAGIC "grundy census checkpoint 1"

static void ck_header(char *h, size_t cap, const char *pattern, uint64_t to, uint64_t si, uint64_t sn) {
    snprintf(h, cap, CK_MAGIC "\t%s\t%llu\t%llu/%llu\n", pattern, (unsigned long long)to, (unsigned long long)si,
             (unsigned long long)sn);
}

/* adds job j's row (under the pool's lock, or on rank 0's one thread);
 * only a code computed (a row with an error is made again by a rerun) */
static void ck_add(pool *pl, const job *j) {
    if (pl->ck < 0 || !j->done || j->late || !j->ok) return;
    char line[CLI_CENSUS_CODE_MAX + 512];
    char err[256];
    size_t k = 0;
    for (const char *e = j->err; *e && k + 1 < sizeof err; e++) err[k++] = *e == '\t' || *e == '\n' ? ' ' : *e;
    err[k] = '\0';
    int len = snprintf(line, sizeof line, "%s\t%d\t%d\t%llu\t%llu\t%llu\t%llu\t%llu\t%s\n", j->spec, j->ok, j->found,
                       (unsigned long long)j->pre, (unsigned long long)j->per, (unsigned long long)j->saltus,
                       (unsigned long long)j->vmax, (unsigned long long)(j->secs * 1000.0 + 0.5), err);
    if (len > 0 && (size_t)len < sizeof line && write(pl->ck, line, (size_t)len) == (ssize_t)len) {
        pl->ck_end += len;
        return;
    }
    /* (a full disk): no part of a row is left, and no row after it */
    if (ftruncate(pl->ck, pl->ck_end) != 0) {} /* the rerun drops a row cut short anyway */
    close(pl->ck);
    pl->ck = -1;
    pl->ck_failed = 1;
}

/* opens FILE: its rows marked done in jobs (by code); a new file gets the
 * header. 0, or 2 with a message (another census's file, a bad line) */
static int ck_open(pool *pl, const char *file, const char *header) {
    struct stat sb;
    if (stat(file, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        fprintf(stderr, "grundy: error: --checkpoint %s: not a regular file\n", file);
        return 2;
    }
    FILE *f = fopen(file, "r");
    off_t keep = 0; /* bytes through the last whole line kept */
    int have_header = 0, rc = 0;
    pl->ck = -1;
    if (!f && errno != ENOENT) {
        fprintf(stderr, "grundy: error: --checkpoint %s: cannot read the file (%s)\n", file, strerror(errno));
        return 2;
    }
    if (f) {
        char *line = NULL;
        size_t cap = 0, lineno = 0;
        ssize_t got;
        while (!rc && (got = getline(&line, &cap, f)) > 0) {
            lineno++;
            if (line[got - 1] != '\n') break; /* cut short by a stop: not kept */
            if (lineno == 1) {
                if (strcmp(line, header)) {
                    char pat[CLI_CENSUS_CODE_MAX] = "";
                    unsigned long long t = 0, a = 0, b = 0;
                    size_t ml = strlen(CK_MAGIC);
                    if (!strncmp(line, CK_MAGIC "\t", ml + 1) &&
                        sscanf(line + ml + 1, "%127[^\t]\t%llu\t%llu/%llu", pat, &t, &a, &b) == 4)
                        fprintf(stderr, "grundy: error: --checkpoint %s: the file belongs to another census "
                                "('%s' --to %llu --shard %llu/%llu)\n", file, pat, t, a, b);
                    else
                        fprintf(stderr, "grundy: error: --checkpoint %s: the file is not a census checkpoint "
                                "(line 1)\n", file);
                    rc = 2;
                }
                have_header = 1;
                keep += got;
                continue;
            }
            char code[CLI_CENSUS_CODE_MAX];
            int ok, found, used = 0;
            unsigned long long pre, per, sal, vmax, ms;
            char *tab = strchr(line, '\t');
            size_t cl = tab ? (size_t)(tab - line) : 0;
            if (!tab || cl == 0 || cl >= sizeof code ||
                sscanf(tab + 1, "%d\t%d\t%llu\t%llu\t%llu\t%llu\t%llu\t%n", &ok, &found, &pre, &per, &sal, &vmax, &ms,
                       &used) < 7 || used == 0) {
                fprintf(stderr, "grundy: error: --checkpoint %s: line %zu is not a census row\n", file, lineno);
                rc = 2;
                break;
            }
            memcpy(code, line, cl);
            code[cl] = '\0';
            size_t i = 0;
            while (i < pl->n && strcmp(pl->jobs[i].spec, code)) i++;
            if (i == pl->n) {
                fprintf(stderr, "grundy: error: --checkpoint %s: line %zu names %s, not a code of this census\n", file,
                        lineno, code);
                rc = 2;
                break;
            }
            job *j = &pl->jobs[i];
            const char *e = tab + 1 + used;
            size_t el = strcspn(e, "\n");
            if (el >= sizeof j->err) el = sizeof j->err - 1;
            memcpy(j->err, e, el);
            j->err[el] = '\0';
            j->done = 1;
            j->ok = ok != 0;
            j->found = found != 0;
            j->pre = pre;
            j->per = per;
            j->saltus = sal;
            j->vmax = vmax;
            j->secs = (double)ms / 1000.0;
            keep += got;
        }
        if (!rc && ferror(f)) {
            fprintf(stderr, "grundy: error: --checkpoint %s: cannot read the file\n", file);
            rc = 2;
        }
        free(line);
        fclose(f);
        if (rc) return rc;
    }
    pl->ck = open(file, O_WRONLY | O_CREAT, 0644);
    if (pl->ck < 0) {
        fprintf(stderr, "grundy: error: --checkpoint %s: cannot write the file\n", file);
        return 2;
    }
    if (!have_header) { /* a new file, or one stopped before its first line was whole */
        keep = 0;
        for (size_t i = 0; i < pl->n; i++) pl->jobs[i].done = 0;
    }
    /* a line cut short goes; rows are added after the last whole one */
    int bad = ftruncate(pl->ck, keep) != 0 || lseek(pl->ck, keep, SEEK_SET) != keep;
    if (!bad && !have_header) {
        bad = write(pl->ck, header, strlen(header)) != (ssize_t)strlen(header);
        keep = (off_t)strlen(header);
    }
    pl->ck_end = keep;
    if (bad) {
        fprintf(stderr, "grundy: error: --checkpoint %s: cannot write the file\n", file);
        return 2;
    }
    return 0;
}

/* one code: its values to `to`, its period; deadline: cli_now() past it
 * gives up (0: none); vals: scratch */
static void do_job(job *j, uint64_t to, double deadline, cli_seq *vals) {
    double t0 = cli_now();
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    if ((deadline && t0 >= deadline) || cli_interrupted(NULL)) { j->late = 1; return; }
    if (!vals || gr_ctx_new(&ctx) != GR_OK) { snprintf(j->err, sizeof j->err, "out of memory"); j->done = 1; return; }
    if (deadline) gr_ctx_set_time_limit(ctx, deadline - t0);
    gr_ctx_set_interrupt(ctx, cli_interrupted, NULL);
    if (gr_ctx_ruleset(ctx, j->spec, strlen(j->spec), &rs, &err) != GR_OK ||
        gr_ruleset_compute(rs, to + 1, &err) != GR_OK) {
        snprintf(j->err, sizeof j->err, "%s", err.message);
    } else {
        gr_period p = GR_SIZED(gr_period);
        j->ok = 1;
        cli_seq_init(vals, rs, to + 1);
        for (uint64_t i = 0; i <= to; i++) {
            uint64_t x = cli_seq_at(vals, i);
            if (x > j->vmax) j->vmax = x;
        }
        if (vals->failed) {
            snprintf(j->err, sizeof j->err, "could not read the values");
            j->ok = 0;
        }
        if (j->ok && gr_ruleset_period(rs, to + 1, &p, &err) == GR_OK && p.found) {
            j->found = 1;
            j->pre = p.preperiod;
            j->per = p.period;
            j->saltus = p.saltus;
        }
        j->checked = to + 1;
    }
    gr_ctx_free(ctx);
    j->secs = cli_now() - t0;
    j->late = !j->ok && ((deadline && t0 + j->secs >= deadline) || cli_interrupted(NULL));
    j->done = 1;
}

static void *worker(void *arg) {
    pool *pl = arg;
    /* values are read a chunk at a time: the table itself is compact */
    cli_seq *vals = malloc(sizeof *vals);
    for (;;) {
        pthread_mutex_lock(&pl->lock);
        while (pl->next < pl->n && pl->jobs[pl->next].done) pl->next++; /* (from the checkpoint) */
        size_t k = pl->next < pl->n ? pl->next++ : SIZE_MAX;
        pthread_mutex_unlock(&pl->lock);
        if (k == SIZE_MAX) break;
        do_job(&pl->jobs[k], pl->to, pl->deadline, vals);
        pthread_mutex_lock(&pl->lock);
        ck_add(pl, &pl->jobs[k]);
        pthread_mutex_unlock(&pl->lock);
    }
    free(vals);
    return NULL;
}

/* ---- --mpi: the codes handed to the ranks one at a time (farm.h) ----
 * a task: kind, the code's index, to, the seconds left (0: no limit), the code;
 * its answer: the job as done (the same binary on every rank) */

static void census_task(cli_bytes *t, uint64_t index, uint64_t to, double left, const char *spec) {
    unsigned char kind = CLI_TASK_CENSUS;
    cli_bytes_put(t, &kind, 1);
    cli_bytes_u64(t, index);
    cli_bytes_u64(t, to);
    cli_bytes_u64(t, (uint64_t)(left * 1000.0));
    cli_bytes_put(t, spec, strlen(spec) + 1);
}

static void census_answer(const unsigned char *task, size_t n, cli_bytes *out) {
    size_t at = 1;
    uint64_t index = cli_bytes_get_u64(task, n, &at), to = cli_bytes_get_u64(task, n, &at),
             left = cli_bytes_get_u64(task, n, &at);
    job j;
    memset(&j, 0, sizeof j);
    unsigned char status = 0;
    if (at >= n || n - at > sizeof j.spec || task[n - 1] != '\0') {
        snprintf(j.err, sizeof j.err, "a malformed census task");
    } else {
        memcpy(j.spec, task + at, n - at);
        cli_seq *vals = malloc(sizeof *vals);
        do_job(&j, to, left ? cli_now() + (double)left / 1000.0 : 0, vals);
        free(vals);
    }
    cli_bytes_put(out, &status, 1);
    cli_bytes_u64(out, index);
    cli_bytes_put(out, &j, sizeof j);
}

void cli_mpi_census_work(gr_ctx *ctx, const unsigned char *task, size_t n, cli_bytes *out) {
    (void)ctx;
    census_answer(task, n, out);
}

typedef struct census_farm {
    pool *pl;
    size_t back; /* answers in */
} census_farm;

static int census_next(void *user, int r, cli_bytes *t) {
    census_farm *c = user;
    pool *pl = c->pl;
    (void)r;
    while (pl->next < pl->n && pl->jobs[pl->next].done) pl->next++, c->back++; /* (from the checkpoint) */
    if (pl->next < pl->n) {
        double left = pl->deadline ? pl->deadline - cli_now() : 0;
        if (pl->deadline && left <= 0) left = 0.001;
        census_task(t, pl->next, pl->to, left, pl->jobs[pl->next].spec);
        pl->next++;
        return 1;
    }
    return c->back == pl->n ? -1 : 0;
}

static int census_result(void *user, int r, const unsigned char *p, size_t n) {
    census_farm *c = user;
    size_t at = 1;
    uint64_t index = cli_bytes_get_u64(p, n, &at);
    (void)r;
    if (n != 1 + 8 + sizeof(job) || index >= c->pl->n) return 1;
    memcpy(&c->pl->jobs[index], p + 9, sizeof(job));
    ck_add(c->pl, &c->pl->jobs[index]);
    c->back++;
    return 0;
}

static void census_work(void *user, const unsigned char *task, size_t n, cli_bytes *out, int (*interrupt)(void *),
                        void *iu) {
    (void)user; (void)interrupt; (void)iu; /* each code has its own deadline, as on threads */
    census_answer(task, n, out);
}

static int census_mpi(pool *pl) {
    census_farm c = {pl, 0};
    cli_farm_ops ops = {&c, census_next, census_result, census_work};
    cli_farm_stats st;
    char why[300];
    if (cli_mpi_size() > 256) return cli_usage_error("--mpi runs on at most 256 ranks%s", "");
    /* the deadline is each code's (as on threads): the farm runs to its end */
    if (cli_farm_run(&ops, 0, &st, why, sizeof why)) {
        fprintf(stderr, "grundy: error: --mpi census: %s\n", why[0] ? why : "a rank sent a malformed answer");
        return strcmp(why, "interrupted") ? 1 : 2;
    }
    cli_farm_report(&st, "census");
    return 0;
}

/* one JSON line: code, period, preperiod, saltus (null when no period is
 * proved), max, to, seconds; or code and error */
static void print_row(const job *j, uint64_t to) {
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_key(&w, "code");
    json_string(&w, j->spec);
    if (!j->ok) {
        json_key(&w, "error");
        json_string(&w, j->err);
    } else {
        static const char *const keys[] = {"period", "preperiod", "saltus"};
        const uint64_t vals[] = {j->per, j->pre, j->saltus};
        for (int k = 0; k < 3; k++) {
            json_key(&w, keys[k]);
            if (j->found) json_uint(&w, vals[k]);
            else json_null(&w);
        }
        json_key(&w, "max");
        json_uint(&w, j->vmax);
        json_key(&w, "to");
        json_uint(&w, to);
        json_key(&w, "seconds");
        json_fixed(&w, j->secs, 3);
    }
    json_object_end(&w);
    json_line_end(&w);
}

int cli_census_pattern(const char *pattern, int *q) {
    size_t plen = strlen(pattern);
    if (plen < 5 || plen >= CLI_CENSUS_CODE_MAX || strncmp(pattern, "tb[", 3) || pattern[plen - 1] != ']') {
        fprintf(stderr, "grundy: error: the pattern must be a take-and-break code such as 'tb[0.??]'\n");
        return 2;
    }
    *q = 0;
    for (size_t i = 0; i < plen; i++) *q += pattern[i] == '?';
    if (*q > 7) { fprintf(stderr, "grundy: error: at most 7 '?' in a pattern (8^7 games)\n"); return 2; }
    /* the fixed part must be a code's: some code with every '?' the same
     * digit must be one (a pattern such as 'tb[0..??]' used to give 64 error
     * rows; 'tb[?.??]' is kept: its codes with 0 or 4 before the point are
     * codes) */
    char spec[CLI_CENSUS_CODE_MAX], spec7[CLI_CENSUS_CODE_MAX];
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err, first;
    if (gr_ctx_new(&ctx) != GR_OK) { fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    int ok = 0;
    for (char d = '7'; d >= '0' && !ok; d--) {
        for (size_t i = 0; i <= plen; i++) spec[i] = pattern[i] == '?' ? d : pattern[i];
        ok = gr_ctx_ruleset(ctx, spec, plen, &rs, &err) == GR_OK;
        if (d == '7') {
            first = err;
            memcpy(spec7, spec, plen + 1);
        }
        if (!*q) break;
    }
    gr_ctx_free(ctx);
    if (!ok) {
        fprintf(stderr, "grundy: error: the pattern is not a take-and-break code: %s (in %s, column %zu)\n",
                first.message, spec7, first.column);
        return 2;
    }
    return 0;
}

int cli_census_code(const char *pattern, int q, size_t c, char *spec) {
    size_t k = 0, d = 0;
    int allzero = 1;
    for (size_t i = 0; pattern[i]; i++) {
        char ch = pattern[i];
        if (ch == '?') { ch = (char)('0' + ((c >> (3 * (q - 1 - (int)d))) & 7)); d++; }
        if (i > 3 && ch >= '1' && ch <= '9') allzero = 0;
        if (i > 3 && ((ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F'))) allzero = 0;
        spec[k++] = ch;
    }
    spec[k] = '\0';
    return !(allzero && spec[3] == '0'); /* the code with no move at all is skipped */
}

int cmd_census(int argc, char **argv) {
    const char *pattern = NULL;
    uint64_t to = 0, shard_i = 0, shard_n = 1, threads = 0, max_seconds = 0;
    int has_to = 0;
    const char *ckfile = NULL;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--to") && i + 1 < argc) {
            if (cli_number_arg("--to", argv[++i], &to) != 0) return 2;
            if (to > 100000000) {
                fprintf(stderr, "grundy: error: --to needs a whole number up to 10^8\n");
                return 2;
            }
            has_to = 1;
        } else if (!strcmp(argv[i], "--shard") && i + 1 < argc) {
            const char *s = argv[++i], *slash = strchr(s, '/');
            char a[32];
            if (!slash || (size_t)(slash - s) >= sizeof a) { fprintf(stderr, "grundy: error: --shard takes i/n, e.g. 0/4\n"); return 2; }
            memcpy(a, s, (size_t)(slash - s));
            a[slash - s] = '\0';
            if (cli_parse_u64(a, &shard_i) != 0 || cli_parse_u64(slash + 1, &shard_n) != 0 || shard_n == 0 || shard_i >= shard_n) {
                fprintf(stderr, "grundy: error: --shard takes i/n with 0 <= i < n, e.g. 0/4\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
            if (cli_number_arg("--threads", argv[++i], &threads) != 0) return 2;
            if (threads == 0 || threads > 256) {
                fprintf(stderr, "grundy: error: --threads needs a number from 1 to 256\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "--max-seconds") && i + 1 < argc) {
            if (cli_number_arg("--max-seconds", argv[++i], &max_seconds) != 0) return 2;
            if (max_seconds > 1000000000) {
                fprintf(stderr, "grundy: error: --max-seconds needs a number of seconds from 0 (no limit) to 10^9\n");
                return 2;
            }
        } else if (!strcmp(argv[i], "--checkpoint") && i + 1 < argc) {
            ckfile = argv[++i];
        } else if (!strncmp(argv[i], "--", 2)) {
            fprintf(stderr, "grundy: error: unknown option '%s' (see 'grundy help census')\n", argv[i]);
            return 2;
        } else if (!pattern) {
            pattern = argv[i];
        } else {
            fprintf(stderr, "grundy: error: give one PATTERN, e.g. 'tb[0.??]' (see 'grundy help census')\n");
            return 2;
        }
    }
    if (!pattern || !has_to) {
        fprintf(stderr, "grundy: error: usage: grundy census 'tb[0.??]' --to N [--shard i/n] [--threads T] [--max-seconds S] [--checkpoint FILE]\n");
        return 2;
    }
    int q;
    int rc = cli_census_pattern(pattern, &q);
    if (rc) return rc;
    size_t total = (size_t)1 << (3 * q), n = 0;
    job *jobs = calloc(total ? total : 1, sizeof *jobs);
    if (!jobs) { fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    for (size_t c = 0; c < total; c++)
        if (c % shard_n == shard_i && cli_census_code(pattern, q, c, jobs[n].spec)) n++;
    if (!threads) {
        long c = sysconf(_SC_NPROCESSORS_ONLN);
        threads = c > 0 ? (uint64_t)c : 1;
    }
    pool pl = {jobs, n, 0, to, max_seconds ? cli_now() + (double)max_seconds : 0, PTHREAD_MUTEX_INITIALIZER, -1, 0, 0};
    if (ckfile) {
        char header[CLI_CENSUS_CODE_MAX + 96];
        ck_header(header, sizeof header, pattern, to, shard_i, shard_n);
        if ((rc = ck_open(&pl, ckfile, header)) != 0) { free(jobs); return rc; }
    }
    int mrc = 0;
    if (cli_mpi_on()) mrc = census_mpi(&pl);
    else {
        pthread_t *th = malloc(threads * sizeof *th);
        if (!th) { free(jobs); fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
        uint64_t started = 0;
        for (; started < threads; started++)
            if (pthread_create(&th[started], NULL, worker, &pl) != 0) break;
        if (!started) worker(&pl);
        for (uint64_t i = 0; i < started; i++) pthread_join(th[i], NULL);
        free(th);
    }
    /* the codes done in time; those cut short (or never answered by a rank) are left out, for a rerun */
    size_t late = 0;
    for (size_t i = 0; i < n; i++) {
        if (jobs[i].late || !jobs[i].done) late++;
        else print_row(&jobs[i], to);
    }
    free(jobs);
    if (pl.ck >= 0) close(pl.ck);
    if (pl.ck_failed)
        fprintf(stderr, "grundy: error: --checkpoint %s: a row could not be written (the disk may be full); the "
                "rows before it are kept\n", ckfile);
    if (mrc) return mrc; /* the farm said why */
    if (late && cli_interrupted(NULL)) {
        fprintf(stderr, "grundy: error: the census was interrupted with %zu of %zu codes done (their rows are printed; "
                "the other codes are not)\n", n - late, n);
        return 2;
    }
    if (late) {
        fprintf(stderr, "grundy: error: the time limit of %llu s was reached with %zu of %zu codes done (their rows are "
                "printed; the other codes are not)\n", (unsigned long long)max_seconds, n - late, n);
        return 2;
    }
    return pl.ck_failed ? 1 : 0;
}
