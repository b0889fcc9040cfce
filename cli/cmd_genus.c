/* grundy genus HEAP [--terms N] [--json]: the misère genus of one heap in
 * Conway's notation, g^{gamma0 gamma1 ...}. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "json.h"

int cmd_genus(const cli_opts *o) {
    if (o->npos != 1) return cli_usage_error("give one heap, e.g. 'grundy genus kayles(5)'%s", "");
    gr_ctx *ctx = NULL;
    int rc = cli_setup(o, &ctx, CLI_DEFAULT_SECONDS);
    if (rc) return rc;
    gr_error err;
    gr_position *pos = NULL;
    const char *arg = o->pos[0];
    if (cli_parse(ctx, arg, strlen(arg), 0, &pos, &err) != GR_OK) { rc = cli_report(&err, NULL, 0); goto out; }
    if (gr_position_count(pos) != 1) {
        fprintf(stderr, "grundy: error: genus takes one heap, e.g. kayles(5), not a sum\n");
        rc = 2;
        goto out;
    }
    gr_term_info term;
    if (gr_position_term(pos, 0, &term) != GR_OK) { rc = 1; goto out; }
    if (term.nargs > 1) {
        fprintf(stderr, "grundy: error: genus takes one heap, e.g. kayles(5)\n");
        rc = 2;
        goto out;
    }
    uint64_t heap = term.nargs ? term.args[0] : 0;
    gr_ruleset *rs = term.ruleset;
    size_t terms = o->terms ? (size_t)o->terms : 8;
    gr_genus gen = GR_SIZED(gr_genus);
    if (gr_ruleset_genus(rs, heap, terms, &gen, &err) != GR_OK) { rc = cli_report(&err, NULL, 0); goto out; }
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
        json_writer w;
        json_init(&w, stdout);
        json_object_begin(&w);
        json_key(&w, "heap");
        json_string(&w, arg);
        json_key(&w, "genus");
        json_string(&w, notation);
        json_key(&w, "g");
        json_uint(&w, gen.g);
        json_key(&w, "gamma");
        json_uint_array(&w, gen.gamma, gen.count);
        json_key(&w, "tame");
        json_bool(&w, gen.tame);
        json_key(&w, "method");
        json_string(&w, gen.method ? gen.method : "search");
        json_object_end(&w);
        json_line_end(&w);
    } else {
        printf("%s\n", notation);
    }
out:
    gr_position_free(pos);
    gr_ctx_free(ctx);
    return rc;
}
