"""The one Definitions object loads; its schedules (running by default, as the README says) ask for one nightly run
at 02:00 and an hourly freshness check (no run is executed)."""

from datetime import UTC, datetime

import dagster as dg

from assets.definitions import defs


def test_definitions_load_and_schedule_runs_nightly():
    dg.Definitions.validate_loadable(defs)
    schedule = defs.resolve_schedule_def("nightly_memory_schedule")
    assert schedule.cron_schedule == "0 2 * * *"
    with dg.instance_for_test() as instance:
        context = dg.build_schedule_context(
            instance=instance, scheduled_execution_time=datetime(2026, 3, 11, 2, tzinfo=UTC)
        )
        data = schedule.evaluate_tick(context)
    assert len(data.run_requests) == 1


def test_schedules_run_by_default_and_the_freshness_one_asks_for_its_check_job():
    nightly = defs.resolve_schedule_def("nightly_memory_schedule")
    freshness = defs.resolve_schedule_def("snapshot_freshness_schedule")
    assert nightly.default_status == freshness.default_status == dg.DefaultScheduleStatus.RUNNING
    assert freshness.cron_schedule == "30 * * * *" and freshness.job_name == "snapshot_freshness_job"
    day_job = defs.resolve_job_def("memory_day_job")
    assert day_job.partitions_def.get_first_partition_key() == "2026-03-01"
    assert day_job.partitioned_config.get_run_config_for_partition_key("2026-03-05") == {
        "ops": {"raw_messages": {"config": {"day": "2026-03-05"}}}
    }
