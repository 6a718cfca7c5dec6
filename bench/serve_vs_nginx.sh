#!/usr/bin/env bash
# pawnkit serve under load, side by side with nginx serving the same answers as static files
# (docs/serve.md): wrk at 64 connections on loopback cycling through 5,000 distinct /explore
# questions from real games, with the answer cache and without (--cache 0), then without
# it again while index add writes to the index. Usage: bench/serve_vs_nginx.sh [BUILD_DIR] [SECONDS]
# Needs wrk and nginx-light (scripts/setup.sh). Starts and stops both servers itself.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$here/build}"
seconds="${2:-10}"
pawnkit="$build/pawnkit"
shared="$here/../shared/data"
games="$shared/lichess_magnus_games.pgn.zst"
more="$shared/lichess_db_1000k.pgn"
[ -f "$games" ] || games="$here/data/sample.pgn"
[ -f "$more" ] || more="$here/tests/data/games/famous.pgn"
work="$(mktemp -d)"
server_pid="" nginx_pid="" nocache_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  [ -n "$nocache_pid" ] && kill "$nocache_pid" 2>/dev/null || true
  [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null || true
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
# The questions: every 97th position of the indexed games (5,000 distinct targets, filters
# varied: bench/serve/explore_queries.py), as a club's members would ask them.
"$pawnkit" analyze --format jsonl "$games" 2>/dev/null |
  python3 "$here/bench/serve/explore_queries.py" 97 5000 >"$work/targets.txt"
echo "index: $games" >&2
"$pawnkit" index add --threads 2 "$work/db" "$games" 2>&1 | tail -2 >&2

port=$(free_port)
"$pawnkit" serve --index "$work/db" --listen "127.0.0.1:$port" --threads 2 2>"$work/serve.err" &
server_pid=$!
cport=$(free_port)
"$pawnkit" serve --index "$work/db" --listen "127.0.0.1:$cport" --threads 2 --cache 0 2>/dev/null &
nocache_pid=$!
nport=$(free_port)
mkdir -p "$work/nginx/site"
for _ in $(seq 50); do grep -q listening "$work/serve.err" && break; sleep 0.2; done
# nginx serves each answer as a static file: the same bytes for the same mix of questions.
# (This first pass also fills the cached server's cache.)
python3 "$here/bench/serve/static_answers.py" "$port" "$work/targets.txt" "$work/nginx/site" \
  "$work/nginx_targets.txt"
chmod -R a+rX "$work"  # nginx started by root reads as www-data
cat >"$work/nginx/nginx.conf" <<CONF
worker_processes 2;
daemon off;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $work/nginx; proxy_temp_path $work/nginx;
  fastcgi_temp_path $work/nginx; uwsgi_temp_path $work/nginx; scgi_temp_path $work/nginx;
  server { listen 127.0.0.1:$nport; root $work/nginx/site;
           location / { default_type application/json; } }
}
CONF
nginx -c "$work/nginx/nginx.conf" -p "$work/nginx" &
nginx_pid=$!
sleep 0.5
first=$(head -1 "$work/targets.txt")
curl -sf "http://127.0.0.1:$cport$first" | cmp - "$work/nginx/site/q/0.json" || { cat "$work/serve.err" >&2; exit 1; }
curl -sf "http://127.0.0.1:$nport/q/0.json" | cmp - "$work/nginx/site/q/0.json" || { cat "$work/nginx/error.log" >&2; exit 1; }

# wrk's summary as: requests/s, p99, errors (socket errors and non-2xx). Each connection
# cycles through the targets (bench/serve/cycle_targets.lua).
measure() {
  wrk -t2 -c64 -d"${seconds}s" --latency -s "$here/bench/serve/cycle_targets.lua" "$1" -- "$2" \
    >"$work/wrk.txt"
  local rps p99 errors
  rps=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
  p99=$(awk '$1 == "99%" {print $2}' "$work/wrk.txt")
  errors=$( (grep -E "Socket errors|Non-2xx" "$work/wrk.txt" || true) | tr -s ' ' | paste -sd';')
  echo "$rps $p99 ${errors:-none}"
}
ratio() { python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.0%}')" "$1" "$2"; }
echo "$(wc -l <"$work/targets.txt") distinct /explore targets; load: $(uptime | sed 's/.*load/load/')"
read -r n_rps n_p99 n_err <<<"$(measure "http://127.0.0.1:$nport" "$work/nginx_targets.txt")"
read -r s_rps s_p99 s_err <<<"$(measure "http://127.0.0.1:$port" "$work/targets.txt")"
read -r c_rps c_p99 c_err <<<"$(measure "http://127.0.0.1:$cport" "$work/targets.txt")"
printf '%-32s %12s %6s %10s  %s\n' "" "requests/s" "" "p99" "errors"
printf '%-32s %12s %6s %10s  %s\n' "nginx (static JSON files)" "$n_rps" "" "$n_p99" "$n_err"
printf '%-32s %12s %6s %10s  %s\n' "serve /explore (cached)" "$s_rps" "$(ratio "$s_rps" "$n_rps")" "$s_p99" "$s_err"
printf '%-32s %12s %6s %10s  %s\n' "serve /explore --cache 0" "$c_rps" "$(ratio "$c_rps" "$n_rps")" "$c_p99" "$c_err"
echo "load after: $(uptime | sed 's/.*load/load/')"

# Queries while index add writes a second file into the same index.
"$pawnkit" index add --threads 1 "$work/db" "$more" >"$work/add.txt" 2>&1 &
add_pid=$!
read -r w_rps w_p99 w_err <<<"$(measure "http://127.0.0.1:$cport" "$work/targets.txt")"
add_done="still writing at the end"
if ! kill -0 "$add_pid" 2>/dev/null; then add_done="finished during the run"; fi
wait "$add_pid"
printf '%-32s %12s %6s %10s  %s (index add %s)\n' "--cache 0 while index add" "$w_rps" "" "$w_p99" "$w_err" "$add_done"
games() { python3 -c 'import json,sys; print(json.load(sys.stdin)["games"])'; }
echo "games for $first before index add: $(games <"$work/nginx/site/q/0.json"), served after: $(curl -sf "http://127.0.0.1:$cport$first" | games)"
