"""Running the pawnkit program from the test scripts, under resource limits if asked."""
import glob
import os
import resource
import subprocess

NOGROUP = 65534  # the group id of "nogroup"


def lone_uid():
    """A user id that no process on the machine has now. RLIMIT_NPROC counts every process
    and thread of the user: under "nobody", whatever else runs as nobody (another run of
    these tests beside this one, under ctest -j or on a shared machine) counted too, and
    exec failed with EAGAIN. Ids from 40000 on, as a container maps at least 65536."""
    used = set()
    for status in glob.glob("/proc/[0-9]*/status"):
        try:
            with open(status) as f:
                used.update(int(word) for line in f if line.startswith("Uid:")
                            for word in line.split()[1:])
        except (OSError, ValueError):
            continue
    uid = 40000 + os.getpid() % 20000
    while uid in used:
        uid += 1
    return uid


def become(uid):
    """In a child about to exec (as root): the user `uid` alone, without root's groups."""
    os.setgroups([])
    os.setgid(NOGROUP)
    os.setuid(uid)


def run(cli, *args, stdin=None, stdout=subprocess.PIPE, limits=(), as_lone_user=False,
        cwd=None, timeout=120):
    """The finished process, standard error captured. `stdin` is bytes or a file. `limits` are
    (resource.RLIMIT_..., value) pairs set in the child before it starts; `as_lone_user` runs
    it as a user id no other process has (lone_uid(); root ignores RLIMIT_NPROC). A process
    that runs past `timeout` (an input read without end) is killed and reported as status
    -9 with "timed out" on its standard error."""
    uid = lone_uid() if as_lone_user else None

    def prepare():
        for which, value in limits:
            resource.setrlimit(which, (value, value))
        if uid is not None:
            become(uid)
    feed = {"input": stdin} if isinstance(stdin, bytes) or stdin is None else {"stdin": stdin}
    try:
        return subprocess.run([cli, *args], stdout=stdout, stderr=subprocess.PIPE,
                              timeout=timeout, preexec_fn=prepare, cwd=cwd, **feed)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(args, -9, b"", b"timed out")
