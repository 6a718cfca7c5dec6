"""pawnkit.dask.index on a LocalCluster against `pawnkit index add` of the same shards in
one process: the same answers (counts, moves, model games) for every placement the games
reached, with every filter kind, also when a game is in two shards."""

import json
import shutil

import pytest

import pawnkit
import pawnkit.dask
from conftest import CLI, SAMPLE, run_cli, shards_of, shared_file


START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def fens_of(paths, step):
    """Every `step`-th position of the games: placements reached by one game and by many."""
    fens = []
    for path in paths:
        fens += list(pawnkit.positions(path, fen=True)["fen"].iloc[::step])
    return sorted(set(fens))


def answers(db, fens, *options):
    out, err, status = run_cli("explore", "--index", db, "--format", "jsonl", "--games", 10, *options, "-",
                               stdin="\n".join(fens) + "\n")
    assert status in (0, 1) and out, err  # 1: a FEN that --match structure refuses, said in err
    return [json.loads(line) for line in out.splitlines()], err


def info(db):
    out, err, status = run_cli("index", "info", "--format", "json", db)
    assert status == 0, err
    # A source file all of whose games were already in the index is listed with 0 games
    # only when a later file of the same `index add` adds some: left out here.
    summary = {k: v for k, v in json.loads(out).items() if k != "bytes"}
    summary["sources"] = [source for source in summary["sources"] if source["games"]]
    return summary


def assert_same_index(dask_db, cli_db, fens):
    assert info(dask_db) == info(cli_db)
    for options in [(), ("--match", "center", "--min-elo", 1800),
                    ("--match", "structure", "--speeds", "blitz,rapid", "--since", "2020-01")]:
        assert answers(dask_db, fens, *options) == answers(cli_db, fens, *options), options
    dask_index, cli_index = pawnkit.Index(dask_db), pawnkit.Index(cli_db)
    for fen in fens[:: max(1, len(fens) // 5)]:
        assert dask_index.explore(fen, games=10) == cli_index.explore(fen, games=10)
        assert dask_index.moves(fen).equals(cli_index.moves(fen))
        assert dask_index.games(fen).equals(cli_index.games(fen))


def test_dask_index_of_shards_equals_index_add(client, tmp_path):
    shards = shards_of(SAMPLE, 40, tmp_path / "shards")
    assert len(shards) == 8
    pawnkit.dask.index(shards, tmp_path / "dask", client=client, cli=CLI)
    assert len(client.scheduler_info()["workers"]) == 2
    run_cli("index", "add", tmp_path / "cli", *shards)
    fens = fens_of([SAMPLE], 3)
    assert answers(tmp_path / "cli", [START])[0][0]["games"] == 300  # every game of the sample
    assert_same_index(tmp_path / "dask", tmp_path / "cli", fens)
    assert not list(tmp_path.glob(".pawnkit-parts-*"))  # the partial indexes are removed


def test_a_game_in_two_shards_counts_once(client, tmp_path):
    by40 = shards_of(SAMPLE, 40, tmp_path / "by40")  # games 1-40, 41-80, ..., 281-300
    by80 = shards_of(SAMPLE, 80, tmp_path / "by80")  # games 1-80, ..., 241-300
    again = tmp_path / "again.pgn.zst"  # the games of by80[0] under another name
    shutil.copy(by80[0], again)
    # Shards half new and half added before (by80[0], by80[3] over by40[7] already in
    # the index), wholly added before (again, by80[1] the second time), and new.
    paths = [by40[1], by80[1], by80[0], str(again), by80[2], by80[1], by80[3]]
    for db in ("dask", "cli"):
        run_cli("index", "add", tmp_path / db, by40[7])
    pawnkit.dask.index(paths, tmp_path / "dask", client=client, cli=CLI)
    run_cli("index", "add", tmp_path / "cli", *paths)
    assert info(tmp_path / "dask")["games"] == 300
    assert_same_index(tmp_path / "dask", tmp_path / "cli", fens_of([SAMPLE], 4))


def test_dask_index_of_a_lichess_file(client, tmp_path):
    real = shared_file("lichess_db_1000k.pgn")
    shards = shards_of(real, 300, tmp_path / "shards")
    pawnkit.dask.index(shards, tmp_path / "dask", client=client, cli=CLI)
    run_cli("index", "add", tmp_path / "cli", *shards)
    assert_same_index(tmp_path / "dask", tmp_path / "cli", fens_of(shards[:1], 20))
