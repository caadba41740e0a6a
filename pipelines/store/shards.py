"""User shards: which shard file holds a user's rows, and the references a version's manifest keeps to them.

A user's rows of every agent live in one shard (`blake2b(user_id) mod shard_count`), so recall, with or without
an agent, opens one file; ids are unique per (agent, user), so a tenant is never split either.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import datetime
from typing import Any

import polars as pl

DEFAULT_SHARDS = 256
SHARD_COLUMN = "_shard"


def shard_of(user_id: str, shard_count: int) -> int:
    """The shard of a user: stable across processes, machines and Python versions (unlike `hash`)."""
    digest = hashlib.blake2b(user_id.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big") % shard_count


def shard_name(shard: int) -> str:
    return f"{shard:04d}"


def shards_of_users(user_ids: Iterable[str | None], shard_count: int) -> set[int]:
    return {shard_of(user, shard_count) for user in set(user_ids) if user is not None}


def with_shard(frame: pl.DataFrame, shard_count: int) -> pl.DataFrame:
    """`frame` with its rows' shard in SHARD_COLUMN (hashed once per distinct user, not per row)."""
    users = frame["user_id"].unique().drop_nulls().to_list()
    mapping = pl.DataFrame(
        {"user_id": users, SHARD_COLUMN: [shard_of(u, shard_count) for u in users]},
        schema={"user_id": pl.String, SHARD_COLUMN: pl.Int64},
    )
    return frame.join(mapping, on="user_id", how="left")


def referenced_paths(manifest: dict[str, Any]) -> list[str]:
    """Every file (relative to the store root) a sharded version's manifest refers to."""
    paths = [ref["path"] for refs in manifest.get("shards", {}).values() for ref in refs.values()]
    return paths + [ref["path"] for name in SEGMENT_KINDS for ref in manifest.get(name, [])]


# Per-night tables kept as one file per version that had any, listed by every later manifest.
SEGMENT_KINDS = ("quarantine", "inputs")


def row_counts(memories: pl.DataFrame) -> dict[str, Any]:
    """A memory table at a glance (pipelines.reports.RowCounts): rows, current, superseded, current per kind."""
    current = memories.filter(pl.col("valid_to").is_null() & pl.col("merged_into").is_null())
    return {
        "total": memories.height,
        "current": current.height,
        "superseded": memories.filter(pl.col("superseded_by").is_not_null()).height,
        "per_kind": dict(current.group_by("kind").len().sort("kind").iter_rows()),
    }


def summed_counts(counts: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """The counts of a whole version from its shards' counts."""
    total: dict[str, Any] = {"total": 0, "current": 0, "superseded": 0, "per_kind": {}}
    for part in counts:
        for key in ("total", "current", "superseded"):
            total[key] += part[key]
        for kind, n in part["per_kind"].items():
            total["per_kind"][kind] = total["per_kind"].get(kind, 0) + n
    total["per_kind"] = dict(sorted(total["per_kind"].items()))
    return total


def next_expiry(memories: pl.DataFrame) -> str | None:
    """The earliest deadline of a memory still open (ISO), after which a night must re-resolve the shard."""
    open_deadlines = memories.filter(pl.col("valid_to").is_null() & pl.col("expires_at").is_not_null())
    earliest = open_deadlines["expires_at"].min()
    return earliest.isoformat() if isinstance(earliest, datetime) else None


def split_by_shard(
    memories: pl.DataFrame, turns: pl.DataFrame, count: int, touched: set[int] | None
) -> dict[int, tuple[pl.DataFrame, pl.DataFrame]]:
    """Rows per shard; a touched shard left without rows is still listed (its old files are dropped)."""
    memories, turns = with_shard(memories, count), with_shard(turns, count)
    found = set(memories[SHARD_COLUMN].unique().to_list()) | set(turns[SHARD_COLUMN].unique().to_list())
    if touched is not None and not found <= touched:
        strays = sorted(found - touched)
        raise ValueError(f"rows of shard(s) {strays[:5]} given to a write of shards {sorted(touched)[:5]}")
    mine = memories.partition_by(SHARD_COLUMN, as_dict=True, include_key=False)
    said = turns.partition_by(SHARD_COLUMN, as_dict=True, include_key=False)
    empty_memories, empty_turns = memories.drop(SHARD_COLUMN).clear(), turns.drop(SHARD_COLUMN).clear()
    return {
        shard: (mine.get((shard,), empty_memories), said.get((shard,), empty_turns))
        for shard in sorted(found | (touched or set()))
    }
