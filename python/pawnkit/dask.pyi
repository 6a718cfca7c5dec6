from typing import Any, Mapping, Sequence, Union
import os

import dask.dataframe as dd
from dask.delayed import Delayed

from . import Stats, Tags, TagType

Paths = Union[str, os.PathLike[str], Sequence[Union[str, os.PathLike[str]]]]

def stats_graph(paths: Paths, *, threads: int = ..., min_plies: int = ..., fan_in: int = ...,
                phase: str | None = ...) -> Delayed: ...
def stats(paths: Paths, client: Any = ..., *, threads: int = ..., min_plies: int = ..., fan_in: int = ...,
          phase: str | None = ...) -> Stats: ...
def positions(paths: Paths, *, where: str | None = ..., tags: Tags = ..., tag_types: Mapping[str, TagType] | None = ...,
              threads: int = ..., min_plies: int = ..., fen: bool = ..., strict: bool = ...,
              columns: Sequence[str] | None = ...) -> dd.DataFrame: ...
def games(paths: Paths, *, tags: Tags = ..., tag_types: Mapping[str, TagType] | None = ..., threads: int = ...,
          strict: bool = ...) -> dd.DataFrame: ...
def index(paths: Paths, db: Union[str, os.PathLike[str]], client: Any = ..., *, threads: int = ...,
          cli: Union[str, os.PathLike[str], None] = ..., scratch: Union[str, os.PathLike[str], None] = ...) -> list[str]: ...
