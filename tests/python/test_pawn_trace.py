"""pawnkit.pawn_trace against ``pawnkit pawn-eval --trace`` (the same coefficients and
labels), the score it reproduces, labels from EPD, weights, and bad input."""

import json

import numpy as np
import pytest

import pawnkit
from conftest import SAMPLE, run_cli


def test_matches_the_cli_trace_on_the_sample_games():
    X, y = pawnkit.pawn_trace(SAMPLE)
    out, _, _ = run_cli("pawn-eval", "--trace", "--threads", "1", SAMPLE)
    rows = [json.loads(line) for line in out.splitlines()]
    assert X.shape == (len(rows), len(pawnkit.PAWN_TRACE_COLUMNS)) and len(rows) > 1000
    assert np.array_equal(X, np.array([r["coefficients"] for r in rows]))
    assert np.array_equal(y, np.array([np.nan if r["label"] is None else r["label"] for r in rows]),
                          equal_nan=True)
    # X @ w + rounding is the tapered score the CLI prints, exactly.
    w = np.array([6, 19, 11, 51, 17, 7, 1, 20, 2, 57, 15, 18, -19, -8, -7, 3,
                  0, 3, 7, 7, 15, 54, 86, 0, 22], dtype=float)
    # The extended terms (docs/engine.md) follow, 0 in Stockfish's weights.
    assert pawnkit.PAWN_TRACE_COLUMNS[25:27] == ["isolated_opposed.mg", "isolated_opposed.eg"]
    assert pawnkit.PAWN_TRACE_COLUMNS[-1] == "passed_blocked_attacked.6.eg"
    w = np.concatenate([w, np.zeros(len(pawnkit.PAWN_TRACE_COLUMNS) - len(w))])
    rounding = np.array([r["rounding"] for r in rows])
    assert np.array_equal(X @ w + rounding, np.array([r["score"] for r in rows]))


def test_epd_labels_and_weights(tmp_path):
    epd = tmp_path / "labelled.epd"
    epd.write_text('4k3/8/3p4/3PP3/8/8/8/4K3 w - - c9 "0-1";\n4k3/8/3p4/3PP3/8/8/8/4K3 w - - [0.5]\n'
                   "4k3/8/3p4/3PP3/8/8/8/4K3 w - -\n")
    X, y = pawnkit.pawn_trace(epd)
    assert list(y[:2]) == [0.0, 0.5] and np.isnan(y[2])
    # d5 e5 against d6 at phase 0: isolated.eg and blocked_5.eg 1, connected.4 5 * 2 / 4.
    columns = pawnkit.PAWN_TRACE_COLUMNS
    assert X[0, columns.index("isolated.eg")] == 1
    assert X[0, columns.index("connected.4")] == 2.5
    assert pawnkit.pawn_weights({"supporter": 5})["supporter"] == 5
    assert pawnkit.pawn_weights()["connected"] == [0, 3, 7, 7, 15, 54, 86, 0]
    # The extended terms: left out while all 0, every one of them once one is not.
    assert "isolated_open" not in pawnkit.pawn_weights()
    extended = pawnkit.pawn_weights({"isolated_open": [-4, -9]})
    assert extended["isolated_open"] == [-4, -9] and extended["phalanx"] == [[0, 0]] * 6
    with pytest.raises(ValueError, match="unknown member"):
        pawnkit.pawn_trace(epd, weights={"isolatd": [1, 2]})


def test_bad_input(tmp_path):
    with pytest.raises(OSError):
        pawnkit.pawn_trace(tmp_path / "missing.pgn")
    epd = tmp_path / "bad.epd"
    epd.write_text("not a fen\n4k3/8/8/8/8/8/8/4K3 w - - [1.0]\n")
    with pytest.warns(pawnkit.BadInputWarning):
        X, y = pawnkit.pawn_trace(epd)
    assert X.shape == (1, len(pawnkit.PAWN_TRACE_COLUMNS)) and list(y) == [1.0]
