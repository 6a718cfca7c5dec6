#!/usr/bin/env bash
# PGN throughput, side by side in one run: pgn-extract (one EPD line per position) against
# `pawnkit stats` (every pattern key of every position, aggregated) with 1 thread and with
# every core, and `pawnkit analyze --format jsonl` to /dev/null. Also peak memory of
# `pawnkit stats` on the file and on a file ten times larger.
#
# usage: bench/pgn_vs_pgn_extract.sh [PGN or PGN.zst]   (default: the largest shared file)
#        RUNS=5 bench/pgn_vs_pgn_extract.sh              (best of 5 runs, default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
input=${1:-../shared/data/lichess_magnus_games.pgn.zst}
[ -f "$input" ] || { echo "no input file $input (the shared data is absent?)" >&2; exit 1; }
if ! command -v /usr/games/pgn-extract >/dev/null || ! command -v bc >/dev/null; then
  echo "installing pgn-extract and bc" >&2
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq && $sudo apt-get install -y -qq pgn-extract bc >/dev/null
fi
[ -x build/pawnkit ] || bash scripts/build.sh --target pawnkit_cli >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pgn="$work/games.pgn"
case "$input" in
  *.zst) zstd -dcq "$input" >"$pgn" ;;
  *) cp "$input" "$pgn" ;;
esac
for _ in 1 2 3 4 5 6 7 8 9 10; do cat "$pgn"; done >"$work/games10.pgn"
cores=$(nproc)

# seconds COMMAND...: wall-clock seconds, the best of $runs runs (shared machines are
# noisy; the fastest run is the one least disturbed), output discarded.
runs=${RUNS:-3}
seconds() {
  local start end t best=""
  for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    t=$(echo "$end - $start" | bc -l)
    if [ -z "$best" ] || [ "$(echo "$t < $best" | bc -l)" -eq 1 ]; then best=$t; fi
  done
  echo "$best"
}

stats_json=$(build/pawnkit stats --format json --threads 1 "$pgn" 2>/dev/null || true)
games=$(echo "$stats_json" | sed -n 's/^{"games": \([0-9]*\), "positions": \([0-9]*\).*/\1/p')
positions=$(echo "$stats_json" | sed -n 's/^{"games": \([0-9]*\), "positions": \([0-9]*\).*/\2/p')
extract_positions=$(/usr/games/pgn-extract -Wepd --quiet "$pgn" 2>/dev/null | grep -c . || true)
json_bytes=$(build/pawnkit analyze --format jsonl "$pgn" 2>/dev/null | wc -c)

t_extract=$(seconds /usr/games/pgn-extract -Wepd --quiet -o /dev/null "$pgn")
t_stats1=$(seconds build/pawnkit stats --threads 1 "$pgn")
t_statsN=$(seconds build/pawnkit stats --threads "$cores" "$pgn")
t_json1=$(seconds build/pawnkit analyze --format jsonl --threads 1 "$pgn")
t_jsonN=$(seconds build/pawnkit analyze --format jsonl --threads "$cores" "$pgn")
mem_1=$(/usr/bin/time -f %M build/pawnkit stats --threads 1 "$pgn" 2>&1 >/dev/null | tail -1)
mem_10=$(/usr/bin/time -f %M build/pawnkit stats --threads 1 "$work/games10.pgn" 2>&1 >/dev/null | tail -1)

rate() { echo "$1 / $2" | bc -l | xargs printf "%.0f"; }
echo "input: $input ($(stat -c %s "$pgn") bytes decompressed), $games games replayed, $positions positions"
echo "pgn-extract writes $extract_positions positions"
echo "machine: $cores cores; wall clock, best of $runs runs each (RUNS=N to change)"
printf "%-44s %8s %12s %14s %8s\n" "command" "seconds" "games/s" "positions/s" "ratio"
printf "%-44s %8.3f %12s %14s %8s\n" "pgn-extract -Wepd (positions to /dev/null)" "$t_extract" "$(rate "$games" "$t_extract")" "$(rate "$extract_positions" "$t_extract")" "1.0"
for row in "pawnkit stats --threads 1:$t_stats1" "pawnkit stats --threads $cores:$t_statsN" \
           "pawnkit analyze --format jsonl --threads 1:$t_json1" "pawnkit analyze --format jsonl --threads $cores:$t_jsonN"; do
  name=${row%%:*}; t=${row##*:}
  pps=$(rate "$positions" "$t")
  printf "%-44s %8.3f %12s %14s %8.1f\n" "$name" "$t" "$(rate "$games" "$t")" "$pps" \
    "$(echo "$pps / ($extract_positions / $t_extract)" | bc -l)"
done
echo "analyze --format jsonl output: $json_bytes bytes; $(echo "$json_bytes / $t_json1 / 1000000" | bc -l | xargs printf "%.0f") MB/s on 1 thread, $(echo "$json_bytes / $t_jsonN / 1000000" | bc -l | xargs printf "%.0f") MB/s on $cores"
echo "peak memory of pawnkit stats --threads 1: ${mem_1} KB on the file, ${mem_10} KB on a file 10x larger"
