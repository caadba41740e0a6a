"""Writing a version's files: a shard's tables (memories, their postings, session turns) and a night's segments.

Every file is written into a temporary folder, fsynced and renamed into place whole, so a reader or a retry never
meets half a file; each returns the reference a manifest keeps (path from the store root, size, sha256, rows).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import polars as pl
import pyarrow as pa
import pyarrow.parquet as pq

from pipelines.core.atomic import fsync_dir, fsync_file
from pipelines.core.schemas import MEMORY_SCHEMA, QUARANTINE_SCHEMA, TURN_SCHEMA
from pipelines.index.postings import POSTINGS_SCHEMA, build_postings
from pipelines.store.integrity import file_record

MEMORIES = "memories.parquet"
POSTINGS = "postings.parquet"
TURNS = "turns.parquet"
QUARANTINE = "quarantine.parquet"
INPUTS = "inputs.parquet"
SHARD_TABLES = (MEMORIES, POSTINGS, TURNS)
# Small row groups let DuckDB skip every group outside the (agent_id, user_id) being recalled.
ROW_GROUP_SIZE = 8192
INPUTS_SCHEMA = pa.schema([("path", pa.string()), ("sha256", pa.string()), ("rows", pa.int64())])


def shard_tables(memories: pl.DataFrame, turns: pl.DataFrame) -> dict[str, pa.Table]:
    """A shard's three tables, sorted by tenant so recall reads only its user's row groups."""
    table = memories.sort(["user_id", "agent_id"]).to_arrow().select(MEMORY_SCHEMA.names).cast(MEMORY_SCHEMA)
    # Keyword postings are derived from the same rows, so every shard file carries its own BM25 index.
    postings = build_postings(pl.DataFrame(table.drop_columns(["embedding"])))
    turns_table = turns.sort(["user_id", "agent_id", "session_id", "msg_seq"]).to_arrow()
    return {
        MEMORIES: table,
        POSTINGS: postings.select(POSTINGS_SCHEMA.names),
        TURNS: turns_table.select(TURN_SCHEMA.names).cast(TURN_SCHEMA),
    }


def empty_tables() -> dict[str, pa.Table]:
    return {
        MEMORIES: MEMORY_SCHEMA.empty_table(),
        POSTINGS: POSTINGS_SCHEMA.empty_table(),
        TURNS: TURN_SCHEMA.empty_table(),
        QUARANTINE: QUARANTINE_SCHEMA.empty_table(),
        INPUTS: INPUTS_SCHEMA.empty_table(),
    }


def write_folder(root: Path, target: Path, tables: dict[str, pa.Table]) -> dict[str, dict[str, Any]]:
    """`tables` as Parquet files of the folder `target` (replacing a leftover of a killed write of the same
    number), renamed into place only when every file is durable; returns each file's reference."""
    temp = target.parent / f".tmp-{target.name}-{os.getpid()}"
    shutil.rmtree(temp, ignore_errors=True)
    shutil.rmtree(target, ignore_errors=True)  # never referenced: its version has no manifest yet
    temp.mkdir(parents=True)
    try:
        for name, table in tables.items():
            group = 8 * ROW_GROUP_SIZE if name == POSTINGS else ROW_GROUP_SIZE
            pq.write_table(table, temp / name, row_group_size=group, compression="zstd")
            fsync_file(temp / name)
        fsync_dir(temp)
        refs = {name: file_record(temp / name) for name in tables}
        temp.rename(target)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)  # a full disk: give the space back, never half a folder
        raise
    fsync_dir(target.parent)
    relative = target.relative_to(root).as_posix()
    return {name: {"path": f"{relative}/{name}", **record} for name, record in refs.items()}
