#!/usr/bin/env python3
"""An independent checker of grundy's period certificates, written from
docs/certificates.md alone (standard library only; no code shared with
grundy). Usage: check_certificate.py FILE

Exit 0 with the claim on stdout when the certificate holds; exit 2 with one
line on stderr naming the first thing that fails."""
import hashlib
import re
import sys

ALIASES = {"kayles": "tb[0.77]", "dawson": "tb[0.07]"}


class Bad(Exception):
    pass


def parse_rules(spec):
    """('sub', set, t) or ('tb', digits, t, largest parts left)"""
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
    m = re.fullmatch(r"tb\[0\.([0-9A-Fa-f]+)\]", spec)
    if m:
        digits = [0] + [int(c, 16) for c in m.group(1)]  # digits[k]: removing k tokens
        t = max(k for k, d in enumerate(digits) if d)
        parts = max((3 if d & 8 else 2 if d & 4 else 1) for d in digits if d)
        return ("tb", digits, t, parts)
    raise Bad("ruleset: '%s' is not a subtraction set or a finite take-and-break code this checker reads" % spec)


def options(rules, n, g):
    """the values of heap n's options, from g[0..n-1]"""
    kind = rules[0]
    out = set()
    if kind == "sub":
        for s in rules[1]:
            if s <= n:
                out.add(g[n - s])
        return out
    digits = rules[1]
    for k, d in enumerate(digits):
        if k == 0 or k > n or not d:
            continue
        r = n - k
        if d & 1 and r == 0:
            out.add(0)
        if d & 2 and r >= 1:
            out.add(g[r])
        if d & 4:
            for a in range(1, r // 2 + 1):
                out.add(g[a] ^ g[r - a])
        if d & 8:
            for a in range(1, r // 3 + 1):
                for b in range(a, (r - a) // 2 + 1):
                    out.add(g[a] ^ g[b] ^ g[r - a - b])
    return out


def theorem_of(rules):
    if rules[0] == "sub":
        return "subtraction"
    return {1: "take-break-nosplit", 2: "guy-smith-2", 3: "guy-smith-3"}[rules[3]]


def window_end(theorem, t, e, p):
    e1 = max(e, 1)
    return {"subtraction": e + t, "take-break-nosplit": e1 + t,
            "guy-smith-2": 2 * e1 + p + t, "guy-smith-3": 3 * e1 + 2 * p + t}[theorem]


def check(data):
    cut = data.rfind(b"\nend\nsha256 ")
    if not data.startswith(b"grundy certificate 1\n"):
        raise Bad("line 1: not a grundy certificate")
    if cut < 0 or not data.endswith(b"\n"):
        raise Bad("no checksum line: the file was cut")
    body = data[:cut + 5]
    want = data[cut + 12:].strip().decode()
    if hashlib.sha256(body).hexdigest() != want:
        raise Bad("the checksum does not match: the file was changed")
    lines = body.decode().split("\n")[:-1]
    head = {}
    keys = ["kind", "ruleset", "theorem", "max-take", "preperiod", "period", "saltus", "window-end", "count"]
    for i, key in enumerate(keys):
        line = lines[1 + i]
        if not line.startswith(key + " "):
            raise Bad("line %d: expected '%s'" % (i + 2, key))
        head[key] = line[len(key) + 1:]
    if head["kind"] != "period":
        raise Bad("line 2: unknown kind '%s'" % head["kind"])
    try:
        t, e, p, s, E, count = (int(head[k]) for k in keys[3:])
    except ValueError:
        raise Bad("a number field is not a number")
    if lines[10] != "values" or lines[-1] != "end":
        raise Bad("line 11: expected 'values'")
    vals = [int(x) for line in lines[11:-1] for x in line.split(" ")]
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
    if len(vals) != count:
        raise Bad("%d values, count says %d" % (len(vals), count))
    g = []
    for n in range(count):
        opts = options(rules, n, g)
        mex = 0
        while mex in opts:
            mex += 1
        if mex != vals[n]:
            raise Bad("G(%d) is %d by the mex of its options, not %d" % (n, mex, vals[n]))
        g.append(mex)
    for n in range(e, E):
        if g[n + p] != g[n]:
            raise Bad("G(n + period) != G(n) at n = %d, inside the window" % n)
    for d in range(1, p):
        if p % d == 0 and all(g[e + i] == g[e + i + d] for i in range(p - d)):
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
