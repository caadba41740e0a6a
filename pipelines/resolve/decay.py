"""Daily decay of memory strength, computed from stored anchors so it never compounds.

strength = max(floor, base * rate^days), base = strength right after the last access (1.0 if never
accessed), days counted from the last access (from recorded_at if never accessed) — seed article 000.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

import numpy as np
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


def _access_steps(memories: pl.DataFrame, touched: pl.DataFrame, params: DecayParams) -> pl.DataFrame:
    """Per event (sorted by memory, then time): its decay factor since the anchor before it, and the
    `last_accessed` after it (the latest of the stored anchor and the accesses so far)."""
    state = memories.select("memory_id", "strength_at_access", "last_accessed", "recorded_at", "access_count")
    # one state per id, the last row's, as a dict keyed by memory_id would keep
    state = state.join(touched.select("memory_id").unique(), on="memory_id", how="semi")
    state = state.unique("memory_id", keep="last", maintain_order=True)
    after = pl.max_horizontal("last_accessed", pl.col("accessed_at").cum_max().over("memory_id"))
    steps = touched.select("memory_id", "accessed_at").join(state, on="memory_id", maintain_order="left")
    steps = steps.with_columns(after.alias("accessed_after"))
    anchor = pl.coalesce(pl.col("accessed_after").shift(1).over("memory_id"), "last_accessed", "recorded_at")
    days = (pl.col("accessed_at").dt.date() - anchor.dt.date()).dt.total_days().clip(lower_bound=0)
    steps = steps.with_columns(days.alias("days"))
    # Python's float power, as the per-event formula had it: numpy's vectorised pow may differ in the last bit
    factors = {d: params.rate**d for d in steps["days"].unique().to_list()}
    return steps.with_columns(pl.col("days").replace_strict(factors, return_dtype=pl.Float64).alias("factor"))


def _folded_strengths(
    start: np.ndarray, count: np.ndarray, base: np.ndarray, factor: np.ndarray, params: DecayParams
) -> np.ndarray:
    """Each memory's strength after its events, applied in order; the loop runs once per event depth (the
    most accesses of one memory), each step over every memory with that many events, in numpy."""
    order = np.argsort(-count, kind="stable")  # memories with more events first: each depth is a prefix
    start, count, strength = start[order], count[order], base[order].astype(np.float64)
    for depth in range(int(count[0]) if len(count) else 0):
        alive = int(np.searchsorted(-count, -depth, side="left"))  # memories with more than `depth` events
        before = np.maximum(params.floor, strength[:alive] * factor[start[:alive] + depth])
        strength[:alive] = np.maximum(params.floor, before * params.rate + params.access_boost)
    folded = np.empty_like(strength)
    folded[order] = strength
    return folded


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
    steps = _access_steps(memories, touched, params)
    per_memory = steps.group_by("memory_id", maintain_order=True).agg(
        pl.len().alias("events"),
        pl.col("strength_at_access").first().fill_null(1.0).alias("base"),
        pl.col("accessed_after").last().alias("last_accessed"),
        (pl.col("access_count").first().fill_null(0) + pl.len()).alias("access_count"),
    )
    count = per_memory["events"].to_numpy().astype(np.int64)
    start = np.cumsum(count) - count  # each memory's events are consecutive rows of `steps`
    strength = _folded_strengths(start, count, per_memory["base"].to_numpy(), steps["factor"].to_numpy(), params)
    updates = per_memory.select(
        "memory_id", pl.Series("strength_at_access", strength), "last_accessed", "access_count"
    ).cast({name: memories.schema[name] for name in ("strength_at_access", "last_accessed", "access_count")})
    return memories.update(updates, on="memory_id")
