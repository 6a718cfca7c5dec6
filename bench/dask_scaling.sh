#!/usr/bin/env bash
# pawnkit.dask.stats on a Dask LocalCluster of 1 and 2 worker processes over shards of the
# largest real PGN, against `pawnkit stats --threads 2` on the unsplit file.
# Usage: bash bench/dask_scaling.sh [FILE.pgn[.zst] [GAMES_PER_SHARD]]   (after scripts/build.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
input=${1:-../shared/data/lichess_magnus_games.pgn.zst}
games=${2:-500}
[ -f "$input" ] || { echo "dask_scaling: $input is absent" >&2; exit 1; }
shards=$(mktemp -d)
trap 'rm -rf "$shards"' EXIT
build/pawnkit split --games "$games" "$input" "$shards" >/dev/null
export PYTHONPATH=build/python PAWNKIT=build/pawnkit INPUT="$input" SHARDS="$shards"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $(ls "$shards" | wc -l) shards of $games games"
/usr/bin/python3 -W ignore - <<'PY'
import glob, os, subprocess, time
import distributed
import pawnkit, pawnkit.dask

cli, path = os.environ["PAWNKIT"], os.environ["INPUT"]
shards = sorted(glob.glob(os.path.join(os.environ["SHARDS"], "*.pgn.zst")))

def best(f, runs=3):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        result = f()
        times.append(time.perf_counter() - t)
    return result, min(times)

expected, t_cli = best(lambda: subprocess.run([cli, "stats", "--format", "json", "--threads", "2", path],
                                              capture_output=True, text=True).stdout)
print(f"pawnkit stats --threads 2 (unsplit): {t_cli:.3f} s")
times = {}
for workers in (1, 2):
    with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        pawnkit.dask.stats(shards[:2], client=client)  # warm-up: workers import pawnkit
        total, times[workers] = best(lambda: pawnkit.dask.stats(shards, client=client))
        assert total.json() == expected, "dask result differs from the CLI"
        print(f"pawnkit.dask.stats, {workers} worker process{'es' if workers > 1 else ''}: {times[workers]:.3f} s")
print(f"speedup 1 -> 2 workers: {times[1]/times[2]:.2f}x")
print(f"overhead of 2 workers against pawnkit stats --threads 2: {100*(times[2]/t_cli - 1):+.1f}%")
PY
