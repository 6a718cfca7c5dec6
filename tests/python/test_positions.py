"""pawnkit.positions / iter_positions / find / bb against the CLI's output."""

import gc
import json
import warnings

import numpy as np
import pandas as pd
import pytest

import pawnkit
from conftest import SAMPLE, STRUCTURES, as_text_categories, bitboard, cli_jsonl, run_cli, shared_file

SQUARE_SET_KEYS = [k for k in pawnkit.analyze("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1")["white"]
                   if k not in ("islands", "island_files")]


@pytest.fixture(scope="module")
def sample_frame():
    return pawnkit.positions(SAMPLE, tags=("WhiteElo", "Opening"))


@pytest.fixture(scope="module")
def sample_cli():
    return cli_jsonl("analyze", "--format", "jsonl", SAMPLE)


def assert_rows_equal_cli(frame, records):
    assert len(frame) == len(records)
    assert frame["fen"].tolist() == [r["fen"] for r in records]
    for side in ("white", "black"):
        for key in SQUARE_SET_KEYS:
            expected = np.array([bitboard(r[side][key]) for r in records], dtype=np.uint64)
            np.testing.assert_array_equal(frame[f"{side}_{key}"].to_numpy(), expected, err_msg=f"{side}_{key}")
        assert frame[f"{side}_islands"].tolist() == [r[side]["islands"] for r in records]
    structure = frame["structure"].astype(object).where(frame["structure"].notna(), None)
    assert structure.tolist() == [r["structure"] for r in records]
    side = frame["structure_side"].astype(object).where(frame["structure_side"].notna(), None)
    assert side.tolist() == [r["structure_side"] for r in records]


def test_positions_equal_cli_analyze_on_the_sample(sample_frame, sample_cli):
    assert_rows_equal_cli(sample_frame, sample_cli)
    assert sample_frame["game"].tolist() == [r["game"] for r in sample_cli]
    assert sample_frame["ply"].tolist() == [r["ply"] for r in sample_cli]


def test_columns_and_dtypes(sample_frame):
    columns = list(sample_frame.columns)
    assert columns[:6] == ["file", "game", "game_id", "game_key", "ply", "fen"]
    bitboard_columns = [f"{side}_{key}" for side in ("white", "black") for key in SQUARE_SET_KEYS]
    assert columns[6:6 + len(bitboard_columns)] == bitboard_columns
    assert columns[6 + len(bitboard_columns):] == ["white_islands", "black_islands", "structure",
                                                   "structure_side", "phase", "WhiteElo", "Opening"]
    assert all(sample_frame[c].dtype == np.uint64 for c in bitboard_columns)
    assert sample_frame["white_islands"].dtype == np.uint8
    assert sample_frame["structure"].dtype == "category"
    assert sample_frame["phase"].dtype == "category"
    assert sample_frame["file"].dtype == "category" and sample_frame["game_id"].dtype == np.int64


def test_tags_follow_the_games(sample_frame):
    text = SAMPLE.read_text()
    elos = [int(line.split('"')[1]) for line in text.splitlines() if line.startswith("[WhiteElo ")]
    per_game = sample_frame.groupby("game")["WhiteElo"].first()
    assert per_game.tolist() == elos
    assert pawnkit.positions(SAMPLE, tags=("NoSuchTag",))["NoSuchTag"].isna().all()


def test_iter_positions_chunks_add_up_to_positions(sample_frame):
    chunks = list(pawnkit.iter_positions(SAMPLE, tags=("WhiteElo", "Opening"), chunk_rows=1000))
    # Whole games in each chunk (test_reading.py checks the boundaries).
    assert len(chunks) >= (len(sample_frame) + 999) // 1000
    assert max(len(c) for c in chunks) <= 1000
    pd.testing.assert_frame_equal(pd.concat(chunks, ignore_index=True), as_text_categories(sample_frame))
    # Stopping early is fine (the reading thread is told to stop).
    first = next(iter(pawnkit.iter_positions(SAMPLE, chunk_rows=10)))
    assert len(first) == (sample_frame["game"] == 1).sum()  # a whole game


def test_fen_false_leaves_out_only_the_fen_column(sample_frame):
    without = pawnkit.positions(SAMPLE, tags=("WhiteElo", "Opening"), fen=False)
    pd.testing.assert_frame_equal(without, sample_frame.drop(columns="fen"))
    chunks = list(pawnkit.iter_positions(SAMPLE, tags=("WhiteElo", "Opening"), fen=False, chunk_rows=700))
    pd.testing.assert_frame_equal(pd.concat(chunks, ignore_index=True), as_text_categories(without))
    found = pawnkit.positions(STRUCTURES, fen=False)
    assert "fen" not in found.columns and len(found) == len(pawnkit.positions(STRUCTURES))


def test_threads_do_not_change_the_rows(sample_frame):
    for threads in (1, 2, 3):
        pd.testing.assert_frame_equal(pawnkit.positions(SAMPLE, tags=("WhiteElo", "Opening"), threads=threads),
                                      sample_frame)


def test_column_memory_is_reused_without_stale_rows(sample_frame):
    # Freed frames give their column blocks to a pool; later calls write into them. A small
    # frame after a large one, and a large one growing through the small one's blocks
    # (copying what it holds), must come out exactly as from fresh memory.
    small = pawnkit.positions(STRUCTURES)
    small_expected = small.copy(deep=True)
    large = pawnkit.positions(SAMPLE, tags=("WhiteElo", "Opening"))
    del small, large
    gc.collect()
    assert pawnkit._pawnkit.kept_column_bytes() > 0
    pd.testing.assert_frame_equal(pawnkit.positions(STRUCTURES), small_expected)
    pd.testing.assert_frame_equal(pawnkit.positions(SAMPLE, tags=("WhiteElo", "Opening")), sample_frame)
    # Streaming: each chunk's blocks come back for the next chunk once it is dropped.
    copies = [c.copy(deep=True) for c in pawnkit.iter_positions(SAMPLE, tags=("WhiteElo", "Opening"),
                                                                chunk_rows=300)]
    pd.testing.assert_frame_equal(pd.concat(copies, ignore_index=True), as_text_categories(sample_frame))
    pawnkit._pawnkit.release_column_memory()
    assert pawnkit._pawnkit.kept_column_bytes() == 0


def test_columns_growing_through_several_remaps_keep_every_row(sample_frame):
    # 28 copies of the sample: 547,000 rows, so every bitboard column is populated step by
    # step and moves to a larger range twice (2 -> 4 -> 8 MiB of address space), and the
    # rows are copied into the columns in tiles of 8 that start anywhere.
    import io
    copies = 28
    text = SAMPLE.read_bytes()
    large = pawnkit.positions(io.BytesIO(b"\n".join([text] * copies)), fen=False)
    assert len(large) == copies * len(sample_frame)
    for name in [c for c in sample_frame.columns if c.startswith(("white_", "black_"))] + ["ply"]:
        np.testing.assert_array_equal(large[name].to_numpy(), np.tile(sample_frame[name].to_numpy(), copies),
                                      err_msg=name)
    assert (large["game"].to_numpy()[len(sample_frame)] == sample_frame["game"].max() + 1)


def test_positions_from_several_python_threads_at_once(sample_frame):
    # Each call makes its strings with the huge-page arena allocator installed; calls that
    # overlap share it, and the last one out restores CPython's own.
    from concurrent.futures import ThreadPoolExecutor
    with ThreadPoolExecutor(4) as pool:
        frames = list(pool.map(lambda _: pawnkit.positions(SAMPLE, tags=("WhiteElo", "Opening"), threads=1),
                               range(8)))
    for frame in frames:
        pd.testing.assert_frame_equal(frame, sample_frame)


def test_fen_epd_input_equals_cli():
    frame = pawnkit.positions(STRUCTURES)
    assert_rows_equal_cli(frame, cli_jsonl("analyze", "--format", "jsonl", STRUCTURES))
    # Each record is a "game" of its own: numbered from 1, distinct game_id.
    assert frame["game"].tolist() == list(range(1, len(frame) + 1))
    assert frame["game_id"].is_unique


def test_where_equals_cli_find():
    query = "d4 in white.isolated and ply >= 20"
    found = pawnkit.find(SAMPLE, query)
    records = cli_jsonl("find", "--where", query, SAMPLE)
    assert len(records) > 0
    assert_rows_equal_cli(found, records)
    assert found["ply"].tolist() == [r["ply"] for r in records]
    runs = pawnkit.find(SAMPLE, "white.passed != {}", min_plies=6)
    assert len(runs) == len(cli_jsonl("find", "--min-plies", "6", "--where", "white.passed != {}", SAMPLE))


def test_find_games_equals_cli_find_games():
    query = "black.hanging != {}"
    out, _, _ = run_cli("find", "--games", "--min-plies", "6", "--where", query, SAMPLE)
    assert out
    assert pawnkit.find(SAMPLE, query, games=True, min_plies=6) == out


def test_bad_query_raises_value_error_with_the_cli_text():
    _, err, status = run_cli("find", "--where", "white.foo", SAMPLE, check=False)
    assert status == 2
    cli_text = err.removeprefix("pawnkit: find: --where: ").rstrip("\n")
    with pytest.raises(ValueError) as caught:
        pawnkit.positions(SAMPLE, where="white.foo")
    assert str(caught.value) == cli_text
    with pytest.raises(ValueError):
        pawnkit.find(SAMPLE, "white.foo", games=True)


def test_bad_games_are_counted_and_reported_as_the_cli_does(tmp_path):
    text = SAMPLE.read_text()
    games = text.split("\n\n[Event ")
    broken = games[0] + "\n\n[Event " + games[1].replace(" Nf3 ", " Nf7 ", 1) + "\n\n[Event " + games[2]
    path = tmp_path / "broken.pgn"
    path.write_text(broken)
    out, err, status = run_cli("analyze", "--format", "jsonl", path)
    assert status == 1
    cli_errors = [line for line in err.splitlines() if not line.startswith("pawnkit: analyze:")]
    assert len(cli_errors) == 1
    with pytest.warns(pawnkit.BadInputWarning, match="1 bad record"):
        frame = pawnkit.positions(path)
    assert len(frame) == len(out.splitlines())
    assert frame.attrs["bad"] == 1
    assert frame.attrs["messages"] == cli_errors
    with pytest.warns(pawnkit.BadInputWarning, match="1 bad game"):
        stats = pawnkit.stats(path)
    assert stats.bad_games == 1
    assert stats.errors == cli_errors


def test_missing_file_raises_os_error(tmp_path):
    with pytest.raises(OSError, match="cannot open"):
        pawnkit.positions(tmp_path / "none.pgn")
    with pytest.raises(OSError, match="cannot open"):
        pawnkit.stats([tmp_path / "none.pgn"])


def test_bb_equals_the_report_columns(sample_frame):
    f = sample_frame
    for color, own_side, enemy_side in (("white", "white", "black"), ("black", "black", "white")):
        own = f[f"{own_side}_pawns"].to_numpy()
        enemy = f[f"{enemy_side}_pawns"].to_numpy()
        for key in ("isolated", "half_isolated", "phalanx", "duo", "trio", "quart"):
            np.testing.assert_array_equal(getattr(pawnkit.bb, key)(own), f[f"{own_side}_{key}"].to_numpy(), key)
        for key in ("behind_own", "in_front_of_own", "doubled", "tripled", "defended", "attacks"):
            np.testing.assert_array_equal(getattr(pawnkit.bb, key)(own, color), f[f"{own_side}_{key}"].to_numpy(), key)
        for key in ("open", "hanging", "passed", "backward", "rams", "levers"):
            np.testing.assert_array_equal(getattr(pawnkit.bb, key)(own, enemy, color),
                                          f[f"{own_side}_{key}"].to_numpy(), key)
        np.testing.assert_array_equal(pawnkit.bb.islands(own), f[f"{own_side}_islands"].to_numpy())
    d4, a2 = np.uint64(1 << 27), np.uint64(1 << 8)
    assert pawnkit.bb.isolated(np.array([d4 | a2], np.uint64)).tolist() == [int(d4 | a2)]
    with pytest.raises(ValueError, match="color"):
        pawnkit.bb.passed(own, enemy, "green")


def test_positions_on_a_large_real_file_equal_cli():
    path = shared_file("lichess_db_1000k.pgn")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pawnkit.BadInputWarning)
        frame = pawnkit.positions(path)
    records = cli_jsonl("analyze", "--format", "jsonl", path)
    assert_rows_equal_cli(frame, records)
