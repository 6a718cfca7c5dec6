"""pawnkit.dask against two mistakes of a user: a glob that matches shards of two splits
of one file (warned: the games would count twice), and Ctrl-C in the client (the
cluster's tasks are cancelled, not left running)."""

import os
import signal
import threading
import time
import warnings

import pytest

import pawnkit
import pawnkit.dask
from conftest import SAMPLE, shards_of, shared_file


def mixed_split_warnings(call, paths):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        call(paths)
    return [str(w.message) for w in caught if "more than one split" in str(w.message)]


@pytest.mark.parametrize("call", [pawnkit.dask.stats_graph, pawnkit.dask.positions, pawnkit.dask.games],
                         ids=["stats", "positions", "games"])
def test_shards_of_two_splits_of_one_file_are_warned(tmp_path, call):
    one = shards_of(SAMPLE, 40, tmp_path / "by40")
    other = shards_of(SAMPLE, 100, tmp_path / "by100")
    assert mixed_split_warnings(call, one) == [] and mixed_split_warnings(call, other) == []
    found = mixed_split_warnings(call, sorted(one + other))
    assert len(found) == 1 and str(SAMPLE) in found[0] and "game 1" in found[0]
    # Shards of two different files, and plain files, are no mix.
    assert mixed_split_warnings(call, one + [str(SAMPLE)]) == []


def test_ctrl_c_in_the_client_cancels_the_clusters_tasks(client, tmp_path):
    shards = shards_of(shared_file("lichess_magnus_games.pgn.zst"), 1000, tmp_path)
    paths = shards * 60  # ~15 s of work for two workers: Ctrl-C comes long before the end
    timer = threading.Timer(2.0, os.kill, (os.getpid(), signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pawnkit.PawnkitWarning)  # the repeated shards
        with pytest.raises(KeyboardInterrupt):
            pawnkit.dask.stats(paths, client=client)
    timer.join()

    def tasks(dask_scheduler):
        return len(dask_scheduler.tasks)

    # The scheduler forgets the call's tasks (a task already running on a worker ends first).
    while client.run_on_scheduler(tasks) and time.monotonic() - started < 30:
        time.sleep(0.2)
    assert client.run_on_scheduler(tasks) == 0
    assert time.monotonic() - started < 30
