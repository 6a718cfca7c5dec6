#!/usr/bin/env bash
# The structure index (pawnkit index add, explore) measured side by side in one run:
#   - build: `index add --threads 1` against `stats --threads 1` on the same file (goal <= 2x);
#   - size: the index's bytes against the zstd-compressed PGN (goal <= 2x);
#   - queries through `explore -` (one process): the mean per query (goal <= 1 ms) and the
#     99th percentile of one-at-a-time round trips (goal < 10 ms on >= 1M games);
# for the real games of SOURCE and for files of N games made by replicating them with
# distinct Site tags (each copy's games are distinct games to the index), 10k to 1M.
# Replicated games repeat the same placements, so those indexes are smaller per game than
# an index of as many real games: the size goal is judged on the real games.
#
# usage: bench/explorer_bench.sh [SOURCE.pgn|.pgn.zst] [N...]
#   default: the shared Magnus games (else data/sample.pgn), N = 10000 100000 1000000;
#   the shared lichess_db_1000k.pgn (PAWNKIT_BENCH_SECOND) is measured too, when present
#   PAWNKIT_BENCH_DIR: where the files and indexes go (default /tmp/pawnkit_explorer_bench)
set -eu  # no pipefail: awk stops reading the copies early (SIGPIPE upstream is expected)
cd "$(dirname "$0")/.."
source bench/side_by_side.sh  # cpu_seconds, median
source=${1:-../shared/data/lichess_magnus_games.pgn.zst}
[ -f "$source" ] || source=data/sample.pgn
[ $# -gt 0 ] && shift
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000 1000000)
work=${PAWNKIT_BENCH_DIR:-/tmp/pawnkit_explorer_bench}
cli=${PAWNKIT_CLI:-$PWD/build/pawnkit}  # PAWNKIT_CLI: another build (before/after)
[ -x "$cli" ] || bash scripts/build.sh --target pawnkit_cli >/dev/null
mkdir -p "$work"

cat_source() { case $source in *.zst) zstd -dc "$source" ;; *) cat "$source" ;; esac; }
source_games=$(cat_source | grep -c '^\[Event ')

# make_file N FILE: N games, copies of the source with "#copy" appended to each Site.
make_file() {
  local n=$1 file=$2 copies=$(((n + source_games - 1) / source_games))
  [ -f "$file" ] && return
  for c in $(seq 0 $((copies - 1))); do
    cat_source | awk -v c="$c" '/^\[Site "/ { sub(/"\]/, "#" c "\"]") } { print }'
  done | awk -v n="$n" '/^\[Event / { g++ } g > n { exit } { print }' |
    zstd -q -3 -T2 -f -o "$file"
}

# The query FENs: every position of the source's first 300 games, shuffled, 5000 of them.
fens=$work/fens.txt
if [ ! -f "$fens" ]; then
  cat_source | awk '/^\[Event / { g++ } g > 300 { exit } { print }' >"$work/head.pgn"
  "$cli" analyze --format jsonl "$work/head.pgn" 2>/dev/null | python3 -c '
import json, random, sys
fens = [json.loads(line)["fen"] for line in sys.stdin]
random.seed(1)
random.shuffle(fens)
print("\n".join(fens[:5000]))' >"$fens"
fi

# paired_cpu A B [PREPARE]: runs A and B in turn (a warm-up pair, then A B A B ...); prints
# the median user + system seconds of each and the median of the run-by-run ratios A/B.
# PREPARE runs before each A, untimed (the removal of the index A builds: its CPU time is
# not the build's).
paired_cpu() {
  local a b as=() bs=() rs=() i prepare=${3:-true}
  sh -c "$prepare" >/dev/null 2>&1 || true
  sh -c "$1" >/dev/null 2>&1 || true
  sh -c "$2" >/dev/null 2>&1 || true
  for ((i = 0; i < runs; i++)); do
    sh -c "$prepare" >/dev/null 2>&1 || true
    a=$(cpu_seconds sh -c "$1")
    b=$(cpu_seconds sh -c "$2")
    as+=("$a") bs+=("$b")
    rs+=("$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }')")
  done
  echo "$(median "${as[@]}") $(median "${bs[@]}") $(median "${rs[@]}")"
}

echo "source: $source ($source_games games); $(uptime | sed 's/.*load/load/')"
printf "%-22s %9s %9s %9s %6s %11s %11s %6s  %s\n" "input" "games" "index s" "stats s" \
  "ratio" "index MB" "zstd MB" "ratio" "queries (explore -)"
run_one() {
  local name=$1 file=$2 db=$work/db-$1
  runs=$3
  local t_index t_stats ratio
  read -r t_index t_stats ratio <<<"$(paired_cpu "exec '$cli' index add --threads 1 '$db' '$file' >/dev/null 2>&1" \
    "exec '$cli' stats --threads 1 '$file' >/dev/null 2>&1" "rm -rf '$db'")"
  rm -rf "$db"
  "$cli" index add --threads 1 "$db" "$file" >/dev/null 2>&1 || true
  local info games bytes zbytes
  info=$("$cli" index info --format json "$db")
  games=$(echo "$info" | python3 -c 'import json,sys; print(json.load(sys.stdin)["games"])')
  bytes=$(echo "$info" | python3 -c 'import json,sys; print(json.load(sys.stdin)["bytes"])')
  case $file in
    *.zst) zbytes=$(zstd -dc "$file" | zstd -q -3 -T2 -c | wc -c) ;;
    *) zbytes=$(zstd -q -3 -T2 -c "$file" | wc -c) ;;
  esac
  local queries
  queries=$(python3 bench/explore_latency.py "$cli" "$db" "$fens")
  printf "%-22s %9s %9.2f %9.2f %6.2f %11.1f %11.1f %6.2f  %s\n" "$name" "$games" "$t_index" \
    "$t_stats" "$ratio" "$(echo "$bytes / 1000000" | bc -l)" \
    "$(echo "$zbytes / 1000000" | bc -l)" "$(echo "$bytes / $zbytes" | bc -l)" "$queries"
}

run_one real "$source" 5
# A second file of real games, none of them replicated (438 games: the fixed cost of
# creating an index shows there).
second=${PAWNKIT_BENCH_SECOND:-../shared/data/lichess_db_1000k.pgn}
[ -f "$second" ] && run_one real-2 "$second" 9
# A comment-heavy file as Lichess writes it (every move with its [%eval] and [%clk]), of
# 30,000 distinct games (3 copies of the first 10,000 with distinct Site tags): reading
# weighs more there, the index's work per game the same.
heavy=$work/heavy-30000.pgn
if [ ! -f "$heavy" ]; then
  for c in 0 1 2; do
    cat_source | awk -v c="$c" '/^\[Site "/ { sub(/"\]/, "#h" c "\"]") } { print }'
  done | python3 bench/make_heavy_pgn.py comments --games 30000 >"$heavy"
fi
run_one heavy-30k "$heavy" 3
# A tag-heavy file as master-game databases write it (some thirty tags a game, the
# movetext without comments), 30,000 distinct games (the source's games in turn, each with
# its own FideId tags): reading weighs less there, the content hash and the records more.
heavy_tags=$work/heavy-tags-30000.pgn
[ -f "$heavy_tags" ] || cat_source | python3 bench/make_heavy_pgn.py tags --games 30000 >"$heavy_tags"
run_one heavy-tags-30k "$heavy_tags" 3
# The real games once more without their comments (their own tags, no [%clk] or [%eval]):
# the densest PGN, so the index's size against it is at its largest.
plain=$work/plain-10000.pgn
[ -f "$plain" ] || cat_source | python3 bench/make_heavy_pgn.py plain --games 10000 >"$plain"
run_one plain-10k "$plain" 3
for n in "${sizes[@]}"; do
  file=$work/games-$n.pgn.zst
  make_file "$n" "$file"
  runs=3
  [ "$n" -ge 100000 ] && runs=1
  run_one "replicated-$n" "$file" "$runs"
done
echo "index s, stats s: median CPU seconds (user + system, every thread) of runs in turns,"
echo "the two commands in turn; ratio: the median of the run-by-run ratios;"
echo "zstd MB: the PGN compressed with zstd -3; queries: bench/explore_latency.py"
