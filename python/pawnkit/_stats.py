"""pawnkit.Stats's Python side: the JSON as a dict, the tidy frame, the notebook view and
``sum()`` of several results. The class itself is the binding's (``_pawnkit.Stats``)."""

import json as _json

from ._pawnkit import Stats


def _stats_to_dict(self):
    """``json.loads`` of ``pawnkit stats --format json`` on the same games."""
    return _json.loads(self.json())


def _stats_radd(self, other):
    # sum() starts from 0.
    if isinstance(other, int) and other == 0:
        return self
    return NotImplemented


_SIDES = ("white", "black")


def _stats_rows(data):
    """(section, name, side, measure, value) for every number of ``to_dict()``, walking it
    as it is (so keys added to the JSON appear without a change here). A {"white": ...,
    "black": ...} level anywhere becomes the side, so that no two rows share a key."""
    def leaves(section, name, side, value):
        if isinstance(value, list):
            value = {str(i): v for i, v in enumerate(value)}
        if not isinstance(value, dict):
            yield section, name, side, "value", value
            return
        for measure, v in value.items():
            if measure in _SIDES and isinstance(v, (dict, list)) and side is None:
                yield from leaves(section, name, measure, v)
            elif isinstance(v, (dict, list)):
                yield from leaves(section, f"{name}.{measure}", side, v)
            elif measure not in ("from", "to"):  # a transition's ends are its name
                yield section, name, side, str(measure), v

    for section, content in data.items():
        if isinstance(content, list):  # [{"from", "to", ...}, ...] (transitions)
            for i, item in enumerate(content):
                name = f"{item['from']} -> {item['to']}" if "from" in item else str(i)
                yield from leaves(section, name, None, item)
        elif not isinstance(content, dict):
            yield "totals", section, None, "count", content
        else:
            for name, value in content.items():
                if name in _SIDES:  # {"white": [...], "black": [...]} (islands)
                    yield from leaves(section, section, name, value)
                else:
                    yield from leaves(section, name, None, value)


def _stats_to_frame(self):
    """The numbers of ``to_dict()`` as a tidy DataFrame: one row per number, columns
    ``section`` (totals, patterns, islands, scores, structures, ...), ``name`` (the pattern
    or structure), ``side`` (white, black, or NaN for a number of both sides), ``measure``
    (positions, games, wins, score_percent, ...; the island count for islands) and
    ``value`` (float64, NaN where the JSON has null; counts are exact below 2**53).
    (section, name, side, measure) is unique, so ``pivot``/``unstack`` work."""
    import pandas as pd
    frame = pd.DataFrame(list(_stats_rows(self.to_dict())), columns=["section", "name", "side", "measure", "value"])
    for column in ("section", "name", "measure"):
        frame[column] = frame[column].astype("category")
    frame["side"] = pd.Categorical(frame["side"], categories=list(_SIDES))
    frame["value"] = pd.to_numeric(frame["value"], errors="raise").astype("float64")
    return frame


def _stats_repr_html(self):
    import html
    return (f"<p><b>pawnkit.Stats</b>: {self.games} games, {self.positions} positions, {self.bad_games} bad, "
            f"{self.skipped_games} skipped (min_plies {self.min_plies})</p><pre>{html.escape(self.table())}</pre>")


Stats.to_dict = _stats_to_dict
Stats.to_frame = _stats_to_frame
Stats._repr_html_ = _stats_repr_html
Stats.__radd__ = _stats_radd
Stats.__repr__ = lambda self: (f"pawnkit.Stats(games={self.games}, positions={self.positions}, "
                               f"bad_games={self.bad_games}, min_plies={self.min_plies})")
