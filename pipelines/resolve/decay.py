"""Daily decay of memory strength, computed from stored anchors so it never compounds.

strength = max(floor, base * rate^days), base = strength right after the last access (1.0 if never
accessed), days counted from the last access (from recorded_at if never accessed) — seed article 000.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

import polars as pl


@dataclass(frozen=True)
class DecayParams:
    rate: float = 0.95
    floor: float = 0.3
    # Reinforcement per recall hit: strength * rate + boost, as in seed article 000.
    access_boost: float = 0.05


def decay(memories: pl.DataFrame, today: date, params: DecayParams = DecayParams()) -> pl.DataFrame:
    """Strengths as of `today`; running it twice on a day, or skipping days, gives the same values."""
    anchor = pl.coalesce(pl.col("last_accessed"), pl.col("recorded_at")).dt.date()
    days = (pl.lit(today) - anchor).dt.total_days().clip(lower_bound=0)
    base = pl.col("strength_at_access").fill_null(1.0)
    strength = pl.max_horizontal(pl.lit(params.floor), base * pl.lit(params.rate).pow(days))
    return memories.with_columns(strength.cast(pl.Float64).alias("strength"))


def _decayed(base: float, anchor: datetime, moment: datetime, params: DecayParams) -> float:
    days = max((moment.date() - anchor.date()).days, 0)
    return max(params.floor, base * params.rate**days)


def reinforce(memories: pl.DataFrame, events: pl.DataFrame, params: DecayParams = DecayParams()) -> pl.DataFrame:
    """Fold access events (memory_id, accessed_at) into the decay anchors, oldest event first.

    Each access first decays the strength to the access day, then applies
    `strength = max(floor, strength * rate + boost)` (seed article 000); the result is stored in
    `strength_at_access` with `last_accessed`, so the daily decay stays a function of stored anchors.
    Events for ids not in `memories` are ignored.
    """
    if events.is_empty():
        return memories
    touched = events.join(memories.select("memory_id"), on="memory_id", how="semi").sort("memory_id", "accessed_at")
    if touched.is_empty():
        return memories
    state = memories.join(touched.select("memory_id").unique(), on="memory_id", how="semi").select(
        "memory_id", "strength_at_access", "last_accessed", "recorded_at", "access_count"
    )
    current = {row["memory_id"]: row for row in state.iter_rows(named=True)}
    for memory_id, accessed_at in touched.select("memory_id", "accessed_at").iter_rows():
        row = current[memory_id]
        anchor = row["last_accessed"] or row["recorded_at"]
        before = _decayed(
            row["strength_at_access"] if row["strength_at_access"] is not None else 1.0, anchor, accessed_at, params
        )
        row["strength_at_access"] = max(params.floor, before * params.rate + params.access_boost)
        row["last_accessed"] = max(anchor, accessed_at) if row["last_accessed"] else accessed_at
        row["access_count"] = (row["access_count"] or 0) + 1
    updates = pl.DataFrame(list(current.values()), schema=state.schema).drop("recorded_at")
    return memories.update(updates, on="memory_id")
