"""A `memory materialize` killed mid-run (kill -9) leaves nothing that stops the next unattended run: not its
pool slot in the Dagster instance, not its store lease, not its staging."""

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import dagster as dg
import pytest

from pipelines.store.lease import LEASE
from pipelines.store.snapshots import SnapshotStore

REPO = Path(__file__).resolve().parents[2]
NIGHT = "2026-03-11T02:00:00+00:00"

pytestmark = pytest.mark.slow


def _materialize(store: Path, home: Path) -> subprocess.Popen:
    command = [sys.executable, "-m", "pipelines.cli", "materialize", "--raw", "data/sample", "--store", str(store)]
    env = {**os.environ, "DAGSTER_HOME": str(home)}
    return subprocess.Popen(
        [*command, "--run-as-of", NIGHT], cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def _wait_for(path: Path, process: subprocess.Popen, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, f"{path} never appeared"
        time.sleep(0.05)


def test_a_killed_run_frees_its_pool_slot_and_the_store(tmp_path, monkeypatch):
    home, store = tmp_path / "dagster_home", tmp_path / "store"
    home.mkdir()
    shutil.copy(REPO / "dagster.yaml", home / "dagster.yaml")  # pools of one slot, as `make` sets up
    first = _materialize(store, home)
    _wait_for(store / LEASE, first)  # the run holds its slot and the store
    first.send_signal(signal.SIGKILL)
    first.wait()
    second = _materialize(store, home)
    try:
        out, err = second.communicate(timeout=300)  # before the fix it waited for the slot forever
    finally:
        second.kill()
    assert second.returncode == 0, err[-2000:]
    assert "published version 1" in out
    assert SnapshotStore(store).current_version() == 1 and not (store / LEASE).exists()
    monkeypatch.setenv("DAGSTER_HOME", str(home))
    with dg.DagsterInstance.get() as instance:
        runs = instance.get_runs()
        statuses = sorted(run.status.value for run in runs)
        assert statuses == ["FAILURE", "SUCCESS"], statuses
        killed = next(run for run in runs if run.status == dg.DagsterRunStatus.FAILURE)
        assert killed.run_id not in instance.event_log_storage.get_concurrency_run_ids()


def test_the_daemon_sensor_fails_runs_whose_process_is_gone(tmp_path):
    from assets.runs import dead_run_sensor, process_tags

    dead = subprocess.Popen(["true"])
    dead.wait()
    alive = subprocess.Popen(["sleep", "60"])
    try:
        with dg.instance_for_test() as instance:
            for run_id, pid in (("killed", dead.pid), ("running", alive.pid)):
                run = dg.DagsterRun(
                    job_name="nightly_memory_job", run_id=run_id, status=dg.DagsterRunStatus.STARTED
                ).with_tags(process_tags(pid))
                instance.add_run(run)
            result = dead_run_sensor(dg.build_sensor_context(instance=instance))
            assert "recovered killed runs: killed" in result.skip_message
            assert instance.get_run_by_id("killed").status == dg.DagsterRunStatus.FAILURE
            assert instance.get_run_by_id("running").status == dg.DagsterRunStatus.STARTED
    finally:
        alive.kill()
        alive.wait()
