"""This store's S3 layout against Delta Lake (the `deltalake` package, delta-rs) on the same SeaweedFS server and the
same generated memories, partitioned by the same user shards: the first write, a night that rewrites the shards of
40 users, a cold host's read of one user's rows, and the per-query check for a newer version.

Warm recall is not compared: both hand the user's rows to the same in-memory ranking once per version.
deltalake is not a dependency of the project: `.venv/bin/pip install deltalake` to run this script.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import polars as pl
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.synthetic_store import TARGET_USER, generate  # noqa: E402
from pipelines.core.schemas import QUARANTINE_SCHEMA  # noqa: E402
from pipelines.store.location import StoreLocation  # noqa: E402
from pipelines.store.shards import SHARD_COLUMN, with_shard  # noqa: E402
from pipelines.store.snapshots import SnapshotStore  # noqa: E402
from tests.support.seaweed import BUCKET, environment, seaweed_s3  # noqa: E402

NIGHT_USERS = 40


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def median_ms(action: Callable[[], object], runs: int) -> float:
    return statistics.median(timed(action) for _ in range(runs))


def delta_options(aws: dict[str, str]) -> dict[str, str]:
    """delta-rs reads no AWS_ENDPOINT_URL of botocore's for plain http: it is told so, and to commit with
    conditional puts (`etag`) instead of a locking table."""
    return {**aws, "AWS_ALLOW_HTTP": "true", "conditional_put": "etag"}


def as_delta_rows(memories: pl.DataFrame, shard_count: int) -> pa.Table:
    """The memory rows with their shard, vectors as plain lists (Delta has no fixed-size list type)."""
    table = with_shard(memories, shard_count).to_arrow()
    index = table.schema.get_field_index("embedding")
    vectors = table.column("embedding").cast(pa.list_(pa.float32()))
    return table.set_column(index, pa.field("embedding", pa.list_(pa.float32())), vectors)


def cold_read_ours(uri: str, work: str) -> None:
    with environment({"MEMORY_WORK_DIR": work}):  # a host that never read the store
        store = SnapshotStore(uri)
        rows = pq.read_table(store.memories_path(user_id=TARGET_USER))
    assert rows.filter(pc.equal(rows["user_id"], TARGET_USER)).num_rows > 0


def cold_read_delta(uri: str, options: dict[str, str], shard: int) -> None:
    from deltalake import DeltaTable

    table = DeltaTable(uri, storage_options=options).to_pyarrow_table(
        filters=[(SHARD_COLUMN, "=", shard), ("user_id", "=", TARGET_USER)]
    )
    assert table.num_rows > 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--total", type=int, default=50_000)
    parser.add_argument("--target", type=int, default=10_000)
    parser.add_argument("--per-user", type=int, default=500)
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    with (
        tempfile.TemporaryDirectory(prefix="memory-delta-") as tmp,
        seaweed_s3(Path(tmp) / "weed") as aws,
        environment({**aws, "MEMORY_WORK_DIR": f"{tmp}/writer"}),
    ):
        compare(tmp, aws, args)


def compare(tmp: str, aws: dict[str, str], args: argparse.Namespace) -> None:
    from deltalake import DeltaTable, write_deltalake

    ours, delta = f"s3://{BUCKET}/ours", f"s3://{BUCKET}/delta"
    options = delta_options(aws)
    generate(ours, args.total, args.target, args.per_user)
    store = SnapshotStore(ours)
    memories, count = store.read_memories(), store.shard_count
    no_quarantine = pl.DataFrame(QUARANTINE_SCHEMA.empty_table())

    def write_ours(rows: pl.DataFrame, shards: list[int] | None) -> None:
        store.publish(store.write_version(rows, no_quarantine, {}, shards=shards))

    # the whole table rewritten as one version (the generation of the rows is not timed)
    first_ours = timed(lambda: write_ours(memories, None))
    rows = as_delta_rows(memories, count)
    first_delta = timed(lambda: write_deltalake(delta, rows, partition_by=[SHARD_COLUMN], storage_options=options))

    users = memories["user_id"].unique().sort().head(NIGHT_USERS).to_list()
    shards = sorted({store.shard_of(user) for user in users})
    night_rows = with_shard(memories, count).filter(pl.col(SHARD_COLUMN).is_in(shards)).drop(SHARD_COLUMN)

    def night_delta() -> None:
        predicate = f"{SHARD_COLUMN} IN ({', '.join(map(str, shards))})"
        write_deltalake(
            delta, as_delta_rows(night_rows, count), mode="overwrite", predicate=predicate,
            partition_by=[SHARD_COLUMN], storage_options=options,
        )  # fmt: skip

    night_ms_ours, night_ms_delta = timed(lambda: write_ours(night_rows, shards)), timed(night_delta)
    shard = store.shard_of(TARGET_USER)
    cold_ours = statistics.median(timed(lambda n=n: cold_read_ours(ours, f"{tmp}/cold-{n}")) for n in range(args.runs))
    cold_delta = median_ms(lambda: cold_read_delta(delta, options, shard), args.runs)
    log = SnapshotStore(ours).log  # type: ignore[attr-defined]
    check_ours = median_ms(log.head, args.runs * 5)
    opened = DeltaTable(delta, storage_options=options)
    check_delta = median_ms(opened.update_incremental, args.runs * 5)
    files = len(StoreLocation(ours).find("shards")), len(opened.file_uris())
    print(
        f"{args.total} memories in {count} user shards; a night rewrites {len(set(shards))} shards "
        f"({night_rows.height} rows)"
    )
    print(f"first write:            ours {first_ours:8.0f} ms   delta {first_delta:8.0f} ms")
    print(f"night (those shards):   ours {night_ms_ours:8.0f} ms   delta {night_ms_delta:8.0f} ms")
    print(f"cold read of one user:  ours {cold_ours:8.1f} ms   delta {cold_delta:8.1f} ms  (median of {args.runs})")
    print(f"newer-version check:    ours {check_ours:8.1f} ms   delta {check_delta:8.1f} ms")
    print(f"objects: ours {files[0]} shard files (3 per shard and version), delta {files[1]} data files now")


if __name__ == "__main__":
    main()
