"""pawnkit.dask on a real cluster: a scheduler and two workers started as processes of
their own with the commands a user types on several machines (`dask scheduler`,
`dask worker tcp://HOST:PORT`), over TCP on loopback; and one worker killed (SIGKILL) in
the middle of pawnkit.dask.stats, the result still exactly the CLI's (the scheduler runs
the lost tasks again on the other worker). docs/scaling.md has the recipe."""

import contextlib
import json
import os
import pathlib
import shutil
import signal
import subprocess
import sys
import time

import distributed
import pandas as pd
import pytest

import pawnkit
import pawnkit.dask
from conftest import SAMPLE, run_cli, split_sample
from processes import free_port, stopped_at_exit

# The `dask` command of the interpreter running the tests (a venv's own, beside its python),
# never another environment's first on PATH: its distributed must match the client's.
DASK = next((str(p) for p in [pathlib.Path(sys.executable).parent / "dask"] if p.exists()), None) \
    or shutil.which("dask") or "/usr/bin/dask"


@contextlib.contextmanager
def cluster(workers=2):
    """(scheduler address, [worker processes]): `dask scheduler` and `dask worker`
    processes on loopback, each worker one process with one thread and no nanny (so that
    killing it kills the worker, as when a machine dies)."""
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(pawnkit.__file__)))
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env}
    with stopped_at_exit(timeout=20) as processes:
        processes.append(subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                           "--no-dashboard"], **quiet))
        worker_processes = [subprocess.Popen([DASK, "worker", address, "--nthreads", "1", "--no-nanny",
                                              "--no-dashboard", "--name", f"worker-{i}"], **quiet)
                            for i in range(workers)]
        processes += worker_processes
        yield address, worker_processes


def connect(address, workers):
    client = distributed.Client(address, timeout=60)
    client.wait_for_workers(workers, timeout=90)
    return client


@pytest.fixture(scope="module")
def shards(tmp_path_factory):
    return split_sample(tmp_path_factory.mktemp("cluster-shards"), 10)


def test_scheduler_and_two_worker_processes_give_the_cli_results(shards):
    with cluster(2) as (address, _), connect(address, 2) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        got = pawnkit.dask.stats(shards, client=client)
        assert got.to_dict() == json.loads(run_cli("stats", "--format", "json", SAMPLE)[0])
        frame = pawnkit.dask.positions(shards, tags="WhiteElo", fen=False)
        parts = client.compute(frame.to_delayed())
        distributed.wait(parts)
        assert {w for owners in client.who_has(parts).values() for w in owners} == set(
            client.scheduler_info()["workers"])  # both workers took part
        computed = pd.concat([p.result() for p in parts], ignore_index=True)
        local = pawnkit.positions(SAMPLE, tags="WhiteElo", fen=False)
        assert computed["game_id"].nunique() == 300
        assert computed["white_isolated"].tolist() == local["white_isolated"].tolist()
        assert computed["WhiteElo"].tolist() == local["WhiteElo"].tolist()

def test_a_worker_killed_mid_stats_loses_nothing(shards):
    # Enough work for the kill to land in the middle: every shard 12 times (3600 games).
    paths = list(shards) * 12
    expected = json.loads(run_cli("stats", "--format", "json", *paths)[0])
    with cluster(2) as (address, workers), connect(address, 2) as client:
        future = client.compute(pawnkit.dask.stats_graph(paths, threads=1))
        # Wait until the victim has finished some tasks (its results live on it only).
        victim = workers[0]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            held = client.run_on_scheduler(lambda dask_scheduler: sorted(
                len(ws.has_what) for ws in dask_scheduler.workers.values()))
            if min(held) >= 3:
                break
            time.sleep(0.05)
        assert not future.done(), "the computation ended before the kill: give it more work"
        os.kill(victim.pid, signal.SIGKILL)
        victim.wait(timeout=10)
        result = future.result(timeout=120)
        assert len(client.scheduler_info()["workers"]) == 1
        assert result.to_dict() == expected
