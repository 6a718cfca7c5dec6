#!/usr/bin/env bash
# The main job on the bundled sample data: set up, build, index the bundled games and
# explore a structure from the index, summarize their pawn structure, and report on the
# bundled positions.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh --target pawnkit_cli >/dev/null
echo "== pawnkit index add build/sample-index data/sample.pgn: the structure index of 300 real Lichess games"
# Adding the same games again changes nothing, so the demo can run any number of times.
build/pawnkit index add build/sample-index data/sample.pgn
build/pawnkit index info build/sample-index
echo
echo "== pawnkit explore: White's isolated queen's pawn (any IQP position held by White)"
build/pawnkit explore --index build/sample-index --match structure --games 3 \
  "r1bq1rk1/pp2bppp/2n1pn2/8/3P4/2NB1N2/PP3PPP/R1BQ1RK1 w - - 0 10"
echo
echo "== pawnkit stats data/sample.pgn: 300 real Lichess games"
build/pawnkit stats data/sample.pgn
echo
echo "== pawnkit analyze data/structures.epd (the first of 35 named structures)"
# One record through standard input: "analyze FILE | head" would end analyze early
# (SIGPIPE) once the table outgrows the pipe.
head -n 1 data/structures.epd | build/pawnkit analyze -
echo
echo "== pawnkit show: the hanging pawns of Fischer-Spassky 1972, game 6"
build/pawnkit show "rnr3k1/4qpp1/p3b2p/1Bpp4/8/Q3PN2/PP3PPP/2R1K2R w K - 0 16" --pattern hanging,isolated,passed
