#!/usr/bin/env python3
"""An independent checker of grundy's period certificates, written from
docs/certificates.md alone (standard library only; no code shared with
grundy). Usage: check_certificate.py FILE

Reads format versions 1 and 2. Exit 0 with the claim on stdout when the
certificate holds; exit 2 with one line on stderr naming the first thing
that fails.

Step 5 (every value is the mex of its options) reads the splits of codes
whose moves leave at most two heaps with the page's listed positions: for a
sum r, only the splits with a listed part can make the claimed value v when
v >= 2^u or parity(v AND M) XOR (D AND r mod 2) = 1, and every smaller value
is then looked for among the splits a = 1, 2, ... until none is missing.
Subtraction sets and codes with three-heap moves use a plain mex."""
import base64
import binascii
import hashlib
import re
import sys
from bisect import bisect_left
from operator import xor

ALIASES = {"kayles": "tb[0.77]", "dawson": "tb[0.07]"}
KEYS = ["kind", "ruleset", "theorem", "max-take", "preperiod", "period", "saltus", "window-end", "count"]
NUMBER = re.compile(r"[0-9]+")
DECIMAL_LINE = re.compile(r"[0-9]+(?: [0-9]+){0,19}")  # version 2: twenty a line
DECIMAL_ANY = re.compile(r"[0-9]+(?: [0-9]+)*")  # version 1: any number a line


class Bad(Exception):
    pass


def parse_rules(spec):
    """('sub', set, t, 1) or ('tb', digits, t, largest number of heaps a move leaves)"""
    spec = ALIASES.get(spec, spec)
    m = re.fullmatch(r"sub\[([0-9.,]+)\]", spec)
    if m:
        elems = set()
        for part in m.group(1).split(","):
            if ".." in part:
                a, b = part.split("..")
                elems.update(range(int(a), int(b) + 1))
            else:
                elems.add(int(part))
        if not elems or min(elems) < 1:
            raise Bad("ruleset: a subtraction set of positive numbers is needed")
        return ("sub", sorted(elems), max(elems), 1)
    m = re.fullmatch(r"tb\[([048Cc])\.([0-9A-Fa-f]+)\]", spec)
    if m:
        digits = [int(c, 16) for c in m.group(1) + m.group(2)]  # digits[k]: removing k tokens
        t = max([k for k, d in enumerate(digits) if d and k] or [0])
        parts = max((3 if d & 8 else 2 if d & 4 else 1) for d in digits if d)
        return ("tb", digits, t, parts)
    raise Bad("ruleset: '%s' is not a subtraction set or a finite take-and-break code this checker reads" % spec)


def options(rules, n, g):
    """the values of heap n's options, from g[0..n-1], every split read"""
    out = set()
    if rules[0] == "sub":
        out.update(g[n - s] for s in rules[1] if s <= n)
        return out
    for k, d in enumerate(rules[1]):
        if k > n or not d:
            continue
        r = n - k
        if d & 1 and r == 0:
            out.add(0)
        if d & 2 and r >= 1:
            out.add(g[r])
        if d & 4 and r >= 2:
            out.update(map(xor, g[1:r // 2 + 1], g[r - 1:r - r // 2 - 1:-1]))
        if d & 8:
            for a in range(1, r // 3 + 1):
                for b in range(a, (r - a) // 2 + 1):
                    out.add(g[a] ^ g[b] ^ g[r - a - b])
    return out


def mex(values):
    m = 0
    while m in values:
        m += 1
    return m


def theorem_of(rules):
    if rules[0] == "sub":
        return "subtraction"
    return {1: "take-break-nosplit", 2: "guy-smith-2", 3: "guy-smith-3"}[rules[3]]


def window_end(theorem, t, e, p):
    e1 = max(e, 1)
    return {"subtraction": e + t, "take-break-nosplit": e1 + t,
            "guy-smith-2": 2 * e1 + p + t, "guy-smith-3": 3 * e1 + 2 * p + t}[theorem]


def parity(x):
    return bin(x).count("1") & 1


def recompute(rules, vals, cls):
    """step 5: each claimed value is the mex of its options; returns the values"""
    g = []

    def wrong(n, v, true=None):
        if true is None:
            true = mex(options(rules, n, g))
        raise Bad("G(%d) is %d by the mex of its options, not %d" % (n, true, v))

    if rules[0] == "sub" or rules[3] == 3:
        for n, v in enumerate(vals):
            if mex(options(rules, n, g)) != v:
                wrong(n, v)
            g.append(v)
        return g
    singles = [(k, d) for k, d in enumerate(rules[1]) if k and d & 3]
    splitk = [k for k, d in enumerate(rules[1]) if d & 4]
    M, D, S = cls
    L, LV = [], []  # the listed positions 1, 2, ... below n (ascending) and their values
    big = 1  # 2^u: the least power of two above U, the largest unlisted value
    for n, v in enumerate(vals):
        seen = set()
        for k, d in singles:
            if k <= n:
                if d & 1 and k == n:
                    seen.add(0)
                if d & 2 and k < n:
                    seen.add(g[n - k])
        sums = [n - k for k in splitk if n - k >= 2]
        if v in seen or v > len(seen) + sum(r // 2 for r in sums):
            wrong(n, v)
        pv = parity(v & M)
        for r in sums:
            h = r // 2
            if v >= big or pv ^ (D & r & 1):
                cnt = bisect_left(L, r)  # the listed parts a < r (b = r - a >= 1)
                if cnt < h:
                    seen.update(map(xor, LV[:cnt], [g[r - a] for a in L[:cnt]]))
                    continue
            seen.update(map(xor, g[1:h + 1], g[r - 1:r - h - 1:-1]))  # every split
        if v in seen:
            wrong(n, v)
        if v:
            need = set(range(v))
            need -= seen
            lo, step, top = 1, 8, max(sums) // 2 if sums else 0
            while need:  # the smaller values not yet seen: read the splits a = lo, ..., hi - 1
                if lo > top:
                    wrong(n, v, min(need))
                hi = lo + step
                for r in sums:
                    end = min(hi, r // 2 + 1)
                    if lo < end:
                        need.difference_update(map(xor, g[lo:end], g[r - lo:r - end:-1]))
                lo, step = hi, step * 2
        g.append(v)
        if n:
            if (pv ^ (D & (n + S) & 1)) == 0:  # c(n) = 0: listed
                L.append(n)
                LV.append(v)
            elif v >= big:
                big = 1 << v.bit_length()
    return g


def numbers(fields):
    if not all(NUMBER.fullmatch(f) for f in fields):
        raise Bad("a number field is not a number")
    return [int(f) for f in fields]


def decode(version, enc, lines, k, first):
    """step 4: the stored values; first is the file line number of lines[0]"""
    if enc == "base64":
        for i, line in enumerate(lines):
            if not 0 < len(line) <= 76 or (len(line) < 76 and i + 1 < len(lines)):
                raise Bad("line %d: the values are not base64 as written (76 characters a line, fewer on the last only)"
                          % (first + i))
        text = "".join(lines).encode("ascii", "replace")
        try:
            raw = base64.b64decode(text, validate=True)
        except binascii.Error:
            raise Bad("the values are not base64 (a character outside its alphabet, or bad padding)")
        if base64.b64encode(raw) != text:
            raise Bad("the values are not base64 (not in its standard form)")
        if len(raw) != k:
            raise Bad("%d base64 bytes, stored says %d" % (len(raw), k))
        return list(raw)
    vals, form = [], DECIMAL_LINE if version == 2 else DECIMAL_ANY
    for i, line in enumerate(lines):
        if not form.fullmatch(line):
            raise Bad("line %d: not a line of decimal values" % (first + i))
        vals.extend(map(int, line.split(" ")))
        if version == 2 and len(vals) != 20 * (i + 1) and i + 1 < len(lines):
            raise Bad("line %d: a values line must hold 20 values (fewer on the last only)" % (first + i))
    if len(vals) != k:
        raise Bad("%d values, %s says %d" % (len(vals), "count" if version == 1 else "stored", k))
    return vals


def check(data):
    if data.startswith(b"grundy certificate 1\n"):
        version = 1
    elif data.startswith(b"grundy certificate 2\n"):
        version = 2
    else:
        raise Bad("line 1: not a grundy certificate (version 1 or 2)")
    cut = data.rfind(b"\nend\nsha256 ")
    if cut < 0 or not data.endswith(b"\n"):
        raise Bad("no checksum line: the file was cut")
    body = data[:cut + 5]
    want = data[cut + 12:].strip().decode()
    if hashlib.sha256(body).hexdigest() != want:
        raise Bad("the checksum does not match: the file was changed")
    lines = body.decode().split("\n")[:-1]
    # step 2: the fields and their order
    head = {}
    for i, key in enumerate(KEYS + (["class", "stored"] if version == 2 else [])):
        line = lines[1 + i]
        if not line.startswith(key + " "):
            raise Bad("line %d: expected '%s'" % (i + 2, key))
        head[key] = line[len(key) + 1:]
    if head["kind"] != "period":
        raise Bad("line 2: unknown kind '%s'" % head["kind"])
    t, e, p, s, E, count = numbers([head[k] for k in KEYS[3:]])
    if version == 1:
        if lines[10] != "values" or lines[-1] != "end":
            raise Bad("line 11: expected 'values'")
        enc, first, cls, k = "decimal", 12, (0, 0, 0), count
    else:
        cf = head["class"].split(" ")
        if len(cf) != 3:
            raise Bad("line 11: expected 'class M D S'")
        cls = tuple(numbers(cf))
        k = numbers([head["stored"]])[0]
        m = re.fullmatch(r"values (decimal|base64)", lines[12])
        if not m or lines[-1] != "end":
            raise Bad("line 13: expected 'values decimal' or 'values base64'")
        enc, first = m.group(1), 14
    # step 3: the claim fits the rules and the theorem
    rules = parse_rules(head["ruleset"])
    th = theorem_of(rules)
    if head["theorem"] != th:
        raise Bad("the theorem does not fit the ruleset (its moves need '%s')" % th)
    if t != rules[2]:
        raise Bad("max-take is wrong: a move of this ruleset takes at most %d" % rules[2])
    if s != 0:
        raise Bad("saltus is not 0: only plain periods are certified")
    if p < 1:
        raise Bad("period 0")
    if E != window_end(th, t, e, p):
        raise Bad("window-end is not the theorem's bound (%d)" % window_end(th, t, e, p))
    if count != E + p:
        raise Bad("count is not window-end + period")
    if version == 2:
        if k != min(count, e + p):
            raise Bad("stored is not min(count, preperiod + period) = %d" % min(count, e + p))
        if cls[0] >= 1 << 32:
            raise Bad("class: M is not below 2^32")
        if cls[1] > 1 or cls[2] > 1:
            raise Bad("class: D and S must be 0 or 1")
    # step 4: the stored values; the others follow from the claim
    vals = decode(version, enc, lines[first - 1:-1], k, first)
    for n in range(k, count):
        vals.append(vals[n - p])
    # steps 5 to 7
    g = recompute(rules, vals, cls)
    for n in range(e, E):
        if g[n + p] != g[n]:
            raise Bad("G(n + period) != G(n) at n = %d, inside the window" % n)
    for d in range(1, p):
        if p % d == 0 and g[e:e + p - d] == g[e + d:e + p]:
            raise Bad("the period is not the least: %d is one" % d)
    if e > 0 and g[e - 1] == g[e - 1 + p]:
        raise Bad("the preperiod is not the least")
    return "%s: certified: period %d from n = %d, by %s, window [%d, %d), %d values recomputed" % (
        head["ruleset"], p, e, th, e, E, count)


def main():
    if len(sys.argv) != 2:
        print("usage: check_certificate.py FILE", file=sys.stderr)
        return 2
    try:
        with open(sys.argv[1], "rb") as f:
            data = f.read()
        print(check(data))
        return 0
    except Bad as b:
        print("check_certificate: %s: %s" % (sys.argv[1], b), file=sys.stderr)
    except (OSError, IndexError, ValueError, UnicodeDecodeError) as x:
        print("check_certificate: %s: unreadable: %s" % (sys.argv[1], x), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
