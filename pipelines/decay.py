"""Daily decay of memory strength, computed from stored anchors so it never compounds.

strength = max(floor, base * rate^days), base = strength right after the last access (1.0 if never
accessed), days counted from the last access (from recorded_at if never accessed) — seed article 000.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

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
