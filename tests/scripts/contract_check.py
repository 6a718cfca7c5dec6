#!/usr/bin/env python3
"""Independent checker of pawnkit's output against the pattern spec (docs/pattern-spec.md,
a copy of shared/spec/patterns.md; the file keeps its old name, contract_check).

Everything here is written from the spec's text alone, square by square, with
the Python standard library only: a FEN/EPD parser, every pattern and pawn-move key
for both sides, the exact JSON-lines serialization, a seeded random position
generator, and a driver that feeds all positions to `pawnkit analyze --format jsonl -`
in one process and compares its output line by line (parsed, then byte for byte).
A second run checks how the CLI treats unparsable input lines.

Usage:
  contract_check.py --cli PAWNKIT --source REPO --shared SHARED_DATA
                    [--positions N] [--seed S] [--max-report K]
  contract_check.py --self-test

Exit status 0 when everything agrees, 1 otherwise. The last line is always
`contract_check: N passed, M failed` (N = positions compared and in agreement,
M = positions that differ plus failed whole-run checks).

Choices made where the spec is silent (see the report of the checker's author):
- A line's fields 5 and 6 are move counters when the 5th starts with a digit;
  otherwise everything after the 4th field is EPD operations, dropped, and the
  counters become `0 1`. `"fen"` is the placement re-written canonically plus the
  five other fields; the en-passant field is kept as given.
- Only positions that any reasonable parser accepts are sent as valid input: one
  king each, at most 16 men a side with promotions only for missing pawns, castling
  rights that match king and rook squares, an en-passant square on the right rank
  behind a pawn that just made a double push, the side not to move not in check
  (except one hand-made position that the spec's note on `captures` allows).
- en_passant is literal: the FEN's square, the side to move, an own pawn attacking
  it; legality of the capture (pins, check) is not considered.
- A completely empty input line may be reported or skipped; the run says which.
- File lines are fed to the CLI as stored (perftsuite.epd has CRLF line ends);
  lines the checker's own parser rejects are skipped with a note.
"""

import argparse
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

FILES = "abcdefgh"

SIDE_KEYS = [
    "pawns", "isolated", "half_isolated", "behind_own", "in_front_of_own",
    "doubled", "tripled", "phalanx", "duo", "trio", "quart", "open", "hanging",
    "passed", "backward", "defended", "rams", "levers", "islands", "island_files",
    "attacks", "single_pushes", "double_pushes", "captures", "en_passant",
    "promotions", "connected", "candidates", "chain_bases", "holes", "outposts",
]
COUNT_KEYS = {"islands", "island_files"}  # everything else is a square list

DEFAULT_SEED = 20261122
DEFAULT_POSITIONS = 20000
CLI_TIMEOUT = 300  # seconds for one CLI run


# --------------------------------------------------------------------------
# Squares

def sq_of(f, r):
    """Square index in LERF: a1 = 0, b1 = 1, ..., h8 = 63."""
    return r * 8 + f


def sq_name(sq):
    return FILES[sq % 8] + str(sq // 8 + 1)


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


SQ_NAMES = [sq_name(sq) for sq in range(64)]


# --------------------------------------------------------------------------
# FEN / EPD parsing

class FenError(Exception):
    pass


class Position:
    """board: list of 64 entries, None or a piece letter (PNBRQK white, pnbrqk black)."""

    def __init__(self, board, stm, castling, ep_text, halfmove, fullmove):
        self.board = board
        self.stm = stm  # 'w' or 'b'
        self.castling = castling
        self.ep_text = ep_text
        self.ep = None if ep_text == "-" else sq_of(FILES.index(ep_text[0]), int(ep_text[1]) - 1)
        self.halfmove = halfmove
        self.fullmove = fullmove

    def placement(self):
        rows = []
        for r in range(7, -1, -1):
            row, empty = "", 0
            for f in range(8):
                p = self.board[sq_of(f, r)]
                if p is None:
                    empty += 1
                else:
                    if empty:
                        row += str(empty)
                        empty = 0
                    row += p
            if empty:
                row += str(empty)
            rows.append(row)
        return "/".join(rows)

    def fen(self):
        return "%s %s %s %s %s %s" % (self.placement(), self.stm, self.castling,
                                      self.ep_text, self.halfmove, self.fullmove)


def parse_placement(text):
    ranks = text.split("/")
    if len(ranks) != 8:
        raise FenError("placement has %d ranks, expected 8" % len(ranks))
    board = [None] * 64
    for i, row in enumerate(ranks):
        r = 7 - i
        f = 0
        for ch in row:
            if ch in "12345678":
                f += int(ch)
            elif ch in "PNBRQKpnbrqk":
                if f >= 8:
                    raise FenError("rank %d has more than 8 files" % (r + 1))
                if ch in "Pp" and r in (0, 7):
                    raise FenError("pawn on rank %d" % (r + 1))
                board[sq_of(f, r)] = ch
                f += 1
            else:
                raise FenError("unexpected character %r in placement" % ch)
            if f > 8:
                raise FenError("rank %d has more than 8 files" % (r + 1))
        if f != 8:
            raise FenError("rank %d has %d files" % (r + 1, f))
    for king in "Kk":
        n = board.count(king)
        if n != 1:
            raise FenError("%d %s kings, expected 1" % (n, "white" if king == "K" else "black"))
    return board


def parse_fen(text):
    """Parses a FEN (6 fields) or an EPD line (4 fields, then operations).

    Fields 5 and 6 are move counters when the 5th starts with a digit (both must then
    be non-negative integers); otherwise whatever follows the 4th field is EPD
    operations and is dropped, and the counters become 0 1.
    """
    fields = text.split()
    if len(fields) < 4:
        raise FenError("%d fields, expected at least 4" % len(fields))
    placement, stm, castling, ep = fields[:4]
    board = parse_placement(placement)
    if stm not in ("w", "b"):
        raise FenError("side to move %r" % stm)
    if castling != "-":
        if not re.fullmatch(r"[KQkqA-Ha-h]{1,4}", castling) or len(set(castling)) != len(castling):
            raise FenError("castling field %r" % castling)
    if ep != "-" and not re.fullmatch(r"[a-h][36]", ep):
        raise FenError("en-passant field %r" % ep)
    halfmove, fullmove = 0, 1
    rest = fields[4:]
    if rest and rest[0][:1].isdigit():
        if len(rest) < 2 or not rest[0].isdigit() or not rest[1].isdigit():
            raise FenError("bad move counters %r" % " ".join(rest[:2]))
        halfmove, fullmove = int(rest[0]), int(rest[1])
    return Position(board, stm, castling, ep, halfmove, fullmove)


# --------------------------------------------------------------------------
# The pattern spec, square by square

def analyze_side(pos, white):
    """All side keys for one side, in the spec's order.

    Square lists hold square names in ascending bit order; islands is an int and
    island_files a list of strings. Plain loops over files and ranks; the only
    speed-up is a padded grid so that off-board neighbours read as empty."""
    board = pos.board
    own_letter = "P" if white else "p"
    enemy_letter = "p" if white else "P"
    fwd = 1 if white else -1  # rank step "in front of" this side
    last_rank = 7 if white else 0
    double_rank = 3 if white else 4  # rank 4 / rank 5 (0-based)

    # own[f + 2][r + 2], enemy[f + 2][r + 2]: True where that pawn stands; two
    # empty files/ranks of padding on every side stand for "off the board".
    own = [[False] * 12 for _ in range(12)]
    enemy = [[False] * 12 for _ in range(12)]
    for sq in range(64):
        if board[sq] == own_letter:
            own[sq % 8 + 2][sq // 8 + 2] = True
        elif board[sq] == enemy_letter:
            enemy[sq % 8 + 2][sq // 8 + 2] = True

    def is_own(f, r):
        return own[f + 2][r + 2]

    def is_enemy_pawn(f, r):
        return enemy[f + 2][r + 2]

    def ranks_ahead(r):
        """ranks in front of rank r, for this side"""
        return range(r + 1, 8) if white else range(0, r)

    def ranks_behind(r):
        return range(0, r) if white else range(r + 1, 8)

    count = [sum(1 for r in range(8) if is_own(f, r)) for f in range(8)]

    def file_has_own(f):
        return 0 <= f <= 7 and count[f] > 0  # a missing file counts as empty

    def enemy_pawn_attacks(f, r):
        # An enemy pawn at (x, y) attacks (x +- 1, y - fwd): it moves the other way.
        return is_enemy_pawn(f - 1, r + fwd) or is_enemy_pawn(f + 1, r + fwd)

    def own_pawn_attacks(f, r):
        return is_own(f - 1, r - fwd) or is_own(f + 1, r - fwd)

    out = {k: [] for k in SIDE_KEYS}
    for sq in range(64):
        if board[sq] != own_letter:
            continue
        f, r = sq % 8, sq // 8
        name = SQ_NAMES[sq]
        out["pawns"].append(name)

        west = file_has_own(f - 1)
        east = file_has_own(f + 1)
        if not west and not east:
            out["isolated"].append(name)
        if west != east:
            out["half_isolated"].append(name)

        if any(is_own(f, r2) for r2 in ranks_ahead(r)):
            out["behind_own"].append(name)
        if any(is_own(f, r2) for r2 in ranks_behind(r)):
            out["in_front_of_own"].append(name)

        if count[f] == 2:
            out["doubled"].append(name)
        if count[f] >= 3:
            out["tripled"].append(name)

        if is_own(f - 1, r) or is_own(f + 1, r):
            out["phalanx"].append(name)
        lo = f
        while is_own(lo - 1, r):
            lo -= 1
        hi = f
        while is_own(hi + 1, r):
            hi += 1
        run = hi - lo + 1
        if run == 2:
            out["duo"].append(name)
        elif run == 3:
            out["trio"].append(name)
        elif run == 4:
            out["quart"].append(name)

        is_open = not any(is_enemy_pawn(f, r2) for r2 in ranks_ahead(r))
        if is_open:
            out["open"].append(name)
        if is_open and west != east and run == 2:
            out["hanging"].append(name)

        if not any(is_enemy_pawn(f2, r2) for f2 in (f - 1, f, f + 1) for r2 in ranks_ahead(r)):
            out["passed"].append(name)

        stop_attacked = enemy_pawn_attacks(f, r + fwd)
        support = any(is_own(f2, r2) for f2 in (f - 1, f + 1)
                      for r2 in [r] + list(ranks_behind(r)))
        if stop_attacked and not support:
            out["backward"].append(name)

        is_defended = own_pawn_attacks(f, r)
        if is_defended:
            out["defended"].append(name)
        if is_enemy_pawn(f, r + fwd):
            out["rams"].append(name)
        if is_enemy_pawn(f - 1, r + fwd) or is_enemy_pawn(f + 1, r + fwd):
            out["levers"].append(name)

        # Version 2 structure terms (pawns).
        if is_defended or is_own(f - 1, r) or is_own(f + 1, r):
            out["connected"].append(name)
        if name in out["open"] and name not in out["passed"]:
            sentries = sum(1 for f2 in (f - 1, f + 1) for r2 in ranks_ahead(r) if is_enemy_pawn(f2, r2))
            helpers = sum(1 for f2 in (f - 1, f + 1) for r2 in [r] + list(ranks_behind(r))
                          if is_own(f2, r2))
            if helpers >= sentries:
                out["candidates"].append(name)
        protects_own = is_own(f - 1, r + fwd) or is_own(f + 1, r + fwd)
        if protects_own and not is_defended:
            out["chain_bases"].append(name)

    # islands over the file set
    runs = []
    f = 0
    while f < 8:
        if count[f] > 0:
            start = f
            while f + 1 < 8 and count[f + 1] > 0:
                f += 1
            runs.append(FILES[start] if start == f else FILES[start] + "-" + FILES[f])
        f += 1
    out["islands"] = len(runs)
    out["island_files"] = runs

    # pawn moves, by target square
    to_move = (pos.stm == "w") == white
    for t in range(64):
        f, r = t % 8, t // 8
        behind = r - fwd
        attacked = is_own(f - 1, behind) or is_own(f + 1, behind)
        single = board[t] is None and is_own(f, behind)
        if not attacked and not single and r != double_rank:
            continue
        name = SQ_NAMES[t]
        if attacked:
            out["attacks"].append(name)
        if single:
            out["single_pushes"].append(name)
        if (r == double_rank and board[t] is None and board[sq_of(f, behind)] is None
                and is_own(f, r - 2 * fwd)):
            out["double_pushes"].append(name)
        piece = board[t]
        capture = attacked and piece is not None and (piece.islower() if white else piece.isupper())
        if capture:
            out["captures"].append(name)
        if to_move and pos.ep == t and attacked:
            out["en_passant"].append(name)
        if r == last_rank and (single or capture):
            out["promotions"].append(name)

    # Version 2 structure terms (squares, whatever stands on them).
    for t in range(64):
        f, r = t % 8, t // 8
        relative = r if white else 7 - r  # 0 = the side's first rank
        if relative in (2, 3):
            if not any(is_own(f2, r2) for f2 in (f - 1, f + 1) for r2 in ranks_behind(r)):
                out["holes"].append(SQ_NAMES[t])
        if relative in (3, 4, 5) and own_pawn_attacks(f, r):
            if not any(is_enemy_pawn(f2, r2) for f2 in (f - 1, f + 1) for r2 in ranks_ahead(r)):
                out["outposts"].append(SQ_NAMES[t])
    return out


def analyze(pos):
    return {"fen": pos.fen(), "white": analyze_side(pos, True), "black": analyze_side(pos, False)}


def ser_value(v):
    if isinstance(v, int):
        return str(v)
    return "[" + ",".join('"%s"' % s for s in v) + "]"


def serialize(result):
    def side(d):
        return "{" + ", ".join('"%s": %s' % (k, ser_value(d[k])) for k in SIDE_KEYS) + "}"
    return '{"fen": %s, "white": %s, "black": %s}' % (
        json.dumps(result["fen"]), side(result["white"]), side(result["black"]))


# --------------------------------------------------------------------------
# Attacks on the whole board (only to keep the side not to move out of check)

KNIGHT_STEPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING_STEPS = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]


def square_attacked(board, sq, by_white):
    f, r = sq % 8, sq // 8

    def piece(ff, rr):
        return board[sq_of(ff, rr)] if on_board(ff, rr) else None

    def mine(letter):
        return letter.upper() if by_white else letter.lower()

    pr = r - 1 if by_white else r + 1
    if piece(f - 1, pr) == mine("p") or piece(f + 1, pr) == mine("p"):
        return True
    for df, dr in KNIGHT_STEPS:
        if piece(f + df, r + dr) == mine("n"):
            return True
    for df, dr in KING_STEPS:
        if piece(f + df, r + dr) == mine("k"):
            return True
    for df, dr in KING_STEPS:
        sliders = (mine("r"), mine("q")) if df == 0 or dr == 0 else (mine("b"), mine("q"))
        ff, rr = f + df, r + dr
        while on_board(ff, rr):
            p = board[sq_of(ff, rr)]
            if p is not None:
                if p in sliders:
                    return True
                break
            ff += df
            rr += dr
    return False


# --------------------------------------------------------------------------
# Random positions

def place_pawns(rng, board, letter, n, reserved):
    """Puts up to n pawns of one colour on ranks 2..7 in one of several shapes."""
    white = letter == "P"
    mode = rng.choice(["scatter", "files", "runs", "structure", "mixed"])
    placed = 0
    tries = 0
    files = rng.sample(range(8), rng.randint(1, 3))
    run_rank = rng.randint(1, 6)
    run_start = rng.randint(0, 7)
    while placed < n and tries < 200:
        tries += 1
        m = mode if mode != "mixed" else rng.choice(["scatter", "files", "runs", "structure"])
        if m == "scatter":
            f, r = rng.randint(0, 7), rng.randint(1, 6)
        elif m == "files":  # stacked files
            f, r = rng.choice(files), rng.randint(1, 6)
        elif m == "runs":  # adjacent runs on one rank, sometimes a second rank
            if rng.random() < 0.25:
                run_rank = rng.randint(1, 6)
                run_start = rng.randint(0, 7)
            f, r = (run_start + placed) % 8, run_rank
        else:  # game-like: near the home side
            f = rng.randint(0, 7)
            r = rng.randint(1, 4) if white else rng.randint(3, 6)
        s = sq_of(f, r)
        if board[s] is None and s not in reserved:
            board[s] = letter
            placed += 1


def random_position(rng):
    for _attempt in range(50):
        board = [None] * 64
        stm = rng.choice("wb")
        reserved = set()
        # densities 0..8 a side, sometimes very sparse or full
        nw = rng.choice([rng.randint(0, 8), rng.randint(0, 3), rng.randint(6, 8)])
        nb = rng.choice([rng.randint(0, 8), rng.randint(0, 3), rng.randint(6, 8)])
        place_pawns(rng, board, "P", nw, reserved)
        place_pawns(rng, board, "p", nb, reserved)

        ep = "-"
        if rng.random() < 0.35:
            # The side not to move just played a double push.
            mover = "p" if stm == "w" else "P"
            mover_rank, ep_rank, from_rank = (4, 5, 6) if stm == "w" else (3, 2, 1)
            capturer = "P" if stm == "w" else "p"
            f = rng.randint(0, 7)
            s_pawn, s_ep, s_from = sq_of(f, mover_rank), sq_of(f, ep_rank), sq_of(f, from_rank)
            if board[s_pawn] is None and board.count(mover) < 8:
                board[s_pawn] = mover
            if board[s_pawn] == mover:
                board[s_ep] = None
                board[s_from] = None
                reserved.update((s_ep, s_from))
                ep = FILES[f] + str(ep_rank + 1)
                for df in (-1, 1):
                    if (on_board(f + df, mover_rank) and rng.random() < 0.5
                            and board[sq_of(f + df, mover_rank)] is None
                            and board.count(capturer) < 8):
                        board[sq_of(f + df, mover_rank)] = capturer

        empties = [s for s in range(64) if board[s] is None and s not in reserved]
        rng.shuffle(empties)
        board[empties.pop()] = "K"
        board[empties.pop()] = "k"
        # Material a game can reach: a subset of the initial pieces, plus promoted
        # pieces only as many as the pawns that are missing.
        density = rng.choice(["none", "few", "many"])
        for colour in ("white", "black"):
            pool = list("NNBBRRQ")
            rng.shuffle(pool)
            k = {"none": 0, "few": rng.randint(0, 2), "many": rng.randint(0, 7)}[density]
            chosen = pool[:k]
            missing_pawns = 8 - board.count("P" if colour == "white" else "p")
            for _ in range(missing_pawns):
                if rng.random() < 0.1:
                    chosen.append(rng.choice("QNRB"))
            for letter in chosen:
                if empties:
                    board[empties.pop()] = letter if colour == "white" else letter.lower()

        them_king = board.index("k" if stm == "w" else "K")
        if square_attacked(board, them_king, stm == "w"):
            continue  # side not to move in check: try again

        castling = ""
        if board[sq_of(4, 0)] == "K":
            if board[sq_of(7, 0)] == "R" and rng.random() < 0.6:
                castling += "K"
            if board[sq_of(0, 0)] == "R" and rng.random() < 0.6:
                castling += "Q"
        if board[sq_of(4, 7)] == "k":
            if board[sq_of(7, 7)] == "r" and rng.random() < 0.6:
                castling += "k"
            if board[sq_of(0, 7)] == "r" and rng.random() < 0.6:
                castling += "q"
        halfmove = 0 if ep != "-" else rng.randint(0, 60)
        pos = Position(board, stm, castling or "-", ep, halfmove, rng.randint(1, 120))
        return pos.fen()
    return pos.fen()  # rare: accept a position whose side not to move is in check


# Hand-made corner cases, always part of the comparison.
EDGE_FENS = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/PPPPPPPP/4K3 w - - 0 1",             # run of 8: phalanx only
    "4k3/pppppppp/8/8/8/8/8/4K3 b - - 0 1",
    "4k3/P7/P7/P7/P7/P7/P7/4K3 w - - 0 1",              # six on one file
    "4k3/8/8/8/PPPPP3/8/8/4K3 w - - 0 1",               # run of 5
    "4k3/8/8/8/PPPP1PP1/8/8/4K3 w - - 0 1",             # quart + duo
    "4k3/8/8/8/PPP1PPPP/8/8/4K3 w - - 0 1",             # trio + quart
    "r1n1k2b/1P1P3P/8/8/8/8/1p4p1/RN2K1BN b - - 0 1",   # promotions by push and capture
    "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2",                # en passant
    "4k3/8/8/4pP2/8/8/8/4K3 w - e6 0 2",
    "4k3/8/8/8/pP6/8/8/4K3 b - b3 0 1",                 # a-file capturer
    "4k3/8/8/8/6Pp/8/8/4K3 b - g3 0 1",                 # h-file capturer
    "8/8/8/3k4/4P3/8/8/4K3 b - - 0 1",                  # enemy king capturable
    "8/8/8/3k4/4P3/8/8/4K3 w - - 0 1",                  # side not to move in check
    "4k3/8/8/8/3n4/3P4/3P4/4K3 w - - 0 1",              # blocked pushes
    "4k3/3p4/3N4/8/8/8/8/4K3 b - - 0 1",
    "4k3/8/8/8/3N4/8/3P4/4K3 w - - 0 1",                # double push blocked on target
    "4k3/pp4pp/8/8/8/8/PP4PP/4K3 w - - 0 1",            # rook-file duos, hanging
    "7k/8/8/2ppp3/8/8/2P1P3/K7 w - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 ; c0 \"ops after six fields\"",
    "4k3/8/8/8/8/8/8/4K3 b - - bm Kd1; id \"EPD 4 fields\";",
    "1k6/8/8/8/8/8/8/6K1 w - -",
    "4k3/8/8/8/8/8/8/4K3 w - - 12 57",
]


# --------------------------------------------------------------------------
# Inputs from files

def read_position_lines(path):
    """Position lines of an .epd file, raw bytes without the line end ('\\r' kept)."""
    out = []
    with open(path, "rb") as fh:
        for raw in fh.read().split(b"\n"):
            text = raw.decode("utf-8", errors="replace").strip()
            if not text or text.startswith("#"):
                continue
            out.append((raw, "%s:%d" % (os.path.basename(path), len(out) + 1)))
    return out


# --------------------------------------------------------------------------
# Comparison

def fmt_list(v, limit=200):
    s = json.dumps(v)
    return s if len(s) <= limit else s[:limit] + "..."


def compare_objects(expected, got):
    """Returns a list of (side, key, message) describing differences."""
    diffs = []
    if not isinstance(got, dict):
        return [("-", "-", "not a JSON object: %s" % fmt_list(got))]
    keys = list(got.keys())
    if keys[:3] != ["fen", "white", "black"]:
        diffs.append(("-", "(keys)", "object must start with fen, white, black; got %s" % keys[:6]))
    if got.get("fen") != expected["fen"]:
        diffs.append(("-", "fen", "expected %s got %s" % (json.dumps(expected["fen"]), fmt_list(got.get("fen")))))
    for side in ("white", "black"):
        g = got.get(side)
        e = expected[side]
        if not isinstance(g, dict):
            diffs.append((side, "-", "missing or not an object: %s" % fmt_list(g)))
            continue
        gkeys = list(g.keys())
        missing = [k for k in SIDE_KEYS if k not in g]
        extra = [k for k in gkeys if k not in e]
        if missing:
            diffs.append((side, "(keys)", "missing keys %s" % missing))
        if extra:
            diffs.append((side, "(keys)", "unexpected keys %s" % extra))
        if not missing and not extra and gkeys != SIDE_KEYS:
            diffs.append((side, "(keys)", "key order %s" % gkeys))
        for k in SIDE_KEYS:
            if k not in g or g[k] == e[k]:
                continue
            msg = "expected %s got %s" % (fmt_list(e[k]), fmt_list(g[k]))
            if isinstance(g[k], list) and isinstance(e[k], list) and k != "island_files":
                miss = [s for s in e[k] if s not in g[k]]
                more = [s for s in g[k] if s not in e[k]]
                if miss or more:
                    msg += " (missing %s, extra %s)" % (miss, more)
                else:
                    msg += " (same squares, wrong order)"
            diffs.append((side, k, msg))
    return diffs


def compare_bytes(expected_line, got_line):
    """Exact byte format. Extra keys after black are allowed. Returns None or a message."""
    if got_line == expected_line:
        return None
    prefix = expected_line[:-1] + ", "
    if got_line.startswith(prefix) and got_line.endswith("}"):
        return None
    n = 0
    while n < min(len(got_line), len(expected_line)) and got_line[n] == expected_line[n]:
        n += 1
    return "bytes differ at column %d: expected ...%r... got ...%r..." % (
        n + 1, expected_line[max(0, n - 30):n + 30], got_line[max(0, n - 30):n + 30])


class CliCrash(RuntimeError):
    def __init__(self, message, stdout_lines):
        RuntimeError.__init__(self, message)
        self.stdout_lines = stdout_lines


def run_cli(cli, data):
    """Runs `cli analyze --format jsonl -` with data on stdin: (rc, stdout, stderr) or raises."""
    cmd = [cli, "analyze", "--format", "jsonl", "-"]
    try:
        proc = subprocess.run(cmd, input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=CLI_TIMEOUT)
    except FileNotFoundError:
        raise RuntimeError("CLI not found: %s" % cli)
    except PermissionError:
        raise RuntimeError("CLI not executable: %s" % cli)
    except subprocess.TimeoutExpired:
        raise RuntimeError("CLI did not finish within %d s: %s" % (CLI_TIMEOUT, " ".join(cmd)))
    except OSError as exc:
        raise RuntimeError("cannot run %s: %s" % (cli, exc))
    if proc.returncode < 0:
        raise CliCrash("CLI killed by signal %d (crash?) running %s after %d complete stdout lines; "
                       "stderr ends: %s" % (-proc.returncode, " ".join(cmd), proc.stdout.count(b"\n"),
                                           proc.stderr[-1500:].decode("utf-8", "replace")),
                       proc.stdout.count(b"\n"))
    return proc.returncode, proc.stdout, proc.stderr


def split_stdout(out, problems):
    text = out.decode("utf-8", errors="replace")
    if b"\r" in out:
        problems.append("stdout contains '\\r' (line ends must be '\\n')")
    if text and not text.endswith("\n"):
        problems.append("stdout does not end with '\\n'")
    if not text:
        return []
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


class Report:
    def __init__(self, max_report):
        self.max_report = max_report
        self.passed = 0
        self.failed = 0
        self.shown = 0
        self.by_key = {}  # "white.duo" -> positions where it differs

    def fail_position(self, source, fen, diffs):
        self.failed += 1
        for side, key, _ in diffs:
            name = key if side == "-" else side + "." + key
            self.by_key[name] = self.by_key.get(name, 0) + 1
        if self.shown < self.max_report:
            self.shown += 1
            print("MISMATCH [%s] %s" % (source, fen))
            for side, key, msg in diffs[:12]:
                print("    %-6s %-16s %s" % (side, key, msg))
            if len(diffs) > 12:
                print("    ... %d more differences" % (len(diffs) - 12))

    def fail_check(self, message):
        self.failed += 1
        print("FAIL " + message)


def check_positions(cli, inputs, report):
    """inputs: list of (raw bytes line, source label, expected result). One CLI run."""
    data = b"".join(raw + b"\n" for raw, _, _ in inputs)
    t0 = time.time()
    try:
        rc, out, err = run_cli(cli, data)
    except CliCrash as exc:
        if exc.stdout_lines < len(inputs):
            raise RuntimeError("%s\n      (if every earlier line was analyzed, the crash is at input line %d [%s]: %s)" % (
                exc, exc.stdout_lines + 1, inputs[exc.stdout_lines][1],
                inputs[exc.stdout_lines][0][:200].decode("utf-8", "replace")))
        raise
    elapsed = time.time() - t0
    problems = []
    lines = split_stdout(out, problems)
    for p in problems:
        report.fail_check(p)
    print("contract_check: CLI analyzed %d input lines in %.1f s, %d output lines, exit %d" % (
        len(inputs), elapsed, len(lines), rc))
    if rc != 0:
        report.fail_check("CLI exit status %d on valid input; stderr starts:\n      %s" % (
            rc, "\n      ".join(l[:200] for l in err.decode("utf-8", "replace").split("\n")[:8])))
    elif err.strip():
        print("note: CLI wrote to stderr on valid input: %s" % err[:500].decode("utf-8", "replace"))

    parsed = []
    for n, line in enumerate(lines):
        try:
            parsed.append(json.loads(line))
        except ValueError as exc:
            parsed.append(("unparsable", "output line %d is not JSON (%s): %s" % (n + 1, exc, line[:200])))

    def fen_of(obj):
        return obj.get("fen") if isinstance(obj, dict) else None

    # Pair outputs with inputs: one to one when the counts agree, else by fen.
    pairs = []
    if len(parsed) == len(inputs):
        pairs = list(zip(range(len(inputs)), range(len(parsed))))
    else:
        report.fail_check("%d valid input positions but %d output lines%s" % (
            len(inputs), len(parsed), " (see stderr above)" if rc != 0 else ""))
        j = 0
        for i, (_, _, exp) in enumerate(inputs):
            if j < len(parsed) and fen_of(parsed[j]) == exp["fen"]:
                pairs.append((i, j))
                j += 1
            else:
                pairs.append((i, None))
        for k in range(j, len(parsed)):
            report.fail_check("unmatched output line %d: %s" % (k + 1, lines[k][:200]))

    for i, j in pairs:
        raw, source, exp = inputs[i]
        if j is None:
            report.fail_position(source, exp["fen"], [("-", "(no output)", "no output object for this input (line %d)" % (i + 1))])
            continue
        got = parsed[j]
        if isinstance(got, tuple):
            report.fail_position(source, exp["fen"], [("-", "(not JSON)", got[1])])
            continue
        diffs = compare_objects(exp, got)
        if not diffs:
            msg = compare_bytes(serialize(exp), lines[j])
            if msg:
                diffs = [("-", "(format)", msg)]
        if diffs:
            report.fail_position(source, exp["fen"], diffs)
        else:
            report.passed += 1


# --------------------------------------------------------------------------
# Bad input lines

def check_bad_lines(cli, report):
    good = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "4k3/pp4pp/8/8/8/8/PP4PP/4K3 w - - 0 1",
        "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/8/8/3k4/4P3/8/8/4K3 b - - 0 1",
        "4k3/8/8/8/PPPP1PP1/8/8/4K3 w - - 0 1",
        "2r3k1/1P6/8/8/8/8/6p1/4K2N b - - 0 1",
    ]
    bad = {
        "empty line": b"",
        "rank with 9 files": b"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rank with 9 files (digit)": b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR1 w KQkq - 0 1",
        "pawn on rank 1": b"4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
        "unknown piece x": b"rnbqkbnr/pppppppp/8/3x4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        # (Missing trailing fields are repaired with a warning since issue 12, not bad.)
        "bad side to move": b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x",
        "unknown castling letter": b"4k3/8/8/8/8/8/8/4K3 w KX -",
        "1 MB line": b"8/" * 500000 + b"8 w - - 0 1",
        "binary bytes": bytes([0, 1, 2, 0xff, 0xfe, 0x80, 0x7f, 0x1b]) + b" w - - \x00\xc3\x28",
    }
    layout = [good[0], "empty line", good[1], "rank with 9 files", good[2], "pawn on rank 1",
              "unknown piece x", good[3], "bad side to move", "rank with 9 files (digit)", good[4],
              "1 MB line", "binary bytes", good[5], "unknown castling letter", good[6]]
    data = b""
    good_fens, bad_lines = [], []  # bad_lines: (line number, label)
    for n, item in enumerate(layout, start=1):
        if item in bad:
            data += bad[item] + b"\n"
            bad_lines.append((n, item))
        else:
            data += item.encode() + b"\n"
            good_fens.append(item)
    for _, label in bad_lines:
        try:
            parse_fen(bad[label].decode("utf-8", "replace"))
            raise AssertionError("checker's own parser accepts the bad line %r" % label)
        except FenError:
            pass

    rc, out, err = run_cli(cli, data)
    errors = []  # everything wrong with this run; it counts as one failed check
    problems = []
    lines = split_stdout(out, problems)
    errors += problems
    # 1. the good lines, all analyzed, and only them
    exp_lines = [serialize(analyze(parse_fen(f))) for f in good_fens]
    if len(lines) != len(exp_lines):
        errors.append("%d good lines but %d stdout lines: %s" % (
            len(exp_lines), len(lines), [l[:80] for l in lines]))
    else:
        for fen, e, g in zip(good_fens, exp_lines, lines):
            try:
                diffs = compare_objects(json.loads(e), json.loads(g))
            except ValueError:
                diffs = [("-", "-", "not JSON: %s" % g[:200])]
            if not diffs:
                msg = compare_bytes(e, g)
                diffs = [("-", "(format)", msg)] if msg else []
            if diffs:
                errors.append("good line %r analyzed wrongly: %s" % (fen, diffs[:2]))
    # 2. non-zero exit status
    if rc == 0:
        errors.append("exit status 0, expected non-zero")
    # 3. one stderr line per bad line, in order, each naming its line number
    err_lines = [l for l in err.decode("utf-8", "replace").split("\n") if l.strip()]
    # pawnkit ends with one summary line ("pawnkit: analyze: N bad records"); the
    # per-line errors are the ones that name a place ("<stdin>:LINE:").
    summary = [l for l in err_lines if not re.search(r":\d+:", l)]
    err_lines = [l for l in err_lines if re.search(r":\d+:", l)]
    if summary != ["pawnkit: analyze: %d bad records" % len(bad_lines)]:
        errors.append("expected one summary line 'pawnkit: analyze: %d bad records', got %r" % (
            len(bad_lines), summary[:3]))

    def mentions(line, n):
        return re.search(r"(?<!\d)%d(?!\d)" % n, line) is not None

    empty_n = [n for n, label in bad_lines if label == "empty line"][0]
    expected_numbers = [n for n, _ in bad_lines]
    empty_behaviour = None
    if len(err_lines) == len(expected_numbers):
        empty_behaviour = "reported as an error"
    elif len(err_lines) == len(expected_numbers) - 1:
        expected_numbers = [n for n in expected_numbers if n != empty_n]
        empty_behaviour = "skipped silently"
    if empty_behaviour is None:
        errors.append("%d bad lines (lines %s) but %d stderr lines:\n      %s" % (
            len(bad_lines), [n for n, _ in bad_lines], len(err_lines),
            "\n      ".join(l[:160] for l in err_lines[:20])))
    else:
        print("note: a completely empty input line is %s by the CLI" % empty_behaviour)
        labels = dict(bad_lines)
        for n, line in zip(expected_numbers, err_lines):
            if not mentions(line, n):
                errors.append("stderr line for input line %d (%s) does not mention %d: %s" % (
                    n, labels[n], n, line[:200]))
    if errors:
        report.fail_check("bad-input run (%d bad lines among %d good ones):\n      %s" % (
            len(bad_lines), len(good_fens), "\n      ".join(e[:400] for e in errors[:6])))
        return False
    print("contract_check: bad-input run OK (%d bad lines, %d good lines, exit %d)" % (
        len(bad_lines), len(good_fens), rc))
    return True


# --------------------------------------------------------------------------
# Self-test: hand-computed examples from the seed pages and the pattern spec

def self_test(verbose=True):
    failures = []
    counted = [0]

    def expect(fen, side, key, value):
        counted[0] += 1
        got = analyze(parse_fen(fen))[side][key]
        if got != value:
            failures.append("%s | %s %s: expected %s got %s" % (fen, side, key, value, got))

    # Pawn Islands page: black has three islands, white two.
    fen = "4k3/p6p/1p1pp1p1/8/8/1P3P2/P1P3PP/4K3 w - - 0 1"
    expect(fen, "white", "islands", 2)
    expect(fen, "white", "island_files", ["a-c", "f-h"])
    expect(fen, "black", "islands", 3)
    expect(fen, "black", "island_files", ["a-b", "d-e", "g-h"])
    # border files are the half-isolanis; no isolated files
    expect(fen, "white", "half_isolated", ["a2", "c2", "h2", "f3"])
    expect(fen, "black", "half_isolated", ["b6", "d6", "e6", "g6", "a7", "h7"])
    expect(fen, "white", "isolated", [])
    expect(fen, "black", "isolated", [])
    expect(fen, "white", "pawns", ["a2", "c2", "g2", "h2", "b3", "f3"])
    expect(fen, "white", "duo", ["g2", "h2"])
    expect(fen, "black", "duo", ["d6", "e6"])
    expect(fen, "black", "phalanx", ["d6", "e6"])
    expect(fen, "white", "defended", ["b3", "f3"])
    expect(fen, "black", "defended", ["b6", "g6"])

    # Duo Trio Quart page: a4 b4 c4 is a trio, f2 g2 the only duo.
    fen = "4k3/8/8/8/PPP5/8/5PP1/4K3 w - - 0 1"
    expect(fen, "white", "duo", ["f2", "g2"])
    expect(fen, "white", "trio", ["a4", "b4", "c4"])
    expect(fen, "white", "quart", [])
    expect(fen, "white", "phalanx", ["f2", "g2", "a4", "b4", "c4"])
    expect(fen, "white", "hanging", ["f2", "g2"])  # open, half-isolated (e/h files empty), duo
    expect(fen, "white", "half_isolated", ["f2", "g2", "a4", "c4"])  # rook-file a4 too; b4 has a and c
    expect(fen, "white", "isolated", [])

    # Runs: exactly 2/3/4; 5 or more only in phalanx.
    fen = "4k3/8/8/8/PPPPP3/8/8/4K3 w - - 0 1"
    expect(fen, "white", "phalanx", ["a4", "b4", "c4", "d4", "e4"])
    expect(fen, "white", "duo", [])
    expect(fen, "white", "trio", [])
    expect(fen, "white", "quart", [])
    fen = "4k3/8/8/8/PPPP1PP1/8/8/4K3 w - - 0 1"
    expect(fen, "white", "quart", ["a4", "b4", "c4", "d4"])
    expect(fen, "white", "duo", ["f4", "g4"])

    # Rook-file pawn with a neighbour on its single adjacent file is half-isolated.
    fen = "4k3/8/8/8/8/8/PP6/4K3 w - - 0 1"
    expect(fen, "white", "half_isolated", ["a2", "b2"])
    expect(fen, "white", "isolated", [])
    expect(fen, "white", "hanging", ["a2", "b2"])
    fen = "4k3/8/8/8/8/8/P7/4K3 w - - 0 1"
    expect(fen, "white", "isolated", ["a2"])
    expect(fen, "white", "half_isolated", [])
    expect(fen, "white", "passed", ["a2"])

    # Doubled / tripled / behind / in front (Double and Triple page).
    fen = "4k3/8/8/8/4P3/2P1P3/2P1P3/K7 w - - 0 1"
    expect(fen, "white", "doubled", ["c2", "c3"])
    expect(fen, "white", "tripled", ["e2", "e3", "e4"])
    expect(fen, "white", "behind_own", ["c2", "e2", "e3"])
    expect(fen, "white", "in_front_of_own", ["c3", "e3", "e4"])
    expect(fen, "white", "islands", 2)
    expect(fen, "white", "island_files", ["c", "e"])
    expect(fen, "white", "isolated", ["c2", "e2", "c3", "e3", "e4"])

    # Backward, rams, open, passed: white c4 d3 e4, black e5.
    fen = "4k3/8/8/4p3/2P1P3/3P4/8/4K3 w - - 0 1"
    expect(fen, "white", "backward", ["d3"])
    expect(fen, "black", "backward", ["e5"])  # stop e4 attacked by d3, no black support
    expect(fen, "white", "rams", ["e4"])
    expect(fen, "black", "rams", ["e5"])
    expect(fen, "white", "open", ["d3", "c4"])
    expect(fen, "white", "passed", ["c4"])
    expect(fen, "black", "passed", [])
    expect(fen, "black", "open", [])
    expect(fen, "white", "defended", ["c4", "e4"])
    expect(fen, "white", "levers", [])
    # supported from behind is not backward
    fen = "4k3/8/8/4p3/8/3P4/2P5/4K3 w - - 0 1"
    expect(fen, "white", "backward", [])
    # a ram needs the enemy pawn directly on the stop square
    fen = "4k3/8/4p3/8/4P3/8/8/4K3 w - - 0 1"
    expect(fen, "white", "rams", [])
    expect(fen, "black", "rams", [])
    expect(fen, "white", "open", [])
    # a neighbour on the same rank supports; one further ahead does not
    fen = "4k3/8/8/2p5/8/3PP3/8/4K3 w - - 0 1"
    expect(fen, "white", "backward", [])
    fen = "4k3/8/8/2p5/4P3/3P4/8/4K3 w - - 0 1"
    expect(fen, "white", "backward", ["d3"])
    fen = "4k3/8/3pp3/8/2P5/8/8/4K3 b - - 0 1"
    expect(fen, "black", "backward", [])
    fen = "4k3/8/3p4/4p3/2P5/8/8/4K3 b - - 0 1"
    expect(fen, "black", "backward", ["d6"])
    # a lever: white d4 against black e5 and c5
    fen = "4k3/8/8/2p1p3/3P4/8/8/4K3 w - - 0 1"
    expect(fen, "white", "levers", ["d4"])
    expect(fen, "black", "levers", ["c5", "e5"])
    expect(fen, "white", "captures", ["c5", "e5"])
    expect(fen, "black", "captures", ["d4"])
    expect(fen, "white", "backward", [])
    expect(fen, "black", "backward", [])

    # Pawn move generation page: the pawn on d2.
    fen = "4k3/8/8/8/8/8/3P4/4K3 w - - 0 1"
    expect(fen, "white", "single_pushes", ["d3"])
    expect(fen, "white", "double_pushes", ["d4"])
    expect(fen, "white", "attacks", ["c3", "e3"])
    expect(fen, "white", "captures", [])
    # d3 blocked by the knight on d4, e4 free; pieces on h1 and h8.
    fen = "7k/8/8/8/3NP3/3P4/8/7K w - - 0 1"
    expect(fen, "white", "single_pushes", ["e5"])
    expect(fen, "white", "double_pushes", [])
    expect(fen, "white", "attacks", ["c4", "e4", "d5", "f5"])
    # double push needs both squares empty
    fen = "4k3/8/8/8/3N4/8/3P4/4K3 w - - 0 1"
    expect(fen, "white", "single_pushes", ["d3"])
    expect(fen, "white", "double_pushes", [])
    fen = "4k3/8/8/8/8/3n4/3P4/4K3 w - - 0 1"
    expect(fen, "white", "single_pushes", [])
    expect(fen, "white", "double_pushes", [])
    fen = "4k3/3p4/8/8/8/8/8/4K3 b - - 0 1"
    expect(fen, "black", "single_pushes", ["d6"])
    expect(fen, "black", "double_pushes", ["d5"])
    expect(fen, "black", "attacks", ["c6", "e6"])

    # Captures include the enemy king; promotions by push and capture.
    fen = "8/8/8/3k4/4P3/8/8/4K3 b - - 0 1"
    expect(fen, "white", "captures", ["d5"])
    expect(fen, "white", "levers", [])
    fen = "r3k3/1P6/8/8/8/8/6p1/4K1NN b - - 0 1"
    expect(fen, "white", "promotions", ["a8", "b8"])
    expect(fen, "white", "captures", ["a8"])
    expect(fen, "black", "promotions", ["h1"])
    expect(fen, "black", "single_pushes", [])
    expect(fen, "black", "captures", ["h1"])

    # En passant only for the side to move.
    fen = "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 2"
    expect(fen, "white", "en_passant", ["e6"])
    expect(fen, "black", "en_passant", [])
    fen = "4k3/8/8/4p3/P7/8/8/4K3 w - e6 0 2"
    expect(fen, "white", "en_passant", [])  # nothing attacks e6
    fen = "4k3/8/8/8/3pP3/8/3P4/4K3 b - e3 0 1"
    expect(fen, "black", "en_passant", ["e3"])
    expect(fen, "white", "en_passant", [])  # d2 attacks e3, but white is not to move
    fen = "4k3/8/8/8/3pP3/8/8/4K3 w - e3 0 1"
    expect(fen, "black", "en_passant", [])

    # Hanging: open, half-isolated and in a duo (c4 d4 with nothing on b and e).
    fen = "4k3/8/8/8/2PP4/8/8/4K3 w - - 0 1"
    expect(fen, "white", "hanging", ["c4", "d4"])
    fen = "4k3/3p4/8/8/2PP4/8/8/4K3 w - - 0 1"
    expect(fen, "white", "hanging", ["c4"])  # d4 is not open
    expect(fen, "white", "passed", [])

    # Version 2 structure terms: the pattern spec's worked example.
    # (with kings added on e8 and e1, which the checker's parser requires)
    fen = "4k3/p4ppp/2p5/1P1p4/2PP4/6P1/P4P1P/4K3 w - - 0 1"
    expect(fen, "white", "connected", ["g3", "c4", "d4", "b5"])
    expect(fen, "black", "connected", ["d5", "f7", "g7", "h7"])
    expect(fen, "white", "candidates", ["b5"])
    expect(fen, "black", "candidates", [])
    expect(fen, "white", "chain_bases", ["f2", "h2", "c4"])
    expect(fen, "black", "chain_bases", ["c6"])
    expect(fen, "white", "holes", ["a3", "c3", "d3", "f3", "h3", "a4", "c4", "d4"])
    expect(fen, "black", "holes", ["a5", "c5", "a6", "c6", "d6"])
    expect(fen, "white", "outposts", ["c5", "a6", "c6"])
    expect(fen, "black", "outposts", ["c4"])
    # Candidates: two sentries (b6 d6) need two helpers; a helper in front does not count.
    expect("4k3/8/1p1p4/8/2P5/1P6/8/4K3 w - - 0 1", "white", "candidates", [])
    expect("4k3/8/1p1p4/8/2P5/1P6/3P4/4K3 w - - 0 1", "white", "candidates", ["c4"])
    expect("4k3/8/1p1p4/3P4/2P5/1P6/8/4K3 w - - 0 1", "white", "candidates", [])

    # FEN normalization and exact bytes.
    empty_side = ('{"pawns": [], "isolated": [], "half_isolated": [], "behind_own": [], '
                  '"in_front_of_own": [], "doubled": [], "tripled": [], "phalanx": [], "duo": [], '
                  '"trio": [], "quart": [], "open": [], "hanging": [], "passed": [], "backward": [], '
                  '"defended": [], "rams": [], "levers": [], "islands": 0, "island_files": [], '
                  '"attacks": [], "single_pushes": [], "double_pushes": [], "captures": [], '
                  '"en_passant": [], "promotions": [], "connected": [], "candidates": [], '
                  '"chain_bases": [], "holes": %s, "outposts": []}')
    # Without pawns every square of the relative ranks 3 and 4 is a hole.
    holes = {side: "[" + ",".join('"%s%d"' % (c, r) for r in ranks for c in FILES) + "]"
             for side, ranks in (("white", (3, 4)), ("black", (5, 6)))}
    want = '{"fen": "4k3/8/8/8/8/8/8/4K3 b - - 0 1", "white": %s, "black": %s}' % (
        empty_side % holes["white"], empty_side % holes["black"])
    got = serialize(analyze(parse_fen('4k3/8/8/8/8/8/8/4K3 b - - bm Kd7; id "x";')))
    if got != want:
        failures.append("serialization of an EPD line:\n  want %s\n  got  %s" % (want, got))
    line = serialize(analyze(parse_fen("4k3/8/8/8/2PP4/8/8/4K3 w - - 3 40")))
    for piece in ('"fen": "4k3/8/8/8/2PP4/8/8/4K3 w - - 3 40"', '"pawns": ["c4","d4"]',
                  '"islands": 1, "island_files": ["c-d"]', '"single_pushes": ["c5","d5"]'):
        if piece not in line:
            failures.append("serialization lacks %s: %s" % (piece, line))
    if parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 ;D1 26 ;D2 568\r").fen() != \
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1":
        failures.append("perftsuite-style line not normalized")
    for badfen in ["", "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",
                   "4k3/ppppppppp/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/3x4/8/8/8/4K3 w - - 0 1",
                   "4k3/8/8/8/8/8/8/4K3 w", "4k3/8/8/8/8/8/8/4K3 w - e4 0 1",
                   "4k3/8/8/8/8/8/8/4K3 x - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0",
                   "4k3/8/8/8/8/8/8/4K3/8 w - - 0 1", "4k3/7/8/8/8/8/8/4K3 w - - 0 1"]:
        try:
            parse_fen(badfen)
            failures.append("parser accepts %r" % badfen)
        except FenError:
            pass

    # Properties over random positions: invariants and colour-mirror symmetry.
    rng = random.Random(12345)
    for _ in range(1500):
        fen = random_position(rng)
        pos = parse_fen(fen)
        if pos.fen() != fen:
            failures.append("generator FEN does not round-trip: %s" % fen)
        for s in range(64):
            if pos.board[s] in ("P", "p") and s // 8 in (0, 7):
                failures.append("generator put a pawn on rank 1/8: %s" % fen)
        if pos.ep is not None:
            f, r = pos.ep % 8, pos.ep // 8
            pr, fr = (4, 6) if pos.stm == "w" else (3, 1)
            if (r != (5 if pos.stm == "w" else 2) or pos.board[sq_of(f, pr)] != ("p" if pos.stm == "w" else "P")
                    or pos.board[pos.ep] is not None or pos.board[sq_of(f, fr)] is not None):
                failures.append("generator en-passant square not legal-looking: %s" % fen)
        res = analyze(pos)
        for side in ("white", "black"):
            d = res[side]
            S = {k: set(d[k]) for k in SIDE_KEYS if k not in COUNT_KEYS}
            if len(S["behind_own"]) != len(S["in_front_of_own"]):
                failures.append("behind/in front counts differ: %s %s" % (fen, side))
            if S["isolated"] & S["half_isolated"]:
                failures.append("isolated and half-isolated overlap: %s %s" % (fen, side))
            if not (S["hanging"] <= S["duo"] & S["open"] & S["half_isolated"]):
                failures.append("hanging not within duo&open&half: %s %s" % (fen, side))
            if not ((S["duo"] | S["trio"] | S["quart"]) <= S["phalanx"]):
                failures.append("duo/trio/quart outside phalanx: %s %s" % (fen, side))
            if S["doubled"] & S["tripled"] or not (S["doubled"] | S["tripled"]) == (S["behind_own"] | S["in_front_of_own"]):
                failures.append("doubled/tripled inconsistent: %s %s" % (fen, side))
            if not (S["passed"] <= S["open"]) or not (S["rams"] <= S["pawns"]):
                failures.append("passed/open inconsistent: %s %s" % (fen, side))
            if not (1 <= d["islands"] <= 4 if d["pawns"] else d["islands"] == 0):
                failures.append("island count out of range: %s %s" % (fen, side))
            if not (S["captures"] <= S["attacks"]) or not (S["en_passant"] <= S["attacks"]):
                failures.append("captures/en passant outside attacks: %s %s" % (fen, side))
            if S["connected"] != S["defended"] | S["phalanx"]:
                failures.append("connected is not defended|phalanx: %s %s" % (fen, side))
            if not (S["candidates"] <= S["open"] - S["passed"]) or S["chain_bases"] & S["defended"]:
                failures.append("candidates/chain bases inconsistent: %s %s" % (fen, side))
            if not (S["outposts"] <= S["attacks"]):
                failures.append("outposts outside attacks: %s %s" % (fen, side))
        # mirror: flip ranks, swap colours; white's answer must be black's, mirrored
        mb = [None] * 64
        for s in range(64):
            p = pos.board[s]
            if p is not None:
                mb[sq_of(s % 8, 7 - s // 8)] = p.swapcase()
        mep = "-" if pos.ep is None else pos.ep_text[0] + str(9 - int(pos.ep_text[1]))
        mirrored = Position(mb, "b" if pos.stm == "w" else "w", "-", mep, 0, 1)
        mres = analyze(mirrored)

        def flip(v):
            if isinstance(v, int):
                return v
            names = [n[0] + str(9 - int(n[1])) for n in v]
            return sorted(names, key=lambda n: sq_of(FILES.index(n[0]), int(n[1]) - 1))
        for k in SIDE_KEYS:
            if k == "island_files":
                ok = res["white"][k] == mres["black"][k] and res["black"][k] == mres["white"][k]
            else:
                ok = flip(res["white"][k]) == mres["black"][k] and flip(res["black"][k]) == mres["white"][k]
            if not ok:
                failures.append("mirror symmetry broken for %s: %s" % (k, fen))
                break

    for msg in failures[:30]:
        print("SELF-TEST FAIL: " + msg)
    if verbose or failures:
        print("contract_check self-test: %s: %d hand-computed expectations, 1500 random positions "
              "for invariants and colour symmetry, %d failures" % (
                  "OK" if not failures else "FAILED", counted[0], len(failures)))
    return not failures


# --------------------------------------------------------------------------

def main(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cli", help="path to the pawnkit program")
    ap.add_argument("--source", help="repository directory (reads data/*.epd)")
    ap.add_argument("--shared", help="shared data directory (may not exist)")
    ap.add_argument("--positions", type=int, default=DEFAULT_POSITIONS, help="random positions (default %(default)s)")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED, help="random seed (default %(default)s)")
    ap.add_argument("--max-report", type=int, default=8, help="mismatching positions to show in full")
    ap.add_argument("--self-test", action="store_true", help="check the checker against hand-computed examples")
    ap.add_argument("--print-fens", action="store_true", help="print the generated FENs and exit")
    args = ap.parse_args(argv)

    if args.self_test:
        ok = self_test()
        print("contract_check: %d passed, %d failed" % (1 if ok else 0, 0 if ok else 1))
        return 0 if ok else 1

    rng = random.Random(args.seed)
    generated = [random_position(rng) for _ in range(max(0, args.positions))]
    if args.print_fens:
        print("\n".join(EDGE_FENS + generated))
        return 0

    report = Report(args.max_report)
    if not args.cli:
        print("error: --cli PATH_TO_pawnkit is required (or use --self-test)")
        report.fail_check("no CLI given")
        print("contract_check: %d passed, %d failed" % (report.passed, report.failed))
        return 1
    if not self_test(verbose=False):
        report.fail_check("the checker's own self-test fails; not comparing")
        print("contract_check: %d passed, %d failed" % (report.passed, report.failed))
        return 1

    # Gather inputs: (raw line bytes, source label, expected result).
    inputs = []
    for n, fen in enumerate(EDGE_FENS):
        inputs.append((fen.encode(), "edge:%d" % (n + 1), analyze(parse_fen(fen))))
    for n, fen in enumerate(generated):
        inputs.append((fen.encode(), "random:%d seed %d" % (n + 1, args.seed), analyze(parse_fen(fen))))
    files = []
    if args.source:
        files += sorted(glob.glob(os.path.join(args.source, "data", "*.epd")))
    if args.shared and os.path.isdir(args.shared):
        for name in ("perftsuite.epd", "bratko_kopec_test.epd", "win_at_chess_test.epd"):
            p = os.path.join(args.shared, name)
            if os.path.isfile(p):
                files.append(p)
    elif args.shared:
        print("note: shared data directory %s does not exist; skipping its inputs" % args.shared)
    skipped = []
    for path in files:
        for raw, label in read_position_lines(path):
            try:
                pos = parse_fen(raw.decode("utf-8", "replace"))
            except FenError as exc:
                skipped.append("%s: %s" % (label, exc))
                continue
            inputs.append((raw, label, analyze(pos)))
        print("contract_check: read %s" % path)
    if skipped:
        print("note: %d file lines skipped because the checker's parser rejects them, e.g. %s" % (
            len(skipped), skipped[:3]))

    if not os.path.isfile(args.cli) and shutil.which(args.cli) is None:
        report.fail_check("CLI not found: %s (build pawnkit first)" % args.cli)
        print("contract_check: %d passed, %d failed" % (report.passed, report.failed))
        return 1
    try:
        check_positions(args.cli, inputs, report)
    except RuntimeError as exc:
        report.fail_check(str(exc))
    try:
        check_bad_lines(args.cli, report)
    except RuntimeError as exc:
        report.fail_check("bad-input run: " + str(exc))
    if report.by_key:
        print("mismatching positions by key: " + ", ".join(
            "%s %d" % kv for kv in sorted(report.by_key.items(), key=lambda kv: -kv[1])))
    if report.failed > report.shown and report.shown >= report.max_report:
        print("(only the first %d mismatching positions are shown; --max-report K shows more)" % report.max_report)
    print("contract_check: %d passed, %d failed" % (report.passed, report.failed))
    return 0 if report.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
