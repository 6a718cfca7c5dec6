"""The Python half of bench/dask_scaling.sh (a file, not stdin: Dask's worker processes
re-import the main module). Reads PAWNKIT, INPUT and SHARDS from the environment."""
import glob, os, subprocess, time
import distributed
import pawnkit, pawnkit.dask


def best(f, runs=3):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        result = f()
        times.append(time.perf_counter() - t)
    return result, min(times)


def main():
    cli, path = os.environ["PAWNKIT"], os.environ["INPUT"]
    shards = sorted(glob.glob(os.path.join(os.environ["SHARDS"], "*.pgn.zst")))

    expected, t_cli = best(lambda: subprocess.run([cli, "stats", "--format", "json", "--threads", "2", path],
                                                  capture_output=True, text=True).stdout)
    print(f"pawnkit stats --threads 2 (unsplit): {t_cli:.3f} s")
    times = {}
    for workers in (1, 2):
        with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                      dashboard_address=None) as cluster, distributed.Client(cluster) as client:
            pawnkit.dask.stats(shards[:2], client=client)  # warm-up: workers import pawnkit
            total, times[workers] = best(lambda: pawnkit.dask.stats(shards, client=client))
            assert total.json() == expected, "dask result differs from the CLI"
            print(f"pawnkit.dask.stats, {workers} worker process{'es' if workers > 1 else ''}: {times[workers]:.3f} s")
    print(f"speedup 1 -> 2 workers: {times[1]/times[2]:.2f}x")
    print(f"overhead of 2 workers against pawnkit stats --threads 2: {100*(times[2]/t_cli - 1):+.1f}%")


if __name__ == "__main__":
    main()
