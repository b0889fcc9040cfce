/* Out of memory, on purpose, through the allocator hook: every context and
 * engine here is made with gr_ctx_new_ex / gr_engine_new_ex and a counting
 * allocator (failalloc.c). Each scenario runs once normally (its answer and
 * its number of allocations recorded), then once for every allocation N
 * with the N-th allocation failing. Every run must either give the same
 * answer as the normal run (a failure that was absorbed, e.g. by a cache)
 * or return GR_ENOMEM with a message; never a crash, a different answer or
 * another status. After each run every block the hook gave out must be
 * back, and no block it never gave out may have come to it: so the library
 * allocates only through the hook and leaks on no error path.
 * GRUNDY_TEST_SCALE runs more of the allocation numbers of long scenarios. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "grundy/grundy.h"
#include "failalloc_ctl.h"
#include "../testutil.h"

static gr_status no_context(gr_error *err) {
    err->status = GR_ENOMEM;
    snprintf(err->message, sizeof err->message, "out of memory: no context");
    return GR_ENOMEM;
}

typedef struct answer {
    char text[4096];
    size_t len;
} answer;

static void put(answer *a, const char *fmt, unsigned long long v) {
    if (a->len + 64 < sizeof a->text) a->len += (size_t)snprintf(a->text + a->len, sizeof a->text - a->len, fmt, v);
}

static void puts_a(answer *a, const char *s) {
    size_t n = strlen(s);
    if (a->len + n + 1 < sizeof a->text) { memcpy(a->text + a->len, s, n); a->len += n; a->text[a->len] = 0; }
}

static int on_move(void *user, const gr_move *m) {
    answer *a = user;
    puts_a(a, m->to);
    puts_a(a, ";");
    return 0;
}

/* parse, value, and every winning move */
static gr_status position(const char *text, int play, answer *a, gr_error *err) {
    gr_ctx *ctx;
    gr_position *pos = NULL;
    if (gr_ctx_new_ex(gr_failalloc(), &ctx, NULL) != GR_OK) return no_context(err);
    gr_ctx_set_table_limit(ctx, 1024); /* small 2-D tables: this test runs each scenario hundreds of times */
    gr_status st = gr_position_parse(ctx, text, strlen(text), 0, &pos, err);
    uint64_t v = 0;
    int complete = 0;
    if (st == GR_OK && play == 0) {
        st = gr_position_value(pos, &v, err);
        put(a, "value %llu ", v);
        if (st == GR_OK) st = gr_position_winning_moves(pos, 0, on_move, a, &complete, err);
    } else if (st == GR_OK && play == 1) {
        gr_misere m = GR_SIZED(gr_misere);
        st = gr_position_misere(pos, &m, err);
        if (st == GR_OK) { put(a, "misere %llu ", (unsigned long long)m.wins); puts_a(a, m.method); }
        if (st == GR_OK) st = gr_position_misere_moves(pos, 0, on_move, a, &complete, err);
    } else if (st == GR_OK && play == 2) {
        uint64_t steps[8];
        int wins = 0;
        size_t dec = 0;
        st = gr_position_every(pos, steps, &wins, &dec, err);
        if (st == GR_OK) { put(a, "every %llu ", (unsigned long long)wins); put(a, "step %llu ", steps[dec]); }
        if (st == GR_OK) st = gr_position_every_move(pos, on_move, a, err);
    }
    gr_position_free(pos);
    gr_ctx_free(ctx);
    return st;
}

static gr_status genus(answer *a, gr_error *err) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    if (gr_ctx_new_ex(gr_failalloc(), &ctx, NULL) != GR_OK) return no_context(err);
    gr_status st = gr_ctx_ruleset(ctx, "dawson", 6, &rs, err);
    gr_genus g = GR_SIZED(gr_genus);
    if (st == GR_OK) st = gr_ruleset_genus(rs, 7, 4, &g, err);
    for (size_t k = 0; st == GR_OK && k < 4; k++) put(a, "%llu,", (unsigned long long)g.gamma[k]);
    gr_ctx_free(ctx);
    return st;
}

/* a long sequence through the sparse-space method, and a proved period */
static gr_status sequence(const char *spec, uint64_t count, int period, answer *a, gr_error *err) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    if (gr_ctx_new_ex(gr_failalloc(), &ctx, NULL) != GR_OK) return no_context(err);
    gr_ctx_set_sparse_start(ctx, 64);
    gr_status st = gr_ctx_ruleset(ctx, spec, strlen(spec), &rs, err);
    if (st == GR_OK) st = gr_ruleset_compute(rs, count, err);
    uint64_t sum = 0, v;
    for (uint64_t n = 0; st == GR_OK && n < count; n++) {
        st = gr_ruleset_values_range(rs, n, 1, &v, err);
        sum += v * (n % 7 + 1);
    }
    put(a, "sum %llu ", (unsigned long long)sum);
    gr_period p = GR_SIZED(gr_period);
    if (st == GR_OK && period) st = gr_ruleset_period(rs, 2 * count, &p, err);
    if (st == GR_OK && period) { put(a, "period %llu ", p.period); put(a, "pre %llu", p.preperiod); }
    gr_ctx_free(ctx);
    return st;
}

/* the public engine: Kayles as a Multi-SG callback */
static gr_status kayles_options(void *user, const uint64_t *state, gr_optsink *sink, gr_error *err) {
    (void)user; (void)err;
    uint64_t n = state[0];
    for (uint64_t take = 1; take <= 2 && take <= n; take++)
        for (uint64_t a = 0; a + take <= n; a++) {
            uint64_t parts[2] = {a, n - take - a};
            size_t k = 0;
            uint64_t comp[2];
            for (int i = 0; i < 2; i++) if (parts[i]) comp[k++] = parts[i];
            gr_status st = gr_optsink_add(sink, comp, k);
            if (st != GR_OK) return st;
        }
    return GR_OK;
}

static gr_status engine(answer *a, gr_error *err) {
    gr_engine_config cfg = {sizeof(gr_engine_config), 1, kayles_options, NULL, 0};
    gr_engine *e;
    gr_status st = gr_engine_new_ex(&cfg, gr_failalloc(), &e, err);
    if (st != GR_OK) return st;
    uint64_t n = 40, v = 0;
    st = gr_engine_value(e, &n, &v, err);
    put(a, "engine %llu", v);
    gr_engine_free(e);
    return st;
}

/* a misère quotient with its presentation, and one with nim heaps */
static gr_status quotient(answer *a, gr_error *err) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    if (gr_ctx_new_ex(gr_failalloc(), &ctx, NULL) != GR_OK) return no_context(err);
    gr_status st = gr_ctx_ruleset(ctx, "tb[0.07]", 8, &rs, err);
    gr_quotient *q = NULL;
    if (st == GR_OK) st = gr_quotient_compute(rs, 14, NULL, &q, err);
    if (st == GR_OK) {
        put(a, "size %llu ", gr_quotient_size(q));
        put(a, "gens %llu ", gr_quotient_generators(q));
        put(a, "rels %llu ", gr_quotient_relations(q));
        gr_quotient_free(q);
        q = NULL;
    }
    if (st == GR_OK) st = gr_ctx_ruleset(ctx, "kayles", 6, &rs, err);
    if (st == GR_OK) st = gr_quotient_compute_nim(rs, 12, 3, NULL, &q, err);
    if (st == GR_OK) put(a, "with nim %llu", gr_quotient_size(q));
    gr_quotient_free(q);
    gr_ctx_free(ctx);
    return st;
}

/* a position read as a stream, in pieces, and written back */
static gr_status parsed_stream(answer *a, gr_error *err) {
    gr_ctx *ctx;
    if (gr_ctx_new_ex(gr_failalloc(), &ctx, NULL) != GR_OK) return no_context(err);
    gr_parser *p = NULL;
    gr_position *pos = NULL;
    char *text = NULL;
    static const char *piece[] = {"kayles(3) + hacken", "bush(0-1,1-2:3) + 4\n", "+ wythoff(3,5)"};
    gr_status st = gr_parser_new(ctx, 0, NULL, &p, err);
    for (int i = 0; st == GR_OK && i < 3; i++) st = gr_parser_feed(p, piece[i], strlen(piece[i]), err);
    if (st == GR_OK) st = gr_parser_finish(p, &pos, err);
    if (st == GR_OK && gr_position_format(pos, &text, NULL) != GR_OK) st = no_context(err);
    if (st == GR_OK) puts_a(a, text);
    gr_failalloc()->free(gr_failalloc()->user, text); /* handed out by the context's allocator */
    gr_parser_free(p);
    gr_position_free(pos);
    gr_ctx_free(ctx);
    return st;
}

static gr_status run(int which, answer *a, gr_error *err) {
    switch (which) {
    case 0: return position("kayles(7) + dawson(20) + sub[1,3](9) + lasker(11) + 5", 0, a, err);
    case 1: return position("grundy(30) + divisor(12) + coprime(10) + pow2(9) + bash[2,5](13)", 0, a, err);
    case 2: return position("wythoff(10,20) + euclid(30,7) + fib(20) + staircase(1,5,9) + stairs(2,3)", 0, a, err);
    case 3: return position("hackenbush(0-1,1-2,2-0,2-3:3,3-4,0-5,5-5) + 1", 0, a, err);
    case 4: return position("kayles(4) + kayles(5) + sub[1,2](3)", 1, a, err);
    case 5: return position("3 + 4 + 1", 1, a, err);
    case 6: return position("kayles(5) + 3 + sub[1,2](7) + wythoff(2,3)", 2, a, err);
    case 7: return genus(a, err);
    case 8: return sequence("tb[0.16]", 2000, 1, a, err);
    case 9: return sequence("grundy", 1000, 0, a, err);
    case 10: return sequence("tb[0.137]", 1000, 1, a, err);
    case 11: return engine(a, err);
    case 12: return position("sub[1,2,10^18](10^18) + coprime(9999999967) + divisor(2^63)", 0, a, err);
    case 13: return position("prod(3,5) + prod(1,2,3)", 0, a, err);
    case 14: return quotient(a, err);
    case 15: return position("kayles(7,9,12) + kayles(3)", 1, a, err);
    case 16: return position("rule[n -> n-k for k in 1..3; n -> a + (n-a) for a in 1..n-1 if a < n-a](40) + "
                             "rule[(x,y) -> (x-1,y); (x,y) -> (x,y-1)](3,4)", 0, a, err);
    case 17: return position("graph[0>1,1>2,2>0,2>3](0,3) + 2", 0, a, err);
    case 18: return parsed_stream(a, err);
    default: return GR_EINVAL;
    }
}
#define SCENARIOS 19

/* Every family and play mode once through the hook, with no failure: each
 * block must come back, and only blocks the hook gave out. */
static void coverage(void) {
    static const char *texts[] = {
        "kayles(7) + dawson(30) + lasker(12) + tb[0.137](40) + tb[4.0](9) + sub[1,3,4](20)",
        "grundy(40) + divisor(36) + coprime(30) + pow2(17) + bash[2,5](13) + coprime(10^12)",
        "wythoff(10,20) + euclid(30,7) + fib(20) + dyn[3](30,4) + staircase(1,5,9) + stairs(2,3) + prod(3,5)",
        "hackenbush(0-1,1-2,2-0,2-3:3,3-4,0-5,5-5) + hackenbush[1](1-2,2-3)",
        "rule[n -> n-k for k in 1..3; n -> a + (n-a) for a in 1..n-1 if a < n-a](60)",
        "rule[(x,y) -> (x-1,y); (x,y) -> (x,y-1); (x,y) -> (x-1,y-1)](9,7)",
        "rule[n -> (n+1) if n < 5; n -> (n-2) if n >= 2](3) + 1",
        "kayles(5,6) + dawson(7) + 3", "grundy(9) + sub[1,3](7) + wythoff(2,3) + hackenbush(0-1,1-2,1-3)",
        "graph[0>1,1>2,2>0,2>3](0,3) + 2",
        "kayles(4,5) + kayles(9) + sub[1,2](3) + tb[0.007](12)",
        "sub[1,2,10^18](10^18) + divisor(2^63)",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++)
        for (int play = 0; play < 3; play++) {
            answer a = {{0}, 0};
            gr_error err;
            gr_failalloc_set(0);
            gr_status st = position(texts[i], play, &a, &err);
            CHECK(st == GR_OK || st == GR_EUNPROVEN || st == GR_ELIMIT || st == GR_EINVAL || st == GR_ECYCLE,
                  "coverage %s (play %d): %s", texts[i], play, err.message);
            CHECK(gr_failalloc_live() == 0 && gr_failalloc_foreign() == 0,
                  "coverage %s (play %d): %ld blocks not returned, %lu foreign", texts[i], play, gr_failalloc_live(),
                  gr_failalloc_foreign());
        }
}

int main(void) {
    uint64_t scale = tu_scale();
    coverage();
    for (int s = 0; s < SCENARIOS; s++) {
        answer ref = {{0}, 0};
        gr_error err;
        clock_t t0 = clock();
        gr_failalloc_set(0);
        gr_status st = run(s, &ref, &err);
        unsigned long calls = gr_failalloc_calls();
        CHECK(st == GR_OK, "scenario %d runs: %s", s, err.message);
        CHECK(gr_failalloc_live() == 0 && gr_failalloc_foreign() == 0,
              "scenario %d: %ld blocks not returned, %lu foreign", s, gr_failalloc_live(), gr_failalloc_foreign());
        /* every allocation of short scenarios; of long ones, the first
         * thousand and an even spread of the rest */
        unsigned long limit = 1000 * (unsigned long)scale, step = calls > limit ? calls / limit : 1;
        unsigned long tried = 0, absorbed = 0;
        for (unsigned long n = 1; n <= calls; n += n < limit ? 1 : step) {
            answer a = {{0}, 0};
            gr_error_clear(&err);
            gr_failalloc_set(n);
            st = run(s, &a, &err);
            int failed = gr_failalloc_failed();
            gr_failalloc_set(0);
            tried++;
            CHECK(gr_failalloc_live() == 0, "scenario %d, allocation %lu failing: %ld blocks not returned", s, n,
                  gr_failalloc_live());
            CHECK(gr_failalloc_foreign() == 0, "scenario %d, allocation %lu failing: %lu blocks the hook never gave out "
                  "came back to it", s, n, gr_failalloc_foreign());
            if (st == GR_OK) {
                absorbed += failed;
                CHECK(a.len == ref.len && !memcmp(a.text, ref.text, a.len),
                      "scenario %d, allocation %lu failing: answer '%s', normally '%s'", s, n, a.text, ref.text);
            } else {
                CHECK(st == GR_ENOMEM && err.message[0], "scenario %d, allocation %lu failing: status %s, '%s'", s, n,
                      gr_status_name(st), err.message);
            }
        }
        printf("scenario %d: %lu allocations, %lu failure points tried, %lu absorbed (%.1f s)\n", s, calls, tried, absorbed,
               (double)(clock() - t0) / CLOCKS_PER_SEC);
    }
    return tu_finish("test_oom");
}
