# Helpers for the side-by-side benchmark scripts (sourced, not run): CPU time of one
# command, medians, and the chess-library peer programs built from ../shared/peers
# ($SHARED instead of ../shared when set, e.g. from a git worktree elsewhere).
# On a shared machine, run the programs in turns (A B A B ...) and quote medians of CPU
# time (user + sys: time spent waiting for a core is not counted).

# cpu_seconds COMMAND...: user + sys seconds of the command (output discarded; exit status
# ignored).
cpu_seconds() {
  local TIMEFORMAT='%3U %3S' t
  t=$({ time "$@" >/dev/null 2>&1; } 2>&1 || true)
  echo "$t" | awk '{ printf "%.3f\n", $1 + $2 }'
}

# median NUMBER...: the median (the mean of the two middle ones for an even count).
median() {
  printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# times_in_turns RUNS FILE: RUNS rounds of `run_command I FILE` for every index I of the
# caller's `names` array, the programs in turns; fills the global associative array `times`
# (I -> " seconds seconds ...", CPU seconds of each run) for median and the spread.
times_in_turns() {
  local round i
  declare -gA times=()
  for ((round = 0; round < $1; round++)); do
    for i in "${!names[@]}"; do
      times[$i]+=" $(cpu_seconds run_command "$i" "$2")"
    done
  done
}

# build_chess_library_peers OUTDIR: builds cl_perft and cl_replay from ../shared/peers into
# OUTDIR (once: kept while newer than their sources); returns 1 when the peers are absent.
build_chess_library_peers() {
  local out=$1 peers
  peers="${SHARED:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/../shared}/peers"
  [[ -f $peers/build.sh && -f $peers/chess-library/chess.hpp ]] || return 1
  if [[ ! -x $out/cl_perft || ! -x $out/cl_replay || $peers/cl_perft.cpp -nt $out/cl_perft ||
        $peers/cl_replay.cpp -nt $out/cl_replay || $peers/chess-library/chess.hpp -nt $out/cl_perft ]]; then
    echo "building chess-library's peer programs into $out" >&2
    bash "$peers/build.sh" "$out" >&2
  fi
}
