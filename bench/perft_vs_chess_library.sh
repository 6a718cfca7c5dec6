#!/usr/bin/env bash
# Times `pawnkit perft` against Disservin's chess-library (MIT; its perft driver in
# ../shared/peers, built here with the library's own flags) on the start position at depth
# 6 and Kiwipete at depth 5: the two in turns, RUNS times each (default 5), median CPU
# seconds, node counts checked, Mnodes/s and the ratio pawnkit/chess-library (below 1.0:
# pawnkit is faster). Skips (exit 0) when ../shared/peers is absent.
#
# usage: bench/perft_vs_chess_library.sh [path/to/pawnkit]   (default: build/pawnkit)
#        RUNS=9 bench/perft_vs_chess_library.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/bench/side_by_side.sh"
pawnkit=${1:-$root/build/pawnkit}
if [[ ! -x $pawnkit ]]; then
  echo "perft_vs_chess_library: $pawnkit not found; build first (cmake --build build)" >&2
  exit 1
fi
peers_bin=$root/build/peers
if ! build_chess_library_peers "$peers_bin"; then
  echo "perft_vs_chess_library: skipped, ../shared/peers (chess-library) is absent"
  exit 0
fi
runs=${RUNS:-5}

start="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

echo "median CPU seconds (user + sys) of $runs runs each, the programs in turns; chess-library: $peers_bin/cl_perft"
printf '%-10s %5s %11s %9s %9s %9s %9s %7s\n' position depth nodes pawnkit "Mnodes/s" chesslib "Mnodes/s" ratio
status=0 total_pk=0 total_cl=0
while IFS='|' read -r name depth fen; do
  pk_nodes=$("$pawnkit" perft "$depth" "$fen" | sed -n 's/^Nodes searched: //p')
  cl_nodes=$("$peers_bin/cl_perft" "$fen" "$depth" | sed -n 's/^Nodes searched: //p')
  if [[ $pk_nodes != "$cl_nodes" ]]; then
    echo "MISMATCH $name depth $depth: pawnkit $pk_nodes, chess-library $cl_nodes" >&2
    status=1
  fi
  pk=() cl=()
  for _ in $(seq "$runs"); do
    pk+=("$(cpu_seconds "$pawnkit" perft "$depth" "$fen")")
    cl+=("$(cpu_seconds "$peers_bin/cl_perft" "$fen" "$depth")")
  done
  pk_t=$(median "${pk[@]}") cl_t=$(median "${cl[@]}")
  printf '%-10s %5s %11s %8.3fs %9.0f %8.3fs %9.0f %7.3f\n' "$name" "$depth" "$pk_nodes" \
    "$pk_t" "$(echo "$pk_nodes / $pk_t / 1000000" | bc -l)" \
    "$cl_t" "$(echo "$pk_nodes / $cl_t / 1000000" | bc -l)" "$(echo "$pk_t / $cl_t" | bc -l)"
  total_pk=$(echo "$total_pk + $pk_t" | bc -l)
  total_cl=$(echo "$total_cl + $cl_t" | bc -l)
done <<EOT
start|6|$start
kiwipete|5|$kiwipete
EOT
printf '%-10s %5s %11s %8.3fs %9s %8.3fs %9s %7.3f\n' total "" "" "$total_pk" "" "$total_cl" "" \
  "$(echo "$total_pk / $total_cl" | bc -l)"
[[ $status -eq 0 ]] && echo "node counts agree" || echo "node counts DIFFER"
exit $status
