"""deploy/dagster.yaml against a real PostgreSQL server: `memory materialize`'s run of the nightly job on the sample
is recorded there (run, steps, asset materializations), read back through the instance, and the snapshot published.
"""

import shutil
from pathlib import Path

import dagster as dg
import psycopg2
import pytest
from dagster._core.run_coordinator import QueuedRunCoordinator
from dagster_postgres import PostgresEventLogStorage, PostgresRunStorage, PostgresScheduleStorage

from assets.run import run_nightly
from pipelines.store.snapshots import SnapshotStore

REPO = Path(__file__).resolve().parents[2]
SAMPLE = "data/sample"
NIGHT = "2026-03-11T02:00:00+00:00"
STAGES = ["raw_messages", "memory_candidates", "resolved_memories", "decayed_memories", "memory_snapshot"]

pytestmark = pytest.mark.slow  # a PostgreSQL server and a Dagster run with the bundled e5 model


@pytest.fixture(scope="module")
def night(postgres, tmp_path_factory):
    """The deploy instance as $DAGSTER_HOME (its connection from the environment), and one nightly run through it."""
    home, store = tmp_path_factory.mktemp("deploy-home"), tmp_path_factory.mktemp("deploy") / "store"
    shutil.copy(REPO / "deploy" / "dagster.yaml", home / "dagster.yaml")
    with pytest.MonkeyPatch.context() as env:
        for name, value in postgres.environment().items():
            env.setenv(name, value)
        env.setenv("DAGSTER_HOME", str(home))
        report = run_nightly(SAMPLE, store, run_as_of=NIGHT)
        with dg.DagsterInstance.get() as instance:
            yield report, store, instance


def test_the_instance_keeps_everything_in_postgres(night):
    _, _, instance = night
    assert isinstance(instance.run_storage, PostgresRunStorage)
    assert isinstance(instance.event_log_storage, PostgresEventLogStorage)
    assert isinstance(instance.schedule_storage, PostgresScheduleStorage)
    assert isinstance(instance.run_coordinator, QueuedRunCoordinator)


def test_the_run_and_its_materializations_are_read_back(night, postgres):
    report, _, instance = night
    assert report.success and report.version == 1, report.error
    (run,) = instance.get_runs()
    assert run.job_name == "nightly_memory_job" and run.status == dg.DagsterRunStatus.SUCCESS
    for stage in STAGES:
        event = instance.get_latest_materialization_event(dg.AssetKey(stage))
        assert event is not None and event.run_id == run.run_id, stage
    snapshot = instance.get_latest_materialization_event(dg.AssetKey("memory_snapshot"))
    assert snapshot.asset_materialization.metadata["version"].value == 1
    with psycopg2.connect(postgres.url) as connection, connection.cursor() as rows:
        rows.execute("SELECT run_id, status FROM runs")
        assert rows.fetchall() == [(run.run_id, "SUCCESS")]  # in the server's tables, not a local file


def test_the_snapshot_was_published(night):
    _, store, _ = night
    snapshots = SnapshotStore(store)
    assert snapshots.current_version() == 1 and snapshots.published_at(1) is not None
    assert snapshots.manifest(1)["rows"]["current"] > 0 and snapshots.problems(1) == []
