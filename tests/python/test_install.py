"""`pip install` into a fresh venv (offline, Debian's packages): a portable build with the
`pawnkit` command. A whole CMake build of the library, the module and the CLI: minutes on
2 cores, so it runs only as the ctest `python.install` (label deep), which sets
PAWNKIT_DEEP_TESTS=1."""

import os
import pathlib
import subprocess
import sys

import pytest

from conftest import SAMPLE, SOURCE, run_cli

pytestmark = pytest.mark.skipif(os.environ.get("PAWNKIT_DEEP_TESTS") != "1",
                                reason="deep: the ctest python.install runs it")


def test_pip_install_gives_a_portable_module_and_the_pawnkit_command(tmp_path):
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    env = dict(os.environ, PAWNKIT_NATIVE="", TMPDIR=str(tmp_path))
    env.pop("PYTHONPATH", None)
    subprocess.run([str(venv / "bin" / "pip"), "install", "--no-build-isolation", "--no-index", str(SOURCE)],
                   check=True, env=env, cwd=tmp_path, capture_output=True)
    # The command on the venv's PATH is the CLI.
    done = subprocess.run([str(venv / "bin" / "pawnkit"), "stats", "--format", "json", str(SAMPLE)],
                          capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert done.stdout == run_cli("stats", "--format", "json", SAMPLE)[0]
    # The module imports from the venv (not the build tree) and agrees.
    code = "import pawnkit, sys; print(pawnkit.__file__); print(pawnkit.stats(sys.argv[1]).json(), end='')"
    done = subprocess.run([str(venv / "bin" / "python"), "-c", code, str(SAMPLE)], capture_output=True, text=True,
                          env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    location, text = done.stdout.split("\n", 1)
    assert str(venv) in location and text == run_cli("stats", "--format", "json", SAMPLE)[0]
    # Portable: no instruction beyond baseline x86-64 (-march=native on this machine uses
    # popcnt, lzcnt, BMI2's pext and shlx hundreds of times). Not tzcnt: GCC's generic
    # count-trailing-zeros is `rep bsf`, which objdump shows as tzcnt and which older CPUs
    # run as bsf.
    package = pathlib.Path(location).parent
    for binary in [package / "pawnkit-cli", *package.glob("_pawnkit*.so")]:
        listing = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(binary)], capture_output=True,
                                 text=True, check=True).stdout
        used = {word for line in listing.splitlines() for word in line.split()[1:2]}
        assert not used & {"popcnt", "pext", "pdep", "lzcnt", "shlx", "sarx"}, binary
