"""Issue 34: a file that shrinks while pawnkit reads it (the library the CLI uses, seen from
Python). It must end with a clear message (a warning or an exception), never a crash, a
hang or rows cut short without a word."""

import os
import subprocess
import sys
import textwrap

from conftest import SAMPLE

# Reads the first chunk, cuts the file to 100,000 bytes, reads on; prints what it saw.
READER = textwrap.dedent("""
    import os, sys, warnings
    import pawnkit
    path = sys.argv[1]
    chunks = pawnkit.iter_positions(path, threads=1, chunk_rows=1000)
    rows = len(next(chunks))
    os.truncate(path, 100000)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        try:
            for chunk in chunks:
                rows += len(chunk)
            print("warned:", " | ".join(str(w.message) for w in seen))
        except Exception as e:
            print("raised %s: %s" % (type(e).__name__, e))
    print("rows:", rows)
""")


def test_a_file_that_shrinks_while_read_is_told(tmp_path):
    text = SAMPLE.read_bytes()
    path = tmp_path / "big.pgn"
    path.write_bytes(text * 40)  # far more than the reader takes in before the first chunk
    done = subprocess.run([sys.executable, "-c", READER, str(path)], capture_output=True,
                          text=True, timeout=300, env=dict(os.environ))
    assert done.returncode == 0, done.stderr[-500:]  # no crash
    message = "'%s' shrank while being read: it had %d bytes" % (path, 40 * len(text))
    assert message in done.stdout, done.stdout[-500:]
    rows = int(done.stdout.rsplit("rows:", 1)[1])
    assert 0 < rows < 40 * 19556  # the rows read before the cut, not the whole file
