"""pawnkit on a Dask cluster: one task per file (or per shard made by ``pawnkit split``).

    from dask.distributed import Client, LocalCluster
    import pawnkit.dask
    client = Client(LocalCluster(n_workers=2, threads_per_worker=1))
    total = pawnkit.dask.stats(sorted(glob.glob("shards/*.pgn.zst")), client=client)
    frame = pawnkit.dask.positions(paths, tags=("WhiteElo",))   # a dask DataFrame

Nothing here is cluster code of its own: the tasks are plain pawnkit calls, the partial
``Stats`` are merged by ``+`` in a tree, and Dask moves them (they pickle to tens or
hundreds of KB: each score row keeps its rated games by rating difference and result).

For speed: one worker process per core with one thread each (``threads_per_worker=1``),
and ``threads=1`` per task (the default here), so that the cores run tasks side by side
instead of threads fighting inside one task; a few shards per worker or more, each worth
at least some tenths of a CPU second (Dask spends a few milliseconds per task).
"""

import functools
import operator
import os
import re
import shutil
import subprocess
import tempfile
import warnings

import dask

import pawnkit
from pawnkit import _inputs


def _paths(paths):
    """One task's input per path: a single path (or URL) is one, never its characters."""
    if isinstance(paths, (str, bytes)) or hasattr(paths, "__fspath__"):
        return [paths]
    if _inputs._is_file_object(paths) or not hasattr(paths, "__iter__"):
        raise TypeError(f"paths: expected paths or fsspec URLs (a worker opens each), got {type(paths).__name__}")
    return list(paths)


def _warn_mixed_splits(paths, stacklevel=3):
    """Warns when ``paths`` hold shards of more than one ``pawnkit split`` of one input
    (their first line says which input and game each starts at): one split never writes
    two shards that start at the same game of its input, so two such shards come from two
    splits (another --games into the same folder, or two folders globbed together), and
    their games would count twice. URLs are not opened (a second download)."""
    starts = {}
    for path in paths:
        if not (isinstance(path, str) or hasattr(path, "__fspath__")) or _inputs._URL.match(str(path)):
            continue
        try:
            origin = pawnkit._pawnkit.split_origin(os.fspath(path))
        except (OSError, TypeError, ValueError):
            continue  # the task reports it
        if origin is not None:
            starts.setdefault((origin[0], origin[1]), []).append(os.fspath(path))
    for (file, game), shards in starts.items():
        if len(shards) > 1:
            warnings.warn(f"pawnkit.dask: the paths hold shards of more than one split of {file}: {shards[0]} and "
                          f"{shards[1]} both start at its game {game}, so games would be counted twice (split into "
                          f"an empty folder, or with --force, which removes the older shards)",
                          pawnkit.PawnkitWarning, stacklevel=stacklevel)
            return


def _compute(graph, client):
    """``graph`` computed by ``client`` (None: the active distributed Client, else Dask's
    default scheduler). On Ctrl-C the futures are cancelled, so that the cluster stops
    running the call's tasks (a task already running ends first)."""
    if client is None:
        try:
            from distributed import default_client
            client = default_client()
        except (ImportError, ValueError):  # no distributed, or no Client
            return graph.compute()
    future = client.compute(graph)
    try:
        return future.result()
    except KeyboardInterrupt:
        client.cancel(future, force=True)
        raise


def _origin_of(path):
    """The messages' rewriting for a shard of ``pawnkit split``: a function from a message
    naming the shard ("pawnkit: SHARD:LINE: game N: ...") to the same message naming the
    original file, its line and game number (the shard's first line says where it starts,
    io/split_origin.hpp), the shard kept at the end in brackets. Identity for other files
    and for URLs (whose first line would cost a second download)."""
    name, data = _inputs.inputs([path])[0] if not _inputs._URL.match(str(path)) else (None, None)
    origin = pawnkit._pawnkit.split_origin(name, data) if name is not None else None
    if origin is None:
        return lambda message: message
    file, first_game, first_line = origin
    head = f"pawnkit: {name}:"

    def relocate(message):
        if not message.startswith(head):
            return message
        match = re.match(r"(?:(?P<line>\d+): )?(?:game (?P<game>\d+): )?(?P<text>.*)$", message[len(head):].lstrip(" "))
        where = file
        if match["line"]:  # the header is the shard's line 1, its first game's line is first_line
            where += f":{int(match['line']) - 2 + first_line}"
        game = f"game {int(match['game']) + first_game - 1}: " if match["game"] else ""
        return f"pawnkit: {where}: {game}{match['text']} [{name}]"
    return relocate


def _file_stats(path, threads, min_plies, phase=None):
    # No warning on the worker: the client warns once about the merged result.
    result = pawnkit.stats([path], threads=threads, min_plies=min_plies, phase=phase, progress=False,
                           _warn_now=False)
    relocate = _origin_of(path)
    data, errors, warnings = result.__getstate__()
    if not errors and not warnings:
        return result
    relocated = pawnkit.Stats.__new__(pawnkit.Stats)  # the pickle state, with the messages renamed
    relocated.__setstate__((data, [relocate(m) for m in errors], [relocate(m) for m in warnings]))
    return relocated


def _relocate_frame(frame, path):
    """A partition's messages (attrs, the games' "message" column) naming the original."""
    relocate = _origin_of(path)
    for key in ("messages", "warning_messages"):
        if key in frame.attrs:
            frame.attrs[key] = [relocate(m) for m in frame.attrs[key]]
    if "message" in frame.columns:
        import pandas as pd  # here: workers running stats() alone never import pandas
        relocated = frame["message"].map(lambda m: m if pd.isna(m) else relocate(m))
        frame["message"] = pawnkit._frames.text_array(relocated.to_numpy(dtype=object))  # all-NA maps to float
    return frame


def _positions_part(path, index, names, **options):
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", pawnkit.PawnkitWarning)
        frame = pawnkit.positions(path, progress=False, _first_file=index, _all_names=names, **options)
    return _relocate_frame(frame, path)


def _merge(parts, min_plies):
    # Not from the empty Stats(min_plies): it has no phase, and Stats of a phase= add up
    # only with Stats of the same phase. A merge node has two parts or more.
    return functools.reduce(operator.add, parts)


def stats_graph(paths, *, threads=1, min_plies=8, fan_in=8, phase=None):
    """The delayed computation behind :func:`stats`: one task per path, then a tree of
    merges with up to ``fan_in`` inputs per node (depth log_fan_in(len(paths))). The
    tasks are not pure: a file may change between two calls with the same path."""
    paths = _paths(paths)
    if not paths:
        raise ValueError("pawnkit.dask.stats needs at least one path")
    if fan_in < 2:
        raise ValueError("fan_in must be at least 2")
    phase = _inputs.text("phase", phase, optional=True)
    _warn_mixed_splits(paths, stacklevel=4)
    level = [dask.delayed(_file_stats, pure=False)(p, threads, min_plies, phase) for p in paths]
    while len(level) > 1:
        level = [dask.delayed(_merge, pure=False)(level[i:i + fan_in], min_plies) if len(level[i:i + fan_in]) > 1
                 else level[i] for i in range(0, len(level), fan_in)]
    return level[0]


def stats(paths, client=None, *, threads=1, min_plies=8, fan_in=8, phase=None):
    """``pawnkit.stats`` over many files as one Dask task per file, merged by a tree
    reduction. ``threads`` is per task (1 suits one task per worker core). ``phase``
    ("opening", "middlegame", "endgame") is ``pawnkit.stats(phase=)``: the pattern and
    island rows count that phase's positions only. With
    ``client=None`` the current Dask scheduler runs it (a distributed Client if one is
    active, else Dask's default)."""
    graph = stats_graph(paths, threads=threads, min_plies=min_plies, fan_in=fan_in, phase=phase)
    result = _compute(graph, client)
    pawnkit._warn_stats(result, stacklevel=3)  # once, with the merged counts
    return result


def positions(paths, *, where=None, tags=(), tag_types=None, threads=1, min_plies=1, fen=True, strict=False,
              columns=None):
    """A ``dask.dataframe.DataFrame`` of :func:`pawnkit.positions`, one partition per path,
    with the exact ``meta`` (columns and dtypes) of pawnkit.positions. ``file`` has every
    path as a category and ``game_id`` is unique over the whole collection (path index *
    2**32 + game), as in one pawnkit.positions call over the same paths. Workers do not
    warn (the problems are in each partition's attrs). ``columns`` as in pawnkit.positions."""
    # Imported here: dask.dataframe takes a second to import, which every worker process
    # would pay for when it unpickles a stats task from this module.
    import dask.dataframe as dd
    from ._frames import check_columns, empty_positions_frame

    paths = _paths(paths)
    _warn_mixed_splits(paths)
    names = _inputs.names(paths)
    tags = _inputs.tags(tags)
    tag_types = _inputs.tag_types(tag_types, ("str", "category", "Int", "date"))
    columns = check_columns(columns, tags, fen)
    parts = [dask.delayed(_positions_part, pure=False)(p, i, names, where=where, tags=tags, tag_types=tag_types,
                                                       threads=threads, min_plies=min_plies, fen=fen, strict=strict,
                                                       columns=columns)
             for i, p in enumerate(paths)]
    meta = empty_positions_frame(tags, fen=fen, names=names, tag_types=tag_types, columns=columns)
    # Each partition has the tag values of its own games as categories: unknown to the meta.
    meta = dd.utils.clear_known_categories(meta, cols=[t for t in tags if t in meta and meta[t].dtype == "category"])
    return dd.from_delayed(parts, meta=meta, verify_meta=True)


def games(paths, *, tags=("Result",), tag_types=None, threads=1, strict=False):
    """A ``dask.dataframe.DataFrame`` of :func:`pawnkit.games`, one partition per path
    (``game_id`` unique over the collection)."""
    import dask.dataframe as dd

    paths = _paths(paths)
    _warn_mixed_splits(paths)
    names = _inputs.names(paths)
    tags = _inputs.tags(tags)

    def part(path, index):
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", pawnkit.PawnkitWarning)
            frame = pawnkit.games(path, tags=tags, tag_types=tag_types, threads=threads, strict=strict,
                                  progress=False, _first_file=index, _all_names=names)
        return _relocate_frame(frame, path)

    from ._games import games_frame
    meta = games_frame([], tags, {"bad": 0, "skipped": 0, "messages": []}, names, tag_types)
    meta = dd.utils.clear_known_categories(meta, cols=[t for t in tags if meta[t].dtype == "category"])
    return dd.from_delayed([dask.delayed(part, pure=False)(p, i) for i, p in enumerate(paths)], meta=meta,
                           verify_meta=True)



def _cli_path(cli):
    """The command-line tool the workers run: ``cli``, else $PAWNKIT_CLI, else the
    pawnkit-cli a pip install puts beside the package, else ``pawnkit`` on the PATH."""
    if cli is not None:
        return os.fspath(cli)
    beside = os.path.join(os.path.dirname(os.path.abspath(pawnkit.__file__)), "pawnkit-cli")
    for candidate in (os.environ.get("PAWNKIT_CLI"), beside, shutil.which("pawnkit")):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    raise FileNotFoundError("pawnkit.dask.index: no pawnkit command-line tool found (pass cli=...)")


def _index_add(cli, db, paths, threads):
    """``pawnkit index add`` of ``paths`` into ``db``; its messages, or OSError when the
    index could not be written (status 1 with games left out is not an error: the
    one-process build leaves them out too)."""
    done = subprocess.run([cli, "index", "add", "--threads", str(threads), os.fspath(db), *map(os.fspath, paths)],
                          capture_output=True, text=True)
    failed = f"pawnkit: index add: {os.fspath(db)}: "
    if done.returncode not in (0, 1) or any(line.startswith(failed) for line in done.stderr.splitlines()):
        raise OSError(done.stderr.strip() or f"pawnkit index add exited with {done.returncode}")
    return done.stderr


def _partial_index(cli, part, path, threads):
    return part, _index_add(cli, part, [path], threads)


def index(paths, db, client=None, *, threads=1, cli=None, scratch=None):
    """Adds the games of ``paths`` to the structure index ``db`` (created when missing),
    answering exactly as ``pawnkit index add db PATH...`` of the same paths in the same
    order. Each path (a file or a shard of ``pawnkit split``) is built into a partial
    index by a worker (``pawnkit index add``, ``threads`` per task); the client then adds
    the partial indexes to ``db`` in path order, each renumbered after the games before it
    and its counts summed by the index's merge operator, in one table file each. A shard
    holding a game already added (the same tags and moves) is added again game by game on
    the client instead, so that the game counts once, as in one process.

    The partial indexes go to ``scratch`` (default: a new directory beside ``db``), which
    the workers and the client must both reach (one machine, or a shared file system);
    they are removed at the end. The workers run ``cli`` (see _cli_path). Returns the
    workers' messages (games left out, warnings), one string per path."""
    paths = [os.fspath(p) for p in _paths(paths)]
    if not paths:
        raise ValueError("pawnkit.dask.index needs at least one path")
    cli = _cli_path(cli)
    db = os.fspath(db)
    own_scratch = scratch is None
    scratch = tempfile.mkdtemp(prefix=".pawnkit-parts-", dir=os.path.dirname(os.path.abspath(db))) \
        if own_scratch else os.fspath(scratch)
    try:
        parts = [os.path.join(scratch, f"part-{i:06d}") for i in range(len(paths))]
        tasks = [dask.delayed(_partial_index, pure=False)(cli, part, path, threads) for part, path in zip(parts, paths)]
        built = client.compute(tasks, sync=True) if client is not None else dask.compute(*tasks)
        messages = [text for _, text in built]
        first = 0
        while first < len(parts):
            first += pawnkit._pawnkit.merge_indexes(db, parts[first:])
            if first < len(parts):  # a game of this shard is already in db
                _index_add(cli, db, [paths[first]], threads)
                first += 1
        return messages
    finally:
        for part in parts if "parts" in locals() else []:
            shutil.rmtree(part, ignore_errors=True)
        if own_scratch:
            shutil.rmtree(scratch, ignore_errors=True)
