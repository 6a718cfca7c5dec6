"""pawnkit.Index against the CLI: the same index, the same FENs and filters, the same JSON."""

import json

import pytest

import pawnkit
from conftest import SAMPLE, run_cli

FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/8/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10",
]


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    db = tmp_path_factory.mktemp("index") / "db"
    _, err, status = run_cli("index", "add", db, SAMPLE)
    assert status == 0, err
    return db


@pytest.mark.parametrize("fen", FENS)
@pytest.mark.parametrize("options", [
    {},
    {"min_elo": 2000},
    {"match": "center", "speeds": "blitz,bullet"},
    {"match": "structure", "since": "2025-05", "until": "2025-05", "games": 3},
])
def test_explore_equals_the_cli(index, fen, options):
    args = ["explore", "--index", index, "--format", "json"]
    for name, value in options.items():
        args += ["--" + name.replace("_", "-"), value]
    out, err, status = run_cli(*args, fen)
    try:
        answer = pawnkit.Index(index).explore(fen, **options)
    except ValueError as error:  # the CLI refused it too, with the same message
        assert status == 1 and str(error) in err
        return
    assert status == 0, err
    assert answer == json.loads(out)


def test_frames(index):
    idx = pawnkit.Index(index)
    moves = idx.moves(FENS[0])
    assert list(moves.columns) == ["uci", "games", "white", "draws", "black"]
    assert moves["games"].sum() <= idx.explore(FENS[0])["games"]
    games = idx.games(FENS[0], games=3)
    assert len(games) == 3 and games["white_elo"].notna().all()


def test_bad_input(index, tmp_path):
    with pytest.raises(OSError):
        pawnkit.Index(tmp_path / "missing")
    with pytest.raises(ValueError):
        pawnkit.Index(index).explore("not a fen")
    with pytest.raises(ValueError):
        pawnkit.Index(index).explore(FENS[0], min_elo=2050)
