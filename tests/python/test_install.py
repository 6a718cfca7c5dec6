"""The wheel, built by scikit-build-core (pyproject.toml) out of the source tree and
installed into a fresh venv that has no Debian site-packages: the module imports from the
venv, `pawnkit.__version__` is the library's, the `pawnkit` command is the CLI, the code is
portable x86-64.

Two routes:
- `test_wheel_...` (the ctest python.wheel, label unit): `pip wheel --no-build-isolation`
  with the pinned scikit-build-core and pybind11 of the interpreter running the tests, in a
  build directory kept in the CMake build tree (PAWNKIT_WHEEL_BUILD_DIR), so that a rerun
  only rebuilds what changed (and ccache serves a first build of sources it has seen).
  The fresh venv sees the pinned stack (numpy, pandas) through a .pth file: no download.
  docs/scaling.md's Dask recipe runs from that venv with one worker process.
- `test_pip_install_...` (the ctest python.install, label deep): `pip install .` as a user
  types it, with build isolation (scikit-build-core and pybind11 from PyPI, at the versions
  of python/constraints.txt), and the dependencies from PyPI too: a whole cold build; the
  recipe with two worker processes.
"""

import json
import os
import pathlib
import re
import subprocess
import sys
import sysconfig

import pytest

from conftest import CLI, SAMPLE, SHARED, SOURCE, run_cli
from processes import free_port, stopped_at_exit

DEEP = os.environ.get("PAWNKIT_DEEP_TESTS") == "1"
WHEEL_BUILD_DIR = os.environ.get("PAWNKIT_WHEEL_BUILD_DIR")
CONSTRAINTS = SOURCE / "python" / "constraints.txt"


def library_version():
    header = (SOURCE / "include" / "pawnkit" / "version.hpp").read_text()
    return re.search(r'#define PAWNKIT_VERSION_STRING "([^"]+)"', header)[1]


def fresh_venv(tmp_path, see_pinned_stack):
    """A new venv of the base interpreter (never --system-site-packages); with
    see_pinned_stack, a .pth file adds the site-packages of the interpreter running the
    tests (the pinned stack of scripts/setup.sh) after the venv's own."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    if see_pinned_stack:
        own = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
        pathlib.Path(own, "pinned-stack.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return venv


def clean_env(tmp_path):
    env = dict(os.environ, PAWNKIT_NATIVE="", TMPDIR=str(tmp_path))
    for name in ("PYTHONPATH", "PAWNKIT_CLI"):
        env.pop(name, None)
    return env


def check_installed(venv, env, tmp_path):
    """What every install must give: the package from the venv (not the build tree), the
    library's version, the CLI's numbers from the module and from the `pawnkit` command,
    portable machine code."""
    expected = run_cli("stats", "--format", "json", SAMPLE)[0]
    # The command on the venv's PATH is the CLI, and the portable build prints the native
    # build's JSON byte for byte (issue 32: 46.88 against 46.87 once), on the sample and
    # on the 10,024 real games of the shared magnus file when it is there.
    real = SHARED / "lichess_magnus_games.pgn.zst"
    for path in [SAMPLE] + ([real] if real.exists() else []):
        done = subprocess.run([str(venv / "bin" / "pawnkit"), "stats", "--format", "json", str(path)],
                              capture_output=True, text=True, env=env)
        assert done.returncode == 0, done.stderr
        assert done.stdout == run_cli("stats", "--format", "json", path)[0], path
    version = subprocess.run([str(venv / "bin" / "pawnkit"), "--version"], capture_output=True, text=True, env=env)
    assert library_version() in version.stdout, version.stdout
    # The module imports from the venv and agrees.
    code = ("import importlib.metadata, pawnkit, sys; print(pawnkit.__file__); print(pawnkit.__version__); "
            "print(importlib.metadata.version('pawnkit')); print(pawnkit.stats(sys.argv[1]).json(), end='')")
    done = subprocess.run([str(venv / "bin" / "python"), "-c", code, str(SAMPLE)], capture_output=True, text=True,
                          env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    location, version, distribution, text = done.stdout.split("\n", 3)
    assert str(venv) in location
    assert version == distribution == library_version()
    assert text == expected
    # Portable: no instruction beyond baseline x86-64 (-march=native on this machine uses
    # popcnt, lzcnt, BMI2's pext and shlx hundreds of times). Not tzcnt: GCC's generic
    # count-trailing-zeros is `rep bsf`, which objdump shows as tzcnt and which older CPUs
    # run as bsf.
    package = pathlib.Path(location).parent
    binaries = [package / "pawnkit-cli", *package.glob("_pawnkit*.so")]
    assert len(binaries) == 2 and all(b.exists() for b in binaries), binaries
    for binary in binaries:
        listing = subprocess.run(["objdump", "-d", "--no-show-raw-insn", str(binary)], capture_output=True,
                                 text=True, check=True).stdout
        used = {word for line in listing.splitlines() for word in line.split()[1:2]}
        assert not used & {"popcnt", "pext", "pdep", "lzcnt", "shlx", "sarx"}, binary


# The client side of docs/scaling.md's recipe, run by the venv's python outside the source
# tree: the numbers and where each worker imported pawnkit from.
RECIPE_CLIENT = """
import glob, json, sys
from dask.distributed import Client
import pawnkit, pawnkit.dask
client = Client(sys.argv[1], timeout=60)
client.wait_for_workers(int(sys.argv[2]), timeout=120)
shards = sorted(glob.glob("shards/*.pgn.zst"))
total = pawnkit.dask.stats(shards, client=client)
frame = pawnkit.dask.positions(shards, where="white.passed != {}", tags="WhiteElo")
sizes = frame.groupby("structure", observed=True).size().compute()
where = sorted(set(client.run(lambda: pawnkit.__file__).values()))
print(json.dumps({"stats": total.json(), "rows": len(frame), "named": int(sizes.sum()), "workers": where}))
"""


def run_documented_dask_recipe(venv, env, tmp_path, workers):
    """docs/scaling.md's cluster recipe as a user runs it from the venv: `pawnkit split`,
    `dask scheduler`, `dask worker --nworkers N --nthreads 1` (N worker processes), the
    client's lines; no PYTHONPATH anywhere. The venv's own `dask` command (a pip install
    has one); with the wheel's venv, which sees the pinned stack through a .pth file, the
    venv's python runs `-m dask` (the same code, the venv's interpreter)."""
    bin_dir = venv / "bin"
    dask = [str(bin_dir / "dask")] if (bin_dir / "dask").exists() else [str(bin_dir / "python"), "-m", "dask"]
    subprocess.run([str(bin_dir / "pawnkit"), "split", "--games", "40", str(SAMPLE), str(tmp_path / "shards")],
                   check=True, env=env, capture_output=True)
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "env": env, "cwd": tmp_path}
    with stopped_at_exit(timeout=30) as processes:
        processes.append(subprocess.Popen(dask + ["scheduler", "--host", "127.0.0.1", "--port", str(port),
                                                  "--no-dashboard"], **quiet))
        processes.append(subprocess.Popen(dask + ["worker", address, "--nworkers", str(workers), "--nthreads", "1",
                                                  "--no-dashboard"], **quiet))
        done = subprocess.run([str(bin_dir / "python"), "-c", RECIPE_CLIENT, address, str(workers)],
                              capture_output=True, text=True, env=env, cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads(done.stdout.splitlines()[-1])
    assert json.loads(got["stats"]) == json.loads(run_cli("stats", "--format", "json", SAMPLE)[0])
    found = [json.loads(line) for line in run_cli("find", "--where", "white.passed != {}", SAMPLE)[0].splitlines()]
    assert got["rows"] == len(found) and got["named"] == sum(1 for f in found if f.get("structure"))
    assert len(got["workers"]) == 1 and got["workers"][0].startswith(str(venv)), got["workers"]


@pytest.mark.skipif(WHEEL_BUILD_DIR is None, reason="the ctest python.wheel runs it (PAWNKIT_WHEEL_BUILD_DIR)")
def test_wheel_builds_out_of_the_tree_and_installs_into_a_fresh_venv(tmp_path):
    env = dict(clean_env(tmp_path), SKBUILD_BUILD_DIR=WHEEL_BUILD_DIR)  # scikit-build-core's build-dir
    before = sorted(p.name for p in SOURCE.iterdir())
    dist = tmp_path / "dist"
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "--no-index",
                           "--disable-pip-version-check", "-w", str(dist), str(SOURCE)], env=env, cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    # Nothing written into the source tree (no build/, no egg-info).
    assert sorted(p.name for p in SOURCE.iterdir()) == before
    wheels = list(dist.glob("pawnkit-*.whl"))
    assert len(wheels) == 1 and wheels[0].name.startswith(f"pawnkit-{library_version()}-"), wheels
    venv = fresh_venv(tmp_path, see_pinned_stack=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "--no-index", "--no-deps", "--disable-pip-version-check",
                    str(wheels[0])], check=True, env=env, cwd=tmp_path, capture_output=True)
    check_installed(venv, env, tmp_path)
    # One worker process: it imports pawnkit from the venv and gives the CLI's numbers.
    # The recipe's two worker processes run in the deep python.install below, and
    # test_cluster.py runs two on the build tree's module in every run.
    run_documented_dask_recipe(venv, env, tmp_path, workers=1)


@pytest.mark.skipif(not DEEP, reason="deep: the ctest python.install runs it")
def test_pip_install_from_the_source_tree_with_build_isolation(tmp_path):
    env = clean_env(tmp_path)
    env["PIP_CONSTRAINT"] = str(CONSTRAINTS)  # the build requirements too, at the pinned versions
    venv = fresh_venv(tmp_path, see_pinned_stack=False)
    done = subprocess.run([str(venv / "bin" / "pip"), "install", "--disable-pip-version-check", str(SOURCE)],
                          env=env, cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    check_installed(venv, env, tmp_path)
    run_documented_dask_recipe(venv, env, tmp_path, workers=2)


def test_the_cli_of_the_build_tree_is_this_version():
    """The fast half of the version check, in every run: CLI, module and header agree."""
    import pawnkit
    assert pawnkit.__version__ == library_version()
    assert library_version() in subprocess.run([str(CLI), "--version"], capture_output=True, text=True).stdout


def test_debians_python3_still_imports_the_build_tree():
    """docs/python.md says Debian's python3 (numpy 1.24, pandas 1.5) still imports the
    module built for the venv (the same CPython ABI; pybind11 finds numpy 1 or 2 at run
    time): positions, games and stats run and agree with the CLI."""
    debian = pathlib.Path("/usr/bin/python3")
    if not debian.exists() or subprocess.run([str(debian), "-c", "import numpy, pandas"]).returncode != 0:
        pytest.skip("no Debian python3 with numpy and pandas")
    code = ("import sys, warnings, pawnkit; warnings.simplefilter('ignore'); "
            "df = pawnkit.positions(sys.argv[1], tags=['WhiteElo', 'Result']); g = pawnkit.games(sys.argv[1]); "
            "print(len(df), len(g), str(df.WhiteElo.dtype)); print(pawnkit.stats(sys.argv[1]).json(), end='')")
    done = subprocess.run([str(debian), "-c", code, str(SAMPLE)], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(pathlib.Path(pawnkit_location()).parent)))
    assert done.returncode == 0, done.stderr
    counts, text = done.stdout.split("\n", 1)
    import pawnkit
    expected = pawnkit.positions(SAMPLE, fen=False)
    assert counts == f"{len(expected)} {expected.game_id.nunique()} Int32"
    assert text == run_cli("stats", "--format", "json", SAMPLE)[0]


def pawnkit_location():
    import pawnkit
    return pathlib.Path(pawnkit.__file__).parent
