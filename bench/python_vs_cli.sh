#!/usr/bin/env bash
# pawnkit's Python package against the CLI, side by side in one run:
#  1. pawnkit.positions() into a DataFrame, rows per second on one thread (wall and CPU);
#  2. the same rows through `pawnkit analyze --format jsonl | pandas.read_json(lines=True)`
#     (on the smaller file: the JSON route needs gigabytes on the large one);
#  3. pawnkit.stats() against `pawnkit stats` on the same file and threads.
# Usage: bash bench/python_vs_cli.sh [LARGE.pgn[.zst] [SMALL.pgn]]   (after scripts/build.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
large=${1:-../shared/data/lichess_magnus_games.pgn.zst}
small=${2:-../shared/data/lichess_db_1000k.pgn}
[ -f "$large" ] || large=data/sample.pgn
[ -f "$small" ] || small=data/sample.pgn
export PYTHONPATH=build/python PAWNKIT=build/pawnkit LARGE="$large" SMALL="$small"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/python3 -W ignore - <<'PY'
import io, os, resource, subprocess, time
import pandas as pd
import pawnkit

cli, large, small = os.environ["PAWNKIT"], os.environ["LARGE"], os.environ["SMALL"]

def cpu():
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime

def timed(f):
    c, t = cpu(), time.perf_counter()
    result = f()
    return result, time.perf_counter() - t, cpu() - c

def best(f, runs=3):
    results = [timed(f) for _ in range(runs)]
    return min(results, key=lambda r: r[1])

def jsonl_route(path):
    out = subprocess.run([cli, "analyze", "--format", "jsonl", "--threads", "1", path],
                         capture_output=True, check=False).stdout
    return pd.read_json(io.BytesIO(out), lines=True)

print(f"1. pawnkit.positions(threads=1) on {large}")
frame, wall, cpu_s = best(lambda: pawnkit.positions(large, threads=1))
print(f"   {len(frame)} rows: {wall:.2f} s wall, {cpu_s:.2f} s CPU -> "
      f"{len(frame)/wall/1e6:.2f} M rows/s wall, {len(frame)/cpu_s/1e6:.2f} M rows/s per CPU second")
del frame

print(f"2. on {small}: pawnkit.positions vs analyze --format jsonl | pandas.read_json(lines=True)")
frame, wall_p, cpu_p = best(lambda: pawnkit.positions(small, threads=1))
json_frame, wall_j, cpu_j = best(lambda: jsonl_route(small), runs=1)
assert len(frame) == len(json_frame)
print(f"   positions(): {len(frame)} rows, {wall_p:.3f} s wall, {cpu_p:.3f} s CPU")
print(f"   jsonl+read_json: {len(json_frame)} rows, {wall_j:.2f} s wall, {cpu_j:.2f} s CPU")
print(f"   speedup: {wall_j/wall_p:.1f}x wall, {cpu_j/cpu_p:.1f}x CPU")
del frame, json_frame

print(f"3. stats on {large}")
for threads in (1, 2):
    _, wall_s, cpu_s = best(lambda: pawnkit.stats(large, threads=threads))
    _, wall_c, cpu_c = best(lambda: subprocess.run([cli, "stats", "--threads", str(threads), large],
                                                   capture_output=True))
    print(f"   threads={threads}: pawnkit.stats {wall_s:.3f} s wall ({cpu_s:.3f} CPU), "
          f"CLI {wall_c:.3f} s wall ({cpu_c:.3f} CPU): Python/CLI = {wall_s/wall_c:.2f} wall, "
          f"{cpu_s/cpu_c:.2f} CPU")
PY
