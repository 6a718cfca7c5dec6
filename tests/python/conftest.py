"""Shared fixtures: the CLI built beside the package, the source tree, the shared data.

ctest sets PAWNKIT_CLI, PAWNKIT_SOURCE_DIR and PAWNKIT_SHARED_DATA (python/CMakeLists.txt);
run by hand, the defaults are build/pawnkit and ../shared/data next to the source tree.
"""

import json
import os
import pathlib
import subprocess

import pandas as pd
import pytest

SOURCE = pathlib.Path(os.environ.get("PAWNKIT_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
CLI = pathlib.Path(os.environ.get("PAWNKIT_CLI", SOURCE / "build" / "pawnkit"))
SHARED = pathlib.Path(os.environ.get("PAWNKIT_SHARED_DATA", SOURCE.parent / "shared" / "data"))
SAMPLE = SOURCE / "data" / "sample.pgn"
STRUCTURES = SOURCE / "data" / "structures.epd"


def run_cli(*args, check=True, stdin=None):
    """Runs the CLI; returns (stdout, stderr, status)."""
    done = subprocess.run([str(CLI), *map(str, args)], capture_output=True, text=True, input=stdin)
    if check and done.returncode not in (0, 1):
        raise AssertionError(f"pawnkit {args} exited with {done.returncode}: {done.stderr}")
    return done.stdout, done.stderr, done.returncode


def cli_jsonl(*args):
    out, _, _ = run_cli(*args)
    return [json.loads(line) for line in out.splitlines()]


def shared_file(name):
    """A file of ../shared/data, or a clean skip when it is not there."""
    path = SHARED / name
    if not path.exists():
        pytest.skip(f"{path} is absent (shared data not available)")
    return path


SQUARE_BITS = {f"{file}{rank}": 1 << (f + 8 * (rank - 1))
               for f, file in enumerate("abcdefgh") for rank in range(1, 9)}


def bitboard(squares):
    """A CLI square list (["d4", "e5"]) as a LERF bitboard."""
    return sum(SQUARE_BITS[s] for s in squares)


def as_text_categories(frame, columns=("Opening",)):
    """The frame with these free-text categorical tag columns as text: the chunks of
    iter_positions each have their own games' values as categories, and plain pd.concat of
    categoricals with different categories gives pandas' default text dtype (object on
    pandas 1 and 2, "str" on pandas 3; pawnkit.concat keeps them categorical)."""
    text = pd.Series(["text"]).dtype
    return frame.astype({c: text for c in columns if c in frame.columns})


def shards_of(path, games, directory):
    """The paths of the shards `pawnkit split --games N` makes of `path`."""
    out, _, status = run_cli("split", "--games", games, path, directory)
    assert status == 0
    return out.split()


def split_sample(directory, games):
    """The paths of the shards `pawnkit split --games N` makes of the bundled sample."""
    return shards_of(SAMPLE, games, directory)


@pytest.fixture(scope="session")
def client():
    """A Dask client on a LocalCluster of two worker processes, one for the whole run:
    starting one (three processes that import Dask, pandas and pawnkit) takes seconds on
    a loaded machine, and no test leaves work or state on it."""
    import distributed  # only the Dask tests need it

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster) as c:
            yield c
