"""pawnkit.analyze against `pawnkit analyze --format jsonl`, and the module's layout."""

import json
import subprocess
import sys

import pytest

import pawnkit
from conftest import STRUCTURES, cli_jsonl, run_cli


def test_analyze_equals_cli_jsonl_on_every_bundled_position():
    lines = [line for line in STRUCTURES.read_text().splitlines() if line.strip()]
    expected = cli_jsonl("analyze", "--format", "jsonl", STRUCTURES)
    assert len(lines) == len(expected) > 10
    for line, record in zip(lines, expected):
        got = pawnkit.analyze(line)
        assert got == record
        assert list(got) == list(record)  # keys in the contract's order
        assert list(got["white"]) == list(record["white"])


def test_bad_fen_raises_value_error_with_the_cli_text():
    fen = "8/8/8/8/8/8/8/9 w - - 0 1"
    _, err, status = run_cli("analyze", "--format", "jsonl", "-", stdin=fen + "\n")
    assert status == 1
    cli_message = err.splitlines()[0].split(": ", 2)[2]  # after "pawnkit: <stdin>:1: "
    with pytest.raises(ValueError) as caught:
        pawnkit.analyze(fen)
    assert str(caught.value) == cli_message
    with pytest.raises(ValueError, match="empty line"):
        pawnkit.analyze("   ")


def test_import_from_the_build_tree_with_debian_python():
    done = subprocess.run([sys.executable, "-c", "import pawnkit, pawnkit.dask; print(pawnkit.Stats)"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert "Stats" in done.stdout
