"""The Context (rulesets, games of your own, positions and their solutions,
sequences and periods) and the module-level calls that use a fresh one.
Context, value, solve, seq, period and version are exported by the package."""

import ctypes

from . import _native as _n
from ._common import (U64_MAX, GrundyError, _defer_signals, _error, _set_error, _take_string, _text, _u64,
                      _words)
from ._native import lib as _lib
from ._position import _TERM_HELP, _position_terms, _term_args, _term_error

_SIZE_MAX = (1 << (8 * ctypes.sizeof(ctypes.c_size_t))) - 1
_BIG_SUM_TERMS = 1000  # as the CLI: past this many terms, one winning move by default
_SHORT = 16  # a term with at most this many arguments is built in a reused buffer


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
        """gr_position_solve's one solution, as the CLI's JSON writes it."""
        nterms = _lib.gr_position_count(pos)
        if max_moves is None:
            max_moves = 1 if nterms > _BIG_SUM_TERMS else 10
        play = _n.Play()
        play.max_moves = min(_u64(max_moves, "max_moves"), _SIZE_MAX)
        if moore is not None:
            play.mode, play.k, play.misere = 3, _u64(moore, "moore"), int(misere)
        else:
            play.mode = 2 if every else 1 if misere else 0
        err = _n.Error()
        sol = ctypes.POINTER(_n.Solution)()
        self._check(_lib.gr_position_solve(pos, ctypes.byref(play), ctypes.byref(sol), ctypes.byref(err)), err)
        try:
            return self._render(pos, nterms, sol.contents)
        finally:
            _lib.gr_solution_free(sol)

    def _render(self, pos, nterms, s):
        oc = {0: "P", 1: "N", 2: "D"}
        name = s.play.decode()
        out = {"position": self._format(pos), "terms": nterms, "play": name,
               "value": s.value if s.has_value else None, "outcome": oc[s.outcome], "method": s.method.decode()}
        if s.infinite:
            out["loopy"] = {"infinite": True, "K": [s.K[i] for i in range(s.nK)]}
        if s.has_min_first_take:
            out["min_first_take"] = s.min_first_take
        if name == "misere":
            out["sj"] = oc[s.sj]
            out["searched"] = s.searched
        if name in ("moore", "misere-moore"):
            out["k"] = s.k
        if s.steps:
            out["steps"] = [s.steps[i] for i in range(s.nsteps)]
            out["decisive"] = s.decisive
        out["winning_moves"] = self._after_moves(pos, s.moves, s.nmoves, bool(s.one_move))
        out["moves"] = [{"component": m.component, "from": m.from_.decode("utf-8"), "to": m.to.decode("utf-8")}
                        for m in (s.moves[i] for i in range(s.nmoves))]
        out["winning_moves_complete"] = bool(s.one_move or s.moves_complete)
        if s.outcome == 2:
            out["draw_moves"] = self._after_moves(pos, s.draw_moves, s.ndraw_moves, False)
            out["draw_moves_complete"] = bool(s.draw_moves_complete)
        return out

    def _after_moves(self, pos, moves, n, one_position):
        """The positions moves[0..n) lead to (one position for a move that
        changes several terms at once)."""
        if not n:
            return []
        ptr = ctypes.c_void_p()
        if one_position:
            if _lib.gr_position_format_moves(pos, moves, n, ctypes.byref(ptr), None) != _n.GR_OK:
                raise GrundyError("nomem", "out of memory")
            return [_take_string(ptr)]
        res = []
        for i in range(n):
            if _lib.gr_position_format_after(pos, ctypes.byref(moves[i]), ctypes.byref(ptr), None) != _n.GR_OK:
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
    def remoteness(self, position, *, misere=False, max_moves=None):
        """What `grundy solve --remoteness POSITION --json` prints, as a dict
        with the same keys: position, terms, play, outcome (N, P or D),
        remoteness (None for a draw), method, searched, moves (best first,
        each with component, from, to, position, outcome and remoteness)
        and moves_complete. max_moves bounds the moves listed (0: all;
        default 10, as the CLI); every move is weighed first."""
        pos = self._parse(position)
        try:
            err = _n.Error()
            rm = _n.Remoteness()
            self._check(_lib.gr_position_remoteness(pos, int(bool(misere)), ctypes.byref(rm), ctypes.byref(err)), err)
            moves = []

            def add(user, m, after):
                mv, a = m.contents, after.contents
                moves.append((mv.component, mv.from_.decode("utf-8"), mv.to.decode("utf-8"), a.outcome,
                              a.remoteness, self._format_after(pos, mv)))
                return 0

            fn = _n.REMOTE_FN(add)
            complete = ctypes.c_int(1)
            self._check(_lib.gr_position_remoteness_moves(pos, int(bool(misere)), 0, fn, None, ctypes.byref(complete),
                                                          ctypes.byref(err)), err)
            show = _u64(10 if max_moves is None else max_moves, "max_moves") or len(moves)

            def rank(t):  # lost positions fastest first, then draws, then the longest
                o, r = t[1][3], t[1][4]
                return (0, r, t[0]) if o == 0 else (1, 0, t[0]) if o == 2 else (2, -r, t[0])
            best = [m for _, m in sorted(enumerate(moves), key=rank)]
            letter = {0: "P", 1: "N", 2: "D"}
            return {"position": self._format(pos), "terms": _lib.gr_position_count(pos),
                    "play": "misere" if misere else "normal", "outcome": letter[rm.outcome],
                    "remoteness": None if rm.outcome == 2 else rm.remoteness, "method": rm.method.decode(),
                    "searched": rm.searched,
                    "moves": [{"component": c, "from": f, "to": t, "position": after, "outcome": letter[o],
                               "remoteness": None if o == 2 else r} for c, f, t, o, r, after in best[:show]],
                    "moves_complete": bool(complete.value) and show >= len(moves)}
        finally:
            _lib.gr_position_free(pos)

    def _format_after(self, pos, mv):
        ptr = ctypes.c_void_p()
        if _lib.gr_position_format_after(pos, ctypes.byref(mv), ctypes.byref(ptr), None) != _n.GR_OK:
            raise GrundyError("nomem", "out of memory")
        return _take_string(ptr)

    @_defer_signals
    def remoteness_table(self, spec, count, *, misere=False):
        """The remoteness of the heaps 0..count-1 of a heap ruleset, each
        alone, as `grundy seq SPEC --to count-1 --remoteness`: a list."""
        rs = self._ruleset(spec)
        count = _u64(count, "count")
        buf = (_n.u64 * max(1, count))()
        err = _n.Error()
        self._check(_lib.gr_ruleset_remoteness(rs, count, int(bool(misere)), buf, ctypes.byref(err)), err)
        return list(buf[:count])

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


def remoteness(position, misere=False, *, max_moves=None, **ctx_options):
    """How long the game lasts when the winner hurries and the loser delays,
    with every move ranked, as a dict with the keys of `grundy solve
    --remoteness --json` (see Context.remoteness)."""
    with Context(**ctx_options) as ctx:
        return ctx.remoteness(position, misere=misere, max_moves=max_moves)


def remoteness_table(spec, count, misere=False, **ctx_options):
    """The remoteness of the heaps 0..count-1 alone (see Context.remoteness_table)."""
    with Context(**ctx_options) as ctx:
        return ctx.remoteness_table(spec, count, misere=misere)


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


def families():
    """The families grundy knows, as `grundy help rulesets` lists them: a
    list of dicts with name, kind ("heap", "state", "board" or "rule"),
    syntax, help, alias_of (the spec an alias stands for, or None), heap,
    params_required and example (a position of the family grundy solves at
    once), in the keys and order of `grundy help rulesets --json`."""
    out = []
    for i in range(_lib.gr_family_count()):
        fi = _n.FamilyInfo()
        err = _n.Error()
        if _lib.gr_family_at(i, ctypes.byref(fi), ctypes.byref(err)) != _n.GR_OK:
            raise GrundyError("internal", err.message.decode())
        out.append({"name": fi.name.decode(), "kind": fi.kind.decode(), "syntax": fi.syntax.decode(),
                    "help": fi.help.decode(), "alias_of": fi.alias_of.decode() if fi.alias_of else None,
                    "heap": bool(fi.heap), "params_required": bool(fi.params_required),
                    "example": fi.example.decode()})
    return out
