#!/usr/bin/env python3
"""Holds `pawnkit pawn-eval` to Stockfish 15.1: for every distinct position of the given
games, Stockfish's classical `eval` trace (with `Use NNUE` off) prints a "Pawns" row, each
side's pawn-structure score divided by UCI::NormalizeToPawnValue (361 in 15.1) with two
decimals. pawn-eval's scores, rounded the same way, must equal it on every position.

Positions Stockfish does not trace are counted and left out: a side in check ("none (in
check)"), and the endgames Stockfish evaluates with a dedicated function instead of the
classical terms (KXK, KPK, KNNK, KBNK, KRKP, KRKB, KRKN, KQKP, KQKR, KNNKP), whose
trace is all zeros (checked).

Without Stockfish the comparison is skipped with a note (exit 0). Usage (ctest runs it
with --cli, --source and --shared; bench/pawn_eval_vs_stockfish.sh with more input):
  pawn_eval_vs_stockfish.py --cli build/pawnkit --source . [--max-positions N] [PGN...]
"""
import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

NORMALIZE_TO_PAWN_VALUE = 361  # Stockfish 15.1, src/uci.h

# Piece values (middlegame) for Stockfish's KXK test: the strong side needs at least a
# rook's worth of pieces.
MG_VALUE = {"n": 781, "b": 825, "r": 1276, "q": 2538}
ROOK_VALUE_MG = 1276
# Material signatures (strong side first, kings included) with a dedicated evaluation.
SPECIALIZED = {"KPK", "KNNK", "KBNK", "KRKP", "KRKB", "KRKN", "KQKP", "KQKR", "KNNKP"}


def side_pieces(board, white):
    pieces = [c.lower() for c in board if c.isalpha() and c.isupper() == white]
    return pieces


def signature(pieces):
    order = "kqrbnp"
    return "".join(sorted((p.upper() for p in pieces), key=lambda p: order.index(p.lower())))


def specialized_endgame(fen):
    """True when Stockfish 15.1 evaluates the position with an endgame function."""
    board = fen.split()[0]
    white, black = side_pieces(board, True), side_pieces(board, False)
    for strong, weak in ((white, black), (black, white)):
        if signature(strong) + signature(weak) in SPECIALIZED:
            return True
        if weak == ["k"] and sum(MG_VALUE.get(p, 0) for p in strong) >= ROOK_VALUE_MG:
            return True
    return False


def cp(value):
    """A score as Stockfish's trace prints it: value / NormalizeToPawnValue, two decimals."""
    return "%.2f" % (value / NORMALIZE_TO_PAWN_VALUE)


def stockfish_pawn_rows(stockfish, fens):
    """One entry per FEN: ("check",), ("row", [wmg, weg, bmg, beg], all_zero)."""
    commands = ["uci", "setoption name Use NNUE value false"]
    for fen in fens:
        commands += ["position fen " + fen, "eval"]
    commands.append("quit")
    out = subprocess.run([stockfish], input="\n".join(commands) + "\n", capture_output=True,
                         text=True, check=True).stdout
    results, pawns, all_zero = [], None, True
    for line in out.splitlines():
        if line.startswith("Final evaluation: none"):
            results.append(("check",))
            pawns, all_zero = None, True
        elif line.startswith("|") and "Term" not in line and "MG" not in line:
            cells = [c.strip() for c in line.strip("|").split("|")]
            numbers = " ".join(cells[1:]).split()
            if any(n not in ("----", "0.00", "-0.00") for n in numbers):
                all_zero = False
            if cells[0] == "Pawns":
                pawns = cells[1].split() + cells[2].split()
        elif line.startswith("Final evaluation") and pawns is not None:
            results.append(("row", pawns, all_zero))
            pawns, all_zero = None, True
    if len(results) != len(fens):
        raise RuntimeError("stockfish answered %d of %d positions" % (len(results), len(fens)))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cli", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--shared", help="shared data directory: its lichess_db_1000k.pgn is added "
                    "to the default inputs when present")
    ap.add_argument("--stockfish", default=shutil.which("stockfish") or "/usr/games/stockfish")
    ap.add_argument("--max-positions", type=int, default=0, help="compare at most N (0: all)")
    ap.add_argument("--jobs", type=int, default=2, help="Stockfish processes at once")
    ap.add_argument("inputs", nargs="*", help="PGN files (default: the bundled data/sample.pgn "
                    "and, when present, the shared lichess_db_1000k.pgn)")
    args = ap.parse_args()

    if not os.access(args.stockfish, os.X_OK):
        print("pawn_eval_vs_stockfish: stockfish not installed, skipping the comparison")
        return 0
    inputs = args.inputs
    if not inputs:
        inputs = [os.path.join(args.source, "data", "sample.pgn")]
        shared_games = os.path.join(args.shared or "", "lichess_db_1000k.pgn")
        if args.shared and os.path.exists(shared_games):
            inputs.append(shared_games)
        else:
            print("pawn_eval_vs_stockfish: shared data absent, comparing the bundled games only")

    started = time.time()
    ours, order = {}, []
    for path in inputs:
        # Streamed: the shared games give hundreds of thousands of lines.
        errors = tempfile.TemporaryFile(mode="w+")
        run = subprocess.Popen([args.cli, "pawn-eval", "--format", "jsonl", path],
                               stdout=subprocess.PIPE, stderr=errors, text=True)
        for line in run.stdout:
            if args.max_positions and len(order) >= args.max_positions:
                continue  # read to the end all the same
            record = json.loads(line)
            fen = record["fen"]
            if fen in ours:
                continue
            w, b = record["white"], record["black"]
            ours[fen] = (w["mg"], w["eg"], b["mg"], b["eg"])
            order.append(fen)
        if run.wait() != 0:
            errors.seek(0)
            print("pawn-eval exited %d on %s: %s" % (run.returncode, path, errors.read(500)))
            return 1

    # Many positions per Stockfish process, a few thousand at a time to bound memory.
    chunk = 4000
    batches = [order[i:i + chunk] for i in range(0, len(order), chunk)]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        answers = list(pool.map(lambda b: stockfish_pawn_rows(args.stockfish, b), batches))

    compared = in_check = specialized = 0
    failures = []
    for batch, answer in zip(batches, answers):
        for fen, result in zip(batch, answer):
            if result[0] == "check":
                in_check += 1
                continue
            _, sf, all_zero = result
            if specialized_endgame(fen):
                specialized += 1
                if not all_zero:
                    failures.append("%s: expected Stockfish's endgame evaluation (an all-zero "
                                    "trace), got Pawns %s" % (fen, " ".join(sf)))
                continue
            r = ours[fen]
            mine = [cp(v) for v in r]
            sf = ["0.00" if v == "-0.00" else v for v in sf]
            mine = ["0.00" if v == "-0.00" else v for v in mine]
            compared += 1
            if mine != sf:
                failures.append("%s: stockfish %s, pawn-eval %s (internal %s)" % (
                    fen, " ".join(sf), " ".join(mine),
                    " ".join(map(str, r))))

    print("pawn_eval_vs_stockfish: %d distinct positions from %s; compared %d, %d disagree; "
          "left out %d in check and %d specialized endgames (%.1f s)" % (
              len(order), ", ".join(os.path.basename(p) for p in inputs), compared,
              len(failures), in_check, specialized, time.time() - started))
    for f in failures[:20]:
        print("  " + f)
    if compared == 0:
        print("nothing compared")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
