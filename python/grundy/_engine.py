"""The generic engine: Grundy values of any finite game given by a Python
move generator. Engine is exported by the package."""

import ctypes

from . import _native as _n
from ._common import GrundyError, _defer_signals, _error, _set_error, _u64
from ._native import lib as _lib


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
