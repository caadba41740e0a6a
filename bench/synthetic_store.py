"""Owns the benchmarks' generated memory stores: random unit vectors and short random texts, one user at a time,
written as one published version through the snapshot store's write_version (no pipeline run, nothing embedded).

`bench/recall_bench.py` recalls from such a store and `bench/etl_bench.py` runs a night over one (generated in a
child: `python bench/synthetic_store.py --out S --memories N --per-user K --settled`); only `write_version` knows
the store's layout.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import polars as pl
import pyarrow as pa

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pipelines.core.schemas import EMBEDDING_DIM, MEMORY_SCHEMA, QUARANTINE_SCHEMA
from pipelines.store.snapshots import SnapshotStore

AGENT = "bench"
TARGET_USER = "u_bench"
VOCAB = [f"w{i}" for i in range(5000)] + ["tables", "boston", "coffee", "chess", "python", "表格", "北京", "咖啡"]
START = datetime(2026, 1, 1, tzinfo=UTC)
# Every generated memory became valid within SPAN after START: a night after START + SPAN brings only new messages.
SPAN = timedelta(days=60)
# Topics of the facts and preferences: some single-valued, so the per-topic de-duplication has work to do.
TOPICS = ("likes", "hobbies", "residence", "employer", "output_format")
# Only multi-valued topics: a store as resolution leaves it (one current value per single-valued topic).
MULTI_VALUED_TOPICS = ("likes", "hobbies")


def memory_rows(rng: np.random.Generator, user: str, n: int, offset: int, topics: tuple[str, ...] = TOPICS) -> pa.Table:
    """`n` memories of `user` under AGENT, ids from `offset`: 80 % episodes, the rest facts and preferences
    on `topics`."""
    vectors = rng.standard_normal((n, EMBEDDING_DIM), dtype=np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    words = rng.integers(0, len(VOCAB), size=(n, 6))
    ids = [f"{offset + i:032x}" for i in range(n)]
    contents = [" ".join(VOCAB[j] for j in row) for row in words]
    kinds = rng.choice(["episode", "fact", "preference"], size=n, p=[0.8, 0.1, 0.1])
    drawn = rng.choice(list(topics), size=n)
    valid_from = [START + timedelta(minutes=int(m)) for m in rng.integers(0, int(SPAN.total_seconds() // 60), size=n)]
    columns = {
        "memory_id": ids,
        "agent_id": [AGENT] * n,
        "user_id": [user] * n,
        "kind": kinds.tolist(),
        "topic": [t if k != "episode" else "episode" for k, t in zip(kinds, drawn, strict=True)],
        "content": contents,
        "keywords": [[] for _ in range(n)],
        "confidence": rng.uniform(0.5, 1.0, n),
        "source": ["chat"] * n,
        "session_id": [f"s{i // 20}" for i in range(n)],  # sessions of twenty turns
        "source_message_ids": [[i] for i in ids],
        "valid_from": valid_from,
        "valid_to": [None] * n,
        "recorded_at": valid_from,
        "recorded_version": [1] * n,
        "retired_version": [None] * n,
        "superseded_by": [None] * n,
        "merged_into": [None] * n,
        "retraction": [False] * n,
        "expires_at": [None] * n,
        "strength": rng.uniform(0.3, 1.0, n),
        "strength_at_access": [None] * n,
        "access_count": [0] * n,
        "last_accessed": [None] * n,
        "embedding": pa.FixedSizeListArray.from_arrays(pa.array(vectors.ravel()), EMBEDDING_DIM),
        "extractor": ["bench@1"] * n,
        "context": [None] * n,
        "mood": [None] * n,
        "role": ["user" if k == "episode" else None for k in kinds],
        "mentions": [[] if k == "episode" else None for k in kinds],
    }
    return pa.table({name: columns[name] for name in MEMORY_SCHEMA.names}, schema=MEMORY_SCHEMA)


def store_users(total: int, target: int, per_user: int) -> list[tuple[str, int]]:
    """(user, memories) in the order they are written: `per_user` each for u00000.., `target` for TARGET_USER."""
    others = [f"u{i:05d}" for i in range((total - target) // per_user)]
    return [(user, target if user == TARGET_USER else per_user) for user in sorted([*others, TARGET_USER])]


def write_version(root: Path, users: Iterable[pa.Table]) -> int:
    """The store's layout, in this one place: each user's memories (MEMORY_SCHEMA tables) written through the
    snapshot store as version 1 (its user shards, their postings, the manifest) and published. Returns the rows
    written."""
    store = SnapshotStore(root)
    memories = pl.from_arrow(pa.concat_tables(list(users)))
    assert isinstance(memories, pl.DataFrame)
    store.write_version(memories, pl.DataFrame(QUARANTINE_SCHEMA.empty_table()), {"bench": True})
    store.publish(1)
    return memories.height


def _user_tables(users: list[tuple[str, int]], seed: int, topics: tuple[str, ...]) -> Iterator[pa.Table]:
    rng = np.random.default_rng(seed)
    offset = 0
    for user, n in users:
        yield memory_rows(rng, user, n, offset, topics)
        offset += n


def generate(
    root: Path, total: int, target: int, per_user: int, seed: int = 7, topics: tuple[str, ...] = TOPICS
) -> int:
    """A store of about `total` memories (`store_users`) in `root`, published as version 1; returns its rows.
    With the default TOPICS a user has several current values of a single-valued topic, which the first
    night over the store resolves; MULTI_VALUED_TOPICS gives a store as resolution leaves it."""
    return write_version(root, _user_tables(store_users(total, target, per_user), seed, topics))


def main(argv: list[str] | None = None) -> None:
    """Generate a store from the command line and print its rows: a bench that then measures a night's peak
    memory runs this in a child, so its own process (which the night's is forked from) stays small."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True, help="the store folder")
    parser.add_argument("--memories", type=int, required=True)
    parser.add_argument("--per-user", type=int, required=True, help="memories of each user (and of TARGET_USER)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--settled", action="store_true", help="only MULTI_VALUED_TOPICS: as resolution leaves it")
    args = parser.parse_args(argv)
    topics = MULTI_VALUED_TOPICS if args.settled else TOPICS
    print(generate(args.out, args.memories, args.per_user, args.per_user, args.seed, topics))


if __name__ == "__main__":
    main()
