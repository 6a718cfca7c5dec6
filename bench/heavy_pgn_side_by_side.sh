#!/usr/bin/env bash
# Issue 31's two test files, side by side in one run: the comment-heavy file (a Lichess
# `{ [%eval 0.3] [%clk 0:01:00] }` comment on every move) and the tag-heavy one (master-game
# tag sections of some thirty tags), both built by bench/make_heavy_pgn.py from the shared
# Magnus games (at least GAMES games, default 30000). On each, in turns, RUNS times
# (default 5): chess-library's bare replay (../shared/peers), `pawnkit stats --threads 1`
# and pgn-extract (-Wepd to /dev/null). Each row gives the median CPU seconds (user + sys)
# and the ratio to chess-library's replay (goal: stats <= 1.0) and pgn-extract's time over
# stats' (goal: >= 10). Skips (exit 0) when the shared games or the peers are absent.
#
# usage: bench/heavy_pgn_side_by_side.sh [path/to/pawnkit]   (default: build/pawnkit)
#        RUNS=9 GAMES=40000 KEEP=/tmp/heavy bench/heavy_pgn_side_by_side.sh
#        (KEEP: a folder where the built files are kept and reused)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
source "$root/bench/side_by_side.sh"
pawnkit=${1:-$root/build/pawnkit}
[[ -x $pawnkit ]] || { echo "heavy_pgn_side_by_side: $pawnkit not found; build first" >&2; exit 1; }
shared=${SHARED:-$root/../shared}
magnus=$shared/data/lichess_magnus_games.pgn.zst
if [[ ! -f $magnus ]] || ! command -v zstd >/dev/null; then
  echo "heavy_pgn_side_by_side: skipped, $magnus (or zstd) is absent"
  exit 0
fi
peers_bin=$root/build/peers
if ! build_chess_library_peers "$peers_bin"; then
  echo "heavy_pgn_side_by_side: skipped, $shared/peers (chess-library) is absent"
  exit 0
fi
extract=/usr/games/pgn-extract
if [[ ! -x $extract ]] || ! command -v bc >/dev/null; then
  echo "installing pgn-extract and bc" >&2
  sudo=$([ "$(id -u)" -eq 0 ] || echo sudo)
  $sudo apt-get update -qq && $sudo apt-get install -y -qq pgn-extract bc >/dev/null
fi
runs=${RUNS:-5}
games=${GAMES:-30000}
if [[ -n ${KEEP:-} ]]; then
  work=$KEEP
  mkdir -p "$work"
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi
for kind in comments tags; do
  file=$work/$kind-$games.pgn
  [[ -s $file ]] || zstd -dcq "$magnus" | python3 "$root/bench/make_heavy_pgn.py" "$kind" \
    --games "$games" >"$file"
done

names=("chess-library replay" "pawnkit stats --threads 1" "pgn-extract -Wepd")
run_command() {
  case $1 in
    0) "$peers_bin/cl_replay" "$2" ;;
    1) "$pawnkit" stats --threads 1 "$2" ;;
    2) "$extract" -Wepd --quiet -o /dev/null "$2" ;;
  esac
}
echo "median CPU seconds (user + sys) of $runs runs each, the programs in turns; load: $(uptime)"
for kind in comments tags; do
  file=$work/$kind-$games.pgn
  echo
  echo "$kind-heavy: $(stat -c %s "$file") bytes, $("$peers_bin/cl_replay" "$file" 2>/dev/null)"
  times_in_turns "$runs" "$file"
  printf '%-28s %9s %9s %s\n' command seconds ratio "runs (min..max)"
  for i in "${!names[@]}"; do
    # shellcheck disable=SC2086
    t[$i]=$(median ${times[$i]})
    # shellcheck disable=SC2086
    spread=$(printf '%s\n' ${times[$i]} | sort -g | sed -n '1p;$p' | paste -sd' ' | sed 's/ /../')
    printf '%-28s %8.3fs %9.2f %s\n' "${names[$i]}" "${t[$i]}" "$(echo "${t[$i]} / ${t[0]}" | bc -l)" "$spread"
  done
  printf 'pgn-extract / pawnkit stats: %.1fx\n' "$(echo "${t[2]} / ${t[1]}" | bc -l)"
  unset times
done
