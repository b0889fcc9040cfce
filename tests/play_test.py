#!/usr/bin/env python3
"""Tests `grundy play` as a player would, through its stdin and stdout.

1. The moves `?` lists are the options, by the rules written out here in
   Python (nim, subtraction sets, Kayles, Dawson's Kayles, Wythoff), and
   every typed move is accepted exactly when it is one of them: random
   options (written `i: TERM`, as the whole position, or `#N`) and random
   non-options.
2. Whether `hint` offers a move agrees with `grundy solve --json`'s
   outcome, in normal, misère, Every-SG and Moore play.
3. A scripted player who follows the hints from a won position beats
   grundy, and one who plays random moves from a lost position loses to
   it: grundy plays perfectly to the end.
4. Illegal moves get their reasons; bad arguments exit 2.
5. Under a real terminal (tmux: send-keys, capture-pane) the prompt,
   a refused move, a hint and a move work as they do through a pipe.

Seeded (GRUNDY_TEST_SEED, GRUNDY_TEST_SCALE). Usage: play_test.py GRUNDY."""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

from checks import Checks

G = sys.argv[1]
check = Checks(58)
rng, scale = check.rng, check.scale
PROMPT = "your move> "


def solve(pos, *mode):
    p = subprocess.run([G, "solve", "--json", *mode, pos], capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        raise RuntimeError(f"solve {mode} {pos}: {p.stderr}")
    return json.loads(p.stdout)


class Game:
    """grundy play, driven a line at a time through pipes"""

    def __init__(self, pos, *mode):
        self.p = subprocess.Popen([G, "play", pos, *mode], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        self.out = ""
        self.last = self.until_prompt()

    def until_prompt(self):
        """the output up to the next prompt (or the end); None at the end"""
        start = len(self.out)
        buf = b""
        while True:
            c = self.p.stdout.read1(4096) if hasattr(self.p.stdout, "read1") else self.p.stdout.read(1)
            if not c:
                self.out += buf.decode()
                self.ended = True
                return self.out[start:]
            buf += c
            if buf.decode(errors="replace").endswith(PROMPT):
                self.out += buf.decode()
                self.ended = False
                return self.out[start:]

    def say(self, line):
        if self.ended:
            return ""
        self.p.stdin.write((line + "\n").encode())
        self.p.stdin.flush()
        self.last = self.until_prompt()
        return self.last

    def close(self):
        if not self.ended:
            self.p.stdin.close()
            self.until_prompt()
        self.p.wait(timeout=60)
        return self.p.returncode


def position_of(text):
    """the last `position:` line of some output"""
    m = re.findall(r"^position: (.*)$", text, re.M)
    return m[-1] if m else None


# ---- 1. the listed moves are the options, and exactly they are accepted ----

def opts_heap(rule, n):
    """the options of one heap, each a sorted tuple of the non-empty heaps it leaves"""
    out = set()
    if rule == "nim":
        for m in range(n):
            out.add((m,) if m else ())
    elif rule.startswith("sub"):
        for s in map(int, rule[4:-1].split(",")):
            if s <= n:
                out.add((n - s,) if n - s else ())
    else:  # kayles: take 1 or 2 adjacent pins; Dawson's Kayles (tb[0.07]): take 2 adjacent pins
        takes = (1, 2) if rule == "kayles" else (2,)
        for t in takes:
            for a in range(0, n - t + 1):
                b = n - t - a
                out.add(tuple(sorted(x for x in (a, b) if x)))
    return out


def term_text(rule, heaps):
    if rule == "nim":
        return str(heaps[0]) if heaps else "0"
    return f"{rule}({','.join(map(str, heaps)) if heaps else '0'})"


def key(rule, heaps):
    return (rule, tuple(sorted(h for h in heaps if h)))


def options_of(terms):
    """every position one move away, as sorted tuples of term keys (empty terms dropped)"""
    out = set()
    for i, (rule, heaps) in enumerate(terms):
        for j, h in enumerate(heaps):
            for o in opts_heap(rule, h):
                nt = list(terms)
                nt[i] = (rule, heaps[:j] + list(o) + heaps[j + 1:])
                out.add(pos_key(nt))
    return out


def pos_key(terms):
    """a sum of heaps as the multiset of its (rule, heap) pairs: which term a
    heap sits in does not change the game (two terms of one rule may trade
    heaps when a whole position is typed)"""
    return tuple(sorted((r, x) for r, h in terms for x in h if x))


def parse_listed(text):
    """the positions `?` lists, as keys"""
    return re.findall(r"^  #(\d+)  term (\d+): (.*) -> (.*?)(?:  [PND](?: \d+)?)?$", text, re.M)


def parse_pos(text):
    terms = []
    for t in text.split(" + "):
        m = re.fullmatch(r"(.*)\((.*)\)", t)
        if m:
            terms.append((m.group(1), [int(x) for x in m.group(2).split(",")]))
        else:
            terms.append(("nim", [int(t)]))
    return terms


RULES = ["nim", "kayles", "tb[0.07]", "sub[1,3,4]", "sub[2,5]"]
cases = 40 * scale
seen = {True: 0, False: 0}  # typed moves that are legal, and not
for _ in range(cases):
    terms = []
    for _ in range(rng.randrange(1, 4)):
        r = rng.choice(RULES)
        terms.append((r, [rng.randrange(1, 9) for _ in range(1 if r == "nim" else rng.randrange(1, 3))]))
    pos = " + ".join(term_text(r, h) for r, h in terms)
    want = options_of(terms)
    g = Game(pos)
    listed = parse_listed(g.say("?"))
    if len(want) <= 40:
        got = set()
        for _, i, frm, to in listed:
            nt = list(terms)
            nt[int(i) - 1] = parse_pos(to)[0] if " + " not in to else None
            got.add(pos_key(nt))
        # the list may hold one option twice (two ways to the same heaps); as a set it is the options
        check(got == want, f"{pos}: ? lists {sorted(got)}, the options are {sorted(want)}")
    # random typed moves: options in three forms, and non-options
    for _ in range(6):
        if g.ended:
            break  # the game ended at a position with no move
        cur = parse_pos(position_of(g.out))
        want = options_of(cur)
        form = rng.randrange(4)
        i = rng.randrange(len(cur))
        r, heaps = cur[i]
        if form == 3:
            # a random change of term i: legal exactly when it is an option
            nh = [max(0, h + rng.choice([-3, -2, -1, 1])) for h in heaps]
            nt = list(cur)
            nt[i] = (r, nh)
            legal = pos_key(nt) in want
            line = f"{i + 1}: {term_text(r, nh)}"
        else:
            j = rng.randrange(len(heaps))
            opts = sorted(opts_heap(r, heaps[j]))
            if not heaps[j] or not opts:
                continue
            o = rng.choice(opts)
            nt = list(cur)
            nt[i] = (r, heaps[:j] + list(o) + heaps[j + 1:])
            legal = True
            if form == 0:
                line = f"{i + 1}: {term_text(r, nt[i][1])}"
            elif form == 1:
                line = " + ".join(term_text(rr, hh) for rr, hh in nt)
            else:
                listed = parse_listed(g.say("?"))
                pick = None
                for n_, ti, frm, to in listed:
                    cand = list(cur)
                    cand[int(ti) - 1] = parse_pos(to)[0]
                    if pos_key(cand) == pos_key(nt):
                        pick = n_
                if pick is None:
                    continue
                line = f"#{pick}"
        before = position_of(g.out)
        out = g.say(line)
        refused = "illegal move:" in out
        seen[legal] += 1
        check(refused != legal, f"{before}: `{line}` {'refused' if refused else 'accepted'}: {out.strip()[:200]}")
        if g.ended:
            break
        if not refused:
            # grundy answered: its move is one of the options of the position it got
            mine = pos_key(parse_pos(re.findall(r"^position: (.*)$", out, re.M)[0]))
            check(mine == pos_key(nt), f"{before}: `{line}` left {mine}, not {pos_key(nt)}")
            after = position_of(out)
            if after and "grundy:" in out:
                check(pos_key(parse_pos(after)) in options_of(parse_pos(
                    re.findall(r"^position: (.*)$", out, re.M)[0])), f"grundy's move {after} is not an option")
    g.close()

check(seen[True] > cases and seen[False] > cases // 4, f"typed moves: {seen[True]} legal, {seen[False]} illegal")
print(f"typed moves: {seen[True]} legal, {seen[False]} illegal, each accepted or refused as the rules say")

# Wythoff: the moves `?` lists are the options by the rules
for _ in range(10 * scale):
    a, b = rng.randrange(0, 7), rng.randrange(0, 7)
    want = {(a - k, b) for k in range(1, a + 1)} | {(a, b - k) for k in range(1, b + 1)} | \
        {(a - k, b - k) for k in range(1, min(a, b) + 1)}
    g = Game(f"wythoff({a},{b})")
    got = {tuple(map(int, re.fullmatch(r"wythoff\((\d+),(\d+)\)", to).groups()))
           for _, _, _, to in parse_listed(g.say("?"))} if want else set()
    check(got == want or (len(want) > 40 and got <= want), f"wythoff({a},{b}): ? lists {sorted(got)}, not {sorted(want)}")
    g.close()

# ---- 2 and 3. hints agree with the solver; grundy plays perfectly ----

def random_position(mode):
    if mode and mode[0] == "--moore":
        return " + ".join(str(rng.randrange(0, 7)) for _ in range(rng.randrange(1, 5)))
    parts = []
    for _ in range(rng.randrange(1, 4)):
        r = rng.choice(RULES + ["hb"])
        if r == "hb":
            # a random tree: vertex v > 0 hangs from a smaller one
            n = rng.randrange(1, 5)
            parts.append("hackenbush(" + ",".join(f"{rng.randrange(0, v)}-{v}" for v in range(1, n + 1)) + ")")
        else:
            parts.append(term_text(r, [rng.randrange(1, 7)]))
    return " + ".join(parts)


def hint_moves(text):
    m = re.search(r"^hint: (?:a winning move:|winning moves:|the winning move is) (.*)$", text, re.M)
    if not m:
        return None
    return [(int(i), to) for i, to in re.findall(r"term (\d+): .*? -> ([^;]*)", m.group(1))]


MODES = [(), ("--misere",), ("--every",), ("--moore", "2")]
for _ in range(12 * scale):
    mode = rng.choice(MODES)
    pos = random_position(mode)
    if mode == ("--every",):
        pos = " + ".join(p for p in pos.split(" + ") if not p.startswith("hackenbush")) or "3"
    s = solve(pos, *mode)
    g = Game(pos, *mode)
    hm = hint_moves(g.say("hint"))
    check((hm is not None) == (s["outcome"] == "N"), f"{mode} {pos}: hint {hm} but solve says {s['outcome']}")
    won = hm is not None
    for _ in range(200):
        if g.ended:
            break
        if won:
            hm = hint_moves(g.say("hint"))
            if hm is None:
                check(False, f"{mode} {pos}: following the hints reached {position_of(g.out)} with no winning move")
                break
            g.say("; ".join(f"{i}: {to}" for i, to in hm))
        else:
            if mode in ((), ("--misere",)):
                listed = parse_listed(g.say("?"))
                if not listed:
                    break
                g.say("#" + rng.choice(listed)[0])
            else:
                # Every-SG and Moore: a random term that can move goes down by one (Every-SG: every such term)
                cur = parse_pos(position_of(g.out))
                if mode[0] == "--moore":
                    live = [i for i, (_, h) in enumerate(cur) if h[0]]
                    i = rng.choice(live)
                    g.say(f"{i + 1}: {cur[i][1][0] - 1}")
                else:
                    moves = []
                    for i, (r, h) in enumerate(cur):
                        o = sorted(options_of([(r, h)]))
                        if o:
                            left = rng.choice(o)
                            moves.append(f"{i + 1}: {term_text(r, [x for _, x in left])}")
                    g.say("; ".join(moves))
            check("illegal move" not in g.last, f"{mode} {pos}: a scripted move was refused: {g.last.strip()[:200]}")
    g.close()
    end = g.out.strip().splitlines()[-1] if g.out.strip() else ""
    if won:
        check(re.search(r"you made the last move and win|so you win", end) is not None,
              f"{mode} {pos}: following the hints did not win: {end}")
    else:
        check(re.search(r"grundy made the last move and wins|so grundy wins|has no move", end) is not None,
              f"{mode} {pos}: grundy lost a won game: {end}")

# grundy first: from a won position it wins against any moves
for _ in range(6 * scale):
    pos = random_position(())
    s = solve(pos)
    g = Game(pos, "--first", "grundy")
    for _ in range(200):
        if g.ended:
            break
        listed = parse_listed(g.say("?"))
        if not listed:
            break
        g.say("#" + rng.choice(listed)[0])
    g.close()
    end = g.out.strip().splitlines()[-1]
    if s["outcome"] == "N":
        check("grundy made the last move and wins" in end or "has no move" in end, f"--first grundy {pos}: {end}")
    check("grundy:" in g.out or "has no move" in g.out, f"--first grundy {pos}: grundy never moved")

# Every-SG: a move typed term by term keeps each term's own ruleset (a
# second term was once rebuilt with the first term's ruleset)
g = Game("sub[2,5](2) + sub[1,3,4](6)", "--every")
out = g.say("1: sub[2,5](0); 2: sub[1,3,4](2)")
check("position: 0 + sub[1,3,4](2)" in out, f"every: the typed move left {position_of(out)!r}")
g.close()

# ---- 3b. remoteness: grundy wins as fast as it can against a player who
# delays (the `?` move leaving the most moves), and the game takes exactly
# the remoteness `solve --remoteness` gives; normal and misère play ----
def listed_remote(text):
    return [(n_, outc, int(r)) for n_, outc, r in re.findall(r"^  #(\d+)  term \d+: .* -> .*  ([PN]) (\d+)$", text, re.M)]


games_timed = 0
for _ in range(30 * scale):
    mode = rng.choice([(), ("--misere",)])
    parts = [term_text(r, [rng.randrange(1, 6)]) for r in (rng.choice(RULES) for _ in range(rng.randrange(1, 3)))]
    pos = " + ".join(parts)
    p = subprocess.run([G, "solve", "--remoteness", "--json", *mode, pos], capture_output=True, text=True, timeout=120)
    rm = json.loads(p.stdout)
    if rm["outcome"] != "P":
        continue  # the player moving first must be the loser
    g = Game(pos, *mode)
    moves = 0
    for _ in range(200):
        if g.ended:
            break
        lst = listed_remote(g.say("?"))
        if not lst:
            break
        # every move of a lost position leaves a won one; delay: the largest remoteness
        check(all(o == "N" for _, o, _ in lst), f"{mode} {pos}: a lost position lists a move to P: {lst}")
        pick = max(lst, key=lambda t: t[2])
        out = g.say("#" + pick[0])
        moves += 1 + ("grundy:" in out)
    check(moves == rm["remoteness"], f"{mode} {pos}: the game took {moves} moves, remoteness {rm['remoteness']}")
    games_timed += 1
    g.close()
print(f"remoteness: {games_timed} lost starts played out against grundy, each as long as its remoteness")

# ---- 4. reasons and errors ----

def transcript(pos, lines, *mode):
    p = subprocess.run([G, "play", pos, *mode], input="\n".join(lines) + "\n", capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


REASONS = [
    ("kayles(5) + 3", ["2: 9"], (), "a nim heap of 3 cannot become 9"),
    ("kayles(5) + 3", ["1: kayles(4,1)"], (), "in kayles a heap of 5 cannot become 1,4: that is not one of its options"),
    ("kayles(5) + 3", ["1: 4"], (), "term 1 is a kayles term: a move does not turn it into a nim term"),
    ("kayles(5) + 3", ["4: 1"], (), "there is no term 4: the position has 2 terms"),
    ("kayles(5) + 3", ["kayles(5) + 3"], (), "that is the position as it stands"),
    ("kayles(5) + 3", ["kayles(4) + 2"], (), "that changes 2 terms"),
    ("kayles(5) + 3", ["kayles(5) + 3 + 4"], (), "that only adds terms"),
    ("kayles(5) + 3", ["1: kayles(5"], (), "at column"),
    ("kayles(5) + 3", ["#99"], (), "there is no move #99"),
    ("3 + 4", ["1: 2"], ("--every",), "term 2 must move too"),
    ("3 + 4 + 5", ["1: 2; 2: 1; 3: 0"], ("--moore", "2"), "that changes 3 heaps: in Nim-2 a move takes from 1 to 2 heaps"),
    ("3 + 4", ["1: 5"], ("--moore", "1"), "a heap can only get smaller"),
    ("wythoff(3,5)", ["1: wythoff(1,2)"], (), "wythoff(3,5) cannot become wythoff(1,2): that is not one of its moves"),
    ("1000000000000 + 5", ["1: 5", "quit"], (), "position: 5 + 5"),
    # a heap too large to list its options: the move is checked by the rule itself
    ("kayles(1000000000000)", ["1: kayles(2,999999999996)", "quit"], (), "position: kayles(2,999999999996)\ngrundy:"),
    ("kayles(1000000000000)", ["1: kayles(3,999999999994)", "quit"], (),
     "in kayles a heap of 1000000000000 cannot become 3,999999999994: that is not one of its options"),
    ("lasker(1000000000000)", ["1: lasker(1,999999999999)", "quit"], (), "position: lasker(1,999999999999)\ngrundy:"),
    ("lasker(1000000000000)", ["1: lasker(1,999999999998)", "quit"], (), "that is not one of its options"),
    ("coprime(1000000000000)", ["1: coprime(999999999997)", "quit"], (), "position: coprime(999999999997)\ngrundy:"),
    ("coprime(1000000000000)", ["1: coprime(999999999998)", "quit"], (), "that is not one of its options"),
    # a heap may split into any number of heaps, and a split may be written as a sum
    ("rule[n -> 1 + 1 + 1 + 1 if n == 5; n -> n-1](5)", ["1: rule[n -> 1 + 1 + 1 + 1 if n == 5; n -> n-1](1,1,1,1)", "quit"],
     (), "position: rule[n -> 1 + 1 + 1 + 1 if n == 5; n -> n-1](1,1,1,1)\n"),
    ("rule[n -> 1 + 1 + 1 + 1 if n == 5; n -> n-1](5)", ["1: rule[n -> 1 + 1 + 1 + 1 if n == 5; n -> n-1](1,1,2)"], (),
     "a heap of 5 cannot become 1,1,2: that is not one of its options"),
    ("kayles(5) + 3", ["kayles(1) + kayles(3) + 3", "quit"], (), "position: kayles(1,3) + 3\ngrundy:"),
    ("kayles(5,2) + 3", ["1: kayles(1) + kayles(3)"], (), "2 heaps of term 1 change: a move changes one heap"),
    ("kayles(5) + 3", ["1: kayles(1,1,1,1)"], (), "in kayles a heap of 5 cannot become 1,1,1,1"),
]
for pos, lines, mode, want in REASONS:
    rc, out, err = transcript(pos, lines, *mode)
    check(rc == 0 and want in out, f"{pos} {lines} {mode}: want '{want}', got rc {rc}: {out[-300:]} {err}")

for args, want in [(["play"], "missing POSITION"), (["play", "3", "--first", "you"], "--first takes 'me' or 'grundy'"),
                   (["play", "-"], "play reads the moves from stdin"), (["play", "3", "--json"], "no --json"),
                   (["play", "3", "--every", "--moore", "2"], "choose one of"), (["play", "kayles(5"], "column"),
                   (["play", "kayles(5)", "--moore", "2"], "nim")]:
    p = subprocess.run([G, *args], input="", capture_output=True, text=True, timeout=60)
    check(p.returncode == 2 and want in p.stderr, f"{args}: want exit 2 and '{want}', got {p.returncode}: {p.stderr}")

# the end of input stops the game cleanly; a position with no move ends at once
rc, out, _ = transcript("0", [])
check(rc == 0 and "The position has no move: you, to move, lose" in out, f"play 0: {out}")
rc, out, _ = transcript("0", [], "--misere")
check(rc == 0 and "The position has no move: you, to move, win" in out, f"play 0 --misere: {out}")
rc, out, _ = transcript("3 + 4", [])
check(rc == 0 and "end of input" in out, f"play with no moves typed: {out}")

# ---- 5. a real terminal ----

tmux = shutil.which("tmux")
if not tmux:
    print("tmux: not installed, terminal test skipped")
else:
    sock = os.path.join(tempfile.mkdtemp(), "sock")
    T = [tmux, "-S", sock]

    def screen():
        return subprocess.run(T + ["capture-pane", "-p", "-t", "play"], capture_output=True, text=True).stdout

    def wait_for(text, timeout=20):
        end = time.time() + timeout
        while time.time() < end:
            s = screen()
            if text in s:
                return s
            time.sleep(0.1)
        return screen()

    subprocess.run(T + ["new-session", "-d", "-s", "play", "-x", "160", "-y", "50",
                        f"{G} play 'kayles(5) + 3'; echo EXIT=$?; sleep 30"], check=True)
    try:
        s = wait_for(PROMPT)
        check("position: kayles(5) + 3" in s and s.rstrip().endswith(PROMPT.rstrip()), f"tmux: no prompt:\n{s}")
        subprocess.run(T + ["send-keys", "-t", "play", "2: 9", "Enter"])
        s = wait_for("illegal move")
        check("a nim heap of 3 cannot become 9" in s, f"tmux: refused move:\n{s}")
        subprocess.run(T + ["send-keys", "-t", "play", "hint", "Enter"])
        s = wait_for("hint:")
        check("term 1: kayles(5) -> kayles(3)" in s, f"tmux: hint:\n{s}")
        subprocess.run(T + ["send-keys", "-t", "play", "1: kayles(3)", "Enter"])
        s = wait_for("grundy:")
        check("position: kayles(3) + 3" in s and "grundy: term" in s, f"tmux: move:\n{s}")
        # at a terminal the typed line is not echoed twice
        check(s.count("your move> 1: kayles(3)") == 1 and "\n1: kayles(3)\n" not in s, f"tmux: the move is echoed:\n{s}")
        subprocess.run(T + ["send-keys", "-t", "play", "quit", "Enter"])
        s = wait_for("EXIT=")
        check("EXIT=0" in s and "the game stops" in s, f"tmux: quit:\n{s}")
    finally:
        subprocess.run(T + ["kill-server"], capture_output=True)

check.finish("play_test")
