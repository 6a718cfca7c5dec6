#!/usr/bin/env python3
"""Builds the two test files of issue 31 from real games (PGN on standard input):

  comments  every move followed by a comment as Lichess writes it,
            `{ [%eval 0.3] [%clk 0:01:00] }` (the black move then numbered `1...`);
  tags      long tag sections as master-game databases (TWIC, ChessBase) write them, and
            the movetext without comments;
  plain     the games' own tags and the movetext without comments (a Lichess export
            without clocks, a database that keeps none): the densest PGN there is.

The games' moves are kept (comments, variations and NAGs already there are dropped), and
the games are repeated until there are at least --games of them.

usage: zstd -dc games.pgn.zst | bench/make_heavy_pgn.py comments --games 30000 > out.pgn
"""
import argparse
import re
import sys

MOVE_NUMBER = re.compile(r"^\d+\.+$")
RESULTS = {"1-0", "0-1", "1/2-1/2", "*"}


def games(text):
    """(tags, movetext) of each game: tags as (name, value) pairs."""
    for chunk in re.split(r"\n\s*\n(?=\[)", text.strip()):
        head, _, body = chunk.partition("\n\n")
        tags = re.findall(r'^\[(\w+) "(.*)"\]$', head, re.M)
        yield tags, body


def main_line(movetext):
    """The main-line SAN moves and the result token."""
    text = re.sub(r"\{[^}]*\}", " ", movetext)
    text = re.sub(r";[^\n]*", " ", text)
    while True:  # innermost variations first
        stripped = re.sub(r"\([^()]*\)", " ", text)
        if stripped == text:
            break
        text = stripped
    moves, result = [], "*"
    for token in text.split():
        token = re.sub(r"^\d+\.+", "", token)
        if not token or token.startswith("$") or MOVE_NUMBER.match(token):
            continue
        if token in RESULTS:
            result = token
            break
        moves.append(token)
    return moves, result


def comment_heavy(tags, moves, result, seed):
    """Lichess style: a clock for both sides counting down, an evaluation drifting."""
    out = [f'[{name} "{value}"]' for name, value in tags]
    clock = [180, 180]
    words = []
    for ply, move in enumerate(moves):
        side = ply % 2
        clock[side] = max(0, clock[side] - (seed + ply * 7) % 5)
        evaluation = ((seed * 31 + ply * 17) % 401 - 200) / 100
        number = f"{ply // 2 + 1}." if side == 0 else f"{ply // 2 + 1}..."
        c = clock[side]
        words += [number, move, f"{{ [%eval {evaluation:g}] [%clk {c // 3600}:{c // 60 % 60:02}:{c % 60:02}] }}"]
    words.append(result)
    return "\n".join(out) + "\n\n" + " ".join(words) + "\n"  # one line, as Lichess writes


def tag_heavy(tags, moves, result, seed):
    """Master-game style: the seven tags and some twenty more (the game's Variant, SetUp
    and FEN kept), the movetext without comments wrapped at 79 columns."""
    have = dict(tags)
    extra = [
        ("Event", have.get("Event", "?")), ("Site", "Wijk aan Zee NED"),
        ("Date", have.get("Date", "????.??.??")), ("Round", f"{seed % 13 + 1}.{seed % 7 + 1}"),
        ("White", have.get("White", "?")), ("Black", have.get("Black", "?")),
        ("Result", result), ("WhiteTitle", "GM"), ("BlackTitle", "GM"),
        ("WhiteElo", have.get("WhiteElo", "2700")), ("BlackElo", have.get("BlackElo", "2700")),
        ("WhiteFideId", str(1503014 + seed)), ("BlackFideId", str(4100018 + seed)),
        ("WhiteTeam", "Norway"), ("BlackTeam", "Netherlands"),
        ("ECO", have.get("ECO", "A00")), ("Opening", have.get("Opening", "?")),
        ("Variation", "Main line, with a long name as databases spell it out"),
        ("EventDate", "2023.01.13"), ("EventType", "tourn"), ("EventRounds", "13"),
        ("EventCountry", "NED"), ("EventCategory", "21"), ("Source", "The Week in Chess"),
        ("SourceTitle", "TWIC 1472"), ("SourceDate", "2023.01.30"), ("SourceVersion", "1"),
        ("SourceVersionDate", "2023.01.30"), ("SourceQuality", "1"),
        ("Annotator", "?"), ("PlyCount", str(len(moves))), ("TimeControl", "40/7200:3600+30"),
    ]
    extra += [(name, have[name]) for name in ("Variant", "SetUp", "FEN") if name in have]
    return with_movetext(extra, moves, result)


def plain(tags, moves, result, seed):
    """The game's own tags, the movetext without comments wrapped at 79 columns."""
    return with_movetext(tags, moves, result)


def with_movetext(tags, moves, result):
    """The tags, then the moves numbered and without comments, wrapped at 79 columns."""
    out = [f'[{name} "{value}"]' for name, value in tags]
    words = []
    for ply, move in enumerate(moves):
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        words.append(move)
    words.append(result)
    return "\n".join(out) + "\n\n" + wrap(words) + "\n"


def wrap(words, width=79):
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kind", choices=["comments", "tags", "plain"])
    parser.add_argument("--games", type=int, default=30000)
    args = parser.parse_args()
    source = [(tags, *main_line(body)) for tags, body in games(sys.stdin.read())]
    source = [g for g in source if g[1]]
    if not source:
        sys.exit("make_heavy_pgn: no games on standard input")
    write = {"comments": comment_heavy, "tags": tag_heavy, "plain": plain}[args.kind]
    written = 0
    while written < args.games:
        for tags, moves, result in source:
            sys.stdout.write(write(tags, moves, result, written) + "\n")
            written += 1
            if written >= args.games:
                break


if __name__ == "__main__":
    main()
