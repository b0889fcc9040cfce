#define _POSIX_C_SOURCE 200809L
/* grundy: the command-line tool. It parses arguments, reads input, calls
 * the library through its public API, prints, and chooses the exit code:
 * 0 ok, 2 bad input or usage, 1 internal failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "grundy/grundy.h"
#include "cli.h"

void cli_help(FILE *f, const char *topic, int *found);

typedef struct opts {
    int json;
    int hex;
    int period;
    const char *out_path;
    const char *plot_path;
    const char *checkpoint;
    uint64_t checkpoint_ms;
    int quiet;
    int misere;
    int every;
    int has_moore;
    uint64_t moore;
    int has_search_limit;
    uint64_t search_limit;
    uint64_t terms;       /* genus: how many gamma terms */
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
                        !strcmp(name, "file") || !strcmp(name, "moore") || !strcmp(name, "search-limit") ||
                        !strcmp(name, "terms") || !strcmp(name, "out") || !strcmp(name, "plot") ||
                        !strcmp(name, "checkpoint") || !strcmp(name, "checkpoint-ms");
            if (!strcmp(name, "json")) { o->json = 1; continue; }
            if (!strcmp(name, "misere")) { o->misere = 1; continue; }
            if (!strcmp(name, "hex")) { o->hex = 1; continue; }
            if (!strcmp(name, "period")) { o->period = 1; continue; }
            if (!strcmp(name, "quiet")) { o->quiet = 1; continue; }
            if (!strcmp(name, "every")) { o->every = 1; continue; }
            if (!takes) return usage_error("unknown option '%s'", a);
            if (i + 1 >= argc) return usage_error("option '%s' needs a value", a);
            val = argv[++i];
            if (!strcmp(name, "file")) { o->file = val; continue; }
            if (!strcmp(name, "out")) { o->out_path = val; continue; }
            if (!strcmp(name, "plot")) { o->plot_path = val; continue; }
            if (!strcmp(name, "checkpoint")) { o->checkpoint = val; continue; }
            uint64_t v;
            if (cli_parse_u64(val, &v) != 0) {
                fprintf(stderr, "grundy: error: option '%s' needs a whole number from 0 to 18446744073709551615, got '%s'\n", a, val);
                return 2;
            }
            if (!strcmp(name, "max-moves")) { o->max_moves = v; o->has_max_moves = 1; }
            else if (!strcmp(name, "moore")) {
                if (v == 0) { fprintf(stderr, "grundy: error: --moore K needs K >= 1\n"); return 2; }
                o->moore = v; o->has_moore = 1;
            }
            else if (!strcmp(name, "search-limit")) { o->search_limit = v; o->has_search_limit = 1; }
            else if (!strcmp(name, "checkpoint-ms")) o->checkpoint_ms = v;
            else if (!strcmp(name, "terms")) {
                if (v == 0 || v > 16) { fprintf(stderr, "grundy: error: --terms needs a number from 1 to 16\n"); return 2; }
                o->terms = v;
            }
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
    if (o->has_search_limit) gr_ctx_set_search_limit(*ctx, o->search_limit);
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

static void print_moves_json(gr_position *pos, const moves *mv, int one_position, int *rc) {
    printf(", \"winning_moves\": [");
    if (one_position && mv->n) {
        /* one move that changes several terms at once: one resulting position */
        char *after = NULL, *cur = NULL;
        if (gr_position_format(pos, &cur, NULL) != GR_OK) { *rc = 1; return; }
        /* rebuild from the terms, replacing every moved one */
        size_t nt = gr_position_count(pos);
        size_t len = 0, cap = 1024;
        after = malloc(cap);
        if (!after) { free(cur); *rc = 1; return; }
        after[0] = '\0';
        for (size_t i = 0; i < nt; i++) {
            const char *piece = NULL;
            char *own = NULL;
            for (size_t j = 0; j < mv->n; j++) if (mv->list[j].component == i) piece = mv->list[j].to;
            if (!piece) { if (gr_position_term_format(pos, i, &own) != GR_OK) { *rc = 1; break; } piece = own; }
            size_t need = len + strlen(piece) + 4;
            if (need > cap) { while (cap < need) cap *= 2; char *na = realloc(after, cap); if (!na) { free(own); *rc = 1; break; } after = na; }
            if (i) { memcpy(after + len, " + ", 3); len += 3; }
            memcpy(after + len, piece, strlen(piece));
            len += strlen(piece);
            after[len] = '\0';
            free(own);
        }
        json_string(stdout, after);
        free(after);
        free(cur);
    } else {
        for (size_t i = 0; i < mv->n; i++) {
            char *after = NULL;
            if (gr_position_format_after(pos, &mv->list[i], &after, NULL) != GR_OK) { *rc = 1; return; }
            if (i) printf(", ");
            json_string(stdout, after);
            free(after);
        }
    }
    printf("], \"moves\": [");
    for (size_t i = 0; i < mv->n; i++) {
        printf("%s{\"component\": %zu, \"from\": ", i ? ", " : "", mv->list[i].component);
        json_string(stdout, mv->list[i].from);
        printf(", \"to\": ");
        json_string(stdout, mv->list[i].to);
        printf("}");
    }
    printf("]");
}

static void print_moves_human(gr_position *pos, const moves *mv, int one_position, int complete, int *rc) {
    size_t nterms = gr_position_count(pos);
    if (one_position) {
        if (!mv->n) return;
        printf("winning move (one move in each component that changes):\n");
        for (size_t i = 0; i < mv->n; i++)
            printf("  term %zu: %s -> %s\n", mv->list[i].component + 1, mv->list[i].from, mv->list[i].to);
        return;
    }
    printf("winning moves%s:\n", complete ? "" : " (not all are listed)");
    for (size_t i = 0; i < mv->n; i++) {
        if (nterms <= HUMAN_FULL_TERMS) {
            char *after = NULL;
            if (gr_position_format_after(pos, &mv->list[i], &after, NULL) != GR_OK) { *rc = 1; return; }
            printf("  %s\n", after);
            free(after);
        } else {
            printf("  term %zu: %s -> %s\n", mv->list[i].component + 1, mv->list[i].from, mv->list[i].to);
        }
    }
}

/* For a position that is one dyn[k] / fib term: the least winning take. */
static int dyn_min_take(gr_position *pos, uint64_t *take) {
    char *t = NULL;
    if (gr_position_term_format(pos, 0, &t) != GR_OK) return 0;
    int ok = 0;
    char *open = strchr(t, '(');
    if (open && (!strncmp(t, "dyn[", 4) || !strncmp(t, "fib(", 4))) {
        gr_ctx *c2;
        gr_error e;
        gr_ruleset *rs;
        uint64_t args[2];
        size_t n = 0;
        if (gr_ctx_new(&c2) == GR_OK) {
            *open = '\0';
            char *p = open + 1;
            while (*p && n < 2) { args[n++] = strtoull(p, &p, 10); if (*p == ',') p++; else break; }
            if (gr_ctx_ruleset(c2, t, strlen(t), &rs, &e) == GR_OK && gr_ruleset_dyn_min_take(rs, args, n, take, &e) == GR_OK)
                ok = 1;
            gr_ctx_free(c2);
        }
    }
    free(t);
    return ok;
}

static int cmd_solve(const opts *o) {
    input in;
    gr_ctx *ctx = NULL;
    gr_position *pos = NULL;
    gr_error err;
    gr_error_clear(&err);
    moves mv = {0};
    char *text = NULL;
    uint64_t *steps = NULL;
    int modes = o->every + o->has_moore + (o->misere && !o->has_moore);
    if (modes > 1 || (o->every && o->misere))
        return usage_error("choose one of --misere, --every, --moore K (--misere may go with --moore)%s", "");
    int rc = load_input(o, &in);
    if (rc) return rc;
    if ((rc = setup(o, &ctx)) != 0) goto out;
    uint64_t v;
    int complete = 1;
    if (gr_position_parse(ctx, in.text, in.len, in.flags, &pos, &err) != GR_OK) {
        rc = report(&err, in.source, in.source != NULL);
        goto out;
    }
    size_t nterms = gr_position_count(pos);
    if (gr_position_format(pos, &text, NULL) != GR_OK) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    uint64_t max = o->has_max_moves ? o->max_moves : nterms > BIG_SUM_TERMS ? 1 : o->max_moves;
    size_t maxm = (size_t)(max ? max : (uint64_t)SIZE_MAX);
    const char *play = "normal", *method = "sg-theorem";
    int wins = 0, one_position = 0, known = 1;
    gr_misere mis = {0};
    size_t decisive = 0;
    gr_status st = GR_OK;
    if (o->has_moore) {
        play = o->misere ? "misere-moore" : "moore";
        method = "moore";
        st = gr_position_moore(pos, o->moore, o->misere, &wins, &err);
        if (st == GR_OK && wins) st = gr_position_moore_move(pos, o->moore, o->misere, collect, &mv, &err);
        one_position = 1;
        v = 0;
        if (st == GR_OK) st = gr_position_value(pos, &v, &err);
    } else if (o->every) {
        play = "every";
        method = "every-sg";
        steps = malloc((nterms ? nterms : 1) * sizeof *steps);
        if (!steps) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
        st = gr_position_value(pos, &v, &err);
        if (st == GR_OK) st = gr_position_every(pos, steps, &wins, &decisive, &err);
        if (st == GR_OK && wins) st = gr_position_every_move(pos, collect, &mv, &err);
        one_position = 1;
    } else if (o->misere) {
        play = "misere";
        st = gr_position_misere(pos, &mis, &err);
        if (st == GR_OK) st = gr_position_misere_moves(pos, maxm, collect, &mv, &complete, &err);
        wins = mis.wins;
        method = mis.method;
        v = mis.value;
    } else {
        st = gr_position_outcome(pos, &wins, &known, &v, &err);
        if (st == GR_OK) st = gr_position_winning_moves(pos, maxm, collect, &mv, &complete, &err);
        if (st == GR_OK && !known) method = "formula";
    }
    if (st != GR_OK) { rc = report(&err, in.source, in.source != NULL); goto out; }
    if (mv.oom) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    if (o->json) {
        printf("{\"position\": ");
        json_string(stdout, text);
        printf(", \"terms\": %zu, \"play\": \"%s\", \"value\": ", nterms, play);
        if (known) printf("%llu", (unsigned long long)v);
        else printf("null");
        printf(", \"outcome\": \"%s\", \"method\": \"%s\"", wins ? "N" : "P", method);
        uint64_t take;
        if (nterms == 1 && !o->misere && !o->every && !o->has_moore && dyn_min_take(pos, &take)) {
            if (wins) printf(", \"min_first_take\": %llu", (unsigned long long)take);
        }
        if (o->misere && !o->has_moore)
            printf(", \"sj\": \"%s\", \"searched\": %llu", mis.sj_wins ? "N" : "P", (unsigned long long)mis.searched);
        if (o->has_moore) printf(", \"k\": %llu", (unsigned long long)o->moore);
        if (o->every) {
            printf(", \"steps\": [");
            for (size_t i = 0; i < nterms; i++) printf("%s%llu", i ? ", " : "", (unsigned long long)steps[i]);
            printf("], \"decisive\": %zu", decisive);
        }
        print_moves_json(pos, &mv, one_position, &rc);
        printf(", \"winning_moves_complete\": %s}\n", one_position || complete ? "true" : "false");
        if (one_position) { /* a single constructed move, not a list of all */ }
    } else {
        printf("position: %s\n", nterms <= HUMAN_FULL_TERMS ? text : "(a sum of many terms)");
        printf("terms:    %zu\n", nterms);
        if (!strcmp(play, "normal")) {
            if (known) printf("value:    %llu\n", (unsigned long long)v);
            else printf("value:    unknown (grundy knows only the outcome of a position this large)\n");
            printf("outcome:  %s\n", wins ? "N (the player to move wins)" : "P (the player to move loses)");
            if (known) printf("method:   sg-theorem (the value of a sum is the XOR of its terms' values)\n");
            else printf("method:   formula (the outcome of the one term whose value is unknown)\n");
            uint64_t take;
            if (nterms == 1 && wins && dyn_min_take(pos, &take)) printf("least winning first take: %llu\n", (unsigned long long)take);
        } else if (!strcmp(play, "misere")) {
            printf("play:     misère (the last player to move loses)\n");
            printf("value:    %llu (normal play)\n", (unsigned long long)v);
            printf("outcome:  %s\n", wins ? "N (the player to move wins)" : "P (the player to move loses)");
            printf("method:   %s", method);
            if (mis.searched) printf(" (%llu positions)", (unsigned long long)mis.searched);
            printf("\nsj rule:  %s%s\n", mis.sj_wins ? "N" : "P", mis.sj_wins != wins ? " (wrong here: the SJ rule does not apply)" : "");
        } else if (o->every) {
            printf("play:     every (each turn, a move in every component that can move)\n");
            printf("outcome:  %s\n", wins ? "N (the player to move wins)" : "P (the player to move loses)");
            printf("steps:   ");
            for (size_t i = 0; i < nterms && i < 64; i++) printf(" %llu", (unsigned long long)steps[i]);
            printf("%s\ndecisive: term %zu (the largest step)\n", nterms > 64 ? " ..." : "", decisive + 1);
        } else {
            printf("play:     Moore's Nim-%llu%s (a move takes from 1 to %llu heaps)\n", (unsigned long long)o->moore,
                   o->misere ? ", misère" : "", (unsigned long long)o->moore);
            printf("outcome:  %s\n", wins ? "N (the player to move wins)" : "P (the player to move loses)");
        }
        if (wins) print_moves_human(pos, &mv, one_position, complete, &rc);
    }
out:
    free(steps);
    moves_free(&mv);
    free(text);
    gr_position_free(pos);
    gr_ctx_free(ctx);
    free(in.text);
    return rc;
}

static int cmd_genus(const opts *o) {
    if (o->npos != 1) return usage_error("give one heap, e.g. 'grundy genus kayles(5)'%s", "");
    gr_ctx *ctx = NULL;
    int rc = setup(o, &ctx);
    if (rc) return rc;
    gr_error err;
    gr_position *pos = NULL;
    const char *arg = o->pos[0];
    if (gr_position_parse(ctx, arg, strlen(arg), 0, &pos, &err) != GR_OK) { rc = report(&err, NULL, 0); goto out; }
    if (gr_position_count(pos) != 1) {
        fprintf(stderr, "grundy: error: genus takes one heap, e.g. kayles(5), not a sum\n");
        rc = 2;
        goto out;
    }
    char *term = NULL;
    if (gr_position_term_format(pos, 0, &term) != GR_OK) { rc = 1; goto out; }
    /* the ruleset and heap: parse NAME[...](n) back through the library */
    char *open = strrchr(term, '(');
    uint64_t heap = 0;
    int bad = 0;
    if (open) {
        *open = '\0';
        char *end = NULL;
        heap = strtoull(open + 1, &end, 10);
        bad = !end || *end != ')';
    } else {
        heap = strtoull(term, NULL, 10);
        free(term);
        term = malloc(4);
        if (term) strcpy(term, "nim");
    }
    gr_ruleset *rs;
    if (bad || !term) {
        fprintf(stderr, "grundy: error: genus takes one heap, e.g. kayles(5)\n");
        free(term);
        rc = 2;
        goto out;
    }
    if (gr_ctx_ruleset(ctx, term, strlen(term), &rs, &err) != GR_OK) { free(term); rc = report(&err, NULL, 0); goto out; }
    size_t terms = o->terms ? (size_t)o->terms : 8;
    gr_genus gen;
    if (gr_ruleset_genus(rs, heap, terms, &gen, &err) != GR_OK) { free(term); rc = report(&err, NULL, 0); goto out; }
    /* Conway's notation: stop once the computed tail alternates */
    size_t show = gen.count, j = gen.count;
    for (size_t a = 0; a + 2 < gen.count; a++) {
        int alt = 1;
        for (size_t b = a; b + 2 < gen.count; b++) if (gen.gamma[b] != gen.gamma[b + 2]) alt = 0;
        if (alt) { j = a; break; }
    }
    int abbreviated = j + 4 <= gen.count;
    if (abbreviated) show = j + 2;
    int small = 1;
    for (size_t i = 0; i < show; i++) if (gen.gamma[i] > 9) small = 0;
    char notation[512];
    int p = snprintf(notation, sizeof notation, "%llu^{", (unsigned long long)gen.g);
    for (size_t i = 0; i < show; i++)
        p += snprintf(notation + p, sizeof notation - (size_t)p, "%s%llu", small || !i ? "" : ",", (unsigned long long)gen.gamma[i]);
    snprintf(notation + p, sizeof notation - (size_t)p, "%s}", abbreviated ? "" : "...");
    if (o->json) {
        printf("{\"heap\": ");
        json_string(stdout, arg);
        printf(", \"genus\": ");
        json_string(stdout, notation);
        printf(", \"g\": %llu, \"gamma\": [", (unsigned long long)gen.g);
        for (size_t i = 0; i < gen.count; i++) printf("%s%llu", i ? ", " : "", (unsigned long long)gen.gamma[i]);
        printf("], \"tame\": %s}\n", gen.tame ? "true" : "false");
    } else {
        printf("%s\n", notation);
    }
    free(term);
out:
    gr_position_free(pos);
    gr_ctx_free(ctx);
    return rc;
}

static int cmd_newnim(const opts *o) {
    input in;
    int rc = load_input(o, &in);
    if (rc) return rc;
    gr_ctx *ctx = NULL;
    gr_position *pos = NULL;
    gr_error err;
    uint64_t *heaps = NULL;
    unsigned char *removed = NULL;
    if ((rc = setup(o, &ctx)) != 0) goto out;
    /* heaps are written as a position of bare numbers: "3 4 5" or "3 + 4 + 5" */
    for (size_t i = 0; in.flags == 0 && i < in.len; i++) if (in.text[i] == ' ') in.text[i] = '\n';
    if (gr_position_parse(ctx, in.text, in.len, GR_PARSE_LINES, &pos, &err) != GR_OK) {
        rc = report(&err, in.source, in.source != NULL);
        goto out;
    }
    size_t n = gr_position_count(pos);
    heaps = malloc((n ? n : 1) * sizeof *heaps);
    removed = malloc(n ? n : 1);
    if (!heaps || !removed) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    for (size_t i = 0; i < n; i++) {
        char *t = NULL;
        if (gr_position_term_format(pos, i, &t) != GR_OK) { rc = 1; goto out; }
        char *end = NULL;
        heaps[i] = strtoull(t, &end, 10);
        int ok = end && *end == '\0';
        free(t);
        if (!ok) { fprintf(stderr, "grundy: error: newnim takes heap sizes (numbers), term %zu is not one\n", i + 1); rc = 2; goto out; }
    }
    int wins;
    uint64_t hi, lo;
    if (gr_newnim(heaps, n, &wins, &hi, &lo, removed, &err) != GR_OK) { rc = report(&err, NULL, 0); goto out; }
    char num[64];
    if (!wins) strcpy(num, "-1");
    else {
        /* 128-bit decimal */
        char tmp[64];
        size_t k = 0;
        uint64_t h2 = hi, l2 = lo;
        do {
            /* divide (h2:l2) by 10 */
            uint64_t rem = 0, qh = h2 / 10;
            rem = h2 % 10;
            uint64_t ql = 0;
            for (int b = 63; b >= 0; b--) {
                rem = (rem << 1) | (l2 >> b & 1);
                ql = (ql << 1) | (rem >= 10);
                if (rem >= 10) rem -= 10;
            }
            tmp[k++] = (char)('0' + rem);
            h2 = qh;
            l2 = ql;
        } while (h2 || l2);
        for (size_t i = 0; i < k; i++) num[i] = tmp[k - 1 - i];
        num[k] = '\0';
    }
    if (o->json) {
        printf("{\"heaps\": %zu, \"wins\": %s, \"cost\": %s, \"remove\": [", n, wins ? "true" : "false", num);
        size_t c = 0;
        for (size_t i = 0; i < n && wins; i++)
            if (removed[i]) printf("%s{\"index\": %zu, \"heap\": %llu}", c++ ? ", " : "", i, (unsigned long long)heaps[i]);
        printf("]}\n");
    } else {
        printf("%s\n", num);
    }
out:
    free(heaps);
    free(removed);
    gr_position_free(pos);
    gr_ctx_free(ctx);
    free(in.text);
    return rc;
}

#define SEQ_MAX ((uint64_t)1 << 30)

/* progress on stderr (a terminal, past one second, not --quiet) and
 * periodic checkpoints, from the library's progress callback */
typedef struct seqrun {
    const opts *o;
    gr_ruleset *rs;
    uint64_t total;
    cli_seq *src;
    double start, last_save, last_bar;
    int bar;
} seqrun;

static int on_progress(void *user, uint64_t done, uint64_t total) {
    (void)total;
    seqrun *r = user;
    double t = cli_now();
    if (r->bar && t - r->start > 1.0 && t - r->last_bar > 0.2) {
        fprintf(stderr, "\r%s: %llu of %llu values (%.0f%%)", gr_ruleset_spec(r->rs), (unsigned long long)done,
                (unsigned long long)r->total, 100.0 * (double)done / (double)r->total);
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
    cli_seq *vals = NULL;
    if (gr_ctx_ruleset(ctx, o->pos[0], strlen(o->pos[0]), &rs, &err) != GR_OK) {
        rc = report(&err, NULL, 0);
        goto out;
    }
    if (o->period) {
        /* a proven period within the first N+1 values, or an honest "none" */
        gr_period per;
        if (gr_ruleset_period(rs, o->to + 1, &per, &err) != GR_OK) { rc = report(&err, NULL, 0); goto out; }
        if (o->json) {
            printf("{\"ruleset\": ");
            json_string(stdout, gr_ruleset_spec(rs));
            if (per.found)
                printf(", \"proved\": true, \"period\": %llu, \"preperiod\": %llu, \"saltus\": %llu, \"window_end\": %llu, "
                       "\"checked\": %llu}\n",
                       (unsigned long long)per.period, (unsigned long long)per.preperiod, (unsigned long long)per.saltus,
                       (unsigned long long)per.proof_end, (unsigned long long)per.checked);
            else
                printf(", \"proved\": false, \"checked\": %llu}\n", (unsigned long long)per.checked);
        } else if (per.found && per.saltus) {
            printf("%s: arithmetic period %llu, saltus %llu, from n = %llu (G(n + %llu) = G(n) + %llu for every n >= %llu; "
                   "proved from the first %llu values, see README \"Arithmetic periodicity\")\n",
                   gr_ruleset_spec(rs), (unsigned long long)per.period, (unsigned long long)per.saltus,
                   (unsigned long long)per.preperiod, (unsigned long long)per.period, (unsigned long long)per.saltus,
                   (unsigned long long)per.preperiod, (unsigned long long)per.proof_end);
        } else if (per.found) {
            printf("%s: period %llu from n = %llu (G(n + %llu) = G(n) for every n >= %llu; proved by checking n in [%llu, %llu) "
                   "within %llu values)\n",
                   gr_ruleset_spec(rs), (unsigned long long)per.period, (unsigned long long)per.preperiod,
                   (unsigned long long)per.period, (unsigned long long)per.preperiod, (unsigned long long)per.preperiod,
                   (unsigned long long)per.proof_end, (unsigned long long)per.checked);
        } else {
            printf("%s: no period proved within %llu values (this does not mean there is none)\n", gr_ruleset_spec(rs),
                   (unsigned long long)per.checked);
        }
        goto out;
    }
    vals = malloc(sizeof *vals);
    if (!vals) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    char why[512];
    seqrun run = {o, rs, o->to + 1, vals, cli_now(), cli_now(), 0, !o->quiet && isatty(2)};
    if (o->checkpoint) {
        int lr = cli_checkpoint_load(o->checkpoint, rs, o->to + 1, why, sizeof why);
        if (lr < 0) { fprintf(stderr, "grundy: error: %s\n", why); rc = 2; goto out; }
    }
    gr_ruleset_set_progress(rs, on_progress, &run);
    gr_status vst = gr_ruleset_compute(rs, o->to + 1, &err);
    gr_ruleset_set_progress(rs, NULL, NULL);
    if (run.bar && cli_now() - run.start > 1.0) fprintf(stderr, "\r%*s\r", 60, "");
    if (vst != GR_OK) { rc = report(&err, NULL, 0); goto out; }
    cli_seq_init(vals, rs, o->to + 1);
    if (o->checkpoint && cli_checkpoint_save(o->checkpoint, gr_ruleset_spec(rs), vals) != 0) {
        fprintf(stderr, "grundy: error: cannot write the checkpoint '%s'\n", o->checkpoint);
        rc = 1;
        goto out;
    }
    if (o->plot_path) {
        gr_period per = {0};
        gr_error e2;
        if (gr_ruleset_period(rs, o->to + 1, &per, &e2) != GR_OK) per.found = 0;
        if (cli_write_svg(o->plot_path, gr_ruleset_spec(rs), vals, per.found, per.preperiod, per.period, per.saltus, why,
                          sizeof why) != 0) {
            fprintf(stderr, "grundy: error: %s\n", why);
            rc = 2;
            goto out;
        }
    }
    if (o->out_path) {
        size_t pl = strlen(o->out_path);
        if (pl > 4 && !strcmp(o->out_path + pl - 4, ".txt")) {
            FILE *f = fopen(o->out_path, "w");
            if (!f) { fprintf(stderr, "grundy: error: cannot write '%s'\n", o->out_path); rc = 2; goto out; }
            for (uint64_t i = 0; i <= o->to; i++) fprintf(f, "%s%llu", i ? " " : "", (unsigned long long)cli_seq_at(vals, i));
            fputc('\n', f);
            if (fclose(f) != 0) { fprintf(stderr, "grundy: error: cannot write '%s'\n", o->out_path); rc = 2; goto out; }
        } else if (cli_write_bin(o->out_path, vals, why, sizeof why) != 0) {
            fprintf(stderr, "grundy: error: %s\n", why);
            rc = 2;
            goto out;
        }
    }
    if (!o->out_path && !o->plot_path) {
        for (uint64_t i = 0; i <= o->to; i++) {
            if (i) putchar(' ');
            printf("%llu", (unsigned long long)cli_seq_at(vals, i));
        }
        putchar('\n');
        if (vals->failed) { fprintf(stderr, "grundy: error: could not read the values\n"); rc = 1; goto out; }
    }
out:
    free(vals);
    gr_ctx_free(ctx);
    return rc;
}

/* ---- grundy nim OP ARGS: nimber arithmetic ---- */

/* decimal or 0x hexadecimal, 64-bit; 0 on success */
static int parse_word(const char *s, size_t n, uint64_t *out) {
    uint64_t v = 0;
    if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        if (n - 2 > 16) return -1;
        for (size_t i = 2; i < n; i++) {
            char c = s[i];
            int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (d < 0) return -1;
            v = v << 4 | (uint64_t)d;
        }
    } else {
        if (!n) return -1;
        for (size_t i = 0; i < n; i++) {
            if (s[i] < '0' || s[i] > '9') return -1;
            unsigned d = (unsigned)(s[i] - '0');
            if (v > (UINT64_MAX - d) / 10) return -1;
            v = v * 10 + d;
        }
    }
    *out = v;
    return 0;
}

typedef struct nim_op {
    const char *name;
    int nargs;
} nim_op;

static const nim_op NIM_OPS[] = {{"add", 2}, {"mul", 2}, {"inv", 1}, {"div", 2}, {"sqrt", 1}, {"sqr", 1},
                                 {"pow", 2}, {"solve-quadratic", 1}, {"log", 1}};

static void put_word(char **p, uint64_t v, int hex) {
    char tmp[24];
    int k = 0;
    if (hex) {
        static const char H[] = "0123456789abcdef";
        do { tmp[k++] = H[v & 15]; v >>= 4; } while (v);
        *(*p)++ = '0'; *(*p)++ = 'x';
    } else {
        do { tmp[k++] = (char)('0' + v % 10); v /= 10; } while (v);
    }
    while (k) *(*p)++ = tmp[--k];
}

/* one operation; writes the answer into *p; returns 0, or 2 with why set */
static int nim_apply(const gr_nim *t, int op, const uint64_t *a, char **p, int hex, char *why, size_t wl) {
    gr_error err;
    uint64_t r = 0;
    switch (op) {
    case 0: r = a[0] ^ a[1]; break;
    case 1: r = gr_nim_mul(t, a[0], a[1]); break;
    case 2: if (gr_nim_inv(t, a[0], &r, &err) != GR_OK) { snprintf(why, wl, "%s", err.message); return 2; } break;
    case 3: if (gr_nim_div(t, a[0], a[1], &r, &err) != GR_OK) { snprintf(why, wl, "%s", err.message); return 2; } break;
    case 4: r = gr_nim_sqrt(t, a[0]); break;
    case 5: r = gr_nim_sqr(t, a[0]); break;
    case 6: r = gr_nim_pow(t, a[0], a[1]); break;
    case 7:
        if (gr_nim_solve_quadratic(t, a[0], &r, &err) != GR_OK) { memcpy(*p, "none", 4); *p += 4; return 0; }
        put_word(p, r, hex);
        *(*p)++ = ' ';
        r ^= 1;
        break;
    case 8: if (gr_nim_log(t, a[0], &r, &err) != GR_OK) { snprintf(why, wl, "%s", err.message); return 2; } break;
    }
    put_word(p, r, hex);
    return 0;
}

static int cmd_nim(int argc, char **argv) {
    /* grundy nim OP ARGS... [--hex] | grundy nim OP - [--hex] */
    int hex = 0, npos = 0;
    const char *pos[4];
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--hex")) { hex = 1; continue; }
        if (!strncmp(argv[i], "--", 2)) return usage_error("unknown option '%s'", argv[i]);
        if (npos >= 4) return usage_error("too many arguments for 'grundy nim'%s", "");
        pos[npos++] = argv[i];
    }
    if (npos < 1) return usage_error("missing OP: one of add, mul, inv, div, sqrt, sqr, pow, solve-quadratic, log%s", "");
    int op = -1;
    for (int i = 0; i < (int)(sizeof NIM_OPS / sizeof NIM_OPS[0]); i++) if (!strcmp(NIM_OPS[i].name, pos[0])) op = i;
    if (op < 0) return usage_error("unknown nim operation '%s' (add, mul, inv, div, sqrt, sqr, pow, solve-quadratic, log)", pos[0]);
    int want = NIM_OPS[op].nargs;
    gr_nim *t;
    if (gr_nim_new(&t) != GR_OK) { fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    char why[256], out[128];
    int rc = 0;
    if (npos == 2 && !strcmp(pos[1], "-")) {
        char *text;
        size_t len;
        if (cli_read_all("-", &text, &len, why, sizeof why) != 0) { fprintf(stderr, "grundy: error: %s\n", why); gr_nim_free(t); return 2; }
        size_t line = 0, i = 0;
        while (i < len && !rc) {
            line++;
            size_t e = i;
            while (e < len && text[e] != '\n') e++;
            uint64_t a[2];
            int k = 0;
            size_t j = i;
            while (j < e) {
                while (j < e && (text[j] == ' ' || text[j] == '\t' || text[j] == '\r')) j++;
                if (j >= e) break;
                size_t w0 = j;
                while (j < e && text[j] != ' ' && text[j] != '\t' && text[j] != '\r') j++;
                if (k >= want) { fprintf(stderr, "grundy: error: line %zu: %s takes %d number%s\n", line, pos[0], want, want > 1 ? "s" : ""); rc = 2; break; }
                if (parse_word(text + w0, j - w0, &a[k]) != 0) {
                    fprintf(stderr, "grundy: error: line %zu, column %zu: expected a 64-bit number (decimal or 0x hex)\n", line, w0 - i + 1);
                    rc = 2;
                    break;
                }
                k++;
            }
            if (!rc && k == 0) { i = e + 1; continue; } /* blank line */
            if (!rc && k != want) { fprintf(stderr, "grundy: error: line %zu: %s takes %d number%s\n", line, pos[0], want, want > 1 ? "s" : ""); rc = 2; }
            if (!rc) {
                char *p = out;
                if (nim_apply(t, op, a, &p, hex, why, sizeof why)) { fprintf(stderr, "grundy: error: line %zu: %s\n", line, why); rc = 2; }
                else { *p++ = '\n'; fwrite(out, 1, (size_t)(p - out), stdout); }
            }
            i = e + 1;
        }
        free(text);
    } else {
        if (npos - 1 != want) {
            gr_nim_free(t);
            fprintf(stderr, "grundy: error: nim %s takes %d number%s (see 'grundy help nim')\n", pos[0], want, want > 1 ? "s" : "");
            return 2;
        }
        uint64_t a[2];
        for (int k = 0; k < want; k++)
            if (parse_word(pos[1 + k], strlen(pos[1 + k]), &a[k]) != 0) {
                gr_nim_free(t);
                fprintf(stderr, "grundy: error: '%s' is not a 64-bit number (decimal or 0x hex)\n", pos[1 + k]);
                return 2;
            }
        char *p = out;
        if (nim_apply(t, op, a, &p, hex, why, sizeof why)) { fprintf(stderr, "grundy: error: %s\n", why); rc = 2; }
        else { *p++ = '\n'; fwrite(out, 1, (size_t)(p - out), stdout); }
    }
    gr_nim_free(t);
    return rc;
}

static int cmd_demo(void) {
    static const struct { const char *pos; int misere, every; } examples[] = {
        {"3 + 4 + 5", 0, 0},
        {"kayles(7) + dawson(9)", 0, 0},
        {"sub[1,2,4](10) + grundy(8)", 0, 0},
        {"tb[0.137](20) + lasker(6)", 0, 0},
        {"kayles(10^18)", 0, 0},
        {"kayles(8)", 1, 0},
        {"kayles(5) + 3 + sub[1,2](7)", 0, 1},
        {"wythoff(165580141,267914296)", 0, 0},
        {"staircase(2,5,9) + prod(3,5)", 0, 0},
    };
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        opts o;
        memset(&o, 0, sizeof o);
        o.max_moves = 3;
        o.misere = examples[i].misere;
        o.every = examples[i].every;
        o.pos[0] = examples[i].pos;
        o.npos = 1;
        printf("$ grundy solve %s'%s'\n", o.misere ? "--misere " : o.every ? "--every " : "", examples[i].pos);
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
    if (!strcmp(cmd, "census")) {
        rc = cli_census(argc, argv);
        if (fflush(stdout) != 0 || ferror(stdout)) { fprintf(stderr, "grundy: error: cannot write the output\n"); return 1; }
        return rc;
    }
    if (!strcmp(cmd, "nim")) {
        rc = cmd_nim(argc, argv);
        if (fflush(stdout) != 0 || ferror(stdout)) { fprintf(stderr, "grundy: error: cannot write the output\n"); return 1; }
        return rc;
    }
    opts o;
    if ((rc = parse_opts(argc, argv, 2, &o)) != 0) return rc;
    if (!strcmp(cmd, "value")) rc = cmd_value(&o);
    else if (!strcmp(cmd, "solve")) rc = cmd_solve(&o);
    else if (!strcmp(cmd, "seq")) rc = cmd_seq(&o);
    else if (!strcmp(cmd, "demo")) rc = cmd_demo();
    else if (!strcmp(cmd, "genus")) rc = cmd_genus(&o);
    else if (!strcmp(cmd, "newnim")) rc = cmd_newnim(&o);
    else return usage_error("unknown command '%s'", cmd);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "grundy: error: cannot write the output\n");
        return 1;
    }
    return rc;
}
