"""`memory_day_job`: the nightly job scoped to one day's raw folder (`date=YYYY-MM-DD`), one partition per day, so
an operator backfills days or re-runs one from the UI (the job's Partitions tab).

Only the job is partitioned, never the assets (team guide): each run publishes a version from the current one plus
that day's new files, and resolution is order independent, so days loaded in any order, or twice, end as one load.
"""

import dagster as dg

from assets.schedules import nightly_memory_job
from pipelines.core.config import LocationSettings

DAYS = dg.DailyPartitionsDefinition(start_date=LocationSettings.from_env().first_day, end_offset=1)


@dg.partitioned_config(partitions_def=DAYS)
def one_day_of_raw_files(partition_key: str) -> dict:
    """A day's partition key is its folder's date (YYYY-MM-DD)."""
    return {"ops": {"raw_messages": {"config": {"day": partition_key}}}}


memory_day_job = dg.define_asset_job(
    name="memory_day_job",
    selection=nightly_memory_job.selection,
    config=one_day_of_raw_files,
    description="The nightly job over one day's raw folder (date=YYYY-MM-DD): backfill days, or re-run one.",
    executor_def=dg.in_process_executor,
)
