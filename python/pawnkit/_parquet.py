"""pawnkit.to_parquet: the rows of positions (streamed chunk by chunk, in constant memory)
or of games written as a Parquet dataset with pyarrow, which pandas.read_parquet and
dask.dataframe.read_parquet read back as the frame positions()/games() gives."""

import os

# Files of a dataset, numbered so that the lexicographic order readers use is the rows'.
_FILE_NAME = "part-{:06d}-{{i}}.parquet"


def _pyarrow():
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError as error:  # pragma: no cover - pyarrow is in python/requirements.txt
        raise ImportError("pawnkit.to_parquet needs pyarrow (pip install pyarrow)") from error
    return pyarrow


def _empty_directory(directory):
    """The dataset's directory, made when missing; a directory with files in it is refused,
    so that old files never mix with the new dataset (readers take every file in it)."""
    directory = os.fspath(directory)
    if os.path.exists(directory) and (not os.path.isdir(directory) or os.listdir(directory)):
        raise FileExistsError(f"pawnkit.to_parquet: {directory!r} is not an empty directory: "
                              "give a new or empty one")
    os.makedirs(directory, exist_ok=True)
    return directory


def _partition_columns(partition_by, columns):
    if partition_by is None:
        return []
    partition_by = [partition_by] if isinstance(partition_by, str) else list(partition_by)
    missing = [c for c in partition_by if c not in columns]
    if missing:
        raise ValueError(f"partition_by: {', '.join(map(repr, missing))} is not among the columns written")
    return partition_by


def _structures_as_lists(frame):
    """The games' ``structures`` ([(name, holder, first ply)]) as lists of records, which
    Parquet stores as a list of structs (read back as lists of dicts)."""
    frame = frame.copy(deep=False)
    frame["structures"] = [[{"structure": n, "holder": h, "first_ply": p} for n, h, p in reached]
                           for reached in frame["structures"]]
    return frame


def _write(pa, frame, directory, number, partition_by, schema, preserve_index):
    table = pa.Table.from_pandas(frame, preserve_index=preserve_index)
    if schema is not None:
        table = table.cast(schema)
    if table.num_rows == 0 and not partition_by:  # write_to_dataset writes no file for no rows
        pa.parquet.write_table(table, os.path.join(directory, _FILE_NAME.format(number).format(i=0)))
        return table.schema
    pa.parquet.write_to_dataset(table, directory, partition_cols=partition_by or None,
                                basename_template=_FILE_NAME.format(number), existing_data_behavior="overwrite_or_ignore")
    return table.schema


def _unified_schema(pa, schema):
    """The first chunk's schema with every dictionary (categorical) column's indices as
    int32: pandas picks int8 or int16 by the number of categories, which differs between
    chunks, and a dataset's files must agree."""
    fields = [pa.field(f.name, pa.dictionary(pa.int32(), f.type.value_type, f.type.ordered), f.nullable, f.metadata)
              if pa.types.is_dictionary(f.type) else f for f in schema]
    return pa.schema(fields, metadata=schema.metadata)


def write_positions(frames, directory, partition_by, columns):
    """Writes each frame of ``frames`` (the chunks of iter_positions) as the dataset's next
    file(s). Returns the number of rows written."""
    pa = _pyarrow()
    partition_by = _partition_columns(partition_by, columns)
    directory = _empty_directory(directory)
    schema, rows = None, 0
    for number, frame in enumerate(frames):
        if schema is None:
            schema = _unified_schema(pa, pa.Table.from_pandas(frame, preserve_index=False).schema)
        _write(pa, frame, directory, number, partition_by, schema, preserve_index=False)
        rows += len(frame)
    return rows


def write_games(frame, directory, partition_by):
    """The games table (index ``game_id``, kept) as a dataset. Returns its rows."""
    pa = _pyarrow()
    partition_by = _partition_columns(partition_by, list(frame.columns))
    directory = _empty_directory(directory)
    _write(pa, _structures_as_lists(frame), directory, 0, partition_by, None, preserve_index=True)
    return len(frame)
