#!/usr/bin/env bash
# Builds the fuzz targets with clang (build-fuzz/) and runs each for SECONDS (default 60),
# one after the other, keeping the grown corpus in build-fuzz/fuzz/corpus-work/.
#   fuzz/run.sh 600            # ten minutes each
#   fuzz/run.sh 60 fen san     # only some targets
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
bash scripts/setup.sh
CXX=clang++ cmake -S . -B build-fuzz -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPAWNKIT_FUZZ=ON \
  -DPAWNKIT_TESTS=OFF -DPAWNKIT_BENCH=OFF -DPAWNKIT_CLI=OFF -DPAWNKIT_INSTALL=OFF \
  -DPAWNKIT_FUZZ_SECONDS="$seconds" >/dev/null
cmake --build build-fuzz -j "$(nproc)" --target fuzz_targets
filter=""
[ $# -gt 0 ] && filter="fuzz\\.($(IFS='|'; echo "$*"))\$"
ctest --test-dir build-fuzz -L fuzz ${filter:+-R "$filter"} --output-on-failure -j "$(nproc)"
