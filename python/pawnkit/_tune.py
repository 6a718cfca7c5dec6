"""Texel tuning from Python: ``pawnkit tune`` run as the command it is (the same numbers as
the CLI, by construction), and its ``--report`` as a tidy DataFrame (docs/engine.md)."""

import json as _json
import os
import shutil
import subprocess
import tempfile
import warnings

from . import _inputs

#: The ``phase`` categories of tune_report: the weight of a phase, or a term without one.
REPORT_PHASES = ["middlegame", "endgame", "both"]


def _cli_path():
    """The command-line tool: $PAWNKIT_CLI, else the one a pip install puts beside the
    package (pawnkit-cli), else the one of the CMake build the package sits in
    (build/pawnkit beside build/python/pawnkit), else `pawnkit` on PATH."""
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [os.environ.get("PAWNKIT_CLI"), os.path.join(here, "pawnkit-cli"),
                  os.path.join(here, os.pardir, os.pardir, "pawnkit"), shutil.which("pawnkit")]
    for path in candidates:
        if path and os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    raise FileNotFoundError("pawnkit.tune runs the `pawnkit` command-line tool, which is not beside the "
                            "package nor on PATH: build it (`cmake --build build --target pawnkit_cli`) "
                            "or set PAWNKIT_CLI")


def _arguments(options):
    """The command line of ``options`` (checked: TypeError naming a wrong one)."""
    args = []
    for name in ("iterations", "per_game", "skip_plies", "min_game_plies", "test_percent", "bootstrap", "seed"):
        value = options[name]
        if value is not None:
            args += ["--" + name.replace("_", "-"), str(_inputs.integer(name, value))]
    for name in ("allow_unrated", "fix_material", "extended", "strict"):
        if _inputs.flag(name, options[name]):
            args.append("--" + name.replace("_", "-"))
    if _inputs.text("loss", options["loss"]) not in ("mse", "log"):
        raise ValueError(f"loss: expected 'mse' or 'log', got {options['loss']!r}")
    args += ["--loss", options["loss"]]
    if options["learning_rate"] is not None:
        args += ["--learning-rate", repr(float(options["learning_rate"]))]
    freeze = _inputs.tags(options["freeze"])  # a name or a list of names, as tags are
    if freeze:
        args += ["--freeze", ",".join(freeze)]
    bounds = options["bounds"] or {}
    if not isinstance(bounds, dict):
        raise TypeError(f"bounds: expected a dict of name -> (low, high), got {type(bounds).__name__}")
    for name, (low, high) in bounds.items():
        args += ["--bound", f"{name}={float(low)!r}:{float(high)!r}"]
    return args


def tune(paths, *, report=False, weights=None, iterations=None, per_game=None, skip_plies=None,
         min_game_plies=None, allow_unrated=False, test_percent=None, fix_material=False, extended=False, freeze=(),
         bounds=None, loss="mse", learning_rate=None, bootstrap=None, seed=None, threads=0, strict=False):
    """Fits the pawn weights to the results of the games (PGN) or labelled positions
    (FEN/EPD with ``c9 "1-0"`` or ``[1.0]`` labels) of ``paths``: ``pawnkit tune --format
    json`` with the options of the same names (None: the CLI's default; ``freeze`` a name
    or a list of them, ``bounds`` a dict name -> (low, high), ``weights`` the starting
    weights as a dict or JSON text; ``extended=True`` fits the extended terms too). Returns its object as a dict: k, loss_before,
    loss_after, train_positions, test_positions, weights (as pawn_weights gives them) and,
    with ``report=True``, "report" (tune_report makes it a DataFrame). Bad games or records
    give a BadInputWarning with the CLI's messages."""
    from . import BadInputWarning, RepairWarning
    options = dict(locals())
    args = [_cli_path(), "tune", "--format", "json"] + _arguments(options)
    if _inputs.integer("threads", threads) > 0:
        args += ["--threads", str(threads)]
    if _inputs.flag("report", report):
        args.append("--report")
    with tempfile.TemporaryDirectory(prefix="pawnkit_tune_") as folder:
        if weights is not None:
            path = os.path.join(folder, "weights.json")
            with open(path, "w", encoding="utf-8") as file:
                file.write(weights if isinstance(weights, str) else _json.dumps(weights))
            args += ["--weights", path]
        for i, (name, data) in enumerate(_inputs.inputs(paths)):
            if data is None:
                args.append(name)
                continue
            # In memory (a file object, a URL): a file of its own for the command.
            path = os.path.join(folder, f"{i}_{os.path.basename(name) or 'input'}")
            with open(path, "wb") as file:
                file.write(data)
            args.append(path)
        done = subprocess.run(args, capture_output=True, text=True)  # Ctrl-C ends the command too
    lines = [line for line in done.stderr.splitlines() if line]
    if done.returncode == 2 or not done.stdout.strip():
        raise ValueError(lines[0] if done.returncode == 2 and lines else "\n".join(lines))
    repairs = [line for line in lines if ": warning: " in line]
    if repairs:
        warnings.warn("\n".join(repairs), RepairWarning, stacklevel=2)
    problems = [line for line in lines if ": warning: " not in line]
    if problems:
        warnings.warn("\n".join(problems), BadInputWarning, stacklevel=2)
    return _json.loads(done.stdout)


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
