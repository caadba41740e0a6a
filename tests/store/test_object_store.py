"""The store on a real S3 server (SeaweedFS on loopback) beside the local folder: the same nights and recall, the
conditional put that commits a version, two writers racing, and a writer killed mid-publish."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import duckdb
import polars as pl
import pytest

from pipelines import cli
from pipelines.core.schemas import QUARANTINE_SCHEMA
from pipelines.recall.reader import MemoryReader
from pipelines.store.commit_log import CommitLog
from pipelines.store.lease import StoreLockedError
from pipelines.store.location import StoreLocation, VersionTakenError
from pipelines.store.shard_files import MEMORIES
from pipelines.store.snapshots import SnapshotStore, VersionRejectedError
from tests.support.raw_logs import MAR, NIGHT, message, write_raw
from tests.support.scripted_night import nightly

REPO = Path(__file__).resolve().parents[2]


def _two_users_raw(raw: Path) -> Path:
    write_raw(raw / "date=2026-03-01/a.parquet", [message("s1", 1, "I live in Shanghai", MAR(1))])
    write_raw(raw / "date=2026-03-02/o.parquet", [message("o1", 1, "I prefer tables", MAR(2), user="other")])
    return raw


def _second_night_raw(raw: Path) -> None:
    write_raw(raw / "date=2026-03-03/b.parquet", [message("s2", 1, "I moved to Beijing", MAR(3))])


def _where(reader: MemoryReader, **kwargs) -> str:
    return reader.recall("u1", "where do I live", k=1, **kwargs)[0].content


def test_conditional_create_lets_exactly_one_writer_through(any_root):
    location = StoreLocation(any_root)
    location.create("log/00000001.json", b"first")
    with pytest.raises(VersionTakenError, match="already written by another writer"):
        location.create("log/00000001.json", b"second")
    assert location.read_bytes("log/00000001.json") == b"first"


def test_two_nights_as_of_recall_and_a_crash_before_publish(any_root, tmp_path, embedder, monkeypatch):
    raw = _two_users_raw(tmp_path / "raw")
    nightly(raw, any_root, embedder, NIGHT)
    _second_night_raw(raw)
    nightly(raw, any_root, embedder, NIGHT + timedelta(days=1))
    with MemoryReader(any_root, embedder=embedder) as reader:
        assert _where(reader) == "User lives in Beijing."
        assert _where(reader, as_of=MAR(2)) == "User lives in Shanghai."
        assert _where(reader, version=1) == "User lives in Shanghai."
    store = SnapshotStore(any_root)
    assert store.versions() == [1, 2] and store.current_version() == 2
    assert store.version_known_at(store.published_at(2) - timedelta(microseconds=1)) == 1

    write_raw(raw / "date=2026-03-04/c.parquet", [message("s3", 1, "I live in Shanghai", MAR(4))])

    def crash(self, version, at=None):
        raise KeyboardInterrupt("killed before the pointer moved")

    monkeypatch.setattr(type(store), "publish", crash)
    with pytest.raises(KeyboardInterrupt):
        nightly(raw, any_root, embedder, NIGHT + timedelta(days=2))
    monkeypatch.undo()
    assert SnapshotStore(any_root).current_version() == 2
    with MemoryReader(any_root, embedder=embedder) as reader:
        assert _where(reader) == "User lives in Beijing."


def test_a_reader_on_another_host_reads_only_the_users_shard_once(s3_root, tmp_path, embedder, monkeypatch):
    nightly(_two_users_raw(tmp_path / "raw"), s3_root, embedder, NIGHT)
    other_host = tmp_path / "reader-host"
    monkeypatch.setenv("MEMORY_WORK_DIR", str(other_host))
    fetched: list[str] = []
    download = StoreLocation.download

    def counted(self, relative, local):
        fetched.append(relative)
        download(self, relative, local)

    monkeypatch.setattr(StoreLocation, "download", counted)
    with MemoryReader(s3_root, embedder=embedder) as reader:
        for _ in range(3):
            assert _where(reader) == "User lives in Shanghai."
    store = SnapshotStore(s3_root)
    user_file = store.shard_refs(1)[f"{store.shard_of('u1'):04d}"][MEMORIES]["path"]
    data = [rel for rel in fetched if rel.endswith(".parquet")]
    assert sorted(set(data)) == sorted({user_file, user_file.replace(MEMORIES, "postings.parquet")})
    assert len(data) == len(set(data))  # each once, not once per query


def test_duckdb_and_polars_read_the_store_uris(s3_root, tmp_path, embedder):
    nightly(_two_users_raw(tmp_path / "raw"), s3_root, embedder, NIGHT)
    store = SnapshotStore(s3_root)
    con = duckdb.connect()
    store.location.register_with(con)
    uris = store.uris(MEMORIES)
    assert all(uri.startswith("s3://") for uri in uris)
    users = con.sql("SELECT DISTINCT user_id FROM read_parquet($uris) ORDER BY 1", params={"uris": uris}).fetchall()
    assert users == [("other",), ("u1",)]
    # Polars reads them with its own client, from the same AWS variables (plain http allowed for a loopback server)
    frame = pl.read_parquet(uris, storage_options={"aws_allow_http": "true"})
    assert sorted(frame["user_id"].unique()) == ["other", "u1"]


def _night_process(store: str, raw: Path, day: int, work: Path, *extra: str) -> subprocess.Popen:
    env = {**os.environ, "MEMORY_WORK_DIR": str(work)}  # another host: its own staging, lease and copies
    command = [sys.executable, "-m", "tests.support.s3_night", store, str(raw), str(day), *extra]
    return subprocess.Popen(command, cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_two_writers_on_two_hosts_never_both_publish(s3_root, tmp_path, embedder):
    raw = _two_users_raw(tmp_path / "raw")
    nightly(raw, s3_root, embedder, NIGHT)
    _second_night_raw(raw)
    go = tmp_path / "go"
    writers = [_night_process(s3_root, raw, 1, tmp_path / f"host-{n}", "--wait-for", str(go)) for n in (1, 2)]
    while len(list(tmp_path.glob("go.ready-*"))) < 2 and all(w.poll() is None for w in writers):
        pass
    go.touch()  # both staged on version 1: now both publish at once
    results = [(w.wait(timeout=120), *w.communicate()) for w in writers]
    codes = sorted(code for code, _, _ in results)
    assert codes == [0, 2], results
    refusal = next(err for code, _, err in results if code == 2).strip()
    # refused at its start (the base moved) or at its commit (it moved while this one wrote): either way, whole
    assert refusal.count("\n") == 0 and "another writer" in refusal
    assert "nothing was changed" in refusal or "nothing published" in refusal
    store = SnapshotStore(s3_root)
    assert [c.parent for c in CommitLog(store.location).commits()] == [None, 1]
    assert store.problems(store.require_version()) == []
    with MemoryReader(s3_root, embedder=embedder) as reader:
        assert _where(reader) == "User lives in Beijing."


@pytest.mark.parametrize("point", ["upload", "manifest"])
def test_kill_9_during_a_publish_leaves_the_previous_version_readable(s3_root, tmp_path, embedder, point):
    raw = _two_users_raw(tmp_path / "raw")
    nightly(raw, s3_root, embedder, NIGHT)
    _second_night_raw(raw)
    killed = _night_process(s3_root, raw, 1, tmp_path / "host-killed", "--kill-at", point)
    assert killed.wait(timeout=120) == -9, killed.communicate()
    assert SnapshotStore(s3_root).current_version() == 1
    with MemoryReader(s3_root, embedder=embedder) as reader:
        assert _where(reader) == "User lives in Shanghai."
    # the next night on another host publishes over the leftovers, which its prune removes
    again = _night_process(s3_root, raw, 1, tmp_path / "host-next")
    assert again.wait(timeout=120) == 0, again.communicate()
    store = SnapshotStore(s3_root)
    assert store.current_version() == 3 and store.problems(3) == []
    if point == "upload":  # half-uploaded files no manifest refers to are removed
        assert store.versions() == [1, 3]
        assert [k for k in store.location.find("shards") if "/00000002/" in k] == []
    else:  # a whole version that was never published stays until pruned, as on a local store
        assert store.versions() == [1, 2, 3] and store.published_at(2) is None
    with MemoryReader(s3_root, embedder=embedder) as reader:
        assert _where(reader) == "User lives in Beijing."


def test_a_reader_follows_a_new_version_after_its_pointer_window(s3_root, tmp_path, embedder, monkeypatch):
    raw = _two_users_raw(tmp_path / "raw")
    nightly(raw, s3_root, embedder, NIGHT)
    monkeypatch.setenv("MEMORY_POINTER_CHECK_SECONDS", "3600")
    patient = MemoryReader(s3_root, embedder=embedder)
    monkeypatch.setenv("MEMORY_POINTER_CHECK_SECONDS", "0")
    eager = MemoryReader(s3_root, embedder=embedder)
    assert _where(patient) == _where(eager) == "User lives in Shanghai."
    _second_night_raw(raw)
    nightly(raw, s3_root, embedder, NIGHT + timedelta(days=1))
    assert _where(eager) == "User lives in Beijing."
    assert _where(patient) == "User lives in Shanghai."  # within its window it serves the version it had
    patient.close()
    eager.close()


def test_cli_recall_and_snapshots_on_an_s3_store(s3_root, tmp_path, embedder, monkeypatch, capsys):
    raw = _two_users_raw(tmp_path / "raw")
    nightly(raw, s3_root, embedder, NIGHT)
    _second_night_raw(raw)
    nightly(raw, s3_root, embedder, NIGHT + timedelta(days=1))
    monkeypatch.setattr(cli, "_recall_embedder", lambda: embedder)
    assert cli.main(["recall", "--store", s3_root, "--user", "u1", "--query", "where do I live", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)[0]["content"] == "User lives in Beijing."
    assert cli.main(["snapshots", "--store", s3_root, "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert [(v["version"], v["published_at"] is not None) for v in listing] == [(1, True), (2, True)]
    monkeypatch.setenv("MEMORY_STORE", s3_root)
    assert cli.main(["migrate"]) == 2
    refusal = capsys.readouterr().err
    assert refusal.count("\n") == 1 and "memory migrate works on a local store only" in refusal
    assert SnapshotStore(s3_root).versions() == [1, 2]


@pytest.mark.slow
def test_memory_materialize_writes_the_same_snapshot_to_s3_as_to_a_folder(s3_root, tmp_path, capsys):
    from assets.run import run_nightly

    night = "2026-03-11T02:00:00+00:00"
    assert cli.main(["materialize", "--raw", "data/sample", "--store", s3_root, "--run-as-of", night]) == 0
    assert f"published version 1 (the first version) in {s3_root}" in capsys.readouterr().out
    assert run_nightly("data/sample", tmp_path / "local", run_as_of=night).success
    columns = ["memory_id", "content", "valid_from", "valid_to", "superseded_by"]
    on_s3 = SnapshotStore(s3_root).read_memories(columns=columns).sort("memory_id")
    local = SnapshotStore(tmp_path / "local").read_memories(columns=columns).sort("memory_id")
    assert on_s3.height > 0 and on_s3.equals(local)


def test_prune_on_s3_removes_old_versions_and_the_files_only_they_used(s3_root, tmp_path, embedder):
    raw = _two_users_raw(tmp_path / "raw")
    nightly(raw, s3_root, embedder, NIGHT)
    _second_night_raw(raw)
    nightly(raw, s3_root, embedder, NIGHT + timedelta(days=1))
    store = SnapshotStore(s3_root)
    u1_shard = f"shards/{store.shard_of('u1'):04d}/"
    assert store.prune(1) == [1]
    assert store.versions() == [2] and store.current_version() == 2
    kept = store.location.find("shards")
    assert [k for k in kept if k.startswith(u1_shard) and "/00000001/" in k] == []  # rewritten by version 2
    assert [k for k in kept if not k.startswith(u1_shard)] != []  # the other user's files, still referenced
    assert store.problems(2) == []
    with MemoryReader(s3_root, embedder=embedder) as reader:
        assert _where(reader) == "User lives in Beijing."


def test_access_events_recorded_on_s3_are_folded_in_once(s3_root, tmp_path, embedder):
    from pipelines.store.access import read_new_events

    nightly(_two_users_raw(tmp_path / "raw"), s3_root, embedder, NIGHT)
    with MemoryReader(s3_root, embedder=embedder, record_access=True) as reader:
        found = [reader.recall("u1", "where do I live", k=1)[0].memory_id for _ in range(2)]
    events, offsets = read_new_events(s3_root, {})
    assert events["memory_id"].to_list() == found and set(events["user_id"]) == {"u1"}
    again, _ = read_new_events(s3_root, offsets)
    assert again.is_empty()


def test_a_night_over_a_reused_file_missing_on_s3_is_not_published(s3_root, tmp_path, embedder):
    raw = _two_users_raw(tmp_path / "raw")
    nightly(raw, s3_root, embedder, NIGHT)
    store = SnapshotStore(s3_root)
    other = store.shard_refs(1)[f"{store.shard_of('other'):04d}"][MEMORIES]["path"]
    store.location.delete([other])  # the other user's shard, which the next night reuses by reference
    _second_night_raw(raw)
    with pytest.raises(VersionRejectedError, match=f"{other}: missing or resized"):
        nightly(raw, s3_root, embedder, NIGHT + timedelta(days=1))
    assert SnapshotStore(s3_root).current_version() == 1


def test_the_commit_log_takes_a_version_only_on_the_head_it_was_built_on(any_root, monkeypatch):
    log = CommitLog(StoreLocation(any_root))
    log.append(1, None, NIGHT)
    log.append(2, 1, NIGHT + timedelta(days=1))
    with pytest.raises(StoreLockedError, match="built on version 1, but version 2 was published since"):
        log.append(3, 1, NIGHT + timedelta(days=2))
    rival = CommitLog(StoreLocation(any_root))
    seen = rival.head()
    monkeypatch.setattr(rival, "head", lambda max_age=0.0: seen)  # it listed, then the other writer committed
    log.append(3, 2, NIGHT + timedelta(days=2))
    with pytest.raises(StoreLockedError, match="a version was published first by another writer"):
        rival.append(4, 2, NIGHT + timedelta(days=2))  # the conditional put of record 3 is refused
    assert [(c.seq, c.version, c.parent) for c in log.commits()] == [(1, 1, None), (2, 2, 1), (3, 3, 2)]


def test_two_writers_that_pick_the_same_version_number_cannot_both_write_it(s3_root, tmp_path, embedder, monkeypatch):
    nightly(_two_users_raw(tmp_path / "raw"), s3_root, embedder, NIGHT)
    hosts = []
    for name in ("a", "b"):
        monkeypatch.setenv("MEMORY_WORK_DIR", str(tmp_path / f"host-{name}"))
        hosts.append(SnapshotStore(s3_root))
    first, second = hosts
    assert first.next_version() == second.next_version() == 2
    memories, quarantine = first.read_memories(), pl.DataFrame(QUARANTINE_SCHEMA.empty_table())
    assert first.write_version(memories, quarantine, {}) == 2
    monkeypatch.setattr(second, "next_version", lambda: 2)  # it listed the numbers before the first one claimed
    with pytest.raises(StoreLockedError, match="version 2 is being written by another writer"):
        second.write_version(second.read_memories(), quarantine, {})
    first.publish(2)
    assert second.current_version() == 2 and second.problems(2) == []


def test_doctor_repair_on_s3_rolls_back_to_the_last_sound_version(s3_root, tmp_path, embedder, monkeypatch, capsys):
    raw = _two_users_raw(tmp_path / "raw")
    nightly(raw, s3_root, embedder, NIGHT)
    _second_night_raw(raw)
    nightly(raw, s3_root, embedder, NIGHT + timedelta(days=1))
    store = SnapshotStore(s3_root)
    broken = store.shard_refs(2)[f"{store.shard_of('u1'):04d}"][MEMORIES]["path"]
    store.location.write_bytes(broken, b"not the file the manifest lists")
    monkeypatch.setenv("MEMORY_WORK_DIR", str(tmp_path / "doctor-host"))  # a host without a copy of it
    assert cli.main(["doctor", "--store", s3_root]) == 2
    assert broken in capsys.readouterr().out
    assert cli.main(["doctor", "--store", s3_root, "--repair"]) == 0
    out = capsys.readouterr().out
    assert f"moved version 2 to {s3_root}/damaged/00000002-" in out and "at version 1, the newest sound" in out
    store = SnapshotStore(s3_root)
    assert store.current_version() == 1 and store.versions() == [1]
    assert [(c.version, c.parent) for c in CommitLog(store.location).commits()] == [(1, None), (2, 1), (1, 2)]
    with MemoryReader(s3_root, embedder=embedder) as reader:
        assert _where(reader) == "User lives in Shanghai."
    # the next night reads the second night's raw file again, under a number the damaged version never had
    nightly(raw, s3_root, embedder, NIGHT + timedelta(days=2))
    assert store.current_version() == 3 and store.problems(3) == []
    with MemoryReader(s3_root, embedder=embedder) as reader:
        assert _where(reader) == "User lives in Beijing."
    kept = store.location.find("damaged") + store.location.find("shards")
    assert broken in kept and any(key.endswith("/manifest.json") for key in kept)  # its files kept for inspection


def test_a_version_built_on_a_base_that_moved_is_never_committed(s3_root, tmp_path, embedder):
    # a writer that checked its base, then lost the race while it wrote: its version names the base it was built on
    # (not the winner's version, whose memories it lacks), so the commit refuses it whole
    raw = _two_users_raw(tmp_path / "raw")
    nightly(raw, s3_root, embedder, NIGHT)
    _second_night_raw(raw)
    nightly(raw, s3_root, embedder, NIGHT + timedelta(days=1))
    store = SnapshotStore(s3_root)
    assert store.current_version() == 2
    late = store.write_version(store.read_memories(1), store.read_quarantine(1), {}, base=1)
    assert store.manifest(late)["parent"] == 1
    with pytest.raises(StoreLockedError, match="another writer"):
        store.publish(late)
    assert SnapshotStore(s3_root).current_version() == 2
