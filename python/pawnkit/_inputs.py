"""What the public functions accept, checked and put in one shape for the C++ module.

Inputs: a path (``str``, ``bytes``, ``os.PathLike``: one file, never a sequence of
characters), an fsspec URL (``"s3://bucket/games.pgn.zst"``, ``"memory://x.pgn"``), a binary
file object (``io.BytesIO``, an open file, an fsspec file), or a list/tuple of those. Each
becomes ``(name, data)``: ``data`` is ``None`` for a local path (the C++ side streams it) or
the bytes already read (decompressed there like a file). Wrong types raise ``TypeError``
naming the argument.
"""

import operator
import os
import re

_URL = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


def _is_file_object(value):
    return hasattr(value, "read") and callable(value.read)


def _shown_name(name):
    """A name that is not UTF-8 (bytes of another encoding, surrogate escapes) with U+FFFD
    for its bad bytes, as the text rule (docs/chess.md "Text") writes them."""
    try:
        name.encode("utf-8")
        return name
    except UnicodeEncodeError:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _file_object_name(value):
    for attribute in ("full_name", "path", "name"):
        name = getattr(value, attribute, None)
        if isinstance(name, (str, bytes, os.PathLike)):
            return _shown_name(os.fsdecode(name))  # a name only: the data is read here
    return f"<{type(value).__name__}>"


def _read_all(value):
    data = value.read()
    if isinstance(data, str):  # a file opened in text mode: its text as UTF-8
        data = data.encode("utf-8")
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise TypeError(f"paths: the file object's read() gave {type(data).__name__}, not bytes")
    return bytes(data)


def _open_url(url):
    try:
        import fsspec
    except ImportError as error:  # pragma: no cover - fsspec is a Debian package of setup.sh
        raise ImportError(f"reading {url!r} needs fsspec (Debian: python3-fsspec)") from error
    with fsspec.open(url, "rb") as file:
        return url, _read_all(file)


def _one_input(value):
    if isinstance(value, (str, bytes, os.PathLike)):
        path = os.fsdecode(value)
        if _URL.match(path):
            return _open_url(path)
        if _shown_name(path) != path:  # the C++ side takes UTF-8 names only
            raise ValueError(f"paths: {_shown_name(path)!r}: the file name is not UTF-8; rename "
                             f"the file or pass it open (open(path, 'rb'))")
        return path, None
    if _is_file_object(value):
        return _file_object_name(value), _read_all(value)
    if hasattr(value, "open") and hasattr(value, "fs"):  # an fsspec OpenFile
        with value as file:
            return _file_object_name(value), _read_all(file)
    raise TypeError(f"paths: expected a path, an fsspec URL or a binary file object, "
                    f"got {type(value).__name__}")


def inputs(paths):
    """[(name, data or None)] for ``paths`` (one input or a list of them)."""
    if isinstance(paths, (str, bytes, os.PathLike)) or _is_file_object(paths) or hasattr(paths, "fs"):
        return [_one_input(paths)]
    if isinstance(paths, dict) or not hasattr(paths, "__iter__"):
        raise TypeError(f"paths: expected a path, a file object or a list of them, got {type(paths).__name__}")
    return [_one_input(p) for p in paths]


def names(paths):
    """The names of ``paths`` as they are given (for the ``file`` column), without reading."""
    if isinstance(paths, (str, bytes, os.PathLike)) or _is_file_object(paths) or hasattr(paths, "fs"):
        paths = [paths]
    return [os.fsdecode(p) if isinstance(p, (str, bytes, os.PathLike)) else _file_object_name(p) for p in paths]


# A PGN tag name: letters, digits and underscores (PGN standard 8.1.1).
_TAG_NAME = re.compile(r"[A-Za-z0-9_]+")


def tags(value, pgn_names=True):
    """A tag name or a list of them, as a list (a single string is one tag). A name that no
    PGN tag can have (``"WhiteElo,BlackElo"``, which used to give one empty column) is a
    ValueError saying to pass a list (``pgn_names=False``: any names, for other lists of
    names such as tune's ``freeze``)."""
    if value is None:
        return []
    if isinstance(value, str):
        value = [value]
    if isinstance(value, bytes) or not hasattr(value, "__iter__"):
        raise TypeError(f"tags: expected a tag name or a list of them, got {type(value).__name__}")
    result = list(value)
    for name in result:
        if not isinstance(name, str):
            raise TypeError(f"tags: expected tag names (str), got {type(name).__name__}")
        if pgn_names and not _TAG_NAME.fullmatch(name):
            parts = [p for p in re.split(r"[^A-Za-z0-9_]+", name) if p]
            raise ValueError(f"tags: {name!r} is not a tag name (letters, digits, _)"
                             + (f"; several tags are a list: {parts!r}" if len(parts) > 1 else ""))
    return result


def tag_types(value, allowed):
    """A dict of tag name -> one of ``allowed`` (or None)."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise TypeError(f"tag_types: expected a dict of tag name -> type, got {type(value).__name__}")
    for name, kind in value.items():
        if not isinstance(name, str) or kind not in allowed:
            raise ValueError(f"tag_types: {name!r}: {kind!r} is not one of {', '.join(allowed)}")
    return dict(value)


def integer(name, value):
    """``value`` as an int if it is one (numpy integers too, not a bool), else TypeError
    naming the argument."""
    if isinstance(value, bool):
        raise TypeError(f"{name}: expected an int, got bool")
    try:
        return operator.index(value)
    except TypeError:
        raise TypeError(f"{name}: expected an int, got {type(value).__name__}") from None


def flag(name, value):
    """``value`` if it is a bool, else TypeError naming the argument."""
    if not isinstance(value, bool):
        raise TypeError(f"{name}: expected True or False, got {type(value).__name__}")
    return value


def text(name, value, optional=False):
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise TypeError(f"{name}: expected a str, got {type(value).__name__}")
    return value
