#!/usr/bin/env python3
"""The layer check (scripts/check_layers.py) passes on the repository and fires on a copy
with one wrong-way include planted per rule: io including analysis, analysis including
report, the core including io, a front door's neighbour (index) including explore, and a
folder of src/ with no place in the layers.

Usage: layers_check.py --source REPO [--cli PAWNKIT] [--shared SHARED_DATA]
"""

import os
import shutil
import subprocess
import sys
import tempfile

from support.script_args import parse_args


def run_check(script, repo):
    result = subprocess.run([sys.executable, script, repo], capture_output=True, text=True)
    return result.returncode, result.stderr


def copy_tree(source, work):
    for tree in ("src", "include", "python/src", "web/src"):
        if os.path.isdir(os.path.join(source, tree)):
            shutil.copytree(os.path.join(source, tree), os.path.join(work, tree))


def plant(work, path, line):
    full = os.path.join(work, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "a", encoding="utf-8") as f:
        f.write(line + "\n")


def main():
    args = parse_args(source_required=True)
    script = os.path.join(args.source, "scripts", "check_layers.py")
    failures = []

    code, err = run_check(script, args.source)
    if code != 0:
        failures.append(f"the repository fails its own layer check:\n{err}")

    plants = [
        ("src/io/json.hpp", '#include "analysis/stats.hpp"', "io may not include analysis/"),
        ("src/analysis/replay.cpp", '#include "report/svg.hpp"',
         "analysis may not include report/"),
        ("include/pawnkit/bitboard.hpp", '#include "io/json.hpp"',
         "pawnkit may not include io/"),
        ("src/index/store.cpp", '#include "explore/query.hpp"', "index may not include explore/"),
        ("src/report/svg.cpp", '#include "cli/options.hpp"', "report may not include cli/"),
        ("src/gizmo/thing.cpp", '#include "io/json.hpp"', "src/gizmo: a folder with no place"),
    ]
    for path, line, expected in plants:
        with tempfile.TemporaryDirectory() as work:
            copy_tree(args.source, work)
            plant(work, path, line)
            code, err = run_check(script, work)
            if code == 0 or expected not in err or (path.endswith("thing.cpp") is False
                                                    and path not in err):
                failures.append(f"planting {line!r} in {path}: exit {code}, "
                                f"expected a failure saying {expected!r}; got:\n{err}")

    for failure in failures:
        print(failure, file=sys.stderr)
    print(f"layers_check: {len(plants)} planted wrong-way includes, {len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
