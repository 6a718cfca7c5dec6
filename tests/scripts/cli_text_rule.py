#!/usr/bin/env python3
"""The text rule (issue 34, docs/chess.md "Text"): a property test that runs every output
format of analyze, find, stats, timeline, similar and pawn-eval over games whose tags hold
random bytes, and checks that every output is valid UTF-8 with no control character left
raw, that each JSON line parses, that each CSV row has its header's fields and no formula
prefix, and that tag values are what Python's own decoder ("replace": one U+FFFD per
maximal ill-formed subpart) makes of the bytes. Then the messages of issue 34 point 9,
each with its exit status.

Usage: cli_text_rule.py --cli PAWNKIT [--source REPO] [--shared SHARED_DATA] [--seed N]
"""

import argparse
import csv
import io
import json
import os
import random
import re
import subprocess
import sys
import tempfile

from support import cli_run

failures = []

MOVES = b"1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. cxd5 exd5 5. Bg5 Be7 6. e3 O-O 7. Bd3 Nbd7 " \
        b"8. Qc2 Re8 9. Nge2 Nf8 10. O-O c6 11. Rab1 Ne4 12. Bxe7 Qxe7"
SIMILAR_TO = "r1bq1rk1/pp2bppp/2n1p3/3n4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10"
TAGS = ["Event", "Site", "White", "Black", "ECO", "Round", "Annotator"]
# Bytes that make text hard: Latin-1, cut sequences, overlong forms, surrogates, C1 and DEL,
# spreadsheet formula prefixes, quotes, commas, tab, and valid UTF-8.
PIECES = [b"\xe9", b"\xff", b"\xe2\x82", b"\xc0\x80", b"\xe0\x80\xaf", b"\xed\xa0\x80",
          b"\xf4\x90\x80\x80", b"\xc2\x9b", b"\x9b", b"\x7f", b"\t", b"=", b"+", b"-", b"@",
          b",", b'\\"', b"\\\\", b"'", b"\xc3\xa9", b"\xe2\x80\xa6", b"\xf0\x9f\x98\x80", b"a",
          b"Z", b"1", b" ", b"=1+2", b"@SUM(A1)", b"\xc2\xa0", b"\xef\xbb\xbf"]
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")  # all but tab and the line break


def check(condition, message):
    if not condition:
        failures.append(message)


def run(cli, *args, stdin=None):
    return cli_run.run(cli, *args, stdin=stdin, timeout=300)


def pgn_unescape(raw):
    return re.sub(rb"\\([\"\\])", rb"\1", raw)


def random_value(rng):
    return b"".join(rng.choice(PIECES) for _ in range(rng.randint(0, 6)))


def make_games(rng, count):
    """PGN text and, per game, the tag values (raw bytes after PGN unescaping) it keeps."""
    text, expected = [], []
    for _ in range(count):
        kept = {}
        lines = []
        for name in TAGS:
            value = random_value(rng)
            lines.append(b'[%s "%s"]' % (name.encode(), value))
            kept.setdefault(name, pgn_unescape(value))
            if rng.random() < 0.1:  # a duplicate: the first value is kept
                lines.append(b'[%s "%s"]' % (name.encode(), random_value(rng)))
        lines.append(b'[Result "1/2-1/2"]')
        text.append(b"\n".join(lines) + b"\n\n" + MOVES + b" 1/2-1/2\n\n")
        expected.append(kept)
    return b"".join(text), expected


def decoded(data, what):
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        failures.append("%s: not UTF-8: %s" % (what, e))
        return data.decode("utf-8", "replace")


def check_text(data, what):
    text = decoded(data, what)
    bad = CONTROL.search(text)
    check(bad is None, "%s: raw control character %r" % (what, bad and bad.group()))
    return text


def check_jsonl(data, what):
    rows = []
    for n, line in enumerate(check_text(data, what).splitlines(), 1):
        try:
            rows.append(json.loads(line))
        except ValueError as e:
            failures.append("%s: line %d is not JSON: %s" % (what, n, e))
    return rows


def check_csv(data, what):
    rows = list(csv.reader(io.StringIO(check_text(data, what), newline="")))
    check(len(rows) > 1, "%s: no rows" % what)
    for n, row in enumerate(rows[1:], 2):
        check(len(row) == len(rows[0]), "%s: row %d has %d fields, not %d" %
              (what, n, len(row), len(rows[0])))
        for field in row:
            formula = field[:1] in ("=", "+", "-", "@") and field not in ("-", "+") and \
                not re.fullmatch(r"[+-]?\d+(\.\d+)?", field)
            check(not formula, "%s: row %d: unguarded formula %r" % (what, n, field))
    return rows


def outputs(cli, pgn):
    """Every command and format over the file: (name, kind, completed process)."""
    tags = ",".join(TAGS)
    runs = [("analyze jsonl", "jsonl", ["analyze", "--format", "jsonl", pgn]),
            ("analyze csv", "csv", ["analyze", "--format", "csv", pgn]),
            ("find positions", "jsonl", ["find", "--where", "ply == 8", pgn]),
            ("find games", "pgn", ["find", "--games", "--where", "ply == 8", pgn]),
            ("stats table", "text", ["stats", "--by", "eco", pgn]),
            ("stats json", "json", ["stats", "--format", "json", "--by", "eco", pgn]),
            ("timeline table", "text", ["timeline", "--min-plies", "1", "--tags", tags, pgn]),
            ("timeline jsonl", "jsonl", ["timeline", "--format", "jsonl", "--min-plies", "1",
                                         "--tags", tags, pgn]),
            ("timeline csv", "csv", ["timeline", "--format", "csv", "--min-plies", "1",
                                     "--tags", tags, pgn]),
            ("similar table", "text", ["similar", "--to", SIMILAR_TO, "--top", "1000", pgn]),
            ("similar jsonl", "jsonl", ["similar", "--to", SIMILAR_TO, "--top", "1000",
                                        "--format", "jsonl", pgn]),
            ("similar games", "pgn", ["similar", "--to", SIMILAR_TO, "--top", "5", "--games",
                                       pgn]),
            ("pawn-eval jsonl", "jsonl", ["pawn-eval", "--format", "jsonl", pgn]),
            ("pawn-eval trace csv", "csv", ["pawn-eval", "--trace", "--format", "csv", pgn])]
    for name, kind, args in runs:
        yield name, kind, run(cli, *args)


def property_test(cli, tmp, seed):
    rng = random.Random(seed)
    data, expected = make_games(rng, 60)
    pgn = os.path.join(tmp, "random_tags.pgn")
    with open(pgn, "wb") as f:
        f.write(data)
    for name, kind, done in outputs(cli, pgn):
        what = "%s (seed %d)" % (name, seed)
        check(done.returncode == 0, "%s: status %d %r" % (what, done.returncode,
                                                           done.stderr[-300:]))
        check_text(done.stderr, what + " stderr")
        if kind == "jsonl":
            rows = check_jsonl(done.stdout, what)
        elif kind == "json":
            rows = check_jsonl(done.stdout.replace(b"\n", b" ") + b"\n", what)
        elif kind == "csv":
            rows = check_csv(done.stdout, what)
        elif kind == "pgn":  # PGN keeps tag values exact (no escapes there): UTF-8 only
            rows = decoded(done.stdout, what)
        else:
            rows = check_text(done.stdout, what)
        if name == "timeline jsonl":
            # The tag values against Python's decoder of the bytes (the outside truth).
            for row in rows:
                want = expected[row["game"] - 1]
                for tag in TAGS:
                    check(row[tag] == want[tag].decode("utf-8", "replace"),
                          "%s: game %d %s: %r, Python decodes %r" %
                          (what, row["game"], tag, row[tag], want[tag]))
            check(len({row["game"] for row in rows}) == len(expected),
                  "%s: %d games of %d" % (what, len({r["game"] for r in rows}), len(expected)))
        if name == "timeline csv":
            shown = [r[7:] for r in rows[1:]]
            check(all(len(r) == len(TAGS) for r in shown), "%s: tag columns" % what)
    # One warning for the file, with the count Python's decoder gives.
    replaced = sum(pgn_unescape(v).decode("utf-8", "replace").count("\ufffd") -
                   pgn_unescape(v).count(b"\xef\xbf\xbd")
                   for v in re.findall(rb'\[\w+ "((?:[^"\\\n]|\\.)*)"\]', data))
    done = run(cli, "stats", pgn)
    notes = [l for l in done.stderr.splitlines() if b"invalid UTF-8" in l]
    check(len(notes) == 1 and (b"warning: %d invalid UTF-8 sequences in tag values replaced "
                               b"with U+FFFD" % replaced) in notes[0],
          "UTF-8 warning (seed %d, %d expected): %r" % (seed, replaced, notes))


def one_game(tags, moves=MOVES + b" 1-0"):
    return b"".join(b'[%s "%s"]\n' % (n, v) for n, v in tags) + b'[Result "1-0"]\n\n' + \
        moves + b"\n"


def text_cases(cli, tmp):
    game = one_game([(b"White", b"a\x7fb\xc2\x9bc\x9bd"), (b"Black", b"=HYPERLINK(\"x\")"),
                     (b"ECO", b"-1+2"), (b"Round", b"-")])
    path = os.path.join(tmp, "controls.pgn")
    with open(path, "wb") as f:
        f.write(game)
    tags = ["--tags", "White,Black,ECO,Round", "--min-plies", "1"]
    done = run(cli, "timeline", "--format", "jsonl", *tags, path)
    check(done.returncode == 0 and
          b'"White":"a\\u007fb\\u009bc\xef\xbf\xbdd"' in done.stdout.replace(b": ", b":"),
          "controls in JSON: %d %r" % (done.returncode, done.stdout))
    check(b"1 invalid UTF-8 sequences in tag values replaced with U+FFFD (the first in game 1, "
          b"line 1, tag White)" in done.stderr, "UTF-8 warning: %r" % done.stderr)
    done = run(cli, "timeline", *tags, path)
    check(b"White: a\\u007fb\\u009bc\xef\xbf\xbdd" in done.stdout,
          "controls in the table: %r" % done.stdout)
    done = run(cli, "timeline", "--format", "csv", *tags, path)
    rows = list(csv.reader(io.StringIO(decoded(done.stdout, "timeline csv")))) + [[]]
    row = rows[1]
    check(row[7:] == ["a\\u007fb\\u009bc\ufffdd", "'=HYPERLINK(\"x\")", "'-1+2", "-"],
          "CSV guard and controls: %r" % row)
    # A tag given twice: a warning naming it, the first value kept.
    path = os.path.join(tmp, "twice.pgn")
    with open(path, "wb") as f:
        f.write(one_game([(b"White", b"First"), (b"White", b"Second")]))
    done = run(cli, "timeline", "--format", "jsonl", "--min-plies", "1", "--tags", "White", path)
    check(done.returncode == 0 and b"tag White given twice: the first value is kept, the second "
          b"is dropped" in done.stderr and b'"First"' in done.stdout,
          "duplicate tag: %d %r %r" % (done.returncode, done.stderr, done.stdout))
    done = run(cli, "timeline", "--strict", "--format", "jsonl", "--tags", "White", path)
    check(done.returncode == 1 and b"game 1: tag White given twice" in done.stderr,
          "duplicate tag --strict: %d %r" % (done.returncode, done.stderr))


def message_cases(cli, tmp):
    game = one_game([(b"White", b"W")])
    # PGN after 64 KiB of blank lines on standard input: PGN, with the right line numbers.
    blank = b"\n" * 70000 + b" \t\r\n" * 10000
    done = run(cli, "stats", "--format", "json", "-", stdin=blank + game)
    check(done.returncode == 0 and b'"games": 1' in done.stdout and b"FEN/EPD" not in done.stderr,
          "PGN after blank lines: %d %r" % (done.returncode, done.stderr))
    done = run(cli, "stats", "-", stdin=blank + game.replace(b"Nf6", b"Nf6 Zz9"))
    check(b"<stdin>:80004: game 1:" in done.stderr, "line numbers after blank lines: %r" % done.stderr)
    # An empty input is not FEN/EPD: no games.
    for args in (["stats", "-"], ["timeline", "-"], ["similar", "--to", SIMILAR_TO, "-"],
                 ["find", "--games", "--where", "true", "-"]):
        for data in (b"", b"\n\n  \n"):
            done = run(cli, *args, stdin=data)
            check(done.returncode == 0 and b"FEN/EPD" not in done.stderr,
                  "%s on %r: %d %r" % (args[0], data, done.returncode, done.stderr))
    # A query error shows the query around the error only, whole characters, valid UTF-8.
    query = "white.isolated and " + "\u00e9" * 30000 + " @ " + "x" * 30000
    done = run(cli, "find", "--where", query, os.devnull)
    check(done.returncode == 2 and len(done.stderr) < 1000, "long query error: %d, %d bytes" %
          (done.returncode, len(done.stderr)))
    text = decoded(done.stderr, "long query error")
    check("unexpected '\u00e9'" in text and "..." in text, "long query error: %r" % text[:400])
    lines = text.splitlines()
    check(len(lines) == 3 and lines[2].index("^") == 2 + len("white.isolated and "),
          "long query error caret: %r" % lines[1:])
    # An error far into a long query: 60 characters either side of it, the caret under it.
    query = "ply == 1 or " * 300 + "@ or " + "ply == 2 or " * 300 + "true"
    done = run(cli, "find", "--where", query, os.devnull)
    lines = decoded(done.stderr, "long query error").splitlines()
    check(done.returncode == 2 and len(lines) == 3 and lines[1].startswith("  ...") and
          lines[1].endswith("...") and len(lines[1]) == 2 + 3 + 121 + 3 and
          lines[2] == " " * (2 + 3 + 60) + "^" and lines[1][2 + 3 + 60] == "@",
          "query error far in: %d %r" % (done.returncode, lines))
    done = run(cli, "find", "--where", 'White ~ "' + "y" * 5000, os.devnull)
    check(done.returncode == 2 and len(done.stderr) < 1000,
          "unterminated long string: %d %d" % (done.returncode, len(done.stderr)))
    # --weights: the unknown member named.
    weights = os.path.join(tmp, "weights.json")
    with open(weights, "w") as f:
        f.write('{"isolated": [5, 15], "bogus_member": 1}')
    done = run(cli, "pawn-eval", "--weights", weights, os.devnull)
    check(done.returncode != 0 and b'unknown member "bogus_member"' in done.stderr,
          "--weights unknown member: %d %r" % (done.returncode, done.stderr))
    # --tags with a newline (or any byte no tag name has): refused, no header written.
    for bad in ("White\nBlack", "Wh\"ite", "Caf\u00e9"):
        done = run(cli, "timeline", "--format", "csv", "--tags", bad, os.devnull)
        check(done.returncode == 2 and done.stdout == b"" and b"is not a tag name" in
              done.stderr and len(done.stderr.splitlines()) == 1,
              "--tags %r: %d %r %r" % (bad, done.returncode, done.stdout, done.stderr))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--source")
    parser.add_argument("--shared")
    parser.add_argument("--seed", type=int, action="append")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for seed in args.seed or [1, 2, 3]:
            property_test(args.cli, tmp, seed)
        text_cases(args.cli, tmp)
        message_cases(args.cli, tmp)
    for f in failures:
        print("FAIL", f)
    print("cli_text_rule: %d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
