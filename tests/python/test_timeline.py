"""pawnkit.timeline against `pawnkit timeline --format jsonl`, and the phase column of
pawnkit.positions against the records of `pawnkit analyze`."""

import io

import pytest

import pawnkit
from conftest import SAMPLE, STRUCTURES, cli_jsonl


def test_timeline_equals_cli_jsonl():
    for min_plies in (1, 8, 20):
        frame = pawnkit.timeline(SAMPLE, min_plies=min_plies, threads=2)
        rows = cli_jsonl("timeline", "--format", "jsonl", "--min-plies", min_plies, SAMPLE)
        assert len(rows) > 0
        assert frame.to_dict("records") == rows
        assert list(frame.columns) == ["game", "structure", "holder", "first_ply", "last_ply", "plies",
                                       "phase"]
        assert str(frame["plies"].dtype) == "int64"
        assert (frame["plies"] >= min_plies).all()
    assert frame.attrs["bad"] == 0


def test_timeline_with_tags():
    frame = pawnkit.timeline([SAMPLE], tags=["White", "ECO", "Nope"])
    rows = cli_jsonl("timeline", "--format", "jsonl", "--tags", "White,ECO,Nope", SAMPLE)
    assert frame.to_dict("records") == rows
    assert frame["Nope"].isna().all()


def test_timeline_reads_every_input_as_positions_does():
    # A file object is read as the file (pawnkit.positions' inputs); a wrong type is a TypeError.
    with open(SAMPLE, "rb") as f:
        from_object = pawnkit.timeline(io.BytesIO(f.read()), threads=1)
    assert from_object.equals(pawnkit.timeline(SAMPLE, threads=1))
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
