"""pawnkit.games: one row per game, aggregated from the position rows chunk by chunk (the
chunks of iter_positions hold whole games), plus the games that have no rows (skipped
variants, games bad from their first move) from the messages about them."""

import re

import numpy as np
import pandas as pd

from ._frames import GAME_ID_STRIDE, tag_type, union_categories

# "pawnkit: FILE:LINE: game N: message", as io::format_diagnostic writes it.
_MESSAGE = re.compile(r"^pawnkit: (?P<file>.*?):(?P<line>\d+): game (?P<game>\d+): (?P<text>.*)$")


def games_of_chunk(chunk, tags):
    """One row per game of a chunk of positions: file, game, game_id, game_key, plies (the
    last ply replayed), the tags, and ``structures``: [(name, holder, first ply)] of the
    named structures the game reached (each name and holder once), in the order it reached
    them."""
    by_game = chunk.groupby("game_id", sort=False)
    frame = pd.DataFrame({"file": by_game["file"].first(), "game": by_game["game"].first(),
                          "game_key": by_game["game_key"].first(), "plies": by_game["ply"].max()})
    for name in tags:
        frame[name] = by_game[name].first()
    named = chunk.loc[chunk["structure"].notna(), ["game_id", "structure", "structure_side", "ply"]]
    first = named.groupby(["game_id", "structure", "structure_side"], observed=True)["ply"].min().reset_index()
    first = first.sort_values(["game_id", "ply"], kind="stable")
    reached = {game_id: list(zip(group["structure"].astype(str), group["structure_side"].astype(str),
                                 group["ply"].astype(int)))
               for game_id, group in first.groupby("game_id", sort=False)}
    frame["structures"] = pd.Series([reached.get(game_id, []) for game_id in frame.index], index=frame.index,
                                    dtype=object)
    return frame


def games_frame(parts, tags, problems, names, tag_types=None):
    """The table: the chunks' games, then each message's game marked bad or skipped (and
    added when it had no rows)."""
    frame = pd.concat(union_categories(parts)) if parts else games_of_chunk(_empty_chunk(tags), tags)
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
        if tag_type(name, tag_types) == "category" and frame[name].dtype == object:
            frame[name] = frame[name].astype("category")
    frame["status"] = frame["status"].astype(pd.CategoricalDtype(["ok", "bad", "skipped"]))
    frame.attrs.update(problems)
    return frame


def _empty_chunk(tags):
    from ._frames import empty_positions_frame
    return empty_positions_frame(tags, fen=False)


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
