"""A topic's timeline on both time axes: each value, when it was true, and when the system learned it.

Read from one snapshot version (the current one by default), which keeps every closed memory as history.
"""

from __future__ import annotations

import polars as pl

from pipelines.core.clock import iso_seconds
from pipelines.store.snapshots import SnapshotStore

HISTORY_COLUMNS = [
    "memory_id",
    "agent_id",
    "kind",
    "content",
    "status",
    "valid_from",
    "valid_to",
    "recorded_at",
    "recorded_version",
    "retired_version",
    "superseded_by",
    "merged_into",
    "source_message_ids",
]


def _status() -> pl.Expr:
    return (
        pl.when(pl.col("merged_into").is_not_null())
        .then(pl.lit("restatement"))
        .when(pl.col("retraction") & pl.col("valid_to").is_null())
        .then(pl.lit("retraction (current)"))
        .when(pl.col("valid_to").is_null())
        .then(pl.lit("current"))
        .when(pl.col("closed_by_retraction"))
        .then(pl.lit("retracted"))
        .when(pl.col("superseded_by").is_not_null())
        .then(pl.lit("superseded"))
        .otherwise(pl.lit("expired"))
    )


def topic_history(
    store: SnapshotStore, user_id: str, topic: str, agent_id: str | None = None, version: int | None = None
) -> pl.DataFrame:
    """Every memory of one user's topic, oldest valid_from first, with a readable status."""
    memories = store.read_memories(store.require_version(version))
    mine = memories.filter(pl.col("user_id") == user_id)
    if agent_id is not None:
        mine = mine.filter(pl.col("agent_id") == agent_id)
    return with_status(mine).filter(pl.col("topic") == topic).sort("valid_from", "memory_id").select(HISTORY_COLUMNS)


def with_status(rows: pl.DataFrame) -> pl.DataFrame:
    """One tenant's rows (or more tenants' whole) with a readable `status` column: a retraction only closes
    memories of its own tenant and topic, so the rows hold every retraction that can have closed one of them."""
    retractions = rows.filter(pl.col("retraction")).select(
        pl.col("memory_id").alias("superseded_by"), pl.lit(True).alias("closed_by_retraction")
    )
    closed = rows.join(retractions, on="superseded_by", how="left", maintain_order="left").with_columns(
        pl.col("closed_by_retraction").fill_null(False)
    )
    return closed.with_columns(_status().alias("status")).drop("closed_by_retraction")


def format_history(history: pl.DataFrame) -> str:
    """One line per memory: its valid interval, status and text, then when it was recorded and from what
    (times as ISO 8601 to the second with their offset, as everywhere the CLI prints one)."""
    if history.is_empty():
        return "(no memories on this topic)"
    lines = []
    for row in history.iter_rows(named=True):
        until = iso_seconds(row["valid_to"]) if row["valid_to"] else "now"
        recorded = f"recorded {iso_seconds(row['recorded_at'])} (v{row['recorded_version']}"
        recorded += f", retired v{row['retired_version']})" if row["retired_version"] else ")"
        lines.append(
            f"{iso_seconds(row['valid_from'])} → {until:<25}  {row['status']:<20} {row['content']}"
            f"   [{recorded}; from {', '.join(row['source_message_ids'])}]"
        )
    return "\n".join(lines)
