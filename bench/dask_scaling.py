"""The Python half of bench/dask_scaling.sh (a file, not stdin: Dask's worker processes
re-import the main module). Reads PAWNKIT, INPUT and SHARDS from the environment."""
import glob, importlib, os, resource, subprocess, time
import distributed
import pawnkit, pawnkit.dask

RUNS = 9


def best(f, runs=RUNS):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        result = f()
        times.append(time.perf_counter() - t)
    return result, min(times)


def process_cpu():
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def cluster_cpu(client):
    """CPU seconds used so far by the client, the scheduler and every worker process."""
    workers = sum(client.run(process_cpu).values())
    return process_cpu() + client.run_on_scheduler(process_cpu) + workers


def main():
    cli, path = os.environ["PAWNKIT"], os.environ["INPUT"]
    shards = sorted(glob.glob(os.path.join(os.environ["SHARDS"], "*.pgn.zst")))

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    expected, t_cli = best(lambda: subprocess.run([cli, "stats", "--format", "json", "--threads", "2", path],
                                                  capture_output=True, text=True).stdout)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_cli = (after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime) / RUNS
    print(f"pawnkit stats --threads 2 (unsplit): {t_cli:.3f} s wall (best of {RUNS}), {cpu_cli:.3f} s CPU (mean)")
    # The machine's own ceiling for the speedup: the same shards read by one CLI process,
    # then by two CLI processes at once (half the shards each), no Dask at all. On a
    # virtual machine whose two cores share caches or a host, two processes that need
    # each other for nothing still do not run twice as fast as one.
    half = (len(shards) + 1) // 2
    one_process = [cli, "stats", "--threads", "1", *shards]
    halves = [[cli, "stats", "--threads", "1", *part] for part in (shards[:half], shards[half:])]
    _, t_one = best(lambda: subprocess.run(one_process, capture_output=True))
    _, t_two = best(lambda: [p.wait() for p in [subprocess.Popen(h, stdout=subprocess.DEVNULL,
                                                                    stderr=subprocess.DEVNULL)
                                                   for h in halves]])
    print(f"ceiling without Dask: pawnkit stats --threads 1 on all shards {t_one:.3f} s, two such "
          f"processes on half the shards each at once {t_two:.3f} s: {t_one / t_two:.2f}x")
    times = {}
    for workers in (1, 2):
        with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as cluster, distributed.Client(cluster) as client:
            # Warm-up: every worker imports pawnkit once (not a per-task cost), then one run.
            client.run(importlib.import_module, "pawnkit.dask")
            pawnkit.dask.stats(shards, client=client)
            cpu_before = cluster_cpu(client)
            total, times[workers] = best(lambda: pawnkit.dask.stats(shards, client=client))
            cpu = (cluster_cpu(client) - cpu_before) / RUNS
            assert total.json() == expected, "dask result differs from the CLI"
            print(f"pawnkit.dask.stats, {workers} worker process{'es' if workers > 1 else ''}: "
                  f"{times[workers]:.3f} s wall (best of {RUNS}), {cpu:.3f} s CPU of client, scheduler and workers "
                  f"(mean; {100 * (cpu / cpu_cli - 1):+.0f}% against the CLI's CPU)")
    print(f"speedup 1 -> 2 workers: {times[1]/times[2]:.2f}x (goal at least 1.7x; "
          f"{times[1] / times[2] / (t_one / t_two):.0%} of the ceiling without Dask)")
    print(f"overhead of 2 workers against pawnkit stats --threads 2: {100*(times[2]/t_cli - 1):+.1f}% "
          f"(goal at most +15%)")


if __name__ == "__main__":
    main()
