"""The pawn evaluation's trace as numpy arrays, for tuning (docs/engine.md)."""
import json as _json
import warnings as _warnings

from . import _pawnkit

#: The columns of pawn_trace's X: the weights of ``eval::PawnWeights`` ("backward.mg", ...).
PAWN_TRACE_COLUMNS = list(_pawnkit.pawn_trace_columns)


def pawn_trace(path, *, weights=None):
    """``(X, y)`` for every position of a PGN or FEN/EPD file: X[i, j] is the coefficient of
    weight PAWN_TRACE_COLUMNS[j] in position i's tapered pawn score (White's point of view,
    Stockfish's classical phase), y[i] the result for White (1, 0.5, 0; NaN when unknown:
    the PGN result, or an EPD ``c9 "1-0"`` operation or ``[1.0]`` suffix). ``X @ w`` plus
    the connected bonus's rounding (below one internal unit a pawn) is the pawn score with
    weights ``w``. ``weights``: a dict or JSON text as ``pawnkit tune --format json``'s
    "weights" (only the rounding depends on them). Bad games or records are left out with
    a BadInputWarning."""
    text = "" if weights is None else (weights if isinstance(weights, str) else _json.dumps(weights))
    result = _pawnkit.pawn_trace(str(path), text)
    if result["bad"] or result["skipped"]:
        from . import BadInputWarning
        _warnings.warn(f"pawnkit: {result['bad']} bad and {result['skipped']} skipped records or games "
                       f"(first: {result['messages'][0] if result['messages'] else ''})",
                       BadInputWarning, stacklevel=2)
    return result["X"], result["y"]


def pawn_weights(weights=None):
    """The pawn weights as a dict, Stockfish 15.1's where ``weights`` (dict or JSON text)
    leaves a member out; checked as ``pawn-eval --weights`` checks a file."""
    text = "{}" if weights is None else (weights if isinstance(weights, str) else _json.dumps(weights))
    return _json.loads(_pawnkit.pawn_weights_json(text))
