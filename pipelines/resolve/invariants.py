"""Invariants the published memory table must hold; the Dagster asset checks call these.

Each returns a `Verdict`: whether it holds, a one-line summary, and the offending ids (a few of them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import polars as pl
import pyarrow as pa

from pipelines.core.schemas import MEMORY_SCHEMA, MESSAGE_KEY
from pipelines.core.timeline import TIMELINE_GROUP, on_timeline, timeline_order
from pipelines.resolve.resolution import is_current


@dataclass(frozen=True)
class Verdict:
    passed: bool
    summary: str
    examples: list[str] = field(default_factory=list)


def _casts_to(memories: pl.DataFrame, schema: pa.Schema) -> str | None:
    """Why `memories` does not cast to `schema` (None when it does)."""
    try:
        memories.to_arrow().select(schema.names).cast(schema)
    except (KeyError, pa.ArrowInvalid, pa.ArrowNotImplementedError, ValueError) as exc:
        return str(exc)
    return None


def schema_matches(memories: pl.DataFrame) -> Verdict:
    if (problem := _casts_to(memories, MEMORY_SCHEMA)) is not None:
        return Verdict(False, f"memory table does not match MEMORY_SCHEMA: {problem}")
    return Verdict(True, f"{len(MEMORY_SCHEMA)} columns match MEMORY_SCHEMA")


# The nightly stages hand rows on without their vectors (publish joins them back: pipelines.night_scope).
STAGED_SCHEMA = pa.schema([f for f in MEMORY_SCHEMA if f.name != "embedding"])


def staged_schema_matches(memories: pl.DataFrame) -> Verdict:
    """A staged table matches MEMORY_SCHEMA in every column but the vector, which it does not carry."""
    if (problem := _casts_to(memories, STAGED_SCHEMA)) is not None:
        return Verdict(False, f"staged memory table does not match MEMORY_SCHEMA without its vector: {problem}")
    return Verdict(True, f"{len(STAGED_SCHEMA)} columns match MEMORY_SCHEMA (the vector joins at publish)")


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


LEDGER_KEYS = ["input_file", "input_row"]


def rows_accounted(rows_per_file: dict[str, int], placed: dict[str, pl.DataFrame]) -> Verdict:
    """Every row of every input file (counted from the file itself) is in exactly one of the `placed` tables
    (messages, quarantine, repeats, forgotten), by (input_file, input_row)."""
    ledger = pl.concat(
        [
            frame.select(pl.col("input_file").cast(pl.String), pl.col("input_row").cast(pl.Int64))
            for frame in placed.values()
        ]
    )
    sizes = pl.DataFrame(
        {"input_file": list(rows_per_file), "n": list(rows_per_file.values())},
        schema={"input_file": pl.String, "n": pl.Int64},
    )
    placed_twice = ledger.group_by(LEDGER_KEYS).len().filter(pl.col("len") > 1)
    checked = ledger.join(sizes, on="input_file", how="left")
    outside = checked.filter(pl.col("n").is_null() | (pl.col("input_row") < 0) | (pl.col("input_row") >= pl.col("n")))
    rows_in = sum(rows_per_file.values())
    missing = rows_in - (ledger.unique(LEDGER_KEYS).height - outside.unique(LEDGER_KEYS).height)
    counts = " + ".join(f"{name} {frame.height}" for name, frame in placed.items())
    examples = [f"{f}#{r}" for f, r, *_ in [*placed_twice.iter_rows(), *outside.iter_rows()]][:5]
    summary = (
        f"rows_in={rows_in} (counted from the files) = {counts}; {missing} rows unaccounted, "
        f"{placed_twice.height} placed twice, {outside.unique(LEDGER_KEYS).height} not in any input file"
    )
    return Verdict(missing == 0 and placed_twice.is_empty() and outside.is_empty(), summary, examples)


def repeats_are_repeats(repeats: pl.DataFrame, messages: pl.DataFrame) -> Verdict:
    """A row dropped as a repeat carries the id of a message that was kept."""
    # message ids are unique per tenant only
    orphans = repeats.join(messages.select(MESSAGE_KEY), on=MESSAGE_KEY, how="anti")["message_id"].to_list()
    return Verdict(not orphans, f"{len(orphans)} of {repeats.height} repeated rows repeat no kept message", orphans[:5])


def messages_accounted(messages: pl.DataFrame, outcomes: pl.DataFrame) -> Verdict:
    """Every kept message has exactly one outcome, extracted or judged memory-free, and no outcome is invented."""
    known = outcomes.filter(pl.col("outcome").is_in(["extracted", "no_memory"]))
    without = messages.join(known, on=MESSAGE_KEY, how="anti")["message_id"].to_list()
    invented = outcomes.join(messages, on=MESSAGE_KEY, how="anti")["message_id"].to_list()
    twice = outcomes.group_by(MESSAGE_KEY).len().filter(pl.col("len") > 1)["message_id"].to_list()
    extracted = known.filter(pl.col("outcome") == "extracted").height
    summary = (
        f"messages {messages.height} = extracted {extracted} + no_memory {known.height - extracted}; "
        f"{len(without)} without an outcome, {len(invented)} outcomes of no message, {len(twice)} with two"
    )
    return Verdict(not (without or invented or twice), summary, [*without, *invented, *twice][:5])


def all_hold(*verdicts: Verdict) -> Verdict:
    failed = [v for v in verdicts if not v.passed]
    shown = failed or list(verdicts)
    return Verdict(not failed, "; ".join(v.summary for v in shown), [e for v in failed for e in v.examples][:5])


def table_invariants(with_vectors: bool = True) -> list[Callable[[pl.DataFrame], Verdict]]:
    """Every invariant of a whole memory table; a version that breaks one is never published. Without vectors:
    of the table read without its vector column (whose vectors `SnapshotStore.problems` checks on their own)."""
    return [
        unique_memory_ids,
        one_current_per_single_topic,
        no_overlapping_intervals,
        successors_exist,
        closed_only_with_reason,
        valid_interval_ordered,
        schema_matches if with_vectors else staged_schema_matches,
    ]


def strength_in_bounds(memories: pl.DataFrame, floor: float) -> Verdict:
    bad = memories.filter((pl.col("strength") < floor - 1e-9) | (pl.col("strength") > 1.0 + 1e-9))
    ids = bad["memory_id"].to_list()
    return Verdict(not ids, f"{len(ids)} memories with strength outside [{floor}, 1]", ids[:5])
