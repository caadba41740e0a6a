"""Recall latency on a generated 1M-memory store, side by side with the seed article's full-scan query.

Generates `bench/out/store` once (random unit vectors, short random texts; one user of 10k memories),
then prints p50/p99 of 200 warm recalls (and p50 with agent/kind filters and as of a past moment), time
to first result in a fresh process, and the seed query. Then the same user recalled from an `s3://` store on a
SeaweedFS server the bench starts on loopback, beside a local store of the same rows (bench/object_store_bench.py).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.synthetic_store import START, TARGET_USER, VOCAB, generate  # noqa: E402
from pipelines.core.schemas import EMBEDDING_DIM  # noqa: E402
from pipelines.store.snapshots import SnapshotStore  # noqa: E402

__all__ = ["START", "TARGET_USER", "VOCAB", "generate"]  # what recall_ab.py and the tests import from here

# The seed article's recall (000): strength × cosine over every row of the file, no tenant filter.
SEED_SQL = """
SELECT content, strength * list_cosine_similarity(embedding::DOUBLE[], $q::DOUBLE[]) AS w
FROM read_parquet($path) ORDER BY w DESC LIMIT 10
"""


def warm_latencies(root: Path | str, queries: int, **recall_options) -> list[float]:
    """ms per recall of `queries` random queries after a first one loads the user (`recall_options`: filters)."""
    from pipelines.recall.reader import MemoryReader

    rng = np.random.default_rng(11)
    reader = MemoryReader(root, use_embeddings=False)
    vectors = rng.standard_normal((queries + 1, EMBEDDING_DIM)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    texts = [" ".join(rng.choice(VOCAB, size=4)) for _ in range(queries + 1)]
    reader.recall(TARGET_USER, texts[0], k=10, query_vector=vectors[0])  # loads the user's tables
    times = []
    for text, vector in zip(texts[1:], vectors[1:], strict=True):
        start = time.perf_counter()
        found = reader.recall(TARGET_USER, text, k=10, query_vector=vector, **recall_options)
        times.append((time.perf_counter() - start) * 1000)
        assert len(found) == 10
    return times


FIRST_RESULT = """
import sys, time, numpy as np
t0 = time.perf_counter()
sys.path.insert(0, {root!r})
from pipelines.recall.reader import MemoryReader
v = np.random.default_rng(3).standard_normal(384).astype(np.float32); v /= np.linalg.norm(v)
found = MemoryReader({store!r}, use_embeddings=False).recall({user!r}, "coffee chess", k=10, query_vector=v)
print((time.perf_counter() - t0) * 1000, len(found))
"""


def first_result_ms(root: Path | str, env: dict[str, str] | None = None) -> tuple[float, float]:
    """(wall ms from process launch, ms from the first import) to the first recall result."""
    script = FIRST_RESULT.format(root=str(ROOT), store=str(root), user=TARGET_USER)
    start = time.perf_counter()
    run = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True, env=env)
    out = run.stdout.split()
    return (time.perf_counter() - start) * 1000, float(out[0])


def seed_query_ms(root: Path, runs: int) -> float:
    import duckdb

    path = [str(p) for p in SnapshotStore(root).memories_paths()]  # every shard: the seed scans all rows
    q = np.random.default_rng(5).standard_normal(EMBEDDING_DIM)
    q = (q / np.linalg.norm(q)).tolist()
    con = duckdb.connect(":memory:")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        con.execute(SEED_SQL, {"q": q, "path": path}).fetchall()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def query_embedding_ms(samples: int = 20) -> float:
    from pipelines.embed.e5 import E5Embedder

    embedder = E5Embedder()
    embedder.embed_query("warm up")
    times = []
    for i in range(samples):
        start = time.perf_counter()
        embedder.embed_query(f"what did the user say about coffee number {i}?")
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out" / "store")
    parser.add_argument("--total", type=int, default=1_000_000)
    parser.add_argument("--target", type=int, default=10_000, help="memories of the recalled user")
    parser.add_argument("--per-user", type=int, default=10_000)
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--seed-runs", type=int, default=3)
    parser.add_argument("--s3-total", type=int, default=50_000, help="memories of the S3 and local pair (0: skip)")
    args = parser.parse_args()
    if SnapshotStore(args.out).current_version() is None:
        started = time.perf_counter()
        generate(args.out, args.total, args.target, args.per_user)
        print(f"generated {args.total} memories in {args.out} ({time.perf_counter() - started:.0f} s)")
    times = warm_latencies(args.out, args.queries)
    p50, p99 = statistics.median(times), float(np.percentile(times, 99))
    filtered = statistics.median(warm_latencies(args.out, args.queries, agent_id="bench", kinds=["fact", "episode"]))
    as_of = statistics.median(warm_latencies(args.out, args.queries, as_of=START + timedelta(days=45)))
    wall, in_process = first_result_ms(args.out)
    seed = seed_query_ms(args.out, args.seed_runs)
    embed = query_embedding_ms()
    print(f"warm recall, query vector given: p50 {p50:.2f} ms, p99 {p99:.2f} ms over {len(times)} queries")
    print(f"with agent and kinds filters: p50 {filtered:.2f} ms; as of a past moment: p50 {as_of:.2f} ms")
    print(f"e5 query embedding: p50 {embed:.1f} ms -> recall from text p50 ~ {p50 + embed:.1f} ms")
    print(f"first result in a fresh process: {wall:.0f} ms from launch ({in_process:.0f} ms after interpreter start)")
    print(f"seed query (list_cosine_similarity over all {args.total} rows): median {seed:.0f} ms of {args.seed_runs}")
    print(
        f"recall p50_ms={p50:.2f} p99_ms={p99:.2f} first_result_ms={wall:.0f} seed_query_ms={seed:.0f} "
        f"speedup={seed / p50:.0f}"
    )
    if args.s3_total:
        from bench.object_store_bench import compare_object_store

        compare_object_store(args.s3_total, args.target, args.per_user, args.queries)


if __name__ == "__main__":
    main()
