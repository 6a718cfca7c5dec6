#!/usr/bin/env python3
"""Compiles the installed headers (include/pawnkit) as an engine author would, with g++ and
clang++: one translation unit that includes every header, with and without BMI2 (the PEXT
and the magic-number slider tables), and each header on its own (every header includes
what it uses), all at -Wall -Wextra -Wpedantic -Wconversion -Wsign-conversion -Wshadow
-Werror with -fno-exceptions -fno-rtti (engines often build so). Each header alone under
-std=c++17 must stop at the one #error of pawnkit/version.hpp that names C++20, not with
pages of errors from deeper down. The evaluation headers an engine with its own board
includes (BOARD_FREE) must reach no header of pawnkit/chess/. A compiler that is not
installed is skipped with a note (scripts/setup.sh installs both).

Usage: header_check.py --source REPO [--cli PAWNKIT] [--shared SHARED_DATA]
"""

import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

from support.script_args import parse_args

STRICT = ["-std=c++20", "-fsyntax-only", "-Wall", "-Wextra", "-Wpedantic", "-Wconversion",
          "-Wsign-conversion", "-Wshadow", "-Werror", "-fno-exceptions", "-fno-rtti"]
OLD_STANDARD = ["-std=c++17", "-fsyntax-only"]
# The pawn layer that needs no board (docs/engine.md): bitboard.hpp, fill.hpp, pawns/ and
# these alone.
BOARD_FREE = ["pawnkit/eval/%s.hpp" % n for n in (
    "pawn_eval", "pawn_entry", "pawn_terms", "extended_terms", "king_shelter", "pawn_weights",
    "pawn_table", "score")]


def headers(include_dir):
    found = []
    for root, _, files in os.walk(os.path.join(include_dir, "pawnkit")):
        for name in files:
            if name.endswith(".hpp"):
                found.append(os.path.relpath(os.path.join(root, name), include_dir))
    return sorted(found)


def run(compiler, include_dir, text, flags):
    with tempfile.NamedTemporaryFile("w", suffix=".cpp", delete=False) as tu:
        tu.write(text)
        path = tu.name
    try:
        return subprocess.run([compiler, *flags, "-I", include_dir, path],
                              capture_output=True, text=True, timeout=300)
    finally:
        os.unlink(path)


def strict_ok(compiler, include_dir, text, extra, label):
    """None when the text compiles cleanly, else the failure."""
    result = run(compiler, include_dir, text, STRICT + extra)
    if result.returncode == 0:
        return None
    return "%s %s: %s" % (compiler, label, result.stderr.strip()[:4000])


def stops_at_cpp20_error(compiler, include_dir, name):
    """None when C++17 gets the #error naming C++20 first and at most one more error (the
    stop), else the failure."""
    result = run(compiler, include_dir, "#include <%s>\n" % name, OLD_STANDARD)
    errors = [line for line in result.stderr.splitlines()
              if re.search(r":\d+:\d+: (fatal )?error:", line)]
    if result.returncode != 0 and errors and "C++20" in errors[0] and len(errors) <= 2:
        return None
    return "%s -std=c++17 %s: want one #error naming C++20, got %d errors: %s" % (
        compiler, name, len(errors), "\n".join(errors[:5]) or result.stderr[:2000])


def board_free(compiler, include_dir, name):
    """None when the header reaches no pawnkit/chess/ header, else the failure."""
    result = run(compiler, include_dir, "#include <%s>\n" % name, ["-std=c++20", "-M"])
    board = sorted({d for d in result.stdout.replace("\\\n", " ").split()
                    if "pawnkit/chess/" in d})
    if result.returncode == 0 and not board:
        return None
    return "%s: needs no board, but includes %s" % (name, " ".join(board) or result.stderr[:2000])


def main():
    args = parse_args(source_required=True)
    include_dir = os.path.join(args.source, "include")
    names = headers(include_dir)
    if len(names) < 10:
        print("header_check: only %d headers under %s" % (len(names), include_dir))
        return 1
    everything = "".join("#include <%s>\n" % n for n in names) + "int main() {}\n"
    compilers = [c for c in ("g++", "clang++") if shutil.which(c)]
    for missing in {"g++", "clang++"} - set(compilers):
        print("header_check: %s not installed, skipped" % missing)
    jobs = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        for compiler in compilers:
            for extra, mode in (([], "portable (magic numbers)"), (["-mbmi2"], "BMI2 (PEXT)")):
                jobs.append(pool.submit(strict_ok, compiler, include_dir, everything, extra,
                                        "all headers, " + mode))
            for name in names:
                jobs.append(pool.submit(strict_ok, compiler, include_dir,
                                        "#include <%s>\n" % name, [], name))
                jobs.append(pool.submit(stops_at_cpp20_error, compiler, include_dir, name))
        for name in BOARD_FREE if compilers else []:
            jobs.append(pool.submit(board_free, compilers[0], include_dir, name))
        failures = [f for f in (job.result() for job in jobs) if f]
    for f in failures:
        print("FAIL", f)
    print("header_check: %d headers, %s, %d compilations: %s" % (
        len(names), ", ".join(compilers) or "no compiler", len(jobs),
        "ok" if not failures else "%d failures" % len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
