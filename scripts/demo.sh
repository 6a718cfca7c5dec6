#!/usr/bin/env bash
# The main job on the bundled sample data: set up, build, and report the pawn structure
# of every bundled position.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh --target pawnkit_cli >/dev/null
echo "== pawnkit analyze data/structures.epd (first positions)"
build/pawnkit analyze data/structures.epd | head -60
echo "..."
echo
echo "== pawnkit show: the hanging pawns of Fischer-Spassky 1972, game 6"
build/pawnkit show "rnr3k1/4qpp1/p3b2p/1Bpp4/8/Q3PN2/PP3PPP/2R1K2R w K - 0 16" --pattern hanging,isolated,passed
