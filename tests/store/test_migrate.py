"""`memory migrate`: a store of the one-file-per-version layout becomes user shards, its history kept."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pyarrow.parquet as pq

from pipelines.cli import main
from pipelines.core.schemas import QUARANTINE_SCHEMA
from pipelines.recall.reader import MemoryReader
from pipelines.store.snapshots import POINTER, SnapshotStore
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.memory_rows import publish, row

STAMPS = ("2026-03-02T02:00:00+00:00", "2026-03-03T02:00:00+00:00")


def _legacy_store(tmp_path: Path) -> Path:
    """Two versions as the earlier release wrote them: whole tables in each version folder, no shard count."""
    fresh = publish(
        tmp_path / "fresh", [row("User lives in Shanghai.", topic="residence"), row("用户喜欢表格", user="u2")]
    )
    memories = fresh.read_memories().drop("mood", "role", "mentions")  # columns that release did not have yet
    root = tmp_path / "legacy"
    for version, stamp in zip((1, 2), STAMPS, strict=True):
        folder = root / "snapshots" / f"{version:08d}"
        folder.mkdir(parents=True)
        rows = memories if version == 2 else memories.filter(pl.col("user_id") == "u1")
        rows.write_parquet(folder / "memories.parquet")
        pq.write_table(QUARANTINE_SCHEMA.empty_table(), folder / "quarantine.parquet")
        processed = [{"path": f"raw/{day}.parquet", "sha256": f"{day:064d}", "rows": 3} for day in range(version)]
        manifest = {"version": version, "parent": version - 1 or None, "processed_files": processed, "decay_day": None}
        (folder / "manifest.json").write_text(json.dumps({**manifest, "embedding_model": HashingEmbedder.name}))
        (folder / "PUBLISHED").write_text(stamp + "\n")
    (root / POINTER).write_text(f"2\n{STAMPS[1]}\n")
    return root


def test_a_legacy_store_is_migrated_with_its_history(tmp_path, capsys):
    root = _legacy_store(tmp_path)
    assert main(["snapshots", "--store", str(root)]) == 2  # refused, one line, until migrated
    assert "memory migrate" in capsys.readouterr().err
    assert main(["migrate", "--store", str(root), "--shards", "8"]) == 0
    assert "version 1: 1 memories in 8 user shards" in capsys.readouterr().out
    store = SnapshotStore(root)
    assert store.versions() == [1, 2] and store.current_version() == 2 and store.shard_count == 8
    assert [store.published_at(v).isoformat() for v in (1, 2)] == list(STAMPS)
    assert store.read_memories(1)["user_id"].to_list() == ["u1"] and store.read_memories(2).height == 2
    assert len(store.processed_files()) == 2 and all(store.problems(v) == [] for v in (1, 2))
    found = MemoryReader(root, HashingEmbedder(), record_access=False).recall("u2", "表格", k=1)
    assert [m.content for m in found] == ["用户喜欢表格"]
    assert main(["migrate", "--store", str(root)]) == 0  # a second run finds nothing left to do
    assert "nothing to migrate" in capsys.readouterr().out
