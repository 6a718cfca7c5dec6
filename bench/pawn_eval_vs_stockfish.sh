#!/usr/bin/env bash
# Compares `pawnkit pawn-eval` with Stockfish 15.1's classical `eval` trace ("Pawns" row)
# on every distinct position of the bundled games and, when ../shared/data is present,
# of the shared lichess and Magnus Carlsen games; prints the count compared and every
# disagreement (expected: none). The unit test tests/scripts/pawn_eval_vs_stockfish.py
# does the same on fewer games.
#
# Usage: bench/pawn_eval_vs_stockfish.sh [path/to/pawnkit] [PGN...]   (default: build/pawnkit)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
pawnkit=${1:-$root/build/pawnkit}
shift || true
if [[ ! -x $pawnkit ]]; then
  echo "pawn_eval_vs_stockfish: $pawnkit not found; build first (cmake --build build)" >&2
  exit 1
fi
if [[ ! -x /usr/games/stockfish ]] && ! command -v stockfish >/dev/null; then
  echo "pawn_eval_vs_stockfish: installing stockfish with apt-get" >&2
  if [[ $(id -u) -eq 0 ]]; then apt-get install -y stockfish >&2; else sudo apt-get install -y stockfish >&2; fi
fi

inputs=("$@")
if [[ ${#inputs[@]} -eq 0 ]]; then
  inputs=("$root/data/sample.pgn")
  for shared in "$root/../shared/data/lichess_db_1000k.pgn" "$root/../shared/data/lichess_magnus_games.pgn.zst"; do
    [[ -f $shared ]] && inputs+=("$shared")
  done
fi

stockfish=/usr/games/stockfish
[[ -x $stockfish ]] || stockfish=$(command -v stockfish)
exec /usr/bin/python3 "$root/tests/scripts/pawn_eval_vs_stockfish.py" --cli "$pawnkit" \
  --source "$root" --stockfish "$stockfish" --jobs "$(nproc)" "${inputs[@]}"
