"""The validate stage: read raw session-log Parquet, enforce the contract, quarantine bad rows.

A broken file (missing column, uncastable type) stops the run with the file and column named; a bad
row only goes to quarantine with its file, row and reason, and the run goes on.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from pipelines.core.redaction import mask_secrets
from pipelines.core.schemas import MESSAGE_SCHEMA, QUARANTINE_SCHEMA, RAW_OPTIONAL, RAW_REQUIRED, ROLES, TS


class RawLogError(ValueError):
    """The raw log breaks the contract in a way no row-level quarantine can absorb."""


@dataclass(frozen=True)
class InputFile:
    path: str
    sha256: str
    rows: int


@dataclass(frozen=True)
class IngestDefaults:
    agent_id: str = "default_agent"
    user_id: str = "default_user"
    source: str = "chat"


def list_input_files(raw: Path) -> list[Path]:
    """A single Parquet file, or every Parquet file under a folder (hive `date=...` folders included)."""
    raw = Path(raw)
    if raw.is_file():
        return [raw]
    if not raw.is_dir():
        raise RawLogError(f"{raw}: raw input path does not exist; point --raw at a Parquet file or folder")
    return sorted(p for p in raw.rglob("*.parquet") if p.is_file() and not p.name.startswith("."))


def file_checksum(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_raw_file(path: Path, defaults: IngestDefaults) -> pa.Table:
    """One raw file conformed to MESSAGE_SCHEMA (before row checks); raises RawLogError naming the column."""
    try:
        table = pq.read_table(path, partitioning=None)
    except Exception as exc:  # pyarrow raises several types for unreadable files
        raise RawLogError(f"{path}: not a readable Parquet file ({exc})") from exc
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
    derived_id = pc.binary_join_element_wise(
        columns["session_id"], pc.cast(columns["msg_seq"], pa.string()), ":"
    )
    columns["message_id"] = pc.coalesce(columns["message_id"], derived_id) if "message_id" in columns else derived_id
    columns["input_file"] = pa.array([str(path)] * n, pa.string())
    columns["input_row"] = pa.array(range(n), pa.int64())
    return pa.table({field.name: columns[field.name] for field in MESSAGE_SCHEMA}, schema=MESSAGE_SCHEMA)


def _cast_column(path: Path, table: pa.Table, name: str, kind: pa.DataType) -> pa.ChunkedArray:
    column = table.column(name)
    if kind == TS and pa.types.is_timestamp(column.type) and column.type.tz is None:
        # Naive timestamps in the raw log are taken as UTC (documented in the README).
        column = pc.assume_timezone(column, "UTC")
    try:
        return column.cast(kind)
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError) as exc:
        raise RawLogError(
            f"{path}: column '{name}' has type {column.type} and cannot be read as {kind} ({exc}); "
            "fix the writer or convert the file"
        ) from exc


def _fill(column: pa.ChunkedArray | None, default: str, n: int) -> pa.ChunkedArray | pa.Array:
    if column is None:
        return pa.array([default] * n, pa.string())
    return pc.fill_null(column, default)


def row_problems(messages: pl.DataFrame) -> pl.Expr:
    """Reason a row cannot be used, or null when it is fine; first failing rule wins."""
    return (
        pl.when(pl.col("session_id").is_null() | (pl.col("session_id").str.strip_chars() == ""))
        .then(pl.lit("null or empty session_id"))
        .when(pl.col("msg_seq").is_null())
        .then(pl.lit("null msg_seq"))
        .when(pl.col("content").is_null() | (pl.col("content").str.strip_chars() == ""))
        .then(pl.lit("null or empty content"))
        .when(pl.col("ts").is_null())
        .then(pl.lit("null ts"))
        .when(~pl.col("role").is_in(sorted(ROLES)) | pl.col("role").is_null())
        .then(pl.lit("unknown role: ") + pl.col("role").fill_null("null"))
        .otherwise(pl.lit(None, pl.String))
    )


def validate(raw: pl.DataFrame, known_episodes: pl.DataFrame, now: datetime) -> tuple[pl.DataFrame, pl.DataFrame]:
    """Split conformed rows into (valid messages, quarantine).

    `known_episodes` (message_id, content) are messages already in the snapshot: a message id that comes
    back with other words is a conflict, not an update.
    """
    checked = raw.with_columns(row_problems(raw).alias("reason"))
    checked = checked.with_columns(
        pl.when(pl.col("reason").is_null() & (pl.col("content").n_unique().over("message_id") > 1))
        .then(pl.lit("message_id seen with different content in this batch"))
        .otherwise(pl.col("reason"))
        .alias("reason")
    )
    known = known_episodes.rename({"content": "known_content"})
    checked = checked.join(known, on="message_id", how="left").with_columns(
        pl.when(pl.col("reason").is_null() & pl.col("known_content").is_not_null()
                # stored episodes hold the masked text (pipelines.core.redaction), so compare like with like; only
                # messages already stored are masked here (map_elements skips the nulls of all the others)
                & (pl.col("known_content") != pl.when(pl.col("known_content").is_not_null()).then(pl.col("content"))
                   .map_elements(mask_secrets, return_dtype=pl.String)))
        .then(pl.lit("message_id already stored with different content"))
        .otherwise(pl.col("reason"))
        .alias("reason")
    )
    bad = checked.filter(pl.col("reason").is_not_null())
    quarantine = bad.select(
        "input_file", "input_row", "message_id", "reason", "content",
        pl.lit(now).cast(pl.Datetime("us", "UTC")).alias("quarantined_at"),
    )
    good = (
        checked.filter(pl.col("reason").is_null())
        .drop("reason", "known_content")
        .unique(subset=["message_id"], keep="first", maintain_order=True)
    )
    return good, quarantine.cast(empty_frame(QUARANTINE_SCHEMA).schema)


def empty_frame(schema: pa.Schema) -> pl.DataFrame:
    return pl.from_arrow(schema.empty_table())


def new_input_files(files: list[Path], processed_checksums: set[str]) -> list[InputFile]:
    """Files whose content has not been folded in yet; identity is the checksum, so a renamed copy is skipped."""
    fresh, seen = [], set(processed_checksums)
    for path in files:
        checksum = file_checksum(path)
        if checksum not in seen:
            seen.add(checksum)
            fresh.append(InputFile(path=str(path), sha256=checksum, rows=pq.ParquetFile(path).metadata.num_rows))
    return fresh


def read_raw(files: list[InputFile], defaults: IngestDefaults) -> pl.DataFrame:
    """All given files conformed to MESSAGE_SCHEMA and stacked."""
    tables = [read_raw_file(Path(f.path), defaults) for f in files]
    return pl.from_arrow(pa.concat_tables(tables) if tables else MESSAGE_SCHEMA.empty_table())
