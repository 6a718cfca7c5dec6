"""pawnkit.tune and pawnkit.tune_report against ``pawnkit tune --report --format json``:
the same object, the report as a tidy DataFrame, labelled EPD input, options and errors."""

import io
import json

import numpy as np
import pandas as pd
import pytest

import pawnkit
from conftest import SAMPLE, run_cli

QUICK = ["--iterations", "40", "--bootstrap", "3", "--threads", "1"]


@pytest.fixture(scope="module")
def tuned():
    return pawnkit.tune(SAMPLE, report=True, iterations=40, bootstrap=3, threads=1)


def test_tune_is_the_cli_object(tuned):
    out, _, status = run_cli("tune", "--format", "json", "--report", *QUICK, SAMPLE)
    assert status == 0
    assert tuned == json.loads(out)
    assert tuned["loss_after"] < tuned["loss_before"]
    # Every weight fitted is written: the pawn weights, material and the side-to-move bonus;
    # pawn_weights (pawn-eval's reading) takes the pawn weights out of the whole object.
    weights = dict(tuned["weights"])
    assert set(weights.pop("material")) == {"pawn", "knight", "bishop", "rook", "queen"}
    assert isinstance(weights.pop("side_to_move"), int)
    assert pawnkit.pawn_weights(tuned["weights"]) == weights
    assert pawnkit.pawn_weights(tuned) == weights
    assert tuned["held_out"]["by"] == "game"


def test_report_frame_is_tidy(tuned):
    frame = pawnkit.tune_report(tuned)
    assert list(frame.columns) == ["term", "phase", "parameter", "value", "ci_low", "ci_high", "start",
                                   "statement"]
    assert len(frame) == 2 * 8 + 6 + 1 + 1
    assert isinstance(frame["term"].dtype, pd.CategoricalDtype)
    assert list(frame["phase"].cat.categories) == pawnkit.REPORT_PHASES
    assert (frame["ci_low"] <= frame["value"]).all() and (frame["value"] <= frame["ci_high"]).all()
    isolated = frame.set_index("parameter").loc["isolated.mg"]
    assert (isolated["term"], isolated["phase"]) == ("isolated", "middlegame")
    assert isolated["start"] == pytest.approx(-1 / 126)  # Stockfish 15.1's 1 unit, a cost
    # The statement says the cost; the value is signed as the effect on the pawn's side.
    stated = float(isolated["statement"].split(" costs ")[1].split(" ")[0])
    assert stated == pytest.approx(-isolated["value"], abs=0.0051)
    assert np.isnan(frame.set_index("term").loc["side_to_move", "start"])
    assert frame.attrs["bootstrap"] == 3 and frame.attrs["confidence"] == 0.95
    assert frame.attrs["loss_after"] == tuned["loss_after"]
    # 300 games are too few for 34 fitted parameters: the report's cautions come along.
    assert any("mostly fit noise" in caution for caution in frame.attrs["cautions"])
    # Pivoted as an analyst would: one row per term, middlegame and endgame beside.
    wide = frame[frame["phase"] != "both"].pivot(index="term", columns="phase", values="value")
    assert wide.loc["doubled", "endgame"] == frame.set_index("parameter").loc["doubled.eg", "value"]


def test_extended_terms_only_when_asked(tuned):
    # Left at 0 by default, so the JSON has Stockfish's members only; fitted when asked.
    assert "isolated_open" not in tuned["weights"]
    fitted = pawnkit.tune(SAMPLE, extended=True, iterations=20, threads=1)
    assert fitted["weights"]["isolated_open"] != [0, 0]


def test_report_from_text_file_and_cli_output(tuned, tmp_path):
    out, _, _ = run_cli("tune", "--format", "json", "--report", *QUICK, SAMPLE)
    path = tmp_path / "tuned.json"
    path.write_text(out)
    expected = pawnkit.tune_report(tuned)
    pd.testing.assert_frame_equal(pawnkit.tune_report(out), expected)
    pd.testing.assert_frame_equal(pawnkit.tune_report(path), expected)
    pd.testing.assert_frame_equal(pawnkit.tune_report(str(path)), expected)
    with pytest.raises(ValueError, match="report=True"):
        pawnkit.tune_report(pawnkit.tune(SAMPLE, iterations=5, threads=1, force=True))
    with pytest.raises(TypeError, match="result"):
        pawnkit.tune_report(42)


def _labelled_epd():
    """Every fifth position of the sample games with its game's result, in both label forms."""
    out, _, _ = run_cli("pawn-eval", "--trace", "--threads", "1", SAMPLE)
    lines = []
    for i, row in enumerate(json.loads(line) for line in out.splitlines()):
        if i % 5 or row["label"] is None:
            continue
        if len(lines) % 2:
            lines.append(f"{row['fen']} [{row['label']:.1f}]")
        else:
            lines.append(f'{row["fen"]} c9 "{ {1: "1-0", 0: "0-1", 0.5: "1/2-1/2"}[row["label"]]}";')
    return "\n".join(lines) + "\n"


def test_tune_on_labelled_epd(tmp_path):
    text = _labelled_epd()
    path = tmp_path / "set.epd"
    path.write_text(text)
    result = pawnkit.tune(path, iterations=30, threads=1)
    records = text.count("\n")
    assert result["train_positions"] + result["test_positions"] == records
    assert 0.05 * records < result["test_positions"] < 0.15 * records  # held out by record
    # A file object is read as the path is.
    assert pawnkit.tune(io.BytesIO(text.encode()), iterations=30, threads=1) == result
    with pytest.warns(pawnkit.BadInputWarning, match="invalid FEN"):
        pawnkit.tune([path, io.BytesIO(b"not a fen [1.0]\n")], iterations=5, threads=1)


def test_options_and_errors():
    frozen = pawnkit.tune(SAMPLE, iterations=20, threads=1, freeze=["isolated.mg", "isolated.eg"],
                          bounds={"doubled.eg": (0, 30)}, fix_material=True)
    assert frozen["weights"]["isolated"] == pawnkit.pawn_weights()["isolated"]
    assert 0 <= frozen["weights"]["doubled"][1] <= 30
    with pytest.raises(ValueError, match="unknown parameter"):
        pawnkit.tune(SAMPLE, freeze="nothing")
    with pytest.raises(ValueError, match="too few positions"):
        pawnkit.tune(io.BytesIO(b"4k3/8/8/8/3P4/8/8/4K3 w - - 0 1\n"))
    with pytest.raises(TypeError, match="iterations"):
        pawnkit.tune(SAMPLE, iterations="20")
    with pytest.raises(ValueError, match="loss"):
        pawnkit.tune(SAMPLE, loss="l1")


def _synthetic_trace(games=200):
    """A trace drawn from known weights (results from the logistic model), games of 40."""
    rng = np.random.default_rng(5)
    truth = {"a": 40.0, "b": -25.0, "c": 0.0}
    x = rng.integers(-3, 4, size=(games * 40, len(truth)))
    e = x @ np.array(list(truth.values()))
    won = rng.random(len(e)) < 1 / (1 + 10 ** (-e / 400))
    lines = ["result,game," + ",".join(truth)]
    lines += [f"{int(w)},g{i // 40}," + ",".join(map(str, row)) for i, (w, row) in enumerate(zip(won, x))]
    return truth, "\n".join(lines) + "\n"


def test_tune_trace_is_the_cli_object(tmp_path):
    truth, text = _synthetic_trace()
    path = tmp_path / "trace.csv"
    path.write_text(text)
    result = pawnkit.tune_trace(path, k=1, bootstrap=5, threads=1)
    out, _, status = run_cli("tune", "--trace", "--k", "1", "--bootstrap", "5", "--threads", "1", "--format",
                             "json", str(path))
    assert status == 0
    assert result == json.loads(out)
    assert result["held_out"]["by"] == "game"
    for name, value in truth.items():
        assert abs(result["weights"][name] - value) < 3 * result["intervals"][name] + 1
    # Read from memory as from the file; started from its own result, the same weights.
    assert pawnkit.tune_trace(io.BytesIO(text.encode()), k=1, bootstrap=5, threads=1) == result
    again = pawnkit.tune_trace(path, k=1, bootstrap=5, threads=1, start=result, force=True)
    assert again["weights"] == pytest.approx(result["weights"], abs=1e-6)
    with pytest.raises(ValueError, match="method"):
        pawnkit.tune_trace(path, method="newton")


def test_weights_only_when_the_held_out_loss_improves():
    with pytest.warns(UserWarning, match="did not improve"):
        result = pawnkit.tune(SAMPLE, iterations=50, per_game=4, seed=2, threads=1)
    assert result["improved"] is False and result["weights"] is None
    forced = pawnkit.tune(SAMPLE, iterations=50, per_game=4, seed=2, threads=1, force=True)
    assert forced["weights"]["material"]["pawn"] != [126, 208]
