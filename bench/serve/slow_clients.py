#!/usr/bin/env python3
"""16 clients sending a byte a second, then one ordinary request: how long it waits."""
import socket
import sys
import threading
import time

port = int(sys.argv[1])


def slow():
    try:
        s = socket.create_connection(("127.0.0.1", port))
        for b in b"GET /health HTTP/1.1\r\nHost: x\r\n":
            s.send(bytes([b]))
            time.sleep(1)
    except OSError:
        pass


for _ in range(16):
    threading.Thread(target=slow, daemon=True).start()
time.sleep(2)
began = time.time()
s = socket.create_connection(("127.0.0.1", port), timeout=50)
s.sendall(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
reply = s.recv(100)
print(f"port {port}: answered beside 16 slow clients after {time.time() - began:.2f} s: {reply[:15]!r}")
