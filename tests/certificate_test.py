#!/usr/bin/env python3
"""Period certificates: `seq --period --certificate` of random subtraction
sets and finite take-and-break codes is accepted by both checkers (`grundy
check` and tools/check_certificate.py); mutated certificates, re-signed so
that the checksum holds, are refused by both, each for the right reason.
Usage: certificate_test.py GRUNDY SOURCE_DIR"""
import base64
import hashlib
import os
import random
import re
import subprocess
import sys
import tempfile

G, SRC = sys.argv[1], sys.argv[2]
PY = os.path.join(SRC, "tools", "check_certificate.py")
seed = int(os.environ.get("GRUNDY_TEST_SEED", "35"))
scale = int(os.environ.get("GRUNDY_TEST_SCALE", "1") or 1)
print("seed=%d (set GRUNDY_TEST_SEED to replay, GRUNDY_TEST_SCALE to run more cases)" % seed)
rng = random.Random(seed)
fails = checks = 0
tmp = tempfile.mkdtemp()


def check(cond, msg):
    global fails, checks
    checks += 1
    if not cond:
        fails += 1
        if fails <= 20:
            print("FAIL:", msg)


def both(path):
    """(C exit, C stderr, Python exit, Python stderr)"""
    c = subprocess.run([G, "check", path], capture_output=True, text=True)
    p = subprocess.run([sys.executable, PY, path], capture_output=True, text=True)
    return c.returncode, c.stderr, p.returncode, p.stderr


def sign(text):
    body = text[:text.rindex("\nend\n") + 5]
    return body + "sha256 " + hashlib.sha256(body.encode()).hexdigest() + "\n"


def accepted(path, what):
    """checks that both checkers accept path; its text, and its lines up to 'end'"""
    cr, ce, pr, pe = both(path)
    check(cr == 0 and pr == 0, "%s refused: %r %r" % (what, ce, pe))
    text = open(path).read()
    return text, text[:text.rindex("\nend\n") + 5].split("\n")[:-1]


def values(spec, count):
    out = subprocess.run([G, "seq", spec, "--to", str(count - 1)], capture_output=True, text=True, check=True).stdout
    return [int(x) for x in out.split()]


def encode(vals, b64):
    if b64:
        raw = base64.b64encode(bytes(vals)).decode()
        return "".join(raw[i:i + 76] + "\n" for i in range(0, len(raw), 76))
    return "".join("%d%s" % (v, "\n" if (i + 1) % 20 == 0 or i + 1 == len(vals) else " ") for i, v in enumerate(vals))


def rewrite(text, spec, fields, vals, version=2):
    """the certificate with header fields replaced and these values (the
    first min(count, preperiod + period) of them stored), re-signed; version
    1 writes the old form (every value, in decimal)"""
    lines = text.split("\n")
    head = {}
    order = []
    for line in lines[1:13]:
        key, _, val = line.partition(" ")
        head[key] = val
        order.append(key)
    for k, v in fields.items():
        head[k] = str(v)
    count = int(head["count"])
    stored = min(count, int(head["preperiod"]) + int(head["period"]))
    if "stored" not in fields:
        head["stored"] = str(stored)
    if version == 1:
        out = "grundy certificate 1\n" + "".join("%s %s\n" % (k, head[k]) for k in order[:9]) + "values\n"
        return sign(out + encode(vals[:count], False) + "end\n")
    b64 = head["values"] == "base64" and max(vals) < 256
    head["values"] = "base64" if b64 else "decimal"
    out = "grundy certificate 2\n" + "".join("%s %s\n" % (k, head[k]) for k in order)
    return sign(out + encode(vals[:int(head["stored"])], b64) + "end\n")


def field(text, key):
    return int(re.search(r"^%s (\d+)$" % key, text, re.M).group(1))


def refused(path, reasons, what):
    cr, ce, pr, pe = both(path)
    ok_c = cr == 2 and any(r in ce for r in reasons) and ce.count("\n") == 1
    ok_p = pr == 2 and any(r in pe for r in reasons)
    check(ok_c and ok_p, "%s: want one of %s; grundy check %d %r; python %d %r" % (what, reasons, cr, ce, pr, pe))


def random_spec():
    if rng.random() < 0.4:
        s = sorted(rng.sample(range(1, 9), rng.randint(1, 4)))
        return "sub[%s]" % ",".join(map(str, s))
    nd = rng.randint(1, 3)
    digits = [rng.choice("01234567") for _ in range(nd - 1)] + [rng.choice("1234567")]
    if rng.random() < 0.2:
        digits[-1] = rng.choice("89ABCDEF")
    return "tb[%s.%s]" % ("4" if rng.random() < 0.15 else "0", "".join(digits))


made = 0
for case in range(60 * scale):
    spec = random_spec()
    path = os.path.join(tmp, "c%d.cert" % case)
    r = subprocess.run([G, "seq", spec, "--to", "3000", "--period", "--certificate", path], capture_output=True, text=True)
    if r.returncode != 0 or "\ntheorem arith-split\n" in open(path).read():
        continue  # no plain period proved within 3000 (an arithmetic one is tested below)
    made += 1
    cr, ce, pr, pe = both(path)
    check(cr == 0 and pr == 0, "%s: refused: %r %r" % (spec, ce, pe))
    text = open(path).read()
    name = re.search(r"^ruleset (.*)$", text, re.M).group(1)
    e, p, E, count = (field(text, k) for k in ("preperiod", "period", "window-end", "count"))
    th = re.search(r"^theorem (.*)$", text, re.M).group(1)
    t = field(text, "max-take")
    vals = values(name, count + 2 * p + 4)

    def bound(e2, p2):
        e1 = max(e2, 1)
        return {"subtraction": e2 + t, "take-break-nosplit": e1 + t, "guy-smith-2": 2 * e1 + p2 + t,
                "guy-smith-3": 3 * e1 + 2 * p2 + t}[th]

    def put(mut, fields, vs, reasons, what):
        mp = os.path.join(tmp, "m.cert")
        with open(mp, "w") as f:
            f.write(rewrite(text, name, fields, vs))
        refused(mp, reasons, "%s %s" % (spec, what))

    stored = field(text, "stored")
    check(stored == min(count, e + p), "%s: stored %d" % (spec, stored))
    # the same claim under any class, and in version 1, is accepted
    for fields, version, what in (({"class": "%d %d %d" % (rng.randrange(1 << rng.randint(1, 8)), rng.randint(0, 1),
                                                          rng.randint(0, 1))}, 2, "a random class"),
                                  ({"class": "0 0 0"}, 2, "class 0 0 0"), ({}, 1, "version 1")):
        mp = os.path.join(tmp, "ok.cert")
        with open(mp, "w") as f:
            f.write(rewrite(text, name, fields, vals[:count], version))
        cr, ce, pr, pe = both(mp)
        check(cr == 0 and pr == 0, "%s with %s: refused: %r %r" % (spec, what, ce, pe))
    # one value changed (under the certificate's class and a random one)
    for fields in ({}, {"class": "%d 1 0" % rng.randrange(256)}):
        k = rng.randrange(stored)
        vs = vals[:count]
        vs[k] += 1
        put(0, fields, vs, ["by the mex of its options"], "value %d changed %s" % (k, fields))
    # stored off by one; a character outside base64
    put(0, {"stored": stored - 1}, vals[:count], ["stored"], "stored - 1")
    if re.search(r"^values base64$", text, re.M):
        mp = os.path.join(tmp, "m.cert")
        i = text.index("values base64\n") + len("values base64\n")
        with open(mp, "w") as f:
            f.write(sign(text[:i] + "!" + text[i + 1:]))
        refused(mp, ["not base64"], "%s not base64" % spec)
    # the period off by one (window and count made to fit, true values)
    for p2 in (p + 1, p - 1):
        if p2 < 1:
            continue
        E2 = bound(e, p2)
        put(0, {"period": p2, "window-end": E2, "count": E2 + p2}, vals[:E2 + p2],
            ["G(n + period) != G(n)", "not the least", "by the mex of its options"], "period %d" % p2)
    # the preperiod off by one
    if e > 0:
        E2 = bound(e - 1, p)
        put(0, {"preperiod": e - 1, "window-end": E2, "count": E2 + p}, vals[:E2 + p],
            ["G(n + period) != G(n)", "by the mex of its options"], "preperiod %d" % (e - 1))
    E2 = bound(e + 1, p)
    put(0, {"preperiod": e + 1, "window-end": E2, "count": E2 + p}, vals[:E2 + p],
        ["preperiod is not the least"], "preperiod %d" % (e + 1))
    # the saltus changed; the window end not the theorem's
    put(0, {"saltus": 1}, vals[:count], ["saltus"], "saltus 1")
    put(0, {"window-end": E - 1, "count": E - 1 + p}, vals[:E - 1 + p], ["window-end"], "window-end - 1")
    # a code changed: another game's name over these values
    other = "sub[1,2]" if name.startswith("tb") else "tb[0.07]"
    mp = os.path.join(tmp, "m.cert")
    with open(mp, "w") as f:
        f.write(sign(text[:text.rindex("\nend\n") + 5].replace("ruleset %s\n" % name, "ruleset %s\n" % other)))
    refused(mp, ["by the mex", "theorem does not fit", "max-take", "window-end", "count"], "%s as %s" % (spec, other))
    # a wrong checksum; a cut file
    with open(mp, "w") as f:
        f.write(text[:-3] + ("0" if text[-3] != "0" else "1") + text[-2:])
    refused(mp, ["checksum"], "%s checksum flipped" % spec)
    with open(mp, "w") as f:
        f.write(text[:len(text) * 2 // 3])
    refused(mp, ["cut", "checksum"], "%s cut" % spec)

check(made >= 20 * scale, "only %d certificates made" % made)


# arithmetic periods of codes that never split and whose last digit repeats (arith-nosplit)
amade = 0
for case in range(20 * scale):
    digits = [rng.choice("0123") for _ in range(rng.randint(0, 3))] + [rng.choice("23")]
    spec = "tb[0.%s!]" % "".join(digits)
    path = os.path.join(tmp, "a%d.cert" % case)
    r = subprocess.run([G, "seq", spec, "--to", "2000", "--period", "--certificate", path], capture_output=True, text=True)
    if r.returncode != 0:
        continue
    amade += 1
    text, lines = accepted(path, "%s: arithmetic certificate" % spec)
    head = dict(l.split(" ", 1) for l in lines[1:12])
    vals = values(head["ruleset"], int(head["count"]))
    mp = os.path.join(tmp, "m.cert")

    def put_arith(fields, vs, reasons, what):
        h = dict(head, **{k: str(v) for k, v in fields.items()})
        h["count"] = h["window-end"] = str(len(vs))
        h["stored"] = h["count"]
        b64 = max(vs) < 256
        out = "grundy certificate 2\n" + "".join("%s %s\n" % (k, h[k]) for k in head) + "values %s\n" % (
            "base64" if b64 else "decimal")
        with open(mp, "w") as f:
            f.write(sign(out + encode(vs, b64) + "end\n"))
        refused(mp, reasons, "%s %s" % (spec, what))

    e, p, sal = int(head["preperiod"]), int(head["period"]), int(head["saltus"])
    vs = list(vals)
    vs[rng.randrange(len(vs))] += 1
    put_arith({}, vs, ["by the mex of its options"], "a value changed")
    put_arith({"saltus": sal + 1}, vals, ["saltus"], "saltus + 1")
    put_arith({"period": p + 1}, vals, ["saltus", "not the least"], "period + 1")
    put_arith({"preperiod": e + 1}, vals, ["preperiod is not the least"], "preperiod + 1")
    if e > 0:
        put_arith({"preperiod": e - 1}, vals, ["saltus"], "preperiod - 1")
    put_arith({}, vals[:e + 2 * p + 1], ["too small"], "a window too short")
    with open(mp, "w") as f:
        f.write(text[:len(text) // 2])
    refused(mp, ["cut", "checksum"], "%s cut" % spec)
check(amade >= 10 * scale, "only %d arithmetic certificates made" % amade)
# the splitting codes' arithmetic periods (arith-split): both checkers accept them (grundy check by the library's
# prover on the values it recomputed, the Python checker by tools/check_arith_split.py, conditions (W) and (C) of
# theory.md; tb[0.1A]'s proof takes twice its period, tb[0.AF1]'s jmax is below its max-take) and refuse a changed
# value or saltus. A window-end below the theory's bound W >= 3(E0 + P) + T, every
# value still a correct mex, is refused by both (grundy check: below the window its prover used).
for spec in ("tb[0.28]", "tb[0.8]", "tb[0.C]", "tb[0.FF]", "tb[0.0F]", "tb[0.A8]", "tb[0.1A]", "tb[0.AF1]"):
    path = os.path.join(tmp, "h.cert")
    r = subprocess.run([G, "seq", spec, "--to", "2000", "--period", "--certificate", path], capture_output=True, text=True)
    check(r.returncode == 0, "%s --certificate: %r" % (spec, r.stderr))
    cr, ce, pr, pe = both(path)
    check(cr == 0 and pr == 0, "%s arith-split refused: %d %r / %d %r" % (spec, cr, ce, pr, pe))
    text = open(path).read()
    i = text.index("values base64\n") + len("values base64\n")
    j = text.index("\nend\n")
    raw = bytearray(base64.b64decode("".join(text[i:j].split("\n"))))
    orig = bytes(raw)
    raw[len(raw) // 2] += 1
    e, p, t = (int(re.search(r"^%s (\d+)$" % key, text, re.M).group(1)) for key in ("preperiod", "period", "max-take"))
    # too few values: one below max(W, E0 + P) + 2P, each still a correct mex (the writer once capped N at the table)
    w = int(re.search(r"^window-end (\d+)$", text, re.M).group(1))
    short = max(w, e + p) + 2 * p - 1
    few = re.sub(r"^(count|stored) \d+$", lambda m: "%s %d" % (m.group(1), short), text[:i], flags=re.M)
    check(len(raw) > short and "count %d" % len(raw) in text, "%s: count %d is not all the values" % (spec, len(raw)))
    for mutated, cwant, pwant in (
            (few + encode(list(orig[:short]), True) + "end\n", "count is below", "count is below"),
            (text[:i] + encode(list(raw), True) + "end\n", "by the mex", "by the mex"),
            (re.sub(r"^saltus (\d+)$", lambda m: "saltus %d" % (2 * int(m.group(1))), text, flags=re.M),
             "prover finds", "saltus"),
            (re.sub(r"^window-end \d+$", "window-end %d" % (3 * (e + p) + t - 1), text, flags=re.M), "too small",
             "too small")):
        with open(path, "w") as f:
            f.write(sign(mutated[:mutated.rindex("\nend\n") + 5]))
        cr, ce, pr, pe = both(path)
        check(cr == 2 and cwant in ce, "%s arith-split mutated: grundy %d %r" % (spec, cr, ce))
        check(pr == 2 and pwant in pe, "%s arith-split mutated (%s): Python %d %r" % (spec, pwant, pr, pe))
r = subprocess.run([G, "seq", "tb[0.3F]", "--to", "2000", "--period", "--certificate", os.path.join(tmp, "k.cert")],
                   capture_output=True, text=True)  # Kenyon's game: saltus 3, not proved, so no certificate
check(r.returncode != 0 and not os.path.exists(os.path.join(tmp, "k.cert")), "tb[0.3F] certified: %r" % r.stdout)

# the strict reading of the format (docs/certificates.md, "The format"): the numbers, the widths of the values' lines,
# the spellings of the ruleset and the position, and the end of the file. Each mutation is re-signed (the checksum
# holds) and refused by both checkers, naming the problem; the certificates it starts from are accepted by both.
def signed(lines):
    body = "\n".join(lines) + "\n"
    return body + "sha256 " + hashlib.sha256(body.encode()).hexdigest() + "\n"


def strict_refused(text, reasons, what):
    mp = os.path.join(tmp, "m.cert")
    with open(mp, "w") as f:
        f.write(text)
    refused(mp, reasons, "strict: " + what)


def certificate(cmd, term, name):
    """`seq TERM --period` or `value TERM` with --certificate: the file's lines up to 'end', accepted by both"""
    path = os.path.join(tmp, name)
    args = [G, "seq", term, "--to", "300", "--period"] if cmd == "seq" else [G, "value", term]
    r = subprocess.run(args + ["--certificate", path], capture_output=True, text=True)
    check(r.returncode == 0, "%s %s --certificate: %r" % (cmd, term, r.stderr))
    return accepted(path, "strict: %s" % term)


ktext, klines = certificate("seq", "kayles", "k.cert")  # base64: 83 values in two lines, 76 and 36 characters
kvals = values("kayles", 83)
dec = klines[:12] + ["values decimal"] + [" ".join(map(str, kvals[i:i + 20])) for i in range(0, 83, 20)] + ["end"]
mp = os.path.join(tmp, "kd.cert")
with open(mp, "w") as f:
    f.write(signed(dec))
accepted(mp, "strict: kayles in decimal")
NUMBER = "needs a decimal number below 2^64, without sign or leading zeros"
for at, line, reasons, what in (
        (5, "preperiod 071", ["'preperiod' " + NUMBER], "a field with a leading zero"),
        (13, dec[13].replace(" ", " 0", 1), ["'01' is not a value"], "a decimal value with a leading zero"),
        (10, "class 00 0 0", ["'class' needs a mask below 2^32 and two bits, split by single spaces (00 0 0)"],
         "a class number with a leading zero"),
        (13, dec[13].replace(" ", "  ", 1), ["two blanks in a row", "'' is not a value"],
         "two spaces between values"),
        (13, dec[13] + " ", ["a blank at the start or the end", "a values line holds more than"],
         "a trailing space after the values"),
        (6, dec[6] + " ", ["a blank at the start or the end", "'period' " + NUMBER], "a trailing space after a field")):
    ls = list(dec)
    ls[at] = line
    strict_refused(signed(ls), reasons, what)
first, second = dec[13].split(" "), dec[14].split(" ")
for a, b, n in ((first[:-1], first[-1:] + second, 19), (first + second[:1], second[1:], 21)):  # line 14 of n values
    strict_refused(signed(dec[:13] + [" ".join(a), " ".join(b)] + dec[15:]), ["line 14: a values line holds"],
                   "a decimal line of %d values, not the last" % n)
strict_refused(signed(klines[:13] + [klines[13][:72], klines[13][72:] + klines[14]] + klines[15:]),
               ["line 14: a base64 line of 76 characters: this one holds 72"], "a base64 line of 72 characters")
for lines, spec, want in ((klines, "tb[0.770]", "tb[0.77]"), (certificate("seq", "sub[1,3,4]", "s134.cert")[1],
                                                               "sub[4,3,1]", "sub[1,3,4]")):
    strict_refused(signed(lines[:2] + ["ruleset " + spec] + lines[3:]),
                   ["line 3: the ruleset '%s' is not written as grundy writes it ('%s')" % (spec, want)],
                   "ruleset %s over the values of %s" % (spec, want))
for extra, what in (("end\n", "a line after the checksum line"), ("\n", "an empty line after the checksum line")):
    strict_refused(ktext + extra, ["line 18: text after the checksum line: 'sha256 HEX' and its newline end the file"],
                   what)
ctext, clines = certificate("value", "cram(4,5)", "c45.cert")
strict_refused(signed(clines[:2] + ["position cram(4, 5)"] + clines[3:]),
               ["line 3: the position 'cram(4, 5)' is not written as grundy writes it ('cram(4,5)')"],
               "the position re-spelled")
ei = next(i for i, l in enumerate(clines) if l.startswith("e "))
mi = next(i for i, l in enumerate(clines) if re.match(r"m [0-9]+@[0-9]", l))
for i, line, reasons, what in (
        (ei, "e 0" + clines[ei][2:], ["'0%s' is not a decimal number" % clines[ei].split()[1],
                                      "an entry needs its value"], "an e line's value with a leading zero"),
        (mi, clines[mi].replace("@", "@0", 1), ["'0%s' is not a decimal number" % re.split("[@,]", clines[mi])[1],
                                                "a vertex map is not a list of vertices"], "a vertex map with a leading zero")):
    ls = list(clines)
    ls[i] = line
    strict_refused(signed(ls), reasons, what)


# value certificates, of boards and of state games: the writing and the mutations both kinds share
def value_certificate(term, name, case):
    """`value` (`solve` every third case) TERM --certificate: the file, which both checkers must accept and whose value
    must be grundy's; its text and its lines up to 'end', or None when grundy wrote none (a failure)"""
    path = os.path.join(tmp, name)
    cmd = "solve" if case % 3 == 0 else "value"
    r = subprocess.run([G, cmd, term, "--certificate", path], capture_output=True, text=True)
    check(r.returncode == 0, "%s --certificate %s: %r" % (cmd, term, r.stderr))
    if r.returncode != 0:
        return None
    text, lines = accepted(path, "%s: value certificate" % term)
    want = int(r.stdout.split()[0]) if cmd == "value" else int(re.search(r"value: +(\d+)", r.stdout).group(1))
    check(field(text, "value") == want, "%s: the certificate says value %s, grundy %d" % (term, field(text, "value"), want))
    return text, lines


def refused_lines(term, ls, reasons, what):
    """the lines ls, signed, refused by both checkers for one of the reasons"""
    mp = os.path.join(tmp, "m.cert")
    with open(mp, "w") as f:
        f.write(sign("\n".join(ls) + "\n"))
    refused(mp, reasons, "%s %s" % (term, what))


def refused_common(term, text, lines, prefix):
    """the mutations of every value certificate: the position's value changed, one entry's value changed (its lines
    start with prefix), the entries count off by one either way, a cut file; the entries' line numbers"""
    vi = next(i for i, l in enumerate(lines) if l.startswith("value "))
    ls = list(lines)
    ls[vi] = "value %d" % (int(lines[vi].split()[1]) + 1 + rng.randrange(3))
    refused_lines(term, ls, ["the position's value"], "value changed")
    eis = [i for i, l in enumerate(lines) if l.startswith(prefix)]
    if eis:
        i = rng.choice(eis)
        f = lines[i].split(" ")
        f[1] = str(int(f[1]) + 1 + rng.randrange(2))
        ls = list(lines)
        ls[i] = " ".join(f)
        refused_lines(term, ls, ["by the mex of its options"], "an entry's value changed")
        ni = next(j for j, l in enumerate(lines) if l.startswith("entries "))
        for d in (1, -1):
            ls = list(lines)
            ls[ni] = "entries %d" % (len(eis) + d)
            refused_lines(term, ls, ["says"], "entries count off by %d" % d)
    mp = os.path.join(tmp, "m.cert")
    with open(mp, "w") as f:
        f.write(text[:len(text) // 2])
    refused(mp, ["cut", "checksum"], "%s cut" % term)
    return eis


# value certificates: random graphs of Node Kayles and Arc Kayles, and Cram boards
def random_term():
    kind = rng.choice(["nodekayles", "arckayles", "cram", "nodekayles[grid]"])
    if kind in ("cram", "nodekayles[grid]"):
        r, c = rng.randint(1, 4), rng.randint(1, 5)
        if rng.random() < 0.5:
            return "%s(%d,%d)" % (kind, r, c)
        rows = ["".join(rng.choice("..#") for _ in range(c)) for _ in range(r)]
        return "%s(%s)" % (kind, "/".join(rows))
    n = rng.randint(1, 9)
    labels = rng.sample(range(0, 40), n)
    edges = [(a, b) for i, a in enumerate(labels) for b in labels[i + 1:] if rng.random() < 0.35]
    lone = [v for v in labels if all(v not in e for e in edges)]
    return "%s(%s)" % (kind, ",".join(["%d-%d" % e for e in edges] + [str(v) for v in lone]))


vmade = 0
for case in range(30 * scale):
    term = random_term()
    cert = value_certificate(term, "v%d.cert" % case, case)
    if not cert:
        continue
    vmade += 1
    text, lines = cert
    eis = refused_common(term, text, lines, "e ")
    # a move's line with a component: drop it, or send a vertex out of the graph
    mis = [i for i, l in enumerate(lines) if l.startswith("m ") and "@" in l]
    if mis:
        i = rng.choice(mis)
        comps = lines[i].split(" ")[1:]
        ls = list(lines)
        ls[i] = " ".join(["m"] + comps[1:])
        refused_lines(term, ls, ["do not cover", "edges left"], "a component dropped")
        j, m = comps[0].split("@")
        xs = m.split(",")
        xs[rng.randrange(len(xs))] = "63"
        ls = list(lines)
        ls[i] = " ".join(["m", "%s@%s" % (j, ",".join(xs))] + comps[1:])
        refused_lines(term, ls, ["not one of the vertices left"], "a vertex moved out")
        cur = sum(1 for k in eis if k < i) - 1
        ls = list(lines)
        ls[i] = " ".join(["m", "%d@%s" % (cur, m)] + comps[1:])
        refused_lines(term, ls, ["not below"], "a reference to itself")
    if len(eis) >= 1 and lines[eis[-1] + 1:eis[-1] + 2] and lines[eis[-1] + 1].startswith("m"):
        ls = list(lines)
        del ls[eis[-1] + 1]
        # the lines after it shift up a move: refused at the first that no longer fits
        refused_lines(term, ls, ["expected its 'm' line", "expected an entry", "by the mex", "cut",
                                 "not one of the vertices left", "do not cover", "does not map", "edges left", "not below"],
                      "an m line removed")
    # the other game
    gi = next(i for i, l in enumerate(lines) if l.startswith("game "))
    ls = list(lines)
    ls[gi] = "game arc-kayles" if lines[gi].endswith("node-kayles") else "game node-kayles"
    refused_lines(term, ls, ["does not fit", "game"], "the other game")
check(vmade >= 20 * scale, "only %d value certificates made" % vmade)

# value certificates of state games: wythoff, euclid, fib, dyn[k] and rules
RULES = ["rule[n -> n-k for k in 1..%(a)d](%(n)d)",
         "rule[n -> n-k for k in 1..n/%(b)d](%(n)d)",
         "rule[n -> a + (n-%(b)d-a) for a in 1..n-%(b)d-1](%(n)d)",
         "rule[n -> n-d for d in 1..n if d | n and d < n](%(n)d)",
         "rule[(x,y) -> (x-k,y) for k in 1..min(x,%(a)d); (x,y) -> (x,y-k) for k in 1..y if gcd(k,%(b)d) == 1](%(x)d,%(y)d)",
         "rule[(w,h) -> (i,h) + (w-i,h) for i in 2..w-2; (w,h) -> (w,j) + (w,h-j) for j in 2..h-2](%(x)d,%(y)d)",
         "rule[(s,c) -> (s,c+k) for k in 1..c*c if c+k <= s](%(n)d,%(c)d)",
         "rule[(x,y,z) -> (x-1,y,z) if x > 0 and z %% 2 == 0; (x,y,z) -> (x,y-1,z+1) if y > 0; (x,y,z) -> 0 if x == y](%(x)d,%(y)d,%(c)d)"]


def random_state_term():
    kind = rng.randrange(5)
    a, b = rng.randint(1, 4), rng.randint(1, 3)
    if kind == 0:
        return "wythoff(%d,%d)" % (rng.randint(0, 12), rng.randint(0, 12))
    if kind == 1:
        return "euclid(%d,%d)" % (rng.randint(0, 60), rng.randint(0, 60))
    if kind == 2:
        n = rng.randint(0, 30)
        return "fib(%d)" % n if rng.random() < 0.5 else "fib(%d,%d)" % (n, rng.randint(0, 35))
    if kind == 3:
        n = rng.randint(0, 30)
        return "dyn[%d](%d)" % (a, n) if rng.random() < 0.5 else "dyn[%d](%d,%d)" % (a, n, rng.randint(0, 35))
    return rng.choice(RULES) % {"a": a, "b": b, "n": rng.randint(0, 40), "x": rng.randint(0, 9), "y": rng.randint(0, 9),
                                "c": rng.randint(0, 4)}


smade = 0
for case in range(30 * scale):
    term = random_state_term()
    cert = value_certificate(term, "s%d.cert" % case, case)
    if not cert:
        continue
    smade += 1
    text, lines = cert
    sis = refused_common(term, text, lines, "s ")
    ni = next(j for j, l in enumerate(lines) if l.startswith("entries "))
    if len(sis) >= 2:
        # the first entry (a state with no option left unvalued) moved last: the entries that use it now come first
        ls = list(lines)
        first = ls.pop(sis[0])
        ls.insert(sis[-1], first)
        refused_lines(term, ls, ["earlier entry", "the position's value", "by the mex"], "an entry moved last")
        ls = list(lines)
        ls.insert(sis[-1] + 1, lines[sis[0]])
        ls[ni] = "entries %d" % (len(sis) + 1)
        refused_lines(term, ls, ["twice", "listed", "duplicate"], "an entry repeated")
        ls = list(lines)
        del ls[sis[0]]
        ls[ni] = "entries %d" % (len(sis) - 1)
        refused_lines(term, ls, ["earlier entry", "is no entry"], "an entry removed")
check(smade >= 20 * scale, "only %d state certificates made" % smade)
# a sum, and a game without value certificates, are refused with exit 2
# before anything is printed
for bad in ("cram(2,2) + kayles(3)", "kayles(5)", "place[xxx](1,6)", "place[xx; x/x](2,3)", "wythoff(1,2) + fib(3)",
            "staircase(1,2,3)", "rule[n -> n-1](3,4)", "rule[n -> (n+1) if n < 5; n -> n-1](3)", "graph[0>1,1>0](0)",
            "rule[(x,y) -> (y,x)](1,2)"):
    for cmd in ("value", "solve"):
        r = subprocess.run([G, cmd, bad, "--certificate", os.path.join(tmp, "x.cert")], capture_output=True, text=True)
        check(r.returncode == 2 and r.stderr.count("\n") == 1 and not r.stdout,
              "%s %s --certificate: %d %r %r" % (cmd, bad, r.returncode, r.stderr, r.stdout))
print("certificates: %d of random codes and subtraction sets, %d arithmetic periods, %d values of random graphs and boards, "
      "%d values of state games, accepted by both checkers, and each mutation refused by both" % (made, amade, vmade, smade))
print("certificate_test: %d checks, %d passed, %d failed" % (checks, checks - fails, fails))
sys.exit(1 if fails else 0)
