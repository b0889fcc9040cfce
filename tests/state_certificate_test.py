#!/usr/bin/env python3
"""State-game value certificates (kind value, game state), checked by
tools/check_certificate.py and its rule evaluator tools/rule_language.py on
their own. The test writes the certificates itself, by an independent brute
force (each random rule is built with its moves as Python, never parsed), for
wythoff, euclid, fib, dyn[k] and random rules of many shapes; the checker
must accept them, and their value must be `grundy value`'s. Mutations,
re-signed so that the checksum holds, must be refused for the right reason.
When grundy writes these certificates (`value TERM --certificate FILE`), its
own are checked too, and hold the same states and values as the brute
force's; when `grundy check` reads them, it must accept the brute force's.
Usage: state_certificate_test.py GRUNDY SOURCE_DIR"""
import atexit
import hashlib
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile

from checks import Checks

G, SRC = sys.argv[1], sys.argv[2]
PY = os.path.join(SRC, "tools", "check_certificate.py")
check = Checks(61)
scale, rng = check.scale, check.rng
tmp = tempfile.mkdtemp(prefix="state_cert_")
atexit.register(shutil.rmtree, tmp, True)
sys.setrecursionlimit(100000)
MAX_STATES = 3000


# ---- random expressions and conditions, each as (rule text, precedence, Python text) ----
# precedences: or 0, and 1, not 2, comparison 3, + - 4, * / % 5, unary - 6, atom 7

def wrap(e, prec, right=False):
    """e's text as an operand at this precedence (a right operand of equal precedence is parenthesized)"""
    text, p, _ = e
    return "(%s)" % text if p < prec or (right and p == prec) else text


def rexp(names, depth, safe=True):
    """a random integer expression; safe: never a division by zero"""
    r = rng.random()
    if depth <= 0 or r < 0.3:
        if names and rng.random() < 0.65:
            n = rng.choice(names)
            return n, 7, n
        c = str(rng.randint(0, 6))
        return c, 7, c
    kind = rng.choice(["+", "-", "*", "/", "%", "min", "max", "gcd", "neg", "paren"])
    a = rexp(names, depth - 1, safe)
    if kind in ("+", "-", "*"):
        b = rexp(names, depth - 1, safe)
        p = 4 if kind != "*" else 5
        return "%s %s %s" % (wrap(a, p), kind, wrap(b, p, True)), p, "(%s %s %s)" % (a[2], kind, b[2])
    if kind in ("/", "%"):  # safe: by a positive constant or by max(e, 1)
        if not safe and rng.random() < 0.6:
            b = rexp(names, depth - 1, safe)
        elif rng.random() < 0.5:
            c = str(rng.randint(1, 5))
            b = (c, 7, c)
        else:
            e = rexp(names, depth - 1, safe)
            b = ("max(%s, 1)" % e[0], 7, "max(%s, 1)" % e[2])
        return ("%s%s%s" % (wrap(a, 5), kind, wrap(b, 5, True)), 5,
                "(%s %s %s)" % (a[2], "//" if kind == "/" else "%", b[2]))
    if kind in ("min", "max", "gcd"):
        b = rexp(names, depth - 1, safe)
        return "%s(%s, %s)" % (kind, a[0], b[0]), 7, "%s(%s, %s)" % (kind, a[2], b[2])
    if kind == "neg":
        return "-" + wrap(a, 6), 6, "(-%s)" % a[2]
    return "(%s)" % a[0], 7, a[2]


def rcond(names, depth=2, safe=True):
    r = rng.random()
    if depth <= 0 or r < 0.35:
        a, b = rexp(names, 1 + (not safe), safe), rexp(names, 1 + (not safe), safe)
        kind = rng.choice(["<", "<=", ">", ">=", "==", "!=", "|", "guard"])
        if kind == "|":
            return "%s | %s" % (wrap(a, 4), wrap(b, 4)), 3, "dv(%s, %s)" % (a[2], b[2])
        if kind == "guard":  # 'and' decides from the left: no division by zero
            x, y, c = rng.choice(names), rng.choice(names), rng.randint(0, 2)
            if rng.random() < 0.5:
                return "%s != 0 and %s %% %s == %d" % (x, y, x, c), 1, "(%s != 0 and %s %% %s == %d)" % (x, y, x, c)
            return "%s == 0 or %s / %s > %d" % (x, y, x, c), 0, "(%s == 0 or %s // %s > %d)" % (x, y, x, c)
        return "%s %s %s" % (wrap(a, 4), kind, wrap(b, 4)), 3, "(%s %s %s)" % (a[2], kind, b[2])
    kind = rng.choice(["and", "or", "not", "paren"])
    a = rcond(names, depth - 1, safe)
    if kind == "not":
        return "not " + wrap(a, 2), 2, "(not %s)" % a[2]
    if kind == "paren":
        return "(%s)" % a[0], 7, a[2]
    b = rcond(names, depth - 1, safe)
    p = 1 if kind == "and" else 0
    return "%s %s %s" % (wrap(a, p), kind, wrap(b, p, True)), p, "(%s %s %s)" % (a[2], kind, b[2])


def maybe_cond(names, p=0.6):
    """(' if COND' or '', Python condition)"""
    if rng.random() < p:
        c = rcond(names)
        return " if " + c[0], c[2]
    return "", "True"


def dv(a, b):
    return b % a == 0 if a != 0 else b == 0


ENV = {"gcd": math.gcd, "dv": dv, "min": min, "max": max, "range": range}


def pyfn(args, body):
    return eval("lambda %s: %s" % (args, body), dict(ENV))


# ---- rule clauses: (rule text, Python source of the list of raw options, each a list of K-tuples) ----
# Heap clauses leave heaps below n; the clauses of 2 to 4 numbers leave states below theirs in lexicographic order,
# so any mix of them is a game without cycles.

BOUNDS = {"n": [("3", "3"), ("5", "5"), ("n-1", "n-1"), ("n/2", "n//2"), ("min(n, 4)", "min(n, 4)")],
          "x": [("2", "2"), ("4", "4"), ("x", "x"), ("y", "y"), ("min(x,y)", "min(x, y)")]}


def bound(names):
    """a loop's upper bound: (rule text, Python text)"""
    if rng.random() < 0.3:
        e = rexp(names, 2)
        return e[0], e[2]
    return rng.choice(BOUNDS[names[0]])


def heap_clause():
    t = rng.randrange(8)
    B = bound(["n"])
    if t == 0:
        ct, cp = maybe_cond(["n", "k"])
        return "n -> n-k for k in 1..%s%s" % (B[0], ct), "[[(n-k,)] for k in range(1, %s + 1) if %s]" % (B[1], cp)
    if t == 1:
        c = rng.randint(0, 2)
        ct, cp = maybe_cond(["n", "a"], 0.4)
        return ("n -> a + (n-%d-a) for a in 1..n-%d-1%s" % (c, c, ct),
                "[[(a,), (n-%d-a,)] for a in range(1, n-%d-1 + 1) if %s]" % (c, c, cp))
    if t == 2:
        e = rexp(["n", "k"], 2)
        return ("n -> min(n-k, %s) for k in 1..%s" % (e[0], B[0]),
                "[[(min(n-k, %s),)] for k in range(1, %s + 1)]" % (e[2], B[1]))
    if t == 3:
        d = rng.randint(2, 4)
        return ("n -> (n-k)/%d + (n-k)%%%d for k in 1..%s" % (d, d, B[0]),
                "[[((n-k)//%d,), ((n-k)%%%d,)] for k in range(1, %s + 1)]" % (d, d, B[1]))
    if t == 4:
        ct, cp = maybe_cond(["n"], 1)
        return "n -> 0" + ct, "[[] for _ in [0] if %s]" % cp
    if t == 5:
        ct, cp = maybe_cond(["n", "k"], 0.5)
        return "n -> n-k*k for k in 1..n" + ct, "[[(n-k*k,)] for k in range(1, n + 1) if %s]" % cp
    if t == 6:
        ct, cp = maybe_cond(["n", "k"], 0.5)
        return ("n -> n/k for k in 2..%s%s" % (B[0], ct), "[[(n//k,)] for k in range(2, %s + 1) if %s]" % (B[1], cp))
    ct, cp = maybe_cond(["n", "k"], 1)
    return ("n -> n-k-1 for k in 0..%s%s" % (B[0], ct), "[[(n-k-1,)] for k in range(0, %s + 1) if %s]" % (B[1], cp))


def pair_clause():
    t = rng.randrange(9)
    B = bound(["x", "y"])
    if t == 0:
        ct, cp = maybe_cond(["x", "y", "k"])
        return "(x,y) -> (x-k,y) for k in 1..%s%s" % (B[0], ct), "[[(x-k,y)] for k in range(1, %s + 1) if %s]" % (
            B[1], cp)
    if t == 1:
        ct, cp = maybe_cond(["x", "y", "k"])
        return "(x,y) -> (x,y-k) for k in 1..%s%s" % (B[0], ct), "[[(x,y-k)] for k in range(1, %s + 1) if %s]" % (
            B[1], cp)
    if t == 2:
        ct, cp = maybe_cond(["x", "y", "k"], 0.3)
        return ("(x,y) -> (x-k,y-k) for k in 1..min(x,y)" + ct,
                "[[(x-k,y-k)] for k in range(1, min(x, y) + 1) if %s]" % cp)
    if t == 3:
        e, m = rexp(["x", "y"], 2), rng.randint(2, 6)
        ct, cp = maybe_cond(["x", "y"], 0.4)
        if rng.random() < 0.5:
            return "(x,y) -> (x-1, %s %% %d)%s" % (wrap(e, 5), m, ct), "[[(x-1, %s %% %d)] for _ in [0] if %s]" % (
                e[2], m, cp)
        return "(x,y) -> (x-1, min(%s, %d))%s" % (e[0], m, ct), "[[(x-1, min(%s, %d))] for _ in [0] if %s]" % (
            e[2], m, cp)
    if t == 4:
        d, c = rng.randint(2, 3), rcond(["x", "y"])
        return ("(x,y) -> (x, y/%d) if y > 0 and %s" % (d, wrap(c, 1, True)),
                "[[(x, y//%d)] for _ in [0] if y > 0 and %s]" % (d, c[2]))
    if t == 5:
        return "(x,y) -> (x-1,y) + (y/2, x/2) if x > y", "[[(x-1,y), (y//2, x//2)] for _ in [0] if x > y]"
    if t == 6:
        ct, cp = maybe_cond(["x", "y"], 1)
        return "(x,y) -> 0" + ct, "[[] for _ in [0] if %s]" % cp
    if t == 7:
        return "(x,y) -> (x-d, y) for d in 1..x if d | y", "[[(x-d, y)] for d in range(1, x + 1) if dv(d, y)]"
    ct, cp = maybe_cond(["x", "y", "i"], 0.5)
    return ("(x,y) -> (i,y) + (x-i,y) for i in 1..x-1" + ct,
            "[[(i,y), (x-i,y)] for i in range(1, x) if %s]" % cp)


def many_clause(k):
    names = list("abcd"[:k])
    pat = "(%s)" % ",".join(names)
    t = rng.randrange(5)
    if t == 0:
        es = [rexp(names + ["k"], 2) for _ in range(k - 1)]
        ms = [rng.randint(2, 4) for _ in es]
        ct, cp = maybe_cond(names + ["k"], 0.5)
        b = rng.randint(1, 3)
        rest = ", ".join("%s %% %d" % (wrap(e, 5), m) for e, m in zip(es, ms))
        py_rest = ", ".join("%s %% %d" % (e[2], m) for e, m in zip(es, ms))
        return ("%s -> (a-k, %s) for k in 1..%d%s" % (pat, rest, b, ct),
                "[[(a-k, %s)] for k in range(1, %d + 1) if %s]" % (py_rest, b, cp))
    if t == 1:
        e = rexp(names, 2)
        ct, cp = maybe_cond(names, 0.5)
        return ("%s -> (a, b-1, %s)%s" % (pat, ", ".join(names[2:-1] + ["%s %% 3" % wrap(e, 5)]), ct),
                "[[(a, b-1, %s)] for _ in [0] if %s]" % (", ".join(names[2:-1] + ["%s %% 3" % e[2]]), cp))
    if t == 2:
        tail = "".join(", " + v for v in names[2:])
        return ("%s -> (a, b-k%s) + (a-1, b%s) for k in 1..b" % (pat, tail, tail),
                "[[(a, b-k%s), (a-1, b%s)] for k in range(1, b + 1)]" % (tail, tail))
    if t == 3:
        ct, cp = maybe_cond(names, 1)
        return pat + " -> 0" + ct, "[[] for _ in [0] if %s]" % cp
    ct, cp = maybe_cond(names, 0.5)
    swapped = ", ".join(reversed(names[1:]))
    return "%s -> (a-1, %s)%s" % (pat, swapped, ct), "[[(a-1, %s)] for _ in [0] if %s]" % (swapped, cp)


def random_rule():
    """(K, rule text, the raw moves as a Python function of the state's numbers)"""
    k = rng.choice([1, 1, 2, 2, 2, 3, 4])
    clause = heap_clause if k == 1 else pair_clause if k == 2 else lambda: many_clause(k)
    cs = [clause() for _ in range(rng.randint(1, 3))]
    args = "n" if k == 1 else "x, y" if k == 2 else ", ".join("abcd"[:k])
    fns = [pyfn(args, body) for _, body in cs]
    return k, "; ".join(text for text, _ in cs), lambda *s: [o for f in fns for o in f(*s)]


# ---- the games: term, K, root, raw moves ----

def wythoff(a, b):
    return ([[(a - d, b)] for d in range(1, a + 1)] + [[(a, b - d)] for d in range(1, b + 1)] +
            [[(a - d, b - d)] for d in range(1, min(a, b) + 1)])


def euclid(a, b):
    if a == 0 or b == 0:
        return []
    if a >= b:
        return [[(a - j * b, b)] for j in range(1, a // b + 1)]
    return [[(a, b - j * a)] for j in range(1, b // a + 1)]


def dyn(k):
    return lambda n, c: [[(n - x, min(n - x, k * x))] for x in range(1, c + 1)]


FIXED = [  # rules of the docs, with their moves
    (2, "(x,y) -> (x-1,y); (x,y) -> (x,y-1); (x,y) -> (x-1,y-1)",
     lambda x, y: [[(x - 1, y)], [(x, y - 1)], [(x - 1, y - 1)]]),
    (2, "(s,c) -> (s,c+k) for k in 1..c*c if c+k <= s",
     lambda s, c: [[(s, c + k)] for k in range(1, c * c + 1) if c + k <= s]),
    (2, "(w,h) -> (i,h) + (w-i,h) for i in 2..w-2; (w,h) -> (w,j) + (w,h-j) for j in 2..h-2",
     lambda w, h: [[(i, h), (w - i, h)] for i in range(2, w - 1)] + [[(w, j), (w, h - j)] for j in range(2, h - 1)]),
    (1, "n -> a + (n-a) for a in 1..n-1 if a != n-a", lambda n: [[(a,), (n - a,)] for a in range(1, n) if a != n - a]),
    (1, "n -> n-k for k in 1..n if k != 0 and n % k == 0 and k < n",
     lambda n: [[(n - k,)] for k in range(1, n + 1) if n % k == 0 and k < n]),
    (1, "n -> n-k for k in 1..3; n -> a + (n-1-a) for a in 1..(n-1)/2; n -> a + (n-2-a) for a in 1..n-3",
     lambda n: [[(n - k,)] for k in (1, 2, 3)] + [[(a,), (n - 1 - a,)] for a in range(1, (n - 1) // 2 + 1)] +
     [[(a,), (n - 2 - a,)] for a in range(1, n - 2)]),
    (3, "(x,y,z) -> (x-1,y,z) if x > 0 and z % 2 == 0; (x,y,z) -> (x,y-1,z+1) if y > 0; (x,y,z) -> 0 if x == y",
     lambda x, y, z: [[(x - 1, y, z)] for _ in [0] if x > 0 and z % 2 == 0] +
     [[(x, y - 1, z + 1)] for _ in [0] if y > 0] + [[] for _ in [0] if x == y]),
]


def random_root(k):
    if k == 1:
        return (rng.randint(0, 40),)
    if k == 2:
        return rng.randint(0, 9), rng.randint(0, 9)
    return tuple(rng.randint(0, 5) for _ in range(k))


def random_game(case):
    """(term, K, root, raw moves)"""
    kind = case % 6
    if kind == 0:
        a, b = rng.randint(0, 12), rng.randint(0, 12)
        return "wythoff(%d,%d)" % (a, b), 2, (a, b), wythoff
    if kind == 1:
        a, b = rng.randint(0, 60), rng.randint(0, 60)
        return "euclid(%d,%d)" % (a, b), 2, (a, b), euclid
    if kind == 2:
        k, n = rng.randint(1, 4), rng.randint(0, 40)
        name = "fib" if k == 2 and rng.random() < 0.5 else "dyn[%d]" % k
        if rng.random() < 0.5:
            return "%s(%d)" % (name, n), 2, (n, max(n - 1, 0)), dyn(k)
        c = rng.randint(0, 45)
        return "%s(%d,%d)" % (name, n, c), 2, (n, min(c, n)), dyn(k)
    if kind == 3:
        k, text, raw = FIXED[rng.randrange(len(FIXED))]
        root = (rng.randint(0, 40), rng.randint(0, 5)) if "c*c" in text else random_root(k)  # the box game: (s, c)
        return "rule[%s](%s)" % (text, ",".join(map(str, root))), k, root, raw
    k, text, raw = random_rule()
    root = random_root(k)
    return "rule[%s](%s)" % (text, ",".join(map(str, root))), k, root, raw


# ---- the brute force writer ----

class Skip(Exception):
    pass


def options(raw, k, st):
    """the options of a state by the rules' common semantics: a negative number is no move, a heap rule drops its
    parts 0 and has no move from heap 0"""
    if k == 1 and st[0] == 0:
        return []
    out = []
    for opt in raw(*st):
        assert all(len(p) == k for p in opt), (st, opt)
        if any(x < 0 for p in opt for x in p):
            continue
        out.append([p for p in opt if k > 1 or p[0] != 0])
    return out


def brute(k, root, raw):
    """the root's value, the states in an order where each option's states come first, and their values"""
    val, order, path = {}, [], set()

    def solve(st):
        if st in val:
            return val[st]
        if st in path:
            raise AssertionError("the test made a game with a cycle at %s" % (st,))
        if len(path) + len(val) > MAX_STATES:
            raise Skip()
        path.add(st)
        seen = set()
        for opt in options(raw, k, st):
            x = 0
            for p in opt:
                x ^= solve(p)
            seen.add(x)
        path.discard(st)
        v = 0
        while v in seen:
            v += 1
        val[st] = v
        order.append(st)
        return v
    return solve(root), order, val


def sign(body):
    return body + "sha256 " + hashlib.sha256(body.encode()).hexdigest() + "\n"


def body_of(term, value, n, entries):
    return "".join(line + "\n" for line in ["grundy certificate 2", "kind value", "position " + term, "game state",
                                            "value %d" % value, "entries %d" % n] + entries + ["end"])


def entry(v, st):
    return "s %d %s" % (v, " ".join(map(str, st)))


def put(text, name="m.cert"):
    path = os.path.join(tmp, name)
    with open(path, "w") as f:
        f.write(text)
    return path


def checker(path):
    r = subprocess.run([sys.executable, PY, path], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def refused(text, pattern, what):
    rc, out, err = checker(put(text))
    check(rc == 2 and not out and err.count("\n") == 1 and re.search(pattern, err),
          "%s: want exit 2 and /%s/, got %d %r %r" % (what, pattern, rc, out, err))


def entries_of(text):
    return {tuple(map(int, l.split()[2:])): int(l.split()[1]) for l in text.split("\n") if l.startswith("s ")}


# ---- the evaluator on its own: random clauses of any shape (loops, conditions, parts, divisions that may be by zero)
# against their moves written as Python; malformed rules are refused by RuleError only ----

def free_clause(k):
    names = ["n"] if k == 1 else list("abcd"[:k])
    scope, loops, py_loops = list(names), [], []
    for v in ["i", "j"][:rng.choice([0, 1, 1, 2])]:
        lo = rexp(scope, 1) if rng.random() < 0.3 else (lambda c: (c, 7, c))(str(rng.randint(-2, 2)))
        hi = rexp(scope, 2, False)
        loops.append(" for %s in %s..%s" % (v, lo[0], hi[0]))
        py_loops.append(" for %s in range(%s, %s + 1)" % (v, lo[2], hi[2]))
        scope.append(v)
    c = rcond(scope, 2, False) if rng.random() < 0.6 else None
    if rng.random() < 0.1:
        text, py = "0", "[]"
    elif k == 1:  # a part: of precedence 5 or more, parenthesized, or a top-level '-'
        parts = []
        for _ in range(rng.randint(1, 3)):
            e = rexp(scope, 2, False)
            if rng.random() < 0.2:
                e2 = rexp(scope, 1, False)
                e = ("%s - %s" % (wrap(e, 5), wrap(e2, 5)), 5, "(%s - %s)" % (e[2], e2[2]))  # no '+' at the top
            parts.append((e[0] if e[1] >= 5 else "(%s)" % e[0], "(%s,)" % e[2]))
        text, py = " + ".join(t for t, _ in parts), "[%s]" % ", ".join(p for _, p in parts)
    else:
        parts = [[rexp(scope, 2, False) for _ in range(k)] for _ in range(rng.randint(1, 2))]
        text = " + ".join("(%s)" % ", ".join(e[0] for e in p) for p in parts)
        py = "[%s]" % ", ".join("(%s,)" % ", ".join(e[2] for e in p) for p in parts)
    pat = names[0] if k == 1 and rng.random() < 0.8 else "(%s)" % ",".join(names)
    return ("%s -> %s%s%s" % (pat, text, "".join(loops), " if " + c[0] if c else ""),
            "[%s%s%s]" % (py, "".join(py_loops) or " for _ in [0]", " if " + c[2] if c else ""))


def reference(raw, k, st):
    try:
        return sorted(tuple(o) for o in options(raw, k, st))
    except ZeroDivisionError:
        return "a division by zero"


def evaluated(moves, st):
    try:
        return sorted(moves(st))
    except rule_language.RuleError as x:
        return "a division by zero" if "division by zero" in str(x) else str(x)


sys.path.insert(0, os.path.join(SRC, "tools"))
import rule_language  # noqa: E402 (the module under test, from SOURCE_DIR)

evaluated_rules = fuzzed = 0
for case in range(300 * scale):
    k = rng.choice([1, 1, 2, 3, 4])
    cs = [free_clause(k) for _ in range(rng.randint(1, 3))]
    text = "; ".join(t for t, _ in cs) + (";" if rng.random() < 0.1 else "")
    fns = [pyfn("n" if k == 1 else ", ".join("abcd"[:k]), body) for _, body in cs]
    raw = lambda *s, fns=fns: [o for f in fns for o in f(*s)]
    try:
        K, moves = rule_language.compile_rule(text)
    except rule_language.RuleError as x:
        check(False, "rule[%s]: refused: %s" % (text, x))
        continue
    evaluated_rules += 1
    check(K == k, "rule[%s]: K = %d, not %d" % (text, K, k))
    for st in [(0,) * k] + [tuple(rng.randint(0, 7) for _ in range(k)) for _ in range(4)]:
        want, got = reference(raw, k, st), evaluated(moves, st)
        check(want == got, "rule[%s] at %s: options %s, the evaluator %s" % (text, st, want, got))
    toks = re.findall(r"[0-9]+|[A-Za-z_]\w*|->|\.\.|[<>=!]=|\S", text)
    for _ in range(3):  # a token dropped, doubled or replaced: RuleError or a rule, never another exception
        at, how = rng.randrange(len(toks)), rng.randrange(3)
        bad = " ".join(toks[:at] + [[], [toks[at]] * 2, [rng.choice(toks)]][how] + toks[at + 1:])
        fuzzed += 1
        try:
            K2, moves2 = rule_language.compile_rule(bad)
            moves2((1,) * K2)
        except rule_language.RuleError:
            pass
        except Exception as x:  # noqa: BLE001 (any other is a failure)
            check(False, "rule[%s]: %s: %s" % (bad, type(x).__name__, x))
print("the evaluator: %d random rules compared with their Python moves, %d malformed ones read" % (
    evaluated_rules, fuzzed))

# does this grundy write state certificates, and does `grundy check` read them?
probe = os.path.join(tmp, "probe.cert")
r = subprocess.run([G, "value", "wythoff(2,3)", "--certificate", probe], capture_output=True, text=True)
grundy_writes = r.returncode == 0 and os.path.exists(probe) and open(probe).read().startswith(
    "grundy certificate 2\nkind value\nposition wythoff(2,3)\ngame state\n")
v0, order0, val0 = brute(2, (2, 3), wythoff)
p0 = put(sign(body_of("wythoff(2,3)", v0, len(order0), [entry(val0[s], s) for s in order0])), "probe2.cert")
grundy_checks = subprocess.run([G, "check", p0], capture_output=True, text=True).returncode == 0
check(grundy_writes, "grundy value wythoff(2,3) --certificate: no state certificate (%s)" % (r.stderr.strip() or "no file"))
check(grundy_checks, "grundy check refuses the brute force's certificate of wythoff(2,3)")

made = mutated = skipped = ours = 0
for case in range(48 * scale):
    term, k, root, raw = random_game(case)
    try:
        V, order, val = brute(k, root, raw)
    except Skip:
        skipped += 1
        continue
    made += 1
    ents = [entry(val[s], s) for s in order]
    text = sign(body_of(term, V, len(order), ents))
    path = put(text, "c%d.cert" % case)
    rc, out, err = checker(path)
    check(rc == 0 and out == "%s: certified: value %d (%d entries checked)\n" % (term, V, len(order)),
          "%s: the brute force's certificate refused: %d %r %r" % (term, rc, out, err))
    g = subprocess.run([G, "value", term], capture_output=True, text=True)
    check(g.returncode == 0 and g.stdout.split("\n")[0].strip() == str(V),
          "%s: brute force %d, grundy value %r %r" % (term, V, g.stdout[:40], g.stderr[:200]))
    if grundy_checks:
        c = subprocess.run([G, "check", path], capture_output=True, text=True)
        check(c.returncode == 0, "%s: grundy check refuses the brute force's certificate: %r" % (term, c.stderr))
    if grundy_writes:
        gp = os.path.join(tmp, "g%d.cert" % case)
        w = subprocess.run([G, "value", term, "--certificate", gp], capture_output=True, text=True)
        if check(w.returncode == 0, "%s --certificate: %r" % (term, w.stderr)):
            ours += 1
            rc, out, err = checker(gp)
            check(rc == 0 and out.endswith(": certified: value %d (%d entries checked)\n" % (V, len(order))),
                  "%s: grundy's certificate: %d %r %r" % (term, rc, out, err))
            check(entries_of(open(gp).read()) == val, "%s: grundy's entries differ from the brute force's" % term)
    if case % 4 != 0 or len(order) < 2:
        continue
    # mutations, re-signed unless the checksum is what is tested
    mutated += 1
    n = len(order)
    i = rng.randrange(n)
    bad = val[order[i]] + rng.randint(1, 3) if rng.random() < 0.7 or val[order[i]] == 0 else rng.randrange(
        val[order[i]])
    es = list(ents)
    es[i] = entry(bad, order[i])
    refused(sign(body_of(term, V, n, es)), r"line %d: entry %d: its value is %d by the mex of its options, not %d$" % (
        i + 7, i, val[order[i]], bad), "%s: entry %d's value changed" % (term, i))
    users = {}  # entry -> the first entry after it with an option through it
    index = {s: j for j, s in enumerate(order)}
    for u, s in enumerate(order):
        for opt in options(raw, k, s):
            for p in opt:
                users.setdefault(index[p], u)
    if users:
        j = rng.choice(sorted(users))
        u, s = users[j], order[j]
        es = ents[:j] + ents[j + 1:u + 1] + [ents[j]] + ents[u + 1:]
        want = r"line %d: entry %d: its move to %s needs an earlier entry of that state$" % (u + 6, u - 1,
                                                                                              re.escape(str(s)))
        refused(sign(body_of(term, V, n, es)), want, "%s: entry %d moved after entry %d" % (term, j, u))
        refused(sign(body_of(term, V, n - 1, ents[:j] + ents[j + 1:])), want, "%s: entry %d removed" % (term, j))
    assert order[-1] == root and n - 1 not in users  # the root comes last, no entry uses it
    refused(sign(body_of(term, V, n - 1, ents[:-1])), r"the position's state %s is no entry$" % re.escape(str(root)),
            "%s: the root's entry removed" % term)
    refused(sign(body_of(term, V + 1 + rng.randrange(3) if rng.random() < 0.5 or V == 0 else V - 1, n, ents)),
            r"the position's value is %d by its entry, not \d+$" % V, "%s: the position's value changed" % term)
    for d in (1, -1):
        refused(sign(body_of(term, V, n + d, ents)), r"%d entries, entries says %d$" % (n, n + d),
                "%s: entries off by %d" % (term, d))
    es = ents[:i + 1] + [ents[i]] + ents[i + 1:]
    refused(sign(body_of(term, V, n + 1, es)), r"line %d: entry %d's state, twice$" % (i + 8, i),
            "%s: entry %d repeated" % (term, i))
    es = list(ents)
    es[i] += " 0"
    refused(sign(body_of(term, V, n, es)), r"line %d: expected 's VALUE' and %d numbers$" % (i + 7, k),
            "%s: an entry with a number too many" % term)
    cut = rng.randint(21, text.index("\nend\n"))
    refused(text[:cut], "no checksum line: the file was cut", "%s: cut at %d" % (term, cut))
    at = text.index("sha256 ") + 7 + rng.randrange(64)
    refused(text[:at] + ("0" if text[at] != "0" else "1") + text[at + 1:], "the checksum does not match",
            "%s: a flipped checksum" % term)

# malformed terms and rules: one line, exit 2, never a traceback
for term, pattern in [("foo(3,4)", "line 3: 'foo\\(3,4\\)' is not a term"), ("wythoff(3)", "positions have 2 numbers"),
                      ("dyn[0](3)", "is not a term"), ("fib(3,4,5)", "positions have 2 numbers"),
                      ("rule[n -> n -](3)", "rule clause 1: expected"), ("rule[n -> n-1](3,4)", "have 1 numbers"),
                      ("rule[(x,y) -> (x-1,y)](3)", "have 2 numbers"), ("rule[n -> n-1 if n/0 == 1](3)",
                                                                        "rule clause 1: a division by zero"),
                      ("rule[n -> n*4294967296*4294967296](3)", "rule clause 1: a number past 2\\^64 - 1"),
                      ("rule[n -> n-1 # x](3)", "'#' is not part of the rule language"),
                      ("rule[n -> n-1; (x,y) -> 0](3)", "rule clause 2: its pattern has 2 numbers")]:
    st = (3,) if "(3)" in term and "x,y" not in term else (3, 4)
    refused(sign(body_of(term, 0, 1, [entry(0, st)])), pattern, "the term %s" % term)
refused(sign(body_of("wythoff(0,0)", 0, 1, ["s 0 0 x"])), r"line 7: expected 's VALUE' and 2 numbers$", "a bad number")
# the strict form (docs/certificates.md): the position exactly as grundy writes it, every number without a leading zero;
# refused by both checkers, naming the problem
for term, written, ents in [("wythoff(0, 0)", "wythoff(0,0)", ["s 0 0 0"]), ("fib(03)", "fib(3)", []),
                            ("dyn[02](3,4)", "dyn[2](3,4)", []), ("rule[n -> n-1 ](3)", "rule[n -> n-1](3)", []),
                            ("rule[n->n-1](03)", "rule[n->n-1](3)", [])]:
    text = sign(body_of(term, 0, len(ents), ents))
    want = "line 3: the position '%s' is not written as grundy writes it \\('%s'\\)$" % tuple(map(re.escape, (term, written)))
    refused(text, want, "the position %s" % term)
    if grundy_checks:
        c = subprocess.run([G, "check", put(text)], capture_output=True, text=True)
        check(c.returncode == 2 and re.search(want, c.stderr.strip()), "grundy check, the position %s: %d %r" % (
            term, c.returncode, c.stderr))
for line in ("s 0 00 0", "s 00 0 0", "s 0 0 01"):
    text = sign(body_of("wythoff(0,0)", 0, 1, [line]))
    want = "line 7: '0[01]' is not a decimal number below 2\\^64,? without (sign or )?leading zeros$"
    refused(text, want, "the entry %s" % line)
    if grundy_checks:
        c = subprocess.run([G, "check", put(text)], capture_output=True, text=True)
        check(c.returncode == 2 and re.search(want, c.stderr.strip()), "grundy check, the entry %s: %d %r" % (
            line, c.returncode, c.stderr))

print("state certificates: %d written by the brute force and checked (%d skipped: over %d states), %d mutated; %d "
      "written by grundy and checked" % (made, skipped, MAX_STATES, mutated, ours))
check(made >= 30 * scale, "only %d certificates made" % made)
check.finish("state_certificate_test")
