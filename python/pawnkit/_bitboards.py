"""Bitboards for people: square names to bitboards and back, popcount, and ``pawnkit.bb``
(the C++ set-wise patterns) keeping the index of a pandas Series.

LERF numbering: bit 0 is a1, bit 7 h1, bit 63 h8, as in every bitboard column."""

import functools
import sys
import types

import numpy as np

from . import _pawnkit

# Square names by bit: a1, b1, ..., h1, a2, ..., h8.
SQUARES = tuple(f"{file}{rank}" for rank in range(1, 9) for file in "abcdefgh")
_BIT = {name: bit for bit, name in enumerate(SQUARES)}


def _is_series(value):
    return hasattr(value, "index") and hasattr(value, "to_numpy")


def bitboard(squares):
    """The bitboard (``numpy.uint64``) of square names: ``"d4 e5"``, ``"d4,e5"`` or
    ``["d4", "e5"]``; ``""`` is 0. An unknown name raises ValueError."""
    if isinstance(squares, str):
        squares = squares.replace(",", " ").split()
    elif not hasattr(squares, "__iter__"):
        raise TypeError(f"squares: expected square names, got {type(squares).__name__}")
    bits = 0
    for name in squares:
        if not isinstance(name, str) or name.lower() not in _BIT:
            raise ValueError(f"squares: {name!r} is not a square (a1 to h8)")
        bits |= 1 << _BIT[name.lower()]
    return np.uint64(bits)


def _names(bits):
    bits = int(bits)
    return [SQUARES[i] for i in range(64) if bits >> i & 1]


def squares(value):
    """The square names of a bitboard (a list, a1 first, as the CLI lists them); of a
    Series or array of bitboards, a Series (same index) or list of such lists."""
    if isinstance(value, (int, np.integer)):
        return _names(value)
    array = value.to_numpy() if _is_series(value) else np.asarray(value, dtype=np.uint64)
    unique, inverse = np.unique(array, return_inverse=True)  # a column repeats its values
    names = [_names(u) for u in unique]
    result = [names[i] for i in inverse.ravel()]
    if _is_series(value):
        import pandas as pd
        return pd.Series(result, index=value.index, name=value.name, dtype=object)
    return result


def _keep_index(function):
    """``function`` over arrays, giving a Series with the index of the first Series
    argument (if any)."""

    @functools.wraps(function)
    def wrapper(*args, **kwargs):
        series = next((a for a in (*args, *kwargs.values()) if _is_series(a)), None)
        args = [a.to_numpy() if _is_series(a) else a for a in args]
        kwargs = {k: v.to_numpy() if _is_series(v) else v for k, v in kwargs.items()}
        result = function(*args, **kwargs)
        if series is None:
            return result
        import pandas as pd
        return pd.Series(result, index=series.index, copy=False)

    return wrapper


def popcount(value):
    """The number of squares of each bitboard (numpy ``uint8``; a Series keeps its index;
    a single int gives an int). numpy 1.24 has no ``bitwise_count``."""
    if isinstance(value, (int, np.integer)):
        return int(value).bit_count()
    return _keep_index(_pawnkit.bb.popcount)(value)


bb = types.ModuleType("pawnkit.bb", _pawnkit.bb.__doc__ + " A pandas Series keeps its index.")
for _name in dir(_pawnkit.bb):
    if not _name.startswith("_"):
        setattr(bb, _name, _keep_index(getattr(_pawnkit.bb, _name)))
sys.modules["pawnkit.bb"] = bb
