#!/usr/bin/env python3
"""Checks the limits of issue 34 (docs/chess.md, "Limits"): threads and memory the system
refuses (RLIMIT_AS), what one game may hold, weights out of range, inputs that never end
(/dev/zero), an output that is also an input, and a file that shrinks while it is read.
Each case asserts the exit status and the message.

Usage: cli_limits.py --cli PAWNKIT [--source REPO] [--shared SHARED_DATA]
"""

import argparse
import gzip
import http.client
import json
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile

from support.cli_run import become, lone_uid, run

failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def sanitized(cli):
    """True for a program built with AddressSanitizer (scripts/test.sh's second build)."""
    linked = subprocess.run(["ldd", cli], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    return b"libasan" in linked.stdout


def refused_resources(cli, sample, tmp):
    # Under a shrinking address space the threads or the memory run out somewhere: never an
    # abort ("terminate called", status 134), but a warning and the whole output, or one
    # line and status 1.
    if sanitized(cli):
        # AddressSanitizer reserves terabytes of address space for its shadow memory at
        # start: under any RLIMIT_AS here it stops before main. The plain build checks this.
        print("refused_resources: skipped, the program is built with AddressSanitizer")
        return
    warned = False
    for megabytes in range(40, 210, 10):
        done = run(cli, "stats", "--threads", "16", "--format", "json", sample,
                   limits=[(resource.RLIMIT_AS, megabytes << 20)])
        what = "stats --threads 16 under RLIMIT_AS %d MB" % megabytes
        if done.returncode == 127:  # the program itself could not be loaded
            continue
        check(b"terminate called" not in done.stderr, "%s: %r" % (what, done.stderr[-300:]))
        check(done.returncode in (0, 1), "%s: status %d" % (what, done.returncode))
        if done.returncode == 0:
            check(json.loads(done.stdout)["games"] == 300, "%s: output %r" % (what, done.stdout[:80]))
        else:
            check(b"pawnkit: stats: out of memory: stopped" in done.stderr or
                  b"pawnkit: stats: the system refused a resource" in done.stderr,
                  "%s: message %r" % (what, done.stderr[-300:]))
        warned |= b"pawnkit: warning: could start only " in done.stderr
    check(warned, "no run under RLIMIT_AS warned about threads it could not start")


def refused_threads(cli, sample, tmp):
    # Threads the system refuses (RLIMIT_NPROC): the pipeline and the tuners go on with
    # fewer, each with one warning, and write the very output of an unlimited run.
    if sanitized(cli):
        # LeakSanitizer needs a thread of its own at exit: under RLIMIT_NPROC 1 it fails
        # after the program has done its work. The plain build checks this.
        print("refused_threads: skipped, the program is built with AddressSanitizer")
        return
    if os.geteuid() == 0:  # root ignores RLIMIT_NPROC: the runs are made as another user
        for folder in (tmp, os.path.dirname(tmp)):
            os.chmod(folder, 0o755)
    with open(sample, "rb") as f:
        games = f.read()
    pgn = os.path.join(tmp, "ten.pgn")  # over 4096 positions per tuner thread
    with open(pgn, "wb") as f:
        f.write(games * 10)
    trace = os.path.join(tmp, "trace.csv")  # over 2048 rows per fitting thread
    with open(trace, "w") as f:
        f.write("result,a,b\n" + "".join("%s,%d,%d\n" % (("1", "0", "0.5")[i % 3], i % 5, i % 7)
                                          for i in range(10000)))
    for path in (pgn, trace):
        os.chmod(path, 0o644)
    pipeline = b"pawnkit: warning: could start only 0 of 4 worker threads (Resource " \
               b"temporarily unavailable): going on with 1\n"
    tuner = b"pawnkit: tune: warning: could start only 0 of 3 tuner threads (Resource " \
            b"temporarily unavailable): their share ran on the calling thread\n"
    cases = [(["stats", "--threads", "4", "--format", "json", pgn], [pipeline]),
             (["tune", "--threads", "4", "--iterations", "5", "--force", pgn], [pipeline, tuner]),
             (["tune", "--trace", "--threads", "4", "--iterations", "5", "--bootstrap", "2",
               "--force", trace], [tuner])]
    for args, warnings in cases:
        what = "%s under RLIMIT_NPROC 1" % " ".join(args[:2])
        free = run(cli, *args)
        try:
            done = run(cli, *args, limits=[(resource.RLIMIT_NPROC, 1)],
                       as_lone_user=os.geteuid() == 0)
        except PermissionError:  # another user cannot reach the program
            print("refused_threads: skipped, another user cannot run %s" % cli)
            return
        check(done.returncode == 0 and free.returncode == 0,
              "%s: status %d, %d unlimited %r" % (what, done.returncode, free.returncode,
                                                  done.stderr[-300:]))
        check(done.stdout == free.stdout and done.stdout, "%s: output differs" % what)
        check(done.stderr == free.stderr + b"".join(warnings),
              "%s: messages %r" % (what, done.stderr[-400:]))


def refused_server_threads(cli, sample, tmp):
    # serve --threads 16 under a low RLIMIT_NPROC (run as a user id of its own, whose threads
    # are this process's alone): it serves with the threads it could start, with a warning, answers,
    # and ends with status 0 on SIGTERM. Opening the index (RocksDB) takes threads of its own
    # first: limits too low for it end before listening, and are passed over here.
    if os.geteuid() != 0:
        print("refused_server_threads: skipped, needs root to run as another user")
        return
    for folder in (tmp, os.path.dirname(tmp)):
        os.chmod(folder, 0o755)
    db = os.path.join(tmp, "db")
    done = run(cli, "index", "add", db, sample)
    check(done.returncode == 0, "index add: %d %r" % (done.returncode, done.stderr[-300:]))
    for root, folders, files in os.walk(db):
        for name in folders + files:
            os.chmod(os.path.join(root, name), 0o755)
    os.chmod(db, 0o755)
    served = False
    for nproc in range(2, 24):
        uid = lone_uid()

        def prepare():
            resource.setrlimit(resource.RLIMIT_NPROC, (nproc, nproc))
            become(uid)
        server = subprocess.Popen([cli, "serve", "--index", db, "--listen", "127.0.0.1:0",
                                   "--threads", "16"], stderr=subprocess.PIPE,
                                  preexec_fn=prepare)
        try:
            line = server.stderr.readline()
            port = re.search(rb"listening on http://127.0.0.1:(\d+)/", line)
            if not port:
                continue
            warning = server.stderr.readline()
            check(re.match(rb"pawnkit: serve: warning: could start only (\d+) of 16 worker "
                           rb"threads \(Resource temporarily unavailable\): serving with \1\n$",
                           warning), "serve under RLIMIT_NPROC %d: %r" % (nproc, warning))
            try:
                connection = http.client.HTTPConnection("127.0.0.1", int(port.group(1)),
                                                        timeout=20)
                connection.request("GET", "/")
                status = connection.getresponse().status
                connection.close()
            except OSError as e:
                status = e
            check(status in (200, 404), "serve under RLIMIT_NPROC %d: answer %r" % (nproc, status))
            server.send_signal(signal.SIGTERM)
            check(server.wait(timeout=20) == 0, "serve under RLIMIT_NPROC %d: status %r" %
                  (nproc, server.returncode))
            served = True
            break
        finally:
            if server.poll() is None:
                server.kill()
            server.wait()
            server.stderr.close()
    check(served, "serve never listened under RLIMIT_NPROC 2..23")


def game_limits(cli, sample, tmp):
    # One game of 20,000 tags and 30,000 plies: the first 1000 tags and 20,000 plies kept,
    # one warning each, the game counted. (200,000 tags took 55 s of CPU and over 3 minutes
    # under ctest -j2 on a loaded machine; 20 times the limit checks the same rule in a
    # second, also under AddressSanitizer.)
    path = os.path.join(tmp, "huge.pgn")
    moves = " ".join("%d. Nf3 Nf6 %d... Ng1 Ng8" % (i, i) for i in range(1, 7501))
    with open(path, "wb") as f:
        f.write(b"".join(b'[T%d "v"]\n' % i for i in range(20000)))
        f.write(b"\n" + moves.encode() + b" 1/2-1/2\n")
    # A big input: a loaded machine takes far longer than the bound meant for inputs that
    # never end.
    done = run(cli, "stats", "--format", "json", "--threads", "1", path, timeout=1200)
    check(done.returncode == 0, "huge game: status %d %r" % (done.returncode, done.stderr[-300:]))
    check(b"game 1: warning: more than 1000 tags or 4194304 bytes of tags: the rest are ignored"
          in done.stderr, "huge game: tag message %r" % done.stderr[-400:])
    check(b"game 1: warning: more than 20000 plies: the rest of the game is ignored"
          in done.stderr, "huge game: ply message %r" % done.stderr[-400:])
    if done.returncode == 0:
        counted = json.loads(done.stdout)
        check(counted["games"] == 1 and counted["positions"] == 20001,
              "huge game: counted %r" % done.stdout[:120])


def weights_range(cli, sample, tmp):
    epd = "4k3/8/8/4p3/2P1P3/3P4/8/4K3 w - - 0 1\n"  # d3 is backward: e5 guards d4
    def weights(backward):
        path = os.path.join(tmp, "w.json")
        zero = [0, 0]
        with open(path, "w") as f:
            json.dump({"backward": backward, "doubled": zero, "doubled_early": zero,
                       "isolated": zero, "weak_lever": zero, "weak_unopposed": zero,
                       "blocked": [zero, zero], "connected": [0] * 8, "supporter": 0}, f)
        return path
    done = run(cli, "pawn-eval", "--weights", weights([2147483647, 2147483647]), "-",
               stdin=epd.encode())
    check(done.returncode == 2, "weights out of range: status %d" % done.returncode)
    check(b'member "backward": 2147483647 is out of range: weights must lie within '
          b"-40136..40136" in done.stderr, "weights out of range: %r" % done.stderr)
    # The bound itself is held: the backward term is linear in its weight, without overflow.
    scores = []
    for w in (1, 40136, -40136):
        done = run(cli, "pawn-eval", "--format", "jsonl", "--weights", weights([w, w]), "-",
                   stdin=epd.encode())
        check(done.returncode == 0, "weight %d: status %d %r" % (w, done.returncode, done.stderr))
        scores.append(json.loads(done.stdout)["white"]["mg"] if done.returncode == 0 else 0)
    check(scores[0] != 0 and scores[1] == 40136 * scores[0] and scores[2] == -scores[1],
          "weights at the bound: %r" % scores)
    done = run(cli, "pawn-eval", "--weights", weights([40137, 0]), "-", stdin=epd.encode())
    check(done.returncode == 2 and b"40137 is out of range" in done.stderr,
          "weight 40137: %d %r" % (done.returncode, done.stderr))


def weights_members(cli, sample, tmp):
    # Every member of the weights file (eval/pawn_weights_json.hpp, listed here on their
    # own) is range-checked, and a file that cannot be opened is told with the reason.
    pair = [0, 0]
    shapes = {name: pair for name in (
        "backward", "doubled", "doubled_early", "isolated", "weak_lever", "weak_unopposed",
        "isolated_opposed", "isolated_open", "backward_half_open", "blocked_by_piece")}
    shapes.update({name: [pair] * 6 for name in (
        "phalanx", "candidate_passer", "passed_free_safe", "passed_free_attacked",
        "passed_blocked_safe", "passed_blocked_attacked")})
    shapes.update({"blocked": [pair, pair], "connected": [0] * 8, "supporter": 0,
                   "side_to_move": 0})
    pieces = ["pawn", "knight", "bishop", "rook", "queen"]
    path = os.path.join(tmp, "w.json")

    def too_big(value):  # the value with its last integer made 40137
        if isinstance(value, int):
            return 40137
        return value[:-1] + [too_big(value[-1])]
    members = [(name, {name: too_big(shape)}) for name, shape in shapes.items()]
    members += [("material." + p, {"material": {p: [0, 40137]}}) for p in pieces]
    for name, weights in members:
        with open(path, "w") as f:
            json.dump(weights, f)
        done = run(cli, "pawn-eval", "--weights", path, sample)
        check(done.returncode == 2 and b'member "%s": 40137 is out of range' % name.encode()
              in done.stderr, "weights %s: %d %r" % (name, done.returncode, done.stderr))
    missing = os.path.join(tmp, "missing.json")
    done = run(cli, "pawn-eval", "--weights", missing, sample)
    check(done.returncode == 2 and done.stderr == b"pawnkit: %s: cannot open the weights file: "
          b"No such file or directory\n" % missing.encode(),
          "--weights missing.json: %d %r" % (done.returncode, done.stderr))


def endless_inputs(cli, sample, tmp):
    for args in (["stats", "/dev/zero"], ["analyze", "/dev/zero"]):
        done = run(cli, *args, timeout=20)
        check(done.returncode == 1 and b"cannot read '/dev/zero': a character device that is "
              b"not a terminal" in done.stderr, "%r: %d %r" % (args, done.returncode, done.stderr))
    with open("/dev/zero", "rb") as zero:
        done = run(cli, "stats", "-", stdin=zero, timeout=20)
    check(done.returncode == 1 and b"cannot read '<stdin>': a character device" in done.stderr,
          "stats - < /dev/zero: %d %r" % (done.returncode, done.stderr))
    done = run(cli, "pawn-eval", "--weights", "/dev/zero", sample, timeout=20)
    check(done.returncode == 2 and b"a character device that is not a terminal" in done.stderr,
          "--weights /dev/zero: %d %r" % (done.returncode, done.stderr))
    # /dev/null stays the empty input.
    done = run(cli, "analyze", "--input", "epd", "/dev/null")
    check(done.returncode == 0 and done.stdout == b"", "/dev/null: %d %r" % (done.returncode,
                                                                             done.stderr))


def self_feeding(cli, sample, tmp):
    path = os.path.join(tmp, "x.pgn")
    with open(sample, "rb") as src, open(path, "wb") as dst:
        dst.write(src.read())
    size = os.path.getsize(path)
    for args in (["find", "--games", "--where", "true", path],
                 ["find", "--games", "--where", "true", "-"]):
        with open(path, "ab") as out, open(path, "rb") as inp:
            done = run(cli, *args, stdin=inp, stdout=out, timeout=20)
        name = b"<stdin>" if args[-1] == "-" else path.encode()
        check(done.returncode == 1 and b"cannot read '%s': it is also the standard output" % name
              in done.stderr, "%r >> x.pgn: %d %r" % (args, done.returncode, done.stderr))
        check(os.path.getsize(path) == size, "%r >> x.pgn grew the file" % args)


def shrinking_file(cli, sample, tmp):
    # A 25 MB file cut to 100 KB while analyze is blocked on its output: an error, status 1.
    path = os.path.join(tmp, "big.pgn")
    with open(sample, "rb") as src:
        text = src.read()
    with open(path, "wb") as f:
        for _ in range(40):
            f.write(text)
    process = subprocess.Popen([cli, "analyze", "--format", "jsonl", "--threads", "1", path],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    first = process.stdout.read(1 << 16)  # it has opened and read the file: cut it now
    os.truncate(path, 100000)
    rest = process.stdout.read()
    err = process.stderr.read()
    process.wait(timeout=120)
    check(len(first) + len(rest) > 0, "shrinking file: no output")
    check(process.returncode == 1, "shrinking file: status %d" % process.returncode)
    check(b"'%s' shrank while being read: it had %d bytes" % (path.encode(), 40 * len(text))
          in err, "shrinking file: message %r" % err[-300:])


def trailing_bytes(cli, sample, tmp):
    # Bytes after a whole gzip stream: a warning from every reader, and nothing lost, also
    # under --strict.
    def packed(name, text):
        path = os.path.join(tmp, name)
        with open(path, "wb") as f:
            f.write(gzip.compress(text) + bytes(1024))
        return path
    warning = b"warning: ignored the bytes after the last complete gzip stream"
    with open(sample, "rb") as f:
        games = packed("x.pgn.gz", f.read())
    done = run(cli, "stats", "--strict", "--format", "json", games)
    check(done.returncode == 0 and json.loads(done.stdout or b"{}").get("games") == 300,
          "stats --strict, trailing bytes: %d %r" % (done.returncode, done.stdout[:60]))
    check(warning in done.stderr, "stats --strict, trailing bytes: %r" % done.stderr)
    # Also when the last game is in error (skipped to its end): one warning, status 1.
    with open(sample, "rb") as f:
        bad_last = packed("z.pgn.gz", f.read() + b'[Result "1-0"]\n\n1. e4 e5 2. %% 1-0\n')
    done = run(cli, "stats", "--format", "json", bad_last)
    check(done.returncode == 1 and done.stderr.count(warning) == 1 and
          b"game 301: unexpected character '%'" in done.stderr,
          "stats, trailing bytes after a bad game: %d %r" % (done.returncode, done.stderr))
    source = os.path.dirname(os.path.dirname(sample))
    with open(os.path.join(source, "data", "structures.epd"), "rb") as f:
        epd_text = f.read()
    positions = packed("y.epd.gz", epd_text)
    done = run(cli, "analyze", "--format", "csv", positions)
    rows = len(epd_text.decode().strip().splitlines())
    check(done.returncode == 0 and len(done.stdout.decode().strip().splitlines()) == rows + 1,
          "analyze, trailing bytes: %d %r" % (done.returncode, done.stderr))
    check(warning in done.stderr, "analyze, trailing bytes: %r" % done.stderr)
    trace = "result,a,b\n" + "".join("%s,%d,%d\n" % (("1", "0", "0.5")[i % 3], i % 5, i % 7)
                                      for i in range(60))
    done = run(cli, "tune", "--trace", "--iterations", "5", "--bootstrap", "2",
               packed("t.csv.gz", trace.encode()))
    check(warning in done.stderr, "tune --trace, trailing bytes: %d %r" % (done.returncode,
                                                                         done.stderr[-300:]))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cli", required=True)
    parser.add_argument("--source")
    parser.add_argument("--shared")
    args = parser.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    source = args.source or os.path.dirname(os.path.dirname(here))
    sample = os.path.join(source, "data", "sample.pgn")
    with tempfile.TemporaryDirectory() as tmp:
        for case in (refused_resources, refused_threads, refused_server_threads, game_limits,
                     weights_range, weights_members, endless_inputs, self_feeding,
                     shrinking_file, trailing_bytes):
            directory = os.path.join(tmp, case.__name__)
            os.mkdir(directory)
            case(args.cli, sample, directory)
    for f in failures:
        print("FAIL", f)
    print("cli_limits: %d failed" % len(failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
