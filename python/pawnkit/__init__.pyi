# Type hints of pawnkit (the package is pure Python over the C++ module _pawnkit).
import os
from typing import IO, Any, Callable, Iterable, Iterator, Literal, Mapping, Sequence, Union

import numpy as np
import numpy.typing as npt
import pandas as pd

from . import bb as bb
from ._pawnkit import Stats as Stats

PathInput = Union[str, bytes, os.PathLike[str], IO[bytes], Any]  # a path, fsspec URL or binary file object
Paths = Union[PathInput, Sequence[PathInput]]
Tags = Union[str, Iterable[str], None]
TagType = Literal["str", "category", "Int", "date"]
Bitboards = Union[npt.NDArray[np.uint64], "pd.Series[Any]"]

SQUARES: tuple[str, ...]

class PawnkitWarning(UserWarning): ...
class BadInputWarning(PawnkitWarning): ...
class RepairWarning(PawnkitWarning): ...

def analyze(fen: str, *, strict: bool = ...) -> dict[str, Any]: ...
def positions(path: Paths, *, where: str | None = ..., tags: Tags = ..., tag_types: Mapping[str, TagType] | None = ...,
              threads: int = ..., min_plies: int = ..., fen: bool = ..., strict: bool = ...,
              progress: bool | None = ...) -> pd.DataFrame: ...
def iter_positions(path: Paths, *, where: str | None = ..., tags: Tags = ...,
                   tag_types: Mapping[str, TagType] | None = ..., threads: int = ..., min_plies: int = ...,
                   fen: bool = ..., strict: bool = ..., chunk_rows: int = ...,
                   progress: bool | None = ...) -> Iterator[pd.DataFrame]: ...
def games(paths: Paths, *, tags: Tags = ..., tag_types: Mapping[str, TagType] | None = ..., threads: int = ...,
          strict: bool = ..., progress: bool | None = ...) -> pd.DataFrame: ...
def stats(paths: Paths, *, threads: int = ..., min_plies: int = ..., strict: bool = ...,
          progress: bool | None = ...) -> Stats: ...
def find(paths: Paths, where: str, *, games: bool = ..., min_plies: int = ..., tags: Tags = ...,
         tag_types: Mapping[str, TagType] | None = ..., threads: int = ..., strict: bool = ...,
         progress: bool | None = ...) -> pd.DataFrame | str: ...
def timeline(paths: Paths, *, min_plies: int = ..., tags: Tags = ..., threads: int = ..., strict: bool = ...,
             progress: bool | None = ...) -> pd.DataFrame: ...
def release_memory() -> int: ...
def concat(frames: Iterable[pd.DataFrame]) -> pd.DataFrame: ...
def game_structures(games: pd.DataFrame) -> pd.DataFrame: ...
def bitboard(squares: str | Iterable[str]) -> np.uint64: ...
def squares(value: int | np.integer[Any] | Bitboards) -> Any: ...
def popcount(value: int | np.integer[Any] | Bitboards) -> Any: ...

PAWN_TRACE_COLUMNS: list[str]

def pawn_trace(path: str | os.PathLike[str], *,
               weights: Mapping[str, Any] | str | None = ...) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]: ...
def pawn_weights(weights: Mapping[str, Any] | str | None = ...) -> dict[str, Any]: ...

REPORT_PHASES: list[str]

def tune(paths: Paths, *, report: bool = ..., weights: Mapping[str, Any] | str | os.PathLike[str] | None = ...,
         iterations: int | None = ..., per_game: int | None = ..., skip_plies: int | None = ...,
         min_game_plies: int | None = ..., allow_unrated: bool = ..., test_percent: int | None = ...,
         fix_material: bool = ..., extended: bool = ..., freeze: str | Iterable[str] = ...,
         bounds: Mapping[str, tuple[float, float]] | None = ..., loss: Literal["mse", "log"] = ...,
         learning_rate: float | None = ..., bootstrap: int | None = ..., seed: int | None = ...,
         threads: int = ..., strict: bool = ..., force: bool = ...) -> dict[str, Any]: ...
def tune_trace(path: str | os.PathLike[str] | IO[bytes], *, k: float | None = ..., l2: float = ...,
               method: Literal["gauss-newton", "adam"] = ..., loss: Literal["mse", "log"] = ...,
               start: Mapping[str, float] | str | os.PathLike[str] | None = ...,
               freeze: str | Iterable[str] = ..., iterations: int | None = ...,
               learning_rate: float | None = ..., test_percent: int | None = ...,
               bootstrap: int | None = ..., seed: int | None = ..., threads: int = ...,
               force: bool = ...) -> dict[str, Any]: ...
def tune_report(result: Mapping[str, Any] | str | os.PathLike[str]) -> pd.DataFrame: ...
