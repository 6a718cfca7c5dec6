#!/usr/bin/env python3
"""Checks the score rows of `pawnkit stats` from outside, on the bundled sample and (when
../shared/data is there) the shared Lichess and Magnus games:

- the JSON, read back with `json`, names every score row and every structure with a
  non-empty name, and the names and their order equal the table's;
- White's edge is printed, and an independent fit from the games' own tags (WhiteElo,
  BlackElo, Result, read here with a regular expression, the edge found by bisection in
  Python) gives the same edge;
- the "all games" control row's difference is 0.0 in the table and 0.00 in the JSON, for
  both colours.

Usage: stats_rows_check.py --cli PAWNKIT --source REPO [--shared SHARED_DATA]
"""

import argparse
import json
import os
import re
import subprocess
import sys

failures = []
TAG = re.compile(r'^\[(\w+) "(.*)"\]\s*$')
PLAYABLE_VARIANTS = {"Standard", "Chess960", "From Position"}  # the others are skipped


def check(condition, message):
    if not condition:
        failures.append(message)


def read_text(path):
    if path.endswith(".zst"):
        return subprocess.run(["zstd", "-dc", path], capture_output=True, check=True).stdout.decode()
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def rated_games(path):
    """(White's rating minus Black's, White's points) of every rated game with a result."""
    games, tags = [], None
    for line in read_text(path).splitlines() + ['[Event "end"]']:
        m = TAG.match(line)
        if not m:
            continue
        if m.group(1) == "Event" and tags is not None:
            games.append(tags)
            tags = None
        tags = tags if tags is not None else {}
        tags[m.group(1)] = m.group(2)
    out = []
    for t in games:
        if t.get("Variant", "Standard") not in PLAYABLE_VARIANTS:
            continue
        w, b = t.get("WhiteElo", ""), t.get("BlackElo", "")
        points = {"1-0": 1.0, "1/2-1/2": 0.5, "0-1": 0.0}.get(t.get("Result"))
        if points is None or not (w.isdigit() and b.isdigit() and 0 < len(w) <= 4 and 0 < len(b) <= 4):
            continue
        if int(w) == 0 or int(b) == 0:
            continue
        out.append((int(w) - int(b), points))
    return out


def fitted_edge(games):
    """The d with sum(1 / (1 + 10^(-(diff + d) / 400))) = White's points, by bisection."""
    points = sum(p for _, p in games)
    low, high = -10000.0, 10000.0
    for _ in range(200):
        middle = (low + high) / 2
        expected = sum(1 / (1 + 10 ** (-(d + middle) / 400)) for d, _ in games)
        low, high = (middle, high) if expected < points else (low, middle)
    return (low + high) / 2


def score_rows(table):
    """Names of the rows of the table's score section, in order, each once."""
    section = table.split("score of the side having it", 1)[1].split("\n\n", 1)[0]
    names = []
    for line in section.splitlines()[2:]:
        name = re.split(r"\s{2,}", line.strip())[0]
        if not names or names[-1] != name:
            names.append(name)
    return names


def structure_rows(table):
    section = table.split("\nnamed structures (", 1)[1].split("\n\n", 1)[0]
    return [line.split()[0] for line in section.splitlines()[3:]]


def check_file(cli, path, independent=True):
    name = os.path.basename(path)
    run = lambda *args: subprocess.run([cli, "stats", *args, path], capture_output=True, text=True,
                                       timeout=600)
    table_run, json_run = run(), run("--format", "json")
    check(table_run.returncode == 0 and json_run.returncode == 0, f"{name}: stats failed")
    table, data = table_run.stdout, json.loads(json_run.stdout)

    scores = data["scores"]
    check(all(key.strip() for key in scores), f"{name}: an empty score row name: {list(scores)}")
    check(list(scores) == score_rows(table),
          f"{name}: JSON score rows {list(scores)} != table rows {score_rows(table)}")
    check(list(scores)[0] == "all games", f"{name}: the control row is not first")
    for row, sides in scores.items():
        check(set(sides) == {"white", "black"}, f"{name}: row {row!r} has sides {list(sides)}")
    check(list(data["structures"]) == structure_rows(table),
          f"{name}: JSON structures differ from the table's")

    edge = data["white_edge"]["elo"]
    check(edge is not None, f"{name}: no White's edge fitted")
    check(re.search(r"^White's edge: [+-]\d+\.\d Elo \(White scored", table, re.M) is not None,
          f"{name}: the table does not print White's edge")
    for side in ("white", "black"):
        check(scores["all games"][side]["difference"] == 0.0,
              f"{name}: all games {side} difference {scores['all games'][side]['difference']}")
    control = [line for line in table.splitlines() if line.startswith("all games ")]
    check(len(control) == 2 and all(line.split()[-2] == "+0.0" for line in control),
          f"{name}: table control rows {control}")
    if independent:
        games = rated_games(path)
        check(len(games) == data["white_edge"]["rated_games"],
              f"{name}: {len(games)} rated games read here, {data['white_edge']['rated_games']} by stats")
        mine = fitted_edge(games)
        check(abs(mine - edge) < 0.006, f"{name}: edge {edge} by stats, {mine:.4f} fitted here")
    line = next((l for l in table.splitlines() if l.startswith("White's edge")), "")
    print(f"stats_rows_check: {name}: {line}")
    for row in control:
        print(f"stats_rows_check: {name}: {row}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--shared", default="")
    args = parser.parse_args()
    check_file(args.cli, os.path.join(args.source, "data", "sample.pgn"))
    for shared in ("lichess_db_1000k.pgn", "lichess_magnus_games.pgn.zst"):
        path = os.path.join(args.shared, shared)
        if not os.path.exists(path):
            print(f"stats_rows_check: {path} is absent, skipped")
            continue
        check_file(args.cli, path)
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
