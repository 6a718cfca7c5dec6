"""Background processes of the tests (Dask schedulers and workers): a free loopback port
to give them, and one way to stop them all."""

import contextlib
import socket
import subprocess


def free_port():
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(processes, timeout=30):
    """SIGTERM to those still running, then a wait of `timeout` seconds for each; one that
    outlives it is killed (SIGKILL), so that no test leaves a process behind."""
    for process in processes:
        if process.poll() is None:
            process.terminate()
    for process in processes:
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextlib.contextmanager
def stopped_at_exit(timeout=30):
    """A list to append started processes to; all of them are stopped (stop()) when the
    block ends, also by an exception."""
    processes = []
    try:
        yield processes
    finally:
        stop(processes, timeout)
