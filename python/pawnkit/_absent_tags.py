"""The warning for a tag asked for in ``tags=`` that no game of the input has (a misspelt
name, such as ``"Whiteelo"``): one ``TagValueWarning`` naming the closest known tags."""

import difflib
import warnings

# Tag names suggested for a tag that no game has (besides those typed in _frames.TAG_TYPES).
COMMON_TAGS = ("Site", "FEN", "SetUp", "Annotator", "WhiteFideId", "BlackFideId", "UTCTime", "Time", "Board",
               "WhiteTeam", "BlackTeam", "Mode", "Section", "Stage")


def present_tags(frame, tags, tag_problems):
    """The tags of ``tags`` that some row of ``frame`` has (a value, or one that did not
    convert: those are counted in ``tag_problems``)."""
    return {t for t in tags if t in (tag_problems or {}) or (t in frame.columns and frame[t].notna().any())}


def warn_absent_tags(tags, present, rows, stacklevel=3):
    """One TagValueWarning per tag asked for that no game of a non-empty result has,
    unless it is a well-known tag name (which a file, an EPD file say, may well lack)."""
    if not rows:
        return
    from . import TagValueWarning
    from ._frames import TAG_TYPES
    known = list(TAG_TYPES) + list(COMMON_TAGS)
    for name in tags:
        if name in present or name in known:  # a known name is no misspelling: the file lacks it
            continue
        close = difflib.get_close_matches(name, known, n=3, cutoff=0.6)
        close += [k for k in known if k.lower() == name.lower() and k not in close]
        hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
        warnings.warn(f"pawnkit: tag {name}: no game has it, so the column is all NA (tag names are "
                      f"case-sensitive{hint})", TagValueWarning, stacklevel=stacklevel)
