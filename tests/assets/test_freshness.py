"""The snapshot's freshness check passes within 26 hours of the last publish and fails after, judged on a fixed
clock (the run's `run_as_of`), through the hourly check-only job the UI and the daemon run."""

from datetime import timedelta

import dagster as dg
import pytest

from assets.definitions import build_resources, defs
from pipelines.core.clock import iso_seconds
from pipelines.store.freshness import publication_freshness
from pipelines.store.snapshots import SnapshotStore
from tests.support.raw_logs import NIGHT


def test_fresh_until_26_hours_after_the_publish(store):
    published = SnapshotStore(store).pointer_published_at()
    assert published == NIGHT
    fresh = publication_freshness(store, NIGHT + timedelta(hours=25, minutes=59))
    assert fresh.passed and fresh.age_hours == 25.98
    stale = publication_freshness(store, NIGHT + timedelta(hours=26, minutes=30))
    assert not stale.passed and stale.age_hours == 26.5
    assert stale.summary.startswith(f"the last publish was 26.5 h ago ({iso_seconds(NIGHT)}), more than 26 h")


def test_a_store_that_never_published_is_not_fresh(tmp_path):
    verdict = publication_freshness(tmp_path, NIGHT)
    assert not verdict.passed and verdict.age_hours is None and "nothing published yet" in verdict.summary


@pytest.mark.slow
@pytest.mark.parametrize(("hours", "passed"), [(2, True), (27, False)])
def test_the_freshness_job_evaluates_the_check_alone(store, hours, passed):
    resources = build_resources(
        store=str(store), raw_path="data/sample", run_as_of=(NIGHT + timedelta(hours=hours)).isoformat()
    )
    with dg.instance_for_test() as instance:
        result = defs.resolve_job_def("snapshot_freshness_job").execute_in_process(
            resources=resources, instance=instance, raise_on_error=False
        )
    (evaluation,) = result.get_asset_check_evaluations()
    assert evaluation.check_name == "snapshot_published_recently" and evaluation.passed is passed
    assert evaluation.metadata["hours_since_publish"].value == hours
    assert result.get_asset_materialization_events() == []  # it reads CURRENT only: nothing is materialized
