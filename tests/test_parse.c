/* The game-language parser: accepted forms, written-back forms, and every
 * kind of bad input with its status, line, column and message. */
#include <string.h>
#include "grundy/grundy.h"
#include "testutil.h"

static gr_ctx *ctx;

static void ok(const char *text, unsigned flags, size_t terms, uint64_t value, const char *written) {
    gr_position *pos;
    gr_error err;
    gr_error_clear(&err);
    gr_status st = gr_position_parse(ctx, text, strlen(text), flags, &pos, &err);
    CHECK(st == GR_OK, "'%s' should parse: %s (column %zu)", text, err.message, err.column);
    if (st != GR_OK) return;
    CHECK(gr_position_count(pos) == terms, "'%s': %zu terms, want %zu", text, gr_position_count(pos), terms);
    uint64_t v;
    st = gr_position_value(pos, &v, &err);
    CHECK(st == GR_OK && v == value, "'%s': value %llu (%s), want %llu", text, (unsigned long long)v, err.message,
          (unsigned long long)value);
    if (written) {
        char *s;
        CHECK(gr_position_format(pos, &s, NULL) == GR_OK, "format");
        CHECK(!strcmp(s, written), "'%s' written back as '%s', want '%s'", text, s, written);
        free(s);
    }
    gr_position_free(pos);
}

static void bad(const char *text, size_t len, unsigned flags, gr_status want, size_t line, size_t col, const char *msg) {
    gr_position *pos = (gr_position *)1;
    gr_error err;
    gr_error_clear(&err);
    gr_status st = gr_position_parse(ctx, text, len, flags, &pos, &err);
    CHECK(st == want, "'%s': status %s, want %s (%s)", text, gr_status_name(st), gr_status_name(want), err.message);
    CHECK(pos == NULL, "'%s': no position on error", text);
    CHECK(err.status == st, "'%s': err.status", text);
    CHECK(err.line == line && err.column == col, "'%s': at line %zu column %zu, want %zu:%zu (%s)", text, err.line,
          err.column, line, col, err.message);
    CHECK(strstr(err.message, msg) != NULL, "'%s': message '%s' lacks '%s'", text, err.message, msg);
    if (st == GR_OK) gr_position_free(pos);
}

#define BAD(t, st, col, msg) bad(t, strlen(t), 0, st, 1, col, msg)

/* term accessors, positions after several moves, and 128-bit decimals */
static void api(void) {
    gr_position *pos;
    gr_error err;
    const char *text = "kayles(2,3) + 5 + wythoff(3,4) + fib(9,2)";
    CHECK(gr_position_parse(ctx, text, strlen(text), 0, &pos, &err) == GR_OK, "%s", err.message);
    gr_term_info t;
    CHECK(gr_position_term(pos, 0, &t) == GR_OK && t.nargs == 2 && t.args[0] == 2 && t.args[1] == 3 && !t.bare &&
              !strcmp(gr_ruleset_spec(t.ruleset), "kayles") && !strcmp(gr_ruleset_family(t.ruleset), "tb"),
          "term 0");
    CHECK(gr_position_term(pos, 1, &t) == GR_OK && t.nargs == 1 && t.args[0] == 5 && t.bare &&
              !strcmp(gr_ruleset_family(t.ruleset), "nim"), "term 1");
    CHECK(gr_position_term(pos, 2, &t) == GR_OK && t.nargs == 2 && t.args[1] == 4 && !gr_ruleset_is_heap(t.ruleset),
          "term 2");
    uint64_t take = 0;
    CHECK(gr_position_term(pos, 3, &t) == GR_OK && !strcmp(gr_ruleset_family(t.ruleset), "dyn") &&
              gr_ruleset_least_winning_take(t.ruleset, t.args, t.nargs, &take, &err) == GR_OK && take == 1,
          "term 3: least winning take of fib(9,2) is 1, got %llu", (unsigned long long)take);
    CHECK(gr_position_term(pos, 4, &t) == GR_EINVAL, "no term 4");
    gr_move mv[3] = {{.component = 0, .from = "kayles(2,3)", .to = "kayles(1,3)"},
                     {.component = 2, .from = "wythoff(3,4)", .to = "wythoff(1,2)"},
                     {.component = 2, .from = "x", .to = "wythoff(0,4)"}};
    char *after = NULL;
    CHECK(gr_position_format_moves(pos, mv, 3, &after, NULL) == GR_OK && after &&
              !strcmp(after, "kayles(1,3) + 5 + wythoff(0,4) + fib(9,2)"), "after moves: %s", after ? after : "(null)");
    free(after);
    gr_move far = {.component = 9, .from = "a", .to = "b"};
    CHECK(gr_position_format_moves(pos, &far, 1, &after, NULL) == GR_EINVAL, "a move in no term");
    gr_position_free(pos);

    char buf[GR_U128_DIGITS];
    CHECK(gr_u128_format(0, 0, buf) == 1 && !strcmp(buf, "0"), "0");
    CHECK(!strcmp((gr_u128_format(0, UINT64_MAX, buf), buf), "18446744073709551615"), "2^64-1: %s", buf);
    CHECK(!strcmp((gr_u128_format(1, 0, buf), buf), "18446744073709551616"), "2^64: %s", buf);
    CHECK(gr_u128_format(UINT64_MAX, UINT64_MAX, buf) == 39 && !strcmp(buf, "340282366920938463463374607431768211455"),
          "2^128-1: %s", buf);
    tu_rng r = {tu_seed(12)};
    for (int i = 0; i < 20000; i++) {
        uint64_t hi = tu_next(&r) >> tu_below(&r, 64), lo = tu_next(&r);
        __extension__ unsigned __int128 v = (unsigned __int128)hi << 64 | lo;
        char want[GR_U128_DIGITS], tmp[GR_U128_DIGITS];
        size_t k = 0;
        do { tmp[k++] = (char)('0' + (int)(v % 10)); v /= 10; } while (v);
        for (size_t j = 0; j < k; j++) want[j] = tmp[k - 1 - j];
        want[k] = 0;
        CHECK(gr_u128_format(hi, lo, buf) == k && !strcmp(buf, want), "%s vs %s", buf, want);
    }
}

/* Streams: the text fed in random pieces (down to single bytes) gives what
 * the whole text gives: the same position written back, or the same error
 * at the same line and column. The texts are random runs of tokens, good
 * and bad, so that separators fall inside brackets, parentheses, comments
 * and file names. */
/* gr_number_parse: the language's numbers alone, as the CLI's options read
 * them; each also read as a nim heap by the position parser, which must
 * agree */
static void numbers(void) {
    static const struct { const char *text; gr_status st; uint64_t v; size_t col; } cases[] = {
        {"0", GR_OK, 0, 0}, {"1000000", GR_OK, 1000000, 0}, {"10^6", GR_OK, 1000000, 0}, {"2^63", GR_OK, (uint64_t)1 << 63, 0},
        {"18446744073709551615", GR_OK, UINT64_MAX, 0}, {"0^0", GR_OK, 1, 0}, {"007", GR_OK, 7, 0},
        {"18446744073709551616", GR_ERANGE, 0, 1}, {"2^64", GR_ERANGE, 0, 1}, {"10^20", GR_ERANGE, 0, 1},
        {"-1", GR_ERANGE, 0, 1}, {"", GR_EPARSE, 0, 1}, {"12x", GR_EPARSE, 0, 3}, {"10^", GR_EPARSE, 0, 4},
        {" 1", GR_EPARSE, 0, 1}, {"1 ", GR_EPARSE, 0, 2}, {"1e6", GR_EPARSE, 0, 2}, {"0x10", GR_EPARSE, 0, 2},
        {"2^3^2", GR_EPARSE, 0, 4},
    };
    gr_ctx *c;
    CHECK(gr_ctx_new(&c) == GR_OK, "ctx");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint64_t v = 12345;
        gr_error err;
        gr_status st = gr_number_parse(cases[i].text, strlen(cases[i].text), &v, &err);
        CHECK(st == cases[i].st && (st != GR_OK || v == cases[i].v) && (st == GR_OK || err.column == cases[i].col),
              "gr_number_parse('%s'): status %d, value %llu, column %zu: %s", cases[i].text, (int)st, (unsigned long long)v,
              err.column, err.message);
        gr_position *pos = NULL;
        uint64_t g;
        if (st == GR_OK && cases[i].text[0])
            CHECK(gr_position_parse(c, cases[i].text, strlen(cases[i].text), 0, &pos, &err) == GR_OK &&
                  gr_position_value(pos, &g, &err) == GR_OK && g == v, "'%s' as a heap", cases[i].text);
        gr_position_free(pos);
    }
    uint64_t v;
    gr_error err;
    CHECK(gr_number_parse(NULL, 0, &v, &err) == GR_EPARSE, "NULL text");
    CHECK(gr_number_parse("123", 2, &v, &err) == GR_OK && v == 12, "len bounds the text");
    gr_ctx_free(c);
}

static void parse_result(gr_status st, const gr_position *pos, const gr_error *e, char *out, size_t cap) {
    if (st != GR_OK) {
        snprintf(out, cap, "error %d at %zu:%zu %s", (int)st, e->line, e->column, e->message);
        return;
    }
    char *w = NULL;
    if (gr_position_format(pos, &w, NULL) != GR_OK) { snprintf(out, cap, "format failed"); return; }
    snprintf(out, cap, "ok %zu %s", gr_position_count(pos), w);
    free(w);
}

static void streams(void) {
    static const char *const tok[] = {"3", "17", " ", "  ", "+", " + ", "\n", "\n\n", "#c+(", "# x\n", "kayles(",
                                      "kayles(2,3)", ")", ",", "(", "[", "]", "sub[1,2]", "sub[1,2", "tb[0.77](4)",
                                      "rule[n -> n-1 + (n-2) if n >= 2](", "rule[(a,b) -> (a-1,b)](2,3)", "x", "-",
                                      "hackenbush(0-1,1-2)", "hackenbush(@f+g)", "@", "2^3", "\t", "wythoff(3,5)",
                                      "nim(1", "0-1", ":2"};
    const size_t ntok = sizeof tok / sizeof tok[0];
    tu_rng r = {tu_seed(34)};
    uint64_t cases = 3000 * tu_scale();
    char text[512], want[1024], got[1024];
    for (uint64_t c = 0; c < cases; c++) {
        size_t n = 0, k = 1 + tu_below(&r, 12);
        text[0] = '\0';
        for (size_t j = 0; j < k; j++) {
            const char *t = tok[tu_below(&r, ntok)];
            if (n + strlen(t) + 1 >= sizeof text) break;
            memcpy(text + n, t, strlen(t) + 1);
            n += strlen(t);
        }
        unsigned flags = tu_below(&r, 2) ? GR_PARSE_LINES : 0;
        gr_position *pos = NULL;
        gr_error e;
        gr_error_clear(&e);
        gr_status st = gr_position_parse(ctx, text, n, flags, &pos, &e);
        parse_result(st, pos, &e, want, sizeof want);
        gr_position_free(pos);
        pos = NULL;
        gr_parser *ps = NULL;
        gr_error_clear(&e);
        st = gr_parser_new(ctx, flags, NULL, &ps, &e);
        CHECK(st == GR_OK, "parser_new: %s", e.message);
        if (st != GR_OK) return;
        int bytewise = tu_below(&r, 4) == 0;
        for (size_t i = 0; i < n && st == GR_OK;) {
            size_t step = bytewise ? 1 : 1 + tu_below(&r, n - i);
            st = gr_parser_feed(ps, text + i, step, &e);
            i += step;
        }
        if (st == GR_OK) st = gr_parser_finish(ps, &pos, &e);
        parse_result(st, pos, &e, got, sizeof got);
        CHECK(!strcmp(want, got), "flags %u, text \"%s\": whole gives [%s], the stream [%s]", flags, text, want, got);
        gr_position_free(pos);
        gr_parser_free(ps);
    }
    /* after an error every call fails; a NUL byte is an error with its place */
    gr_parser *ps = NULL;
    gr_error e;
    gr_position *pos = NULL;
    if (gr_parser_new(ctx, GR_PARSE_LINES, NULL, &ps, &e) == GR_OK) {
        CHECK(gr_parser_feed(ps, "1 + 2\n3", 7, &e) == GR_OK, "%s", e.message);
        CHECK(gr_parser_feed(ps, "4\0", 2, &e) == GR_EPARSE && e.line == 2 && e.column == 3 && strstr(e.message, "NUL"),
              "NUL: %zu:%zu %s", e.line, e.column, e.message);
        CHECK(gr_parser_feed(ps, "5", 1, &e) != GR_OK, "a failed stream went on");
        CHECK(gr_parser_finish(ps, &pos, &e) != GR_OK && pos == NULL, "a failed stream finished");
        gr_parser_free(ps);
    }
    /* a term that never ends stops at GR_TERM_MAX_BYTES, naming where it starts */
    if (gr_parser_new(ctx, 0, NULL, &ps, &e) == GR_OK) {
        static char blanks[1 << 16];
        memset(blanks, ' ', sizeof blanks);
        gr_status st = gr_parser_feed(ps, "1 +\n kayles(", 12, &e);
        size_t fed = 12;
        while (st == GR_OK && fed <= GR_TERM_MAX_BYTES + sizeof blanks) {
            st = gr_parser_feed(ps, blanks, sizeof blanks, &e);
            fed += sizeof blanks;
        }
        CHECK(st == GR_ELIMIT && e.line == 2 && e.column == 2 && strstr(e.message, "longer than"), "long term: %d %zu:%zu %s",
              (int)st, e.line, e.column, e.message);
        gr_parser_free(ps);
    }
    /* a million terms fed a few bytes at a time: the parser's buffer stays small */
    if (gr_parser_new(ctx, 0, NULL, &ps, &e) == GR_OK) {
        gr_status st = GR_OK;
        for (int i = 0; i < 1000000 && st == GR_OK; i++) st = gr_parser_feed(ps, i ? " + 1" : "1", i ? 4 : 1, &e);
        if (st == GR_OK) st = gr_parser_finish(ps, &pos, &e);
        uint64_t v = 1;
        CHECK(st == GR_OK && gr_position_count(pos) == 1000000 && gr_position_value(pos, &v, &e) == GR_OK && v == 0,
              "a million ones: %s", e.message);
        gr_position_free(pos);
        gr_parser_free(ps);
    }
}

int main(void) {
    tu_seed(0);
    if (gr_ctx_new(&ctx) != GR_OK) return 1;

    ok("3 + 4 + 5", 0, 3, 2, "3 + 4 + 5");
    ok("  3+4  ", 0, 2, 7, "3 + 4");
    ok("kayles( 7 ) +  dawson (9)", 0, 2, 2 ^ 0, "kayles(7) + dawson(9)");
    ok("10^18", 0, 1, 1000000000000000000ull, "1000000000000000000");
    ok("2^63 + 2^0 + 0^0 + 0^5", 0, 4, (1ull << 63) ^ 1 ^ 1 ^ 0, NULL);
    ok("18446744073709551615", 0, 1, UINT64_MAX, NULL);
    ok("nim(3,4)", 0, 1, 7, "nim(3,4)");
    ok("tb[0.770](3) + tb[ 0.77 ](4)", 0, 2, 3 ^ 1, "tb[0.77](3) + tb[0.77](4)");
    ok("sub[4,1,2,2](3)", 0, 1, 0, "sub[1,2,4](3)");
    ok("sub[1,2,3](5) + sub[ 5 , 1..3 ](5)", 0, 2, 0, "sub[1..3](5) + sub[1..3,5](5)");
    ok("tb[4.3!](4) + lasker(4) + tb[0.f](1)", 0, 3, 0 ^ 1, "tb[4.3!](4) + lasker(4) + tb[0.F](1)");
    ok("kayles(2,3)", 0, 1, 2 ^ 3, "kayles(2,3)");
    ok("3\n4\n\n# a comment\n5   # trailing\n", GR_PARSE_LINES, 3, 2, NULL);
    ok("3 +\n4\n+ 5\n", GR_PARSE_LINES, 3, 2, NULL);
    ok("3\n+\n4", 0, 2, 7, NULL);  /* newlines are blanks outside lines mode */

    BAD("", GR_EPARSE, 1, "empty position");
    BAD("   ", GR_EPARSE, 4, "empty position");
    BAD("3 +", GR_EPARSE, 4, "expected a term after '+'");
    BAD("kayles(7", GR_EPARSE, 9, "expected ',' or ')'");
    BAD("kayles(7 8)", GR_EPARSE, 10, "expected ',' or ')', found '8'");
    BAD("kayles()", GR_EPARSE, 8, "expected a heap size");
    BAD("kayles(3,)", GR_EPARSE, 10, "expected a number");
    BAD("kayles 7", GR_EPARSE, 8, "expected '('");
    BAD("3 4", GR_EPARSE, 3, "expected '+' between terms");
    BAD("3.5", GR_EPARSE, 2, "expected a whole number");
    BAD("7x", GR_EPARSE, 2, "expected a whole number");
    BAD("-3", GR_ERANGE, 1, "negative numbers are not allowed");
    BAD("kayles(-3)", GR_ERANGE, 8, "negative");
    BAD("18446744073709551616", GR_ERANGE, 1, "does not fit in 64 bits");
    BAD("1 + 2^64", GR_ERANGE, 5, "does not fit in 64 bits");
    BAD("10^", GR_EPARSE, 4, "expected a number");
    BAD("+3", GR_EPARSE, 1, "expected a term");
    BAD("foo(3)", GR_EPARSE, 1, "unknown ruleset 'foo'");
    BAD("3 + bar[1](2)", GR_EPARSE, 5, "unknown ruleset 'bar'");
    BAD("sub(3)", GR_EPARSE, 4, "'sub' needs parameters");
    BAD("kayles[1](3)", GR_EPARSE, 7, "'kayles' takes no parameters");
    BAD("sub[](3)", GR_EINVAL, 5, "empty subtraction set");
    BAD("sub[ ](3)", GR_EINVAL, 6, "empty subtraction set");
    BAD("sub[1,0](3)", GR_EINVAL, 7, "0 is not allowed");
    BAD("sub[3..1](3)", GR_EINVAL, 5, "empty range 3..1");
    BAD("sub[1,-2](3)", GR_ERANGE, 7, "negative numbers are not allowed");
    BAD("sub[1;2](3)", GR_EPARSE, 6, "expected ',' or ']'");
    BAD("sub[1,99999999999999999999](3)", GR_ERANGE, 7, "does not fit in 64 bits");
    BAD("sub[1..99999999](3)", GR_ELIMIT, 5, "more than");
    BAD("sub[1,2(3)", GR_EPARSE, 4, "'[' is never closed");
    BAD("tb[0.9x](3)", GR_EPARSE, 7, "bad digit 'x'");
    BAD("tb[1.7](3)", GR_EINVAL, 4, "must be 0, 4, 8 or C");
    BAD("tb[077](3)", GR_EPARSE, 5, "expected '.'");
    BAD("tb[0.00](3)", GR_EINVAL, 4, "allows no move");
    BAD("tb[0.!](3)", GR_EPARSE, 6, "'!' needs a digit");
    BAD("tb[0.7!7](3)", GR_EPARSE, 8, "'!' must end the code");
    BAD("tb[](3)", GR_EINVAL, 4, "empty take-and-break code");
    bad("3\n4\nkayles(\n", 12, GR_PARSE_LINES, GR_EPARSE, 3, 8, "expected a number, found the end of the line");
    bad("1\n2\n3 4\n", 8, GR_PARSE_LINES, GR_EPARSE, 3, 3, "expected '+' between terms");
    bad("3\0+4", 4, 0, GR_EPARSE, 1, 2, "byte 0x00");
    bad("3 + \xff", 5, 0, GR_EPARSE, 1, 5, "byte 0xff");

    /* a million terms, parsed and summed */
    size_t n = 1000000, len = 0;
    char *big = malloc(n * 12 + 1);
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t h = (i * 2654435761u) % 1000003;
        x ^= h;
        len += (size_t)sprintf(big + len, "%llu\n", (unsigned long long)h);
    }
    gr_position *pos;
    gr_error err;
    uint64_t v;
    CHECK(gr_position_parse(ctx, big, len, GR_PARSE_LINES, &pos, &err) == GR_OK, "big: %s", err.message);
    CHECK(gr_position_count(pos) == n, "big count");
    CHECK(gr_position_value(pos, &v, &err) == GR_OK && v == x, "big value");
    gr_position_free(pos);
    free(big);

    /* a ruleset on its own, as `grundy seq` takes it */
    gr_ruleset *rs;
    CHECK(gr_ctx_ruleset(ctx, "sub[1, 2..4]", 12, &rs, &err) == GR_OK, "%s", err.message);
    CHECK(!strcmp(gr_ruleset_spec(rs), "sub[1..4]"), "spec %s", gr_ruleset_spec(rs));
    CHECK(gr_ctx_ruleset(ctx, "kayles(3)", 9, &rs, &err) == GR_EPARSE && err.column == 7, "ruleset with args: %s",
          err.message);
    CHECK(gr_ctx_ruleset(ctx, "", 0, &rs, &err) == GR_EPARSE && err.column == 1, "empty ruleset");

    api();
    streams();
    numbers();
    gr_ctx_free(ctx);
    return tu_finish("test_parse");
}
