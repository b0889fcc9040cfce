#!/usr/bin/env python3
"""Numbers at the edge: 64-bit edge values (0, 1, 2, 2^32, 2^63, 2^64-2,
2^64-1) and overflowing ones (2^64, 10^20, -1) through every ruleset and
every `grundy nim` operation. Each answer is exact or a clear error: exit 0
with one number, or exit 2 with one line "grundy: error: ..." (naming the
column for an overflowing number); never another exit code, a crash, or a
hang (each run has --max-seconds and a timeout). Where an independent
formula exists (closed forms, Kayles and Dawson's periods from the
literature, a reference nim product written here), the value is checked
against it. Usage: edge_test.py GRUNDY"""

import subprocess
import sys

G = sys.argv[1]
M = (1 << 64) - 1
EDGE = [0, 1, 2, 3, 1 << 32, (1 << 63) - 1, 1 << 63, M - 1, M]
OVER = ["18446744073709551616", "100000000000000000000", "-1"]
fails = []
runs = 0


def run(args):
    global runs
    runs += 1
    try:
        p = subprocess.run([G] + args + ["--max-seconds", "20"] if args[0] in ("value", "solve") else [G] + args,
                           capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        fails.append("hang: grundy %s" % " ".join(args))
        return None, "", ""
    return p.returncode, p.stdout, p.stderr


def check_shape(args, rc, out, err):
    """exit 0 with output and no error, or exit 2 with one error line"""
    if rc == 0:
        if err or not out.strip():
            fails.append("grundy %s: exit 0 with stderr %r / stdout %r" % (" ".join(args), err, out))
            return False
        return True
    if rc == 2:
        lines = err.splitlines()
        if len(lines) != 1 or not lines[0].startswith("grundy: error: ") or out:
            fails.append("grundy %s: exit 2 with stderr %r and stdout %r" % (" ".join(args), err, out))
        return False
    fails.append("grundy %s: exit %s (stderr %r)" % (" ".join(args), rc, err[:200]))
    return False


def mex(s):
    m = 0
    while m in s:
        m += 1
    return m


def octal_values(code, count):
    """G(0..count-1) of an octal game 0.d1d2... (digits: 1 take all, 2 leave
    one heap, 4 leave two heaps), by mex, written here."""
    g = []
    for n in range(count):
        opts = set()
        for t, d in enumerate(code, start=1):
            if n < t:
                continue
            r = n - t
            if d & 1 and r == 0:
                opts.add(0)
            if d & 2 and r > 0:
                opts.add(g[r])
            if d & 4 and r > 1:
                for a in range(1, r // 2 + 1):
                    opts.add(g[a] ^ g[r - a])
        g.append(mex(opts))
    return g


KAYLES = octal_values([7, 7], 200)        # period 12 from n = 71 (Guy and Smith)
DAWSON = octal_values([0, 7], 300)        # period 34 from n = 53


def periodic(table, pre, per, n):
    if n < len(table):
        return table[n]
    return table[pre + (n - pre) % per]


def lpf(n):
    p = 2
    while p * p <= n:
        if n % p == 0:
            return p
        p += 1 if p == 2 else 2
    return n


def prime_index(p):  # pi(p) for the small primes the edge values have
    return sum(1 for q in range(2, p + 1) if lpf(q) == q)


def ctz(n):
    return (n & -n).bit_length() - 1


def ref_nim_mul(a, b, half=32):
    if a < 2 or b < 2:
        return a * b
    while half > 1 and (a >> half) == 0 and (b >> half) == 0:
        half //= 2
    f = 1 << half
    ah, al, bh, bl = a >> half, a & (f - 1), b >> half, b & (f - 1)
    hh = ref_nim_mul(ah, bh, half)
    hl = ref_nim_mul(ah, bl, half) ^ ref_nim_mul(al, bh, half)
    ll = ref_nim_mul(al, bl, half)
    return ((hh ^ hl) << half) ^ ll ^ ref_nim_mul(hh, f >> 1, half)


# heap rulesets: the term, and its exact value where known (None: only the
# shape of the answer is checked)
HEAP = {
    "nim": lambda n: n,
    "sub[1,2,4]": lambda n: n % 3,
    "sub[2,5..7]": None,
    "pow2": lambda n: n % 3,
    "divisor": lambda n: 0 if n == 0 else ctz(n) + 1,
    "coprime": lambda n: n if n < 2 else prime_index(lpf(n)) + 1 if lpf(n) < 100 else None,
    "kayles": lambda n: periodic(KAYLES, 71, 12, n),
    "dawson": lambda n: periodic(DAWSON, 53, 34, n),
    "lasker": None,
    "tb[0.137]": None,
    "tb[4.3!]": None,
    "tb[0.106]": None,
    "grundy": None,
    "bash[3,7]": None,
}
for name, f in HEAP.items():
    for n in EDGE:
        args = ["value", "%s(%d)" % (name, n)]
        rc, out, err = run(args)
        if check_shape(args, rc, out, err) and f is not None:
            want = f(n)
            if want is not None and out.strip() != str(want):
                fails.append("grundy %s = %s, the formula says %d" % (" ".join(args), out.strip(), want))
        elif rc == 2 and n < 1000 and name not in ("lasker",):
            fails.append("grundy %s: a small heap was refused: %s" % (" ".join(args), err.strip()))
    for bad in OVER:
        args = ["value", "%s(%s)" % (name, bad)]
        rc, out, err = run(args)
        if rc != 2 or not err.startswith("grundy: error: at column ") or len(err.splitlines()) != 1:
            fails.append("grundy %s: want a one-line error with its column, got exit %s: %r" % (" ".join(args), rc, err))

# bare numbers, and sums at the edge
for n in EDGE:
    rc, out, err = run(["value", str(n)])
    if rc != 0 or out.strip() != str(n):
        fails.append("grundy value %d gave %s %r" % (n, rc, out))
rc, out, err = run(["value", "%d + %d + 1" % (M, M - 1)])
if rc != 0 or out.strip() != "0":
    fails.append("grundy value M + (M-1) + 1 gave %r" % out)

# state rulesets at the edge: the shape of every answer; exact where known
STATE = ["wythoff(%d,%d)", "euclid(%d,%d)", "fib(%d)", "dyn[3](%d)", "prod(%d,%d)", "prod(%d,%d,%d)",
         "staircase(%d,%d)", "stairs(%d,%d)"]
for tmpl in STATE:
    k = tmpl.count("%d")
    for a in EDGE:
        for b in ([0, 1, M] if k > 1 else [None]):
            vals = (a,) if k == 1 else (a, b) if k == 2 else (a, b, 1)
            args = ["value", tmpl % vals]
            rc, out, err = run(args)
            if check_shape(args, rc, out, err) and tmpl.startswith("prod"):
                want = ref_nim_mul(a, b) if k == 2 else ref_nim_mul(ref_nim_mul(a, b), 1)
                if out.strip() != str(want):
                    fails.append("grundy %s = %s, the reference nim product says %d" % (" ".join(args), out.strip(), want))
            args = ["solve", "--json", tmpl % vals]
            rc, out, err = run(args)
            check_shape(args, rc, out, err)

# every nim operation at the edge
for a in EDGE:
    for b in EDGE:
        for op, want in (("add", a ^ b), ("mul", ref_nim_mul(a, b))):
            rc, out, err = run(["nim", op, str(a), str(b)])
            if rc != 0 or out.strip() != str(want):
                fails.append("grundy nim %s %d %d gave %s %r, want %d" % (op, a, b, rc, out, want))
        rc, out, err = run(["nim", "div", str(a), str(b)])
        if b == 0:
            if rc != 2 or len(err.splitlines()) != 1:
                fails.append("grundy nim div %d 0: exit %s %r" % (a, rc, err))
        elif rc != 0 or ref_nim_mul(int(out), b) != a:
            fails.append("grundy nim div %d %d gave %s %r" % (a, b, rc, out))
    for op in ("inv", "sqrt", "sqr", "log", "solve-quadratic"):
        args = ["nim", op, str(a)]
        rc, out, err = run(args)
        if op in ("inv", "log") and a == 0:
            if rc != 2 or len(err.splitlines()) != 1:
                fails.append("grundy nim %s 0: exit %s %r" % (op, rc, err))
            continue
        if rc != 0:
            fails.append("grundy nim %s %d: exit %s %r" % (op, a, rc, err))
            continue
        v = out.split()
        if op == "inv" and ref_nim_mul(a, int(v[0])) != 1:
            fails.append("grundy nim inv %d = %s is not an inverse" % (a, v[0]))
        if op == "sqrt" and ref_nim_mul(int(v[0]), int(v[0])) != a:
            fails.append("grundy nim sqrt %d = %s is not a root" % (a, v[0]))
        if op == "sqr" and int(v[0]) != ref_nim_mul(a, a):
            fails.append("grundy nim sqr %d = %s" % (a, v[0]))
        if op == "solve-quadratic" and v[0] != "none":
            for x in map(int, v):
                if ref_nim_mul(x, x) ^ x != a:
                    fails.append("grundy nim solve-quadratic %d: %d is not a root" % (a, x))
    for e in (0, 1, M):
        rc, out, err = run(["nim", "pow", str(a), str(e)])
        want = 1 if e == 0 or (e == M and a) else a if e == 1 else 0
        if rc != 0 or out.strip() != str(want):
            fails.append("grundy nim pow %d %d gave %s %r, want %d" % (a, e, rc, out, want))
for bad in OVER:
    for op in ("add", "mul", "div"):
        rc, out, err = run(["nim", op, bad, "3"])
        if rc != 2 or len(err.splitlines()) != 1 or bad not in err:
            fails.append("grundy nim %s %s 3: exit %s %r" % (op, bad, rc, err))

for f in fails[:40]:
    print("FAIL:", f)
print("edge_test: %d runs, %d failures" % (runs, len(fails)))
sys.exit(1 if fails else 0)
