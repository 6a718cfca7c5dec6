#!/usr/bin/env bash
# pawnkit.dask.stats on a Dask LocalCluster of 1 and 2 worker processes (one thread each,
# threads=1 per task) over shards of the largest real PGN, against `pawnkit stats
# --threads 2` on the unsplit file: the speedup from 1 to 2 workers (goal at least 1.7x)
# and the overhead of 2 workers against the CLI (goal at most 15%), and as the ceiling for
# the speedup, two plain CLI processes on half the shards each. Takes about a minute.
# Usage: bash bench/dask_scaling.sh [FILE.pgn[.zst] [GAMES_PER_SHARD]]   (after scripts/build.sh)
# GAMES_PER_SHARD defaults to an eighth of the file's games: 8 shards, 4 per worker of the
# 2-worker run, so that both workers stay busy to the end (the magnus file is only ~0.3 CPU
# seconds of work: many small shards would be mostly Dask's per-task cost).
set -euo pipefail
cd "$(dirname "$0")/.."
input=${1:-../shared/data/lichess_magnus_games.pgn.zst}
[ -f "$input" ] || { echo "dask_scaling: $input is absent" >&2; exit 1; }
if [ -n "${2:-}" ]; then
  games=$2
else
  # Every game of the file (replayed, bad or of another variant): what split counts.
  total=$(build/pawnkit stats --format json "$input" 2>/dev/null |
    /usr/bin/python3 -c 'import json, sys; d = json.load(sys.stdin); print(d["games"] + d["bad_games"] + d["skipped_games"])')
  games=$(((total + 7) / 8))
fi
shards=$(mktemp -d)
trap 'rm -rf "$shards"' EXIT
build/pawnkit split --games "$games" "$input" "$shards" >/dev/null
export PYTHONPATH=build/python PAWNKIT=build/pawnkit INPUT="$input" SHARDS="$shards"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "input: $input, $(ls "$shards" | wc -l) shards of $games games"
timeout 600 /usr/bin/python3 -W ignore bench/dask_scaling.py
