/* The help topics (`grundy help TOPIC`): the language, the rulesets, exit
 * codes, JSON keys, each ruleset. help.c looks them up and prints them. */
#include <stddef.h>
#include "cli.h"

const cli_topic CLI_TOPICS[] = {
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
    /* written from the library's list of families (gr_family_at) by help.c */
    {"rulesets", ""},
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
                "G(n) = (number of trailing zero bits of n) + 1 for n > 0.\n"
                "  grundy seq divisor --to 16\n"},
    {"coprime", "coprime: take y tokens with gcd(n, y) = 1, or take the whole heap.\n"
                "G(n) = rank of the least prime factor of n, plus 1 (G(1) = 1): exact while\n"
                "that prime is at most 10^10 (primes are counted, not guessed).\n"
                "  grundy seq coprime --to 16\n"},
    {"pow2", "pow2: take a power of two (1, 2, 4, 8, ...) tokens. G(n) = n mod 3.\n"
             "  grundy seq pow2 --to 12\n"},
    {"grundy", "grundy: Grundy's game, split one heap into two unequal non-empty heaps.\n"
               "  grundy seq grundy --to 20\n"},
    {"staircase", "staircase(p1,p2,...): pieces on cells 1, 2, 3, ... of a line; a move shifts one\n"
                  "piece left by at least one cell without passing or landing on another (POJ\n"
                  "1704). The value is the XOR of every other gap, counted from the right end.\n"
                  "  grundy solve 'staircase(2,5,9)'\n"},
    {"stairs", "stairs(c1,c2,...): c_i coins on step i; a move takes some coins from step i\n"
               "down to step i-1 (from step 1 off the stairs). Value: XOR of the odd steps.\n"
               "  grundy solve 'stairs(3,4,5)'\n"},
    {"misere", "grundy solve --misere POSITION: the last player to move loses. Exact, by the\n"
               "first method that applies: sj-theorem (every component a heap whose value-0\n"
               "positions are terminal: then the SJ rule is exact), genus (every heap tame\n"
               "like misère Nim, checked by grundy), quotient (heaps of one ruleset, by its\n"
               "proved misère quotient: see 'grundy help quotient'), or search (exact,\n"
               "bounded by --search-limit). JSON adds \"sj\": what the SJ rule alone says.\n"
               "  grundy solve --misere 'kayles(8)'     # N, although the SJ rule says P\n"},
    {"every", "grundy solve --every POSITION: each turn, move in every component (term)\n"
              "that can move. Each term gets a step count (fastest finish for value 0,\n"
              "slowest for the rest); the term with the largest step decides.\n"
              "  grundy solve --every 'kayles(5) + 3 + sub[1,2](7)'\n"},
    {"remoteness", "grundy solve --remoteness POSITION: how many moves are left when the winner\n"
                   "hurries and the loser delays (Steinhaus). 0 at the end; a won position is\n"
                   "1 + the least remoteness of a move to a lost one; a lost one is 1 + the\n"
                   "largest of its moves. Normal play: lost iff even. --misere: the end is won,\n"
                   "lost iff odd. Sums are searched exactly (no addition rule exists; bounded\n"
                   "by --search-limit); a single heap is read from a table, nim by formula.\n"
                   "Every-SG's step count (--every) is the reverse: the winner delays.\n"
                   "  grundy solve --remoteness '3 + 3'               # P, 6 moves left\n"
                   "  grundy seq kayles --to 12 --remoteness --misere\n"},
    {"moore", "grundy solve --moore K POSITION: a move takes from 1 to K nim heaps. The\n"
              "mover loses iff every binary digit's count of ones is 0 mod K+1. With\n"
              "--misere the last to move loses (Anti-Nim-K). Nim heaps only.\n"
              "  grundy solve --moore 2 '3 + 5 + 6'\n"},
    {"wythoff", "wythoff(a,b): take any number from one heap, or the same number from both.\n"
                "Lost positions: (floor(k phi), floor(k phi) + k), decided in exact integer\n"
                "arithmetic for all 64-bit a, b. Grundy values for small positions (both\n"
                "below sqrt of --table-limit); a large won position has only its outcome.\n"
                "  grundy solve 'wythoff(165580141,267914296)'\n"},
    {"euclid", "euclid(a,b): subtract a positive multiple of the smaller number from the\n"
               "larger, staying >= 0; whoever reaches 0 wins. With a >= b > 0 the mover wins\n"
               "iff b divides a, or a >= 2b, or the forced move to (b, a-b) loses.\n"
               "  grundy solve 'euclid(10^18,3)'\n"},
    {"fib", "fib(n): Fibonacci nim (HDU 2516): the first move takes 1..n-1, later moves at\n"
            "most twice the previous take. fib(n,c): n tokens, at most c may be taken\n"
            "now. fib = dyn[2]. solve --json reports min_first_take, the least winning take.\n"
            "  grundy solve --json 'fib(10)'\n"},
    {"dyn", "dyn[k](n), dyn[k](n,c): k-times dynamic subtraction (HDU 2486): after the\n"
            "first move (1..n-1) a move takes at most k times the previous take. The\n"
            "mover wins iff c >= the smallest part of n's greedy decomposition into the\n"
            "sequence of the seeds; that part is the least winning take. k <= 10^6.\n"
            "  grundy solve --json 'dyn[3](100)'\n"},
    {"bash", "bash[p,q](n): take between p and q tokens, or everything when fewer than p\n"
             "remain (HDU 2897). G(n) = ceil(r/p) for r = n mod (p+q) <= q, else 0. With\n"
             "--misere (the last to take loses) one heap is lost iff r is in [1, p].\n"
             "  grundy solve --misere 'bash[2,3](8)'\n"},
    {"prod", "prod(x,y), prod(x,y,z): a coin at those coordinates in the 2-D / 3-D\n"
             "product game (a move turns the corners of a rectangle / box with the coin\n"
             "at its far corner). Value x ⊗ y (⊗ z), the nim product (HDU 3404, 3533).\n"
             "Winning moves are written as the coins the move leaves. Normal play only.\n"
             "  grundy solve 'prod(1,2) + prod(2,1)'\n"},
    {"hackenbush", "hackenbush(u-v,...): Green Hackenbush on a multigraph whose ground is\n"
                   "vertex 0 (hackenbush[r](...) for ground r). Loops (3-3) and parallel edges\n"
                   "are allowed; parts cut off from the ground count for nothing. u-v:w is an\n"
                   "edge of weight w: a move lowers it by one, at 0 it is cut. hackenbush(@FILE)\n"
                   "reads a file: a first line 'n m', then m lines 'u v [w]' with u, v < n;\n"
                   "for the usual 1-based files with root 1 write hackenbush[1](@FILE).\n"
                   "Weighted edges must be bridges (not on a cycle).\n"
                   "  grundy solve 'hackenbush(0-1,1-2,2-0,1-3)'\n"},
    {"cram", "cram(R,C): Cram on an empty R x C board; cram(..#./....) a board written as\n"
             "rows of '.' (empty) and '#' (filled) split by '/'. A move places a domino on two\n"
             "empty adjacent cells. At most 64 rows, 64 columns and 256 cells. Values come\n"
             "from a nimber search (regions, symmetry, a transposition table; --board-table\n"
             "FILE or --table FILE keeps the table between runs, --save-every S saves it\n"
             "every S seconds as well). See docs/boards.md.\n"
             "  grundy value 'cram(4,5)'        # 2\n"
             "  grundy table cram --to 4,7\n"
             "  grundy solve 'cram(4,5)' --plot cram.svg\n"},
    {"place", "place[SHAPES](R,C): a move places one of the shapes on empty cells of the board\n"
              "and fills them. Shapes are split by ';', each written as rows of 'x' (a cell)\n"
              "and '.' (a hole) split by '/'; the word rotate adds the quarter turns, reflect\n"
              "the mirror images. place[xx; x/x] is Cram, place[x; xx](1,n) is Kayles.\n"
              "  grundy value 'place[xx/x.; rotate](4,4)'\n"},
    {"nodekayles", "nodekayles(EDGES): Node Kayles: a move picks a vertex and removes it with its\n"
                   "neighbours. The graph is edges u-v and lone vertices w split by ',', or @FILE\n"
                   "(a first line 'n m', then m lines 'u v', vertices 0..n-1); at most 64\n"
                   "vertices. nodekayles[grid](R,C) plays on a grid written as a board.\n"
                   "  grundy solve 'nodekayles(0-1,1-2,2-3,3-4)'\n"
                   "  grundy value 'nodekayles[grid](3,7)'\n"},
    {"arckayles", "arckayles(EDGES): Arc Kayles: a move picks an edge and removes both its ends.\n"
                  "Graphs as for nodekayles; arckayles[grid](R,C) is Cram.\n"
                  "  grundy solve 'arckayles(0-1,1-2,2-3)'\n"},
    {"graph", "graph[EDGES](v1,v2,...): tokens on the vertices of a directed graph; a move\n"
              "takes one token along one edge; a player who cannot move loses. EDGES are\n"
              "u>v moves written inline (graph[0>1,1>2,2>0]) or @FILE: a first line 'n m',\n"
              "then m lines 'u v' (graph[1,@FILE] when the file and the tokens number the\n"
              "vertices from 1). The tokens of a term are one component. Cycles and\n"
              "self-loops (a move that changes nothing) are allowed: a play may then go on\n"
              "for ever, a draw. Values are the generalized Sprague-Grundy values (Smith;\n"
              "Fraenkel and Yesha): a number, or ∞{K} with K the finite values the position\n"
              "can move to; a sum is N, P or D (draw) by Smith's rule. solve shows the\n"
              "winning moves, or from a draw the moves that keep it.\n"
              "  grundy solve 'graph[0>1,1>2,2>0,2>3](0) + 2'\n"
              "  grundy solve 'graph[0>0,0>1](0) + 2'    # a draw\n"},
    {"rule", "rule[CLAUSE; ...]: a game of your own, written as clauses\n"
             "  PATTERN -> RESULT { for NAME in EXPR..EXPR } [ if COND ]\n"
             "PATTERN is a name (heaps: rule[...](7) + rule[...](3,4) are heaps) or 2 to 4\n"
             "names in parentheses (one position per term: rule[...](3,5)). RESULT is\n"
             "the position after the move, a sum of parts joined by '+' (write (n+1) for\n"
             "arithmetic), or 0 when the move ends the component. EXPR: integers, names,\n"
             "+ - * / % (floor), min(a,b), max(a,b), gcd(a,b); COND: < <= > >= == !=,\n"
             "a | b (a divides b), and, or, not. A result with a negative number is not\n"
             "a move; overflow past 64 bits and division by zero are errors.\n"
             "  grundy seq 'rule[n -> a + (n-a) for a in 1..n-1 if a != n-a]' --to 20\n"
             "  grundy value 'rule[(s,c) -> (s,c+k) for k in 1..c*c if c+k <= s](10,3)'\n"},
    {"nimbers", "grundy nim OP ARGS: nimber arithmetic on 64-bit words. OP is add, mul, inv,\n"
                "div, sqrt, sqr, pow (a^e), solve-quadratic (x^2 + x = a: prints both\n"
                "solutions, or 'none') or log (the e with g^e = a, g = 2^32 + 6).\n"
                "Numbers are decimal or 0x hex; answers decimal, or\n"
                "hex with --hex. 'grundy nim mul -' reads one query per line from stdin.\n"
                "  grundy nim mul 0x123456789abcdef0 0x76 --hex   # 0x84946b8cf1e11ef9\n"},
    {"exit-codes", "Exit codes: 0 ok; 2 bad input or usage (one line on stderr saying what\n"
                   "and where, e.g. 'grundy: error: at column 9: expected ')''), including\n"
                   "answers grundy cannot prove within its bounds; 1 internal failure;\n"
                   "130 stopped by Ctrl-C (it says where).\n"},
    {"json", "grundy solve --json prints one object:\n"
             "  position        the position as grundy reads it\n"
             "  terms           number of terms (components)\n"
             "  value           the nim-value (normal play); null when it is infinite\n"
             "                  (a loopy game) or not known\n"
             "  outcome         \"N\" if the player to move wins, \"P\" if they lose,\n"
             "                  \"D\" for a draw (loopy games: neither can force a win)\n"
             "  method          how the answer was obtained: \"sg-theorem\", \"formula\",\n"
             "                  \"generalized-sg\"; misère: \"sj-theorem\", \"genus\",\n"
             "                  \"quotient\", \"search\"\n"
             "  winning_moves   the positions after each winning move (at most\n"
             "                  --max-moves of them), in the game language\n"
             "  moves           the same moves as {component, from, to}: the index of\n"
             "                  the term moved in, the term before and after\n"
             "  winning_moves_complete  false when not every winning move is listed\n"
             "  loopy           with an infinite value: {\"infinite\": true, \"K\": [...]}\n"
             "  draw_moves      from a draw: the positions after moves that keep it, and\n"
             "  draw_moves_complete  false when not every such move is listed\n"
             "\n"
             "grundy move --json prints one object:\n"
             "  position, play  as above (\"normal\", \"misere\", \"every\", \"moore\" with k)\n"
             "  over            true when the player to move has no move\n"
             "  outcome         of the position, for the player to move (\"N\", \"P\", \"D\")\n"
             "  remoteness      moves left under perfect play, when known\n"
             "  move            grundy's move as {component, from, to} (one per term it\n"
             "                  changes in Every-SG and Moore play)\n"
             "  position_after  the position grundy's move leaves\n"
             "  reason          \"fastest-win\", \"wins\", \"keeps-draw\", \"longest\" or\n"
             "                  \"leaves-most\"\n"
             "  options         every move of the player to move: {component, from, to,\n"
             "                  position, outcome, remoteness} (Every-SG: {component,\n"
             "                  from, to: [...], complete} per term; Moore: none)\n"
             "  options_complete  false when not every move is listed (--max-moves)\n"},
};

const size_t CLI_NTOPICS = sizeof CLI_TOPICS / sizeof CLI_TOPICS[0];
