"""Browsing a snapshot version for agent processes: a memory by id, a user's current or every memory, a topic's
timeline and counts, as typed rows (`StoredMemory`, `MemoryStats`); `MemoryReader` pins the version and delegates.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, fields
from datetime import datetime
from typing import Any

import duckdb
import polars as pl

from pipelines.core.clock import iso_seconds, now_utc, utc
from pipelines.core.schemas import ALL_KINDS
from pipelines.recall.history import with_status
from pipelines.recall.sql import BROWSE_USER_SQL
from pipelines.store.snapshots import SnapshotStore
from pipelines.store.tombstones import Tombstones


@dataclass(frozen=True)
class StoredMemory:
    """One row of the memory table as stored (README, The memory record), without its vector and context.

    A near-duplicate group's survivor carries the group's provenance and highest confidence, as recall shows it.
    `status` (pipelines.recall.history) is `current`, `superseded`, `retracted`, `retraction (current)`,
    `restatement` (merged into `merged_into`) or `expired` (also a task whose deadline has passed).
    """

    memory_id: str
    agent_id: str
    user_id: str
    kind: str
    topic: str
    content: str
    status: str
    keywords: list[str]
    confidence: float
    source: str
    session_id: str
    source_message_ids: list[str]
    valid_from: datetime
    valid_to: datetime | None
    recorded_at: datetime
    recorded_version: int
    retired_version: int | None
    superseded_by: str | None
    merged_into: str | None
    retraction: bool
    expires_at: datetime | None
    strength: float
    access_count: int
    last_accessed: datetime | None
    extractor: str
    mood: str | None
    role: str | None

    def to_json(self) -> dict[str, Any]:
        return _json_row(self)


@dataclass(frozen=True)
class MemoryStats:
    """Counts over one user's memories in one version (an unknown user has zeros everywhere)."""

    user_id: str
    agent_id: str | None
    version: int
    memories: int  # every stored row: history and restatements included
    current: int  # what `list` returns
    by_kind: dict[str, int]  # current memories per kind, every kind named
    by_topic: dict[str, int]  # current memories per topic
    by_status: dict[str, int]  # every row per status
    sessions: int
    first_valid_from: datetime | None
    last_valid_from: datetime | None

    def to_json(self) -> dict[str, Any]:
        return _json_row(self)


class UnknownMemoryError(KeyError):
    """No memory with this id in the version, or not one of the tenant asking for it."""

    def __init__(self, memory_id: str, message: str) -> None:
        super().__init__(memory_id)
        self.memory_id = memory_id
        self.message = message

    def __str__(self) -> str:  # KeyError would print the repr of its argument only
        return self.message


STORED_FIELDS = [field.name for field in fields(StoredMemory)]


class SnapshotBrowser:
    """One version of a store read through a DuckDB connection; forgotten tenants (tombstones) are never shown,
    even in a version `memory forget` has not rewritten yet."""

    def __init__(self, con: duckdb.DuckDBPyConnection, store: SnapshotStore, version: int) -> None:
        self.con, self.store, self.version = con, store, version

    def rows(self, user_id: str, agent_id: str | None, at: datetime) -> pl.DataFrame:
        """Every row of the user (one agent's when given) with its status, oldest valid_from first."""
        path = str(self.store.memories_path(self.version, user_id=user_id))
        params = {"path": path, "user": user_id, "agent": agent_id}
        found = pl.DataFrame(self.con.sql(BROWSE_USER_SQL, params=params).to_arrow_table())
        found = found.with_columns(pl.col(pl.Datetime).dt.convert_time_zone("UTC"))  # DuckDB answers in local time
        found = self.store.decayed(found, self.version)
        for optional in ("mood", "role"):  # versions written before episodes carried them
            if optional not in found.columns:
                found = found.with_columns(pl.lit(None, pl.String).alias(optional))
        kept, _ = Tombstones(self.store.uri).split(found)
        expired = pl.col("valid_to").is_null() & pl.col("merged_into").is_null() & (pl.col("expires_at") <= at)
        return with_status(kept).with_columns(
            pl.when(expired.fill_null(False)).then(pl.lit("expired")).otherwise(pl.col("status")).alias("status")
        )

    def get(self, memory_id: str, user_id: str | None, agent_id: str | None) -> StoredMemory:
        path = [str(p) for p in self.store.memories_paths(self.version)]
        tenants = self.con.execute(
            "SELECT agent_id, user_id FROM read_parquet($path) WHERE memory_id = $id", {"path": path, "id": memory_id}
        ).fetchall()
        for owner_agent, owner in tenants:
            if (user_id or owner) == owner and (agent_id or owner_agent) == owner_agent:
                found = self.rows(owner, owner_agent, now_utc()).filter(pl.col("memory_id") == memory_id)
                if not found.is_empty():
                    return _stored(found)[0]
        scope = f" for user {user_id!r}" if user_id else ""
        scope += f" under agent {agent_id!r}" if agent_id else ""
        raise UnknownMemoryError(
            memory_id,
            f"{self.store.uri}: no memory {memory_id!r}{scope} in snapshot version {self.version}; "
            "ids come from recall, list or history of the same store",
        )

    def memories(
        self,
        user_id: str,
        agent_id: str | None,
        kind: str | None,
        topic: str | None,
        include_history: bool,
        as_of: datetime | None,
    ) -> list[StoredMemory]:
        if kind is not None and kind not in ALL_KINDS:
            raise ValueError(f"kind {kind!r} is no kind; use one of {', '.join(ALL_KINDS)}")
        at = utc(as_of) if as_of is not None else now_utc()
        rows = self.rows(user_id, agent_id, at)
        if not include_history:
            rows = rows.filter(_true_at(at))
        if kind is not None:
            rows = rows.filter(pl.col("kind") == kind)
        if topic is not None:
            rows = rows.filter(pl.col("topic") == topic)
        return _stored(rows)

    def history(self, user_id: str, topic: str, agent_id: str | None) -> list[StoredMemory]:
        return _stored(self.rows(user_id, agent_id, now_utc()).filter(pl.col("topic") == topic))

    def stats(self, user_id: str, agent_id: str | None, as_of: datetime | None) -> MemoryStats:
        at = utc(as_of) if as_of is not None else now_utc()
        rows = self.rows(user_id, agent_id, at)
        current = rows.filter(_true_at(at))
        said = pl.col("valid_from")
        first, last = rows.select(said.min().alias("first"), said.max().alias("last")).row(0)
        return MemoryStats(
            user_id=user_id,
            agent_id=agent_id,
            version=self.version,
            memories=rows.height,
            current=current.height,
            by_kind={kind: int((current.get_column("kind") == kind).sum()) for kind in ALL_KINDS},
            by_topic=dict(sorted(Counter(current.get_column("topic").to_list()).items())),
            by_status=dict(sorted(Counter(rows.get_column("status").to_list()).items())),
            sessions=rows.get_column("session_id").n_unique(),
            first_valid_from=first,
            last_valid_from=last,
        )


def _json_row(row: StoredMemory | MemoryStats) -> dict[str, Any]:
    return {key: iso_seconds(value) if isinstance(value, datetime) else value for key, value in asdict(row).items()}


def _true_at(at: datetime) -> pl.Expr:
    """What holds at `at` on valid time, as recall sees it: not a restatement, begun, not ended, not expired."""
    return (
        pl.col("merged_into").is_null()
        & (pl.col("valid_from") <= at)
        & (pl.col("valid_to").is_null() | (pl.col("valid_to") > at))
        & (pl.col("expires_at").is_null() | (pl.col("expires_at") > at))
    )


def _stored(rows: pl.DataFrame) -> list[StoredMemory]:
    return [StoredMemory(**row) for row in rows.select(STORED_FIELDS).to_dicts()]
