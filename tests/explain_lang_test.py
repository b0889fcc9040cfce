#!/usr/bin/env python3
"""grundy explain --lang zh: the Chinese explanation says what the English
one says, and the catalogue (cli/lang.c) is complete.

The catalogue: every English literal passed to tr() in cli/*.c has its
Chinese, with the same printf conversions in the same order, and every
entry is used; each Chinese text is Chinese; each library string the
catalogue translates is still in the library's sources (src/), so that a
changed formula does not silently fall back to English.

The output: for positions that take every path of explain (a normal sum, a
P-position, the mex table, formulas, a proved period with and without
saltus, a family's rule past the table, misère play by each rule, Every-SG,
Moore's Nim-k and Anti-Nim-k, remoteness in normal and misère play, a
loopy term won and drawn, a won term of unknown value, state games, rules,
long sums), the Chinese output holds the expected Chinese phrases, every
number and every position of the English output, and no sentence of the
English catalogue; --json has the same keys, numbers and codes in both
languages, only its sentences ("why", "text", "table_method") translated;
--lang en is byte for byte the default; a bad --lang is a one-line usage
error, exit 2. Usage: explain_lang_test.py GRUNDY SOURCE_DIR"""
import glob
import json
import os
import re
import subprocess
import sys

from checks import Checks

G, SRC = sys.argv[1], sys.argv[2]
ENV = dict(os.environ, GRUNDY_NATIVE="0")  # a rule's method names the rule machine, not a compiler
check = Checks(0)  # no random cases: the seed is not used


# ---- C source: string literals, comments, printf conversions ----
LIT = r'"(?:\\.|[^"\\\n])*"'
LITS = r'(?:' + LIT + r'\s*)+'
ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'"}


def strip_comments(text):
    return re.sub(r'(' + LIT + r')|/\*.*?\*/|//[^\n]*', lambda m: m.group(1) or " ", text, flags=re.S)


def unquote(lits):
    """adjacent C string literals, as the string they make"""
    return "".join(re.sub(r"\\(.)", lambda e: ESCAPES[e.group(1)], m.group(0)[1:-1]) for m in re.finditer(LIT, lits))


CONV = re.compile(r"%(?:%|[-+ #0]*(\*|\d+)?(?:\.(\*|\d+))?(hh|h|ll|l|z|j|t|L)?([diouxXcspfeEgGaAn]))")


def conversions(fmt):
    """what each conversion takes from the arguments, in order"""
    return [(m.group(1) == "*", m.group(2) == "*", m.group(3) or "", m.group(4)) for m in CONV.finditer(fmt) if m.group(4)]


def table(text, name):
    """the {en, zh} pairs of the array NAME in lang.c"""
    start = text.index(f"static const message {name}[] = {{")
    body = text[start:text.index("\n};", start)]
    return [(unquote(a), unquote(b)) for a, b in re.findall(r"\{\s*(" + LITS + r"),\s*(" + LITS + r")\}", body)]


def chinese(s):
    return any(ord(c) >= 0x3000 for c in s)


lang_c = strip_comments(open(os.path.join(SRC, "cli", "lang.c"), encoding="utf-8").read())
MESSAGES, LIBRARY = table(lang_c, "MESSAGES"), table(lang_c, "LIBRARY")
check(len(MESSAGES) > 80 and len(LIBRARY) > 20, f"lang.c's tables read: {len(MESSAGES)} messages, {len(LIBRARY)} library strings")
zh_of = dict(MESSAGES)
for name, pairs in (("MESSAGES", MESSAGES), ("LIBRARY", LIBRARY)):
    ens = [en for en, _ in pairs]
    check(len(set(ens)) == len(ens), f"{name}: an English text twice: {[e for e in ens if ens.count(e) > 1][:3]}")
    for en, zh in pairs:
        check(chinese(zh) and zh != en, f"{name}: not Chinese: {zh!r} (for {en!r})")
        check(conversions(en) == conversions(zh), f"{name}: the conversions of {zh!r} are not those of {en!r}")
        if name == "LIBRARY":
            check(all(c[3] in "us" and c[2] in ("", "ll") for c in conversions(en)), f"LIBRARY: {en!r} holds only %llu and %s")

# every tr() call's literal has its Chinese, and every message is used
used = set()
for path in sorted(glob.glob(os.path.join(SRC, "cli", "*.c"))):
    if path.endswith("lang.c"):
        continue
    text = strip_comments(open(path, encoding="utf-8").read())
    calls = re.findall(r"\btr\(", text)
    lits = re.findall(r"\btr\(\s*[\w.>-]+\s*,\s*(" + LITS + r")\)", text)
    check(len(calls) == len(lits), f"{os.path.basename(path)}: a tr() call without a literal English message")
    for lit in lits:
        en = unquote(lit)
        used.add(en)
        check(en in zh_of, f"{os.path.basename(path)}: no Chinese for {en!r}")
check(len(used) > 80, f"the tr() calls read: {len(used)}")
for en, _ in MESSAGES:
    check(en in used, f"lang.c: {en!r} is not used")

# each library string translated is still the library's (a "%llu" or "%s"
# stands for what the library writes there)
library = []
for path in glob.glob(os.path.join(SRC, "src", "**", "*.c"), recursive=True):
    library += [unquote(lits) for lits in re.findall(LITS, strip_comments(open(path, encoding="utf-8").read()))]
for en, _ in LIBRARY:
    for piece in CONV.split(en)[::5]:
        piece = piece.strip(" ()")
        check(not piece or any(piece in s for s in library), f"lang.c: the library has no {piece!r} (of {en!r})")

# ---- the output ----
LONG = "+".join(["kayles(123)"] * 1100)
CASES = [  # (arguments, Chinese phrases the output must hold)
    (["kayles(7) + 3"], ["局面：", "第 1 项：kayles(7)，SG 值 2", "打表", "后继状态", "游戏的和", "SG 定理", "异或和为 1，不为 0",
                         "必胜态", "先手必胜", "最高位是第 0 位", "例如"]),
    (["1 + 2 + 3"], ["由公式 G(n) = n", "异或和为 0", "必败态", "先手必败"]),
    (["pow2(100) + divisor(12) + coprime(9) + lasker(10) + bash[2,3](10)"],
     ["2 的幂", "2 的指数", "最小质因子", "Lasker's Nim 的形式", "ceil(r / p)"]),
    (["sub[1,2,4](10^12)"], ["已证明的周期", "G(n + 3) = G(n) 对 n >= 0 成立"]),
    (["tb[0.8](100000)"], ["算术", "+ saltus", "33333 x 1"]),
    (["sub[1,3,4,1000000000000](10^13)"], ["依据：", "大到无法打表"]),
    (["kayles(3,4)"], ["同一项里的几堆按 Nim 和"]),
    (["--misere", "1+1+2"], ["反 SG 游戏", "判定方法：SJ 定理", "SJ 定理在这里的判定", "单一游戏有 1 个", "先手必胜。"]),
    (["--misere", "dawson(3)+dawson(5)"], ["genus 理论", "易变堆", "稳固堆"]),
    (["--misere", "bash[2,3](7)"], ["判定方法：公式", "先手必败。"]),
    (["--misere", "kayles(8)"], ["misère 商", "判定先手必败", "先手必胜。"]),
    (["--misere", "euclid(2,3)"], ["判定方法：搜索", "搜索了 4 个局面", "错的"]),
    (["--misere", "wythoff(3,4) + 1"], ["搜索了", "对的"]),
    (["--every", "3 + sub[1,2](4) + kayles(3)"], ["Every-SG", "step", "第 2 项：SG 值 1，step 3", "最后结束的那一项决定胜负"]),
    (["--every", "0 + 0"], ["先手必败（它的 SG 值为 0"]),
    (["--moore", "2", "3 + 4 + 5"], ["Moore 的 Nim-2", "二进制", "1 的个数   2 1 2", "mod   2 1 2", "先手必胜"]),
    (["--moore", "2", "3 + 3 + 3"], ["都是 0", "先手必败"]),
    (["--moore", "2", "--misere", "1 + 1 + 1"], ["Anti-Nim-K", "每个非空堆都只有 1 颗石子：共 3 堆"]),
    (["--moore", "2", "--misere", "3 + 4"], ["按普通 Nim-K 的规则判定"]),
    (["--moore", "3", "+".join(str(k) for k in range(1, 19))], ["还有 2 堆"]),
    (["--remoteness", "3 + 3"], ["剩余步数", "普通规则", "先手必败，尽量拖延也只能再走 6 步"]),
    (["--remoteness", "kayles(5)"], ["先手必胜，最快 5 步获胜"]),
    (["--remoteness", "--misere", "0"], ["反 SG 规则", "无路可走：R = 0（必胜态"]),
    (["--remoteness", "0"], ["无路可走：R = 0（必败态）"]),
    (["--remoteness", "graph[0>1,1>0](0)"], ["没有 R"]),
    (["graph[0>0,0>1](0) + 1"], ["SG 值 ∞{0}", "没有哪个有限值符合它", "Smith", "单独看，它是必胜态", "唯一的无穷项", "平局（D）",
                                 "保持平局的走法："]),
    (["graph[0>0,0>1](0)"], ["0 在和的 K 中", "例如 graph[0>0,0>1](1)"]),
    (["graph[0>1,1>0](0)"], ["单独看，它是平局"]),
    (["graph[0>0,0>1](0) + graph[0>0,0>1](0) + 2"], ["有 2 项是无穷的"]),
    (["graph[0>0,0>1](0) + 1 + " + " + ".join(["2"] * 32)], ["第 3 项：2 -> 0", "第 1 项：graph[0>0,0>1](0) -> graph[0>0,0>1](0)", "还有 18 项"]),
    (["fib(1000000000000) + wythoff(3,5)"], ["SG 值 未知", "知道这个局面的胜负", "必胜态（N）", "斐波那契", "威佐夫数对",
                                             "所以和的 SG 值就是第 1 项的 SG 值，不为 0"]),
    (["wythoff(1000000000000,3)"], ["和就是第 1 项本身"]),
    (["hackenbush(0-1,1-2,1-3) + prod(3,5) + stairs(1,2,3) + staircase(1,3,6) + euclid(3,5)"],
     ["克朗原理", "Nim 积", "奇数级台阶", "空隙", "被迫走到"]),
    (["cram(2,3) + nodekayles(4)"], ["棋盘游戏的 nimber 搜索", "图上游戏的 nimber 搜索"]),
    (["rule[n -> n-k for k in 1..3](9) + rule[(a,b) -> (a-1,b) if a > 0; (a,b) -> (a,b-1) if b > 0](2,3)"],
     ["表的求法：取走-分裂", "用 12 格的稠密表", "12 格由规则虚拟机计算"]),
    (["rule[n -> n - k*k for k in 1..n if k*k <= n](200)"], ["规则虚拟机，逐堆计算"]),
    (["+".join(str(k) for k in range(1, 21))], ["还有 4 项，逐项讲解的方法相同", "（还有 4 项）"]),
    ([LONG], ["太长"]),
]

TERM = re.compile(r"[A-Za-z_]\w*(?:\[[^\]\n]*\])?\([^()\n]*\)")


def run(*args):
    p = subprocess.run([G, "explain", *args], capture_output=True, text=True, timeout=120, env=ENV)
    return p.returncode, p.stdout, p.stderr


# English sentences of 3 words or more: none may be left in the Chinese
english = set()
for en, _ in MESSAGES + LIBRARY:
    for piece in re.split(r"\n|" + CONV.pattern, en):
        if piece and len(re.findall(r"[A-Za-z']+", piece)) >= 3:
            english.add(piece.strip())

for args, phrases in CASES:
    name = " ".join(a if len(a) < 60 else a[:57] + "..." for a in args)
    rc, en, err = run(*args)
    rc_en, en2, _ = run(*args, "--lang", "en")
    rc_zh, zh, err_zh = run(*args, "--lang", "zh")
    check(rc == 0 and rc_en == 0 and rc_zh == 0, f"{name}: exit {rc}, {rc_en}, {rc_zh}: {err.strip()} {err_zh.strip()}")
    check(en2 == en, f"{name}: --lang en is not the default output")
    for ph in phrases:
        check(ph in zh, f"{name}: the Chinese lacks {ph!r}")
    missing = set(re.findall(r"\d+", en)) - set(re.findall(r"\d+", zh))
    check(not missing, f"{name}: numbers of the English missing in the Chinese: {sorted(missing)[:8]}")
    # the terms written out (G(7), kayles(3,3), R(2 + 3)), the position, the example moves and the moves listed
    positions = set(TERM.findall(en)) | {p for m in re.findall(r"^position: ([^(].*)$|: for example (.*?)\.?$", en, re.M) for p in m}
    positions |= set(re.findall(r"^  term \d+: (.* -> .*)$", en, re.M))
    missing = [p for p in positions if p and p not in zh]
    check(not missing, f"{name}: positions of the English missing in the Chinese: {missing[:4]}")
    left = [s for s in english if s in zh]
    check(not left, f"{name}: English left in the Chinese: {left[:3]}")

    # --json: the same document but for its sentences
    rc, ej, _ = run(*args, "--json")
    rc_zh, zj, _ = run(*args, "--json", "--lang", "zh")
    if rc or rc_zh:  # --remoteness --json refuses a loopy sum in both languages
        check(rc == rc_zh, f"{name} --json: exit {rc}, in Chinese {rc_zh}")
        continue
    a, b = json.loads(ej), json.loads(zj)

    def same(x, y, path):
        if isinstance(x, dict):
            check(isinstance(y, dict) and list(x) == list(y), f"{name} --json {path}: keys {list(x)} in English, {y!r:.80} in Chinese")
            for k in x if isinstance(y, dict) else []:
                if k in ("why", "text", "table_method") and isinstance(x[k], str):
                    check(chinese(y.get(k, "")), f"{name} --json {path}/{k}: not translated: {y.get(k)!r:.80}")
                else:
                    same(x[k], y.get(k), f"{path}/{k}")
        elif isinstance(x, list):
            check(isinstance(y, list) and len(x) == len(y), f"{name} --json {path}: lists differ")
            for i, (u, v) in enumerate(zip(x, y if isinstance(y, list) else [])):
                same(u, v, f"{path}[{i}]")
        else:
            check(x == y, f"{name} --json {path}: {x!r:.60} in English, {y!r:.60} in Chinese")

    same(a, b, "")

# a bad language: one line, exit 2, naming it
for args, bad in ((["--lang", "fr", "3"], "'fr'"), (["3", "--lang", "EN"], "'EN'"), (["--lang", "", "3"], "''")):
    rc, out, err = run(*args)
    check(rc == 2 and not out and err.count("\n") == 1 and bad in err and "--lang" in err,
          f"explain {' '.join(args)}: exit {rc}, stderr {err!r}")
rc, out, err = run("3", "--lang")
check(rc == 2 and err.count("\n") == 1 and "needs a value" in err, f"explain 3 --lang: exit {rc}, stderr {err!r}")

check.finish("explain_lang_test")
