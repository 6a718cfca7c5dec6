"""columns= on positions()/iter_positions(): the frame equals the whole frame's columns, and
the C++ side fills only the columns asked for (the memory of the others is never taken)."""

import warnings

import pandas as pd
import pytest

import pawnkit
from pawnkit import _pawnkit
from conftest import SAMPLE, STRUCTURES

TAGS = ["WhiteElo", "Result", "Date"]

# Each kind of column alone, and mixes of them (the FEN, the game key, a tag, the
# bitboards of both sides, the categoricals), in an order other than the frame's.
SELECTIONS = [
    ["file"], ["game"], ["game_id"], ["game_key"], ["ply"], ["fen"], ["white_pawns"], ["black_promotions"],
    ["white_islands"], ["black_islands"], ["structure"], ["structure_side"], ["phase"], ["WhiteElo"], ["Result"],
    ["Date", "black_passed", "game_key", "ply", "white_isolated", "structure"],
    ["phase", "fen", "game_id", "file", "black_islands", "Result"],
]


def quiet(call, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pawnkit.PawnkitWarning)
        return call(*args, **kwargs)


@pytest.fixture(scope="module")
def whole():
    return {path: quiet(pawnkit.positions, path, tags=TAGS) for path in (SAMPLE, STRUCTURES)}


@pytest.mark.parametrize("path", [SAMPLE, STRUCTURES], ids=["pgn", "epd"])
@pytest.mark.parametrize("columns", SELECTIONS, ids=lambda c: "+".join(c))
def test_columns_equal_the_whole_frames_columns(whole, path, columns):
    expected = whole[path][columns]
    pd.testing.assert_frame_equal(quiet(pawnkit.positions, path, tags=TAGS, columns=columns), expected)
    chunks = list(quiet(pawnkit.iter_positions, path, tags=TAGS, columns=columns, chunk_rows=700))
    assert all(list(chunk.columns) == columns for chunk in chunks)
    joined = pawnkit.concat(chunks).reset_index(drop=True)
    pd.testing.assert_frame_equal(joined, expected, check_categorical=False)


def test_the_stream_hands_over_only_the_columns_asked_for():
    stream = _pawnkit.PositionStream([(str(SAMPLE), None)], None, 1, ["WhiteElo"], False, False, 1, 0, 0,
                                     ["ply", "white_isolated", "WhiteElo"])
    chunk = stream.next()
    stream.stop()
    assert set(chunk) == {"ply", "bitboards", "tags", "game_slot"}
    names = _pawnkit.bitboard_column_names()
    assert [names[k] for k, array in enumerate(chunk["bitboards"]) if array is not None] == ["white_isolated"]
    assert list(chunk["tags"]) == ["WhiteElo"]
    with pytest.raises(ValueError, match="unknown column 'Event'"):
        _pawnkit.PositionStream([(str(SAMPLE), None)], None, 1, [], False, False, 1, 0, 0, ["Event"])


def filled_bytes(**kwargs):
    """The column memory a positions() call filled: freed frames give their blocks to the
    pool, which counts their populated bytes."""
    pawnkit.release_memory()
    frame = quiet(pawnkit.positions, SAMPLE, **kwargs)
    rows = len(frame)
    del frame
    filled = _pawnkit.kept_column_bytes()
    pawnkit.release_memory()
    return filled, rows


def test_columns_not_asked_for_take_no_memory():
    every, rows = filled_bytes(tags=TAGS)
    ply, _ = filled_bytes(tags=TAGS, columns=["ply"])
    four, _ = filled_bytes(tags=TAGS, columns=["game_key", "ply", "white_isolated", "WhiteElo"])
    # Every column: 58 bitboards of 8 bytes a row and more; ply: 4 bytes a row (pages and
    # the growth step on top); four: ply, one bitboard, the game slot (4 + 8 + 4).
    assert every >= rows * 58 * 8
    assert ply < every / 40
    assert four < every / 15
