/* The context's time limit and interrupt callback (gr_ctx_set_time_limit,
 * gr_ctx_set_interrupt): every search, tabulation and quotient proof that
 * polls them stops with GR_ELIMIT and a message saying where and how far.
 * The searches chosen ran for minutes before the bound existed. The
 * interrupt cases are deterministic; the time cases only check that the
 * call returns, with the right error (a liveness check, not a speed test). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <math.h>
#include <string.h>
#include <time.h>
#include "grundy/grundy.h"
#include "testutil.h"

typedef struct counter {
    int calls, stop_at;
} counter;

static int stop_after(void *user) {
    counter *c = user;
    return ++c->calls >= c->stop_at;
}

static gr_position *parse(gr_ctx *ctx, const char *text) {
    gr_position *pos = NULL;
    gr_error err;
    CHECK(gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) == GR_OK, "parse '%s': %s", text, err.message);
    return pos;
}

static void test_settings(void) {
    gr_ctx *ctx;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
    CHECK(gr_ctx_time_limit(ctx) == 0, "no time limit by default");
    gr_ctx_set_time_limit(ctx, 2.5);
    CHECK(gr_ctx_time_limit(ctx) == 2.5, "time limit 2.5");
    gr_ctx_set_time_limit(ctx, -1);
    CHECK(gr_ctx_time_limit(ctx) == 0, "a negative limit removes it");
    gr_ctx_set_time_limit(ctx, NAN);
    CHECK(gr_ctx_time_limit(ctx) == 0, "NaN removes it");
    gr_ctx_set_time_limit(ctx, 1e300);
    CHECK(gr_ctx_time_limit(ctx) > 0, "a huge limit is kept (clamped)");
    /* a huge limit never fires */
    gr_position *pos = parse(ctx, "kayles(7) + 5");
    uint64_t v;
    gr_error err;
    CHECK(pos && gr_position_value(pos, &v, &err) == GR_OK && v == 7, "value under a huge limit");
    gr_position_free(pos);
    gr_ctx_free(ctx);
}

/* each call is stopped by the interrupt (after `polls` polls) or by a
 * 0.3 s time limit, with GR_ELIMIT and a message naming `where` */
static void expect_stop(const char *text, int mode, const char *where) {
    for (int how = 0; how < 2; how++) {
        gr_ctx *ctx;
        CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
        gr_ctx_set_table_limit(ctx, (uint64_t)1 << 34);
        counter c = {0, 3};
        if (how == 0) gr_ctx_set_interrupt(ctx, stop_after, &c);
        else gr_ctx_set_time_limit(ctx, 0.3);
        gr_position *pos = parse(ctx, text);
        gr_error err;
        gr_error_clear(&err);
        gr_status st = GR_OK;
        if (pos) {
            if (mode == 0) {
                gr_misere m = GR_SIZED(gr_misere);
                st = gr_position_misere(pos, &m, &err);
            } else if (mode == 1) {
                uint64_t steps[4];
                int wins;
                size_t decisive;
                st = gr_position_every(pos, steps, &wins, &decisive, &err);
            } else {
                uint64_t v;
                st = gr_position_value(pos, &v, &err);
            }
        }
        CHECK(st == GR_ELIMIT, "'%s' (%s): status %s, want limit: %s", text, how ? "time" : "interrupt",
              gr_status_name(st), err.message);
        CHECK(strstr(err.message, where) != NULL, "'%s': message '%s' lacks '%s'", text, err.message, where);
        if (how == 0) {
            CHECK(strstr(err.message, "was interrupted after") != NULL, "'%s': '%s'", text, err.message);
            /* (a method that failed is followed by no other: one more poll
             * at most, to tell the stop from the method's own bound) */
            CHECK(c.calls == 3 || c.calls == 4, "'%s': the interrupt was polled %d times", text, c.calls);
        } else {
            CHECK(strstr(err.message, "the time limit of 0.3 s was reached in") != NULL, "'%s': '%s'", text,
                  err.message);
        }
        gr_position_free(pos);
        gr_ctx_free(ctx);
    }
}

/* the interrupt is polled only while there is work: a quick answer never
 * calls it, and removing it (NULL) restores normal running */
static void test_quick_answers(void) {
    gr_ctx *ctx;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
    counter c = {0, 1};
    gr_ctx_set_interrupt(ctx, stop_after, &c);
    gr_position *pos = parse(ctx, "kayles(10^18) + 7");
    uint64_t v;
    gr_error err;
    CHECK(pos && gr_position_value(pos, &v, &err) == GR_OK && v == (1 ^ 7), "closed form under an interrupt");
    gr_position_free(pos);
    gr_ctx_set_interrupt(ctx, NULL, NULL);
    pos = parse(ctx, "tb[0.106](300000)");
    gr_ctx_set_table_limit(ctx, 1000000);
    CHECK(pos && gr_position_value(pos, &v, &err) == GR_OK, "a table after the interrupt is removed: %s", err.message);
    gr_position_free(pos);
    gr_ctx_free(ctx);
}

static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* an interrupt that fires once `at` seconds have passed, noting when */
typedef struct alarm {
    double at, fired;
} alarm;

static int ring(void *user) {
    alarm *a = user;
    double t = now_s();
    if (t < a->at) return 0;
    if (!a->fired) a->fired = t;
    return 1;
}

static int ignore_move(void *user, const gr_move *m) {
    (void)user; (void)m;
    return 0;
}

/* The lines of issue 30, each of which ran on for seconds (or minutes)
 * past its time limit: stopped by the interrupt 0.3 s in, or by a 0.3 s
 * time limit, each call returns within a second of it. A bound on how
 * late a stop may come, not a measure of speed: the work between two
 * polls is milliseconds, the bound a second. */
static void test_prompt_stops(void) {
    static const struct { const char *text; int mode; } cases[] = {
        {"coprime(65535)", 3},
        {"divisor(65535)", 3},
        {"tb[8.30](242323)", 3},
        {"tb[4.b!](1000000)", 4},
        {"tb[8.1](901485980,2690213400624682273)", 2},
        {"39109122621 + 1 + tb[8.b87!](9223372036854775807,007,3)", 1},
        {"65 + fib(63,935174294275058435)", 1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int how = 0; how < 2; how++) {
            gr_ctx *ctx;
            CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
            gr_position *pos = parse(ctx, cases[i].text);
            if (!pos) { gr_ctx_free(ctx); continue; }
            double t0 = now_s();
            alarm a = {t0 + 0.3, 0};
            if (how == 0) gr_ctx_set_interrupt(ctx, ring, &a);
            else gr_ctx_set_time_limit(ctx, 0.3);
            gr_error err;
            gr_error_clear(&err);
            gr_status st;
            uint64_t v, steps[4];
            int wins, complete;
            size_t decisive;
            gr_genus gen = GR_SIZED(gr_genus);
            gr_term_info ti;
            switch (cases[i].mode) {
            case 1: st = gr_position_every(pos, steps, &wins, &decisive, &err); break;
            case 2: st = gr_position_value(pos, &v, &err); break;
            case 3:
                CHECK(gr_position_term(pos, 0, &ti) == GR_OK, "term");
                st = gr_ruleset_genus(ti.ruleset, ti.args[0], 8, &gen, &err);
                break;
            default: st = gr_position_winning_moves(pos, 0, ignore_move, NULL, &complete, &err); break;
            }
            double t1 = now_s(), due = (how == 0 ? (a.fired ? a.fired : t0 + 0.3) : t0 + 0.3) + 1.0;
            CHECK(st == GR_OK || st == GR_ELIMIT, "'%s': status %s: %s", cases[i].text, gr_status_name(st), err.message);
            CHECK(t1 <= due, "'%s' (%s): returned %.2f s after the stop was due", cases[i].text,
                  how ? "time limit" : "interrupt", t1 - (due - 1.0));
            gr_position_free(pos);
            gr_ctx_free(ctx);
        }
}

int main(void) {
    test_settings();
    expect_stop("divisor(565580114296)", 0, "misère");
    expect_stop("divisor(565580114296)", 1, "the Every-SG search");
    expect_stop("tb[0.106](1000000000)", 2, "the table of tb[0.106]");
    test_quick_answers();
    test_prompt_stops();
    return tu_finish("test_limits");
}
