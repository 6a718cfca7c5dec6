#!/usr/bin/env python3
"""Checks `pawnkit perft` from outside: output format, errors and exit codes, and (when
Stockfish is installed) the per-move counts against Stockfish's `go perft`.

Usage: cli_perft.py --cli PAWNKIT [--source REPO] [--shared SHARED_DATA]
"""

import os
import re
import shutil
import subprocess
import sys

from support.script_args import finish, parse_args

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
CHESS960 = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def run(cli, *args):
    return subprocess.run([cli, "perft", *args], capture_output=True, text=True, timeout=120)


def parse_divide(text):
    """Returns ({move: count}, total) from go-perft output, checking its shape."""
    lines = text.split("\n")
    moves = {}
    i = 0
    while i < len(lines) and lines[i] != "":
        m = re.fullmatch(r"([a-h][1-8][a-h][1-8][nbrq]?): (\d+)", lines[i])
        check(m is not None, "bad move line %r" % lines[i])
        if m:
            moves[m.group(1)] = int(m.group(2))
        i += 1
    rest = [l for l in lines[i:] if l != ""]
    check(len(rest) == 1 and rest[0].startswith("Nodes searched: "),
          "expected an empty line then 'Nodes searched: N', got %r" % rest)
    total = int(rest[0].split(": ")[1]) if rest else -1
    return moves, total


def stockfish_divide(stockfish, fen, depth, chess960=False):
    commands = "setoption name Threads value 1\n"
    if chess960:
        commands += "setoption name UCI_Chess960 value true\n"
    commands += "position fen %s\ngo perft %d\nquit\n" % (fen, depth)
    out = subprocess.run([stockfish], input=commands, capture_output=True, text=True,
                         timeout=120).stdout
    moves = {}
    total = None
    for line in out.split("\n"):
        m = re.fullmatch(r"([a-h][1-8][a-h][1-8][nbrq]?): (\d+)", line.strip())
        if m:
            moves[m.group(1)] = int(m.group(2))
        elif line.startswith("Nodes searched: "):
            total = int(line.split(": ")[1])
    return moves, total


def main():
    args = parse_args(cli_required=True)
    cli = args.cli

    # Format and totals.
    r = run(cli, "3")
    check(r.returncode == 0, "perft 3 exit %d" % r.returncode)
    moves, total = parse_divide(r.stdout)
    check(total == 8902 and len(moves) == 20 and sum(moves.values()) == 8902,
          "start position depth 3: %d moves, total %d" % (len(moves), total))
    # The FEN as one argument or as separate fields.
    one = run(cli, "2", KIWIPETE)
    split = run(cli, "2", *KIWIPETE.split())
    check(one.stdout == split.stdout and parse_divide(one.stdout)[1] == 2039,
          "Kiwipete depth 2 as one or several arguments")
    # Chess960 castling spelled king-takes-rook.
    c960 = run(cli, "--chess960", "1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    check("e1h1: 1" in c960.stdout and "e1a1: 1" in c960.stdout, "--chess960 castling")
    std = run(cli, "1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    check("e1g1: 1" in std.stdout and "e1c1: 1" in std.stdout, "standard castling")
    # Help.
    h = run(cli, "--help")
    check(h.returncode == 0 and "usage: pawnkit perft" in h.stdout, "--help")
    # Errors: one line on stderr, nothing on stdout; exit 2 for a bad command line, 1 for
    # a bad or unplayable position.
    for bad, status in ((["x"], 2), (["0"], 2), (["21"], 2), ([], 2), (["--depth", "3"], 2),
                        (["3", "8/8/8 w - - 0 1"], 1), (["2", "4k3/8/8/8/8/8/8/8 w - - 0 1"], 1),
                        (["2", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"], 1)):
        e = run(cli, *bad)
        lines = [l for l in e.stderr.split("\n") if l and not l.startswith("usage:")]
        check(e.returncode == status and len(lines) == 1 and e.stdout == "",
              "error case %r: exit %d, stderr %r" % (bad, e.returncode, e.stderr))

    # Against Stockfish, move by move.
    stockfish = "/usr/games/stockfish" if os.access("/usr/games/stockfish", os.X_OK) \
        else shutil.which("stockfish")
    if stockfish:
        for fen, depth, chess960 in ((START, 4, False), (KIWIPETE, 3, False),
                                     ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, False),
                                     (CHESS960, 3, True)):
            extra = ["--chess960"] if chess960 else []
            ours, our_total = parse_divide(run(cli, *extra, str(depth), fen).stdout)
            theirs, their_total = stockfish_divide(stockfish, fen, depth, chess960)
            check(ours == theirs and our_total == their_total,
                  "differs from Stockfish on %s depth %d: %s" % (
                      fen, depth, sorted(set(ours.items()) ^ set(theirs.items()))[:6]))
    else:
        print("cli_perft: stockfish not installed, skipping the comparison")

    return finish("cli_perft", failures)


if __name__ == "__main__":
    sys.exit(main())
