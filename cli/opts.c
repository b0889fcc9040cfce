/* The options of value, solve, seq, genus, newnim and demo (one table),
 * error reporting, and loading the position a command works on. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli.h"

typedef enum { OPT_FLAG, OPT_TEXT, OPT_NUMBER, OPT_LANG } opt_kind;

typedef struct opt_spec {
    const char *name;           /* without the leading "--" */
    opt_kind kind;              /* a flag takes no value; text, numbers and a language take the next argument */
    size_t field;               /* where it goes: an int (flag), a const char *, a uint64_t or a cli_lang */
    size_t has;                 /* numbers: the int set when the option is given */
    uint64_t min, max;          /* numbers: the allowed range ... */
    const char *range_error;    /* ... and the error outside it */
} opt_spec;

#define FLAG(name, f) {name, OPT_FLAG, offsetof(cli_opts, f), 0, 0, 0, NULL}
#define TEXT(name, f) {name, OPT_TEXT, offsetof(cli_opts, f), 0, 0, 0, NULL}
#define NUMBER(name, f, lo, hi, err) {name, OPT_NUMBER, offsetof(cli_opts, f), offsetof(cli_opts, has_##f), lo, hi, err}

static const opt_spec OPTIONS[] = {
    FLAG("json", json),
    FLAG("misere", misere),
    FLAG("hex", hex),
    FLAG("period", period),
    FLAG("quiet", quiet),
    FLAG("every", every),
    FLAG("remoteness", remoteness),
    TEXT("file", file),
    TEXT("out", out_path),
    TEXT("plot", plot_path),
    TEXT("checkpoint", checkpoint),
    TEXT("first", first),
    TEXT("board-table", board_table),
    TEXT("table", board_table), /* the same: the name issue 55's runs that resume use */
    TEXT("histogram", histogram_dir),
    TEXT("certificate", certificate),
    TEXT("kernels", kernels),
    {"lang", OPT_LANG, offsetof(cli_opts, lang), 0, 0, 0, NULL},
    NUMBER("max-moves", max_moves, 0, UINT64_MAX, NULL),
    NUMBER("table-limit", table_limit, 0, UINT64_MAX, NULL),
    NUMBER("to", to, 0, UINT64_MAX, NULL),
    NUMBER("moore", moore, 1, UINT64_MAX, "--moore K needs K >= 1"),
    NUMBER("search-limit", search_limit, 0, UINT64_MAX, NULL),
    NUMBER("terms", terms, 1, 16, "--terms needs a number from 1 to 16"),
    NUMBER("checkpoint-ms", checkpoint_ms, 0, UINT64_MAX, NULL),
    NUMBER("window", window, 0, (uint64_t)1 << 31, "--window W needs a number of values from 4096 to 2^31 (0: 2^22)"),
    NUMBER("threads", threads, 0, 64, "--threads N needs a number of threads from 1 to 64 (0: the cores present)"),
    NUMBER("save-every", save_every, 1, 1000000000, "--save-every needs a number of seconds from 1 to 10^9"),
    NUMBER("max-seconds", max_seconds, 0, 1000000000, "--max-seconds needs a number of seconds from 0 (no limit) to 10^9"),
};

int cli_usage_error(const char *fmt, const char *arg) {
    fprintf(stderr, "grundy: error: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (see 'grundy --help')\n");
    return 2;
}

int cli_play_of(const cli_opts *o, gr_play *out) {
    if (o->every && (o->has_moore || o->misere))
        return cli_usage_error("choose one of --misere, --every and --moore K (--misere with --moore K is Anti-Nim-k)%s", "");
    *out = (gr_play)GR_SIZED(gr_play);
    out->mode = o->has_moore ? GR_PLAY_MOORE : o->every ? GR_PLAY_EVERY : o->misere ? GR_PLAY_MISERE : GR_PLAY_NORMAL;
    out->k = o->moore;
    out->misere = o->has_moore && o->misere;
    return 0;
}

/* The library says which bound stopped it ("... (raise the search limit)");
 * the tool adds the option that raises it. `says` is what the message
 * names, `bound` the bound that is meant. */
static const struct bound_hint {
    const char *says, *bound, *option, *arg;
} BOUND_HINTS[] = {
    {"search limit", "search limit", "--search-limit", "N"},
    {"table limit", "table limit", "--table-limit", "N"},
    {"time limit", "time limit", "--max-seconds", "S"},
    /* the proof of a misère quotient, whose states --search-limit bounds */
    {"the proof needs more than", "search limit", "--search-limit", "N"},
};

static void put_message(FILE *f, const gr_error *e) {
    const char *m = e->message[0] ? e->message : gr_status_name(e->status);
    if (e->status == GR_ELIMIT || e->status == GR_EUNPROVEN)
        for (size_t i = 0; i < sizeof BOUND_HINTS / sizeof BOUND_HINTS[0]; i++) {
            const struct bound_hint *b = &BOUND_HINTS[i];
            if (!strstr(m, b->says) || strstr(m, b->option)) continue;
            char hint[64];
            snprintf(hint, sizeof hint, "(raise the %s)", b->bound);
            const char *at = strstr(m, hint);
            if (at) {
                int upto = (int)(at - m + (ptrdiff_t)strlen(hint)) - 1; /* up to its ')' */
                fprintf(f, "%.*s with %s %s%s", upto, m, b->option, b->arg, m + upto);
            } else {
                fprintf(f, "%s (raise the %s with %s %s)", m, b->bound, b->option, b->arg);
            }
            return;
        }
    fputs(m, f);
}

int cli_report(const gr_error *e, const char *source, int from_file) {
    fprintf(stderr, "grundy: error: ");
    if (source) fprintf(stderr, "%s: ", source);
    if (e->column && (from_file || e->line > 1))
        fprintf(stderr, "at line %zu, column %zu: ", e->line, e->column);
    else if (e->column)
        fprintf(stderr, "at column %zu: ", e->column);
    put_message(stderr, e);
    fputc('\n', stderr);
    return gr_status_is_input_error(e->status) ? 2 : 1;
}

static const opt_spec *find_option(const char *name) {
    for (size_t i = 0; i < sizeof OPTIONS / sizeof OPTIONS[0]; i++)
        if (!strcmp(OPTIONS[i].name, name)) return &OPTIONS[i];
    return NULL;
}

int cli_parse_opts(int argc, char **argv, int first, cli_opts *o) {
    memset(o, 0, sizeof *o);
    o->max_moves = 10;
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "--", 2) || !a[2]) { /* an argument; "-" and "--" are arguments too */
            if (o->npos >= (int)(sizeof o->pos / sizeof o->pos[0])) return cli_usage_error("too many arguments%s", "");
            o->pos[o->npos++] = a;
            continue;
        }
        const opt_spec *s = find_option(a + 2);
        if (!s) return cli_usage_error("unknown option '%s'", a);
        char *field = (char *)o + s->field;
        if (s->kind == OPT_FLAG) { *(int *)field = 1; continue; }
        if (i + 1 >= argc) return cli_usage_error("option '%s' needs a value", a);
        const char *val = argv[++i];
        if (s->kind == OPT_TEXT) { *(const char **)field = val; continue; }
        if (s->kind == OPT_LANG) {
            if (cli_lang_parse(val, (cli_lang *)field) != 0) return cli_usage_error("option '--lang' needs en or zh, got '%s'", val);
            continue;
        }
        uint64_t v;
        if (cli_number_arg(a, val, &v) != 0) return 2;
        if (v < s->min || v > s->max) { fprintf(stderr, "grundy: error: %s\n", s->range_error); return 2; }
        *(uint64_t *)field = v;
        *(int *)((char *)o + s->has) = 1;
    }
    return 0;
}

/* the words of the command line joined by spaces (malloc'd); 0, or the exit code */
static int join_args(const cli_opts *o, char **text, size_t *len) {
    if (!o->npos) return cli_usage_error("missing POSITION%s", "");
    size_t total = 1;
    for (int i = 0; i < o->npos; i++) total += strlen(o->pos[i]) + 1;
    char *t = malloc(total);
    if (!t) { fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    t[0] = '\0';
    for (int i = 0; i < o->npos; i++) {
        if (i) strcat(t, " ");
        strcat(t, o->pos[i]);
    }
    *text = t;
    *len = strlen(t);
    return 0;
}

typedef struct feeding {
    gr_parser *ps;
    gr_error *err;
} feeding;

/* a chunk of a file to the parser: an error stops the reading at once */
static int feed_chunk(void *user, const char *chunk, size_t n, char *why, size_t wl) {
    (void)why;
    (void)wl;
    const feeding *f = user;
    return gr_parser_feed(f->ps, chunk, n, f->err) != GR_OK;
}

int cli_load_position(const cli_opts *o, gr_ctx *ctx, int args_as_lines, gr_position **pos, const char **source) {
    *pos = NULL;
    *source = NULL;
    const char *path = NULL;
    if (o->file) {
        if (o->npos) return cli_usage_error("give the position either as arguments or with --file, not both%s", "");
        path = o->file;
    } else if (o->npos == 1 && !strcmp(o->pos[0], "-")) {
        path = "-";
    } else if (o->npos == 1 && o->pos[0][0] == '@') {
        path = o->pos[0] + 1;
    }
    gr_error err;
    gr_error_clear(&err);
    if (!path) {
        char *text;
        size_t len;
        int rc = join_args(o, &text, &len);
        if (rc) return rc;
        unsigned flags = 0;
        if (args_as_lines) {
            for (size_t i = 0; i < len; i++)
                if (text[i] == ' ') text[i] = '\n';
            flags = GR_PARSE_LINES;
        }
        rc = cli_parse(ctx, text, len, flags, pos, &err) != GR_OK ? cli_report(&err, NULL, 0) : 0;
        free(text);
        return rc;
    }
    *source = strcmp(path, "-") ? path : "<stdin>";
    gr_parse_opts files = {sizeof(gr_parse_opts), gr_read_file, NULL};
    gr_parser *ps = NULL;
    if (gr_parser_new(ctx, GR_PARSE_LINES, &files, &ps, &err) != GR_OK) return cli_report(&err, NULL, 0);
    char why[512];
    feeding f = {ps, &err};
    int rc = cli_read_chunks(path, feed_chunk, &f, why, sizeof why);
    if (rc < 0) {
        fprintf(stderr, "grundy: error: %s\n", why);
        rc = 2;
    } else if (rc > 0 || gr_parser_finish(ps, pos, &err) != GR_OK) {
        rc = cli_report(&err, *source, 1);
    }
    gr_parser_free(ps);
    return rc;
}

gr_status cli_parse(gr_ctx *ctx, const char *text, size_t len, unsigned flags, gr_position **pos, gr_error *err) {
    gr_parse_opts files = {sizeof(gr_parse_opts), gr_read_file, NULL};
    return gr_position_parse_ex(ctx, text, len, flags, &files, pos, err);
}

unsigned cli_threads(const cli_opts *o) {
    if (o->has_threads && o->threads) return (unsigned)o->threads;
    if (o->mpi) return 1; /* a rank a core */
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    return cores < 1 ? 1 : cores > GR_MAX_THREADS ? GR_MAX_THREADS : (unsigned)cores;
}

int cli_setup(const cli_opts *o, gr_ctx **ctx, uint64_t default_seconds) {
    if (gr_ctx_new(ctx) != GR_OK) { fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    if (o->has_table_limit) gr_ctx_set_table_limit(*ctx, o->table_limit);
    if (o->has_search_limit) gr_ctx_set_search_limit(*ctx, o->search_limit);
    gr_ctx_set_time_limit(*ctx, (double)(o->has_max_seconds ? o->max_seconds : default_seconds));
    gr_ctx_set_interrupt(*ctx, cli_interrupted, NULL);
    gr_ctx_set_threads(*ctx, cli_threads(o));
    if (cli_native(*ctx) != 0) { fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    if (o->kernels) {
        static const char *const names[] = {"auto", "portable", "avx2", "avx512"};
        size_t k = 0;
        while (k < 4 && strcmp(o->kernels, names[k])) k++;
        if (k == 4) return cli_usage_error("option '--kernels' needs auto, portable, avx2 or avx512, got '%s'", o->kernels);
        gr_error err;
        if (gr_ctx_set_kernels(*ctx, (gr_kernels)k, &err) != GR_OK) return cli_report(&err, NULL, 0);
    }
    return 0;
}

/* Rules run as native code compiled by $CC (else cc) into
 * $GRUNDY_CACHE_DIR, else $XDG_CACHE_HOME/grundy, else ~/.cache/grundy;
 * GRUNDY_NATIVE=0 keeps them on the rule machine. */
int cli_native(gr_ctx *ctx) {
    const char *off = getenv("GRUNDY_NATIVE");
    if (off && !strcmp(off, "0")) return 0;
    const char *cc = getenv("CC"), *dir = getenv("GRUNDY_CACHE_DIR"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    char path[4096];
    if (!cc || !*cc) cc = "cc";
    if (!dir || !*dir) {
        if (xdg && *xdg) snprintf(path, sizeof path, "%s/grundy", xdg);
        else if (home && *home) snprintf(path, sizeof path, "%s/.cache/grundy", home);
        else return 0;
        dir = path;
    }
    return gr_ctx_set_native(ctx, cc, dir) == GR_OK ? 0 : 1;
}
