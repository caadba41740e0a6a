"""Two stores' current snapshots row by row: the check that a speed change left what the product outputs alone.

Build each store from the same raw log with the code to compare (`memory materialize --raw LOG --store S`), then

    .venv/bin/python bench/snapshot_compare.py STORE_A STORE_B [STORE_A2 STORE_B2 ...]

Rows are matched by memory_id; every column is compared except those that record when the run happened
(recorded_at, and the strengths and access anchors decayed from it). Exits 1 when any pair differs.
"""

from __future__ import annotations

import sys
from pathlib import Path

import polars as pl

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipelines.core.schemas import MEMORY_SCHEMA  # noqa: E402
from pipelines.store.snapshots import SnapshotStore  # noqa: E402

RUN_TIME_COLUMNS = {"recorded_at", "strength", "strength_at_access", "last_accessed"}
COMPARED = [name for name in MEMORY_SCHEMA.names if name not in RUN_TIME_COLUMNS]


def memories(store: Path) -> pl.DataFrame:
    return SnapshotStore(store).read_memories(columns=COMPARED).sort("memory_id")


def differences(left: pl.DataFrame, right: pl.DataFrame) -> dict[str, int]:
    """Rows missing on either side, then per column the matched rows whose values differ (nulls equal)."""
    found = {
        "only_in_a": left.join(right, on="memory_id", how="anti").height,
        "only_in_b": right.join(left, on="memory_id", how="anti").height,
    }
    both = left.join(right, on="memory_id", how="inner", suffix="_b")
    for column in COMPARED[1:]:
        found[column] = both.filter(pl.col(column).ne_missing(pl.col(f"{column}_b"))).height
    return found


def main(argv: list[str]) -> int:
    if len(argv) < 2 or len(argv) % 2:
        print("usage: snapshot_compare.py STORE_A STORE_B [STORE_A2 STORE_B2 ...]", file=sys.stderr)
        return 2
    differ = False
    for a, b in zip(argv[::2], argv[1::2], strict=True):
        left, right = memories(Path(a)), memories(Path(b))
        found = {name: count for name, count in differences(left, right).items() if count}
        differ |= bool(found)
        verdict = "identical" if not found else " ".join(f"{name}={count}" for name, count in found.items())
        print(f"snapshot {Path(a).name}: rows={left.height}/{right.height} {verdict}")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
