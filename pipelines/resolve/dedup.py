"""The dedup stage: idempotency keys, stable memory ids, and collapsing rows that share a key.

Keys follow seed article 004: (agent, user, source, kind, topic, content hash), plus the session for
event-like kinds so "要发票" for two orders stays two memories, plus the message for single-valued
topics; an episode is keyed by its message.
"""

from __future__ import annotations

import hashlib

import polars as pl

from pipelines.core.schemas import EVENT_KINDS
from pipelines.core.topics import SINGLE_VALUED_TOPICS

_SEP = "\x1f"  # unit separator: cannot occur in ids, so keys never collide by concatenation


def idempotency_key() -> pl.Expr:
    """The key of a memory row; the whole content is part of it, so sha256 of the key covers the content hash."""
    episode_key = pl.concat_str(
        [
            pl.lit("episode"),
            pl.col("agent_id"),
            pl.col("user_id"),
            pl.col("source_message_ids").list.first(),
            pl.col("content").str.strip_chars(),
        ],
        separator=_SEP,
    )
    base = [
        pl.col("agent_id"),
        pl.col("user_id"),
        pl.col("source"),
        pl.col("kind"),
        pl.col("topic"),
        pl.col("content").str.strip_chars(),
    ]
    event_key = pl.concat_str([*base, pl.col("session_id")], separator=_SEP)
    # A single-valued statement is keyed by the message that made it, so "Shanghai, Beijing, Shanghai
    # again" keeps two Shanghai periods; restatements of one period are folded by pipelines.resolve.merge.
    statement_key = pl.concat_str([*base, pl.col("source_message_ids").list.first()], separator=_SEP)
    state_key = pl.concat_str(base, separator=_SEP)
    return (
        pl.when(pl.col("kind") == "episode")
        .then(episode_key)
        .when(pl.col("kind").is_in(sorted(EVENT_KINDS)))
        .then(event_key)
        .when(pl.col("topic").is_in(sorted(SINGLE_VALUED_TOPICS)))
        .then(statement_key)
        .otherwise(state_key)
    )


def with_memory_ids(candidates: pl.DataFrame) -> pl.DataFrame:
    """Adds `memory_id`: the first 32 hex chars of sha256(idempotency key), stable across runs and machines."""
    keys = candidates.select(idempotency_key().alias("key"))["key"].to_list()
    ids = [hashlib.sha256(key.encode("utf-8")).hexdigest()[:32] for key in keys]
    return candidates.with_columns(pl.Series("memory_id", ids, dtype=pl.String))


def collapse_by_id(memories: pl.DataFrame) -> pl.DataFrame:
    """One row per memory_id, whatever order the duplicates came in.

    Keeps the earliest valid_from and recorded_at, the highest confidence, the union of provenance,
    and every other field from the earliest-recorded row (so strength and access history survive).
    """
    ordered = memories.sort(["memory_id", "recorded_at", "valid_from", "source_message_ids"], nulls_last=True)
    merged = ordered.group_by("memory_id", maintain_order=True).agg(
        pl.col("valid_from").min(),
        pl.col("recorded_at").min(),
        pl.col("recorded_version").min(),
        pl.col("confidence").max(),
        pl.col("source_message_ids")
        .list.explode(keep_nulls=False, empty_as_null=False)
        .unique()
        .sort()
        .alias("source_message_ids"),
        pl.col("keywords").list.explode(keep_nulls=False, empty_as_null=False).unique().sort().alias("keywords"),
        pl.all()
        .exclude("valid_from", "recorded_at", "recorded_version", "confidence", "source_message_ids", "keywords")
        .first(),
    )
    return merged.select(memories.columns)
