/* --board-table FILE for value and solve: the transposition table of a
 * board or graph game's search, loaded before the run when FILE exists and
 * saved after it, also when the run stops at its time limit or on Ctrl-C,
 * so that a long search resumes where it stopped (docs/boards.md). The
 * table is of one game: the position's first board or graph term's. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"

/* the whole file, binary (0, or -1 with errno) */
static int read_binary(const char *path, char **out, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return -1;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap) break;
        char *nb = cap < ((size_t)1 << (sizeof(size_t) > 4 ? 40 : 30)) ? realloc(buf, cap * 2) : NULL;
        if (!nb) { free(buf); buf = NULL; errno = ENOMEM; break; }
        buf = nb;
        cap *= 2;
    }
    int bad = !buf || ferror(f);
    fclose(f);
    if (bad) { free(buf); return -1; }
    *out = buf;
    *len = n;
    return 0;
}

int cli_board_table_load(const cli_opts *o, gr_position *pos, gr_ruleset **rs) {
    *rs = NULL;
    if (o->has_save_every && !o->board_table)
        return cli_usage_error("--save-every S saves the board table: give it one with --table FILE%s", "");
    if (!o->board_table) return 0;
    gr_term_info t;
    gr_board_stats bs = GR_SIZED(gr_board_stats);
    gr_error err;
    gr_ruleset *found = NULL;
    for (size_t i = 0; gr_position_term(pos, i, &t) == GR_OK && !found; i++)
        if (gr_ruleset_board_stats(t.ruleset, &bs, &err) == GR_OK) found = t.ruleset;
    if (!found) {
        fprintf(stderr, "grundy: error: --board-table keeps the table of a board or graph game (cram, place[...], "
                        "nodekayles, arckayles); this position has none\n");
        return 2;
    }
    char *data = NULL;
    size_t len = 0;
    if (read_binary(o->board_table, &data, &len) != 0) {
        if (errno == ENOENT) { *rs = found; return 0; } /* a first run: the file is made at the end */
        fprintf(stderr, "grundy: error: --board-table: cannot read '%s': %s\n", o->board_table, strerror(errno));
        return 2;
    }
    gr_status st = gr_ruleset_board_load(found, data, len, &err);
    free(data);
    if (st != GR_OK) { /* the file is left as it is */
        fprintf(stderr, "grundy: error: --board-table '%s': %s\n", o->board_table, err.message);
        return st == GR_ENOMEM ? 1 : 2;
    }
    *rs = found;
    return 0;
}

static int save(const cli_opts *o, gr_ruleset *rs);

int cli_board_table_save(const cli_opts *o, gr_ruleset *rs, int rc) {
    if (!o->board_table || !rs) return rc;
    int sr = save(o, rs);
    return rc ? rc : sr;
}

/* the save itself: 0, or the exit code */
static int save(const cli_opts *o, gr_ruleset *rs) {
    char *data = NULL;
    size_t len = 0;
    gr_error err;
    if (gr_ruleset_board_save(rs, &data, &len, &err) != GR_OK) {
        fprintf(stderr, "grundy: error: --board-table: %s\n", err.message);
        return 1;
    }
    size_t pl = strlen(o->board_table);
    char *tmp = malloc(pl + 5);
    if (!tmp) { gr_free(data); fprintf(stderr, "grundy: error: out of memory\n"); return 1; }
    memcpy(tmp, o->board_table, pl);
    memcpy(tmp + pl, ".tmp", 5);
    FILE *f = fopen(tmp, "wb");
    int ok = f && fwrite(data, 1, len, f) == len;
    if (f && fclose(f) != 0) ok = 0;
    if (ok && rename(tmp, o->board_table) != 0) ok = 0;
    if (!ok) {
        fprintf(stderr, "grundy: error: --board-table: cannot write '%s': %s\n", o->board_table, strerror(errno));
        remove(tmp);
    }
    free(tmp);
    gr_free(data);
    return ok ? 0 : 2;
}

/* the interrupt callback while saving every S seconds: Ctrl-C, or a save due */
static int saver_interrupt(void *user) {
    cli_board_saver *s = user;
    if (cli_interrupted(NULL)) return 1;
    if (cli_now() >= s->next) {
        s->due = 1;
        return 1;
    }
    return 0;
}

void cli_board_saver_start(cli_board_saver *s, const cli_opts *o, gr_ctx *ctx, gr_ruleset *rs) {
    s->o = o;
    s->ctx = ctx;
    s->rs = rs;
    s->due = 0;
    s->next = 0;
    if (!o->board_table || !rs || !o->has_save_every) return;
    s->next = cli_now() + (double)o->save_every;
    gr_ctx_set_interrupt(ctx, saver_interrupt, s);
}

int cli_board_saver_again(cli_board_saver *s, gr_status st, gr_error *err) {
    if (!s->due) return 0;
    s->due = 0;
    /* done anyway, or Ctrl-C as well: the command ends as it would */
    if (st != GR_ELIMIT || cli_interrupted(NULL)) return 0;
    if (save(s->o, s->rs) != 0) return 0;
    gr_error_clear(err);
    s->next = cli_now() + (double)s->o->save_every;
    return 1;
}

void cli_board_saver_stop(cli_board_saver *s) {
    if (s->next) gr_ctx_set_interrupt(s->ctx, cli_interrupted, NULL);
}
