"""grundy: exact solutions of impartial combinatorial games, from Python.

A thin layer over the C library libgrundy (loaded with ctypes; no other
dependency, numpy optional). Positions are written in grundy's game
language, the same text the command-line tool takes:

    >>> import grundy
    >>> grundy.value("kayles(7) + 5")
    7
    >>> grundy.solve("kayles(7) + 5")["winning_moves"]
    ['kayles(1,5) + 5', 'kayles(7) + 2']
    >>> grundy.seq("tb[0.77]", 12)
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]

A position may also be given as data, a list of terms (or a Position):
[("kayles", 7), 5] is "kayles(7) + 5".

Games of your own are Python functions registered in a Context; failures
raise GrundyError with the library's message. See docs/python.md.
"""

import ctypes
import functools
import signal
import sys
import threading

from . import _native as _n
from ._native import lib as _lib

__all__ = ["GrundyError", "Context", "Position", "Engine", "Nimber", "value", "solve", "seq", "period",
           "nim_mul", "nim_sqr", "nim_sqrt", "nim_pow", "nim_inv", "nim_div", "nim_log",
           "nim_generator", "nim_solve_quadratic", "nim_mul_many", "version"]

U64_MAX = (1 << 64) - 1
_SIZE_MAX = (1 << (8 * ctypes.sizeof(ctypes.c_size_t))) - 1
_BIG_SUM_TERMS = 1000  # as the CLI: past this many terms, one winning move by default
_SHORT = 16  # a term with at most this many arguments is built in a reused buffer


class GrundyError(Exception):
    """A failure reported by grundy. `status` is the library's short status
    name ("parse", "range", "invalid", "limit", "cycle", "unproven",
    "nosolution", "nomem", "internal"); `line` and `column` (1-based, 0 when
    not about text) say where in the input a parse error is; `message` is the
    library's own message; `term` is the index of the term that was refused
    in a position given as data (None otherwise). str() reads like the
    CLI's error line."""

    def __init__(self, status, message, line=0, column=0, term=None):
        self.status = status
        self.message = message
        self.line = line
        self.column = column
        self.term = term
        where = ""
        if column and line > 1:
            where = "at line %d, column %d: " % (line, column)
        elif column:
            where = "at column %d: " % column
        super().__init__(where + message)

    @property
    def is_input_error(self):
        """True when the input was bad or beyond a bound (the CLI's exit 2),
        False for an internal failure or lack of memory (exit 1)."""
        return self.status not in ("nomem", "internal")


def _status_name(st):
    return _n.STATUS_NAMES[st] if 0 <= st < len(_n.STATUS_NAMES) else "unknown"


def _error(st, err):
    msg = err.message.decode("utf-8", "replace") or _status_name(st)
    return GrundyError(_status_name(err.status or st), msg, err.line, err.column)


def _u64(x, what="a number"):
    if isinstance(x, bool) or not isinstance(x, int):
        try:
            x = x.__index__()
        except (AttributeError, TypeError):
            raise GrundyError("invalid", "%s must be a whole number, got %r" % (what, x)) from None
    if x < 0 or x > U64_MAX:
        raise GrundyError("range", "%s must be a whole number from 0 to %d, got %d" % (what, U64_MAX, x))
    return x


def _text(s, what="position"):
    if not isinstance(s, str):
        raise GrundyError("invalid", "the %s must be a string in grundy's game language, got %r" % (what, s))
    return s.encode("utf-8")


def _take_string(ptr):
    """A string the library malloc'd for us, freed once read."""
    try:
        return ctypes.string_at(ptr).decode("utf-8")
    finally:
        _lib.gr_free(ptr)


def _set_error(err, status, message):
    if err:
        e = err.contents
        e.status = status
        e.line = e.column = 0
        e.message = message.encode("utf-8")[:_n.ERROR_MESSAGE_MAX - 1]


def _words(option, what):
    """An option as the words it emits: an int, or a sequence of ints."""
    if isinstance(option, int) and not isinstance(option, bool):
        return [_u64(option, what)]
    try:
        return [_u64(x, what) for x in option]
    except TypeError:
        raise GrundyError("invalid", "%s must be an int or a sequence of ints, got %r" % (what, option)) from None


def _defer_signals(method):
    """Runs a call into the library with the Python signal handlers (Ctrl-C's
    KeyboardInterrupt among them) deferred. A handler would otherwise run
    on entry to whatever Python callback the library calls next, where its
    exception is lost and the callback's answer is undefined. Instead a
    stand-in handler notes the signal; the context's interrupt callback
    sees the note and stops the work; then the real handlers are put back
    and run, so their exception comes out of the call as usual."""
    @functools.wraps(method)
    def run(self, *args, **kw):
        if threading.current_thread() is not threading.main_thread():
            return method(self, *args, **kw)  # handlers run in the main thread only
        caught = []
        saved = {}

        def note(signum, frame):
            caught.append(signum)
        for s in signal.valid_signals():
            try:
                h = signal.getsignal(s)
                if callable(h):
                    signal.signal(s, note)
                    saved[s] = h
            except (ValueError, OSError, RuntimeError):
                continue
        self._caught = caught
        try:
            result = method(self, *args, **kw)
        finally:
            self._caught = None
            for s, h in saved.items():
                signal.signal(s, h)
            for s in caught:  # their exception, if any, replaces the call's
                saved[s](s, sys._getframe(0))
        return result
    return run


# -- positions as data -------------------------------------------------------

_TERM_HELP = ("a term is an int (a nim heap) or a pair (spec, args) such as ('kayles', 7), "
              "('kayles', [3, 4]) or ('wythoff', (3, 5))")


def _short(x, limit=60):
    r = repr(x)
    return r if len(r) <= limit else r[:limit - 3] + "..."


def _is_term_pair(t):
    return isinstance(t, (tuple, list)) and len(t) == 2 and isinstance(t[0], str)


class Position:
    """A position given as data rather than text: a sum of terms, each
      - an int n: a nim heap of n (the text "n");
      - a pair (spec, args): a ruleset spec string ("kayles", "sub[1,2,4]",
        "wythoff", "hackenbush", a rule[...] or a game of your own) and its
        arguments: an int, or a sequence of ints (a heap ruleset's heaps:
        ("kayles", [3, 4]) is kayles(3,4); a state ruleset's arguments:
        ("wythoff", (3, 5)); hackenbush's flat (u, v, weight) triples), or
        for hackenbush a sequence of edges (u, v) or (u, v, weight).
    Every call that takes a position string takes a Position, or the same
    list (or tuple, or other iterable) of terms; the position is built with
    the library's gr_position_add_term, one term at a time, without text.
    p + q joins two sums; q may be a Position, a list of terms or one term.
    The terms are checked when the position is used (a refused term raises
    GrundyError with its index in .term)."""

    __slots__ = ("_terms",)

    def __init__(self, terms=()):
        if isinstance(terms, Position):
            terms = terms._terms
        elif isinstance(terms, (str, bytes, bytearray)) or not hasattr(terms, "__iter__"):
            raise GrundyError("invalid", "Position takes a sequence of terms (%s), got %s" %
                              (_TERM_HELP, _short(terms)))
        self._terms = tuple(terms)

    @property
    def terms(self):
        """The terms, as a tuple."""
        return self._terms

    def __len__(self):
        return len(self._terms)

    def __iter__(self):
        return iter(self._terms)

    def __eq__(self, other):
        if isinstance(other, Position):
            return self._terms == other._terms
        return NotImplemented

    __hash__ = None

    def __add__(self, other):
        if isinstance(other, Position):
            return Position(self._terms + other._terms)
        if (isinstance(other, int) and not isinstance(other, bool)) or _is_term_pair(other):
            return Position(self._terms + (other,))
        if isinstance(other, (list, tuple)):
            return Position(self._terms + tuple(other))
        return NotImplemented

    def __radd__(self, other):
        if (isinstance(other, int) and not isinstance(other, bool)) or _is_term_pair(other):
            return Position((other,) + self._terms)
        if isinstance(other, (list, tuple)):
            return Position(tuple(other) + self._terms)
        return NotImplemented

    def __repr__(self):
        n = len(self._terms)
        if n <= 8:
            return "Position(%r)" % (list(self._terms),)
        head = ", ".join(repr(t) for t in self._terms[:6])
        return "Position([%s, ... (%d terms)])" % (head, n)


def _position_terms(position):
    """The terms of a position given as data (not text)."""
    if isinstance(position, Position):
        return position._terms
    if isinstance(position, (list, tuple)):
        if _is_term_pair(position):
            raise _term_error(position[0], 0, "invalid", "a string is not a term; a position given as data is a "
                              "list of terms, so the single term %s is written [%s]" %
                              (_short(tuple(position)), _short(tuple(position))))
        return position
    if (isinstance(position, (bytes, bytearray, dict, set, frozenset, int)) or
            not hasattr(position, "__iter__")):
        raise GrundyError("invalid", "the position must be a string in grundy's game language, or a list of "
                          "terms (%s), got %s" % (_TERM_HELP, _short(position)))
    return position


def _term_args(t, i, args, edges):
    """A term's arguments as a list of ints; hackenbush (edges True) may
    give (u, v) or (u, v, w) edges."""
    if isinstance(args, int) and not isinstance(args, bool):
        return [_term_u64(t, i, args)]
    if isinstance(args, (str, bytes, bytearray, dict, set, frozenset)) or not hasattr(args, "__iter__"):
        if hasattr(args, "__index__") and not isinstance(args, bool):  # numpy's integers
            return [_term_u64(t, i, args)]
        raise _term_error(t, i, "invalid", "its arguments must be an int or a sequence of ints, got %s" % _short(args))
    out = []
    flat = paired = False
    for a in args:
        if isinstance(a, (tuple, list)) and edges:
            if len(a) == 2:
                out += [_term_u64(t, i, a[0]), _term_u64(t, i, a[1]), 1]
            elif len(a) == 3:
                out += [_term_u64(t, i, a[0]), _term_u64(t, i, a[1]), _term_u64(t, i, a[2])]
            else:
                raise _term_error(t, i, "invalid", "an edge is (u, v) or (u, v, weight), got %s" % _short(a))
            paired = True
        else:
            out.append(_term_u64(t, i, a))
            flat = True
    if flat and paired:
        raise _term_error(t, i, "invalid", "give the edges either as (u, v[, weight]) tuples or as flat "
                          "(u, v, weight) numbers, not both")
    return out


def _term_u64(t, i, x):
    if type(x) is int and 0 <= x <= U64_MAX:
        return x
    try:
        return _u64(x, "an argument")
    except GrundyError as e:
        raise _term_error(t, i, e.status, e.message) from None


def _term_error(t, i, status, message, line=0, column=0):
    # "at index": 0-based as in Python (the library's own messages count terms from 1)
    return GrundyError(status, "term at index %d, %s: %s" % (i, _short(t), message), line, column, term=i)


class _Moves:
    """Collects moves from a gr_move_fn callback as Python data."""

    def __init__(self):
        self.list = []  # (component, from, to)
        self.fn = _n.MOVE_FN(self._add)

    def _add(self, user, m):
        mv = m.contents
        self.list.append((mv.component, mv.from_.decode("utf-8"), mv.to.decode("utf-8")))
        return 0

    def as_c(self):
        arr = (_n.Move * max(1, len(self.list)))()
        for i, (c, f, t) in enumerate(self.list):
            arr[i].component = c
            arr[i].from_ = f.encode("utf-8")
            arr[i].to = t.encode("utf-8")
        return arr


class Context:
    """Holds what grundy knows between calls: rulesets with their computed
    tables, games of your own, and the bounds (table_limit: the largest
    table a ruleset may build; search_limit: positions a misère or state
    search may memoize; time_limit: seconds each call may take, None for
    no bound). Ctrl-C stops a long call with KeyboardInterrupt. A context
    is not for use by two threads at once. Use it in a `with` block or call
    close() to free it at once."""

    def __init__(self, table_limit=None, search_limit=None, time_limit=None):
        self._ctx = None
        self._keep = []        # ctypes callbacks and structs the library points to
        self._pending = None   # an exception a Python callback raised
        self._caught = None    # signals noted during a call (_defer_signals)
        self._rulesets = {}    # spec string -> (gr_ruleset pointer, edges?), owned by the context
        ctx = ctypes.c_void_p()
        if _lib.gr_ctx_new(ctypes.byref(ctx)) != _n.GR_OK:
            raise GrundyError("nomem", "out of memory")
        self._ctx = ctx
        if table_limit is not None:
            _lib.gr_ctx_set_table_limit(ctx, _u64(table_limit, "table_limit"))
        if search_limit is not None:
            _lib.gr_ctx_set_search_limit(ctx, _u64(search_limit, "search_limit"))
        if time_limit is not None and (isinstance(time_limit, bool) or not isinstance(time_limit, (int, float))
                                       or not time_limit >= 0):
            raise GrundyError("invalid", "time_limit must be a number of seconds >= 0, got %r" % (time_limit,))
        self._time_limit = float(time_limit or 0)
        # the library polls this during long work: a pending Ctrl-C (or any
        # signal with a Python handler) stops the call; see _defer_signals
        self._interrupt = _n.INTERRUPT_FN(self._poll_signals)
        _lib.gr_ctx_set_interrupt(ctx, self._interrupt, None)

    def _poll_signals(self, user):
        return 1 if self._caught else 0

    def close(self):
        if self._ctx:
            self._rulesets = {}
            _lib.gr_ctx_free(self._ctx)
            self._ctx = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()

    # -- errors ---------------------------------------------------------
    def _check(self, st, err):
        if self._pending is not None:  # a callback's own exception comes first
            e, self._pending = self._pending, None
            raise e
        if st != _n.GR_OK:
            raise _error(st, err)

    def _live(self):
        if not self._ctx:
            raise GrundyError("invalid", "this context is closed")
        if self._time_limit:  # counted from here: each call gets the whole time
            _lib.gr_ctx_set_time_limit(self._ctx, self._time_limit)
        return self._ctx

    # -- games of your own ----------------------------------------------
    def define(self, name, options, *, heap=True, splits=False, check=None):
        """Registers a game family under `name`; from then on the context's
        positions may use it like a built-in ruleset.

        heap=True: a heap family. options(n) yields each option of a heap of
        size n as the heaps it leaves: an int, or a sequence of ints (empty:
        no heap left; two or more: the move splits the heap). Every heap
        left must be smaller than n. splits=True when a move may leave two
        or more heaps (misère play relies on knowing it).

        heap=False: a state family; a position is name(a, b, ...) and
        options(a, b, ...) yields each option as its arguments (an int or a
        sequence of 1 to 64 ints). check(a, b, ...), optional, returns False
        (or raises) for arguments that are not a position.

        An exception raised in either function stops the computation and
        propagates out of the call that needed it."""
        if not callable(options) or (check is not None and not callable(check)):
            raise GrundyError("invalid", "options (and check, when given) must be callable")
        label = "an option of %s" % name

        def opts(user, args, nargs, emit, err):
            try:
                for opt in options(*[args[i] for i in range(nargs)]):
                    words = _words(opt, label)
                    arr = (_n.u64 * max(1, len(words)))(*words)
                    if _lib.gr_emit_option(emit, arr, len(words)):
                        return _n.GR_OK
                return _n.GR_OK
            except BaseException as e:  # noqa: B902 (re-raised after the call)
                return self._callback_failed(e, err, name)

        def chk(user, args, nargs, bad, err):
            try:
                if check(*[args[i] for i in range(nargs)]) is False:
                    _set_error(err, _n.GR_EINVAL, "%s%r is not a position" %
                               (name, tuple(args[i] for i in range(nargs))))
                    return _n.GR_EINVAL
                return _n.GR_OK
            except BaseException as e:  # noqa: B902
                return self._callback_failed(e, err, name)

        c_opts = _n.FAMILY_OPTIONS_FN(opts)
        c_chk = _n.FAMILY_CHECK_FN(chk) if check is not None else _n.FAMILY_CHECK_FN()
        fam = _n.CustomFamily(name=_text(name, "name"), heap=1 if heap else 0, splits=1 if splits else 0,
                              options=c_opts, check=c_chk, user=None)
        err = _n.Error()
        st = _lib.gr_ctx_define_family(self._live(), ctypes.byref(fam), ctypes.byref(err))
        self._check(st, err)
        self._keep.append((c_opts, c_chk, fam))
        return options

    def game(self, name, **kw):
        """A decorator form of define(): @ctx.game("mygame")."""
        return lambda fn: self.define(name, fn, **kw)

    def _callback_failed(self, exc, err, name):
        if self._pending is None:
            self._pending = exc
        _set_error(err, _n.GR_EINVAL, "the Python function of '%s' raised %s" % (name, type(exc).__name__))
        return _n.GR_EINVAL

    # -- positions ------------------------------------------------------
    def _parse(self, position):
        """The C position (the caller frees it) of a position string, or of
        a position given as data (a Position, or a list of terms)."""
        if not isinstance(position, str):
            return self._build(_position_terms(position))
        text = _text(position)
        pos = ctypes.c_void_p()
        err = _n.Error()
        st = _lib.gr_position_parse(self._live(), text, len(text), 0, ctypes.byref(pos), ctypes.byref(err))
        self._check(st, err)
        return pos

    def _build(self, terms):
        """gr_position_new, then gr_position_add_term per term: no text.
        The common terms (a bare int, a pair (spec, int)) take a fast path;
        each spec's ruleset is looked up once per context."""
        ctx = self._live()
        pos = ctypes.c_void_p()
        err = _n.Error()
        self._check(_lib.gr_position_new(ctx, ctypes.byref(pos), ctypes.byref(err)), err)
        add = _n.add_term_unchecked  # gr_position_add_term; every argument below is a ctypes object
        eref = ctypes.byref(err)
        one = (_n.u64 * 1)()
        short = (_n.u64 * _SHORT)()  # a few ints, copied in; the library copies them out
        sizes = [ctypes.c_size_t(k) for k in range(_SHORT + 1)]
        size1 = sizes[1]
        rulesets = self._rulesets
        top = U64_MAX
        try:
            for i, t in enumerate(terms):
                if type(t) is int and 0 <= t <= top:
                    one[0] = t
                    st = add(pos, None, one, size1, eref)
                else:
                    if type(t) is tuple and len(t) == 2 and type(t[0]) is str:
                        spec, args = t
                    elif isinstance(t, (tuple, list)) and len(t) == 2 and isinstance(t[0], str):
                        spec, args = str(t[0]), t[1]
                    elif isinstance(t, int) and not isinstance(t, bool):
                        spec, args = None, t
                    elif hasattr(t, "__index__") and not isinstance(t, (bool, str)):
                        spec, args = None, t  # numpy's integers
                    elif isinstance(t, str):
                        raise _term_error(t, i, "invalid", "a string is not a term (%s); for text, give the whole "
                                          "position as one string" % _TERM_HELP)
                    else:
                        raise _term_error(t, i, "invalid", _TERM_HELP)
                    rs, edges = None, False
                    if spec is not None:
                        hit = rulesets.get(spec)
                        if hit is None:
                            hit = self._term_ruleset(t, i, spec)
                        rs, edges = hit
                    if type(args) is int and 0 <= args <= top:
                        one[0] = args
                        st = add(pos, rs, one, size1, eref)
                    elif (type(args) is tuple or type(args) is list) and 0 < len(args) <= _SHORT and \
                            all([type(a) is int for a in args]) and min(args) >= 0 and max(args) <= top:
                        short[:len(args)] = args
                        st = add(pos, rs, short, sizes[len(args)], eref)
                    else:
                        vals = _term_args(t, i, args, edges)
                        buf = (_n.u64 * max(1, len(vals)))(*vals)
                        st = add(pos, rs, buf, ctypes.c_size_t(len(vals)), eref)
                if st != _n.GR_OK:
                    if self._pending is not None:  # a check function of your own raised
                        e, self._pending = self._pending, None
                        raise e
                    e = _error(st, err)
                    raise _term_error(t, i, e.status, e.message)
                if not i & 0xFFFF and self._caught:  # a signal: its handler runs after the call
                    raise GrundyError("limit", "building the position was interrupted at the term at index %d" % i,
                                      term=i)
        except BaseException:
            _lib.gr_position_free(pos)
            raise
        return pos

    def _rs(self, spec):
        """(ruleset pointer, takes edges) for a spec string, looked up
        once per context (the pointer lives as long as the context)."""
        hit = self._rulesets.get(spec)
        if hit is None:
            text = _text(spec, "ruleset")
            rs = ctypes.c_void_p()
            err = _n.Error()
            self._check(_lib.gr_ctx_ruleset(self._live(), text, len(text), ctypes.byref(rs), ctypes.byref(err)),
                        err)
            hit = (rs, _lib.gr_ruleset_family(rs) == b"hackenbush")
            self._rulesets[spec] = hit
        return hit

    def _term_ruleset(self, t, i, spec):
        try:
            return self._rs(spec)
        except GrundyError as e:
            where = " (at column %d of the spec)" % e.column if e.column else ""
            raise _term_error(t, i, e.status, e.message + where) from None

    def _format(self, pos):
        ptr = ctypes.c_void_p()
        if _lib.gr_position_format(pos, ctypes.byref(ptr), None) != _n.GR_OK:
            raise GrundyError("nomem", "out of memory")
        return _take_string(ptr)

    @_defer_signals
    def value(self, position):
        """The Grundy value of a position (a sum: the XOR of its terms'):
        a string in the game language, or the terms as data (see Position)."""
        pos = self._parse(position)
        try:
            v = _n.u64()
            err = _n.Error()
            self._check(_lib.gr_position_value(pos, ctypes.byref(v), ctypes.byref(err)), err)
            return v.value
        finally:
            _lib.gr_position_free(pos)

    @_defer_signals
    def solve(self, position, *, misere=False, every=False, moore=None, max_moves=None):
        """What `grundy solve POSITION --json` prints (the position a string
        or the terms as data, see Position), as a dict with the same
        keys: position, terms, play, value, outcome, method, winning_moves,
        moves, winning_moves_complete, and per play sj and searched
        (misere), k (moore), steps and decisive (every), min_first_take,
        loopy, draw_moves and draw_moves_complete where they apply.
        max_moves bounds the winning moves listed (0: all; default 10, or 1
        for a sum of more than 1000 terms, as the CLI)."""
        if every + (moore is not None) + (bool(misere) and moore is None) > 1 or (every and misere):
            raise GrundyError("invalid", "choose one of misere, every, moore (misere may go with moore)")
        pos = self._parse(position)
        try:
            return self._solve(pos, bool(misere), bool(every), moore, max_moves)
        finally:
            _lib.gr_position_free(pos)

    def _solve(self, pos, misere, every, moore, max_moves):
        nterms = _lib.gr_position_count(pos)
        if max_moves is None:
            max_moves = 1 if nterms > _BIG_SUM_TERMS else 10
        maxm = _u64(max_moves, "max_moves") or _SIZE_MAX
        maxm = min(maxm, _SIZE_MAX)
        out = {"position": self._format(pos), "terms": nterms}
        err = _n.Error()
        mv = _Moves()
        wins, complete, known = ctypes.c_int(0), ctypes.c_int(1), ctypes.c_int(1)
        v = _n.u64(0)
        one_position = False
        extra = {}
        draw = None
        if moore is not None:
            k = _u64(moore, "moore")
            play, method = ("misere-moore" if misere else "moore"), "moore"
            self._check(_lib.gr_position_moore(pos, k, int(misere), ctypes.byref(wins), ctypes.byref(err)), err)
            if wins.value:
                self._check(_lib.gr_position_moore_move(pos, k, int(misere), mv.fn, None, ctypes.byref(err)), err)
            self._check(_lib.gr_position_value(pos, ctypes.byref(v), ctypes.byref(err)), err)
            one_position = True
            extra["k"] = k
        elif every:
            play, method = "every", "every-sg"
            steps = (_n.u64 * max(1, nterms))()
            decisive = ctypes.c_size_t(0)
            self._check(_lib.gr_position_value(pos, ctypes.byref(v), ctypes.byref(err)), err)
            self._check(_lib.gr_position_every(pos, steps, ctypes.byref(wins), ctypes.byref(decisive),
                                               ctypes.byref(err)), err)
            if wins.value:
                self._check(_lib.gr_position_every_move(pos, mv.fn, None, ctypes.byref(err)), err)
            one_position = True
            extra["steps"] = list(steps[:nterms])
            extra["decisive"] = decisive.value
        elif misere:
            play = "misere"
            m = _n.Misere()
            self._check(_lib.gr_position_misere(pos, ctypes.byref(m), ctypes.byref(err)), err)
            self._check(_lib.gr_position_misere_moves(pos, maxm, mv.fn, None, ctypes.byref(complete),
                                                      ctypes.byref(err)), err)
            wins.value, method, v.value = m.wins, m.method.decode(), m.value
            extra["sj"] = "N" if m.sj_wins else "P"
            extra["searched"] = m.searched
        else:
            play, method = "normal", "sg-theorem"
            st = _lib.gr_position_outcome(pos, ctypes.byref(wins), ctypes.byref(known), ctypes.byref(v),
                                          ctypes.byref(err))
            if st in (_n.GR_OK, _n.GR_ECYCLE) and self._has_loopy_term(pos):
                draw = self._solve_loopy(pos, maxm, mv, extra)
            if draw is None:
                self._check(st, err)
                self._check(_lib.gr_position_winning_moves(pos, maxm, mv.fn, None, ctypes.byref(complete),
                                                           ctypes.byref(err)), err)
                if not known.value:
                    method = "formula"
            else:
                known.value, method = 0, "generalized-sg"
                wins.value = extra.pop("_wins")
        out["play"] = play
        out["value"] = v.value if known.value else None
        out["outcome"] = "D" if draw else "N" if wins.value else "P"
        out["method"] = method
        if "loopy" in extra:
            out["loopy"] = extra.pop("loopy")
        if nterms == 1 and play == "normal" and wins.value:
            take = self._least_winning_take(pos)
            if take is not None:
                out["min_first_take"] = take
        draws = extra.pop("_draws", None)
        out.update(extra)
        out["winning_moves"] = self._after(pos, mv, one_position)
        out["moves"] = [{"component": c, "from": f, "to": t} for c, f, t in mv.list]
        out["winning_moves_complete"] = bool(one_position or complete.value)
        if draw:
            dmv, dcomplete = draws
            out["draw_moves"] = self._after(pos, dmv, False)
            out["draw_moves_complete"] = bool(dcomplete)
        return out

    def _solve_loopy(self, pos, maxm, mv, extra):
        """A sum with an infinite loopy term: True (a draw) or False (a win
        or loss), its K in extra; None when the sum's value is finite."""
        gv = _n.GValue()
        err = _n.Error()
        self._check(_lib.gr_position_gvalue(pos, ctypes.byref(gv), ctypes.byref(err)), err)
        if not gv.infinite:
            return None
        extra["loopy"] = {"infinite": True, "K": [gv.K[i] for i in range(gv.nK)]}
        oc = ctypes.c_int()
        self._check(_lib.gr_position_loopy_outcome(pos, ctypes.byref(oc), ctypes.byref(err)), err)
        extra["_wins"] = 1 if oc.value == 1 else 0
        complete = ctypes.c_int(1)
        if oc.value == 1:
            self._check(_lib.gr_position_winning_moves(pos, maxm, mv.fn, None, ctypes.byref(complete),
                                                       ctypes.byref(err)), err)
            return False
        if oc.value != 2:
            return False
        dmv = _Moves()
        self._check(_lib.gr_position_draw_moves(pos, maxm, dmv.fn, None, ctypes.byref(complete),
                                                ctypes.byref(err)), err)
        extra["_draws"] = (dmv, complete.value)
        return True

    def _terms(self, pos):
        t = _n.TermInfo()
        i = 0
        while _lib.gr_position_term(pos, i, ctypes.byref(t)) == _n.GR_OK:
            yield t
            i += 1

    def _has_loopy_term(self, pos):
        return any(_lib.gr_ruleset_is_loopy(t.ruleset) for t in self._terms(pos))

    def _least_winning_take(self, pos):
        t = _n.TermInfo()
        if _lib.gr_position_term(pos, 0, ctypes.byref(t)) != _n.GR_OK:
            return None
        if _lib.gr_ruleset_is_heap(t.ruleset):
            return None
        take = _n.u64()
        err = _n.Error()
        if _lib.gr_ruleset_least_winning_take(t.ruleset, t.args, t.nargs, ctypes.byref(take), ctypes.byref(err)):
            return None
        return take.value

    def _after(self, pos, mv, one_position):
        """The positions the moves lead to (one position for a move that
        changes several terms at once)."""
        if not mv.list:
            return []
        arr = mv.as_c()
        ptr = ctypes.c_void_p()
        if one_position:
            if _lib.gr_position_format_moves(pos, arr, len(mv.list), ctypes.byref(ptr), None) != _n.GR_OK:
                raise GrundyError("nomem", "out of memory")
            return [_take_string(ptr)]
        res = []
        for i in range(len(mv.list)):
            if _lib.gr_position_format_after(pos, ctypes.byref(arr[i]), ctypes.byref(ptr), None) != _n.GR_OK:
                raise GrundyError("nomem", "out of memory")
            res.append(_take_string(ptr))
        return res

    # -- sequences -------------------------------------------------------
    def _ruleset(self, spec):
        return self._rs(spec)[0]

    @_defer_signals
    def seq(self, spec, count, *, start=0, numpy=None):
        """G(start), ..., G(start + count - 1) of a heap ruleset. A list, or a
        numpy uint64 array when numpy=True, or when numpy=None (the default)
        and numpy can be imported."""
        count, start = _u64(count, "count"), _u64(start, "start")
        if start + count > U64_MAX + 1:
            raise GrundyError("range", "start + count must be at most 2^64")
        rs = self._ruleset(spec)
        np = None
        if numpy or numpy is None:
            try:
                import numpy as np  # noqa: F811
            except ImportError:
                if numpy:
                    raise
        err = _n.Error()
        if np is not None:
            arr = np.empty(count, dtype=np.uint64)
            buf = arr.ctypes.data_as(_n.P_u64) if count else (_n.u64 * 1)()
        else:
            arr = buf = (_n.u64 * max(1, count))()
        self._check(_lib.gr_ruleset_values_range(rs, start, count, buf, ctypes.byref(err)), err)
        return arr if np is not None else list(arr[:count])

    @_defer_signals
    def period(self, spec, count):
        """Looks for a period in the first `count` values (G(0..count-1)) and
        proves it, as `grundy seq SPEC --to count-1 --period --json`: a dict
        with ruleset, proved, and when proved period, preperiod, saltus
        (0, or the saltus of an arithmetic period) and window_end (the
        proof checked every n below it); checked is how many values were
        computed. proved False does not mean there is no period."""
        rs = self._ruleset(spec)
        per = _n.Period()
        err = _n.Error()
        self._check(_lib.gr_ruleset_period(rs, _u64(count, "count"), ctypes.byref(per), ctypes.byref(err)), err)
        out = {"ruleset": _lib.gr_ruleset_spec(rs).decode("utf-8"), "proved": bool(per.found)}
        if per.found:
            out.update(period=per.period, preperiod=per.preperiod, saltus=per.saltus, window_end=per.proof_end)
        out["checked"] = per.checked
        return out


# -- module-level calls: each uses a fresh context --------------------------

def value(position, **ctx_options):
    """The Grundy value of a position: value("kayles(7) + 5") == 7, and
    value([("kayles", 7), 5]) == 7 (see Position)."""
    with Context(**ctx_options) as ctx:
        return ctx.value(position)


def solve(position, misere=False, *, every=False, moore=None, max_moves=None, **ctx_options):
    """Value, outcome and winning moves, as a dict with the keys of
    `grundy solve --json` (see Context.solve)."""
    with Context(**ctx_options) as ctx:
        return ctx.solve(position, misere=misere, every=every, moore=moore, max_moves=max_moves)


def seq(spec, count, *, start=0, numpy=None, **ctx_options):
    """The first `count` Grundy values of a heap ruleset (see Context.seq)."""
    with Context(**ctx_options) as ctx:
        return ctx.seq(spec, count, start=start, numpy=numpy)


def period(spec, count, **ctx_options):
    """A proved period within the first `count` values (see Context.period)."""
    with Context(**ctx_options) as ctx:
        return ctx.period(spec, count)


def version():
    """The library's version string."""
    return _lib.gr_version().decode()


# -- the generic engine ------------------------------------------------------

class Engine:
    """Grundy values of any finite game given by a Python move generator,
    through the C engine (memoized, iterative: long chains are fine).

    A state is a tuple of `words` ints (an int when words == 1).
    options(*state) yields each option as the sum of component states it
    leaves: an int (one component, words == 1), a tuple of `words` ints (one
    component), or a list or tuple of components (empty: the move ends the
    game; two or more: a move that splits it). max_states bounds the memo
    (0: the library's default); a cycle raises GrundyError("cycle")."""

    def __init__(self, options, words=1, max_states=0):
        if not callable(options):
            raise GrundyError("invalid", "options must be callable")
        self._e = None
        self._pending = None
        self._caught = None    # signals noted during a call (_defer_signals)
        self.words = _u64(words, "words")
        if not 1 <= self.words <= 1 << 16:
            raise GrundyError("range", "words must be from 1 to 65536")
        w = self.words

        def component(c):
            if isinstance(c, int) and not isinstance(c, bool):
                if w != 1:
                    raise GrundyError("invalid", "a state has %d words, got the int %r" % (w, c))
                return [_u64(c, "a state word")]
            vals = [_u64(x, "a state word") for x in c]
            if len(vals) != w:
                raise GrundyError("invalid", "a state has %d words, got %r" % (w, c))
            return vals

        def cb(user, state, sink, err):
            try:
                if self._caught:
                    _set_error(err, _n.GR_ELIMIT, "the engine's search was interrupted")
                    return _n.GR_ELIMIT
                for opt in options(*[state[i] for i in range(w)]):
                    if isinstance(opt, int) or (isinstance(opt, tuple) and w > 1 and opt and
                                                all(isinstance(x, int) for x in opt)):
                        comps = [component(opt)]
                    else:
                        comps = [component(c) for c in opt]
                    flat = [x for c in comps for x in c]
                    arr = (_n.u64 * max(1, len(flat)))(*flat)
                    st = _lib.gr_optsink_add(sink, arr, len(comps))
                    if st != _n.GR_OK:
                        return st
                return _n.GR_OK
            except BaseException as e:  # noqa: B902 (re-raised after the call)
                if self._pending is None:
                    self._pending = e
                _set_error(err, _n.GR_EINVAL, "the Python options function raised %s" % type(e).__name__)
                return _n.GR_EINVAL

        self._cb = _n.ENGINE_OPTIONS_FN(cb)
        cfg = _n.EngineConfig(state_words=w, options=self._cb, user=None,
                              max_states=_u64(max_states, "max_states"))
        e = ctypes.c_void_p()
        err = _n.Error()
        st = _lib.gr_engine_new(ctypes.byref(cfg), ctypes.byref(e), ctypes.byref(err))
        if st != _n.GR_OK:
            raise _error(st, err)
        self._e = e

    def _state(self, s):
        if isinstance(s, int) and not isinstance(s, bool):
            if self.words != 1:
                raise GrundyError("invalid", "a state has %d words, got the int %r" % (self.words, s))
            return [_u64(s, "a state word")]
        vals = [_u64(x, "a state word") for x in s]
        if len(vals) != self.words:
            raise GrundyError("invalid", "a state has %d words, got %r" % (self.words, s))
        return vals

    def _run(self, fn, *args):
        if not self._e:
            raise GrundyError("invalid", "this engine is closed")
        v = _n.u64()
        err = _n.Error()
        st = fn(self._e, *args, ctypes.byref(v), ctypes.byref(err))
        if self._pending is not None:
            e, self._pending = self._pending, None
            raise e
        if st != _n.GR_OK:
            raise _error(st, err)
        return v.value

    @_defer_signals
    def value(self, state):
        """The Grundy value of one state."""
        vals = self._state(state)
        return self._run(_lib.gr_engine_value, (_n.u64 * len(vals))(*vals))

    @_defer_signals
    def sum_value(self, states):
        """The value of a sum of states (the XOR of their values)."""
        flat = [x for s in states for x in self._state(s)]
        n = len(flat) // self.words
        return self._run(_lib.gr_engine_sum_value, (_n.u64 * max(1, len(flat)))(*flat), n)

    def __len__(self):
        """The number of memoized states."""
        return _lib.gr_engine_size(self._e) if self._e else 0

    def close(self):
        if self._e:
            _lib.gr_engine_free(self._e)
            self._e = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        self.close()


# -- nimbers -----------------------------------------------------------------

_nim = None  # the read-only multiplication tables, built on first use


def _table():
    global _nim
    if _nim is None:
        t = ctypes.c_void_p()
        if _lib.gr_nim_new(ctypes.byref(t)) != _n.GR_OK:
            raise GrundyError("nomem", "out of memory")
        _nim = t
    return _nim


def _nim_call(fn, *args):
    out = _n.u64()
    err = _n.Error()
    st = fn(_table(), *args, ctypes.byref(out), ctypes.byref(err))
    if st != _n.GR_OK:
        raise _error(st, err)
    return out.value


def nim_mul(a, b):
    """The nim product a ⊗ b of two nimbers below 2^64."""
    return _lib.gr_nim_mul(_table(), _u64(a), _u64(b))


def nim_sqr(a):
    return _lib.gr_nim_sqr(_table(), _u64(a))


def nim_sqrt(a):
    """The unique s with s ⊗ s = a."""
    return _lib.gr_nim_sqrt(_table(), _u64(a))


def nim_pow(a, e):
    """a ⊗ a ⊗ ... (e times); a^0 = 1."""
    return _lib.gr_nim_pow(_table(), _u64(a), _u64(e, "the exponent"))


def nim_inv(a):
    """The nim inverse of a != 0 (GrundyError "invalid" for 0)."""
    return _nim_call(_lib.gr_nim_inv, _u64(a))


def nim_div(a, b):
    """a ⊗ b^-1 (GrundyError "invalid" when b is 0)."""
    return _nim_call(_lib.gr_nim_div, _u64(a), _u64(b))


def nim_solve_quadratic(a):
    """A root x of x ⊗ x ^ x = a (x ^ 1 is the other); GrundyError
    "nosolution" when there is none."""
    return _nim_call(_lib.gr_nim_solve_quadratic, _u64(a))


def nim_generator():
    """The generator of the multiplicative group that nim_log uses."""
    return _lib.gr_nim_generator(_table())


def nim_log(a):
    """The e in [0, 2^64 - 2] with nim_generator()^e = a (a != 0)."""
    return _nim_call(_lib.gr_nim_log, _u64(a))


def nim_mul_many(a, b):
    """The nim products of two equally long sequences, element by element."""
    a, b = list(a), list(b)
    if len(a) != len(b):
        raise GrundyError("invalid", "nim_mul_many needs two sequences of the same length")
    n = len(a)
    ca = (_n.u64 * max(1, n))(*[_u64(x) for x in a])
    cb = (_n.u64 * max(1, n))(*[_u64(x) for x in b])
    out = (_n.u64 * max(1, n))()
    _lib.gr_nim_mul_n(_table(), ca, cb, out, n)
    return list(out[:n])


class Nimber:
    """A nimber below 2^64 with the field's operations: + and - are XOR,
    * the nim product, / the product by the inverse, ** a power.
    Nimber(2) * 2 == Nimber(3)."""

    __slots__ = ("_v",)

    def __init__(self, v=0):
        self._v = _u64(int(v) if isinstance(v, Nimber) else v, "a nimber")

    @staticmethod
    def _of(x):
        return x._v if isinstance(x, Nimber) else _u64(x, "a nimber")

    def __int__(self):
        return self._v

    __index__ = __int__

    def __eq__(self, other):
        if isinstance(other, (Nimber, int)) and not isinstance(other, bool):
            return self._v == (other._v if isinstance(other, Nimber) else other)
        return NotImplemented

    def __hash__(self):
        return hash(self._v)

    def __repr__(self):
        return "Nimber(%d)" % self._v

    def __str__(self):
        return "*%d" % self._v

    def __add__(self, o):
        return Nimber(self._v ^ self._of(o))

    __radd__ = __sub__ = __rsub__ = __add__

    def __mul__(self, o):
        return Nimber(nim_mul(self._v, self._of(o)))

    __rmul__ = __mul__

    def __truediv__(self, o):
        return Nimber(nim_div(self._v, self._of(o)))

    def __rtruediv__(self, o):
        return Nimber(nim_div(self._of(o), self._v))

    def __pow__(self, e):
        return Nimber(nim_pow(self._v, _u64(e, "the exponent")))

    def __bool__(self):
        return self._v != 0

    def sqrt(self):
        return Nimber(nim_sqrt(self._v))

    def inverse(self):
        return Nimber(nim_inv(self._v))

    def log(self):
        return nim_log(self._v)
