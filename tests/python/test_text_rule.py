"""The text rule (issue 34, docs/chess.md "Text") seen from Python: tag bytes that are not
UTF-8 come out as U+FFFD exactly as the CLI writes them (and as Python's own decoder makes
of the bytes), find(..., games=True) does not raise, and a file name that is not UTF-8
gets a clear error (or works when the file is passed open)."""

import json
import os
import subprocess

import pytest

import pawnkit
from conftest import CLI

MOVES = (b"1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. cxd5 exd5 5. Bg5 Be7 6. e3 O-O 7. Bd3 Nbd7 "
         b"8. Qc2 Re8 9. Nge2 Nf8 10. O-O c6 11. Rab1 Ne4 12. Bxe7 Qxe7 1-0\n")
VALUES = [b"Caf\xe9", b"cut \xe2\x82", b"overlong \xc0\x80", b"surrogate \xed\xa0\x80",
          b"csi \xc2\x9b del \x7f", b"fine \xc3\xa9"]


def pgn_bytes():
    games = []
    for value in VALUES:
        games.append(b'[White "%s"]\n[Black "B"]\n[Result "1-0"]\n\n' % value + MOVES)
    return b"\n".join(games)


def cli(*args):
    done = subprocess.run([str(CLI), *map(str, args)], capture_output=True)
    return done.stdout, done.stderr


@pytest.fixture
def games(tmp_path):
    path = tmp_path / "latin.pgn"
    path.write_bytes(pgn_bytes())
    return path


def test_tags_are_valid_utf8_as_python_decodes_them(games):
    replaced = sum(v.decode("utf-8", "replace").count("\ufffd") for v in VALUES)  # 7
    with pytest.warns(pawnkit.RepairWarning, match=f"{replaced} invalid UTF-8 sequences"):
        frame = pawnkit.timeline(games, min_plies=1, tags=["White"])
    by_game = [str(v) for v in frame.groupby("game")["White"].first().tolist()]
    assert by_game == [v.decode("utf-8", "replace") for v in VALUES]
    out, err = cli("timeline", "--format", "jsonl", "--min-plies", "1", "--tags", "White", games)
    from_cli = {}
    for line in out.decode("utf-8").splitlines():
        row = json.loads(line)
        from_cli.setdefault(row["game"], row["White"])
    assert [from_cli[g] for g in sorted(from_cli)] == by_game
    assert b"warning: %d invalid UTF-8 sequences in tag values replaced with U+FFFD" % replaced in err
    assert any(f"{replaced} invalid UTF-8 sequences" in m for m in frame.attrs["warning_messages"])


def test_find_games_does_not_raise_and_matches_the_cli(games):
    with pytest.warns(pawnkit.RepairWarning, match="invalid UTF-8"):
        text = pawnkit.find(games, "ply == 4", games=True)
    out, _ = cli("find", "--games", "--where", "ply == 4", games)
    assert text == out.decode("utf-8")
    assert "Caf\ufffd" in text


def test_a_file_name_that_is_not_utf8(tmp_path):
    name = os.fsencode(tmp_path) + b"/caf\xe9.pgn"
    with open(name, "wb") as f:
        f.write(pgn_bytes())
    with pytest.raises(ValueError, match="file name is not UTF-8"):
        pawnkit.stats(name)
    with pytest.raises(ValueError, match="file name is not UTF-8"):
        pawnkit.stats(os.fsdecode(name))
    with open(name, "rb") as f:  # open, it works: the name is shown with U+FFFD
        with pytest.warns(pawnkit.RepairWarning, match="caf\ufffd.pgn"):
            assert pawnkit.stats(f).to_dict()["games"] == len(VALUES)
