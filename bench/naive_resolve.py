"""The naive way a night over a store could resolve: every memory of the store with the night's candidates, read
with their vectors and resolved together (what the sharded, per-user night replaces), timed in its own process.

`python bench/naive_resolve.py --store S --candidates C --now ISO` prints `naive_resolve_s=.. peak_rss_mb=..
rows=..`; bench/etl_bench.py runs it beside the night's own resolve stage so the ratio is measured, not assumed.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from datetime import datetime
from pathlib import Path

import polars as pl

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pipelines.nightly import as_memories, with_refreshed_context  # noqa: E402
from pipelines.resolve.dedup import collapse_by_id  # noqa: E402
from pipelines.resolve.resolution import resolve  # noqa: E402
from pipelines.store.snapshots import SnapshotStore  # noqa: E402


def naive_resolve(store: Path, version: int, candidates: Path, now: datetime) -> tuple[float, int]:
    """Seconds to read every memory of `version` and resolve it with `candidates`, and the rows resolved."""
    started = time.perf_counter()
    fresh = as_memories(pl.read_parquet(candidates), now)
    previous = with_refreshed_context(SnapshotStore(store).read_memories(version), fresh)
    resolved = resolve(collapse_by_id(pl.concat([previous, fresh.cast(previous.schema)])), now)
    return time.perf_counter() - started, resolved.height


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, required=True)
    parser.add_argument("--version", type=int, default=1, help="the version the night built on (default 1)")
    parser.add_argument("--candidates", type=Path, required=True, help="the night's staged candidates.parquet")
    parser.add_argument("--now", type=datetime.fromisoformat, required=True, help="the night's run time")
    args = parser.parse_args(argv)
    seconds, rows = naive_resolve(args.store, args.version, args.candidates, args.now)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"naive_resolve_s={seconds:.1f} peak_rss_mb={peak:.0f} rows={rows}")


if __name__ == "__main__":
    main()
