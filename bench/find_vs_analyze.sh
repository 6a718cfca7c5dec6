#!/usr/bin/env bash
# `pawnkit find` against `pawnkit analyze --format jsonl` over the same games in one run:
# both replay every position and compute every pattern key; analyze writes each one,
# find evaluates a typical query and writes the matches. Goal: find at no less than 80%
# of analyze's positions per second.
#
# usage: bench/find_vs_analyze.sh [PGN or PGN.zst] [THREADS]
#   default: the largest shared file (the Magnus .zst), every core
set -euo pipefail
cd "$(dirname "$0")/.."
input=${1:-../shared/data/lichess_magnus_games.pgn.zst}
threads=${2:-$(nproc)}
if [ ! -f "$input" ]; then
  echo "skipped: no input file $input (the shared data is absent)"
  exit 0
fi
[ -x build/pawnkit ] || bash scripts/build.sh --target pawnkit_cli >/dev/null
where='count(white.isolated) >= 1 and white.islands > black.islands and ply >= 20'
# A second query that runs the named-structure classifier and reads tags.
where2='structure == "carlsbad" and tag.WhiteElo >= 2500'

# seconds COMMAND...: wall-clock seconds of one run, output discarded.
seconds() {
  local start end
  start=$(date +%s%N)
  "$@" >/dev/null 2>&1 || true
  end=$(date +%s%N)
  echo "scale=3; ($end - $start) / 1000000000" | bc
}

positions=$(build/pawnkit stats --format json --threads "$threads" "$input" 2>/dev/null |
  sed -n 's/^{"games": [0-9]*, "positions": \([0-9]*\).*/\1/p')
matches=$(build/pawnkit find --count --threads "$threads" --where "$where" "$input" 2>/dev/null)
t_analyze=$(seconds build/pawnkit analyze --format jsonl --threads "$threads" "$input")
t_find=$(seconds build/pawnkit find --threads "$threads" --where "$where" "$input")
t_struct=$(seconds build/pawnkit find --threads "$threads" --where "$where2" "$input")
t_games=$(seconds build/pawnkit find --games --min-plies 4 --threads "$threads" --where "$where" "$input")

rate() { echo "$1 / $2" | bc -l | xargs printf "%.0f"; }
echo "input: $input, $positions positions, $threads threads, one run each, wall clock"
echo "query: $where ($matches matching positions)"
echo "second query: $where2"
printf "%-40s %8s %14s %8s\n" "command" "seconds" "positions/s" "ratio"
printf "%-40s %8.3f %14s %8s\n" "analyze --format jsonl >/dev/null" "$t_analyze" "$(rate "$positions" "$t_analyze")" "1.00"
printf "%-40s %8.3f %14s %8.2f\n" "find --where ... >/dev/null" "$t_find" "$(rate "$positions" "$t_find")" "$(echo "$t_analyze / $t_find" | bc -l)"
printf "%-40s %8.3f %14s %8.2f\n" "find (structure, tag) >/dev/null" "$t_struct" "$(rate "$positions" "$t_struct")" "$(echo "$t_analyze / $t_struct" | bc -l)"
printf "%-40s %8.3f %14s %8.2f\n" "find --games --min-plies 4 >/dev/null" "$t_games" "$(rate "$positions" "$t_games")" "$(echo "$t_analyze / $t_games" | bc -l)"
