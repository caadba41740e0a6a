"""A night's scope inside the shards it rewrites: whose rows it resolves, and which stored rows it reads with vectors.

Resolution is per (agent, user): every group it forms holds one user's rows. So a night re-resolves only the users
with new candidates or with an open deadline past its grace; the other users of a rewritten shard keep their rows.
"""

from __future__ import annotations

from datetime import datetime, timedelta

import polars as pl
import pyarrow as pa
import pyarrow.compute as pc

from pipelines.core.schemas import MEMORY_SCHEMA, STATE_KINDS

VECTOR = "embedding"
# Every memory column but the vector (384 floats, most of a row's bytes): what the stages carry between them.
LIGHT_COLUMNS = [name for name in MEMORY_SCHEMA.names if name != VECTOR]


def resolved_users(fresh: pl.DataFrame, stored: pl.DataFrame, now: datetime, grace_days: float) -> pl.Series:
    """The users a night resolves: those with new candidates, and those with an open deadline whose grace ends by
    `now` (resolution then closes it; pipelines.resolve.resolution). Resolving anyone else gives back their rows
    as stored, so they are left as they are."""
    cutoff = now - timedelta(days=grace_days)
    due = pl.col("valid_to").is_null() & pl.col("expires_at").is_not_null() & (pl.col("expires_at") <= cutoff)
    users = pl.concat([fresh["user_id"], stored.filter(due)["user_id"]])
    return users.unique().sort().rename("user_id")


def split_by_users(stored: pl.DataFrame, users: pl.Series) -> tuple[pl.DataFrame, pl.DataFrame]:
    """(rows of `users`, everyone else's rows)."""
    mine = pl.col("user_id").is_in(users.implode())
    return stored.filter(mine), stored.filter(~mine)


def vectors_needed(users: pl.Series, fresh_ids: pl.Series) -> pc.Expression:
    """The stored rows of `users` whose vector resolution can read: statements merge reads (STATE_KINDS), and
    any row a new candidate of the same id may lose to (pipelines.resolve.dedup keeps the earliest-recorded row,
    vector included)."""
    of_users = among("user_id", users)
    return of_users & (among("kind", pl.Series(STATE_KINDS)) | among("memory_id", fresh_ids))


def among(column: str, values: pl.Series) -> pc.Expression:
    """A read filter: `column` is one of `values` (typed as strings even when there are none)."""
    return pc.field(column).isin(pa.array(values.to_list(), type=pa.string()))


def with_stored_vectors(rows: pl.DataFrame, vectors: pl.DataFrame) -> pl.DataFrame:
    """`rows` with the vector of each row that has one in `vectors` (memory_id, embedding), null elsewhere, as a
    list column: a null list costs nothing, a null fixed-size array its 384 floats (200k rows: 300 MB)."""
    listed = vectors.select("memory_id", pl.col(VECTOR).cast(pl.List(pl.Float32)))
    return rows.join(listed, on="memory_id", how="left").select(MEMORY_SCHEMA.names)


def new_vectors(resolved: pl.DataFrame, fresh_ids: pl.Series, dtype: pl.DataType) -> pl.DataFrame:
    """(memory_id, embedding as `dtype`) of every resolved row a new candidate shares its id with: the only
    vectors a night can change (a stored episode takes the one of its refreshed context). Every other row keeps
    its stored one."""
    changed = resolved.filter(pl.col("memory_id").is_in(fresh_ids.implode()))
    return changed.select("memory_id", pl.col(VECTOR).cast(dtype))


def with_vectors(memories: pl.DataFrame, changed: pl.DataFrame, kept: pl.DataFrame) -> pl.DataFrame:
    """`memories` (light rows) with each row's vector: from `changed` when the night made or refreshed it, else
    the stored one from `kept` (memory_id, embedding: the stored vectors of every other row). Raises
    LostVectorError naming rows found in neither (a stored null vector, a keyword-only memory's, is kept as it is)
    or found in both."""
    vectors = pl.concat([changed, kept.cast(changed.schema)], rechunk=False)  # no copy of the stored vectors
    lost = memories.join(vectors, on="memory_id", how="anti")["memory_id"]
    if lost.len():
        raise LostVectorError(f"{lost.len()} memories have no vector (e.g. {', '.join(lost.head(3))})")
    joined = memories.join(vectors, on="memory_id", how="left", maintain_order="left")
    if joined.height != memories.height:
        raise LostVectorError(f"{joined.height - memories.height} memories have two vectors, a stored and a new one")
    return joined


class LostVectorError(LookupError):
    """A staged row whose vector is neither the night's nor stored in the version the night built on."""
