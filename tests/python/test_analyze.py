"""pawnkit.analyze against `pawnkit analyze --format jsonl`, and the module's layout."""

import json
import pathlib
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
        assert list(got) == list(record)  # keys in the pattern spec's order
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


def test_import_without_the_built_module_says_how_to_build(tmp_path):
    # Before: after scripts/demo.sh (the CLI only) build/python/pawnkit was an empty folder,
    # `import pawnkit` gave an empty namespace package and the first call an AttributeError.
    # The configure step puts __init__.py there (python/CMakeLists.txt); without _pawnkit:
    package = tmp_path / "pawnkit"
    package.mkdir()
    (package / "__init__.py").write_text(
        (pathlib.Path(pawnkit.__file__).parent / "__init__.py").read_text())
    done = subprocess.run([sys.executable, "-c", "import pawnkit"], capture_output=True, text=True,
                          cwd=tmp_path, env={"PYTHONPATH": str(tmp_path)})
    assert done.returncode == 1
    assert "ImportError: pawnkit's C++ module (_pawnkit) is not built" in done.stderr
    assert "cmake --build build --target pawnkit_python" in done.stderr

