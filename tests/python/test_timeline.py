"""pawnkit.timeline against `pawnkit timeline --format jsonl`, and the phase column of
pawnkit.positions against the records of `pawnkit analyze`."""

import io

import pandas as pd
import pytest

import pawnkit
from conftest import SAMPLE, STRUCTURES, cli_jsonl

RANGE_COLUMNS = ["game", "structure", "holder", "first_ply", "last_ply", "plies", "phase"]


def as_cli_records(frame, columns):
    """The frame's rows as the CLI's JSON objects: categories as text, NA as null."""
    part = frame[columns].astype(object)
    return part.where(part.notna(), None).to_dict("records")


def test_timeline_equals_cli_jsonl():
    for min_plies in (1, 8, 20):
        frame = pawnkit.timeline(SAMPLE, min_plies=min_plies, threads=2)
        rows = cli_jsonl("timeline", "--format", "jsonl", "--min-plies", min_plies, SAMPLE)
        assert len(rows) > 0
        assert as_cli_records(frame, RANGE_COLUMNS) == rows
        assert list(frame.columns) == ["file", "game", "game_id", "game_key"] + RANGE_COLUMNS[1:]
        assert str(frame["plies"].dtype) == "int64"
        assert (frame["plies"] >= min_plies).all()
    assert frame.attrs["bad"] == 0


def test_timeline_with_tags():
    frame = pawnkit.timeline([SAMPLE], tags=["White", "ECO", "Nope"])
    rows = cli_jsonl("timeline", "--format", "jsonl", "--tags", "White,ECO,Nope", SAMPLE)
    assert as_cli_records(frame, RANGE_COLUMNS + ["White", "ECO", "Nope"]) == rows
    assert frame["Nope"].isna().all()


def test_timeline_shares_the_schema_of_positions_and_games(tmp_path):
    # Before: text Elo columns (pd.cut raised), no game_id, game_key or file.
    frame = pawnkit.timeline([SAMPLE, SAMPLE], tags=["WhiteElo", "Result", "Date"])
    assert str(frame["WhiteElo"].dtype) == "Int32" and frame["Date"].dtype.kind == "M"
    assert isinstance(frame["Result"].dtype, pd.CategoricalDtype)
    assert pd.cut(frame["WhiteElo"], [0, 1500, 2000, 4000]).notna().all()
    assert frame["file"].dtype == "category" and frame["game_id"].nunique() == 2 * frame["game_key"].nunique()
    games = pawnkit.games([SAMPLE, SAMPLE], tags=["WhiteElo"])
    joined = frame.merge(games[["game_key", "WhiteElo"]], left_on="game_id", right_index=True,
                         suffixes=("", "_games"))
    assert len(joined) == len(frame)
    assert (joined["game_key"] == joined["game_key_games"]).all()
    assert (joined["WhiteElo"] == joined["WhiteElo_games"]).all()


def test_timeline_reads_every_input_as_positions_does():
    # A file object is read as the file (pawnkit.positions' inputs); a wrong type is a TypeError.
    with open(SAMPLE, "rb") as f:
        from_object = pawnkit.timeline(io.BytesIO(f.read()), threads=1)
    assert from_object.drop(columns="file").equals(pawnkit.timeline(SAMPLE, threads=1).drop(columns="file"))
    with pytest.raises(TypeError, match="min_plies"):
        pawnkit.timeline(SAMPLE, min_plies="8")


def test_timeline_of_positions_is_refused():
    with pytest.raises(ValueError, match="timeline reads PGN games"):
        pawnkit.timeline(STRUCTURES)


def test_phase_column_equals_analyze():
    frame = pawnkit.positions(SAMPLE, threads=2)
    records = cli_jsonl("analyze", "--format", "jsonl", SAMPLE)
    assert [str(p) for p in frame["phase"]] == [r["phase"] for r in records]
    assert list(frame["phase"].cat.categories) == ["opening", "middlegame", "endgame"]
    fens = pawnkit.positions(STRUCTURES)
    assert [str(p) for p in fens["phase"]] == [r["phase"] for r in cli_jsonl("analyze", "--format", "jsonl",
                                                                              STRUCTURES)]
