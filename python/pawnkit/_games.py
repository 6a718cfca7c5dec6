"""pawnkit.games: one row per game, from the per-game records of the C++ module (no
position rows), marked ok, bad or skipped from the messages about them (and a game the
reader lost before any record, from its message alone)."""

import re

import numpy as np
import pandas as pd

from ._frames import GAME_ID_STRIDE, _file_column, tag_column, tag_type, text_array, union_categories

# "pawnkit: FILE:LINE: game N: message", as io::format_diagnostic writes it.
_MESSAGE = re.compile(r"^pawnkit: (?P<file>.*?):(?P<line>\d+): game (?P<game>\d+): (?P<text>.*)$")


def table_of_games(columns, tags, names, tag_types=None, tag_problems=None):
    """One row per game from the columns of ``_pawnkit.game_table`` (python/src/game_table.cpp),
    indexed by ``game_id``: file, game, game_key, plies (the last ply replayed; <NA> for a
    game with no position), the typed tags and ``structures``: [(name, holder, first ply)]
    of the named structures the game reached (each name and holder once), in the order it
    reached them."""
    files = np.asarray(columns["file"], np.int32)
    game = np.asarray(columns["game"], np.int64)
    plies = np.asarray(columns["plies"], np.int32)
    index = pd.Index(files.astype(np.int64) * GAME_ID_STRIDE + game, name="game_id")
    every = np.arange(len(game))
    frame = pd.DataFrame({"file": _file_column(files, names), "game": game,
                          "game_key": text_array(columns["game_key"]),
                          "plies": pd.arrays.IntegerArray(plies, plies < 0)}, index=index)
    for name in tags:
        values = np.array(columns["tags"][name], dtype=object)
        frame[name] = tag_column(name, values, every, tag_type(name, tag_types), tag_problems)
    structures = np.empty(len(game), dtype=object)
    structures[:] = columns["structures"]
    frame["structures"] = structures
    return frame


_NO_GAMES = {"file": [], "game": [], "plies": [], "game_key": [], "structures": [], "tags": {}}


def games_frame(parts, tags, problems, names, tag_types=None):
    """The table: the chunks' games, then each message's game marked bad or skipped (and
    added when it had no rows)."""
    if not parts:
        parts = [table_of_games({**_NO_GAMES, "tags": {name: [] for name in tags}}, tags, names, tag_types)]
    frame = pd.concat(union_categories(parts))
    frame["status"] = "ok"
    frame["message"] = None
    index_of = {}
    for i, name in enumerate(names):
        index_of.setdefault(name, i)
    extra = []
    for message in problems.get("messages", []):
        match = _MESSAGE.match(message)
        if not match or match["file"] not in index_of:
            continue
        game = int(match["game"])
        game_id = index_of[match["file"]] * GAME_ID_STRIDE + game
        status = "skipped" if match["text"].startswith("skipped:") else "bad"
        if game_id in frame.index:
            frame.loc[game_id, ["status", "message"]] = [status, message]
        else:
            extra.append({"game_id": game_id, "file": match["file"], "game": game, "game_key": None,
                          "plies": np.nan, "structures": [], "status": status, "message": message})
    if extra:
        dtypes = frame.dtypes
        frame = pd.concat([frame, pd.DataFrame(extra).set_index("game_id")])
        for name in tags:  # the added games have no tags: keep the categories
            if isinstance(dtypes[name], pd.CategoricalDtype):
                frame[name] = frame[name].astype(dtypes[name])
    frame = frame.sort_index()
    frame.index.name = "game_id"
    frame["file"] = pd.Categorical(frame["file"].astype(object), categories=list(dict.fromkeys(names)))
    frame["plies"] = frame["plies"].astype("Int32")
    for name in tags:
        if tag_type(name, tag_types) == "category" and not isinstance(frame[name].dtype, pd.CategoricalDtype):
            frame[name] = frame[name].astype("category")
        elif tag_type(name, tag_types) == "str":
            frame[name] = text_array(frame[name].to_numpy(dtype=object))
    # Text as pandas' string dtype however the rows above were added (one schema with meta).
    frame["game_key"] = text_array(frame["game_key"].to_numpy(dtype=object))
    frame["message"] = text_array(frame["message"].to_numpy(dtype=object))
    frame["status"] = frame["status"].astype(pd.CategoricalDtype(["ok", "bad", "skipped"]))
    frame.attrs.update(problems)
    return frame


def game_structures(games):
    """The games table's ``structures`` in long form: one row per game and named structure
    and holder it reached, columns ``game_id``, ``game_key``, ``file``, ``game``,
    ``structure`` (categorical, the categories of the positions' ``structure`` column),
    ``holder`` (white or black: the side holding it, the positions' ``structure_side``)
    and ``first_ply``, in the order of the games and, within a game, of the plies; a game
    that reached none has no row."""
    from ._frames import CATEGORICAL_COLUMNS
    rows = [(game_id, name, holder, ply) for game_id, reached in games["structures"].items()
            for name, holder, ply in reached]
    long = pd.DataFrame(rows, columns=["game_id", "structure", "holder", "first_ply"])
    long["game_id"] = long["game_id"].astype("int64")
    long["first_ply"] = long["first_ply"].astype("int32")
    long["structure"] = pd.Categorical(long["structure"], categories=CATEGORICAL_COLUMNS["structure"])
    long["holder"] = pd.Categorical(long["holder"], categories=CATEGORICAL_COLUMNS["structure_side"])
    where = games.loc[long["game_id"], ["game_key", "file", "game"]].reset_index(drop=True)
    return pd.concat([long[["game_id"]], where, long[["structure", "holder", "first_ply"]]], axis=1)
