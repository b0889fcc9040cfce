/* The languages of grundy explain (--lang en|zh) and their one catalogue
 * (lang.c): each message once, its English and its Simplified Chinese side
 * by side. A call site writes the English format itself, tr(lang, "..."),
 * so the English output is the literal at the call and the compiler checks
 * the call's arguments against it; the Chinese is looked up by that
 * English. tests/explain_lang_test.py checks that every literal passed to
 * tr() has its Chinese, with the same printf conversions in the same order,
 * and that every library string translated here is still the library's. */
#ifndef GRUNDY_CLI_LANG_H
#define GRUNDY_CLI_LANG_H

#include <stddef.h>

typedef enum cli_lang {
    CLI_LANG_EN = 0,  /* the default: a zeroed cli_opts is English */
    CLI_LANG_ZH
} cli_lang;

/* "en" or "zh" into *out: 0, or -1 for any other name */
int cli_lang_parse(const char *name, cli_lang *out);

/* The CLI's own message en (a printf format) in lang: en itself in English,
 * else its translation (en when the catalogue has none, which the test
 * forbids). */
const char *tr(cli_lang lang, const char *en) __attribute__((format_arg(2)));

/* A string of the library (a ruleset's formula or method, a misère or
 * remoteness method's name) in lang: its translation, or en itself when
 * the catalogue has none, so that nothing is ever dropped. A catalogue
 * entry may hold the library's numbers ("%llu", digits) and words ("%s",
 * any text) where the library writes them: its translation is then
 * written into room, with the same numbers and words (en when it does not
 * fit). Print the result with "%s", never as a format. */
enum { CLI_LANG_ROOM = 2048 };
const char *tr_library(cli_lang lang, const char *en, char *room, size_t cap);

/* The columns UTF-8 text takes in a terminal (a CJK character or
 * punctuation mark takes two): for right-aligning a translated label. */
int cli_lang_columns(const char *s);

#endif
