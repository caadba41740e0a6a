"""The user-sharded store: a night rewrites the shards its users live in and reuses the others by reference."""

from __future__ import annotations

from datetime import timedelta

import polars as pl
import pytest

from pipelines.resolve.decay import DecayParams, decay
from pipelines.store.shard_files import MEMORIES
from pipelines.store.shards import shard_name, shard_of
from pipelines.store.snapshots import SnapshotStore
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.memory_rows import publish, row
from tests.support.raw_logs import MAR, NIGHT, message, write_raw
from tests.support.scripted_night import nightly, scripted_store


@pytest.fixture
def embedder():
    return HashingEmbedder()


def _second_night(store, embedder, user: str = "u2", days: int = 1):
    write_raw(store.parent / "raw/date=2026-03-09/c.parquet", [message("s9", 1, "I prefer tables", MAR(9), user=user)])
    return nightly(store.parent / "raw", store, embedder, now=NIGHT + timedelta(days=days))


def test_a_night_rewrites_only_the_shards_of_its_users(tmp_path, embedder):
    store_root = scripted_store(tmp_path, embedder)
    _second_night(store_root, embedder)
    store = SnapshotStore(store_root)
    first, second = store.shard_refs(1), store.shard_refs(2)
    u1, u2 = shard_name(shard_of("u1", store.shard_count)), shard_name(shard_of("u2", store.shard_count))
    assert store.manifest(2)["written_shards"] == [u2]
    assert second[u1] == first[u1]  # the same files, by reference: nothing of u1 was rewritten
    assert u2 not in first and second[u2][MEMORIES]["written"] == 2
    assert store.manifest(2)["rows"]["total"] == store.read_memories(2).height
    assert store.manifest(2)["input_files"][0]["path"].endswith("c.parquet")  # what changed, not the history
    assert len(store.processed_files()) == 3


def test_recall_opens_only_the_users_shard(tmp_path, embedder):
    from pipelines.recall.reader import MemoryReader

    store_root = scripted_store(tmp_path, embedder)
    store = SnapshotStore(store_root)
    store.memories_path(user_id="intruder").unlink()  # another user's shard file: recall of u1 never reads it
    found = MemoryReader(store_root, embedder).recall("u1", "where do I live", k=3)
    assert found and {m.content for m in found} >= {"User lives in Beijing."}


def test_a_shard_no_night_rewrote_is_decayed_to_the_versions_day(tmp_path, embedder):
    store_root = scripted_store(tmp_path, embedder)
    _second_night(store_root, embedder, days=2)  # before u1's task is past its grace: u1's shard is not rewritten
    store = SnapshotStore(store_root)
    assert shard_name(shard_of("u1", store.shard_count)) not in store.manifest(2)["written_shards"]
    u1 = pl.col("user_id") == "u1"
    stored = pl.read_parquet(store.memories_path(2, user_id="u1")).filter(u1)  # as night 1 wrote it
    served = store.read_memories(2).filter(u1)
    expected = decay(stored, (NIGHT + timedelta(days=2)).date(), DecayParams())
    assert served.sort("memory_id")["strength"].to_list() == expected.sort("memory_id")["strength"].to_list()
    assert served["strength"].sum() < stored["strength"].sum()


def test_a_deadline_past_its_grace_rewrites_its_shard_without_new_messages(tmp_path, embedder):
    store_root = scripted_store(tmp_path, embedder)  # u1's passport task expires on March 6th, grace 7 days
    _second_night(store_root, embedder, days=1)
    store = SnapshotStore(store_root)
    u1 = shard_name(shard_of("u1", store.shard_count))
    assert u1 not in store.manifest(2)["written_shards"]  # not yet past its grace
    write_raw(store_root.parent / "raw/date=2026-03-20/d.parquet", [message("s8", 1, "hello", MAR(20), user="u2")])
    nightly(store_root.parent / "raw", store_root, embedder, now=NIGHT + timedelta(days=10))
    assert u1 in store.manifest(3)["written_shards"]
    task = store.read_memories(3).filter(pl.col("kind") == "task")
    assert task["valid_to"].to_list() == task["expires_at"].to_list()  # closed at its deadline


def test_prune_keeps_every_shard_file_a_retained_version_refers_to(tmp_path, embedder):
    store_root = scripted_store(tmp_path, embedder)
    _second_night(store_root, embedder)
    store = SnapshotStore(store_root)
    u1_file = store.memories_path(2, user_id="u1")  # written by version 1, still version 2's
    assert store.prune(keep=1) == [1]
    assert u1_file.exists() and store.problems(2) == []
    write_raw(store_root.parent / "raw/date=2026-03-10/d.parquet", [message("s7", 1, "I live in Shanghai", MAR(10))])
    nightly(store_root.parent / "raw", store_root, embedder, now=NIGHT + timedelta(days=2))
    store.prune(keep=1)  # version 3 rewrote u1's shard: the file of version 1 is nobody's now
    assert not u1_file.exists() and store.versions() == [3] and store.problems(3) == []


def test_the_shard_count_is_the_stores_own(tmp_path, monkeypatch):
    monkeypatch.setenv("MEMORY_SHARDS", "4")
    store = publish(tmp_path, [row("User likes tables.", user=f"u{i}") for i in range(20)])
    assert store.manifest()["shard_count"] == 4 and len(store.shard_refs()) == 4
    monkeypatch.setenv("MEMORY_SHARDS", "64")  # a store keeps the count it was created with
    assert SnapshotStore(store.root).shard_count == 4
    for i in range(20):
        assert pl.read_parquet(store.memories_path(user_id=f"u{i}")).filter(pl.col("user_id") == f"u{i}").height == 1


def test_a_write_refuses_rows_of_a_shard_it_was_not_given(tmp_path):
    store = publish(tmp_path, [row("User likes tables.", user="u1")])
    memories = store.read_memories()
    other = (shard_of("u1", store.shard_count) + 1) % store.shard_count
    with pytest.raises(ValueError, match="given to a write of shards"):
        store.write_version(memories, pl.DataFrame(), {}, shards=[other])
