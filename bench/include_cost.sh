#!/usr/bin/env bash
# What a translation unit pays for including one pawnkit header alone: preprocessed lines,
# headers opened (pawnkit's and the standard library's), and the compiler's work to check
# it (the best wall time of a few runs of `g++ -fsyntax-only`, and with INSTR=1 its
# instruction count under callgrind, steadier than seconds on a loaded machine but slow). Give several include directories to compare trees
# side by side in one run (say the load, `uptime`, beside the figures).
#
#   bench/include_cost.sh pawnkit/eval/pawn_eval.hpp /work/main/include include
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: bench/include_cost.sh HEADER INCLUDE_DIR..." >&2
  exit 2
fi
header=$1
shift
cxx=${CXX:-g++}
runs=${RUNS:-5}
tu=$(mktemp --suffix=.cpp)
trap 'rm -f "$tu"' EXIT
echo "#include <$header>" >"$tu"

instructions() {  # instructions of one compile (driver and compiler), "-" unless INSTR=1
  if [ "${INSTR:-0}" != 1 ]; then
    echo -
    return
  fi
  local out
  out=$(mktemp -d)
  valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$out/cg.%p" "$@" \
    >/dev/null 2>&1
  cat "$out"/cg.* | awk '/^summary:/ {n += $2} END {print n}'
  rm -rf "$out"
}

printf '%-32s %10s %8s %10s %12s %9s\n' include_dir lines headers pawnkit G_instr best_s
for dir in "$@"; do
  [ -f "$dir/$header" ] || { printf '%-32s (no %s)\n' "$dir" "$header"; continue; }
  flags=(-std=c++20 -O2 -I "$dir")
  lines=$("$cxx" "${flags[@]}" -E -P "$tu" | grep -cv '^\s*$')
  deps=$("$cxx" "${flags[@]}" -M "$tu" | tr ' \\' '\n\n' | grep -E '\.(h|hpp|tcc)$|/c\+\+/[0-9]+/[a-z_]+$' |
    sort -u)
  headers=$(grep -c . <<<"$deps")
  own=$(grep -c "pawnkit/" <<<"$deps" || true)
  instr=$(instructions "$cxx" "${flags[@]}" -fsyntax-only "$tu")
  [ "$instr" = - ] || instr=$(awk -v i="$instr" 'BEGIN {printf "%.2f", i / 1e9}')
  best=
  for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    "$cxx" "${flags[@]}" -fsyntax-only "$tu"
    t=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.3f", b - a}')
    if [ -z "$best" ] || awk -v t="$t" -v b="$best" 'BEGIN {exit !(t < b)}'; then best=$t; fi
  done
  printf '%-32s %10s %8s %10s %12s %9s\n' "$dir" "$lines" "$headers" "$own" "$instr" "$best"
done
