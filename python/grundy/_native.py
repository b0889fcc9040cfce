"""Finds libgrundy, loads it with ctypes and declares the C functions and
structures the package uses, so the rest of the package never guesses a
signature. Nothing here is public: use the names the package exports."""

import ctypes
import ctypes.util
import os

u64 = ctypes.c_uint64
size_t = ctypes.c_size_t
c_int = ctypes.c_int
vp = ctypes.c_void_p
P_u64 = ctypes.POINTER(u64)

ERROR_MESSAGE_MAX = 256  # GR_ERROR_MESSAGE_MAX
PARSE_LINES = 1  # GR_PARSE_LINES
STATUS_NAMES = ("ok", "parse", "range", "invalid", "limit", "cycle", "unproven",
                "nosolution", "nomem", "internal")
GR_OK, GR_EPARSE, GR_ERANGE, GR_EINVAL, GR_ELIMIT, GR_ECYCLE = 0, 1, 2, 3, 4, 5
GR_ENOMEM, GR_EINTERNAL = 8, 9


class Error(ctypes.Structure):
    _fields_ = [("status", c_int), ("line", size_t), ("column", size_t),
                ("message", ctypes.c_char * ERROR_MESSAGE_MAX)]


class TermInfo(ctypes.Structure):
    _fields_ = [("ruleset", vp), ("args", P_u64), ("nargs", size_t), ("bare", c_int)]


class Move(ctypes.Structure):
    # gr_move: the text form, then the same move as data (nparts terms)
    _fields_ = [("component", size_t), ("from_", ctypes.c_char_p), ("to", ctypes.c_char_p),
                ("nparts", size_t), ("parts", ctypes.POINTER(TermInfo))]


class Sized(ctypes.Structure):
    """A struct that starts with its size (GR_SIZED): set on construction."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.size = ctypes.sizeof(self)


class Misere(Sized):
    _fields_ = [("size", size_t), ("wins", c_int), ("sj_wins", c_int), ("method", ctypes.c_char_p),
                ("value", u64), ("searched", u64)]


class Remoteness(Sized):
    _fields_ = [("size", size_t), ("outcome", c_int), ("remoteness", u64), ("method", ctypes.c_char_p),
                ("searched", u64)]


class FamilyInfo(Sized):
    _fields_ = [("size", size_t), ("name", ctypes.c_char_p), ("kind", ctypes.c_char_p), ("syntax", ctypes.c_char_p),
                ("help", ctypes.c_char_p), ("alias_of", ctypes.c_char_p), ("heap", c_int), ("params_required", c_int),
                ("example", ctypes.c_char_p)]


class Play(Sized):
    # gr_play: the mode (0 normal, 1 misere, 2 every, 3 moore), Moore's k and
    # misere flag, the winning moves listed at most (0: all)
    _fields_ = [("size", size_t), ("mode", c_int), ("k", u64), ("misere", c_int), ("max_moves", size_t),
                ("remote_limit", u64)]


class Solution(ctypes.Structure):
    # gr_solution, filled by gr_position_solve (which sets its size)
    _fields_ = [("size", size_t), ("play", ctypes.c_char_p), ("method", ctypes.c_char_p), ("outcome", c_int),
                ("has_value", c_int), ("value", u64), ("sj", c_int), ("searched", u64),
                ("steps", P_u64), ("nsteps", size_t), ("decisive", size_t), ("k", u64),
                ("infinite", c_int), ("K", P_u64), ("nK", size_t),
                ("has_min_first_take", c_int), ("min_first_take", u64),
                ("one_move", c_int), ("moves", ctypes.POINTER(Move)), ("nmoves", size_t), ("moves_complete", c_int),
                ("draw_moves", ctypes.POINTER(Move)), ("ndraw_moves", size_t), ("draw_moves_complete", c_int)]


class Period(Sized):
    _fields_ = [("size", size_t), ("found", c_int), ("preperiod", u64), ("period", u64), ("checked", u64),
                ("proof_end", u64), ("saltus", u64), ("rule", c_int), ("max_take", u64)]


class GValue(Sized):
    _fields_ = [("size", size_t), ("infinite", c_int), ("value", u64), ("K", P_u64), ("nK", size_t)]


P_Error = ctypes.POINTER(Error)
MOVE_FN = ctypes.CFUNCTYPE(c_int, vp, ctypes.POINTER(Move))
REMOTE_FN = ctypes.CFUNCTYPE(c_int, vp, ctypes.POINTER(Move), ctypes.POINTER(Remoteness))
# gr_custom_family callbacks (the emitter is opaque)
FAMILY_OPTIONS_FN = ctypes.CFUNCTYPE(c_int, vp, P_u64, size_t, vp, P_Error)
FAMILY_CHECK_FN = ctypes.CFUNCTYPE(c_int, vp, P_u64, size_t, ctypes.POINTER(size_t), P_Error)
INTERRUPT_FN = ctypes.CFUNCTYPE(c_int, vp)
# gr_engine's options callback (the sink is opaque)
ENGINE_OPTIONS_FN = ctypes.CFUNCTYPE(c_int, vp, P_u64, vp, P_Error)


FAMILY_CANONICAL_FN = ctypes.CFUNCTYPE(None, vp, P_u64, size_t)
FAMILY_SPLIT_FN = ctypes.CFUNCTYPE(c_int, vp, P_u64, size_t, vp, P_Error)


class CustomFamily(Sized):
    _fields_ = [("size", size_t), ("name", ctypes.c_char_p), ("heap", c_int), ("splits", c_int),
                ("options", FAMILY_OPTIONS_FN), ("check", FAMILY_CHECK_FN), ("user", vp),
                ("canonical", FAMILY_CANONICAL_FN), ("split", FAMILY_SPLIT_FN)]


class EngineConfig(Sized):
    _fields_ = [("size", size_t), ("state_words", size_t), ("options", ENGINE_OPTIONS_FN), ("user", vp),
                ("max_states", size_t)]


# name: (result type, argument types)
_SIGNATURES = {
    "gr_version": (ctypes.c_char_p, []),
    "gr_family_count": (size_t, []),
    "gr_family_at": (c_int, [size_t, ctypes.POINTER(FamilyInfo), P_Error]),
    "gr_free": (None, [vp]),
    "gr_status_name": (ctypes.c_char_p, [c_int]),
    "gr_error_clear": (None, [P_Error]),
    "gr_ctx_new": (c_int, [ctypes.POINTER(vp)]),
    "gr_ctx_free": (None, [vp]),
    "gr_ctx_set_table_limit": (None, [vp, u64]),
    "gr_ctx_set_search_limit": (None, [vp, u64]),
    "gr_ctx_set_time_limit": (None, [vp, ctypes.c_double]),
    "gr_ctx_set_interrupt": (None, [vp, INTERRUPT_FN, vp]),
    "gr_ctx_ruleset": (c_int, [vp, ctypes.c_char_p, size_t, ctypes.POINTER(vp), P_Error]),
    "gr_ctx_define_family": (c_int, [vp, ctypes.POINTER(CustomFamily), P_Error]),
    "gr_emit_option": (c_int, [vp, P_u64, size_t]),
    "gr_position_parse": (c_int, [vp, ctypes.c_char_p, size_t, ctypes.c_uint, ctypes.POINTER(vp), P_Error]),
    "gr_position_free": (None, [vp]),
    "gr_position_new": (c_int, [vp, ctypes.POINTER(vp), P_Error]),
    "gr_position_add_term": (c_int, [vp, vp, P_u64, size_t, P_Error]),
    "gr_position_count": (size_t, [vp]),
    "gr_position_format": (c_int, [vp, ctypes.POINTER(vp), ctypes.POINTER(size_t)]),
    "gr_position_format_after": (c_int, [vp, ctypes.POINTER(Move), ctypes.POINTER(vp), ctypes.POINTER(size_t)]),
    "gr_position_format_moves": (c_int, [vp, ctypes.POINTER(Move), size_t, ctypes.POINTER(vp),
                                         ctypes.POINTER(size_t)]),
    "gr_position_value": (c_int, [vp, P_u64, P_Error]),
    "gr_position_outcome": (c_int, [vp, ctypes.POINTER(c_int), ctypes.POINTER(c_int), P_u64, P_Error]),
    "gr_position_winning_moves": (c_int, [vp, size_t, MOVE_FN, vp, ctypes.POINTER(c_int), P_Error]),
    "gr_position_term": (c_int, [vp, size_t, ctypes.POINTER(TermInfo)]),
    "gr_position_misere": (c_int, [vp, ctypes.POINTER(Misere), P_Error]),
    "gr_position_solve": (c_int, [vp, ctypes.POINTER(Play), ctypes.POINTER(ctypes.POINTER(Solution)), P_Error]),
    "gr_solution_free": (None, [ctypes.POINTER(Solution)]),
    "gr_position_misere_moves": (c_int, [vp, size_t, MOVE_FN, vp, ctypes.POINTER(c_int), P_Error]),
    "gr_position_remoteness": (c_int, [vp, c_int, ctypes.POINTER(Remoteness), P_Error]),
    "gr_position_remoteness_moves": (c_int, [vp, c_int, size_t, REMOTE_FN, vp, ctypes.POINTER(c_int), P_Error]),
    "gr_ruleset_remoteness": (c_int, [vp, u64, c_int, P_u64, P_Error]),
    "gr_position_every": (c_int, [vp, P_u64, ctypes.POINTER(c_int), ctypes.POINTER(size_t), P_Error]),
    "gr_position_every_move": (c_int, [vp, MOVE_FN, vp, P_Error]),
    "gr_position_moore": (c_int, [vp, u64, c_int, ctypes.POINTER(c_int), P_Error]),
    "gr_position_moore_move": (c_int, [vp, u64, c_int, MOVE_FN, vp, P_Error]),
    "gr_position_gvalue": (c_int, [vp, ctypes.POINTER(GValue), P_Error]),
    "gr_position_loopy_outcome": (c_int, [vp, ctypes.POINTER(c_int), P_Error]),
    "gr_position_draw_moves": (c_int, [vp, size_t, MOVE_FN, vp, ctypes.POINTER(c_int), P_Error]),
    "gr_ruleset_is_loopy": (c_int, [vp]),
    "gr_ruleset_is_heap": (c_int, [vp]),
    "gr_ruleset_family": (ctypes.c_char_p, [vp]),
    "gr_ruleset_spec": (ctypes.c_char_p, [vp]),
    "gr_ruleset_dyn_min_take": (c_int, [vp, P_u64, size_t, P_u64, P_Error]),
    "gr_ruleset_least_winning_take": (c_int, [vp, P_u64, size_t, P_u64, P_Error]),
    "gr_ruleset_values_range": (c_int, [vp, u64, u64, P_u64, P_Error]),
    "gr_ruleset_period": (c_int, [vp, u64, ctypes.POINTER(Period), P_Error]),
    "gr_nim_new": (c_int, [ctypes.POINTER(vp)]),
    "gr_nim_free": (None, [vp]),
    "gr_nim_mul": (u64, [vp, u64, u64]),
    "gr_nim_sqr": (u64, [vp, u64]),
    "gr_nim_sqrt": (u64, [vp, u64]),
    "gr_nim_pow": (u64, [vp, u64, u64]),
    "gr_nim_inv": (c_int, [vp, u64, P_u64, P_Error]),
    "gr_nim_div": (c_int, [vp, u64, u64, P_u64, P_Error]),
    "gr_nim_solve_quadratic": (c_int, [vp, u64, P_u64, P_Error]),
    "gr_nim_generator": (u64, [vp]),
    "gr_nim_log": (c_int, [vp, u64, P_u64, P_Error]),
    "gr_nim_mul_n": (None, [vp, P_u64, P_u64, P_u64, size_t]),
    "gr_engine_new": (c_int, [ctypes.POINTER(EngineConfig), ctypes.POINTER(vp), P_Error]),
    "gr_engine_free": (None, [vp]),
    "gr_engine_value": (c_int, [vp, P_u64, P_u64, P_Error]),
    "gr_engine_sum_value": (c_int, [vp, P_u64, size_t, P_u64, P_Error]),
    "gr_engine_size": (size_t, [vp]),
    "gr_optsink_add": (c_int, [vp, P_u64, size_t]),
}


def _candidates():
    """Where libgrundy may be, most specific first."""
    env = os.environ.get("GRUNDY_LIBRARY")
    if env:
        yield env
        return
    here = os.path.dirname(os.path.abspath(__file__))
    try:  # written by `cmake --install` next to this file: where it put the library
        from . import _install  # type: ignore
        yield os.path.normpath(os.path.join(here, _install.LIBDIR, "libgrundy.so.0"))
    except ImportError:
        pass
    yield "libgrundy.so.0"  # the loader's own search (ld.so.cache, LD_LIBRARY_PATH)
    found = ctypes.util.find_library("grundy")
    if found:
        yield found
    for d in (os.path.expanduser("~/.local/lib"), "/usr/local/lib", "/usr/lib"):
        yield os.path.join(d, "libgrundy.so.0")


def _load():
    tried = []
    for path in _candidates():
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
            continue
        for name, (res, args) in _SIGNATURES.items():
            fn = getattr(lib, name)
            fn.restype = res
            fn.argtypes = args
        return lib
    raise ImportError("grundy: cannot load libgrundy.so; install grundy (cmake --install) or set "
                      "GRUNDY_LIBRARY to its path. Tried: " + "; ".join(tried))


lib = _load()


# gr_position_add_term once more, without argtypes, for the loop that adds a
# million terms (Context._build): ctypes then skips converting each argument,
# which halves the cost of a call. Callers pass ctypes objects only, exactly
# (gr_position *, gr_ruleset * or None, u64 array, size_t, byref(Error)).
add_term_unchecked = lib["gr_position_add_term"]
add_term_unchecked.restype = c_int
