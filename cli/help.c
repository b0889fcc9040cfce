/* Help texts: `grundy --help`, `grundy help COMMAND` (and `grundy COMMAND
 * --help`), `grundy help TOPIC`, the manual page; `grundy --version`. */
#include <stdio.h>
#include <string.h>
#include "cli.h"

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
    "                                   'grundy help topics' lists every name\n"
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
    "  --threads N        seq --window: threads (default: the cores present)\n"
    "  --quiet            seq, value, solve, table: no progress line on stderr\n"
    "  --search-limit N   positions an exact search (misère, Every-SG, a rule or\n"
    "                     other state game) may memoize (default 1048576)\n"
    "  --max-seconds S    stop with exit 2, saying where and how far, after S\n"
    "                     seconds (0: never; default 60 for value, solve and\n"
    "                     genus, and for each of grundy's moves in play; none\n"
    "                     for seq, quotient, newnim, census and table)\n"
    "  --first WHO        play: who moves first, me (the default) or grundy\n"
    "  --terms K          genus: how many gamma values to compute (1-16, default 8)\n"
    "\n"
    "exit codes: 0 ok, 2 bad input or usage, 1 internal failure, 130 Ctrl-C\n";


/* `grundy help COMMAND` and `grundy COMMAND --help`: each command's usage,
 * what it does, every option it reads, and examples. A command's options
 * are the lines of its "options:" block that start with "  --": the bash
 * completion offers those. */
#define LIMIT_OPTIONS(seconds)                                                              \
    "  --table-limit N    tabulate at most N values per ruleset to answer one heap\n"       \
    "                     (default 65536)\n"                                                \
    "  --search-limit N   positions an exact search (misère, Every-SG, a rule or\n"         \
    "                     other state game) may memoize (default 1048576)\n"                \
    "  --max-seconds S    stop with exit 2, saying where and how far, after S\n"            \
    "                     seconds (" seconds ")\n"
#define INPUT_OPTION                                                                        \
    "  --file FILE        read the position from FILE (also @FILE; '-' reads stdin),\n"     \
    "                     one term per line or '+'-separated\n"

static const cli_topic COMMAND_HELP[] = {
    {"value",
     "usage: grundy value POSITION\n"
     "       grundy value - | @FILE | --file FILE\n"
     "The nim-value (Grundy value) of a position in normal play, as a bare\n"
     "integer and a newline; a loopy sum of infinite value prints ∞{K}. POSITION\n"
     "is a sum in the game language ('grundy help language').\n"
     "\n"
     "options:\n"
     INPUT_OPTION
     LIMIT_OPTIONS("0: never; default 60")
     "  --quiet            no progress line on stderr while a long table grows\n"
     "  --certificate FILE also write a value certificate of one term of\n"
     "                     nodekayles, arckayles, cram, wythoff, euclid, fib,\n"
     "                     dyn or rule[...] to FILE, for 'grundy check'\n"
     "                     (docs/certificates.md)\n"
     "\n"
     "examples:\n"
     "  grundy value 'kayles(7) + 5'                   # 7\n"
     "  grundy value 'kayles(10^18) + dawson(10^18)'   # 2\n"
     "  printf '3\\n4\\n5\\n' | grundy value -            # 2\n"},
    {"solve",
     "usage: grundy solve POSITION [--json] [--max-moves K]\n"
     "       grundy solve --misere | --every | --moore K [--misere] POSITION\n"
     "       grundy solve --remoteness [--misere] POSITION [--json]\n"
     "The position, its value, the outcome (N: the player to move wins, P: they\n"
     "lose, D: a draw in a loopy game), the method that decided it, and the\n"
     "winning moves, each written as the whole position after it. Normal play\n"
     "unless --misere, --every or --moore K is given.\n"
     "\n"
     "options:\n"
     "  --json             one JSON object ('grundy help json')\n"
     "  --certificate FILE write a value certificate of one term of nodekayles,\n"
     "                     arckayles, cram, wythoff, euclid, fib, dyn or\n"
     "                     rule[...] to FILE, for 'grundy check'\n"
     "  --plot FILE.svg    draw the board terms (cram, place[...], ...[grid]) with\n"
     "                     their winning moves marked (normal play)\n"
     "  --max-moves K      list at most K winning moves (0: all; default 10, or 1\n"
     "                     for sums of more than 1000 terms)\n"
     "  --misere           misère play: the last player to move loses\n"
     "                     ('grundy help misere')\n"
     "  --every            Every-SG: each turn, move in every component that can\n"
     "                     move ('grundy help every')\n"
     "  --moore K          Moore's Nim-K: move in 1 to K nim heaps; with --misere,\n"
     "                     Anti-Nim-K ('grundy help moore')\n"
     "  --remoteness       the remoteness (moves left when the winner hurries and\n"
     "                     the loser delays) and every move, best first, with the\n"
     "                     outcome and remoteness of the position it leaves; JSON\n"
     "                     keys remoteness, searched, moves (component, from, to,\n"
     "                     position, outcome, remoteness), moves_complete\n"
     "                     ('grundy help remoteness')\n"
     INPUT_OPTION
     LIMIT_OPTIONS("0: never; default 60")
     "  --quiet            no progress line on stderr while a long table grows\n"
     "\n"
     "examples:\n"
     "  grundy solve 'kayles(10)'            # value 2 and four winning moves\n"
     "  grundy solve --json '3 + 4 + 5'\n"
     "  grundy solve --misere 'kayles(8)'    # N, although the SJ rule says P\n"
     "  grundy solve --remoteness '3 + 3'    # P, 6 moves left\n"},
    {"seq",
     "usage: grundy seq RULESET --to N [--out FILE] [--plot FILE.svg] [--histogram DIR] [--json]\n"
     "       grundy seq RULESET --to N --period [--json]\n"
     "       grundy seq RULESET --to N --remoteness [--misere] [--json]\n"
     "       grundy seq CODE --to N --window W [--histogram DIR] [--checkpoint FILE] [--json]\n"
     "G(0), ..., G(N) of a heap ruleset (kayles, sub[1,2,4], tb[0.137], a rule\n"
     "with one name, ...) on one line, separated by spaces; or written to a\n"
     "file, drawn, or, with --period, a period proved within G(0..N).\n"
     "\n"
     "options:\n"
     "  --to N             the last heap size (needed; below 2^30 without --window;\n"
     "                     2^K is accepted)\n"
     "  --remoteness       print the remoteness of each heap alone instead (moves\n"
     "                     left when the winner hurries and the loser delays;\n"
     "                     --misere for misère play); JSON: ruleset, play,\n"
     "                     remoteness\n"
     "  --certificate FILE with --period: write the proved period and the values\n"
     "                     it rests on to FILE, for 'grundy check' (every period\n"
     "                     --period proves: plain and arithmetic)\n"
     "  --period           print a period proved within G(0..N) instead (plain,\n"
     "                     or arithmetic: G(n + p) = G(n) + saltus), or that none is\n"
     "  --json             one JSON object: the values (ruleset, values and, for\n"
     "                     a rule, method: how its table was computed); with\n"
     "                     --period: proved, period, preperiod, saltus,\n"
     "                     window_end, checked; a windowed run adds run (its\n"
     "                     figures), also with --histogram or --out\n"
     "  --out FILE         write the values to FILE: text if it ends in .txt, else\n"
     "                     binary (GRSEQ1, width byte, u64 count, values LE)\n"
     "  --plot FILE.svg    draw G(n) against n (rare values red, a period marked)\n"
     "  --histogram DIR    at each power of two N <= the last heap, write DIR/N:\n"
     "                     how often each value occurs among G(1..N), a line\n"
     "                     'value count' per value, ascending, absent values left\n"
     "                     out (the form research runs publish)\n"
     "  --checkpoint FILE  save the values computed so far every 5 s; a rerun\n"
     "                     with the same FILE resumes there\n"
     "  --window W         a windowed run (also when N >= 2^30): keep the first W\n"
     "                     values, the last W to 2W and the rare ones, so memory\n"
     "                     stays flat; for finite take-and-break codes that split\n"
     "                     in two, and Grundy's game; 0: W = 2^22. W is cut to\n"
     "                     N + 1 (4096 at least) when that is less, unless\n"
     "                     --checkpoint. A heap the kept values cannot decide\n"
     "                     stops the run (exit 2). Values stream to stdout or\n"
     "                     --histogram; --checkpoint keeps the window and the\n"
     "                     counts\n"
     "  --threads N        a windowed run's threads (default: the cores present; it\n"
     "                     uses at most two: the values, and a helper computing\n"
     "                     the options of splits with a far rare part ahead, or\n"
     "                     checking values taken ahead, whichever is faster)\n"
     "  --checkpoint-ms MS\n"
     "                     save the checkpoint every MS milliseconds instead\n"
     "  --max-seconds S    stop with exit 2, saying how far it got, after S seconds\n"
     "                     (default: no bound)\n"
     "  --kernels K        the tables' vector code: auto (the widest this CPU runs),\n"
     "                     portable, avx2 or avx512; the values are the same\n"
     "  --quiet            no progress line on stderr\n"
     "\n"
     "examples:\n"
     "  grundy seq 'sub[1,2,4]' --to 12        # 0 1 2 0 1 2 0 1 2 0 1 2 0\n"
     "  grundy seq kayles --to 200 --period    # period 12 from n = 71\n"
     "  grundy seq 'sub[1,3,4]' --to 10 --remoteness   # 0 1 2 1 1 3 3 4 5 6 5\n"
     "  grundy seq 'tb[0.167]' --to 2^34 --window 0 --histogram H --checkpoint C\n"
     "  grundy seq 'rule[n -> a + (n-a) for a in 1..n-1 if a != n-a]' --to 20\n"},
    {"explain",
     "usage: grundy explain POSITION [--misere | --every | --moore K] [--remoteness] [--json]\n"
     "                      [--lang en|zh]\n"
     "The reasoning behind the value. Each term: how its value was found (a\n"
     "formula by name, the mex table, a proved period, the family's method) and,\n"
     "for a small heap or state, its options and their mex, G(7) = mex{...} = 2.\n"
     "Then the values in binary, their XOR, and the winning move by the highest\n"
     "set bit. A loopy term of infinite value: its K, Smith's rule for the sum, a\n"
     "win or a draw; a won term whose value is not known (a large wythoff): its\n"
     "outcome and the winning move.\n"
     "\n"
     "options:\n"
     "  --misere           also the rule that decides misère play (SJ theorem,\n"
     "                     genus, quotient, search) and what the SJ rule says\n"
     "  --every            also the Every-SG step counts and the deciding term\n"
     "  --remoteness       also the remoteness rule: R = 1 + min over the moves to\n"
     "                     lost positions (won), 1 + max over all moves (lost),\n"
     "                     with each move's R (normal play, or --misere)\n"
     "  --moore K          the binary columns' counts of ones mod K+1 (Moore's\n"
     "                     Nim-K; with --misere, Anti-Nim-K)\n"
     "  --json             one JSON object (its keys: docs/explain.md)\n"
     "  --lang en|zh       the language of the sentences: English (en, the default)\n"
     "                     or Simplified Chinese (zh), in the Chinese tutorials'\n"
     "                     terms; JSON keys and codes stay the same\n"
     INPUT_OPTION
     LIMIT_OPTIONS("0: never; default 60")
     "\n"
     "examples:\n"
     "  grundy explain 'kayles(7) + 4'\n"
     "  grundy explain 'kayles(7) + 4 + wythoff(3,5)'\n"
     "  grundy explain --misere 'kayles(8)'\n"
     "  grundy explain --remoteness '3 + 3'\n"
     "  grundy explain --lang zh 'kayles(7) + 4'\n"},
    {"play",
     "usage: grundy play POSITION [--misere | --every | --moore K]\n"
     "                   [--first me|grundy]\n"
     "A game against perfect play. Type a move as `i: TERM` (term i becomes TERM;\n"
     "in Every-SG and Moore several, joined by ';'), as the whole position after\n"
     "it, or as `#N` for move N of the list `?` shows; `hint` shows a winning\n"
     "move, `quit` stops. An illegal move is refused with the reason. In normal\n"
     "and misère play grundy wins as fast as it can (the winning move of least\n"
     "remoteness), keeps a draw in a loopy game, and otherwise plays the move of\n"
     "largest remoteness, so the game lasts; `?` and `hint` show each move's\n"
     "outcome and remoteness. Where the remoteness is past the play's search\n"
     "bound, and in Every-SG and Moore play, it wins by any winning move and\n"
     "otherwise plays the move that leaves the most.\n"
     "Moves are read a line at a time from stdin (echoed when it is not a\n"
     "terminal, so scripts can play).\n"
     "\n"
     "options:\n"
     "  --misere           misère play: the last player to move loses\n"
     "  --every            Every-SG: each turn, move in every term that can move\n"
     "  --moore K          Moore's Nim-K (with --misere, Anti-Nim-K)\n"
     "  --first WHO        who moves first: me (the default) or grundy\n"
     "  --file FILE        read the position from FILE (also @FILE; not '-': stdin\n"
     "                     holds the moves)\n"
     "  --table-limit N    tabulate at most N values per ruleset to answer one heap\n"
     "                     (default 65536)\n"
     "  --search-limit N   positions an exact search (misère, Every-SG, a rule or\n"
     "                     other state game) may memoize (default 1048576; the\n"
     "                     remoteness search of each move: 131072)\n"
     "  --max-seconds S    the time for each of grundy's moves (0: no bound;\n"
     "                     default 60); past it the game stops with exit 2\n"
     "\n"
     "examples:\n"
     "  grundy play 'kayles(5) + 3'\n"
     "  grundy play 'wythoff(3,5)' --first grundy\n"
     "  printf 'hint\\n1: kayles(3)\\n' | grundy play 'kayles(5) + 3'\n"},
    {"move",
     "usage: grundy move POSITION [--misere | --every | --moore K] [--json]\n"
     "The move `grundy play` makes from POSITION, why it chose it, and the\n"
     "position it leaves: in normal and misère play the winning move of least\n"
     "remoteness, else the move of largest remoteness (or one that keeps a draw\n"
     "in a loopy game); past the remoteness search's bound, and in Every-SG and\n"
     "Moore play, any winning move, else the move that leaves the most. With\n"
     "--json also every move the player to move has (\"options\": in normal and\n"
     "misère play each with the position it leaves, its outcome and remoteness;\n"
     "in Every-SG each term's moves), so a script plays a game one call a turn.\n"
     "A position with no move is over: \"over\": true.\n"
     "\n"
     "options:\n"
     "  --misere           misère play: the last player to move loses\n"
     "  --every            Every-SG: each turn, move in every term that can move\n"
     "  --moore K          Moore's Nim-K (with --misere, Anti-Nim-K)\n"
     "  --json             one JSON object (keys in 'grundy help json')\n"
     "  --max-moves K      --json: list at most K options (0 = all; default 40)\n"
     "  --file FILE        read the position from FILE (also @FILE, '-' for stdin)\n"
     "  --table-limit N    tabulate at most N values per ruleset to answer one heap\n"
     "                     (default 65536)\n"
     "  --search-limit N   positions the remoteness search may keep (default 131072)\n"
     "  --max-seconds S    stop after S seconds (0: no bound; default 60), exit 2\n"
     "\n"
     "examples:\n"
     "  grundy move 'kayles(4) + 3'\n"
     "  grundy move --misere '1 + 1 + 2' --json\n"
     "  grundy move --every '3 + kayles(4)' --json\n"},
    {"genus",
     "usage: grundy genus HEAP [--terms K] [--json]\n"
     "Conway's genus g^{γ0γ1...} of one heap: g the normal value, γk the misère\n"
     "value of the heap plus k heaps of size 2, computed exactly by search, or\n"
     "for large heaps by the misère quotient with nim heaps adjoined; the\n"
     "notation stops once the computed tail alternates (at least 4 terms).\n"
     "\n"
     "options:\n"
     "  --terms K          how many γ values to compute (1 to 16, default 8)\n"
     "  --json             one JSON object: heap, genus, g, gamma, tame, method\n"
     LIMIT_OPTIONS("0: never; default 60")
     "\n"
     "examples:\n"
     "  grundy genus 'kayles(5)'               # 4^{146}\n"
     "  grundy genus 'dawson(9)' --terms 12    # 0^{120}\n"
     "  grundy genus 'sub[1,2](7)' --json\n"},
    {"check",
     "usage: grundy check FILE\n"
     "Re-checks a certificate from the file alone. A period certificate: its\n"
     "SHA-256, the theorem's case and window for the ruleset, every value by one\n"
     "mex over the heap's options, G(n + p) = G(n) on the window, and that the\n"
     "period and preperiod are the least. A value certificate (Node Kayles, Arc\n"
     "Kayles, Cram): every entry's value by one mex over its moves, each option\n"
     "by its vertex maps onto smaller entries, and the position's value. A value\n"
     "certificate of a state game (wythoff, euclid, fib, dyn, rule[...]): every\n"
     "state's value by one mex over its moves, each an earlier entry. Exit 0\n"
     "with the claim, or 2 with one line naming the first thing that fails.\n"
     "The format is docs/certificates.md;\n"
     "tools/check_certificate.py checks the same files with no grundy code.\n"
     "\n"
     "options:\n"
     "  (none)\n"
     "\n"
     "examples:\n"
     "  grundy seq kayles --to 300 --period --certificate kayles.cert\n"
     "  grundy check kayles.cert\n"
     "  grundy value 'cram(4,5)' --certificate cram45.cert\n"
     "  grundy check cram45.cert\n"},
    {"quotient",
     "usage: grundy quotient RULESET --to N [--json]\n"
     "The misère quotient of the sums of heaps 0..N of a heap ruleset (Plambeck\n"
     "and Siegel): its size, generators, relations, P-portion and the element of\n"
     "every heap, each proved. A periodic pretending function makes it the\n"
     "quotient of every heap. Past a bound it exits 2 naming the last heap\n"
     "proved.\n"
     "\n"
     "options:\n"
     "  --to N             the largest heap (needed; at most 100000)\n"
     "  --json             one JSON object (its keys: docs/cli.md)\n"
     "  --search-limit N   the states one proof of the quotient may visit\n"
     "                     (default 4194304; 0 keeps the default)\n"
     "  --max-seconds S    stop with exit 2 after S seconds (default: no bound)\n"
     "\n"
     "examples:\n"
     "  grundy quotient kayles --to 200     # 40 elements, period 12 from heap 71\n"
     "  grundy quotient 'tb[0.07]' --to 10 --json\n"
     "  grundy quotient 'tb[0.07]' --to 30 --search-limit 100000\n"},
    {"newnim",
     "usage: grundy newnim HEAPS... [--json]\n"
     "       grundy newnim - | @FILE | --file FILE\n"
     "New Nim: round one, the first player removes whole heaps (not all); round\n"
     "two, the second player does; then Nim. Prints the least total the first\n"
     "player must remove to be sure to win, or -1.\n"
     "\n"
     "options:\n"
     "  --json             one JSON object: heaps, wins, cost, remove (the heaps\n"
     "                     to take, each {index, heap})\n"
     "  --file FILE        read the heaps from FILE (also @FILE; '-' reads stdin)\n"
     "\n"
     "examples:\n"
     "  grundy newnim 5 5 6 6 5 5                          # 21\n"
     "  grundy newnim 1 2 3 --json\n"
     "  printf '5\\n5\\n6\\n6\\n5\\n5\\n' | grundy newnim -   # 21\n"},
    {"census",
     "usage: grundy census PATTERN --to N [--shard i/n] [--threads T]\n"
     "                     [--max-seconds S]\n"
     "Every take-and-break code matching PATTERN ('?' = any octal digit, at most\n"
     "7 of them, e.g. 'tb[0.???]') computed to N on all cores, one JSON line per\n"
     "code: code, period, preperiod and saltus when a period is proved (else\n"
     "null; saltus 0 unless the period is arithmetic), max, to, seconds.\n"
     "\n"
     "options:\n"
     "  --to N             the last heap (needed; at most 10^8)\n"
     "  --shard i/n        keep every n-th code from the i-th (0 <= i < n), for\n"
     "                     cluster array jobs; 'grundy help census-merge' joins them\n"
     "  --threads T        threads (1 to 256; default: the number of cores)\n"
     "  --max-seconds S    stop after S seconds: the codes done are printed, exit 2\n"
     "\n"
     "examples:\n"
     "  grundy census 'tb[0.??]' --to 1000\n"
     "  grundy census 'tb[0.??]' --to 1000 --shard 0/2 > a    # and 1/2 > b\n"
     "  grundy census 'tb[0.???]' --to 20000 --threads 2 --max-seconds 600\n"},
    {"census-merge",
     "usage: grundy census-merge PATTERN FILES...\n"
     "Joins the outputs of a census run in shards into one JSON-lines file on\n"
     "stdout, in the order of one unsharded run. It exits 2, printing nothing on\n"
     "stdout and one line naming the file and line, when a code of PATTERN is\n"
     "missing (the first five are named) or appears twice, a line is cut short\n"
     "(a shard still running or killed), a line is not a row of PATTERN, or the\n"
     "rows were computed to different N.\n"
     "\n"
     "options: none\n"
     "\n"
     "examples:\n"
     "  grundy census 'tb[0.??]' --to 1000 --shard 0/2 > a\n"
     "  grundy census 'tb[0.??]' --to 1000 --shard 1/2 > b\n"
     "  grundy census-merge 'tb[0.??]' a b > census.jsonl\n"},
    {"table",
     "usage: grundy table RULESET --to W,H [--csv] [--svg FILE] [--remoteness [--misere]]\n"
     "The values G(x, y) of a game whose positions are two numbers (wythoff,\n"
     "euclid, prod, or a rule with two names) for 0 <= x <= W, 0 <= y <= H,\n"
     "or of a board game's empty x-by-y boards (cram, place[...],\n"
     "nodekayles[grid]; 0 when a side is 0):\n"
     "aligned text (rows x, columns y), CSV with --csv, and an SVG heat map with\n"
     "--svg (colour by value, P-positions black, a legend). A rule's values come\n"
     "from an exact search: a large table may need a larger --search-limit.\n"
     "\n"
     "options:\n"
     "  --to W,H           the last x and y (needed; each at most 2000)\n"
     "  --csv              CSV: a header row x\\y,0,1,..., then one row per x\n"
     "  --svg FILE         write the heat map to FILE (no text table on stdout)\n"
     "  --remoteness       the remoteness R(x, y) instead of the value (moves left\n"
     "                     when the winner hurries and the loser delays; D for a\n"
     "                     draw); the heat map colours by R and frames the\n"
     "                     P-positions\n"
     "  --misere           with --remoteness: misère play\n"
     "  --table-limit N    the values a two-number table may hold (default\n"
     "                     (max(W,H)+1)^2, room for the whole table)\n"
     "  --search-limit N   positions the search of a rule or other state game may\n"
     "                     memoize (default 1048576)\n"
     "  --max-seconds S    stop with exit 2, saying how far it got, after S seconds\n"
     "                     (default: no bound)\n"
     "  --quiet            no progress line on stderr\n"
     "\n"
     "examples:\n"
     "  grundy table wythoff --to 12,12\n"
     "  grundy table cram --to 4,7                    # Cram on the empty boards up to 4 x 7\n"
     "  grundy table wythoff --to 100,100 --svg wythoff.svg   # the Beatty rays\n"
     "  grundy table wythoff --to 8,8 --remoteness\n"
     "  grundy table 'rule[(s,c) -> (s,c+k) for k in 1..c*c if c+k <= s]' --to 6,6\n"},
    {"nim",
     "usage: grundy nim OP ARGS... [--hex]\n"
     "       grundy nim OP - [--hex]\n"
     "Nimber arithmetic on 64-bit words. OP is add, mul, div, pow (a^e: two\n"
     "numbers each), inv, sqrt, sqr, solve-quadratic (x^2 + x = a: prints both\n"
     "solutions, or 'none') or log (the e with g^e = a, g = 2^32 + 6): one number\n"
     "each. Numbers are decimal or 0x hex. With '-', one query per line from\n"
     "stdin (its numbers separated by spaces), answered as the lines come; a\n"
     "line holds at most 4096 bytes, and a longer line or a NUL byte stops with\n"
     "exit 2 after the answers to the lines before it.\n"
     "\n"
     "options:\n"
     "  --hex              answers in hex (0x...) instead of decimal\n"
     "\n"
     "examples:\n"
     "  grundy nim mul 0x123456789abcdef0 0x76 --hex   # 0x84946b8cf1e11ef9\n"
     "  grundy nim inv 2                               # 3\n"
     "  printf '2 3\\n5 6\\n' | grundy nim mul -         # 1 and 8\n"},
    {"demo",
     "usage: grundy demo\n"
     "Runs solve on a few built-in examples (Nim, Kayles, Dawson's Kayles, a\n"
     "subtraction game, Grundy's game, a huge Kayles row, misère and Every-SG\n"
     "play, a large Wythoff position, staircase and product games), printing\n"
     "each command before its answer.\n"
     "\n"
     "options: none\n"
     "\n"
     "examples:\n"
     "  grundy demo\n"},
    {"help",
     "usage: grundy help [COMMAND | TOPIC]\n"
     "       grundy help --man\n"
     "       grundy --help | -h\n"
     "The usage (no argument), a command's usage, options and examples (the same\n"
     "as 'grundy COMMAND --help'), or a topic: the game language, the rulesets\n"
     "and each ruleset, the play modes, exit codes, JSON keys. 'grundy help\n"
     "topics' lists every name.\n"
     "\n"
     "options:\n"
     "  --man              the manual page (troff): the usage, every command and\n"
     "                     every topic\n"
     "\n"
     "examples:\n"
     "  grundy help seq\n"
     "  grundy help topics\n"
     "  grundy help --man | man -l -\n"},
    {"version",
     "usage: grundy --version\n"
     "       grundy version\n"
     "Prints the tool's name and version on one line.\n"
     "\n"
     "options: none\n"
     "\n"
     "examples:\n"
     "  grundy --version\n"},
};


#define COUNT(a) (sizeof a / sizeof a[0])

static const char *find_text(const cli_topic *list, size_t n, const char *name) {
    for (size_t i = 0; i < n; i++)
        if (!strcmp(list[i].name, name)) return list[i].text;
    return NULL;
}

/* Every name `grundy help` knows, commands first; a topic that shares a
 * command's name (the nim ruleset) is named once. */
static void list_names(FILE *f, const char *sep) {
    for (size_t i = 0; i < COUNT(COMMAND_HELP); i++) fprintf(f, "%s%s", i ? sep : "", COMMAND_HELP[i].name);
    for (size_t i = 0; i < CLI_NTOPICS; i++)
        if (!find_text(COMMAND_HELP, COUNT(COMMAND_HELP), CLI_TOPICS[i].name)) fprintf(f, "%s%s", sep, CLI_TOPICS[i].name);
}

/* A command's help, then the topic of the same name when there is one:
 * `grundy help nim` is about the command and the ruleset. text writes
 * each part (fputs for the terminal, man_text for the manual page). */
static int put_named(FILE *f, const char *name, void (*text)(FILE *, const char *)) {
    const char *c = find_text(COMMAND_HELP, COUNT(COMMAND_HELP), name), *t = find_text(CLI_TOPICS, CLI_NTOPICS, name);
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
    for (size_t i = 0; i < COUNT(COMMAND_HELP); i++) {
        fprintf(f, ".SS %s\n.nf\n", COMMAND_HELP[i].name);
        put_named(f, COMMAND_HELP[i].name, man_text);
        fputs(".fi\n", f);
    }
    fputs(".SH TOPICS\nEach section below is also printed by \\fBgrundy help\\fR \\fITOPIC\\fR.\n", f);
    for (size_t i = 0; i < CLI_NTOPICS; i++) {
        if (find_text(COMMAND_HELP, COUNT(COMMAND_HELP), CLI_TOPICS[i].name)) continue; /* in its command's section */
        fprintf(f, ".SS %s\n.nf\n", CLI_TOPICS[i].name);
        man_text(f, CLI_TOPICS[i].text);
        fputs(".fi\n", f);
    }
    fputs(".SH SEE ALSO\nThe documentation in the source tree's docs/ folder, starting with README.md.\n", f);
}

/* grundy help [COMMAND | TOPIC] | grundy help --man | grundy --help | grundy -h */
int cmd_help(int argc, char **argv) {
    if (strcmp(argv[1], "help")) { cli_help(stdout, NULL, NULL); return 0; }
    if (argc > 3) return cli_usage_error("help takes one COMMAND or TOPIC%s", "");
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
