"""pawnkit.dask on a LocalCluster of two worker processes. Dask is installed by
scripts/setup.sh, so a missing Dask fails here (the imports are not guarded)."""

import json
import subprocess
import sys
import warnings

import dask.dataframe as dd
import distributed
import pandas as pd
import pytest

import pawnkit
import pawnkit.dask
from conftest import SAMPLE, run_cli, shards_of, shared_file


def test_dask_stats_over_split_shards_equals_cli_stats(client, tmp_path):
    shards = shards_of(SAMPLE, 40, tmp_path)
    assert len(shards) == 8
    got = pawnkit.dask.stats(shards, client=client)
    assert len(client.scheduler_info()["workers"]) == 2
    expected = json.loads(run_cli("stats", "--format", "json", SAMPLE)[0])
    assert got.to_dict() == expected


@pytest.mark.parametrize("phase", ["opening", "endgame"])
def test_dask_stats_of_a_phase_equals_cli_stats_phase(client, tmp_path, phase):
    shards = shards_of(SAMPLE, 40, tmp_path)
    got = pawnkit.dask.stats(shards, client=client, phase=phase)
    assert got.phase == phase
    assert got.to_dict() == json.loads(run_cli("stats", "--phase", phase, "--format", "json", SAMPLE)[0])
    assert got.to_dict() != json.loads(run_cli("stats", "--format", "json", SAMPLE)[0])


def test_dask_positions_columns(client, tmp_path):
    shards = shards_of(SAMPLE, 100, tmp_path)
    columns = ["game_key", "ply", "black_passed", "WhiteElo"]
    frame = pawnkit.dask.positions(shards, tags=("WhiteElo",), columns=columns)
    assert list(frame.columns) == columns
    local = pawnkit.positions(SAMPLE, tags=("WhiteElo",))[columns]
    pd.testing.assert_frame_equal(client.compute(frame).result().reset_index(drop=True), local)


def test_dask_positions_has_the_right_meta_and_rows(client, tmp_path):
    shards = shards_of(SAMPLE, 100, tmp_path)
    frame = pawnkit.dask.positions(shards, tags=("WhiteElo",))
    assert isinstance(frame, dd.DataFrame)
    assert frame.npartitions == len(shards) == 3
    local = pawnkit.positions(SAMPLE, tags=("WhiteElo",))
    # The same columns and dtypes; `file` has the shards as its categories.
    assert list(frame.dtypes.drop("file")) == list(local.dtypes.drop("file"))
    assert list(frame.dtypes["file"].categories) == shards
    computed = client.compute(frame).result()
    assert len(computed) == len(local)
    pd.testing.assert_series_equal(computed["white_isolated"].reset_index(drop=True), local["white_isolated"])
    without_fen = pawnkit.dask.positions(shards, fen=False)
    assert list(without_fen.columns) == [c for c in local.columns if c not in ("fen", "WhiteElo")]
    assert len(client.compute(without_fen).result()) == len(local)


def test_dask_messages_name_the_original_file_line_and_game(client, tmp_path):
    # Games 45 and 130 of the original are broken; shards of 40 games hold them as their
    # games 5 and 10. The merged messages are the CLI's on the original file, plus the shard.
    games = SAMPLE.read_text().split("\n\n[Event ")
    games[44] = games[44].replace(" e4 ", " e5 ", 1).replace("1. d4 ", "1. d5 ", 1)
    games[129] = games[129].replace("1. ", "1. Ke8 ", 1)
    original = tmp_path / "broken.pgn"
    original.write_text("\n\n[Event ".join(games))
    _, err, _ = run_cli("stats", "--threads", "1", original)
    cli_messages = [line for line in err.splitlines() if ": game " in line]
    assert len(cli_messages) == 2, err
    shards = shards_of(original, 40, tmp_path / "shards")
    with pytest.warns(pawnkit.BadInputWarning):
        got = pawnkit.dask.stats(shards, client=client)
    expected = [f"{cli_messages[0]} [{shards[1]}]", f"{cli_messages[1]} [{shards[3]}]"]
    assert sorted(got.errors) == sorted(expected)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pawnkit.BadInputWarning)
        table = client.compute(pawnkit.dask.games(shards)).result()
    bad = table[table["status"] == "bad"]
    assert list(bad["game"]) == [5, 10] and list(bad["message"]) == expected


def test_dask_stats_on_shards_of_a_real_file(client, tmp_path):
    path = shared_file("lichess_magnus_games.pgn.zst")
    shards = shards_of(path, 2500, tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pawnkit.BadInputWarning)
        got = pawnkit.dask.stats(shards, client=client)
    expected = json.loads(run_cli("stats", "--format", "json", path)[0])
    assert got.to_dict() == expected


def test_stats_graph_is_a_tree_of_merges():
    # 20 file tasks, merged 8 at a time: 3 merges, then 1 (no Dask needed to build it).
    graph = pawnkit.dask.stats_graph([f"shard-{i}.pgn.zst" for i in range(20)], fan_in=8)
    keys = list(dict(graph.__dask_graph__()))
    assert sum(k.startswith("_file_stats") for k in keys) == 20
    assert sum(k.startswith("_merge") for k in keys) == 4
    # Two graphs over the same paths are two computations (a file may have changed).
    again = pawnkit.dask.stats_graph([f"shard-{i}.pgn.zst" for i in range(20)], fan_in=8)
    assert again.key != graph.key
    with pytest.raises(ValueError):
        pawnkit.dask.stats_graph(["a.pgn"], fan_in=1)


def test_workers_running_stats_do_not_import_pandas():
    # A Dask worker unpickles its stats task from pawnkit.dask: pandas (seconds to import
    # on a loaded machine) is only imported by the functions that make DataFrames.
    code = "import sys, pawnkit.dask; print('pandas' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
