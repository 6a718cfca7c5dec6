#!/usr/bin/env bash
# Start-up cost of `pawnkit perft 1` (the start position, 20 moves): CPU time (user + sys)
# and page faults of each whole process, min and median over many runs taken in turns, so
# that every binary sees the same machine load. Measured in the same runs: a program that
# embeds the headers and does the same (no PEXT, libstdc++ only), a C++ "hello world"
# (iostream), one linked with pawnkit's libraries (zstd, zlib, bzip2), and `true`.
#
#   bench/startup.sh [--runs N] [PAWNKIT_BINARY...]   (default: build/pawnkit)
#
# To compare a no-PEXT build before and after a change, pass both binaries, e.g.
#   cmake -S . -B build-nopext -DCMAKE_BUILD_TYPE=Release -DPAWNKIT_NATIVE=OFF \
#         -DPAWNKIT_TESTS=OFF -DPAWNKIT_BENCH=OFF -DPAWNKIT_PYTHON=OFF
#   cmake --build build-nopext --target pawnkit_cli
#   bench/startup.sh old/pawnkit build-nopext/pawnkit
set -euo pipefail
cd "$(dirname "$0")/.."

runs=300
if [[ "${1:-}" == --runs ]]; then
  runs=$2
  shift 2
fi
binaries=("$@")
[[ ${#binaries[@]} -gt 0 ]] || binaries=(build/pawnkit)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '#include <cstdio>\nint main() { std::puts("hello"); }\n' >"$work/hello.cpp"
# --no-as-needed keeps the libraries pawnkit links (zstd, zlib, bzip2) although hello
# uses none of them: their loading is part of the floor.
g++ -O2 "$work/hello.cpp" -o "$work/hello" -Wl,--no-as-needed -lzstd -lz -lbz2

# What an engine that embeds the headers pays: a program of its own that parses the start
# position and counts its moves (perft 1), built without PEXT, linked with libstdc++ only.
cat >"$work/embedded.cpp" <<'CPP'
#include <cstdio>
#include <pawnkit/chess/fen.hpp>
#include <pawnkit/chess/perft.hpp>
int main() {
  const auto start = pawnkit::parse_fen(pawnkit::start_fen);
  std::printf("%llu\n", static_cast<unsigned long long>(pawnkit::perft(*start, 1)));
}
CPP
g++ -std=c++20 -O2 -DPAWNKIT_NO_PEXT -Iinclude "$work/embedded.cpp" -o "$work/embedded"
printf '#include <iostream>\nint main() { std::cout << "hello" << std::endl; }\n' >"$work/hello_cxx.cpp"
g++ -O2 "$work/hello_cxx.cpp" -o "$work/hello_cxx"

commands=()
for b in "${binaries[@]}"; do commands+=("$b perft 1"); done
commands+=("$work/embedded" "$work/hello_cxx" "$work/hello" "true")

/usr/bin/python3 - "$runs" "${commands[@]}" <<'EOF'
import os, statistics, subprocess, sys

runs, commands = int(sys.argv[1]), sys.argv[2:]
cpu = {c: [] for c in commands}
faults = {c: [] for c in commands}
for _ in range(runs):
    for c in commands:
        p = subprocess.Popen(c.split(), stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(p.pid, 0)
        if status != 0:
            sys.exit(f"startup.sh: '{c}' failed")
        cpu[c].append((usage.ru_utime + usage.ru_stime) * 1000)
        faults[c].append(usage.ru_minflt + usage.ru_majflt)
print(f"{'command':<48} {'CPU ms min':>10} {'median':>8} {'faults':>7}   ({runs} runs each)")
for c in commands:
    name = c if len(c) <= 48 else "..." + c[-45:]
    print(f"{name:<48} {min(cpu[c]):10.2f} {statistics.median(cpu[c]):8.2f}"
          f" {statistics.median(faults[c]):7.0f}")
EOF
