"""Nimbers: nim multiplication and the field's other operations on numbers
below 2^64, as functions (nim_mul, ...) and as the Nimber class, all
exported by the package."""

import ctypes

from . import _native as _n
from ._common import GrundyError, _error, _u64
from ._native import lib as _lib


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
