"""Invariants the published memory table must hold; the Dagster asset checks call these.

Each returns a `Verdict`: whether it holds, a one-line summary, and the offending ids (a few of them).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import polars as pl
import pyarrow as pa

from pipelines.core.schemas import MEMORY_SCHEMA
from pipelines.core.timeline import TIMELINE_GROUP, on_timeline, timeline_order
from pipelines.resolve.resolution import is_current


@dataclass(frozen=True)
class Verdict:
    passed: bool
    summary: str
    examples: list[str] = field(default_factory=list)


def schema_matches(memories: pl.DataFrame) -> Verdict:
    try:
        memories.to_arrow().select(MEMORY_SCHEMA.names).cast(MEMORY_SCHEMA)
    except (KeyError, pa.ArrowInvalid, pa.ArrowNotImplementedError, ValueError) as exc:
        return Verdict(False, f"memory table does not match MEMORY_SCHEMA: {exc}")
    return Verdict(True, f"{len(MEMORY_SCHEMA)} columns match MEMORY_SCHEMA")


def unique_memory_ids(memories: pl.DataFrame) -> Verdict:
    dupes = memories.group_by("memory_id").len().filter(pl.col("len") > 1)["memory_id"].to_list()
    return Verdict(not dupes, f"{len(dupes)} duplicated memory_id", dupes[:5])


def one_current_per_single_topic(memories: pl.DataFrame) -> Verdict:
    current = memories.filter(on_timeline()).filter(is_current())
    crowded = current.group_by("agent_id", "user_id", "topic").len().filter(pl.col("len") > 1)
    examples = [f"{a}/{u}/{t}" for a, u, t, _ in crowded.iter_rows()]
    return Verdict(
        not examples, f"{len(examples)} single-valued topics with more than one current memory", examples[:5]
    )


def valid_interval_ordered(memories: pl.DataFrame) -> Verdict:
    bad = memories.filter(pl.col("valid_to").is_not_null() & (pl.col("valid_to") < pl.col("valid_from")))
    ids = bad["memory_id"].to_list()
    return Verdict(not ids, f"{len(ids)} memories with valid_to before valid_from", ids[:5])


def no_overlapping_intervals(memories: pl.DataFrame) -> Verdict:
    """On a single-valued topic each value's [valid_from, valid_to) ends before the next one starts."""
    ordered = memories.filter(on_timeline()).sort([*TIMELINE_GROUP, *timeline_order()])
    checked = ordered.with_columns(pl.col("valid_from").shift(-1).over(TIMELINE_GROUP).alias("next_from"))
    bad = checked.filter(
        pl.col("next_from").is_not_null() & (pl.col("valid_to").is_null() | (pl.col("valid_to") > pl.col("next_from")))
    )
    ids = bad["memory_id"].to_list()
    return Verdict(not ids, f"{len(ids)} single-valued memories overlapping the next value", ids[:5])


def successors_exist(memories: pl.DataFrame) -> Verdict:
    """Every superseded_by / merged_into points at a memory in the same table."""
    known = memories["memory_id"]
    dangling = memories.filter(
        (pl.col("superseded_by").is_not_null() & ~pl.col("superseded_by").is_in(known.implode()))
        | (pl.col("merged_into").is_not_null() & ~pl.col("merged_into").is_in(known.implode()))
    )
    ids = dangling["memory_id"].to_list()
    return Verdict(not ids, f"{len(ids)} memories pointing at a missing successor", ids[:5])


def closed_only_with_reason(memories: pl.DataFrame) -> Verdict:
    """Current memories have null valid_to; a closed one was superseded, expired or folded."""
    bad = memories.filter(
        (
            pl.col("valid_to").is_not_null()
            & pl.col("superseded_by").is_null()
            & pl.col("expires_at").is_null()
            & pl.col("merged_into").is_null()
        )
        | (pl.col("superseded_by").is_not_null() & pl.col("valid_to").is_null())
    )
    ids = bad["memory_id"].to_list()
    return Verdict(not ids, f"{len(ids)} memories whose valid_to disagrees with superseded_by/expiry", ids[:5])


def conservation(rows_in: int, quarantined: int, duplicate_rows: int, outcomes: pl.DataFrame) -> Verdict:
    """Every input row is quarantined, a repeat of another row, or a message extracted / judged memory-free."""
    extracted = outcomes.filter(pl.col("outcome") == "extracted").height
    no_memory = outcomes.filter(pl.col("outcome") == "no_memory").height
    accounted = quarantined + duplicate_rows + extracted + no_memory
    summary = (
        f"rows_in={rows_in} = quarantined {quarantined} + duplicate rows {duplicate_rows} "
        f"+ extracted {extracted} + no_memory {no_memory} (= {accounted})"
    )
    return Verdict(accounted == rows_in, summary)


def strength_in_bounds(memories: pl.DataFrame, floor: float) -> Verdict:
    bad = memories.filter((pl.col("strength") < floor - 1e-9) | (pl.col("strength") > 1.0 + 1e-9))
    ids = bad["memory_id"].to_list()
    return Verdict(not ids, f"{len(ids)} memories with strength outside [{floor}, 1]", ids[:5])
