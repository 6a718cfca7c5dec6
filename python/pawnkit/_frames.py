"""DataFrames from the column arrays the C++ module builds (no copy of the bitboards)."""

import numpy as np
import pandas as pd

from . import _pawnkit

_BITBOARD_COLUMNS = _pawnkit.bitboard_column_names()
_STRUCTURES = _pawnkit.structure_categories()
_SIDES = ["white", "black"]
_PHASES = _pawnkit.phase_categories()


def positions_frame(chunk, tags, problems):
    """One DataFrame from a chunk: game, ply, fen (unless the chunk was made without), the
    bitboards, islands, structure, structure_side, phase, tags."""
    head = {"game": chunk["game"], "ply": chunk["ply"]}
    if "fen" in chunk:
        head["fen"] = chunk["fen"]
    head = pd.DataFrame(head, copy=False)
    # The bitboards arrive as one (columns, rows) block: pandas keeps it as is.
    bitboards = pd.DataFrame(chunk["bitboards"].T, columns=_BITBOARD_COLUMNS, copy=False)
    tail = {
        "white_islands": chunk["white_islands"],
        "black_islands": chunk["black_islands"],
        "structure": pd.Categorical.from_codes(chunk["structure"], categories=_STRUCTURES),
        "structure_side": pd.Categorical.from_codes(chunk["structure_side"], categories=_SIDES),
        "phase": pd.Categorical.from_codes(chunk["phase"], categories=_PHASES),
    }
    for name in tags:
        tail[name] = chunk["tags"][name]
    frame = pd.concat([head, bitboards, pd.DataFrame(tail, copy=False)], axis=1, copy=False)
    frame.attrs.update(problems)
    return frame


def empty_positions_frame(tags, problems=None, fen=True):
    """The frame of no rows, with every column's dtype (Dask's meta)."""
    chunk = {
        "game": np.zeros(0, np.int64),
        "ply": np.zeros(0, np.int32),
        "fen": np.zeros(0, object),
        "bitboards": np.zeros((len(_BITBOARD_COLUMNS), 0), np.uint64),
        "white_islands": np.zeros(0, np.uint8),
        "black_islands": np.zeros(0, np.uint8),
        "structure": np.zeros(0, np.int8),
        "structure_side": np.zeros(0, np.int8),
        "phase": np.zeros(0, np.int8),
        "tags": {name: np.zeros(0, object) for name in tags},
    }
    if not fen:
        del chunk["fen"]
    return positions_frame(chunk, list(tags), problems or {"bad": 0, "skipped": 0, "messages": []})
