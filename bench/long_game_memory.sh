#!/usr/bin/env bash
# Peak memory on one very long legal game: PLIES plies (default 200000) of knights going
# out and back (1. Nf3 Nf6 2. Ng1 Ng8 ...; the PGN replay does not apply the 50-move or
# repetition rules, so the game stays legal to the end), between two short games. Every
# command must stay in memory that does not grow with the game's output: analyze writes
# about 2 KB a position (400 MB here) and must not hold a game's output whole.
#
# usage: bench/long_game_memory.sh [PLIES] [PAWNKIT]   (default 200000, build/pawnkit)
set -euo pipefail
cd "$(dirname "$0")/.."
plies=${1:-200000}
pawnkit=${2:-build/pawnkit}
[ -x "$pawnkit" ] || bash scripts/build.sh --target pawnkit_cli >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pgn="$work/long.pgn"

# long_game PLIES: the game, 8 moves a line.
long_game() {
  awk -v plies="$1" 'BEGIN {
    printf "[Event \"short\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Event \"long\"]\n[Result \"*\"]\n\n"
    split("Nf3 Nf6 Ng1 Ng8", cycle, " ")
    for (i = 0; i < plies; i++) {
      if (i % 2 == 0) printf "%d. ", i / 2 + 1
      printf "%s%s", cycle[i % 4 + 1], (i % 16 == 15 ? "\n" : " ")
    }
    printf "*\n\n[Event \"after\"]\n\n1. d4 d5 *\n"
  }'
}
long_game "$plies" >"$pgn"

# peak KB, output bytes and exit status of one command.
measure() {
  local out="$work/out" err="$work/time"
  /usr/bin/time -f %M -o "$err" "$pawnkit" "$@" "$pgn" >"$out" 2>/dev/null || true
  printf "%-40s %10s KB peak %14s bytes out\n" "$*" "$(tail -1 "$err")" "$(wc -c <"$out")"
}
echo "input: one game of $plies plies between two short games ($(stat -c %s "$pgn") bytes)"
measure stats --threads 1
measure find --count --threads 1 --where 'ply > 0'
measure analyze --format jsonl --threads 1
measure analyze --format jsonl --threads 2
measure analyze --format csv --threads 2
