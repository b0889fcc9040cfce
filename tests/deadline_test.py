#!/usr/bin/env python3
"""Every time limit is honoured: random positions of every family, run
through the commands that take --max-seconds, must end no later than the
limit plus a second (the slack is wider in a sanitizer build).

    deadline_test.py GRUNDY [sanitize]

GRUNDY_DEADLINE_COUNT  random command lines (default 60; 0: only the fixed
                       ones)
GRUNDY_DEADLINE_SEED   the seed (default 30; printed)
GRUNDY_DEADLINE_LIMIT  the --max-seconds given (default 1)

Each line must also end with exit code 0 or 2 (never a crash); a line that
ends by its limit must say so in one line. The interrupt (SIGINT, the CLI's
Ctrl-C) is checked the same way on the slow fixed lines: sent after half a
second, the command must end within a second of it."""
import os
import random
import signal
import subprocess
import sys
import time

G = sys.argv[1]
SANITIZE = len(sys.argv) > 2 and sys.argv[2] == "sanitize"
COUNT = int(os.environ.get("GRUNDY_DEADLINE_COUNT", "60"))
SEED = int(os.environ.get("GRUNDY_DEADLINE_SEED", "30"))
LIMIT = int(os.environ.get("GRUNDY_DEADLINE_LIMIT", "1"))
# the sanitizer build gets 3 s: ASan alone spends a third of a second on
# one realloc of 512 MB (it fills the freed block), between two polls
SLACK = 3.0 if SANITIZE else 1.0

# the lines issue 30 named (each ignored its limit, or kept it seconds late)
FIXED = [
    ["genus", "coprime(65535)"],
    ["solve", "tb[4.b!](1000000)"],
    ["solve", "65 + fib(63,935174294275058435)", "--every"],
    ["value", "tb[8.1](901485980,2690213400624682273)"],
    ["solve", "39109122621 + 1 + tb[8.b87!](9223372036854775807,007,3)", "--every"],
    ["genus", "tb[8.30](242323)"],
    ["genus", "divisor(65535)"],
    ["solve", "coprime(1000000000000)", "--max-moves", "0"],
    ["explain", "coprime(65535)"],
    ["explain", "tb[8.b87!](70000)"],
    ["play", "tb[8.1](901485980,2690213400624682273)", "--first", "grundy"],
    ["play", "coprime(65535)", "--first", "grundy", "--misere"],
]

R = random.Random(SEED)


def big():
    """a number of any size, small ones more often"""
    k = R.choice([1, 2, 3, 5, 8, 12, 17, 20, 30, 40, 63])
    return R.randrange(0, 1 << k) if k < 63 else R.randrange(0, 1 << 63)


def heap():
    return R.choice([big(), R.randrange(0, 70000), R.randrange(60000, 1 << 20)])


def code():
    hexd = "0123456789ABCDEF" if R.random() < 0.4 else "01234567"
    d0 = R.choice("0048") if R.random() < 0.3 else "0"
    digits = "".join(R.choice(hexd) for _ in range(R.randrange(1, 5)))
    if digits.strip("0") == "":
        digits = digits[:-1] + "3"
    return f"tb[{d0}.{digits}{'!' if R.random() < 0.3 else ''}]"


HEAP_FAMILIES = [
    lambda: "",  # a bare nim heap
    lambda: "nim",
    lambda: "sub[" + ",".join(str(R.randrange(1, 40)) for _ in range(R.randrange(1, 5))) + "]",
    code, code, code,
    lambda: "kayles", lambda: "dawson", lambda: "lasker",
    lambda: "divisor", lambda: "coprime", lambda: "pow2", lambda: "grundy",
    lambda: f"bash[{R.randrange(1, 5)},{R.randrange(5, 12)}]",
    lambda: "rule[n -> n-k for k in 1..3]",
    lambda: "rule[n -> a + (n-a-1) for a in 0..n-1]",
    lambda: "rule[n -> n-d for d in 1..n if d | n]",
]


def heap_term():
    f = R.choice(HEAP_FAMILIES)()
    return str(heap()) if f == "" else f"{f}({heap()})"


def hackenbush():
    n = R.randrange(1, 30)
    edges = []
    for v in range(1, n + 1):
        edges.append(f"{R.randrange(0, v)}-{v}")
    for _ in range(R.randrange(0, 6)):
        a, b = R.randrange(0, n + 1), R.randrange(0, n + 1)
        edges.append(f"{a}-{b}")
    return "hackenbush(" + ",".join(edges) + ")"


def graph():
    n = R.randrange(2, 40)
    arcs = [f"{R.randrange(n)}>{R.randrange(n)}" for _ in range(R.randrange(1, 3 * n))]
    toks = ",".join(str(R.randrange(n)) for _ in range(R.randrange(1, 4)))
    return "graph[" + ",".join(arcs) + f"]({toks})"


STATE_TERMS = [
    lambda: f"wythoff({big()},{big()})",
    lambda: f"euclid({big() + 1},{big() + 1})",
    lambda: f"fib({big() + 1})",
    lambda: f"fib({big() + 1},{big() + 1})",
    lambda: f"dyn[{R.randrange(1, 6)}]({big() + 1},{big() + 1})",
    lambda: f"prod({big()},{big()})",
    lambda: f"prod({big()},{big()},{big()})",
    lambda: "staircase(" + ",".join(str(x) for x in sorted(R.randrange(1, 1 << 20) for _ in range(R.randrange(1, 6)))) + ")",
    lambda: "stairs(" + ",".join(str(big()) for _ in range(R.randrange(1, 6))) + ")",
    hackenbush, graph,
    lambda: f"rule[(s,c) -> (s,c+k) for k in 1..c*c if c+k <= s]({R.randrange(1, 3000)},{R.randrange(1, 40)})",
    lambda: f"rule[(a,b) -> (a-k,b) for k in 1..a; (a,b) -> (a,b-k) for k in 1..b; (a,b) -> (a-k,b-k) for k in 1..min(a,b)]({R.randrange(0, 5000)},{R.randrange(0, 5000)})",
]


def position():
    terms = []
    for _ in range(R.choice([1, 1, 1, 2, 3, 4])):
        terms.append(heap_term() if R.random() < 0.6 else R.choice(STATE_TERMS)())
    return " + ".join(terms)


def command():
    c = R.choice(["value", "solve", "misere", "every", "moore", "genus", "explain", "seq", "table", "quotient",
                  "play"])
    if c == "value":
        return ["value", position()]
    if c == "solve":
        return ["solve", position(), "--json"]
    if c == "misere":
        return ["solve", "--misere", position()]
    if c == "every":
        return ["solve", "--every", position()]
    if c == "moore":
        return ["solve", "--moore", str(R.randrange(1, 5)), " + ".join(str(heap()) for _ in range(R.randrange(1, 6)))]
    if c == "genus":
        f = R.choice(HEAP_FAMILIES[1:])()
        return ["genus", f"{f}({R.choice([R.randrange(0, 300), R.randrange(0, 70000), big()])})"]
    if c == "explain":
        return ["explain", position()]
    if c == "seq":
        f = R.choice(HEAP_FAMILIES[1:])()
        return ["seq", f, "--to", str(R.choice([1000, 100000, 10000000, 1 << 40]))]
    if c == "table":
        f = R.choice(["wythoff", "euclid", "fib", "dyn[3]", "prod",
                      "rule[(a,b) -> (a-k,b) for k in 1..a; (a,b) -> (a,b-k) for k in 1..b if k <= a]"])
        return ["table", f, "--to", f"{R.randrange(1, 5000)},{R.randrange(1, 5000)}", "--quiet"]
    if c == "play":  # grundy's first move, then quit (stdin)
        return ["play", position(), "--first", "grundy"] + R.choice([[], ["--misere"], ["--every"]])
    f = R.choice(HEAP_FAMILIES[1:])()
    return ["quotient", f, "--to", str(R.choice([10, 30, 100, 1000]))]


def run(args, interrupt_after=None):
    # an interrupted line runs without a time limit: only SIGINT stops it
    argv = [G] + args + ["--max-seconds", str(LIMIT if interrupt_after is None else 0)]
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                         env=dict(os.environ, GRUNDY_NATIVE="0"),
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    hard = LIMIT + SLACK + 30
    if interrupt_after is not None:
        try:
            p.wait(timeout=interrupt_after)
        except subprocess.TimeoutExpired:
            p.send_signal(signal.SIGINT)
    try:
        _, err = p.communicate("quit\n" if args[0] == "play" else "", timeout=hard)
    except subprocess.TimeoutExpired:
        p.kill()
        _, err = p.communicate()
    return time.monotonic() - t0, p.returncode, err


fails = 0


def check(args, interrupt_after=None):
    global fails
    wall, rc, err = run(args, interrupt_after)
    # play's limit is per computation (the first judgment, then each of
    # grundy's moves): a line that plays one move may use it three times
    per = 3 if args[0] == "play" else 1
    due = (interrupt_after if interrupt_after is not None else per * LIMIT) + SLACK
    shown = " ".join(repr(a) if " " in a or "(" in a else a for a in args)
    why = None
    if rc not in ((0, 2) if interrupt_after is None else (0, 130)):
        why = f"exit {rc}"
    elif wall > due:
        why = f"ended after {wall:.2f} s (due by {due:.1f} s)"
    elif rc in (2, 130) and ("time limit" in err or "interrupted" in err) and err.count("\n") != 1:
        why = "the limit's message is not one line"
    elif rc == 130 and "was interrupted after" not in err:
        why = "stopped by Ctrl-C without saying where"
    if why:
        fails += 1
        how = f"--max-seconds {LIMIT}" if interrupt_after is None else f"SIGINT at {interrupt_after} s"
        print(f"FAIL: grundy {shown} ({how}): {why}; stderr: {err.strip()[:300]}")
    return wall


print(f"deadline_test: seed {SEED}, {COUNT} random lines, limit {LIMIT} s, slack {SLACK} s")
worst = (0.0, "")
for args in FIXED:
    w = check(args)
    if w > worst[0]:
        worst = (w, " ".join(args))
    check(args, interrupt_after=0.5)
for i in range(COUNT):
    args = command()
    w = check(args)
    if w > worst[0]:
        worst = (w, " ".join(args))
print(f"deadline_test: {len(FIXED) * 2 + COUNT} lines, {fails} late or failed; slowest {worst[0]:.2f} s: {worst[1][:120]}")
sys.exit(1 if fails else 0)
