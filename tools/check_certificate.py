#!/usr/bin/env python3
"""An independent checker of grundy's certificates, written from
docs/certificates.md alone (standard library only; no code shared with
grundy). Usage: check_certificate.py FILE

Reads period certificates (versions 1 and 2; plain periods, and the
arithmetic periods of codes that never split, but not arith-split) and
value certificates (Node Kayles, Arc Kayles, Cram). Exit 0 with the claim on stdout when the
certificate holds; exit 2 with one line on stderr naming the first thing
that fails.

A period's step 5 (every value is the mex of its options) reads the splits
of codes whose moves leave at most two heaps with the page's listed
positions: for a sum r, only the splits with a listed part can make the
claimed value v when v >= 2^u or parity(v AND M) XOR (D AND r mod 2) = 1,
and every smaller value is then looked for among the splits a = 1, 2, ...
until none is missing. Other rulesets use a plain mex."""
import base64
import binascii
import hashlib
import re
import sys
from bisect import bisect_left
from operator import xor

ALIASES = {"kayles": "tb[0.77]", "dawson": "tb[0.07]"}
KEYS = ["kind", "ruleset", "theorem", "max-take", "preperiod", "period", "saltus", "window-end", "count"]
popcount = getattr(int, "bit_count", lambda x: bin(x).count("1"))  # int.bit_count: Python 3.10
NUMBER = re.compile(r"[0-9]+")
DECIMAL_LINE = re.compile(r"[0-9]+(?: [0-9]+){0,19}")  # version 2: twenty a line
DECIMAL_ANY = re.compile(r"[0-9]+(?: [0-9]+)*")  # version 1: any number a line
ELINE = re.compile(r"e ([0-9]+) ([0-9]+)((?: [0-9]+-[0-9]+)*)")  # an entry
COMPS = re.compile(r"(?: [0-9]+@(?:[0-9]+(?:,[0-9]+)*)?)*")  # the components after 'm' or 'root'


class Bad(Exception):
    pass


def parse_rules(spec):
    """('sub', set, t, 1) or ('tb', digits, t, largest number of heaps a move leaves)"""
    spec = ALIASES.get(spec, spec)
    m = re.fullmatch(r"sub\[([0-9.,]+)\]", spec)
    if m:
        elems = set()
        for part in m.group(1).split(","):
            a, b = part.split("..") if ".." in part else (part, part)
            elems.update(range(int(a), int(b) + 1))
        if not elems or min(elems) < 1:
            raise Bad("ruleset: a subtraction set of positive numbers is needed")
        return ("sub", sorted(elems), max(elems), 1)
    m = re.fullmatch(r"tb\[([048Cc])\.([0-9A-Fa-f]+)\]", spec)
    if m:
        digits = [int(c, 16) for c in m.group(1) + m.group(2)]  # digits[k]: removing k tokens
        t = max([k for k, d in enumerate(digits) if d and k] or [0])
        parts = max((3 if d & 8 else 2 if d & 4 else 1) for d in digits if d)
        return ("tb", digits, t, parts)
    m = re.fullmatch(r"tb\[0\.([0-3]+)!\]", spec)  # never splits, the last digit repeats: arith-nosplit
    if m and int(m.group(1)[-1]) & 2:
        return ("allbut", [0] + [int(c) for c in m.group(1)], len(m.group(1)), 1)
    raise Bad("ruleset: '%s' is not a subtraction set or a take-and-break code this checker reads" % spec)


def arith_nosplit(digits, g, e0, p, s):
    """an all-but code's values by the mex, G(m) = G(m - p) + s from e0 + p, and the theorem's
    conditions (docs/theory.md, Arithmetic periodicity): (a) [0, s) in D, (b) min G(N-p..N-1) + s
    > max D, (c) each w of C not among G(e..N-p-u) has w + s in D"""
    u, rep, N = len(digits) - 1, digits[-1], len(g)
    prefix, pm = set(), 0  # G(1..m-u), and its mex
    for m, v in enumerate(g):
        if m > u:
            prefix.add(g[m - u])
            while pm in prefix:
                pm += 1
        extra = {0 for k in range(1, u) if digits[k] & 1 and k == m} | {g[m - k] for k in range(1, u) if digits[k] & 2 and k < m}
        if m >= u and rep & 1:
            extra.add(0)
        w = pm
        while w in prefix or w in extra:
            w += 1
        if w != v:
            raise Bad("G(%d) is %d by the mex of its options, not %d" % (m, w, v))
    for m in range(e0 + p, N):
        if g[m] != g[m - p] + s:
            raise Bad("G(n + period) != G(n) + saltus at n = %d" % (m - p))
    if e0 > 0 and g[e0 - 1 + p] == g[e0 - 1] + s:
        raise Bad("the preperiod is not the least")
    e = max(e0, 1)
    if N < e + 2 * p + u + 1:
        raise Bad("window-end is too small for the theorem (N - period < preperiod + period + u + 1)")
    C = set(g[1:e]) | ({0} if rep & 1 else set())
    D = C | set(g[e:e + p])
    if not set(range(s)) <= D:
        raise Bad("condition (a) fails: a value below the saltus is not in D")
    if min(g[N - p:]) + s <= max(D):
        raise Bad("condition (b) fails: min G(N - period .. N - 1) + saltus <= max D")
    if any(w + s not in D for w in C - set(g[e:N - p - u + 1])):
        raise Bad("condition (c) fails: a value of C, maybe not in X, with w + saltus not in D")


def options(rules, n, g):
    """the values of heap n's options, from g[0..n-1], every split read"""
    if rules[0] == "sub":
        return {g[n - s] for s in rules[1] if s <= n}
    out = set()
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
            out.update(g[a] ^ g[b] ^ g[r - a - b] for a in range(1, r // 3 + 1) for b in range(a, (r - a) // 2 + 1))
    return out


def mex(values):
    return min(set(range(len(values) + 1)) - set(values))


def theorem_of(rules):
    if rules[0] == "allbut":
        return "arith-nosplit"
    return "subtraction" if rules[0] == "sub" else ["take-break-nosplit", "guy-smith-2", "guy-smith-3"][rules[3] - 1]


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
        true = mex(options(rules, n, g)) if true is None else true
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
        seen = {0 for k, d in singles if d & 1 and k == n} | {g[n - k] for k, d in singles if d & 2 and k < n}
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
            need = set(range(v)) - seen
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
        if n and (pv ^ (D & (n + S) & 1)) == 0:  # c(n) = 0: listed
            L.append(n)
            LV.append(v)
        elif n and v >= big:
            big = 1 << v.bit_length()
    return g


def fields(lines, keys):
    """step 2: lines 2, 3, ... are 'KEY VALUE' for these keys, in this order"""
    head = {}
    for i, key in enumerate(keys):
        if not lines[1 + i].startswith(key + " "):
            raise Bad("line %d: expected '%s'" % (i + 2, key))
        head[key] = lines[1 + i][len(key) + 1:]
    return head


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


def adjacency(n, edges):
    adj = [0] * n
    for u, v in edges:
        adj[u] |= 1 << v
        adj[v] |= 1 << u
    return adj


def position(term):
    """the game a term is played by, and its graph's adjacency bitmasks"""
    m = re.fullmatch(r"(cram|(node|arc)kayles(\[grid\])?)\((.*)\)", term)
    if not m:
        raise Bad("line 3: '%s' is not a term of cram, nodekayles or arckayles" % term)
    game, body = "node-kayles" if m.group(2) == "node" else "arc-kayles", m.group(4)
    if m.group(1) == "cram" or m.group(3):  # a board: its empty cells in reading order
        rc = re.fullmatch(r"([0-9]+),([0-9]+)", body)
        if rc and int(rc.group(1)) * int(rc.group(2)) > 64:
            raise Bad("line 3: the position has more than 64 vertices")
        rows = ["." * int(rc.group(2))] * int(rc.group(1)) if rc else body.split("/")
        if not rc and (not all(re.fullmatch(r"[.#]+", r) for r in rows) or len(set(map(len, rows))) > 1):
            raise Bad("line 3: a board is R,C or rows of '.' and '#', all of one length, split by '/'")
        cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
        cell = {x: i for i, x in enumerate(cells)}
        edges = [(x, cell[o]) for (r, c), x in cell.items() for o in ((r, c + 1), (r + 1, c)) if o in cell]
    else:  # a graph: its labels in increasing order
        items = [re.fullmatch(r"([0-9]+)(?:-([0-9]+))?", it) for it in body.split(",")] if body else []
        if not all(items) or any(it.group(2) and int(it.group(1)) == int(it.group(2)) for it in items):
            raise Bad("line 3: a graph is edges u-v (u != v) and vertices w, split by ','")
        cells = sorted({int(x) for it in items for x in it.groups() if x})
        num = {w: i for i, w in enumerate(cells)}
        edges = [(num[int(it.group(1))], num[int(it.group(2))]) for it in items if it.group(2)]
    if len(cells) > 64:
        raise Bad("line 3: the position has more than 64 vertices")
    return game, adjacency(len(cells), edges)


def check_value(lines):
    head = fields(lines, ["kind", "position", "game", "value", "entries"])
    V, N = numbers([head["value"], head["entries"]])
    game, padj = position(head["position"])
    if head["game"] != game:
        raise Bad("line 4: the game does not fit the position: %s is played by %s" % (head["position"], game))
    if lines[6][:4] != "root" or not COMPS.fullmatch(lines[6], 4):
        raise Bad("line 7: expected 'root C1 C2 ...', each component J@x0,x1,...")
    ents = []  # each entry's (value, vertex count, its edges' first ends, their second ends)

    def option(where, line, skip, adj, R, limit):
        """steps 1 to 3: the components on line[skip:] show the graph left, R; the XOR of their values"""
        if not COMPS.fullmatch(line, skip):
            raise Bad(where + "expected components J@x0,x1,... after one space each")
        used = count = deg = x = ne = 0
        maps = []
        for c in line[skip:].split():
            j, _, xs = c.partition("@")
            j, xs = int(j), [int(w) for w in xs.split(",")] if xs else []
            if j >= limit:
                raise Bad(where + "refers to entry %d, which is not below %d" % (j, limit))
            if len(xs) != ents[j][1]:
                raise Bad(where + "a component has %d vertices, its entry %d has %d" % (len(xs), j, ents[j][1]))
            if xs and max(xs) >= len(adj):
                raise Bad(where + "vertex %d is not one of the vertices left" % max(xs))
            for w in xs:
                used |= 1 << w
                deg += popcount(adj[w] & R)
            if used & ~R:
                raise Bad(where + "vertex %d is not one of the vertices left" % ((used & ~R).bit_length() - 1))
            count += len(xs)
            if popcount(used) != count:
                raise Bad(where + "a vertex is in two places of the components' vertex lists")
            maps.append((j, xs))
        if used != R:
            raise Bad(where + "the components do not cover the vertices left")
        for j, xs in maps:  # each entry's edges map to edges
            v, k, us, vs = ents[j]
            for a, b in zip(us, vs):
                if not adj[xs[a]] >> xs[b] & 1:
                    raise Bad(where + "an edge of entry %d does not map to an edge" % j)
            ne += len(us)
            x ^= v
        if deg >> 1 != ne:
            raise Bad(where + "the edges left number %d, the components' entries have %d" % (deg >> 1, ne))
        return x

    at, last = 7, len(lines) - 1  # lines[at]: the next 'e' line; lines[last] is 'end'
    while at < last:
        i, m = len(ents), ELINE.fullmatch(lines[at])
        if not m:
            raise Bad("line %d: expected an entry 'e VALUE K u-v ...'" % (at + 1))
        v, k, flat = int(m.group(1)), int(m.group(2)), [int(w) for w in m.group(3).replace("-", " ").split()]
        pairs = list(zip(flat[::2], flat[1::2]))
        if not 1 <= k <= 64 or any(not u < w < k for u, w in pairs) or any(p >= q for p, q in zip(pairs, pairs[1:])):
            raise Bad("line %d: entry %d: 1 to 64 vertices, and edges u-v with u < v < K, increasing, each once, are needed" % (at + 1, i))
        adj = adjacency(k, pairs)
        gone = [adj[w] | 1 << w for w in range(k)] if game == "node-kayles" else [1 << u | 1 << w for u, w in pairs]
        full, n = (1 << k) - 1, len(gone)
        ms = next((j for j in range(at + 1, last) if lines[j][:1] != "m"), last) - at - 1  # its 'm' lines
        if ms < n:
            raise Bad("line %d: entry %d, move %d: expected its 'm' line (%d moves)" % (at + 2 + ms, i, ms, n))
        if ms > n:
            raise Bad("line %d: expected an entry, not an 'm' line (entry %d has %d moves)" % (at + 2 + n, i, n))
        w = mex({option("line %d: entry %d, move %d: " % (at + 2 + mv, i, mv), lines[at + 1 + mv], 1, adj,
                        full & ~gone[mv], i) for mv in range(n)})
        if w != v:
            raise Bad("line %d: entry %d: its value is %d by the mex of its options, not %d" % (at + 1, i, w, v))
        pack = bytes if k <= 256 else tuple
        ents.append((v, k, pack(flat[::2]), pack(flat[1::2])))
        at += 1 + n
    if len(ents) != N:
        raise Bad("%d entries, entries says %d" % (len(ents), N))
    x = option("line 7: root: ", lines[6], 4, padj, (1 << len(padj)) - 1, N)
    if x != V:
        raise Bad("the position's value is %d by its components, not %d" % (x, V))
    return "%s: certified: value %d (%d entries checked)" % (head["position"], V, N)


def check(data):
    version = {b"grundy certificate 1\n": 1, b"grundy certificate 2\n": 2}.get(data[:21])
    if not version:
        raise Bad("line 1: not a grundy certificate (version 1 or 2)")
    cut = data.rfind(b"\nend\nsha256 ")
    if cut < 0 or not data.endswith(b"\n"):
        raise Bad("no checksum line: the file was cut")
    body, want = data[:cut + 5], data[cut + 12:].strip().decode()
    if hashlib.sha256(body).hexdigest() != want:
        raise Bad("the checksum does not match: the file was changed")
    lines = body.decode().split("\n")[:-1]
    if version == 2 and lines[1] == "kind value":
        return check_value(lines)
    head = fields(lines, KEYS + (["class", "stored"] if version == 2 else []))
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
        *cls, k = numbers(cf + [head["stored"]])
        m = re.fullmatch(r"values (decimal|base64)", lines[12])
        if not m or lines[-1] != "end":
            raise Bad("line 13: expected 'values decimal' or 'values base64'")
        enc, first = m.group(1), 14
    # step 3: the claim fits the rules and the theorem
    if head["theorem"] == "arith-split":
        raise Bad("arith-split: this checker does not check the splitting codes' arithmetic periods (grundy check does)")
    rules = parse_rules(head["ruleset"])
    th = theorem_of(rules)
    if th == "arith-nosplit" and head["theorem"] == th:
        for bad, why in [(t != rules[2], "max-take is wrong: the code's digit that repeats is for removing %d" % rules[2]),
                         (s == 0 or p < 1, "saltus 0 or period 0: arith-nosplit is for arithmetic periods"),
                         (count != E, "count is not window-end"), (version == 2 and k != count, "stored is not count")]:
            if bad:
                raise Bad(why)
        arith_nosplit(rules[1], decode(version, enc, lines[first - 1:-1], count, first), e, p, s)
        return "%s: certified: arithmetic period %d, saltus %d, from n = %d, by %s, %d values recomputed" % (
            head["ruleset"], p, s, e, th, count)
    tests = [(head["theorem"] != th, "the theorem does not fit the ruleset (its moves need '%s')" % th),
             (t != rules[2], "max-take is wrong: a move of this ruleset takes at most %d" % rules[2]),
             (s != 0, "saltus is not 0: only plain periods are certified"), (p < 1, "period 0"),
             (E != window_end(th, t, e, p), "window-end is not the theorem's bound (%d)" % window_end(th, t, e, p)),
             (count != E + p, "count is not window-end + period")]
    if version == 2:
        tests += [(k != min(count, e + p), "stored is not min(count, preperiod + period) = %d" % min(count, e + p)),
                  (cls[0] >= 1 << 32, "class: M is not below 2^32"),
                  (cls[1] > 1 or cls[2] > 1, "class: D and S must be 0 or 1")]
    for bad, why in tests:
        if bad:
            raise Bad(why)
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
            print(check(f.read()))
        return 0
    except Bad as b:
        print("check_certificate: %s: %s" % (sys.argv[1], b), file=sys.stderr)
    except (OSError, IndexError, ValueError, UnicodeDecodeError) as x:
        print("check_certificate: %s: unreadable: %s" % (sys.argv[1], x), file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
