"""Tests of positions given as data (gr_position_new + gr_position_add_term):
a list of terms, or a Position, must give what the same position as text
gives, a refused term is named by its index, and a long list is built
quickly and stops on Ctrl-C."""

import os

import pytest

import grundy
from grundy import GrundyError


RULE_HEAP = "rule[n -> n-k for k in 1..3]"
RULE_BOX = "rule[(s,c) -> (s,c+k) for k in 1..c*c if c+k <= s]"
DATA_CASES = [  # (terms, the same position as text)
    ([3, 4, 5], "3 + 4 + 5"),
    ([0], "0"),
    ([("kayles", 7), 5], "kayles(7) + 5"),
    ([("kayles", [3, 4]), ("kayles", (2,))], "kayles(3,4) + kayles(2)"),
    ([("sub[1,2,4]", 20), ("sub[1,2,4]", 13), 6], "sub[1,2,4](20) + sub[1,2,4](13) + 6"),
    ([("dawson", 9), ("lasker", 6), ("tb[0.07]", 12)], "dawson(9) + lasker(6) + tb[0.07](12)"),
    ([("wythoff", (3, 5))], "wythoff(3,5)"),
    ([("wythoff", [4, 7]), 2], "wythoff(4,7) + 2"),
    ([("hackenbush", [(0, 1), (1, 2), (2, 0)])], "hackenbush(0-1,1-2,2-0)"),
    ([("hackenbush", [(0, 1, 3), (1, 2, 2)]), 1], "hackenbush(0-1:3,1-2:2) + 1"),
    ([("hackenbush", [0, 1, 1, 1, 2, 1, 1, 3, 1])], "hackenbush(0-1,1-2,1-3)"),
    ([("hackenbush[1]", [(1, 2), (2, 3)]), ("hackenbush", [])], "hackenbush[1](1-2,2-3) + hackenbush()"),
    ([(RULE_HEAP, 9), (RULE_BOX, (10, 3))], "%s(9) + %s(10,3)" % (RULE_HEAP, RULE_BOX)),
    ([("kayles", 10**18), ("dawson", 10**18)], "kayles(10^18) + dawson(10^18)"),
    ([("fib", 10)], "fib(10)"),
    ([("dyn[3]", 100)], "dyn[3](100)"),
    ([("graph[0>1,1>2,0>2]", 0), ("graph[0>1,1>2,0>2]", 1)], "graph[0>1,1>2,0>2](0) + graph[0>1,1>2,0>2](1)"),
    ([("nim", 5), 1, 1], "nim(5) + 1 + 1"),
]
PLAYS = [{}, {"misere": True}, {"every": True}, {"moore": 2}, {"max_moves": 0}]


def answer(fn, *args, **kw):
    """A call's result, or its error as comparable data."""
    try:
        return ("ok", fn(*args, **kw))
    except GrundyError as e:
        return ("error", e.status, e.message)


@pytest.mark.parametrize("terms,text", DATA_CASES)
def test_position_as_data_is_its_text(terms, text):
    ctx = grundy.Context()
    assert ctx.value(terms) == ctx.value(text) == grundy.value(terms)
    for kw in PLAYS:
        want = answer(ctx.solve, text, **kw)
        for form in (terms, tuple(terms), grundy.Position(terms), iter(terms)):
            assert answer(ctx.solve, form, **kw) == want, (form, kw)
    assert answer(grundy.solve, terms, True) == answer(grundy.solve, text, True)
    ctx.close()


def test_position_as_data_with_games_of_your_own():
    ctx = grundy.Context()
    ctx.define("split", lambda n: [(a, n - a) for a in range(1, n) if 2 * a < n], splits=True)
    ctx.define("walk", lambda x, y: [(x - 1, y)] * (x > 0) + [(x, y - 1)] * (y > 0), heap=False,
               check=lambda x, y: x < 100)
    terms = [("split", 20), ("kayles", 4), ("walk", (3, 4))]
    text = "split(20) + kayles(4) + walk(3,4)"
    assert ctx.value(terms) == ctx.value(text)
    assert ctx.solve(terms) == ctx.solve(text)
    with pytest.raises(GrundyError) as e:
        ctx.value([1, ("walk", (100, 1))])
    assert e.value.term == 1 and "index 1" in str(e.value)

    def boom(x, y):
        raise ZeroDivisionError("from check")
    ctx.define("boom", lambda x, y: [], heap=False, check=boom)
    with pytest.raises(ZeroDivisionError):
        ctx.value([("boom", (1, 2))])
    assert ctx.value([("kayles", 4)]) == 1  # the context is still usable
    ctx.close()


def test_position_class():
    P = grundy.Position
    p = P([("kayles", 7)]) + 5
    assert p == P([("kayles", 7), 5]) and len(p) == 2 and list(p) == [("kayles", 7), 5]
    assert p.terms == (("kayles", 7), 5)
    q = 1 + p + ("wythoff", (1, 2)) + [3, 4] + P([6])
    assert q.terms == (1, ("kayles", 7), 5, ("wythoff", (1, 2)), 3, 4, 6)
    assert [2] + p == P([2, ("kayles", 7), 5])
    assert repr(p) == "Position([('kayles', 7), 5])"
    assert repr(P(range(20))) == "Position([0, 1, 2, 3, 4, 5, ... (20 terms)])"
    assert P(p) == p and P() == P([]) and p != [("kayles", 7), 5]
    assert grundy.value(p) == grundy.value("kayles(7) + 5") == 7
    assert grundy.value(P()) == 0 and grundy.solve([])["terms"] == 0
    assert grundy.value(range(8)) == 0  # any iterable of terms
    with pytest.raises(GrundyError):
        P("kayles(7)")
    with pytest.raises(GrundyError):
        P(7)


REFUSED = [  # (position, index of the refused term, status)
    ([("wythoff", 3)], 0, "invalid"),
    ([1, 2, ("foo", 3)], 2, "parse"),
    ([1, ("sub[1,x]", 3)], 1, "parse"),
    ([("kayles", -1)], 0, "range"),
    ([5, 1 << 64], 1, "range"),
    ([("kayles", [])], 0, "invalid"),
    ([("kayles", [(1, 2)])], 0, "invalid"),  # edges are for hackenbush only
    ([3, "kayles(3)"], 1, "invalid"),
    ([("hackenbush", [0, 1])], 0, "invalid"),
    ([("hackenbush", [(0, 1, 0)])], 0, "invalid"),
    ([("hackenbush", [(0, 1, 2, 3)])], 0, "invalid"),
    ([("hackenbush", [(0, 1), 1, 2, 3])], 0, "invalid"),
    ([0, 0, 0, True], 3, "invalid"),
    ([1.5], 0, "invalid"),
    ([("kayles", "7")], 0, "invalid"),
    ([("kayles", 1, 2)], 0, "invalid"),
    (("kayles", 3), 0, "invalid"),  # one term, not a list of terms
]


@pytest.mark.parametrize("position,index,status", REFUSED)
def test_refused_terms_name_the_term(position, index, status):
    ctx = grundy.Context()
    for call in (ctx.value, ctx.solve, grundy.value):
        with pytest.raises(GrundyError) as e:
            call(position)
        assert (e.value.term, e.value.status) == (index, status), str(e.value)
        assert "index %d" % index in str(e.value)
        assert e.value.is_input_error
    assert ctx.value([("kayles", 4), 2]) == 3  # still usable
    ctx.close()


def test_refused_term_has_the_library_message():
    with pytest.raises(GrundyError) as e:
        grundy.value([("kayles", 1), ("wythoff", 3)])
    assert e.value.message.startswith("term at index 1, ('wythoff', 3): wythoff takes two numbers")
    with pytest.raises(GrundyError) as e:
        grundy.value([("foo", 3)])
    assert "unknown ruleset 'foo'" in e.value.message and e.value.column == 0
    for bad in (42, None, b"3", {1: 2}, {3}):
        with pytest.raises(GrundyError) as e:
            grundy.value(bad)
        assert e.value.term is None


def test_million_terms_as_data():
    """10^6 kayles and nim heaps, solved; the value is the XOR of the
    kayles values that seq gives. Each spec is looked up once."""
    import time
    n = 10**6
    ctx = grundy.Context()
    g = ctx.seq("kayles", 100, numpy=False)
    terms = [("kayles", i % 100) if i % 3 else i % 1000 for i in range(n)]
    want = 0
    for i in range(n):
        want ^= g[i % 100] if i % 3 else i % 1000
    terms.append(want ^ 5)  # the value is 5
    start = time.monotonic()
    r = ctx.solve(terms)
    took = time.monotonic() - start
    assert (r["terms"], r["value"], r["outcome"]) == (n + 1, 5, "N")
    assert len(r["winning_moves"]) == 1 and not r["winning_moves_complete"]
    assert ctx.value(terms[:-1]) == want
    assert list(ctx._rulesets) == ["kayles"]  # one lookup for 666,666 kayles terms
    assert took < 20, "solving 10^6 terms given as data took %.1f s" % took
    ctx.close()


def test_building_a_position_stops_on_ctrl_c():
    import signal
    import threading
    import time
    old_int = signal.signal(signal.SIGINT, signal.default_int_handler)
    terms = [("kayles", 5)] * (4 * 10**6)
    t = threading.Timer(0.1, lambda: os.kill(os.getpid(), signal.SIGINT))
    try:
        t.start()
        start = time.monotonic()
        with pytest.raises(KeyboardInterrupt):
            grundy.value(terms)
            time.sleep(2)  # the build was quicker than the timer
        assert time.monotonic() - start < 1.5
    finally:
        t.cancel()
        t.join()
        signal.signal(signal.SIGINT, old_int)
