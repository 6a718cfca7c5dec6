#!/usr/bin/env bash
# Prints one checksum per output of a pawnkit binary on the bundled and shared data, so
# that a refactoring can show "byte-identical output" by comparing two runs:
#   scripts/fingerprint.sh build/pawnkit > after.txt
#   diff before.txt after.txt
# Standard error and the exit status are part of each checksum.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-build/pawnkit}")
shared=../shared/data
inputs=(data/sample.pgn data/structures.epd)
for f in "$shared"/lichess_db_1000k.pgn "$shared"/lichess_magnus_games.pgn.zst \
         "$shared"/fischer.epd "$shared"/win_at_chess_test.epd "$shared"/bratko_kopec_test.epd; do
  [ -f "$f" ] && inputs+=("$f")
done
sum() { # name, command...: checksum of stdout, stderr and exit status
  local name=$1; shift
  local out err rc
  out=$("$@" 2>/tmp/fingerprint.$$ | md5sum | cut -c1-32); rc=$?
  err=$(md5sum < /tmp/fingerprint.$$ | cut -c1-32)
  "$@" >/dev/null 2>&1; rc=$?
  printf '%-60s out %s err %s rc %s\n' "$name" "$out" "$err" "$rc"
}
for f in "${inputs[@]}"; do
  n=$(basename "$f")
  sum "analyze jsonl $n" "$bin" analyze --format jsonl "$f"
  sum "analyze csv $n" "$bin" analyze --format csv "$f"
  case "$f" in
    *.epd) sum "analyze table $n" "$bin" analyze "$f" ;;
    *) sum "stats json $n" "$bin" stats --format json "$f"
       sum "stats table $n" "$bin" stats "$f"
       sum "find games iqp $n" "$bin" find --games --min-plies 6 --where 'black.hanging != {}' "$f"
       sum "find count $n" "$bin" find --count --where 'count(white.isolated) >= 2 and ply >= 20' "$f"
       sum "timeline table $n" "$bin" timeline "$f"
       sum "timeline jsonl $n" "$bin" timeline --format jsonl --min-plies 4 --tags White,Black "$f"
       sum "pawn-eval jsonl $n" "$bin" pawn-eval --format jsonl "$f"
       sum "tune json $n" "$bin" tune --format json --iterations 30 --threads 1 "$f" ;;
  esac
  case "$f" in
    *.epd) sum "pawn-eval table $n" "$bin" pawn-eval "$f"
           sum "pawn-eval trace $n" "$bin" pawn-eval --trace "$f" ;;
  esac
  sum "find positions $n" "$bin" find --where 'd4 in white.isolated or count(black.passed) >= 2' "$f"
done
sum "show patterns" "$bin" show "rnr3k1/4qpp1/p3b2p/1Bpp4/8/Q3PN2/PP3PPP/2R1K2R w K - 0 16" --pattern hanging,isolated,passed
sum "show svg" "$bin" show "r1bq1rk1/pp2bppp/2n1p3/3n4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10" --svg -
sum "perft 3 kiwipete" "$bin" perft 3 "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
sum "tune text sample" "$bin" tune --iterations 50 --report --bootstrap 3 --threads 1 data/sample.pgn
sum "pawn-eval trace csv sample" "$bin" pawn-eval --trace --format csv data/sample.pgn
sum "structures" "$bin" structures
sum "structures carlsbad" "$bin" structures carlsbad
sum "similar table" "$bin" similar --to "r1bq1rk1/pp2bppp/2n1p3/3n4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10" --threads 1 data/sample.pgn
sum "similar games" "$bin" similar --to "r1bq1rk1/pp2bppp/2n1p3/3n4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10" --games --annotate isolated --top 3 --threads 1 data/sample.pgn
sim_svg=$(mktemp -d)
"$bin" similar --to "r1bq1rk1/pp2bppp/2n1p3/3n4/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10" --top 3 --svg "$sim_svg" --threads 1 data/sample.pgn >/dev/null 2>&1
sum "similar svg files" cat "$sim_svg"/*
rm -rf "$sim_svg"
sum "bad option" "$bin" analyze --threads 0 data/sample.pgn
sum "bad query" "$bin" find --where 'white.isolatd' data/sample.pgn
sum "bad fen" "$bin" show "8/8/8/8/8/8/8/8 w - - 0 1"
rm -f /tmp/fingerprint.$$
