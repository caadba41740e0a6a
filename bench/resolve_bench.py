"""The night's resolve and index work on a generated memory table, row-by-row (tests/support) beside vectorised.

Rows come from bench/recall_bench.py's generator; a share of the state-like memories restate the one before
them on their topic (same vector, one more word), so merging has real groups to fold. Prints seconds per
function, old and new, with the ratio, and checks both give the same frame (reinforce too, on recall hits
spread over a tenth of the memories).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import numpy as np
import polars as pl

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.synthetic_store import START, memory_rows  # noqa: E402
from pipelines.core.schemas import STATE_KINDS  # noqa: E402
from pipelines.index.postings import build_postings  # noqa: E402
from pipelines.resolve.decay import reinforce  # noqa: E402
from pipelines.resolve.merge import MergeParams, merge_near_duplicates  # noqa: E402
from pipelines.resolve.resolution import resolve  # noqa: E402
from tests.support import row_by_row  # noqa: E402


def memory_table(rows: int, per_user: int, restated: float, seed: int = 7) -> pl.DataFrame:
    """`rows` memories of rows // per_user users; `restated` of the state-like ones repeat their predecessor."""
    rng = np.random.default_rng(seed)
    users = [f"u{i:05d}" for i in range(max(1, rows // per_user))]
    frame = pl.concat(
        [pl.from_arrow(memory_rows(rng, user, per_user, i * per_user)) for i, user in enumerate(users)]
    ).head(rows)
    group = ["agent_id", "user_id", "kind", "topic"]
    ordered = frame.sort([*group, "valid_from"]).with_columns(pl.Series("draw", rng.random(frame.height)))
    restates = (
        (pl.col("draw") < restated)
        & pl.col("kind").is_in(STATE_KINDS)
        & pl.col("memory_id").shift(1).over(group).is_not_null()
    )
    return ordered.with_columns(
        pl.when(restates).then(pl.col("content").shift(1).over(group) + " again").otherwise("content").alias("content"),
        pl.when(restates).then(pl.col("embedding").shift(1).over(group)).otherwise("embedding").alias("embedding"),
    ).drop("draw")


def timed(function: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    result = function()
    return time.perf_counter() - started, result


def comparable(result: Any) -> Any:
    """A frame with each embedding replaced by its hash: still compared row by row, at a fraction of the memory."""
    if isinstance(result, pl.DataFrame):
        return result.with_columns(pl.col("embedding").hash().alias("embedding"))
    return result


def access_events(memories: pl.DataFrame, share: float, seed: int = 11) -> pl.DataFrame:
    """Recall hits on `share` of the memories, one to five each, over the 30 days after the table's last day."""
    rng = np.random.default_rng(seed)
    hit = memories["memory_id"].sample(fraction=share, seed=seed)
    times = rng.integers(1, 6, size=hit.len())
    ids = np.repeat(hit.to_numpy(), times)
    hours = rng.integers(0, 30 * 24, size=len(ids))
    moments = [START + timedelta(days=60, hours=int(h)) for h in hours]
    return pl.DataFrame({"memory_id": ids, "accessed_at": moments, "process": "bench"}).cast(
        {"accessed_at": memories.schema["last_accessed"]}
    )


def cases(memories: pl.DataFrame, events: pl.DataFrame) -> list[tuple[str, Callable[[], Any], Callable[[], Any]]]:
    """(name, row-by-row call, vectorised call) per function measured."""
    now, texts = START + timedelta(days=90), memories.drop("embedding")
    params = MergeParams()
    return [
        ("build_postings", lambda: row_by_row.build_postings(texts), lambda: build_postings(texts)),
        (
            "merge_near_duplicates",
            lambda: row_by_row.merge_near_duplicates(memories, params),
            lambda: merge_near_duplicates(memories, params),
        ),
        ("resolve", lambda: row_by_row.resolve(memories, now), lambda: resolve(memories, now)),
        ("reinforce", lambda: row_by_row.reinforce(memories, events), lambda: reinforce(memories, events)),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--per-user", type=int, default=10_000)
    parser.add_argument("--restated", type=float, default=0.2, help="share of state memories restating the last")
    parser.add_argument("--accessed", type=float, default=0.1, help="share of memories recalled before the night")
    parser.add_argument("--new-only", action="store_true", help="skip the row-by-row versions (they need ~13 GB at 1M)")
    args = parser.parse_args()
    started = time.perf_counter()
    memories = memory_table(args.rows, args.per_user, args.restated)
    events = access_events(memories, args.accessed)
    users, seconds = memories["user_id"].n_unique(), time.perf_counter() - started
    print(f"generated {memories.height} memories of {users} users, {events.height} access events ({seconds:.0f} s)")
    print(f"{'function':<24}{'old_s':>10}{'new_s':>10}{'ratio':>8}  same")
    figures = []
    for name, old, new in cases(memories, events):
        new_s, got = timed(new)
        got = comparable(got)  # one full copy of the table at a time: the row-by-row merge needs the memory
        if args.new_only:
            figures.append(f"{name}_new_s={new_s:.2f}")
            print(f"{name:<24}{'-':>10}{new_s:>10.2f}")
        else:
            old_s, expected = timed(old)
            figures.append(f"{name}_old_s={old_s:.2f} {name}_new_s={new_s:.2f}")
            print(f"{name:<24}{old_s:>10.2f}{new_s:>10.2f}{old_s / new_s:>7.1f}x  {got.equals(comparable(expected))}")
            del expected
        if name == "merge_near_duplicates":
            print(f"{'':<24}{got.filter(pl.col('merged_into').is_not_null()).height} restatements folded")
        del got
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"resolve_bench rows={memories.height} " + " ".join(figures) + f" peak_rss_mb={peak_mb:.0f}")


if __name__ == "__main__":
    main()
