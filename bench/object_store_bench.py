"""Recall from an `s3://` store beside a local store of the same generated rows, on a SeaweedFS server started on
loopback: warm p50, first result in a fresh process (a host that never read the store, and one that did), and the
naive way, DuckDB reading the user's rows from S3 through the registered filesystem on every query.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

import duckdb
import numpy as np

from bench.recall_bench import first_result_ms, warm_latencies
from bench.synthetic_store import TARGET_USER, generate
from pipelines.core.schemas import EMBEDDING_DIM
from pipelines.store.snapshots import SnapshotStore
from tests.support.seaweed import BUCKET, child_environment, environment, seaweed_s3

NAIVE_SQL = """
SELECT memory_id, list_cosine_similarity(embedding::DOUBLE[], $q::DOUBLE[]) AS w
FROM read_parquet($uri) WHERE user_id = $user ORDER BY w DESC LIMIT 10
"""


def naive_s3_ms(uri: str, runs: int) -> float:
    """Median ms of DuckDB reading the user's rows straight from the object store per query (no local copy)."""
    store = SnapshotStore(uri)
    con = duckdb.connect()
    store.location.register_with(con)
    path = store.memories_path(user_id=TARGET_USER).relative_to(store.root).as_posix()
    q = np.random.default_rng(5).standard_normal(EMBEDDING_DIM)
    params = {"q": (q / np.linalg.norm(q)).tolist(), "uri": store.location.url(path), "user": TARGET_USER}
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        con.execute(NAIVE_SQL, params).fetchall()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def compare_object_store(total: int, target: int, per_user: int, queries: int) -> None:
    with (
        tempfile.TemporaryDirectory(prefix="memory-s3-bench-") as tmp,
        seaweed_s3(Path(tmp) / "weed") as aws,
        environment({**aws, "MEMORY_WORK_DIR": f"{tmp}/work"}),
    ):
        _compare(Path(tmp), total, target, per_user, queries)


def _compare(tmp: Path, total: int, target: int, per_user: int, queries: int) -> None:
    local, uri = tmp / "local", f"s3://{BUCKET}/bench"
    started = time.perf_counter()
    generate(local, total, target, per_user)
    generate(uri, total, target, per_user)
    print(f"generated {total} memories locally and on S3 (SeaweedFS) ({time.perf_counter() - started:.0f} s)")
    figures = {}
    for name, root in (("local", local), ("s3", uri)):
        cold, _ = first_result_ms(root, child_environment({"MEMORY_WORK_DIR": f"{tmp}/cold-{name}"}))
        warm = statistics.median(warm_latencies(root, queries))
        again, _ = first_result_ms(root)  # this host's copies are already there
        figures[name] = (warm, cold, again)
        print(
            f"{name:5}: warm recall p50 {warm:.2f} ms over {queries} queries; first result in a fresh process "
            f"{cold:.0f} ms on a host that never read the store, {again:.0f} ms on one that did"
        )
    naive = naive_s3_ms(uri, 20)
    ratio = figures["s3"][0] / figures["local"][0]
    print(f"naive: DuckDB over the registered s3fs filesystem, the user's rows per query: median {naive:.0f} ms")
    print(
        f"s3 warm_p50_ms={figures['s3'][0]:.2f} local warm_p50_ms={figures['local'][0]:.2f} ratio={ratio:.2f} "
        f"s3 first_result_ms={figures['s3'][1]:.0f} (target: ratio <= 2)"
    )
