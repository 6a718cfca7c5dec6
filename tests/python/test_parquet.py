"""pawnkit.to_parquet read back by pandas and Dask (pyarrow) equal to positions()/games(),
and columns= on positions()/iter_positions() equal to selecting the columns afterwards."""

import warnings

import pytest

pytest.importorskip("pyarrow")  # in python/requirements.txt; Debian's python3 has none

import dask
import dask.dataframe as dd
import numpy as np
import pandas as pd

import pawnkit
from conftest import SAMPLE, STRUCTURES

TAGS = ["WhiteElo", "Result", "Date", "Event", "Opening", "Site"]


def quiet(call, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pawnkit.PawnkitWarning)
        return call(*args, **kwargs)


def read_both(directory):
    """The dataset as pandas reads it and as Dask computes it (one process), with Dask's
    string conversion off; with it on (Dask's default), the text columns are Dask's
    "string[pyarrow]" (pd.NA for missing) holding the same values."""
    by_pandas = pd.read_parquet(directory)
    with dask.config.set({"dataframe.convert-string": False}, scheduler="synchronous"):
        by_dask = dd.read_parquet(directory).compute()
    with dask.config.set(scheduler="synchronous"):
        converted = dd.read_parquet(directory).compute()
    text = [c for c, dtype in by_dask.dtypes.items() if isinstance(dtype, pd.StringDtype)]
    assert all(converted[c].dtype == "string[pyarrow]" for c in text)
    pd.testing.assert_frame_equal(converted.astype({c: by_dask[c].dtype for c in text}), by_dask)
    return by_pandas, by_dask


def same_rows(read, expected):
    pd.testing.assert_frame_equal(read.reset_index(drop=True), expected.reset_index(drop=True))


def test_positions_dataset_reads_back_equal_to_positions(tmp_path):
    expected = quiet(pawnkit.positions, SAMPLE, tags=TAGS)
    # Small chunks: many files, whose free-text categories (Event, Opening) differ.
    rows = quiet(pawnkit.to_parquet, SAMPLE, tmp_path / "ds", tags=TAGS, chunk_rows=2000)
    assert rows == len(expected)
    assert len(list((tmp_path / "ds").glob("*.parquet"))) > 5
    by_pandas, by_dask = read_both(tmp_path / "ds")
    same_rows(by_pandas, expected)
    same_rows(by_dask, expected)


def test_duckdb_reads_the_positions_dataset_as_positions(tmp_path):
    duckdb = pytest.importorskip("duckdb")  # pinned in python/constraints.txt
    expected = quiet(pawnkit.positions, SAMPLE, tags=TAGS)
    quiet(pawnkit.to_parquet, SAMPLE, tmp_path / "ds", tags=TAGS, chunk_rows=3000)
    glob = str(tmp_path / "ds" / "*.parquet")
    read = duckdb.sql(f"select * from read_parquet('{glob}')").df()
    # DuckDB has no categoricals (text instead) and gives int32 for an Int32 without NA:
    # the same values, in the same order, once typed as pawnkit types them.
    assert list(read.columns) == list(expected.columns)
    same_rows(read.astype(dict(expected.dtypes)), expected)
    counts = duckdb.sql(f"select structure, count(*) as n from read_parquet('{glob}') where structure is not null "
                        "group by structure order by n desc, structure").df()
    by_pandas = expected.structure.value_counts().rename_axis("structure").reset_index(name="n")
    by_pandas = by_pandas[by_pandas.n > 0].sort_values(["n", "structure"], ascending=[False, True],
                                                        key=lambda c: c.astype(str) if c.name == "structure" else c)
    assert counts.values.tolist() == by_pandas.astype({"structure": str}).values.tolist()


def test_columns_and_where_write_only_what_is_asked(tmp_path):
    columns = ["game_key", "ply", "white_isolated", "structure", "WhiteElo"]
    where = "count(white.isolated) >= 1"
    expected = quiet(pawnkit.positions, SAMPLE, tags=["WhiteElo"], where=where)[columns]
    quiet(pawnkit.to_parquet, SAMPLE, tmp_path / "ds", tags=["WhiteElo"], where=where, columns=columns,
          chunk_rows=3000)
    by_pandas, by_dask = read_both(tmp_path / "ds")
    assert list(by_pandas.columns) == columns
    same_rows(by_pandas, expected)
    same_rows(by_dask, expected)


def test_partition_by_writes_one_folder_per_value(tmp_path):
    expected = quiet(pawnkit.positions, SAMPLE, tags=["Result"], columns=["game_id", "ply", "phase", "Result"])
    quiet(pawnkit.to_parquet, SAMPLE, tmp_path / "ds", tags=["Result"], columns=["game_id", "ply", "phase", "Result"],
          partition_by="phase")
    assert sorted(p.name for p in (tmp_path / "ds").iterdir()) == ["phase=endgame", "phase=middlegame",
                                                                    "phase=opening"]
    read = pd.read_parquet(tmp_path / "ds")
    # The partition column comes back last, as a categorical of the folder names.
    read = read.sort_values(["game_id", "ply"]).reset_index(drop=True)
    assert read["phase"].astype(str).tolist() == expected["phase"].astype(str).tolist()
    same_rows(read[["game_id", "ply", "Result"]], expected[["game_id", "ply", "Result"]])


def test_games_dataset_reads_back_equal_to_games(tmp_path):
    expected = quiet(pawnkit.games, SAMPLE, tags=TAGS)
    assert quiet(pawnkit.to_parquet, SAMPLE, tmp_path / "ds", what="games", tags=TAGS) == len(expected)
    by_pandas, by_dask = read_both(tmp_path / "ds")
    for read in (by_pandas, by_dask):
        pd.testing.assert_frame_equal(read.drop(columns="structures"), expected.drop(columns="structures"))
        # The structures as records, holder kept.
        assert [[(r["structure"], r["holder"], r["first_ply"]) for r in reached] for reached in read["structures"]] \
            == [list(reached) for reached in expected["structures"]]


def test_fen_epd_and_no_rows(tmp_path):
    expected = quiet(pawnkit.positions, STRUCTURES)
    quiet(pawnkit.to_parquet, STRUCTURES, tmp_path / "epd")
    same_rows(pd.read_parquet(tmp_path / "epd"), expected)
    # A query no position meets: a dataset of no rows with every column's dtype.
    none = quiet(pawnkit.positions, SAMPLE, where="ply > 100000", tags=["WhiteElo"])
    assert quiet(pawnkit.to_parquet, SAMPLE, tmp_path / "none", where="ply > 100000", tags=["WhiteElo"]) == 0
    read = pd.read_parquet(tmp_path / "none")
    assert len(read) == 0 and list(read.columns) == list(none.columns)
    # Parquet keeps no dictionary for no rows: categoricals come back without categories.
    assert [str(d) for d in read.dtypes] == [str(d) for d in none.dtypes]


def test_a_used_directory_and_bad_arguments_are_refused(tmp_path):
    (tmp_path / "used").mkdir()
    (tmp_path / "used" / "old.parquet").write_bytes(b"")
    with pytest.raises(FileExistsError, match="not an empty directory"):
        pawnkit.to_parquet(SAMPLE, tmp_path / "used")
    with pytest.raises(ValueError, match="unknown column 'white_isolani'"):
        pawnkit.to_parquet(SAMPLE, tmp_path / "new", columns=["white_isolani"])
    with pytest.raises(ValueError, match="partition_by"):
        pawnkit.to_parquet(SAMPLE, tmp_path / "new", columns=["ply"], partition_by="phase")
    with pytest.raises(ValueError, match="where="):
        pawnkit.to_parquet(SAMPLE, tmp_path / "new", what="games", where="ply > 3")
    assert not (tmp_path / "new").exists()


def test_columns_equal_the_selection_of_the_whole_frame():
    whole = quiet(pawnkit.positions, SAMPLE, tags=["WhiteElo", "Event"])
    columns = ["Event", "black_passed", "fen", "game_id", "phase"]
    pd.testing.assert_frame_equal(quiet(pawnkit.positions, SAMPLE, tags=["WhiteElo", "Event"], columns=columns),
                                  whole[columns])
    chunks = list(quiet(pawnkit.iter_positions, SAMPLE, tags=["WhiteElo", "Event"], columns=["ply", "WhiteElo"],
                        chunk_rows=5000))
    assert len(chunks) > 1 and all(list(c.columns) == ["ply", "WhiteElo"] for c in chunks)
    same_rows(pd.concat(chunks), whole[["ply", "WhiteElo"]])
    # A single name is one column; a tag not asked for in tags= is an error naming the columns.
    assert list(quiet(pawnkit.positions, SAMPLE, columns="ply").columns) == ["ply"]
    with pytest.raises(ValueError, match="tags="):
        pawnkit.positions(SAMPLE, columns=["Event"])
    with pytest.raises(ValueError, match="unknown column 'fen'"):
        pawnkit.positions(SAMPLE, columns=["fen"], fen=False)
    assert np.array_equal(quiet(pawnkit.positions, SAMPLE, columns=["white_pawns"]).white_pawns.to_numpy(),
                          whole.white_pawns.to_numpy())
