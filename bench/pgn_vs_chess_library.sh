#!/usr/bin/env bash
# PGN work against the fastest C++ chess library we know: Disservin's chess-library (MIT;
# its replay driver in ../shared/peers, built here with the library's own flags) replays
# every main-line move (parse the SAN, make the move); pawnkit does the same bare replay
# (`find --games --count --where true`), then its real work: `stats`, `analyze --format
# jsonl` and `find --count` with a typical query, all on one thread. The programs run in
# turns, RUNS times each (default 5); each row gives the median CPU seconds (user + sys),
# positions/s and MB/s and the ratio to chess-library's replay time (below 1.0: faster).
# Inputs: the shared Lichess and Magnus games (../shared/data); skips (exit 0) when the
# peers or the data are absent.
#
# usage: bench/pgn_vs_chess_library.sh [path/to/pawnkit [PGN...]]   (default: build/pawnkit,
#        the shared games)
#        RUNS=9 SHARED=/path/to/shared bench/pgn_vs_chess_library.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/bench/side_by_side.sh"
pawnkit=${1:-$root/build/pawnkit}
if [[ ! -x $pawnkit ]]; then
  echo "pgn_vs_chess_library: $pawnkit not found; build first (cmake --build build)" >&2
  exit 1
fi
shared=${SHARED:-$root/../shared}
peers_bin=$root/build/peers
if ! build_chess_library_peers "$peers_bin"; then
  echo "pgn_vs_chess_library: skipped, $shared/peers (chess-library) is absent"
  exit 0
fi
runs=${RUNS:-5}
query='count(white.isolated) >= 2'

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
inputs=("${@:2}")
if [[ ${#inputs[@]} -eq 0 ]]; then
  [[ ! -f $shared/data/lichess_db_1000k.pgn ]] || inputs+=("$shared/data/lichess_db_1000k.pgn")
  if [[ -f $shared/data/lichess_magnus_games.pgn.zst ]] && command -v zstd >/dev/null; then
    # Decompressed first: chess-library reads plain PGN.
    zstd -dcq "$shared/data/lichess_magnus_games.pgn.zst" >"$work/lichess_magnus_games.pgn"
    inputs+=("$work/lichess_magnus_games.pgn")
  fi
fi
if [[ ${#inputs[@]} -eq 0 ]]; then
  echo "pgn_vs_chess_library: skipped, no shared games in $shared/data"
  exit 0
fi

names=("chess-library replay" "pawnkit bare replay" "pawnkit stats" "pawnkit analyze jsonl"
  "pawnkit find --count")
# run_command I FILE: the I-th command of `names` on FILE.
run_command() {
  case $1 in
    0) "$peers_bin/cl_replay" "$2" ;;
    1) "$pawnkit" find --games --count --threads 1 --where true "$2" ;;
    2) "$pawnkit" stats --threads 1 "$2" ;;
    3) "$pawnkit" analyze --format jsonl --threads 1 "$2" ;;
    4) "$pawnkit" find --count --threads 1 --where "$query" "$2" ;;
  esac
}

echo "median CPU seconds (user + sys) of $runs runs each, the programs in turns, one thread"
echo "find query: $query"
for file in "${inputs[@]}"; do
  bytes=$(stat -c %s "$file")
  positions=$("$peers_bin/cl_replay" "$file" 2>/dev/null | sed -n 's/^games [0-9]* positions //p')
  echo
  echo "$(basename "$file"): $bytes bytes, $positions positions (chess-library's count)"
  times_in_turns "$runs" "$file"
  printf '%-24s %9s %14s %9s %7s\n' command seconds positions/s MB/s ratio
  base=""
  for i in "${!names[@]}"; do
    # shellcheck disable=SC2086
    t=$(median ${times[$i]})
    [[ -n $base ]] || base=$t
    printf '%-24s %8.3fs %14.0f %9.1f %7.2f\n' "${names[$i]}" "$t" \
      "$(echo "$positions / $t" | bc -l)" "$(echo "$bytes / $t / 1000000" | bc -l)" \
      "$(echo "$t / $base" | bc -l)"
  done
  unset times
done
