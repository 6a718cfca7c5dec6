#!/usr/bin/env python3
"""pawnkit serve from outside: the server is started on a free loopback port and checked
against the CLI (explore --format json), the source files (/games/ID) and an attacker
(garbage, huge requests, slow clients, path traversal). Every step is bounded in time."""
import argparse
import json
import os
import random
import re
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

parser = argparse.ArgumentParser()
parser.add_argument("--cli", required=True)
parser.add_argument("--source", required=True)
parser.add_argument("--shared", default="")
args = parser.parse_args()
cli = args.cli
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print("FAIL:", message, file=sys.stderr)


def run(*argv, **kw):
    return subprocess.run([cli, *argv], capture_output=True, text=True, timeout=120, **kw)


def start_server(db, *extra):
    """The server on a port of its choosing; returns (process, port)."""
    proc = subprocess.Popen([cli, "serve", "--index", db, *extra], stderr=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, text=True)
    deadline = time.time() + 20
    line = ""
    while time.time() < deadline:
        ready, _, _ = select.select([proc.stderr], [], [], 1)
        if ready:
            line = proc.stderr.readline()
            break
    found = re.search(r"listening on http://([^/]+):(\d+)/", line)
    if not found:
        proc.kill()
        raise SystemExit(f"serve did not start: {line!r}")
    return proc, found.group(1), int(found.group(2))


def raw(port, data, timeout=10.0, read=True):
    """Sends bytes as they are (no client normalizing the path); returns the reply bytes."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        try:
            s.sendall(data)
        except OSError:
            pass  # the server may close before reading a huge request
        if not read:
            return b""
        out = b""
        try:
            while True:
                chunk = s.recv(65536)
                if not chunk:
                    break
                out += chunk
        except OSError:
            pass
        return out


def get(port, target, timeout=10.0):
    """(status, body bytes) of GET target with Connection: close."""
    reply = raw(port, f"GET {target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode(),
                timeout)
    head, _, body = reply.partition(b"\r\n\r\n")
    status = int(head.split(b" ")[1]) if head.startswith(b"HTTP/1.1 ") else 0
    return status, body


def explore_target(fen, **filters):
    return "/explore?" + urllib.parse.urlencode({"fen": fen, **filters})


def cli_filters(filters):
    out = []
    for name, value in filters.items():
        out += ["--" + name.replace("_", "-"), str(value)]
    return out


tmp = tempfile.mkdtemp(prefix="pawnkit-serve-")
try:
    sample = os.path.join(args.source, "data", "sample.pgn")
    extra = os.path.join(args.source, "tests", "data", "games", "famous.pgn")
    db = os.path.join(tmp, "db")
    check(run("index", "add", db, sample).returncode == 0, "index add of the sample")
    site = os.path.join(tmp, "site")
    os.makedirs(os.path.join(site, "sub"))
    with open(os.path.join(site, "index.html"), "w") as f:
        f.write("<!doctype html><title>pawnkit</title>\n")
    secret_marker = "SECRET-" + str(random.getrandbits(64))
    with open(os.path.join(tmp, "secret.txt"), "w") as f:
        f.write(secret_marker)
    os.symlink(os.path.join(tmp, "secret.txt"), os.path.join(site, "link-out.txt"))
    os.symlink(tmp, os.path.join(site, "dir-out"))
    log = os.path.join(tmp, "access.log")

    # Without an address: loopback. A port alone is 127.0.0.1.
    proc, address, port = start_server(db, "--listen", "0", "--site", site, "--log", log,
                                       "--threads", "2")
    check(address == "127.0.0.1", f"a port alone listens on {address}")
    listening = open("/proc/net/tcp").read()
    check(f"0100007F:{port:04X} 00000000:0000 0A" in listening,
          "the listening socket is bound to 127.0.0.1 only")
    proc_default = subprocess.Popen([cli, "serve", "--index", db], stderr=subprocess.PIPE,
                                    text=True)
    ready, _, _ = select.select([proc_default.stderr], [], [], 20)
    line = proc_default.stderr.readline() if ready else ""
    check("http://127.0.0.1:" in line or "cannot listen" in line,
          f"without --listen: {line!r}")
    proc_default.terminate()
    proc_default.wait(timeout=10)

    # /explore equals explore --format json on real placements and filters.
    positions = [json.loads(l) for l in run("analyze", "--format", "jsonl", sample).stdout.splitlines()]
    fens = [p["fen"] for p in positions if p["ply"] in (6, 14, 24) and p["game"] % 17 == 1]
    fens.insert(0, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    filter_sets = [{}, {"min_elo": 1800}, {"speeds": "blitz,rapid"}, {"since": "2025-01",
                   "until": "2025-12"}, {"match": "center", "games": 3}, {"match": "structure"}]
    compared = 0
    nonzero = 0
    known = {}  # target: the CLI's answer
    for i, fen in enumerate(fens[:12]):
        for filters in filter_sets[: 6 if i < 3 else 2]:
            status, body = get(port, explore_target(fen, **filters))
            expected = run("explore", "--index", db, "--format", "json", *cli_filters(filters), fen)
            if expected.returncode:  # a question the CLI refuses: its message, 400
                message = expected.stderr.strip().removeprefix("pawnkit: explore: ")
                check(status == 400 and json.loads(body) == {"error": message},
                      f"/explore {fen} {filters}: {status} {body!r} vs {message!r}")
                continue
            check(status == 200 and body.decode() == expected.stdout,
                  f"/explore {fen} {filters}: {status} {body[:200]!r} vs {expected.stdout[:200]!r}")
            compared += 1
            nonzero += json.loads(expected.stdout)["games"] > 0
            known[explore_target(fen, **filters)] = expected.stdout.encode()
    check(compared >= 20 and nonzero >= 10, f"{compared} answers compared, {nonzero} with games")

    # /games/ID: the game's own text in its source, where the index says it starts.
    source_lines = open(sample, encoding="utf-8").read().splitlines()
    answer = json.loads(get(port, explore_target(fens[0], games=10))[1])
    check(len(answer["model_games"]) >= 5, "model games to fetch")
    for game in answer["model_games"]:
        status, body = get(port, f"/games/{game['id']}")
        text = body.decode().splitlines()
        start = game["line"] - 1
        check(status == 200 and text == source_lines[start:start + len(text)],
              f"/games/{game['id']} is not lines {game['line']}.. of {sample}")
        rest = source_lines[start + len(text):]
        following = next((l for l in rest if l.strip()), None)
        check(following is None or following.startswith("[Event"),
              f"/games/{game['id']} stops before the next game ({following!r})")
        check(f'[White "{game["white"]}"]' in text and f'[Black "{game["black"]}"]' in text,
              f"/games/{game['id']} has the players of the model game")
    check(get(port, "/games/999999")[0] == 404, "an unknown game is 404")
    check(get(port, "/games/12x")[0] == 400, "a bad game number is 400")

    # The site, and /health.
    status, body = get(port, "/")
    check(status == 200 and body == open(os.path.join(site, "index.html"), "rb").read(), "/ is index.html")
    check(get(port, "/health") == (200, b'{"status": "ok"}\n'), "/health")

    # Bad input: the CLI's message as JSON, 400.
    bad = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"
    status, body = get(port, explore_target(bad))
    message = run("explore", "--index", db, bad).stderr.strip().removeprefix("pawnkit: explore: ")
    check(status == 400 and json.loads(body) == {"error": message},
          f"bad FEN: {status} {body!r}, CLI: {message!r}")
    for target in [explore_target(fens[0], min_elo="abc"), explore_target(fens[0], speeds="warp"),
                   explore_target(fens[0], match="fuzzy"), explore_target(fens[0], since="2025-13"),
                   "/explore", "/explore?fen=%zz", explore_target(fens[0], games=999)]:
        status, body = get(port, target)
        check(status == 400 and "error" in json.loads(body), f"{target}: {status} {body!r}")

    # Size bounds: a 100 KB query string, a 1 MB header, random bytes.
    status, _ = get(port, explore_target(fens[0]) + "&x=" + "a" * 100_000)
    check(status in (414, 431), f"100 KB query string: {status}")
    reply = raw(port, b"GET /health HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * (1 << 20) + b"\r\n\r\n")
    check(reply == b"" or b" 431 " in reply.split(b"\r\n")[0], f"1 MB header: {reply[:60]!r}")
    rng = random.Random(33)
    for size in (1, 100, 5000, 70000):
        raw(port, bytes(rng.getrandbits(8) for _ in range(size)), timeout=15)
    check(get(port, "/health")[0] == 200, "answers after garbage and huge requests")

    # Read-only: a body, a chunked request, another method are refused; HEAD has no body;
    # two requests sent at once are answered in order.
    for request in [b"POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
                    b"GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello",
                    b"GET /health HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                    b"5\r\nhello\r\n0\r\n\r\n",
                    b"DELETE /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
                    b"PUT /index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"]:
        reply = raw(port, request, timeout=5)
        check(reply.split(b"\r\n")[0] in (b"HTTP/1.1 400 Bad Request", b"HTTP/1.1 405 Method Not Allowed"),
              f"{request[:40]!r}: {reply[:60]!r}")
    reply = raw(port, b"HEAD /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    check(reply.startswith(b"HTTP/1.1 200 ") and b"Content-Length: 17\r\n" in reply and
          reply.endswith(b"\r\n\r\n"), f"HEAD: {reply!r}")
    pipelined = list(known)[:2]
    reply = raw(port, (f"GET {pipelined[0]} HTTP/1.1\r\nHost: x\r\n\r\n"
                       f"GET {pipelined[1]} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").encode())
    check(reply.count(b"HTTP/1.1 200 ") == 2 and
          reply.index(known[pipelined[0]]) < reply.index(known[pipelined[1]]),
          "two requests in one write answered in order")

    # Under load: 16 clients at once, 6 questions each, every answer the CLI's.
    def load_client(n, wrong):
        targets = list(known)
        for k in range(6):
            target = targets[(n * 5 + k) % len(targets)]
            status, body = get(port, target)
            if status != 200 or body != known[target]:
                wrong.append(f"{target}: {status} {body[:80]!r}")

    wrong = []
    clients = [threading.Thread(target=load_client, args=(n, wrong)) for n in range(16)]
    for t in clients:
        t.start()
    for t in clients:
        t.join(timeout=60)
    check(not wrong and not any(t.is_alive() for t in clients),
          f"16 clients at once: {len(wrong)} wrong answers {wrong[:2]}")

    # The connection bound: with --max-connections 8, a ninth connection is answered 503
    # and closed, the eight are still answered, and once they close new ones are.
    bounded, _, bport = start_server(db, "--listen", "0", "--max-connections", "8")
    held = []
    for _ in range(8):
        s = socket.create_connection(("127.0.0.1", bport), timeout=10)
        s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        reply = b""
        while not reply.endswith(b'{"status": "ok"}\n'):
            chunk = s.recv(4096)
            if not chunk:
                break
            reply += chunk
        check(reply.startswith(b"HTTP/1.1 200 "), f"a connection within the bound: {reply[:40]!r}")
        held.append(s)
    for _ in range(3):
        reply = raw(bport, b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 5)
        check(reply == b"" or reply.startswith(b"HTTP/1.1 503 "), f"over the bound: {reply[:60]!r}")
    held[0].sendall(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
    check(held[0].recv(4096).startswith(b"HTTP/1.1 200 "), "a held connection still answered")
    for s in held:
        s.close()
    deadline = time.time() + 5
    while get(bport, "/health")[0] != 200 and time.time() < deadline:
        time.sleep(0.1)
    check(get(bport, "/health")[0] == 200, "new connections answered once the held ones closed")
    bounded.terminate()
    check(bounded.wait(timeout=10) == 0, "the bounded server ends with status 0")

    # A client sending a byte a second does not hold up the others.
    cut_off = []

    def slow_client():
        began = time.time()
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
                for b in b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"s" * 40:
                    s.send(bytes([b]))
                    time.sleep(1)
        except OSError:
            cut_off.append(time.time() - began)  # the server's 10 s request deadline

    slow = [threading.Thread(target=slow_client, daemon=True) for _ in range(8)]
    for t in slow:
        t.start()
    time.sleep(1.5)
    worst = 0.0
    for _ in range(5):
        began = time.time()
        status, _ = get(port, explore_target(fens[1]))
        worst = max(worst, time.time() - began)
        check(status == 200, "a request beside slow clients")
        time.sleep(0.3)
    check(worst < 1.0, f"beside 8 slow clients a request took {worst:.2f} s")
    slow_started = time.time()

    # Path traversal, as clients send it and as they would not: nothing outside the site.
    for target in ["/../secret.txt", "/../../../../etc/passwd", "/%2e%2e/secret.txt",
                   "/%2E%2E/%2e%2e/etc/passwd", "/..%2fsecret.txt", "/..%2F..%2Fetc%2Fpasswd",
                   "/%2e%2e%2fsecret.txt", "//etc/passwd", "/%2fetc%2fpasswd", "/etc/passwd",
                   "http://x/etc/passwd", "/sub/../../secret.txt", "/sub/%2e%2e/%2e%2e/secret.txt",
                   "/link-out.txt", "/dir-out/secret.txt", "/%252e%252e/secret.txt",
                   "/..\\secret.txt", "/.%2e/secret.txt", "/index.html%00.txt", "/./index.html"]:
        status, body = get(port, target)
        check(status in (400, 404) and secret_marker.encode() not in body and b"root:" not in body,
              f"traversal {target}: {status} {body[:80]!r}")

    # index add beside the server: each committed batch is seen, queries keep answering.
    writer = subprocess.Popen([cli, "index", "add", db, extra], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    while writer.poll() is None:
        check(get(port, explore_target(fens[0]))[0] == 200, "a query while index add writes")
        time.sleep(0.05)
    check(writer.returncode == 0, "index add beside the server")
    expected = run("explore", "--index", db, "--format", "json", fens[0]).stdout
    deadline = time.time() + 10
    body = b""
    while time.time() < deadline:
        body = get(port, explore_target(fens[0]))[1]
        if body.decode() == expected:
            break
        time.sleep(0.2)
    check(body.decode() == expected, "the server sees the batch index add committed")

    for t in slow:
        t.join(timeout=max(0.0, 25 - (time.time() - slow_started)))
    check(len(cut_off) == len(slow) and max(cut_off, default=99) < 20,
          f"slow clients cut off by the request deadline: {sorted(cut_off)}")

    # One access-log line per request; SIGTERM ends it with status 0.
    proc.send_signal(signal.SIGTERM)
    check(proc.wait(timeout=10) == 0, f"SIGTERM: status {proc.returncode}")
    lines = open(log).read().splitlines()
    check(any('"GET /health"' in l and " 200 " in l for l in lines), "the access log")
    check(all(re.match(r"^\S+Z \S+ \"\S+ \S+\" \d{3} \d+ \d+us$", l) for l in lines),
          "every access-log line is one request")
finally:
    for p in [v for k, v in list(globals().items()) if k in ("proc", "proc_default", "writer", "bounded")]:
        if p.poll() is None:
            p.kill()
            p.wait()
    shutil.rmtree(tmp, ignore_errors=True)

if failures:
    print(f"serve_check: {len(failures)} failure(s)", file=sys.stderr)
    sys.exit(1)
print("serve_check: all checks passed")
