#!/usr/bin/env bash
# Times `pawnkit perft` against Stockfish's `go perft` (one thread) on the start position
# at depth 6 and Kiwipete at depth 5, checks that the node counts agree, and prints both
# times and the ratio pawnkit/Stockfish (<= 1.0 means pawnkit is at least as fast).
#
# Usage: bench/perft_vs_stockfish.sh [path/to/pawnkit]   (default: build/pawnkit)
#        RUNS=9 bench/perft_vs_stockfish.sh               (runs of each, default 5)
# Times are the median CPU seconds (user + sys) of whole processes, start-up included, the
# two programs run in turns; the start-up of each program (a depth-1 run: Stockfish loads
# its network) is also shown, and the ratio is given with it subtracted too.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/bench/side_by_side.sh"
pawnkit=${1:-$root/build/pawnkit}
if [[ ! -x $pawnkit ]]; then
  echo "perft_vs_stockfish: $pawnkit not found; build first (cmake --build build)" >&2
  exit 1
fi
runs=${RUNS:-5}

stockfish=""
for candidate in /usr/games/stockfish "$(command -v stockfish || true)"; do
  if [[ -n $candidate && -x $candidate ]]; then stockfish=$candidate; break; fi
done
if [[ -z $stockfish ]]; then
  echo "perft_vs_stockfish: installing stockfish with apt-get" >&2
  if [[ $(id -u) -eq 0 ]]; then apt-get install -y stockfish >&2; else sudo apt-get install -y stockfish >&2; fi
  stockfish=/usr/games/stockfish
fi

# perft_pawnkit DEPTH FEN / perft_stockfish DEPTH FEN: the program's perft output.
perft_pawnkit() { "$pawnkit" perft "$1" "$2"; }
perft_stockfish() {
  printf 'setoption name Threads value 1\nposition fen %s\ngo perft %s\nquit\n' "$2" "$1" |
    "$stockfish"
}
nodes() { sed -n 's/^Nodes searched: //p'; }
# median_pair DEPTH FEN: "<pawnkit seconds> <stockfish seconds>", medians of runs in turns.
median_pair() {
  local pk=() sf=()
  for _ in $(seq "$runs"); do
    pk+=("$(cpu_seconds perft_pawnkit "$1" "$2")")
    sf+=("$(cpu_seconds perft_stockfish "$1" "$2")")
  done
  echo "$(median "${pk[@]}") $(median "${sf[@]}")"
}

start="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

read -r pk_startup sf_startup < <(median_pair 1 "$start")
printf 'start-up (depth 1): pawnkit %.3f s, stockfish %.3f s (%s); median CPU seconds of %s runs in turns\n' \
  "$pk_startup" "$sf_startup" "$stockfish" "$runs"
printf '%-12s %5s %12s %10s %10s %8s %14s\n' position depth nodes pawnkit stockfish ratio "ratio-startup"

status=0
total_pk=0 total_sf=0
while IFS='|' read -r name depth fen; do
  pk_nodes=$(perft_pawnkit "$depth" "$fen" | nodes)
  sf_nodes=$(perft_stockfish "$depth" "$fen" | nodes)
  read -r pk_time sf_time < <(median_pair "$depth" "$fen")
  if [[ $pk_nodes != "$sf_nodes" ]]; then
    echo "MISMATCH $name depth $depth: pawnkit $pk_nodes, stockfish $sf_nodes" >&2
    status=1
  fi
  ratio=$(echo "$pk_time / $sf_time" | bc -l)
  net=$(echo "($pk_time - $pk_startup) / ($sf_time - $sf_startup)" | bc -l)
  printf '%-12s %5s %12s %9.3fs %9.3fs %8.3f %14.3f\n' "$name" "$depth" "$pk_nodes" "$pk_time" "$sf_time" "$ratio" "$net"
  total_pk=$(echo "$total_pk + $pk_time" | bc -l)
  total_sf=$(echo "$total_sf + $sf_time" | bc -l)
done <<EOT
start|6|$start
kiwipete|5|$kiwipete
EOT
printf '%-12s %5s %12s %9.3fs %9.3fs %8.3f\n' total "" "" "$total_pk" "$total_sf" "$(echo "$total_pk / $total_sf" | bc -l)"
[[ $status -eq 0 ]] && echo "node counts agree" || echo "node counts DIFFER"
exit $status
