/* Help texts: `grundy --help`, `grundy help COMMAND` (and `grundy COMMAND
 * --help`), `grundy help TOPIC`, the manual page; `grundy --version`. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "json.h"

static const char USAGE[] =
    "grundy - exact solutions of impartial combinatorial games\n"
    "\n"
    "usage:\n"
    "  grundy value POSITION            the nim-value of a position (normal play)\n"
    "  grundy solve POSITION [--json]   value, outcome and winning moves\n"
    "  grundy seq RULESET --to N        G(0), ..., G(N) of a heap ruleset\n"
    "  grundy solve --misere POSITION   misère play (the last player to move loses)\n"
    "  grundy solve --every POSITION    Every-SG (move in every component each turn)\n"
    "  grundy solve --moore K POSITION  Moore's Nim-K (add --misere for Anti-Nim-K)\n"
    "  grundy solve --remoteness POSITION\n"
    "                                   how many moves are left when the winner\n"
    "                                   hurries and the loser delays (--misere)\n"
    "  grundy explain POSITION          why the value is what it is: mex steps, XOR\n"
    "                                   in binary, the winning move (--misere, --json)\n"
    "  grundy play POSITION             a game against perfect play in the terminal\n"
    "                                   (--misere, --every, --moore K; --first grundy)\n"
    "  grundy move POSITION             the move perfect play makes, why, and every\n"
    "                                   move with its outcome (--json: a turn of play)\n"
    "  grundy genus HEAP                Conway's genus of one heap, e.g. kayles(5)\n"
    "  grundy quotient RULESET --to N   the misère quotient of the heaps 0..N\n"
    "  grundy check FILE                re-check a certificate (seq --period\n"
    "                                   --certificate FILE, value --certificate)\n"
    "  grundy newnim HEAPS...           New Nim: least total to remove in round one\n"
    "  grundy census PATTERN --to N     every code of a pattern like 'tb[0.??]'\n"
    "  grundy census-merge PATTERN FILES...\n"
    "                                   join a census run in shards, checking every code\n"
    "  grundy table RULESET --to W,H    values of a two-number game: text, --csv, --svg FILE\n"
    "  grundy nim OP ARGS [--hex]       nimber arithmetic: add mul inv div sqrt sqr pow\n"
    "                                   solve-quadratic log; '-' reads one query per line\n"
    "  grundy demo                      solve a few built-in examples\n"
    "  grundy help COMMAND              a command's usage, options and examples (the\n"
    "                                   same as 'grundy COMMAND --help')\n"
    "  grundy help TOPIC                topics: language, rulesets, exit-codes, json,\n"
    "                                   and each ruleset (nim, sub, tb, kayles, ...);\n"
    "                                   'grundy help topics' lists every name;\n"
    "                                   'grundy help rulesets --json' the families\n"
    "  grundy --version\n"
    "\n"
    "POSITION is a sum in the game language, e.g. '3 + kayles(7) + sub[1,2,4](10)';\n"
    "'-' reads it from stdin and '@FILE' (or --file FILE) from a file, one term\n"
    "per line or '+'-separated.\n"
    "\n"
    "options (each command's own: 'grundy help COMMAND'):\n"
    "  --json             solve: one JSON object (see 'grundy help json')\n"
    "  --max-moves K      solve: list at most K winning moves (0 = all; default 10,\n"
    "                     or 1 for sums of more than 1000 terms)\n"
    "  --table-limit N    tabulate at most N values per ruleset to answer one heap\n"
    "                     (default 65536); beyond it only closed forms and proven\n"
    "                     periods answer\n"
    "  --to N             seq: the last heap size\n"
    "  --period           seq: report a period proved within G(0..N) instead\n"
    "                     (plain, or arithmetic: G(n + p) = G(n) + saltus)\n"
    "  --out FILE         seq: write the values to FILE (text if it ends in .txt,\n"
    "                     else binary: GRSEQ1, width byte, u64 count, values LE)\n"
    "  --plot FILE.svg    seq: draw G(n) against n (rare values red, period marked);\n"
    "                     solve: draw the board terms and their winning moves\n"
    "  --histogram DIR    seq: at each power of two N, DIR/N with how often each\n"
    "                     value occurs among G(1..N)\n"
    "  --checkpoint FILE  seq: save progress every few seconds; a rerun resumes\n"
    "  --window W         seq: a windowed run in flat memory (W values kept; 0: 2^22)\n"
    "  --threads N        seq --window, and board and graph searches: threads\n"
    "                     (default: the cores present)\n"
    "  --mpi              under mpirun: value, solve (board and graph searches)\n"
    "                     and census over the job's ranks\n"
    "  --quiet            seq, value, solve, table: no progress line on stderr\n"
    "  --search-limit N   positions an exact search (misère, Every-SG, a rule or\n"
    "                     other state game) may memoize (default 1048576)\n"
    "  --max-seconds S    stop with exit 2, saying where and how far, after S\n"
    "                     seconds (0: never; default 60 for value, solve and\n"
    "                     genus, and for each of grundy's moves in play; none\n"
    "                     for seq, quotient, newnim, census and table)\n"
    "  --first WHO        play: who moves first, me (the default) or grundy\n"
    "  --terms K          genus: how many gamma values to compute (1-16, default 8)\n"
    "Numbers in options are written as in positions: 1000000 or 10^6 (at most\n"
    "2^64 - 1; a larger one is refused, naming the option).\n"
    "\n"
    "exit codes: 0 ok, 2 bad input or usage, 1 internal failure, 130 Ctrl-C\n";





static const char *find_text(const cli_topic *list, size_t n, const char *name) {
    for (size_t i = 0; i < n; i++)
        if (!strcmp(list[i].name, name)) return list[i].text;
    return NULL;
}

/* the rulesets topic, from the library's list of families, into buf */
static const char *rulesets_text(char *buf, size_t n) {
    static const char *const GROUPS[][2] = {
        {"heap", "Heap rulesets (a term is NAME[PARAMS](heap, ...)):\n"},
        {"state", "State rulesets (the arguments together are one position):\n"},
        {"board", "Boards and graphs (see 'grundy help cram'):\n"},
        {"rule", "Your own rules (a heap ruleset for one-number patterns, else a state ruleset):\n"},
    };
    size_t used = 0;
    buf[0] = 0;
    for (size_t g = 0; g < sizeof GROUPS / sizeof GROUPS[0]; g++) {
        used += (size_t)snprintf(buf + used, used < n ? n - used : 0, "%s", GROUPS[g][1]);
        for (size_t i = 0; i < gr_family_count(); i++) {
            gr_family_info fi = GR_SIZED(gr_family_info);
            if (gr_family_at(i, &fi, NULL) != GR_OK || strcmp(fi.kind, GROUPS[g][0])) continue;
            used += (size_t)snprintf(buf + used, used < n ? n - used : 0, strlen(fi.syntax) <= 13 ? "  %-13s %s\n" : "  %s  %s\n",
                                     fi.syntax, fi.help);
        }
    }
    snprintf(buf + used, used < n ? n - used : 0, "'grundy help NAME' says more about each.\n");
    return buf;
}

/* grundy help rulesets --json: the library's list of families, one JSON
 * object ({"families": [...]}, the keys of gr_family_info) */
static int rulesets_json(void) {
    json_writer w;
    json_init(&w, stdout);
    json_object_begin(&w);
    json_key(&w, "families");
    json_array_begin(&w);
    for (size_t i = 0; i < gr_family_count(); i++) {
        gr_family_info fi = GR_SIZED(gr_family_info);
        gr_error err;
        if (gr_family_at(i, &fi, &err) != GR_OK) {
            fprintf(stderr, "grundy: error: %s\n", err.message);
            return 1;
        }
        json_object_begin(&w);
        json_key(&w, "name"); json_string(&w, fi.name);
        json_key(&w, "kind"); json_string(&w, fi.kind);
        json_key(&w, "syntax"); json_string(&w, fi.syntax);
        json_key(&w, "help"); json_string(&w, fi.help);
        json_key(&w, "alias_of"); if (fi.alias_of) json_string(&w, fi.alias_of); else json_null(&w);
        json_key(&w, "heap"); json_bool(&w, fi.heap);
        json_key(&w, "params_required"); json_bool(&w, fi.params_required);
        json_key(&w, "example"); json_string(&w, fi.example);
        json_object_end(&w);
    }
    json_array_end(&w);
    json_object_end(&w);
    json_line_end(&w);
    return 0;
}

/* a topic's text (the rulesets topic written into buf) */
static const char *topic_text(const char *name, char *buf, size_t n) {
    return !strcmp(name, "rulesets") ? rulesets_text(buf, n) : find_text(CLI_TOPICS, CLI_NTOPICS, name);
}

/* Every name `grundy help` knows, commands first; a topic that shares a
 * command's name (the nim ruleset) is named once. */
static void list_names(FILE *f, const char *sep) {
    for (size_t i = 0; i < CLI_NCOMMANDS; i++) fprintf(f, "%s%s", i ? sep : "", CLI_COMMANDS[i].name);
    for (size_t i = 0; i < CLI_NTOPICS; i++)
        if (!find_text(CLI_COMMANDS, CLI_NCOMMANDS, CLI_TOPICS[i].name)) fprintf(f, "%s%s", sep, CLI_TOPICS[i].name);
}

/* A command's help, then the topic of the same name when there is one:
 * `grundy help nim` is about the command and the ruleset. text writes
 * each part (fputs for the terminal, man_text for the manual page). */
static int put_named(FILE *f, const char *name, void (*text)(FILE *, const char *)) {
    char buf[8192];
    const char *c = find_text(CLI_COMMANDS, CLI_NCOMMANDS, name), *t = topic_text(name, buf, sizeof buf);
    if (c) text(f, c);
    if (c && t) text(f, "\n");
    if (t) text(f, t);
    return c || t;
}

static void put_plain(FILE *f, const char *t) { fputs(t, f); }

void cli_help(FILE *f, const char *name, int *found) {
    if (!name) { fputs(USAGE, f); return; }
    if (!strcmp(name, "topics")) {
        fputs("help topics: ", f);
        list_names(f, " ");
        fputs("\n", f);
        return;
    }
    if (!put_named(f, name, put_plain) && found) *found = 0;
}

/* text as troff lines inside .nf/.fi: backslashes escaped, and a line
 * that starts with a control character made plain */
static void man_text(FILE *f, const char *t) {
    int bol = 1;
    for (; *t; t++) {
        if (bol && (*t == '.' || *t == '\'')) fputs("\\&", f);
        if (*t == '\\') fputs("\\e", f);
        else fputc(*t, f);
        bol = *t == '\n';
    }
    if (!bol) fputc('\n', f);
}

/* The manual page (troff), from the same text as the help: the usage,
 * every command and every topic. The build writes it to grundy.1 and
 * installs it. */
static void man_page(FILE *f) {
    fprintf(f, ".TH GRUNDY 1 \"\" \"grundy %s\" \"User Commands\"\n", gr_version());
    fputs(".SH NAME\ngrundy \\- exact solutions of impartial combinatorial games\n", f);
    fputs(".SH SYNOPSIS\n.nf\n", f);
    man_text(f, USAGE);
    fputs(".fi\n.SH COMMANDS\nEach section below is also printed by \\fBgrundy help\\fR \\fICOMMAND\\fR and by "
          "\\fBgrundy\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR.\n", f);
    for (size_t i = 0; i < CLI_NCOMMANDS; i++) {
        fprintf(f, ".SS %s\n.nf\n", CLI_COMMANDS[i].name);
        put_named(f, CLI_COMMANDS[i].name, man_text);
        fputs(".fi\n", f);
    }
    fputs(".SH TOPICS\nEach section below is also printed by \\fBgrundy help\\fR \\fITOPIC\\fR.\n", f);
    for (size_t i = 0; i < CLI_NTOPICS; i++) {
        if (find_text(CLI_COMMANDS, CLI_NCOMMANDS, CLI_TOPICS[i].name)) continue; /* in its command's section */
        char buf[8192];
        fprintf(f, ".SS %s\n.nf\n", CLI_TOPICS[i].name);
        man_text(f, topic_text(CLI_TOPICS[i].name, buf, sizeof buf));
        fputs(".fi\n", f);
    }
    fputs(".SH SEE ALSO\nThe documentation in the source tree's docs/ folder, starting with README.md.\n", f);
}

/* grundy help [COMMAND | TOPIC] | grundy help --man | grundy --help | grundy -h */
int cmd_help(int argc, char **argv) {
    if (strcmp(argv[1], "help")) { cli_help(stdout, NULL, NULL); return 0; }
    if (argc == 4 && !strcmp(argv[2], "rulesets") && !strcmp(argv[3], "--json")) return rulesets_json();
    if (argc > 3)
        return cli_usage_error("help takes one COMMAND or TOPIC (and 'help rulesets --json' the list of families "
                               "as JSON)%s", "");
    if (argc == 3 && !strcmp(argv[2], "--man")) {
        man_page(stdout);
        return 0;
    }
    const char *name = argc == 3 ? argv[2] : NULL;
    if (name && !strcmp(name, "--help")) name = "help";
    int found = 1;
    cli_help(stdout, name, &found);
    if (!found) {
        fprintf(stderr, "grundy: error: no help topic '%s'; commands and topics: ", name);
        list_names(stderr, ", ");
        fputs("\n", stderr);
        return 2;
    }
    return 0;
}

/* grundy --version | grundy version */
int cmd_version(int argc, char **argv) {
    (void)argc;
    (void)argv;
    printf("grundy %s\n", gr_version());
    return 0;
}
