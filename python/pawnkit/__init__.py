"""pawnkit: chess pawn structure with bitboards, from Python.

The heavy lifting (PGN reading, replay, the pawn report, statistics) is pawnkit's C++
core; this package hands its results over as dicts, numpy arrays and pandas DataFrames.

    import pawnkit
    pawnkit.analyze("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1")   # one record of `analyze --format jsonl`
    df = pawnkit.positions("games.pgn.zst", tags=("WhiteElo",))
    s = pawnkit.stats(["a.pgn", "b.pgn"]); s.to_dict()
    pawnkit.find("games.pgn", "d4 in white.isolated and ply >= 20")
    pawnkit.bb.isolated(df["white_pawns"].to_numpy())

Bad games and records are never dropped silently: they are counted and their messages
(the CLI's text) kept in ``df.attrs`` / ``Stats.errors``, and a ``BadInputWarning`` says so.
A bad FEN or query raises ``ValueError`` with the CLI's text; a file that cannot be opened
raises ``OSError``.
"""

import json as _json
import os as _os
import warnings as _warnings

from . import _pawnkit
from ._pawnkit import Stats, bb
from ._trace import PAWN_TRACE_COLUMNS, pawn_trace, pawn_weights

__all__ = ["analyze", "positions", "iter_positions", "stats", "find", "Stats", "bb", "BadInputWarning",
           "release_memory", "pawn_trace", "pawn_weights", "PAWN_TRACE_COLUMNS"]


class BadInputWarning(UserWarning):
    """Some games or records of the input were bad (or of other variants) and left out."""


def _paths(paths):
    if isinstance(paths, (str, bytes, _os.PathLike)):
        return [_os.fsdecode(paths)]
    return [_os.fsdecode(p) for p in paths]


def _warn(problems, what):
    bad, skipped = problems["bad"], problems["skipped"]
    if not (bad or skipped):
        return
    parts = []
    if bad:
        parts.append(f"{bad} bad {what}{'' if bad == 1 else 's'}")
    if skipped:
        parts.append(f"{skipped} game{'' if skipped == 1 else 's'} of other variants skipped")
    first = problems["messages"][0] if problems["messages"] else ""
    _warnings.warn(f"pawnkit: {', '.join(parts)} (first: {first})", BadInputWarning, stacklevel=3)


def analyze(fen):
    """The pawn report of one FEN (or EPD record): the same object as one line of
    ``pawnkit analyze --format jsonl`` ({"fen", "white", "black", "structure", ...})."""
    return _json.loads(_pawnkit.analyze_json(fen))


def iter_positions(path, *, where=None, tags=(), threads=0, min_plies=1, fen=True, chunk_rows=100_000):
    """Yields the rows of :func:`positions` as DataFrames of at most ``chunk_rows`` rows,
    so that memory stays flat on any file. Each chunk's ``attrs`` hold the problems seen
    so far; the warning for bad games comes once the input is over."""
    if chunk_rows < 1:
        raise ValueError("chunk_rows must be at least 1")
    from ._frames import positions_frame as _frame  # pandas: imported when first needed
    tags = list(tags)
    stream = _pawnkit.PositionStream(_paths(path), where, min_plies, tags, fen, threads, chunk_rows)
    try:
        while True:
            chunk = stream.next()
            if chunk is None:
                break
            yield _frame(chunk, tags, stream.problems())
        _warn(stream.problems(), "record")
    finally:
        stream.cancel()


def positions(path, *, where=None, tags=(), threads=0, min_plies=1, fen=True):
    """One row per position of a PGN (``.pgn``, ``.pgn.zst``) or FEN/EPD file (or a list
    of them) as a pandas DataFrame.

    Columns: ``game`` (1-based in its file; 0 for FEN/EPD), ``ply``, ``fen``; for each side
    and square-set key of the report a uint64 bitboard (``white_pawns``, ``white_isolated``,
    ..., ``black_promotions``; LERF, bit 0 = a1); ``white_islands``/``black_islands``;
    ``structure`` and ``structure_side`` (categoricals, NaN when no structure is named);
    then one column per tag in ``tags`` (None when a game lacks it).

    ``where`` takes the ``find`` query language (docs/query.md); with ``min_plies`` N a
    game's position is kept once the query held for N consecutive plies. ``fen=False``
    leaves out the ``fen`` column (a Python str per row: a fifth of the memory and of the
    time). ``threads=0`` uses every core. ``attrs`` holds ``bad``, ``skipped`` and
    ``messages``.

    The column memory of frames that were freed is reused by later calls (at most 1 GiB
    is kept; :func:`release_memory` unmaps it)."""
    # pandas is imported when first needed: a Dask worker that only runs stats never is.
    from ._frames import empty_positions_frame as _empty_frame, positions_frame as _frame
    tags = list(tags)
    stream = _pawnkit.PositionStream(_paths(path), where, min_plies, tags, fen, threads, 0)
    chunks = []
    while True:
        chunk = stream.next()
        if chunk is None:
            break
        chunks.append(chunk)
    problems = stream.problems()
    _warn(problems, "record")
    if not chunks:
        return _empty_frame(tags, problems, fen)
    return _frame(chunks[0], tags, problems)


def release_memory():
    """Unmaps the column memory that :func:`positions` keeps for reuse once the frames that
    held it are freed (at most 1 GiB; the kernel may also take it back under memory
    pressure). Returns the bytes released."""
    kept = _pawnkit.kept_column_bytes()
    _pawnkit.release_column_memory()
    return kept


def stats(paths, *, threads=0, min_plies=8):
    """The summary of ``pawnkit stats`` over PGN files, as a :class:`Stats`:
    ``to_dict()`` is ``json.loads`` of ``pawnkit stats --format json``; ``a + b`` merges
    two partial results exactly; picklable. Bad games are counted in it (``bad_games``,
    ``errors``) and warned about."""
    result = _pawnkit.stats(_paths(paths), threads, min_plies)
    _warn({"bad": result.bad_games, "skipped": result.skipped_games, "messages": result.errors}, "game")
    return result


def find(paths, where, *, games=False, min_plies=1, tags=(), threads=0):
    """The positions where the query ``where`` holds, as a DataFrame like
    :func:`positions`; with ``games=True`` the matching games as PGN text (as
    ``pawnkit find --games``), a comment marking the first matching ply."""
    if not games:
        return positions(paths, where=where, tags=tags, threads=threads, min_plies=min_plies)
    text, _matches, problems = _pawnkit.find_games(_paths(paths), where, min_plies, threads)
    _warn(problems, "game")
    return text


def _stats_to_dict(self):
    """``json.loads`` of ``pawnkit stats --format json`` on the same games."""
    return _json.loads(self.json())


def _stats_radd(self, other):
    # sum() starts from 0.
    if isinstance(other, int) and other == 0:
        return self
    return NotImplemented


Stats.to_dict = _stats_to_dict
Stats.__radd__ = _stats_radd
Stats.__repr__ = lambda self: (f"pawnkit.Stats(games={self.games}, positions={self.positions}, "
                               f"bad_games={self.bad_games}, min_plies={self.min_plies})")
