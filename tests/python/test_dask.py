"""pawnkit.dask on a LocalCluster of two worker processes. Dask is installed by
scripts/setup.sh, so a missing Dask fails here (the imports are not guarded)."""

import json
import warnings

import dask.dataframe as dd
import distributed
import pandas as pd
import pytest

import pawnkit
import pawnkit.dask
from conftest import SAMPLE, run_cli, shared_file


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as c:
            yield c


def shards_of(path, games, directory):
    out, _, status = run_cli("split", "--games", games, path, directory)
    assert status == 0
    return out.split()


def test_dask_stats_over_split_shards_equals_cli_stats(client, tmp_path):
    shards = shards_of(SAMPLE, 40, tmp_path)
    assert len(shards) == 8
    got = pawnkit.dask.stats(shards, client=client)
    assert len(client.scheduler_info()["workers"]) == 2
    expected = json.loads(run_cli("stats", "--format", "json", SAMPLE)[0])
    assert got.to_dict() == expected


def test_dask_positions_has_the_right_meta_and_rows(client, tmp_path):
    shards = shards_of(SAMPLE, 100, tmp_path)
    frame = pawnkit.dask.positions(shards, tags=("WhiteElo",))
    assert isinstance(frame, dd.DataFrame)
    assert frame.npartitions == len(shards) == 3
    local = pawnkit.positions(SAMPLE, tags=("WhiteElo",))
    assert list(frame.dtypes) == list(local.dtypes)
    computed = client.compute(frame).result()
    assert len(computed) == len(local)
    pd.testing.assert_series_equal(computed["white_isolated"].reset_index(drop=True), local["white_isolated"])


def test_dask_stats_on_shards_of_a_real_file(client, tmp_path):
    path = shared_file("lichess_magnus_games.pgn.zst")
    shards = shards_of(path, 2500, tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pawnkit.BadInputWarning)
        got = pawnkit.dask.stats(shards, client=client)
    expected = json.loads(run_cli("stats", "--format", "json", path)[0])
    assert got.to_dict() == expected
