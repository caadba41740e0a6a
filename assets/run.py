"""Run the nightly job in-process with resources built from arguments (used by `memory materialize`).

The run is recorded in $DAGSTER_HOME's instance when it is set, so CLI runs show in the UI's history.
"""

import os
from dataclasses import dataclass, field
from pathlib import Path

import dagster as dg

from assets.definitions import build_resources, defs
from assets.runs import process_tags, recover_dead_runs
from assets.schedules import nightly_memory_job
from pipelines.core.config import RunSettings
from pipelines.store.lease import live_holder, locked_error
from pipelines.store.snapshots import SnapshotStore


@dataclass
class NightlyReport:
    success: bool
    store: Path
    version: int | None = None
    checks: dict[str, bool] = field(default_factory=dict)
    error: str | None = None
    user_error: bool = False  # the operator can fix it (a locked store, a bad file): exit 2, not 1

    def describe(self) -> str:
        if not self.success:
            return f"nightly run FAILED: {self.error}"
        manifest = SnapshotStore(self.store).manifest(self.version)
        rows = manifest["rows"]
        failed = [name for name, ok in self.checks.items() if not ok]
        lines = [
            f"published version {self.version} (parent {manifest['parent']}) in {self.store}",
            f"  memories: {rows['total']} rows, {rows['current']} current, {rows['superseded']} superseded; "
            f"current per kind: {rows['per_kind']}",
            f"  new input files: {len(manifest['input_files'])}, "
            f"quarantined rows this run: {manifest['quarantined_this_run']}",
            f"  asset checks: {len(self.checks) - len(failed)}/{len(self.checks)} passed"
            + (f" (failed: {failed})" if failed else ""),
        ]
        return "\n".join(lines)


def _instance() -> dg.DagsterInstance:
    home = os.environ.get("DAGSTER_HOME")
    if home and Path(home, "dagster.yaml").exists():
        return dg.DagsterInstance.get()
    return dg.DagsterInstance.ephemeral()


def _console_log_level() -> dict:
    """Step-by-step DEBUG lines stay in the UI's run log; the terminal shows warnings (MEMORY_LOG_LEVEL)."""
    return {"loggers": {"console": {"config": {"log_level": RunSettings.from_env().log_level}}}}


USER_ERRORS = ("RawLogError", "StoreLockedError")


def _failure(result: dg.ExecuteInProcessResult) -> tuple[str, bool]:
    """The first failed step's error an operator can fix (it names the file, column or holder), else its
    innermost error; and whether it is one an operator can fix."""
    for event in result.all_events:
        error = event.step_failure_data.error if event.is_step_failure else None
        if error is not None:
            while error.cause is not None and error.cls_name not in USER_ERRORS:
                error = error.cause
            return f"{event.step_key}: {error.message.strip()}", error.cls_name in USER_ERRORS
    return "an asset check failed; the previous snapshot stays current", False


def run_nightly(
    raw: Path | str, store: Path | str, extractor: str | None = None, run_as_of: str | None = None
) -> NightlyReport:
    """The nightly job on `raw` into `store`; without `extractor`, MEMORY_EXTRACTOR's (as the schedule runs)."""
    resources = build_resources(store=str(store), raw_path=str(raw), extractor=extractor, run_as_of=run_as_of)
    job = defs.resolve_job_def(nightly_memory_job.name)
    with _instance() as instance:
        recover_dead_runs(instance)  # a killed run must not keep the pool slot this run waits for
        holder = live_holder(Path(store))
        if holder is not None:
            raise locked_error(Path(store), holder)
        tags = {"memory/source": "cli", "memory/store": str(store), "memory/extractor": extractor or "env"}
        result = job.execute_in_process(
            resources=resources,
            instance=instance,
            raise_on_error=False,
            run_config=_console_log_level(),
            tags={**tags, **process_tags(os.getpid())},
        )
    checks = {e.check_name: e.passed for e in result.get_asset_check_evaluations()}
    published = result.success and all(checks.values())
    error, user_error = (None, False) if published else _failure(result)
    return NightlyReport(published, Path(store), SnapshotStore(store).current_version(), checks, error, user_error)
