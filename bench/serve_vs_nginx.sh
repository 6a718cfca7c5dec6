#!/usr/bin/env bash
# pawnkit serve under load, side by side with nginx serving the same JSON as a static file
# (docs/serve.md): wrk at 64 connections on loopback, then /explore again while index add
# writes to the index. Usage: bench/serve_vs_nginx.sh [BUILD_DIR] [SECONDS]
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
# 1.e4 e5 2.Nf3 Nc6: an open game's pawns, a placement most indexes have many games of.
fen="r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
query="fen=$(python3 -c 'import sys,urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$fen")"

echo "index: $games" >&2
"$pawnkit" index add --threads 2 "$work/db" "$games" 2>&1 | tail -2 >&2
"$pawnkit" explore --index "$work/db" --format json "$fen" >"$work/answer.json"

port=$(free_port)
"$pawnkit" serve --index "$work/db" --listen "127.0.0.1:$port" --threads 2 2>"$work/serve.err" &
server_pid=$!
cport=$(free_port)
"$pawnkit" serve --index "$work/db" --listen "127.0.0.1:$cport" --threads 2 --cache 0 2>/dev/null &
nocache_pid=$!
nport=$(free_port)
mkdir -p "$work/nginx/site"
cp "$work/answer.json" "$work/nginx/site/explore.json"
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
for _ in $(seq 50); do grep -q listening "$work/serve.err" && break; sleep 0.2; done
sleep 0.5
curl -sf "http://127.0.0.1:$port/explore?$query" | cmp - "$work/answer.json" || { cat "$work/serve.err" >&2; curl -sv "http://127.0.0.1:$port/explore?$query" | head -c 300; exit 1; }
curl -sf "http://127.0.0.1:$nport/explore.json" | cmp - "$work/answer.json" || { cat "$work/nginx/error.log" >&2; exit 1; }

# wrk's summary as: requests/s, p99, errors (socket errors and non-2xx).
measure() {
  wrk -t2 -c64 -d"${seconds}s" --latency "$1" >"$work/wrk.txt"
  local rps p99 errors
  rps=$(awk '/Requests\/sec/ {print $2}' "$work/wrk.txt")
  p99=$(awk '$1 == "99%" {print $2}' "$work/wrk.txt")
  errors=$( (grep -E "Socket errors|Non-2xx" "$work/wrk.txt" || true) | tr -s ' ' | paste -sd';')
  echo "$rps $p99 ${errors:-none}"
}
echo "load: $(uptime | sed 's/.*load/load/')"
read -r n_rps n_p99 n_err <<<"$(measure "http://127.0.0.1:$nport/explore.json")"
read -r s_rps s_p99 s_err <<<"$(measure "http://127.0.0.1:$port/explore?$query")"
read -r c_rps c_p99 c_err <<<"$(measure "http://127.0.0.1:$cport/explore?$query")"
printf '%-28s %12s %10s  %s\n' "" "requests/s" "p99" "errors"
printf '%-28s %12s %10s  %s\n' "nginx (static JSON)" "$n_rps" "$n_p99" "$n_err"
printf '%-28s %12s %10s  %s\n' "pawnkit serve /explore" "$s_rps" "$s_p99" "$s_err"
printf '%-28s %12s %10s  %s\n' "  the same, --cache 0" "$c_rps" "$c_p99" "$c_err"
python3 -c "import sys; print(f'serve / nginx: {float(sys.argv[1]) / float(sys.argv[2]):.0%}')" "$s_rps" "$n_rps"

# Queries while index add writes a second file into the same index.
"$pawnkit" index add --threads 1 "$work/db" "$more" >"$work/add.txt" 2>&1 &
add_pid=$!
read -r w_rps w_p99 w_err <<<"$(measure "http://127.0.0.1:$port/explore?$query")"
add_done="still writing at the end"
if ! kill -0 "$add_pid" 2>/dev/null; then add_done="finished during the run"; fi
wait "$add_pid"
printf '%-28s %12s %10s  %s (index add %s)\n' "serve while index add" "$w_rps" "$w_p99" "$w_err" "$add_done"
after=$(curl -sf "http://127.0.0.1:$port/explore?$query" | python3 -c 'import json,sys; print(json.load(sys.stdin)["games"])')
echo "games for the FEN before index add: $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["games"])' "$work/answer.json"), served after: $after"
