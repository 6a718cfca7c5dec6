#!/usr/bin/env bash
# Rows per second and peak RSS of pawnkit's Python readers on one big file, each call in
# a fresh process under /usr/bin/time -v: positions (all columns, and columns= of four),
# iter_positions (a pass over every chunk), games, to_parquet of positions and of games.
# Wall time depends on what else runs (the load is printed before each line); peak RSS
# does not. Usage (after the build of pawnkit_python, with the venv of scripts/setup.sh):
#   bash bench/python_rows.sh BIG.pgn.zst
#   CALLS="games iter_positions" bash bench/python_rows.sh BIG.pgn.zst   (some of them)
#   PACKAGE=/tmp/before/python bash bench/python_rows.sh BIG.pgn.zst   (another build's package)
# `stats` is there for the games/stats time ratio (its "rows" are games).
# positions (every column) needs ~600 bytes a row: ~10 GB for 200,000 games.
# A file of 200,480 games: 20 copies of the shared magnus file, each game's Site made
# distinct (so that game_key is distinct too),
#   for i in $(seq 20); do zstd -dc ../shared/data/lichess_magnus_games.pgn.zst |
#     sed "s|^\[Site \"\(.*\)\"\]|[Site \"\1c$i\"]|"; done | zstd -o big.pgn.zst
set -euo pipefail
cd "$(dirname "$0")/.."
big=${1:?usage: bash bench/python_rows.sh BIG.pgn[.zst]}
python=${PYTHON:-.venv/bin/python}
[ -x "$python" ] || python=/usr/bin/python3
export PYTHONPATH=${PACKAGE:-build/python} BIG="$big"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
declare -A calls=(
  [positions]='len(pawnkit.positions(BIG, tags=["WhiteElo", "Result"]))'
  [positions_columns]='len(pawnkit.positions(BIG, tags=["WhiteElo"], columns=["game_key", "ply", "white_isolated", "WhiteElo"]))'
  [iter_positions]='sum(len(c) for c in pawnkit.iter_positions(BIG, tags=["WhiteElo", "Result"]))'
  [stats]='pawnkit.stats(BIG).to_dict()["games"]'
  [games]='len(pawnkit.games(BIG, tags=["WhiteElo", "BlackElo", "Result"]))'
  [to_parquet_positions]='pawnkit.to_parquet(BIG, SCRATCH + "/p", tags=["WhiteElo", "Result"])'
  [to_parquet_columns]='pawnkit.to_parquet(BIG, SCRATCH + "/p", tags=["WhiteElo"], columns=["game_key", "ply", "white_isolated", "WhiteElo"])'
  [to_parquet_games]='pawnkit.to_parquet(BIG, SCRATCH + "/g", what="games", tags=["WhiteElo", "BlackElo", "Result"])'
)
echo "file: $big ($(du -h "$big" | cut -f1)); python: $python; $(nproc) cores"
for name in ${CALLS:-positions positions_columns iter_positions stats games to_parquet_positions to_parquet_columns to_parquet_games}; do
  load=$(cut -d' ' -f1 /proc/loadavg)
  code="import os, time, warnings, pawnkit; warnings.simplefilter('ignore'); BIG = os.environ['BIG']; SCRATCH = '$scratch'
t = time.perf_counter(); rows = ${calls[$name]}; t = time.perf_counter() - t
print(rows, t)"
  out=$(/usr/bin/time -v "$python" -c "$code" 2>"$scratch/time")
  read -r rows seconds <<<"$out"
  rss=$(awk -F': ' '/Maximum resident set size/ {print int($2 / 1024)}' "$scratch/time")
  cpu=$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {printf "%.1f", u + s}' "$scratch/time")
  printf '%-22s %10d rows %7.1f s wall %7.1f s cpu %8.0f rows/s %6d MiB peak RSS (load %s)\n' \
    "$name" "$rows" "$seconds" "$cpu" "$(echo "$rows / $seconds" | bc -l)" "$rss" "$load"
  rm -rf "$scratch/p" "$scratch/g"
done
