"""`memory forget` on a real S3 server (SeaweedFS on loopback): a new version without the user, published through the
claim and the commit log; no object of the store keeps a trace of her, another user's recall is unchanged, and a
writer that published meanwhile makes the forget publish nothing."""

from __future__ import annotations

import io
from datetime import timedelta
from pathlib import Path

import polars as pl
import pytest

from pipelines.cli import main
from pipelines.ingest.read import IngestDefaults
from pipelines.nightly import stage_validate
from pipelines.recall.reader import MemoryReader
from pipelines.store.commit_log import CommitLog
from pipelines.store.doctor import diagnose
from pipelines.store.object_snapshots import ObjectSnapshotStore
from pipelines.store.snapshots import SnapshotStore
from pipelines.store.tombstones import Tombstones
from tests.support.forget_nights import HER_WORDS, ZOE, two_nights_of_zoe
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.raw_logs import MAR, NIGHT, message, write_raw
from tests.support.scripted_night import nightly
from tests.support.seaweed import environment


@pytest.fixture
def lived_in(s3_root, tmp_path, embedder) -> str:
    two_nights_of_zoe(tmp_path / "raw", s3_root, embedder)
    return s3_root


def _recall_u2(store: str) -> list[tuple]:
    with MemoryReader(store, HashingEmbedder()) as reader:
        found = reader.recall("u2", "where do I live and how do I like answers", k=5)
    return [(m.memory_id, m.content, round(m.score, 6)) for m in found]


def _traces(files: dict[str, bytes], words: list[str]) -> list[str]:
    """Every file whose bytes, or (for Parquet) whose decoded rows, contain one of `words`."""
    found = []
    for name, data in sorted(files.items()):
        text = data.decode("utf-8", errors="replace")
        if name.endswith(".parquet") and data:
            text += repr(pl.read_parquet(io.BytesIO(data)).rows())
        found += [f"{name}: {word}" for word in words if word.encode() in data or word in text]
    return found


def _traces_on_the_store(root: str, words: list[str]) -> list[str]:
    location = SnapshotStore(root).location
    return _traces({key: location.read_bytes(key) for key in location.find("")}, words)


def _traces_on_this_host(work: Path, words: list[str]) -> list[str]:
    return _traces({str(p): p.read_bytes() for p in work.rglob("*") if p.is_file()}, words)


def test_forget_on_s3_publishes_a_version_without_her(lived_in, tmp_path, capsys):
    write_raw(tmp_path / "raw" / "c.parquet", [message("z4", 1, "Timbuktu once more", MAR(9), user=ZOE)])
    with environment({"MEMORY_WORK_DIR": str(tmp_path / "plan-host")}):  # a sharded night in flight elsewhere
        stage_validate(tmp_path / "raw", lived_in, IngestDefaults(), NIGHT, run_key="in-flight", shared=True)
    assert _traces_on_the_store(lived_in, HER_WORDS)  # the search finds her before the forget: it can fail
    assert _traces_on_this_host(tmp_path / "work", HER_WORDS)
    before = _recall_u2(lived_in)
    assert main(["forget", "--store", lived_in, "--user", ZOE]) == 0
    out = capsys.readouterr().out
    assert "versions rewritten [3]" in out and "versions dropped [1, 2]" in out and "access events 2" in out
    assert _traces_on_the_store(lived_in, HER_WORDS) == []
    assert _traces_on_this_host(tmp_path / "work", HER_WORDS) == []  # its copies, caches and staging
    assert _recall_u2(lived_in) == before
    store = SnapshotStore(lived_in)
    assert store.versions() == [3] and store.current_version() == 3
    assert [(c.version, c.parent) for c in CommitLog(store.location).commits()][-1] == (3, 2)
    assert diagnose(store) == []
    assert store.read_quarantine().height == 0 and store.read_memories().filter(pl.col("user_id") == "u2").height
    assert len(Tombstones(lived_in).entries()) == 1
    # a reader on another host, which never saw the store before, finds nothing of hers either
    with (
        environment({"MEMORY_WORK_DIR": str(tmp_path / "reader-host")}),
        MemoryReader(lived_in, HashingEmbedder()) as r,
    ):
        assert r.recall(ZOE, "where do I live", k=3) == []


def test_a_reingest_after_forget_on_s3_is_dropped(lived_in, tmp_path, embedder):
    assert main(["forget", "--store", lived_in, "--user", ZOE]) == 0
    raw = tmp_path / "raw"
    write_raw(raw / "backfill.parquet", [message("z9", 1, "I live in Timbuktu again", MAR(9), user=ZOE)])
    nightly(raw, lived_in, embedder, now=NIGHT + timedelta(days=2))
    store = SnapshotStore(lived_in)
    assert store.current_version() == 4 and store.manifest()["forgotten_rows_this_run"] == 1
    assert store.read_memories().filter(pl.col("user_id") == ZOE).is_empty()
    assert _traces_on_the_store(lived_in, HER_WORDS) == []


def test_a_writer_that_publishes_during_the_forget_makes_it_publish_nothing(
    lived_in, tmp_path, embedder, monkeypatch, capsys
):
    publish = ObjectSnapshotStore.publish
    raw = tmp_path / "raw"
    write_raw(raw / "c.parquet", [message("s3", 1, "I prefer tea", MAR(9), user="u2")])

    def another_night_first(self, version, at=None):
        monkeypatch.setattr(ObjectSnapshotStore, "publish", publish)
        with environment({"MEMORY_WORK_DIR": str(tmp_path / "night-host")}):
            nightly(raw, lived_in, embedder, now=NIGHT + timedelta(days=2))  # claims 4, publishes it on 2
        publish(self, version, at)

    monkeypatch.setattr(ObjectSnapshotStore, "publish", another_night_first)
    assert main(["forget", "--store", lived_in, "--user", ZOE]) == 2
    refusal = capsys.readouterr().err
    assert refusal.count("\n") == 1 and "memory forget published nothing" in refusal
    store = SnapshotStore(lived_in)
    assert store.current_version() == 4 and store.versions() == [1, 2, 4]  # nothing dropped: no version of hers
    assert main(["forget", "--store", lived_in, "--user", ZOE]) == 0  # run again, as the message says
    assert store.versions() == [5] and _traces_on_the_store(lived_in, HER_WORDS) == []
