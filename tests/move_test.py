#!/usr/bin/env python3
"""Tests `grundy move POSITION --json`, the move perfect play makes, against
a brute force written out here in Python (sums of nim heaps and Kayles rows,
whole-sum search):

1. normal and misère play: the outcome and remoteness of the position, the
   options (every position one move leaves, each with its outcome and
   remoteness) and grundy's move: from a won position a win of least
   remoteness, from a lost one a move of largest remoteness;
2. Every-SG and Moore's Nim-k: grundy's move from a won position leaves a
   position `solve` calls lost (P);
3. a position with no move is over (lost in normal play, won in misère);
   bad positions and options exit 2 with one line.

Seeded (GRUNDY_TEST_SEED, GRUNDY_TEST_SCALE). Usage: move_test.py GRUNDY."""
import json
import re
import subprocess
import sys
from functools import lru_cache

from checks import Checks

G = sys.argv[1]
check = Checks(36)
rng, scale = check.rng, check.scale


def run(*args):
    p = subprocess.run([G, *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def move(pos, *mode):
    rc, out, err = run("move", "--json", "--max-moves", "0", *mode, pos)
    if rc != 0:
        raise RuntimeError(f"move {mode} {pos}: {err}")
    return json.loads(out)


def parse(text):
    """a sum of nim heaps and kayles(...) rows -> sorted tuple of (game, heap), empty heaps left out"""
    items = []
    for term in text.split("+"):
        term = term.strip()
        m = re.fullmatch(r"kayles\(([\d,]*)\)", term)
        if m:
            items += [("k", int(h)) for h in m.group(1).split(",") if h and int(h) > 0]
        elif int(term) > 0:
            items.append(("n", int(term)))
    return tuple(sorted(items))


def options(state):
    seen = set()
    for i, (g, h) in enumerate(state):
        rest = state[:i] + state[i + 1:]
        if g == "n":
            parts = [[("n", x)] for x in range(h)]
        else:
            parts = [[("k", a), ("k", h - t - a)] for t in (1, 2) for a in range(h - t + 1)]
        for p in parts:
            s = tuple(sorted(rest + tuple(x for x in p if x[1] > 0)))
            if s not in seen:
                seen.add(s)
                yield s


@lru_cache(maxsize=None)
def remote(state, misere):
    """(wins, remoteness) for the player to move"""
    opts = list(options(state))
    if not opts:
        return (misere, 0)
    res = [remote(o, misere) for o in opts]
    lost = [r for w, r in res if not w]
    if lost:
        return (True, 1 + min(lost))
    return (False, 1 + max(r for _, r in res))


def random_pos():
    terms = []
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.5:
            terms.append(str(rng.randint(0, 5)))
        else:
            terms.append("kayles(%s)" % ",".join(str(rng.randint(0, 6)) for _ in range(rng.randint(1, 2))))
    return " + ".join(terms)


def normal_and_misere(pos, misere):
    mode = ("--misere",) if misere else ()
    j = move(pos, *mode)
    state = parse(pos)
    wins, r = remote(state, misere)
    opts = list(options(state))
    what = f"{pos} {'misere' if misere else 'normal'}"
    check(j["play"] == ("misere" if misere else "normal"), f"{what}: play {j['play']}")
    check(j["over"] == (not opts), f"{what}: over {j['over']}")
    check(j["outcome"] == ("N" if wins else "P"), f"{what}: outcome {j['outcome']}, brute force wins={wins}")
    check(j.get("remoteness") == r, f"{what}: remoteness {j.get('remoteness')}, brute force {r}")
    listed = sorted(parse(o["position"]) for o in j["options"])
    check(j["options_complete"] and set(listed) == set(opts), f"{what}: options {listed} vs {sorted(opts)}")
    for o in j["options"]:
        w2, r2 = remote(parse(o["position"]), misere)
        check(o["outcome"] == ("N" if w2 else "P") and o["remoteness"] == r2,
              f"{what}: option {o['position']} {o['outcome']} {o['remoteness']} vs {w2} {r2}")
    if not opts:
        check(j["outcome"] == ("N" if misere else "P") and "move" not in j, f"{what}: over")
        return
    after = parse(j["position_after"])
    check(after in opts, f"{what}: grundy's move to {j['position_after']} is not an option")
    w2, r2 = remote(after, misere)
    if wins:
        check(not w2 and r2 == r - 1 and j["reason"] == "fastest-win", f"{what}: not the fastest win: {j}")
    else:
        check(w2 and r2 == r - 1 and j["reason"] == "longest", f"{what}: not the longest game: {j}")


def solve_outcome(pos, *mode):
    rc, out, err = run("solve", "--json", *mode, pos)
    return json.loads(out)["outcome"] if rc == 0 else None


def every_and_moore(pos, mode):
    j = move(pos, *mode)
    if j["over"]:
        check(solve_outcome(pos, *mode) == "P", f"{pos} {mode}: over but not P")
        return
    won = solve_outcome(pos, *mode) == "N"
    check(j["outcome"] == ("N" if won else "P"), f"{pos} {mode}: outcome {j['outcome']} vs solve")
    if won:
        check(solve_outcome(j["position_after"], *mode) == "P", f"{pos} {mode}: move to {j['position_after']} not winning")
    if mode[0] == "--every":
        check(len(j["options"]) == len(pos.split("+")), f"{pos}: every term's options")


for _ in range(60 * scale):
    pos = random_pos()
    normal_and_misere(pos, False)
    normal_and_misere(pos, True)
for _ in range(15 * scale):
    every_and_moore(random_pos(), ("--every",))
    heaps = " + ".join(str(rng.randint(0, 7)) for _ in range(rng.randint(1, 4)))
    every_and_moore(heaps, ("--moore", str(rng.randint(1, 3))))

# over, and bad input
j = move("0 + kayles(0)")
check(j["over"] and j["outcome"] == "P" and j["remoteness"] == 0, f"over: {j}")
j = move("0", "--misere")
check(j["over"] and j["outcome"] == "N", f"over, misère: {j}")
for args, want in [(("move", "kayles("), "at column 8"), (("move", "--every", "--misere", "3"), "choose one"),
                   (("move", "-3"), "negative"), (("move", "3", "--max-moves", "x"), "--max-moves")]:
    rc, out, err = run(*args)
    check(rc == 2 and err.count("\n") == 1 and want in err and not out, f"{args}: rc {rc}, {err!r}")
rc, out, err = run("move", "kayles(4) + 3")
check(rc == 0 and "grundy plays term 2: 3 -> 1" in out and "P: 4 more moves" in out, f"human form: {out}")
check.finish("move_test")
