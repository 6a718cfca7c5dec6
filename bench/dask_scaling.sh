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
/usr/bin/python3 -W ignore bench/dask_scaling.py
