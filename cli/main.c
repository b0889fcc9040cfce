/* grundy: the command-line tool. It parses arguments, reads input, calls
 * the library through its public API, prints, and chooses the exit code:
 * 0 ok, 2 bad input or usage, 1 internal failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "cli.h"

void cli_help(FILE *f, const char *topic, int *found);

typedef struct opts {
    int json;
    int has_max_moves;
    int has_table_limit;
    uint64_t table_limit;
    uint64_t max_moves;
    int has_to;
    uint64_t to;
    const char *file;
    const char *pos[64];
    int npos;
} opts;

static int usage_error(const char *fmt, const char *arg) {
    fprintf(stderr, "grundy: error: ");
    fprintf(stderr, fmt, arg);
    fprintf(stderr, " (see 'grundy --help')\n");
    return 2;
}

static int report(const gr_error *e, const char *source, int from_file) {
    fprintf(stderr, "grundy: error: ");
    if (source) fprintf(stderr, "%s: ", source);
    if (e->column && (from_file || e->line > 1))
        fprintf(stderr, "at line %zu, column %zu: ", e->line, e->column);
    else if (e->column)
        fprintf(stderr, "at column %zu: ", e->column);
    fprintf(stderr, "%s\n", e->message[0] ? e->message : gr_status_name(e->status));
    return gr_status_is_input_error(e->status) ? 2 : 1;
}

static int parse_opts(int argc, char **argv, int first, opts *o) {
    memset(o, 0, sizeof *o);
    o->max_moves = 10;
    for (int i = first; i < argc; i++) {
        const char *a = argv[i];
        if (!strncmp(a, "--", 2) && a[2]) {
            const char *name = a + 2;
            const char *val = NULL;
            int takes = !strcmp(name, "max-moves") || !strcmp(name, "table-limit") || !strcmp(name, "to") ||
                        !strcmp(name, "file");
            if (!strcmp(name, "json")) { o->json = 1; continue; }
            if (!takes) return usage_error("unknown option '%s'", a);
            if (i + 1 >= argc) return usage_error("option '%s' needs a value", a);
            val = argv[++i];
            if (!strcmp(name, "file")) { o->file = val; continue; }
            uint64_t v;
            if (cli_parse_u64(val, &v) != 0) {
                fprintf(stderr, "grundy: error: option '%s' needs a whole number from 0 to 18446744073709551615, got '%s'\n", a, val);
                return 2;
            }
            if (!strcmp(name, "max-moves")) { o->max_moves = v; o->has_max_moves = 1; }
            else if (!strcmp(name, "table-limit")) { o->table_limit = v; o->has_table_limit = 1; }
            else { o->to = v; o->has_to = 1; }
            continue;
        }
        if (o->npos >= (int)(sizeof o->pos / sizeof o->pos[0])) return usage_error("too many arguments%s", "");
        o->pos[o->npos++] = a;
    }
    return 0;
}

/* Loads the position named by the arguments: --file F, '-' (stdin), '@F',
 * or the words of the command line joined by spaces. */
typedef struct input {
    char *text;
    size_t len;
    const char *source;  /* file name for messages, NULL for arguments */
    unsigned flags;
} input;

static int load_input(const opts *o, input *in) {
    char why[512];
    memset(in, 0, sizeof *in);
    const char *path = NULL;
    if (o->file) {
        if (o->npos) return usage_error("give the position either as arguments or with --file, not both%s", "");
        path = o->file;
    } else if (o->npos == 1 && !strcmp(o->pos[0], "-")) {
        path = "-";
    } else if (o->npos == 1 && o->pos[0][0] == '@') {
        path = o->pos[0] + 1;
    }
    if (path) {
        if (cli_read_all(path, &in->text, &in->len, why, sizeof why) != 0) {
            fprintf(stderr, "grundy: error: %s\n", why);
            return 2;
        }
        in->source = strcmp(path, "-") ? path : "<stdin>";
        in->flags = GR_PARSE_LINES;
        return 0;
    }
    if (!o->npos) return usage_error("missing POSITION%s", "");
    size_t total = 1;
    for (int i = 0; i < o->npos; i++) total += strlen(o->pos[i]) + 1;
    in->text = malloc(total);
    if (!in->text) { fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    in->text[0] = '\0';
    for (int i = 0; i < o->npos; i++) {
        if (i) strcat(in->text, " ");
        strcat(in->text, o->pos[i]);
    }
    in->len = strlen(in->text);
    return 0;
}

static int setup(const opts *o, gr_ctx **ctx) {
    if (gr_ctx_new(ctx) != GR_OK) { fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    if (o->has_table_limit) gr_ctx_set_table_limit(*ctx, o->table_limit);
    return 0;
}

static int cmd_value(const opts *o) {
    input in;
    gr_ctx *ctx = NULL;
    gr_position *pos = NULL;
    gr_error err;
    gr_error_clear(&err);
    int rc = load_input(o, &in);
    if (rc) return rc;
    if ((rc = setup(o, &ctx)) != 0) goto out;
    uint64_t v;
    if (gr_position_parse(ctx, in.text, in.len, in.flags, &pos, &err) != GR_OK ||
        gr_position_value(pos, &v, &err) != GR_OK) {
        rc = report(&err, in.source, in.source != NULL);
        goto out;
    }
    printf("%llu\n", (unsigned long long)v);
out:
    gr_position_free(pos);
    gr_ctx_free(ctx);
    free(in.text);
    return rc;
}

typedef struct moves {
    gr_position *pos;
    gr_move *list;
    size_t n, cap;
    int oom;
} moves;

static char *dup_str(const char *s) {
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

static int collect(void *user, const gr_move *m) {
    moves *mv = user;
    if (mv->n == mv->cap) {
        size_t nc = mv->cap ? mv->cap * 2 : 8;
        gr_move *nl = realloc(mv->list, nc * sizeof *nl);
        if (!nl) { mv->oom = 1; return 1; }
        mv->list = nl;
        mv->cap = nc;
    }
    gr_move c = {m->component, dup_str(m->from), dup_str(m->to)};
    if (!c.from || !c.to) { free((char *)c.from); free((char *)c.to); mv->oom = 1; return 1; }
    mv->list[mv->n++] = c;
    return 0;
}

static void moves_free(moves *mv) {
    for (size_t i = 0; i < mv->n; i++) { free((char *)mv->list[i].from); free((char *)mv->list[i].to); }
    free(mv->list);
}

/* Human output shows whole resulting positions only for short sums. */
#define HUMAN_FULL_TERMS 32
/* Sums with more terms list one winning move by default. */
#define BIG_SUM_TERMS 1000

static int cmd_solve(const opts *o) {
    input in;
    gr_ctx *ctx = NULL;
    gr_position *pos = NULL;
    gr_error err;
    gr_error_clear(&err);
    moves mv = {0};
    char *text = NULL;
    int rc = load_input(o, &in);
    if (rc) return rc;
    if ((rc = setup(o, &ctx)) != 0) goto out;
    uint64_t v;
    int complete = 1;
    if (gr_position_parse(ctx, in.text, in.len, in.flags, &pos, &err) != GR_OK ||
        gr_position_value(pos, &v, &err) != GR_OK) {
        rc = report(&err, in.source, in.source != NULL);
        goto out;
    }
    /* each listed move writes the whole resulting position: for big sums
     * list one unless asked for more */
    uint64_t max = o->has_max_moves ? o->max_moves : gr_position_count(pos) > BIG_SUM_TERMS ? 1 : o->max_moves;
    if (gr_position_winning_moves(pos, (size_t)(max ? max : (uint64_t)SIZE_MAX), collect, &mv, &complete, &err) != GR_OK) {
        rc = report(&err, in.source, in.source != NULL);
        goto out;
    }
    if (mv.oom || gr_position_format(pos, &text, NULL) != GR_OK) {
        fprintf(stderr, "grundy: error: out of memory\n");
        rc = 1;
        goto out;
    }
    size_t nterms = gr_position_count(pos);
    if (o->json) {
        printf("{\"position\": ");
        json_string(stdout, text);
        printf(", \"terms\": %zu, \"value\": %llu, \"outcome\": \"%s\", \"method\": \"sg-theorem\", \"winning_moves\": [",
               nterms, (unsigned long long)v, v ? "N" : "P");
        for (size_t i = 0; i < mv.n; i++) {
            char *after = NULL;
            if (gr_position_format_after(pos, &mv.list[i], &after, NULL) != GR_OK) {
                fprintf(stderr, "grundy: error: out of memory\n");
                rc = 1;
                goto out;
            }
            if (i) printf(", ");
            json_string(stdout, after);
            free(after);
        }
        printf("], \"moves\": [");
        for (size_t i = 0; i < mv.n; i++) {
            printf("%s{\"component\": %zu, \"from\": ", i ? ", " : "", mv.list[i].component);
            json_string(stdout, mv.list[i].from);
            printf(", \"to\": ");
            json_string(stdout, mv.list[i].to);
            printf("}");
        }
        printf("], \"winning_moves_complete\": %s}\n", complete ? "true" : "false");
    } else {
        printf("position: %s\n", nterms <= HUMAN_FULL_TERMS ? text : "(a sum of many terms)");
        printf("terms:    %zu\n", nterms);
        printf("value:    %llu\n", (unsigned long long)v);
        printf("outcome:  %s\n", v ? "N (the player to move wins)" : "P (the player to move loses)");
        printf("method:   sg-theorem (the value of a sum is the XOR of its terms' values)\n");
        if (v) {
            printf("winning moves%s:\n", complete ? "" : " (not all are listed)");
            for (size_t i = 0; i < mv.n; i++) {
                if (nterms <= HUMAN_FULL_TERMS) {
                    char *after = NULL;
                    if (gr_position_format_after(pos, &mv.list[i], &after, NULL) != GR_OK) { rc = 1; goto out; }
                    printf("  %s\n", after);
                    free(after);
                } else {
                    printf("  term %zu: %s -> %s\n", mv.list[i].component + 1, mv.list[i].from, mv.list[i].to);
                }
            }
        }
    }
out:
    moves_free(&mv);
    free(text);
    gr_position_free(pos);
    gr_ctx_free(ctx);
    free(in.text);
    return rc;
}

#define SEQ_MAX ((uint64_t)1 << 30)

static int cmd_seq(const opts *o) {
    if (o->npos != 1) return usage_error(o->npos ? "give one RULESET, e.g. 'grundy seq kayles --to 50'%s"
                                                 : "missing RULESET, e.g. 'grundy seq kayles --to 50'%s", "");
    if (!o->has_to) return usage_error("missing --to N%s", "");
    if (o->to >= SEQ_MAX) {
        fprintf(stderr, "grundy: error: --to %llu is too large (at most %llu)\n", (unsigned long long)o->to,
                (unsigned long long)(SEQ_MAX - 1));
        return 2;
    }
    gr_ctx *ctx = NULL;
    int rc = setup(o, &ctx);
    if (rc) return rc;
    gr_ruleset *rs;
    gr_error err;
    gr_error_clear(&err);
    uint64_t *vals = NULL;
    if (gr_ctx_ruleset(ctx, o->pos[0], strlen(o->pos[0]), &rs, &err) != GR_OK) {
        rc = report(&err, NULL, 0);
        goto out;
    }
    vals = malloc((size_t)(o->to + 1) * sizeof *vals);
    if (!vals) { fprintf(stderr, "grundy: error: out of memory for %llu values\n", (unsigned long long)o->to + 1); rc = 1; goto out; }
    if (gr_ruleset_values(rs, o->to + 1, vals, &err) != GR_OK) { rc = report(&err, NULL, 0); goto out; }
    for (uint64_t i = 0; i <= o->to; i++) {
        if (i) putchar(' ');
        printf("%llu", (unsigned long long)vals[i]);
    }
    putchar('\n');
out:
    free(vals);
    gr_ctx_free(ctx);
    return rc;
}

static int cmd_demo(void) {
    static const char *examples[] = {"3 + 4 + 5", "kayles(7) + dawson(9)", "sub[1,2,4](10) + grundy(8)",
                                     "tb[0.137](20) + lasker(6)", "kayles(10^18)"};
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        opts o;
        memset(&o, 0, sizeof o);
        o.max_moves = 3;
        o.pos[0] = examples[i];
        o.npos = 1;
        printf("$ grundy solve '%s'\n", examples[i]);
        fflush(stdout);
        int rc = cmd_solve(&o);
        if (rc) return rc;
        printf("\n");
    }
    return 0;
}

int main(int argc, char **argv) {
    static char obuf[1 << 16];
    setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
    int rc;
    if (argc < 2) {
        cli_help(stderr, NULL, NULL);
        return 2;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h")) { cli_help(stdout, NULL, NULL); return 0; }
    if (!strcmp(cmd, "--version") || !strcmp(cmd, "version")) { printf("grundy %s\n", gr_version()); return 0; }
    if (!strcmp(cmd, "help")) {
        if (argc > 3) return usage_error("help takes one TOPIC%s", "");
        int found = 1;
        cli_help(stdout, argc == 3 ? argv[2] : NULL, &found);
        if (!found) {
            fprintf(stderr, "grundy: error: no help topic '%s' (try 'grundy help topics')\n", argv[2]);
            return 2;
        }
        return 0;
    }
    opts o;
    if ((rc = parse_opts(argc, argv, 2, &o)) != 0) return rc;
    if (!strcmp(cmd, "value")) rc = cmd_value(&o);
    else if (!strcmp(cmd, "solve")) rc = cmd_solve(&o);
    else if (!strcmp(cmd, "seq")) rc = cmd_seq(&o);
    else if (!strcmp(cmd, "demo")) rc = cmd_demo();
    else return usage_error("unknown command '%s'", cmd);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "grundy: error: cannot write the output\n");
        return 1;
    }
    return rc;
}
