"""Reading raw session-log Parquet into MESSAGE_SCHEMA: required columns, casts, defaults, derived ids.

A broken file (unreadable, missing column, uncastable type) raises RawLogError naming the file and column.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from pipelines.core.schemas import MESSAGE_SCHEMA, RAW_OPTIONAL, RAW_REQUIRED, TS
from pipelines.ingest.files import InputFile, RawLogError


@dataclass(frozen=True)
class IngestDefaults:
    agent_id: str = "default_agent"
    user_id: str = "default_user"
    source: str = "chat"


def read_raw_file(path: Path, defaults: IngestDefaults) -> pa.Table:
    """One raw file conformed to MESSAGE_SCHEMA (before row checks); raises RawLogError naming the column."""
    try:
        table = pq.read_table(path, partitioning=None)
    except Exception as exc:  # pyarrow raises several types for unreadable files
        raise RawLogError(f"{path}: not a readable Parquet file ({one_line(exc)})") from exc
    missing = [name for name in RAW_REQUIRED if name not in table.column_names]
    if missing:
        raise RawLogError(
            f"{path}: missing required column(s) {', '.join(missing)}; "
            f"the raw contract needs {', '.join(RAW_REQUIRED)} (see README)"
        )
    n = table.num_rows
    columns = {name: _cast_column(path, table, name, kind) for name, kind in RAW_REQUIRED.items()}
    for name, kind in RAW_OPTIONAL.items():
        if name in table.column_names:
            columns[name] = _cast_column(path, table, name, kind)
    columns["agent_id"] = _fill(columns.get("agent_id"), defaults.agent_id, n)
    columns["user_id"] = _fill(columns.get("user_id"), defaults.user_id, n)
    columns["source"] = _fill(columns.get("source"), defaults.source, n)
    columns["speaker"] = columns.get("speaker", pa.nulls(n, pa.string()))
    derived_id = pc.binary_join_element_wise(columns["session_id"], pc.cast(columns["msg_seq"], pa.string()), ":")
    columns["message_id"] = pc.coalesce(columns["message_id"], derived_id) if "message_id" in columns else derived_id
    columns["input_file"] = pa.array([str(path)] * n, pa.string())
    columns["input_row"] = pa.array(range(n), pa.int64())
    return pa.table({field.name: columns[field.name] for field in MESSAGE_SCHEMA}, schema=MESSAGE_SCHEMA)


def _cast_column(path: Path, table: pa.Table, name: str, kind: pa.DataType) -> pa.ChunkedArray:
    column = table.column(name)
    if kind == TS and _is_number(column.type):
        # Arrow would read the numbers as microseconds since 1970, so epoch seconds silently become January
        # 1970; whether they are seconds, milliseconds or microseconds cannot be told from the data.
        raise RawLogError(
            f"{path}: column '{name}' has type {column.type}: epoch numbers are ambiguous (seconds? milliseconds?) "
            "and are not read; write it as a Parquet timestamp (or an ISO-8601 string with an offset)"
        )
    if kind == TS and pa.types.is_timestamp(column.type) and column.type.tz is None:
        # Naive timestamps in the raw log are taken as UTC (documented in the README).
        column = pc.assume_timezone(column, "UTC")
    try:
        return column.cast(kind)
    except pa.ArrowException as exc:
        raise RawLogError(
            f"{path}: column '{name}' has type {column.type} and cannot be read as {kind} ({one_line(exc)}); "
            "fix the writer or convert the file"
        ) from exc


def _is_number(kind: pa.DataType) -> bool:
    return pa.types.is_integer(kind) or pa.types.is_floating(kind) or pa.types.is_decimal(kind)


def one_line(exc: BaseException) -> str:
    """An Arrow error's first line: errors name file and column in one line, no traceback or C++ detail."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _fill(column: pa.ChunkedArray | None, default: str, n: int) -> pa.ChunkedArray | pa.Array:
    if column is None:
        return pa.array([default] * n, pa.string())
    return pc.fill_null(column, default)


def read_raw(
    files: list[InputFile], defaults: IngestDefaults, on_file: Callable[[int], None] | None = None
) -> pl.DataFrame:
    """All given files conformed to MESSAGE_SCHEMA and stacked; `on_file` hears each file's row count once read."""
    tables = []
    for file in files:
        tables.append(read_raw_file(Path(file.path), defaults))
        if on_file is not None:
            on_file(tables[-1].num_rows)
    return pl.DataFrame(pa.concat_tables(tables) if tables else MESSAGE_SCHEMA.empty_table())
