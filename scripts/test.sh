#!/usr/bin/env bash
# Builds everything and runs the whole default test suite (everything but the "deep"
# label), then the same suite built with AddressSanitizer and UndefinedBehaviorSanitizer,
# then a short run of every fuzz target (PAWNKIT_FUZZ_SECONDS each, default 20), then the
# format check (.clang-format).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

bash scripts/build.sh
ctest --test-dir build -LE deep --output-on-failure -j "$jobs"

echo "== the test suite under AddressSanitizer + UndefinedBehaviorSanitizer"
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPAWNKIT_SANITIZE=ON \
  -DPAWNKIT_BENCH=OFF >/dev/null
cmake --build build-asan -j "$jobs"
ctest --test-dir build-asan -LE deep --output-on-failure -j "$jobs"

echo "== fuzz targets, ${PAWNKIT_FUZZ_SECONDS:-20} s each"
bash fuzz/run.sh "${PAWNKIT_FUZZ_SECONDS:-20}"

echo "== format"
bash scripts/check_format.sh
