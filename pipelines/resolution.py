"""Bitemporal resolution: which memory is current on each single-valued topic, decided by valid time.

The result is a function of the set of memories, never of arrival order: every run recomputes
`valid_to` and `superseded_by` from scratch over the merged history.
"""
from __future__ import annotations

import polars as pl

from pipelines.topics import SINGLE_VALUED_TOPICS

# Higher wins a valid_from tie: what the user typed outranks what an operator filed on their behalf.
SOURCE_PRIORITY = {"chat": 3, "ticket": 2, "document": 1}

_GROUP = ["agent_id", "user_id", "topic"]


def timeline_order() -> list[pl.Expr]:
    """Ascending order of a topic's timeline; the last row is the winner.

    Ties on valid_from are broken by confidence, then source priority, then the later recorded_at,
    then memory_id, so the outcome is deterministic.
    """
    priority = pl.col("source").replace_strict(SOURCE_PRIORITY, default=0, return_dtype=pl.Int64)
    return [pl.col("valid_from"), pl.col("confidence"), priority, pl.col("recorded_at"), pl.col("memory_id")]


def _close_single_valued(memories: pl.DataFrame) -> pl.DataFrame:
    """valid_to / superseded_by for single-valued topics: each value holds until the next one starts."""
    is_slot = pl.col("topic").is_in(sorted(SINGLE_VALUED_TOPICS)) & (pl.col("kind") != "episode")
    slots = memories.filter(is_slot).sort([*_GROUP, *timeline_order()])
    slots = slots.with_columns(
        pl.col("valid_from").shift(-1).over(_GROUP).alias("valid_to"),
        pl.col("memory_id").shift(-1).over(_GROUP).alias("superseded_by"),
    )
    others = memories.filter(~is_slot).with_columns(
        pl.lit(None, pl.Datetime("us", "UTC")).alias("valid_to"), pl.lit(None, pl.String).alias("superseded_by")
    )
    return pl.concat([slots.select(memories.columns), others.select(memories.columns)])


def _episodes_follow_facts(memories: pl.DataFrame) -> pl.DataFrame:
    """An episode whose message produced a now-closed memory closes with it.

    Otherwise the old "I live in Shanghai" message resurfaces through recall of raw episodes.
    """
    closed = (
        memories.filter((pl.col("kind") != "episode") & pl.col("valid_to").is_not_null())
        .select(pl.col("source_message_ids").alias("message_id"), "valid_to", "superseded_by")
        .explode("message_id")
        .sort(["message_id", "valid_to", "superseded_by"])
        .group_by("message_id", maintain_order=True)
        .first()
        .rename({"valid_to": "closed_at", "superseded_by": "closed_by"})
    )
    episodes = memories.filter(pl.col("kind") == "episode").with_columns(
        pl.col("source_message_ids").list.first().alias("message_id")
    )
    episodes = episodes.join(closed, on="message_id", how="left").with_columns(
        pl.col("closed_at").alias("valid_to"), pl.col("closed_by").alias("superseded_by")
    )
    return pl.concat([memories.filter(pl.col("kind") != "episode"), episodes.select(memories.columns)])


def resolve(memories: pl.DataFrame) -> pl.DataFrame:
    """Recompute both valid-time columns over the whole (deduplicated) memory set."""
    resolved = _episodes_follow_facts(_close_single_valued(memories))
    return resolved.sort(["agent_id", "user_id", "kind", "topic", "valid_from", "memory_id"])
