/* grundy quotient RULESET --to N [--json]: the misère quotient of the sums
 * of heaps 0..N, with its presentation, P-portion and the element of every
 * heap. Exit 2 (with the heap where it stopped) when the quotient outgrows
 * the bounds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "json.h"

/* generator i's name: a..z, then a1..z1, a2.. */
static void gen_name(size_t i, char *buf, size_t cap) {
    if (i < 26) snprintf(buf, cap, "%c", (char)('a' + i));
    else snprintf(buf, cap, "%c%zu", (char)('a' + i % 26), i / 26);
}

/* an exponent vector as "a^2 b", the identity as "1" */
static void word(const uint32_t *e, size_t k, char *buf, size_t cap) {
    size_t p = 0;
    buf[0] = 0;
    for (size_t i = 0; i < k && p + 32 < cap; i++) {
        if (!e[i]) continue;
        char nm[24];
        gen_name(i, nm, sizeof nm);
        p += (size_t)snprintf(buf + p, cap - p, "%s%s", p ? " " : "", nm);
        if (e[i] > 1) p += (size_t)snprintf(buf + p, cap - p, "^%u", e[i]);
    }
    if (!p) snprintf(buf, cap, "1");
}

/* the order of normal forms: degree, then more of an earlier generator */
static int nf_before(const gr_quotient *q, uint32_t x, uint32_t y) {
    size_t k = gr_quotient_generators(q);
    const uint32_t *u = gr_quotient_normal_form(q, x), *v = gr_quotient_normal_form(q, y);
    uint64_t du = 0, dv = 0;
    for (size_t i = 0; i < k; i++) { du += u[i]; dv += v[i]; }
    if (du != dv) return du < dv;
    for (size_t i = 0; i < k; i++)
        if (u[i] != v[i]) return u[i] > v[i];
    return 0;
}

/* the P-portion in normal-form order; its length */
static uint32_t p_portion(const gr_quotient *q, uint32_t *out) {
    uint32_t n = 0;
    for (uint32_t x = 0; x < gr_quotient_size(q); x++) {
        if (!gr_quotient_is_p(q, x)) continue;
        uint32_t i = n++;
        while (i > 0 && nf_before(q, x, out[i - 1])) { out[i] = out[i - 1]; i--; }
        out[i] = x;
    }
    return n;
}

static void relation(const gr_quotient *q, size_t i, char *buf, size_t cap) {
    const uint32_t *l, *r;
    size_t k = gr_quotient_generators(q);
    gr_quotient_relation(q, i, &l, &r);
    char a[512], b[512];
    word(l, k, a, sizeof a);
    word(r, k, b, sizeof b);
    snprintf(buf, cap, "%s = %s", a, b);
}

int cmd_quotient(const cli_opts *o) {
    if (o->npos != 1) return cli_usage_error("give one heap ruleset, e.g. 'grundy quotient kayles --to 30'%s", "");
    if (!o->has_to) return cli_usage_error("give the largest heap with --to N%s", "");
    gr_ctx *ctx = NULL;
    int rc = cli_setup(o, &ctx, 0);
    if (rc) return rc;
    gr_ruleset *rs;
    gr_error err;
    gr_error_clear(&err);
    gr_quotient *q = NULL;
    uint32_t *pp = NULL;
    /* --search-limit bounds the states of the proof */
    gr_quotient_limits lim = {sizeof(gr_quotient_limits), 0, o->has_search_limit ? o->search_limit : 0, 0};
    if (gr_ctx_ruleset(ctx, o->pos[0], strlen(o->pos[0]), &rs, &err) != GR_OK ||
        gr_quotient_compute(rs, o->to, &lim, &q, &err) != GR_OK) {
        rc = cli_report(&err, NULL, 0);
        goto out;
    }
    size_t k = gr_quotient_generators(q), nrel = gr_quotient_relations(q);
    uint32_t size = gr_quotient_size(q);
    uint64_t pre = 0, per = 0;
    int periodic = gr_quotient_period(q, &pre, &per);
    pp = malloc(size * sizeof *pp);
    if (!pp) { fprintf(stderr, "grundy: error: out of memory\n"); rc = 1; goto out; }
    uint32_t np = p_portion(q, pp);
    char buf[1100], nm[24];
    if (o->json) {
        json_writer w;
        json_init(&w, stdout);
        json_object_begin(&w);
        json_key(&w, "ruleset"); json_string(&w, gr_ruleset_spec(rs));
        json_key(&w, "to"); json_uint(&w, o->to);
        json_key(&w, "size"); json_uint(&w, size);
        json_key(&w, "generators");
        json_array_begin(&w);
        for (size_t i = 0; i < k; i++) {
            json_object_begin(&w);
            gen_name(i, nm, sizeof nm);
            json_key(&w, "name"); json_string(&w, nm);
            json_key(&w, "heap"); json_uint(&w, gr_quotient_generator_heap(q, i));
            json_object_end(&w);
        }
        json_array_end(&w);
        json_key(&w, "relations");
        json_array_begin(&w);
        for (size_t i = 0; i < nrel; i++) { relation(q, i, buf, sizeof buf); json_string(&w, buf); }
        json_array_end(&w);
        json_key(&w, "p_portion");
        json_array_begin(&w);
        for (uint32_t i = 0; i < np; i++) { word(gr_quotient_normal_form(q, pp[i]), k, buf, sizeof buf); json_string(&w, buf); }
        json_array_end(&w);
        json_key(&w, "heaps");
        json_array_begin(&w);
        for (uint64_t h = 0; h <= o->to; h++) {
            word(gr_quotient_normal_form(q, gr_quotient_heap(q, h)), k, buf, sizeof buf);
            json_string(&w, buf);
        }
        json_array_end(&w);
        json_key(&w, "proof_states"); json_uint(&w, gr_quotient_verified_states(q));
        json_key(&w, "period");
        if (periodic) {
            json_object_begin(&w);
            json_key(&w, "preperiod"); json_uint(&w, pre);
            json_key(&w, "period"); json_uint(&w, per);
            json_object_end(&w);
        } else {
            json_null(&w);
        }
        json_object_end(&w);
        json_line_end(&w);
        goto out;
    }
    printf("misère quotient of %s, heaps 0..%llu\n", gr_ruleset_spec(rs), (unsigned long long)o->to);
    printf("size %u, P-portion %u, %zu generators, %zu relations (proved over %llu states)\n", size, np, k, nrel,
           (unsigned long long)gr_quotient_verified_states(q));
    if (periodic)
        printf("periodic: heap n + %llu has the element of heap n for every n >= %llu (proved), so this is the "
               "quotient of every heap\n", (unsigned long long)per, (unsigned long long)pre);
    printf("generators:");
    for (size_t i = 0; i < k; i++) {
        gen_name(i, nm, sizeof nm);
        printf("%s %s = heap %llu", i ? "," : "", nm, (unsigned long long)gr_quotient_generator_heap(q, i));
    }
    printf("\nrelations:\n");
    for (size_t i = 0; i < nrel; i++) { relation(q, i, buf, sizeof buf); printf("  %s\n", buf); }
    printf("P-portion:");
    for (uint32_t i = 0; i < np; i++) { word(gr_quotient_normal_form(q, pp[i]), k, buf, sizeof buf); printf("%s %s", i ? "," : "", buf); }
    printf("\nheaps:\n");
    for (uint64_t h = 0; h <= o->to; h++) {
        word(gr_quotient_normal_form(q, gr_quotient_heap(q, h)), k, buf, sizeof buf);
        printf("  %llu: %s\n", (unsigned long long)h, buf);
    }
out:
    free(pp);
    gr_quotient_free(q);
    gr_ctx_free(ctx);
    return rc;
}
