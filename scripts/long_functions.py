#!/usr/bin/env python3
"""Lists the functions longer than a limit (80 lines by default) in src/ and include/, from
the first line of the signature to the closing brace, longest first: `LINES FILE:LINE NAME`.
A lambda counts with the function it stands in; one at namespace scope (a table built by
a constexpr lambda) counts on its own, named after its variable.

CONTRIBUTING.md asks for no function over about 80 lines without a comment saying why;
this is the list to read against that rule. It only lists (exit status 0); tags come from
Universal Ctags (Debian's universal-ctags, installed by scripts/setup.sh).

Usage: long_functions.py [--limit N] [PATH ...]   (default: src include)
"""

import argparse
import json
import os
import shutil
import subprocess
import sys


def tags(paths):
    ctags = shutil.which("ctags-universal") or shutil.which("ctags")
    if not ctags:
        sys.exit("long_functions: no ctags (install universal-ctags: scripts/setup.sh)")
    out = subprocess.run([ctags, "-R", "--output-format=json", "--fields=+ne", "--languages=C++",
                          "--map-C++=+.hpp", "-o", "-"] + paths,
                         capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        tag = json.loads(line)
        if tag.get("_type") == "tag" and "end" in tag:
            yield tag


def long_functions(paths, limit):
    variables = {}  # (path, line) -> the variable a namespace-scope lambda initialises
    found = []
    all_tags = list(tags(paths))
    for tag in all_tags:
        if tag["kind"] == "variable":
            variables[(tag["path"], tag["line"])] = tag["name"]
    for tag in all_tags:
        if tag["kind"] != "function":
            continue
        name = tag["name"]
        if name.startswith("__anon"):
            if tag.get("scopeKind") == "function":
                continue  # a lambda inside a function: part of that function
            name = variables.get((tag["path"], tag["line"]), "a lambda")
        elif tag.get("scope"):
            name = tag["scope"] + "::" + name
        lines = tag["end"] - tag["line"] + 1
        if lines > limit:
            found.append((lines, tag["path"], tag["line"], name))
    return sorted(found, key=lambda f: (-f[0], f[1], f[2]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=80)
    parser.add_argument("paths", nargs="*")
    args = parser.parse_args()
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    paths = args.paths or [os.path.join(root, "src"), os.path.join(root, "include")]
    found = long_functions(paths, args.limit)
    for lines, path, line, name in found:
        print(f"{lines:4d} {os.path.relpath(path)}:{line} {name}")
    print(f"long_functions: {len(found)} over {args.limit} lines")


if __name__ == "__main__":
    main()
