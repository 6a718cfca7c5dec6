#!/usr/bin/env python3
"""Asks a running pawnkit serve every target of a file once and writes each answer as a
static file for nginx (SITE/q/N.json), with the list of their paths (NGINX_TARGETS): nginx
then serves the same bytes for the same mix of questions. Fails on any answer but 200.
Usage: static_answers.py PORT TARGETS SITE NGINX_TARGETS"""
import http.client
import os
import sys

port, targets_file, site, nginx_targets = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
os.makedirs(os.path.join(site, "q"), exist_ok=True)
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
paths = []
for n, target in enumerate(open(targets_file).read().split()):
    connection.request("GET", target)
    response = connection.getresponse()
    body = response.read()
    if response.status != 200:
        sys.exit(f"{target}: {response.status} {body[:200]!r}")
    with open(os.path.join(site, "q", f"{n}.json"), "wb") as f:
        f.write(body)
    paths.append(f"/q/{n}.json\n")
with open(nginx_targets, "w") as f:
    f.writelines(paths)
