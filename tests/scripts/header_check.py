#!/usr/bin/env python3
"""Compiles one translation unit that includes every installed header (include/pawnkit)
with g++ and clang++ at -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Werror,
with and without BMI2 (the PEXT and the magic-number slider tables), and each header on
its own (every header includes what it uses). A compiler that is not installed is skipped
with a note (scripts/setup.sh installs both).

Usage: header_check.py --source REPO [--cli PAWNKIT] [--shared SHARED_DATA]
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

FLAGS = ["-std=c++20", "-fsyntax-only", "-Wall", "-Wextra", "-Wpedantic", "-Wconversion",
         "-Wsign-conversion", "-Werror"]


def headers(include_dir):
    found = []
    for root, _, files in os.walk(os.path.join(include_dir, "pawnkit")):
        for name in files:
            if name.endswith(".hpp"):
                found.append(os.path.relpath(os.path.join(root, name), include_dir))
    return sorted(found)


def compile_ok(compiler, include_dir, text, extra, label, failures):
    with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as tu:
        tu.write(text)
        path = tu.name
    try:
        result = subprocess.run([compiler, *FLAGS, *extra, "-I", include_dir, path],
                                capture_output=True, text=True, timeout=300)
    finally:
        os.unlink(path)
    if result.returncode != 0:
        failures.append("%s %s: %s" % (compiler, label, result.stderr.strip()[:4000]))
    return result.returncode == 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True)
    parser.add_argument("--cli")
    parser.add_argument("--shared")
    args = parser.parse_args()
    include_dir = os.path.join(args.source, "include")
    names = headers(include_dir)
    if len(names) < 10:
        print("header_check: only %d headers under %s" % (len(names), include_dir))
        return 1
    everything = "".join("#include <%s>\n" % n for n in names) + "int main() {}\n"
    failures = []
    compilers = [c for c in ("g++", "clang++") if shutil.which(c)]
    for missing in {"g++", "clang++"} - set(compilers):
        print("header_check: %s not installed, skipped" % missing)
    for compiler in compilers:
        for extra, mode in (([], "portable (magic numbers)"), (["-mbmi2"], "BMI2 (PEXT)")):
            compile_ok(compiler, include_dir, everything, extra, "all headers, " + mode, failures)
    if compilers:
        for name in names:
            compile_ok(compilers[-1], include_dir, "#include <%s>\n" % name, [], name, failures)
    for f in failures:
        print("FAIL", f)
    print("header_check: %d headers, %s: %s" % (len(names), ", ".join(compilers) or "no compiler",
                                                "ok" if not failures else "%d failures" % len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
