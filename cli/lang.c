/* The one catalogue of grundy explain's languages: each sentence once, its
 * English (the literal at its tr() call, byte for byte) beside its
 * Simplified Chinese. The Chinese uses the words of the Chinese
 * Sprague-Grundy tutorials: SG 值, mex, 后继状态 (options), 必胜态 / 必败态
 * (N- / P-positions), 先手必胜 / 先手必败, 异或 (XOR), 单一游戏 (a term of
 * a sum), 打表, 周期, 反 SG 游戏 / Anti-SG, SJ 定理, Every-SG and step,
 * Nim-K. Each Chinese format takes the English one's printf conversions in
 * the same order (tests/explain_lang_test.py checks it), so one call's
 * arguments serve both. */
#include <string.h>
#include "lang.h"

typedef struct message {
    const char *en, *zh;
} message;

/* The CLI's own sentences, in the order explain prints them (so that a
 * translator reads each in its context; the tables are small, and a
 * lookup is a scan). */
static const message MESSAGES[] = {
    /* explain_terms.c: the position and each term */
    {"position: %s\n", "局面：%s\n"},
    {"(long: its first terms are explained)", "（太长，只讲解开头的几项）"},
    {"\nterm %zu: %s, value %s\n", "\n第 %zu 项：%s，SG 值 %s\n"},
    {", by the formula %s\n", "，由公式 %s\n"},
    {", the mex of its options' values (grundy tabulated G(0..%llu) this way)\n",
     "，即它所有后继状态的 SG 值的 mex（grundy 用这种方法打表求出了 G(0..%llu)）\n"},
    {", by a proved period: G(n + %llu) = G(n) + saltus for n >= %llu (proved from G(0..%llu)), so G(%llu) = G(%llu)",
     "，由已证明的（算术）周期：G(n + %llu) = G(n) + saltus 对 n >= %llu 成立（由 G(0..%llu) 证明），所以 G(%llu) = G(%llu)"},
    {", by a proved period: G(n + %llu) = G(n) for n >= %llu (proved from G(0..%llu)), so G(%llu) = G(%llu)",
     "，由已证明的周期：G(n + %llu) = G(n) 对 n >= %llu 成立（由 G(0..%llu) 证明），所以 G(%llu) = G(%llu)"},
    {", by %s\n", "，依据：%s\n"},
    {"  (the table: %s)\n", "  （表的求法：%s）\n"},
    {", ... (%zu options)", ", ...（共 %zu 个后继状态）"},
    {"  found by %s\n", "  求法：%s\n"},
    {"  the heaps of one term add as a nim sum: %llu\n", "  同一项里的几堆按 Nim 和（异或）相加：%llu\n"},
    {"\n(%zu more terms, explained the same way one by one)\n", "\n（还有 %zu 项，逐项讲解的方法相同）\n"},

    /* cmd_explain.c: the sum in normal play */
    {"\nthe sum (Sprague-Grundy theorem: its value is the XOR of the terms' values)\n",
     "\n游戏的和（SG 定理：和的 SG 值等于各项 SG 值的异或和）\n"},
    {"  %*llu = %s   term %zu\n", "  %*llu = %s   第 %zu 项\n"},
    {"  %*s   (%zu more terms)\n", "  %*s   （还有 %zu 项）\n"},
    /* "异或" takes the 4 columns of "XOR ": the numbers stay aligned */
    {"  XOR %*llu = %s\n", "  异或%*llu = %s\n"},
    {"The XOR is 0: a P-position, the player to move loses (every move makes the XOR nonzero).\n",
     "异或和为 0：必败态（P-position），先手必败（无论怎么走，异或和都会变成非 0）。\n"},
    {"The XOR is %llu, not 0: an N-position, the player to move wins.\n",
     "异或和为 %llu，不为 0：必胜态（N-position），先手必胜。\n"},
    {"Its highest set bit is bit %d (%llu). Term %zu has it (value %llu), so changing that term to value "
     "%llu XOR %llu = %llu makes the XOR 0",
     "异或和的最高位是第 %d 位（%llu）。第 %zu 项（SG 值 %llu）的这一位是 1，把这一项走到 SG 值为 "
     "%llu 异或 %llu = %llu 的后继状态，异或和就变成 0"},
    {": for example %s.\n", "：例如 %s。\n"},
    {": in normal play, for example %s.\n", "：这是普通规则下的走法，例如 %s。\n"},
    {" (a smaller value, so a move reaches it: the mex contains every smaller value).\n",
     "（这个值更小，所以一定有一步能走到：mex 的定义保证比它小的值都出现在后继状态中）。\n"},

    /* cmd_explain.c and explain_modes.c: misère play */
    {"\nmisère play (the last player to move loses): decided by %s: %s.\n",
     "\n反 SG 游戏（Anti-SG，misère：走最后一步的人输）：判定方法：%s。理由：%s。\n"},
    {"The SJ rule here: XOR %llu, %d term of value > 1", "SJ 定理在这里的判定：异或和为 %llu，SG 值大于 1 的单一游戏有 %d 个"},
    {"The SJ rule here: XOR %llu, %d terms of value > 1", "SJ 定理在这里的判定：异或和为 %llu，SG 值大于 1 的单一游戏有 %d 个"},
    {", so it says the mover wins", "，所以判定先手必胜"},
    {", so it says the mover loses", "，所以判定先手必败"},
    {"; the search of %llu positions says the mover wins", "；搜索了 %llu 个局面，结果是先手必胜"},
    {"; the search of %llu positions says the mover loses", "；搜索了 %llu 个局面，结果是先手必败"},
    {" (the SJ rule is right here)", "（SJ 定理的判定在这里是对的）"},
    {" (the SJ rule is wrong here)", "（SJ 定理的判定在这里是错的）"},
    {".\nThe player to move wins.\n", "。\n先手必胜。\n"},
    {".\nThe player to move loses.\n", "。\n先手必败。\n"},
    {"A winning move in misère play: %s.\n", "反 SG 规则下的一个必胜走法：%s。\n"},
    {"every component is a game in which every position of value 0 is terminal (nim heaps, some subtraction games), so the "
     "SJ theorem's rule is misère play itself: the mover wins iff (the XOR is not 0 and some term's value is > 1) or (the XOR "
     "is 0 and no term's value is > 1)",
     "每个单一游戏里 SG 值为 0 的局面都是终止局面（Nim 堆、一些减法游戏），所以 SJ 定理的结论就是反 SG 游戏的答案："
     "先手必胜当且仅当（异或和不为 0 且某个单一游戏的 SG 值大于 1）或（异或和为 0 且没有单一游戏的 SG 值大于 1）"},
    {"every component is a heap grundy has shown tame (it plays like misère nim): heaps are fickle (genus g^1...) or firm "
     "(g^0...), and the mover loses iff (all fickle and the XOR is 1) or (some firm and the XOR is 0)",
     "每个单一游戏都是 grundy 证明过驯服（tame，玩起来和反 Nim 一样）的堆：堆分为易变堆（fickle，genus 为 g^1...）"
     "和稳固堆（firm，genus 为 g^0...），先手必败当且仅当（全是易变堆且异或和为 1）或（有稳固堆且异或和为 0）"},
    {"the position is one heap whose family has a proved misère formula (for example bash[p,q]: the heap is lost iff n mod "
     "(p+q) is in [1, p])",
     "局面只有一堆，而这一族游戏有已证明的反 SG 公式（例如 bash[p,q]：这一堆是必败态当且仅当 n mod (p+q) 在 [1, p] 中）"},
    {"the SJ theorem's condition does not hold, but every component is a heap of one ruleset whose misère quotient "
     "(Plambeck and Siegel) grundy has computed and proved up to the largest heap: the sum's element in it is a P- or an "
     "N-element",
     "SJ 定理的条件不成立，但每个单一游戏都是同一种规则的堆，grundy 已经求出并证明了这种规则直到最大堆的 misère 商"
     "（misère quotient，Plambeck 和 Siegel 的方法）：和在商中对应的元素是 P 元素或 N 元素"},
    {"the SJ theorem's condition does not hold for every component, so grundy searched the misère game exactly (every "
     "position written as a sorted multiset of its components)",
     "SJ 定理的条件并非对每个单一游戏都成立，所以 grundy 对反 SG 游戏做了精确搜索（每个局面记为它的单一游戏组成的有序多重集）"},

    /* explain_modes.c: Every-SG */
    {"\nEvery-SG (each turn the player moves in every term that can move; the last move wins).\n"
     "A term's step count is how long it lasts under best play: 0 with no move; for a value\n"
     "other than 0, 1 + the largest step among its options of value 0 (the winner makes it last);\n"
     "for value 0, 1 + the smallest step among its options (the loser ends it soon).\n",
     "\nEvery-SG（每一回合，玩家要在每个还能走的单一游戏里各走一步；走最后一步的人赢）。\n"
     "一项的 step 是双方都按最优策略走时它还能持续的步数：无路可走时为 0；SG 值不为 0 时，\n"
     "是 1 + 它 SG 值为 0 的后继状态中最大的 step（赢家要让它拖得久）；\n"
     "SG 值为 0 时，是 1 + 它所有后继状态中最小的 step（输家要让它尽快结束）。\n"},
    {"  term %zu: value %llu, step %llu\n", "  第 %zu 项：SG 值 %llu，step %llu\n"},
    {"  (%zu more terms)\n", "  （还有 %zu 项）\n"},
    {"The term that ends last decides the game: term %zu (step %llu), of value %llu, so the player\n"
     "to move wins (its value is not 0: the mover wins that term, and it lasts longest).\n",
     "最后结束的那一项决定胜负：第 %zu 项（step %llu），SG 值 %llu，所以\n"
     "先手必胜（它的 SG 值不为 0：先手赢下这一项，而它持续得最久）。\n"},
    {"The term that ends last decides the game: term %zu (step %llu), of value %llu, so the player\n"
     "to move loses (its value is 0: the mover loses that term, and it lasts longest).\n",
     "最后结束的那一项决定胜负：第 %zu 项（step %llu），SG 值 %llu，所以\n"
     "先手必败（它的 SG 值为 0：先手输掉这一项，而它持续得最久）。\n"},
    {"No term can move: the player to move loses.\n", "没有一项还能走：先手必败。\n"},
    {"A winning move (every term that can move moves at once): %s.\n", "一个必胜走法（每个还能走的单一游戏同时各走一步）：%s。\n"},

    /* explain_modes.c: Moore's Nim-k */
    {"\nMoore's Nim-%llu, misère (Anti-Nim-k) (a move takes from 1 to %llu heaps; the last move loses): write the heaps in "
     "binary and count\nthe ones in each column, mod %llu.\n",
     "\nMoore 的 Nim-%llu 的反 SG 版本（Anti-Nim-K：每次从 1 到 %llu 堆中取石子，取走最后一颗石子的人输）：把每堆石子数"
     "写成二进制，\n统计每一位上 1 的个数，再 mod %llu。\n"},
    {"\nMoore's Nim-%llu (a move takes from 1 to %llu heaps): write the heaps in binary and count\n"
     "the ones in each column, mod %llu.\n",
     "\nMoore 的 Nim-%llu（Nim-K：每次从 1 到 %llu 堆中取石子）：把每堆石子数写成二进制，\n"
     "统计每一位上 1 的个数，再 mod %llu。\n"},
    {"  (%zu more heaps)\n", "  （还有 %zu 堆）\n"},
    {"ones", "1 的个数"},
    {"Every column is 0 mod k+1 (a move changes 1 to k heaps, so it cannot keep them all 0)",
     "每一位上 1 的个数 mod (k+1) 都是 0（一步改变 1 到 k 堆，不可能让它们仍然全是 0）"},
    {"Some column is not 0 mod k+1 (a move of at most k heaps can make them all 0)",
     "有一位上 1 的个数 mod (k+1) 不是 0（改动至多 k 堆的一步就能让它们全变成 0）"},
    {": the player to move wins.\n", "：先手必胜。\n"},
    {": the player to move loses.\n", "：先手必败。\n"},
    {"Every non-empty heap is 1: there are %zu, and the player to move wins (the mover loses exactly when\n"
     "that number is 1 mod k+1).\n",
     "每个非空堆都只有 1 颗石子：共 %zu 堆，先手必胜（先手必败当且仅当\n堆数 mod (k+1) 为 1）。\n"},
    {"Every non-empty heap is 1: there are %zu, and the player to move loses (the mover loses exactly when\n"
     "that number is 1 mod k+1).\n",
     "每个非空堆都只有 1 颗石子：共 %zu 堆，先手必败（先手必败当且仅当\n堆数 mod (k+1) 为 1）。\n"},
    {"Some heap is larger than 1, so the normal rule decides: ", "有一堆多于 1 颗石子，所以按普通 Nim-K 的规则判定："},
    {"every column is 0 mod k+1", "每一位上 1 的个数 mod (k+1) 都是 0"},
    {"some column is not 0 mod k+1", "有一位上 1 的个数 mod (k+1) 不是 0"},
    {", and the player to move wins.\n", "，先手必胜。\n"},
    {", and the player to move loses.\n", "，先手必败。\n"},
    {"A winning move (it changes 1 to k heaps): %s.\n", "一个必胜走法（改变 1 到 k 堆）：%s。\n"},

    /* explain_remote.c: remoteness */
    {"\nremoteness (misère play): the moves left when the winner hurries and the loser delays.\n",
     "\n剩余步数 remoteness（反 SG 规则，misère）：赢家尽快取胜、输家尽量拖延时，游戏还要走的步数。\n"},
    {"\nremoteness (normal play): the moves left when the winner hurries and the loser delays.\n",
     "\n剩余步数 remoteness（普通规则）：赢家尽快取胜、输家尽量拖延时，游戏还要走的步数。\n"},
    {"R = 0 with no move; a won position is 1 + the least R among its moves to lost (P) positions;\n"
     "a lost one is 1 + the largest R among its moves. ",
     "无路可走时 R = 0；必胜态的 R 是 1 + 它走到必败态（P）的后继状态中最小的 R；\n"
     "必败态的 R 是 1 + 它所有后继状态中最大的 R。"},
    {"In misère play the end is won, and the lost positions are those of odd R.\n",
     "在反 SG 规则下，无路可走的局面是必胜态，R 为奇数的局面是必败态。\n"},
    {"In normal play the lost positions are those of even R.\n", "在普通规则下，R 为偶数的局面是必败态。\n"},
    {"This position is a draw (D): some move keeps the game going forever and none wins, so it has no R.\n",
     "这个局面是平局（D）：有的走法能让游戏永远进行下去，而没有走法能赢，所以它没有 R。\n"},
    {"This position has no move: R = 0 (won: the other player moved last).\n",
     "这个局面无路可走：R = 0（必胜态：对手走了最后一步）。\n"},
    {"This position has no move: R = 0 (lost).\n", "这个局面无路可走：R = 0（必败态）。\n"},
    {"Not every move could be listed here (a heap past the table limit), so the rule is not written\n"
     "out; R = %llu comes from the %s.\n",
     "这里无法列出所有走法（有一堆超出了表的上限），所以不写出递推式；\nR = %llu 由%s得出。\n"},
    {"The player to move wins in %llu move at best (the moves to N positions are left out: they lose).\n",
     "先手必胜，最快 %llu 步获胜（走到必胜态 N 的走法不计：它们会输）。\n"},
    {"The player to move wins in %llu moves at best (the moves to N positions are left out: they lose).\n",
     "先手必胜，最快 %llu 步获胜（走到必胜态 N 的走法不计：它们会输）。\n"},
    {"The player to move loses in %llu move, delaying as long as possible.\n", "先手必败，尽量拖延也只能再走 %llu 步。\n"},
    {"The player to move loses in %llu moves, delaying as long as possible.\n", "先手必败，尽量拖延也只能再走 %llu 步。\n"},

    /* explain_loopy.c: a term of infinite value, Smith's rule, a draw */
    {"    G(%s) = %s: its options are", "    G(%s) = %s：它的后继状态是"},
    {"    G(%s) = %s: it has no option", "    G(%s) = %s：它没有后继状态"},
    {"  No finite value fits it. In a loopy game (Smith) a position gets the finite value g only when\n"
     "  no option has value g and every option of a larger or infinite value has a move back to one of\n"
     "  value g; otherwise its value is infinite, written with K, the finite values among its options:\n"
     "  K = ",
     "  没有哪个有限值符合它。在有环的游戏里（Smith 的广义 SG 函数），一个局面只有在\n"
     "  没有后继状态的值为 g、并且每个值更大或为无穷的后继状态都能走回一个值为 g 的局面时，才取有限值 g；\n"
     "  否则它的值是无穷，记作 ∞(K)，K 是它的后继状态中出现的有限值：\n"
     "  K = "},
    {". Alone, it is won (0 is in K: move to an option of value 0).\n",
     "。单独看，它是必胜态（0 在 K 中：走到值为 0 的后继状态即可）。\n"},
    {". Alone, it is a draw (0 is not in K: no option is lost for the opponent).\n",
     "。单独看，它是平局（0 不在 K 中：没有哪个后继状态是对手的必败态）。\n"},
    {"\nthe sum (Smith's rule for loopy games: finite values add by XOR; a finite g and ∞(K) add to\n"
     "∞(K XOR g), each member of K XORed with g; two infinite values add to ∞{})\n",
     "\n游戏的和（有环游戏的 Smith 规则：有限值按异或相加；有限值 g 与 ∞(K) 相加得\n"
     "∞(K XOR g)，即 K 的每个元素都与 g 异或；两个无穷值相加得 ∞{}）\n"},
    {"  term %zu: %s\n", "  第 %zu 项：%s\n"},
    {"  term %zu: infinite\n", "  第 %zu 项：无穷\n"},
    {"  term %zu: %llu\n", "  第 %zu 项：%llu\n"},
    {"The finite terms XOR to %llu; term %zu is the one infinite term, so the sum is %s.\n",
     "有限项的异或和为 %llu；第 %zu 项是唯一的无穷项，所以和为 %s。\n"},
    {"%zu terms are infinite, so the sum is ∞{}: whatever the finite terms are.\n",
     "有 %zu 项是无穷的，所以不论有限项是什么，和都是 ∞{}。\n"},
    {"0 is in the sum's K: an N-position, the player to move wins by moving term %zu to an option of finite value\n"
     "%llu, which leaves every value finite with XOR 0 (a P-position)",
     "0 在和的 K 中：必胜态（N-position），先手把第 %zu 项走到值为有限值\n"
     "%llu 的后继状态即可获胜，这样所有值都是有限的，异或和为 0（必败态，P-position）"},
    {": for example %s", "：例如 %s"},
    {".\n", "。\n"},
    {"0 is not in the sum's K: a draw (D). The player to move has no winning move (none leaves a position of\n"
     "value 0), but has a move to a position that is again a draw, so neither player can force a win\n"
     "and the game can go on forever.\n",
     "0 不在和的 K 中：平局（D）。先手没有必胜的走法（没有一步能走到值为 0 的局面），\n"
     "但能走到一个仍然是平局的局面，所以双方都无法强制取胜，\n"
     "游戏可以一直进行下去。\n"},
    {"moves that keep the draw", "保持平局的走法"},

    /* explain_loopy.c: a won term whose value grundy does not know */
    {"unknown", "未知"},
    {"  grundy knows the outcome of this position, not its Grundy value (the value is tabulated\n"
     "  only for small positions): it is won (N), so its value is not 0.\n",
     "  grundy 知道这个局面的胜负，但不知道它的 SG 值（只有较小的局面才打表求 SG 值）：\n"
     "  它是必胜态（N），所以 SG 值不为 0。\n"},
    {"  grundy knows the outcome of this position, not its Grundy value (the value is tabulated\n"
     "  only for small positions): it is lost (P), so its value is 0.\n",
     "  grundy 知道这个局面的胜负，但不知道它的 SG 值（只有较小的局面才打表求 SG 值）：\n"
     "  它是必败态（P），所以 SG 值为 0。\n"},
    {"The other terms' values XOR to %llu, so the sum's value is term %zu's value, which is not 0.\n",
     "其余各项 SG 值的异或和为 %llu，所以和的 SG 值就是第 %zu 项的 SG 值，不为 0。\n"},
    {"The other terms' values XOR to %llu, so the sum's value is term %zu's value, which is 0.\n",
     "其余各项 SG 值的异或和为 %llu，所以和的 SG 值就是第 %zu 项的 SG 值，为 0。\n"},
    {"The sum is term 1 alone.\n", "和就是第 1 项本身。\n"},
    {"An N-position: the player to move wins by moving term %zu to a lost position (value 0), which\nleaves XOR 0",
     "必胜态（N-position）：先手把第 %zu 项走到必败态（SG 值为 0），\n异或和就变成 0"},
    {"A P-position: the player to move loses.\n", "必败态（P-position）：先手必败。\n"},

    /* solve_moves.c: a list of moves (explain's draw moves) */
    {"%s:\n", "%s：\n"},
    {"%s (not all are listed):\n", "%s（没有全部列出）：\n"},
    {"  term %zu: %s -> %s\n", "  第 %zu 项：%s -> %s\n"},
};

/* The library's strings that explain prints: the rulesets' formulas and
 * methods (gr_how's text, gr_ruleset_method) and the names of the misère
 * and remoteness methods. The library stays English; a string missing
 * here (a rule[...]'s method with its counts, a new family's) is printed
 * as it is, inside the Chinese sentence. The test checks that each English
 * here is still in the library's sources. */
static const message LIBRARY[] = {
    /* misère (gr_misere) and remoteness (gr_remoteness) methods */
    {"sj-theorem", "SJ 定理"},
    {"genus", "genus 理论"},
    {"quotient", "misère 商"},
    {"search", "搜索"},
    {"formula", "公式"},
    {"table", "表"},
    {"retrograde", "逆向分析"},
    /* formulas */
    {"G(n) = n: a heap reaches every smaller heap", "G(n) = n：一堆能走到任何更小的堆"},
    {"G(0) = 0, G(1) = 1, G(n) = 1 + the index of the least prime factor of n among the primes (2 is the first)",
     "G(0) = 0，G(1) = 1，G(n) = 1 + n 的最小质因子是第几个质数（2 是第 1 个）"},
    {"G(n) = 1 + the exponent of 2 in n, G(0) = 0", "G(n) = 1 + n 的质因数分解中 2 的指数，G(0) = 0"},
    {"G(n) = n mod 3: a power of two is 1 or 2 mod 3, so a heap reaches both other residues and never its own",
     "G(n) = n mod 3：2 的幂 mod 3 余 1 或 2，所以一堆能走到另外两个余数，却走不到自己的余数"},
    {"Lasker's nim form: G(n) = n, except G(n) = n + 1 when n = -1 and G(n) = n - 1 when n = 0 modulo m (m = 4 for "
     "Lasker's nim)",
     "Lasker's Nim 的形式：G(n) = n，但 n ≡ -1 (mod m) 时 G(n) = n + 1，n ≡ 0 (mod m) 时 G(n) = n - 1"
     "（Lasker's Nim 的 m = 4）"},
    {"with r = n mod (p + q), G(n) = ceil(r / p) when r <= q, else 0 (a take of p to q tokens)",
     "记 r = n mod (p + q)，r <= q 时 G(n) = ceil(r / p)，否则 G(n) = 0（每次取 p 到 q 个）"},
    {"a closed form proved for the family", "为这一族游戏证明过的闭式公式"},
    /* heaps past the table */
    {"a rule of the family for heaps past the table", "这一族游戏对超出表的堆的规则"},
    {"the rule for a set with an element too large to tabulate: the set of its small elements has a proved period, and "
     "either every large element provably never changes a mex (the values are the small set's), or the one large element "
     "b gives a proved period b + c",
     "减法集合中有大到无法打表的元素时的规则：其中小元素组成的集合有已证明的周期，并且要么可以证明每个大元素都不会改变"
     "任何 mex（SG 值与小元素集合的相同），要么唯一的大元素 b 给出已证明的周期 b + c"},
    /* state games */
    {"mex over the options for small positions (a table); the outcome of any position by the greedy decomposition of n "
     "into the seeds' sequence (Fibonacci numbers for fib)",
     "对较小的局面，按后继状态的 SG 值求 mex（打表）；任意局面的胜负由 n 按种子数列的贪心分解得出（fib 用斐波那契数列）"},
    {"mex over the options for small positions (a table); the P-positions are the Wythoff pairs (floor(k·phi), "
     "floor(k·phi²))",
     "对较小的局面，按后继状态的 SG 值求 mex（打表）；必败态（P-position）是威佐夫数对 (floor(k·phi), floor(k·phi²))"},
    {"mex over the options for small positions (a table); the outcome of any position by the rule: with a >= b > 0 the "
     "mover wins iff b divides a, or a >= 2b, or the forced move to (b, a-b) loses",
     "对较小的局面，按后继状态的 SG 值求 mex（打表）；任意局面的胜负由规则得出：a >= b > 0 时，先手必胜当且仅当 b 整除 a，"
     "或 a >= 2b，或被迫走到的 (b, a-b) 是必败态"},
    {"the nim product of the coordinates (x ⊗ y, or x ⊗ y ⊗ z): a coin-turning product game",
     "各坐标的 Nim 积（x ⊗ y 或 x ⊗ y ⊗ z）：翻硬币游戏的乘积"},
    {"Green Hackenbush: the colon principle (the branches at a vertex add as a nim sum, and a branch of value v hanging "
     "from an edge is worth 1 + v) and the fusion principle (the vertices of a cycle fuse into one, its edges become loops "
     "worth 1 each)",
     "Green Hackenbush（删边游戏）：克朗原理（Colon Principle：一个顶点上的各分支按 Nim 和相加，挂在一条边上、值为 v "
     "的分支相当于 1 + v）和融合原理（Fusion Principle：环上的顶点融合成一个点，环上的边变成自环，每条值为 1）"},
    {"staircase nim: the value is the XOR of every other gap between the pieces, counted from the right end",
     "阶梯博弈（staircase nim）：SG 值是棋子之间的空隙从右端数起隔一个取一个的异或和"},
    {"staircase nim: the value is the XOR of the coins on the odd steps (a move from an even step is undone by moving "
     "the same coins on)",
     "阶梯博弈（staircase nim）：SG 值是奇数级台阶上硬币数的异或和（从偶数级台阶往下移的硬币，可以再往下移一级来抵消）"},
    {"the generalized Sprague-Grundy function of the graph (a value, or ∞ with its set K for positions that can draw), "
     "computed once for every vertex; tokens add as a nim sum (by Smith's rule when a value is infinite)",
     "图上的广义 SG 函数（一个值；对可能平局的局面是 ∞ 和它的集合 K），每个顶点求一次；几个棋子按 Nim 和相加"
     "（有无穷值时按 Smith 的规则）"},
    {"the nimber search of board games: a position is the nim sum of its independent regions, each valued once up to the "
     "board's symmetries in a transposition table, a region's value found by deciding, for k = 0, 1, ..., whether an "
     "option has value k (Lemoine and Viennot); a region that is its own mirror image with no move blocking its mirror "
     "move is worth 0",
     "棋盘游戏的 nimber 搜索：局面是各个互相独立的区域的 Nim 和，每个区域在置换表中（按棋盘的对称）只求一次值，"
     "区域的值依次对 k = 0, 1, ... 判定是否有值为 k 的后继状态而得出（Lemoine 和 Viennot 的方法）；"
     "一个区域如果是自己的镜像，且没有一步会挡住它的镜像走法，它的值就是 0"},
    {"the nimber search of graph games: a position is the nim sum of its connected components, each valued once in a "
     "transposition table (keyed by its induced subgraph, up to isomorphism when nauty is built in, or by its shape up to "
     "the grid's symmetries), a component's value found by deciding, for k = 0, 1, ..., whether an option has value k "
     "(Lemoine and Viennot)",
     "图上游戏的 nimber 搜索：局面是各个连通分量的 Nim 和，每个分量在置换表中只求一次值（以它的导出子图为键，"
     "编译时带 nauty 则在同构意义下，否则按它的形状并考虑网格的对称），分量的值依次对 k = 0, 1, ... "
     "判定是否有值为 k 的后继状态而得出（Lemoine 和 Viennot 的方法）"},
    /* rule[...]: how its table was computed */
    {"the take-and-break kernels: the rule is, clause by clause, subtractions and splits of a heap",
     "取走-分裂（take-and-break）内核：规则的每一条子句都是对一堆的减少与分裂"},
    {"the rule machine, heap by heap", "规则虚拟机，逐堆计算"},
    {"the rule machine, heap by heap (%s)", "规则虚拟机，逐堆计算（%s）"},
    {"native code compiled from the rule (%llu heaps), the rule machine for the rest (%llu heaps)",
     "由规则编译成的本机代码（%llu 堆），其余由规则虚拟机计算（%llu 堆）"},
    {"mex over the options the rule lists, in a dense table of %llu cells (4 bytes each): %llu cells by native code "
     "compiled from the rule, %llu by the rule machine",
     "对规则列出的后继状态求 mex，用 %llu 格的稠密表（每格 4 字节）：其中 %llu 格由规则编译成的本机代码计算，"
     "%llu 格由规则虚拟机计算"},
    {"mex over the options the rule lists, by an exact memoized search (the generalized Sprague-Grundy function when the "
     "rule is loopy)",
     "对规则列出的后继状态求 mex，用精确的记忆化搜索（规则有环时用广义 SG 函数）"},
    {"mex over the options the rule lists, by the generalized Sprague-Grundy function of its graph (the rule is loopy)",
     "对规则列出的后继状态求 mex，用它的状态图上的广义 SG 函数（规则有环）"},
    {"mex over the options the rule lists, by an exact memoized search", "对规则列出的后继状态求 mex，用精确的记忆化搜索"},
};

int cli_lang_parse(const char *name, cli_lang *out) {
    if (!strcmp(name, "en")) *out = CLI_LANG_EN;
    else if (!strcmp(name, "zh")) *out = CLI_LANG_ZH;
    else return -1;
    return 0;
}

const char *tr(cli_lang lang, const char *en) {
    if (lang == CLI_LANG_EN) return en;
    for (size_t i = 0; i < sizeof MESSAGES / sizeof MESSAGES[0]; i++)
        if (!strcmp(MESSAGES[i].en, en)) return MESSAGES[i].zh;
    return en;
}

/* the text a library string holds where its catalogue entry has "%llu" or "%s" */
enum { HOLES = 8 };
typedef struct hole {
    const char *at;
    size_t len;
} hole;

/* Whether s is the entry t with its holes filled: the number of holes
 * (their text in h from h[nh]), or -1. "%llu" takes a run of digits, "%s"
 * the shortest text that lets the rest match. */
static int match(const char *t, const char *s, hole *h, int nh) {
    for (;;) {
        if (!strncmp(t, "%llu", 4)) {
            size_t k = strspn(s, "0123456789");
            if (nh == HOLES || !k) return -1;
            h[nh++] = (hole){s, k};
            t += 4;
            s += k;
        } else if (!strncmp(t, "%s", 2)) {
            if (nh == HOLES) return -1;
            for (size_t k = 0;; k++) {
                h[nh] = (hole){s, k};
                int n = match(t + 2, s + k, h, nh + 1);
                if (n >= 0) return n;
                if (!s[k]) return -1;
            }
        } else if (*t != *s) {
            return -1;
        } else if (!*t) {
            return nh;
        } else {
            t++;
            s++;
        }
    }
}

/* the translation zh with its holes filled in order from h[0..n), into
 * room; NULL when it does not fit */
static const char *fill(const char *zh, const hole *h, int n, char *room, size_t cap) {
    size_t used = 0;
    int i = 0;
    for (const char *p = zh; *p;) {
        const char *piece = p;
        size_t len = 1, skip = !strncmp(p, "%llu", 4) ? 4 : !strncmp(p, "%s", 2) ? 2 : 0;
        if (skip && i == n) return NULL;
        if (skip) { piece = h[i].at; len = h[i++].len; }
        p += skip ? skip : 1;
        if (used + len >= cap) return NULL;
        memcpy(room + used, piece, len);
        used += len;
    }
    if (used >= cap) return NULL;
    room[used] = '\0';
    return room;
}

const char *tr_library(cli_lang lang, const char *en, char *room, size_t cap) {
    if (lang == CLI_LANG_EN) return en;
    hole h[HOLES];
    for (size_t i = 0; i < sizeof LIBRARY / sizeof LIBRARY[0]; i++) {
        if (!strchr(LIBRARY[i].en, '%')) {
            if (!strcmp(LIBRARY[i].en, en)) return LIBRARY[i].zh;
        } else {
            int n = match(LIBRARY[i].en, en, h, 0);
            const char *out = n >= 0 ? fill(LIBRARY[i].zh, h, n, room, cap) : NULL;
            if (n >= 0) return out ? out : en;
        }
    }
    return en;
}

/* wide: the CJK blocks, Hangul, the fullwidth forms and the CJK planes */
static int wide(unsigned long c) {
    return (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF) || (c >= 0xAC00 && c <= 0xD7A3) ||
           (c >= 0xF900 && c <= 0xFAFF) || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60) ||
           (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
}

int cli_lang_columns(const char *s) {
    int cols = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p;) {
        unsigned long c = *p;
        int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
        if (extra) c &= 0x3Fu >> extra;
        p++;
        for (; extra && (*p & 0xC0) == 0x80; extra--) c = (c << 6) | (*p++ & 0x3F);
        cols += wide(c) ? 2 : 1;
    }
    return cols;
}
