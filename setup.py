"""Builds pawnkit's Python extension module and its command-line tool with the project's
CMake (targets pawnkit_python and pawnkit_cli) for the interpreter running pip, and packages
them with python/pawnkit/*.py; the `pawnkit` command of the environment runs the tool.
Offline: everything comes from Debian packages (docs/python.md).

Portable by default: the code is built for the baseline x86-64 (or whatever the compiler
targets by default), so that a package built on one machine runs on a Dask worker with an
older CPU. PAWNKIT_NATIVE=1 in the environment builds with -march=native instead (faster,
for this machine only)."""

import os
import pathlib
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


def native():
    return os.environ.get("PAWNKIT_NATIVE", "").lower() in ("1", "on", "true", "yes")


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = pathlib.Path(self.build_temp).resolve() / "cmake"
        subprocess.check_call(["cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
                               f"-DPython_EXECUTABLE={sys.executable}", "-DPAWNKIT_TESTS=OFF",
                               "-DPAWNKIT_BENCH=OFF", "-DPAWNKIT_INSTALL=OFF", "-DPAWNKIT_PYTHON=ON",
                               f"-DPAWNKIT_NATIVE={'ON' if native() else 'OFF'}"])
        subprocess.check_call(["cmake", "--build", str(build_dir), "--target", "pawnkit_python", "pawnkit_cli",
                               "-j", str(os.cpu_count() or 1)])
        built = next((build_dir / "python" / "pawnkit").glob("_pawnkit*.so"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)
        # The CLI beside the module; the `pawnkit` entry point (pawnkit/_cli.py) runs it.
        shutil.copy2(build_dir / "pawnkit", target.parent / "pawnkit-cli")


setup(
    packages=["pawnkit"],
    package_dir={"pawnkit": "python/pawnkit"},
    package_data={"pawnkit": ["py.typed", "*.pyi"]},
    ext_modules=[Extension("pawnkit._pawnkit", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
)
