"""pawnkit: chess pawn structure with bitboards, from Python.

The heavy lifting (PGN reading, replay, the pawn report, statistics) is pawnkit's C++
core; this package hands its results over as dicts, numpy arrays and pandas DataFrames.

    import pawnkit
    pawnkit.analyze("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1")   # one record of `analyze --format jsonl`
    df = pawnkit.positions("games.pgn.zst", tags="WhiteElo")
    s = pawnkit.stats(["a.pgn", "b.pgn"]); s.to_dict()
    pawnkit.find("games.pgn", "d4 in white.isolated and ply >= 20")
    pawnkit.bb.isolated(df["white_pawns"].to_numpy())

Input is read as the CLI reads it: sloppy FEN/EPD and PGN are repaired, each repair a
``RepairWarning`` (the CLI's warning line); ``strict=True`` is ``--strict`` (every repair an
error). Bad games and records are never dropped silently: they are counted and their
messages (the CLI's text) kept in ``df.attrs`` / ``Stats.errors``, and a ``BadInputWarning``
says so. Both warnings are ``PawnkitWarning``s. A bad FEN or query raises ``ValueError``
with the CLI's text; a file that cannot be opened raises ``OSError``; an argument of the
wrong type raises ``TypeError`` naming it. Long calls stop on Ctrl-C (KeyboardInterrupt)
and show a progress bar (``progress=``).
"""

import json as _json
import sys as _sys
import warnings as _warnings

try:
    from . import _pawnkit
except ImportError as _error:  # the pure Python files are there, the C++ module is not
    raise ImportError(
        "pawnkit's C++ module (_pawnkit) is not built next to " + __path__[0] + ": build it with "
        "`cmake --build build --target pawnkit_python` (after `bash scripts/demo.sh` or "
        "`bash scripts/build.sh`), or install the package with pip (docs/python.md)") from _error

from . import _inputs
from ._bitboards import SQUARES, bb, bitboard, popcount, squares
from ._index import Index
from ._stats import Stats  # with its Python methods (to_dict, to_frame, ...)
from ._pawnkit import version as __version__  # the library's (include/pawnkit/version.hpp)
from ._trace import PAWN_TRACE_COLUMNS, pawn_trace, pawn_weights
from ._tune import REPORT_PHASES, tune, tune_report, tune_trace
from ._absent_tags import present_tags as _present_tags, warn_absent_tags as _warn_absent_tags

__all__ = ["analyze", "positions", "iter_positions", "games", "stats", "find", "timeline", "Stats", "bb", "bitboard",
           "squares", "popcount", "SQUARES", "PawnkitWarning", "BadInputWarning", "RepairWarning", "release_memory",
           "pawn_trace", "pawn_weights", "PAWN_TRACE_COLUMNS", "tune", "tune_report", "tune_trace", "REPORT_PHASES",
           "concat", "game_structures", "to_parquet", "Index", "TagValueWarning"]


class PawnkitWarning(UserWarning):
    """Every warning pawnkit gives: filter them all with this category."""


class BadInputWarning(PawnkitWarning):
    """Some games or records of the input were bad (or of other variants) and left out."""


class RepairWarning(PawnkitWarning):
    """Sloppy input (a FEN without its side to move, a lowercase ``o-o``) was read as its
    writer meant it: the CLI's warning line for that repair."""


class TagValueWarning(PawnkitWarning):
    """Some values of a typed tag column (``WhiteElo "2400.5"``, ``Date "1972.??.??"``) did
    not convert and became NA: one warning per column, with the count
    (``attrs["tag_problems"]`` holds the counts too). Also: no game of the input has a tag
    asked for in ``tags=`` (a misspelt name, such as ``"Whiteelo"``: names are
    case-sensitive), with the closest known names."""


def _warn_tags(tag_problems, stacklevel=3):
    for name, entry in (tag_problems or {}).items():
        count, examples = entry["count"], ", ".join(repr(v) for v in entry["examples"])
        _warnings.warn(f"pawnkit: tag {name}: {count} value{'' if count == 1 else 's'} not {entry['kind']} "
                       f"became NA (e.g. {examples})", TagValueWarning, stacklevel=stacklevel)


# At most this many repairs are warned about one by one; the rest in one summary line.
_REPAIRS_SHOWN = 5


def _warn(problems, what, stacklevel=3):
    repairs = problems.get("warning_messages", [])
    for line in repairs[:_REPAIRS_SHOWN]:
        _warnings.warn(line, RepairWarning, stacklevel=stacklevel)
    if len(repairs) > _REPAIRS_SHOWN:
        _warnings.warn(f"pawnkit: {len(repairs) - _REPAIRS_SHOWN} more repairs of sloppy input "
                       "(all in attrs['warning_messages'] / Stats.warnings)", RepairWarning,
                       stacklevel=stacklevel)
    bad, skipped = problems["bad"], problems["skipped"]
    if not (bad or skipped):
        return
    parts = []
    if bad:
        parts.append(f"{bad} bad {what}{'' if bad == 1 else 's'}")
    if skipped:
        parts.append(f"{skipped} game{'' if skipped == 1 else 's'} of other variants skipped")
    first = problems["messages"][0] if problems["messages"] else ""
    _warnings.warn(f"pawnkit: {', '.join(parts)} (first: {first})", BadInputWarning, stacklevel=stacklevel)


def _interactive():
    """A notebook or an interactive interpreter: where a silent minute looks like a hang."""
    return hasattr(_sys, "ps1") or bool(_sys.flags.interactive) or "ipykernel" in _sys.modules


class _ProgressBar:
    """A tqdm bar of games (bytes read in its postfix), shown once a call has run 2 s
    (tqdm's ``delay``); the callback the C++ side calls every 50 ms."""

    def __init__(self, progress, description):
        if progress is None:
            progress = _interactive()
        self.bar = None
        if _inputs.flag("progress", progress):
            from tqdm.auto import tqdm
            self.bar = tqdm(desc=description, unit=" games", delay=2.0, unit_scale=True)

    def __call__(self, games, read_bytes):
        self.bar.set_postfix_str(f"{read_bytes / 1e6:,.0f} MB", refresh=False)
        self.bar.update(games - self.bar.n)

    @property
    def callback(self):
        return self if self.bar is not None else None

    def close(self):
        if self.bar is not None:
            self.bar.close()


def analyze(fen, *, strict=False):
    """The pawn report of one FEN (or EPD record): the same object as one line of
    ``pawnkit analyze --format jsonl`` ({"fen", "white", "black", "structure", ...}). A
    sloppy FEN (``"4k3/8/8/8/3P4/8/8/4K3"``, no side to move) is repaired as the CLI does,
    each repair a ``RepairWarning``; with ``strict=True`` it is a ``ValueError``."""
    text, repairs = _pawnkit.analyze_json(_inputs.text("fen", fen), _inputs.flag("strict", strict))
    for line in repairs:
        _warnings.warn(f"pawnkit: {line}", RepairWarning, stacklevel=2)
    return _json.loads(text)


class _Request:
    """The checked arguments of positions / iter_positions / find."""

    def __init__(self, paths, where, tags, threads, min_plies, fen, strict, chunk_rows=0, tag_types=None,
                 columns=None):
        self.inputs = _inputs.inputs(paths)
        self.names = [name for name, _ in self.inputs]
        self.where = _inputs.text("where", where, optional=True)
        self.tags = _inputs.tags(tags)
        self.threads = _inputs.integer("threads", threads)
        self.min_plies = _inputs.integer("min_plies", min_plies)
        self.fen = _inputs.flag("fen", fen)
        self.strict = _inputs.flag("strict", strict)
        self.chunk_rows = _inputs.integer("chunk_rows", chunk_rows)
        self.tag_types = _inputs.tag_types(tag_types, ("str", "category", "Int", "date"))
        from ._frames import check_columns
        self.columns = check_columns(columns, self.tags, self.fen)
        if self.columns is not None and "fen" not in self.columns:
            self.fen = False  # the FEN strings are the one costly column: never made unless asked

    def stream(self, first_file=0):
        # With columns=, the C++ side fills (and computes) only those: the others cost no memory.
        tags = self.tags if self.columns is None else [t for t in self.tags if t in self.columns]
        return _pawnkit.PositionStream(self.inputs, self.where, self.min_plies, tags, self.fen, self.strict,
                                       self.threads, self.chunk_rows, first_file, self.columns)


def iter_positions(path, *, where=None, tags=(), tag_types=None, threads=0, min_plies=1, fen=True, strict=False,
                   chunk_rows=100_000, progress=None, columns=None, _first_file=0, _all_names=None,
                   _problems_out=None):
    """Yields the rows of :func:`positions` as DataFrames of whole games, so that memory
    stays flat on any file: a chunk ends before the game that would take it over
    ``chunk_rows`` rows (a game longer than that alone is a chunk of its own; FEN/EPD
    records fill chunks exactly). ``game_id`` is the same as in :func:`positions`. Each
    chunk's ``attrs`` hold the problems seen so far; the warnings come once the input is
    over."""
    request = _Request(path, where, tags, threads, min_plies, fen, strict, chunk_rows, tag_types, columns)
    if request.chunk_rows < 1:
        raise ValueError("chunk_rows must be at least 1")
    from ._frames import positions_frame as _frame  # pandas: imported when first needed
    stream = request.stream(_inputs.integer("_first_file", _first_file))
    names = _all_names if _all_names is not None else request.names
    bar = _ProgressBar(progress, "pawnkit.iter_positions")
    tag_problems = {}
    asked = request.tags if request.columns is None else [t for t in request.tags if t in request.columns]
    present, rows = set(), 0
    try:
        while True:
            chunk = stream.next(bar.callback)
            if chunk is None:
                break
            frame = _frame(chunk, request.tags, stream.problems(), names, tag_types=request.tag_types,
                           tag_problems=tag_problems, columns=request.columns)
            rows += len(frame)
            present |= _present_tags(frame, [t for t in asked if t not in present], tag_problems)
            yield frame
        if _problems_out is None:
            _warn(stream.problems(), "record")
            _warn_tags(tag_problems)
            _warn_absent_tags(asked, present, rows)
        else:  # the caller warns (pawnkit.games)
            _problems_out.append(stream.problems())
            _problems_out.append(tag_problems)
    finally:
        bar.close()
        stream.stop()


def positions(path, *, where=None, tags=(), tag_types=None, threads=0, min_plies=1, fen=True, strict=False,
              progress=None, columns=None, _first_file=0, _all_names=None):
    """One row per position of a PGN (``.pgn``, ``.pgn.zst``) or FEN/EPD file (or a list
    of them, file objects, fsspec URLs) as a pandas DataFrame.

    Columns: ``file`` (categorical: each input's name as given), ``game`` (1-based in its
    file; for FEN/EPD the record's number), ``game_id`` (unique over everything one call reads:
    ``input index * 2**32 + game``, stable across runs; ``groupby("game_id")`` is always
    one game), ``ply``, ``fen``; for each side and square-set key of the report a uint64
    bitboard (``white_pawns``, ``white_isolated``, ..., ``black_promotions``; LERF, bit 0 =
    a1); ``white_islands``/``black_islands``; ``structure`` and ``structure_side``
    (categoricals, NaN when no structure is named); ``phase`` (a categorical: opening,
    middlegame, endgame; docs/patterns.md); then one column per tag in ``tags``
    (a tag name or a list of them), typed: ratings (``WhiteElo``, ``BlackElo``,
    ``*RatingDiff``, ``PlyCount``) as nullable ``Int32``; ``Date``, ``UTCDate``, ``EventDate``
    as ``datetime64`` (a partial date such as ``1972.??.??`` is NaT); ``Result``, ``ECO``,
    ``Termination``, ``TimeControl``, ``Event``, ``White``, ``Black``, ``Opening``, ``Variant``,
    titles and ``Round`` as categoricals; any other tag as text (None when a game lacks it).
    ``tag_types={"Site": "category", "Date": "str"}`` says otherwise for a tag (``"str"``,
    ``"category"``, ``"Int"`` or ``"date"``). A value that does not convert (``WhiteElo
    "2400.5"``, ``"2147483648"``, ``"?"``; a partial date) is NA, never an exception: one
    ``TagValueWarning`` per column counts them, and ``attrs["tag_problems"]`` holds
    {tag: count}. ``Result`` is the game's result as ``pawnkit stats`` scores it: the
    movetext's result token (a sloppy ``1/2`` read as ``1/2-1/2``), the tag only in a game
    without one.

    ``where`` takes the ``find`` query language (docs/query.md); with ``min_plies`` N a
    game's position is kept once the query held for N consecutive plies. ``fen=False``
    leaves out the ``fen`` column. ``columns=[...]`` gives only those columns (any of the
    above and the tags asked for; in that order); the FEN strings are made only when
    ``"fen"`` is among them. ``threads=0`` uses every core. ``strict=True`` is the
    CLI's ``--strict``. ``attrs`` holds ``bad``, ``skipped``, ``messages``, ``warnings`` and
    ``warning_messages``. ``progress`` shows a tqdm bar (default: in an interactive session,
    once the call has run 2 s); Ctrl-C stops the call with KeyboardInterrupt.

    The column memory of frames that were freed is reused by later calls (at most 1 GiB
    is kept; :func:`release_memory` unmaps it)."""
    # pandas is imported when first needed: a Dask worker that only runs stats never is.
    from ._frames import empty_positions_frame as _empty_frame, positions_frame as _frame
    request = _Request(path, where, tags, threads, min_plies, fen, strict, tag_types=tag_types, columns=columns)
    stream = request.stream(_inputs.integer("_first_file", _first_file))
    bar = _ProgressBar(progress, "pawnkit.positions")
    chunks = []
    try:
        while True:
            chunk = stream.next(bar.callback)
            if chunk is None:
                break
            chunks.append(chunk)
    finally:
        bar.close()
        stream.stop()
    problems = stream.problems()
    _warn(problems, "record")
    names = _all_names if _all_names is not None else request.names
    if not chunks:
        return _empty_frame(request.tags, problems, request.fen, names, request.tag_types, request.columns)
    tag_problems = {}
    frame = _frame(chunks[0], request.tags, problems, names, request.tag_types, tag_problems, request.columns)
    _warn_tags(tag_problems)
    asked = [t for t in request.tags if t in frame.columns]
    _warn_absent_tags(asked, _present_tags(frame, asked, tag_problems), len(frame))
    return frame


def games(paths, *, tags=("Result",), tag_types=None, threads=0, strict=False, progress=None, _first_file=0,
          _all_names=None):
    """One row per game of PGN inputs, indexed by ``game_id`` (as in :func:`positions`):
    ``file``, ``game``, ``game_key`` (as in :func:`positions`), ``plies`` (the last ply
    replayed; <NA> for a game with no position), the tags asked for (typed as in
    :func:`positions`; ``Result`` by default), ``structures`` ([(name, holder, first ply)]
    of the named structures the game reached, each name and holder once, in that order),
    ``status`` (ok, bad or skipped: a bad game keeps the plies replayed before its error)
    and ``message`` (the CLI's line about a bad or skipped game). Made by a worker of its
    own in C++ (no pawn report per position), so memory is in proportion to games."""
    from ._games import games_frame, table_of_games
    tags = _inputs.tags(tags)
    tag_types = _inputs.tag_types(tag_types, ("str", "category", "Int", "date"))
    given = _inputs.inputs(paths)
    bar = _ProgressBar(progress, "pawnkit.games")
    try:
        columns, problems = _pawnkit.game_table(given, tags, _inputs.integer("threads", threads),
                                                _inputs.flag("strict", strict),
                                                _inputs.integer("_first_file", _first_file), bar.callback)
    finally:
        bar.close()
    names = _all_names if _all_names is not None else [name for name, _ in given]
    _warn(problems, "game")
    tag_problems = {}
    frame = games_frame([table_of_games(columns, tags, names, tag_types, tag_problems)], tags, problems, names,
                        tag_types)
    _warn_tags(tag_problems)
    _warn_absent_tags(tags, _present_tags(frame, tags, tag_problems), len(frame))
    frame.attrs["tag_problems"] = {name: entry["count"] for name, entry in tag_problems.items()}
    return frame


def to_parquet(paths, directory, *, what="positions", columns=None, where=None, partition_by=None, tags=(),
               tag_types=None, threads=0, min_plies=1, strict=False, chunk_rows=100_000, progress=None):
    """Writes the rows of :func:`positions` (``what="positions"``) or of :func:`games`
    (``what="games"``) as a Parquet dataset in ``directory`` (made when missing; a
    directory with files in it is refused), which ``pandas.read_parquet(directory)`` and
    ``dask.dataframe.read_parquet(directory)`` read back as the frame the call gives (same
    columns, dtypes and rows in the same order; the games' ``structures`` as lists of
    {structure, holder, first_ply} records). Positions are streamed through
    :func:`iter_positions`, one file per chunk of ``chunk_rows`` rows, so memory stays
    flat on any file. ``columns`` writes only those columns (positions: as in
    :func:`positions`; games: of the games table); ``where`` filters positions as in
    :func:`positions`; ``partition_by`` (a column or a list) writes hive-style
    subdirectories (``phase=endgame/``) per value: readers then give that column last,
    as a categorical of its values, and the rows grouped by it. Returns the rows written."""
    from . import _parquet
    what = _inputs.text("what", what)
    if what == "games":
        if where is not None:
            raise ValueError("to_parquet: where= filters positions; games have no where=")
        frame = games(paths, tags=tags, tag_types=tag_types, threads=threads, strict=strict, progress=progress)
        if columns is not None:
            columns = [columns] if isinstance(columns, str) else list(columns)
            unknown = [c for c in columns if c not in frame.columns]
            if unknown:
                raise ValueError(f"columns: unknown {', '.join(map(repr, unknown))} (the games table has "
                                 f"{', '.join(frame.columns)})")
            frame = frame[columns]
        return _parquet.write_games(frame, directory, partition_by)
    if what != "positions":
        raise ValueError(f"what: expected 'positions' or 'games', got {what!r}")
    from ._frames import empty_positions_frame
    chunks = iter_positions(paths, where=where, tags=tags, tag_types=tag_types, threads=threads, min_plies=min_plies,
                            strict=strict, chunk_rows=chunk_rows, progress=progress, columns=columns)
    request_tags = _inputs.tags(tags)
    from ._frames import check_columns
    written = check_columns(columns, request_tags)  # before the directory is made

    def frames():
        any_rows = False
        for chunk in chunks:
            any_rows = True
            yield chunk
        if not any_rows:  # still a dataset: one file of no rows, with every column's type
            yield empty_positions_frame(request_tags, tag_types=tag_types, columns=written,
                                        names=_inputs.names(paths))

    from ._frames import positions_columns
    return _parquet.write_positions(frames(), directory, partition_by,
                                    written if written is not None else positions_columns(request_tags))


def concat(frames):
    """``pd.concat`` that keeps pawnkit's categorical columns categorical (see
    ``pawnkit._frames.concat``): for the chunks of :func:`iter_positions`, frames of
    several calls or computed Dask partitions."""
    from ._frames import concat as _concat
    return _concat(frames)


def game_structures(games):
    """One row per game of a :func:`games` table and named structure and holder it
    reached: ``game_id``, ``game_key``, ``file``, ``game``, ``structure`` and ``holder``
    (categoricals), ``first_ply`` (the tidy form of the ``structures`` column)."""
    from ._games import game_structures as _game_structures
    return _game_structures(games)


def release_memory():
    """Unmaps the column memory that :func:`positions` keeps for reuse once the frames that
    held it are freed (at most 1 GiB), and the arenas of their FEN strings (at most 96 MiB).
    Returns the column bytes released."""
    kept = _pawnkit.kept_column_bytes()
    _pawnkit.release_column_memory()
    return kept


def stats(paths, *, threads=0, min_plies=8, strict=False, phase=None, progress=None, _warn_now=True):
    """The summary of ``pawnkit stats`` over PGN files, as a :class:`Stats`:
    ``to_dict()`` is ``json.loads`` of ``pawnkit stats --format json``; ``a + b`` merges
    two partial results exactly (of the same ``min_plies`` and ``phase``); ``==`` compares
    the numbers; picklable. Bad games are counted in it (``bad_games``, ``errors``) and
    warned about; repairs are in ``warnings``. ``min_plies`` takes 1 to 256. ``phase``
    ("opening", "middlegame" or "endgame") is ``--phase``: the pattern and island rows
    count that phase's positions only."""
    bar = _ProgressBar(progress, "pawnkit.stats")
    try:
        result = _pawnkit.stats(_inputs.inputs(paths), _inputs.integer("threads", threads),
                                _inputs.integer("min_plies", min_plies), _inputs.flag("strict", strict),
                                _inputs.text("phase", phase, optional=True), bar.callback)
    finally:
        bar.close()
    if _warn_now:
        _warn_stats(result)
    return result


def _warn_stats(result, stacklevel=4):
    _warn({"bad": result.bad_games, "skipped": result.skipped_games, "messages": result.errors,
           "warning_messages": result.warnings}, "game", stacklevel=stacklevel)


def find(paths, where, *, games=False, min_plies=1, tags=(), tag_types=None, threads=0, strict=False,
         progress=None):
    """The positions where the query ``where`` holds, as a DataFrame like
    :func:`positions`; with ``games=True`` the matching games as PGN text (as
    ``pawnkit find --games``), a comment marking the first matching ply."""
    if not _inputs.flag("games", games):
        return positions(paths, where=_inputs.text("where", where), tags=tags, tag_types=tag_types, threads=threads,
                         min_plies=min_plies, strict=strict, progress=progress)
    bar = _ProgressBar(progress, "pawnkit.find")
    try:
        text, _matches, problems = _pawnkit.find_games(
            _inputs.inputs(paths), _inputs.text("where", where), _inputs.integer("min_plies", min_plies),
            _inputs.integer("threads", threads), _inputs.flag("strict", strict), bar.callback)
    finally:
        bar.close()
    _warn(problems, "game")
    return text


_TIMELINE_COLUMNS = ["game", "structure", "holder", "first_ply", "last_ply", "plies", "phase"]


def timeline(paths, *, min_plies=8, tags=(), tag_types=None, threads=0, strict=False, progress=None):
    """The structure timeline of every game of PGN inputs, as ``pawnkit timeline`` writes
    it (docs/timeline.md): a DataFrame with one row per range, columns ``file``, ``game``,
    ``game_id``, ``game_key`` (as in :func:`positions`), the JSON lines' ``structure``,
    ``holder``, ``first_ply``, ``last_ply``, ``plies``, ``phase`` (``structure``, ``holder``
    and ``phase`` categorical), then one column per tag in ``tags``, typed as in
    :func:`positions` (``tag_types`` too; a value that does not convert is NA, counted in a
    ``TagValueWarning``). ``attrs`` holds ``bad``, ``skipped``, ``messages``, the repairs'
    ``warnings``/``warning_messages`` and ``tag_problems``."""
    from ._frames import timeline_frame
    tags = _inputs.tags(tags)
    tag_types = _inputs.tag_types(tag_types, ("str", "category", "Int", "date"))
    given = _inputs.inputs(paths)
    bar = _ProgressBar(progress, "pawnkit.timeline")
    try:
        text, problems = _pawnkit.timeline_jsonl(
            given, _inputs.integer("min_plies", min_plies), tags,
            _inputs.integer("threads", threads), _inputs.flag("strict", strict), bar.callback)
    finally:
        bar.close()
    _warn(problems, "game")
    tag_problems = {}
    frame = timeline_frame(text, tags, tag_types, [name for name, _ in given], tag_problems)
    _warn_tags(tag_problems)
    frame.attrs.update(problems)
    return frame
