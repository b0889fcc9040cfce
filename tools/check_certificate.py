#!/usr/bin/env python3
"""An independent checker of grundy's certificates, written from docs/certificates.md alone (standard library only, no
code shared with grundy): periods (versions 1 and 2; arith-split's theorem by check_arith_split.py) and values (Node
Kayles, Arc Kayles, Cram, and the state games, their rules read by rule_language.py). Usage: check_certificate.py
FILE; exit 0 with the claim on stdout, or 2 with one line on stderr naming the first failure."""
import base64, binascii, bisect, functools, hashlib, itertools, re, sys
from operator import xor
from rule_language import RuleError, compile_rule
from check_arith_split import arith_split

ALIASES = {"kayles": "tb[0.77]", "dawson": "tb[0.07]"}
KEYS = "kind ruleset theorem max-take preperiod period saltus window-end count class stored".split()  # the last 2: v2
WINDOW_END = {"subtraction": lambda t, e, e1, p: e + t, "take-break-nosplit": lambda t, e, e1, p: e1 + t,  # E
              "guy-smith-2": lambda t, e, e1, p: 2 * e1 + p + t, "guy-smith-3": lambda t, e, e1, p: 3 * e1 + 2 * p + t}
NOT_MEX = "G(%d) is %d by the mex of its options, not %d"
popcount = getattr(int, "bit_count", lambda x: bin(x).count("1"))  # int.bit_count: Python 3.10
STATE = {"wythoff": "(a,b) -> (a-d,b) for d in 1..a; (a,b) -> (a,b-d) for d in 1..b; (a,b) -> (a-d,b-d) for d in "
         "1..min(a,b)", "euclid": "(a,b) -> (a-j*b,b) for j in 1..a/max(b,1)*min(b,1); (a,b) -> (a,b-j*a) for j in "
         "1..b/max(a,1)*min(a,1) if a < b", **dict.fromkeys(["fib", "dyn"], "(n,c) -> (n-x,min(n-x,{k}*x)) for x in "
         "1..min(c,n)")}  # the state games as rules (loops bounded by their moves)
NUM = r"(?:0|[1-9][0-9]*)"  # a number: decimal digits, no sign, no leading zero (and below 2^64, checked when read)
NUMBER = "a decimal number below 2^64, without sign or leading zeros"
COMPS = re.compile(r"(?: {0}@(?:{0}(?:,{0})*)?)*".format(NUM))  # the components after 'm' or 'root'

class Bad(Exception):
    pass

def fail_if(bad, message, *args):  # an argument that is a function (a costly one) is called on failure only
    if bad:
        raise Bad(message % tuple(a() if callable(a) else a for a in args) if args else message)

def mex(*sets, start=0):  # the least value >= start in none of the sets
    return next(w for w in itertools.count(start) if not any(w in s for s in sets))

def runs(bounds):  # a set given as ranges (a, b), as grundy writes it: ascending, runs of 3 or more as a..b
    out = []
    for a, b in sorted(bounds):
        if out and a <= out[-1][1] + 1:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return ",".join("%d..%d" % (a, b) if b - a >= 2 else ",".join(map(str, range(a, b + 1))) for a, b in out)

def spelling(spec):  # how grundy writes a ruleset this checker reads (from a looser reading of spec; None: unread)
    t = re.sub(r"[ \t]", "", spec)
    m = re.fullmatch(r"sub\[((?:[0-9]+(?:\.\.[0-9]+)?)(?:,[0-9]+(?:\.\.[0-9]+)?)*)\]", t)
    if m:
        bounds = [(int(a), int(b or a)) for a, _, b in (part.partition("..") for part in m.group(1).split(","))]
        return "sub[%s]" % runs(bounds) if all(a <= b for a, b in bounds) else None
    m = re.fullmatch(r"tb\[([0-9A-Fa-f]?)\.([0-9A-Fa-f]*)(!?)\]", t)
    if m:
        d0, ds, rep = (m.group(1) or "0").upper(), m.group(2).upper(), m.group(3)
        if not rep or ds.endswith("0"):  # a 0 that repeats: a finite code, written without its zeros at the end
            ds, rep = ds.rstrip("0") or "0", ""
        return "tb[%s.%s%s]" % (d0, ds, rep)
    return t if t in ALIASES else None

def parse_rules(spec):  # (moves: the pairs (k, nonzero digit dk), sub[S] as dk = 3 for k in S; T; theorem)
    want = spelling(spec)
    fail_if(want not in (None, spec), "line 3: the ruleset '%s' is not written as grundy writes it ('%s')", spec, want)
    spec = ALIASES.get(spec, spec)
    m = re.fullmatch(r"sub\[([0-9.,]+)\]", spec)
    if m:
        bounds = [part.split("..") if ".." in part else (part, part) for part in m.group(1).split(",")]
        elems = {x for a, b in bounds for x in range(int(a), int(b) + 1)}
        fail_if(not elems or min(elems) < 1, "ruleset: a subtraction set of positive numbers is needed")
        return [(k, 3) for k in sorted(elems)], max(elems), "subtraction"
    m = re.fullmatch(r"tb\[([048C])\.([0-9A-F]+)\]", spec)
    if m:
        moves = [(k, int(c, 16)) for k, c in enumerate(m.group(1) + m.group(2)) if c != "0"]
        fail_if(not moves, "ruleset: the code '%s' allows no move at all", spec)
        parts = max((3 if d & 8 else 2 if d & 4 else 1) for k, d in moves)  # the most heaps a move leaves
        return moves, moves[-1][0], ["take-break-nosplit", "guy-smith-2", "guy-smith-3"][parts - 1]  # T: the last k
    m = re.fullmatch(r"tb\[0\.([0-3]+)!\]", spec)  # never splits, the last digit (for k >= T) repeats
    if m and int(m.group(1)[-1]) & 2:
        return [(k, int(c)) for k, c in enumerate(m.group(1), 1) if c != "0"], len(m.group(1)), "arith-nosplit"
    raise Bad("ruleset: '%s' is not a subtraction set or a take-and-break code this checker reads" % spec)

def options(moves, n, g):  # the values of heap n's options, from g[0..n-1], every split read
    out = set()
    for k, d in moves:
        r = n - k
        if d & 1 and r == 0:
            out.add(0)
        if d & 2 and r >= 1:
            out.add(g[r])
        if d & 4 and r >= 2:
            out.update(map(xor, g[1:r // 2 + 1], g[r - 1:r - r // 2 - 1:-1]))
        if d & 8 and r >= 3:
            out.update(g[a] ^ g[b] ^ g[r - a - b] for a in range(1, r // 3 + 1) for b in range(a, (r - a) // 2 + 1))
    return out

def arith_nosplit(moves, u, g, e0, p, s):  # every G(m) by the mex, G(m) = G(m - p) + s from e0 + p, (a), (b), (c)
    low, rep, N = moves[:-1], moves[-1][1], len(g)  # the moves removing k < u tokens; du, for every k >= u
    prefix, pm = set(), 0  # G(1..m-u), the heaps du leaves, and its mex
    for m, v in enumerate(g):
        if m > u:
            prefix.add(g[m - u])
            pm = mex(prefix, start=pm)
        w = mex(prefix, options(low, m, g) | ({0} if rep & 1 and m >= u else set()), start=pm)
        fail_if(w != v, NOT_MEX, m, w, v)
    for m in range(e0 + p, N):
        fail_if(g[m] != g[m - p] + s, "G(n + period) != G(n) + saltus at n = %d", m - p)
    fail_if(e0 > 0 and g[e0 - 1 + p] == g[e0 - 1] + s, "the preperiod is not the least")
    e = max(e0, 1)
    fail_if(N < e + 2 * p + u + 1, "window-end is too small for the theorem (N - period < preperiod + period + u + 1)")
    C = set(g[1:e]) | ({0} if rep & 1 else set())
    D = C | set(g[e:e + p])
    fail_if(not set(range(s)) <= D, "condition (a) fails: a value below the saltus is not in D")
    fail_if(min(g[N - p:]) + s <= max(D), "condition (b) fails: min G(N - period .. N - 1) + saltus <= max D")
    fail_if(any(w + s not in D for w in C - set(g[e:N - p - u + 1])),
            "condition (c) fails: a value of C, maybe not in X, with w + saltus not in D")

def recompute(moves, vals, M, D, S):  # step 7: the two-heap splits are read with the class's listed positions
    # direct: every move but the two-heap splits (digit bits 1, 2, 8: read in full); splitk: the k whose digit has bit 4
    direct, splitk = [(k, d & 11) for k, d in moves if d & 11], [k for k, d in moves if d & 4]
    g, listed, lv, big = [], [], [], 1  # the listed positions below n (ascending), their values; big = 2^u
    for n, v in enumerate(vals):
        seen = options(direct, n, g)
        sums = [n - k for k in splitk if n - k >= 2]  # descending
        fail_if(v in seen or v > len(seen) + sum(r // 2 for r in sums),  # the message: the mex of every option
                NOT_MEX, n, lambda: mex(options(moves, n, g)), v)
        pv = popcount(v & M) & 1
        for r in sums:
            h = r // 2
            if v >= big or pv ^ (D & r & 1):
                cnt = bisect.bisect_left(listed, r)  # the listed parts a < r (b = r - a >= 1)
                if cnt < h:
                    seen.update(map(xor, lv[:cnt], [g[r - a] for a in listed[:cnt]]))
                    continue
            seen.update(map(xor, g[1:h + 1], g[r - 1:r - h - 1:-1]))  # every split
        fail_if(v in seen, NOT_MEX, n, lambda: mex(options(moves, n, g)), v)
        need, lo, hi = set(range(v)) - seen, 1, 9
        while need and sums and lo <= sums[0] // 2:  # the smaller values not seen: the splits a in [lo, hi)
            for r in sums:
                end = min(hi, r // 2 + 1)
                if lo < end:
                    need.difference_update(map(xor, g[lo:end], g[r - lo:r - end:-1]))
            lo, hi = hi, 2 * hi + 7
        fail_if(need, NOT_MEX, n, min(need, default=0), v)  # then the least value not seen is the mex
        g.append(v)
        if n and (pv ^ (D & (n + S) & 1)) == 0:  # c(n) = 0: listed
            listed.append(n)
            lv.append(v)
        elif n and v >= big:
            big = 1 << v.bit_length()
    return g

def header(lines, keys, kind, numeric):  # step 3: lines 2, 3, ... are 'KEY VALUE' for these keys, in this order
    for i, key in enumerate(keys):
        fail_if(not lines[1 + i].startswith(key + " "), "line %d: expected '%s'", i + 2, key)
    head = {key: lines[1 + i][len(key) + 1:] for i, key in enumerate(keys)}
    fail_if(head["kind"] != kind, "line 2: unknown kind '%s'", head["kind"])
    return head, [number(head[k], "line %d: '%s'" % (keys.index(k) + 2, k)) for k in numeric]

def leading_zero(line):  # the first number of line written with a leading zero, named, or ''
    m = re.search(r"(?<![0-9])0[0-9]+", line)
    return "'%s' is not %s" % (m.group(0), NUMBER) if m else ""

def number(text, what):  # one number, read strictly
    fail_if(not re.fullmatch(NUM, text) or int(text) >> 64, "%s needs %s", what, NUMBER)
    return int(text)

def lines_of(body):  # step 2: the lines up to 'end'; none empty, none with a '\r', a tab, a blank at an end or two
    lines = body.decode().split("\n")[:-1]
    for i, line in enumerate(lines, 1):
        fail_if("\r" in line, "line %d: a '\\r': lines end in '\\n' alone", i)
        fail_if(not line, "line %d: an empty line", i)
        fail_if(line.strip(" \t") != line, "line %d: a blank at the start or the end of the line", i)
        fail_if("  " in line or "\t" in line, "line %d: two blanks in a row, or a tab: a line's fields are split by "
                "one space", i)
    return lines

def decode(enc, lines, k, first, what):  # step 6: the K stored values; first: the file line number of lines[0]
    vals = []
    for i, line in enumerate(lines):  # line i holds the next min(20, left) values, or the next min(57, left) bytes
        at, left = first + i, k - len(vals)
        fail_if(not left, "line %d: expected 'end' after the values (%s says %d)", at, what, k)
        if enc == "base64":
            n = min(57, left)
            fail_if(len(line) != (n + 2) // 3 * 4, "line %d: a base64 line of %d characters: this one holds %d (76 a "
                    "line, the last 4 * ceil(bytes left / 3))", at, (n + 2) // 3 * 4, len(line))
            try:
                raw = base64.b64decode(line, validate=True)
            except binascii.Error:
                raise Bad("line %d: the values are not base64 (a character outside its alphabet, or bad padding)" % at)
            fail_if(len(raw) != n or base64.b64encode(raw).decode() != line, "line %d: the values are not base64 as "
                    "written (%d bytes in its standard form, '=' padding at the end of the last line only)", at, n)
            vals.extend(raw)
        else:
            nums = line.split(" ")
            bad = next((x for x in nums if not re.fullmatch(NUM, x) or int(x) >> 64), None)
            fail_if(bad is not None, "line %d: '%s' is not a value (%s)", at, bad, NUMBER)
            fail_if(len(nums) != min(20, left), "line %d: a values line holds %d values, not %d (twenty a line, the "
                    "last line the values left)", at, len(nums), min(20, left))
            vals.extend(map(int, nums))
    fail_if(len(vals) != k, "%d %s, %s says %d", len(vals), "base64 bytes" if enc == "base64" else "values", what, k)
    return vals

def adjacency(n, edges):
    adj = [0] * n
    for u, v in edges + [(v, u) for u, v in edges]:
        adj[u] |= 1 << v
    return adj

def term_spelling(term):  # how grundy writes a term this checker reads (from a looser reading; None: unread)
    m = re.fullmatch(r"[ \t]*(?:rule\[([^][]*)\]|([a-z]+(?:\[[ \t]*[a-z0-9]+[ \t]*\])?))[ \t]*\(([^()]*)\)[ \t]*", term)
    if not m:
        return None
    name, body = re.sub(r"[ \t]", "", m.group(2) or ""), re.sub(r"[ \t]", "", m.group(3))

    def numbers():  # the numbers of body, split by ','
        return ",".join(str(int(a)) for a in body.split(","))
    try:
        if m.group(1) is not None:  # the clauses with each run of blanks one space, none at the ends
            return "rule[%s](%s)" % (re.sub(r"[ \t]+", " ", m.group(1)).strip(" "), numbers())
        if name in ("cram", "nodekayles[grid]", "arckayles[grid]"):  # R,C when no cell is filled, else the rows
            rows = body.split("/")
            if re.fullmatch(r"[0-9]+,[0-9]+", body):
                return "%s(%s)" % (name, numbers())
            if not all(re.fullmatch(r"[.#]+", r) for r in rows):
                return None
            return "%s(%s)" % (name, body if "#" in body else "%d,%d" % (len(rows), len(rows[0])))
        if name in ("nodekayles", "arckayles"):  # each vertex u in increasing order: its edges u-v, v > u, or u alone
            items = [tuple(map(int, it.split("-"))) for it in body.split(",")] if body else []
            edges = {(min(it), max(it)) for it in items if len(it) == 2}
            ends = {v for e in edges for v in e}
            out = sorted(edges | {it for it in items if len(it) == 1 and it[0] not in ends})
            return "%s(%s)" % (name, ",".join("-".join(map(str, it)) for it in out))
        k = re.fullmatch(r"dyn\[([0-9]+)\]", name)
        if name in ("wythoff", "euclid", "fib") or k:
            return "%s(%s)" % ("dyn[%d]" % int(k.group(1)) if k else name, numbers())
    except ValueError:
        return None
    return None

def position(term):  # the game a term is played by, and its graph's adjacency bitmasks
    m = re.fullmatch(r"(cram|(node|arc)kayles(\[grid\])?)\((.*)\)", term)
    fail_if(not m, "line 3: '%s' is not a term of cram, nodekayles or arckayles", term)
    game, body = "node-kayles" if m.group(2) == "node" else "arc-kayles", m.group(4)
    if m.group(1) == "cram" or m.group(3):  # a board: its empty cells numbered in reading order
        rc = re.fullmatch(r"([0-9]+),([0-9]+)", body)
        fail_if(rc and int(rc.group(1)) * int(rc.group(2)) > 64, "line 3: the position has more than 64 vertices")
        rows = ["." * int(rc.group(2))] * int(rc.group(1)) if rc else body.split("/")
        fail_if(not rc and (not all(re.fullmatch(r"[.#]+", r) for r in rows) or len(set(map(len, rows))) > 1),
                "line 3: a board is R,C or rows of '.' and '#', all of one length, split by '/'")
        cells = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
        num = {x: i for i, x in enumerate(cells)}
        edges = [(x, num[o]) for (r, c), x in num.items() for o in ((r, c + 1), (r + 1, c)) if o in num]
    else:  # a graph: its labels numbered in increasing order
        items = [re.fullmatch(r"([0-9]+)(?:-([0-9]+))?", it) for it in body.split(",")] if body else []
        fail_if(not all(items) or any(it.group(2) and int(it.group(1)) == int(it.group(2)) for it in items),
                "line 3: a graph is edges u-v (u != v) and vertices w, split by ','")
        num = {w: i for i, w in enumerate(sorted({int(x) for it in items for x in it.groups() if x}))}
        edges = [(num[int(it.group(1))], num[int(it.group(2))]) for it in items if it.group(2)]
    fail_if(len(num) > 64, "line 3: the position has more than 64 vertices")
    return game, adjacency(len(num), edges)

def option(ents, where, line, skip, adj, R, limit):  # steps 1-3: line[skip:]'s components show R; their XOR
    fail_if(not COMPS.fullmatch(line, skip), "%s%s", where,
            lambda: leading_zero(line) or "expected components J@x0,x1,... after one space each")
    used = size = deg = x = ne = 0
    maps = []
    for c in line[skip:].split():
        j, _, xs = c.partition("@")
        j, xs = int(j), [int(w) for w in xs.split(",")] if xs else []
        fail_if(j >= limit, "%srefers to entry %d, which is not below %d", where, j, limit)
        fail_if(len(xs) != ents[j][1], "%sa component has %d vertices, its entry %d has %d",
                where, len(xs), j, ents[j][1])
        top = max(xs, default=-1)  # checked first: 1 << top is as large as top
        fail_if(top >= len(adj), "%svertex %d is not one of the vertices left", where, top)
        for w in xs:
            used |= 1 << w
            deg += popcount(adj[w] & R)
        fail_if(used & ~R, "%svertex %d is not one of the vertices left", where, (used & ~R).bit_length() - 1)
        size += len(xs)
        fail_if(popcount(used) != size, "%sa vertex is in two places of the components' vertex lists", where)
        maps.append((j, xs))
    fail_if(used != R, "%sthe components do not cover the vertices left", where)
    for j, xs in maps:  # each entry's edges map to edges
        v, k, us, vs = ents[j]
        for a, b in zip(us, vs):
            if not adj[xs[a]] >> xs[b] & 1:
                raise Bad("%san edge of entry %d does not map to an edge" % (where, j))
        ne += len(us)
        x ^= v
    fail_if(deg >> 1 != ne, "%sthe edges left number %d, the components' entries have %d", where, deg >> 1, ne)
    return x

def check_state(lines, term, V, N):  # each entry's options listed by the rules; its value, the mex of theirs
    m = re.fullmatch(r"(wythoff|euclid|fib|dyn\[([1-9][0-9]*)\]|rule\[([^][]*)\])\(({0}(?:,{0})*)\)".format(NUM), term)
    fail_if(not m, "line 3: '%s' is not a term of wythoff, euclid, fib, dyn[k] (k >= 1) or rule[...]", term)
    name, args = m.group(1).split("[")[0], [int(a) for a in m.group(4).split(",")]
    K, moves = compile_rule(m.group(3) if name == "rule" else STATE[name].format(k=m.group(2) or 2))
    if name in ("fib", "dyn"):  # the root (n, n - 1), or (n, min(c, n))
        args[1:2] = [max(min(args[0] - 1 if len(args) == 1 else args[1], args[0]), 0)]
    fail_if(len(args) != K, "line 3: %s's positions have %d numbers", name, K)
    form, root, index, g = re.compile(r"s(?: %s){%d}" % (NUM, K + 1)), tuple(args), {}, []
    for i, line in enumerate(lines[6:-1]):
        fail_if(not form.fullmatch(line), "line %d: %s", i + 7,
                lambda: leading_zero(line) or "expected 's VALUE' and %d numbers" % K)
        v, *st = map(int, line[2:].split(" "))
        fail_if(max(v, *st) >> 64, "line %d: a number does not fit in 64 bits", i + 7)
        fail_if(index.setdefault(tuple(st), i) < i, "line %d: entry %d's state, twice", i + 7, lambda: index[tuple(st)])
        g.append(v)
    for i, st in enumerate(index):  # in the order written
        opts = moves(st)
        bad = next((p for p in itertools.chain(*opts) if not 0 <= index.get(p, -1) < i), None)
        fail_if(bad, "line %d: entry %d: its move to %s needs an earlier entry of that state", i + 7, i, bad)
        w = mex({functools.reduce(xor, [g[index[p]] for p in opt], 0) for opt in opts})
        fail_if(w != g[i], "line %d: entry %d: its value is %d by the mex of its options, not %d", i + 7, i, w, g[i])
    fail_if(len(g) != N, "%d entries, entries says %d", len(g), N)
    fail_if(root not in index, "the position's state %s is no entry", root)
    fail_if(g[index[root]] != V, "the position's value is %d by its entry, not %d", g[index[root]], V)
    return "%s: certified: value %d (%d entries checked)" % (term, V, N)

def check_value(lines):
    head, (V, N) = header(lines, ["kind", "position", "game", "value", "entries"], "value", ["value", "entries"])
    term, want = head["position"], term_spelling(head["position"])
    fail_if(want not in (None, term), "line 3: the position '%s' is not written as grundy writes it ('%s')", term, want)
    if head["game"] == "state":
        return check_state(lines, term, V, N)
    game, padj = position(term)
    fail_if(head["game"] != game, "line 4: the game does not fit the position: %s is played by %s", term, game)
    fail_if(not re.fullmatch("root" + COMPS.pattern, lines[6]),
            "line 7: %s", lambda: leading_zero(lines[6]) or "expected 'root C1 C2 ...', each component J@x0,x1,...")
    ents, at, last = [], 7, len(lines) - 1  # ents: (value, K, edges' first ends, second ends); lines[at]: the next 'e'
    while at < last:
        i, m = len(ents), re.fullmatch(r"e ({0}) ({0})((?: {0}-{0})*)".format(NUM), lines[at])
        fail_if(not m, "line %d: %s", at + 1,
                lambda: leading_zero(lines[at]) or "expected an entry 'e VALUE K u-v ...'")
        fail_if(int(m.group(1)) >> 64, "line %d: entry %d: its value is not below 2^64", at + 1, i)
        v, k, flat = int(m.group(1)), int(m.group(2)), [int(w) for w in m.group(3).replace("-", " ").split()]
        pairs = list(zip(flat[::2], flat[1::2]))
        ok = 1 <= k <= 64 and all(u < w < k for u, w in pairs) and all(p < q for p, q in zip(pairs, pairs[1:]))
        fail_if(not ok, "line %d: entry %d: 1 to 64 vertices, and edges u-v with u < v < K, increasing, each once, are "
                "needed", at + 1, i)
        adj = adjacency(k, pairs)
        gone = [adj[w] | 1 << w for w in range(k)] if game == "node-kayles" else [1 << u | 1 << w for u, w in pairs]
        n, ms = len(gone), next((j for j in range(at + 1, last) if lines[j][:1] != "m"), last) - at - 1  # moves, 'm's
        fail_if(ms < n, "line %d: entry %d, move %d: expected its 'm' line (%d moves)", at + 2 + ms, i, ms, n)
        fail_if(ms > n, "line %d: expected an entry, not an 'm' line (entry %d has %d moves)", at + 2 + n, i, n)
        w = mex({option(ents, "line %d: entry %d, move %d: " % (at + 2 + mv, i, mv), lines[at + 1 + mv], 1, adj,
                        (1 << k) - 1 & ~gone[mv], i) for mv in range(n)})
        fail_if(w != v, "line %d: entry %d: its value is %d by the mex of its options, not %d", at + 1, i, w, v)
        ents.append((v, k, bytes(flat[::2]), bytes(flat[1::2])))  # vertices below 64: bytes
        at += 1 + n
    fail_if(len(ents) != N, "%d entries, entries says %d", len(ents), N)
    x = option(ents, "line 7: root: ", lines[6], 4, padj, (1 << len(padj)) - 1, N)
    fail_if(x != V, "the position's value is %d by its components, not %d", x, V)
    return "%s: certified: value %d (%d entries checked)" % (term, V, N)

def check(data):
    version = {b"grundy certificate 1\n": 1, b"grundy certificate 2\n": 2}.get(data[:21])
    fail_if(not version, "line 1: not a grundy certificate (version 1 or 2)")
    cut = data.rfind(b"\nend\nsha256 ")
    fail_if(cut < 0, "no checksum line: the file was cut")
    body, tail, at = data[:cut + 5], data[cut + 5:], data.count(b"\n", 0, cut + 5) + 1  # at: the checksum line's number
    fail_if(len(tail) > 72 and tail[71:72] == b"\n", "line %d: text after the checksum line: 'sha256 HEX' and its "
            "newline end the file", at + 1)
    fail_if(not re.fullmatch(rb"sha256 [0-9a-f]{64}\n", tail), "line %d: the checksum line is cut, or not 'sha256 HEX' "
            "(64 lowercase hexadecimal digits) and its newline", at)
    fail_if(hashlib.sha256(body).hexdigest() != tail[7:71].decode(), "the checksum does not match: the file was "
            "changed")
    lines = lines_of(body)
    if version == 2 and lines[1] == "kind value":
        return check_value(lines)
    head, (t, e, p, s, E, count) = header(lines, KEYS if version == 2 else KEYS[:9], "period", KEYS[3:9])
    if version == 1:
        fail_if(lines[10] != "values" or lines[-1] != "end", "line 11: expected 'values'")
        enc, first, cls, k = "decimal", 12, (0, 0, 0), count
    else:
        cls = [int(x) for x in head["class"].split(" ")] if re.fullmatch(" ".join([NUM] * 3), head["class"]) else []
        fail_if(len(cls) != 3 or cls[0] >> 32 or cls[1] > 1 or cls[2] > 1, "line 11: 'class' needs a mask below 2^32 "
                "and two bits, split by single spaces (%s)", head["class"])
        k = number(head["stored"], "line 12: 'stored'")
        m = re.fullmatch(r"values (decimal|base64)", lines[12])
        fail_if(not m or lines[-1] != "end", "line 13: expected 'values decimal' or 'values base64'")
        enc, first = m.group(1), 14
    moves, tmax, th = parse_rules(head["ruleset"])  # steps 4-5: the spelling, the claim fits the rules and the theorem
    if head["theorem"] == "arith-split" and th in ("guy-smith-2", "guy-smith-3"):  # a finite code that splits
        fail_if(t != tmax or k != count, "max-take is not %d, or stored is not count", tmax)
        vals = recompute(moves, decode(enc, lines[first - 1:-1], k, first, "stored"), 0, 0, 0)  # every split read
        why = arith_split(moves, vals, e, p, s, E)  # tools/check_arith_split.py: the theorem's hypotheses
        fail_if(why, "arith-split: %s", why)
        return "%s: certified: arithmetic period %d, saltus %d, from n = %d, by arith-split, window-end %d, %d " \
            "values recomputed" % (head["ruleset"], p, s, e, E, count)
    fail_if(head["theorem"] != th, "the theorem does not fit the ruleset (its moves need '%s')", th)
    if th == "arith-nosplit":
        fail_if(t != tmax, "max-take is wrong: the code's digit that repeats is for removing %d", tmax)
        fail_if(s == 0 or p < 1, "saltus 0 or period 0: arith-nosplit is for arithmetic periods")
        fail_if(count != E, "count is not window-end")
        fail_if(version == 2 and k != count, "stored is not count")
        arith_nosplit(moves, tmax, decode(enc, lines[first - 1:-1], count, first, "count"), e, p, s)
        return "%s: certified: arithmetic period %d, saltus %d, from n = %d, by %s, %d values recomputed" % (
            head["ruleset"], p, s, e, th, count)
    fail_if(t != tmax, "max-take is wrong: a move of this ruleset takes at most %d", tmax)
    fail_if(s != 0, "saltus is not 0: only plain periods are certified")
    fail_if(p < 1, "period 0")
    bound = WINDOW_END[th](t, e, max(e, 1), p)  # T, E0, e1 = max(E0, 1), P
    fail_if(E != bound, "window-end is not the theorem's bound (%d)", bound)
    fail_if(count != E + p, "count is not window-end + period")
    if version == 2:
        fail_if(k != min(count, e + p), "stored is not min(count, preperiod + period) = %d", min(count, e + p))
    vals = decode(enc, lines[first - 1:-1], k, first, "stored" if version == 2 else "count")  # step 6; the claim: rest
    for n in range(k, count):
        vals.append(vals[n - p])
    g = recompute(moves, vals, *(cls if th != "guy-smith-3" else (0, 0, 0)))  # steps 7-9; bit 8: every split read
    for n in range(e, E):
        fail_if(g[n + p] != g[n], "G(n + period) != G(n) at n = %d, inside the window", n)
    for d in range(1, p):
        fail_if(p % d == 0 and g[e:e + p - d] == g[e + d:e + p], "the period is not the least: %d is one", d)
    fail_if(e > 0 and g[e - 1] == g[e - 1 + p], "the preperiod is not the least")
    return "%s: certified: period %d from n = %d, by %s, window [%d, %d), %d values recomputed" % (
        head["ruleset"], p, e, th, e, E, count)

if __name__ == "__main__":
    if len(sys.argv) != 2:
        print("usage: check_certificate.py FILE", file=sys.stderr)
        sys.exit(2)
    try:
        print(check(open(sys.argv[1], "rb").read()))
    except (Bad, RuleError, OSError, IndexError, ValueError) as x:  # ValueError covers UnicodeDecodeError
        why = x if isinstance(x, (Bad, RuleError)) else "unreadable: %s" % x
        print("check_certificate: %s: %s" % (sys.argv[1], why), file=sys.stderr)
        sys.exit(2)
