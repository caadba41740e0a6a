"""The nightly job over the whole memory graph, and its 02:00 schedule."""

import dagster as dg

from assets.freshness import snapshot_published_recently
from pipelines.core.config import LocationSettings

nightly_memory_job = dg.define_asset_job(
    name="nightly_memory_job",
    # the freshness check has its own hourly job: right after a publish it says nothing, and on a first night
    # without input it would fail a run that did all it should
    selection=dg.AssetSelection.groups("memory") - dg.AssetSelection.checks(snapshot_published_recently),
    description="Validate → extract → dedup/resolve → decay → publish a new snapshot version.",
    executor_def=dg.in_process_executor,  # one process: stages share the store lock order and the model
)

nightly_schedule = dg.ScheduleDefinition(
    name="nightly_memory_schedule",
    job=nightly_memory_job,
    cron_schedule="0 2 * * *",
    execution_timezone=LocationSettings.from_env().schedule_timezone,  # a plain value: schedules take no EnvVar
    default_status=dg.DefaultScheduleStatus.RUNNING,
)
