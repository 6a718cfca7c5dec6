#!/usr/bin/env bash
# First the cheap checks that need no build: the format (.clang-format) and the layers
# (scripts/check_layers.py: no folder of src/ includes one above it). Then builds
# everything and runs the whole default test suite (everything but the "deep" label), then
# the same suite built with AddressSanitizer and UndefinedBehaviorSanitizer, then a short
# run of every fuzz target (PAWNKIT_FUZZ_SECONDS each, default 20).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
echo "== format"
bash scripts/check_format.sh
echo "== layers"
python3 scripts/check_layers.py

bash scripts/build.sh
ctest --test-dir build -LE deep --output-on-failure -j "$jobs"

echo "== the test suite under AddressSanitizer + UndefinedBehaviorSanitizer"
# Line tables are all a sanitizer's report needs; full debug information (-g) made this
# build about as slow again to compile and link. -O1 (the level the sanitizers' own docs
# suggest) compiles the instrumented code about a third faster than -O2, and this build
# is the longest part of CI; the tests run a little slower.
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPAWNKIT_SANITIZE=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1 -DNDEBUG" -DPAWNKIT_BENCH=OFF >/dev/null
cmake --build build-asan -j "$jobs"
ctest --test-dir build-asan -LE deep --output-on-failure -j "$jobs"

echo "== fuzz targets, ${PAWNKIT_FUZZ_SECONDS:-20} s each"
bash fuzz/run.sh "${PAWNKIT_FUZZ_SECONDS:-20}"
