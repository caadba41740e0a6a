"""Corruption is caught, reported on one line and repaired: checksums, vectors, pointer, manifest, marker, temp."""

from __future__ import annotations

import os
import shutil
from datetime import timedelta

import numpy as np
import polars as pl
import pyarrow.parquet as pq
import pytest

from pipelines.cli import main
from pipelines.core import atomic
from pipelines.ingest.read import IngestDefaults
from pipelines.nightly import stage_validate
from pipelines.recall.reader import MemoryReader
from pipelines.store.doctor import diagnose
from pipelines.store.integrity import StoreCorruptError
from pipelines.store.snapshots import POINTER, PUBLISHED, SnapshotStore, VersionRejectedError
from tests.support.hashing_embedder import HashingEmbedder
from tests.support.raw_logs import MAR, NIGHT, message, write_raw
from tests.support.scripted_night import nightly

LATER = NIGHT + timedelta(days=1)


@pytest.fixture
def two_nights(store, embedder):
    """Version 1 from the scripted night, version 2 folding in one more raw file (a preference of u2)."""
    write_raw(store.parent / "raw/date=2026-03-09/c.parquet", [message("s9", 1, "I prefer tables", MAR(9), user="u2")])
    nightly(store.parent / "raw", store, embedder, now=LATER)
    assert SnapshotStore(store).current_version() == 2
    return store


def _cli(capsys, *args: str) -> tuple[int, str]:
    code = main(list(args))
    captured = capsys.readouterr()
    return code, captured.err + captured.out


def _one_line_error(capsys, *args: str) -> str:
    code, text = _cli(capsys, *args)
    assert code == 2, text
    assert "Traceback" not in text and len(text.strip().splitlines()) == 1, text
    return text


def _commands(store):
    s = str(store)
    return [
        ("recall", "--store", s, "--user", "u1", "--query", "where"),
        ("history", "--store", s, "--user", "u1", "--topic", "residence"),
        ("snapshots", "--store", s),
    ]


def _flip_bytes(path, at: int = 200) -> None:
    data = bytearray(path.read_bytes())
    data[at : at + 8] = bytes(b ^ 0xFF for b in data[at : at + 8])
    path.write_bytes(bytes(data))


def _written_by(store: SnapshotStore, version: int, user_id: str):
    """The user's shard file of `version`, which that version wrote itself."""
    path = store.memories_path(version, user_id=user_id)
    assert path.parent.name == f"{version:08d}"
    return path


def test_flipped_bytes_are_named_by_every_reader_and_the_next_night(two_nights, embedder, capsys):
    store = SnapshotStore(two_nights)
    _flip_bytes(store.memories_path(2, user_id="u1"))  # u1's shard, as the night before the last wrote it
    for command in _commands(two_nights)[:2]:
        assert "memories.parquet: sha256 differs" in _one_line_error(capsys, *command)
    # the next night that touches u1's shard reads the file and refuses it (a night never reads other shards)
    write_raw(two_nights.parent / "raw/date=2026-03-10/d.parquet", [message("s10", 1, "I prefer charts", MAR(10))])
    with pytest.raises(StoreCorruptError, match=r"00000001/memories.parquet: sha256 differs"):
        stage_validate(two_nights.parent / "raw", two_nights, IngestDefaults(), LATER + timedelta(days=1))
    assert any("00000001/memories.parquet: sha256 differs" in p for p in diagnose(store))


def test_an_older_file_put_in_place_is_caught_and_repair_brings_its_memories_back(two_nights, embedder, capsys):
    store = SnapshotStore(two_nights)
    before = store.read_memories().sort("memory_id")
    shutil.copy(_written_by(store, 1, "u1"), _written_by(store, 2, "u2"))  # a file of version 1 over one of 2
    code, text = _cli(capsys, "doctor", "--store", str(two_nights))
    assert code == 2 and "00000002/memories.parquet" in text
    code, text = _cli(capsys, "doctor", "--store", str(two_nights), "--repair")
    assert code == 0, text
    assert "moved version 2" in text and "pointed" in text and "at version 1" in text
    fresh = SnapshotStore(two_nights)
    assert fresh.current_version() == 1 and fresh.versions() == [1]
    # version 1 never folded in c.parquet, so the next night reads it again: nothing is lost for good
    report = nightly(two_nights.parent / "raw", two_nights, embedder, now=LATER)
    assert report.parent == 1
    after = SnapshotStore(two_nights).read_memories().sort("memory_id")
    assert after["memory_id"].to_list() == before["memory_id"].to_list()


def test_vectors_that_are_not_unit_length_are_never_published(store):
    snapshots = SnapshotStore(store)
    memories = snapshots.read_memories()
    blown = memories.with_columns(pl.col("embedding").arr.eval(pl.element() * 1e37).alias("embedding"))
    version = snapshots.write_version(blown, snapshots.read_quarantine(), {}, snapshots.read_turns())
    with pytest.raises(VersionRejectedError, match=r"not published: .*memories.parquet: \d+ embeddings not finite"):
        snapshots.publish(version)
    assert snapshots.current_version() == 1 and snapshots.published_at(version) is None
    vectors = np.stack(snapshots.read_memories()["embedding"].to_numpy())
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-3)


def test_a_deleted_pointer_is_an_error_not_a_fresh_start(two_nights, embedder, capsys):
    (two_nights / POINTER).unlink()
    with pytest.raises(StoreCorruptError, match=r"CURRENT: missing, but version\(s\) 1, 2 were published"):
        nightly(two_nights.parent / "raw", two_nights, embedder, now=LATER + timedelta(days=1))
    assert SnapshotStore(two_nights).versions() == [1, 2]  # nothing was published with `parent None`
    for command in _commands(two_nights)[:3]:
        assert "CURRENT: missing" in _one_line_error(capsys, *command)
    assert _cli(capsys, "doctor", "--store", str(two_nights), "--repair")[0] == 0
    assert SnapshotStore(two_nights).current_version() == 2


def test_a_store_without_any_publication_still_starts_fresh(tmp_path, embedder):
    """A first run killed after writing its version (no swap, no marker) leaves nothing to protect."""
    snapshots = SnapshotStore(tmp_path / "store")
    snapshots.write_version(pl.from_arrow(pq.read_table(_empty_memories(tmp_path))), _empty_quarantine(), {})
    assert snapshots.current_version() is None and diagnose(snapshots) == []


def _empty_memories(tmp_path):
    from pipelines.core.schemas import MEMORY_SCHEMA

    path = tmp_path / "empty.parquet"
    pq.write_table(MEMORY_SCHEMA.empty_table(), path)
    return path


def _empty_quarantine():
    from pipelines.core.schemas import QUARANTINE_SCHEMA

    return pl.from_arrow(QUARANTINE_SCHEMA.empty_table())


@pytest.mark.parametrize(
    ("damage", "named"),
    [
        (lambda s: (s / POINTER).write_bytes(b"\x00garbage\xff"), "CURRENT: unreadable pointer"),
        (lambda s: (s / POINTER).write_text("7\n"), "CURRENT: points at version 7, which is missing"),
        (
            lambda s: (s / "snapshots/00000002/manifest.json").write_text('{"version": 2, "fi'),
            "not a readable manifest",
        ),
    ],
    ids=["garbage-pointer", "dangling-pointer", "truncated-manifest"],
)
def test_a_broken_pointer_or_manifest_gives_one_line_errors_and_repair_recovers(two_nights, capsys, damage, named):
    damage(two_nights)
    for command in _commands(two_nights):
        assert named in _one_line_error(capsys, *command)
    code, text = _cli(capsys, "doctor", "--store", str(two_nights))
    assert code == 2 and named in text and "Traceback" not in text
    code, text = _cli(capsys, "doctor", "--store", str(two_nights), "--repair")
    assert code == 0, text
    assert MemoryReader(two_nights, HashingEmbedder()).recall("u1", "where do I live", k=1)


def test_an_empty_publication_marker_breaks_nothing_and_is_restamped(two_nights, capsys):
    marker = SnapshotStore(two_nights).version_path(1) / PUBLISHED
    marker.write_text("")  # a disk full while it was written
    assert _cli(capsys, "snapshots", "--store", str(two_nights))[0] == 0
    store = SnapshotStore(two_nights)
    assert store.version_known_at(LATER + timedelta(hours=1)) == 2
    assert any("PUBLISHED: unreadable publication marker" in p for p in diagnose(store))
    code, text = _cli(capsys, "doctor", "--store", str(two_nights), "--repair")
    assert code == 0 and "restamped" in text
    assert SnapshotStore(two_nights).published_at(1) is not None


def test_known_at_counts_only_versions_whose_pointer_swap_happened(store, monkeypatch):
    """Killed at the pointer swap: the version was written and verified, but readers never saw it."""
    snapshots = SnapshotStore(store)
    version = snapshots.write_version(snapshots.read_memories(), snapshots.read_quarantine(), {})
    real = atomic.write_text_atomic

    def disk_full_at_the_pointer(target, text):
        if os.path.basename(target) == POINTER:
            raise OSError(28, "No space left on device")
        return real(target, text)

    monkeypatch.setattr("pipelines.store.snapshots.write_text_atomic", disk_full_at_the_pointer)
    with pytest.raises(OSError, match="No space"):
        snapshots.publish(version, LATER)
    monkeypatch.undo()
    assert snapshots.current_version() == 1
    assert snapshots.published_at(version) is None
    assert snapshots.version_known_at(LATER + timedelta(days=1)) == 1


def test_a_kill_between_swap_and_marker_still_counts_the_version_and_the_next_publish_stamps_it(store):
    snapshots = SnapshotStore(store)
    version = snapshots.write_version(snapshots.read_memories(), snapshots.read_quarantine(), {})
    snapshots.publish(version, LATER)
    (snapshots.version_path(version) / PUBLISHED).unlink()  # as if killed right after the swap
    assert snapshots.published_at(version) == LATER
    assert snapshots.version_known_at(LATER) == version
    third = snapshots.write_version(snapshots.read_memories(), snapshots.read_quarantine(), {})
    snapshots.publish(third, LATER + timedelta(days=1))
    assert snapshots.published_at_marker(version) == LATER


def test_stale_pointer_temp_files_are_cleaned(store, capsys):
    snapshots = SnapshotStore(store)
    for pid in (11, 12):
        (store / f".{POINTER}.{pid}.tmp").write_text("9\n")
    (snapshots.version_path(1) / f".{PUBLISHED}.13.tmp").write_text("")
    assert len([p for p in diagnose(snapshots) if "killed writer" in p]) == 3
    code, text = _cli(capsys, "doctor", "--store", str(store), "--repair")
    assert code == 0 and text.count("removed") == 3
    (store / f".{POINTER}.14.tmp").write_text("9\n")
    with snapshots.writer_lock("test"):
        snapshots.prune(keep=14)  # every publishing run prunes under the lock
    assert not list(store.glob(".CURRENT.*"))


def test_doctor_on_a_sound_store_exits_zero(two_nights, capsys):
    code, text = _cli(capsys, "doctor", "--store", str(two_nights))
    assert code == 0 and "sound (current version 2, 2 versions)" in text
