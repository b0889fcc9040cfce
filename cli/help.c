/* Help texts: `grundy --help` and `grundy help TOPIC`. */
#include <stdio.h>
#include <string.h>

static const char USAGE[] =
    "grundy - exact solutions of impartial combinatorial games\n"
    "\n"
    "usage:\n"
    "  grundy value POSITION            the nim-value of a position (normal play)\n"
    "  grundy solve POSITION [--json]   value, outcome and winning moves\n"
    "  grundy seq RULESET --to N        G(0), ..., G(N) of a heap ruleset\n"
    "  grundy demo                      solve a few built-in examples\n"
    "  grundy help TOPIC                topics: language, rulesets, exit-codes, json,\n"
    "                                   and each ruleset (nim, sub, tb, kayles, ...)\n"
    "  grundy --version\n"
    "\n"
    "POSITION is a sum in the game language, e.g. '3 + kayles(7) + sub[1,2,4](10)';\n"
    "'-' reads it from stdin and '@FILE' (or --file FILE) from a file, one term\n"
    "per line or '+'-separated.\n"
    "\n"
    "options:\n"
    "  --json             solve: one JSON object (see 'grundy help json')\n"
    "  --max-moves K      solve: list at most K winning moves (0 = all; default 10,\n"
    "                     or 1 for sums of more than 1000 terms)\n"
    "  --table-limit N    tabulate at most N values per ruleset to answer one heap\n"
    "                     (default 65536); beyond it only closed forms and proven\n"
    "                     periods answer\n"
    "  --to N             seq: the last heap size\n"
    "\n"
    "exit codes: 0 ok, 2 bad input or usage, 1 internal failure\n";

typedef struct topic {
    const char *name;
    const char *text;
} topic;

static const topic TOPICS[] = {
    {"language",
     "The game language\n"
     "\n"
     "  POSITION := TERM { '+' TERM }          a disjunctive sum\n"
     "  TERM     := INTEGER                    a nim heap\n"
     "            | NAME [ '[' PARAMS ']' ] '(' ARGS ')'\n"
     "\n"
     "Whitespace is free. INTEGER is a decimal 64-bit unsigned number, optionally\n"
     "with an exponent: 10^18. Anything out of range is an error, never a wrap.\n"
     "For a heap ruleset ARGS lists heaps: kayles(7) is one row of 7 pins and\n"
     "kayles(2,3) is one component made of rows of 2 and 3 (what a move in\n"
     "kayles(7) leaves). In a file (or stdin) a newline also separates terms,\n"
     "blank lines are skipped and '#' starts a comment.\n"
     "\n"
     "Example: grundy solve 'kayles(7) + 3 + sub[1..3](10)'\n"},
    {"rulesets",
     "Heap rulesets (a term is NAME[PARAMS](heap, ...)):\n"
     "  nim           take any positive number (a bare integer is a nim heap)\n"
     "  sub[S]        take s tokens, s in the finite set S: sub[1,2,4], sub[2,5..7]\n"
     "  tb[CODE]      take-and-break by octal/hexadecimal code (grundy help tb)\n"
     "  kayles        = tb[0.77]      dawson = tb[0.07]      lasker = tb[4.3!]\n"
     "  divisor       take d tokens where d divides the heap\n"
     "  coprime       take y with gcd(heap, y) = 1, or take the whole heap\n"
     "  pow2          take a power of two\n"
     "  grundy        Grundy's game: split a heap into two unequal non-empty heaps\n"
     "'grundy help NAME' says more about each.\n"},
    {"nim", "nim: take any positive number of tokens from the heap. G(n) = n.\n"
            "  grundy value 'nim(5) + 3'    # a bare 3 is nim(3); prints 6\n"},
    {"sub", "sub[S]: a move takes s tokens for some s in the finite set S.\n"
            "S lists positive numbers and ranges: sub[1,2,4], sub[1..3], sub[2,5..7].\n"
            "0, negative numbers, empty sets and empty ranges are errors. Values of\n"
            "large heaps come from a period proved on the table (the sequence is\n"
            "periodic from e with period p once G(n+p) = G(n) for n in [e, e+max S)).\n"
            "  grundy seq 'sub[1,2,4]' --to 12\n"},
    {"tb", "tb[CODE]: take-and-break games by octal or hexadecimal code d0.d1d2...\n"
           "Digit d_k (k >= 1) says what may remain after removing k tokens from one\n"
           "heap: bit 1 nothing, bit 2 one heap, bit 4 two non-empty heaps, bit 8\n"
           "three non-empty heaps. d0 (before the point) allows splitting without\n"
           "removing anything: 4 into two, 8 into three. A trailing '!' repeats the\n"
           "last digit for ever. Digits 0-9 and A-F.\n"
           "  tb[0.77] Kayles   tb[0.07] Dawson's Kayles   tb[0.137] Dawson's Chess\n"
           "  tb[4.3!] Lasker's Nim   tb[8.3!] take or split into three   tb[0.3!] Nim\n"
           "Heaps beyond the table limit are answered from a period proved with the\n"
           "Guy-Smith theorem (finite codes only).\n"},
    {"kayles", "kayles = tb[0.77]: knock down one pin or two adjacent pins from a row.\n"
               "Period 12 from n = 71 (proved by grundy on the fly).\n"
               "  grundy solve 'kayles(10^18)'\n"},
    {"dawson", "dawson = tb[0.07]: Dawson's Kayles, remove two adjacent pins.\n"
               "Period 34 (proved by grundy on the fly).\n"
               "  grundy value 'dawson(100)'\n"},
    {"lasker", "lasker = tb[4.3!]: Lasker's Nim, take any number from a heap, or split a\n"
               "heap into two non-empty heaps.\n"
               "  grundy seq lasker --to 12\n"},
    {"divisor", "divisor: take d tokens where d divides the heap size (d = n empties it).\n"
                "  grundy seq divisor --to 16\n"},
    {"coprime", "coprime: take y tokens with gcd(n, y) = 1, or take the whole heap.\n"
                "  grundy seq coprime --to 16\n"},
    {"pow2", "pow2: take a power of two (1, 2, 4, 8, ...) tokens.\n"
             "  grundy seq pow2 --to 12\n"},
    {"grundy", "grundy: Grundy's game, split one heap into two unequal non-empty heaps.\n"
               "  grundy seq grundy --to 20\n"},
    {"exit-codes", "Exit codes: 0 ok; 2 bad input or usage (one line on stderr saying what\n"
                   "and where, e.g. 'grundy: error: at column 9: expected ')''), including\n"
                   "answers grundy cannot prove within its bounds; 1 internal failure.\n"},
    {"json", "grundy solve --json prints one object:\n"
             "  position        the position as grundy reads it\n"
             "  terms           number of terms (components)\n"
             "  value           the nim-value (normal play)\n"
             "  outcome         \"N\" if the player to move wins, \"P\" if they lose\n"
             "  method          how the answer was obtained: \"sg-theorem\"\n"
             "  winning_moves   the positions after each winning move (at most\n"
             "                  --max-moves of them), in the game language\n"
             "  moves           the same moves as {component, from, to}: the index of\n"
             "                  the term moved in, the term before and after\n"
             "  winning_moves_complete  false when not every winning move is listed\n"},
};

void cli_help(FILE *f, const char *name, int *found) {
    if (!name) { fputs(USAGE, f); return; }
    if (!strcmp(name, "topics")) {
        fputs("help topics:", f);
        for (size_t i = 0; i < sizeof TOPICS / sizeof TOPICS[0]; i++) fprintf(f, " %s", TOPICS[i].name);
        fputs("\n", f);
        return;
    }
    for (size_t i = 0; i < sizeof TOPICS / sizeof TOPICS[0]; i++)
        if (!strcmp(TOPICS[i].name, name)) { fputs(TOPICS[i].text, f); return; }
    if (found) *found = 0;
}
