#!/usr/bin/env bash
# Why Boost.Beast (docs/serve.md): the same /health answer from cpp-httplib (Debian's
# libcpp-httplib-dev, a thread per connection from a pool of 8) and from pawnkit serve
# (Beast, asynchronous, --threads 2), under wrk at 64 kept-alive connections and beside 16
# clients sending a byte a second. Usage: bench/serve_library_choice.sh BUILD_DIR INDEX_DB
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
build="$1"
db="$2"
work="$(mktemp -d)"
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true; rm -rf "$work"' EXIT
g++ -O2 -std=c++20 "$here/serve/httplib_health.cpp" -o "$work/httplib_health" -pthread -lcpp-httplib
"$work/httplib_health" 18740 &
pids+=($!)
"$build/pawnkit" serve --index "$db" --listen 127.0.0.1:18741 --threads 2 2>/dev/null &
pids+=($!)
sleep 1
echo "load: $(uptime | sed 's/.*load/load/')"
for round in 1 2; do
  for port in 18740 18741; do
    name=$([ $port = 18740 ] && echo cpp-httplib || echo "Beast (serve)")
    echo "$name: $(wrk -t2 -c64 -d5s --latency "http://127.0.0.1:$port/health" |
      grep -E 'Requests/sec| 99%|Socket|Non-2xx' | tr -s ' ' | paste -sd' ')"
  done
done
timeout 60 python3 "$here/serve/slow_clients.py" 18740
timeout 60 python3 "$here/serve/slow_clients.py" 18741
