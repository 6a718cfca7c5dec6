#!/usr/bin/env bash
# Times `pawnkit perft` against Gigantua (github.com/Gigantua/Gigantua, the fastest
# published perft; a peer for measuring only, built outside this repository) on the start
# position at depth 6 and Kiwipete at depth 5, the positions and depths of
# bench/perft_vs_stockfish.sh: the two programs in turns, RUNS rounds (default 3), each
# round's ratio pawnkit/Gigantua (below 1.0: pawnkit is faster) and their spread.
#
# usage: GIGANTUA_DIR=DIR bench/perft_vs_gigantua.sh [path/to/pawnkit]  (default: build/pawnkit)
#   DIR is Gigantua's source (the repository or its Gigantua/ folder) or a built binary.
#   A source is built once into build/peers/gigantua with the flags of its
#   Compile_linux.bat (g++ -O3 -march=native -std=c++20); the published snapshots lack its
#   Movemap.hpp, so bench/gigantua_shim/Movemap.hpp stands in (PEXT lookups, what
#   Gigantua selects as its fastest) when the source has none.
# Skips (exit 0) when GIGANTUA_DIR is not set.
#
# Times are CPU seconds (user + sys) of whole processes, start-up included; the start-up
# (a depth-1 run) is shown too. Gigantua is run as `Gigantua FEN DEPTH EXPECTED` with
# pawnkit's node count as EXPECTED: it exits 0 only when its count is the same, so every
# timed run checks the counts; both counts are printed once from each program's output.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/bench/side_by_side.sh"
pawnkit=${1:-$root/build/pawnkit}
if [[ ! -x $pawnkit ]]; then
  echo "perft_vs_gigantua: $pawnkit not found; build first (cmake --build build)" >&2
  exit 1
fi
if [[ -z ${GIGANTUA_DIR:-} ]]; then
  echo "perft_vs_gigantua: skipped, GIGANTUA_DIR is not set (Gigantua's source or binary)"
  exit 0
fi
runs=${RUNS:-3}

# gigantua_binary: the path of a runnable Gigantua, built from GIGANTUA_DIR if needed.
gigantua_binary() {
  if [[ -f $GIGANTUA_DIR && -x $GIGANTUA_DIR ]]; then
    echo "$GIGANTUA_DIR"
    return
  fi
  local src=$GIGANTUA_DIR
  [[ -f $src/Gigantua.cpp ]] || src=$src/Gigantua
  if [[ ! -f $src/Gigantua.cpp ]]; then
    echo "perft_vs_gigantua: no Gigantua.cpp in $GIGANTUA_DIR" >&2
    return 1
  fi
  local out=$root/build/peers/gigantua include=()
  if [[ ! -f $src/Movemap.hpp ]]; then
    include=(-I "$root/bench/gigantua_shim")
    echo "perft_vs_gigantua: $src has no Movemap.hpp; using bench/gigantua_shim/Movemap.hpp" >&2
  fi
  local newest
  newest=$(ls -t "$src"/*.hpp "$src"/*.cpp "$root/bench/gigantua_shim/Movemap.hpp" | head -1)
  if [[ ! -x $out || $newest -nt $out ]]; then
    mkdir -p "$(dirname "$out")"
    echo "perft_vs_gigantua: building Gigantua into $out (g++ -O3 -march=native; several minutes)" >&2
    g++ -std=c++20 -O3 -march=native -fomit-frame-pointer -foptimize-sibling-calls \
      "${include[@]}" -o "$out" "$src/Gigantua.cpp" >&2
  fi
  echo "$out"
}
gigantua=$(gigantua_binary)

perft_pawnkit() { "$pawnkit" perft "$1" "$2"; }
# Gigantua with an expected count runs that depth alone and exits 0 when the count matches.
perft_gigantua() { "$gigantua" "$2" "$1" "$3" </dev/null; }
# Its two-argument form prints every depth up to DEPTH (and waits for a key: no input).
gigantua_nodes() { "$gigantua" "$2" "$1" </dev/null | sed -n "s/^Perft $1: \([0-9]*\) .*/\1/p"; }
pawnkit_nodes() { perft_pawnkit "$1" "$2" | sed -n 's/^Nodes searched: //p'; }

start="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
kiwipete="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
names=(start kiwipete) depths=(6 5) fens=("$start" "$kiwipete")

echo "pawnkit: $pawnkit; Gigantua: $gigantua"
echo "load before: $(uptime)"
status=0
counts=()
for i in "${!names[@]}"; do
  pk=$(pawnkit_nodes "${depths[i]}" "${fens[i]}")
  gg=$(gigantua_nodes "${depths[i]}" "${fens[i]}")
  printf '%-9s depth %s: pawnkit %s nodes, Gigantua %s nodes\n' "${names[i]}" "${depths[i]}" "$pk" "$gg"
  if [[ $pk != "$gg" ]]; then
    echo "MISMATCH ${names[i]} depth ${depths[i]}" >&2
    status=1
  fi
  counts+=("$pk")
done

# timed_gigantua DEPTH FEN EXPECTED: CPU seconds; fails the script when the count differs.
timed_gigantua() {
  local TIMEFORMAT='%3U %3S' t
  if ! t=$({ time perft_gigantua "$@" >/dev/null 2>&1; } 2>&1); then
    echo "MISMATCH: Gigantua's count at depth $1 is not $3" >&2
    exit 1
  fi
  echo "$t" | awk '{ printf "%.3f\n", $1 + $2 }'
}

pk_up=() gg_up=()
for _ in $(seq "$runs"); do
  pk_up+=("$(cpu_seconds perft_pawnkit 1 "$start")")
  gg_up+=("$(cpu_seconds perft_gigantua 1 "$start" 20)")
done
printf 'start-up (depth 1): pawnkit %s s, Gigantua %s s (medians of %s)\n' \
  "$(median "${pk_up[@]}")" "$(median "${gg_up[@]}")" "$runs"

printf '%-5s %-9s %9s %9s %9s %-9s %9s %9s %7s\n' round position pawnkit Gigantua ratio \
  position pawnkit Gigantua total
ratios=()
for round in $(seq "$runs"); do
  line=$(printf '%-5s' "$round") total_pk=0 total_gg=0
  for i in "${!names[@]}"; do
    pk=$(cpu_seconds perft_pawnkit "${depths[i]}" "${fens[i]}")
    gg=$(timed_gigantua "${depths[i]}" "${fens[i]}" "${counts[i]}")
    line+=$(printf ' %-9s %8.3fs %8.3fs %9.3f' "${names[i]}" "$pk" "$gg" "$(echo "$pk / $gg" | bc -l)")
    total_pk=$(echo "$total_pk + $pk" | bc -l)
    total_gg=$(echo "$total_gg + $gg" | bc -l)
  done
  ratio=$(echo "$total_pk / $total_gg" | bc -l)
  ratios+=("$ratio")
  printf '%s %7.3f\n' "$line" "$ratio"
done
sorted=$(printf '%s\n' "${ratios[@]}" | sort -g)
printf 'total pawnkit/Gigantua over %s rounds: %.3f to %.3f (median %.3f)\n' "$runs" \
  "$(echo "$sorted" | head -1)" "$(echo "$sorted" | tail -1)" "$(median "${ratios[@]}")"
echo "load after: $(uptime)"
[[ $status -eq 0 ]] && echo "node counts agree" || echo "node counts DIFFER"
exit $status
