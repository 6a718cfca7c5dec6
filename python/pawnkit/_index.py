"""pawnkit.Index: the structure index (``pawnkit index add``) asked from Python.

``Index(path).explore(fen, ...)`` returns the object ``pawnkit explore --format json``
prints for the same arguments (the same C++ writer makes both); ``.moves()`` and
``.games()`` are its moves and model games as DataFrames. docs/explorer.md says what is
counted.
"""

import json
import os

from . import _pawnkit

MOVE_COLUMNS = ["uci", "games", "white", "draws", "black"]
GAME_COLUMNS = ["white", "black", "white_elo", "black_elo", "result", "date", "event", "site",
                "time_control", "speed", "first_ply", "file", "game", "line", "offset", "id"]


class Index:
    """A structure index opened read-only (``index add`` may write beside it; the index is
    seen as of the last whole batch when it was opened). A missing, damaged or other
    version's index raises ``OSError``."""

    def __init__(self, path):
        self._reader = _pawnkit.IndexReader(os.fspath(path))

    def explore(self, fen, *, match="exact", min_elo=0, speeds=(), since=None, until=None,
                games=5):
        """The games that reached the pawns of ``fen`` (pieces, side to move and castling
        ignored): their score, the moves that left the pawns, the model games. ``match``:
        "exact", "center" or "structure"; ``min_elo``: a multiple of 100; ``speeds``: Lichess
        speed names; ``since``/``until``: "YYYY-MM". A bad FEN or filter raises
        ``ValueError`` with the CLI's message."""
        if isinstance(speeds, str):
            speeds = [s for s in speeds.split(",") if s]
        text = self._reader.explore_json(fen, match, int(min_elo), list(speeds), since or "",
                                         until or "", int(games))
        return json.loads(text)

    def moves(self, fen, **filters):
        """The moves that left the pawns, most games first: one row per move."""
        import pandas as pd  # only here: pawnkit.dask workers never import pandas

        return pd.DataFrame(self.explore(fen, **filters)["moves"], columns=MOVE_COLUMNS)

    def games(self, fen, **filters):
        """The model games, best first: one row per game."""
        import pandas as pd

        return pd.DataFrame(self.explore(fen, **filters)["model_games"], columns=GAME_COLUMNS)
