"""The one Definitions object loads, and its schedule asks for one nightly run at 02:00 (no run is executed)."""

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
