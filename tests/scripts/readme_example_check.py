#!/usr/bin/env python3
"""Compiles and runs the README's library example (its first ```cpp block) with g++, so
that the example stays true: the includes and `using` lines stay at file scope, the other
lines go into main(), and each trailing comment that states a value (`// {d4}`, `// 2`)
becomes a check of the variable on that line. A missing g++ skips the check with a note.

Usage: readme_example_check.py --source REPO [--cli PAWNKIT] [--shared SHARED_DATA]
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

from support.script_args import parse_args

DECLARATION = re.compile(r"^\s*[\w:<>]+\s+(\w+)\s*=.*?;\s*//\s*(\{[^}]*\}|-?\d+)")


def example(readme):
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    match = re.search(r"```cpp\n(.*?)```", text, re.S)
    if not match:
        raise SystemExit("readme_example_check: no ```cpp block in README.md")
    return match.group(1).splitlines()


def program(lines):
    top, body = [], []
    for line in lines:
        (top if line.startswith(("#include", "using ")) else body).append(line)
        declared = DECLARATION.match(line)
        if not declared:
            continue
        name, value = declared.groups()
        if value.startswith("{"):
            squares = [s.strip().upper() for s in value[1:-1].split(",") if s.strip()]
            expected = " | ".join(f"square_bb({s})" for s in squares) or "Bitboard{0}"
        else:
            expected = value
        body.append(f'  if (!({name} == ({expected}))) {{ std::puts("{name} is not {value}"); '
                    "return 1; }")
    return "\n".join(["#include <cstdio>"] + top + ["int main() {"] + body + ["}"]) + "\n"


def main():
    args = parse_args(source_required=True)
    compiler = shutil.which("g++")
    if not compiler:
        print("readme_example_check: g++ not found, skipped")
        return 0
    code = program(example(os.path.join(args.source, "README.md")))
    with tempfile.TemporaryDirectory() as work:
        source = os.path.join(work, "example.cpp")
        with open(source, "w", encoding="utf-8") as f:
            f.write(code)
        binary = os.path.join(work, "example")
        built = subprocess.run([compiler, "-std=c++20", "-Wall", "-Werror", "-I",
                                os.path.join(args.source, "include"), source, "-o", binary],
                               capture_output=True, text=True)
        if built.returncode != 0:
            print(code + built.stderr, file=sys.stderr)
            return 1
        ran = subprocess.run([binary], capture_output=True, text=True)
        if ran.returncode != 0:
            print(code + ran.stdout, file=sys.stderr)
            return 1
    checks = code.count("if (!(")
    print(f"readme_example_check: the README's example compiles and its {checks} stated "
          "values hold")
    return 0


if __name__ == "__main__":
    sys.exit(main())
