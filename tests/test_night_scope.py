"""A night resolves only its users inside the shards it rewrites, and hands rows on without their vectors."""

from __future__ import annotations

from datetime import timedelta

import numpy as np
import polars as pl
import pytest

from pipelines.ingest.read import IngestDefaults
from pipelines.night_scope import LIGHT_COLUMNS, LostVectorError, resolved_users, with_vectors
from pipelines.nightly import stage_decay, stage_extract, stage_publish, stage_resolve, stage_validate
from pipelines.resolve.decay import DecayParams
from pipelines.resolve.invariants import schema_matches, staged_schema_matches
from pipelines.store.snapshots import SnapshotStore, VersionRejectedError
from pipelines.store.staging import StagingArea
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.memory_rows import RECORDED, publish, row
from tests.support.raw_logs import MAR, NIGHT, message, write_raw
from tests.support.scripted_night import ScriptedExtractor, nightly


@pytest.fixture
def embedder():
    return HashingEmbedder()


def _bystander_store(tmp_path, monkeypatch, embedder) -> SnapshotStore:
    """One shard, so any night rewrites it; bea's two equal statements are left unmerged on purpose: resolving
    her would fold them, which shows whether a night resolved her."""
    monkeypatch.setenv("MEMORY_SHARDS", "1")
    later = RECORDED + timedelta(days=1)
    rows = [row("User likes tea.", user="bea"), row("User likes tea.", user="bea", message_id="m2", valid_from=later)]
    return publish(tmp_path / "store", rows, embedder=embedder)


def _night_of_u2(tmp_path, store_root, embedder, now=NIGHT):
    write_raw(tmp_path / "raw/date=2026-03-09/a.parquet", [message("s9", 1, "I prefer tables", MAR(9), user="u2")])
    return nightly(tmp_path / "raw", store_root, embedder, now=now)


def test_the_other_users_of_a_rewritten_shard_keep_their_rows_as_stored(tmp_path, monkeypatch, embedder):
    store = _bystander_store(tmp_path, monkeypatch, embedder)
    before = store.read_memories(1).sort("memory_id")
    assert _night_of_u2(tmp_path, store.root, embedder).published
    assert store.manifest(2)["written_shards"] == ["0000"]
    after = store.read_memories(2)
    bea = after.filter(pl.col("user_id") == "bea").sort("memory_id")
    assert bea["merged_into"].null_count() == 2  # not resolved: resolving her would fold the restatement
    assert bea["embedding"].to_list() == before["embedding"].to_list()  # her vectors, as stored
    u2 = after.filter(pl.col("user_id") == "u2")
    assert u2.height >= 2 and u2["embedding"].null_count() == 0
    norms = np.linalg.norm(np.stack(u2["embedding"].to_numpy()), axis=1)
    assert np.allclose(norms, 1.0, atol=1e-5)


def test_a_user_with_new_candidates_is_resolved_whole(tmp_path, monkeypatch, embedder):
    store = _bystander_store(tmp_path, monkeypatch, embedder)
    write_raw(tmp_path / "raw/date=2026-03-09/a.parquet", [message("s9", 1, "I prefer tables", MAR(9), user="bea")])
    nightly(tmp_path / "raw", store.root, embedder)
    likes = store.read_memories(2).filter(pl.col("topic") == "likes")
    assert likes["merged_into"].null_count() == 1  # her stored rows were resolved with her new ones


def test_the_night_resolves_users_with_candidates_and_users_with_a_deadline_past_its_grace():
    fresh = pl.DataFrame({"user_id": ["ann", "ann"]})
    day = NIGHT - timedelta(days=8)
    stored = pl.DataFrame(
        {
            "user_id": ["bob", "cy", "dee", "eve"],
            "valid_to": [None, None, day, None],
            "expires_at": [day, NIGHT - timedelta(days=6), day, None],  # due, within grace, closed, none
        }
    )
    assert resolved_users(fresh, stored, NIGHT, grace_days=7).to_list() == ["ann", "bob"]


def _staged_night(tmp_path, store_root, embedder) -> StagingArea:
    write_raw(tmp_path / "raw/date=2026-03-09/a.parquet", [message("s9", 1, "I prefer tables", MAR(9), user="u2")])
    stage_validate(tmp_path / "raw", store_root, IngestDefaults(), NIGHT)
    stage_extract(store_root, ScriptedExtractor(), embedder)
    stage_resolve(store_root, NIGHT)
    stage_decay(store_root, NIGHT.date(), DecayParams())
    return StagingArea(store_root)


def test_staged_rows_carry_no_vectors_and_keep_the_rest_of_the_schema(tmp_path, monkeypatch, embedder):
    store = _bystander_store(tmp_path, monkeypatch, embedder)
    staging = _staged_night(tmp_path, store.root, embedder)
    for name in ("resolved", "decayed"):
        staged = staging.read_frame(name)
        assert staged.columns == LIGHT_COLUMNS and staged.height == 4
        assert staged_schema_matches(staged).passed and not schema_matches(staged).passed
    assert not staged_schema_matches(staging.read_frame("resolved").drop("confidence")).passed
    assert not staged_schema_matches(staging.read_frame("resolved").with_columns(pl.lit("x").alias("keywords"))).passed
    u2 = staging.read_frame("resolved").filter(pl.col("user_id") == "u2")["memory_id"]
    assert sorted(staging.read_frame("new_vectors")["memory_id"]) == sorted(u2)  # what the night made, not bea's


def test_publish_refuses_a_row_whose_vector_is_lost(tmp_path, monkeypatch, embedder):
    store = _bystander_store(tmp_path, monkeypatch, embedder)
    staging = _staged_night(tmp_path, store.root, embedder)
    staging.write_frame("new_vectors", staging.read_frame("new_vectors").clear())
    with pytest.raises(VersionRejectedError, match="have no vector"):
        stage_publish(store.root, NIGHT, 14, {})
    assert store.current_version() == 1


def test_a_stored_row_without_a_vector_keeps_none_through_a_night(tmp_path, monkeypatch, embedder):
    store = _bystander_store(tmp_path, monkeypatch, embedder)
    memories = store.read_memories(1)
    keyword_only = memories.with_columns(
        pl.when(pl.col("valid_from") == RECORDED).then(None).otherwise(pl.col("embedding")).alias("embedding")
    )
    store.publish(store.write_version(keyword_only, store.read_quarantine(1), {"embedding_model": embedder.name}))
    assert _night_of_u2(tmp_path, store.root, embedder).published
    bea = store.read_memories(3).filter(pl.col("user_id") == "bea")
    assert bea.height == 2 and bea["embedding"].null_count() == 1


def test_a_row_takes_the_nights_vector_or_its_stored_one_never_both():
    vector = pl.Array(pl.Float32, 2)
    memories = pl.DataFrame({"memory_id": ["a", "b"]})
    changed = pl.DataFrame({"memory_id": ["a"], "embedding": [[1.0, 0.0]]}, schema_overrides={"embedding": vector})
    kept = pl.DataFrame({"memory_id": ["b"], "embedding": [None]}, schema_overrides={"embedding": vector})
    joined = with_vectors(memories, changed, kept)
    assert joined["embedding"].to_list() == [[1.0, 0.0], None]
    with pytest.raises(LostVectorError, match="two vectors"):
        with_vectors(memories, changed, pl.concat([kept, changed]))
    with pytest.raises(LostVectorError, match="1 memories have no vector"):
        with_vectors(memories, changed, kept.clear())
