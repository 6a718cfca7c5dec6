#!/usr/bin/env python3
"""Many distinct /explore questions from real games, for the load bench (docs/serve.md).

Reads `pawnkit analyze --format jsonl` on standard input and prints one request target a
line: the FEN of every Nth position (positions of real games: early ones shared by many
games, later ones by few), each with filters varied in turn (none, a rating floor, a speed,
a date range, the centre, the named structure when the pawns make one, more model games).
Usage: pawnkit analyze --format jsonl GAMES | explore_queries.py EVERY COUNT > targets.txt
"""
import json
import sys
import urllib.parse

FILTERS = [
    {},
    {"min_elo": "2000"},
    {"speeds": "blitz"},
    {"speeds": "bullet,blitz", "min_elo": "2500"},
    {"since": "2018-01", "until": "2020-12"},
    {"match": "center"},
    {"games": "10"},
    {"speeds": "rapid,classical", "since": "2015-06"},
]


def main():
    every, count = int(sys.argv[1]), int(sys.argv[2])
    seen = set()
    out = []
    for n, line in enumerate(sys.stdin):
        if n % every or len(out) >= count:
            continue
        position = json.loads(line)
        filters = dict(FILTERS[len(out) % len(FILTERS)])
        if position.get("structure") and len(out) % 5 == 4:
            filters = {"match": "structure"}
        target = "/explore?" + urllib.parse.urlencode({"fen": position["fen"], **filters})
        if target not in seen:
            seen.add(target)
            out.append(target)
    sys.stdout.write("".join(t + "\n" for t in out))


if __name__ == "__main__":
    main()
