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

import re

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


def _file_stats(path, threads, min_plies):
    # No warning on the worker: the client warns once about the merged result.
    result = pawnkit.stats([path], threads=threads, min_plies=min_plies, progress=False, _warn_now=False)
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
    return sum(parts, pawnkit.Stats(min_plies))


def stats_graph(paths, *, threads=1, min_plies=8, fan_in=8):
    """The delayed computation behind :func:`stats`: one task per path, then a tree of
    merges with up to ``fan_in`` inputs per node (depth log_fan_in(len(paths))). The
    tasks are not pure: a file may change between two calls with the same path."""
    paths = _paths(paths)
    if not paths:
        raise ValueError("pawnkit.dask.stats needs at least one path")
    if fan_in < 2:
        raise ValueError("fan_in must be at least 2")
    level = [dask.delayed(_file_stats, pure=False)(p, threads, min_plies) for p in paths]
    while len(level) > 1:
        level = [dask.delayed(_merge, pure=False)(level[i:i + fan_in], min_plies) if len(level[i:i + fan_in]) > 1
                 else level[i] for i in range(0, len(level), fan_in)]
    return level[0]


def stats(paths, client=None, *, threads=1, min_plies=8, fan_in=8):
    """``pawnkit.stats`` over many files as one Dask task per file, merged by a tree
    reduction. ``threads`` is per task (1 suits one task per worker core). With
    ``client=None`` the current Dask scheduler runs it (a distributed Client if one is
    active, else Dask's default)."""
    graph = stats_graph(paths, threads=threads, min_plies=min_plies, fan_in=fan_in)
    result = client.compute(graph).result() if client is not None else graph.compute()
    pawnkit._warn_stats(result, stacklevel=3)  # once, with the merged counts
    return result


def positions(paths, *, where=None, tags=(), tag_types=None, threads=1, min_plies=1, fen=True, strict=False):
    """A ``dask.dataframe.DataFrame`` of :func:`pawnkit.positions`, one partition per path,
    with the exact ``meta`` (columns and dtypes) of pawnkit.positions. ``file`` has every
    path as a category and ``game_id`` is unique over the whole collection (path index *
    2**32 + game), as in one pawnkit.positions call over the same paths. Workers do not
    warn (the problems are in each partition's attrs)."""
    # Imported here: dask.dataframe takes a second to import, which every worker process
    # would pay for when it unpickles a stats task from this module.
    import dask.dataframe as dd
    from ._frames import empty_positions_frame

    paths = _paths(paths)
    names = _inputs.names(paths)
    tags = _inputs.tags(tags)
    tag_types = _inputs.tag_types(tag_types, ("str", "category", "Int", "date"))
    parts = [dask.delayed(_positions_part, pure=False)(p, i, names, where=where, tags=tags, tag_types=tag_types,
                                                       threads=threads, min_plies=min_plies, fen=fen, strict=strict)
             for i, p in enumerate(paths)]
    meta = empty_positions_frame(tags, fen=fen, names=names, tag_types=tag_types)
    # Each partition has the tag values of its own games as categories: unknown to the meta.
    meta = dd.utils.clear_known_categories(meta, cols=[t for t in tags if meta[t].dtype == "category"])
    return dd.from_delayed(parts, meta=meta, verify_meta=True)


def games(paths, *, tags=("Result",), tag_types=None, threads=1, strict=False):
    """A ``dask.dataframe.DataFrame`` of :func:`pawnkit.games`, one partition per path
    (``game_id`` unique over the collection)."""
    import dask.dataframe as dd

    paths = _paths(paths)
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

