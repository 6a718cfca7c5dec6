#!/usr/bin/env bash
# Builds everything and runs the whole default test suite (everything but the "deep" label).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/build.sh
ctest --test-dir build -LE deep --output-on-failure -j "$(nproc)"
