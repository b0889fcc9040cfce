"""grundy's rule language, rule[CLAUSE; ...] (docs/language.md, "Rules of your own"), read from the docs alone for
tools/check_certificate.py (standard library only). compile_rule(TEXT) gives (K, moves): K the names of the pattern,
moves(state) the options of a state (a K-tuple), each a tuple of K-tuples. Each clause becomes a Python generator:
exact integers, / and % floor, loops run to their ends as written. A result with a negative number is no move; a heap
rule (K = 1) has no move from heap 0 and leaves out its parts 0. Errors raise RuleError naming the clause."""
import math, re

TOKEN = re.compile(r"\s*(?:([0-9]+|[A-Za-z_][A-Za-z0-9_]*|->|\.\.|[<>=!]=|[-+*/%()<>|,;])|(\S))")  # 2: a bad one
KEYWORDS = {"for", "in", "if", "and", "or", "not", "min", "max", "gcd"}
LEVELS = [({"or"}, "c"), ({"and"}, "c"), ({"not"}, "c"), ({"<", "<=", ">", ">=", "==", "!=", "|"}, "n"),
          ({"+", "-"}, "n"), ({"*", "/", "%"}, "n")]  # the operators, loosest first, and their operands' kind
ENDS = ("for", "if", ";", "")  # what may follow a result
BIG = 1 << 64

class RuleError(Exception):
    pass

show = lambda tok: "'%s'" % tok if tok else "the end of the rule"

class Clause:  # PATTERN -> RESULT {for NAME in EXPR..EXPR} [if COND], from toks[at]; parse() gives (K, its source)
    def __init__(self, toks, at, number):
        self.toks, self.at, self.number, self.bound = toks, at, number, set()

    def error(self, message, *args):
        raise RuleError("rule clause %d: %s" % (self.number, message % args))

    def peek(self):
        return self.toks[self.at]

    def take(self, *want):
        tok = self.toks[self.at]
        if want and tok not in want:
            self.error("expected %s, found %s", " or ".join("'%s'" % w for w in want), show(tok))
        self.at += 1
        return tok

    def name(self, new):  # a name (new: one not bound yet), as the generator's variable
        tok = self.take()
        if not re.fullmatch(r"[A-Za-z_]\w*", tok) or tok in KEYWORDS:
            self.error("expected %s, found %s", "a name" if new else "a number, a name or '('", show(tok))
        if new == ("v_" + tok in self.bound):
            self.error("the name '%s' is %s", tok, "already bound" if new else "unknown")
        return "v_" + tok

    def need(self, pair, kind):  # the code of a (code, kind) pair that must be of kind n (number) or c (condition)
        if pair[1] != kind:
            self.error("a number is needed here, not a condition" if kind == "n" else "a condition is needed here")
        return pair[0]

    def expr(self, kind="n", d=0, ops=None):
        return self.need(self.level(d, ops), kind)

    def level(self, d, ops=None):  # (code, kind) of the operators of LEVELS[d:] (ops: others for level d)
        if d == 2:  # 'not', a prefix
            return ("(not %s)" % self.expr("c", 2), "c") if self.peek() == "not" and self.take() else self.level(3)
        if d == 6:  # '-', a number, min/max/gcd, '(', a name
            tok = self.take()
            if tok == "-":
                return "(-%s)" % self.expr("n", 6), "n"
            if tok.isdigit():
                if int(tok) >= BIG:
                    self.error("the number %s does not fit in 64 bits", tok)
                return str(int(tok)), "n"
            if tok in ("min", "max", "gcd"):
                a, _, b, _ = self.take("(") and self.expr(), self.take(","), self.expr(), self.take(")")
                return "%s(%s, %s)" % ("_gcd" if tok == "gcd" else tok, a, b), "n"
            if tok == "(":
                inner, _ = self.level(0), self.take(")")
                return inner
            self.at -= 1
            return self.name(False), "n"
        left, (default, kind) = self.level(d + 1), LEVELS[d]
        while self.peek() in (ops or default):
            op, a = self.take(), self.need(left, kind)
            b = self.expr(kind, d + 1)
            left = ("_dv(%s, %s)" % (a, b) if op == "|" else "(%s %s %s)" % (a, {"/": "//"}.get(op, op), b),
                    "c" if d < 4 else "n")
            if d == 3:  # comparisons do not chain
                break
        return left

    def part(self, k):  # one name: an expression whose top level has no '+'; else (e1, ..., ek)
        if k == 1:
            return [self.expr("n", 4, {"-"})]
        nums = [self.take("(") and self.expr()] + [self.take(",") and self.expr() for _ in range(k - 1)]
        self.take(")")
        return nums

    def parse(self):
        paren, names = self.peek() == "(" and self.take(), []  # NAME, or (NAME, ...)
        while not names or paren and self.peek() == "," and self.take():
            names.append(self.name(True))
            self.bound.add(names[-1])
        if paren and self.take(")") and len(names) > 4:
            self.error("a position has at most 4 numbers")
        start, loops, cond, k, parts = self.take("->") and self.at, [], None, len(names), []
        while self.peek() not in ENDS:  # the result is read last, when the loops' names are bound
            self.at += 1
        while self.peek() == "for" and self.take():
            v, _, lo, _, hi = self.name(True), self.take("in"), self.expr(), self.take(".."), self.expr()
            self.bound.add(v)
            loops.append((v, lo, hi))
        if self.peek() == "if" and self.take():
            cond = self.expr("c")
        if self.peek() not in (";", ""):
            self.error("expected 'for', 'if', ';' or the end of the rule, found %s", show(self.peek()))
        end, self.at = self.at, start
        if not (k > 1 and self.peek() == "0" and self.take()):  # '0' ends the component
            parts.append(self.part(k))
            while self.peek() == "+" and self.take():
                parts.append(self.part(k))
        if self.peek() not in ENDS:
            self.error("expected '+' between the parts of a sum, found %s", show(self.peek()))
        self.at, src, ind = end, ["def clause(%s):" % ", ".join(names)], "\n "
        for v, lo, hi in loops:
            src.append(ind + "for %s in range(%s, %s + 1):" % (v, lo, hi))
            ind += " "
        src.append((ind + "if %s:" % cond if cond else "") + ind + " yield (%s)" % "".join(
            "(%s,)," % ", ".join(p) for p in parts))
        return k, "".join(src)

def compile_rule(text):
    pairs = TOKEN.findall(text)
    bad = next((b for t, b in pairs if b), None)
    if bad:
        raise RuleError("rule: '%s' is not part of the rule language" % bad)
    toks, at, clauses, k = [t for t, b in pairs] + [""], 0, [], None
    try:
        while not clauses or toks[at] and toks[at + 1]:  # ';' between clauses, one at the end allowed
            c = Clause(toks, at + bool(clauses), len(clauses) + 1)
            kc, src = c.parse()
            if k and kc != k:
                c.error("its pattern has %d numbers, the first clause's has %d", kc, k)
            ns = {"__builtins__": {}, "range": range, "min": min, "max": max, "_gcd": math.gcd,
                  "_dv": lambda a, b: b % a == 0 if a else b == 0}
            exec(compile(src, "rule clause %d" % len(clauses), "exec"), ns)
            clauses.append(ns["clause"])
            k, at = kc, c.at
    except (RecursionError, SyntaxError, MemoryError):  # Python's own limits (nesting)
        raise RuleError("rule clause %d: nested too deeply for this checker" % (len(clauses) + 1))

    def moves(state):
        out = []
        for number, clause in enumerate(clauses if k > 1 or state[0] else [], 1):  # heap 0: no move
            try:
                for opt in clause(*state):
                    flat = [x for p in opt for x in p]
                    lo, hi = min(flat, default=0), max(flat, default=0)
                    if hi >= BIG or lo <= -BIG:
                        raise RuleError("rule clause %d: a number past 2^64 - 1 at %s" % (number, state))
                    if lo >= 0:
                        out.append(tuple(p for p in opt if p[0]) if k == 1 else opt)
            except ZeroDivisionError:
                raise RuleError("rule clause %d: a division by zero at %s" % (number, state))
        return out
    return k, moves
