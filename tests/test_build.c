/* Positions from data (gr_position_new, gr_position_add_term) against the
 * text API: random terms of every family are added as data and also
 * written out and parsed; the two positions must write back the same, be
 * refused together (by the same checks), and agree on the value, the
 * outcome, the winning moves, and misère and Every-SG play where those
 * answer. Then a million heaps built as data, solved at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "testutil.h"

static uint64_t rng;
static uint64_t rnd(uint64_t n) {
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return n ? rng % n : 0;
}

/* one family: its spec and how to draw arguments */
typedef struct fam {
    const char *spec;
    int kind;            /* 0 heaps, 1 fixed count of state args, 2 edges, 3 graph tokens */
    unsigned lo, hi;     /* argument count range (kind 1: exact when lo == hi) */
    uint64_t max;        /* arguments below this */
} fam;

static const fam FAMS[] = {
    {NULL, 0, 1, 1, 60},  /* a bare nim heap */
    {"nim", 0, 1, 3, 60},
    {"sub[1,2,4]", 0, 1, 3, 40},
    {"kayles", 0, 1, 3, 40},
    {"dawson", 0, 1, 3, 40},
    {"tb[0.137]", 0, 1, 2, 30},
    {"lasker", 0, 1, 2, 30},
    {"tb[8.3!]", 0, 1, 2, 20},
    {"divisor", 0, 1, 3, 60},
    {"coprime", 0, 1, 3, 60},
    {"pow2", 0, 1, 3, 60},
    {"grundy", 0, 1, 2, 30},
    {"bash[2,5]", 0, 1, 3, 30},
    {"staircase", 1, 1, 4, 30},
    {"stairs", 1, 1, 4, 12},
    {"wythoff", 1, 2, 2, 20},
    {"euclid", 1, 2, 2, 20},
    {"fib", 1, 1, 2, 30},
    {"dyn[2]", 1, 2, 2, 20},
    {"prod", 1, 2, 3, 12},
    {"hackenbush", 2, 0, 5, 6},
    {"graph[0>1,1>2,2>0,2>3,3>4]", 3, 1, 3, 7},
    {"rule[n -> n-k for k in 1..3]", 0, 1, 2, 30},
    {"rule[(a,b) -> (a-k,b) for k in 1..a; (a,b) -> (a,b-k) for k in 1..b if k <= a]", 1, 2, 2, 12},
};
#define NFAMS (sizeof FAMS / sizeof FAMS[0])

/* arguments for one term of f (sometimes out of range, to test refusals) */
static size_t draw(const fam *f, uint64_t *a) {
    size_t n;
    if (f->kind == 2) { /* edges (u, v, w) */
        size_t ne = (size_t)(f->lo + rnd(f->hi - f->lo + 1));
        for (size_t e = 0; e < ne; e++) {
            a[3 * e] = rnd(f->max);
            a[3 * e + 1] = rnd(f->max);
            a[3 * e + 2] = rnd(20) ? 1 + rnd(3) : 0; /* weight 0 is refused */
        }
        return 3 * ne;
    }
    n = (size_t)(f->lo + rnd(f->hi - f->lo + 1));
    if (rnd(25) == 0) n = (size_t)rnd(5); /* a wrong count now and then */
    for (size_t i = 0; i < n; i++) a[i] = rnd(f->max);
    return n;
}

/* the term written out as text */
static void write_term(char *buf, size_t cap, const fam *f, const uint64_t *a, size_t n) {
    size_t used = 0;
    if (!f->spec) { snprintf(buf, cap, "%llu", (unsigned long long)a[0]); return; }
    used += (size_t)snprintf(buf + used, cap - used, "%s(", f->spec);
    for (size_t i = 0; i < n && used < cap; i++) {
        if (f->kind == 2) {
            if (i % 3) continue;
            used += (size_t)snprintf(buf + used, cap - used, "%s%llu-%llu:%llu", i ? "," : "", (unsigned long long)a[i],
                                     (unsigned long long)a[i + 1], (unsigned long long)a[i + 2]);
        } else {
            used += (size_t)snprintf(buf + used, cap - used, "%s%llu", i ? "," : "", (unsigned long long)a[i]);
        }
    }
    if (used < cap) snprintf(buf + used, cap - used, ")");
}

typedef struct moves {
    char *text;
    size_t len, cap;
} moves;

static int collect(void *user, const gr_move *m) {
    moves *ms = user;
    size_t need = strlen(m->to) + 32;
    if (ms->len + need >= ms->cap) {
        ms->cap = 2 * (ms->len + need);
        ms->text = realloc(ms->text, ms->cap);
        if (!ms->text) abort();
    }
    ms->len += (size_t)snprintf(ms->text + ms->len, ms->cap - ms->len, "%zu:%s|", m->component, m->to);
    return 0;
}

/* value, outcome, winning moves, misère and Every-SG of a position, as one
 * string (a status name where a call refuses) */
static void answers(gr_position *pos, char *out, size_t cap) {
    gr_error err;
    uint64_t v = 0, steps[64];
    int wins = 0, known = 0, complete = 0;
    size_t used = 0, decisive = 0;
    gr_status st = gr_position_value(pos, &v, &err);
    used += (size_t)snprintf(out + used, cap - used, "value %s %llu; ", gr_status_name(st), (unsigned long long)(st ? 0 : v));
    st = gr_position_outcome(pos, &wins, &known, &v, &err);
    used += (size_t)snprintf(out + used, cap - used, "outcome %s %d %d; ", gr_status_name(st), st ? 0 : wins, st ? 0 : known);
    moves ms = {0};
    st = gr_position_winning_moves(pos, 20, collect, &ms, &complete, &err);
    used += (size_t)snprintf(out + used, cap - used, "moves %s %s; ", gr_status_name(st), st || !ms.text ? "" : ms.text);
    free(ms.text);
    gr_misere m = GR_SIZED(gr_misere);
    st = gr_position_misere(pos, &m, &err);
    used += (size_t)snprintf(out + used, cap - used, "misere %s %d; ", gr_status_name(st), st ? 0 : m.wins);
    if (gr_position_count(pos) <= 64) {
        st = gr_position_every(pos, steps, &wins, &decisive, &err);
        snprintf(out + used, cap - used, "every %s %d", gr_status_name(st), st ? 0 : wins);
    }
}

/* each move's data played (gr_position_play) against its text substituted
 * (gr_position_format_after): the same position, the same value */
typedef struct play_check {
    gr_ctx *ctx;
    gr_position *pos;
    size_t seen;
} play_check;

static int check_move(void *user, const gr_move *m) {
    play_check *pc = user;
    gr_error err;
    gr_position *next = NULL, *by_text = NULL;
    char *after = NULL, *played = NULL;
    pc->seen++;
    CHECK(m->nparts >= 1 && m->parts, "'%s': %zu parts", m->to, m->nparts);
    CHECK(gr_position_play(pc->pos, m, &next, &err) == GR_OK, "play '%s': %s", m->to, err.message);
    CHECK(gr_position_format_after(pc->pos, m, &after, NULL) == GR_OK, "format_after");
    if (next && after) {
        CHECK(gr_position_format(next, &played, NULL) == GR_OK, "format");
        CHECK(played && !strcmp(played, after), "move to '%s': played '%s', written '%s'", m->to, played ? played : "",
              after);
        uint64_t v1 = 0, v2 = 0;
        gr_status s1 = gr_position_value(next, &v1, &err);
        if (gr_position_parse(pc->ctx, after, strlen(after), 0, &by_text, &err) == GR_OK) {
            gr_status s2 = gr_position_value(by_text, &v2, &err);
            CHECK(s1 == s2 && (s1 != GR_OK || v1 == v2), "'%s': value %llu (%s) played, %llu (%s) by text", after,
                  (unsigned long long)v1, gr_status_name(s1), (unsigned long long)v2, gr_status_name(s2));
        }
    }
    /* the same move made by hand from its text alone */
    gr_move bare = {.component = m->component, .to = m->to};
    gr_position *again = NULL;
    char *w = NULL;
    CHECK(gr_position_play(pc->pos, &bare, &again, &err) == GR_OK && gr_position_format(again, &w, NULL) == GR_OK &&
              played && !strcmp(w, played), "'%s' from its text: '%s' vs '%s'", m->to, w ? w : "", played ? played : "");
    free(w);
    gr_position_free(again);
    free(after);
    free(played);
    gr_position_free(next);
    gr_position_free(by_text);
    return 0;
}

static void test_random(void) {
    rng = tu_seed(31) * 2654435761u + 1;
    uint64_t cases = 1000 * tu_scale();
    gr_ctx *ctx;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
    gr_ctx_set_search_limit(ctx, 5000);
    static char text[8192], a1[16384], a2[16384], term[1024];
    uint64_t refused = 0, answered = 0, moves_played = 0;
    for (uint64_t c = 0; c < cases; c++) {
        gr_position *built = NULL;
        gr_error err;
        CHECK(gr_position_new(ctx, &built, &err) == GR_OK, "new: %s", err.message);
        size_t nt = 1 + (size_t)rnd(3), used = 0;
        int bad = 0;
        text[0] = '\0';
        for (size_t k = 0; k < nt; k++) {
            const fam *f = &FAMS[rnd(NFAMS)];
            uint64_t args[64];
            size_t n = draw(f, args);
            if (!f->spec && n != 1) { n = 1; args[0] = rnd(60); }
            gr_ruleset *rs = NULL;
            if (f->spec) CHECK(gr_ctx_ruleset(ctx, f->spec, strlen(f->spec), &rs, &err) == GR_OK, "%s: %s", f->spec, err.message);
            write_term(term, sizeof term, f, args, n);
            gr_status sb = gr_position_add_term(built, rs, args, n, &err);
            /* the same term alone, parsed: accepted or refused alike */
            gr_position *one = NULL;
            gr_error e2;
            gr_status sp = gr_position_parse(ctx, term, strlen(term), 0, &one, &e2);
            gr_position_free(one);
            CHECK((sb == GR_OK) == (sp == GR_OK), "'%s': as data %s (%s), as text %s (%s)", term, gr_status_name(sb),
                  sb ? err.message : "", gr_status_name(sp), sp ? e2.message : "");
            if (sb != GR_OK) { bad = 1; continue; }
            used += (size_t)snprintf(text + used, sizeof text - used, "%s%s", used ? " + " : "", term);
        }
        if (gr_position_count(built) == 0) { refused++; gr_position_free(built); continue; }
        (void)bad;
        gr_position *parsed = NULL;
        CHECK(gr_position_parse(ctx, text, strlen(text), 0, &parsed, &err) == GR_OK, "parse '%s': %s", text, err.message);
        if (!parsed) { gr_position_free(built); continue; }
        char *w1 = NULL, *w2 = NULL;
        CHECK(gr_position_format(built, &w1, NULL) == GR_OK && gr_position_format(parsed, &w2, NULL) == GR_OK, "format");
        CHECK(w1 && w2 && !strcmp(w1, w2), "written back: '%s' vs '%s'", w1 ? w1 : "", w2 ? w2 : "");
        free(w1);
        free(w2);
        play_check pc = {ctx, built, 0};
        int complete;
        CHECK(gr_position_moves(built, 12, check_move, &pc, &complete, &err) == GR_OK || err.status == GR_ELIMIT ||
                  err.status == GR_EINVAL || err.status == GR_EUNPROVEN,
              "moves of '%s': %s", text, err.message);
        moves_played += pc.seen;
        answers(built, a1, sizeof a1);
        answers(parsed, a2, sizeof a2);
        CHECK(!strcmp(a1, a2), "'%s': as data {%s}, as text {%s}", text, a1, a2);
        answered++;
        gr_position_free(built);
        gr_position_free(parsed);
    }
    printf("test_build: %llu random positions compared, %llu with every term refused, %llu moves played\n",
           (unsigned long long)answered, (unsigned long long)refused, (unsigned long long)moves_played);
    CHECK(moves_played > cases, "too few moves played: %llu", (unsigned long long)moves_played);
    CHECK(answered > cases / 2, "too few positions compared: %llu", (unsigned long long)answered);
    gr_ctx_free(ctx);
}

/* refusals, with the position unchanged */
static void test_refusals(void) {
    gr_ctx *ctx, *other;
    CHECK(gr_ctx_new(&ctx) == GR_OK && gr_ctx_new(&other) == GR_OK, "ctx");
    gr_position *pos = NULL;
    gr_error err;
    CHECK(gr_position_new(NULL, &pos, &err) == GR_EINVAL && !pos, "no context");
    CHECK(gr_position_new(ctx, &pos, &err) == GR_OK, "new");
    uint64_t v = 99;
    CHECK(gr_position_value(pos, &v, &err) == GR_OK && v == 0, "the empty sum is 0");
    gr_ruleset *kay, *wy, *hb, *elsewhere;
    CHECK(gr_ctx_ruleset(ctx, "kayles", 6, &kay, &err) == GR_OK && gr_ctx_ruleset(ctx, "wythoff", 7, &wy, &err) == GR_OK &&
          gr_ctx_ruleset(ctx, "hackenbush", 10, &hb, &err) == GR_OK &&
          gr_ctx_ruleset(other, "kayles", 6, &elsewhere, &err) == GR_OK, "rulesets");
    uint64_t a[6] = {3, 4, 0, 1, 1, 0};
    CHECK(gr_position_add_term(pos, NULL, a, 2, &err) == GR_EINVAL && strstr(err.message, "nim heap"), "%s", err.message);
    CHECK(gr_position_add_term(pos, kay, a, 0, &err) == GR_EINVAL && strstr(err.message, "at least one"), "%s", err.message);
    CHECK(gr_position_add_term(pos, kay, NULL, 2, &err) == GR_EINVAL, "no args");
    CHECK(gr_position_add_term(pos, elsewhere, a, 1, &err) == GR_EINVAL && strstr(err.message, "another context"), "%s",
          err.message);
    CHECK(gr_position_add_term(pos, wy, a, 3, &err) != GR_OK, "wythoff with 3 numbers");
    CHECK(gr_position_add_term(pos, hb, a, 4, &err) == GR_EINVAL && strstr(err.message, "triples"), "%s", err.message);
    CHECK(gr_position_add_term(pos, hb, a + 2, 3, &err) == GR_OK, "one edge 0-1");
    CHECK(gr_position_add_term(pos, hb, a + 3, 3, &err) == GR_EINVAL && strstr(err.message, "weight"), "%s", err.message);
    CHECK(gr_position_count(pos) == 1, "refused terms leave no trace: %zu terms", gr_position_count(pos));
    /* a term added after the position was solved is counted */
    CHECK(gr_position_value(pos, &v, &err) == GR_OK && v == 1, "one edge: %llu", (unsigned long long)v);
    CHECK(gr_position_add_term(pos, kay, a, 2, &err) == GR_OK, "kayles(3,4)");
    CHECK(gr_position_value(pos, &v, &err) == GR_OK && v == (1 ^ 3 ^ 1), "value after adding: %llu", (unsigned long long)v);
    char *w = NULL;
    CHECK(gr_position_format(pos, &w, NULL) == GR_OK && w && !strcmp(w, "hackenbush(0-1) + kayles(3,4)"), "'%s'", w ? w : "");
    free(w);
    gr_position_free(pos);
    /* a parsed position takes more terms too */
    CHECK(gr_position_parse(ctx, "5 + 6", 5, 0, &pos, &err) == GR_OK, "parse");
    CHECK(gr_position_value(pos, &v, &err) == GR_OK && v == 3, "5 + 6");
    for (int i = 0; i < 100; i++) CHECK(gr_position_add_term(pos, NULL, a, 1, &err) == GR_OK, "add 3");
    CHECK(gr_position_value(pos, &v, &err) == GR_OK && v == 3, "5 + 6 + 100 threes: %llu", (unsigned long long)v);
    gr_position_free(pos);
    gr_ctx_free(other);
    gr_ctx_free(ctx);
}

/* a million heaps as data: no text, answered at once */
static void test_million(void) {
    gr_ctx *ctx;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "ctx");
    gr_ruleset *kay;
    gr_error err;
    CHECK(gr_ctx_ruleset(ctx, "kayles", 6, &kay, &err) == GR_OK, "kayles");
    gr_position *pos;
    CHECK(gr_position_new(ctx, &pos, &err) == GR_OK, "new");
    rng = 12345;
    uint64_t x = 0;
    for (int i = 0; i < 1000000; i++) {
        uint64_t h = rnd(1000);
        gr_status st = gr_position_add_term(pos, i % 2 ? kay : NULL, &h, 1, &err);
        if (st != GR_OK) { CHECK(0, "term %d: %s", i, err.message); break; }
        uint64_t g = h;
        if (i % 2) CHECK(gr_ruleset_value(kay, h, &g, &err) == GR_OK, "kayles(%llu)", (unsigned long long)h);
        x ^= g;
    }
    uint64_t v;
    CHECK(gr_position_count(pos) == 1000000, "count");
    CHECK(gr_position_value(pos, &v, &err) == GR_OK && v == x, "value %llu, want %llu", (unsigned long long)v,
          (unsigned long long)x);
    gr_position_free(pos);
    gr_ctx_free(ctx);
}

/* the version as a string and as a number agree, and match the header */
static void test_version(void) {
    unsigned a = 0, b = 0, c = 0;
    CHECK(sscanf(gr_version(), "%u.%u.%u", &a, &b, &c) == 3, "version '%s'", gr_version());
    CHECK(gr_version_number() == (int)(a * 10000 + b * 100 + c), "version number %d for '%s'", gr_version_number(),
          gr_version());
    CHECK(gr_version_number() == GRUNDY_VERSION_NUMBER, "the library is %d, the header %d", gr_version_number(),
          GRUNDY_VERSION_NUMBER);
}

/* structs that carry their size: one without it is refused with a message,
 * one with it works, and a result keeps its size after the call */
static gr_status no_options(void *user, const uint64_t *state, gr_optsink *sink, gr_error *err) {
    (void)user; (void)state; (void)sink; (void)err;
    return GR_OK;
}

static void test_sized(void) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    CHECK(gr_ctx_new(&ctx) == GR_OK && gr_ctx_ruleset(ctx, "sub[1,2]", 8, &rs, &err) == GR_OK, "context");
    gr_period bad = {0};
    CHECK(gr_ruleset_period(rs, 100, &bad, &err) == GR_EINVAL && strstr(err.message, "sizeof(gr_period)"),
          "a gr_period without its size: %s", err.message);
    gr_period p = GR_SIZED(gr_period);
    CHECK(gr_ruleset_period(rs, 100, &p, &err) == GR_OK && p.found && p.period == 3 && p.size == sizeof p,
          "a sized gr_period: found %d period %llu size %zu", p.found, (unsigned long long)p.period, p.size);
    gr_position *pos = NULL;
    CHECK(gr_position_parse(ctx, "3 + 4", 5, 0, &pos, &err) == GR_OK, "parse");
    gr_misere m = {0};
    CHECK(gr_position_misere(pos, &m, &err) == GR_EINVAL && strstr(err.message, "gr_misere"), "gr_misere unsized");
    m = GR_SIZED(gr_misere);
    CHECK(gr_position_misere(pos, &m, &err) == GR_OK && m.wins == GR_OUTCOME_N && m.size == sizeof m,
          "gr_misere sized");
    /* one outcome type: the same gr_outcome from every call that tells who wins */
    gr_outcome o = GR_OUTCOME_UNKNOWN, oe = GR_OUTCOME_UNKNOWN, om = GR_OUTCOME_UNKNOWN;
    int known = 0;
    uint64_t v = 0, steps[2];
    size_t dec = 0;
    CHECK(gr_position_outcome(pos, &o, &known, &v, &err) == GR_OK && o == GR_OUTCOME_N && known && v == 7,
          "outcome of 3 + 4");
    CHECK(gr_position_every(pos, steps, &oe, &dec, &err) == GR_OK && oe == GR_OUTCOME_N, "Every-SG outcome");
    CHECK(gr_position_moore(pos, 2, 0, &om, &err) == GR_OK && om == GR_OUTCOME_N, "Moore outcome");
    gr_position_free(pos);
    gr_parse_opts opts = {0};
    CHECK(gr_position_parse_ex(ctx, "3", 1, 0, &opts, &pos, &err) == GR_EINVAL && strstr(err.message, "gr_parse_opts"),
          "gr_parse_opts unsized");
    gr_quotient_limits lim = {0};
    gr_quotient *q = NULL;
    CHECK(gr_quotient_compute(rs, 10, &lim, &q, &err) == GR_EINVAL && !q, "gr_quotient_limits unsized");
    gr_engine_config cfg = {0};
    cfg.state_words = 1;
    cfg.options = no_options;
    gr_engine *e = NULL;
    CHECK(gr_engine_new(&cfg, &e, &err) == GR_EINVAL && !e, "gr_engine_config unsized");
    cfg.size = sizeof cfg;
    CHECK(gr_engine_new(&cfg, &e, &err) == GR_OK && e, "gr_engine_config sized");
    gr_engine_free(e);
    gr_custom_family def = {0};
    def.name = "mine";
    def.heap = 1;
    CHECK(gr_ctx_define_family(ctx, &def, &err) == GR_EINVAL && strstr(err.message, "gr_custom_family"),
          "gr_custom_family unsized");
    gr_ctx_free(ctx);
}

int main(void) {
    test_version();
    test_sized();
    test_refusals();
    test_random();
    test_million();
    return tu_finish("test_build");
}
