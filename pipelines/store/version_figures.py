"""A published version's figures as numbers an operator watches night over night: memories per kind, what the
night added, superseded, expired or merged, and how strong the current memories are.
"""

from __future__ import annotations

from itertools import pairwise

import polars as pl

from pipelines.core.schemas import ALL_KINDS
from pipelines.resolve.resolution import is_current

# strength lies in [floor, 1]; at decay's 0.95 a day a memory left alone is below 0.9 after three days, 0.7 after a
# week, 0.5 after two, and at the 0.3 floor after about four
STRENGTH_EDGES = (0.3, 0.5, 0.7, 0.9, 1.0)


def version_figures(memories: pl.DataFrame, version: int) -> dict[str, int | float]:
    """`kind/<kind>` rows and `current/<kind>` for every kind (zeros included, so each plot has a point per
    version), `night/*` for what changed in `version`, `strength/*` over the current memories."""
    current = memories.filter(is_current())
    return {
        **_per_kind(memories, "kind"),
        **_per_kind(current, "current"),
        **night_changes(memories, version),
        **strength_distribution(current["strength"]),
    }


def _per_kind(memories: pl.DataFrame, prefix: str) -> dict[str, int | float]:
    counts = dict(memories.group_by("kind").len().iter_rows())
    return {f"{prefix}/{kind}": counts.get(kind, 0) for kind in ALL_KINDS}


def night_changes(memories: pl.DataFrame, version: int) -> dict[str, int | float]:
    """Memories first held by `version`, and those it no longer holds as current, by why they closed: a
    successor (or retraction), a deadline past its grace days, or a restatement folded into an earlier one."""
    retired = memories.filter(pl.col("retired_version") == version)
    merged = pl.col("merged_into").is_not_null()
    superseded = pl.col("superseded_by").is_not_null() & ~merged
    return {
        "night/new": memories.filter(pl.col("recorded_version") == version).height,
        "night/superseded": retired.filter(superseded).height,
        "night/expired": retired.filter(~superseded & ~merged & pl.col("expires_at").is_not_null()).height,
        "night/merged": retired.filter(merged).height,
    }


def strength_distribution(strength: pl.Series) -> dict[str, int | float]:
    """Mean and quantiles, and how many fall in each band of STRENGTH_EDGES (the last band includes 1.0)."""
    if strength.is_empty():
        return {"strength/mean": 0.0}
    figures: dict[str, int | float] = {
        "strength/mean": round(float(strength.mean() or 0.0), 4),  # type: ignore[arg-type]
        "strength/min": round(float(strength.min() or 0.0), 4),  # type: ignore[arg-type]
        **{f"strength/p{q}": round(float(strength.quantile(q / 100, "nearest") or 0.0), 4) for q in (10, 50, 90)},
    }
    for low, high in pairwise(STRENGTH_EDGES):
        last = high == STRENGTH_EDGES[-1]
        band = (strength >= low) & ((strength <= high) if last else (strength < high))
        figures[f"strength/{low:.1f}-{high:.1f}"] = int(band.sum())
    return figures
