"""Run the nightly job in this process with the resources its arguments name (used by `memory materialize`).

The run is recorded in $DAGSTER_HOME's instance when it is set, with the code location's origin and its settings
as run config, so the UI lists it under the job and "Re-execute" runs it again on the same store and raw folder.
"""

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import dagster as dg
from dagster._core.execution.api import execute_run
from dagster._core.execution.execution_result import ExecutionResult

from assets.definitions import build_resources
from assets.origin import reconstructable_nightly_job, remote_job_origin
from assets.progress import terminal_display
from assets.runs import process_tags, recover_dead_runs
from pipelines.core.config import LocationSettings, RunSettings
from pipelines.progress import SILENT, Display
from pipelines.store.lease import live_holder, locked_error
from pipelines.store.location import absolute_store, work_folder
from pipelines.store.snapshots import SnapshotStore


@dataclass
class NightlyReport:
    success: bool
    store: Path | str
    version: int | None = None
    checks: dict[str, bool] = field(default_factory=dict)
    error: str | None = None
    user_error: bool = False  # the operator can fix it (a locked store, a bad file): exit 2, not 1
    published: bool = True  # False when the run found nothing new (the current version stays)
    nothing_new: str = ""  # why nothing was published

    def describe(self) -> str:
        """The run as a few readable lines (a failure as one line)."""
        if not self.success:
            return f"nightly run failed: {self.error}"
        failed = [name for name, ok in self.checks.items() if not ok]
        checks = f"  asset checks: {len(self.checks) - len(failed)}/{len(self.checks)} passed" + (
            f" (failed: {', '.join(failed)})" if failed else ""
        )
        if not self.published:
            stays = f"version {self.version} stays current" if self.version is not None else "no version yet"
            return f"{self.nothing_new}: nothing published, {stays} in {self.store}\n{checks}"
        return "\n".join([*_version_lines(SnapshotStore(self.store), self.version), checks])


def _version_lines(store: SnapshotStore, version: int | None) -> list[str]:
    manifest = store.manifest(version)
    rows = manifest["rows"]
    parent = f"parent {manifest['parent']}" if manifest["parent"] is not None else "the first version"
    per_kind = ", ".join(f"{kind} {count}" for kind, count in rows["per_kind"].items()) or "none"
    return [
        f"published version {manifest['version']} ({parent}) in {store.uri}",
        f"  memories: {rows['total']} rows, {rows['current']} current, {rows['superseded']} superseded",
        f"  current per kind: {per_kind}",
        f"  input: {len(manifest['input_files'])} new files, {manifest['quarantined_this_run']} rows quarantined",
    ]


def _instance() -> dg.DagsterInstance:
    home = os.environ.get("DAGSTER_HOME")
    if home and Path(home, "dagster.yaml").exists():
        return dg.DagsterInstance.get()
    return dg.DagsterInstance.ephemeral()


def _console_log_level(verbose: bool) -> dict:
    """The run's log stays in the UI; the terminal shows it only when asked (MEMORY_LOG_LEVEL, default warnings
    and failures with their tracebacks): `memory` itself reports the outcome, and a failure in one line."""
    level = RunSettings.from_env().log_level if verbose else "CRITICAL"
    return {"loggers": {"console": {"config": {"log_level": level}}}}


# errors whose message names the file, column, holder or variable and what to do: exit 2, one line
USER_ERRORS = ("RawLogError", "StoreLockedError", "SettingsError", "StoreCorruptError", "SnapshotNotFoundError")


def _failure(result: ExecutionResult) -> tuple[str, bool]:
    """The first failed step's error an operator can fix (it names the file, column or holder), else its
    innermost error; and whether it is one an operator can fix."""
    for event in result.all_events:
        error = event.step_failure_data.error if event.is_step_failure else None
        if error is not None:
            while error.cause is not None and error.cls_name not in USER_ERRORS:
                error = error.cause
            if error.cls_name in USER_ERRORS:  # its message says it all: no step, no class name
                return _without_class_name(error.message, error.cls_name), True
            return f"{event.step_key}: {error.message.strip()}", False
    return "an asset check failed; the previous snapshot stays current", False


def _without_class_name(message: str, cls_name: str | None) -> str:
    """`pipelines.store.lease.StoreLockedError: /s: the store is locked ...` as `/s: the store is locked ...`."""
    return re.sub(rf"^[\w.]*{cls_name}: ", "", message.strip())


def resource_config(
    raw: Path | str, store: Path | str, extractor: str | None = None, run_as_of: str | None = None
) -> dict[str, Any]:
    """The resources the command runs with, whole, as run config: the run records them, so a re-execution from the
    UI reads the same folders with the same settings (a resource given part of its config would take the class
    defaults for the rest, not MEMORY_*). Paths are absolute: the UI's process has another working directory; keys
    stay `{"env": "MEMORY_..._API_KEY"}`, never their value."""
    resources = build_resources(absolute_store(store), str(Path(raw).resolve()), extractor, run_as_of=run_as_of)
    # pythonic config's own run-config form of a resource (EnvVar fields as {"env": name})
    return {"resources": {name: {"config": r._convert_to_config_dictionary()} for name, r in resources.items()}}


def cli_tags(store: Path | str, extractor: str | None) -> dict[str, str]:
    """Tags the Runs page filters on: where the run came from, the store it wrote, the extractor it ran."""
    kind = extractor or LocationSettings.from_env().extractor
    return {"memory/source": "cli", "memory/store": absolute_store(store), "memory/extractor": kind}


def run_nightly(
    raw: Path | str,
    store: Path | str,
    extractor: str | None = None,
    run_as_of: str | None = None,
    verbose: bool = False,
    display: Display = SILENT,
) -> NightlyReport:
    """The nightly job on `raw` into `store`; without `extractor`, MEMORY_EXTRACTOR's (as the schedule runs).
    `verbose` shows the run's log on the terminal (MEMORY_LOG_LEVEL); `display` shows the stages' progress."""
    job = reconstructable_nightly_job()
    job_def = job.get_definition()  # reads MEMORY_*: a malformed value is one line before any run is recorded
    with _instance() as instance:
        recover_dead_runs(instance)  # a killed run must not keep the pool slot this run waits for
        holder = live_holder(work_folder(store))
        if holder is not None:
            raise locked_error(work_folder(store), holder)
        # Created as `dagster job launch` creates a run (code-location origin, python origin), then executed here
        # rather than submitted: the queue would wait for a daemon that `memory materialize` does not need.
        run = instance.create_run_for_job(
            job_def=job_def,
            run_config={**resource_config(raw, store, extractor, run_as_of), **_console_log_level(verbose)},
            tags={**cli_tags(store, extractor), **process_tags(os.getpid())},
            remote_job_origin=remote_job_origin(),
            job_code_origin=job.get_python_origin(),
        )
        with terminal_display(display):
            result = execute_run(job, run, instance)
    checks = {e.check_name: e.passed for e in result.get_asset_check_evaluations()}
    success = result.success and all(checks.values())
    error, user_error = (None, False) if success else _failure(result)
    version = SnapshotStore(store).current_version()
    report = NightlyReport(success, store, version, checks, error, user_error)
    return _with_publication(report, result) if success else report


def _with_publication(report: NightlyReport, result: ExecutionResult) -> NightlyReport:
    """Whether the snapshot asset published, as its metadata says (a run with nothing new publishes nothing)."""
    metadata = result.asset_materializations_for_node("memory_snapshot")[-1].metadata
    if metadata["published"].value:
        return report
    report.published, report.nothing_new = False, str(metadata["nothing_published"].value)
    return report
