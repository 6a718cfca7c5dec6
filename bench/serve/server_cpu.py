#!/usr/bin/env python3
"""The server's own CPU time per /explore question, for two pawnkit builds in turn, and
their answers compared byte for byte (docs/serve.md).

Starts `serve --threads 1 --cache 0` of each build on the same index, asks every target
once (the warm-up pass, whose answers are kept and compared between the builds), then
asks them all again from one kept-alive client and reads the server's user + system time
from /proc/PID/stat before and after; ROUNDS times, the builds in turn (A B A B ...), so
that the load of the machine drifts over both alike.
Usage: server_cpu.py INDEX TARGETS ROUNDS BUILD_A BUILD_B
Prints one line per run and the medians; exits 1 when an answer differs."""
import http.client
import os
import socket
import statistics
import subprocess
import sys
import time

TICKS = os.sysconf("SC_CLK_TCK")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def ask_all(port, targets):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    answers = []
    for target in targets:
        connection.request("GET", target)
        response = connection.getresponse()
        answers.append(b"%d " % response.status + response.read())
    connection.close()
    return answers


def start(build, index):
    port = free_port()
    server = subprocess.Popen(
        [build, "serve", "--index", index, "--listen", f"127.0.0.1:{port}", "--threads", "1",
         "--cache", "0"], stderr=subprocess.PIPE)
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return server, port
        except OSError:
            time.sleep(0.1)
    sys.exit(f"{build}: the server did not start")


def main():
    index, targets_file, rounds, builds = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:6]
    targets = open(targets_file).read().split()
    answers = {}
    times = {b: [] for b in builds}
    for _ in range(rounds):
        for build in builds:
            server, port = start(build, index)
            try:
                answers.setdefault(build, ask_all(port, targets))  # warm-up, kept
                before = cpu_seconds(server.pid)
                ask_all(port, targets)
                spent = cpu_seconds(server.pid) - before
            finally:
                server.terminate()
                server.wait()
            times[build].append(spent)
            print(f"{build}: {len(targets)} questions, {spent:.2f} s CPU", flush=True)
    for build in builds:
        median = statistics.median(times[build])
        print(f"median {build}: {median:.2f} s, {1e6 * median / len(targets):.0f} us a question")
    a, b = (answers[x] for x in builds)
    differing = [t for t, x, y in zip(targets, a, b) if x != y]
    print(f"answers: {len(targets)} questions, {len(differing)} differ"
          + (f" (first: {differing[0]})" if differing else ", every one byte for byte the same"))
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
