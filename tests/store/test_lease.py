"""The run-level writer: one run owns the store from its first stage to its publish; the dead give it back."""

import json
import shutil
import subprocess
from dataclasses import asdict, replace

import polars as pl
import pytest

from pipelines.cli import main as memory_cli
from pipelines.ingest.read import IngestDefaults
from pipelines.nightly import stage_decay, stage_extract, stage_publish, stage_resolve, stage_validate
from pipelines.resolve.decay import DecayParams
from pipelines.store.lease import LEASE, Lease, StoreLockedError, folder_lock, read_lease
from pipelines.store.snapshots import SnapshotStore, VersionRejectedError
from pipelines.store.staging import StagingArea
from tests.support.raw_logs import MAR, NIGHT, message, write_raw
from tests.support.scripted_night import ScriptedExtractor


@pytest.fixture
def sleeper():
    """A live process that is not this one: a writer on this host still running."""
    process = subprocess.Popen(["sleep", "60"])
    yield process
    process.kill()
    process.wait()


def _lease_of(store, pid: int, run_key: str = "run-A", start_ticks=None) -> None:
    lease = replace(Lease.mine(run_key, "raw_messages"), pid=pid, start_ticks=start_ticks)
    (store / LEASE).write_text(json.dumps(asdict(lease)))


def _dead_pid() -> int:
    process = subprocess.Popen(["true"])
    process.wait()
    return process.pid


def _raw_night(store, name="date=2026-03-09/n.parquet", text="I prefer tables"):
    raw = store.parent / "raw"
    write_raw(raw / name, [message("n1", 1, text, MAR(9), user="u9")])
    return raw


def _night(raw, store, embedder, run_key):
    stage_validate(raw, store, IngestDefaults(), NIGHT, run_key=run_key)
    stage_extract(store, ScriptedExtractor(), embedder, run_key=run_key)
    stage_resolve(store, NIGHT, run_key=run_key)
    stage_decay(store, NIGHT.date(), DecayParams(), run_key=run_key)
    return stage_publish(store, NIGHT, 14, {}, run_key=run_key)


def test_a_live_run_keeps_every_other_run_out_naming_itself(store, sleeper):
    _lease_of(store, sleeper.pid)
    with pytest.raises(StoreLockedError, match=rf"raw_messages, run run-A, pid {sleeper.pid}"):
        stage_validate(_raw_night(store), store, IngestDefaults(), NIGHT, run_key="run-B")
    assert read_lease(store).run_key == "run-A"
    assert not (store / "staging" / "run-B").exists()


def test_the_same_run_continues_under_its_own_lease(store, sleeper):
    _lease_of(store, sleeper.pid, run_key="run-A")
    report = stage_validate(_raw_night(store), store, IngestDefaults(), NIGHT, run_key="run-A")
    assert report.messages == 1


def test_a_dead_runs_lease_is_taken_over(store, embedder):
    _lease_of(store, _dead_pid())
    assert _night(_raw_night(store), store, embedder, "run-B").version == 2
    assert read_lease(store) is None  # publish gave the store back


def test_a_reused_pid_does_not_keep_a_dead_runs_lease(store, embedder, sleeper):
    _lease_of(store, sleeper.pid, start_ticks=1)  # that pid now belongs to a process started at another time
    assert _night(_raw_night(store), store, embedder, "run-B").version == 2


def test_a_run_cannot_slip_in_between_another_runs_stages(store, embedder):
    raw = _raw_night(store)
    stage_validate(raw, store, IngestDefaults(), NIGHT, run_key="run-A")
    with pytest.raises(StoreLockedError, match="run run-A"):
        stage_validate(raw, store, IngestDefaults(), NIGHT, run_key="run-B")
    stage_extract(store, ScriptedExtractor(), embedder, run_key="run-A")
    assert StagingArea(store, "run-A").read_frame("messages").height == 1


def test_deleting_the_lock_file_lets_nobody_in(store):
    with folder_lock(store, "stage of run A"):
        (store / "writer.lock").unlink()
        with pytest.raises(StoreLockedError), folder_lock(store, "stage of run B"):
            pass


def test_a_failed_stage_gives_the_store_back(store, embedder):
    raw = _raw_night(store)
    stage_validate(raw, store, IngestDefaults(), NIGHT, run_key="run-A")
    StagingArea(store, "run-A").write_frame("messages", pl.DataFrame({"nothing": [1]}))
    with pytest.raises(pl.exceptions.PolarsError):
        stage_extract(store, ScriptedExtractor(), embedder, run_key="run-A")
    assert read_lease(store) is None
    assert _night(raw, store, embedder, "run-B").version == 2


def test_a_run_whose_base_moved_publishes_nothing_and_loses_nothing(store, embedder):
    """Another host's writer (whose lease cannot be judged) published meanwhile: compare-and-swap refuses."""
    raw_a = _raw_night(store, "date=2026-03-09/a.parquet", "I prefer tables")
    stage_validate(raw_a, store, IngestDefaults(), NIGHT, run_key="run-A")
    stage_extract(store, ScriptedExtractor(), embedder, run_key="run-A")
    stage_resolve(store, NIGHT, run_key="run-A")
    stage_decay(store, NIGHT.date(), DecayParams(), run_key="run-A")
    (store / LEASE).unlink()  # as if run A ran elsewhere
    kept = store.parent / "run-A"
    raw_b = store.parent / "raw_b"
    write_raw(raw_b / "b.parquet", [message("b1", 1, "I moved to Beijing", MAR(9), user="u8")])
    shutil.copytree(store / "staging" / "run-A", kept)
    assert _night(raw_b, store, embedder, "run-B").version == 2
    with pytest.raises(VersionRejectedError, match="is gone because another run published since"):
        stage_publish(store, NIGHT, 14, {}, run_key="run-A")
    shutil.copytree(kept, store / "staging" / "run-A")  # even with its hand-off files back
    with pytest.raises(VersionRejectedError, match="built on version 1, but version 2 was published"):
        stage_publish(store, NIGHT, 14, {}, run_key="run-A")
    assert SnapshotStore(store).current_version() == 2
    assert _night(raw_a, store, embedder, "run-C").version == 3  # A's file was never marked processed
    users = set(SnapshotStore(store).read_memories()["user_id"])
    assert {"u8", "u9"} <= users


def test_runs_stage_apart_and_publish_clears_the_others(store, embedder):
    raw = _raw_night(store)
    stage_validate(raw, store, IngestDefaults(), NIGHT, run_key="run-A")  # then run A was killed
    (store / LEASE).unlink()
    (store / "staging" / "messages.parquet").write_bytes(b"left by an older layout")
    _night(raw, store, embedder, "run-B")
    assert [p.name for p in (store / "staging").iterdir()] == ["run-B"]


def test_a_refused_materialize_exits_2_in_one_line(store, sleeper, capsys):
    _lease_of(store, sleeper.pid)
    code = memory_cli(["materialize", "--raw", str(_raw_night(store)), "--store", str(store)])
    err = capsys.readouterr().err.strip()
    assert code == 2 and len(err.splitlines()) == 1
    assert f"locked by another writer (raw_messages, run run-A, pid {sleeper.pid}" in err


def test_forget_and_repair_wait_for_a_live_run(store, sleeper):
    from pipelines.forget import forget_user
    from pipelines.store.doctor import repair

    _lease_of(store, sleeper.pid)
    with pytest.raises(StoreLockedError, match="run run-A"):
        forget_user(store, "u1")  # the run's publish would bring the user's staged words back
    with pytest.raises(StoreLockedError, match="run run-A"):
        repair(SnapshotStore(store))
    assert "u1" in set(SnapshotStore(store).read_memories()["user_id"])
