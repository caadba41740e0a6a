"""The snapshot's freshness check and the hourly job that evaluates it on its own, so a nightly run that never
started (a stopped schedule, a dead daemon) is noticed: a check inside that run would never run either.
"""

import dagster as dg

from assets.resources import MemorySettingsResource, MemoryStoreResource
from assets.snapshot import memory_snapshot
from pipelines.store.freshness import NIGHTLY_MAX_AGE, publication_freshness


@dg.asset_check(
    asset=memory_snapshot,
    description=f"The store published within {NIGHTLY_MAX_AGE.total_seconds() / 3600:g} hours (the moment CURRENT "
    "records for its last pointer swap): the nightly run is publishing.",
)
def snapshot_published_recently(store: MemoryStoreResource, settings: MemorySettingsResource) -> dg.AssetCheckResult:
    freshness = publication_freshness(store.path, settings.now())
    metadata: dict[str, str | float] = {"summary": freshness.summary}
    if freshness.age_hours is not None:
        metadata["hours_since_publish"] = freshness.age_hours  # numeric: the UI plots it per evaluation
    return dg.AssetCheckResult(passed=freshness.passed, metadata=metadata)


snapshot_freshness_job = dg.define_asset_job(
    name="snapshot_freshness_job",
    selection=dg.AssetSelection.checks(snapshot_published_recently),
    description="Evaluates the snapshot's freshness check alone (it reads CURRENT; it writes nothing).",
)

snapshot_freshness_schedule = dg.ScheduleDefinition(
    name="snapshot_freshness_schedule",
    job=snapshot_freshness_job,
    cron_schedule="30 * * * *",  # every hour, away from the 02:00 night
    default_status=dg.DefaultScheduleStatus.RUNNING,
)
