#!/usr/bin/env python3
"""Per-query time of `pawnkit explore -` (one process, FENs one a line).

Two figures: the mean time per query when all FENs are piped at once (what a batch of
queries costs), and the distribution of round trips when each FEN is written only after
the previous answer came back (what one interactive query waits: the pipe's round trip
included, so an upper bound).

usage: explore_latency.py PAWNKIT DB FENS_FILE [--match exact|center|structure]
"""
import statistics
import subprocess
import sys
import time


def main():
    cli, db, fens_file = sys.argv[1:4]
    extra = sys.argv[4:]
    fens = [line.strip() for line in open(fens_file) if line.strip()]
    command = [cli, "explore", "--index", db, "--format", "jsonl", *extra, "-"]

    # Batch: every FEN at once; the process's time minus that of one query (start-up).
    def run(lines):
        start = time.perf_counter()
        out = subprocess.run(command, input="\n".join(lines) + "\n", capture_output=True,
                             text=True)
        elapsed = time.perf_counter() - start
        answers = out.stdout.count("\n")
        if answers != len(lines):
            sys.exit(f"explore answered {answers} of {len(lines)}: {out.stderr[:300]}")
        return elapsed

    one = min(run(fens[:1]) for _ in range(3))
    whole = run(fens)
    batch_ms = (whole - one) / max(len(fens) - 1, 1) * 1000

    # Round trips, one FEN at a time.
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            bufsize=1)
    times = []
    for fen in fens:
        start = time.perf_counter_ns()
        proc.stdin.write(fen + "\n")
        proc.stdin.flush()
        if not proc.stdout.readline():
            sys.exit("explore stopped answering")
        times.append((time.perf_counter_ns() - start) / 1e6)
    proc.stdin.close()
    proc.wait()
    times.sort()
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    print(f"queries {len(fens)}  batch mean {batch_ms:.3f} ms/query  round trip: median "
          f"{statistics.median(times):.3f} ms, mean {statistics.mean(times):.3f} ms, p99 "
          f"{p99:.3f} ms, max {times[-1]:.3f} ms")


if __name__ == "__main__":
    main()
