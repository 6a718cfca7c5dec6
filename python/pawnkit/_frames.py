"""DataFrames from the column arrays the C++ module builds (no copy of the bitboards)."""

import numpy as np
import pandas as pd

from . import _pawnkit

_BITBOARD_COLUMNS = _pawnkit.bitboard_column_names()

# The categorical columns after the bitboards: name -> categories. The chunk holds each
# one's codes (int8, -1 for none) under the same name; a new one is a line here and its
# codes in chunk_arrays (python/src/module.cpp).
CATEGORICAL_COLUMNS = {
    "structure": _pawnkit.structure_categories(),
    "structure_side": ["white", "black"],
    "phase": _pawnkit.phase_categories(),
}

# How each tag's column is typed unless `tag_types` says otherwise: ratings as nullable
# integers, dates as datetimes, the tags with few distinct values as categoricals; any
# other tag as text (object: str, None where a game lacks it).
TAG_TYPES = {
    **{name: "Int" for name in ("WhiteElo", "BlackElo", "WhiteRatingDiff", "BlackRatingDiff", "PlyCount")},
    **{name: "date" for name in ("Date", "UTCDate", "EventDate")},
    **{name: "category" for name in ("Result", "ECO", "Termination", "TimeControl", "Event", "White", "Black",
                                     "Opening", "Variant", "WhiteTitle", "BlackTitle", "Round")},
}
TAG_TYPE_NAMES = ("str", "category", "Int", "date")

# Categorical tags whose values are a closed set get it as fixed categories, in this order,
# so that frames of different chunks, calls or partitions have the same categories and
# pd.concat keeps them categorical (a value outside the set, such as a sloppy "1/2", is
# added after them, in order of appearance). Free-text tags (Event, names, Opening, ...)
# have the values of their own frame: pawnkit.concat unites them.
KNOWN_TAG_CATEGORIES = {
    "Result": ["1-0", "0-1", "1/2-1/2", "*"],
    "ECO": [f"{letter}{number:02d}" for letter in "ABCDE" for number in range(100)] + ["?"],  # "?": unknown
    "Variant": ["Standard", "Chess960", "From Position"],
}


# The dtype of text columns (fen, game_key, text tags): pandas' own default for strings,
# so that a frame of rows and an empty one (Dask's meta) agree: object on pandas 1 and 2,
# "str" (Arrow-backed where pyarrow is installed, NaN for missing) on pandas 3.
TEXT_DTYPE = pd.Series(["text"]).dtype


def text_array(values):
    """``values`` (str or None) as a column of TEXT_DTYPE, empty or not."""
    values = np.asarray(values, dtype=object)
    return values if TEXT_DTYPE == object else pd.array(values, dtype=TEXT_DTYPE)


def tag_type(name, tag_types):
    return (tag_types or {}).get(name) or TAG_TYPES.get(name, "str")


# A whole number that fits Int32 (no sign of a fraction, at most 10 digits).
_INTEGER = r"\s*[+-]?\d{1,10}\s*"
_INT32_RANGE = (-(1 << 31), (1 << 31) - 1)
# How many of a column's malformed values the warning quotes.
_EXAMPLES = 3


def _note_malformed(tag_problems, name, kind, values):
    """Adds ``values`` (the texts that did not convert) to the count of column ``name``."""
    if tag_problems is None or not len(values):
        return
    entry = tag_problems.setdefault(name, {"kind": kind, "count": 0, "examples": []})
    entry["count"] += len(values)
    for value in values:
        if len(entry["examples"]) >= _EXAMPLES:
            break
        if value not in entry["examples"]:
            entry["examples"].append(value)


def _integers(name, values, tag_problems):
    """Tag texts as a nullable Int32 array: a whole number in Int32's range converts, any
    other text (``"2400.5"``, ``"2147483648"``, ``"abc"``, ``"?"``) is <NA>, counted in
    ``tag_problems``; a missing tag is <NA> and not counted."""
    series = pd.Series(values, dtype=object)
    present = series.notna().to_numpy()
    text = series[present].astype(str)
    whole = text.str.fullmatch(_INTEGER).to_numpy(dtype=bool)
    numbers = np.zeros(len(series), np.int64)
    numbers[np.flatnonzero(present)[whole]] = text[whole].astype(np.int64).to_numpy()
    fits = (numbers >= _INT32_RANGE[0]) & (numbers <= _INT32_RANGE[1])
    good = np.zeros(len(series), bool)
    good[np.flatnonzero(present)[whole]] = True
    good &= fits
    _note_malformed(tag_problems, name, "an integer in Int32's range", series[present & ~good].tolist())
    return pd.arrays.IntegerArray(np.where(good, numbers, 0).astype(np.int32), ~good)


def _dates(name, values, tag_problems):
    """PGN dates ("2013.01.31") as datetime64; a partial date ("1972.??.??", "????.??.??")
    or anything else that is not a whole date is NaT, counted in ``tag_problems`` (its text
    stays available with ``tag_types={"Date": "str"}``)."""
    series = pd.Series(values, dtype=object)
    dates = pd.to_datetime(series, format="%Y.%m.%d", errors="coerce")
    _note_malformed(tag_problems, name, "a whole date (YYYY.MM.DD)", series[series.notna() & dates.isna()].tolist())
    # Nanoseconds on every pandas (pandas 3 would pick microseconds): one schema.
    return dates.to_numpy().astype("datetime64[ns]")


def tag_column(name, per_game, slot, kind, tag_problems=None):
    """The column of tag ``name`` from its value per game and each row's game. A value that
    does not convert to the column's type is NA, never an exception: it is counted in
    ``tag_problems`` (name -> {"kind", "count", "examples"}), which the caller warns about."""
    if kind == "category":
        codes, categories = pd.factorize(per_game, use_na_sentinel=True)
        categories = categories.astype(object)
        known = KNOWN_TAG_CATEGORIES.get(name)
        if known is not None:  # codes into known + the values outside it
            categories, codes = _with_known(known, categories, codes)
        return pd.Categorical.from_codes(codes[slot] if len(slot) else codes[:0], categories=categories)
    if kind == "Int":
        numbers = _integers(name, per_game, tag_problems)
        return numbers[slot] if len(slot) else numbers[:0]
    if kind == "date":
        return _dates(name, per_game, tag_problems)[slot] if len(slot) else np.zeros(0, "datetime64[ns]")
    return text_array(per_game[slot] if len(slot) else np.zeros(0, object))


def tag_problem_counts(tag_problems):
    """{tag: number of values that became NA} for ``attrs["tag_problems"]``."""
    return {name: entry["count"] for name, entry in (tag_problems or {}).items()}


def _with_known(known, found, codes):
    """Categories ``known`` then the ``found`` values outside it, and ``codes`` (into
    ``found``, -1 for none) recoded into them."""
    position = {value: i for i, value in enumerate(known)}
    extra = [value for value in found if value not in position]
    for value in extra:
        position[value] = len(position)
    recode = np.array([position[value] for value in found] + [-1], dtype=np.int32)
    return known + extra, recode[codes]  # code -1 picks the appended -1


def union_categories(frames):
    """The frames with, in each categorical column, the same categories: the union in
    order of first appearance (the frames are not changed; those already alike are
    returned as they are)."""
    frames = list(frames)
    if not frames:
        return frames
    columns = [c for c, dtype in frames[0].dtypes.items() if isinstance(dtype, pd.CategoricalDtype)]
    for column in columns:
        dtypes = [f[column].dtype for f in frames]
        if all(d == dtypes[0] for d in dtypes):
            continue
        union = list(dict.fromkeys(v for d in dtypes for v in d.categories))
        united = pd.CategoricalDtype(union, ordered=dtypes[0].ordered)
        frames = [f if f[column].dtype == united else _with_column(f, column, f[column].astype(united))
                  for f in frames]
    return frames


def _with_column(frame, column, values):
    shallow = frame.copy(deep=False)  # the other columns' arrays are shared, not copied
    shallow[column] = values
    return shallow


def concat(frames):
    """``pd.concat`` of pawnkit's frames (the chunks of iter_positions, the results of
    several positions or games calls, computed Dask partitions) that keeps every
    categorical column categorical: plain pd.concat turns a column whose categories differ
    between the frames (a free-text tag such as ``Event`` or ``White``) into text. The
    categories become their union in order of first appearance, so the chunks of one
    iter_positions call give the frame positions gives. Frames with the default index are
    renumbered (``ignore_index``), others (games: ``game_id``) keep theirs. ``attrs`` are
    the last frame's (for iter_positions: the call's totals)."""
    frames = union_categories(frames)
    if not frames:
        raise ValueError("concat needs at least one frame")
    renumber = all(isinstance(f.index, pd.RangeIndex) and f.index.start == 0 for f in frames)
    result = pd.concat(frames, ignore_index=renumber)
    result.attrs = dict(frames[-1].attrs)
    return result


# game_id = input index * GAME_ID_STRIDE + game (made in C++, python/src/positions.cpp):
# unique over the inputs of one call (or one Dask collection), the same on every run over
# the same inputs, but not across calls: game_key is the key that is.
GAME_ID_STRIDE = 1 << 32


def _file_column(codes, names):
    """The ``file`` categorical from each row's input index: each input's name as given (a
    name given twice is one category; game_id still tells the two readings apart)."""
    categories = list(dict.fromkeys(names))
    if len(categories) < len(names):
        position = {name: i for i, name in enumerate(categories)}
        codes = np.array([position[name] for name in names], dtype=np.int32)[codes]
    return pd.Categorical.from_codes(codes, categories=categories)


def positions_columns(tags, fen=True):
    """Every column of :func:`positions_frame`, in order, for these tags."""
    return (["file", "game", "game_id", "game_key", "ply"] + (["fen"] if fen else []) + list(_BITBOARD_COLUMNS)
            + ["white_islands", "black_islands"] + list(CATEGORICAL_COLUMNS) + list(tags))


def check_columns(columns, tags, fen=True):
    """``columns=`` of positions/iter_positions/to_parquet as a list of known column names
    (None: every column), or ValueError naming the unknown ones and the known ones."""
    if columns is None:
        return None
    if isinstance(columns, str):
        columns = [columns]
    columns = list(columns)
    known = positions_columns(tags, fen)
    unknown = [c for c in columns if c not in known]
    if unknown:
        raise ValueError(f"columns: unknown column{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))} "
                         f"(a tag needs tags=[...] too; the columns are {', '.join(known)})")
    if len(set(columns)) < len(columns):
        raise ValueError("columns: a column is named twice")
    return columns


def positions_frame(chunk, tags, problems, names, tag_types=None, tag_problems=None, columns=None):
    """One DataFrame from a chunk: file, game, game_id, game_key, ply, fen (unless the
    chunk was made without), the bitboards, islands, the categorical columns, tags; only
    ``columns`` (in that order) when given, the others never made. ``names`` are the names
    of every input of the call (or Dask collection), which the chunk's ``file`` codes
    index. Tag values that do not convert are added to ``tag_problems`` (a dict the caller
    keeps over chunks) and counted in ``attrs["tag_problems"]``."""
    if tag_problems is None:
        tag_problems = {}
    slot = chunk.get("game_slot")  # absent when columns= asks for neither game_key nor a tag
    makers = {
        "file": lambda: _file_column(chunk["file"], names),
        "game": lambda: chunk["game"],
        "game_id": lambda: chunk["game_id"],
        "game_key": lambda: text_array(chunk["game_keys"][slot] if len(slot) else np.zeros(0, object)),
        "ply": lambda: chunk["ply"],
        "fen": lambda: text_array(chunk["fen"]),
        "white_islands": lambda: chunk["white_islands"],
        "black_islands": lambda: chunk["black_islands"],
    }
    # One contiguous array per bitboard column: with copy=False pandas keeps each as a
    # block of its own (no consolidation into one 2-D block, so no copy and no strides).
    for name, array in zip(_BITBOARD_COLUMNS, chunk["bitboards"]):
        makers[name] = lambda array=array: array
    for name, categories in CATEGORICAL_COLUMNS.items():
        makers[name] = lambda name=name, categories=categories: pd.Categorical.from_codes(chunk[name],
                                                                                          categories=categories)
    for name in tags:
        makers[name] = lambda name=name: tag_column(name, chunk["tags"][name], slot, tag_type(name, tag_types),
                                                    tag_problems)
    order = columns if columns is not None else positions_columns(tags, "fen" in chunk)
    frame = pd.DataFrame({name: makers[name]() for name in order}, copy=False)
    frame.attrs.update(problems)
    frame.attrs["tag_problems"] = tag_problem_counts(tag_problems)
    return frame


def empty_positions_frame(tags, problems=None, fen=True, names=(), tag_types=None, columns=None):
    """The frame of no rows, with every column's dtype (Dask's meta)."""
    chunk = {
        "file": np.zeros(0, np.int32),
        "game": np.zeros(0, np.int64),
        "game_id": np.zeros(0, np.int64),
        "ply": np.zeros(0, np.int32),
        "fen": np.zeros(0, object),
        "bitboards": [np.zeros(0, np.uint64) for _ in _BITBOARD_COLUMNS],
        "white_islands": np.zeros(0, np.uint8),
        "black_islands": np.zeros(0, np.uint8),
        "tags": {name: np.zeros(0, object) for name in tags},
        "game_keys": np.zeros(0, object),
        "game_slot": np.zeros(0, np.uint32),
    }
    for name in CATEGORICAL_COLUMNS:
        chunk[name] = np.zeros(0, np.int8)
    if not fen:
        del chunk["fen"]
    problems = problems or {"bad": 0, "skipped": 0, "messages": [], "warnings": 0, "warning_messages": []}
    return positions_frame(chunk, list(tags), problems, list(names), tag_types=tag_types, columns=columns)


def timeline_frame(text, tags, tag_types, names, tag_problems):
    """The rows of ``pawnkit timeline --format jsonl`` (each game's lines after a "#FILE
    KEY" line, python/src/games.cpp) as a frame of pawnkit's schema: file, game, game_id,
    game_key, the range columns, the typed tags."""
    import json
    files, keys, records = [], [], []
    file, key = 0, None
    for line in text.splitlines():
        if line.startswith("#"):
            file_text, key = line[1:].split(" ")
            file = int(file_text)
            continue
        files.append(file)
        keys.append(key)
        records.append(json.loads(line))
    rows = pd.DataFrame(records, columns=["game", "structure", "holder", "first_ply", "last_ply", "plies", "phase"]
                        + list(tags))
    game = rows["game"].to_numpy(np.int64)
    codes = np.asarray(files, np.int32)
    columns = {"file": _file_column(codes, names), "game": game, "game_id": codes.astype(np.int64) * GAME_ID_STRIDE
               + game, "game_key": text_array(keys)}
    columns["structure"] = pd.Categorical(rows["structure"], categories=CATEGORICAL_COLUMNS["structure"])
    columns["holder"] = pd.Categorical(rows["holder"], categories=CATEGORICAL_COLUMNS["structure_side"])
    for name in ("first_ply", "last_ply", "plies"):
        columns[name] = rows[name].to_numpy(np.int64)
    columns["phase"] = pd.Categorical(rows["phase"], categories=CATEGORICAL_COLUMNS["phase"])
    every_row = np.arange(len(rows))
    for name in tags:
        values = rows[name].to_numpy(dtype=object)
        columns[name] = tag_column(name, values, every_row, tag_type(name, tag_types), tag_problems)
    frame = pd.DataFrame(columns)
    frame.attrs["tag_problems"] = tag_problem_counts(tag_problems)
    return frame
