"""pawnkit split: byte-exact .pgn.zst shards cut at game starts."""

import pathlib
import subprocess

import pawnkit
from conftest import SAMPLE, STRUCTURES, run_cli, shared_file


def decompressed(path):
    return subprocess.run(["zstd", "-dc", str(path)], capture_output=True, check=True).stdout


def without_origin(part):
    """A shard's bytes after its first line, the origin (io/split_origin.hpp)."""
    first, _, rest = part.partition(b"\n")
    assert first.startswith(b"% pawnkit split: game "), first
    return rest


def test_shards_hold_the_input_bytes_in_order_at_game_starts(tmp_path):
    out, err, status = run_cli("split", "--games", "7", SAMPLE, tmp_path)
    assert status == 0, err
    shards = out.split()
    assert len(shards) == (300 + 6) // 7
    assert shards[0].endswith("sample-00001.pgn.zst")
    parts = [decompressed(s) for s in shards]
    assert b"".join(without_origin(p) for p in parts) == SAMPLE.read_bytes()
    for part in parts:
        assert without_origin(part).startswith(b"[Event ")
        assert part.count(b"[Event ") <= 7
    assert "300 games in 43 shards" in err


def test_each_shard_says_where_it_starts_in_the_original(tmp_path):
    out, _, _ = run_cli("split", "--games", "7", SAMPLE, tmp_path)
    event_lines = [i + 1 for i, line in enumerate(SAMPLE.read_bytes().split(b"\n")) if line.startswith(b"[Event ")]
    for n, shard in enumerate(out.split()):
        first = decompressed(shard).split(b"\n")[0].decode()
        assert first == f"% pawnkit split: game {7 * n + 1} line {event_lines[7 * n]} file {SAMPLE}"
        assert pawnkit._pawnkit.split_origin(shard) == (str(SAMPLE), 7 * n + 1, event_lines[7 * n])
    assert pawnkit._pawnkit.split_origin(str(SAMPLE)) is None


def test_shards_read_as_the_original_does(tmp_path):
    # The escape line is ignored by the reader: the same games, the same statistics.
    out, _, _ = run_cli("split", "--games", "40", SAMPLE, tmp_path)
    assert pawnkit.stats(out.split(), threads=1) == pawnkit.stats(SAMPLE, threads=1)


def test_split_of_a_compressed_real_file(tmp_path):
    path = shared_file("lichess_magnus_games.pgn.zst")
    out, _, status = run_cli("split", "--games", "3000", path, tmp_path)
    assert status == 0
    assert b"".join(without_origin(decompressed(s)) for s in out.split()) == decompressed(path)


def test_split_usage_and_input_errors(tmp_path):
    _, err, status = run_cli("split", SAMPLE, tmp_path, check=False)
    assert status == 2 and "--games" in err
    _, err, status = run_cli("split", "--games", "0", SAMPLE, tmp_path, check=False)
    assert status == 2
    _, err, status = run_cli("split", "--games", "5", STRUCTURES, tmp_path, check=False)
    assert status == 2 and "FEN/EPD" in err
    _, err, status = run_cli("split", "--games", "5", tmp_path / "none.pgn", tmp_path, check=False)
    assert status == 1 and "cannot open" in err


def test_the_origin_line_is_read_strictly():
    origin = pawnkit._pawnkit.split_origin
    assert origin("x.pgn", b"% pawnkit split: game 3 line 7 file a b.pgn\r\n[Event \"\"]\n") == ("a b.pgn", 3, 7)
    for line in (b"% pawnkit split: game 0 line 7 file a.pgn\n", b"% pawnkit split: game 3 line 7 file \n",
                 b"% pawnkit split: game 3 file a.pgn\n", b"%pawnkit split: game 3 line 7 file a.pgn\n",
                 b"[Event \"% pawnkit split: game 3 line 7 file a.pgn\"]\n"):
        assert origin("x.pgn", line) is None, line


def test_a_used_folder_is_refused_unless_force_which_clears_its_own_old_shards(tmp_path):
    first, _, status = run_cli("split", "--games", "40", SAMPLE, tmp_path)
    assert status == 0 and len(first.split()) == 8
    other = tmp_path / "notes.txt"
    other.write_text("not a shard")
    _, err, status = run_cli("split", "--games", "100", SAMPLE, tmp_path, check=False)
    assert status == 1 and "not empty" in err and "--force" in err
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.endswith(".zst")) == sorted(
        pathlib.Path(s).name for s in first.split())  # nothing written, nothing removed
    second, err, status = run_cli("split", "--force", "--games", "100", SAMPLE, tmp_path)
    assert status == 0, err
    # The older split's shards 00004-00008 are gone; files that are not its shards stay.
    assert sorted(str(p) for p in tmp_path.glob("sample-*.pgn.zst")) == sorted(second.split())
    assert len(second.split()) == 3 and other.read_text() == "not a shard"
    assert pawnkit.stats(sorted(map(str, tmp_path.glob("*.pgn.zst"))), threads=1) == pawnkit.stats(SAMPLE, threads=1)
