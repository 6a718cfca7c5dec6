"""pawnkit split: byte-exact .pgn.zst shards cut at game starts."""

import subprocess

from conftest import SAMPLE, STRUCTURES, run_cli, shared_file


def decompressed(path):
    return subprocess.run(["zstd", "-dc", str(path)], capture_output=True, check=True).stdout


def test_shards_hold_the_input_bytes_in_order_at_game_starts(tmp_path):
    out, err, status = run_cli("split", "--games", "7", SAMPLE, tmp_path)
    assert status == 0, err
    shards = out.split()
    assert len(shards) == (300 + 6) // 7
    assert shards[0].endswith("sample-00001.pgn.zst")
    parts = [decompressed(s) for s in shards]
    assert b"".join(parts) == SAMPLE.read_bytes()
    for part in parts:
        assert part.startswith(b"[Event ")
        assert part.count(b"[Event ") <= 7
    assert "300 games in 43 shards" in err


def test_split_of_a_compressed_real_file(tmp_path):
    path = shared_file("lichess_magnus_games.pgn.zst")
    out, _, status = run_cli("split", "--games", "3000", path, tmp_path)
    assert status == 0
    assert b"".join(decompressed(s) for s in out.split()) == decompressed(path)


def test_split_usage_and_input_errors(tmp_path):
    _, err, status = run_cli("split", SAMPLE, tmp_path, check=False)
    assert status == 2 and "--games" in err
    _, err, status = run_cli("split", "--games", "0", SAMPLE, tmp_path, check=False)
    assert status == 2
    _, err, status = run_cli("split", "--games", "5", STRUCTURES, tmp_path, check=False)
    assert status == 2 and "FEN/EPD" in err
    _, err, status = run_cli("split", "--games", "5", tmp_path / "none.pgn", tmp_path, check=False)
    assert status == 1 and "cannot open" in err
