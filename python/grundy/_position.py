"""Positions given as data rather than text: the Position class and the
checks of its terms (a term the library refuses is named by its index).
Position is exported by the package."""

from ._common import U64_MAX, GrundyError, _u64


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
