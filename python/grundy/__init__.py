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

# The code lives in modules by part: _common (GrundyError and the checks
# every part uses), _position (positions as data), _context (Context and
# the module-level calls), _engine (Engine) and _nimber (nimbers); _native
# loads the library. The names are imported here, so everything stays
# importable from grundy itself, the private helpers too.
from . import _native as _n  # noqa: F401
from ._common import (U64_MAX, GrundyError, _defer_signals, _error, _set_error, _status_name,  # noqa: F401
                      _take_string, _text, _u64, _words)
from ._context import (_BIG_SUM_TERMS, _SHORT, _SIZE_MAX, Context, families, period, remoteness,  # noqa: F401
                       remoteness_table, seq, solve, value, version)
from ._engine import Engine
from ._native import lib as _lib  # noqa: F401
from ._nimber import (Nimber, _nim_call, _table, nim_div, nim_generator, nim_inv, nim_log,  # noqa: F401
                      nim_mul, nim_mul_many, nim_pow, nim_solve_quadratic, nim_sqr, nim_sqrt)
from ._position import (_TERM_HELP, Position, _is_term_pair, _position_terms, _short, _term_args,  # noqa: F401
                        _term_error, _term_u64)

__all__ = ["GrundyError", "Context", "Position", "Engine", "Nimber", "value", "solve", "remoteness",
           "remoteness_table", "seq", "period", "families",
           "nim_mul", "nim_sqr", "nim_sqrt", "nim_pow", "nim_inv", "nim_div", "nim_log",
           "nim_generator", "nim_solve_quadratic", "nim_mul_many", "version"]

# the public names say they come from grundy, as when they were defined
# here: in tracebacks (grundy.GrundyError: ...), repr() and help()
for _name in __all__:
    globals()[_name].__module__ = __name__
del _name
