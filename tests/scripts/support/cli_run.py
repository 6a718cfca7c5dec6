"""Running the pawnkit program from the test scripts, under resource limits if asked."""
import os
import resource
import subprocess

NOBODY = 65534  # the user and group id of "nobody"


def run(cli, *args, stdin=None, stdout=subprocess.PIPE, limits=(), as_nobody=False, cwd=None,
        timeout=120):
    """The finished process, standard error captured. `stdin` is bytes or a file. `limits` are
    (resource.RLIMIT_..., value) pairs set in the child before it starts; `as_nobody` runs it
    as user nobody (root ignores RLIMIT_NPROC). A process that runs past `timeout` (an input
    read without end) is killed and reported as status -9 with "timed out" on its standard
    error."""
    def prepare():
        for which, value in limits:
            resource.setrlimit(which, (value, value))
        if as_nobody:
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
    feed = {"input": stdin} if isinstance(stdin, bytes) or stdin is None else {"stdin": stdin}
    try:
        return subprocess.run([cli, *args], stdout=stdout, stderr=subprocess.PIPE,
                              timeout=timeout, preexec_fn=prepare, cwd=cwd, **feed)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(args, -9, b"", b"timed out")
