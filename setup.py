"""Builds pawnkit's Python extension module with the project's CMake (target
pawnkit_python, python/CMakeLists.txt) for the interpreter running pip, and packages it
with python/pawnkit/*.py. Offline: everything comes from Debian packages (docs/python.md)."""

import os
import pathlib
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = pathlib.Path(self.build_temp).resolve() / "cmake"
        subprocess.check_call(["cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
                               f"-DPython_EXECUTABLE={sys.executable}", "-DPAWNKIT_TESTS=OFF",
                               "-DPAWNKIT_BENCH=OFF", "-DPAWNKIT_INSTALL=OFF", "-DPAWNKIT_PYTHON=ON"])
        subprocess.check_call(["cmake", "--build", str(build_dir), "--target", "pawnkit_python",
                               "-j", str(os.cpu_count() or 1)])
        built = next((build_dir / "python" / "pawnkit").glob("_pawnkit*.so"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(
    packages=["pawnkit"],
    package_dir={"pawnkit": "python/pawnkit"},
    ext_modules=[Extension("pawnkit._pawnkit", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
)
