#!/usr/bin/env python3
"""Fails when a folder of src/ (or the core headers, or a front door) includes a header of a
layer above it: the direction of docs/ARCHITECTURE.md, checked on every quoted include.

    core (include/pawnkit) <- io <- analysis <- report
                                     analysis <- index <- explore <- serve
    cli, python/src and web/src on top of every layer

A folder of src/ that is not in LAYERS fails too, so that a new folder states its place.
Usage: check_layers.py [REPO]   (default: the repository holding this script)
Prints one line per wrong-way include, `pawnkit: FILE:LINE: ...`, and exits 1 if any.
"""

import os
import re
import sys

# The folders each layer may include besides its own; the core's headers are open to all.
LAYERS = {
    "io": [],
    "analysis": ["io"],
    "report": ["analysis", "io"],
    "index": ["analysis", "io"],
    "explore": ["index", "analysis", "io"],
    "serve": ["explore", "index", "report", "analysis", "io"],
}
LIBRARY = list(LAYERS)
# A front door's folder, its own name in includes, and what it may include.
FRONT_DOORS = [("src/cli", "cli", LIBRARY), ("python/src", "python", LIBRARY),
               ("web/src", "web", LIBRARY)]
CORE = "include/pawnkit"

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"/]+)/')


def sources(root):
    for folder, _, files in os.walk(root):
        for name in sorted(files):
            if name.endswith((".hpp", ".cpp", ".h")):
                yield os.path.join(folder, name)


def check_tree(repo, tree, layer, allowed, errors):
    """Every quoted include of a file under `tree` must name `layer`'s own folder or an
    allowed one; `pawnkit/` (the core) is always allowed."""
    for path in sources(os.path.join(repo, tree)):
        with open(path, encoding="utf-8", errors="replace") as f:
            for number, line in enumerate(f, 1):
                match = INCLUDE.match(line)
                if not match:
                    continue
                folder = match.group(1)
                if folder == "pawnkit" or folder == layer or folder in allowed:
                    continue
                if folder not in LAYERS and folder != "cli":
                    continue  # a front door's own subfolder or a third-party header
                where = os.path.relpath(path, repo)
                may = ", ".join(["core"] + allowed)
                errors.append(f"pawnkit: {where}:{number}: {layer} may not include "
                              f"{folder}/ (it may include: {may}); see docs/ARCHITECTURE.md")


def main():
    repo = os.path.abspath(sys.argv[1] if len(sys.argv) > 1
                           else os.path.join(os.path.dirname(__file__), ".."))
    errors = []
    src = os.path.join(repo, "src")
    for name in sorted(os.listdir(src)):
        if not os.path.isdir(os.path.join(src, name)) or name == "cli":
            continue
        if name not in LAYERS:
            errors.append(f"pawnkit: src/{name}: a folder with no place in the layers: add it "
                          "to LAYERS in scripts/check_layers.py and to docs/ARCHITECTURE.md")
            continue
        check_tree(repo, os.path.join("src", name), name, LAYERS[name], errors)
    for tree, name, allowed in FRONT_DOORS:
        if os.path.isdir(os.path.join(repo, tree)):
            check_tree(repo, tree, name, allowed, errors)
    # The core is header-only over the standard library: no folder of src/ at all.
    check_tree(repo, CORE, "pawnkit", [], errors)
    for error in errors:
        print(error, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
