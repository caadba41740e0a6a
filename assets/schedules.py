"""The nightly job over the whole memory graph, and its 02:00 schedule."""

import dagster as dg

from pipelines.core.config import LocationSettings

nightly_memory_job = dg.define_asset_job(
    name="nightly_memory_job",
    selection=dg.AssetSelection.groups("memory"),
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
