"""Texel tuning from Python: the library's tuning runs bound directly (the module's
tune_games and tune_trace, the objects ``pawnkit tune --format json`` prints, by
construction), and ``--report`` as a tidy DataFrame (docs/engine.md)."""

import json as _json
import os
import warnings

from . import _inputs
from . import _pawnkit

#: The ``phase`` categories of tune_report: the weight of a phase, or a term without one.
REPORT_PHASES = ["middlegame", "endgame", "both"]


def _checked(options, integers, flags):
    """``options`` with its integers and flags checked (TypeError naming a wrong one)."""
    for name in integers:
        if options[name] is not None:
            options[name] = _inputs.integer(name, options[name])
    for name in flags:
        options[name] = _inputs.flag(name, options[name])
    if _inputs.text("loss", options["loss"]) not in ("mse", "log"):
        raise ValueError(f"loss: expected 'mse' or 'log', got {options['loss']!r}")
    if options["learning_rate"] is not None:
        options["learning_rate"] = float(options["learning_rate"])
    options["freeze"] = list(_inputs.tags(options["freeze"], pgn_names=False))  # a name or a list of names, as tags are
    options["threads"] = _inputs.integer("threads", options["threads"])
    return options


def _weights_text(weights):
    if weights is None:
        return ""
    if isinstance(weights, os.PathLike):
        with open(weights, encoding="utf-8") as file:
            return file.read()
    return weights if isinstance(weights, str) else _json.dumps(weights)


def _result(done, force):
    """The run's JSON as a dict; its messages as warnings, as the CLI prints them."""
    from . import BadInputWarning, RepairWarning
    lines = done["messages"]
    repairs = [line for line in lines if ": warning: " in line]
    if repairs:
        warnings.warn("\n".join(repairs), RepairWarning, stacklevel=3)
    problems = [line for line in lines if ": warning: " not in line]
    if problems:
        warnings.warn("\n".join(problems), BadInputWarning, stacklevel=3)
    if not done["improved"] and not force:
        warnings.warn("the held-out loss did not improve: \"weights\" is None (force=True writes them)",
                      UserWarning, stacklevel=3)
    return _json.loads(done["json"])


def tune(paths, *, report=False, weights=None, iterations=None, per_game=None, skip_plies=None,
         min_game_plies=None, allow_unrated=False, test_percent=None, fix_material=False, extended=False, freeze=(),
         bounds=None, loss="mse", learning_rate=None, bootstrap=None, seed=None, threads=0, strict=False,
         force=False):
    """Fits the pawn weights to the results of the games (PGN) or labelled positions
    (FEN/EPD with ``c9 "1-0"`` or ``[0.73]`` labels, held out by their ``id``/``c0`` field)
    of ``paths``: ``pawnkit tune --format json`` with the options of the same names (None:
    the CLI's default; ``freeze`` a name or a list of them, ``bounds`` a dict name -> (low,
    high), ``weights`` the starting weights as a dict, JSON text or a path, ``tune``'s own
    output included; ``extended=True`` fits the extended terms too). Returns its object as a
    dict: k, loss_before, loss_after, train_positions, test_positions, held_out, improved,
    weights (every weight fitted: the pawn weights, "material" and "side_to_move"; None when
    the held-out loss got worse, unless ``force``) and, with ``report=True``, "report"
    (tune_report makes it a DataFrame). Bad games or records give a BadInputWarning with the
    CLI's messages."""
    options = _checked(dict(locals()), ("iterations", "per_game", "skip_plies", "min_game_plies", "test_percent",
                                        "bootstrap", "seed"),
                       ("allow_unrated", "fix_material", "extended", "strict", "report", "force"))
    bounds = options["bounds"] or {}
    if not isinstance(bounds, dict):
        raise TypeError(f"bounds: expected a dict of name -> (low, high), got {type(bounds).__name__}")
    options["bounds"] = {name: (float(low), float(high)) for name, (low, high) in bounds.items()}
    given = _inputs.inputs(paths)
    return _result(_pawnkit.tune_games(given, _weights_text(weights), options), options["force"])


def tune_trace(path, *, k=None, l2=0.0, method="gauss-newton", loss="mse", start=None, freeze=(),
               iterations=None, learning_rate=None, test_percent=None, bootstrap=None, seed=None, threads=0,
               force=False):
    """Fits one weight per coefficient column of your own trace (CSV, docs/engine.md):
    ``pawnkit tune --trace --format json`` with the options of the same names (``k`` fixes
    K, ``l2`` the L2 penalty, ``method`` "gauss-newton" or "adam", ``start`` the starting
    weights as a dict, JSON text or a path, ``tune_trace``'s own output included). Returns
    its object as a dict: weights, intervals (95% half-widths), k, k_from, held_out (by
    "game" or "record"), loss and fit."""
    options = _checked(dict(locals()), ("iterations", "test_percent", "bootstrap", "seed"), ("force",))
    if method not in ("gauss-newton", "adam"):
        raise ValueError(f"method: expected 'gauss-newton' or 'adam', got {method!r}")
    if k is not None:
        options["k"] = float(k)
    options["l2"] = float(l2)
    (given,) = _inputs.inputs(path) if not isinstance(path, list) else (None,)
    if given is None:
        raise TypeError("path: tune_trace reads one trace")
    return _result(_pawnkit.tune_trace(given, _weights_text(start), options), options["force"])


def tune_report(result):
    """``pawnkit tune --report``'s statements as a tidy DataFrame, one row per parameter:
    term, phase (middlegame, endgame, both: categorical), parameter (the tuner's name,
    ``isolated.mg``), value, ci_low, ci_high (in pawns of the fitted pawn value of the
    phase, signed as the effect on the side that has the pawn: a cost is negative; the 95%
    interval from the bootstrap refits), start (the starting weights' value, Stockfish
    15.1's by default; NaN for side_to_move) and statement (the plain sentence). ``result``:
    what ``tune(..., report=True)`` returns, or ``tune --report --format json``'s output as
    text or as a path to a file. ``attrs`` keeps k, the losses, the position counts,
    bootstrap, confidence, pawn_mg and pawn_eg."""
    import pandas as pd  # here: workers that only merge Stats need not import pandas
    if isinstance(result, os.PathLike) or (isinstance(result, str) and not result.lstrip().startswith("{")):
        with open(result, encoding="utf-8") as file:
            result = file.read()
    if isinstance(result, str):
        result = _json.loads(result)
    if not isinstance(result, dict):
        raise TypeError(f"result: expected tune()'s dict, JSON text or a path, got {type(result).__name__}")
    if "report" not in result:
        raise ValueError("result has no \"report\": run tune with report=True (the CLI with --report)")
    report = result["report"]
    columns = ["term", "phase", "parameter", "value", "ci_low", "ci_high", "start", "statement"]
    frame = pd.DataFrame(report["statements"], columns=columns)
    frame["term"] = frame["term"].astype("category")
    frame["phase"] = pd.Categorical(frame["phase"], categories=REPORT_PHASES)
    for name in ("value", "ci_low", "ci_high", "start"):
        frame[name] = frame[name].astype("float64")
    frame.attrs.update({key: value for key, value in result.items() if key not in ("report", "weights")})
    frame.attrs.update({key: value for key, value in report.items() if key != "statements"})
    return frame
