"""What every part of the package shares: GrundyError, the checks that turn
Python values into the library's numbers and strings, and the wrapper that
defers signal handlers during a call into the library. Nothing here is
public: use the names the package exports."""

import ctypes
import functools
import signal
import sys
import threading

from . import _native as _n
from ._native import lib as _lib

U64_MAX = (1 << 64) - 1


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
