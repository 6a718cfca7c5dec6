#!/usr/bin/env python3
"""Checks that no output is lost silently (issue 34): write errors on standard output and
on files (/dev/full, RLIMIT_FSIZE), split's target folder and shard names, trailing bytes
after compressed streams, truncated input and out-of-range weights. Each case asserts the
exit status and the message, and that no output file is left looking complete.

Usage: cli_no_silent_loss.py --cli PAWNKIT [--source REPO] [--shared SHARED_DATA]
"""

import gzip
import os
import resource
import subprocess
import sys
import tempfile

from support.cli_run import run
from support.script_args import finish, parse_args

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def write_errors(cli, sample, tmp):
    # Standard output that cannot be written: a message with the reason, status 1.
    for args in (["analyze", "--format", "jsonl", sample], ["stats", sample],
                 ["timeline", "--format", "jsonl", sample]):
        with open("/dev/full", "wb") as full:
            done = run(cli, *args, stdout=full)
        check(done.returncode == 1, "%s > /dev/full: status %d" % (args[0], done.returncode))
        check(b"pawnkit: standard output: cannot write: No space left on device" in done.stderr,
              "%s > /dev/full: message %r" % (args[0], done.stderr[-200:]))
    # A full disk (RLIMIT_FSIZE) under a redirected standard output.
    out_path = os.path.join(tmp, "cut.jsonl")
    with open(out_path, "wb") as out:
        done = run(cli, "analyze", "--format", "jsonl", sample, stdout=out,
                   limits=[(resource.RLIMIT_FSIZE, 4096)])
    check(done.returncode == 1, "analyze past RLIMIT_FSIZE: status %d" % done.returncode)
    check(b"cannot write: File too large" in done.stderr,
          "analyze past RLIMIT_FSIZE: message %r" % done.stderr[-200:])
    # An SVG that cannot be written whole is not left behind.
    svg = os.path.join(tmp, "board.svg")
    done = run(cli, "show", "--svg", svg, "8/8/8/3p4/4P3/8/8/8 w - - 0 1",
               limits=[(resource.RLIMIT_FSIZE, 200)])
    check(done.returncode == 1, "show --svg past RLIMIT_FSIZE: status %d" % done.returncode)
    check(b"cannot write '%s': File too large" % svg.encode() in done.stderr,
          "show --svg past RLIMIT_FSIZE: message %r" % done.stderr)
    check(not os.listdir(tmp) or not any(n.endswith(".svg") or n.endswith(".partial")
                                         for n in os.listdir(tmp)),
          "show --svg past RLIMIT_FSIZE left %r" % os.listdir(tmp))


def split_cases(cli, sample, tmp):
    target = os.path.join(tmp, "shards")
    first = run(cli, "split", "--games", "100", sample, target)
    check(first.returncode == 0, "split: status %d %r" % (first.returncode, first.stderr))
    again = run(cli, "split", "--games", "200", sample, target)
    check(again.returncode == 1, "split into a non-empty folder: status %d" % again.returncode)
    check(b"is not empty" in again.stderr and b"--force" in again.stderr,
          "split into a non-empty folder: message %r" % again.stderr)
    forced = run(cli, "split", "--force", "--games", "200", sample, target)
    check(forced.returncode == 0, "split --force: status %d" % forced.returncode)
    shards = sorted(os.path.join(target, n) for n in os.listdir(target))
    check(forced.stdout.decode().split() == shards, "split --force left %r" % shards)
    counted = run(cli, "stats", "--format", "json", *shards)
    check(b'"games": 300' in counted.stdout or b'"games":300' in counted.stdout,
          "stats over the forced shards: %r" % counted.stdout[:200])
    # A full disk: status 1, the reason, no shard left (complete or partial), none listed.
    full = os.path.join(tmp, "full")
    done = run(cli, "split", "--games", "100", sample, full,
               limits=[(resource.RLIMIT_FSIZE, 20000)])
    check(done.returncode == 1, "split past RLIMIT_FSIZE: status %d" % done.returncode)
    check(b"File too large" in done.stderr, "split past RLIMIT_FSIZE: %r" % done.stderr)
    left = os.listdir(full)
    listed = done.stdout.decode().split()
    check(all(os.path.join(full, n) in listed for n in left),
          "split past RLIMIT_FSIZE left unlisted files %r" % left)
    check(not any(n.endswith(".partial") for n in left), "partial shard left: %r" % left)
    # A file name with a newline: the origin line stays one line, and names the file.
    odd = os.path.join(tmp, "odd\nname.pgn")
    with open(sample, "rb") as src, open(odd, "wb") as dst:
        dst.write(src.read())
    odd_target = os.path.join(tmp, "odd-shards")
    done = run(cli, "split", "--games", "100", odd, odd_target)
    check(done.returncode == 0, "split of a name with a newline: status %d" % done.returncode)
    shards = sorted(os.path.join(odd_target, n) for n in os.listdir(odd_target))
    counted = run(cli, "stats", *shards)
    check(counted.returncode == 0 and b"bad record" not in counted.stderr,
          "shards of a name with a newline: %d %r" % (counted.returncode, counted.stderr))


def trailing_and_truncated(cli, sample, tmp):
    with open(sample, "rb") as f:
        text = f.read()
    # Bytes after a whole compressed stream: every game counted, one warning, status 0.
    packed = os.path.join(tmp, "x.pgn.gz")
    with open(packed, "wb") as f:
        f.write(gzip.compress(text) + bytes(1024))
    done = run(cli, "stats", "--format", "json", packed)
    check(done.returncode == 0, "trailing bytes after gzip: status %d" % done.returncode)
    check(b'"games": 300' in done.stdout, "trailing bytes after gzip: %r" % done.stdout[:80])
    check(b"warning: ignored the bytes after the last complete gzip stream" in done.stderr,
          "trailing bytes after gzip: message %r" % done.stderr)
    # A last game with no result token: a warning, an error under --strict.
    cut = b'[Result "1-0"]\n\n1. e4 e5 2. Nf3'
    done = run(cli, "stats", "-", stdin=cut)
    check(done.returncode == 0 and b"warning: the input ends inside the game" in done.stderr,
          "cut game: %d %r" % (done.returncode, done.stderr))
    done = run(cli, "stats", "--strict", "-", stdin=cut)
    check(done.returncode == 1 and b"game 1: the input ends inside the game" in done.stderr,
          "cut game --strict: %d %r" % (done.returncode, done.stderr))


def main():
    args = parse_args(cli_required=True)
    here = os.path.dirname(os.path.abspath(__file__))
    source = args.source or os.path.dirname(os.path.dirname(here))
    sample = os.path.join(source, "data", "sample.pgn")
    with tempfile.TemporaryDirectory() as tmp:
        for case in (write_errors, split_cases, trailing_and_truncated):
            directory = os.path.join(tmp, case.__name__)
            os.mkdir(directory)
            case(args.cli, sample, directory)
    return finish("cli_no_silent_loss", failures)


if __name__ == "__main__":
    sys.exit(main())
