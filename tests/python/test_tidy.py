"""Frames that stay tidy when combined: categorical columns that pd.concat keeps
(fixed categories for closed vocabularies, pawnkit.concat for free-text tags), and the
games table's structures in long form."""

import io

import dask
import pandas as pd
import pytest

import pawnkit
import pawnkit.dask
from conftest import SAMPLE, split_sample

TAGS = ("Result", "ECO", "Event", "White", "WhiteElo")


@pytest.fixture(scope="module")
def chunks():
    return list(pawnkit.iter_positions(SAMPLE, tags=TAGS, chunk_rows=2000, fen=False))


def test_pd_concat_of_chunks_keeps_closed_vocabularies_categorical(chunks):
    assert len(chunks) > 3
    combined = pd.concat(chunks, ignore_index=True)
    for column in ("file", "structure", "structure_side", "phase", "Result", "ECO"):
        assert isinstance(combined[column].dtype, pd.CategoricalDtype), column
    assert list(combined["Result"].cat.categories) == ["1-0", "0-1", "1/2-1/2", "*"]
    assert list(combined["ECO"].cat.categories[:3]) == ["A00", "A01", "A02"]
    assert combined["ECO"].cat.categories[-1] == "?" and len(combined["ECO"].cat.categories) == 501
    # A value outside the set is kept, after the known ones: a Result tag "1/2" in a game
    # without a result token (with one, the token counts, read as 1/2-1/2 as stats does).
    with pytest.warns(pawnkit.RepairWarning, match="no result token"):
        odd = pawnkit.positions(io.BytesIO(b'[Result "1/2"]\n[ECO "Z99"]\n\n1. e4 e5\n'), tags=("Result", "ECO"))
    assert list(odd["Result"].cat.categories)[-1] == "1/2" and odd["ECO"].iloc[0] == "Z99"
    with pytest.warns(pawnkit.RepairWarning):
        token = pawnkit.positions(io.BytesIO(b'[Result "1/2"]\n\n1. e4 e5 1/2\n'), tags="Result")
    assert token["Result"].iloc[0] == "1/2-1/2" and len(token["Result"].cat.categories) == 4


def test_pawnkit_concat_unites_free_text_categories(chunks):
    # What plain pd.concat does: text (object on pandas 1, "str" on pandas 3), not categories.
    assert not isinstance(pd.concat(chunks)["Event"].dtype, pd.CategoricalDtype)
    combined = pawnkit.concat(chunks)
    pd.testing.assert_frame_equal(combined, pawnkit.positions(SAMPLE, tags=TAGS, fen=False))
    assert combined.attrs == chunks[-1].attrs


def test_concat_of_calls_and_dask_partitions(tmp_path):
    shards = split_sample(tmp_path, 100)
    frames = [pawnkit.positions(s, tags=TAGS, fen=False) for s in shards]
    combined = pawnkit.concat(frames)
    assert len(combined) == sum(map(len, frames))
    for column in ("Event", "White", "Result", "file"):
        assert isinstance(combined[column].dtype, pd.CategoricalDtype), column
    assert set(combined["White"].cat.categories) == set().union(*(f["White"].cat.categories for f in frames))
    # Dask partitions computed one by one, combined by hand.
    with dask.config.set(scheduler="sync"):
        parts = dask.compute(*pawnkit.dask.positions(shards, tags=TAGS, fen=False).to_delayed())
    together = pawnkit.concat(parts)
    assert isinstance(together["Event"].dtype, pd.CategoricalDtype)
    assert len(together) == len(combined) and together["game_id"].nunique() == 300
    # Games tables keep their game_id index.
    games = pawnkit.concat([pawnkit.games(s, tags=("Result", "Event"), _first_file=i, _all_names=shards)
                            for i, s in enumerate(shards)])
    assert games.index.name == "game_id" and games.index.is_unique and len(games) == 300
    assert isinstance(games["Event"].dtype, pd.CategoricalDtype)
    with pytest.raises(ValueError):
        pawnkit.concat([])


def test_game_structures_is_the_long_form_of_the_positions():
    games = pawnkit.games(SAMPLE)
    long = pawnkit.game_structures(games)
    assert list(long.columns) == ["game_id", "game_key", "file", "game", "structure", "holder", "first_ply"]
    assert list(long["structure"].cat.categories) == list(pawnkit.positions(SAMPLE)["structure"].cat.categories)
    # The first ply of every structure of every game, straight from the position rows.
    rows = pawnkit.positions(SAMPLE, fen=False)
    named = rows[rows["structure"].notna()]
    first = named.groupby(["game_id", "structure", "structure_side"], observed=True)["ply"].min()
    got = long.set_index(["game_id", "structure", "holder"])["first_ply"].sort_index()
    assert len(long) == len(first) > 50
    assert got.to_dict() == first.to_dict()
    # In each game, in the order of the plies; games that reached none have no row.
    assert (long.groupby("game_id")["first_ply"].apply(lambda p: p.is_monotonic_increasing)).all()
    assert set(long["game_id"]) == {g for g, s in games["structures"].items() if s}
    assert long.merge(games[["Result"]], left_on="game_id", right_index=True)["Result"].notna().all()


def test_games_table_keeps_the_fixed_result_categories():
    pgn = (b'[Event "a"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
           b'[Event "b"]\n[Variant "Atomic"]\n[Result "0-1"]\n\n1. e4 d5 0-1\n')
    with pytest.warns(pawnkit.BadInputWarning):
        games = pawnkit.games(io.BytesIO(pgn), tags=("Result", "Event"))
    assert list(games["status"]) == ["ok", "skipped"]
    assert list(games["Result"].cat.categories) == ["1-0", "0-1", "1/2-1/2", "*"]
    assert isinstance(games["Event"].dtype, pd.CategoricalDtype)
