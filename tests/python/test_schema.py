"""Issue 32, point 3: one schema. Stats.to_frame() tidy (unique keys, numeric values, the
side of every per-side number), stats(phase=...) as the CLI's --phase, and games() keeping
who held each structure."""

import json

import numpy as np
import pandas as pd
import pytest

import pawnkit
from conftest import SAMPLE, run_cli

KEY = ["section", "name", "side", "measure"]


@pytest.fixture(scope="module")
def stats():
    return pawnkit.stats(SAMPLE, threads=2)


def test_stats_frame_has_unique_keys_numeric_values_and_pivots(stats):
    # Before: 756 rows with duplicate keys (the structures' white and black rows lost their
    # side) and an object value column mixing text and numbers.
    frame = stats.to_frame()
    assert not frame.duplicated(KEY).any()
    assert frame["value"].dtype == np.float64
    data = stats.to_dict()
    structures = frame[frame["section"] == "structures"]
    wide = structures.pivot(index=["name", "side"], columns="measure", values="value")
    for side in ("white", "black"):
        for measure in ("wins", "draws", "losses", "rated_games"):
            assert wide.loc[("iqp", side), measure] == data["structures"]["iqp"][side][measure]
    both = structures[structures["side"].isna() & (structures["name"] == "iqp")].set_index("measure")["value"]
    assert both["games"] == data["structures"]["iqp"]["games"]
    assert np.isnan(both["expected_percent"]) == (data["structures"]["iqp"]["expected_percent"] is None)
    assert list(frame["side"].cat.categories) == ["white", "black"]


@pytest.mark.parametrize("phase", ["opening", "middlegame", "endgame"])
def test_stats_phase_equals_cli_phase(phase):
    result = pawnkit.stats(SAMPLE, threads=2, phase=phase)
    expected = json.loads(run_cli("stats", "--format", "json", "--phase", phase, SAMPLE)[0])
    assert result.to_dict() == expected and result.phase == phase
    assert result.to_dict() != pawnkit.stats(SAMPLE, threads=2).to_dict()


def test_stats_phase_is_checked_and_kept_through_merges_and_pickles():
    import pickle
    with pytest.raises(ValueError, match="opening, middlegame, endgame"):
        pawnkit.stats(SAMPLE, phase="late")
    with pytest.raises(TypeError, match="phase"):
        pawnkit.stats(SAMPLE, phase=1)
    ending = pawnkit.stats(SAMPLE, phase="endgame")
    assert pickle.loads(pickle.dumps(ending)).phase == "endgame"
    with pytest.raises(ValueError, match="phase"):
        ending + pawnkit.stats(SAMPLE)
    assert (ending + ending).to_dict()["pattern_positions"] == 2 * ending.to_dict()["pattern_positions"]


def test_games_structures_keep_their_holder():
    games = pawnkit.games(SAMPLE)
    rows = pawnkit.positions(SAMPLE, fen=False)
    named = rows[rows["structure"].notna()]
    first = named.groupby(["game_id", "structure", "structure_side"], observed=True)["ply"].min()
    got = {(g, s, h): p for g, reached in games["structures"].items() for s, h, p in reached}
    assert got == {key: int(p) for key, p in first.items()}
    # Some game reached one structure with each side holding it: both kept.
    holders = pd.Series([(g, s) for g, s, _ in got]).value_counts()
    assert holders.max() <= 2
    long = pawnkit.game_structures(games)
    assert set(long["holder"].dropna()) == {"white", "black"} and long["holder"].notna().all()


def test_positions_games_and_timeline_share_the_key_columns():
    tags = ["WhiteElo", "Result"]
    frames = [pawnkit.positions(SAMPLE, tags=tags, fen=False), pawnkit.games(SAMPLE, tags=tags).reset_index(),
              pawnkit.timeline(SAMPLE, tags=tags)]
    for frame in frames:
        for column in ["file", "game", "game_id", "game_key"] + tags:
            assert column in frame.columns, column
        assert str(frame["WhiteElo"].dtype) == "Int32"
        assert isinstance(frame["Result"].dtype, pd.CategoricalDtype)
        assert frame["game_id"].dtype == np.int64
    keys = [set(f["game_key"]) for f in frames]
    assert keys[1] == keys[0] and keys[2] <= keys[0]
