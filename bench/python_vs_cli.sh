#!/usr/bin/env bash
# pawnkit's Python package against the CLI, side by side in one run (issue 11's goals):
#  0. what fresh memory costs on this machine (a virtual machine can make the first touch
#     of memory the largest cost of all; pawnkit.positions writes ~450 bytes a row);
#  1. pawnkit.positions(threads=1) into a DataFrame on the large file: rows per wall second
#     and per CPU second (user + system, every thread), for the first call of a fresh
#     process and for repeated calls (which reuse the freed frames' memory), with and
#     without the fen column, and iter_positions streaming through the file in a fresh
#     process. Goal: at least 1 million rows per second on one core;
#  2. pawnkit.positions against `pawnkit analyze --format jsonl | pandas.read_json(lines=True)`
#     on the same (smaller: the JSON route needs gigabytes on the large one) file. Goal: 20x;
#  3. pawnkit.stats() against `pawnkit stats` on the same file and threads. Goal: within 10%.
# Wall-clock figures depend on what else runs; CPU seconds much less. Best of N runs each;
# a first call of a process, the median of FRESH (default 3) processes.
# Usage: bash bench/python_vs_cli.sh [LARGE.pgn[.zst] [SMALL.pgn]]   (after scripts/build.sh)
#        BEFORE=/path/to/other/build/python bash bench/python_vs_cli.sh   (section 1 for both builds)
#        FRESH=5 ...   (more fresh processes per figure of section 1)
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${PAWNKIT_SHARED_DATA:-../shared/data}
large=${1:-$shared/lichess_magnus_games.pgn.zst}
small=${2:-$shared/lichess_db_1000k.pgn}
[ -f "$large" ] || large=data/sample.pgn
[ -f "$small" ] || small=data/sample.pgn
export PYTHONPATH=build/python PAWNKIT=build/pawnkit LARGE="$large" SMALL="$small"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC')"
/usr/bin/python3 -W ignore - <<'PY'
import io, os, resource, subprocess, sys, time
import pandas as pd
import pawnkit

cli, large, small = os.environ["PAWNKIT"], os.environ["LARGE"], os.environ["SMALL"]
RUNS = 5

def cpu(who=resource.RUSAGE_SELF):
    r = resource.getrusage(who)
    return r.ru_utime + r.ru_stime

def timed(f):
    """(result, wall s, CPU s of this process and its children)."""
    c, t = cpu() + cpu(resource.RUSAGE_CHILDREN), time.perf_counter()
    result = f()
    return result, time.perf_counter() - t, cpu() + cpu(resource.RUSAGE_CHILDREN) - c

def best(f, runs=RUNS):
    """(last result, best wall, best CPU): the least disturbed of `runs` runs, each measure apart."""
    results = [timed(f) for _ in range(runs)]
    return results[-1][0], min(r[1] for r in results), min(r[2] for r in results)

def fresh_process(code):
    """Runs `code` in a new interpreter (nothing warmed up) and returns its last output line."""
    done = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True,
                          env=os.environ, check=True)
    return done.stdout.strip().splitlines()[-1]

print("0. fresh memory on this machine (256 MiB of numpy ones, in a new process):")
print("   " + fresh_process("""
import resource, numpy as np
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF); return r.ru_utime + r.ru_stime
c = cpu(); a = np.ones(256 << 20, np.uint8); cold = cpu() - c; del a
c = cpu(); a = np.ones(256 << 20, np.uint8); warm = cpu() - c
print(f"{cold / 256 * 1e3:.2f} ms CPU per MiB touched first, {warm / 256 * 1e3:.2f} ms when the memory "
      f"was just freed by the same process ({cold / max(warm, 1e-9):.0f}x)")"""))

# Section 1 runs in fresh processes, once per build: this tree's and, with BEFORE=dir (the
# build/python of another checkout, e.g. main's), that one's too, alternately, so that
# "before" and "after" are measured in one run on the same machine load.
builds = [("after", os.path.abspath("build/python"))]
if os.environ.get("BEFORE"):
    builds.append(("before", os.path.abspath(os.environ["BEFORE"])))

def in_build(path, code):
    env = dict(os.environ, PYTHONPATH=path)
    done = subprocess.run([sys.executable, "-W", "ignore", "-c", code], capture_output=True, text=True,
                          env=env, check=True)
    return done.stdout.strip().splitlines()[-1]

# Each fresh-process figure is the median of FRESH processes per build, the builds taking
# turns (a first call's CPU time depends on how fresh the memory the kernel hands out is,
# which varies from process to process on a shared virtual machine).
FRESH = int(os.environ.get("FRESH", "3"))
median = lambda values: sorted(values)[len(values) // 2]

def alternately(code):
    """{build: [the output's numbers of each of FRESH fresh processes]}, builds taking turns."""
    runs = {build: [] for build, _ in builds}
    for _ in range(FRESH):
        for build, path in builds:
            runs[build].append([float(x) for x in in_build(path, code).split()])
    return runs

print(f"1. pawnkit.positions(threads=1) -> DataFrame on {large} (first calls and iter_positions: "
      f"median of {FRESH} fresh processes each; repeated calls: best of {RUNS} in each, best of all)")
for fen in (True, False):
    label = "default columns" if fen else "fen=False      "
    runs = alternately(f"""
import resource, time, pandas, pawnkit  # pandas first: a notebook has it already
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF); return r.ru_utime + r.ru_stime
c, t = cpu(), time.perf_counter()
n = len(pawnkit.positions({large!r}, threads=1, fen={fen}))
wall, used = time.perf_counter() - t, cpu() - c
walls, cpus = [], []
for _ in range({RUNS}):
    c, t = cpu(), time.perf_counter()
    pawnkit.positions({large!r}, threads=1, fen={fen})
    walls.append(time.perf_counter() - t); cpus.append(cpu() - c)
print(n, wall, used, min(walls), min(cpus))""")
    for build, _ in builds:
        n = int(runs[build][0][0])
        wall, used = median([r[1] for r in runs[build]]), median([r[2] for r in runs[build]])
        best_wall, best_cpu = min(r[3] for r in runs[build]), min(r[4] for r in runs[build])
        print(f"   {build:6} {label} first call of a process: {n} rows, {wall:.2f} s wall, {used:.2f} s CPU "
              f"-> {n / wall / 1e6:.2f} M rows/s wall, {n / used / 1e6:.2f} M rows per CPU second; "
              f"repeated: {n / best_wall / 1e6:.2f} M rows/s wall, "
              f"{n / best_cpu / 1e6:.2f} M rows per CPU second")
# Streaming: chunks of at most 100,000 rows, each dropped before the next, so that a fresh
# process touches fresh memory for the first chunks only.
runs = alternately(f"""
import resource, time, pandas, pawnkit
from pawnkit import _frames  # what iter_positions imports on its first chunk
r0, t = resource.getrusage(resource.RUSAGE_SELF), time.perf_counter()
n = sum(len(chunk) for chunk in pawnkit.iter_positions({large!r}, threads=1))
wall, r1 = time.perf_counter() - t, resource.getrusage(resource.RUSAGE_SELF)
# VmHWM, not ru_maxrss: the latter keeps the forking parent's peak across exec.
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM"))
print(n, wall, r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime, peak)""")
for build, path in builds:
    n = int(runs[build][0][0])
    wall, used, rss = (median([r[i] for r in runs[build]]) for i in (1, 2, 3))
    print(f"   {build:6} iter_positions(threads=1), first pass of a process: {n} rows, {wall:.2f} s wall, "
          f"{used:.2f} s CPU -> {n / wall / 1e6:.2f} M rows/s wall, "
          f"{n / used / 1e6:.2f} M rows per CPU second; peak RSS {rss / 1024:.0f} MiB")
    # One frame's column operations against the same operation on a fresh contiguous array
    # (goal: within 1.5x): a frame whose columns are strided views is many times slower.
    print("   " + in_build(path, f"""
import time, numpy as np, pandas, pawnkit
frame = pawnkit.positions({large!r}, threads=1, fen=False)
d4 = np.uint64(1 << 27)
def best(f):
    times = []
    for _ in range(20):
        t = time.perf_counter(); f(); times.append(time.perf_counter() - t)
    return min(times)
column = frame["white_isolated"].to_numpy()
fresh = np.array(column, copy=True)
on_frame = best(lambda: (frame["white_isolated"] & d4) != 0)
on_fresh = best(lambda: (pandas.Series(fresh) & d4) != 0)
raw = best(lambda: (column & d4) != 0)
raw_fresh = best(lambda: (fresh & d4) != 0)
print(f"{build:6} (df.white_isolated & d4) != 0 on "
      f"{{len(frame)}} rows: {{on_frame * 1e3:.2f}} ms, on a fresh contiguous Series {{on_fresh * 1e3:.2f}} ms "
      f"({{on_frame / on_fresh:.2f}}x); numpy alone {{raw * 1e3:.2f}} ms vs {{raw_fresh * 1e3:.2f}} ms "
      f"({{raw / raw_fresh:.2f}}x); goal at most 1.5x")"""))
pawnkit.release_memory()

def jsonl_route(path):
    out = subprocess.run([cli, "analyze", "--format", "jsonl", "--threads", "1", path],
                         capture_output=True, check=False).stdout
    return pd.read_json(io.BytesIO(out), lines=True)

print(f"2. on {small}: pawnkit.positions(threads=1) vs analyze --format jsonl --threads 1 | "
      f"pandas.read_json(lines=True)")
rows, wall_p, cpu_p = best(lambda: len(pawnkit.positions(small, threads=1)))
json_rows, wall_j, cpu_j = best(lambda: len(jsonl_route(small)), runs=1)
assert rows == json_rows, (rows, json_rows)
print(f"   positions():      {rows} rows, {wall_p:.3f} s wall, {cpu_p:.3f} s CPU (best of {RUNS})")
print(f"   jsonl+read_json:  {json_rows} rows, {wall_j:.2f} s wall, {cpu_j:.2f} s CPU (one run)")
print(f"   positions() is {wall_j / wall_p:.0f}x faster (wall), {cpu_j / cpu_p:.0f}x (CPU); goal 20x")
pawnkit.release_memory()

print(f"3. stats on {large} (best of {RUNS} each; the CLI's time includes starting the process)")
for threads in (1, 2):
    _, wall_s, cpu_s = best(lambda: pawnkit.stats(large, threads=threads))
    _, wall_c, cpu_c = best(lambda: subprocess.run([cli, "stats", "--threads", str(threads), large],
                                                   capture_output=True, check=True))
    print(f"   threads={threads}: pawnkit.stats {wall_s:.3f} s wall, {cpu_s:.3f} s CPU; "
          f"pawnkit stats {wall_c:.3f} s wall, {cpu_c:.3f} s CPU -> Python/CLI {wall_s / wall_c:.2f} (wall), "
          f"{cpu_s / cpu_c:.2f} (CPU); goal at most 1.10")
PY
