"""A single-valued topic's timeline: which memories are on it and the one order that decides its winner.

Resolution, the invariants and recall's SQL all take both from here, so they never disagree on a tie.
"""

from __future__ import annotations

import polars as pl

from pipelines.core.topics import SINGLE_VALUED_TOPICS

# Higher wins a valid_from tie: what the user typed outranks what an operator filed on their behalf.
SOURCE_PRIORITY = {"chat": 3, "ticket": 2, "document": 1}
TIMELINE_GROUP = ["agent_id", "user_id", "topic"]
# Ascending; the last memory of a topic's timeline is its winner. After valid_from, ties go to the higher
# confidence, then the source priority, then the later recorded_at, then memory_id, so the outcome is
# deterministic. (column, how it sorts in Polars, how it sorts in SQL)
_ORDER = [
    ("valid_from", "valid_from"),
    ("confidence", "confidence"),
    ("source", "CASE source " + " ".join(f"WHEN '{s}' THEN {p}" for s, p in SOURCE_PRIORITY.items()) + " ELSE 0 END"),
    ("recorded_at", "recorded_at"),
    ("memory_id", "memory_id"),
]


def on_timeline() -> pl.Expr:
    """A statement on a single-valued topic not folded into another one: a distilled memory, or an episode
    that asserts the user's own state on that topic (pipelines.extract.signals)."""
    return (
        pl.col("topic").is_in(sorted(SINGLE_VALUED_TOPICS))
        & ((pl.col("kind") != "episode") | (pl.col("mood") == "assertion")).fill_null(False)
        & pl.col("merged_into").is_null()
    )


def timeline_order() -> list[pl.Expr]:
    """Sort keys of a topic's timeline, ascending (the last row wins)."""
    priority = pl.col("source").replace_strict(SOURCE_PRIORITY, default=0, return_dtype=pl.Int64)
    return [priority if column == "source" else pl.col(column) for column, _ in _ORDER]


def timeline_order_sql() -> str:
    """The same order as an SQL ORDER BY list, ascending (the last row wins)."""
    return ", ".join(f"{expression} ASC" for _, expression in _ORDER)


def single_valued_sql(topics_parameter: str = "$single_topics") -> str:
    """SQL for "a statement on a single-valued topic" (the merged_into test is the caller's)."""
    return f"list_contains({topics_parameter}, topic) AND (kind <> 'episode' OR coalesce(mood = 'assertion', false))"
