"""pawnkit.stats and Stats (merge, pickle) against `pawnkit stats --format json`."""

import json
import pickle
import warnings

import pytest

import pawnkit
from conftest import SAMPLE, STRUCTURES, run_cli, shared_file


def cli_stats(*paths, min_plies=8):
    out, _, _ = run_cli("stats", "--format", "json", "--min-plies", min_plies, *paths)
    return json.loads(out)


def test_to_dict_equals_cli_json():
    for min_plies in (1, 8):
        assert pawnkit.stats(SAMPLE, min_plies=min_plies).to_dict() == cli_stats(SAMPLE, min_plies=min_plies)
    assert pawnkit.stats([SAMPLE], threads=2).json() == run_cli("stats", "--format", "json", SAMPLE)[0]


def test_merge_of_two_halves_equals_the_whole(tmp_path):
    out, _, status = run_cli("split", "--games", "150", SAMPLE, tmp_path)
    assert status == 0
    halves = out.split()
    assert len(halves) == 2
    a, b = pawnkit.stats(halves[0]), pawnkit.stats(halves[1])
    whole = pawnkit.stats(SAMPLE)
    assert (a + b).to_dict() == whole.to_dict()
    assert a + b == whole
    assert sum([a, b]) == whole
    assert (a + pawnkit.Stats()) == a
    assert a.games + b.games == whole.games == 300
    with pytest.raises(ValueError, match="min_plies"):
        a + pawnkit.Stats(min_plies=3)


def test_pickle_round_trips():
    s = pawnkit.stats(SAMPLE)
    back = pickle.loads(pickle.dumps(s))
    assert back == s
    assert back.to_dict() == s.to_dict()
    assert back.min_plies == s.min_plies
    with pytest.raises(ValueError, match="another build"):
        pawnkit.Stats.__new__(pawnkit.Stats).__setstate__((b"short", [], []))


def test_stats_refuses_positions_as_the_cli_does():
    _, err, _ = run_cli("stats", STRUCTURES)
    with pytest.raises(ValueError) as caught:
        pawnkit.stats(STRUCTURES)
    assert "pawnkit: " + str(caught.value) == err.splitlines()[0]


def test_stats_on_the_largest_real_file_equal_cli():
    path = shared_file("lichess_magnus_games.pgn.zst")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pawnkit.BadInputWarning)
        got = pawnkit.stats(path)
    assert got.to_dict() == cli_stats(path)
    assert got.skipped_games > 0 and len(got.errors) == got.skipped_games + got.bad_games


def test_score_rows_are_named_as_in_the_table():
    d = pawnkit.stats(SAMPLE).to_dict()
    assert list(d["scores"]) == ["all games", "isolated d-pawn", "hanging pawns", "doubled pawns",
                                 "passed pawn", "candidate passer"]
    table = run_cli("stats", SAMPLE)[0]
    for name in d["scores"]:
        assert f"\n{name:<20}  white " in table and f"\n{name:<20}  black " in table
    # The control row: White's fitted edge makes its difference 0 for both colours.
    assert d["white_edge"]["elo"] is not None
    assert d["scores"]["all games"]["white"]["difference"] == 0.0
    assert d["scores"]["all games"]["black"]["difference"] == 0.0
