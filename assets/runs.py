"""Which run a step belongs to, and the recovery of runs whose process was killed.

A run's key is its root run id, so a re-execution from the UI reads the staging of the run it re-executes.
Every writer step tags its run with the host and pid that execute it; a run still marked in progress whose
process is gone (kill -9, OOM, a lost machine) is reported failed and its `memory_writer` pool slots freed,
which Dagster's run monitoring cannot do for runs of the default launcher or in-process runs.
"""

import os
import socket

import dagster as dg

from assets.resources import MemoryStoreResource
from pipelines.store.lease import process_alive, process_start_ticks
from pipelines.store.staging import StagingArea

HOST_TAG, PID_TAG, START_TAG = "memory/host", "memory/pid", "memory/pid_start"
IN_PROGRESS = [dg.DagsterRunStatus.STARTING, dg.DagsterRunStatus.STARTED, dg.DagsterRunStatus.CANCELING]


StepContext = dg.AssetExecutionContext | dg.AssetCheckExecutionContext


def run_key(context: StepContext) -> str:
    run = context.run
    return run.root_run_id or run.run_id


def staged(context: StepContext, store: MemoryStoreResource) -> StagingArea:
    """This run's hand-off files."""
    return StagingArea(store.path, run_key(context))


def process_tags(pid: int) -> dict[str, str]:
    return {HOST_TAG: socket.gethostname(), PID_TAG: str(pid), START_TAG: str(process_start_ticks(pid) or "")}


def tag_run_process(context: dg.AssetExecutionContext) -> None:
    """Record which process executes the run (this one: the job runs in process), so a later run can tell
    that it died."""
    tags = process_tags(os.getpid())
    if any(context.run.tags.get(name) != value for name, value in tags.items()):
        context.instance.add_run_tags(context.run_id, tags)


def _process_gone(run: dg.DagsterRun) -> bool:
    tags = run.tags
    if tags.get(HOST_TAG) != socket.gethostname() or not tags.get(PID_TAG, "").isdigit():
        return False  # another host's run, or one that never said: only Dagster can judge it
    start = tags.get(START_TAG, "")
    return not process_alive(int(tags[PID_TAG]), int(start) if start.isdigit() else None)


def recover_dead_runs(instance: dg.DagsterInstance) -> list[str]:
    """Fail the in-progress runs whose process is gone and free their pool slots; returns their ids."""
    recovered = []
    for run in instance.get_runs(filters=dg.RunsFilter(statuses=IN_PROGRESS)):
        if _process_gone(run):
            pid = run.tags[PID_TAG]
            instance.report_run_failed(run, f"the process running this run (pid {pid}) is gone; its slots are freed")
            instance.event_log_storage.free_concurrency_slots_for_run(run.run_id)
            recovered.append(run.run_id)
    return recovered


@dg.sensor(minimum_interval_seconds=60, default_status=dg.DefaultSensorStatus.RUNNING)
def dead_run_sensor(context: dg.SensorEvaluationContext) -> dg.SkipReason:
    """Frees the store and the pool from runs killed mid-way (the daemon evaluates it every minute)."""
    recovered = recover_dead_runs(context.instance)
    return dg.SkipReason(f"recovered killed runs: {', '.join(recovered)}" if recovered else "no killed runs")
